"""``aspuzzle diagnose``: the verdict in words, JSON records, exit status, a player's board."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import EXAMPLES, run_cli

SEED = EXAMPLES / "tents" / "seed-6x6.txt"


def test_unsolvable_puzzle_names_its_minimal_core() -> None:
    r = run_cli("diagnose", "--type", "tents", "  ? ?\n? T T\n? T .")
    assert r.returncode == 1, r.stderr
    assert r.stdout == "Tents: No solution: the tree at (1,1) cannot hold.\n"


def test_several_solutions_show_two_and_a_checked_repair_in_json() -> None:
    r = run_cli("diagnose", "--json", "--type", "tents", "  ? ?\n? T .\n? . .", str(SEED))
    assert r.returncode == 1, r.stderr
    several, sound = (json.loads(line) for line in r.stdout.splitlines())
    assert several["status"] == "multiple" and len(several["solutions"]) == 2
    assert several["repair"] == [{"id": "row 1", "text": "the row 1 clue 0"}]
    assert several["single_repair"] is True
    assert sound == {"input": str(SEED), "type": "tents", "status": "unique",
                     "text": "The puzzle is sound: it has exactly one solution.",
                     "time_s": sound["time_s"]}


def test_a_sound_puzzle_exits_0_and_a_wrong_mark_on_the_board_is_named(tmp_path: Path) -> None:
    assert run_cli("diagnose", str(SEED)).returncode == 0
    board = tmp_path / "board.txt"
    lines = SEED.read_text().splitlines()
    lines[2] = lines[2][:4] + "A" + lines[2][5:]  # a right tent at (1,2)
    lines[3] = lines[3][:2] + "A" + lines[3][3:]  # a tent at (2,1): wrong
    board.write_text("\n".join(lines) + "\n")
    r = run_cli("diagnose", str(SEED), "--state", str(board), "--json")
    assert r.returncode == 1, r.stderr
    rec = json.loads(r.stdout)
    assert rec["status"] == "unique" and rec["board"]["kind"] == "mistake"
    assert "On the board, the first wrong mark: (2,1)" in rec["text"]


def test_diagnose_bad_input_is_one_line_exit_2() -> None:
    r = run_cli("diagnose", "tents:nonsense")
    assert r.returncode == 2 and len(r.stderr.splitlines()) == 1
    assert "Traceback" not in r.stderr
