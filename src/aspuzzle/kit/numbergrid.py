"""A text grid of numbers, each optionally followed by a one-character mark: the text format
of a type whose every cell holds a number and whose answer marks cells (Hitori)::

    # hitori 4x4
    1# 1  1# 4
    1  4  2  3

One line per row, the numbers separated by spaces; a mark right after its number (``1#``).
Blank lines and lines starting with ``#`` are comments. A solution is written with the
:attr:`NumberGrid.answer` mark on its cells; a player's board with every mark."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import clingo

from aspuzzle.errors import InputError, Location

__all__ = ["NumberGrid"]

Cell = tuple[int, int]


class NumberGrid:
    """The declaration of one type's number grid.

    ``name``: the type's name, in the header written (``# hitori 4x4``) and in messages;
    ``names``: the header words that tell the format (``# hitori``, ``# singles``); ``marks``:
    each mark character and the mark it stands for (the first character of a mark is the one
    written); ``answer``: the mark of a solution's cells; ``written_as``: how the marks are
    written, for a message (``a shaded one followed by '#', ...``). (A plain class: a plain
    solve imports no ``dataclasses``.)"""

    def __init__(self, name: str, names: tuple[str, ...], marks: Mapping[str, str], answer: str,
                 written_as: str, max_value: int, max_size: int) -> None:
        self.name, self.names, self.marks, self.answer = name, names, marks, answer
        self.written_as, self.max_value, self.max_size = written_as, max_value, max_size
        chars = re.escape("".join(marks))
        self._token = re.compile(rf"([0-9]+)([{chars}]?)")
        # a row whose numbers are all of at most max_value's digits (a 0 is caught after the
        # split)
        num = f"[0-9]{{1,{len(str(max_value))}}}[{chars}]?"
        self._row = re.compile(rf"{num}(?:\s+{num})*")
        self._header = re.compile(rf"#\s*(?:{'|'.join(map(re.escape, names))})\b",
                                  re.IGNORECASE)
        self.char: dict[str, str] = {}
        """The character written for each mark."""
        for ch, mark in marks.items():
            self.char.setdefault(mark, ch)

    def _bad_token(self, raw: str, lineno: int, r: int) -> InputError:
        """The precise error for the first token of a row that is not a number in range."""
        answer = self.char[self.answer]
        for c, m in enumerate(re.finditer(r"\S+", raw), 1):
            token = m.group()
            where = Location(lineno, m.start() + 1, cell=(r, c))
            t = self._token.fullmatch(token)
            if t is None:
                if token.startswith(answer):
                    return InputError(f"'{answer}' must follow a number (a {self.answer} 5 is "
                                      f"written '5{answer}')", where)
                return InputError(f"'{token[:20]}' is not a number (numbers are written "
                                  f"with digits 0-9, {self.written_as})", where)
            digits = t.group(1)
            if len(digits) > len(str(self.max_value)) or not 1 <= int(digits) <= self.max_value:
                return InputError(f"number {digits[:12]} is out of range 1..{self.max_value}",
                                  where)
        return InputError("cannot read this row of numbers", Location(lineno))

    def read(self, text: str) -> tuple[list[list[int]], dict[Cell, str]]:
        """The rows of numbers, and the marked cells."""
        rows: list[list[int]] = []
        marks: dict[Cell, str] = {}
        width = 0
        for lineno, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            r = len(rows) + 1
            if not self._row.fullmatch(line):
                raise self._bad_token(raw, lineno, r)
            row: list[int] = []
            for c, token in enumerate(line.split(), 1):
                if token[-1] in self.marks:
                    marks[(r, c)] = self.marks[token[-1]]
                    token = token[:-1]
                row.append(int(token))
            if 0 in row:
                raise self._bad_token(raw, lineno, r)
            if rows and len(row) != width:
                raise InputError(f"row {r} has {len(row)} numbers, expected {width} like row 1 "
                                 "(the grid must be rectangular)", Location(lineno))
            if len(row) > self.max_size or r > self.max_size:
                raise InputError(f"the grid is too large (at most {self.max_size} rows and "
                                 "columns)", Location(lineno))
            width = len(row)
            rows.append(row)
        if not rows:
            raise InputError(f"empty {self.name} puzzle: no rows of numbers")
        return rows, marks

    def write(self, grid: Sequence[Sequence[int]], marks: Mapping[Cell, str],
              pad: bool = True) -> str:
        """The grid with its marks; ``pad``: a space after an unmarked number (columns kept
        straight: a solution with answer cells, a player's board)."""
        w = max(len(str(v)) for row in grid for v in row)
        blank = " " if pad else ""
        char = self.char
        lines = [f"# {self.name} {len(grid)}x{len(grid[0])}"]
        for r, row in enumerate(grid, 1):
            cells = []
            for c, v in enumerate(row, 1):
                mark = marks.get((r, c))
                cells.append(str(v).rjust(w) + (blank if mark is None else char[mark]))
            lines.append(" ".join(cells).rstrip())
        return "\n".join(lines) + "\n"

    def detect(self, text: str) -> bool:
        lines = [ln.strip() for ln in text.splitlines() if ln.strip()]
        if lines and self._header.match(lines[0]):
            return True
        body = [ln for ln in lines if not ln.startswith("#")]
        return bool(body) and all(
            all(self._token.fullmatch(tok) for tok in ln.split()) for ln in body)

    @staticmethod
    def same_grid(board: Sequence[Sequence[int]], puzzle: Sequence[Sequence[int]]) -> None:
        """A player's board must be the puzzle's grid (its marks aside)."""
        bh, bw, h, w = len(board), len(board[0]), len(puzzle), len(puzzle[0])
        if (bh, bw) != (h, w):
            extra = [(r, c) for r in range(1, bh + 1) for c in range(1, bw + 1)
                     if r > h or c > w]
            missing = [(r, c) for r in range(1, h + 1) for c in range(1, w + 1)
                       if r > bh or c > bw]
            where = extra[0] if extra else missing[0]
            what = "the puzzle has no such cell" if extra else "the board lacks this cell"
            raise InputError(f"the board is {bh}x{bw} but the puzzle is {h}x{w}: {what}",
                             Location(cell=where))
        for r, (row, want) in enumerate(zip(board, puzzle, strict=True), 1):
            for c, (v, n) in enumerate(zip(row, want, strict=True), 1):
                if v != n:
                    raise InputError(f"the board has {v} where the puzzle has {n}",
                                     Location(cell=(r, c)))

    # --- the rest of a type whose answer marks cells of a number grid ---------------------------

    @staticmethod
    def facts(grid: Sequence[Sequence[int]], predicate: str) -> list[clingo.Symbol]:
        """``predicate(R, C, N)`` for each cell. (Making a clingo number costs about as much
        as grounding a small grid's rule: each distinct one is made once.)"""
        from clingo import Function, Number

        index = [Number(k) for k in range(max(len(grid), len(grid[0])) + 1)]
        value = {v: Number(v) for row in grid for v in set(row)}
        return [Function(predicate, [index[r], index[c], value[v]])
                for r, row in enumerate(grid, 1) for c, v in enumerate(row, 1)]

    @staticmethod
    def facts_text(grid: Sequence[Sequence[int]], predicate: str) -> str:
        """:meth:`facts` as ASP text, for solving (no clingo Symbol made per fact)."""
        return "".join(f"{predicate}({r},{c},{v}).\n"
                       for r, row in enumerate(grid, 1) for c, v in enumerate(row, 1))

    @staticmethod
    def picture(grid: Sequence[Sequence[int]], marked: Iterable[Cell], *,
                ascii: bool = False) -> str:
        """The terminal picture: the numbers, a marked cell a block."""
        marked = frozenset(marked)
        w = max(len(str(v)) for row in grid for v in row)
        # a full block is narrow in most fonts: give it at least two columns to stand out
        width, block = (w, "#") if ascii else (max(w, 2), "\u2588")
        return "\n".join(" ".join(block * width if (r, c) in marked else str(v).rjust(width)
                                   for c, v in enumerate(row, 1))
                          for r, row in enumerate(grid, 1))

    def cells_to_json(self, cells: Iterable[Cell]) -> dict[str, Any]:
        return {self.answer: [list(cell) for cell in sorted(cells)]}

    def cells_from_json(self, data: Any, height: int, width: int) -> frozenset[Cell]:
        """The marked cells of a solution's JSON, inside the grid."""
        try:
            cells = [(int(r), int(c)) for r, c in data[self.answer]]
        except (KeyError, TypeError, ValueError) as e:
            raise InputError(f"not a {self.name} solution: {e}") from None
        for cell in cells:
            if not (1 <= cell[0] <= height and 1 <= cell[1] <= width):
                raise InputError(f"{self.answer} cell outside the {height}x{width} grid",
                                 Location(cell=cell))
        return frozenset(cells)

    def differences(self, a: Iterable[Cell], b: Iterable[Cell]) -> str:
        cells = sorted(frozenset(a) ^ frozenset(b))
        return f"{self.answer} cells differ at " + " ".join(f"({r},{c})" for r, c in cells)

    def svg(self, title: str, grid: Sequence[Sequence[int]], marks: Mapping[Cell, str],
            player: bool, opts: Any) -> str:
        """The SVG picture (:func:`aspuzzle.render.render_svg`): the numbers, an answer cell
        filled dark (a highlight is a frame inside it); on a player's board (``player``) a
        cell of another mark circled ("surely white")."""
        from aspuzzle.render._draw import (
            CELL,
            INK,
            MARGIN,
            PAPER,
            SHADED_FILL,
            SOLVED_INK,
            Svg,
            font_for,
            grid_lines,
            open_cell,
        )

        s, m = CELL, MARGIN
        h, w = len(grid), len(grid[0])
        x0, y0 = m, m
        size = font_for(str(max(max(row) for row in grid)), s)
        svg = Svg()
        svg.open("g", {"class": "cells"})
        for r, row in enumerate(grid, 1):
            for c, v in enumerate(row, 1):
                cell = (r, c)
                x, y = x0 + (c - 1) * s, y0 + (r - 1) * s
                mark = marks.get(cell)
                hl = opts.classes(cell)
                open_cell(svg, opts, cell, hl, mark)
                if mark == self.answer:
                    svg.rect(x, y, s, s, {"class": "bg", "fill": SHADED_FILL})
                    if hl:  # the cell keeps its fill: the highlight is a frame inside it
                        svg.rect(x + 3, y + 3, s - 6, s - 6, {
                            "class": "frame", "fill": "none", "stroke": opts.fill(hl),
                            "stroke-width": 4})
                else:
                    svg.rect(x, y, s, s, {"class": "bg", "fill": opts.fill(hl) or PAPER})
                if mark is not None and mark != self.answer and player:
                    svg.leaf("circle", {"class": "circle", "cx": x + s / 2, "cy": y + s / 2,
                                        "r": 0.38 * s, "fill": "none", "stroke": SOLVED_INK,
                                        "stroke-width": 2})
                svg.text(x + s / 2, y + s / 2, str(v), size, {"class": "number"},
                         fill="#e8e8e8" if mark == self.answer else INK)
                svg.close("g")
        svg.close("g")
        grid_lines(svg, x0, y0, h, w, s)
        return svg.document(x0 + w * s + m, y0 + h * s + m, self.name, title)
