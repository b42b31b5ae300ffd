"""``rules verify --type T`` for kit types: every bundled rule sound on small boards, and an
unsound rule caught with a smallest counterexample."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aspuzzle.kit.verify import verify
from aspuzzle.puzzles.lightup import PUZZLE as LIGHTUP
from tests.conftest import ROOT, run_cli

RULES = sorted(p for p in (ROOT / "src/aspuzzle/puzzles/lightup/rules").glob("*.lp")
               if p.name != "board.lp")
GREEDY = """%! name: Greedy Bulbs
%! kind: direct
%! summary: wrong on purpose: every free neighbour of a number is a bulb
sets(greedy, number(R, C, N), cell(R2, C2), bulb) :-
    number(R, C, N), N > 0, next_to(R, C, R2, C2), unknown(R2, C2).
"""


@pytest.mark.parametrize("rule", RULES, ids=lambda p: p.stem)
def test_every_light_up_rule_is_sound_on_small_boards(rule: Path) -> None:
    assert verify(LIGHTUP, rule, up_to=(4, 4)).sound


def test_an_unsound_rule_is_caught_on_a_smallest_board(tmp_path: Path) -> None:
    path = tmp_path / "greedy.lp"
    path.write_text(GREEDY)
    v = verify(LIGHTUP, path, up_to=(4, 4))
    assert not v.sound and v.counterexample is not None
    assert v.counterexample.rules == ("greedy",)
    assert v.counterexample.board == "# lightup 1x4\n. 1 . .\n"
    assert v.counterexample.solution == "# lightup 1x4\n* 1 . *\n"
    out = run_cli("rules", "verify", str(path), "--type", "akari", "--up-to", "3x3", "--json")
    assert out.returncode == 1, out.stderr
    rec = json.loads(out.stdout)
    assert rec["sound"] is False and rec["type"] == "lightup"


def test_a_rule_that_does_not_ground_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "broken.lp"
    path.write_text("sets(x, cell(R, C), cell(R, C), bulb) :- white(R, C)\n")
    out = run_cli("rules", "verify", str(path), "--type", "lightup", "--up-to", "2x2")
    assert out.returncode == 2 and "does not ground" in out.stderr
    assert "Traceback" not in out.stderr


SUDOKU_RULES = sorted(p for p in (ROOT / "src/aspuzzle/puzzles/sudoku/rules").glob("*.lp")
                      if p.name != "board.lp")


@pytest.mark.parametrize("rule", SUDOKU_RULES, ids=lambda p: p.stem)
def test_every_sudoku_rule_is_sound_up_to_4x4(rule: Path) -> None:
    from aspuzzle.puzzles.sudoku import PUZZLE as SUDOKU

    assert verify(SUDOKU, rule, up_to=(4, 4)).sound


def test_an_unsound_digit_rule_is_caught(tmp_path: Path) -> None:
    from aspuzzle.puzzles.sudoku import PUZZLE as SUDOKU

    path = tmp_path / "smallest.lp"
    path.write_text("%! name: Smallest\n%! kind: direct\n%! summary: wrong on purpose\n"
                    "sets(smallest, cell(R, C), cand(R, C, D), yes) :- possible(R, C, D),\n"
                    "    not possible(R, C, D2) : possible(R, C, D2), D2 < D.\n")
    v = verify(SUDOKU, path, up_to=(4, 4))
    assert not v.sound and v.counterexample is not None
    assert v.counterexample.rules == ("smallest",)


def test_skyscrapers_clue_arrangements_is_sound_up_to_4x4() -> None:
    from aspuzzle.puzzles.skyscrapers import PUZZLE as SKYSCRAPERS

    rule = ROOT / "src/aspuzzle/puzzles/skyscrapers/rules/clue_arrangements.lp"
    assert verify(SKYSCRAPERS, rule, up_to=(4, 4)).sound
