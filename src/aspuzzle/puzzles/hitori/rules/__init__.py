"""The Hitori reasoning rules, one ``.lp`` file per direct or contradiction rule.

``board.lp`` holds the board (the marks as externals) and the vocabulary every rule uses. The
names are those of the deductions in Simon Tatham's ``singles`` solver (``singles.c``), which
takes them from the solving methods of menneske.no, each with its two-letter code: SB, SC,
ST, SP, PI, QC, TC, DC, CC/CE/QM, IP, MC and "sneaky"; Conceptis' Hitori techniques page
names the first ones too ("adjacent triplets", "square between a pair", "pair induction").

Contradiction rules close the branches of case splits and show a player's mistakes; the case
rule only enumerates branches (see :mod:`aspuzzle.puzzles.hitori.reasoning`). Each file's
``%!`` header says the rule's name, kind, source and summary (:mod:`aspuzzle.kit.rulefile`);
``stage: late`` marks :data:`LATE`.
"""

from __future__ import annotations

from aspuzzle.difficulty import Tier
from aspuzzle.explain.rules import RuleInfo
from aspuzzle.explain.steps import Kind
from aspuzzle.kit.rulefile import catalogue, late
from aspuzzle.puzzles.base import lp_file

__all__ = ["BOARD", "CATALOGUE", "LATE", "REPROOF", "TIERS"]

IDS = ("unique_number", "triplet", "sandwich", "pair_induction", "quad_corner", "triple_corner",
       "double_corner", "offset_pair", "next_to_shaded", "shade_copies", "one_way_out",
       "no_isolation", "closed_ring", "touching_shaded", "repeated_number", "cut_off",
       "shaded_or_unshaded")
"""The rule files in order of preference (an explanation takes the first direct rule that
applies): the patterns of the numbers alone, as solvers scan for them first ("starting
techniques"), then the rules that follow the shaded and unshaded cells; the contradiction
rules; the case rule."""

CATALOGUE: tuple[RuleInfo, ...] = catalogue(__name__, IDS)

TIERS: dict[str, Tier] = {r.id: Tier.CASE if r.kind is Kind.CASE else Tier.DIRECT
                          for r in CATALOGUE}
"""Each rule's difficulty tier (see :mod:`aspuzzle.difficulty`): contradiction rules are
``direct``, the case rule ``case``."""

LATE = late(__name__, IDS)
"""The last direct rules in order of preference, grounded as a program of their own and
evaluated only when the others set nothing new (or when asked for by name): an explanation
takes the first rule that applies, and most steps are taken before these two are needed.
They follow the areas of unshaded cells, which makes them the costliest to evaluate."""

BOARD = lp_file(__name__, "board.lp")
REPROOF = lp_file(__name__, "reproof.lp")
"""Grounded with the game's encoding: re-proves all the claims of a step in one solve."""
