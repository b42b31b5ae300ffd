"""Sudoku, built on the grid-puzzle kit: its data is :mod:`.type`, its rules ``encoding.lp``
and ``rules/*.lp``; its own formats (Tatham's solo IDs, puzz.link) are :mod:`.formats`, its LEGUP
files :mod:`.legup`."""

from __future__ import annotations

from aspuzzle.kit.puzzle import GridPuzzle, lazy_proofs
from aspuzzle.puzzles.base import Format, lazy_format
from aspuzzle.puzzles.sudoku.type import SPEC

__all__ = ["PUZZLE"]


PUZZLE = GridPuzzle(SPEC, {
    "tatham": Format("tatham", "Simon Tatham's solo game ID (CxR:GRID, Nj:GRID,BLOCKS)",
                     *lazy_format(f"{__name__}.formats", "tatham"), (), inline=True),
    "puzzlink": Format("puzzlink", "puzz.link / pzprjs URL (sudoku/COLS/ROWS/BODY)",
                       *lazy_format(f"{__name__}.formats", "puzzlink"), (), inline=True),
    "legup": Format("legup", "LEGUP Sudoku puzzle file (XML; 4x4 and 9x9 with square boxes)",
                    *lazy_format(f"{__name__}.legup", "legup"), (".xml",), carries_solution=True),
}, **lazy_proofs(f"{__name__}.proof"))
"""Sudoku instances and solutions."""
