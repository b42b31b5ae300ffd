"""Explanations of random small logic grids are sound, whatever the puzzle.

A random solution is drawn (3 or 4 categories of 3 or 4 values, the first numeric so that the
ordering clues apply), then clues true of it, of every kind, are drawn and added until the
puzzle has one solution (or, now and then, stopped before). A puzzle with
one solution must be explained to it, every cell set once and to its value there; a puzzle
with several must stop at "not unique" (or go on with case splits where every surviving branch
agrees), every cell set agreeing with all of its solutions.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import aspuzzle
from aspuzzle.api import Loaded
from aspuzzle.explain import Kind, explain
from aspuzzle.puzzles.logicgrid import PUZZLE
from aspuzzle.puzzles.logicgrid.model import (
    Apart,
    Before,
    Category,
    Clue,
    LogicGridInstance,
    NotSame,
    OneOf,
    Ref,
    Same,
)
from aspuzzle.puzzles.logicgrid.reasoning import LogicGridReasoner

NAMES = [("House", ()), ("Name", ("Ann", "Bob", "Cy", "Di")),
         ("Color", ("red", "green", "blue", "white")), ("Pet", ("cat", "dog", "fish", "bird"))]


@st.composite
def puzzles(draw: st.DrawFn) -> tuple[LogicGridInstance, dict[Ref, int]]:
    k = draw(st.integers(3, 4))
    n = draw(st.integers(3, 4))
    cats = [Category("House", tuple(range(1, n + 1)))]
    cats += [Category(name, values[:n]) for name, values in NAMES[1:k]]
    entity: dict[Ref, int] = {}
    for c in cats:
        order = draw(st.permutations(range(n))) if c.name != "House" else list(range(n))
        for v, e in zip(c.values, order, strict=True):
            entity[Ref(c.name, v)] = e
    refs = list(entity)
    house = {e: h for h, e in ((r.value, entity[r]) for r in refs if r.category == "House")}
    clues: list[Clue] = []
    for _ in range(8 * n):
        a, b = draw(st.sampled_from(refs)), draw(st.sampled_from(refs))
        if a.category == b.category:
            continue
        ha, hb = int(house[entity[a]]), int(house[entity[b]])
        kind = draw(st.sampled_from(["same", "order", "apart", "one_of", "either"]))
        num = len(clues) + 1
        if kind == "same":
            clues.append((Same if ha == hb else NotSame)(num, "", a, b))
        elif kind == "order" and ha != hb:
            x, y = (a, b) if ha < hb else (b, a)
            exact = draw(st.booleans())
            clues.append(Before(num, "", x, y, "House", abs(hb - ha) if exact else None))
        elif kind == "apart" and ha != hb:
            clues.append(Apart(num, "", a, b, "House", abs(hb - ha)))
        elif kind in ("one_of", "either"):
            others = [r for r in refs if r.category != a.category and entity[r] != entity[a]
                      and r != b]
            if not others:
                continue
            true = next(r for r in refs if r.category == b.category
                        and entity[r] == entity[a])
            wrong = draw(st.sampled_from(others))
            if wrong == true:
                continue
            options = (true, wrong) if draw(st.booleans()) else (wrong, true)
            clues.append(OneOf(num, "", a, options, exclusive=kind == "either"))
    return LogicGridInstance(tuple(cats), tuple(clues)), entity


def _unique_prefix(inst: LogicGridInstance, stop: int) -> tuple[LogicGridInstance,
                                                                 aspuzzle.Result]:
    """The puzzle with its first clues only: as few as give one solution, or ``stop``."""
    result = aspuzzle.solve(Loaded(PUZZLE, inst, ""), max_solutions=50)
    for k in range(1, len(inst.clues) + 1):
        part = inst._replace(clues=inst.clues[:k])
        result = aspuzzle.solve(Loaded(PUZZLE, part, ""), max_solutions=50)
        if result.status is aspuzzle.Status.UNIQUE or k == stop:
            return part, result
    return inst, result


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(puzzles(), st.integers(0, 40))
def test_random_puzzles_are_explained_soundly(case: tuple[LogicGridInstance, dict[Ref, int]],
                                              stop: int) -> None:
    inst, entity = case
    PUZZLE.validate(inst)
    # mostly puzzles with one solution; some stopped early, with several
    inst, result = _unique_prefix(inst, stop)
    rs = LogicGridReasoner(inst)
    solutions = [rs.solution_board(s) for s in result.solutions]
    assert solutions  # the drawn solution is one
    e = explain(inst, reasoner=rs)
    cells: dict[object, str] = {}

    def replay(steps: object) -> None:
        for step in steps:  # type: ignore[attr-defined]
            assert step.kind is not Kind.CONTRADICTION
            for key, value in step.sets:
                assert key not in cells, f"{step.rule} sets {key} again"
                # what a step sets holds in every solution
                assert all(s.cells[key] == value for s in solutions), step.text
                cells[key] = value

    replay(e.steps)
    if result.status is aspuzzle.Status.UNIQUE:
        assert e.solved, e.note
        assert e.end.cells == solutions[0].cells
        # the drawn solution
        for (a, b), value in e.end.cells.items():
            assert (entity[Ref(*a)] == entity[Ref(*b)]) == (value == "true")
    else:
        assert e.status == "not unique", e.note
