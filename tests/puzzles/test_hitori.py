"""Hitori: the rules, the seed example, the corpora (Tatham, puz.link, Gurobi) and the CLI."""

from __future__ import annotations

import json
from typing import Any

import pytest

import aspuzzle
from aspuzzle.puzzles.hitori import PUZZLE as HITORI
from aspuzzle.puzzles.hitori import HitoriInstance, HitoriSolution
from aspuzzle.puzzles.hitori.formats import read_text_shaded
from aspuzzle.puzzles.hitori.model import make_instance
from tests.conftest import DATA, EXAMPLES, read_jsonl, run_cli

SEED_SHADED = [(1, 1), (1, 6), (2, 2), (2, 4), (3, 3), (3, 6), (4, 2), (4, 4), (6, 1), (6, 3),
               (6, 6)]
TATHAM = read_jsonl(DATA / "hitori" / "tatham.jsonl")
PUZZLINK = read_jsonl(DATA / "hitori" / "puzzlink.jsonl")
GUROBI = read_jsonl(DATA / "hitori" / "gurobi-sample.jsonl")


def _cells(data: list[list[int]]) -> list[tuple[int, int]]:
    return [(r, c) for r, c in data]


def _solve_text(text: str) -> aspuzzle.Result:
    return aspuzzle.solve(aspuzzle.loads(text, type="hitori", fmt="text"))


# --- the seed example -----------------------------------------------------------------------

@pytest.mark.parametrize("name", ["seed-6x6.txt", "seed-6x6.lp"])
def test_seed_example_is_unique_with_the_posts_shading(name: str) -> None:
    loaded = aspuzzle.load(EXAMPLES / "hitori" / name)
    assert loaded.puzzle is HITORI
    result = aspuzzle.solve(loaded)
    assert result.status is aspuzzle.Status.UNIQUE
    (sol,) = result.solutions
    assert sorted(sol.shaded) == SEED_SHADED
    assert HITORI.verify(result.instance, sol) == []


@pytest.mark.parametrize("name", ["seed-6x6.txt", "seed-6x6.lp"])
def test_seed_example_counts_one_answer(name: str) -> None:
    # The post's start/2 choice would give this 6x6 grid 25 answer sets, one per unshaded
    # cell; ours has one root, so the answer is counted once even without projection.
    res = aspuzzle.count(aspuzzle.load(EXAMPLES / "hitori" / name))
    assert (res.count, res.exact) == (1, True)


def test_both_seed_formats_give_the_same_instance() -> None:
    a = aspuzzle.load(EXAMPLES / "hitori" / "seed-6x6.txt").instance
    b = aspuzzle.load(EXAMPLES / "hitori" / "seed-6x6.lp").instance
    assert a == b
    assert a.grid[0] == (1, 1, 2, 4, 3, 5)
    assert a.grid[5] == (2, 5, 4, 6, 2, 5)


def test_the_encoding_has_no_helper_choice() -> None:
    """Every answer set is one answer: counting without projection also gives 1."""
    from aspuzzle.engine import Grounded, Program

    inst = aspuzzle.load(EXAMPLES / "hitori" / "seed-6x6.txt").instance
    program = Program(encodings=HITORI.encodings(aspuzzle.SolveOptions()),
                      facts=tuple(HITORI.to_facts(inst)), project=())
    assert Grounded(program).count().count == 1


# --- the rules ------------------------------------------------------------------------------

def test_disconnected_unshaded_area_is_rejected() -> None:
    # The only shading without repeats or touching cells, (1,1) (1,3) (2,2), walls in (1,2).
    text = "1 1 1\n1 1 2\n"
    assert _solve_text(text).status is aspuzzle.Status.NONE
    inst = aspuzzle.loads(text, type="hitori").instance
    problems = HITORI.verify(inst, HitoriSolution(frozenset({(1, 1), (1, 3), (2, 2)})))
    assert len(problems) == 1 and "not connected" in problems[0]


def test_touching_shaded_cells_are_rejected() -> None:
    # Each row needs one shaded cell; a diagonal pair cuts the board in two, a vertical pair
    # touches.
    text = "1 1\n2 2\n"
    assert _solve_text(text).status is aspuzzle.Status.NONE
    inst = aspuzzle.loads(text, type="hitori").instance
    problems = HITORI.verify(inst, HitoriSolution(frozenset({(1, 1), (2, 1)})))
    assert problems == ["shaded cells (1, 1) and (2, 1) touch"]


def test_repeated_unshaded_number_is_rejected() -> None:
    text = "1 1\n1 1\n"
    assert _solve_text(text).status is aspuzzle.Status.NONE
    inst = aspuzzle.loads(text, type="hitori").instance
    problems = HITORI.verify(inst, HitoriSolution(frozenset()))
    assert "row 1: 1 is unshaded at (1, 1) and (1, 2)" in problems
    assert all("unshaded at" in p for p in problems)


def test_a_number_alone_in_its_lines_is_never_shaded() -> None:
    r = _solve_text("1 2\n2 1\n")
    assert r.status is aspuzzle.Status.UNIQUE
    assert r.solutions[0].shaded == frozenset()


@pytest.mark.parametrize("text, shaded", [
    ("1 1 1\n", {(1, 1), (1, 3)}),   # one row
    ("1\n1\n2\n", {(1, 1)}),           # one column: the root is (2,1)
    ("7\n", set()),                    # one cell
    ("1 1 2\n1 3 4\n", {(1, 1)}),      # the top left cell shaded: the root is (1,2)
])
def test_small_and_thin_grids(text: str, shaded: set[tuple[int, int]]) -> None:
    r = _solve_text(text)
    assert r.status is aspuzzle.Status.UNIQUE
    assert r.solutions[0].shaded == frozenset(shaded)
    assert HITORI.verify(r.instance, r.solutions[0]) == []


def test_multiple_solutions_are_reported_with_their_difference() -> None:
    r = _solve_text("1 1\n")
    assert r.status is aspuzzle.Status.MULTIPLE
    assert r.differences() == "shaded cells differ at (1,1) (1,2)"
    res = aspuzzle.count(aspuzzle.loads("1 1\n", type="hitori"))
    assert (res.count, res.exact) == (2, True)


def test_verify_rejects_broken_solutions() -> None:
    inst = aspuzzle.load(EXAMPLES / "hitori" / "seed-6x6.txt").instance
    good = frozenset(SEED_SHADED)
    assert HITORI.verify(inst, HitoriSolution(good)) == []
    assert HITORI.verify(inst, HitoriSolution(good - {(6, 6)})) == [
        "row 6: 5 is unshaded at (6, 2) and (6, 6)",
        "column 6: 5 is unshaded at (5, 6) and (6, 6)",
    ]
    assert HITORI.verify(inst, HitoriSolution(good | {(7, 1)})) == [
        "shaded cells (6, 1) and (7, 1) touch",
        "shaded cell (7, 1) is outside the grid",
    ]


def test_json_solution_round_trip_and_errors() -> None:
    inst = aspuzzle.load(EXAMPLES / "hitori" / "seed-6x6.txt").instance
    sol = HitoriSolution(frozenset(SEED_SHADED))
    data = HITORI.solution_to_json(sol)
    assert data == {"shaded": [list(c) for c in SEED_SHADED]}
    assert HITORI.solution_from_json(inst, data) == sol
    with pytest.raises(aspuzzle.InputError, match="outside the 6x6 grid"):
        HITORI.solution_from_json(inst, {"shaded": [[0, 1]]})
    with pytest.raises(aspuzzle.InputError, match="not a hitori solution"):
        HITORI.solution_from_json(inst, {"tents": []})


def test_render_unicode_and_ascii() -> None:
    inst = make_instance([[1, 1, 12], [3, 1, 2]])
    sol = HitoriSolution(frozenset({(1, 1), (2, 2)}))
    assert HITORI.render(inst, sol, ascii=True) == "##  1 12\n 3 ##  2"
    assert HITORI.render(inst, sol) == "██  1 12\n 3 ██  2"
    assert HITORI.render(inst, None, ascii=True) == " 1  1 12\n 3  1  2"
    one_digit = make_instance([[1, 1], [2, 3]])
    assert HITORI.render(one_digit, HitoriSolution(frozenset({(1, 2)})), ascii=True) == (
        "1 #\n2 3")


def test_validate_gives_precise_errors() -> None:
    for grid, message in [
        ((), "empty hitori grid"),
        (((1, 2), (3,)), "row 2 has 1 numbers, expected 2"),
        (((1, 0),), r"cell \(1,2\): number 0 is out of range"),
        (((1, 10000),), "out of range 1..9999"),
    ]:
        with pytest.raises(aspuzzle.InputError, match=message):
            HITORI.validate(HitoriInstance(grid))


# --- the corpora ----------------------------------------------------------------------------

@pytest.mark.parametrize("rec", TATHAM, ids=[r["id"].split(":")[0] + f"-{i}"
                                             for i, r in enumerate(TATHAM)])
def test_tatham_singles_corpus(rec: dict[str, Any]) -> None:
    loaded = aspuzzle.loads(rec["id"])  # detected as a singles game ID
    assert (loaded.puzzle.name, loaded.format) == ("hitori", "tatham")
    result = aspuzzle.solve(loaded)
    assert result.status is aspuzzle.Status.UNIQUE
    (sol,) = result.solutions
    assert HITORI.solution_to_json(sol) == rec["solution"]
    assert HITORI.verify(loaded.instance, sol) == []
    write = HITORI.formats["tatham"].write
    assert write is not None
    assert write(loaded.instance, None) == rec["id"]


def test_the_tatham_corpus_is_all_there() -> None:
    assert len(TATHAM) == 45


@pytest.mark.parametrize("rec", PUZZLINK, ids=lambda r: r["url"])
def test_puzzlink_corpus(rec: dict[str, Any]) -> None:
    for text in (rec["url"], rec["url"].split("?", 1)[1]):
        loaded = aspuzzle.loads(text)
        assert (loaded.puzzle.name, loaded.format) == ("hitori", "puzzlink")
        result = aspuzzle.solve(loaded)
        assert result.status is aspuzzle.Status.UNIQUE
        assert HITORI.solution_to_json(result.solutions[0]) == rec["solution"]
        assert HITORI.verify(loaded.instance, result.solutions[0]) == []
        write = HITORI.formats["puzzlink"].write
        assert write is not None
        assert write(loaded.instance, None) == rec["url"]


@pytest.mark.parametrize("rec", GUROBI, ids=lambda r: f"{r['n']}x{r['n']}-{r['id'][:8]}")
def test_gurobi_sample_is_unique_and_verifies(rec: dict[str, Any]) -> None:
    inst = make_instance(rec["grid"])
    HITORI.validate(inst)
    result = aspuzzle.solve(aspuzzle.Loaded(HITORI, inst, "text"))
    assert result.status is aspuzzle.Status.UNIQUE
    assert HITORI.verify(inst, result.solutions[0]) == []


def test_gurobi_sample_covers_sizes_up_to_25() -> None:
    sizes = {r["n"] for r in GUROBI}
    assert len(GUROBI) == 30 and min(sizes) == 2 and max(sizes) == 25


# --- the command line -----------------------------------------------------------------------

def test_cli_solves_a_puzzlink_url_as_json() -> None:
    rec = PUZZLINK[0]
    proc = run_cli("solve", rec["url"], "--json")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["type"] == "hitori" and out["status"] == "unique"
    assert out["solutions"] == [rec["solution"]]


def test_cli_solves_a_tatham_id_with_type_prefix_and_writes_text() -> None:
    rec = TATHAM[0]
    proc = run_cli("solve", "hitori:" + rec["id"], "--to", "text")
    assert proc.returncode == 0, proc.stderr
    inst, shaded = read_text_shaded(proc.stdout)
    assert inst == aspuzzle.loads(rec["id"]).instance
    assert sorted(shaded) == _cells(rec["solution"]["shaded"])


def test_cli_converts_the_seed_facts_to_a_tatham_id() -> None:
    proc = run_cli("convert", str(EXAMPLES / "hitori" / "seed-6x6.lp"), "--to", "tatham")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "6x6:112435115446466211633354234165254625\n"


def test_cli_bad_id_is_a_one_line_error() -> None:
    proc = run_cli("solve", "5x5de:214133424142135431543534")
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "the description has 24 characters, expected 25" in lines[0]
