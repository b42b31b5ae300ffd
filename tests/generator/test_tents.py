"""The Tents generator: every puzzle re-solved from its printed form, unique with the printed
solution, of exactly the tier asked, the same for the same seed; --minimal clue by clue."""

from __future__ import annotations

import subprocess
import sys
from functools import cache

import pytest

import aspuzzle
from aspuzzle.diagnosis import ClueSolver
from aspuzzle.difficulty import Tier, grade
from aspuzzle.engine import Status
from aspuzzle.errors import InputError, UsageError
from aspuzzle.generator import Generated, generate_one, generator_for, make_request

CASES = [("6x6", "direct", 3), ("8x8", "case", 4), ("9x6", "direct", 5), ("10x7", "case", 6),
         ("10x10", "direct", 7)]
MINIMAL = [("6x6", "direct", 11), ("8x8", "case", 12)]


@cache
def made(size: str, tier: str, seed: int, minimal: bool = False) -> Generated:
    return generate_one(make_request("tents", size=size, difficulty=tier, minimal=minimal), seed)


def _tents(loaded: aspuzzle.Loaded) -> list[list[int]]:
    res = aspuzzle.solve(loaded)
    assert res.status is Status.UNIQUE
    tents: list[list[int]] = loaded.puzzle.solution_to_json(res.solutions[0])["tents"]
    return tents


@pytest.mark.parametrize(("size", "tier", "seed"), CASES)
def test_reread_unique_and_of_the_tier(size: str, tier: str, seed: int) -> None:
    g = made(size, tier, seed)
    w, h = (int(x) for x in size.split("x"))
    inst = g.loaded.instance
    assert (inst.width, inst.height) == (w, h)
    assert len(inst.trees) == w * h // 5  # Tatham's density
    printed = g.loaded.puzzle.solution_to_json(g.solution)["tents"]
    p = g.loaded.puzzle
    for fmt in ("tatham", "text", "puzzlink"):
        write = p.formats[fmt].write
        assert write is not None
        back = aspuzzle.loads(write(inst, None), type="tents")
        assert back.instance == inst
        assert _tents(back) == printed
        assert p.verify(back.instance, g.solution) == []
        again = grade(back)
        assert again.tier == Tier(tier)
        assert again.score == g.grade.score  # the generator's own grade is the grader's
    ident = p.formats["tatham"].write(inst, None)  # type: ignore[misc]
    assert ident.startswith(f"{size}d{'e' if tier == 'direct' else 't'}:")


@pytest.mark.parametrize(("size", "tier", "seed"), CASES[:2])
def test_tatham_id_reads_back_byte_identical(size: str, tier: str, seed: int) -> None:
    g = made(size, tier, seed)
    write = g.loaded.puzzle.formats["tatham"].write
    assert write is not None
    ident = write(g.loaded.instance, None)
    back = aspuzzle.loads(ident, type="tents")
    assert write(back.instance, None) == ident


def test_same_seed_same_puzzle_here_and_in_a_fresh_interpreter() -> None:
    first = made("8x8", "case", 4).to_json("tatham")["puzzle"]
    again = generate_one(make_request("tents", size="8x8", difficulty="case"), 4)
    assert again.to_json("tatham")["puzzle"] == first
    code = ("from aspuzzle.generator import generate_one, make_request; "
            "print(generate_one(make_request('tents', size='8x8', difficulty='case'), 4)"
            ".to_json('tatham')['puzzle'])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=120)
    assert out.stdout.strip() == first
    other = generate_one(make_request("tents", size="8x8", difficulty="case"), 5)
    assert other.to_json("tatham")["puzzle"] != first


@pytest.mark.parametrize(("size", "tier", "seed"), MINIMAL)
def test_minimal_every_remaining_count_is_needed(size: str, tier: str, seed: int) -> None:
    g = made(size, tier, seed, True)
    inst = g.loaded.instance
    assert None in inst.row_clues + inst.col_clues
    p = g.loaded.puzzle
    printed = p.solution_to_json(g.solution)["tents"]
    for fmt in ("text", "puzzlink"):
        write = p.formats[fmt].write
        assert write is not None
        back = aspuzzle.loads(write(inst, None), type="tents")
        assert back.instance == inst
        assert _tents(back) == printed
        assert grade(back).tier == Tier(tier)
    # formats that need every count say so in one line
    for fmt in ("tatham", "legup"):
        write = p.formats[fmt].write
        assert write is not None
        with pytest.raises(InputError, match="need every clue"):
            write(inst, None)
    clues = p.clues(inst)
    solver = ClueSolver(g.loaded, clues)
    lines = [i for i, c in enumerate(clues.items) if c.id.startswith(("row ", "column "))]
    assert lines
    everything = range(len(clues.items))
    for i in lines:
        res = solver.g.solve(2, assumptions=solver.on(j for j in everything if j != i))
        assert len(res.answers) == 2, clues.items[i].id


def test_removable_are_the_line_counts() -> None:
    gen = generator_for("tents")
    request = make_request("tents", size="6x6", minimal=True)
    loaded = made("6x6", "direct", 3).loaded
    ids = {c.id for c in loaded.puzzle.clues(loaded.instance).items
           if gen.removable(request, c)}
    assert ids == {f"row {r}" for r in range(1, 7)} | {f"column {c}" for c in range(1, 7)}


def test_sizes() -> None:
    gen = generator_for("tents")
    assert gen.parse_size("12x8") == (12, 8)
    assert gen.parse_size("10") == (10, 10)
    assert gen.default_size == (10, 10)
    assert gen.tiers == (Tier.DIRECT, Tier.CASE)


@pytest.mark.parametrize(("size", "tier", "message"), [
    ("3x3", "direct", "too small"),
    ("12x3", "case", "too small"),
    ("51x10", "direct", "too large"),
    ("4x4", "nested", "cannot be made at tier nested"),
    ("10x10", "nested", "cannot be made at tier nested"),
    ("ten", "direct", "is not N or WxH"),
    ("10x10", "hard", "unknown difficulty"),
])
def test_impossible_requests(size: str, tier: str, message: str) -> None:
    with pytest.raises(UsageError, match=message) as e:
        make_request("tents", size=size, difficulty=tier)
    assert "\n" not in str(e.value)
