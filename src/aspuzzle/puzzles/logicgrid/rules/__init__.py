"""The logic-grid reasoning rules, one ``.lp`` file per rule.

``board.lp`` computes the vocabulary every rule uses (true, false and unknown cells, the
possible values of each row of a sub-grid, the places left on an ordered category for the
values that ordering clues mention) from the board, given as externals. Direct and
contradiction rules are ASP programs; the case rule only enumerates branches and the two raw-ASP
rules are proven by the solver (see :mod:`aspuzzle.puzzles.logicgrid.reasoning`).

Names and sources:

* **ZebraTutor** (Claes, Bogaerts, Canoy, Gamba, Guns: "ZebraTutor: Explaining How to Solve
  Logic Grid Puzzles", BNAIC 2019; Bogaerts, Gamba, Guns: "A framework for step-wise explaining
  how to solve constraint satisfaction problems", AIJ 2021; the OCUS papers, KU Leuven / VUB):
  every step uses *bijectivity* (each value matches exactly one value of each other category),
  the *transitivity constraint* (A = B and B = C gives A = C; A = B and B != C gives A != C),
  or one *clue* of the puzzle;
* **logic-puzzles.org**'s solving guide (and the puzzle magazines' habit): true/false clues,
  either/or clues, greater/lesser-than (ordering) clues, "cross eliminations", and trial and
  error when nothing else is left.

Each file's ``%!`` header says the rule's name, kind, source, summary and the sentence of
its steps (:mod:`aspuzzle.kit.rulefile`). Each kind of clue of the logic-grid language and of
ZebraLogic text has its own rule. The *grid* rules (bijectivity, last possibility,
transitivity) are applied to the whole grid in one
step each, as a solver fills in the X's and O's: their steps say every instance they use.
"""

from __future__ import annotations

from aspuzzle.difficulty import Tier
from aspuzzle.explain.rules import RuleInfo
from aspuzzle.explain.steps import Kind
from aspuzzle.kit.rulefile import catalogue, late
from aspuzzle.puzzles.base import lp_file

__all__ = ["BOARD", "BULK", "CATALOGUE", "HEAVY", "PAIRS", "TIERS", "TRIPLES"]

BOARD = lp_file(__name__, "board.lp")
TRIPLES = lp_file(__name__, "triples.lp")
"""The vocabulary of the rules over triples of values (grounded with them only)."""
PAIRS = lp_file(__name__, "pairs.lp")
"""Loaded with the game's encoding: one atom per cell of the grid, and the claims of a step
under re-proof."""

_FIRST = ("clue_same", "clue_not_same", "bijectivity", "last_possibility", "clue_before",
          "clue_before_by", "clue_apart", "clue_one_of", "clue_either_or", "transitivity",
          "cross_elimination")
_BROKEN = ("no_match", "two_matches", "clue_broken", "transitivity_broken")
_SOLVER = "the solver (clingo)"

CATALOGUE: tuple[RuleInfo, ...] = (
    *catalogue(__name__, _FIRST),
    RuleInfo("clue_raw_asp", "Clue: raw ASP", Kind.DIRECT, _SOLVER,
             "the puzzle's raw ASP, with the grid's one-to-one rule and the board, forces a "
             "cell (proven by the solver; only for puzzles with raw ASP, when no other rule "
             "applies)",
             says="the puzzle's raw ASP ({lines}), with one value of every category per entity "
                  "and the marks on the board, forces: {so} (proven by the solver)"),
    *catalogue(__name__, _BROKEN),
    RuleInfo("raw_asp_broken", "Clue broken: raw ASP", Kind.CONTRADICTION, _SOLVER,
             "the puzzle's raw ASP has no answer with the board (proven by the solver)",
             says="the puzzle's raw ASP ({lines}) has no answer with the marks on the board "
                  "(proven by the solver)"),
    *catalogue(__name__, ("where_case",)),
)
"""The rules in order of preference (an explanation uses the first direct rule that applies),
each read from its file's ``%!`` header but the two raw-ASP rules, which have no program: the
solver proves them on the puzzle's raw ASP."""

BULK = frozenset({"bijectivity", "last_possibility", "transitivity", "cross_elimination"})
"""Grid rules applied to the whole grid in one step (every instance at once)."""

HEAVY = late(__name__, _FIRST + _BROKEN)
"""Rules over triples of values (``stage: late``; their ground programs are an order of
magnitude larger than the others'): evaluated only when the other direct rules give nothing,
or the board is impossible (a contradiction must then be found)."""

TIERS: dict[str, Tier] = {r.id: Tier.CASE if r.kind is Kind.CASE else Tier.DIRECT
                          for r in CATALOGUE}
"""Each rule's tier, for :func:`aspuzzle.difficulty.rule_tiers` (contradiction rules are
direct; the case split is ``case``)."""
