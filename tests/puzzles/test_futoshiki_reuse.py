"""Futoshiki on one program grounded per size and mode (reuse.lp, reuse-adjacent.lp): every
verdict and answer is the one encoding.lp gives a puzzle grounded afresh. The sign externals
are free (a sign the puzzle lacks may be taken either way), the bar externals false."""

from __future__ import annotations

import random
from typing import Any

import clingo
import pytest

import aspuzzle
from aspuzzle.api import Loaded, program
from aspuzzle.engine import Grounded, Status, reuse
from aspuzzle.puzzles import SolveOptions
from aspuzzle.puzzles.futoshiki import PUZZLE, FutoshikiInstance, FutoshikiSolution
from aspuzzle.puzzles.futoshiki.model import neighbour_pairs
from tests.conftest import DATA, EXAMPLES, ROOT, read_jsonl
from tests.puzzles.reuse_compare import fresh, same, same_in_both_orders, shared

pytestmark = pytest.mark.usefixtures("fresh_programs")


def _random(count: int, seed: int) -> list[Loaded]:
    """Small grids with a few givens and marks: many have several solutions or none."""
    rng = random.Random(seed)
    out: list[Loaded] = []
    for _ in range(count):
        n = rng.randint(3, 5)
        adjacent = rng.random() < 0.3
        cells = [(r, c) for r in range(1, n + 1) for c in range(1, n + 1)]
        givens = {(r, c, rng.randint(1, n)) for r, c in rng.sample(cells, rng.randint(0, n))}
        pairs = rng.sample(neighbour_pairs(n), rng.randint(0, n + 2))
        if adjacent:
            inst = FutoshikiInstance(n, frozenset(givens), adjacent=True, bars=frozenset(pairs))
        else:
            greater = frozenset((a, b) if rng.random() < 0.5 else (b, a) for a, b in pairs)
            inst = FutoshikiInstance(n, frozenset(givens), greater)
        PUZZLE.validate(inst)
        out.append(Loaded(PUZZLE, inst, "random", f"random {len(out)}"))
    return out


def test_corpus_same_as_fresh() -> None:
    puzzles = [aspuzzle.load(f) for f in sorted((EXAMPLES / "futoshiki").iterdir())]
    puzzles += [aspuzzle.loads(rec["id"], type="futoshiki")
                for rec in read_jsonl(DATA / "futoshiki" / "unequal.jsonl")]
    assert any(p.instance.adjacent for p in puzzles)
    assert any(not p.instance.adjacent for p in puzzles)
    expected = [fresh(p) for p in puzzles]
    for _ in range(2):  # again, on programs that have solved every other puzzle of their kind
        for loaded, exp in zip(puzzles, expected, strict=True):
            same(loaded, shared(loaded), exp)


def test_several_solutions_and_none_same_as_fresh() -> None:
    expected = same_in_both_orders(_random(160, seed=9))
    assert {s for s, _ in expected} == {Status.UNIQUE, Status.MULTIPLE, Status.NONE}


def test_tatham_9x9_extreme_recorded_answers() -> None:
    recs = read_jsonl(ROOT / "benchmarks" / "data" / "futoshiki-9x9dx.jsonl")[:6]
    for rec in recs * 2:
        loaded = aspuzzle.loads(rec["id"], type="futoshiki")
        status, answers = shared(loaded)
        assert status is Status.UNIQUE
        assert PUZZLE.solution_to_json(answers[0]) == rec["solution"]
        # one sign fewer: the same solution, and perhaps others
        inst: FutoshikiInstance = loaded.instance
        fewer = Loaded(PUZZLE, inst._replace(greater=frozenset(sorted(inst.greater)[1:])),
                       "tatham", "one sign fewer")
        same(fewer, shared(fewer), fresh(fewer))


def test_signs_are_assumed_and_bars_assigned() -> None:
    plain = aspuzzle.load(EXAMPLES / "futoshiki" / "seed-4x4.txt")
    adjacent = aspuzzle.load(EXAMPLES / "futoshiki" / "adjacent-6x6.txt")
    assert plain.instance.greater and adjacent.instance.adjacent
    spec: Any = PUZZLE.reuse(plain.instance, SolveOptions())
    # a sign only forbids digits: the ones the puzzle lacks are left free, its own assumed
    assert spec.inputs == () and ("greater_than", 4) in spec.givens
    assert "[free]" in spec.program.encodings[-1].read_text()
    aspuzzle.solve(plain)
    lits = reuse.solve_literals(spec)
    assert lits is not None
    externals, assumed = lits
    assert externals == [] and len(assumed) == len(plain.instance.givens) + len(
        plain.instance.greater)
    # a missing bar is a rule: every bar external is set, false unless the puzzle has it
    spec = PUZZLE.reuse(adjacent.instance, SolveOptions())
    assert ("adjacent", 4) in spec.inputs and ("adjacent_mode", 0) in spec.inputs
    aspuzzle.solve(adjacent)
    lits = reuse.solve_literals(spec)
    assert lits is not None
    assert len(lits[0]) == len(adjacent.instance.bars) + 1


def test_model_read_by_symbol_handles_as_by_text(monkeypatch: pytest.MonkeyPatch) -> None:
    import aspuzzle.puzzles.futoshiki as futoshiki

    monkeypatch.setattr(futoshiki._ANSWER, "_cells", {})  # every atom new at first
    puzzles = [aspuzzle.loads(rec["id"], type="futoshiki")
               for rec in read_jsonl(DATA / "futoshiki" / "unequal.jsonl")[::7]]
    assert len({p.instance.size for p in puzzles}) > 1
    for loaded in puzzles * 2:  # the second time every atom is known by its handle
        inst = loaded.instance
        ctl = Grounded(program(loaded)).ctl
        read: list[FutoshikiSolution] = []

        def on_model(m: clingo.Model, inst: FutoshikiInstance = inst,
                     read: list[FutoshikiSolution] = read) -> None:
            symbols = m.symbols(shown=True)
            read.append(PUZZLE.from_model(inst, symbols))
            read.append(PUZZLE.from_model(inst, symbols))  # known now, whatever before
            read.append(PUZZLE.from_model(inst, sorted(symbols)))  # Symbols: by text
            # an atom never met before: the model is read by text
            read.append(PUZZLE.from_model(inst, [*symbols, clingo.Function("other", [])]))

        ctl.solve(on_model=on_model)
        assert len(read) == 4 and len(set(read)) == 1
        assert PUZZLE.verify(inst, read[0]) == []
    assert futoshiki._ANSWER._cells
