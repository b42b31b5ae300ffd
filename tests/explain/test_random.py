"""Explanations of random small puzzles: sound and complete whatever the puzzle.

A random solution is drawn (trees, then one tent per tree by the solver), its clues are kept
or dropped at random, and the puzzle is explained. A unique puzzle must be explained to its
solution, each value set agreeing with it; a puzzle with several solutions must stop with
"not unique", every value set agreeing with *some* solution consistent with all of them.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import aspuzzle
from aspuzzle.explain import Kind, explain
from aspuzzle.puzzles.tents.formats import write_text
from aspuzzle.puzzles.tents.model import TentsInstance, TentsSolution, verify


@st.composite
def puzzles(draw: st.DrawFn) -> TentsInstance:
    h = draw(st.integers(2, 7))
    w = draw(st.integers(2, 7))
    cells = [(r, c) for r in range(1, h + 1) for c in range(1, w + 1)]
    trees = frozenset(draw(st.sets(st.sampled_from(cells), min_size=1, max_size=h * w // 3)))
    bare = TentsInstance(h, w, trees, (None,) * h, (None,) * w)
    sol = aspuzzle.solve(aspuzzle.loads(write_text(bare), type="tents"), max_solutions=1)
    if not sol.solutions:
        return bare  # no tent pairing at all: an unsolvable puzzle is fine too
    tents = sol.solutions[0].tents
    rows = tuple(sum(1 for t in tents if t[0] == r) if draw(st.integers(0, 4)) else None
                 for r in range(1, h + 1))
    cols = tuple(sum(1 for t in tents if t[1] == c) if draw(st.integers(0, 4)) else None
                 for c in range(1, w + 1))
    return TentsInstance(h, w, trees, rows, cols)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(puzzles())
def test_random_puzzles_are_explained_soundly(inst: TentsInstance) -> None:
    result = aspuzzle.solve(aspuzzle.loads(write_text(inst), type="tents"))
    e = explain(inst)
    if result.status is aspuzzle.Status.NONE:
        assert e.status == "contradiction"
        return
    cells: dict[tuple[int, int], str] = {}
    for step in e.steps:
        assert step.kind is not Kind.CONTRADICTION
        for cell, value in step.sets:
            assert cell not in cells
            cells[cell] = value
    # what the steps set is part of some solution
    tents = frozenset(c for c, v in cells.items() if v == "tent")
    if result.status is aspuzzle.Status.UNIQUE:
        assert e.solved, e.note
        (sol,) = result.solutions
        assert tents == sol.tents
        assert verify(inst, TentsSolution(tents)) == []
    else:
        assert e.status == "not unique", e.note
        # every value set holds in every solution from the start (each step was re-proven):
        # in particular, the two solutions found agree with all of them
        for sol in result.solutions:
            assert all((v == "tent") == (c in sol.tents) for c, v in cells.items())
