"""The registry of puzzle types: an explicit dict, no module scanning."""

from __future__ import annotations

from aspuzzle.errors import UsageError
from aspuzzle.puzzles.base import Format, Puzzle, SolveOptions
from aspuzzle.puzzles.futoshiki import PUZZLE as FUTOSHIKI
from aspuzzle.puzzles.hitori import PUZZLE as HITORI
from aspuzzle.puzzles.logicgrid import PUZZLE as LOGICGRID
from aspuzzle.puzzles.tents import PUZZLE as TENTS

__all__ = ["REGISTRY", "Format", "Puzzle", "SolveOptions", "get_puzzle"]

REGISTRY: dict[str, Puzzle] = {
    p.name: p
    for p in (TENTS, FUTOSHIKI, HITORI, LOGICGRID)
}


def get_puzzle(name: str) -> Puzzle:
    """A puzzle type by name or alias (case-insensitive)."""
    key = name.strip().lower()
    for p in REGISTRY.values():
        if key == p.name or key in p.aliases:
            return p
    raise UsageError(f"unknown puzzle type '{name}' (known: {', '.join(REGISTRY)})")
