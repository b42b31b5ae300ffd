"""The clues of a Hitori puzzle, and the clues that could be added to it (for diagnosis).

A Hitori's clues are its numbers. Only a number that appears again in its row or column
constrains anything; the others are part of the grid. A number left out becomes a number of
its own (the cell stays, and no other cell has its number)."""

from __future__ import annotations

from collections.abc import Callable

from clingo import Function, Number

from aspuzzle.diagnosis import Clue, Clues
from aspuzzle.puzzles.hitori.model import Cell, HitoriInstance, HitoriSolution


def _repeated(inst: HitoriInstance) -> list[Cell]:
    """Cells whose number appears again in their row or column, in reading order."""
    grid = inst.grid
    cols = list(zip(*grid, strict=True))
    return [(r, c) for r, row in enumerate(grid, 1) for c, v in enumerate(row, 1)
            if row.count(v) > 1 or cols[c - 1].count(v) > 1]


def clues(inst: HitoriInstance) -> Clues:
    out = []
    for r, c in _repeated(inst):
        v = inst.grid[r - 1][c - 1]
        R, C = Number(r), Number(c)
        out.append(Clue(f"cell ({r},{c})", f"the {v} at ({r},{c})",
                        (Function("written", [R, C, Number(v)]),),
                        off=(Function("written", [R, C, Function("alone", [R, C])]),)))
    return Clues(tuple(out))


def _shows(cell: Cell, shaded: bool) -> Callable[[HitoriSolution], bool]:
    return lambda s: (cell in s.shaded) == shaded


def repairs(inst: HitoriInstance, sol: HitoriSolution) -> list[Clue]:
    """A revealed cell: shaded or unshaded as in the first solution."""
    out = []
    for r, c in _repeated(inst):
        shaded = (r, c) in sol.shaded
        out.append(Clue(f"cell ({r},{c})",
                        f"a given {'shaded' if shaded else 'unshaded'} cell at ({r},{c})",
                        require=((Function("blacked", [Number(r), Number(c)]), shaded),),
                        holds=_shows((r, c), shaded)))
    return out
