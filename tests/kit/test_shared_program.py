"""The kit's shared program (GridSpec.shared_after, GridPuzzle.reuse): a kit type solved on
one program grounded per size finds what a fresh grounding finds, puzzle by puzzle."""

from __future__ import annotations

from typing import Any

import aspuzzle
from aspuzzle.engine import SolveConfig, Status, reuse
from aspuzzle.kit.model import GridInstance, make
from aspuzzle.kit.puzzle import GridPuzzle
from aspuzzle.puzzles.base import SolveOptions
from aspuzzle.puzzles.lightup import PUZZLE as LIGHTUP
from aspuzzle.puzzles.sudoku import PUZZLE as SUDOKU
from tests.conftest import DATA, read_jsonl

SHARED = GridPuzzle(LIGHTUP.spec._replace(shared_after=0), dict(LIGHTUP.formats))
W, N = ("white", None), ("number", 4)


def _shared(inst: GridInstance) -> tuple[Status, list[Any]]:
    """The verdict and answers on the shared program (None if it was not used)."""
    spec = SHARED.reuse(inst, SolveOptions())
    res = reuse.solve(spec, lambda m: SHARED.from_model(inst, m.symbols(shown=True)), 2,
                      SolveConfig())
    assert res is not None, "solved afresh, not on the shared program"
    return res.status, sorted(sorted(a.marked) for a in res.answers)


def _fresh(inst: GridInstance) -> tuple[Status, list[Any]]:
    res = aspuzzle.solve(aspuzzle.Loaded(LIGHTUP, inst, "text"), max_solutions=2)
    return res.status, sorted(sorted(a.marked) for a in res.solutions)


def test_the_corpus_solves_alike_on_the_shared_program() -> None:
    reuse.clear()
    for rec in read_jsonl(DATA / "lightup/tatham.jsonl"):
        inst = aspuzzle.loads(rec["id"], fmt="tatham").instance
        status, answers = _shared(inst)
        assert (status, answers) == _fresh(inst)
        assert answers == [sorted(tuple(b) for b in rec["bulbs"])]


def test_no_answer_and_several_answers_on_the_shared_program() -> None:
    reuse.clear()
    for rows, want in (([[W] * 3] * 3, Status.MULTIPLE), ([[N, W], [W, W]], Status.NONE)):
        inst = make(LIGHTUP.spec, rows)
        # (which two answers come first differs: aspuzzle.solve lists a fresh grounding's)
        assert _shared(inst)[0] is _fresh(inst)[0] is want


def test_off_by_default_and_a_program_per_region_layout() -> None:
    inst = aspuzzle.loads("7x7b20s4d0:b2f1aBc2cB2c1cB2cBc1aBf1b", fmt="tatham").instance
    assert LIGHTUP.reuse(inst, SolveOptions()) is None
    sudoku = GridPuzzle(SUDOKU.spec._replace(shared_after=0))
    grid = aspuzzle.loads("# sudoku 4x4\n1 . . .\n. . 1 .\n. 1 . .\n. . . 1\n", fmt="text")
    plan = sudoku.reuse(grid.instance, SolveOptions())
    assert plan is not None and plan.key == ("sudoku", 4, 4, grid.instance.regions)
    assert "region(4, 4, 4)." in plan.program.rules  # the regions are in the program
