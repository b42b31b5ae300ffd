"""A grid puzzle's instance and solution, and the facts the kit makes of them."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, NamedTuple

from aspuzzle.errors import InputError, Location

if TYPE_CHECKING:
    import clingo

    from aspuzzle.kit.spec import GridSpec

__all__ = ["Cell", "GridInstance", "GridSolution", "between_pair", "facts_text", "neighbour_pairs",
           "to_facts", "validate"]

Cell = tuple[int, int]
CellValue = tuple[str, int | None]
"""A cell as given: its kind's name and its number (None for a kind without one)."""


class GridInstance(NamedTuple):
    """A grid puzzle: ``cells[(r - 1) * width + (c - 1)]`` is the cell (r, c).

    ``params`` keeps what a format said beyond the grid (a Tatham ID's generator parameters),
    so that the puzzle is written back as it was read; it is not compared: the same grid is
    the same puzzle."""

    type: str
    height: int
    width: int
    cells: tuple[CellValue, ...]
    params: str = ""
    regions: tuple[int, ...] = ()
    """The region (box, room) of each cell, row-major, numbered from 1 in reading order of
    their first cells; empty for a type without regions."""
    edges: tuple[int | None, ...] = ()
    """The clues outside the grid (:attr:`GridSpec.edge_clues`), in Tatham's order: the top
    of each column, the bottom of each column, the left of each row, the right of each row;
    None where a line has no clue; empty for a type without them."""
    between: tuple[tuple[Cell, Cell, str], ...] = ()
    """The clues between two orthogonal neighbours (:attr:`GridSpec.between`): ``(a, b,
    kind)``, sorted; an ordered kind reads "a before b" (a Futoshiki sign: a's digit is the
    greater), an unordered one is kept upper-left cell first (:func:`between_pair`)."""

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, GridInstance) and self.type == other.type
                and self.height == other.height and self.width == other.width
                and self.cells == other.cells and self.regions == other.regions
                and self.edges == other.edges and self.between == other.between)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((self.type, self.height, self.width, self.cells, self.regions, self.edges,
                     self.between))

    def region(self, cell: Cell) -> int:
        return self.regions[(cell[0] - 1) * self.width + cell[1] - 1]

    def at(self, cell: Cell) -> CellValue:
        return self.cells[(cell[0] - 1) * self.width + cell[1] - 1]

    def inside(self, cell: Cell) -> bool:
        return 1 <= cell[0] <= self.height and 1 <= cell[1] <= self.width

    def edge_clues(self) -> Iterator[tuple[str, int, int]]:
        """The clues outside the grid: (side, line, number), side ``top``/``bottom`` (line: a
        column) or ``left``/``right`` (a row), in :attr:`edges`' order."""
        for i, (side, line) in enumerate(edge_places(self.height, self.width)):
            n = self.edges[i] if i < len(self.edges) else None
            if n is not None:
                yield side, line, n

    def pairs(self, kind: str) -> frozenset[tuple[Cell, Cell]]:
        """The pairs of neighbours with a clue of this kind between them."""
        return frozenset((a, b) for a, b, k in self.between if k == kind)

    def positions(self) -> Iterator[tuple[Cell, CellValue]]:
        w = self.width
        for i, v in enumerate(self.cells):
            yield (i // w + 1, i % w + 1), v


class GridSolution(NamedTuple):
    """A solution: the cells whose answer atom holds (the bulbs of a Light Up), or for a
    digit type (:attr:`GridSpec.digits`) the digit of every cell, row-major."""

    marked: frozenset[Cell] = frozenset()
    digits: tuple[int, ...] = ()

    def digit(self, cell: Cell, width: int) -> int:
        return self.digits[(cell[0] - 1) * width + cell[1] - 1]


SIDES = ("top", "bottom", "left", "right")


def edge_places(height: int, width: int) -> list[tuple[str, int]]:
    """The places of clues outside a grid, in :attr:`GridInstance.edges`' order."""
    return [(side, i) for side in SIDES
            for i in range(1, (width if side in ("top", "bottom") else height) + 1)]


def between_pair(spec: GridSpec, a: Cell, b: Cell, kind: str) -> tuple[Cell, Cell, str]:
    """A clue between ``a`` and ``b`` in its one spelling: an unordered kind's pair upper-left
    cell first."""
    ordered = next((k.ordered for k in spec.between if k.name == kind), True)
    return (a, b, kind) if ordered or a <= b else (b, a, kind)


def neighbour_pairs(height: int, width: int) -> list[tuple[Cell, Cell]]:
    """Every pair of orthogonal neighbours, upper-left cell first, in reading order (the
    right neighbour before the lower one)."""
    out: list[tuple[Cell, Cell]] = []
    for r in range(1, height + 1):
        for c in range(1, width + 1):
            if c < width:
                out.append(((r, c), (r, c + 1)))
            if r < height:
                out.append(((r, c), (r + 1, c)))
    return out


def make(spec: GridSpec, rows: Sequence[Sequence[CellValue]], params: str = "",
         regions: Sequence[int] = (), edges: Sequence[int | None] = (),
         between: Sequence[tuple[Cell, Cell, str]] = ()) -> GridInstance:
    """An instance from its rows of cells (checked by :func:`validate`)."""
    height = len(rows)
    width = len(rows[0]) if rows else 0
    for r, row in enumerate(rows, 1):
        if len(row) != width:
            raise InputError(f"row {r} has {len(row)} cells, expected {width} (the grid must "
                             "be rectangular)", Location(cell=(r, len(row) if row else 1)))
    inst = GridInstance(spec.name, height, width, tuple(v for row in rows for v in row), params,
                        tuple(regions), tuple(edges),
                        tuple(sorted({between_pair(spec, *x) for x in between})))
    validate(spec, inst)
    return inst


def validate(spec: GridSpec, inst: GridInstance) -> None:
    """An InputError naming the cell for a grid that cannot be a puzzle of the type."""
    if inst.height < 1 or inst.width < 1:
        raise InputError(f"empty {spec.name} grid: no cells")
    lo, hi = spec.min_size, spec.max_size
    if not (lo <= inst.height <= hi and lo <= inst.width <= hi):
        raise InputError(f"grid size {inst.height}x{inst.width} is out of range ({lo}..{hi} "
                         "rows and columns)")
    if len(inst.cells) != inst.height * inst.width:
        raise InputError(f"{len(inst.cells)} cells for a {inst.height}x{inst.width} grid")
    kinds = {k.name: k for k in spec.cells}
    top = None
    if spec.digits:
        if inst.height != inst.width:
            raise InputError(f"a {spec.name} grid is square, not {inst.height}x{inst.width}")
        top = inst.width
    for cell, (name, n) in inst.positions():
        kind = kinds.get(name)
        if kind is None:
            raise InputError(f"unknown cell kind '{name}'", Location(cell=cell))
        if kind.numbered:
            assert kind.low is not None and kind.high is not None
            high = kind.high if top is None else min(kind.high, top)
            if isinstance(n, bool) or not isinstance(n, int) or not kind.low <= n <= high:
                raise InputError(f"number {n} is out of range {kind.low}..{high}",
                                 Location(cell=cell))
        elif n is not None:
            raise InputError(f"a {name} cell has no number", Location(cell=cell))
    if spec.regions:
        _check_regions(inst)
    if spec.edge_clues:
        _check_edges(spec, inst)
    elif inst.edges:
        raise InputError(f"a {spec.name} puzzle has no clues outside the grid")
    if inst.between:
        _check_between(spec, inst)


def _check_between(spec: GridSpec, inst: GridInstance) -> None:
    """Clues between cells: of the type's kinds, between two neighbours of the grid, at most
    one between two cells."""
    kinds = {k.name for k in spec.between}
    seen: dict[frozenset[Cell], str] = {}
    for a, b, kind in inst.between:
        where = Location(cell=a)
        if kind not in kinds:
            raise InputError(f"a {spec.name} puzzle has no '{kind}' clue between cells", where)
        for cell in (a, b):
            if not inst.inside(cell):
                raise InputError(f"a {kind} clue next to ({cell[0]},{cell[1]}), outside the "
                                 f"{inst.height}x{inst.width} grid", where)
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            raise InputError(f"a {kind} clue between ({a[0]},{a[1]}) and ({b[0]},{b[1]}), which "
                             "are not orthogonal neighbours", where)
        pair = frozenset((a, b))
        if pair in seen:
            raise InputError(f"two clues between ({a[0]},{a[1]}) and ({b[0]},{b[1]})", where)
        seen[pair] = kind


def _check_edges(spec: GridSpec, inst: GridInstance) -> None:
    places = edge_places(inst.height, inst.width)
    if len(inst.edges) != len(places):
        raise InputError(f"{len(inst.edges)} clues outside the grid, expected {len(places)} "
                         "(one place at each end of every row and column)")
    for (side, line), n in zip(places, inst.edges, strict=True):
        top = inst.width if side in ("left", "right") else inst.height
        if n is not None and (isinstance(n, bool) or not isinstance(n, int)
                              or not spec.edge_low <= n <= top):
            what = "row" if side in ("left", "right") else "column"
            raise InputError(f"the {side} clue of {what} {line} is {n}, out of range "
                             f"{spec.edge_low}..{top}")


def _check_regions(inst: GridInstance) -> None:
    """Regions of a digit grid: one per cell, each of ``width`` cells, each connected."""
    n = inst.width
    if len(inst.regions) != inst.height * inst.width:
        raise InputError(f"{len(inst.regions)} region labels for {inst.height * inst.width} "
                         "cells")
    sizes: dict[int, list[Cell]] = {}
    for i, k in enumerate(inst.regions):
        sizes.setdefault(k, []).append((i // n + 1, i % n + 1))
    for k, cells in sorted(sizes.items()):
        if len(cells) != n:
            raise InputError(f"region {k} has {len(cells)} cells, expected {n}",
                             Location(cell=cells[0]))
        seen, todo = {cells[0]}, [cells[0]]
        members = set(cells)
        while todo:
            r, c = todo.pop()
            for nb in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if nb in members and nb not in seen:
                    seen.add(nb)
                    todo.append(nb)
        if len(seen) != n:
            missing = min(members - seen)
            raise InputError(f"region {k} is not connected", Location(cell=missing))


def facts_text(spec: GridSpec, inst: GridInstance) -> str:
    """The instance as ASP facts: one fact per cell, as its kind says."""
    kinds = {k.name: k.fact for k in spec.cells}
    extra = f"size({inst.width}).\n" if spec.digits else ""
    if inst.regions:
        extra += "".join(f"region({r},{c},{k}).\n" for ((r, c), _), k in
                         zip(inst.positions(), inst.regions, strict=True))
    if spec.edge_clues:
        extra += "".join(f"{spec.edge_clues}({side},{line},{n}).\n"
                         for side, line, n in inst.edge_clues())
    if inst.between:
        facts = {k.name: k.fact for k in spec.between}
        extra += "".join(f"{facts[k]}({a[0]},{a[1]},{b[0]},{b[1]}).\n" for a, b, k in inst.between)
    return extra + "".join(f"{kinds[name]}({r},{c}).\n" if n is None
                           else f"{kinds[name]}({r},{c},{n}).\n"
                           for (r, c), (name, n) in inst.positions())


def to_facts(spec: GridSpec, inst: GridInstance) -> list[clingo.Symbol]:
    """:func:`facts_text` as clingo symbols."""
    import clingo

    return [clingo.parse_term(line[:-1]) for line in facts_text(spec, inst).splitlines()]


def playable(spec: GridSpec, inst: GridInstance) -> list[Cell]:
    """The cells the player marks, in reading order."""
    names = {k.name for k in spec.cells if k.playable}
    return [cell for cell, (name, _) in inst.positions() if name in names]
