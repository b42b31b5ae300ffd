"""Hitori through the reasoning subcommands, as a user runs them: explain, hint, check,
check-step and rules, on the type's text format with marks (``5#`` shaded, ``5o`` unshaded)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import EXAMPLES
from tests.explain.test_cli_reasoning import one_line_error

SEED = str(EXAMPLES / "hitori" / "seed-6x6.txt")
GRID = ["1 1 2 4 3 5", "1 1 5 4 4 6", "4 6 6 2 1 1", "6 3 3 3 5 4", "2 3 4 1 6 5",
        "2 5 4 6 2 5"]


def board(tmp_path: Path, marks: dict[tuple[int, int], str], name: str = "board.txt") -> str:
    """The seed puzzle with the player's marks, as a file."""
    rows = []
    for r, line in enumerate(GRID, 1):
        rows.append(" ".join(n + marks.get((r, c), "") for c, n in enumerate(line.split(), 1)))
    path = tmp_path / name
    path.write_text("# hitori 6x6\n" + "\n".join(rows) + "\n")
    return str(path)


def test_explain_prints_numbered_steps_with_a_case_split(cli: Any) -> None:
    r = cli("explain", SEED)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "Hitori: solved in 15 steps (difficulty: case)"
    assert lines[1] == ("Step 1 - Unique Number: the numbers at (1,3) (1,5) (2,3) (2,6) (3,1) "
                        "(3,4) (4,1) (4,5) (4,6) (5,4) (5,5) (6,4) appear nowhere else in their "
                        "row and column, so they are never shaded.")
    assert lines[2] == ("Step 2 - Adjacent Triplet: row 4 has three 3s side by side at (4,2) "
                        "(4,3) (4,4): at most one stays unshaded and shaded cells never touch, "
                        "so the middle one is unshaded and the outer two are shaded, and (3,2) "
                        "(5,2) next to them are unshaded.")
    assert any(line.startswith("    Case 1: ") for line in lines)
    assert lines[-1].startswith("Step 15 - Shade the Copies: ")


def test_explain_json(cli: Any) -> None:
    r = cli("explain", SEED, "--json")
    assert r.returncode == 0
    data = json.loads(r.stdout)
    assert data["type"] == "hitori" and data["solved"] is True and data["tier"] == "case"
    step = data["steps"][1]
    assert step["rule"] == "Adjacent Triplet" and step["rule_id"] == "triplet"
    assert {"cell": [4, 2], "value": "shaded"} in step["sets"]
    assert {"cell": [4, 3], "value": "unshaded"} in step["sets"]
    case = next(s for s in data["steps"] if s["kind"] == "case")
    assert case["rule"] == "Shaded or Unshaded"
    dead = [b for b in case["branches"] if b["closed_by"] is not None]
    assert dead and all(b["closed_by"]["kind"] == "contradiction" for b in dead)
    shaded = sorted(s["cell"] for st in data["steps"] for s in st["sets"]
                    if s["value"] == "shaded")
    solved = json.loads(cli("solve", SEED, "--json").stdout)
    assert shaded == solved["solutions"][0]["shaded"]


def test_explain_an_inline_tatham_id_and_an_unsolvable_grid(cli: Any, tmp_path: Path) -> None:
    r = cli("explain", "singles:5x5de:5313442315455245423111144")
    assert r.returncode == 0 and r.stdout.startswith("Hitori: solved in ")
    assert "(difficulty: direct)" in r.stdout.splitlines()[0]
    bad = tmp_path / "bad.txt"
    bad.write_text("# hitori 2x2\n1 1\n1 1\n")
    r = cli("explain", str(bad))
    assert r.returncode == 1
    assert "no solution" in r.stdout and "Cut-off Area" in r.stdout


def test_hint_names_the_first_mistake_then_the_next_step(cli: Any, tmp_path: Path) -> None:
    wrong = board(tmp_path, {(1, 2): "#"})
    r = cli("hint", SEED, "--state", wrong)
    assert r.returncode == 0
    assert r.stdout.startswith("(1,2) cannot be shaded: ")
    r = cli("hint", SEED, "--state", wrong, "--json")
    data = json.loads(r.stdout)
    assert data["kind"] == "mistake"
    assert data["mistake"]["sets"] == [{"cell": [1, 2], "value": "shaded"}]
    right = board(tmp_path, {c: "o" for c in [(1, 3), (1, 5), (2, 3), (2, 6), (3, 1), (3, 4),
                                              (4, 1), (4, 5), (4, 6), (5, 4), (5, 5), (6, 4)]})
    data = json.loads(cli("hint", SEED, "--state", right, "--json").stdout)
    assert data["kind"] == "step" and data["step"]["rule"] == "Adjacent Triplet"


def test_check_lists_every_broken_rule(cli: Any, tmp_path: Path) -> None:
    broken = board(tmp_path, {(1, 1): "#", (1, 2): "#", (2, 1): "o", (2, 2): "o"})
    r = cli("check", SEED, "--state", broken, "--json")
    assert r.returncode == 1
    data = json.loads(r.stdout)
    assert data["complete"] is False and data["correct"] is False
    assert [(b["rule"], b["cells"]) for b in data["broken"]] == [
        ("Touching Shaded Cells", [[1, 1], [1, 2]]), ("Repeated Number", [[2, 1], [2, 2]])]
    fine = board(tmp_path, {(1, 1): "#", (1, 2): "o"})
    r = cli("check", SEED, "--state", fine)
    assert r.returncode == 0 and "No rule is broken so far" in r.stdout


def test_a_complete_and_correct_board(cli: Any, tmp_path: Path) -> None:
    solved = json.loads(cli("solve", SEED, "--json").stdout)["solutions"][0]["shaded"]
    marks = {(r, c): "#" if [r, c] in solved else "o" for r in range(1, 7) for c in range(1, 7)}
    r = cli("check", SEED, "--state", board(tmp_path, marks))
    assert r.returncode == 0 and "The board is complete and correct." in r.stdout


def test_the_marks_of_the_input_itself_are_the_board(cli: Any, tmp_path: Path) -> None:
    path = board(tmp_path, {(1, 2): "#", (2, 1): "#", (1, 1): "+"})
    r = cli("check", path, "--json")
    assert r.returncode == 1
    assert json.loads(r.stdout)["broken"][0]["rule"] == "Cut-off Area"


def test_check_step(cli: Any, tmp_path: Path) -> None:
    state = board(tmp_path, {(1, 1): "#", (1, 2): "o", (2, 1): "o", (2, 2): "#"})
    r = cli("check-step", SEED, "--state", state, "--rule", "Next to Shaded",
            "--set", "2,3=o", "3,2=unshaded")
    assert r.returncode == 0 and r.stdout.startswith("yes: (2,3) (3,2) are next to the shaded")
    r = cli("check-step", SEED, "--state", state, "--rule", "Sandwich", "--set", "4,3=#")
    assert r.returncode == 1 and r.stdout.startswith("no: ")
    r = cli("check-step", SEED, "--state", state, "--rule", "sandwich", "--set", "4,3=o",
            "--json")
    assert r.returncode == 0 and json.loads(r.stdout)["valid"] is True
    r = cli("check-step", SEED, "--state", state, "--rule", "Touching Shaded Cells")
    assert r.returncode == 1 and "does not apply" in r.stdout
    # the rules of the second program are evaluated when asked for by name
    r = cli("check-step", SEED, "--state", state, "--rule", "One Way Out", "--set", "1,3=o")
    assert r.returncode == 0 and r.stdout == (
        "yes: the unshaded cell (1,2) has no way out but (1,3) (its other neighbours are "
        "shaded), so (1,3) is unshaded.\n")


def test_rules_of_hitori(cli: Any) -> None:
    r = cli("rules", "--type", "hitori")
    assert r.returncode == 0
    assert "Pair Induction [Tatham singles PI; Conceptis]" in r.stdout
    data = json.loads(cli("rules", "--type", "singles", "--json").stdout)
    assert data["type"] == "hitori"
    tiers = {x["id"]: x["tier"] for x in data["rules"]}
    assert tiers["shaded_or_unshaded"] == "case" and tiers["cut_off"] == "direct"


@pytest.mark.parametrize("text, needle", [
    ("# hitori 2x2\n1 1\n1 1\n", "cell (1,3): the board is 2x2 but the puzzle is 6x6"),
    ("\n".join(GRID).replace("1 1 2 4", "1 7 2 4", 1), "cell (1,2): the board has 7 where"),
    ("\n".join(GRID).replace("1 1 2 4", "1 1x 2 4", 1), "cell (1,2): '1x' is not a number"),
    ("\n".join(GRID).replace("1 1 2 4", "1 0 2 4", 1), "cell (1,2): number 0 is out of range"),
    ("\n".join(GRID) + "\n1 2 3 4 5 6\n", "cell (7,1): the board is 7x6"),
])
def test_a_bad_board_is_one_line_naming_the_cell(cli: Any, tmp_path: Path, text: str,
                                                 needle: str) -> None:
    state = tmp_path / "state.txt"
    state.write_text(text)
    assert needle in one_line_error(cli("check", SEED, "--state", str(state)))


@pytest.mark.parametrize("args, needle", [
    (["--rule", "Sandwich", "--set", "4,3=blue"], "'blue' is not a value"),
    (["--rule", "Sandwich", "--set", "9,3=o"], "(9,3) is outside the 6x6 grid"),
    (["--rule", "Sandwich", "--link", "1,1-1,2"], "--link is for Tents only"),
    (["--rule", "Guessing", "--set", "4,3=o"], "unknown rule 'Guessing'"),
])
def test_check_step_usage_errors(cli: Any, tmp_path: Path, args: list[str],
                                 needle: str) -> None:
    state = board(tmp_path, {})
    assert needle in one_line_error(cli("check-step", SEED, "--state", state, *args))
