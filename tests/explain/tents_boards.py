"""A hypothesis strategy for the Tents tests: a random instance and a board of it."""

from __future__ import annotations

from hypothesis import strategies as st

from aspuzzle.explain.steps import Board
from aspuzzle.puzzles.tents.model import TentsInstance, neighbours4

Cell = tuple[int, int]


@st.composite
def tents_boards(draw: st.DrawFn, side: int = 6, most_clue: int = 3,
                 blank_odds: int = 4) -> tuple[TentsInstance, Board]:
    """An instance up to ``side`` x ``side`` (line clues up to ``most_clue``, some missing) and
    a board of it: each free cell a tent, grass or unknown (one in ``blank_odds + 1`` a tent,
    as many grass, the rest unknown), some trees linked to a tent next to them."""
    h = draw(st.integers(1, side))
    w = draw(st.integers(1, side))
    cells = [(r, c) for r in range(1, h + 1) for c in range(1, w + 1)]
    trees = frozenset(c for c in cells if draw(st.integers(0, 3)) == 0)
    clue = st.one_of(st.none(), st.integers(0, most_clue))
    rows = tuple(draw(clue) for _ in range(h))
    cols = tuple(draw(clue) for _ in range(w))
    inst = TentsInstance(h, w, trees, tuple(min(x, w) if x is not None else None for x in rows),
                         tuple(min(x, h) if x is not None else None for x in cols))
    marks: dict[Cell, str] = {}
    for c in cells:
        if c not in trees:
            v = draw(st.integers(0, blank_odds))
            if v == 1:
                marks[c] = "tent"
            elif v == 2:
                marks[c] = "grass"
    links: list[tuple[Cell, Cell]] = []
    used: set[Cell] = set()
    for t in sorted(trees):
        options = [x for x in neighbours4(t) if marks.get(x) == "tent" and x not in used]
        if options and draw(st.booleans()):
            x = draw(st.sampled_from(options))
            links.append((t, x))
            used.add(x)
    return inst, Board(marks, frozenset(links))
