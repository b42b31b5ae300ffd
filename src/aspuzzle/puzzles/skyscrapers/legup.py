"""LEGUP's Skyscrapers files, read and written as its importer and exporter do::

    <Legup version="2.0.0">
        <puzzle name="Skyscrapers">
            <board size="4">
                <cells><cell value="2" x="1" y="0"/></cells>   <!-- given heights, 0-based -->
                <axis side="east"> <clue index="1" value="3"/> ... </axis>   <!-- the rows -->
                <axis side="south"> <clue index="1" value="3"/> ... </axis>  <!-- the columns -->
            </board>
        </puzzle>
    </Legup>

The i-th ``<clue>`` of an axis is row (``east``) or column (``south``) i: its ``index`` is the
clue at the row's left (the column's top) end, its ``value`` the one at the right (bottom) end;
0 is no clue. ``<flags dupe="true" view="false"/>`` (written as in every puzzle LEGUP ships)
set what LEGUP's Number For Cell cases and Unresolved rules look at (see :mod:`.legup_rules`).
Reading the puzzle ignores a proof tree; :func:`read_doc` gives it to ``check-proof``.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from aspuzzle.errors import InputError
from aspuzzle.kit.legup import IND, Doc, attr_int, children, detect_name, parse, puzzle_board
from aspuzzle.kit.legup_digits import read_digit_cell as read_cell
from aspuzzle.kit.legup_digits import write_digits
from aspuzzle.kit.model import CellValue, GridInstance, GridSolution, make
from aspuzzle.puzzles.skyscrapers.type import SPEC

__all__ = ["detect_legup", "read_cell", "read_doc", "read_legup", "write_legup"]

NAME = "Skyscrapers"


def detect_legup(text: str) -> bool:
    return detect_name(NAME, text)


def read_legup(text: str) -> GridInstance:
    return read_doc(text)[1]


def _flag(doc: Doc, elem: ET.Element, name: str) -> bool:
    return (elem.get(name) or "").strip().lower() == "true"  # Java's Boolean.parseBoolean


def read_doc(text: str) -> tuple[Doc, GridInstance, ET.Element, tuple[bool, bool]]:
    """The parsed file, its puzzle, its ``<puzzle>`` element (where the proof is) and its
    flags (dupe, view; LEGUP's importer makes them false when the file has none)."""
    doc = parse(text)
    puzzle, board = puzzle_board(doc, NAME)
    if board.get("size") is not None:
        n = attr_int(doc, board, "size")
    else:
        n = attr_int(doc, board, "width")
        if attr_int(doc, board, "height") != n:
            raise InputError("LEGUP: a Skyscrapers board is square", doc.at(board))
    if not SPEC.min_size <= n <= SPEC.max_size:
        raise InputError(f"LEGUP: board size {n} is out of range "
                         f"({SPEC.min_size}..{SPEC.max_size})", doc.at(board))
    rows: list[list[CellValue]] = [[("empty", None)] * n for _ in range(n)]
    for cells in children(board, "cells"):
        for cell in children(cells, "cell"):
            (r, c), v = read_cell(doc, cell, n)
            rows[r - 1][c - 1] = ("given", v) if v else ("empty", None)
    axes = {a.get("side", "").lower(): a for a in children(board, "axis")}
    ends: dict[str, tuple[list[int | None], list[int | None]]] = {}
    for side in ("east", "south"):
        axis = axes.get(side)
        if axis is None:
            raise InputError(f"LEGUP: the board has no <axis side=\"{side}\">", doc.at(board))
        clues = children(axis, "clue")
        if len(clues) != n:
            raise InputError(f"LEGUP: the {side} axis has {len(clues)} clues, expected {n}",
                             doc.at(axis))
        pair: tuple[list[int | None], list[int | None]] = ([], [])
        for clue in clues:
            for out, attr in zip(pair, ("index", "value"), strict=True):
                k = attr_int(doc, clue, attr)
                if not 0 <= k <= n:
                    raise InputError(f"LEGUP: clue {attr}={k} is out of range 0..{n}",
                                     doc.at(clue))
                out.append(k or None)
        ends[side] = pair
    (left, right), (top, bottom) = ends["east"], ends["south"]
    flags = children(board, "flags")
    dupe, view = (_flag(doc, flags[0], "dupe"), _flag(doc, flags[0], "view")) if flags \
        else (False, False)
    return doc, make(SPEC, rows, edges=[*top, *bottom, *left, *right]), puzzle, (dupe, view)


def write_legup(inst: GridInstance, solution: GridSolution | None = None, *,
                proof: list[str] | None = None) -> str:
    """A LEGUP Skyscrapers file of the puzzle (``proof``: the lines of a ``<proof>`` element,
    indented as its place in the file)."""
    n = inst.width
    e = [0 if k is None else k for k in inst.edges]
    top, bottom, left, right = (e[i * n:(i + 1) * n] for i in range(4))
    out = []
    for side, a, b in (("east", left, right), ("south", top, bottom)):
        out.append(f'{IND * 3}<axis side="{side}">')
        out += [f'{IND * 4}<clue index="{i}" value="{v}"/>' for i, v in zip(a, b, strict=True)]
        out.append(f"{IND * 3}</axis>")
    out.append(f'{IND * 3}<flags dupe="true" view="false"/>')
    return write_digits(NAME, inst, out, proof or [])
