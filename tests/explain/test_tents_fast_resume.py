"""A Tents twin run stopped at its limit of rounds goes on from where it stopped when asked for
more (:attr:`aspuzzle.puzzles.tents.fast._Memo.paused`): the answer, the footprint and what it
read of its lines are those of a run made from the start, and so are the answers kept on a
board that extends the first one."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from aspuzzle.explain import Board
from aspuzzle.puzzles.tents.fast import FastBoard
from aspuzzle.puzzles.tents.model import TentsInstance
from tests.explain.test_tents_probe_memo import _same, _same_within, extended

Cell = tuple[int, int]
Assumption = tuple[tuple[tuple[Cell, str], ...], tuple[tuple[Cell, Cell], ...]]


def _memo_entries(fb: FastBoard) -> dict[object, tuple[object, ...]]:
    """Per assumption, what the memo knows last: the answer of a run that ended, else the run
    stopped with the most rounds (with its footprint)."""
    memo = fb._memo
    assert memo is not None
    return {key: (k.dead, k.rounds, k.cells, k.lines, sorted(k.seen), k.changed, k.links)
            for table in (memo.unfinished, memo.probes) for key, k in table.items()}


@settings(max_examples=150, deadline=None)
@given(extended(), st.lists(st.integers(0, 5), min_size=1, max_size=4))
def test_a_run_that_goes_on_is_a_run_from_the_start(
        case: tuple[TentsInstance, Board, Board, list[Assumption]], limits: list[int]) -> None:
    inst, before, after, assumptions = case
    resumed = FastBoard(inst)
    for sets, links in assumptions:
        for rounds in sorted(limits):  # one round, then more: each goes on from the last
            _same_within(resumed.probe_within(before, sets, links, rounds),
                         FastBoard(inst).probe(before, sets, links), rounds)
    fresh = FastBoard(inst)
    for sets, links in assumptions:  # the same runs, each made once to its last limit
        fresh.probe_within(before, sets, links, max(limits))
    if assumptions:
        assert _memo_entries(resumed) == _memo_entries(fresh)
    for sets, links in assumptions:  # what is kept on a board that adds to it
        for rounds in (1, 3):
            _same_within(resumed.probe_within(after, sets, links, rounds),
                         FastBoard(inst).probe(after, sets, links), rounds)
        assert _same(resumed.probe(after, sets, links), FastBoard(inst).probe(after, sets, links))


@settings(max_examples=100, deadline=None)
@given(extended())
def test_a_probe_goes_on_from_a_stopped_run(
        case: tuple[TentsInstance, Board, Board, list[Assumption]]) -> None:
    inst, before, _, assumptions = case
    fb = FastBoard(inst)
    for sets, links in assumptions:
        fb.dies_within(before, sets, links, 1)
        assert _same(fb.probe(before, sets, links), FastBoard(inst).probe(before, sets, links))


def _fields(s: object) -> tuple[object, ...]:
    return tuple(getattr(s, f) for f in (
        "val", "tree_link", "tent_link", "line_tents", "line_unknown", "adj_tents",
        "unlinked_trees_near", "unknown_mask", "room_mask", "lines", "cells", "trees", "tents",
        "dead", "changed", "new_links"))


@settings(max_examples=150, deadline=None)
@given(extended())
def test_a_board_that_adds_to_the_loaded_one_loads_as_afresh(
        case: tuple[TentsInstance, Board, Board, list[Assumption]]) -> None:
    inst, before, after, _ = case
    grown = before.with_(sorted(after.cells.items() - before.cells.items()),
                         sorted(after.links - before.links))
    fb = FastBoard(inst)
    fb.load(before)
    assert _fields(fb.load(grown)) == _fields(FastBoard(inst).load(grown))
    assert fb._base is not None and fb._base[0] is grown
    assert _fields(fb.load(grown)) == _fields(FastBoard(inst).load(grown))
