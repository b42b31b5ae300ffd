"""A player's Futoshiki board: read from the text format with digits and pencil marks, written
back, and the ``--set`` items of check-step."""

from __future__ import annotations

import pytest

from aspuzzle.errors import InputError, UsageError
from aspuzzle.explain import Board
from aspuzzle.puzzles.futoshiki.formats import read_text
from aspuzzle.puzzles.futoshiki.reasoning import (
    FutoshikiReasoner,
    parse_set,
    read_board,
    read_marks,
    write_marks,
)
from tests.conftest import EXAMPLES

SEED = read_text((EXAMPLES / "futoshiki" / "seed-4x4.txt").read_text())
ADJACENT = read_text((EXAMPLES / "futoshiki" / "adjacent-6x6.txt").read_text())


def test_digits_and_pencil_marks() -> None:
    digits, marks = read_marks("[12] < 3 > [1,2] 4\n4 . . .\n. . 4 .\n. 4 > . 2\n", SEED)
    assert digits == {(1, 2): 3, (1, 4): 4, (2, 1): 4, (3, 3): 4, (4, 2): 4}
    assert marks == {(1, 1): [1, 2], (1, 3): [1, 2]}
    board, problems = read_board("[12] . . .\n. . . .\n. . . .\n. . . 2\n", SEED)
    assert problems == []
    assert board.cells == {(1, 1, 3): "no", (1, 1, 4): "no"}


def test_signs_and_spacing_are_free() -> None:
    # signs copied or not, any spacing, vertical signs on lines of their own
    a = read_marks("[12]<.>.   .\n\n.   .   .   .\n        ^\n.   .   .   .\nv\n.   . > .   2\n",
                   SEED)
    b = read_marks(". . . .\n. . . .\n. . . .\n. . . 2\n", SEED)
    assert a[0] == b[0] == {}
    assert a[1] == {(1, 1): [1, 2]}


def test_a_board_written_and_read_again_is_the_same() -> None:
    board = Board({(1, 1, 3): "no", (1, 1, 4): "no", (2, 2, 1): "yes", (3, 4, 2): "no"})
    text = write_marks(SEED, board)
    assert read_board(text, SEED)[0] == board
    assert text.splitlines()[:3] == ["# futoshiki 4x4", "[12]  < .     > .       .", ""]
    adjacent = Board({(1, 1, 2): "no", (1, 1, 3): "no", (2, 2, 1): "no", (4, 4, 5): "yes"})
    assert read_board(write_marks(ADJACENT, adjacent), ADJACENT)[0] == adjacent


def test_a_digit_on_the_board_rules_out_its_row_and_column() -> None:
    rs = FutoshikiReasoner(SEED)
    board = read_board(". . . .\n. 1 . .\n. . . .\n. . . 2\n", SEED)[0]
    cands = rs.candidates(board)
    assert 1 not in cands[(2, 1)] and 1 not in cands[(1, 2)] and 1 in cands[(1, 1)]
    assert (2, 2) not in cands


@pytest.mark.parametrize(("text", "needle"), [
    ("[1234 . . .\n. . . .\n. . . .\n. . . 2\n", "line 1, column 1, cell (1,1): '[1234 . . .'"
                                                 " has no closing ']'"),
    ("[1a] . . .\n. . . .\n. . . .\n. . . 2\n", "cell (1,1): 'a' in [1a] is not a digit"),
    ("0 . . .\n. . . .\n. . . .\n. . . 2\n", "cell (1,1): digit 0 is out of range 1..4"),
    (". . . .\n. . . .\n. . . .\n. . . 2\n. . . .\n", "line 5: the board has more than 4 rows"),
])
def test_bad_boards(text: str, needle: str) -> None:
    with pytest.raises(InputError) as e:
        read_marks(text, SEED)
    assert needle in str(e.value)


def test_set_items() -> None:
    assert parse_set("2,3=4", SEED) == [((2, 3, 4), "yes")]
    assert parse_set("(2,3)!=1", SEED) == [((2, 3, 1), "no")]
    for bad, needle in [("2,3=5", "5 is not a digit 1..4"), ("2,3", "is not ROW,COL=DIGIT"),
                        ("4,4=2", "(4,4) is not an empty cell of the puzzle")]:
        with pytest.raises(UsageError) as e:
            parse_set(bad, SEED)
        assert needle in str(e.value)
