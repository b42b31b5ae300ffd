"""puzz.link / pzprjs URLs for Tents, read and written as pzprjs's ``tents`` variety does.

``https://puzz.link/p?tents/COLS/ROWS/BODY`` (or just ``tents/COLS/ROWS/BODY``). The body
has two parts, one after the other, with no separator:

1. The clues outside the grid (pzprjs ``decodeNumber16ExCell``): first one per column (left to
   right, the clues above the grid), then one per row (top to bottom, left of the grid). ``0``-
   ``f`` is a clue 0..15, ``-`` and two hex digits a clue 16..255, ``g``..``z`` skip 1..20
   clues (no clue there). ``.`` (a "?" clue) is read as no clue.
2. The trees (pzprjs ``decode1Cell``), cells row by row: ``0``..``h`` (0..17) is a tree followed
   by that many cells without one; ``i``..``z`` (18..35) is 1..18 cells without a tree.
   Cells after the end of the string have no tree.

The writer follows pzprjs's encoders (``genericEncodeNumber16``, ``encode1Cell``), so a URL
that pzprjs wrote reads and writes back byte for byte (with the ``https://puzz.link/p?``
prefix). A file may hold the URL on one line among blank lines and ``#`` comment lines.
"""

from __future__ import annotations

import re

from aspuzzle.errors import InputError, Location
from aspuzzle.formats.oneline import (
    one_line,
    read_puzzlink_size,
)
from aspuzzle.kit.codecs import Token, read_1cell, read_number16_ex, write_1cell, write_number16
from aspuzzle.puzzles.tents.model import MAX_SIZE, TentsInstance, TentsSolution, validate

__all__ = ["URL_PREFIX", "detect_puzzlink", "read_puzzlink", "write_puzzlink"]

URL_PREFIX = "https://puzz.link/p?"
PID = "tents"

_DETECT = re.compile(r"(?:\S*\?)?tents/[0-9]+/[0-9]+/?\S*")


def read_puzzlink(text: str) -> TentsInstance:
    url, line, col0 = one_line(text, "puzz.link", "URL")

    def at(i: int) -> Location:
        return Location(line, col0 + i)

    cols, rows, body, offset = read_puzzlink_size(url, PID, MAX_SIZE, at)

    def in_range(k: int, value: Token, where: Location) -> None:
        what, index, most = ("column", k + 1, rows) if k < cols else ("row", k - cols + 1, cols)
        if isinstance(value, int) and value > most:
            raise InputError(f"puzz.link: {what} {index} clue {value} is more than its "
                             f"{most} cells", where)

    clues, used = read_number16_ex(body, cols + rows, lambda i: at(offset + i), in_range)
    trees, used2 = read_1cell(body[used:], cols * rows, lambda i: at(offset + used + i))
    if used + used2 < len(body):
        rest = body[used + used2:]
        raise InputError(f"puzz.link: unexpected data '{rest[:20]}' after the grid",
                         at(offset + used + used2))
    numbers = [t if isinstance(t, int) else None for t in clues]  # a "?" clue is no clue
    inst = TentsInstance(rows, cols, frozenset((i // cols + 1, i % cols + 1) for i in trees),
                         tuple(numbers[cols:]), tuple(numbers[:cols]))
    validate(inst)
    return inst


def write_puzzlink(inst: TentsInstance, sol: TentsSolution | None = None) -> str:
    """The puzz.link URL; the format holds the puzzle only, so a solution is left out."""
    trees = [(i // inst.width + 1, i % inst.width + 1) in inst.trees
             for i in range(inst.width * inst.height)]
    return URL_PREFIX + f"{PID}/{inst.width}/{inst.height}/" + _clues(inst) + write_1cell(trees)


def _clues(inst: TentsInstance) -> str:
    clues = (*inst.col_clues, *inst.row_clues)
    big = next((n for n in clues if n is not None and n > 255), None)
    if big is not None:
        # pzprjs would write '+xxx' here, which its own reader for these clues cannot read
        raise InputError(f"puzz.link cannot hold a clue of {big} (at most 255)")
    return write_number16(clues)


def detect_puzzlink(text: str) -> bool:
    lines = [ln.strip() for ln in text.splitlines()
             if ln.strip() and not ln.strip().startswith("#")]
    return len(lines) == 1 and bool(_DETECT.fullmatch(lines[0]))
