"""A player's board written out: the board text ``--state`` reads, or a format with marks.

Each type writes its own boards (``Puzzle.write_board``); this module only asks it.
"""

from __future__ import annotations

from typing import Any

from aspuzzle.errors import UsageError
from aspuzzle.explain.steps import Board

__all__ = ["write"]


def write(loaded: Any, board: Board, to: str | None) -> str:
    """``to``: ``state`` (every type: the board text that ``--state`` and the page read back),
    or a format of the type's that holds marks (its reasoning's ``mark_formats``: Tents'
    ``legup`` with links and ``tatham`` with tents ``!``, grass ``-``)."""
    own = getattr(loaded.puzzle, "write_board", None)
    if own is None:  # pragma: no cover - every type has one
        raise UsageError(f"no board format for {loaded.puzzle.name} puzzles")
    return str(own(loaded.instance, board, to))
