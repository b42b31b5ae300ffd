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


_GROUPS = ("BASC", "CONT", "CASE")
"""LEGUP's rule classes: basic (direct) rules, contradiction rules, case rules."""


def _legup_rules() -> tuple[LegupRule, ...]:
    """The rules whose file names a LEGUP rule (``%! legup: ID Name``), LEGUP's basic rules
    first, then its contradiction and case rules, each class by identifier; then No Room for
    Tents, which LEGUP does not have."""
    from aspuzzle.puzzles.tents.rules import CATALOGUE

    found = []
    for r in CATALOGUE:
        rid, _, name = r.legup_ref.partition(" ")
        if rid:
            found.append(LegupRule(rid, name.strip(), r.id, r.kind))
    found.sort(key=lambda lr: (_GROUPS.index(lr.id.split("-")[1]), lr.id))
    return (*found, LegupRule("ASPUZZLE-TREE-CONT-5H", "No Room for Tents", "no_room_for_tents",
                              Kind.CONTRADICTION, legup=False))


LEGUP_RULES: tuple[LegupRule, ...] = _legup_rules()

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
