"""A Sudoku explanation written as a LEGUP Sudoku proof (``explain --to legup``).

LEGUP's Sudoku board holds digits only (no pencil marks), so the proof is the explanation made
with the rules whose LEGUP counterparts judge a step from the digits alone: Last Number for
Cell, Last Cell for Number, Repeated Numbers, No Number for Cell and the split Possible Numbers
for Cell. (Locked Candidates and the pairs strike candidates, which LEGUP cannot store; LEGUP's
No Cell for Number and Possible Cells for Number rules look at other units than their names
say, so they are not used.) Every step is one transition; a split is a node with one transition
for each of the digits 1..9, as LEGUP's Possible Numbers for Cell makes its cases: a digit the
cell's row, column or box holds already is closed at once by Repeated Numbers, the others are
explained until they die, and the proof goes on in the digit the solution has.

Only 9x9 proofs are written: LEGUP loads a 4x4 Sudoku, but its rules assume nine rows, columns
and boxes (checking any step of a 4x4 proof ends in a NullPointerException in LEGUP 448413841d).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from aspuzzle.errors import UsageError
from aspuzzle.explain.steps import Board
from aspuzzle.kit.legup_digits import DigitWriter, check_digit_proof
from aspuzzle.kit.legup_proof import DigitJudge, proof_with
from aspuzzle.puzzles.sudoku import legup

__all__ = ["LEGUP_RULES", "check_proof", "export_proof"]

LEGUP_RULES = ("last_number_for_cell", "last_cell_for_number", "repeated_numbers",
               "no_number_for_cell", "possible_numbers_for_cell")
_SPLIT_CASES = 9
"""LEGUP's Possible Numbers for Cell makes the cases 1..9 whatever the board's size."""


class _Writer(DigitWriter):
    split_id = "possible_numbers_for_cell"

    def split_digits(self, board: Board, cell: tuple[int, int]) -> list[int]:
        return list(range(1, _SPLIT_CASES + 1))

    def close(self, node: int, board: Board) -> None:
        self.transition(node, "repeated_numbers", (), self.node())


def export_proof(loaded: Any, explanation: Any = None, *, reasoner: Any = None) -> str:
    """A LEGUP Sudoku file of the puzzle whose proof tree explains it with LEGUP's rules (the
    explanation and reasoner given are not used: theirs may strike candidates)."""
    inst = loaded.instance
    legup.check_shape(inst)
    if inst.width != _SPLIT_CASES:
        raise UsageError(f"explain --to legup: LEGUP checks proofs of 9x9 Sudoku only (its rules "
                         f"assume nine rows, columns and boxes); this one is "
                         f"{inst.width}x{inst.height}")
    lines = proof_with(loaded, lambda r: r.id in LEGUP_RULES, _Writer)
    return legup.write_legup(inst, None, proof=lines)



# --- judging ----------------------------------------------------------------------------------

def check_proof(text: str, *, allowed: Collection[str] | None = None, teacher: Any = None,
                earned: bool = False) -> Any:
    """Judge the proof tree of a LEGUP Sudoku file (``check-proof``, ``grade``): each
    transition by our rule of its LEGUP name, from the digits of its parent node. A transition
    places digits (LEGUP's board holds no pencil marks); a split by Possible Numbers for Cell
    is one empty cell, one case for each digit it can still take at least (LEGUP writes all of
    1..9); by Possible Cells for Number one digit in one row, column or box, one case for each
    cell of it where the digit can still go at least. InputError for a file that cannot be
    read."""
    from aspuzzle.puzzles.sudoku import PUZZLE

    return check_digit_proof(PUZZLE, _Judge, "Sudoku", text, legup.read_doc, allowed, teacher,
                             earned)[0]


class _Judge(DigitJudge):
    cell_split = "possible_numbers_for_cell"
    digit_split = "possible_cells_for_number"
