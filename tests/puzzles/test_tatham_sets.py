"""The puzzles of Simon Tatham's own generators at every non-recursive difficulty
(``tests/data/{hitori,tents,futoshiki}/tatham-sets.jsonl``, made by
``tests/data/make_tatham_sets.py``): each record names the generator command that printed it,
the solution Tatham's standalone solver printed, and the tier ``aspuzzle rate`` gave it.

A sample is checked (the first puzzle of each set up to a size, so that the test stays quick;
``ASPUZZLE_ALL_TATHAM_SETS=1`` checks every record): our rating is still the recorded one, and
our solver finds exactly one solution, Tatham's."""

from __future__ import annotations

import os
import re
from typing import Any

import pytest

import aspuzzle
from aspuzzle.difficulty import rate
from tests.conftest import DATA, read_jsonl

FILES = {"hitori": ("singles", 20), "tents": ("tents", 15), "futoshiki": ("unequal", 8)}
"""Our type: Tatham's game, and the largest side of the sample's puzzles."""
RECORDS = {t: read_jsonl(DATA / t / "tatham-sets.jsonl") for t in FILES}
ALL = os.environ.get("ASPUZZLE_ALL_TATHAM_SETS") == "1"


def _side(params: str) -> int:
    return int(re.match(r"\d+", params).group(0))  # type: ignore[union-attr]


def _sample() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for t, (_, side) in FILES.items():
        seen: set[str] = set()
        for rec in RECORDS[t]:
            if ALL or (rec["params"] not in seen and _side(rec["params"]) <= side):
                out.append((t, rec))
            seen.add(rec["params"])
    return out


@pytest.mark.parametrize("type_", FILES)
def test_the_records(type_: str) -> None:
    game = FILES[type_][0]
    records = RECORDS[type_]
    assert records
    for rec in records:
        assert rec["game"] == game
        params, seed = rec["params"], rec["seed"]
        assert rec["id"].startswith(params + ":")
        assert re.fullmatch(rf"{game}gen {re.escape(params)} {re.escape(seed)} \d+",
                            rec["command"])
        assert rec["tier"] in ("direct", "case", "nested")
        assert set(rec["solution"]) == {"hitori": {"shaded"}, "tents": {"tents"},
                                        "futoshiki": {"grid"}}[type_]


@pytest.mark.parametrize(("type_", "record"), _sample(),
                         ids=lambda x: x["id"][:24] if isinstance(x, dict) else x)
def test_rated_as_recorded_and_solved_to_tathams_solution(type_: str,
                                                          record: dict[str, Any]) -> None:
    loaded = aspuzzle.loads(record["id"])
    assert loaded.puzzle.name == type_
    result = aspuzzle.solve(loaded)
    assert result.status is aspuzzle.Status.UNIQUE
    ours = loaded.puzzle.solution_to_json(result.solutions[0])
    assert {k: ours[k] for k in record["solution"]} == record["solution"]
    assert rate(loaded).value == record["tier"]
