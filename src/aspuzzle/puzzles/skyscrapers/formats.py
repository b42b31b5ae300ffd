"""Skyscrapers' own formats: Simon Tatham's towers game IDs and puzz.link URLs (on the kit's
codecs).

A towers ID is ``N[dX]:CLUES[,GRID]``: CLUES the 4N clues outside the grid separated by ``/``
(empty: no clue), the tops of the columns, their bottoms, the left ends of the rows, their
right ends; GRID, if any, the given heights: ``a``-``z`` 1-26 empty cells, a digit written out,
``_`` between two digits side by side. A puzz.link URL is ``skyscrapers/COLS/ROWS/BODY``: the
clues in the same order, then the cells if any are given, both in pzprjs' Number16 codec.
"""

from __future__ import annotations

import re

from aspuzzle.errors import InputError, Location
from aspuzzle.kit.codecs import (
    Token,
    given_or_empty,
    id_line,
    read_digit_grid,
    read_number16,
    write_digit_grid,
    write_number16,
)
from aspuzzle.kit.model import CellValue, GridInstance, GridSolution, make
from aspuzzle.puzzles.skyscrapers.type import SPEC

__all__ = ["detect_puzzlink", "detect_tatham", "read_puzzlink", "read_tatham",
           "write_puzzlink", "write_tatham"]

_TATHAM = re.compile(r"\s*(?:towers:)?((\d{1,2})(?:d[a-z]?)?):([\d/]*)(?:,(\S*))?\s*")
_PUZZLINK = re.compile(r"\s*(?:https?://[^\s?]*\?)?skyscrapers/(\d+)/(\d+)/([^/?#\s]*)/?\s*")


def _rows(cells: list[CellValue], n: int) -> list[list[CellValue]]:
    return [cells[i:i + n] for i in range(0, len(cells), n)]


def _size(n: int, at: int) -> None:
    if not SPEC.min_size <= n <= SPEC.max_size:
        raise InputError(f"grid size {n} is out of range ({SPEC.min_size}..{SPEC.max_size})",
                         Location(1, at))


def detect_tatham(text: str) -> bool:
    """A towers ID: ``N[dX]:`` then clues separated by ``/`` (a Futoshiki ID has commas)."""
    line = id_line(text).strip()
    m = _TATHAM.fullmatch(line)
    return m is not None and "/" in m.group(3)


def read_tatham(text: str) -> GridInstance:
    line = id_line(text)
    m = _TATHAM.fullmatch(line)
    if m is None:
        raise InputError("not a towers game ID: expected N[dX]:CLUES[,GRID], e.g. "
                         "4:2/1/2/3/2/3/1/2/2/1/3/2/2/3/2/1")
    n = int(m.group(2))
    _size(n, m.start(2) + 1)
    parts = m.group(3).split("/")
    if len(parts) != 4 * n:
        raise InputError(f"{len(parts)} clues, expected {4 * n} (4 x {n}, one at each end of "
                         "every row and column)", Location(1, m.start(3) + 1))
    edges: list[int | None] = []
    col = m.start(3) + 1
    for p in parts:
        if p and not 1 <= int(p) <= n:
            raise InputError(f"clue {p} is out of range 1..{n}", Location(1, col))
        edges.append(int(p) if p else None)
        col += len(p) + 1
    cells: list[Token] = [None] * (n * n)
    if m.group(4) is not None:
        cells = read_digit_grid(m.group(4), n * n, m.start(4))
        if any(isinstance(t, int) and t > n for t in cells):
            raise InputError(f"a height in the grid is out of range 1..{n}",
                             Location(1, m.start(4) + 1))
    return make(SPEC, _rows([given_or_empty(t) for t in cells], n), params=m.group(1), edges=edges)


def write_tatham(inst: GridInstance, solution: GridSolution | None = None) -> str:
    clues = "/".join("" if e is None else str(e) for e in inst.edges)
    out = f"{inst.params or inst.width}:{clues}"
    if any(n is not None for _, n in inst.cells):
        out += "," + write_digit_grid([n for _, n in inst.cells])
    return out


def detect_puzzlink(text: str) -> bool:
    return _PUZZLINK.fullmatch(id_line(text)) is not None


def read_puzzlink(text: str) -> GridInstance:
    m = _PUZZLINK.fullmatch(id_line(text))
    if m is None:
        raise InputError("not a Skyscrapers puzz.link URL: expected skyscrapers/COLS/ROWS/BODY")
    w, h = int(m.group(1)), int(m.group(2))
    if w != h:
        raise InputError(f"a Skyscrapers grid is square, not {w}x{h}", Location(1, m.start(1) + 1))
    _size(w, m.start(1) + 1)
    body, start = m.group(3), m.start(3)
    k = _clue_length(body, 4 * w)
    def where(i: int) -> Location:
        return Location(1, start + i + 1)

    def where_cells(i: int) -> Location:
        return Location(1, start + k + i + 1)

    clues = read_number16(body[:k], 4 * w, where)
    cells = read_number16(body[k:], w * w, where_cells)
    for t in [*clues, *cells]:
        if t == "." or (isinstance(t, int) and not 1 <= t <= w):
            raise InputError(f"'{t}' is no height 1..{w}", where(0))
    return make(SPEC, _rows([given_or_empty(t) for t in cells], w),
                edges=[t if isinstance(t, int) else None for t in clues])


def _clue_length(body: str, count: int) -> int:
    """How many characters of the body the ``count`` clues take (pzprjs'
    ``decodeNumber16ExCell`` stops after the last one)."""
    seen, i = 0, 0
    while i < len(body) and seen < count:
        ch = body[i]
        step = {"-": 3, "+": 4}.get(ch, 1)
        seen += int(ch, 36) - 15 if "g" <= ch <= "z" else 1
        i += step
    return i


def write_puzzlink(inst: GridInstance, solution: GridSolution | None = None) -> str:
    body = write_number16(list(inst.edges))
    if any(n is not None for _, n in inst.cells):
        body += write_number16([n for _, n in inst.cells])
    return f"https://puzz.link/p?skyscrapers/{inst.width}/{inst.height}/{body}"
