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

Each kind of clue of the logic-grid language and of ZebraLogic text has its own rule. The
*grid* rules (bijectivity, last possibility, transitivity) are applied to the whole grid in one
step each, as a solver fills in the X's and O's: their steps say every instance they use.
"""

from __future__ import annotations

from aspuzzle.difficulty import Tier
from aspuzzle.explain.rules import RuleInfo
from aspuzzle.explain.steps import Kind
from aspuzzle.puzzles.base import lp_file

__all__ = ["BOARD", "BULK", "CATALOGUE", "HEAVY", "PAIRS", "TIERS", "TRIPLES"]

_D, _C, _X = Kind.DIRECT, Kind.CASE, Kind.CONTRADICTION
_P = __name__
_ZT = "ZebraTutor"
_LP = "logic-puzzles.org"

BOARD = lp_file(_P, "board.lp")
TRIPLES = lp_file(_P, "triples.lp")
"""The vocabulary of the rules over triples of values (grounded with them only)."""
PAIRS = lp_file(_P, "pairs.lp")
"""Loaded with the game's encoding: one atom per cell of the grid, and the claims of a step
under re-proof."""

# In order of preference: an explanation uses the first direct rule that applies.
CATALOGUE: tuple[RuleInfo, ...] = (
    RuleInfo("clue_same", "Clue: is", _D, f"{_ZT}: clue; {_LP}: true/false clues",
             "a clue says X is Y: the cell of X and Y is true", _P),
    RuleInfo("clue_not_same", "Clue: is not", _D, f"{_ZT}: clue; {_LP}: true/false clues",
             "a clue says X is not Y: the cell of X and Y is false", _P),
    RuleInfo("bijectivity", "Bijectivity", _D, f"{_ZT}: bijectivity",
             "a true cell rules out the rest of its row and its column in its sub-grid", _P),
    RuleInfo("last_possibility", "Last possibility", _D, f"{_ZT}: bijectivity",
             "the one cell of a row or column of a sub-grid that is not ruled out is true", _P),
    RuleInfo("clue_before", "Clue: somewhere before", _D,
             f"{_ZT}: clue; {_LP}: greater/lesser than clues",
             "X is somewhere before (left of) Y: they differ, X stands only where Y has a place "
             "after it and Y only where X has a place before it", _P),
    RuleInfo("clue_before_by", "Clue: directly before", _D,
             f"{_ZT}: clue; {_LP}: greater/lesser than clues",
             "X is directly (or exactly n places) before Y: they differ, and each stands only "
             "where the other has the matching place", _P),
    RuleInfo("clue_apart", "Clue: apart", _D, f"{_ZT}: clue",
             "X and Y are next to each other (or n places apart, either way): they differ, and "
             "each stands only n places from a place of the other", _P),
    RuleInfo("clue_one_of", "Clue: one of", _D, f"{_ZT}: clue; {_LP}: either/or clues",
             "X is one of A, B, ... (at least one): when every option but one is ruled out, X "
             "is that one", _P),
    RuleInfo("clue_either_or", "Clue: either-or", _D, f"{_ZT}: clue; {_LP}: either/or clues",
             "X is either A or B (exactly one): the last option left holds, once one holds the "
             "others do not, and two options are not each other", _P),
    RuleInfo("transitivity", "Transitivity", _D, f"{_ZT}: transitivity constraint",
             "A is B: A has B's marks with every third category (B is C gives A is C; B is not "
             "C gives A is not C)", _P),
    RuleInfo("cross_elimination", "Cross elimination", _D, f"{_LP}: cross eliminations",
             "X and Y have no possible value of a third category in common: X is not Y", _P),
    RuleInfo("clue_raw_asp", "Clue: raw ASP", _D, "the solver (clingo)",
             "the puzzle's raw ASP, with the grid's one-to-one rule and the board, forces a "
             "cell (proven by the solver; only for puzzles with raw ASP, when no other rule "
             "applies)"),
    RuleInfo("no_match", "No match left", _X, f"{_ZT}: bijectivity",
             "every cell of a row or column of a sub-grid is ruled out", _P),
    RuleInfo("two_matches", "Two matches", _X, f"{_ZT}: bijectivity",
             "a row or column of a sub-grid has two true cells", _P),
    RuleInfo("clue_broken", "Clue broken", _X, f"{_ZT}: clue",
             "the board breaks a clue", _P),
    RuleInfo("transitivity_broken", "Transitivity broken", _X,
             f"{_ZT}: transitivity constraint", "A is B and B is C, but A is not C", _P),
    RuleInfo("raw_asp_broken", "Clue broken: raw ASP", _X, "the solver (clingo)",
             "the puzzle's raw ASP has no answer with the board (proven by the solver)"),
    RuleInfo("where_case", "Case: where a value goes", _C, f"{_LP}: trial and error",
             "split on the values of another category still possible for one value: one case "
             "each", _P),
)

BULK = frozenset({"bijectivity", "last_possibility", "transitivity", "cross_elimination"})
"""Grid rules applied to the whole grid in one step (every instance at once)."""

HEAVY = frozenset({"transitivity", "transitivity_broken", "cross_elimination"})
"""Rules over triples of values (their ground programs are an order of magnitude larger than
the others'): evaluated only when the other direct rules give nothing, or the board is
impossible (a contradiction must then be found)."""

TIERS: dict[str, Tier] = {r.id: Tier.CASE if r.kind is Kind.CASE else Tier.DIRECT
                          for r in CATALOGUE}
"""Each rule's tier, for :func:`aspuzzle.difficulty.rule_tiers` (contradiction rules are
direct; the case split is ``case``)."""
