"""Light Up on the grid-puzzle kit: Tatham's own puzzles solved to his solver's answers,
formats round trips, explanations, hints and checks, with the real solver."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import aspuzzle
from aspuzzle.errors import InputError
from aspuzzle.explain import explain
from aspuzzle.kit.model import GridSolution
from aspuzzle.puzzles.lightup import PUZZLE as LIGHTUP
from tests.conftest import DATA, EXAMPLES, mutate, read_jsonl, run_cli

CORPUS = read_jsonl(DATA / "lightup" / "tatham.jsonl")
EXAMPLE = EXAMPLES / "lightup" / "tatham-7x7.txt"


def _bulbs(rec: dict[str, Any]) -> frozenset[tuple[int, int]]:
    return frozenset((r, c) for r, c in rec["bulbs"])


def test_the_example_solves_to_tathams_answer() -> None:
    res = aspuzzle.solve(aspuzzle.load(EXAMPLE))
    assert res.status.value == "unique"
    assert res.solutions[0].marked == frozenset({
        (1, 1), (1, 7), (2, 5), (3, 2), (3, 6), (4, 3), (5, 1), (5, 7), (6, 4), (7, 3),
        (7, 5)})


@pytest.mark.parametrize("rec", CORPUS, ids=[r["id"].split(":")[0] + "-" + r["seed"]
                                             for r in CORPUS])
def test_tatham_corpus_unique_with_his_solution(rec: dict[str, Any]) -> None:
    loaded = aspuzzle.loads(rec["id"])
    assert loaded.puzzle.name == "lightup"
    res = aspuzzle.solve(loaded)
    assert res.status.value == "unique"
    assert res.solutions[0].marked == _bulbs(rec)
    assert LIGHTUP.verify(loaded.instance, res.solutions[0]) == []
    # every format writes the puzzle back exactly, and reads it as the same puzzle
    assert LIGHTUP.formats["tatham"].write(loaded.instance, None) == rec["id"]
    for fmt in ("text", "facts", "puzzlink"):
        f = LIGHTUP.formats[fmt]
        text = f.write(loaded.instance, None)
        again = f.read(text)
        assert again == loaded.instance
        assert f.write(again, None) == text
        assert aspuzzle.loads(text).puzzle.name == "lightup"


@pytest.mark.parametrize("rec", CORPUS[::3], ids=[r["seed"] + r["id"][:6] for r in CORPUS[::3]])
def test_explanations_reach_the_solution(rec: dict[str, Any]) -> None:
    e = explain(aspuzzle.loads(rec["id"]))
    assert e.solved
    bulbs = {k for k, v in e.end.cells.items() if v == "bulb"}
    assert bulbs == _bulbs(rec)


def test_solution_in_text_and_facts_round_trips() -> None:
    loaded = aspuzzle.load(EXAMPLE)
    sol = aspuzzle.solve(loaded).solutions[0]
    text = LIGHTUP.formats["text"].write(loaded.instance, sol)
    assert text.splitlines()[0] == "# lightup 7x7"
    assert text.splitlines()[1] == "* . . 0 . . *"
    assert LIGHTUP.read_marks(text)[1] == {c: "bulb" for c in sol.marked}
    facts = LIGHTUP.formats["facts"].write(loaded.instance, sol)
    assert "bulb(1, 1)." in facts and "number(1, 4, 0)." in facts
    assert LIGHTUP.formats["facts"].read(facts) == loaded.instance


def test_puzzlink_reads_pzprjs_urls() -> None:
    # pzprjs' own test puzzle for akari (test/script/akari.js): 6x6 "nekcakbl"
    inst = aspuzzle.loads("https://puzz.link/p?akari/6/6/nekcakbl").instance
    assert inst.at((2, 3)) == ("number", 4) and inst.at((3, 5)) == ("number", 2)
    assert inst.at((4, 2)) == ("number", 0) and inst.at((5, 4)) == ("number", 1)
    assert sum(1 for _, (name, _) in inst.positions() if name == "white") == 32
    assert LIGHTUP.formats["puzzlink"].write(inst, None) == \
        "https://puzz.link/p?akari/6/6/nekcakbl"


def test_tatham_runs_of_more_than_26_white_cells() -> None:
    inst = aspuzzle.loads("31x1b20:zdB", type="lightup").instance
    assert inst.width == 31 and inst.at((1, 31)) == ("black", None)
    assert LIGHTUP.formats["tatham"].write(inst, None) == "31x1b20:zdB"


@pytest.mark.parametrize("text, message", [
    ("# lightup 2x2\n. 5\n. .\n", "line 2, column 3, cell (1,2): number 5 is out of range 0..4"),
    ("# lightup 2x2\n. q\n. .\n", "line 2, column 3, cell (1,2): cannot read 'q'"),
    ("# lightup 3x2\n. .\n. .\n", "line 1: the header says 3x2 but the grid is 2x2"),
    ("# lightup\n. . .\n. .\n", "row 2 has 2 cells, expected 3"),
    ("7x7b20:c0l2a2bBeBbBa0l3", "column 24: the description has 46 cells, expected 49"),
    ("7x7b20:c0l2aX2bBeBbBa0l3c", "column 13: unexpected character 'X'"),
])
def test_bad_input_names_the_place(text: str, message: str) -> None:
    with pytest.raises(InputError) as err:
        aspuzzle.loads(text, type="lightup")
    assert message in str(err.value)


def test_verify_names_broken_rules() -> None:
    inst = aspuzzle.load(EXAMPLE).instance
    problems = LIGHTUP.verify(inst, GridSolution(frozenset({(1, 1), (1, 2)})))
    text = " ".join(problems)
    assert "Bulbs in Path" in text and "Cannot Light a Cell" in text
    assert LIGHTUP.verify(inst, GridSolution(frozenset({(1, 4)}))) == \
        ["bulb at (1,4) is not on a playable cell"]


def test_several_and_no_solutions() -> None:
    res = aspuzzle.solve(aspuzzle.loads("# lightup 1x3\n. . .\n"))
    assert res.status.value == "multiple"
    res = aspuzzle.solve(aspuzzle.loads("# lightup 1x3\n. 2 .\n"))
    assert res.status.value == "unique"
    res = aspuzzle.solve(aspuzzle.loads("# lightup 1x3\n. 3 .\n"))
    assert res.status.value == "none"


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_mutated_text_gives_a_clear_error_or_a_puzzle(data: Any) -> None:
    text = LIGHTUP.formats["text"].write(aspuzzle.load(EXAMPLE).instance, None)
    bad = mutate(text, data, [".", "#", "5", "*", "x", " ", "\n", "# lightup 3x3", "%"])
    try:
        loaded = aspuzzle.loads(bad, type="lightup")
    except InputError as e:
        assert "\n" not in str(e)
        return
    assert LIGHTUP.formats["text"].read(LIGHTUP.formats["text"].write(loaded.instance, None)) \
        == loaded.instance


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_mutated_ids_give_a_clear_error_or_a_puzzle(data: Any) -> None:
    for fmt, text in (("tatham", CORPUS[4]["id"]),
                      ("puzzlink", LIGHTUP.formats["puzzlink"].write(
                          aspuzzle.loads(CORPUS[4]["id"]).instance, None))):
        bad = mutate(text, data, ["a", "z", "B", "9", "0", ".", "/", ":", "x"])
        try:
            aspuzzle.loads(bad, type="lightup", fmt=fmt)
        except InputError as e:
            assert "\n" not in str(e)


def test_cli_end_to_end(tmp_path: Any) -> None:
    out = run_cli("solve", str(EXAMPLE), "--json")
    assert out.returncode == 0, out.stderr
    rec = json.loads(out.stdout)
    assert rec["status"] == "unique" and rec["type"] == "lightup"
    assert len(rec["solutions"][0]["bulbs"]) == 11
    board = tmp_path / "board.txt"
    board.write_text("# lightup 7x7\n* * . 0 . . .\n. . . . . . .\n. . 2 . 2 . .\n"
                     "# . . . . . #\n. . # . 0 . .\n. . . . . . .\n. . . 3 . . .\n")
    out = run_cli("hint", str(EXAMPLE), "--state", str(board), "--json")
    assert out.returncode == 0, out.stderr
    assert "Bulbs in Path" in out.stdout or "cannot" in out.stdout
    empty = tmp_path / "empty.txt"
    empty.write_text(LIGHTUP.formats["text"].write(aspuzzle.load(EXAMPLE).instance, None))
    out = run_cli("check-step", str(EXAMPLE), "--state", str(empty), "--rule", "Finish with Bulbs",
                  "--set", "6,4=bulb", "--set", "7,3=bulb", "--set", "7,5=bulb", "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["valid"] is True
    out = run_cli("render", str(EXAMPLE), "--svg")
    assert out.returncode == 0 and out.stdout.startswith("<svg") and 'data-r="7"' in out.stdout
    out = run_cli("rules", "--type", "lightup")
    assert "Finish with Bulbs" in out.stdout and "Satisfy Number" in out.stdout


@pytest.mark.parametrize("size, tier, seed", [("7", "direct", 1), ("7x5", "direct", 2),
                                               ("8", "case", 3)])
def test_generated_puzzles_are_unique_at_their_tier(size: str, tier: str, seed: int) -> None:
    g = aspuzzle.generate("lightup", size=size, difficulty=tier, seed=seed)
    assert str(g.grade.tier) == tier
    res = aspuzzle.solve(aspuzzle.loads(g.write("tatham")[1]))
    assert res.status.value == "unique"
    assert res.solutions[0] == g.solution
    assert LIGHTUP.verify(g.loaded.instance, g.solution) == []
    again = aspuzzle.generate("lightup", size=size, difficulty=tier, seed=seed)
    assert again.loaded.instance == g.loaded.instance  # a seed makes the same puzzle


def test_generator_refuses_what_it_cannot_make() -> None:
    with pytest.raises(aspuzzle.UsageError):
        aspuzzle.generate("lightup", size="2", seed=1)
    with pytest.raises(aspuzzle.UsageError):
        aspuzzle.generate("lightup", size="7", difficulty="nested", seed=1)


EASY_AND_TRICKY = [r for r in CORPUS if r["id"].split(":")[0].endswith(("d0", "d1"))]


@pytest.mark.parametrize("rec", EASY_AND_TRICKY, ids=[r["id"].split(":")[0] + "-" + r["seed"]
                                                      for r in EASY_AND_TRICKY])
def test_tathams_easy_and_tricky_puzzles_need_no_case_split(rec: dict[str, Any]) -> None:
    # his solver needs no recursion below "hard": neither do our rules (the tricky level's
    # "discount" deductions are Would Leave a Cell Dark and Would Starve a Number)
    from aspuzzle.difficulty import grade

    g = grade(aspuzzle.loads(rec["id"]))
    assert g.graded and str(g.tier) == "direct"
