"""LEGUP TreeTent puzzle files (XML), read and written as LEGUP's TreeTent importer reads them.

::

    <Legup version="2.0.0">
        <puzzle name="TreeTent">
            <board height="2" width="3">
                <cells>
                    <cell value="1" x="1" y="0"/>
                </cells>
                <axis side="east">            <!-- row clues, index A, B, ... -->
                    <clue index="A" value="1"/>
                    <clue index="B" value="0"/>
                </axis>
                <axis side="south">           <!-- column clues, index 1, 2, ... -->
                    <clue index="1" value="1"/>
                    <clue index="2" value="0"/>
                    <clue index="3" value="0"/>
                </axis>
                <lines>                       <!-- tree-tent links, optional -->
                    <line x1="1" x2="0" y1="0" y2="0"/>
                </lines>
            </board>
        </puzzle>
    </Legup>

Coordinates are 0-based, ``x`` the column and ``y`` the row. A cell's value is 1 for a tree,
2 for grass, 3 for a tent (0, or no ``cell`` element, is unknown). A ``line`` joins a tree and
a tent. Every row and column has a clue: LEGUP has no "no clue", so an instance with a missing
clue cannot be written. A player's saved file also holds a ``proof`` tree whose transitions
change cells and add lines; :func:`read_legup_state` follows it from the root as long as it
does not branch (a case split is a hypothesis, not the player's board).

The XML is parsed with the standard library's expat into :mod:`xml.etree.ElementTree`
elements; a document type declaration (and with it every entity declaration) is refused, so
entity-expansion attacks cannot start, and malformed XML is reported with line and column.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from aspuzzle.errors import InputError, Location
from aspuzzle.kit.legup import (
    IND,
    Doc,
    board_size,
    cells_lines,
    children,
    document,
    letters_number,
    one,
    proof_path,
    puzzle_board,
)
from aspuzzle.kit.legup import attr_int as _int
from aspuzzle.kit.legup import letters as _letters
from aspuzzle.kit.legup import parse as _parse
from aspuzzle.puzzles.tents.model import (
    MAX_SIZE,
    Cell,
    Pair,
    TentsInstance,
    TentsSolution,
    _max_matching,
    neighbours4,
    validate,
)

__all__ = ["detect_legup", "read_legup", "read_legup_state", "write_legup"]

UNKNOWN, TREE, GRASS, TENT = 0, 1, 2, 3
_MARK = {GRASS: "grass", TENT: "tent"}
_VALUE = {"grass": GRASS, "tent": TENT}
PUZZLE_NAME = "TreeTent"


# --- the board --------------------------------------------------------------------------------

@dataclass
class _Board:
    height: int
    width: int
    values: dict[Cell, int]
    """1-based cell -> LEGUP value (1 tree, 2 grass, 3 tent); unknown cells are absent."""
    row_clues: list[int]
    col_clues: list[int]
    lines: list[tuple[Cell, Cell, Location]]
    puzzle: ET.Element


def _read_board(doc: Doc) -> _Board:
    puzzle, board = puzzle_board(doc, PUZZLE_NAME)
    height, width = board_size(doc, board)
    if not (1 <= height <= MAX_SIZE and 1 <= width <= MAX_SIZE):
        raise InputError(f"LEGUP: board size {width}x{height} is out of range "
                         f"(1..{MAX_SIZE} rows and columns)", doc.at(board))
    cells = one(doc, board, "cells", "LEGUP needs it even when it is empty")
    values: dict[Cell, int] = {}
    seen: set[Cell] = set()
    for elem in children(cells, "cell"):
        cell, value = _cell(doc, elem, height, width)
        if cell in seen:
            raise InputError(f"LEGUP: cell x={cell[1] - 1} y={cell[0] - 1} is given twice",
                             doc.at(elem))
        seen.add(cell)
        if value != UNKNOWN:
            values[cell] = value
    axes = children(board, "axis")
    sides = {a.get("side", "").lower(): a for a in axes}
    if len(axes) != 2 or set(sides) != {"east", "south"}:
        raise InputError("LEGUP: the board needs two <axis> elements, side=\"east\" (row "
                         "clues) and side=\"south\" (column clues)", doc.at(board))
    row_clues = _clues(doc, sides["east"], height, width, letters=True)
    col_clues = _clues(doc, sides["south"], width, height, letters=False)
    lines: list[tuple[Cell, Cell, Location]] = []
    for group in children(board, "lines"):
        lines += [_line(doc, e, height, width) for e in children(group, "line")]
    return _Board(height, width, values, row_clues, col_clues, lines, puzzle)


def _cell(doc: Doc, elem: ET.Element, height: int, width: int) -> tuple[Cell, int]:
    value, x, y = _int(doc, elem, "value"), _int(doc, elem, "x"), _int(doc, elem, "y")
    if not (0 <= x < width and 0 <= y < height):
        raise InputError(f"LEGUP: cell x={x} y={y} is outside the {width}x{height} board",
                         doc.at(elem))
    if value not in (UNKNOWN, TREE, GRASS, TENT):
        raise InputError(f"LEGUP: cell x={x} y={y} has value {value} (use 0 unknown, 1 tree, "
                         "2 grass, 3 tent)", doc.at(elem, (y + 1, x + 1)))
    return (y + 1, x + 1), value


def _line(doc: Doc, elem: ET.Element, height: int,
          width: int) -> tuple[Cell, Cell, Location]:
    ends: list[Cell] = []
    for n in ("1", "2"):
        x, y = _int(doc, elem, "x" + n), _int(doc, elem, "y" + n)
        if not (0 <= x < width and 0 <= y < height):
            raise InputError(f"LEGUP: line end x{n}={x} y{n}={y} is outside the "
                             f"{width}x{height} board", doc.at(elem))
        ends.append((y + 1, x + 1))
    return ends[0], ends[1], doc.at(elem)


def _index(doc: Doc, clue: ET.Element, letters: bool) -> int:
    raw = clue.get("index")
    if raw is None:
        raise InputError("LEGUP: <clue> has no 'index' attribute", doc.at(clue))
    if letters:
        n = letters_number(raw)
        if n is None:
            raise InputError(f"LEGUP: row clue index '{raw[:20]}' is not a letter index "
                             "(A, B, ..., Z, AA, ...)", doc.at(clue))
        return n
    return _int(doc, clue, "index")


def _clues(doc: Doc, axis: ET.Element, count: int, most: int, letters: bool) -> list[int]:
    what = "row" if letters else "column"
    found = children(axis, "clue")
    if len(found) != count:
        raise InputError(f"LEGUP: {len(found)} {what} clues for {count} {what}s (LEGUP needs "
                         f"one per {what})", doc.at(axis))
    clues: list[int | None] = [None] * count
    for clue in found:
        index = _index(doc, clue, letters)
        shown = clue.get("index", "").strip()
        if not 1 <= index <= count:
            span = f"A..{_letters(count)}" if letters else f"1..{count}"
            raise InputError(f"LEGUP: {what} clue index {shown} is outside {span}",
                             doc.at(clue))
        if clues[index - 1] is not None:
            raise InputError(f"LEGUP: {what} clue {shown} is given twice", doc.at(clue))
        value = _int(doc, clue, "value")
        if not 0 <= value <= most:
            raise InputError(f"LEGUP: {what} {index} clue {value} is out of range 0..{most}",
                             doc.at(clue))
        clues[index - 1] = value
    return [c for c in clues if c is not None]


def _instance(board: _Board) -> TentsInstance:
    trees = frozenset(c for c, v in board.values.items() if v == TREE)
    inst = TentsInstance(board.height, board.width, trees, tuple(board.row_clues),
                         tuple(board.col_clues))
    validate(inst)
    return inst


def read_legup(text: str) -> TentsInstance:
    """The puzzle of a LEGUP TreeTent file: its trees and clues (marks and links are left out)."""
    return _instance(_read_board(_parse(text)))


# --- a player's board -------------------------------------------------------------------------

def read_legup_state(text: str) -> tuple[TentsInstance, dict[Cell, str], frozenset[Pair]]:
    """The instance, the player's marks (``{(r, c): "tent" | "grass"}``, 1-based) and the
    tree-tent links ``(tree, tent)`` of a LEGUP TreeTent file, after the proof steps."""
    doc = _parse(text)
    board = _read_board(doc)
    inst = _instance(board)
    marks = {c: _MARK[v] for c, v in board.values.items() if v in _MARK}
    lines = list(board.lines)
    for transition in proof_path(doc, board.puzzle):
        for change in transition:
            tag = change.tag.lower()
            if tag == "cell":
                cell, value = _cell(doc, change, board.height, board.width)
                _apply(doc, change, inst, marks, cell, value)
            elif tag == "line":
                lines.append(_line(doc, change, board.height, board.width))
    links: set[Pair] = set()
    for a, b, where in lines:
        if (a in inst.trees) == (b in inst.trees):
            raise InputError(f"LEGUP: a line must join a tree and a tent, this one joins "
                             f"{_xy(a)} and {_xy(b)}", where)
        tree, tent = (a, b) if a in inst.trees else (b, a)
        if tent not in neighbours4(tree):
            raise InputError(f"LEGUP: the line from the tree at {_xy(tree)} to {_xy(tent)} "
                             "does not join neighbouring cells", where)
        links.add((tree, tent))
    return inst, marks, frozenset(links)


def _xy(cell: Cell) -> str:
    return f"x={cell[1] - 1} y={cell[0] - 1}"


def _apply(doc: Doc, elem: ET.Element, inst: TentsInstance, marks: dict[Cell, str],
           cell: Cell, value: int) -> None:
    is_tree = cell in inst.trees
    if is_tree != (value == TREE):
        change = "changes the tree at" if is_tree else "plants a tree at"
        raise InputError(f"LEGUP: a proof step {change} {_xy(cell)}",
                         doc.at(elem, cell))
    if value in _MARK:
        marks[cell] = _MARK[value]
    else:
        marks.pop(cell, None)


# --- writing ----------------------------------------------------------------------------------

def write_legup(instance: TentsInstance, solution: TentsSolution | None = None,
                marks: dict[Cell, str] | None = None,
                links: frozenset[Pair] | None = None, proof: list[str] | None = None) -> str:
    """A LEGUP TreeTent file. With a solution every cell is filled (tents, grass elsewhere)
    and the tree-tent links are drawn; otherwise the player's ``marks`` and ``links``, if any.
    ``proof``: the lines of a ``<proof>`` element, indented as its place in the file."""
    for what, clues in (("row", instance.row_clues), ("column", instance.col_clues)):
        for i, clue in enumerate(clues, 1):
            if clue is None:
                raise InputError(f"LEGUP TreeTent files need every clue; {what} {i} has none")
    values: dict[Cell, int] = {}
    for cell, mark in (marks or {}).items():
        if mark not in _VALUE:
            raise ValueError(f"unknown mark {mark!r} (use 'tent' or 'grass')")
        values[cell] = _VALUE[mark]
    pairs = set(links or ())
    if solution is not None:
        values = {(r, c): TENT if (r, c) in solution.tents else GRASS
                  for r in range(1, instance.height + 1) for c in range(1, instance.width + 1)}
        pairs = set(solution.pairs) or {(tree, tent) for tree, tent in
                                        _max_matching(instance.trees, solution.tents).items()}
    for tree in instance.trees:
        values[tree] = TREE
    ind = IND
    out = cells_lines(sorted(values.items()))
    out.append(f'{ind * 3}<axis side="east">')
    for r, clue in enumerate(instance.row_clues, 1):
        out.append(f'{ind * 4}<clue index="{_letters(r)}" value="{clue}"/>')
    out.append(f"{ind * 3}</axis>")
    out.append(f'{ind * 3}<axis side="south">')
    for c, clue in enumerate(instance.col_clues, 1):
        out.append(f'{ind * 4}<clue index="{c}" value="{clue}"/>')
    out.append(f"{ind * 3}</axis>")
    if pairs:
        out.append(f"{ind * 3}<lines>")
        for (tr, tc), (r, c) in sorted(pairs):
            out.append(f'{ind * 4}<line x1="{tc - 1}" x2="{c - 1}" y1="{tr - 1}" '
                       f'y2="{r - 1}"/>')
        out.append(f"{ind * 3}</lines>")
    return document(PUZZLE_NAME, instance.height, instance.width, out, proof)


def detect_legup(text: str) -> bool:
    head = text[:4096]
    return bool(re.search(r"<\s*legup\b", head, re.I)
                and re.search(r"name\s*=\s*[\"']treetent[\"']", head, re.I))
