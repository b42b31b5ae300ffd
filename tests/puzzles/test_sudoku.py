"""Sudoku on the grid-puzzle kit (a digit type: candidates as board keys, boxes as regions)."""

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
from aspuzzle.kit.textgrid import boxes
from aspuzzle.puzzles.sudoku import PUZZLE as SUDOKU
from aspuzzle.puzzles.sudoku import legup as sudoku_legup
from tests.conftest import DATA, EXAMPLES, mutate, read_jsonl, run_cli

EXAMPLE = EXAMPLES / "sudoku" / "wikipedia-9x9.txt"
ANSWER = [[5, 3, 4, 6, 7, 8, 9, 1, 2], [6, 7, 2, 1, 9, 5, 3, 4, 8], [1, 9, 8, 3, 4, 2, 5, 6, 7],
          [8, 5, 9, 7, 6, 1, 4, 2, 3], [4, 2, 6, 8, 5, 3, 7, 9, 1], [7, 1, 3, 9, 2, 4, 8, 5, 6],
          [9, 6, 1, 5, 3, 7, 2, 8, 4], [2, 8, 7, 4, 1, 9, 6, 3, 5], [3, 4, 5, 2, 8, 6, 1, 7, 9]]
SIX = """# sudoku 6x6
. . 3 | . 1 .
5 6 . | 3 2 .
------+------
. 5 4 | 2 . 3
2 . 6 | 4 5 .
------+------
. 1 2 | . 4 5
. 4 . | 1 . .
"""
JIGSAW = """# sudoku 4x4
1 . . .
. . . 2
. . 4 .
. 3 . .
regions:
a a a b
c a b b
c c d b
c d d d
"""


def test_the_example_solves_to_its_answer() -> None:
    res = aspuzzle.solve(aspuzzle.load(EXAMPLE))
    assert res.status.value == "unique"
    assert SUDOKU.solution_to_json(res.solutions[0]) == {"grid": ANSWER}
    assert SUDOKU.verify(aspuzzle.load(EXAMPLE).instance, res.solutions[0]) == []


def test_explanation_is_complete_with_legup_rules() -> None:
    e = explain(aspuzzle.load(EXAMPLE))
    assert e.solved and e.tier == "direct"
    assert {s.rule for s in e.steps} <= {"Last Number for Cell", "Last Cell for Number",
                                         "Locked Candidates"}
    grid = {(r, c): d for (r, c, d), v in e.end.cells.items() if v == "yes"}
    for (r, c), d in grid.items():
        assert ANSWER[r - 1][c - 1] == d


@pytest.mark.parametrize("text", [SIX, JIGSAW])
def test_boxes_and_jigsaw_regions_round_trip(text: str) -> None:
    loaded = aspuzzle.loads(text)
    assert loaded.puzzle.name == "sudoku"
    res = aspuzzle.solve(loaded)
    assert res.status.value == "unique"
    assert SUDOKU.verify(loaded.instance, res.solutions[0]) == []
    for fmt in ("text", "facts"):
        f = SUDOKU.formats[fmt]
        written = f.write(loaded.instance, None)
        assert f.read(written) == loaded.instance
        assert f.write(f.read(written), None) == written
    assert SUDOKU.formats["text"].write(loaded.instance, None) == text


def test_six_by_six_boxes_are_two_rows_of_three() -> None:
    inst = aspuzzle.loads(SIX).instance
    assert inst.region((1, 3)) == 1 and inst.region((1, 4)) == 2 and inst.region((3, 1)) == 3


def test_verify_and_contradictions_name_the_rule() -> None:
    inst = aspuzzle.load(EXAMPLE).instance
    wrong = [row[:] for row in ANSWER]
    wrong[0][2], wrong[0][3] = wrong[0][3], wrong[0][2]  # 6 4: the columns now repeat
    problems = SUDOKU.verify(inst, GridSolution(digits=tuple(d for row in wrong for d in row)))
    assert any("Repeated Numbers" in p for p in problems)
    wrong[0][0] = 1
    assert "(1,1) holds 1 where 5 is given" in SUDOKU.verify(
        inst, GridSolution(digits=tuple(d for row in wrong for d in row)))


@pytest.mark.parametrize("text, message", [
    ("# sudoku 4x4\n1 . . 5\n. . . .\n. . . .\n. . . .\n", "cell (1,4): number 5 is out of "
     "range 1..4"),
    ("# sudoku 4x4\n1 . . .\n. . . .\n. . . .\n", "the header says 4x4 but the grid is 3x4"),
    ("# sudoku 3x4\n1 . . .\n. . . .\n. . . .\n", "is square"),
    ("# sudoku 4x4\n1 | . . .\n. | . . .\n--+--\n. . . .\n. . . .\n",
     "the box lines do not cut the 4x4 grid into boxes of 4 cells"),
    ("# sudoku 4x4\n1 . . .\n. . . .\n. . . .\n. . . .\nregions:\na a a a\nb b b b\n",
     "the regions: block must have 4 rows of 4 labels"),
    ("# sudoku 4x4\n1 . . .\n. . . .\n. . . .\n. . . .\nregions:\na a a b\nb b b a\n"
     "c c c c\nd d d d\n", "region 1 is not connected"),
])
def test_bad_input_names_the_place(text: str, message: str | None) -> None:
    if message is None:  # box lines that do not make boxes of n cells are refused
        with pytest.raises(InputError):
            aspuzzle.loads(text)
        return
    with pytest.raises(InputError) as err:
        aspuzzle.loads(text)
    assert message in str(err.value)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_mutated_text_gives_a_clear_error_or_a_puzzle(data: Any) -> None:
    bad = mutate(SIX, data, [".", "7", "|", "-", "[12]", " ", "\n", "regions:", "a b"])
    try:
        loaded = aspuzzle.loads(bad, type="sudoku")
    except InputError as e:
        assert "\n" not in str(e)
        return
    f = SUDOKU.formats["text"]
    assert f.read(f.write(loaded.instance, None)) == loaded.instance


def test_player_board_digits_and_pencil_marks(tmp_path: Any) -> None:
    sol = aspuzzle.solve(aspuzzle.loads(SIX)).solutions[0]
    right = sol.digit((1, 1), 6)
    wrong = next(d for d in (1, 2, 4, 5, 6) if d != right)
    puzzle = tmp_path / "six.txt"
    puzzle.write_text(SIX)
    state = tmp_path / "state.txt"
    state.write_text(SIX.replace(". . 3 | . 1 .", f"{wrong} . 3 | . 1 ."))
    out = run_cli("hint", str(puzzle), "--state", str(state), "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["kind"] == "mistake"
    # pencil marks that keep the right digit only: the board reads as candidates struck out
    board, _ = SUDOKU.reasoning().read_state(SIX.replace(". . 3 | . 1 .", f"[{right}] . 3 | . 1 ."),
                                             aspuzzle.loads(SIX).instance)
    assert {k for k, v in board.cells.items() if v == "no"} == \
        {(1, 1, d) for d in range(1, 7) if d != right}
    assert SUDOKU.write_board(aspuzzle.loads(SIX).instance, board).splitlines()[1] == \
        f"[{right}]   .   3 |   .   1   ."
    out = run_cli("check-step", str(EXAMPLE), "--state", str(EXAMPLE), "--rule",
                  "Last Number for Cell", "--set", "5,5=5", "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["valid"] is True
    out = run_cli("check-step", str(EXAMPLE), "--state", str(EXAMPLE), "--rule",
                  "Last Number for Cell", "--set", "5,5!=5", "--json")
    assert json.loads(out.stdout)["valid"] is False


TATHAM = read_jsonl(DATA / "sudoku" / "tatham.jsonl")


@pytest.mark.parametrize("rec", TATHAM, ids=[r["id"][:16] for r in TATHAM])
def test_tatham_solo_ids_solve_to_his_solution_and_round_trip(rec: dict[str, Any]) -> None:
    loaded = aspuzzle.loads(rec["id"], type="sudoku")
    res = aspuzzle.solve(loaded)
    assert res.status.value == "unique"
    assert SUDOKU.solution_to_json(res.solutions[0]) == {"grid": rec["grid"]}
    assert SUDOKU.verify(loaded.instance, res.solutions[0]) == []
    assert SUDOKU.formats["tatham"].write(loaded.instance, None) == rec["id"]
    for fmt in ("text", "facts"):
        f = SUDOKU.formats[fmt]
        text = f.write(loaded.instance, None)
        assert f.read(text) == loaded.instance and f.write(f.read(text), None) == text
    if list(loaded.instance.regions) == boxes(loaded.instance.width):
        url = SUDOKU.formats["puzzlink"].write(loaded.instance, None)
        assert aspuzzle.loads(url).instance == loaded.instance
    if rec["id"].startswith(("2x2:", "3x3:")):  # LEGUP's Sudoku: 4x4 and 9x9, square boxes
        f = SUDOKU.formats["legup"]
        text = f.write(loaded.instance, None)
        assert f.read(text) == loaded.instance and f.write(f.read(text), None) == text
        solved = f.write(loaded.instance, res.solutions[0])
        inst, placed = sudoku_legup.read_state(solved)
        assert inst == loaded.instance and f.write(inst, res.solutions[0]) == solved
        n = inst.width
        assert {c: d for c, d in placed.items()} == {
            (r, c): rec["grid"][r - 1][c - 1] for r in range(1, n + 1) for c in range(1, n + 1)
            if inst.at((r, c))[0] == "empty"}


BELOW_ADVANCED = [r for r in TATHAM if not r["rating"].startswith(("Difficulty rating: Adv",
                                                                    "Difficulty rating: Ext"))
                  and "x4" not in r["id"][:4]]


@pytest.mark.parametrize("rec", BELOW_ADVANCED, ids=[r["id"][:16] for r in BELOW_ADVANCED])
def test_below_advanced_needs_no_case_split(rec: dict[str, Any]) -> None:
    # Tatham's trivial, basic and intermediate levels: singles and intersections
    from aspuzzle.difficulty import grade

    g = grade(aspuzzle.loads(rec["id"], type="sudoku"), at_most="direct")
    assert g.graded and str(g.tier) == "direct"


@pytest.mark.parametrize("text, message", [
    ("3x3xdt:" + "a" * 3, "X and killer sudoku"),
    ("3x3:" + "i" * 8 + "h", "the grid has 80 cells, expected 81"),
    ("3x3:" + "i" * 9 + "a", "longer than 81 cells"),
    ("3j:c3a1c", "has its blocks after a comma"),
    ("3x3:i!" + "i" * 8, "unexpected character '!'"),
    ("https://puzz.link/p?sudoku/9/8/abc", "a 9x8 sudoku"),
])
def test_bad_ids_name_the_place(text: str, message: str) -> None:
    with pytest.raises(InputError) as err:
        aspuzzle.loads(text, type="sudoku")
    assert message in str(err.value)


def test_puzzlink_reads_pzprjs_numbers() -> None:
    url = "https://puzz.link/p?sudoku/4/4/1k2h3l"  # the encoder writes the trailing run too
    inst = aspuzzle.loads(url).instance
    assert inst.at((1, 1)) == ("given", 1) and inst.at((2, 3)) == ("given", 2)
    assert inst.at((3, 2)) == ("given", 3)
    assert SUDOKU.formats["puzzlink"].write(inst, None) == url
    assert aspuzzle.loads(url[:-1]).instance == inst  # a body that stops early


@pytest.mark.parametrize("size, tier, seed", [("4", "direct", 1), ("6", "direct", 2)])
def test_generated_sudoku_is_unique_at_its_tier(size: str, tier: str, seed: int) -> None:
    g = aspuzzle.generate("sudoku", size=size, difficulty=tier, seed=seed)
    assert str(g.grade.tier) == tier
    _, text = g.write("tatham")
    res = aspuzzle.solve(aspuzzle.loads(text, type="sudoku"))
    assert res.status.value == "unique" and res.solutions[0] == g.solution
    assert SUDOKU.verify(g.loaded.instance, g.solution) == []
    with pytest.raises(aspuzzle.UsageError):
        aspuzzle.generate("sudoku", size="6x4", seed=seed)


LEGUP_HEAD = '<?xml version="1.0"?><Legup version="2.0.0"><puzzle name="Sudoku">'


@pytest.mark.parametrize("body, message", [
    ('<board size="6"><cells/></board>', "boards are 4x4 or 9x9"),
    ('<board size="4"><cells><cell value="5" x="0" y="0"/></cells></board>',
     "value 5, not one of 0..4"),
    ('<board size="4"><cells><cell value="1" x="4" y="0"/></cells></board>',
     "outside the 4x4 board"),
    ('<board size="4"><cells><cell value="1" x="0" y="0"/><cell value="2" x="0" y="0"/>'
     '</cells></board>', "given twice"),
    ('<board><cells/></board>', "no 'size' attribute"),
    ('<board size="4"><cells><cell value="x" x="0" y="0"/></cells></board>', "not a number"),
])
def test_legup_files_that_cannot_be_read_name_the_problem(body: str, message: str) -> None:
    with pytest.raises(InputError) as err:
        SUDOKU.formats["legup"].read(LEGUP_HEAD + body + "</puzzle></Legup>")
    assert message in str(err.value)


def test_legup_refuses_what_legup_cannot_hold() -> None:
    f = SUDOKU.formats["legup"]
    for text in (SIX, JIGSAW):
        with pytest.raises(InputError, match="only 4x4 and 9x9 grids with square boxes"):
            f.write(SUDOKU.formats["text"].read(text), None)
    with pytest.raises(InputError, match="document type declaration"):
        f.read('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><Legup/>')


def test_legup_file_from_the_cli_is_detected_and_solved(tmp_path: Any) -> None:
    xml = tmp_path / "wiki.xml"
    res = run_cli("convert", str(EXAMPLE), "--to", "legup", "-o", str(xml))
    assert res.returncode == 0, res.stderr
    res = run_cli("solve", str(xml), "--json")
    assert res.returncode == 0 and json.loads(res.stdout)["solutions"][0]["grid"] == ANSWER
