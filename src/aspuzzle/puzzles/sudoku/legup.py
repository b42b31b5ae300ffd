"""LEGUP Sudoku files (XML), read and written as LEGUP's Sudoku importer and exporter do.

::

    <?xml version="1.0" encoding="UTF-8" standalone="no"?>
    <Legup version="2.0.0">
        <puzzle name="Sudoku">
            <board size="9">
                <cells>
                    <cell value="5" x="0" y="0"/>   <!-- a given: its digit -->
                </cells>
            </board>
        </puzzle>
    </Legup>

Coordinates are 0-based, ``x`` the column and ``y`` the row; only the givens are written (LEGUP's
exporter leaves out cells of value 0, and its importer makes every cell it reads with a digit a
given). LEGUP's Sudoku is square with square boxes, and its cells hold 0..9: a board is 4x4 or
9x9 (``size``), so a 6x6, 16x16 or jigsaw puzzle has no LEGUP file.

A solution cannot be stored on the board (every digit there would be a given):
:func:`write_legup` writes it as LEGUP stores a player's work, a proof whose root node has one
transition naming no rule (LEGUP shows it as not justified yet) that fills every empty cell.
:func:`read_state` follows a proof from the root for as long as it does not branch: the player's
board.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from aspuzzle.errors import InputError
from aspuzzle.kit import legup as kit
from aspuzzle.kit.legup_digits import read_digit_cell as read_cell
from aspuzzle.kit.legup_digits import write_digits
from aspuzzle.kit.model import Cell, CellValue, GridInstance, GridSolution, make
from aspuzzle.kit.textgrid import boxes
from aspuzzle.puzzles.sudoku.type import SPEC

__all__ = ["check_shape", "detect_legup", "read_cell", "read_doc", "read_legup", "read_state",
           "write_legup"]

_NAME = "Sudoku"
_SIZES = (1, 4, 9)
IND = kit.IND


def detect_legup(text: str) -> bool:
    return kit.detect_name(_NAME, text)


def read_doc(text: str) -> tuple[kit.Doc, GridInstance, ET.Element]:
    """The parsed file, its puzzle and its ``<puzzle>`` element (where the proof is)."""
    doc = kit.parse(text)
    puzzle, board = kit.puzzle_board(doc, _NAME)
    size = kit.attr_int(doc, board, "size")
    if size not in _SIZES:
        raise InputError(f"LEGUP: a Sudoku board of size {size} cannot be read: LEGUP's Sudoku "
                         "boards are 4x4 or 9x9 (square boxes, digits up to 9)", doc.at(board))
    cells = kit.one(doc, board, "cells", "LEGUP needs it even when it is empty")
    givens: dict[Cell, int] = {}
    seen: set[Cell] = set()
    for elem in kit.children(cells, "cell"):
        cell, value = read_cell(doc, elem, size)
        if cell in seen:
            raise InputError(f"LEGUP: cell x={cell[1] - 1} y={cell[0] - 1} is given twice",
                             doc.at(elem, cell))
        seen.add(cell)
        if value:
            givens[cell] = value
    rows: list[list[CellValue]] = [
        [("given", givens[(r, c)]) if (r, c) in givens else ("empty", None)
         for c in range(1, size + 1)] for r in range(1, size + 1)]
    side = round(size ** 0.5)
    return doc, make(SPEC, rows, regions=boxes(size, (side, side))), puzzle


def read_legup(text: str) -> GridInstance:
    """The puzzle of a LEGUP Sudoku file (its proof left out)."""
    return read_doc(text)[1]


def read_state(text: str) -> tuple[GridInstance, dict[Cell, int]]:
    """The puzzle and the digits the player has placed: the proof's transitions from the root,
    for as long as the proof does not branch (a case split is a hypothesis)."""
    doc, inst, puzzle = read_doc(text)
    placed: dict[Cell, int] = {}
    for t in kit.proof_path(doc, puzzle):
        for elem in kit.children(t, "cell"):
            cell, value = read_cell(doc, elem, inst.width)
            if inst.at(cell)[0] == "given":
                raise InputError(f"LEGUP: a proof step changes the given cell x={cell[1] - 1} "
                                 f"y={cell[0] - 1}", doc.at(elem, cell))
            if value:
                placed[cell] = value
            else:
                placed.pop(cell, None)
    return inst, placed


def check_shape(inst: GridInstance) -> None:
    n = inst.width
    side = round(n ** 0.5)
    if n not in _SIZES or inst.height != n or inst.regions != tuple(boxes(n, (side, side))):
        raise InputError(f"LEGUP's Sudoku holds only 4x4 and 9x9 grids with square boxes; this "
                         f"is a {inst.height}x{n} puzzle" +
                         (" with jigsaw regions" if n in _SIZES else ""))


def write_legup(inst: GridInstance, solution: GridSolution | None = None, *,
                proof: list[str] | None = None) -> str:
    """A LEGUP Sudoku file of the puzzle; a solution goes in as one unjustified transition.
    ``proof``: the lines of a ``<proof>`` element instead, indented as its place in the file."""
    check_shape(inst)
    n = inst.width
    lines = list(proof or [])
    if solution is not None and proof is None:
        empty = [cell for cell, (kind, _) in inst.positions() if kind != "given"]
        lines = [f"{IND * 2}<proof>", f"{IND * 3}<tree>", f'{IND * 4}<node id="0" root="true">',
                 f'{IND * 5}<transition child="1" id="2">']
        lines += [IND * 6 + kit.cell_xml(solution.digit(cell, n), cell) for cell in empty]
        lines += [f"{IND * 5}</transition>", f"{IND * 4}</node>", f'{IND * 4}<node id="1"/>',
                  f"{IND * 3}</tree>", f"{IND * 2}</proof>"]
    return write_digits(_NAME, inst, proof=lines)
