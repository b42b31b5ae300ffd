"""Futoshiki formats: the plain-text grid and the seed post's ASP facts.

Plain text (``.txt``)::

    # futoshiki 4x4
    . < .   .   .
                v
    .   .   .   .
    ^
    .   .   . > .

    3   .   .   2

Cells are digits, ``.`` for an empty one, separated by spaces or by a sign: ``<`` and ``>``
between two cells of a row, ``^`` and ``v`` (or ``∧`` ``∨``) on a line of their own, under a
cell, between two rows. The open side of a sign faces the greater digit: ``v`` says the upper
cell is the greater. In Tatham's *adjacent* mode the marks are bars instead: ``|`` between two
cells of a row and ``-`` between two rows say the cells differ by exactly 1, and neighbours
without a bar never do. Bars select adjacent mode, and so does the word ``adjacent`` in the
header line (``# futoshiki 6x6 adjacent``), needed only when a puzzle has no bar at all.
Blank lines and lines starting with ``#`` are ignored. A solved puzzle is followed by a line
``solution:`` and the solved grid, digits separated by spaces.

This is Tatham's own text layout (his puzzles' "Copy" output reads as it is), with room for
more space between cells and for two-digit numbers.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from aspuzzle.errors import InputError, Location
from aspuzzle.puzzles.futoshiki.model import (
    MAX_SIZE,
    Cell,
    FutoshikiInstance,
    FutoshikiSolution,
    are_neighbours,
    quoted,
    validate,
)

if TYPE_CHECKING:  # the facts reader is imported when first used
    from aspuzzle.formats.asp_facts import Fact

__all__ = [
    "detect_facts",
    "detect_text",
    "read_facts",
    "read_text",
    "read_text_solution",
    "write_facts",
    "write_text",
]

DIGITS = "0123456789"
EMPTY = "."
EMPTIES = (EMPTY, "·")  # the rendered board's dot reads back too
ROW_SIGNS = {"<": "<", ">": ">", "|": "|", "│": "|"}
COLUMN_SIGNS = {"^": "^", "∧": "^", "v": "v", "V": "v", "∨": "v", "-": "-", "─": "-"}
_HEADER = re.compile(r"#\s*(?:futoshiki|unequal)\b(.*)", re.IGNORECASE)
_SOLUTION = re.compile(r"solution\s*:?", re.IGNORECASE)
_MAX_DIGITS = 3  # longer numbers are out of range anyway; keep int() away from huge strings


class _Row(NamedTuple):
    lineno: int
    cells: list[tuple[str, int, int]]  # (text, first column, column after), 0-based columns
    signs: list[tuple[str, int]]  # between cells i and i+1: ("" | "<" | ">" | "|", column)
    raw: str


def _where(lineno: int, col0: int, cell: Cell | None = None) -> Location:
    return Location(lineno, col0 + 1, cell=cell)


def _read_row(raw: str, lineno: int) -> _Row:
    cells: list[tuple[str, int, int]] = []
    signs: list[tuple[str, int]] = []
    pending: tuple[str, int] | None = None  # a sign waiting for the cell on its right
    j = 0
    while j < len(raw):
        ch = raw[j]
        if ch == " ":
            j += 1
            continue
        if ch in DIGITS or ch in EMPTIES:
            k = j + 1
            if ch in DIGITS:
                while k < len(raw) and raw[k] in DIGITS:
                    k += 1
            if cells:
                signs.append(pending if pending else ("", j))
            cells.append((raw[j:k], j, k))
            pending = None
            j = k
            continue
        if ch in ROW_SIGNS:
            if not cells:
                raise InputError(f"sign {quoted(ch)} has no cell on its left", _where(lineno, j))
            if pending is not None:
                raise InputError(f"two signs ('{pending[0]}' and {quoted(ch)}) between the same "
                                 "cells", _where(lineno, j))
            pending = (ROW_SIGNS[ch], j)
            j += 1
            continue
        hint = " (vertical signs go on a line of their own)" if ch in COLUMN_SIGNS else ""
        raise InputError(f"unknown character {quoted(ch)} in a row (use digits, '.', '<', '>' or "
                         f"'|'){hint}", _where(lineno, j))
    if pending is not None:
        raise InputError(f"sign '{pending[0]}' has no cell on its right",
                         _where(lineno, pending[1]))
    return _Row(lineno, cells, signs, raw)


def _column_of(col0: int, rows: list[_Row]) -> int | None:
    """The grid column (1-based) of the cell a vertical sign at ``col0`` stands under."""
    for row in rows:
        for c, (_, start, stop) in enumerate(row.cells, 1):
            if start <= col0 < stop:
                return c
    return None


def read_text_solution(text: str) -> tuple[FutoshikiInstance, FutoshikiSolution | None]:
    """Read the text format: the puzzle, and the solved grid if the text has one."""
    rows: list[_Row] = []
    gaps: dict[int, tuple[int, str]] = {}  # gap after row k (1-based) -> (line, marks line)
    solution_lines: list[tuple[int, str]] = []
    adjacent_header = False
    in_solution = False
    seen_content = False
    for lineno, original in enumerate(text.splitlines(), 1):
        raw = original.expandtabs(8).rstrip()
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            m = _HEADER.match(line)
            if m and not seen_content and "adjacent" in m.group(1).lower():
                adjacent_header = True
            continue
        seen_content = True
        if _SOLUTION.fullmatch(line):
            if in_solution:
                raise InputError("a second 'solution:' line", Location(lineno))
            in_solution = True
            continue
        if in_solution:
            solution_lines.append((lineno, raw))
        elif any(ch in DIGITS or ch in EMPTIES for ch in raw):
            rows.append(_read_row(raw, lineno))
        else:
            for j, ch in enumerate(raw):
                if ch != " " and ch not in COLUMN_SIGNS:
                    what = ("has no cells on its line" if ch in ROW_SIGNS
                            else "is not a cell or a sign")
                    raise InputError(f"{quoted(ch)} {what} (use digits, '.', '<', '>', '|', and "
                                     "'^', 'v', '-' on lines between rows)", _where(lineno, j))
            if not rows:
                raise InputError("vertical signs above the first row", Location(lineno))
            if len(rows) in gaps:
                raise InputError(f"a second line of vertical signs between rows {len(rows)} "
                                 f"and {len(rows) + 1}", Location(lineno))
            gaps[len(rows)] = (lineno, raw)
    if not rows:
        raise InputError("no futoshiki grid: no line with digits or '.'")
    n = len(rows[0].cells)
    for r, row in enumerate(rows, 1):
        if len(row.cells) != n:
            raise InputError(f"row {r} has {len(row.cells)} cells, row 1 has {n}",
                             Location(row.lineno))
    if len(rows) != n:
        raise InputError(f"{len(rows)} rows of {n} cells: a futoshiki grid is square",
                         Location(rows[-1].lineno))
    if n > MAX_SIZE:
        raise InputError(f"grid size {n} is out of range (1..{MAX_SIZE})", Location(rows[0].lineno))
    if n in gaps:
        raise InputError("vertical signs below the last row", Location(gaps[n][0]))

    givens: set[tuple[int, int, int]] = set()
    for r, row in enumerate(rows, 1):
        for c, (tok, start, _) in enumerate(row.cells, 1):
            if tok in EMPTIES:
                continue
            where = _where(row.lineno, start, (r, c))
            value = int(tok) if len(tok) <= _MAX_DIGITS else 10 ** _MAX_DIGITS
            if value == 0:
                raise InputError("digit 0 is not allowed (write '.' for an empty cell)", where)
            if value > n:
                hint = " (separate cells with spaces)" if len(tok) > 1 and n < 10 else ""
                raise InputError(f"digit {tok[:10]} is bigger than the grid size {n}{hint}",
                                 where)
            givens.add((r, c, value))

    greater: set[tuple[Cell, Cell]] = set()
    bars: set[tuple[Cell, Cell]] = set()
    first_kind: dict[str, Location] = {}  # "inequality" / "bar" -> where it was first seen

    def mark(kind: str, a: Cell, b: Cell, where: Location) -> None:
        other = "bar" if kind == "inequality" else "inequality"
        if other in first_kind:
            seen = first_kind[other]
            raise InputError(f"an {'adjacency bar' if kind == 'bar' else 'inequality sign'} "
                             f"in a puzzle with {'bars' if other == 'bar' else 'inequalities'} "
                             f"(line {seen.line}, column {seen.column}): a puzzle uses one kind "
                             "of mark", where)
        if kind == "inequality" and adjacent_header:
            raise InputError("an inequality sign in a puzzle whose header says 'adjacent'",
                             where)
        first_kind.setdefault(kind, where)
        if kind == "bar":
            bars.add((a, b))
        else:
            greater.add((a, b))

    for r, row in enumerate(rows, 1):
        for c, (sign, col0) in enumerate(row.signs, 1):
            if not sign:
                continue
            where = _where(row.lineno, col0, (r, c))
            left, right = (r, c), (r, c + 1)
            if sign == "|":
                mark("bar", left, right, where)
            else:
                mark("inequality", *((left, right) if sign == ">" else (right, left)), where)
    for r, (lineno, raw) in sorted(gaps.items()):
        used: set[int] = set()
        for j, ch in enumerate(raw):
            if ch == " ":
                continue
            found = _column_of(j, [rows[r - 1], rows[r]])
            if found is None:
                raise InputError(f"sign {quoted(ch)} is not under a cell of row {r}",
                                 _where(lineno, j))
            c = found
            if c in used:
                raise InputError(f"two signs under cell ({r},{c})", _where(lineno, j, (r, c)))
            used.add(c)
            upper, lower = (r, c), (r + 1, c)
            sign = COLUMN_SIGNS[ch]
            where = _where(lineno, j, upper)
            if sign == "-":
                mark("bar", upper, lower, where)
            else:
                mark("inequality", *((upper, lower) if sign == "v" else (lower, upper)), where)

    inst = FutoshikiInstance(n, frozenset(givens), frozenset(greater),
                             adjacent_header or bool(bars), frozenset(bars))
    validate(inst)
    solution = _read_solution(solution_lines, n) if solution_lines or in_solution else None
    return inst, solution


def _read_solution(lines: list[tuple[int, str]], n: int) -> FutoshikiSolution:
    if len(lines) != n:
        raise InputError(f"the solution has {len(lines)} rows, the grid {n}",
                         Location(lines[-1][0]) if lines else None)
    grid: list[tuple[int, ...]] = []
    for r, (lineno, raw) in enumerate(lines, 1):
        row: list[int] = []
        for m in re.finditer(r"\S+", raw):
            tok, where = m.group(0), _where(lineno, m.start(), (r, len(row) + 1))
            if not all(ch in DIGITS for ch in tok):
                raise InputError(f"{quoted(tok, 10)} in the solution is not a digit", where)
            value = int(tok) if len(tok) <= _MAX_DIGITS else 10 ** _MAX_DIGITS
            if not 1 <= value <= n:
                raise InputError(f"digit {tok[:10]} in the solution is out of range 1..{n}",
                                 where)
            row.append(value)
        if len(row) != n:
            raise InputError(f"solution row {r} has {len(row)} digits, expected {n}",
                             Location(lineno))
        grid.append(tuple(row))
    return FutoshikiSolution(tuple(grid))


def read_text(text: str) -> FutoshikiInstance:
    return read_text_solution(text)[0]


def write_text(inst: FutoshikiInstance, sol: FutoshikiSolution | None = None) -> str:
    n = inst.size
    w = len(str(n))
    texts = [[str(d) if d else EMPTY for d in row] for row in inst.given_grid()]
    lines = [f"# futoshiki {n}x{n}{' adjacent' if inst.adjacent else ''}",
             *grid_lines(inst, texts, w)]
    if sol is not None:
        lines += ["", "solution:", *(" ".join(str(d).rjust(w) for d in row) for row in sol.grid)]
    return "\n".join(lines) + "\n"


ASCII = ("|", "-", "v", "^")
"""The marks as written: a bar in a row, a bar in a column, the signs down and up."""


def grid_lines(inst: FutoshikiInstance, texts: Sequence[Sequence[str]], w: int, *,
               left: bool = False, glyphs: tuple[str, str, str, str] = ASCII) -> list[str]:
    """The grid's lines: each row's cells (their texts, right-justified in ``w`` columns, or
    ``left``), the marks between them, and under each row the marks to the next one."""
    n = inst.size
    bars, greater = inst.bars, inst.greater
    hbar, vbar, down, up = glyphs

    def fit(t: str) -> str:
        return t.ljust(w) if left else t.rjust(w)

    out = []
    for r in range(1, n + 1):
        line = fit(texts[r - 1][0])
        for c in range(2, n + 1):
            a, b = (r, c - 1), (r, c)
            sign = (hbar if (a, b) in bars else ">" if (a, b) in greater
                    else "<" if (b, a) in greater else " ")
            line += f" {sign} {fit(texts[r - 1][c - 1])}"
        out.append(line.rstrip())
        if r < n:
            out.append("   ".join(
                fit(vbar if (a, b) in bars else down if (a, b) in greater
                    else up if (b, a) in greater else " ")
                for a, b in (((r, c), (r + 1, c)) for c in range(1, n + 1))).rstrip())
    return out


def detect_text(text: str) -> bool:
    lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
    if lines and _HEADER.match(lines[0]):
        return True
    body = [ln for ln in lines if not ln.startswith("#")]
    signs = set(ROW_SIGNS) | set(COLUMN_SIGNS)
    # a grid of plain digits could be another puzzle's; ask for an empty cell or a sign
    if not body or not any(ch in signs or ch in EMPTIES for ln in body for ch in ln):
        return False
    allowed = set(DIGITS) | signs | set(EMPTIES) | {" ", "\t"}
    return all(set(ln) <= allowed for ln in body)


# --- the seed post's ASP facts -------------------------------------------------------------

_PREDICATES = {"cell_has_number": 3, "greater_than": 4, "adjacent": 4, "adjacent_mode": 0}


def _show(f: Fact) -> str:
    a = f.args
    if len(a) == 3:
        return f"{f.name}({a[0]},{a[1]}, {a[2]})"
    return f"{f.name}({a[0]},{a[1]}, {a[2]},{a[3]})"


def read_facts(text: str) -> FutoshikiInstance:
    from aspuzzle.formats.asp_facts import int_arg, parse_facts  # only when used
    ff = parse_facts(text, predicates=_PREDICATES, consts=("n",))
    if "n" not in ff.consts:
        raise InputError("cannot tell the grid size: add '#const n = N.'")
    n, line, col = ff.consts["n"]
    if not 1 <= n <= MAX_SIZE:
        raise InputError(f"grid size {n} is out of range (1..{MAX_SIZE})", Location(line, col))

    def cell_of(f: Fact, i: int) -> Cell:
        cell = (int_arg(f, i, "row"), int_arg(f, i + 1, "column"))
        if not (1 <= cell[0] <= n and 1 <= cell[1] <= n):
            raise InputError(f"{_show(f)}: cell ({cell[0]},{cell[1]}) is outside the {n}x{n} "
                             "grid", Location(f.line, f.column, cell=cell))
        return cell

    digits: dict[Cell, tuple[int, Fact]] = {}
    for f in ff.of("cell_has_number"):
        cell = cell_of(f, 0)
        d = int_arg(f, 2, "number")
        where = Location(f.line, f.column, cell=cell)
        if d > n:
            raise InputError(f"{_show(f)}: digit {d} is bigger than the grid size {n}", where)
        if d < 1:
            raise InputError(f"{_show(f)}: digit {d} is out of range 1..{n}", where)
        if cell in digits:
            first_d, first = digits[cell]
            what = "is given twice" if first_d == d else f"already holds {first_d}"
            raise InputError(f"{_show(f)}: cell ({cell[0]},{cell[1]}) {what} "
                             f"(line {first.line})", where)
        digits[cell] = (d, f)

    adjacent = bool(ff.of("adjacent_mode") or ff.of("adjacent"))
    marks: dict[tuple[Cell, Cell], Fact] = {}
    greater: set[tuple[Cell, Cell]] = set()
    bars: set[tuple[Cell, Cell]] = set()
    for f in [*ff.of("greater_than"), *ff.of("adjacent")]:
        a, b = cell_of(f, 0), cell_of(f, 2)
        where = Location(f.line, f.column, cell=a)
        if f.name == "greater_than" and adjacent:
            raise InputError(f"{_show(f)}: inequalities cannot be mixed with adjacent mode "
                             "(adjacent/4, adjacent_mode)", where)
        if not are_neighbours(a, b):
            raise InputError(f"{_show(f)}: the cells are not orthogonal neighbours", where)
        key = (a, b) if f.name == "greater_than" or a < b else (b, a)
        if key in marks:
            raise InputError(f"{_show(f)}: the same mark as {_show(marks[key])} "
                             f"(line {marks[key].line})", where)
        if f.name == "greater_than" and (b, a) in marks:
            raise InputError(f"{_show(f)} contradicts {_show(marks[(b, a)])} "
                             f"(line {marks[(b, a)].line})", where)
        marks[key] = f
        (greater if f.name == "greater_than" else bars).add(key)
    inst = FutoshikiInstance(n, frozenset((r, c, d) for (r, c), (d, _) in digits.items()),
                             frozenset(greater), adjacent, frozenset(bars))
    validate(inst)
    return inst


def write_facts(inst: FutoshikiInstance, sol: FutoshikiSolution | None = None) -> str:
    mode = " (adjacent mode)" if inst.adjacent else ""
    lines = [f"% futoshiki {inst.size}x{inst.size}{mode}", f"#const n = {inst.size}."]
    if inst.adjacent:
        lines.append("adjacent_mode.")
    lines += [f"cell_has_number({r},{c}, {d})." for r, c, d in sorted(inst.givens)]
    lines += [f"greater_than({a[0]},{a[1]}, {b[0]},{b[1]})." for a, b in sorted(inst.greater)]
    lines += [f"adjacent({a[0]},{a[1]}, {b[0]},{b[1]})." for a, b in sorted(inst.bars)]
    return "\n".join(lines) + "\n"


def detect_facts(text: str) -> bool:
    return bool(re.search(r"\b(cell_has_number|greater_than|adjacent)\s*\(|\badjacent_mode\s*\."
                          r"|^[^\S\n]*%\s*(futoshiki|unequal)\b", text,
                          re.IGNORECASE | re.MULTILINE))
