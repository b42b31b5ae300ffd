"""The Python transcription of the rules (used to search case splits) against the rule files.

On random boards, one round of :class:`FastBoard` must deduce exactly what the ASP rules deduce:
the same cells, the same links, the same contradiction rules firing.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from aspuzzle.explain import Board, Kind
from aspuzzle.puzzles.tents.fast import FastBoard
from aspuzzle.puzzles.tents.model import TentsInstance
from aspuzzle.puzzles.tents.reasoning import (
    TWINNED,
    TentsReasoner,
    _count_placements,
    placements,
)
from tests.explain.tents_boards import tents_boards

Cell = tuple[int, int]


@settings(max_examples=150, deadline=None)
@given(tents_boards())
def test_one_round_of_the_fast_rules_equals_the_rule_files(case: tuple[TentsInstance, Board]
                                                           ) -> None:
    inst, board = case
    rs = TentsReasoner(inst, TWINNED)  # (the rules it transcribes)
    hits = rs.hits(board)
    asp_sets = {s for h in hits for s in h.sets}
    asp_links = {lk for h in hits for lk in h.links}
    asp_fired = {h.rule.id for h in hits if h.rule.kind is Kind.CONTRADICTION}
    fast_sets, fast_links, fast_fired = FastBoard(inst).deductions(board)
    assert fast_sets == asp_sets
    assert fast_links == asp_links
    assert fast_fired == asp_fired


def test_a_probe_from_a_fixpoint_sees_the_contradiction() -> None:
    # 1x3, one tree in the middle, row clue 1: a tent left means the right is grass, fine;
    # but with column clue 0 on the left, the left tent dies at once
    inst = TentsInstance(1, 3, frozenset({(1, 2)}), (1,), (0, None, None))
    fb = FastBoard(inst)
    board = Board({})
    assert fb.probe(board, (((1, 1), "tent"),), ()).dead
    p = fb.probe(board, (((1, 3), "tent"),), ())
    assert not p.dead and p.board.cells[(1, 1)] == "grass"


@settings(max_examples=300, deadline=None)
@given(st.lists(st.booleans(), max_size=16), st.integers(1, 7))
def test_the_ways_of_fill_in_row_are_counted_as_listed(room_mask: list[bool], need: int) -> None:
    room = [(1, c) for c, keep in enumerate(room_mask, 1) if keep]
    assert _count_placements(room, need) == len(placements(room, need, 10**6))
