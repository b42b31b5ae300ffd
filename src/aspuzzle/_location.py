"""Where in the input a problem is (``aspuzzle.errors.Location``; a module of its own so that
importing :mod:`aspuzzle.errors` stays cheap)."""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["Location"]


class Location(NamedTuple):
    """Where in the input a problem is. All fields optional; 1-based. (A ``NamedTuple``, as
    are the other records on the solve path: a frozen dataclass costs ~0.75 ms to define in
    Python 3.11 and ``dataclasses`` ~5 ms to import, a fifth of a small ``aspuzzle solve``.)"""

    line: int | None = None
    column: int | None = None
    cell: tuple[int, int] | None = None
    clue: int | None = None

    def __str__(self) -> str:
        parts: list[str] = []
        if self.line is not None:
            parts.append(f"line {self.line}" + (f", column {self.column}" if self.column else ""))
        if self.cell is not None:
            parts.append(f"cell ({self.cell[0]},{self.cell[1]})")
        if self.clue is not None:
            parts.append(f"clue {self.clue}")
        return ", ".join(parts)
