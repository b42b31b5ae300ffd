"""Explanations of every Hitori puzzle in ``tests/data/hitori`` reach the known solutions.

Replaying the steps of ``explain`` sets every cell exactly once, each to its value in the
known solution, and ends with the whole grid decided; every step was re-proven on the way (a
failed re-proof raises). The known solution is the recorded one (Tatham IDs, the puzz.link
URL) or, for the Gurobi grids (recorded without one, each with exactly one), the solver's.

How many puzzles need a case split is asserted below: Tatham's easy and tricky puzzles need
none (his own solver's deductions are the direct rules here), a few of the Gurobi grids one or
two.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

import aspuzzle
from aspuzzle.explain import Explanation, Kind, explain
from aspuzzle.puzzles.hitori.model import HitoriInstance, make_instance
from aspuzzle.puzzles.hitori.puzzlink import read_puzzlink
from aspuzzle.puzzles.hitori.tatham import read_tatham
from tests.conftest import DATA, read_jsonl

Cell = tuple[int, int]

TATHAM = read_jsonl(DATA / "hitori" / "tatham.jsonl")
PUZZLINK = read_jsonl(DATA / "hitori" / "puzzlink.jsonl")
GUROBI = read_jsonl(DATA / "hitori" / "gurobi-sample.jsonl")


def _key(record: dict[str, Any]) -> str:
    if "grid" in record:
        return f"gurobi-{record['n']}x{record['n']}-{record['id'][:8]}"
    text = str(record.get("id") or record["url"])
    return text[:24]


RECORDS = {_key(r): r for r in TATHAM + PUZZLINK + GUROBI}


@cache
def _explained(key: str) -> tuple[HitoriInstance, frozenset[Cell], Explanation]:
    record = RECORDS[key]
    if "grid" in record:
        inst = make_instance(record["grid"])
        sol = aspuzzle.solve(aspuzzle.loads("\n".join(" ".join(map(str, row))
                                                      for row in record["grid"]),
                                            type="hitori"))
        assert sol.status is aspuzzle.Status.UNIQUE
        shaded = sol.solutions[0].shaded
    else:
        inst = read_tatham(record["id"]) if "id" in record else read_puzzlink(record["url"])
        shaded = frozenset(tuple(c) for c in record["solution"]["shaded"])
    return inst, shaded, explain(inst)


def _splits(e: Explanation) -> int:
    return sum(1 for s in e.steps if s.kind is Kind.CASE)


@pytest.mark.parametrize("key", list(RECORDS))
def test_explanation_replays_to_the_known_solution(key: str) -> None:
    inst, shaded, e = _explained(key)
    assert e.solved, e.note
    cells: dict[Cell, str] = {}
    for step in e.steps:
        assert step.kind in (Kind.DIRECT, Kind.CASE), step.text
        assert step.sets, step.text
        for cell, value in step.sets:
            assert cell not in cells, f"{step.rule} sets {cell} again"
            assert (value == "shaded") == (cell in shaded), f"{step.rule}: {step.text}"
            cells[cell] = value
    assert len(cells) == inst.height * inst.width
    assert {c for c, v in cells.items() if v == "shaded"} == shaded
    assert e.tier in ("direct", "case")


def test_the_corpus_is_all_there() -> None:
    assert len(TATHAM) == 45 and len(PUZZLINK) == 1 and len(GUROBI) == 30


def test_case_splits_in_the_corpus() -> None:
    tatham = sum(_splits(_explained(_key(r))[2]) > 0 for r in TATHAM + PUZZLINK)
    gurobi = {_key(r): _splits(_explained(_key(r))[2]) for r in GUROBI}
    print(f"case splits: Tatham and puzz.link {tatham} of {len(TATHAM) + len(PUZZLINK)}; "
          f"Gurobi {sum(n > 0 for n in gurobi.values())} of {len(GUROBI)} "
          f"({sum(gurobi.values())} splits)")
    assert tatham == 0
    assert sum(n > 0 for n in gurobi.values()) == 3
    assert sum(gurobi.values()) == 4
