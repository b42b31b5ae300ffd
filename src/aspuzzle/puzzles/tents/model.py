"""Tents instances and solutions."""

from __future__ import annotations

from typing import NamedTuple

from aspuzzle.errors import InputError, Location

Cell = tuple[int, int]
Pair = tuple[Cell, Cell]  # (tree, tent)

MAX_SIZE = 200


class TentsInstance(NamedTuple):
    """A Tents puzzle. Clues are ``None`` where a row or column has no clue."""

    height: int
    width: int
    trees: frozenset[Cell]
    row_clues: tuple[int | None, ...]
    col_clues: tuple[int | None, ...]
    difficulty: str | None = None
    """Tatham's difficulty letter ('e', 't') when the puzzle came with one; not compared: the
    same grid is the same puzzle."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TentsInstance) and self[:5] == other[:5]

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self[:5])


class TentsSolution(NamedTuple):
    tents: frozenset[Cell]
    pairs: frozenset[Pair] = frozenset()
    """One tree-tent pairing that goes with the tents (tree, tent)."""


def neighbours4(cell: Cell) -> list[Cell]:
    r, c = cell
    return [(r - 1, c), (r, c - 1), (r + 1, c), (r, c + 1)]


def neighbours8(cell: Cell) -> list[Cell]:
    r, c = cell
    return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


def validate(inst: TentsInstance) -> None:
    """Raise InputError for sizes, clues or trees that cannot belong to a Tents puzzle."""
    if not (1 <= inst.height <= MAX_SIZE and 1 <= inst.width <= MAX_SIZE):
        raise InputError(f"grid size {inst.height}x{inst.width} is out of range "
                         f"(1..{MAX_SIZE} rows and columns)")
    if len(inst.row_clues) != inst.height:
        raise InputError(f"{len(inst.row_clues)} row clues for {inst.height} rows")
    if len(inst.col_clues) != inst.width:
        raise InputError(f"{len(inst.col_clues)} column clues for {inst.width} columns")
    for cell in sorted(inst.trees):
        r, c = cell
        if not (1 <= r <= inst.height and 1 <= c <= inst.width):
            raise InputError(f"tree outside the {inst.height}x{inst.width} grid",
                             Location(cell=cell))
    for what, clues, size in (("row", inst.row_clues, inst.width),
                              ("column", inst.col_clues, inst.height)):
        for i, clue in enumerate(clues, 1):
            if clue is not None and not (0 <= clue <= size):
                raise InputError(f"{what} {i}: clue {clue} is out of range 0..{size}")


def verify(inst: TentsInstance, sol: TentsSolution) -> list[str]:
    """Every rule the solution breaks, in words (empty list: the solution is correct).

    Written independently of the encoding so that tests do not trust the solver blindly.
    """
    problems: list[str] = []
    tents = sol.tents
    for t in sorted(tents):
        if not (1 <= t[0] <= inst.height and 1 <= t[1] <= inst.width):
            problems.append(f"tent {t} is outside the grid")
        if t in inst.trees:
            problems.append(f"tent {t} is on a tree")
        for n in neighbours8(t):
            if n in tents and n > t:
                problems.append(f"tents {t} and {n} touch")
    for r, clue in enumerate(inst.row_clues, 1):
        k = sum(1 for t in tents if t[0] == r)
        if clue is not None and k != clue:
            problems.append(f"row {r} has {k} tents, clue says {clue}")
    for c, clue in enumerate(inst.col_clues, 1):
        k = sum(1 for t in tents if t[1] == c)
        if clue is not None and k != clue:
            problems.append(f"column {c} has {k} tents, clue says {clue}")
    if sol.pairs:
        trees_used = [p[0] for p in sol.pairs]
        tents_used = [p[1] for p in sol.pairs]
        if sorted(trees_used) != sorted(inst.trees) or sorted(tents_used) != sorted(tents):
            problems.append("the pairing does not match every tree with exactly one tent")
        for tree, tent in sorted(sol.pairs):
            if tent not in neighbours4(tree):
                problems.append(f"tent {tent} is paired with tree {tree}, which is not next to it")
    elif len(_max_matching(inst.trees, tents)) != max(len(inst.trees), len(tents)):
        problems.append("trees and tents cannot be paired one to one")
    return problems


def _max_matching(trees: frozenset[Cell], tents: frozenset[Cell]) -> dict[Cell, Cell]:
    """Maximum bipartite matching tent -> tree by augmenting paths (a checker, not a solver)."""
    match: dict[Cell, Cell] = {}  # tree -> tent

    def augment(tent: Cell, seen: set[Cell]) -> bool:
        for tree in neighbours4(tent):
            if tree in trees and tree not in seen:
                seen.add(tree)
                if tree not in match or augment(match[tree], seen):
                    match[tree] = tent
                    return True
        return False

    for tent in sorted(tents):
        augment(tent, set())
    return match
