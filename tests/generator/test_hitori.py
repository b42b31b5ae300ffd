"""The Hitori generator: every puzzle is read back from each printed form (text, Tatham
``singles`` ID, puzz.link URL), proven unique with the printed solution and graded at the tier
asked; seeds reproduce puzzles byte for byte, in this process and in a fresh one; impossible
requests are refused before any attempt."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

import aspuzzle
from aspuzzle.difficulty import Tier, grade
from aspuzzle.engine import Status
from aspuzzle.errors import UsageError
from aspuzzle.generator import Generated, generate, make_request
from aspuzzle.generator.base import Request
from aspuzzle.puzzles.hitori import PUZZLE
from aspuzzle.puzzles.hitori.generate import (
    GENERATOR,
    MAX_SIDE,
    MIN_SIDE,
    make_unique,
    numbers,
    other_solution,
    random_shading,
)
from aspuzzle.puzzles.hitori.model import HitoriSolution, verify

ROOT = Path(__file__).resolve().parents[2]
FORMATS = ("text", "tatham", "puzzlink")

# (size, tier, seed): squares and rectangles (wide and tall), both tiers, the smallest grid
CASES = [("8", "direct", 1), ("8", "case", 2), ("6x9", "direct", 3), ("9x5", "case", 4),
         ("3", "case", 5), ("12x10", "direct", 6)]


def _write(g: Generated, fmt: str) -> str:
    write = PUZZLE.formats[fmt].write
    assert write is not None
    return write(g.loaded.instance, None)


@pytest.fixture(scope="module")
def made() -> dict[tuple[str, str, int], Generated]:
    return {(size, tier, seed): generate("hitori", size=size, difficulty=tier, seed=seed)
            for size, tier, seed in CASES}


@pytest.mark.parametrize(("size", "tier", "seed"), CASES)
def test_printed_forms_read_back_unique_with_the_printed_solution(
        made: dict[tuple[str, str, int], Generated], size: str, tier: str, seed: int) -> None:
    g = made[(size, tier, seed)]
    w, h = GENERATOR.parse_size(size)
    assert (g.loaded.instance.width, g.loaded.instance.height) == (w, h)
    assert verify(g.loaded.instance, g.solution) == []
    printed = PUZZLE.solution_to_json(g.solution)
    for fmt in FORMATS:
        back = aspuzzle.loads(_write(g, fmt), type="hitori")
        assert back.format == fmt
        assert back.instance.grid == g.loaded.instance.grid
        res = aspuzzle.solve(back)
        assert res.status is Status.UNIQUE
        assert PUZZLE.solution_to_json(res.solutions[0]) == printed
    # numbers up to max(W, H), as Tatham's own program wants them
    assert max(max(row) for row in g.loaded.instance.grid) <= max(w, h)


@pytest.mark.parametrize(("size", "tier", "seed"), CASES)
def test_grade_is_the_tier_asked(made: dict[tuple[str, str, int], Generated], size: str,
                                 tier: str, seed: int) -> None:
    g = made[(size, tier, seed)]
    assert g.grade.tier is Tier(tier)
    # graded again from the printed ID, by the same engine that `rate` uses
    again = grade(aspuzzle.loads(_write(g, "tatham"), type="hitori"))
    assert again.graded and again.tier is Tier(tier)
    assert again.score == g.grade.score


def test_tatham_ids_and_urls_write_back_byte_identical(
        made: dict[tuple[str, str, int], Generated]) -> None:
    for g in made.values():
        for fmt in ("tatham", "puzzlink"):
            text = _write(g, fmt)
            back = aspuzzle.loads(text, type="hitori")
            write = PUZZLE.formats[fmt].write
            assert write is not None
            assert write(back.instance, None) == text


def test_same_seed_same_puzzle(made: dict[tuple[str, str, int], Generated]) -> None:
    again = generate("hitori", size="8", difficulty="case", seed=2)
    assert _write(again, "tatham") == _write(made[("8", "case", 2)], "tatham")
    assert again.to_json()["solution"] == made[("8", "case", 2)].to_json()["solution"]
    other = generate("hitori", size="8", difficulty="case", seed=3)
    assert _write(other, "tatham") != _write(again, "tatham")


def test_same_seed_same_puzzle_in_a_fresh_process(
        made: dict[tuple[str, str, int], Generated]) -> None:
    code = ("from aspuzzle.generator import generate; from aspuzzle.puzzles.hitori import PUZZLE;"
            "g = generate('hitori', size='6x9', difficulty='direct', seed=3);"
            "print(PUZZLE.formats['tatham'].write(g.loaded.instance, None))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, timeout=120, check=True)
    assert out.stdout.strip() == _write(made[("6x9", "direct", 3)], "tatham")


def test_convert_reads_the_generated_id(made: dict[tuple[str, str, int], Generated]) -> None:
    g = made[("9x5", "case", 4)]
    out = subprocess.run([sys.executable, "-m", "aspuzzle.cli", "convert", _write(g, "tatham"),
                          "--to", "puzzlink"], capture_output=True, text=True, cwd=ROOT,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == _write(g, "puzzlink")


def test_every_round_keeps_the_shading_a_solution() -> None:
    """The construction alone: the grid solves with the shading it was built on after every
    re-numbering, and make_unique's verdict is clingo's."""
    rng = random.Random(11)
    for w, h in ((5, 5), (7, 4)):
        shaded = random_shading(w, h, rng)
        assert shaded
        grid = numbers(w, h, shaded, rng, near=True)
        inst = aspuzzle.loads("\n".join(" ".join(map(str, row)) for row in grid),
                              type="hitori").instance
        assert verify(inst, HitoriSolution(shaded)) == []
        unique = make_unique(grid, shaded, rng, near=True)
        assert (other_solution(grid, shaded) is None) is unique


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"size": "2"}, "3x3 to 100x100, not 2x2"),
    ({"size": "5x2"}, "not 5x2"),
    ({"size": f"{MAX_SIDE + 1}x10"}, f"not {MAX_SIDE + 1}x10"),
    ({"size": "8y8"}, "is not N or WxH"),
    ({"size": "8", "minimal": True}, "--minimal does not apply to hitori"),
    ({"size": "8", "difficulty": "nested"}, "cannot be made at tier nested"),
    ({"size": "8", "difficulty": "hard"}, "unknown difficulty"),
])
def test_impossible_requests_are_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(UsageError, match=message) as err:
        make_request("hitori", **kwargs)  # type: ignore[arg-type]
    assert "\n" not in str(err.value)


def test_sizes_and_clues() -> None:
    assert GENERATOR.parse_size("8") == (8, 8)
    assert GENERATOR.parse_size("10x6") == (10, 6)
    assert GENERATOR.default_size == (8, 8)
    assert MIN_SIDE == 3
    request = Request("hitori", (8, 8), Tier.DIRECT)
    loaded = aspuzzle.loads("1 2 1\n2 1 2\n1 2 2", type="hitori")
    assert not any(GENERATOR.removable(request, c)
                   for c in PUZZLE.clues(loaded.instance).items)


def test_direct_closure_is_the_explanations_verdict_at_tier_direct() -> None:
    """The generator rejects a puzzle for tier case when the direct rules, applied all at once
    round by round, solve it: on unique random puzzles that is exactly when the explanation
    needs no case split; and a grade asked at the puzzle's tier is its full grade."""
    from aspuzzle.api import Loaded
    from aspuzzle.puzzles.hitori.generate import closes_directly
    from aspuzzle.puzzles.hitori.reasoning import HitoriReasoner
    from tests.explain.test_hitori_random import build

    seen = set()
    for seed in range(40):
        rnd = random.Random(seed)
        inst = build(rnd.randint(4, 8), rnd.randint(4, 8), 500 + seed)
        loaded = Loaded(PUZZLE, inst, "generated")
        full = grade(loaded)
        if not full.graded:
            continue  # not unique, or no solution: the generator never grades those
        assert full.tier is not None
        seen.add(full.tier)
        assert closes_directly(HitoriReasoner(inst)) is (full.tier is Tier.DIRECT)
        at = grade(loaded, at_most=full.tier)
        assert (at.tier, at.rules, at.score, at.steps) == \
            (full.tier, full.rules, full.score, full.steps)
        if full.tier is Tier.CASE:
            assert not grade(loaded, at_most=Tier.DIRECT).graded
    assert seen == {Tier.DIRECT, Tier.CASE}
