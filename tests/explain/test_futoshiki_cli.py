"""The reasoning subcommands on Futoshiki puzzles, as a user runs them: explain, hint, check,
check-step, rules; a bad board is refused in one line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import DATA, EXAMPLES, read_jsonl
from tests.explain.test_cli_reasoning import one_line_error

SEED = str(EXAMPLES / "futoshiki" / "seed-4x4.txt")
EXTREME = next(r["id"] for r in read_jsonl(DATA / "futoshiki" / "unequal.jsonl")
               if r["id"].startswith("7dx"))

# The seed puzzle part-way: the player wrote 3, four 4s, and struck 3 and 4 out of (1,1), (1,3)
PARTWAY = """# futoshiki 4x4
[12] < 3 > [12]   4

4      .   .      .
               ^
.      .   4      .
v
.      4 > .      2
"""
SOLVED = "2 < 3 > 1   4\n4   1   2   3\n3   2   4   1\n1   4 > 3   2\n"


@pytest.fixture
def board(tmp_path: Path) -> Any:
    def write(text: str) -> str:
        path = tmp_path / f"board{abs(hash(text))}.txt"
        path.write_text(text)
        return str(path)
    return write


def test_explain_prints_numbered_steps(cli: Any) -> None:
    r = cli("explain", SEED)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "Futoshiki: solved in 27 steps (difficulty: direct)"
    assert lines[1] == "Step 1 - Relative Size: (1,2) > (1,1), so (1,2) cannot be 1."
    assert "Step 10 - Hidden Single: 4 has only one place left in column 3, so (3,3) is 4." \
        in lines


def test_explain_json_sets_digits_and_struck_candidates(cli: Any) -> None:
    r = cli("explain", SEED, "--json")
    assert r.returncode == 0
    data = json.loads(r.stdout)
    assert data["type"] == "futoshiki" and data["solved"] and data["tier"] == "direct"
    first = data["steps"][0]
    assert first["sets"] == [{"cell": [1, 2], "not": [1]}]
    placing = next(s for s in data["steps"] if s["rule"] == "Hidden Single")
    assert placing["text"] == "4 has only one place left in column 3, so (3,3) is 4."
    # the digit, and what writing it strikes out: 4 elsewhere in row 3 (column 3 has no 4 left)
    assert placing["sets"] == [{"cell": [3, 1], "not": [4]}, {"cell": [3, 2], "not": [4]},
                               {"cell": [3, 3], "value": 4}, {"cell": [3, 4], "not": [4]}]
    for step in data["steps"]:
        for item in step["sets"]:
            assert set(item) in ({"cell", "value"}, {"cell", "not"})


# A puzzle of Tatham's generator at Recursive, his level above Extreme (sgt-puzzles
# 20230122.806ae71, `unequalgen 5dr aspuzzle-5dr-3 1`; MIT licence): his solver guesses.
RECURSIVE = "5dr:0R,0,0,0D,0,0D,0U,0,0,0,0R,0,0,0R,0U,0,0R,0,0,2D,0,0L,0,0,0,"


def test_explain_an_extreme_puzzle_with_named_rules_only(cli: Any) -> None:
    r = cli("explain", EXTREME, "--json")
    data = json.loads(r.stdout)
    assert r.returncode == 0 and data["solved"] and data["tier"] == "direct"
    assert "Forcing Chain" in {s["rule"] for s in data["steps"]}


def test_explain_a_recursive_puzzle_with_a_case_split(cli: Any) -> None:
    r = cli("explain", RECURSIVE, "--json")
    data = json.loads(r.stdout)
    assert r.returncode == 0 and data["solved"] and data["tier"] == "case"
    case = next(s for s in data["steps"] if s["kind"] == "case")
    assert case["rule"] in ("Cell Candidates", "Digit Places")
    dead = [b for b in case["branches"] if b["closed_by"] is not None]
    assert dead and all(b["closed_by"]["kind"] in ("contradiction", "case") for b in dead)


def test_explain_an_unsolvable_and_a_non_unique_puzzle(cli: Any, board: Any) -> None:
    r = cli("explain", board(". > . > . > 4\n. . . .\n. . . .\n. . . .\n"))
    assert r.returncode == 1
    assert r.stdout.splitlines()[1] == ("Step 1 - Broken Sign: (1,3) > (1,4), but (1,3) is "
                                        "at most 3 and (1,4) is 4.")
    r = cli("explain", board(". . 4 .\n. . . .\n. . . .\n. . . .\n"))
    assert r.returncode == 0
    assert "The puzzle is not unique: from here two solutions differ" in r.stdout


def test_hint_gives_the_next_step_on_a_player_board(cli: Any, board: Any) -> None:
    r = cli("hint", SEED, "--state", board(PARTWAY))
    assert r.returncode == 0, r.stderr
    assert r.stdout == "Next step - Relative Size: (3,1) > (4,1), so (3,1) cannot be 1.\n"


def test_hint_finds_a_mistake(cli: Any, board: Any) -> None:
    wrong = PARTWAY.replace(".      4 > .      2", "3      4 > .      2")
    r = cli("hint", SEED, "--state", board(wrong), "--json")
    assert r.returncode == 0
    data = json.loads(r.stdout)
    assert data["kind"] == "mistake"
    assert data["mistake"]["sets"] == [{"cell": [4, 1], "value": 3}]
    assert data["text"].startswith("(4,1) cannot be 3: ")


def test_check_lists_broken_rules_and_knows_a_solved_board(cli: Any, board: Any) -> None:
    twice = "1 < 3 > 1   4\n.   .   .   .\n.   .   .   .\n.   .   .   2\n"
    r = cli("check", SEED, "--state", board(twice), "--json")
    assert r.returncode == 1
    data = json.loads(r.stdout)
    assert data["complete"] is False
    rules = {b["rule"] for b in data["broken"]}
    assert "Digit Twice" in rules
    twice_step = next(b for b in data["broken"] if b["rule"] == "Digit Twice")
    assert twice_step["cells"] == [[1, 1], [1, 3]]
    r = cli("check", SEED, "--state", board(SOLVED))
    assert r.returncode == 0
    assert r.stdout == "The board is complete and correct.\n"


def test_check_step(cli: Any, board: Any) -> None:
    state = board(PARTWAY)
    r = cli("check-step", SEED, "--state", state, "--rule", "relative size", "--set", "3,1!=1")
    assert r.returncode == 0 and r.stdout.startswith("yes: (3,1) > (4,1)")
    r = cli("check-step", SEED, "--state", state, "--rule", "Naked Single", "--set", "4,1=1")
    assert r.returncode == 1
    assert r.stdout.startswith("no: Naked Single does not give (4,1) is 1 on this board")
    r = cli("check-step", SEED, "--state", state, "--rule", "Cell Candidates", "--set", "3,1=3")
    assert r.returncode == 0
    assert r.stdout.startswith("yes: Cell Candidates: (3,1) is 1, 2 or 3; all cases but one")


def test_rules_lists_the_catalogue(cli: Any) -> None:
    r = cli("rules", "--type", "futoshiki")
    assert r.returncode == 0
    assert r.stdout.splitlines()[0] == "futoshiki:"
    assert "    Naked Single [Tatham: numeric elimination (Trivial)]: " in r.stdout
    r = cli("rules", "--type", "unequal", "--json")
    data = json.loads(r.stdout)
    kinds = {x["id"]: (x["kind"], x["tier"]) for x in data["rules"]}
    assert kinds["hidden_pair"] == ("direct", "direct")
    assert kinds["cell_candidates"] == ("case", "case")
    assert kinds["broken_sign"] == ("contradiction", "direct")


@pytest.mark.parametrize(("state", "needle"), [
    (". . .\n. . .\n. . .\n", "row 1 has 3 cells; the puzzle is 4x4"),
    (". . . .\n. . . .\n. . . .\n", "the board has 3 rows; the puzzle is 4x4"),
    (". . . .\n. . . .\n. . . .\n. . . 3\n", "cell (4,4): the puzzle gives 2 here, the board "
                                              "has 3"),
    (". . . .\n. . . .\n. . . .\n. . . .\n", "cell (4,4): the puzzle gives 2 here, the board "
                                              "has none"),
    (". 5 . .\n. . . .\n. . . .\n. . . 2\n", "cell (1,2): digit 5 is out of range 1..4"),
    ("[15] . . .\n. . . .\n. . . .\n. . . 2\n", "cell (1,1): candidate 5 is out of range"),
    (". x . .\n. . . .\n. . . .\n. . . 2\n", "cell (1,2): unknown mark 'x'"),
    ("[12 . . .\n. . . .\n. . . .\n. . . 2\n", "cell (1,1): '[12 . . .' has no closing ']'"),
    (". . . .\n. . . .\n. . . .\n. . . [2]\n", "cell (4,4): pencil marks [2] in a cell whose "
                                                "digit is given (2)"),
])
def test_a_bad_board_is_one_line_and_names_the_cell(cli: Any, board: Any, state: str,
                                                   needle: str) -> None:
    r = cli("check", SEED, "--state", board(state))
    line = one_line_error(r)
    assert needle in line, line


@pytest.mark.parametrize(("args", "needle"), [
    (["hint", SEED], "give the player's board with --state"),
    (["check-step", SEED, "--state", SEED, "--rule", "naked single", "--set", "1,1=x"],
     "is not ROW,COL=DIGIT or ROW,COL!=DIGIT"),
    (["check-step", SEED, "--state", SEED, "--rule", "naked single", "--set", "4,4=2"],
     "(4,4) is not an empty cell of the puzzle"),
    (["check-step", SEED, "--state", SEED, "--rule", "naked single", "--set", "5,1=2"],
     "(5,1) is not an empty cell of the puzzle"),
    (["check-step", SEED, "--state", SEED, "--rule", "x-wing", "--set", "1,1=2"],
     "unknown rule 'x-wing'"),
])
def test_usage_errors_are_one_line(cli: Any, args: list[str], needle: str) -> None:
    line = one_line_error(cli(*args))
    assert needle in line, line
