"""The Tents probes' memo (:class:`aspuzzle.puzzles.tents.fast._Memo`): an answer kept from an
earlier board is the answer a fresh probe gives on the board that extends it.

Random boards, random assumptions, random extensions (marks and links added anywhere, near
the assumption too): every probe, ``probe_within`` and ``dies_within`` asked of a FastBoard
that answered on the earlier board equals a fresh FastBoard's answer.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import aspuzzle
from aspuzzle.explain import Board, explain
from aspuzzle.explain.loop import Probe
from aspuzzle.puzzles.tents.fast import FastBoard
from aspuzzle.puzzles.tents.model import TentsInstance, neighbours4
from aspuzzle.puzzles.tents.reasoning import TentsReasoner
from tests.explain.tents_boards import tents_boards

Cell = tuple[int, int]


def _same(a: Probe, b: Probe) -> bool:
    return (a.dead, a.rounds, dict(a.board.cells), a.board.links) == \
        (b.dead, b.rounds, dict(b.board.cells), b.board.links)


@st.composite
def extended(draw: st.DrawFn) -> tuple[TentsInstance, Board, Board,
                                       list[tuple[tuple[tuple[Cell, str], ...],
                                                  tuple[tuple[Cell, Cell], ...]]]]:
    inst, board = draw(tents_boards(8, most_clue=4, blank_odds=5))
    free = [(r, c) for r in range(1, inst.height + 1) for c in range(1, inst.width + 1)
            if (r, c) not in inst.trees]
    unknown = [c for c in free if c not in board.cells]
    # assumptions as the case splits make them: a cell, or a tree linked to a neighbour
    assumptions: list[tuple[tuple[tuple[Cell, str], ...], tuple[tuple[Cell, Cell], ...]]] = []
    for c in unknown:
        if draw(st.integers(0, 2)) == 0:
            assumptions.append((((c, draw(st.sampled_from(("tent", "grass")))),), ()))
    linked = {t for t, _ in board.links}
    for t in sorted(inst.trees - linked):
        spots = [x for x in neighbours4(t) if x in unknown]
        if spots and draw(st.booleans()):
            x = draw(st.sampled_from(spots))
            assumptions.append((((x, "tent"),), ((t, x),)))
    # a few new marks, as a step adds (a footprint on a small board covers most of it: with
    # many marks nothing would be kept, and nothing kept checked)
    cells = dict(board.cells)
    for c in draw(st.lists(st.sampled_from(unknown), max_size=3)) if unknown else []:
        cells[c] = draw(st.sampled_from(("tent", "grass")))
    links = set(board.links)
    taken = {x for _, x in links}
    for t in sorted(inst.trees - linked):
        options = [x for x in neighbours4(t) if cells.get(x) == "tent" and x not in taken]
        if options and draw(st.integers(0, 3)) == 0:
            x = draw(st.sampled_from(options))
            links.add((t, x))
            taken.add(x)
    return inst, board, Board(cells, frozenset(links)), assumptions


@settings(max_examples=200, deadline=None)
@given(extended())
def test_an_answer_kept_from_an_earlier_board_is_a_fresh_answer(case: tuple[
        TentsInstance, Board, Board, list[tuple[tuple[tuple[Cell, str], ...],
                                                tuple[tuple[Cell, Cell], ...]]]]) -> None:
    inst, before, after, assumptions = case
    fb = FastBoard(inst)
    for sets, links in assumptions:  # the first board: answers to keep
        fb.probe(before, sets, links)
        fb.dies_within(before, sets, links, 1)
        fb.probe_within(before, sets, links, 1)
    for sets, links in assumptions:
        for rounds in (1, 2, 3):
            _same_within(fb.probe_within(after, sets, links, rounds),
                         FastBoard(inst).probe(after, sets, links), rounds)
        assert _same(fb.probe(after, sets, links), FastBoard(inst).probe(after, sets, links))
        for rounds in (1, 2):
            assert fb.dies_within(after, sets, links, rounds) == \
                FastBoard(inst).dies_within(after, sets, links, rounds)


def _same_within(got: Probe | None, full: Probe, rounds: int) -> None:
    """``probe_within`` answers the full probe if it takes at most ``rounds`` rounds."""
    if full.rounds <= rounds:
        assert got is not None and _same(got, full)
    else:
        assert got is None


@settings(max_examples=100, deadline=None)
@given(extended())
def test_a_probe_within_some_rounds_is_the_probe_or_none(case: tuple[
        TentsInstance, Board, Board, list[tuple[tuple[tuple[Cell, str], ...],
                                                tuple[tuple[Cell, Cell], ...]]]]) -> None:
    inst, before, _, assumptions = case
    fb = FastBoard(inst)
    for sets, links in assumptions:  # asked with more rounds, then fewer, then the probe
        for rounds in (2, 0, 1, 4, 3):
            _same_within(fb.probe_within(before, sets, links, rounds),
                         FastBoard(inst).probe(before, sets, links), rounds)


class _Checked(FastBoard):
    """Every answer checked against a fresh FastBoard's."""

    def probe(self, board, sets, links):  # type: ignore[no-untyped-def]
        got = super().probe(board, sets, links)
        assert _same(got, FastBoard(self.inst).probe(board, sets, links))
        return got

    def dies_within(self, board, sets, links, rounds):  # type: ignore[no-untyped-def]
        got = super().dies_within(board, sets, links, rounds)
        assert got == FastBoard(self.inst).dies_within(board, sets, links, rounds)
        return got

    def probe_within(self, board, sets, links, rounds):  # type: ignore[no-untyped-def]
        got = super().probe_within(board, sets, links, rounds)
        _same_within(got, FastBoard(self.inst).probe(board, sets, links), rounds)
        return got


def test_every_probe_of_an_explanation_is_a_fresh_probe() -> None:
    # a 10x10 with case splits (generated at the case tier; Tatham's tricky ones need none):
    # the searches of successive steps share most of their answers
    p = aspuzzle.generate("tents", size="10x10", difficulty="case", seed=1).loaded
    rs = TentsReasoner(p.instance)
    rs._fast = _Checked(p.instance)
    checked = explain(p, reasoner=rs)
    assert checked.solved and checked.tier == "case"
    assert checked.steps == explain(p).steps
