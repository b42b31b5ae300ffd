"""A Tents rule stage first asked for before any case split is grounded for the boards that
hold that board (``TentsReasoner._bake_on_line``) when the board agrees with the solution; it
finds there what the general program finds, and a board that does not hold it is evaluated on
a general program."""

from __future__ import annotations

from pathlib import Path

import aspuzzle
from aspuzzle.explain.steps import Board
from aspuzzle.puzzles.tents.model import TentsInstance
from aspuzzle.puzzles.tents.reasoning import Hit, TentsReasoner

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "tents" / "tatham-10x10dt.txt"


def _said(hits: list[Hit]) -> list[tuple[str, object, object, object]]:
    return [(h.rule.id, h.key, sorted(h.sets), sorted(h.links)) for h in hits]


def _setup() -> tuple[TentsInstance, TentsReasoner, TentsReasoner, Board]:
    inst = aspuzzle.load(EXAMPLE).instance
    assert isinstance(inst, TentsInstance)
    r = TentsReasoner(inst)
    plain = TentsReasoner(inst, reuse=False)
    sol = r.solution_hint(Board({}))
    assert sol is not None
    return inst, r, plain, sol


def _part(sol: Board, every: int, offset: int = 0) -> Board:
    """Some of the solution's marks (every ``every``-th cell), no links."""
    cells = sorted(sol.cells.items())
    return Board(dict(cells[offset::every]))


def test_a_stage_first_asked_on_the_line_is_baked_there_and_finds_the_same() -> None:
    _, r, plain, sol = _setup()
    line = _part(sol, 3)
    stage = r._stages[1]
    assert not stage.main.grounded
    got = r._solve(stage, line)
    assert stage.main.board is line  # baked for the boards that hold this one
    assert _said(got) == _said(plain._solve(plain._stages[1], line))
    later = Board({**line.cells, **_part(sol, 3, 1).cells})  # holds it: the baked program
    assert stage.grounding(later) is stage.main
    assert _said(r._solve(stage, later)) == _said(plain._solve(plain._stages[1], later))
    other = _part(sol, 2)  # does not hold it: a general program
    assert stage.grounding(other) is not stage.main
    assert _said(r._solve(stage, other)) == _said(plain._solve(plain._stages[1], other))


def test_no_bake_off_the_line_or_after_a_split() -> None:
    _, r, _, sol = _setup()
    cell, value = min(sol.cells.items())
    wrong = Board({cell: "grass" if value == "tent" else "tent"})
    r._solve(r._stages[1], wrong)  # disagrees with the solution: the general grounding
    assert r._stages[1].main.grounded and r._stages[1].main.board is None
    r._split_searched = True  # (as cases() sets it)
    r._solve(r._stages[2], _part(sol, 3))
    assert r._stages[2].main.grounded and r._stages[2].main.board is None
