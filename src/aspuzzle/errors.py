"""Typed errors. Every problem with user input is a :class:`InputError` with a location."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from aspuzzle._location import Location as Location

__all__ = ["AspuzzleError", "InputError", "Location", "TimeLimit", "UsageError"]


def __getattr__(name: str) -> Any:
    """``Location`` lives in its own module: it is a dataclass, and ``dataclasses`` (with the
    ``inspect`` it imports) would cost ``aspuzzle --help`` several milliseconds."""
    if name == "Location":
        from aspuzzle._location import Location

        return Location
    raise AttributeError(f"module 'aspuzzle.errors' has no attribute '{name}'")


class AspuzzleError(Exception):
    """Base class of every error this package raises on purpose."""


class InputError(AspuzzleError):
    """The input is malformed or describes an impossible instance (bad size, clue out of range).

    ``str(err)`` is a one-line message that names the problem and, when known, where it is.
    """

    def __init__(self, message: str, where: Location | None = None, source: str | None = None):
        if where is None:
            from aspuzzle._location import Location

            where = Location()
        self.message = message
        self.where = where
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


class TimeLimit(AspuzzleError):
    """The time given to the reasoning (``aspuzzle.explain.loop.time_limit``, a command's
    ``--timeout``) ran out."""
