"""The kit's text grid: one line per row of cell tokens, with a header naming the type.

::

    # lightup 7x7
    % comments start with '%'
    . . # 2 . . .
    * . . . . # .

Each cell is one token of its kind (the type's :class:`~aspuzzle.kit.spec.CellKind` table:
``.`` a white cell, ``#`` a black one, a number), or, on a playable cell, the token of a
player's mark (``*`` a bulb, ``+`` an empty cell) in its place. Tokens are separated by
spaces; a row of one-character tokens may also be written without them (``..#2...``). The
header ``# TYPE [HxW]`` is what tells the type when none is given; its size, when written, is
checked. A type with clues outside the grid (:attr:`GridSpec.edge_clues`, Skyscrapers) writes
them around it: a first line of the top clues, each row between its left and right clue, a
last line of the bottom clues, ``.`` where a line has none::

    # skyscrapers 4x4
      . 2 . 1
    . . . . . .
    3 . . . . 2
    . . . 2 . .
    . . . . . .
      . . 3 .

Marks are read as a board (:func:`read_marks`); a puzzle read from a text with marks
keeps only its cells (a solved grid is a puzzle too).
"""

from __future__ import annotations

import re

from aspuzzle.errors import InputError, Location
from aspuzzle.kit.model import Cell, CellValue, GridInstance, GridSolution, make
from aspuzzle.kit.spec import GridSpec

__all__ = ["detect_text", "read_marks", "read_text", "write_text"]

_HEADER = re.compile(r"#\s*([A-Za-z][\w-]*)\s*(?:(\d+)\s*x\s*(\d+))?\s*$")
_NUMBER = re.compile(r"-?\d+")


def _names(spec: GridSpec) -> set[str]:
    return {spec.name, *spec.aliases}


def detect_text(spec: GridSpec, text: str) -> bool:
    """Does the text start with this type's header?"""
    for line in text.splitlines():
        s = line.strip()
        if not s or s.startswith("%"):
            continue
        m = _HEADER.match(s)
        return m is not None and m.group(1).lower() in _names(spec)
    return False


def _choices(spec: GridSpec) -> str:
    out = []
    for k in spec.cells:
        out.append(f"{k.low}-{k.high}" if k.numbered else k.token)
    out += [m.token for m in spec.marks]
    return " ".join(out)


_PENCIL = re.compile(r"\[([\d,]*)\]")
_SEPARATOR = re.compile(r"[-+=|\s]*-[-+=|\s]*")


def _token(spec: GridSpec, tok: str) -> tuple[CellValue, str | None] | None:
    """A token -> the cell (kind, number) and the mark on it; None if it is no token. A digit
    type's pencil marks ``[134]`` (``[1,3,12]`` past 9) are a mark ``[1,3,4]`` on an empty
    cell."""
    if spec.digits:
        pencil = _PENCIL.fullmatch(tok)
        if pencil is not None:
            body = pencil.group(1)
            parts = body.split(",") if "," in body else list(body)
            if any(not p.isdigit() or len(p) > 3 for p in parts):
                raise InputError(f"cannot read the pencil marks '{tok[:20]}'")
            kind = next(k for k in spec.cells if k.playable and not k.numbered)
            return (kind.name, None), "[" + ",".join(str(d) for d in sorted({int(p) for p in
                                                                           parts})) + "]"
    for m in spec.marks:
        if tok == m.token or tok in m.aliases:
            kind = next(k for k in spec.cells if k.playable and not k.numbered)
            return (kind.name, None), m.value
    for k in spec.cells:
        if not k.numbered and (tok == k.token or tok in k.aliases):
            return (k.name, None), None
    mark = None
    for m in spec.marks:  # a numbered playable cell with its mark after the number: "5#"
        if tok.endswith(m.token) and len(tok) > len(m.token):
            tok, mark = tok[:-len(m.token)], m.value
            break
    if _NUMBER.fullmatch(tok) and len(tok) <= 9:
        n = int(tok)
        for k in spec.cells:
            if k.numbered and k.low is not None and k.high is not None and \
                    k.low <= n <= k.high and (mark is None or k.playable):
                return (k.name, n), mark
        numbered = [k for k in spec.cells if k.numbered]
        if numbered:
            lo = min(k.low or 0 for k in numbered)
            hi = max(k.high or 0 for k in numbered)
            raise InputError(f"number {n} is out of range {lo}..{hi}")
    return None


def _names_other_type(spec: GridSpec, line: str) -> str | None:
    """The other puzzle type a ``# word ...`` first line names, if it names one."""
    m = re.match(r"\s*#\s*([A-Za-z][\w-]*)", line)
    if m is None or m.group(1).lower() in _names(spec):
        return None
    from aspuzzle.errors import UsageError
    from aspuzzle.puzzles import type_info

    try:
        return type_info(m.group(1)).name
    except UsageError:
        return None


class _Layout:
    """What a text grid says beyond its cells: box lines and a ``regions:`` block."""

    def __init__(self) -> None:
        self.row_breaks: set[int] = set()
        """Rows (0-based) that a separator line comes before."""
        self.col_breaks: set[int] | None = None
        """Columns (0-based) that a ``|`` comes before, as the first such row shows them."""
        self.labels: list[list[tuple[str, int, int]]] = []
        """The rows of the ``regions:`` block."""
        self.labels_line = 0


def _rows(spec: GridSpec, text: str,
          layout: _Layout | None = None) -> tuple[list[list[tuple[str, int, int]]],
                                                  tuple[int, int, int] | None]:
    """The rows of tokens with their line and column, and the header's size (with its line)."""
    rows: list[list[tuple[str, int, int]]] = []
    size: tuple[int, int, int] | None = None
    first = True
    in_labels = False
    for ln, line in enumerate(text.splitlines(), 1):
        s = line.split("%", 1)[0].rstrip()
        if not s.strip():
            continue
        if layout is not None:
            if s.strip().lower() == "regions:":
                in_labels, layout.labels_line = True, ln
                continue
            if in_labels:
                layout.labels.append([(t.group(), ln, t.start() + 1)
                                      for t in re.finditer(r"\S+", s)])
                continue
            if rows and _SEPARATOR.fullmatch(s):
                layout.row_breaks.add(len(rows))
                continue
        if first:
            first = False
            m = _HEADER.match(s.strip())
            if m and m.group(1).lower() in _names(spec):
                if m.group(2):
                    size = (int(m.group(2)), int(m.group(3)), ln)
                continue
            other = _names_other_type(spec, s)
            if other is not None:
                raise InputError(f"this is not a {spec.name} grid: the header names "
                                 f"'{other}'", Location(ln, line.index("#") + 1))
        toks = [(t.group(), ln, t.start() + 1) for t in re.finditer(r"\S+", s)]
        if layout is not None and any(t == "|" for t, _, _ in toks):
            breaks: set[int] = set()
            kept: list[tuple[str, int, int]] = []
            for t, tl, tc in toks:
                if t == "|":
                    breaks.add(len(kept))
                else:
                    kept.append((t, tl, tc))
            toks = kept
            if not toks:  # a line of bars only: no row
                continue
            if layout.col_breaks is None:
                layout.col_breaks = breaks
        if len(toks) == 1 and len(toks[0][0]) > 1 and _token(spec, toks[0][0][0]) is not None:
            word, _, col = toks[0]  # a row written without spaces
            if _token(spec, word) is None:
                toks = [(ch, ln, col + i) for i, ch in enumerate(word)]
        rows.append(toks)
    return rows, size


def _read(spec: GridSpec, text: str) -> tuple[GridInstance, dict[Cell, str]]:
    layout = _Layout() if spec.regions else None
    rows, size = _rows(spec, text, layout)
    if not rows:
        raise InputError(f"empty {spec.name} grid: no rows")
    edges: list[int | None] = []
    if spec.edge_clues:
        rows, edges = _edges(spec, rows)
    grid: list[list[CellValue]] = []
    marks: dict[Cell, str] = {}
    for r, toks in enumerate(rows, 1):
        row: list[CellValue] = []
        for c, (tok, ln, col) in enumerate(toks, 1):
            try:
                got = _token(spec, tok)
            except InputError as e:
                raise InputError(e.message, Location(ln, col, (r, c))) from None
            if got is None:
                raise InputError(f"cannot read '{tok[:20]}': expected one of "
                                 f"{_choices(spec)}", Location(ln, col, (r, c)))
            value, mark = got
            row.append(value)
            if mark is not None:
                marks[(r, c)] = mark
        if grid and len(row) != len(grid[0]):
            ln = toks[0][1]
            raise InputError(f"row {r} has {len(row)} cells, expected {len(grid[0])} (the "
                             "grid must be rectangular)", Location(ln))
        grid.append(row)
    if size is not None and (size[0], size[1]) != (len(grid), len(grid[0])):
        raise InputError(f"the header says {size[0]}x{size[1]} but the grid is "
                         f"{len(grid)}x{len(grid[0])}", Location(size[2]))
    regions: list[int] = []
    if layout is not None:
        regions = _regions(layout, len(grid), len(grid[0]))
    return make(spec, grid, regions=regions, edges=edges), marks


def _edges(spec: GridSpec, rows: list[list[tuple[str, int, int]]]
           ) -> tuple[list[list[tuple[str, int, int]]], list[int | None]]:
    """The rows of cells inside the clue border, and the clues (top, bottom, left, right)."""
    if len(rows) < 3:
        raise InputError(f"a {spec.name} grid has a line of clues above and below its rows",
                         Location(rows[-1][0][1]))
    top, inner, bottom = rows[0], rows[1:-1], rows[-1]
    w = len(top)
    for line, want, what in ((bottom, w, "the bottom clues"), *((r, w + 2, f"row {i}") for i, r
                                                                in enumerate(inner, 1))):
        if len(line) != want:
            raise InputError(f"{what}: {len(line)} tokens, expected {want} (the top clues "
                             f"give {w} columns; a row is its left clue, {w} cells, its right "
                             "clue)", Location(line[0][1], line[0][2]))

    def clue(tok: tuple[str, int, int]) -> int | None:
        t, ln, col = tok
        if t == ".":
            return None
        if not t.isdigit() or len(t) > 3:
            raise InputError(f"cannot read the clue '{t[:20]}': expected a number or '.'",
                             Location(ln, col))
        n, top_n = int(t), w if tok in (r[0] for r in inner) or tok in (r[-1] for r in inner) \
            else len(inner)
        if not spec.edge_low <= n <= top_n:
            raise InputError(f"clue {n} is out of range {spec.edge_low}..{top_n}",
                             Location(ln, col))
        return n

    edges = [clue(t) for t in top] + [clue(t) for t in bottom] + \
        [clue(r[0]) for r in inner] + [clue(r[-1]) for r in inner]
    return [r[1:-1] for r in inner], edges


def box_shape(n: int) -> tuple[int, int]:
    """The usual boxes of an n x n digit grid: (rows, columns) of a box, as near square as
    n allows, wider than tall (6: 2x3, 8: 2x4, 12: 3x4)."""
    rows = max(d for d in range(1, int(n ** 0.5) + 1) if n % d == 0)
    return rows, n // rows


def boxes(n: int, shape: tuple[int, int] | None = None) -> list[int]:
    """The region labels of boxes of ``shape`` (rows, columns) on an n x n grid."""
    br, bc = shape or box_shape(n)
    per_row = n // bc
    return [(r // br) * per_row + c // bc + 1 for r in range(n) for c in range(n)]


def _regions(layout: _Layout, h: int, w: int) -> list[int]:
    if layout.labels:
        if len(layout.labels) != h or any(len(row) != w for row in layout.labels):
            raise InputError(f"the regions: block must have {h} rows of {w} labels",
                             Location(layout.labels_line))
        first: dict[str, int] = {}
        for row in layout.labels:
            for t, _, _ in row:
                first.setdefault(t, len(first) + 1)
        return [first[t] for row in layout.labels for t, _, _ in row]
    if h != w:
        return []
    if layout.row_breaks or layout.col_breaks:
        rows = sorted(layout.row_breaks)
        cols = sorted(layout.col_breaks or ())
        br = rows[0] if rows else h
        bc = cols[0] if cols else w
        if h % br or w % bc or set(rows) != set(range(br, h, br)) or \
                set(cols) != set(range(bc, w, bc)) or br * bc != w:
            raise InputError(f"the box lines do not cut the {h}x{w} grid into boxes of "
                             f"{w} cells")
        return boxes(w, (br, bc))
    return boxes(w)


def read_text(spec: GridSpec, text: str) -> GridInstance:
    """The puzzle of a text grid (marks, if any, are left out)."""
    return _read(spec, text)[0]


def read_marks(spec: GridSpec, text: str) -> tuple[GridInstance, dict[Cell, str]]:
    """The puzzle of a text grid and the player's marks on it."""
    return _read(spec, text)


def write_text(spec: GridSpec, inst: GridInstance, solution: GridSolution | None = None,
               marks: dict[Cell, str] | None = None) -> str:
    """The text grid; with a solution, its answer cells marked; with ``marks``, every mark."""
    kinds = {k.name: k for k in spec.cells}
    tokens = {m.value: m.token for m in spec.marks}
    rows: list[list[str]] = []
    for r in range(1, inst.height + 1):
        row = []
        for c in range(1, inst.width + 1):
            name, n = inst.at((r, c))
            kind = kinds[name]
            tok = str(n) if kind.numbered else kind.token
            mark = marks.get((r, c)) if marks else None
            if spec.digits:
                if solution is not None and solution.digits:
                    tok = str(solution.digit((r, c), inst.width))
                elif mark is not None:
                    tok = mark
            else:
                if mark is None and solution is not None and (r, c) in solution.marked:
                    mark = spec.answer_mark.value
                if mark is not None:
                    tok = tok + tokens[mark] if kind.numbered else tokens[mark]
            row.append(tok)
        rows.append(row)
    lines = [f"# {spec.name} {inst.height}x{inst.width}"]
    if spec.edge_clues:
        return "\n".join(lines + _with_edges(inst, rows)) + "\n"
    width = max(len(t) for row in rows for t in row)
    shape = _shape_of(inst) if inst.regions else None
    if shape is None:
        lines += [" ".join(t.rjust(width) for t in row).rstrip() for row in rows]
        if inst.regions:
            lines.append("regions:")
            labels = _labels(max(inst.regions))
            lines += [" ".join(labels[inst.region((r, c)) - 1] for c in range(1, inst.width + 1))
                      for r in range(1, inst.height + 1)]
        return "\n".join(lines) + "\n"
    br, bc = shape
    for r, row in enumerate(rows):
        if r and r % br == 0:
            lines.append("-+-".join("-".join("-" * width for _ in range(bc))
                                    for _ in range(inst.width // bc)))
        parts = [" ".join(t.rjust(width) for t in row[c:c + bc])
                 for c in range(0, inst.width, bc)]
        lines.append(" | ".join(parts).rstrip())
    return "\n".join(lines) + "\n"


def _with_edges(inst: GridInstance, rows: list[list[str]]) -> list[str]:
    """The rows between their left and right clues, the top and bottom clues above and below."""
    h, w = inst.height, inst.width
    e = ["." if n is None else str(n) for n in inst.edges]
    top, bottom, left, right = e[:w], e[w:2 * w], e[2 * w:2 * w + h], e[2 * w + h:]
    width = max(len(t) for t in [*e, *(t for row in rows for t in row)])
    out = [" ".join(t.rjust(width) for t in [" ", *top])]
    out += [" ".join(t.rjust(width) for t in [left[r], *row, right[r]])
            for r, row in enumerate(rows)]
    out.append(" ".join(t.rjust(width) for t in [" ", *bottom]))
    return [line.rstrip() for line in out]


def _shape_of(inst: GridInstance) -> tuple[int, int] | None:
    """The box shape (rows, columns) whose boxes are the instance's regions, if any."""
    n = inst.width
    for br in range(1, n + 1):
        if n % br == 0 and list(inst.regions) == boxes(n, (br, n // br)):
            return br, n // br
    return None


def _labels(k: int) -> list[str]:
    import string

    if k <= 52:
        return list((string.ascii_letters)[:k])
    return [str(i) for i in range(1, k + 1)]
