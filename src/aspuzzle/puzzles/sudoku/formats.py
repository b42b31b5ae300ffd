"""Sudoku's own formats: Simon Tatham's solo game IDs and puzz.link URLs (on the kit's codecs).

A solo ID is ``PARAMS:GRID`` (``3x3:...``, boxes C rows tall and R columns wide) or, for a
jigsaw, ``Nj:GRID,BLOCKS``. GRID: ``a``-``z`` 1-26 empty cells, a digit written out, ``_``
between two digits side by side. BLOCKS: the dividing lines, inner vertical ones in reading
order then inner horizontal ones column by column, as runs of non-lines (``_`` none, ``a``-``y``
1-25, ``z`` 25 with no line after). The X variant (``x``) and killer sudoku (``k``) are refused.
"""

from __future__ import annotations

import re

from aspuzzle.errors import InputError, Location
from aspuzzle.kit.codecs import (
    given_or_empty,
    id_line,
    read_digit_grid,
    read_number16,
    write_digit_grid,
    write_number16,
)
from aspuzzle.kit.model import GridInstance, GridSolution, make
from aspuzzle.kit.textgrid import boxes
from aspuzzle.puzzles.sudoku.type import SPEC

__all__ = ["detect_puzzlink", "detect_tatham", "read_puzzlink", "read_tatham",
           "write_puzzlink", "write_tatham"]

_TATHAM = re.compile(r"\s*(?:solo:)?((\d{1,2})(?:x(\d{1,2}))?(j)?(x)?(k)?([a-z0-9]*)):(\S+)\s*")
_PUZZLINK = re.compile(r"\s*(?:https?://[^\s?]*\?)?sudoku/(\d+)/(\d+)/([^/?#\s]*)/?\s*")


def detect_tatham(text: str) -> bool:
    """A solo ID with a ``solo:`` prefix or a box shape (``3x3:``, ``2x3:``, ``9j:``); a bare
    ``9:`` is also a Futoshiki ID and needs ``--type sudoku``."""
    line = id_line(text).strip()
    m = _TATHAM.fullmatch(line)
    if m is None or not (line.startswith("solo:") or m.group(3) or m.group(4)):
        return False
    try:  # (Tents and Singles IDs look alike: only an ID that reads as a solo one is one)
        read_tatham(line)
    except InputError:
        return False
    return True


def read_tatham(text: str) -> GridInstance:
    m = _TATHAM.fullmatch(id_line(text))
    if m is None:
        raise InputError("not a solo game ID: expected CxR:GRID (3x3:...) or Nj:GRID,BLOCKS")
    c = int(m.group(2))
    r = int(m.group(3)) if m.group(3) else c
    if m.group(5) or m.group(6):
        raise InputError("X and killer sudoku (solo's 'x' and 'k') are not supported yet",
                         Location(1, m.start(5 if m.group(5) else 6) + 1))
    jigsaw = m.group(4) is not None
    n = c if jigsaw else c * r
    if not 1 <= n <= SPEC.max_size:
        raise InputError(f"a {n}x{n} sudoku is out of range (1..{SPEC.max_size})",
                         Location(1, m.start(1) + 1))
    body, start = m.group(8), m.start(8)
    grid_text, sep, blocks = body.partition(",")
    if jigsaw != bool(sep):
        raise InputError("a jigsaw ID ('Nj') has its blocks after a comma, and only a jigsaw "
                         "has", Location(1, start + len(grid_text) + 1))
    cells = read_digit_grid(grid_text, n * n, start)
    regions = _blocks(blocks, n, start + len(grid_text) + 1) if jigsaw else boxes(n, (c, r))
    rows = [[given_or_empty(t) for t in cells[i:i + n]] for i in range(0, n * n, n)]
    return make(SPEC, rows, params=m.group(1), regions=regions)


def _edge(pos: int, n: int) -> tuple[int, int]:
    """The two cells (row-major) on either side of inner line ``pos``."""
    if pos < n * (n - 1):
        y, x = divmod(pos, n - 1)
        return y * n + x, y * n + x + 1
    x, y = pos // (n - 1) - n, pos % (n - 1)
    return y * n + x, (y + 1) * n + x


def _blocks(desc: str, n: int, start: int) -> list[int]:
    parent = list(range(n * n))

    def find(a: int) -> int:
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    total = 2 * n * (n - 1)
    pos = 0
    for i, ch in enumerate(desc):
        if ch == "_":
            run = 0
        elif "a" <= ch <= "z":
            run = ord(ch) - ord("a") + 1
        else:
            raise InputError(f"unexpected character '{ch}' in the blocks",
                             Location(1, start + i + 1))
        for _ in range(run):
            if pos >= total:
                raise InputError("too much data in the blocks", Location(1, start + i + 1))
            a, b = _edge(pos, n)
            parent[find(a)] = find(b)
            pos += 1
        if ch != "z":
            pos += 1
    first: dict[int, int] = {}
    return [first.setdefault(find(i), len(first) + 1) for i in range(n * n)]


def _write_blocks(inst: GridInstance) -> str:
    n = inst.width
    out: list[str] = []
    run = 0
    for i in range(2 * n * (n - 1) + 1):
        if i == 2 * n * (n - 1):
            edge = True
        else:
            a, b = _edge(i, n)
            edge = inst.regions[a] != inst.regions[b]
        if edge:
            while run > 25:
                out.append("z")
                run -= 25
            out.append(chr(ord("a") - 1 + run) if run else "_")
            run = 0
        else:
            run += 1
    return "".join(out)


def write_tatham(inst: GridInstance, solution: GridSolution | None = None) -> str:
    n = inst.width
    params = inst.params
    if not params:  # boxes C rows tall and R columns wide (R > 1), else a jigsaw
        shape = next(((c, n // c) for c in range(1, n) if n % c == 0
                      and list(inst.regions) == boxes(n, (c, n // c))), None)
        params = f"{shape[0]}x{shape[1]}" if shape is not None else f"{n}j"
    grid = write_digit_grid([d for _, (_, d) in inst.positions()])
    if re.match(r"\d+j", params):
        return f"{params}:{grid},{_write_blocks(inst)}"
    return f"{params}:{grid}"


def detect_puzzlink(text: str) -> bool:
    return _PUZZLINK.fullmatch(id_line(text)) is not None


def read_puzzlink(text: str) -> GridInstance:
    """``https://puzz.link/p?sudoku/COLS/ROWS/BODY`` (pzprjs' number16 codec; the usual boxes
    of the size)."""
    m = _PUZZLINK.fullmatch(id_line(text))
    if m is None:
        raise InputError("not a sudoku puzz.link URL: expected sudoku/COLS/ROWS/BODY")
    w, h = int(m.group(1)), int(m.group(2))
    if w != h or not 1 <= w <= SPEC.max_size:
        raise InputError(f"a {w}x{h} sudoku: expected a square grid up to {SPEC.max_size}",
                         Location(1, m.start(1) + 1))
    start = m.start(3)
    cells = read_number16(m.group(3), w * h, lambda i: Location(1, start + i + 1))
    for i, t in enumerate(cells):
        if t == "." or t == 0:
            raise InputError("a cell with '?' or 0 is no sudoku given",
                             Location(cell=(i // w + 1, i % w + 1)))
    rows = [[given_or_empty(t) for t in cells[i:i + w]] for i in range(0, w * h, w)]
    return make(SPEC, rows, regions=boxes(w))


def write_puzzlink(inst: GridInstance, solution: GridSolution | None = None) -> str:
    if list(inst.regions) != boxes(inst.width):
        raise InputError("a puzz.link sudoku has the usual boxes of its size; this one has "
                         "other regions")
    body = write_number16([d for _, (_, d) in inst.positions()])
    return f"https://puzz.link/p?sudoku/{inst.width}/{inst.height}/{body}"
