"""Skyscrapers (Tatham's Towers), built on the grid-puzzle kit: its data is :mod:`.type`, its
rules ``encoding.lp`` and ``rules/*.lp``; its own formats (Tatham's towers IDs, puzz.link) are
:mod:`.formats`, LEGUP's files :mod:`.legup`."""

from __future__ import annotations

from aspuzzle.kit.puzzle import GridPuzzle, lazy_proofs
from aspuzzle.puzzles.base import Format, lazy_format
from aspuzzle.puzzles.skyscrapers.type import SPEC

__all__ = ["PUZZLE"]


PUZZLE = GridPuzzle(SPEC, {
    "tatham": Format("tatham", "Simon Tatham's towers game ID (N[dX]:CLUES[,GRID])",
                     *lazy_format(f"{__name__}.formats", "tatham"), (), inline=True),
    "puzzlink": Format("puzzlink", "puzz.link / pzprjs URL (skyscrapers/COLS/ROWS/BODY)",
                       *lazy_format(f"{__name__}.formats", "puzzlink"), (), inline=True),
    "legup": Format("legup", "LEGUP Skyscrapers puzzle file (XML)",
                    *lazy_format(f"{__name__}.legup", "legup"), (".xml",)),
}, **lazy_proofs(f"{__name__}.proof"))
"""Skyscrapers instances and solutions."""
