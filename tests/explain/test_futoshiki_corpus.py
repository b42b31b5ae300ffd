"""Explanations of Tatham's unequal corpus reach exactly the recorded solutions.

Replaying the steps of ``explain`` sets every key (row, column, digit) at most once, each to
its value in the recorded solution, and fills every cell; every step was re-proven on the way
(a failed re-proof raises). Every puzzle of the corpus (the 60 ``unequal`` lines of the shared
corpus): the easy and tricky ones (4x4 to 6x6, normal and adjacent mode) need no case split,
the extreme ones (7x7 normal and adjacent, 9x9) one split at a time, at most four in all.
``python benchmarks/bench_explain.py --type futoshiki`` times them.
"""

from __future__ import annotations

from typing import Any

import pytest

from aspuzzle.explain import Kind, explain
from aspuzzle.puzzles.futoshiki.tatham import read_tatham
from tests.conftest import DATA, read_jsonl

CORPUS = read_jsonl(DATA / "futoshiki" / "unequal.jsonl")
SMALL = [r for r in CORPUS if r["id"].split(":")[0] in ("4de", "5dt", "6dk", "6adk")]
EXTREME = [r for r in CORPUS if r["id"].split(":")[0] in ("7dx", "7adx", "9dx")]


def _id(record: dict[str, Any]) -> str:
    return str(record["id"][:16])


def replay(record: dict[str, Any]) -> tuple[str, int]:
    """Explain a corpus puzzle and check the steps against its solution; (tier, case splits)."""
    inst = read_tatham(record["id"])
    grid = record["solution"]["grid"]
    e = explain(inst)
    assert e.solved, e.note
    keys: dict[tuple[int, int, int], str] = {}
    for step in e.steps:
        assert step.kind in (Kind.DIRECT, Kind.CASE)
        for (r, c, d), value in step.sets:
            assert (r, c, d) not in keys, f"{step.rule} sets {(r, c, d)} again"
            assert (value == "yes") == (grid[r - 1][c - 1] == d), f"{step.rule}: {step.text}"
            keys[(r, c, d)] = value
    filled = {(r, c) for (r, c, _), v in keys.items() if v == "yes"}
    given = {(r, c) for r, c, _ in inst.givens}
    assert filled | given == {(r, c) for r in range(1, inst.size + 1)
                              for c in range(1, inst.size + 1)}
    assert not filled & given
    return e.tier, sum(1 for s in e.steps if s.kind is Kind.CASE)


@pytest.mark.parametrize("record", SMALL, ids=_id)
def test_small_puzzles_replay_with_direct_rules_only(record: dict[str, Any]) -> None:
    # Tatham's easy and tricky puzzles (and his tricky adjacent ones) need no case split
    assert replay(record) == ("direct", 0)


@pytest.mark.parametrize("record", EXTREME, ids=_id)
def test_extreme_puzzles_replay_with_direct_rules_only(record: dict[str, Any]) -> None:
    # what Tatham's extreme level needs (positional sets, forcing chains) is a direct rule
    assert replay(record) == ("direct", 0)


def test_the_corpus_is_as_documented() -> None:
    sizes = sorted({r["id"].split(":")[0] for r in CORPUS})
    assert sizes == ["4de", "5dt", "6adk", "6dk", "7adx", "7dx", "9dx"]
    assert len(SMALL) == 40 and len(EXTREME) == 20 and len(CORPUS) == 60
