"""The reasoning subcommands as a user runs them: explain, hint, check, check-step, rules."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from aspuzzle.cli_reasoning import parse_cells, parse_links
from aspuzzle.errors import UsageError
from aspuzzle.puzzles.tents.formats import read_text
from aspuzzle.puzzles.tents.legup import write_legup
from tests.conftest import EXAMPLES

SEED = str(EXAMPLES / "tents" / "seed-6x6.txt")


def one_line_error(r: Any) -> str:
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in r.stderr, r.stderr
    return str(lines[0])


def test_explain_prints_numbered_steps(cli: Any) -> None:
    r = cli("explain", SEED)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "Tents: solved in 16 steps (difficulty: direct)"
    assert lines[1] == ("Step 1 - Finish with Grass: row 2 needs 0 tents and has 0, so (2,1) "
                        "(2,3) (2,4) (2,5) are grass.")
    assert lines[-1].startswith("Step 16 - Last Camping Spot: ")


def test_explain_json(cli: Any) -> None:
    r = cli("explain", SEED, "--json")
    assert r.returncode == 0
    data = json.loads(r.stdout)
    assert data["type"] == "tents" and data["solved"] is True and data["tier"] == "direct"
    assert {"rule", "kind", "sets", "links", "uses", "text"} <= set(data["steps"][0])


def test_explain_a_tatham_id_with_a_case_split(cli: Any) -> None:
    # (an ID in Tatham's format, from `aspuzzle generate tents --size 6x6 --difficulty case
    # --seed 4`: Tatham's own easy ones need no split)
    r = cli("explain", "6x6dt:gbdccaah,1,1,1,2,1,1,1,2,0,2,1,1", "--json")
    data = json.loads(r.stdout)
    assert r.returncode == 0 and data["solved"] and data["tier"] == "case"
    case = next(s for s in data["steps"] if s["kind"] == "case")
    dead = [b for b in case["branches"] if b["closed_by"] is not None]
    assert dead and all(b["closed_by"]["kind"] == "contradiction" for b in dead)


def test_explain_an_unsolvable_and_a_non_unique_puzzle(cli: Any, tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("  ? ? ? ?\n2 . . T T\n? . . . .\n")
    r = cli("explain", str(bad))
    assert r.returncode == 1
    assert "no solution" in r.stdout
    many = tmp_path / "many.txt"
    many.write_text("  ? ? ?\n? . . .\n? . T .\n? . . .\n")
    r = cli("explain", str(many))
    assert r.returncode == 0
    assert "The puzzle is not unique: from here two solutions differ" in r.stdout


def test_hint_check_and_check_step_on_a_text_board(cli: Any, tmp_path: Path) -> None:
    state = tmp_path / "board.txt"
    state.write_text("  1 2 0 2 1 2\n2 . . . T A .\n0 . T . . . T\n3 . . T . T .\n"
                     "0 . . . T . .\n2 . T . . . .\n1 A . . . T .\n")
    r = cli("hint", SEED, "--state", str(state))
    assert r.returncode == 0
    assert r.stdout.startswith("(6,1) cannot be a tent: No Tree for Tent")
    r = cli("check", SEED, "--state", str(state), "--json")
    assert r.returncode == 1
    data = json.loads(r.stdout)
    assert data["complete"] is False and data["correct"] is False
    assert data["broken"][0]["rule"] == "No Tree for Tent"
    assert data["broken"][0]["cells"] == [[6, 1]]
    r = cli("check-step", SEED, "--state", str(state), "--rule", "Surround Tent with Grass",
            "--set", "1,6=grass", "2,5=x")
    assert r.returncode == 0 and r.stdout.startswith("yes: ")
    r = cli("check-step", SEED, "--state", str(state), "--rule", "Finish with Tents",
            "--set", "1,6=tent")
    assert r.returncode == 1 and r.stdout.startswith("no: ")


def test_the_marks_of_the_input_itself_are_the_board(cli: Any, tmp_path: Path) -> None:
    state = tmp_path / "board.txt"
    state.write_text("  1 2 0 2 1 2\n2 . . . T A .\n0 . T . . . T\n3 . . T . T .\n"
                     "0 . . . T . .\n2 . T . . . .\n1 . . . . T .\n")
    r = cli("hint", str(state), "--json")
    data = json.loads(r.stdout)
    assert data["kind"] == "step" and data["step"]["rule"] == "Finish with Grass"


def test_a_legup_state_with_links(cli: Any, tmp_path: Path) -> None:
    inst = read_text(Path(SEED).read_text())
    xml = tmp_path / "board.xml"
    xml.write_text(write_legup(inst, marks={(1, 5): "tent", (1, 6): "grass"},
                               links=frozenset({((1, 4), (1, 5))})))
    r = cli("check", SEED, "--state", str(xml))
    assert r.returncode == 0
    assert "No rule is broken so far" in r.stdout
    r = cli("hint", SEED, "--state", str(xml), "--json")
    assert json.loads(r.stdout)["kind"] == "step"
    # a wrong link is the first mistake
    xml.write_text(write_legup(inst, marks={(2, 4): "tent"},
                               links=frozenset({((1, 4), (2, 4))})))
    r = cli("hint", SEED, "--state", str(xml))
    assert r.returncode == 0 and r.stdout.startswith("(2,4) cannot be a tent")


def test_rules_lists_the_catalogue(cli: Any) -> None:
    r = cli("rules")
    assert r.returncode == 0 and "Finish with Grass [5.a.i]" in r.stdout
    lines = [json.loads(line) for line in cli("rules", "--json").stdout.splitlines()]
    assert lines[0]["type"] == "tents"  # then every other type with rules, one line each
    assert len({x["type"] for x in lines}) == len(lines)
    names = {x["name"] for x in lines[0]["rules"]}
    assert {"Tent or Grass", "Fill In Row", "Links from Tree", "Links from Tent",
            "Too Many Tents", "No Room for Tents", "Only Placement"} <= names


@pytest.mark.parametrize("args, needle", [
    (["check-step", SEED, "--rule", "Finish with Grass", "--set", "1,3"], "has no '='"),
    (["check-step", SEED, "--rule", "Finish with Grass", "--set", "1,3=blue"], "not a value"),
    (["check-step", SEED, "--rule", "Finish with Grass", "--set", "9,9=grass"],
     "outside the 6x6 grid"),
    (["check-step", SEED, "--rule", "Guessing", "--set", "1,3=grass"], "unknown rule"),
    (["check-step", SEED, "--rule", "Tent for Tree", "--link", "1,1-1,2"], "is not a tree"),
    (["hint", SEED, "--state", "/no/such/board.txt"], "no such file"),
    (["check", SEED, "--state", ""], "'' is neither a file name nor a puzzle"),
    (["explain", "/no/such/puzzle.txt"], "no such file"),
    (["hint", str(EXAMPLES / "tents" / "seed-6x6.lp")], "give the player's board with --state"),
])
def test_usage_and_input_errors_are_one_line(cli: Any, args: list[str], needle: str) -> None:
    assert needle in one_line_error(cli(*args))


def test_a_board_of_another_puzzle_is_refused(cli: Any, tmp_path: Path) -> None:
    state = tmp_path / "other.txt"
    state.write_text("  ? ?\n? T .\n")
    msg = one_line_error(cli("check", SEED, "--state", str(state)))
    assert "not of this puzzle" in msg
    state.write_text("  1 2\n? T Q\n")
    assert "unknown cell 'Q'" in one_line_error(cli("check", SEED, "--state", str(state)))


def test_cell_and_link_syntax() -> None:
    assert parse_cells(["3,1=grass 3,6=x", "(2,2)=A"]) == (
        ((2, 2), "tent"), ((3, 1), "grass"), ((3, 6), "grass"))
    assert parse_links(["2,4-1,4"]) == (((2, 4), (1, 4)),)
    with pytest.raises(UsageError):
        parse_cells(["1,1=tent", "1,1=grass"])
    with pytest.raises(UsageError):
        parse_links(["2,4"])
