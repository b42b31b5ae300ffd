"""The Python transcription of the rules (used to probe case splits) finds exactly what the rule
files find, rule by rule, on random boards of random puzzles (normal and adjacent mode)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from aspuzzle.explain import Board, Kind
from aspuzzle.puzzles.futoshiki.reasoning import FutoshikiReasoner
from aspuzzle.puzzles.futoshiki.rules import CATALOGUE, LATER, STRONG
from aspuzzle.puzzles.futoshiki.rules.fast import CONTRADICTIONS, DIRECT, FastRules
from tests.explain.test_futoshiki_random import random_puzzle

LIGHT = [r for r in CATALOGUE if r.kind is not Kind.CASE and r.id not in LATER | STRONG]


def test_every_rule_probes_use_is_transcribed() -> None:
    assert {r.id for r in LIGHT} == set(DIRECT) | set(CONTRADICTIONS)


def random_board(grid: list[list[int]], n: int, rng: random.Random, wrong: float
                 ) -> Board:
    """Some of the solution's digits and struck-out candidates, and now and then a wrong
    one (so that contradiction rules fire too)."""
    cells: dict[Any, str] = {}
    for r in range(1, n + 1):
        for c in range(1, n + 1):
            d = grid[r - 1][c - 1]
            x = rng.random()
            if x < 0.2:
                cells[(r, c, d if rng.random() > wrong else rng.randint(1, n))] = "yes"
            elif x < 0.6:
                for e in range(1, n + 1):
                    if rng.random() < 0.4 and (e != d or rng.random() < wrong):
                        cells[(r, c, e)] = "no"
    return Board(cells)


@pytest.mark.parametrize("seed", range(12))
def test_a_round_of_the_transcription_equals_the_rule_files(seed: int) -> None:
    rng = random.Random(1000 + seed)
    n = rng.choice([4, 5, 6])
    inst, grid = random_puzzle(n, rng, adjacent=seed % 3 == 2, signs=0.4)
    given = {(r, c) for r, c, _ in inst.givens}
    rs = FutoshikiReasoner(inst, rules=LIGHT)
    fast = FastRules(inst, [r.id for r in LIGHT])
    for k in range(8):
        board = random_board(grid, n, rng, wrong=0.0 if k < 4 else 0.15)
        board = Board({key: v for key, v in board.cells.items() if key[:2] not in given})
        hits = rs.hits(board)
        fired = {h.rule.id for h in hits if h.rule.kind is Kind.CONTRADICTION}
        found: dict[str, set[Any]] = {}
        for h in hits:
            if h.rule.kind is Kind.DIRECT:
                found.setdefault(h.rule.id, set()).update(
                    kv for kv in h.sets if board.cells.get(kv[0]) != kv[1])
        fast_fired, fast_found = fast.round(board.cells)
        assert fast_fired == fired, (seed, k)
        assert {r: s for r, s in fast_found.items() if s} == \
            {r: s for r, s in found.items() if s}, (seed, k)


def test_the_transcription_follows_the_chosen_rules() -> None:
    rng = random.Random(7)
    inst, _ = random_puzzle(5, rng)
    fast = FastRules(inst, ["naked_single"])
    _, found = fast.round({})
    assert set(found) <= {"naked_single"}
