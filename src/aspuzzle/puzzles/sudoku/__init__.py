"""Sudoku, built on the grid-puzzle kit: its data is :mod:`.type`, its rules ``encoding.lp``
and ``rules/*.lp``."""

from __future__ import annotations

from aspuzzle.kit.puzzle import GridPuzzle
from aspuzzle.puzzles.sudoku.type import SPEC

__all__ = ["PUZZLE"]

PUZZLE = GridPuzzle(SPEC)
"""Sudoku instances and solutions."""
