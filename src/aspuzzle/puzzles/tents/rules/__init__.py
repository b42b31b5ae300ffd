"""The Tree Tent reasoning rules of LEGUP, one ``.lp`` file per rule.

``board.lp`` computes the vocabulary every rule uses (unknown cells, k_j, u_j, links) from the
board, given as externals; ``places.lp`` (the possible places of each tree's tent, the possible
trees of each tent) and ``room.lp`` (the room left in a line) what some rules use
(:data:`VOCABULARY`); ``show.lp`` names what the rules report. Direct and contradiction rules
are ASP programs; case rules only enumerate branches (see
:mod:`aspuzzle.puzzles.tents.reasoning`), and each branch is then followed with the direct rules
and closed by a contradiction rule.

The catalogue keeps LEGUP's names and the numbering of the LEGUP rule sheet for Tree Tent.
"""

from __future__ import annotations

from dataclasses import replace
from importlib.resources.abc import Traversable

from aspuzzle.explain import rules as _rules
from aspuzzle.explain.rules import RuleInfo
from aspuzzle.explain.steps import Kind
from aspuzzle.puzzles.base import lp_file

__all__ = ["BOARD", "CATALOGUE", "VOCABULARY", "RuleInfo", "by_name", "rule_files"]

_D, _C, _X = Kind.DIRECT, Kind.CASE, Kind.CONTRADICTION

# In order of preference: an explanation uses the first direct rule that applies.
_LEGUP: tuple[RuleInfo, ...] = (
    RuleInfo("finish_with_grass", "Finish with Grass", _D, "5.a.i",
             "a line with all its tents has grass on its other unknown cells"),
    RuleInfo("surround_tent_with_grass", "Surround Tent with Grass", _D, "5.b",
             "an unknown cell that adjoins a tent is grass"),
    RuleInfo("empty_field", "Empty Field", _D, "5.d",
             "an unknown cell next to no unlinked tree is grass"),
    RuleInfo("tree_for_tent", "Tree for Tent", _D, "2.d",
             "an unlinked tent next to only one unlinked tree is linked to it"),
    RuleInfo("tent_for_tree", "Tent for Tree", _D, "5.c",
             "an unlinked tree whose only possible tent is a placed, unlinked tent is linked "
             "to it"),
    RuleInfo("last_camping_spot", "Last Camping Spot", _D, "5.c",
             "an unlinked tree with one possible place for its tent gets a tent there, linked"),
    RuleInfo("finish_with_tents", "Finish with Tents", _D, "5.a.ii",
             "a line with as many unknown cells as missing tents has tents on all of them"),
    RuleInfo("only_placement", "Only Placement", _D, "5.g",
             "a line whose missing tents fit in only one way without touching gets them"),
    RuleInfo("corner_of_two_spots", "Corner of Two Spots", _D, "Tatham tents.c",
             "an unlinked tree with two places left, at a corner of each other: the cell "
             "diagonal to the tree next to both is grass"),
    RuleInfo("all_placements_agree", "All Placements Agree", _D, "5.f, 5.g",
             "a cell that every placement of a line's missing tents without touching makes a "
             "tent is a tent, one that none does is grass"),
    RuleInfo("touched_by_every_placement", "Touched by Every Placement", _D, "5.f",
             "a cell next to a line that every placement of the line's missing tents touches "
             "is grass"),
    RuleInfo("too_many_tents", "Too Many Tents", _X, "3.b.i",
             "a line has more tents than its clue"),
    RuleInfo("too_few_tents", "Too Few Tents", _X, "3.b.ii, 5.e",
             "a line cannot reach its clue even with tents on all its unknown cells"),
    RuleInfo("touching_tents", "Touching Tents", _X, "3.c.i",
             "two tents adjoin"),
    RuleInfo("no_tent_for_tree", "No Tent for Tree", _X, "3.d.i",
             "an unlinked tree has no place left for its tent"),
    RuleInfo("no_tree_for_tent", "No Tree for Tent", _X, "3.d.ii",
             "a tent has no unlinked tree next to it"),
    RuleInfo("no_room_for_tents", "No Room for Tents", _X, "5.h",
             "a line needs more tents than fit on its unknown cells without touching"),
    RuleInfo("tent_or_grass", "Tent or Grass", _C, "4.a",
             "an unknown cell is a tent or grass"),
    RuleInfo("links_from_tree", "Links from Tree", _C, "4.c",
             "an unlinked tree links to one of its possible tents"),
    RuleInfo("links_from_tent", "Links from Tent", _C, "4.d",
             "an unlinked tent links to one of the unlinked trees next to it"),
    RuleInfo("fill_in_row", "Fill In Row", _C, "4.b, 5.f",
             "the missing tents of a line go in one of the ways they fit without touching"),
)

CATALOGUE: tuple[RuleInfo, ...] = tuple(replace(r, package=__name__) for r in _LEGUP)

BOARD = lp_file(__name__, "board.lp")
SHOW = lp_file(__name__, "show.lp")

VOCABULARY: dict[str, tuple[str, ...]] = {
    "tree_for_tent": ("places",),
    "tent_for_tree": ("places",),
    "last_camping_spot": ("places",),
    "only_placement": ("room",),
    "corner_of_two_spots": ("places",),
    "all_placements_agree": ("room", "placements"),
    "touched_by_every_placement": ("room", "placements"),
    "no_tent_for_tree": ("places",),
    "no_tree_for_tent": ("places",),
    "no_room_for_tents": ("room",),
}
"""The vocabulary files (beyond board.lp) each rule reads, as its header's Input says: a
program of some rules grounds only these (a solve costs in proportion to what is grounded)."""


def by_name(name: str) -> RuleInfo | None:
    """A rule by its LEGUP name or identifier, in any case ("Finish with Grass",
    "finish_with_grass", "finish-with-grass")."""
    return _rules.by_name(CATALOGUE, name)


def rule_files(rules: tuple[RuleInfo, ...] = CATALOGUE) -> tuple[Traversable, ...]:
    """board.lp, show.lp, the vocabulary the given rules read and their ASP programs."""
    vocabulary = dict.fromkeys(v for r in rules for v in VOCABULARY.get(r.id, ()))
    return (BOARD, SHOW, *(lp_file(__name__, f"{v}.lp") for v in vocabulary),
            *_rules.rule_files(rules))
