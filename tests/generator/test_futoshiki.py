"""The Futoshiki generator: every puzzle is read back from each printed form (text, Tatham
``unequal`` ID, seed-style facts), proven unique with the printed solution and graded at the
tier asked; seeds reproduce puzzles byte for byte, in this process and in a fresh one;
``--minimal`` puzzles lose uniqueness without any one of their givens or signs; impossible
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
from aspuzzle.puzzles.futoshiki import PUZZLE
from aspuzzle.puzzles.futoshiki.generate import (
    GENERATOR,
    latin_square,
    splits_needed,
)
from aspuzzle.puzzles.futoshiki.model import FutoshikiInstance, verify

ROOT = Path(__file__).resolve().parents[2]
FORMATS = ("text", "tatham", "facts")

# (size, tier, adjacent, minimal, seed): both modes, every tier made in a few seconds, the
# smallest grid, 9x9 and 10x10 (two-digit numbers in the text), minimal puzzles of both modes
CASES = [("5", "direct", False, False, 1), ("6", "case", False, False, 2),
         ("9", "case", False, False, 9), ("10", "direct", False, False, 10),
         ("9x9", "direct", False, False, 3), ("7", "case", False, False, 4),
         ("4", "direct", True, False, 5), ("6", "case", True, False, 6),
         ("6", "case", False, True, 7), ("5", "direct", True, True, 8),
         ("7", "nested", True, False, 2)]
Key = tuple[str, str, bool, bool, int]


def _write(g: Generated, fmt: str) -> str:
    write = PUZZLE.formats[fmt].write
    assert write is not None
    return write(g.loaded.instance, None)


@pytest.fixture(scope="module")
def made() -> dict[Key, Generated]:
    return {(size, tier, adj, minimal, seed):
            generate("futoshiki", size=size, difficulty=tier, adjacent=adj, minimal=minimal,
                     seed=seed)
            for size, tier, adj, minimal, seed in CASES}


@pytest.mark.parametrize("key", CASES)
def test_printed_forms_read_back_unique_with_the_printed_solution(
        made: dict[Key, Generated], key: Key) -> None:
    g = made[key]
    inst = g.loaded.instance
    n, _ = GENERATOR.parse_size(key[0])
    assert inst.size == n and inst.adjacent is key[2]
    assert verify(inst, g.solution) == []
    printed = PUZZLE.solution_to_json(g.solution)
    for fmt in FORMATS:
        back = aspuzzle.loads(_write(g, fmt), type="futoshiki")
        assert back.format == fmt
        assert back.instance == inst
        res = aspuzzle.solve(back)
        assert res.status is Status.UNIQUE
        assert PUZZLE.solution_to_json(res.solutions[0]) == printed


@pytest.mark.parametrize("key", CASES)
def test_grade_is_the_tier_asked(made: dict[Key, Generated], key: Key) -> None:
    g = made[key]
    assert g.grade.tier is Tier(key[1])
    # graded again from the printed ID, by the same engine that `rate` uses
    again = grade(aspuzzle.loads(_write(g, "tatham"), type="futoshiki"))
    assert again.graded and again.tier is Tier(key[1])
    assert again.score == g.grade.score


@pytest.mark.parametrize("key", CASES)
def test_tatham_ids_read_back_and_write_the_same_bytes(made: dict[Key, Generated],
                                                       key: Key) -> None:
    text = _write(made[key], "tatham")
    assert text.startswith(f"{made[key].loaded.instance.size}{'a' if key[2] else ''}:")
    back = aspuzzle.loads(text, type="futoshiki")
    assert _write_of(back.instance) == text


def _write_of(inst: FutoshikiInstance) -> str:
    write = PUZZLE.formats["tatham"].write
    assert write is not None
    return write(inst, None)


@pytest.mark.parametrize("key", [k for k in CASES if k[3]])
def test_minimal_puzzles_need_every_given_and_sign(made: dict[Key, Generated],
                                                   key: Key) -> None:
    """Checked clue by clue with a solve of its own (not the driver's grounded-once check):
    without any one given or sign the puzzle has a second solution. In adjacent mode the
    bars and their absences stay (every pair of neighbours is a clue there)."""
    inst = made[key].loaded.instance
    assert inst.givens
    for given in inst.givens:
        fewer = inst._replace(givens=inst.givens - {given})
        assert aspuzzle.solve(aspuzzle.api.Loaded(PUZZLE, fewer, "t")).status \
            is Status.MULTIPLE, given
    for sign in inst.greater:
        fewer = inst._replace(greater=inst.greater - {sign})
        assert aspuzzle.solve(aspuzzle.api.Loaded(PUZZLE, fewer, "t")).status \
            is Status.MULTIPLE, sign


def test_same_seed_same_puzzle(made: dict[Key, Generated]) -> None:
    size, tier, adj, _, seed = CASES[1]
    again = generate("futoshiki", size=size, difficulty=tier, adjacent=adj, seed=seed)
    assert _write(again, "tatham") == _write(made[CASES[1]], "tatham")
    assert again.solution == made[CASES[1]].solution
    other = generate("futoshiki", size=size, difficulty=tier, adjacent=adj, seed=seed + 100)
    assert _write(other, "tatham") != _write(again, "tatham")


def test_same_seed_same_puzzle_in_a_fresh_process(made: dict[Key, Generated]) -> None:
    """Python's hash seed, clingo's state, import order: nothing but the seed matters. The
    printed ID is then read by ``aspuzzle convert`` (another fresh process) into text that
    reads back as the same puzzle."""
    fresh = [CASES[1], next(k for k in CASES if k[2] and k[1] == "case" and not k[3])]
    expected = {_write(made[k], "tatham") for k in fresh}
    got = set()
    for size, tier, adj, _, seed in fresh:
        args = [sys.executable, "-m", "aspuzzle.cli", "generate", "futoshiki", "--size", size,
                "--difficulty", tier, "--seed", str(seed)] + (["--adjacent"] if adj else [])
        out = subprocess.run(args, capture_output=True, text=True, timeout=120, cwd=ROOT,
                             env={"PYTHONHASHSEED": "123", "PATH": ""}, check=True)
        got.add(out.stdout.strip())
    assert got == expected
    for text in sorted(got):
        conv = subprocess.run([sys.executable, "-m", "aspuzzle.cli", "convert", text,
                               "--type", "futoshiki", "--to", "text"],
                              capture_output=True, text=True, timeout=120, cwd=ROOT, check=True)
        back = aspuzzle.loads(conv.stdout, type="futoshiki")
        assert _write_of(back.instance) == text


def test_latin_square_is_one_and_follows_the_seed() -> None:
    for n in (4, 7, 12):
        sq = latin_square(n, random.Random(n))
        assert verify(FutoshikiInstance(n), sq) == []
        assert sq == latin_square(n, random.Random(n))
    assert latin_square(9, random.Random(1)) != latin_square(9, random.Random(2))


def test_the_closures_agree_with_the_grades_of_tathams_puzzles() -> None:
    """The case closure (the generator's guide to the tier) solves Tatham's Tricky and
    Extreme puzzles, which the explain engine grades direct and case; his Easy ones need no
    split at all."""
    from tests.conftest import DATA, read_jsonl

    for rec in read_jsonl(DATA / "futoshiki" / "unequal.jsonl"):
        inst = aspuzzle.loads(rec["id"], type="futoshiki").instance
        splits = splits_needed(inst)
        assert splits is not None, rec["id"]
        if "de:" in rec["id"]:
            assert splits == 0, rec["id"]


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"size": "3"}, "4x4 to 12x12, not 3x3"),
    ({"size": "13"}, "4x4 to 12x12, not 13x13"),
    ({"size": "6x7"}, "square"),
    ({"size": "nine"}, "not N or WxH"),
    ({"size": "4", "difficulty": "case"}, "not made at tier case"),
    ({"size": "9", "difficulty": "nested"}, "choose --size 10 or more"),
    ({"size": "6", "difficulty": "nested", "adjacent": True}, "choose --size 7 or more"),
    ({"size": "6", "difficulty": "hard"}, "unknown difficulty"),
    ({"size": "9", "minimal": True}, "made up to 8x8"),
    ({"size": "10", "adjacent": True}, "adjacent mode are made up to 9x9"),
    ({"size": "11", "difficulty": "case", "minimal": True}, "made up to 10x10"),
    ({"size": "9", "difficulty": "case", "minimal": True, "adjacent": True}, "up to 8x8"),
])
def test_impossible_requests_are_refused_before_any_attempt(kwargs: dict[str, object],
                                                            words: str) -> None:
    with pytest.raises(UsageError, match=words) as e:
        make_request("futoshiki", **kwargs)  # type: ignore[arg-type]
    assert "\n" not in str(e.value)


def test_cli_refuses_with_one_line_and_status_2() -> None:
    out = subprocess.run([sys.executable, "-m", "aspuzzle.cli", "generate", "futoshiki",
                          "--size", "13"], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and "12x12" in out.stderr
    assert "Traceback" not in out.stderr


def test_removable_clues_are_givens_and_signs() -> None:
    normal = make_request("futoshiki", size="5", minimal=True)
    adjacent = make_request("futoshiki", size="5", minimal=True, adjacent=True)
    inst = aspuzzle.loads("5a:1R,0L,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,",
                          type="futoshiki").instance
    clues = PUZZLE.clues(inst).items
    kinds = {c.id.split(" (")[0]: GENERATOR.removable(adjacent, c) for c in clues}
    assert kinds == {"given": True, "bar": False, "no bar": False}
    signs = PUZZLE.clues(aspuzzle.loads("4:1R,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,",
                                        type="futoshiki").instance).items
    assert all(GENERATOR.removable(normal, c) for c in signs)


def test_direct_closure_with_pair_rules_is_the_explanations_verdict() -> None:
    """A case-tier candidate is dropped when the rule files, pair rules too, applied all at once
    round by round solve it: on minimal puzzles that is exactly when the explanation needs no
    case split; a grade asked at the puzzle's tier is its full grade."""
    from aspuzzle.api import Loaded
    from aspuzzle.puzzles.futoshiki.generate import _minimal, _with, closes_directly
    from aspuzzle.puzzles.futoshiki.reasoning import FutoshikiReasoner

    rng = random.Random(5)
    seen = set()
    for _ in range(8):
        m = _minimal(rng.choice([5, 6]), False, rng)
        inst = _with(m.blank, [m.cands[j] for j in sorted(m.keep)])
        loaded = Loaded(PUZZLE, inst, "generated")
        full = grade(loaded)
        assert full.graded and full.tier is not None
        seen.add(full.tier)
        assert closes_directly(FutoshikiReasoner(inst)) is (full.tier is Tier.DIRECT)
        at = grade(loaded, at_most=full.tier)
        assert (at.tier, at.rules, at.score) == (full.tier, full.rules, full.score)
    assert seen == {Tier.DIRECT, Tier.CASE}
