"""LEGUP's Tree Tent rules, by the identifiers and names LEGUP writes in a proof file, and the
aspuzzle rule each one is judged by.

A transition of a saved LEGUP proof names its rule twice, ``rule="Finish with Grass"`` and
``rule_id="TREE-BASC-0002"``; LEGUP loads the rule by its identifier. The identifiers and names
below are those of LEGUP's Tree Tent rule classes. The rule sheet's 5.g (one way left to place a
line's tents) has no LEGUP rule: it is written as LEGUP's "Fill In row" case rule with its one
case. Its 5.h (a line needs more tents than fit without touching) has none either, and no LEGUP
rule can stand in for it; it is written with an aspuzzle identifier (LEGUP does not know it).
"""

from __future__ import annotations

from dataclasses import dataclass

from aspuzzle.explain.rules import norm
from aspuzzle.explain.steps import Kind

__all__ = ["LEGUP_RULES", "LegupRule", "find", "for_ours"]


@dataclass(frozen=True)
class LegupRule:
    id: str
    """LEGUP's identifier, e.g. ``TREE-BASC-0002``."""
    name: str
    """The name LEGUP writes, e.g. "Finish with Grass"."""
    ours: str
    """The aspuzzle rule (``aspuzzle.puzzles.tents.rules``) that judges it."""
    kind: Kind
    legup: bool = True
    """False for a rule LEGUP does not have (written with an aspuzzle identifier)."""


_D, _C, _X = Kind.DIRECT, Kind.CASE, Kind.CONTRADICTION

LEGUP_RULES: tuple[LegupRule, ...] = (
    LegupRule("TREE-BASC-0001", "Empty Field", "empty_field", _D),
    LegupRule("TREE-BASC-0002", "Finish with Grass", "finish_with_grass", _D),
    LegupRule("TREE-BASC-0003", "Finish with Tents", "finish_with_tents", _D),
    LegupRule("TREE-BASC-0004", "Last Camping Spot", "last_camping_spot", _D),
    LegupRule("TREE-BASC-0005", "Surround Tent with Grass", "surround_tent_with_grass", _D),
    LegupRule("TREE-BASC-0006", "Tent for Tree", "tent_for_tree", _D),
    LegupRule("TREE-BASC-0007", "Tree for Tent", "tree_for_tent", _D),
    LegupRule("TREE-CONT-0001", "No Tent For Tree", "no_tent_for_tree", _X),
    LegupRule("TREE-CONT-0002", "No Tree For Tent", "no_tree_for_tent", _X),
    LegupRule("TREE-CONT-0003", "Too Few Tents", "too_few_tents", _X),
    LegupRule("TREE-CONT-0004", "Too Many Tents", "too_many_tents", _X),
    LegupRule("TREE-CONT-0005", "Touching Tents", "touching_tents", _X),
    LegupRule("TREE-CASE-0001", "Fill In row", "fill_in_row", _C),
    LegupRule("TREE-CASE-0002", "Links from tent", "links_from_tent", _C),
    LegupRule("TREE-CASE-0003", "Links from tree", "links_from_tree", _C),
    LegupRule("TREE-CASE-0004", "Tent or Grass", "tent_or_grass", _C),
    LegupRule("ASPUZZLE-TREE-CONT-5H", "No Room for Tents", "no_room_for_tents", _X,
              legup=False),
)

_BY_ID = {r.id.upper(): r for r in LEGUP_RULES}
_BY_OURS = {r.ours: r for r in LEGUP_RULES}


def find(rule_id: str, name: str = "") -> LegupRule | None:
    """The rule a transition names: by LEGUP identifier first (as LEGUP loads it), else by its
    name, LEGUP's or aspuzzle's, in any case ("Fill In row", "fill_in_row")."""
    if rule_id.strip():
        return _BY_ID.get(rule_id.strip().upper())
    key = norm(name)
    if not key:
        return None
    for r in LEGUP_RULES:
        if key in (norm(r.name), norm(r.ours)):
            return r
    return None


def for_ours(rule_id: str) -> LegupRule | None:
    """The LEGUP rule written for an aspuzzle rule (None for Only Placement: a case)."""
    return _BY_OURS.get(rule_id)
