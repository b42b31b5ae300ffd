"""The Tents rule programs baked for a case split's board (its marks and links as facts of a
new grounding) or fixed to it (made facts of a grounded program) find on every board that
holds it exactly what the general program finds; a board that does not hold it is evaluated
on a general program (``TentsReasoner._solve``, ``_Stage.bake``, ``TentsReasoner._fix``)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from aspuzzle.explain.steps import Board
from aspuzzle.puzzles.tents.model import TentsInstance, neighbours4
from aspuzzle.puzzles.tents.reasoning import Hit, TentsReasoner
from tests.explain.tents_boards import tents_boards

Cell = tuple[int, int]


def _grown(data: st.DataObject, r: TentsReasoner, board: Board) -> Board:
    """``board`` with some unknown cells marked and some unlinked trees linked."""
    cells = dict(board.cells)
    for c in r.free:
        if c not in cells:
            v = data.draw(st.integers(0, 4))
            if v == 1:
                cells[c] = "tent"
            elif v == 2:
                cells[c] = "grass"
    links = set(board.links)
    linked_trees = {t for t, _ in links}
    linked_tents = {x for _, x in links}
    for t in sorted(r.inst.trees - linked_trees):
        options = [x for x in neighbours4(t) if cells.get(x) == "tent" and x not in linked_tents]
        if not options:
            continue
        if data.draw(st.booleans()):
            x = data.draw(st.sampled_from(options))
            links.add((t, x))
            linked_tents.add(x)
    return Board(cells, frozenset(links))


def _said(hits: list[Hit]) -> list[tuple[str, object, object, object]]:
    return [(h.rule.id, h.key, sorted(h.sets), sorted(h.links)) for h in hits]


def _unknown(r: TentsReasoner, board: Board) -> int:
    return sum(1 for c in r.free if c not in board.cells)


@settings(max_examples=60, deadline=None)
@given(tents_boards(7, most_clue=4, blank_odds=3), st.data())
def test_baked_and_fixed_programs_find_what_the_general_program_finds(
        case: tuple[TentsInstance, Board], data: st.DataObject) -> None:
    inst, split = case
    plain = TentsReasoner(inst, reuse=False)
    baked = TentsReasoner(inst, reuse=False)
    fixed = TentsReasoner(inst, reuse=False)
    start = Board({}, frozenset())
    for st_ in fixed._stages:  # grounded on the empty board first, then fixed to the split's
        fixed._solve(st_, start)
        st_.known = None
    for st_ in baked._stages:
        assert st_.bake(split, _unknown(baked, split))  # not grounded yet: baked for free
    for st_ in fixed._stages:
        fixed._fix(st_.main, split, _unknown(fixed, split))
    boards = [split, _grown(data, plain, split), _grown(data, plain, split), start, split]
    for board in boards:
        want = _said(plain.hits(board))
        for r in (baked, fixed):
            for st_ in r._stages:
                st_.known = None
            assert _said(r.hits(board)) == want
    for r in (baked, fixed):
        assert all(st_.main.grounded and st_.main.board is split for st_ in r._stages)
