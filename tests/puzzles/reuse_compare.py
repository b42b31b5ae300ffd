"""Comparing a solve on a program shared by the puzzles of a size (aspuzzle.engine.reuse) with
a fresh grounding of the type's encoding: the helpers of test_hitori_reuse and
test_futoshiki_reuse (the fixture ``fresh_programs`` is in conftest.py)."""

from __future__ import annotations

from typing import Any

import clingo

from aspuzzle.api import Loaded, program
from aspuzzle.engine import Grounded, Status, reuse
from aspuzzle.puzzles import SolveOptions

Verdict = tuple[Status, list[Any]]


def fresh(loaded: Loaded) -> Verdict:
    """The verdict and answers of the encoding grounded afresh for the puzzle."""
    res = Grounded(program(loaded)).solve(2)
    return res.status, [loaded.puzzle.from_model(loaded.instance, sorted(a))
                        for a in res.answers]


def shared(loaded: Loaded) -> Verdict:
    """The verdict and answers of the puzzle solved on its size's shared program."""
    puzzle, inst = loaded.puzzle, loaded.instance
    spec = puzzle.reuse(inst, SolveOptions())

    def read(m: clingo.Model) -> Any:
        return puzzle.from_model(inst, m.symbols(shown=True))

    res = reuse.solve(spec, read, 2, None)
    assert res is not None, "solved on the shared program"
    return res.status, list(res.answers)


def same(loaded: Loaded, got: Verdict, expected: Verdict) -> None:
    """Do two verdicts agree (for several solutions: any two different solutions)?"""
    status, answers = got
    assert status is expected[0], loaded.source
    if status is Status.MULTIPLE:
        # which two come first depends on the solver's state (aspuzzle.solve lists a fresh
        # grounding's two): two different solutions of the puzzle
        assert len(answers) == 2 and answers[0] != answers[1]
        for a in answers:
            assert loaded.puzzle.verify(loaded.instance, a) == [], loaded.source
    else:
        assert answers == expected[1], loaded.source


def same_in_both_orders(puzzles: list[Loaded]) -> list[Verdict]:
    """Each puzzle solved on its shared program gives the fresh grounding's verdict, asked in
    order and again in reverse (a puzzle's own constraints hold for its solve only); the fresh
    verdicts."""
    expected = [fresh(p) for p in puzzles]
    for loaded, exp in [*zip(puzzles, expected, strict=True),
                        *reversed(list(zip(puzzles, expected, strict=True)))]:
        same(loaded, shared(loaded), exp)
    return expected
