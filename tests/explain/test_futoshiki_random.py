"""Explanations of random small Futoshiki puzzles never contradict their unique solution.

The puzzles are made here, seeded: a random Latin square, random signs that agree with it
(or, in adjacent mode, every bar it calls for), and given digits added in random order until
the solver finds exactly one solution. Every step of the explanation agrees with that solution
(each was also re-proven by clingo), and the explanation ends solved.
"""

from __future__ import annotations

import random

import pytest

import aspuzzle
from aspuzzle import Status
from aspuzzle.api import Loaded
from aspuzzle.explain import Kind, explain
from aspuzzle.puzzles.futoshiki import PUZZLE
from aspuzzle.puzzles.futoshiki.model import FutoshikiInstance, neighbour_pairs

Grid = list[list[int]]


def latin_square(n: int, rng: random.Random) -> Grid:
    rows = list(range(n))
    cols = list(range(n))
    symbols = list(range(1, n + 1))
    rng.shuffle(rows)
    rng.shuffle(cols)
    rng.shuffle(symbols)
    return [[symbols[(rows[r] + cols[c]) % n] for c in range(n)] for r in range(n)]


def unique(inst: FutoshikiInstance) -> bool:
    return aspuzzle.solve(Loaded(PUZZLE, inst, "text")).status is Status.UNIQUE


def random_puzzle(n: int, rng: random.Random, *, adjacent: bool = False,
                  signs: float = 0.3) -> tuple[FutoshikiInstance, Grid]:
    """A puzzle with exactly one solution, and that solution."""
    grid = latin_square(n, rng)

    def at(cell: tuple[int, int]) -> int:
        return grid[cell[0] - 1][cell[1] - 1]

    pairs = neighbour_pairs(n)
    greater: frozenset[tuple[tuple[int, int], tuple[int, int]]] = frozenset()
    bars: frozenset[tuple[tuple[int, int], tuple[int, int]]] = frozenset()
    if adjacent:
        bars = frozenset((a, b) for a, b in pairs if abs(at(a) - at(b)) == 1)
    else:
        chosen = rng.sample(pairs, int(len(pairs) * signs))
        greater = frozenset((a, b) if at(a) > at(b) else (b, a) for a, b in chosen)
    cells = [(r, c) for r in range(1, n + 1) for c in range(1, n + 1)]
    rng.shuffle(cells)
    givens: set[tuple[int, int, int]] = set()
    inst = FutoshikiInstance(n, frozenset(), greater, adjacent, bars)
    while not unique(inst):
        r, c = cells.pop()
        givens.add((r, c, grid[r - 1][c - 1]))
        inst = FutoshikiInstance(n, frozenset(givens), greater, adjacent, bars)
    return inst, grid


SEEDS = [(seed, n, adjacent) for seed, (n, adjacent) in enumerate(
    [(4, False), (4, True), (5, False), (5, True), (5, False), (6, False), (6, True),
     (5, False), (4, False), (6, False), (5, True), (5, False)])]


@pytest.mark.parametrize(("seed", "n", "adjacent"), SEEDS)
def test_steps_never_contradict_the_unique_solution(seed: int, n: int, adjacent: bool) -> None:
    inst, grid = random_puzzle(n, random.Random(seed), adjacent=adjacent)
    e = explain(inst)
    assert e.solved, e.note
    for step in e.steps:
        for (r, c, d), value in step.sets:
            assert (value == "yes") == (grid[r - 1][c - 1] == d), f"{step.rule}: {step.text}"
        for branch in step.branches:
            if branch.dead:
                assert branch.closed_by is not None
                assert branch.closed_by.kind in (Kind.CONTRADICTION, Kind.CASE)
