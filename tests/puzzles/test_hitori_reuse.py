"""Hitori on one program grounded per size (reuse.lp, the numbers added per solve as
nogoods): every verdict and answer is the one encoding.lp gives a puzzle grounded afresh."""

from __future__ import annotations

import itertools
import random
from typing import Any

import clingo
import pytest

import aspuzzle
from aspuzzle import engine
from aspuzzle.api import Loaded
from aspuzzle.engine import Status, reuse
from aspuzzle.puzzles import SolveOptions
from aspuzzle.puzzles.hitori import PUZZLE, HitoriSolution
from tests.conftest import DATA, EXAMPLES, ROOT, read_jsonl
from tests.puzzles.reuse_compare import fresh, same, same_in_both_orders, shared

pytestmark = pytest.mark.usefixtures("fresh_programs")


def _text(grid: list[list[int]]) -> str:
    return "".join(" ".join(map(str, row)) + "\n" for row in grid)


def _corpus() -> list[Loaded]:
    out = [aspuzzle.load(f) for f in sorted((EXAMPLES / "hitori").iterdir())]
    out += [aspuzzle.loads(rec["id"], type="hitori") for rec in read_jsonl(DATA / "hitori" /
                                                                            "tatham.jsonl")]
    out += [aspuzzle.loads(rec["url"]) for rec in read_jsonl(DATA / "hitori" / "puzzlink.jsonl")]
    out += [aspuzzle.loads(_text(rec["grid"]), type="hitori")
            for rec in read_jsonl(DATA / "hitori" / "gurobi-sample.jsonl")]
    return out


def _random(count: int, seed: int) -> list[Loaded]:
    """Small grids of few numbers: many have several solutions or none."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        h, w = rng.randint(1, 6), rng.randint(1, 6)
        top = rng.randint(1, max(h, w))
        grid = [[rng.randint(1, top) for _ in range(w)] for _ in range(h)]
        out.append(aspuzzle.loads(_text(grid), type="hitori"))
    return out


def test_corpus_same_as_fresh() -> None:
    puzzles = _corpus()
    assert len(puzzles) > 70
    expected = [fresh(p) for p in puzzles]
    assert {s for s, _ in expected} >= {Status.UNIQUE}
    for _ in range(2):  # again, on programs that have solved every other puzzle of their size
        for loaded, exp in zip(puzzles, expected, strict=True):
            same(loaded, shared(loaded), exp)


def test_several_solutions_and_none_same_as_fresh() -> None:
    expected = same_in_both_orders(_random(150, seed=11))
    assert {s for s, _ in expected} == {Status.UNIQUE, Status.MULTIPLE, Status.NONE}


def test_non_unique_and_unsolvable_through_the_library() -> None:
    multiple = aspuzzle.loads("1 1\n", type="hitori")
    none = aspuzzle.loads("1 1\n1 1\n", type="hitori")
    for _ in range(3):
        assert shared(multiple)[0] is Status.MULTIPLE
        assert shared(none) == (Status.NONE, [])
        got = aspuzzle.solve(multiple)
        assert (got.status, list(got.solutions)) == fresh(multiple)
        assert aspuzzle.solve(none).status is Status.NONE


def test_tatham_50x50_same_as_fresh() -> None:
    recs = read_jsonl(ROOT / "benchmarks" / "data" / "hitori-50x50dk.jsonl")[:4]
    for rec in recs * 2:
        loaded = aspuzzle.loads(rec["id"], type="hitori")
        status, answers = shared(loaded)
        assert status is Status.UNIQUE
        assert sorted(answers[0].shaded) == [tuple(c) for c in rec["solution"]["shaded"]]


def test_shared_program_options() -> None:
    # the options chosen for the shared program (speed only): clingo takes them, and the
    # program is built with them (the tests above check its answers)
    from aspuzzle.puzzles.hitori import _REUSE_ARGS

    assert _REUSE_ARGS
    clingo.Control(list(_REUSE_ARGS))
    loaded = aspuzzle.loads("1 2\n2 1\n", type="hitori")
    spec: Any = PUZZLE.reuse(loaded.instance, SolveOptions())
    assert spec.program.solver_args == _REUSE_ARGS
    same(loaded, shared(loaded), fresh(loaded))
    ctl = reuse._SHARED[spec.key].grounded.ctl
    conf: Any = ctl.configuration
    assert conf.asp.eq == "0" and conf.solver.heuristic.startswith("vmtf")


def test_renewed_after_many_solves(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reuse, "RENEW_AFTER", 3)
    loaded = aspuzzle.load(EXAMPLES / "hitori" / "seed-6x6.txt")
    spec: Any = PUZZLE.reuse(loaded.instance, SolveOptions())
    expected = fresh(loaded)
    built: list[object] = []  # held, so that no two are the same object
    for _ in range(7):
        assert shared(loaded) == expected
        now = reuse._SHARED.get(spec.key)
        if now is not None and all(now is not b for b in built):
            built.append(now)
    # built on the first solve, dropped after the third and the sixth
    assert len(built) == 3


@pytest.mark.parametrize("limit", [0, 1, 5])
def test_quick_search_given_up_is_run_again(monkeypatch: pytest.MonkeyPatch, limit: int) -> None:
    # a search in the calling thread stops at QUICK_CONFLICTS conflicts and is run again in a
    # solve thread: the same verdicts, whichever stopped
    monkeypatch.setattr(reuse, "QUICK_CONFLICTS", limit)
    puzzles = _random(40, seed=12) + _corpus()[:12]
    for loaded in puzzles:
        same(loaded, shared(loaded), fresh(loaded))


def test_guard_released_when_adding_nogoods_fails() -> None:
    # a guard left free would double every later answer (taken true or false)
    ctl = clingo.Control()
    ctl.add("base", [], "{ a }.")
    ctl.ground([("base", [])])
    with pytest.raises(TypeError):
        reuse._add_nogoods(ctl, [[1], [1, "not a literal"]])  # type: ignore[list-item]
    ctl.configuration.solve.models = "0"  # type: ignore[union-attr]
    models: list[str] = []
    ctl.solve(on_model=lambda m: models.append(str(m)))
    assert sorted(models) == ["", "a"]


def _reference_nogoods(grid: list[list[int]]) -> set[tuple[int, ...]]:
    """The nogoods as the rules say them, over cell numbers r * 100 + c: two cells of a line
    with the same number are never both unshaded (-a, -b); a cell whose number is alone in
    its row and column is never shaded (a)."""
    h, w = len(grid), len(grid[0])
    out: set[tuple[int, ...]] = set()
    paired: set[int] = set()
    for r in range(h):
        for c in range(w):
            for r2, c2 in [(r, c2) for c2 in range(c + 1, w)] + [(r2, c) for r2 in range(r + 1, h)]:
                if grid[r][c] == grid[r2][c2]:
                    a, b = (r + 1) * 100 + c + 1, (r2 + 1) * 100 + c2 + 1
                    out.add(tuple(sorted((-a, -b))))
                    paired |= {a, b}
    out |= {((r + 1) * 100 + c + 1,) for r in range(h) for c in range(w)
            if (r + 1) * 100 + c + 1 not in paired}
    return out


@pytest.mark.parametrize("big", [False, True])
def test_nogoods_as_the_rules_say(big: bool) -> None:
    """The pair nogoods of random grids, numbers met up to five times in a line, small or
    large (above 1,000 they are looked up by rank), against the rules read plainly; a number
    met three times or more in a line is one AtMostOne of its cells unshaded."""
    from aspuzzle.kit.shared import repeat_nogoods as _nogoods

    rng = random.Random(5)
    groups = 0
    for _ in range(300):
        h, w = rng.randint(1, 9), rng.randint(1, 9)
        numbers = rng.sample(range(1, 20_000 if big else 10), rng.randint(1, 5))
        grid = [[rng.choice(numbers) for _ in range(w)] for _ in range(h)]
        table = {(r, c): r * 100 + c for r in range(1, h + 1) for c in range(1, w + 1)}
        got: list[tuple[int, ...]] = []
        for n in _nogoods(grid)(table).plain():
            if isinstance(n, reuse.AtMostOne):
                cells = [-x for x in n.literals]
                assert len(cells) >= 3 and len({grid[x // 100 - 1][x % 100 - 1]
                                                  for x in cells}) == 1
                assert len({x // 100 for x in cells}) == 1 or len({x % 100 for x in cells}) == 1
                got += [(-b, -a) for a, b in itertools.combinations(sorted(cells), 2)]
                groups += 1
            else:
                got.append(tuple(sorted(n)))
        assert len(got) == len(set(got))
        assert set(got) == _reference_nogoods(grid), grid
    assert groups > 100


def test_large_numbers_same_as_fresh() -> None:
    rng = random.Random(12)
    puzzles = []
    for _ in range(40):
        h, w = rng.randint(2, 6), rng.randint(2, 6)
        numbers = rng.sample(range(1, 9_999), max(h, w))
        puzzles.append(aspuzzle.loads(_text([[rng.choice(numbers) for _ in range(w)]
                                             for _ in range(h)]), type="hitori"))
    for loaded in puzzles:
        same(loaded, shared(loaded), fresh(loaded))


def test_model_read_from_the_symbol_array_as_symbol_by_symbol(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # from_model reads the handles of the model's symbols from clingo's array at once when
    # each is known from an earlier read; else (first read, other symbols, no array) symbol
    # by symbol
    from aspuzzle.puzzles import hitori

    loaded = aspuzzle.load(EXAMPLES / "hitori" / "seed-6x6.txt")
    known = 0

    def reads(program: str) -> list[tuple[HitoriSolution, ...]]:
        ctl = clingo.Control(["0"])
        ctl.add("base", [], program)
        ctl.ground([("base", [])])
        out: list[tuple[HitoriSolution, ...]] = []

        def read(m: clingo.Model) -> None:
            nonlocal known
            symbols = m.symbols(shown=True)
            reps = engine.symbol_handles(symbols)
            blacked = [s for s in symbols if s.name == "blacked"]
            expected = HitoriSolution(frozenset((s.arguments[0].number, s.arguments[1].number)
                                                for s in blacked))
            first = PUZZLE.from_model(loaded.instance, symbols)
            known += reps is not None and all(r in hitori._ANSWER._cells for r in reps)
            out.append((first, PUZZLE.from_model(loaded.instance, symbols),
                        PUZZLE.from_model(loaded.instance, list(symbols)), expected))

        ctl.solve(on_model=read)
        return out

    hitori._ANSWER._cells.clear()
    pairs = reads("{ blacked(1..6, 1..6) }. :- #count { R, C : blacked(R, C) } != 2.")
    assert len(pairs) == 36 * 35 // 2 and all(len(set(r)) == 1 for r in pairs)
    assert known == len(pairs)  # each read twice, the second time from the array
    other = reads("blacked(1, 2). blacked(3, 4). shown(1). #show blacked/2. #show shown/1.")
    assert other == [(HitoriSolution(frozenset({(1, 2), (3, 4)})),) * 4]
    monkeypatch.setattr(engine, "_UNPACK", None)
    assert reads("blacked(5, 6).") == [(HitoriSolution(frozenset({(5, 6)})),) * 4]
