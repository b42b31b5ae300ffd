"""Hitori instances and solutions, and an independent checker of the rules."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from aspuzzle.errors import InputError, Location

Cell = tuple[int, int]
Grid = tuple[tuple[int, ...], ...]

MAX_SIZE = 200
"""Rows and columns, each."""
MAX_VALUE = 9999
"""Numbers are labels, not quantities: anything from 1 up to this is accepted."""


class HitoriInstance(NamedTuple):
    """A Hitori puzzle: a rectangular grid of positive numbers, ``grid[r - 1][c - 1]``."""

    grid: Grid
    difficulty: str | None = None
    """Tatham's difficulty letter ('e', 'k') when the puzzle came with one; not compared: the
    same grid is the same puzzle."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HitoriInstance) and self.grid == other.grid

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self.grid)

    @property
    def height(self) -> int:
        return len(self.grid)

    @property
    def width(self) -> int:
        return len(self.grid[0]) if self.grid else 0

    def value(self, cell: Cell) -> int:
        return self.grid[cell[0] - 1][cell[1] - 1]

    def cells(self) -> list[Cell]:
        return [(r, c) for r in range(1, self.height + 1) for c in range(1, self.width + 1)]

    def inside(self, cell: Cell) -> bool:
        return 1 <= cell[0] <= self.height and 1 <= cell[1] <= self.width


class HitoriSolution(NamedTuple):
    shaded: frozenset[Cell]


def make_instance(rows: Iterable[Sequence[int]], difficulty: str | None = None
                  ) -> HitoriInstance:
    return HitoriInstance(tuple(tuple(row) for row in rows), difficulty)


def neighbours4(cell: Cell) -> list[Cell]:
    r, c = cell
    return [(r - 1, c), (r, c - 1), (r + 1, c), (r, c + 1)]


def validate(inst: HitoriInstance) -> None:
    """Raise InputError for a grid that cannot be a Hitori puzzle."""
    if not inst.grid or not inst.grid[0]:
        raise InputError("empty hitori grid: no numbers")
    width = len(inst.grid[0])
    if len(inst.grid) > MAX_SIZE or width > MAX_SIZE:
        raise InputError(f"grid size {len(inst.grid)}x{width} is out of range "
                         f"(1..{MAX_SIZE} rows and columns)")
    for r, row in enumerate(inst.grid, 1):
        if len(row) != width:
            raise InputError(f"row {r} has {len(row)} numbers, expected {width} "
                             f"(the grid must be rectangular)")
        # the usual row, checked by builtins (a loop per cell costs ~0.4 ms on a 50x50)
        if set(map(type, row)) == {int} and min(row) >= 1 and max(row) <= MAX_VALUE:
            continue
        for c, v in enumerate(row, 1):
            if isinstance(v, bool) or not isinstance(v, int):
                raise InputError(f"'{v}' is not a whole number", Location(cell=(r, c)))
            if not 1 <= v <= MAX_VALUE:
                raise InputError(f"number {v} is out of range 1..{MAX_VALUE}",
                                 Location(cell=(r, c)))


def verify(inst: HitoriInstance, sol: HitoriSolution) -> list[str]:
    """Every rule the solution breaks, in words (empty list: the solution is correct).

    Written independently of the encoding so that tests do not trust the solver blindly.
    """
    problems: list[str] = []
    shaded = sol.shaded
    for cell in sorted(shaded):
        if not inst.inside(cell):
            problems.append(f"shaded cell {cell} is outside the grid")
        for n in neighbours4(cell):
            if n in shaded and n > cell:
                problems.append(f"shaded cells {cell} and {n} touch")
    lines = [("row", r, [(r, c) for c in range(1, inst.width + 1)])
             for r in range(1, inst.height + 1)]
    lines += [("column", c, [(r, c) for r in range(1, inst.height + 1)])
              for c in range(1, inst.width + 1)]
    for what, i, cells in lines:
        seen: dict[int, Cell] = {}
        for cell in cells:
            if cell in shaded:
                continue
            v = inst.value(cell)
            if v in seen:
                problems.append(f"{what} {i}: {v} is unshaded at {seen[v]} and {cell}")
            else:
                seen[v] = cell
    white = [cell for cell in inst.cells() if cell not in shaded]
    if white:
        reached = {white[0]}
        todo = [white[0]]
        while todo:
            for n in neighbours4(todo.pop()):
                if inst.inside(n) and n not in shaded and n not in reached:
                    reached.add(n)
                    todo.append(n)
        cut_off = [cell for cell in white if cell not in reached]
        if cut_off:
            problems.append(f"the unshaded cells are not connected: {cut_off[0]} cannot be "
                            f"reached from {white[0]}")
    return problems
