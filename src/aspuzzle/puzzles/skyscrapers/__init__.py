"""Skyscrapers (Tatham's Towers), built on the grid-puzzle kit: its data is :mod:`.type`, its
rules ``encoding.lp`` and ``rules/*.lp``; its own formats (Tatham's towers IDs, puzz.link) are
:mod:`.formats`, LEGUP's files :mod:`.legup`."""

from __future__ import annotations

from aspuzzle.kit.puzzle import GridPuzzle
from aspuzzle.puzzles.base import Format, lazy_format
from aspuzzle.puzzles.skyscrapers.type import SPEC

__all__ = ["PUZZLE"]


def _export_proof(loaded: object, explanation: object = None, *, reasoner: object = None) -> str:
    from aspuzzle.puzzles.skyscrapers.proof import export_proof

    return export_proof(loaded, explanation, reasoner=reasoner)


def _check_proof(text: str, **kw: object) -> object:
    from aspuzzle.puzzles.skyscrapers.proof import check_proof

    return check_proof(text, **kw)  # type: ignore[arg-type]


PUZZLE = GridPuzzle(SPEC, {
    "tatham": Format("tatham", "Simon Tatham's towers game ID (N[dX]:CLUES[,GRID])",
                     *lazy_format(f"{__name__}.formats", "tatham"), (), inline=True),
    "puzzlink": Format("puzzlink", "puzz.link / pzprjs URL (skyscrapers/COLS/ROWS/BODY)",
                       *lazy_format(f"{__name__}.formats", "puzzlink"), (), inline=True),
    "legup": Format("legup", "LEGUP Skyscrapers puzzle file (XML)",
                    *lazy_format(f"{__name__}.legup", "legup"), (".xml",)),
}, export_proof=_export_proof, check_proof=_check_proof)
"""Skyscrapers instances and solutions."""
