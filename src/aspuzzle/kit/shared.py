"""Solving the puzzles of a size fast, for any grid type of numbers: a puzzle's numbers as
nogoods on a program grounded once for every puzzle of the size (:mod:`aspuzzle.engine.reuse`:
the rule "a number repeated in a row or column is kept at most once", given per puzzle over the
answer atoms' literals), and the cells of an answer read from its symbols by their handles."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import compress
from typing import TYPE_CHECKING

import clingo

if TYPE_CHECKING:
    from aspuzzle.engine.reuse import Sorted

__all__ = ["AnswerCells", "AnswerKeys", "repeat_nogoods"]

Cell = tuple[int, int]

_NUMBERS_LISTED = 1000
"""Up to this number, a line's first cell of each number is kept in a list indexed by the
number (cheaper than a dictionary); larger numbers are replaced by their rank first."""


def _lines(h: int, w: int) -> list[range]:
    """The cells (row-major indices) of each row, then of each column."""
    return [*(range(r * w, r * w + w) for r in range(h)), *(range(c, h * w, w) for c in range(w))]


_UNPAIRED = bytes([1]) + bytes(255)
"""For bytes.translate: 1 where a cell is in no pair."""

_LITERALS: dict[int, tuple[Mapping[tuple[int, ...], int], list[int], list[int]]] = {}
"""By the identity of a shared program's table of answer literals: the table, then the
literals "the cell is not marked" and "the cell is marked" of each cell, row-major (the same
for every puzzle solved on that program: made once, not 2,500 look-ups a solve)."""
_LITERALS_KEPT = 16


def _literals(marked: Mapping[tuple[int, ...], int], h: int,
              w: int) -> tuple[list[int], list[int]]:
    found = _LITERALS.get(id(marked))
    if found is not None and found[0] is marked:
        return found[1], found[2]
    lits = [marked[r, c] for r in range(1, h + 1) for c in range(1, w + 1)]
    unmarked = [-lit for lit in lits]
    if len(_LITERALS) >= _LITERALS_KEPT:
        _LITERALS.clear()
    _LITERALS[id(marked)] = (marked, unmarked, lits)
    return unmarked, lits


def repeat_nogoods(grid: Sequence[Sequence[int]]
                   ) -> Callable[[Mapping[tuple[int, ...], int]], Sorted]:
    """A grid's numbers as what must not hold over the literals of the answer atoms (R, C)
    of a shared program: two cells of one row or column with the same number are never both
    unmarked, and a number alone in its row and column is never marked (Hitori's shading).
    (Written for speed: on a 50x50 grid this runs on every solve, next to a 3 ms search.)"""
    from aspuzzle.engine.reuse import AtMostOne, Sorted

    h, w = len(grid), len(grid[0])
    top = max(map(max, grid))
    if top > _NUMBERS_LISTED:  # numbers by rank, to be looked up in a short list
        rank = {v: k for k, v in enumerate(sorted({v for row in grid for v in row}), 1)}
        grid = [[rank[v] for v in row] for row in grid]
        top = len(rank)
    unseen: list[int | None] = [None] * (top + 1)

    def nogoods(marked: Mapping[tuple[int, ...], int]) -> Sorted:
        unshaded, shaded = _literals(marked, h, w)
        paired = bytearray(h * w)  # the cells (row-major) in an equal pair
        pairs: list[tuple[int, int]] = []
        add = pairs.append
        groups: list[AtMostOne] = []
        # the same number twice in a row or column: never both unmarked. A line is walked
        # once, keeping where each number came first (-1 once it came twice, -2 three times
        # or more). A number met three times or more is one rule, "at most one of its cells
        # unmarked" (on other grids than Tatham's, numbers come many times in a line: a
        # rule for each two of its cells would be most of the work); at its third, its pair
        # is taken out of ``pairs`` and its cells listed in ``more``
        lines = (*grid, *zip(*grid, strict=True))
        for line, cells in zip(lines, _lines(h, w), strict=True):
            first = unseen[:]
            more: dict[int, list[int]] = {}
            start = len(pairs)
            for i, v in zip(cells, line, strict=True):
                i0 = first[v]
                if i0 is None:
                    first[v] = i
                elif i0 >= 0:
                    add((unshaded[i0], unshaded[i]))
                    paired[i0] = paired[i] = 1
                    first[v] = -1
                else:
                    if i0 == -1:  # the cells of a line's range come in increasing order
                        k0, k1 = [k for k, x in zip(cells, line, strict=True)
                                  if x == v and k < i]
                        group = more[v] = [unshaded[k0], unshaded[k1]]
                        del pairs[pairs.index((group[0], group[1]), start)]
                        groups.append(AtMostOne(group))
                        first[v] = -2
                    else:
                        group = more[v]
                    group.append(unshaded[i])
                    paired[i] = 1
        # a number alone in its row and column is never marked
        return Sorted(pairs, [*compress(shaded, paired.translate(_UNPAIRED))], groups)

    return nogoods


_CELLS_KEPT = 40_000


class AnswerCells:
    """The cells of an answer's ``name(R, C)`` atoms, read from its symbols: by their handles
    (``Symbol._rep``, clingo's: the same for the same symbol throughout the process) in a table
    filled as symbols are first met, instead of reading each symbol or hashing it through
    clingo's Python class, which calls into clingo twice a look-up (on a 50x50 grid ~0.15 ms
    instead of 0.5, and 5 ms reading each symbol)."""

    def __init__(self, name: str) -> None:
        self._prefix = name + "("
        self._cells: dict[int, Cell] = {}

    def cell_of(self, s: clingo.Symbol) -> Cell | None:
        """The cell of an answer atom; None for another symbol."""
        text = str(s)
        if not text.startswith(self._prefix):
            return None
        r, c = text[len(self._prefix):-1].split(",")
        return int(r), int(c)

    def _cell(self, s: clingo.Symbol) -> Cell | None:
        cell = self.cell_of(s)
        if cell is not None:
            if len(self._cells) >= _CELLS_KEPT:
                self._cells.clear()
            self._cells[s._rep] = cell
        return cell

    def read(self, symbols: Sequence[clingo.Symbol]) -> frozenset[Cell]:
        from aspuzzle.engine import symbol_handles

        cells = self._cells
        reps = symbol_handles(symbols)
        if reps is not None:
            # the symbols' handles read in one call from the array clingo filled, instead of
            # a Symbol object made for each (a 50x50 grid: ~750 of them, ~0.2 ms)
            known = [*map(cells.get, reps)]
            if None not in known:  # each seen before (else read below, and remembered)
                return frozenset(known)  # type: ignore[arg-type]
        marked: list[Cell] = []
        add = marked.append
        try:
            for s in symbols:
                cell = cells.get(s._rep)
                if cell is None:
                    cell = self._cell(s)
                    if cell is None:
                        continue
                add(cell)
        except AttributeError:  # a clingo whose symbols keep no _rep: the slow way
            marked = [cell for cell in map(self.cell_of, symbols) if cell is not None]
        return frozenset(marked)


class AnswerKeys(AnswerCells):
    """:class:`AnswerCells` of answer atoms of any number of numbers, each read as the tuple
    of its numbers (Futoshiki's ``cell_has_number(R, C, D)``: ``(R, C, D)``)."""

    def cell_of(self, s: clingo.Symbol) -> Cell | None:
        text = str(s)
        if not text.startswith(self._prefix):
            return None
        return tuple(map(int, text[len(self._prefix):-1].split(",")))  # type: ignore[return-value]
