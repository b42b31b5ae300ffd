"""The reasoning subcommands on logic grids, as a user runs them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import EXAMPLES
from tests.explain.test_cli_reasoning import one_line_error

BOYS = str(EXAMPLES / "logicgrid" / "boys-in-the-hood.logic")
ZEBRA = str(EXAMPLES / "logicgrid" / "zebra-lgp-test-5x6-16.txt")

STATE = """\
episode / location: inn, dungeon, lodge, gaol, stocks
3 | X X X X O
victim / location
Friar Tuck | O X X X X
"""


@pytest.fixture
def state(tmp_path: Path) -> str:
    path = tmp_path / "board.txt"
    path.write_text(STATE)
    return str(path)


def test_explain(cli: Any) -> None:
    r = cli("explain", BOYS)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "Logic grid: solved in 37 steps (difficulty: direct)"
    assert lines[1] == ("Step 1 - Clue: is: clue 1: Prince John is the dungeon. So Prince John "
                        "is dungeon.")
    assert any(line.startswith("Step 8 - Bijectivity: episode 2 is washerwoman, so ")
               for line in lines)


def test_explain_json_with_a_case_split(cli: Any) -> None:
    r = cli("explain", ZEBRA, "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["type"] == "logicgrid" and data["solved"] and data["tier"] == "case"
    first = data["steps"][0]
    assert first["rule_id"] == "clue_same"
    assert first["sets"] == [{"pair": [["Nationality", "norwegian"], ["BookGenre", "fantasy"]],
                              "value": True}]
    case = next(s for s in data["steps"] if s["kind"] == "case")
    assert case["rule"] == "Case: where a value goes"
    dead = [b for b in case["branches"] if b["closed_by"] is not None]
    assert dead and all(b["closed_by"]["kind"] == "contradiction" for b in dead)


def test_hint_check_and_check_step(cli: Any, state: str) -> None:
    r = cli("hint", BOYS, "--state", state)
    assert r.returncode == 0, r.stderr
    assert r.stdout == ("Next step - Clue: is: clue 1: Prince John is the dungeon. So Prince "
                        "John is dungeon.\n")
    r = cli("hint", BOYS, "--state", state, "--json")
    data = json.loads(r.stdout)
    assert data["kind"] == "step" and data["step"]["rule_id"] == "clue_same"
    r = cli("check", BOYS, "--state", state, "--json")
    assert r.returncode == 0
    assert json.loads(r.stdout) == {"type": "logicgrid", "complete": False, "correct": False,
                                    "broken": []}
    r = cli("check-step", BOYS, "--state", state, "--rule", "Bijectivity",
            "--set", "episode:1!=location:stocks")
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("yes: ")
    r = cli("check-step", BOYS, "--state", state, "--rule", "Transitivity",
            "--set", "episode:3!=disguise:abbot")
    assert r.returncode == 1
    assert r.stdout.startswith("no: Transitivity does not give episode 3 is not abbot")


def test_check_a_wrong_board(cli: Any, tmp_path: Path) -> None:
    path = tmp_path / "wrong.txt"
    path.write_text("episode / location\n3 | X X X O O\n")
    r = cli("check", BOYS, "--state", str(path))
    assert r.returncode == 1
    assert r.stdout.splitlines()[0] == "Two matches: episode 3 is both gaol and stocks."
    r = cli("hint", BOYS, "--state", str(path))
    assert r.stdout.startswith("episode 3 cannot be gaol: ")


def test_rules(cli: Any) -> None:
    r = cli("rules", "--type", "logicgrid", "--json")
    assert r.returncode == 0
    data = json.loads(r.stdout)
    names = [x["name"] for x in data["rules"]]
    assert names[:4] == ["Clue: is", "Clue: is not", "Bijectivity", "Last possibility"]
    tiers = {x["id"]: x["tier"] for x in data["rules"]}
    assert tiers["where_case"] == "case" and tiers["transitivity"] == "direct"


@pytest.mark.parametrize("board, needle", [
    ("episode / location\n3 | X X X X O X\n",
     "line 2, cell (3,6): the row of episode '3' has 6 marks"),
    ("episode / location\n3 | X X X X ?\n", "line 2, cell (3,5): '?' is not a mark"),
    ("episode / colour\n", "line 1: unknown category 'colour'"),
])
def test_a_bad_board_is_one_line_exit_2(cli: Any, tmp_path: Path, board: str,
                                        needle: str) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(board)
    for command in ("hint", "check"):
        line = one_line_error(cli(command, BOYS, "--state", str(path)))
        assert needle in line, line


def test_usage_errors_are_one_line(cli: Any, state: str) -> None:
    line = one_line_error(cli("check-step", BOYS, "--state", state, "--rule", "Bijectivity",
                              "--set", "inn=dungeon"))
    assert "pairs two values of 'location'" in line
    line = one_line_error(cli("hint", BOYS))
    assert "give the player's board with --state" in line
