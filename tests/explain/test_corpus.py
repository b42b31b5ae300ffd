"""Explanations of the Tatham corpus reach exactly the recorded solutions.

Replaying the steps of ``explain`` sets every cell once, each to its value in the recorded
solution, and ends at that solution; every step was re-proven on the way (a failed re-proof
raises). In the suite: every 6x6, 8x8 and 10x10 puzzle and two 15x15; the others (15x15 and
20x20) are replayed by ``benchmarks/bench_explain.py``, which also counts the tiers.
"""

from __future__ import annotations

from typing import Any

import pytest

from aspuzzle.explain import Board, Kind, explain
from aspuzzle.puzzles.tents.reasoning import Hit, TentsReasoner
from aspuzzle.puzzles.tents.tatham import read_tatham
from tests.conftest import DATA, read_jsonl

CORPUS = read_jsonl(DATA / "tents" / "tatham.jsonl")
SMALL = [r for r in CORPUS if r["id"].split("x")[0] in ("6", "8", "10")]
SOME_15 = [r for r in CORPUS if r["id"].startswith("15x15")][:2]


def _id(record: dict[str, Any]) -> str:
    return str(record["id"].split(":")[0] + ":" + record["id"].split(":")[1][:8])


@pytest.mark.parametrize("record", SMALL + SOME_15, ids=_id)
def test_explanation_replays_to_the_recorded_solution(record: dict[str, Any]) -> None:
    inst = read_tatham(record["id"])
    solution = {tuple(t) for t in record["solution"]["tents"]}
    e = explain(inst)
    assert e.solved, e.note
    cells: dict[tuple[int, int], str] = {}
    for step in e.steps:
        assert step.kind in (Kind.DIRECT, Kind.CASE)
        for cell, value in step.sets:
            assert cell not in cells, f"{step.rule} sets {cell} again"
            assert (value == "tent") == (cell in solution), f"{step.rule}: {step.text}"
            cells[cell] = value
        for tree, tent in step.links:
            assert tent in solution and tree in inst.trees
    assert {c for c, v in cells.items() if v == "tent"} == solution
    assert len(cells) == inst.height * inst.width - len(inst.trees)
    # Tatham's easy puzzles need at most one case split at a time; nothing here nests
    assert e.tier in ("direct", "case")


def test_the_corpus_split_by_size_is_as_documented() -> None:
    sizes = sorted({r["id"].split(":")[0] for r in CORPUS})
    assert sizes == ["10x10dt", "15x15dt", "20x20dt", "6x6de", "8x8de"]
    assert len(SMALL) == 30 and len(CORPUS) == 44


class _Checked(TentsReasoner):
    """A reasoner that checks each first step it finds (in stages, with what stages found on
    earlier boards) and each contradiction it skips (on boards that agree with the solution)
    against a fresh evaluation of every rule file."""

    def __init__(self, inst: Any) -> None:
        super().__init__(inst)
        self.plain = TentsReasoner(inst, reuse=False)
        self.reused = 0

    def _first_direct(self, board: Board) -> list[Hit] | None:
        group = super()._first_direct(board)
        fresh = self.plain.evaluate(board)
        if group is None:
            assert not fresh.direct
        else:
            assert fresh.direct and self.describe_group(board, group) == fresh.direct[0]
        return group

    def _consistent(self, board: Board) -> bool:
        consistent = super()._consistent(board)
        if consistent:
            assert not self.plain.evaluate(board).contradictions
        return consistent

    def _reused(self, stage: Any, board: Board) -> tuple[list[Hit], int] | None:
        got = super()._reused(stage, board)
        self.reused += got is not None
        return got


@pytest.mark.parametrize("record", [r for r in CORPUS if r["id"].startswith("10x10")][:4] +
                         SOME_15[:1], ids=_id)
def test_what_an_evaluation_skips_is_what_the_rule_files_say(record: dict[str, Any]) -> None:
    inst = read_tatham(record["id"])
    rs = _Checked(inst)
    e = explain(inst, reasoner=rs)
    assert rs.reused > 0
    plain = explain(inst, reasoner=TentsReasoner(inst, reuse=False))
    assert e.steps == plain.steps


class _FullSearch(TentsReasoner):
    """The case search without its shortcuts: every case probed as far as it used to be."""

    min_probe_rounds = 0
    dies_within = None  # type: ignore[assignment]
    probe_within = None  # type: ignore[assignment]


@pytest.mark.parametrize("record", [r for r in CORPUS if r["id"].startswith("10x10")][:3],
                         ids=_id)
def test_the_search_shortcuts_choose_the_same_splits(record: dict[str, Any]) -> None:
    inst = read_tatham(record["id"])
    for tier in ("case", "nested"):
        fast = explain(inst, tier=tier, reasoner=TentsReasoner(inst))
        full = explain(inst, tier=tier, reasoner=_FullSearch(inst))
        assert fast.steps == full.steps
