"""Every Unequal (Futoshiki) puzzle of Tatham's own generator at tricky and extreme (levels his
solver never guesses at, ``tests/data/futoshiki/tatham-direct.jsonl``) is explained with named
rules only: rated ``direct``, solved to the grid his solver finds, every step re-proven by our
solver."""

from __future__ import annotations

from typing import Any

import pytest

import aspuzzle
from aspuzzle.difficulty import Tier
from aspuzzle.explain import explain, reasoner_for
from aspuzzle.explain.steps import Board, Kind
from tests.conftest import DATA, read_jsonl

RECORDS = read_jsonl(DATA / "futoshiki" / "tatham-direct.jsonl")


def test_the_sets() -> None:
    sets = {rec["params"] for rec in RECORDS}
    assert sets == {f"{n}{m}d{d}" for n in (5, 7, 9) for m in ("", "a") for d in "kx"}
    assert len(RECORDS) == 48


@pytest.mark.parametrize("record", RECORDS, ids=lambda rec: rec["id"][:20])
def test_our_solver_finds_tathams_grid(record: dict[str, Any]) -> None:
    loaded = aspuzzle.loads(record["id"])
    result = aspuzzle.solve(loaded)
    assert result.status is aspuzzle.Status.UNIQUE
    assert loaded.puzzle.solution_to_json(result.solutions[0]) == record["solution"]


@pytest.mark.parametrize("record", RECORDS, ids=lambda rec: rec["id"][:20])
def test_rated_direct_and_solved_to_tathams_grid(record: dict[str, Any]) -> None:
    loaded = aspuzzle.loads(record["id"])
    assert aspuzzle.difficulty.rate(loaded) is Tier.DIRECT
    e = explain(loaded)
    assert e.status == "solved" and e.tier == "direct"
    assert all(s.kind is Kind.DIRECT for s in e.steps)
    grid = record["solution"]["grid"]
    rs = reasoner_for(loaded)  # a fresh reasoner: each step re-proven by the solver
    board = Board({})
    for step in e.steps:
        assert rs.entails(board, step.sets, step.links), step.text
        assert all((v == "yes") == (grid[r - 1][c - 1] == d) for (r, c, d), v in step.sets), \
            step.text
        board = board.with_(step.sets, step.links)
    assert {(r, c): d for (r, c, d), v in e.end.cells.items() if v == "yes"} == {
        (r, c): grid[r - 1][c - 1] for r, c, _ in e.end.cells}
