"""The Hitori reasoning rules, one ``.lp`` file per direct or contradiction rule.

``board.lp`` holds the board (the marks as externals) and the vocabulary every rule uses. The
names are those of the deductions in Simon Tatham's ``singles`` solver (``singles.c``), which
takes them from the solving methods of menneske.no, each with its two-letter code: SB, SC,
ST, SP, PI, QC, TC, DC, CC/CE/QM, IP, MC and "sneaky"; Conceptis' Hitori techniques page
names the first ones too ("adjacent triplets", "square between a pair", "pair induction").

Contradiction rules close the branches of case splits and show a player's mistakes; the case
rule only enumerates branches (see :mod:`aspuzzle.puzzles.hitori.reasoning`).
"""

from __future__ import annotations

from dataclasses import replace

from aspuzzle.difficulty import Tier
from aspuzzle.explain.rules import RuleInfo
from aspuzzle.explain.steps import Kind
from aspuzzle.puzzles.base import lp_file

__all__ = ["BOARD", "CATALOGUE", "LATE", "REPROOF", "TIERS"]

_D, _C, _X = Kind.DIRECT, Kind.CASE, Kind.CONTRADICTION
_T = "Tatham singles "

# In order of preference: an explanation takes the first direct rule that applies.
_RULES: tuple[RuleInfo, ...] = (
    # patterns of the numbers alone, as solvers scan for them first ("starting techniques")
    RuleInfo("unique_number", "Unique Number", _D, _T + "sneaky",
             "numbers that appear nowhere else in their row and column are unshaded"),
    RuleInfo("triplet", "Adjacent Triplet", _D, _T + "ST; Conceptis",
             "of three equal numbers side by side, the middle one is unshaded and the outer "
             "two shaded"),
    RuleInfo("sandwich", "Sandwich", _D, _T + "SP; Conceptis 'square between a pair'",
             "a cell between two equal numbers is unshaded"),
    RuleInfo("pair_induction", "Pair Induction", _D, _T + "PI; Conceptis",
             "two equal numbers side by side: every other copy in their line is shaded"),
    RuleInfo("quad_corner", "Quad Corner", _D, _T + "QC",
             "two pairs of equal numbers in a corner's 2x2 block: the corner and the inner "
             "cell are shaded"),
    RuleInfo("triple_corner", "Triple Corner", _D, _T + "TC",
             "an L of three equal numbers in a corner's 2x2 block: its apex is shaded, its "
             "ends unshaded"),
    RuleInfo("double_corner", "Double Corner", _D, _T + "DC",
             "two equal numbers side by side in a corner's 2x2 block make the corner cell's "
             "other neighbour unshaded"),
    RuleInfo("offset_pair", "Offset Pair", _D, _T + "IP",
             "two pairs of equal numbers in neighbouring lines, one pair offset by a cell: "
             "the cells next to both far ends are unshaded"),
    # rules that follow the shaded and unshaded cells
    RuleInfo("next_to_shaded", "Next to Shaded", _D, _T + "SB",
             "a cell next to a shaded cell is unshaded"),
    RuleInfo("shade_copies", "Shade the Copies", _D, _T + "SC",
             "the other copies of an unshaded cell's number in its row and column are shaded"),
    RuleInfo("one_way_out", "One Way Out", _D, _T + "CC/CE/QM",
             "an unshaded cell with a single neighbour that is not shaded: that one is "
             "unshaded"),
    RuleInfo("no_isolation", "No Isolation", _D, _T + "MC",
             "a cell whose shading would close a wall of shaded cells across the grid is "
             "unshaded"),
    RuleInfo("touching_shaded", "Touching Shaded Cells", _X, "rule 2 of the game",
             "two shaded cells touch"),
    RuleInfo("repeated_number", "Repeated Number", _X, "rule 1 of the game",
             "a number is unshaded twice in a row or column"),
    RuleInfo("cut_off", "Cut-off Area", _X, "rule 3 of the game",
             "the cells that are not shaded fall apart into separate areas"),
    RuleInfo("shaded_or_unshaded", "Shaded or Unshaded", _C, _T + "CnC (to do in singles.c)",
             "a cell is shaded or unshaded: if one case leads to a contradiction, the other "
             "holds"),
)

CATALOGUE: tuple[RuleInfo, ...] = tuple(replace(r, package=__name__) for r in _RULES)

TIERS: dict[str, Tier] = {r.id: Tier.CASE if r.kind is Kind.CASE else Tier.DIRECT
                          for r in CATALOGUE}
"""Each rule's difficulty tier (see :mod:`aspuzzle.difficulty`): contradiction rules are
``direct``, the case rule ``case``."""

LATE = frozenset({"one_way_out", "no_isolation"})
"""The last direct rules in order of preference, grounded as a program of their own and
evaluated only when the others set nothing new (or when asked for by name): an explanation
takes the first rule that applies, and most steps are taken before these two are needed.
They follow the areas of unshaded cells, which makes them the costliest to evaluate."""

BOARD = lp_file(__name__, "board.lp")
REPROOF = lp_file(__name__, "reproof.lp")
"""Grounded with the game's encoding: re-proves all the claims of a step in one solve."""
