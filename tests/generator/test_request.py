"""A library user's request (``aspuzzle.generate``, ``make_request``): a size may be given as
the command line writes it, as a number or as a pair; anything else is a UsageError, never a
crash inside a generator."""

from __future__ import annotations

from typing import Any

import pytest

import aspuzzle
from aspuzzle.generator import make_request


@pytest.mark.parametrize(("type_", "sizes"), [
    ("futoshiki", ["6", "6x6", 6, (6, 6)]),
    ("tents", ["8x6", (8, 6)]),
    ("tents", ["9", 9, (9, 9)]),
    ("hitori", ["10x8", (10, 8)]),
    ("logicgrid", ["4x5", (4, 5)]),
])
def test_a_size_written_any_way_makes_the_same_request(type_: str, sizes: list[Any]) -> None:
    requests = [make_request(type_, size=s) for s in sizes]
    assert all(r == requests[0] for r in requests)


@pytest.mark.parametrize("size", [True, 6.0, [6, 6], (6,), (6, 6, 6), ("6", "6"), {"n": 6},
                                  (True, 6)])
def test_a_size_of_another_kind_is_a_usage_error(size: Any) -> None:
    with pytest.raises(aspuzzle.UsageError, match="is not a size"):
        make_request("futoshiki", size=size)


@pytest.mark.parametrize("size", [0, -3, 13, "13", (5, 6)])
def test_a_size_out_of_range_is_a_usage_error(size: Any) -> None:
    with pytest.raises(aspuzzle.UsageError):
        make_request("futoshiki", size=size)


def test_generate_takes_a_number_for_a_futoshiki_size() -> None:
    g = aspuzzle.generate("futoshiki", size=5, difficulty="direct", seed=3)
    assert g.loaded.instance.size == 5
    assert g.grade.tier == "direct"
    again = aspuzzle.solve(aspuzzle.loads(g.write("tatham")[1], type="futoshiki"))
    assert str(again.status) == "unique" and again.solutions[0] == g.solution
