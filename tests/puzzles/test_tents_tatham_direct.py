"""Every Tents puzzle of Tatham's own generator at easy and tricky (the levels his solver
never guesses at, ``tests/data/tents/tatham-direct.jsonl``) is explained with named rules only:
rated ``direct``, solved to the tents his solver finds, every step re-proven by our solver."""

from __future__ import annotations

from typing import Any

import pytest

import aspuzzle
from aspuzzle.difficulty import Tier
from aspuzzle.explain import explain, reasoner_for
from aspuzzle.explain.steps import Board, Kind
from tests.conftest import DATA, read_jsonl

RECORDS = read_jsonl(DATA / "tents" / "tatham-direct.jsonl")


def test_the_sets() -> None:
    sets = {rec["params"] for rec in RECORDS}
    assert sets == {"8x8de", "8x8dt", "10x10de", "10x10dt", "15x15de", "15x15dt", "20x20de",
                    "20x20dt"}
    assert len(RECORDS) == 32


@pytest.mark.parametrize("record", RECORDS, ids=lambda rec: rec["id"][:20])
def test_rated_direct_and_solved_to_the_known_tents(record: dict[str, Any]) -> None:
    loaded = aspuzzle.loads(record["id"])
    assert aspuzzle.difficulty.rate(loaded) is Tier.DIRECT
    e = explain(loaded)
    assert e.status == "solved" and e.tier == "direct"
    assert all(s.kind is Kind.DIRECT for s in e.steps)
    tents = {(r, c) for r, c in record["solution"]["tents"]}
    assert {c for c, v in e.end.cells.items() if v == "tent"} == tents
    rs = reasoner_for(loaded)  # a fresh reasoner: each step re-proven by the solver
    board = Board({})
    for step in e.steps:
        assert rs.entails(board, step.sets, step.links), step.text
        assert all((v == "tent") == (c in tents) for c, v in step.sets), step.text
        board = board.with_(step.sets, step.links)
