"""The fast solving path of ``aspuzzle.solve`` / ``count`` (facts written as text by the type,
answers read straight from the model, projection said with ``#project``) gives exactly what
the general path gives: the same program, the same verdicts, the same solutions."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

import aspuzzle
from aspuzzle.api import Loaded, program
from aspuzzle.engine import Grounded, Program, Status
from aspuzzle.puzzles import SolveOptions
from tests.conftest import DATA, EXAMPLES, read_jsonl

TYPES = ("tents", "hitori", "futoshiki")
CORPUS = {"tents": "tents/tatham.jsonl", "hitori": "hitori/tatham.jsonl",
          "futoshiki": "futoshiki/unequal.jsonl"}


def _puzzles() -> list[Loaded]:
    out = [aspuzzle.load(f) for t in TYPES for f in sorted((EXAMPLES / t).iterdir())]
    for t, name in CORPUS.items():
        # every fifth: every size and mode of the file, few enough to stay quick
        out += [aspuzzle.loads(rec["id"], type=t) for rec in read_jsonl(DATA / name)[::5]]
    return out


PUZZLES = _puzzles()


def _reference(loaded: Loaded, options: SolveOptions) -> tuple[Status, list[Any]]:
    """The general path: Symbols for facts, answers as sets of Symbols, sorted, then read."""
    res = Grounded(program(loaded, options)).solve(2)
    return res.status, [loaded.puzzle.from_model(loaded.instance, sorted(a))
                        for a in res.answers]


def _facts_lines(text: str) -> list[str]:
    return [line for line in text.split("\n") if line]


@pytest.mark.parametrize("loaded", PUZZLES, ids=lambda p: p.source[-40:])
def test_facts_text_is_to_facts(loaded: Loaded) -> None:
    p = loaded.puzzle
    text = p.facts_text(loaded.instance)  # type: ignore[attr-defined]
    assert text.endswith("\n")
    assert _facts_lines(text) == [f"{s}." for s in p.to_facts(loaded.instance)]


@pytest.mark.parametrize("loaded", PUZZLES, ids=lambda p: p.source[-40:])
def test_solve_same_as_general_path(loaded: Loaded) -> None:
    got = aspuzzle.solve(loaded)
    status, solutions = _reference(loaded, SolveOptions())
    assert got.status is status
    assert list(got.solutions) == solutions


def _variants() -> list[tuple[Loaded, SolveOptions]]:
    """Puzzles with several solutions and with none, for each type."""

    tents = aspuzzle.load(EXAMPLES / "tents" / "seed-6x6.txt")
    inst = tents.instance
    no_clues = inst._replace(row_clues=(None,) * inst.height,
                         col_clues=(None,) * inst.width)
    wrong = inst._replace(row_clues=(inst.height,) * inst.height)
    hitori = aspuzzle.load(EXAMPLES / "hitori" / "seed-6x6.txt")
    futo = aspuzzle.load(EXAMPLES / "futoshiki" / "seed-4x4.txt")
    open_grid = futo.instance._replace(givens=frozenset(), greater=frozenset())
    return [
        (Loaded(tents.puzzle, no_clues, "text"), SolveOptions()),
        (Loaded(tents.puzzle, no_clues, "text"), SolveOptions(pairing=True)),
        (Loaded(tents.puzzle, wrong, "text"), SolveOptions()),
        (tents, SolveOptions(pairing=True)),
        (Loaded(futo.puzzle, open_grid, "text"), SolveOptions()),
        (hitori, SolveOptions()),
        (aspuzzle.loads("1 1\n1 1\n", type="hitori"), SolveOptions()),
    ]


@pytest.mark.parametrize("case", range(len(_variants())))
def test_multiple_and_none_same_as_general_path(case: int) -> None:
    loaded, options = _variants()[case]
    for max_solutions in (1, 2, 3):
        got = aspuzzle.solve(loaded, options=options, max_solutions=max_solutions)
        res = Grounded(program(loaded, options)).solve(max_solutions)
        assert got.status is res.status
        assert list(got.solutions) == [loaded.puzzle.from_model(loaded.instance, sorted(a))
                                       for a in res.answers]
    counted = aspuzzle.count(loaded, options=options, limit=50)
    ref = Grounded(program(loaded, options)).count(50)
    assert (counted.count, counted.exact) == (ref.count, ref.exact)


def test_variants_cover_every_verdict() -> None:
    got = {aspuzzle.solve(lo, options=o).status for lo, o in _variants()}
    assert got == {Status.UNIQUE, Status.MULTIPLE, Status.NONE}


def test_projection_counts_answers_not_helpers() -> None:
    # two helper atoms per answer: counted once each on the projection, four times without
    rules = "{ a; b }. h(1..2) :- a. { x(1..2) } = 1."
    answers = Program((), (), (("a", 0), ("b", 0)), user_asp=rules)
    assert Grounded(answers).count().count == 4
    everything = Program((), (), (("a", 0), ("b", 0), ("x", 1)), user_asp=rules)
    assert Grounded(everything).count().count == 8
    # a signature without atoms projects on nothing more, as the backend's empty list did
    assert Grounded(Program((), (), (("a", 0), ("nothing", 3)), user_asp=rules)
                    ).count().count == 2
    assert Grounded(Program((), (), (), user_asp=rules)).count().count == 1


def test_user_encoding_read_again_after_an_edit(tmp_path: Path) -> None:
    # the package's own .lp files are read once per process; a user's file every time
    lp = tmp_path / "rules.lp"
    shown: list[set[str]] = []
    for text in ("p(1).", "p(2)."):
        lp.write_text(text + "\n#show p/1.\n")
        res = Grounded(Program((lp,), (), (("p", 1),))).solve(2)
        shown.append({str(s) for s in itertools.chain.from_iterable(res.answers)})
    assert shown == [{"p(1)"}, {"p(2)"}]


def test_solve_read_reads_each_model_in_its_callback() -> None:
    g = Grounded(Program((), (), (("a", 1),), user_asp="1 { a(1..3) } 1.\n#show a/1."))
    res = g.solve_read(lambda m: sorted(str(s) for s in m.symbols(shown=True)), 0)
    assert res.status is Status.MULTIPLE
    assert sorted(res.answers) == [["a(1)"], ["a(2)"], ["a(3)"]]
    assert all(isinstance(a, list) for a in res.answers)


# -- one program grounded per kind of puzzle (aspuzzle.engine.reuse) ------------------------

@pytest.fixture(autouse=True)
def _build_soon(monkeypatch: pytest.MonkeyPatch) -> None:
    from aspuzzle.engine import reuse

    monkeypatch.setattr(reuse, "BUILD_AFTER_AT_MOST", reuse.BUILD_AFTER)


def _reusable() -> list[Loaded]:
    out = [aspuzzle.load(f) for t in TYPES for f in sorted((EXAMPLES / t).iterdir())]
    for t in TYPES:
        out += [aspuzzle.loads(rec["id"], type=t) for rec in read_jsonl(DATA / CORPUS[t])]
    return out


def test_reused_program_gives_the_fresh_answers() -> None:
    from aspuzzle.engine import reuse

    reuse.clear()
    puzzles = _reusable()
    expected = [_reference(p, SolveOptions()) for p in puzzles]
    used = 0
    for _ in range(reuse.BUILD_AFTER + 2):
        for loaded, (status, solutions) in zip(puzzles, expected, strict=True):
            got = aspuzzle.solve(loaded)
            assert (got.status, list(got.solutions)) == (status, solutions), loaded.source
            spec = loaded.puzzle.reuse(loaded.instance, SolveOptions())  # type: ignore[attr-defined]
            used += reuse.solve_literals(spec) is not None
    # every kind (size, mode) of the corpus ends up on its shared program
    assert used >= len(puzzles) * 2
    reuse.clear()


@pytest.mark.parametrize("case", range(len(_variants())))
def test_reused_program_multiple_and_none(case: int) -> None:
    from aspuzzle.engine import reuse

    reuse.clear()
    loaded, options = _variants()[case]
    status, solutions = _reference(loaded, options)
    for _ in range(reuse.BUILD_AFTER + 2):
        got = aspuzzle.solve(loaded, options=options)
        assert (got.status, list(got.solutions)) == (status, solutions)
    reuse.clear()


def test_reused_program_pairing_and_out_of_range_input() -> None:
    from aspuzzle.engine import reuse

    reuse.clear()
    tents = aspuzzle.load(EXAMPLES / "tents" / "seed-6x6.txt")
    # a clue larger than the line: no such atom on the shared program, solved afresh
    inst = tents.instance._replace(row_clues=(9, *tents.instance.row_clues[1:]))
    odd = Loaded(tents.puzzle, inst, "text")
    for _ in range(reuse.BUILD_AFTER + 2):
        assert aspuzzle.solve(odd).status is Status.NONE
        for options in (SolveOptions(), SolveOptions(pairing=True)):
            got = aspuzzle.solve(tents, options=options)
            assert (got.status, list(got.solutions)) == _reference(tents, options)
    assert reuse.solve_literals(tents.puzzle.reuse(inst, SolveOptions())) is None
    reuse.clear()


def test_build_after_grows_with_the_program() -> None:
    from aspuzzle.engine import reuse

    small = aspuzzle.load(EXAMPLES / "tents" / "seed-6x6.txt")
    big = max((aspuzzle.loads(r["id"], type="tents") for r in read_jsonl(DATA / CORPUS["tents"])),
              key=lambda p: p.instance.width)
    assert big.instance.width >= 15
    costs = [p.puzzle.reuse(p.instance, SolveOptions()).build_after  # type: ignore[attr-defined]
             for p in (small, big)]
    assert reuse.BUILD_AFTER <= costs[0] < costs[1]


def test_hitori_nogoods_are_the_written_pairs() -> None:
    from aspuzzle.engine import reuse

    # reuse.lp takes the numbers as nogoods on blacked/2 where encoding.lp reads pairs of
    # written/3 atoms: both unshaded, for equal numbers in a line; shaded, for a number alone
    # in its row and column
    for loaded in PUZZLES:
        if loaded.puzzle.name != "hitori":
            continue
        grid = loaded.instance.grid
        h, w = len(grid), len(grid[0])
        spec = loaded.puzzle.reuse(loaded.instance, SolveOptions())  # type: ignore[attr-defined]
        assert spec.over == ("blacked", 2) and spec.true == ()
        cells = [(r, c) for r in range(1, h + 1) for c in range(1, w + 1)]
        lit = {cell: k for k, cell in enumerate(cells, 1)}
        cell_of = {k: cell for cell, k in lit.items()}
        got = []
        given = spec.nogoods(lit)
        for nogood in given.plain() if isinstance(given, reuse.Sorted) else given:
            if isinstance(nogood, reuse.AtMostOne):  # of three or more: every two of them
                got += [[(cell_of[abs(x)], x > 0) for x in two]
                        for two in itertools.combinations(nogood.literals, 2)]
            else:
                got.append([(cell_of[abs(x)], x > 0) for x in nogood])
        pairs = {frozenset({(r1, c1), (r2, c2)}) for (r1, c1), (r2, c2)
                 in itertools.combinations(cells, 2)
                 if (r1 == r2 or c1 == c2) and grid[r1 - 1][c1 - 1] == grid[r2 - 1][c2 - 1]}
        alone = {cell for cell in cells if not any(cell in p for p in pairs)}
        assert all(len(n) == 2 and not n[0][1] and not n[1][1] for n in got if len(n) != 1)
        assert {frozenset(cell for cell, _ in n) for n in got if len(n) == 2} == pairs
        assert len([n for n in got if len(n) == 2]) == len(pairs)
        assert sorted(n[0][0] for n in got if len(n) == 1) == sorted(alone)
        assert all(n[0][1] for n in got if len(n) == 1)


def test_busy_shared_program_is_not_waited_for() -> None:
    from aspuzzle.engine import reuse

    reuse.clear()
    loaded = aspuzzle.load(EXAMPLES / "futoshiki" / "seed-4x4.txt")
    spec = loaded.puzzle.reuse(loaded.instance, SolveOptions())  # type: ignore[attr-defined]
    for _ in range(reuse.BUILD_AFTER + 1):
        aspuzzle.solve(loaded)
    shared = reuse._SHARED[spec.key]

    def read(m: Any) -> int:
        return 1

    assert reuse.solve(spec, read, 2, None) is not None
    with shared.lock:
        assert reuse.solve(spec, read, 2, None) is None  # busy: the caller grounds afresh
        assert aspuzzle.solve(loaded).status is Status.UNIQUE
    reuse.clear()


@pytest.mark.parametrize("limit", [0, 1, 2000])
@pytest.mark.parametrize("loaded", [*PUZZLES[::7], aspuzzle.loads("4:" + ",".join(["0"] * 16))],
                         ids=lambda p: p.source[-40:])
def test_a_fresh_solve_given_up_in_the_calling_thread_answers_the_same(
        monkeypatch: pytest.MonkeyPatch, limit: int, loaded: Loaded) -> None:
    # reuse.solve_fresh tries the search here, stopped at QUICK_CONFLICTS conflicts (0: at
    # once), then goes on in a solve thread, and grounds afresh when there are several answers:
    # the verdict and the answers listed are those of a plain solve from scratch
    from aspuzzle.api import _solving_program
    from aspuzzle.engine import reuse

    monkeypatch.setattr(reuse, "QUICK_CONFLICTS", limit)

    def read(m: Any) -> Any:
        return loaded.puzzle.from_model(loaded.instance, m.symbols(shown=True))

    got = reuse.solve_fresh(_solving_program(loaded, SolveOptions()), read, 2, None)
    status, solutions = _reference(loaded, SolveOptions())
    assert got.status is status
    assert list(got.answers) == solutions


def test_atom_table_is_the_wrappers() -> None:
    from aspuzzle.engine import atom_table

    g = Grounded(Program((), (), (), rules="{ a(X, Y) : X = -2..3, Y = 1..4 }. { b }. "
                                            "#external c(1, 2, 3). d(1; 5)."))
    for name, arity in (("a", 2), ("b", 0), ("c", 3), ("d", 1), ("e", 2)):
        want = {tuple(x.number for x in sa.symbol.arguments): sa.literal
                for sa in g.ctl.symbolic_atoms.by_signature(name, arity)}
        assert atom_table(g.ctl, name, arity) == want
    assert len(atom_table(g.ctl, "a", 2)) == 24
