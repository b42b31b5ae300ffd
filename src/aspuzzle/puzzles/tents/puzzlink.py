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
from collections.abc import Callable

from aspuzzle.errors import InputError, Location
from aspuzzle.formats.oneline import (
    one_line,
    read_puzzlink_size,
)
from aspuzzle.kit.codecs import write_number16
from aspuzzle.puzzles.tents.model import MAX_SIZE, Cell, TentsInstance, TentsSolution, validate

__all__ = ["URL_PREFIX", "detect_puzzlink", "read_puzzlink", "write_puzzlink"]

URL_PREFIX = "https://puzz.link/p?"
PID = "tents"

_HEX = "0123456789abcdef"
_B36 = "0123456789abcdefghijklmnopqrstuvwxyz"
_TREE_RUN_MAX = 17  # '0'..'h': a tree and then up to 17 cells without one
_EMPTY_RUN_MAX = 18  # 'i'..'z': 1..18 cells without a tree
_DETECT = re.compile(r"(?:\S*\?)?tents/[0-9]+/[0-9]+/?\S*")

_At = Callable[[int], Location]


def read_puzzlink(text: str) -> TentsInstance:
    url, line, col0 = one_line(text, "puzz.link", "URL")

    def at(i: int) -> Location:
        return Location(line, col0 + i)

    cols, rows, body, offset = read_puzzlink_size(url, PID, MAX_SIZE, at)
    clues, used = _read_clues(body, cols, rows, lambda i: at(offset + i))
    trees, used2 = _read_trees(body[used:], cols, rows, lambda i: at(offset + used + i))
    if used + used2 < len(body):
        rest = body[used + used2:]
        raise InputError(f"puzz.link: unexpected data '{rest[:20]}' after the grid",
                         at(offset + used + used2))
    inst = TentsInstance(rows, cols, frozenset(trees), tuple(clues[cols:]), tuple(clues[:cols]))
    validate(inst)
    return inst


def _read_clues(body: str, cols: int, rows: int, at: _At) -> tuple[list[int | None], int]:
    """The clues around the grid; returns them and how many characters they took."""
    n = cols + rows
    clues: list[int | None] = [None] * n
    ec = i = 0
    while i < len(body) and ec < n:
        ch = body[i]
        if ch in _HEX:
            value: int | None = int(ch, 16)
            step = 1
        elif ch == "-":
            digits = body[i + 1:i + 3]
            if not re.fullmatch(r"[0-9a-f]{2}", digits):
                raise InputError(f"puzz.link: '-' must be followed by two hex digits (a clue "
                                 f"16..255), found '{digits}'", at(i))
            value, step = int(digits, 16), 3
        elif ch == ".":
            value, step = None, 1
        elif "g" <= ch <= "z":
            ec += int(ch, 36) - 16 + 1
            i += 1
            continue
        else:
            raise InputError(f"puzz.link: unexpected '{ch}' among the clues "
                             "(use 0-9, a-f, -XX, . or g-z)", at(i))
        if value is not None:
            what, index, most = (("column", ec + 1, rows) if ec < cols
                                 else ("row", ec - cols + 1, cols))
            if value > most:
                raise InputError(f"puzz.link: {what} {index} clue {value} is more than its "
                                 f"{most} cells", at(i))
        clues[ec] = value
        ec += 1
        i += step
    return clues, i


def _read_trees(body: str, cols: int, rows: int, at: _At) -> tuple[set[Cell], int]:
    trees: set[Cell] = set()
    c = i = 0
    while i < len(body) and c < cols * rows:
        ch = body[i]
        if ch not in _B36:
            raise InputError(f"puzz.link: unexpected '{ch}' among the trees (use 0-9 or a-z)",
                             at(i))
        v = int(ch, 36)
        if v <= _TREE_RUN_MAX:
            trees.add((c // cols + 1, c % cols + 1))
            c += v + 1
        else:
            c += v - _TREE_RUN_MAX
        i += 1
    return trees, i


def write_puzzlink(inst: TentsInstance, sol: TentsSolution | None = None) -> str:
    """The puzz.link URL; the format holds the puzzle only, so a solution is left out."""
    return URL_PREFIX + f"{PID}/{inst.width}/{inst.height}/" + _clues(inst) + _trees(inst)


def _clues(inst: TentsInstance) -> str:
    clues = (*inst.col_clues, *inst.row_clues)
    big = next((n for n in clues if n is not None and n > 255), None)
    if big is not None:
        # pzprjs would write '+xxx' here, which its own reader for these clues cannot read
        raise InputError(f"puzz.link cannot hold a clue of {big} (at most 255)")
    return write_number16(clues)


def _trees(inst: TentsInstance) -> str:
    out: list[str] = []
    count, have = -1, False  # cells since the last tree (-1: none yet); was there a tree?

    def flush() -> None:
        out.append(_B36[count] if have else _B36[count + _EMPTY_RUN_MAX])

    for c in range(inst.width * inst.height):
        if (c // inst.width + 1, c % inst.width + 1) in inst.trees:
            if count >= 0:
                flush()
            have, count = True, 0
            continue
        count += 1
        if count == _TREE_RUN_MAX:
            flush()
            have, count = False, -1
    if count >= 0:
        flush()
    return "".join(out)


def detect_puzzlink(text: str) -> bool:
    lines = [ln.strip() for ln in text.splitlines()
             if ln.strip() and not ln.strip().startswith("#")]
    return len(lines) == 1 and bool(_DETECT.fullmatch(lines[0]))
