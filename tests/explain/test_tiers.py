"""Every rule of every type has its tier in aspuzzle.difficulty: case rules ``case``, direct and
contradiction rules ``direct``."""

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
        assert rule_tier(name, r) is (Tier.CASE if r.kind is Kind.CASE else Tier.DIRECT)
