"""A player's logic grid: reading and writing the board, hints, checks and check-step."""

from __future__ import annotations

import json

import pytest

import aspuzzle
from aspuzzle.errors import InputError, UsageError
from aspuzzle.explain import Board, explain
from aspuzzle.explain.player import check, check_step, hint
from aspuzzle.puzzles.logicgrid.reasoning import (
    LogicGridReasoner,
    PlayerBoard,
    parse_set,
    read_board,
    write_board,
)
from tests.conftest import EXAMPLES

BOYS = aspuzzle.load(EXAMPLES / "logicgrid" / "boys-in-the-hood.logic")
INST = BOYS.instance
RS = LogicGridReasoner(INST)

PART_WAY = """\
# Boys in the Hood, part-way
episode / location: inn, dungeon, lodge, gaol, stocks
1 | . . . . X
2 | . . . . X
3 | X X X X O
4 | . . . . X
5 | . . . . X

victim / location: inn, dungeon, lodge, gaol, stocks
Friar Tuck   | O X X X X
Little John  | X . . . .
Maid Marian  | X . . . .
Much         | X . . . .
Will Scarlet | X . . . .

episode / disguise
2 | X X X X O
"""


def solved() -> Board:
    board = RS.solution_hint(Board({}))
    assert board is not None
    return board


def test_read_the_documented_example() -> None:
    board, problems = read_board(PART_WAY, INST)
    assert problems == [] and isinstance(board, PlayerBoard)
    assert board.cells[(("episode", 3), ("location", "stocks"))] == "true"
    assert board.cells[(("victim", "Friar Tuck"), ("location", "inn"))] == "true"
    assert board.cells[(("episode", 2), ("disguise", "washerwoman"))] == "true"
    assert board.cells[(("episode", 2), ("disguise", "abbot"))] == "false"
    assert len(board.cells) == 9 + 9 + 5
    # every mark agrees with the magazine's answer
    assert all(solved().cells[k] == v for k, v in board.cells.items())


def test_write_then_read_is_the_identity() -> None:
    e = explain(BOYS)
    board = Board({})
    for step in e.steps[:12]:
        board = board.with_(step.sets)
    text = write_board(INST, board)
    assert text.startswith("episode / victim: Friar Tuck, Little John, Maid Marian, Much, "
                           "Will Scarlet\n1 | ")
    assert read_board(text, INST)[0].cells == board.cells
    assert read_board(write_board(INST, solved()), INST)[0].cells == solved().cells


def test_a_block_may_be_given_the_other_way_round_and_in_any_case() -> None:
    text = "LOCATION / Episode\nstocks | x x o x x\nINN | . . x . .\n"
    board, _ = read_board(text, INST)
    assert board.cells == {(("episode", 3), ("location", "stocks")): "true",
                           (("episode", 1), ("location", "stocks")): "false",
                           (("episode", 2), ("location", "stocks")): "false",
                           (("episode", 4), ("location", "stocks")): "false",
                           (("episode", 5), ("location", "stocks")): "false",
                           (("episode", 3), ("location", "inn")): "false"}


@pytest.mark.parametrize("text, message", [
    ("episode / colour\n", "line 1: unknown category 'colour' (categories: episode, victim, "
                           "location, disguise)"),
    ("episode / episode\n", "line 1: a block pairs 'episode' with itself"),
    ("episode / location\n1 | .....\nlocation / episode\n",
     "line 3: the block 'episode / location' is given twice"),
    ("episode / location\n1 | ....\n",
     "line 2, cell (1,5): the row of episode '1' has 4 marks, expected 5 (one per location)"),
    ("episode / location\n\n3 | O X X X X X\n",
     "line 3, cell (3,6): the row of episode '3' has 6 marks, expected 5 (one per location)"),
    ("episode / location\n2 | . . . Q .\n",
     "line 2, cell (2,4): 'Q' is not a mark (use O, X or .) for episode '2' / location 'gaol'"),
    ("episode / location\n6 | . . . . .\n", "line 2: '6' is not a value of 'episode'"),
    ("episode / location\n1 | .....\n1 | .....\n",
     "line 3: the row of episode '1' is given twice"),
    ("1 | .....\n", "line 1: a row before any block header 'CATEGORY / CATEGORY'"),
    ("episode / location: inn, lodge, dungeon, gaol, stocks\n",
     "line 1: the columns of 'episode / location' must be the values of 'location' in the "
     "puzzle's order: inn, dungeon, lodge, gaol, stocks"),
    ("title: Boys in the Hood\n", "line 1: expected a block header 'CATEGORY / CATEGORY' or a "
                                  "row 'VALUE | marks', found 'title: Boys in the Hood'"),
])
def test_a_board_that_does_not_fit_is_refused_naming_the_line_and_cell(text: str,
                                                                      message: str) -> None:
    with pytest.raises(InputError) as err:
        read_board(text, INST)
    assert str(err.value).startswith(message), str(err.value)
    assert "\n" not in str(err.value)


def test_parse_set() -> None:
    assert parse_set("episode:2=disguise:washerwoman", INST) == [
        ((("episode", 2), ("disguise", "washerwoman")), "true")]
    # either order, category left out when the value is unambiguous, '_' for a space
    assert parse_set("Friar_Tuck!=episode:5", INST) == [
        ((("episode", 5), ("victim", "Friar Tuck")), "false")]
    for bad, message in [("episode:2", "has no '=' or '!='"),
                         ("7=washerwoman", "'7' is not a value of any category"),
                         ("colour:red=inn", "unknown category 'colour'"),
                         ("episode:9=inn", "'9' is not a value of 'episode'"),
                         ("inn=dungeon", "pairs two values of 'location'")]:
        with pytest.raises(UsageError, match=message):
            parse_set(bad, INST)


def test_check_the_solved_board_and_an_empty_one() -> None:
    result = check(RS, PlayerBoard(dict(solved().cells)))
    assert result.correct and result.complete
    result = check(RS, PlayerBoard({}))
    assert not result.broken and not result.complete


def test_check_lists_every_broken_rule() -> None:
    cells = dict(solved().cells)
    # episode 3 is the stocks; say it is the gaol too, and make Friar Tuck's row empty
    cells[(("episode", 3), ("location", "gaol"))] = "true"
    cells[(("victim", "Friar Tuck"), ("location", "inn"))] = "false"
    result = check(RS, PlayerBoard(cells))
    rules = {s.rule for s in result.broken}
    assert {"Two matches", "No match left", "Clue broken", "Transitivity broken"} <= rules
    texts = [s.text for s in result.broken]
    assert "episode 3 is both gaol and stocks." in texts
    assert "clue 2: Friar Tuck was the inn. But Friar Tuck is not inn on the board." in texts


def test_hint_gives_the_next_step_or_the_first_mistake() -> None:
    board, _ = read_board(PART_WAY, INST)
    h = hint(RS, board)
    assert h.kind == "step" and h.step is not None
    assert h.text == "clue 1: Prince John is the dungeon. So Prince John is dungeon."
    wrong = PlayerBoard({**board.cells, (("episode", 1), ("victim", "Friar Tuck")): "false"})
    h = hint(RS, wrong)
    assert h.kind == "mistake"
    assert h.text.startswith("episode 1 must be Friar Tuck: ")
    wrong = PlayerBoard({**board.cells, (("episode", 3), ("location", "gaol")): "true"})
    h = hint(RS, wrong)
    assert h.text == "episode 3 cannot be gaol: Two matches: episode 3 is both gaol and stocks."


def test_check_step() -> None:
    board, _ = read_board(PART_WAY, INST)
    v = check_step(RS, board, "Bijectivity",
                   tuple(parse_set("episode:1!=disguise:washerwoman", INST)))
    assert v.valid and v.text == ("episode 2 is washerwoman, so washerwoman is not episode 1, "
                                  "3, 4 or 5.")
    v = check_step(RS, board, "clue same", tuple(parse_set("Prince_John=dungeon", INST)))
    assert v.valid and v.text.startswith("clue 1: Prince John is the dungeon.")
    v = check_step(RS, board, "Transitivity", tuple(parse_set("Prince_John=dungeon", INST)))
    assert not v.valid
    assert v.text == ("Transitivity does not give dungeon is Prince John on this board (it "
                      "does follow, by Clue: is).")
    v = check_step(RS, board, "Case: where a value goes",
                   tuple(parse_set("episode:1=Friar_Tuck", INST)))
    assert v.valid and v.steps[0].kind == "case"
    v = check_step(RS, board, "Two matches", ())
    assert not v.valid


def test_the_json_of_a_step() -> None:
    step = explain(BOYS).steps[0]
    assert RS.encode(step.sets, ()) == [
        {"pair": [["location", "dungeon"], ["disguise", "Prince John"]], "value": True}]
    data = json.loads(json.dumps(step.to_json(RS.encode)))
    assert data["uses"][0] == {"kind": "clue", "clue": 1, "cells": [
        [["location", "dungeon"], ["disguise", "Prince John"]]]}


def test_a_long_header_line_is_refused_at_once_with_a_short_message() -> None:
    """A block header is split at its '/', not matched by a backtracking pattern (a line of
    20,000 blanks took seconds); the error names the line and a shortened category."""
    import aspuzzle
    from aspuzzle.errors import InputError
    from aspuzzle.puzzles.logicgrid.reasoning import read_board

    inst = aspuzzle.load(EXAMPLES / "logicgrid" / "boys-in-the-hood.logic").instance
    for text in ["a" + " " * 100_000 + "b", "a" + " " * 100_000 + "b / c"]:
        with pytest.raises(InputError) as e:
            read_board(text, inst)
        assert len(str(e.value)) < 300 and "line 1" in str(e.value)
