"""A player's board written out: the board text ``--state`` reads, or a Tents file with marks.

Each type's reasoning module already writes its board format; this module only picks the
writer (the Puzzle protocol has no board writer of its own yet).
"""

from __future__ import annotations

from typing import Any

from aspuzzle.errors import UsageError
from aspuzzle.explain.steps import Board

__all__ = ["write"]


def write(loaded: Any, board: Board, to: str | None) -> str:
    """``to``: ``state`` (every type: the board text that ``--state`` and the page read back),
    or for Tents ``legup`` (marks and links) and ``tatham`` (tents ``!``, grass ``-``)."""
    name, inst = loaded.puzzle.name, loaded.instance
    own = getattr(loaded.puzzle, "write_board", None)  # a kit type writes its own board
    if own is not None:
        return str(own(inst, board))
    marks = {k: v for k, v in board.cells.items()}
    if name == "tents":
        from aspuzzle.puzzles.tents import formats, legup, tatham

        if to == "legup":
            return legup.write_legup(inst, None, marks, frozenset(board.links))
        if to == "tatham":
            return tatham.write_tatham(inst, None, marks)
        return formats.write_text(inst, None, marks)
    if name == "futoshiki":
        from aspuzzle.puzzles.futoshiki.reasoning import write_marks

        return write_marks(inst, board)
    if name == "hitori":
        from aspuzzle.puzzles.hitori.reasoning import write_marks as hitori_marks

        return hitori_marks(inst, board)
    if name == "logicgrid":
        from aspuzzle.puzzles.logicgrid.reasoning import write_board

        return write_board(inst, board)
    raise UsageError(f"no board format for {name} puzzles")  # pragma: no cover
