"""Every rule of every type has its tier in aspuzzle.difficulty: case rules ``case``, direct and
contradiction rules ``direct``, unless the rule's file says another (``%! tier:``)."""

from __future__ import annotations

import pytest

from aspuzzle.difficulty import Tier, rule_tier, rule_tiers
from aspuzzle.errors import UsageError
from aspuzzle.explain import Kind
from aspuzzle.puzzles import REGISTRY


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_every_rule_has_its_tier(name: str) -> None:
    try:
        catalogue = REGISTRY[name].reasoning().catalogue
    except UsageError:
        pytest.skip(f"{name} has no reasoning rules yet")
    tiers = rule_tiers(name)
    assert {r.id for r in catalogue} == set(tiers)
    for r in catalogue:
        by_kind = Tier.CASE if r.kind is Kind.CASE else Tier.DIRECT
        assert rule_tier(name, r) is (Tier.parse(r.tier) if r.tier else by_kind)


def test_a_rule_of_a_higher_tier_is_listed_so() -> None:
    """Skyscrapers' Clue Arrangements is a direct rule (no split) of tier ``case``."""
    assert rule_tiers("skyscrapers")["clue_arrangements"] is Tier.CASE
