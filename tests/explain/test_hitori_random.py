"""Explanations of random small Hitori puzzles: sound whatever the puzzle.

A puzzle is built the way Tatham's generator does it: a grid of numbers with no repeats in its
lines (a Latin rectangle), shaded cells laid at random (never touching, the rest connected),
and a copy of a number still unshaded in its row or column written under each shaded cell. So
it has a solution; whether it has only one is left to chance. Then it is explained:

* one solution: the explanation reaches it, each value set agreeing with it;
* several: it stops with "not unique", and every value it set holds in every solution (each
  step was re-proven, so none may guess);
* (and an unsolvable grid, drawn without the construction, ends in a contradiction).
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import aspuzzle
from aspuzzle.explain import Kind, explain
from aspuzzle.puzzles.hitori.formats import write_text
from aspuzzle.puzzles.hitori.model import (
    Cell,
    HitoriInstance,
    HitoriSolution,
    make_instance,
    neighbours4,
    verify,
)


def _connected(cells: set[Cell]) -> bool:
    if not cells:
        return True
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        for n in neighbours4(todo.pop()):
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)


def build(h: int, w: int, seed: int) -> HitoriInstance:
    rnd = random.Random(seed)
    n = max(h, w)
    base = list(range(1, n + 1))
    rnd.shuffle(base)
    shift = list(range(n))
    rnd.shuffle(shift)
    grid = [[base[(shift[r] + c) % n] for c in range(w)] for r in range(h)]
    cells = [(r, c) for r in range(1, h + 1) for c in range(1, w + 1)]
    shaded: set[Cell] = set()
    for cell in rnd.sample(cells, len(cells)):
        if any(nb in shaded for nb in neighbours4(cell)):
            continue
        if rnd.random() < 0.5 and _connected(set(cells) - shaded - {cell}):
            shaded.add(cell)
    for r, c in sorted(shaded):
        seen = [grid[r - 1][k - 1] for k in range(1, w + 1) if (r, k) not in shaded]
        seen += [grid[k - 1][c - 1] for k in range(1, h + 1) if (k, c) not in shaded]
        if seen:
            grid[r - 1][c - 1] = rnd.choice(seen)
    return make_instance(grid)


def _check(inst: HitoriInstance) -> str:
    loaded = aspuzzle.loads(write_text(inst), type="hitori")
    result = aspuzzle.solve(loaded, max_solutions=50)
    e = explain(inst)
    cells: dict[Cell, str] = {}
    for step in e.steps:
        assert step.kind is not Kind.CONTRADICTION or e.status == "contradiction"
        for cell, value in step.sets:
            assert cell not in cells, f"{step.rule} sets {cell} again"
            cells[cell] = value
    shaded = frozenset(c for c, v in cells.items() if v == "shaded")
    if result.status is aspuzzle.Status.UNIQUE:
        assert e.solved, e.note
        (sol,) = result.solutions
        assert shaded == sol.shaded
        assert verify(inst, HitoriSolution(shaded)) == []
    elif result.status is aspuzzle.Status.NONE:
        assert e.status == "contradiction", e.note
    else:
        assert e.status == "not unique", e.note
        for sol in result.solutions:
            assert all((v == "shaded") == (c in sol.shaded) for c, v in cells.items())
    return str(result.status)


@settings(max_examples=70, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 6), st.integers(2, 6), st.integers(0, 2**32))
def test_random_puzzles_are_explained_soundly(h: int, w: int, seed: int) -> None:
    _check(build(h, w, seed))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(1, 5), st.integers(2, 5), st.data())
def test_random_grids_with_or_without_a_solution(h: int, w: int, data: st.DataObject) -> None:
    k = data.draw(st.integers(1, max(h, w)))
    rows = [[data.draw(st.integers(1, k)) for _ in range(w)] for _ in range(h)]
    _check(make_instance(rows))


def test_the_construction_gives_unique_puzzles_often_enough() -> None:
    statuses = [_check(build(5, 5, seed)) for seed in range(12)]
    assert statuses.count("unique") >= 3, statuses
