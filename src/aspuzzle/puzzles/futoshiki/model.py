"""Futoshiki instances and solutions, their validation, and an independent solution check.

A Futoshiki puzzle is an ``n x n`` grid to fill with a Latin square (every digit ``1..n`` once in
each row and each column) that agrees with the given digits and with marks between orthogonally
neighbouring cells. In the usual mode a mark is an inequality ("this cell is greater than that
one"). In the *adjacent* mode of Simon Tatham's ``unequal`` a mark is a bar saying that the two
cells differ by exactly 1, and a missing bar says that they do not.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

from aspuzzle.errors import InputError, Location
from aspuzzle.kit.model import neighbour_pairs as kit_neighbour_pairs

__all__ = [
    "DIFFICULTIES",
    "MAX_SIZE",
    "Cell",
    "FutoshikiInstance",
    "FutoshikiSolution",
    "are_neighbours",
    "neighbour_pairs",
    "quoted",
    "validate",
    "verify",
]

Cell = tuple[int, int]
Pair = tuple[Cell, Cell]
Given = tuple[int, int, int]  # (row, column, digit)

MAX_SIZE = 32
"""The largest grid, as in Tatham's ``unequal`` (whose orders run from 3 to 32)."""

DIFFICULTIES = {"t": "trivial", "e": "easy", "k": "tricky", "x": "extreme", "r": "recursive"}
"""Tatham's difficulty letters."""


def _bar(a: Cell, b: Cell) -> Pair:
    return (a, b) if a <= b else (b, a)


class _Fields(NamedTuple):
    size: int
    givens: frozenset[Given] = frozenset()
    greater: frozenset[Pair] = frozenset()
    adjacent: bool = False
    bars: frozenset[Pair] = frozenset()
    difficulty: str | None = None


class FutoshikiInstance(_Fields):
    """A Futoshiki puzzle.

    ``greater`` holds pairs ``(a, b)``: the digit in cell ``a`` is greater than the digit in the
    neighbouring cell ``b``. ``adjacent`` is Tatham's adjacent mode: the marks are ``bars``, and
    unmarked neighbours never differ by 1. ``bars`` holds unordered pairs of neighbours whose
    digits differ by exactly 1; they are stored upper-left cell first, whatever the spelling
    given. ``difficulty`` is Tatham's difficulty letter (t, e, k, x, r) when the puzzle came
    with one; it is not compared: the same grid is the same puzzle.

    (A ``NamedTuple``, as the other records on a small solve's path; this subclass's
    ``__new__`` and ``_replace`` put each bar in its one spelling.)
    """

    __slots__ = ()

    def __new__(cls, size: int, givens: frozenset[Given] = frozenset(),
                greater: frozenset[Pair] = frozenset(), adjacent: bool = False,
                bars: frozenset[Pair] = frozenset(), difficulty: str | None = None
                ) -> FutoshikiInstance:
        # a bar has no direction: one spelling of each pair keeps equality meaningful
        return super().__new__(cls, size, givens, greater, adjacent,
                               frozenset(_bar(a, b) for a, b in bars), difficulty)

    def _replace(self, **changes: Any) -> FutoshikiInstance:
        return FutoshikiInstance(**{**self._asdict(), **changes})

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FutoshikiInstance) and self[:5] == other[:5]

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self[:5])

    def given_grid(self) -> list[list[int]]:
        """The givens as rows of digits, 0 for an empty cell (givens must be validated)."""
        grid = [[0] * self.size for _ in range(self.size)]
        for r, c, d in self.givens:
            grid[r - 1][c - 1] = d
        return grid


class FutoshikiSolution(NamedTuple):
    grid: tuple[tuple[int, ...], ...]
    """The digits, row by row."""

    def at(self, cell: Cell) -> int:
        return self.grid[cell[0] - 1][cell[1] - 1]


def are_neighbours(a: Cell, b: Cell) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def neighbour_pairs(n: int) -> list[Pair]:
    """Every pair of orthogonal neighbours of an n x n grid, upper-left cell first (the kit's
    :func:`~aspuzzle.kit.model.neighbour_pairs`)."""
    return kit_neighbour_pairs(n, n)


@lru_cache(maxsize=8)
def _ordered_pairs(n: int) -> frozenset[Pair]:
    """Every pair of orthogonal neighbours of an n x n grid, in both orders."""
    pairs = neighbour_pairs(n)
    return frozenset([*pairs, *((b, a) for a, b in pairs)])


def quoted(text: str, limit: int = 20) -> str:
    """A piece of the input for an error message: quoted, shortened, on one line."""
    body = "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text[:limit])
    return f"'{body}'" + ("..." if len(text) > limit else "")


def _inside(cell: Cell, n: int) -> bool:
    return 1 <= cell[0] <= n and 1 <= cell[1] <= n


def _fmt(cell: Cell) -> str:
    return f"({cell[0]},{cell[1]})"


def validate(inst: FutoshikiInstance) -> None:
    """Raise InputError for a size, digit or mark that cannot belong to a Futoshiki puzzle."""
    n = inst.size
    if not 1 <= n <= MAX_SIZE:
        raise InputError(f"grid size {n} is out of range (1..{MAX_SIZE})")
    if inst.difficulty is not None and inst.difficulty not in DIFFICULTIES:
        raise InputError(f"unknown difficulty '{inst.difficulty}' "
                         f"(known: {', '.join(DIFFICULTIES)})")
    seen: dict[Cell, int] = {}
    for r, c, d in sorted(inst.givens):  # sorted: the first problem in reading order
        where = Location(cell=(r, c))
        if not _inside((r, c), n):
            raise InputError(f"given digit {d} is in a cell outside the {n}x{n} grid", where)
        if d > n:
            raise InputError(f"digit {d} is bigger than the grid size {n}", where)
        if d < 1:
            raise InputError(f"digit {d} is out of range 1..{n}", where)
        if (r, c) in seen:
            raise InputError(f"two different digits given for one cell: {seen[(r, c)]} and {d}",
                             where)
        seen[(r, c)] = d
    if inst.adjacent and inst.greater:
        a, b = min(inst.greater)
        raise InputError(f"inequality {_fmt(a)} > {_fmt(b)} in adjacent mode, which has only "
                         "bars", Location(cell=a))
    if not inst.adjacent and inst.bars:
        a, b = min(inst.bars)
        raise InputError(f"adjacency bar between {_fmt(a)} and {_fmt(b)} outside adjacent mode",
                         Location(cell=a))
    for what, pairs in (("inequality", inst.greater), ("bar", inst.bars)):
        if pairs <= _ordered_pairs(n):  # every mark between two neighbours: one set operation
            continue
        bad = [(a, b) for a, b in pairs
               if not (_inside(a, n) and _inside(b, n) and are_neighbours(a, b))]
        if bad:
            a, b = min(bad)
            name = f"{what} {_fmt(a)}{' > ' if what == 'inequality' else ' | '}{_fmt(b)}"
            for cell in (a, b):
                if not _inside(cell, n):
                    raise InputError(f"{name}: cell {_fmt(cell)} is outside the {n}x{n} grid",
                                     Location(cell=a))
            raise InputError(f"{name}: the cells are not orthogonal neighbours",
                             Location(cell=a))
    both_ways = [(a, b) for a, b in inst.greater if (b, a) in inst.greater]
    if both_ways:
        a, b = min(both_ways)
        raise InputError(f"contradictory marks: {_fmt(a)} > {_fmt(b)} and "
                         f"{_fmt(b)} > {_fmt(a)}", Location(cell=a))


def verify(inst: FutoshikiInstance, sol: FutoshikiSolution) -> list[str]:
    """Every rule the solution breaks, in words (empty list: the solution is correct).

    Written independently of the encoding so that tests do not trust the solver blindly.
    """
    n = inst.size
    grid = sol.grid
    if len(grid) != n or any(len(row) != n for row in grid):
        return [f"the solution is not a {n}x{n} grid"]
    problems: list[str] = []
    for r, row in enumerate(grid, 1):
        for c, d in enumerate(row, 1):
            if not 1 <= d <= n:
                problems.append(f"cell ({r},{c}) holds {d}, not a digit 1..{n}")
    for i in range(n):
        col = [grid[r][i] for r in range(n)]
        for what, line in (("row", list(grid[i])), ("column", col)):
            repeated = sorted({d for d in line if line.count(d) > 1})
            for d in repeated:
                problems.append(f"{what} {i + 1} has {d} more than once")
    for r, c, d in sorted(inst.givens):
        if grid[r - 1][c - 1] != d:
            problems.append(f"cell ({r},{c}) holds {grid[r - 1][c - 1]}, the given digit is {d}")
    for a, b in sorted(inst.greater):
        if not sol.at(a) > sol.at(b):
            problems.append(f"{_fmt(a)} = {sol.at(a)} is not greater than {_fmt(b)} = {sol.at(b)}")
    for a, b in sorted(inst.bars):
        if abs(sol.at(a) - sol.at(b)) != 1:
            problems.append(f"{_fmt(a)} = {sol.at(a)} and {_fmt(b)} = {sol.at(b)} are barred but "
                            "do not differ by 1")
    if inst.adjacent:
        for a, b in neighbour_pairs(n):
            if (a, b) not in inst.bars and abs(sol.at(a) - sol.at(b)) == 1:
                problems.append(f"{_fmt(a)} = {sol.at(a)} and {_fmt(b)} = {sol.at(b)} differ by 1 "
                                "but have no bar")
    return problems
