"""Simon Tatham's ``unequal`` game IDs: ``N[a][dX]:cell,cell,...``, read and written.

The rules are those of ``load_game`` / ``new_game_desc`` in Tatham's ``unequal.c``:

* ``N`` is the order (3..32), ``a`` selects adjacent mode, ``dX`` the difficulty
  (``t`` trivial, ``e`` easy, ``k`` tricky, ``x`` extreme, ``r`` recursive; optional here).
* The cells follow row by row, each its digit (0 = empty) and then any of the flags
  ``U R D L``. A flag means "this cell is greater than that neighbour"; in adjacent mode it
  means "these two differ by exactly 1", and both cells carry it.
* A lower-case letter ``a``..``z`` before a cell skips 1..26 empty cells without flags (Tatham
  reads these but never writes them).
* Every cell ends with a comma; the comma after the last cell may be left out.

The writer prints IDs exactly as Tatham's generator does (flags in the order U R D L, a comma
after every cell), so an ID read and written again is the same string.
"""

from __future__ import annotations

import re

from aspuzzle.errors import InputError, Location
from aspuzzle.puzzles.futoshiki.model import (
    DIFFICULTIES,
    Cell,
    FutoshikiInstance,
    FutoshikiSolution,
    quoted,
)

__all__ = ["detect_tatham", "read_tatham", "write_tatham"]

MIN_ORDER, MAX_ORDER = 3, 32

# flag letter -> (row step, column step), in the order Tatham writes them
_FLAGS: dict[str, Cell] = {"U": (-1, 0), "R": (0, 1), "D": (1, 0), "L": (0, -1)}
_OPPOSITE = {"U": "D", "R": "L", "D": "U", "L": "R"}
_PARAMS = re.compile(r"([0-9]+)(a?)(?:d(.?))?")
_CELL = re.compile(r"([a-z]*)([0-9]*)([URDL]*)")  # matches anywhere, perhaps empty
# the cells as Tatham's program writes them: a digit and flags, a comma after each (the last
# one's may be left out); no skips. Linear: a comma ends every cell but the last.
_PLAIN = re.compile(r"(?:[0-9]{1,3}[URDL]{0,4},)*[0-9]{1,3}[URDL]{0,4},?")
_PLAIN_CELL = re.compile(r"([0-9]+)([URDL]*)")


def _err(message: str, cell: Cell | None = None) -> InputError:
    return InputError(f"unequal ID: {message}", Location(cell=cell) if cell else None)


def _read_params(params: str) -> tuple[int, bool, str | None]:
    m = _PARAMS.match(params)
    if not m or not m.group(1):
        raise _err(f"{quoted(params)} does not start with the grid size "
                   "(expected N[a][dX]:cells, e.g. 4de:...)")
    if m.end() != len(params):
        raise _err(f"unexpected {quoted(params[m.end():])} after '{m.group(0)}' "
                   "(expected N[a][dX]:cells)")
    digits = m.group(1)
    order = int(digits) if len(digits) <= 3 else 10 ** 3
    if not MIN_ORDER <= order <= MAX_ORDER:
        raise _err(f"order {digits[:10]} is out of range {MIN_ORDER}..{MAX_ORDER}")
    diff = m.group(3)
    if diff is not None and diff not in DIFFICULTIES:
        known = ", ".join(f"{k} ({v})" for k, v in DIFFICULTIES.items())
        what = quoted(diff) if diff else "missing"
        raise _err(f"difficulty {what} after 'd' is unknown (known: {known})")
    return order, m.group(2) == "a", diff


def _read_plain(desc: str, n: int) -> tuple[list[int], list[str]] | None:
    """The digits and flags of the cells, in one pass of the regular expression engine, if
    ``desc`` is written as Tatham's program writes it and is right for an ``n x n`` grid; else
    None (:func:`read_tatham` then reads it cell by cell and says what is wrong). A 9x9 grid:
    ~0.05 ms instead of ~0.2, a tenth of a whole solve."""
    if not _PLAIN.fullmatch(desc):
        return None
    cells = _PLAIN_CELL.findall(desc)
    if len(cells) != n * n:
        return None
    digits = [0 if d == "0" else int(d) for d, _ in cells]  # most cells are empty
    if max(digits) > n:
        return None
    return digits, [f for _, f in cells]


def _read_cells(desc: str, n: int) -> tuple[list[int], list[str]]:
    """The digits and flags of the cells, read one cell at a time (skips too), or the
    InputError that says what is wrong."""
    total = n * n
    digits = [0] * total
    flags = [""] * total

    def rc(i: int) -> Cell:
        return (i // n + 1, i % n + 1)

    i, p, end = 0, 0, len(desc)
    while p < end:
        token = _CELL.match(desc, p)
        assert token is not None  # the pattern matches the empty string too
        skips, number, cell_flags = token.groups()
        for letter in skips:
            i += ord(letter) - ord("a") + 1
        if i >= total:
            raise _err(f"too much data: more than the {total} cells of a {n}x{n} grid")
        p += len(skips)
        if not number:
            found = quoted(desc[p]) if p < end else "the end of the ID"
            raise _err(f"cell {i + 1}: expected a digit, found {found}", rc(i))
        value = int(number) if len(number) <= 3 else 10 ** 3
        if value > n:
            raise _err(f"cell {i + 1}: digit {number[:10]} is bigger than the grid size {n}",
                       rc(i))
        digits[i] = value
        flags[i] = cell_flags
        p += len(number) + len(cell_flags)
        i += 1
        if p < end and desc[p] == ",":
            p += 1
        elif p < end:
            raise _err(f"cell {i}: expected a flag U, R, D, L or ',', found {quoted(desc[p])}",
                       rc(i - 1))
    if i < total:
        raise _err(f"not enough data: {i} cells for the {total} of a {n}x{n} grid")
    return digits, flags


def read_tatham(text: str) -> FutoshikiInstance:
    """Read an ``unequal`` game ID (without a ``futoshiki:`` prefix)."""
    s = text.strip()
    params, sep, desc = s.partition(":")
    if not sep:
        raise _err("no ':' (expected N[a][dX]:cells, e.g. 4de:2,0,0,0L,...)")
    n, adjacent, difficulty = _read_params(params)
    total = n * n

    def rc(i: int) -> Cell:
        return (i // n + 1, i % n + 1)

    digits, flags = _read_plain(desc, n) or _read_cells(desc, n)

    greater: set[tuple[Cell, Cell]] = set()
    bars: set[tuple[Cell, Cell]] = set()
    for k in range(total):
        if not flags[k]:
            continue
        a = rc(k)
        for flag in "URDL":
            if flag not in flags[k]:
                continue
            dr, dc = _FLAGS[flag]
            b = (a[0] + dr, a[1] + dc)
            if not (1 <= b[0] <= n and 1 <= b[1] <= n):
                raise _err(f"cell {k + 1}: flag '{flag}' points off the grid", a)
            other = (b[0] - 1) * n + b[1]
            has_opposite = _OPPOSITE[flag] in flags[other - 1]
            if adjacent and not has_opposite:
                raise _err(f"cell {k + 1}: flag '{flag}' is not matched by flag "
                           f"'{_OPPOSITE[flag]}' on cell {other} (adjacent mode marks both)", a)
            if not adjacent and has_opposite:
                raise _err(f"cells {k + 1} and {other}: contradictory flags '{flag}' and "
                           f"'{_OPPOSITE[flag]}' (each says it is the greater)", a)
            if adjacent:
                bars.add((a, b) if a < b else (b, a))
            else:
                greater.add((a, b))
    givens = frozenset((k // n + 1, k % n + 1, d) for k, d in enumerate(digits) if d)
    # valid by construction (digits, flags and difficulty are checked above); loading
    # validates once more
    return FutoshikiInstance(n, givens, frozenset(greater), adjacent, frozenset(bars),
                             difficulty=difficulty)


def write_tatham(inst: FutoshikiInstance, sol: FutoshikiSolution | None = None) -> str:
    """The game ID, as Tatham's program prints it (no solution: an ID holds none)."""
    n = inst.size
    if not MIN_ORDER <= n <= MAX_ORDER:
        raise InputError(f"an unequal ID holds a grid of size {MIN_ORDER}..{MAX_ORDER}, "
                         f"not {n}")
    grid = inst.given_grid()
    marks: dict[Cell, set[str]] = {}
    pairs = [(a, b) for a, b in inst.bars] + [(b, a) for a, b in inst.bars]
    for a, b in [*inst.greater, *pairs]:
        step = (b[0] - a[0], b[1] - a[1])
        flag = next(f for f, d in _FLAGS.items() if d == step)
        marks.setdefault(a, set()).add(flag)
    cells = []
    for r in range(1, n + 1):
        for c in range(1, n + 1):
            f = marks.get((r, c), set())
            cells.append(str(grid[r - 1][c - 1]) + "".join(x for x in "URDL" if x in f) + ",")
    params = f"{n}{'a' if inst.adjacent else ''}"
    if inst.difficulty:
        params += f"d{inst.difficulty}"
    return f"{params}:{''.join(cells)}"


_DETECT = re.compile(r"\s*[0-9]+a?(?:d[a-z])?:[0-9a-zURDL,]*\s*")


def detect_tatham(text: str) -> bool:
    return bool(_DETECT.fullmatch(text))
