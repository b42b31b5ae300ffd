"""Where in the input a problem is (``aspuzzle.errors.Location``; a module of its own so that
importing :mod:`aspuzzle.errors` needs no ``dataclasses``)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Location"]


@dataclass(frozen=True)
class Location:
    """Where in the input a problem is. All fields optional; 1-based."""

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
