"""The fast transcription's rounds read only the rows that changed since the last round (see
:meth:`FastGrid.cheap`): a probe or a fixpoint ends where rounds that read every row end, in
as many rounds, dead or not, on the same board."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from aspuzzle.explain import Board
from aspuzzle.puzzles.logicgrid.fast import FastGrid
from tests.explain.test_logicgrid_fast import FAST, KEYS


def every_row(fast: FastGrid, cell: list[int], max_rounds: int) -> tuple[bool, int]:
    """:meth:`FastGrid._follow` with every row read at every round (what it did before)."""
    nv = fast.nv
    for rounds in range(1, max_rounds + 1):
        r = fast.round(cell)
        if r.contradictions or r.conflict:
            return True, rounds
        if not r.sets:
            return False, rounds
        for (i, j), v in r.sets.items():
            cell[i * nv + j] = cell[j * nv + i] = v
    return False, max_rounds


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(KEYS), st.sampled_from(["true", "false"]),
                       max_size=12))
def test_rounds_of_changed_rows_end_where_rounds_of_every_row_end(
        cells: dict[object, str]) -> None:
    board = Board(cells)
    mine, theirs = FAST.load(board), FAST.load(board)
    assert FAST._follow(mine, 200) == every_row(FAST, theirs, 200)
    assert mine == theirs


def test_a_fixpoint_from_the_empty_board_is_the_same() -> None:
    mine, theirs = FAST.load(Board({})), FAST.load(Board({}))
    assert FAST._follow(mine, 200) == every_row(FAST, theirs, 200)
    assert mine == theirs
