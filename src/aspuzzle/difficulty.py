"""Difficulty tiers: the weakest kind of reasoning that explains a puzzle (as in Tatham's
collection, where a puzzle's level is the weakest set of deductions that solves it).

The tiers, easiest first, kept in this one place for the explainer and the generators:

* ``direct``: direct rules only (each step follows from the board by one named rule);
* ``case``: at least one case split whose branches need only direct rules;
* ``nested``: a case split inside a branch of another case split.

A rule's own tier is listed in :data:`RULE_TIERS` (per puzzle type); the tier of an explanation
is the deepest case split nesting among its steps (:func:`tier_of`).
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import Any

__all__ = ["RULE_TIERS", "Tier", "rate", "rule_tier", "rule_tiers", "tier_of"]


class Tier(StrEnum):
    DIRECT = "direct"
    CASE = "case"
    NESTED = "nested"

    @property
    def rank(self) -> int:
        return _ORDER.index(self)

    @property
    def max_depth(self) -> int:
        """How deeply case splits may nest at this tier."""
        return self.rank

    @classmethod
    def from_depth(cls, depth: int) -> Tier:
        return _ORDER[min(depth, len(_ORDER) - 1)]


_ORDER = (Tier.DIRECT, Tier.CASE, Tier.NESTED)

# The rules of each puzzle type by tier. Contradiction rules close branches and are available
# at every tier; they are listed under "direct". Tents here; the other types' tiers live next to
# their catalogues and join this table through rule_tiers().
RULE_TIERS: dict[str, dict[str, Tier]] = {
    "tents": {
        "finish_with_grass": Tier.DIRECT,
        "finish_with_tents": Tier.DIRECT,
        "surround_tent_with_grass": Tier.DIRECT,
        "empty_field": Tier.DIRECT,
        "last_camping_spot": Tier.DIRECT,
        "tent_for_tree": Tier.DIRECT,
        "tree_for_tent": Tier.DIRECT,
        "only_placement": Tier.DIRECT,
        "too_many_tents": Tier.DIRECT,
        "too_few_tents": Tier.DIRECT,
        "touching_tents": Tier.DIRECT,
        "no_tent_for_tree": Tier.DIRECT,
        "no_tree_for_tent": Tier.DIRECT,
        "no_room_for_tents": Tier.DIRECT,
        "tent_or_grass": Tier.CASE,
        "links_from_tree": Tier.CASE,
        "links_from_tent": Tier.CASE,
        "fill_in_row": Tier.CASE,
    },
}


_TYPE_TIERS = {"futoshiki": "aspuzzle.puzzles.futoshiki.rules",
               "hitori": "aspuzzle.puzzles.hitori.rules",
               "logicgrid": "aspuzzle.puzzles.logicgrid.rules"}
"""Where the other types keep their rules' tiers (``TIERS``, next to their catalogues), read
into :data:`RULE_TIERS` when first asked for."""


def rule_tiers(type_name: str) -> dict[str, Tier]:
    """The tier of every rule of a puzzle type (empty for a type without rules)."""
    if type_name not in RULE_TIERS and type_name in _TYPE_TIERS:
        import importlib

        try:
            module = importlib.import_module(_TYPE_TIERS[type_name])
        except ImportError:  # the type's rules are not there (yet)
            return {}
        RULE_TIERS[type_name] = dict(module.TIERS)
    return RULE_TIERS.get(type_name, {})


def rule_tier(type_name: str, rule: Any) -> Tier:
    """The tier of one rule (an object with ``id`` and ``kind``): as listed for its type
    (:func:`rule_tiers`), else ``case`` for a case rule and ``direct`` for any other."""
    listed = rule_tiers(type_name).get(rule.id)
    if listed is not None:
        return listed
    return Tier.CASE if str(rule.kind) == "case" else Tier.DIRECT


def tier_of(steps: Iterable[Any]) -> Tier:
    """The tier of a list of explanation steps (objects with a ``depth``: nesting of splits)."""
    return Tier.from_depth(max((int(s.depth) for s in steps), default=0))


def rate(loaded: Any) -> Tier | None:
    """The tier needed to explain a loaded puzzle completely; ``None`` if no tier suffices
    (the explanation gets stuck, or the puzzle has no unique solution)."""
    from aspuzzle.explain import explain

    result = explain(loaded)
    return Tier(result.tier) if result.solved else None
