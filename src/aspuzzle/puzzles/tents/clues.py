"""The clues of a Tents puzzle, and the clues that could be added to it (for diagnosis)."""

from __future__ import annotations

from collections.abc import Callable

from clingo import Function, Number

from aspuzzle.diagnosis import Clue, Clues
from aspuzzle.puzzles.base import lp_file
from aspuzzle.puzzles.tents.model import TentsInstance, TentsSolution


def _count(line: int, k: int, axis: int) -> Callable[[TentsSolution], bool]:
    return lambda s: sum(1 for t in s.tents if t[axis] == line) == k


def _shows(cell: tuple[int, int], tent: bool) -> Callable[[TentsSolution], bool]:
    return lambda s: (cell in s.tents) == tent


def clues(inst: TentsInstance) -> Clues:
    """Every line clue and every tree (a tree left out may take a tent but needs none:
    ``diagnosis.lp``)."""
    out = [Clue(f"row {r}", f"the row {r} clue {n}",
                (Function("tent_row", [Number(r), Number(n)]),))
           for r, n in enumerate(inst.row_clues, 1) if n is not None]
    out += [Clue(f"column {c}", f"the column {c} clue {n}",
                 (Function("tent_column", [Number(c), Number(n)]),))
            for c, n in enumerate(inst.col_clues, 1) if n is not None]
    out += [Clue(f"tree ({r},{c})", f"the tree at ({r},{c})",
                 (Function("tree", [Number(r), Number(c)]),),
                 off=(Function("optional_tree", [Number(r), Number(c)]),))
            for r, c in sorted(inst.trees)]
    return Clues(tuple(out), (lp_file(__package__ or "", "diagnosis.lp"),))


def repairs(inst: TentsInstance, sol: TentsSolution) -> list[Clue]:
    """A missing line clue (as the first solution has it), else a revealed cell."""
    out: list[Clue] = []
    for r, n in enumerate(inst.row_clues, 1):
        if n is None:
            k = sum(1 for t in sol.tents if t[0] == r)
            out.append(Clue(f"row {r}", f"the row {r} clue {k}",
                            (Function("tent_row", [Number(r), Number(k)]),),
                            holds=_count(r, k, 0)))
    for c, n in enumerate(inst.col_clues, 1):
        if n is None:
            k = sum(1 for t in sol.tents if t[1] == c)
            out.append(Clue(f"column {c}", f"the column {c} clue {k}",
                            (Function("tent_column", [Number(c), Number(k)]),),
                            holds=_count(c, k, 1)))
    for r in range(1, inst.height + 1):
        for c in range(1, inst.width + 1):
            if (r, c) in inst.trees:
                continue
            tent = (r, c) in sol.tents
            what = "a given tent" if tent else "given grass"
            out.append(Clue(f"cell ({r},{c})", f"{what} at ({r},{c})",
                            require=((Function("tent", [Number(r), Number(c)]), tent),),
                            holds=_shows((r, c), tent)))
    return out
