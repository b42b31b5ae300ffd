"""Runs that pass boards without asking for contradictions (``TentsReasoner.quiet``, see
:func:`aspuzzle.explain.loop.run`) are the runs that ask on every board.

That rests on the contradictions of the bundled rule files never ceasing to fire as direct
steps add to a board; random boards (most of them impossible ones, as in a case split's dying
branch) check it, and check that a run with the guesses makes exactly the steps, board and
contradiction of a run without them.
"""

from __future__ import annotations

from hypothesis import given, settings

from aspuzzle.explain import Board
from aspuzzle.explain.loop import Run, run
from aspuzzle.explain.steps import Kind
from aspuzzle.puzzles.tents.fast import FastBoard
from aspuzzle.puzzles.tents.model import TentsInstance
from aspuzzle.puzzles.tents.reasoning import TentsReasoner
from aspuzzle.puzzles.tents.rules import CATALOGUE
from aspuzzle.puzzles.tents.tatham import read_tatham
from tests.explain.tents_boards import tents_boards


class _Asking(TentsReasoner):
    """The reasoner that asks for contradictions on every board."""

    def quiet(self, board: Board) -> bool:
        return False


class _Counting(TentsReasoner):
    passed = 0

    def quiet(self, board: Board) -> bool:
        got = super().quiet(board)
        _Counting.passed += got
        return got


def _fires(r: TentsReasoner, board: Board) -> bool:
    return any(h.rule.kind is Kind.CONTRADICTION for h in r.hits(board))


def _same(a: Run, b: Run) -> None:
    assert [s.to_json() for s in a.steps] == [s.to_json() for s in b.steps]
    assert (dict(a.board.cells), a.board.links) == (dict(b.board.cells), b.board.links)
    assert (a.contradiction.to_json() if a.contradiction else None) == \
        (b.contradiction.to_json() if b.contradiction else None)
    assert a.stalled == b.stalled


@settings(max_examples=150, deadline=None)
@given(tents_boards(7, most_clue=4, blank_odds=6))
def test_a_contradiction_keeps_firing_as_direct_steps_add_to_the_board(
        case: tuple[TentsInstance, Board]) -> None:
    inst, board = case
    r = TentsReasoner(inst, reuse=False)
    fired = False
    for _ in range(40):
        fires = _fires(r, board)
        assert fires or not fired, "a contradiction stopped firing after a direct step"
        fired = fires
        ev = r.evaluate(board)
        if not ev.direct:
            break
        step = ev.direct[0]
        board = board.with_(step.sets, step.links)


@settings(max_examples=150, deadline=None)
@given(tents_boards(7, most_clue=4, blank_odds=6))
def test_a_run_passing_quiet_boards_is_the_run_that_asks_on_every_board(
        case: tuple[TentsInstance, Board]) -> None:
    inst, board = case
    for depth in (0, 1):
        _same(run(_Counting(inst), board, depth), run(_Asking(inst), board, depth))


def test_the_guesses_are_taken_in_dying_runs() -> None:
    # a tent of the solution marked grass: the rules find the contradiction 16 steps later
    inst = read_tatham("10x10dt:_ccdbjakefdake__dgba_,3,1,1,3,2,1,2,3,1,3,2,3,1,2,2,1,3,1,2,3")
    board = Board({(2, 1): "grass"})
    _Counting.passed = 0
    got = run(_Counting(inst), board, 0)
    _same(got, run(_Asking(inst), board, 0))
    assert got.contradiction is not None and len(got.steps) == 16
    assert _Counting.passed == 16


@settings(max_examples=200, deadline=None)
@given(tents_boards(7, most_clue=4, blank_odds=6))
def test_the_twin_fires_as_its_round_does(case: tuple[TentsInstance, Board]) -> None:
    inst, board = case
    fb = FastBoard(inst)
    assert fb.fires(board) == bool(fb.deductions(board)[2])


def test_only_the_bundled_rules_are_guessed_for() -> None:
    inst = read_tatham("10x10dt:_ccdbjakefdake__dgba_,3,1,1,3,2,1,2,3,1,3,2,3,1,2,2,1,3,1,2,3")
    board = Board({(2, 1): "grass"})
    assert TentsReasoner(inst).quiet(board)
    assert not TentsReasoner(inst, CATALOGUE[:8]).quiet(board)
    assert not TentsReasoner(inst).quiet(Board({}))  # (the solution vouches for it)
