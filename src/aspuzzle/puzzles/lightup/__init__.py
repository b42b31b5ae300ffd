"""Light Up (Akari), built on the grid-puzzle kit: its data is :mod:`.type`, its rules are
``encoding.lp`` and ``rules/*.lp``; its own formats (Tatham IDs, puzz.link) are :mod:`.formats`."""

from __future__ import annotations

from aspuzzle.kit.puzzle import GridPuzzle
from aspuzzle.puzzles.base import Format, lazy_format
from aspuzzle.puzzles.lightup.type import SPEC, bulbs_around

__all__ = ["PUZZLE"]

PUZZLE = GridPuzzle(SPEC, {
    "tatham": Format("tatham", "Simon Tatham's lightup game ID (WxH[bN][sN][dN]:CELLS)",
                     *lazy_format(f"{__name__}.formats", "tatham"), (), inline=True),
    "puzzlink": Format("puzzlink", "puzz.link / pzprjs URL (akari/COLS/ROWS/BODY)",
                       *lazy_format(f"{__name__}.formats", "puzzlink"), (), inline=True),
}, clue_number=bulbs_around)
"""Light Up instances and solutions."""
