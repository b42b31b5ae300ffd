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

from importlib.resources.abc import Traversable

from aspuzzle.explain import rules as _rules
from aspuzzle.explain.rules import RuleInfo
from aspuzzle.kit.rulefile import catalogue
from aspuzzle.puzzles.base import lp_file

__all__ = ["BOARD", "CATALOGUE", "VOCABULARY", "RuleInfo", "by_name", "rule_files"]

IDS = ("finish_with_grass", "surround_tent_with_grass", "empty_field", "tree_for_tent",
       "tent_for_tree", "last_camping_spot", "finish_with_tents", "only_placement",
       "corner_of_two_spots", "all_placements_agree", "touched_by_every_placement",
       "too_many_tents", "too_few_tents", "touching_tents", "no_tent_for_tree",
       "no_tree_for_tent", "no_room_for_tents", "tent_or_grass", "links_from_tree",
       "links_from_tent", "fill_in_row")
"""The rule files in order of preference: an explanation uses the first direct rule that
applies. Each file's ``%!`` header says the rule's name, kind, sheet, summary and the sentence
of its steps (:mod:`aspuzzle.kit.rulefile`); a case rule's file has no program."""

CATALOGUE: tuple[RuleInfo, ...] = catalogue(__name__, IDS)

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
