"""puzz.link / pzprjs URLs for Hitori, read and written as pzprjs's ``hitori`` variety does.

``https://puzz.link/p?hitori/COLS/ROWS/BODY`` (or just ``hitori/COLS/ROWS/BODY``): the number
of columns comes first. The body walks the cells row by row (pzprjs ``decodeHitori``):

- ``0``..``9``, ``a``..``z``: one cell, its number in base 36 (1..35);
- ``-`` and two base-36 digits: one cell with a number 36..1295;
- ``.``: a cell without a number, ``%`` or ``@``: a cell with an unknown number ("?").

pzprjs allows cells without a number; aspuzzle's Hitori needs a number in every cell, so
those (and a 0) are errors that name the cell. The writer follows pzprjs's ``encodeHitori``,
so a URL that pzprjs wrote reads and writes back byte for byte (with the
``https://puzz.link/p?`` prefix). A file may hold the URL on one line among blank lines and
``#`` comment lines.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from aspuzzle.errors import InputError, Location
from aspuzzle.formats.oneline import (
    one_line,
    read_puzzlink_size,
)
from aspuzzle.puzzles.hitori.model import (
    MAX_SIZE,
    HitoriInstance,
    HitoriSolution,
    make_instance,
    validate,
)

__all__ = ["MAX_NUMBER", "URL_PREFIX", "detect_puzzlink", "read_puzzlink", "write_puzzlink"]

URL_PREFIX = "https://puzz.link/p?"
PID = "hitori"
MAX_NUMBER = 36 * 36 - 1  # '-' and two base-36 digits
_B36 = "0123456789abcdefghijklmnopqrstuvwxyz"
_DETECT = re.compile(r"(?:\S*\?)?hitori/\d+/\d+/?\S*")

_At = Callable[[int], Location]


def read_puzzlink(text: str) -> HitoriInstance:
    url, line, col0 = one_line(text, "puzz.link", "URL")

    def at(i: int, cell: tuple[int, int] | None = None) -> Location:
        return Location(line, col0 + i, cell=cell)

    cols, rows, body, offset = read_puzzlink_size(url, PID, MAX_SIZE, at)
    body = body.removesuffix("/")  # a trailing '/' is harmless, as in pzprjs

    def in_body(i: int, cell: tuple[int, int] | None) -> Location:
        return at(offset + i, cell)

    values = _read_cells(body, cols, rows, in_body)
    inst = make_instance([values[r * cols:(r + 1) * cols] for r in range(rows)])
    validate(inst)
    return inst


def _read_cells(body: str, cols: int, rows: int,
                at: Callable[[int, tuple[int, int] | None], Location]) -> list[int]:
    area = cols * rows
    values: list[int] = []
    i = 0
    while i < len(body) and len(values) < area:
        k = len(values)
        cell = (k // cols + 1, k % cols + 1)
        ch = body[i]
        if ch in _B36:
            value, step = int(ch, 36), 1
        elif ch == "-":
            digits = body[i + 1:i + 3]
            if not re.fullmatch(r"[0-9a-z]{2}", digits):
                raise InputError(f"puzz.link: '-' must be followed by two base-36 digits "
                                 f"(a number 36..1295), found '{digits}'", at(i, cell))
            value, step = int(digits, 36), 3
        elif ch in ".%@":
            what = "no number" if ch == "." else "an unknown number ('?')"
            raise InputError(f"puzz.link: this cell has {what}; a hitori grid needs a "
                             "number in every cell", at(i, cell))
        else:
            raise InputError(f"puzz.link: unexpected '{ch}' in the grid (use 1-9, a-z, or "
                             "'-' and two base-36 digits)", at(i, cell))
        if value == 0:
            raise InputError("puzz.link: this cell has the number 0; hitori numbers start "
                             "at 1", at(i, cell))
        values.append(value)
        i += step
    if len(values) < area:
        raise InputError(f"puzz.link: the grid data has {len(values)} cells, expected "
                         f"{area} ({cols} columns, {rows} rows)", at(len(body), None))
    if i < len(body):
        raise InputError(f"puzz.link: unexpected data '{body[i:i + 20]}' after the grid",
                         at(i, None))
    return values


def write_puzzlink(inst: HitoriInstance, sol: HitoriSolution | None = None) -> str:
    """The URL as pzprjs writes it (a puzz.link URL holds no solution; ``sol`` is ignored)."""
    out: list[str] = []
    for r, row in enumerate(inst.grid, 1):
        for c, v in enumerate(row, 1):
            if v < 36:
                out.append(_B36[v])
            elif v <= MAX_NUMBER:
                out.append("-" + _B36[v // 36] + _B36[v % 36])
            else:
                raise InputError(f"puzz.link cannot hold the number {v}: at most "
                                 f"{MAX_NUMBER}", Location(cell=(r, c)))
    return f"{URL_PREFIX}{PID}/{inst.width}/{inst.height}/{''.join(out)}"


def detect_puzzlink(text: str) -> bool:
    lines = [ln.strip() for ln in text.splitlines()
             if ln.strip() and not ln.strip().startswith("#")]
    return len(lines) == 1 and bool(_DETECT.fullmatch(lines[0]))
