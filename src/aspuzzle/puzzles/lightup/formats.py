"""Light Up's own formats: Simon Tatham's game IDs and puzz.link URLs (on the kit's codecs)."""

from __future__ import annotations

import re

from aspuzzle.errors import InputError, Location
from aspuzzle.kit.codecs import Token, read_4cell, read_runs, write_4cell, write_runs
from aspuzzle.kit.model import CellValue, GridInstance, GridSolution, make
from aspuzzle.puzzles.lightup.type import SPEC

__all__ = ["detect_puzzlink", "detect_tatham", "read_puzzlink", "read_tatham",
           "write_puzzlink", "write_tatham"]

_TATHAM = re.compile(r"\s*(?:lightup:)?(\d+)x(\d+)((?:b\d+)?(?:s\d+)?(?:r|d\d+)?):(\S*)\s*")
_PUZZLINK = re.compile(r"\s*(?:https?://[^\s?]*\?)?(akari|lightup)/(\d+)/(\d+)/([^/?#\s]*)"
                       r"/?\s*")


def _cell(t: Token) -> CellValue:
    if t is None:
        return ("white", None)
    if isinstance(t, int):
        return ("number", t)
    return ("black", None)


def _token(v: CellValue, black: str) -> Token:
    name, n = v
    return None if name == "white" else n if name == "number" else black


def _rows(cells: list[CellValue], w: int) -> list[list[CellValue]]:
    return [cells[i:i + w] for i in range(0, len(cells), w)]


def _line(text: str) -> str:
    """The one line of an ID given in a file, without its comment lines."""
    lines = [ln for ln in text.splitlines() if ln.strip() and ln.lstrip()[0] != "#"]
    return lines[0] if len(lines) == 1 else text


def detect_tatham(text: str) -> bool:
    """A game ID with Tatham's black-share parameter or a ``lightup:`` prefix (a bare
    ``WxH:`` is also a Tents or Singles ID: give ``--type lightup`` for those)."""
    line = _line(text).strip()
    m = _TATHAM.fullmatch(line)
    return m is not None and (line.startswith("lightup:") or m.group(3).startswith("b"))


def read_tatham(text: str) -> GridInstance:
    """``7x7b20s4d0:c0l2a2bBeBbBa0l3c``: width x height, Tatham's generator parameters,
    then the cells (``a``-``z`` 1-26 white cells, ``B`` black, ``0``-``4`` numbered)."""
    m = _TATHAM.fullmatch(_line(text))
    if m is None:
        raise InputError("not a Light Up game ID: expected WxH[bN][sN][dN]:CELLS, e.g. "
                         "7x7b20s4d0:c0l2a2bBeBbBa0l3c")
    w, h = int(m.group(1)), int(m.group(2))
    if not (1 <= w <= SPEC.max_size and 1 <= h <= SPEC.max_size):
        raise InputError(f"grid size {w}x{h} is out of range (1..{SPEC.max_size})",
                         Location(1, m.start(1) + 1))
    start = m.start(4)
    cells = read_runs(m.group(4), w * h, "B01234", lambda i: Location(1, start + i + 1))
    return make(SPEC, _rows([_cell(t) for t in cells], w), params=m.group(3))


def write_tatham(inst: GridInstance, solution: GridSolution | None = None) -> str:
    desc = write_runs([_token(v, "B") for v in inst.cells])
    return f"{inst.width}x{inst.height}{inst.params}:{desc}"


def detect_puzzlink(text: str) -> bool:
    return _PUZZLINK.fullmatch(_line(text)) is not None


def read_puzzlink(text: str) -> GridInstance:
    """``https://puzz.link/p?akari/COLS/ROWS/BODY`` (pzprjs' 4Cell codec: ``.`` a black cell,
    a digit a numbered one)."""
    m = _PUZZLINK.fullmatch(_line(text))
    if m is None:
        raise InputError("not a Light Up puzz.link URL: expected akari/COLS/ROWS/BODY")
    w, h = int(m.group(2)), int(m.group(3))
    if not (1 <= w <= SPEC.max_size and 1 <= h <= SPEC.max_size):
        raise InputError(f"grid size {w}x{h} is out of range (1..{SPEC.max_size})",
                         Location(1, m.start(2) + 1))
    start = m.start(4)
    cells = read_4cell(m.group(4), w * h, lambda i: Location(1, start + i + 1))
    return make(SPEC, _rows([_cell(t) for t in cells], w))


def write_puzzlink(inst: GridInstance, solution: GridSolution | None = None) -> str:
    body = write_4cell([_token(v, ".") for v in inst.cells])
    return f"https://puzz.link/p?akari/{inst.width}/{inst.height}/{body}"
