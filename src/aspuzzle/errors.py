"""Typed errors. Every problem with user input is a :class:`InputError` with a location."""

from __future__ import annotations

from dataclasses import dataclass


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


class AspuzzleError(Exception):
    """Base class of every error this package raises on purpose."""


class InputError(AspuzzleError):
    """The input is malformed or describes an impossible instance (bad size, clue out of range).

    ``str(err)`` is a one-line message that names the problem and, when known, where it is.
    """

    def __init__(self, message: str, where: Location | None = None, source: str | None = None):
        self.message = message
        self.where = where or Location()
        self.source = source
        super().__init__(self.__str__())

    def with_source(self, source: str) -> InputError:
        """Return the same error, attributed to a file name or other input label."""
        err = type(self)(self.message, self.where, source)
        return err

    def __str__(self) -> str:
        prefix = f"{self.source}: " if self.source else ""
        where = str(self.where)
        return f"{prefix}{where + ': ' if where else ''}{self.message}"


class UsageError(AspuzzleError):
    """The command line asks for something that cannot be done (unknown type, format, ...)."""
