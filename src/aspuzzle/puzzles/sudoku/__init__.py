"""Sudoku, built on the grid-puzzle kit: its data is :mod:`.type`, its rules ``encoding.lp``
and ``rules/*.lp``; its own formats (Tatham's solo IDs, puzz.link) are :mod:`.formats`, its LEGUP
files :mod:`.legup`."""

from __future__ import annotations

from aspuzzle.kit.puzzle import GridPuzzle
from aspuzzle.puzzles.base import Format, lazy_format
from aspuzzle.puzzles.sudoku.type import SPEC

__all__ = ["PUZZLE"]

def _export_proof(loaded: object, explanation: object = None, *, reasoner: object = None) -> str:
    from aspuzzle.puzzles.sudoku.proof import export_proof

    return export_proof(loaded, explanation, reasoner=reasoner)


def _check_proof(text: str, **kw: object) -> object:
    from aspuzzle.puzzles.sudoku.proof import check_proof

    return check_proof(text, **kw)  # type: ignore[arg-type]


PUZZLE = GridPuzzle(SPEC, {
    "tatham": Format("tatham", "Simon Tatham's solo game ID (CxR:GRID, Nj:GRID,BLOCKS)",
                     *lazy_format(f"{__name__}.formats", "tatham"), (), inline=True),
    "puzzlink": Format("puzzlink", "puzz.link / pzprjs URL (sudoku/COLS/ROWS/BODY)",
                       *lazy_format(f"{__name__}.formats", "puzzlink"), (), inline=True),
    "legup": Format("legup", "LEGUP Sudoku puzzle file (XML; 4x4 and 9x9 with square boxes)",
                    *lazy_format(f"{__name__}.legup", "legup"), (".xml",), carries_solution=True),
}, export_proof=_export_proof, check_proof=_check_proof)
"""Sudoku instances and solutions."""
