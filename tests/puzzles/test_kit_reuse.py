"""Kit types on one program grounded per size (the kit's shared program: Skyscrapers with its
outside clues as externals, ``clue_top(I, V)`` ..., Sudoku with its regions in the program):
every verdict and answer is the one encoding.lp gives a puzzle grounded afresh, for Tatham's
puzzles and for random ones that have several solutions or none."""

from __future__ import annotations

import random

import pytest

import aspuzzle
from aspuzzle.api import Loaded
from aspuzzle.engine import Status
from aspuzzle.errors import InputError
from aspuzzle.kit.model import edge_places, make
from aspuzzle.kit.textgrid import boxes
from aspuzzle.puzzles.skyscrapers import PUZZLE as SKY
from aspuzzle.puzzles.sudoku import PUZZLE as SUDOKU
from tests.conftest import DATA, read_jsonl
from tests.puzzles.reuse_compare import same_in_both_orders

pytestmark = pytest.mark.usefixtures("fresh_programs")


def _random_skyscrapers(count: int, seed: int) -> list[Loaded]:
    rng = random.Random(seed)
    out: list[Loaded] = []
    for _ in range(count):
        n = rng.randint(3, 5)
        rows = [[("empty", None)] * n for _ in range(n)]
        for _ in range(rng.randint(0, 2)):
            rows[rng.randrange(n)][rng.randrange(n)] = ("given", rng.randint(1, n))
        edges = [rng.randint(1, n) if rng.random() < 0.35 else None
                 for _ in edge_places(n, n)]
        inst = make(SKY.spec, rows, edges=edges)
        SKY.validate(inst)
        out.append(Loaded(SKY, inst, "random", f"random {len(out)}"))
    return out


def test_skyscrapers_tatham_puzzles_same_as_fresh() -> None:
    recs = read_jsonl(DATA / "skyscrapers" / "tatham.jsonl")
    puzzles = [aspuzzle.loads(rec["id"]) for rec in recs if int(rec["id"].split("d")[0]) <= 6]
    same_in_both_orders(puzzles)


def test_skyscrapers_several_solutions_and_none_same_as_fresh() -> None:
    expected = same_in_both_orders(_random_skyscrapers(120, seed=4))
    assert {s for s, _ in expected} == {Status.UNIQUE, Status.MULTIPLE, Status.NONE}


def _random_sudoku(count: int, seed: int) -> list[Loaded]:
    """4x4 and 6x6 grids with a few givens, boxes or a jigsaw of rows (one region a row)."""
    rng = random.Random(seed)
    out: list[Loaded] = []
    for _ in range(count):
        n = rng.choice((4, 6))
        rows = [[("empty", None)] * n for _ in range(n)]
        for _ in range(rng.randint(0, 2 * n)):
            rows[rng.randrange(n)][rng.randrange(n)] = ("given", rng.randint(1, n))
        regions = boxes(n) if rng.random() < 0.7 else [r + 1 for r in range(n) for _ in range(n)]
        try:
            inst = make(SUDOKU.spec, rows, regions=regions)
        except InputError:  # a digit twice in a line
            continue
        out.append(Loaded(SUDOKU, inst, "random", f"random {len(out)}"))
    return out


def test_sudoku_tatham_puzzles_same_as_fresh() -> None:
    recs = read_jsonl(DATA / "sudoku" / "tatham.jsonl")
    same_in_both_orders([aspuzzle.loads(rec["id"]) for rec in recs])


def test_sudoku_several_solutions_and_none_same_as_fresh() -> None:
    expected = same_in_both_orders(_random_sudoku(120, seed=5))
    assert {s for s, _ in expected} == {Status.UNIQUE, Status.MULTIPLE, Status.NONE}


def test_skyscrapers_larger_than_7x7_are_grounded_afresh() -> None:
    """GridSpec.shared_up_to: on 8x8 a shared program solves slower than a fresh grounding."""
    from aspuzzle.puzzles import SolveOptions

    by_size = {int(rec["id"].split("d")[0]): rec["id"]
               for rec in read_jsonl(DATA / "skyscrapers" / "tatham.jsonl")}
    assert SKY.reuse(aspuzzle.loads(by_size[7]).instance, SolveOptions()) is not None
    assert SKY.reuse(aspuzzle.loads(by_size[8]).instance, SolveOptions()) is None
