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

from aspuzzle.errors import InputError, Location
from aspuzzle.formats.oneline import (
    one_line,
    read_puzzlink_size,
)
from aspuzzle.kit.codecs import NUMBER36_MAX, Token, read_number36, write_number36
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
MAX_NUMBER = NUMBER36_MAX
_DETECT = re.compile(r"(?:\S*\?)?hitori/\d+/\d+/?\S*")


def read_puzzlink(text: str) -> HitoriInstance:
    url, line, col0 = one_line(text, "puzz.link", "URL")

    def at(i: int, cell: tuple[int, int] | None = None) -> Location:
        return Location(line, col0 + i, cell=cell)

    cols, rows, body, offset = read_puzzlink_size(url, PID, MAX_SIZE, at)
    body = body.removesuffix("/")  # a trailing '/' is harmless, as in pzprjs

    def in_body(i: int, cell: tuple[int, int] | None) -> Location:
        return at(offset + i, cell)

    values = read_number36(body, cols, rows, in_body, _check)
    inst = make_instance([values[r * cols:(r + 1) * cols] for r in range(rows)])  # type: ignore[misc]
    validate(inst)
    return inst


def _check(value: Token, where: Location) -> None:
    """Every cell holds a number, 1 or more."""
    if value is None or value == "?":
        what = "no number" if value is None else "an unknown number ('?')"
        raise InputError(f"puzz.link: this cell has {what}; a hitori grid needs a "
                         "number in every cell", where)
    if value == 0:
        raise InputError("puzz.link: this cell has the number 0; hitori numbers start "
                         "at 1", where)


def write_puzzlink(inst: HitoriInstance, sol: HitoriSolution | None = None) -> str:
    """The URL as pzprjs writes it (a puzz.link URL holds no solution; ``sol`` is ignored)."""
    return f"{URL_PREFIX}{PID}/{inst.width}/{inst.height}/{write_number36(inst.grid)}"


def detect_puzzlink(text: str) -> bool:
    lines = [ln.strip() for ln in text.splitlines()
             if ln.strip() and not ln.strip().startswith("#")]
    return len(lines) == 1 and bool(_DETECT.fullmatch(lines[0]))
