"""What a puzzle type's generator provides to the shared driver (:mod:`aspuzzle.generator`).

The driver owns everything that must hold for every type: seeds and reproducibility, the
bounded number of attempts, the uniqueness proof, the grade (the explain engine's tier, exactly
the one asked), the ``--minimal`` check, output formats, parallel and Dask runs. A type's
generator (``puzzles/<type>/generate.py``, a module-level ``GENERATOR``) only *proposes*
puzzles: one attempt draws a candidate from the random source it is given and returns it with
the solution it was built around, or ``None`` when the attempt failed. It may use the solver
and the grader to steer (most do: add clues until unique, remove clues while the tier holds),
but whatever it returns is checked again by the driver before it is printed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Protocol

from aspuzzle.difficulty import Tier

__all__ = ["Proposal", "Request", "TypeGenerator", "Vocabulary"]


@dataclass(frozen=True)
class Vocabulary:
    """Categories and their values for logic grids: ``{"Name": ["Alice", "Bob", ...], ...}``
    in the order given; ``ordered`` names the categories whose values are in a meaningful
    order (numbers, positions), on which "before", "after" and "n apart" clues are made."""

    categories: tuple[tuple[str, tuple[str, ...]], ...]
    ordered: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Request:
    """What the user asked for (already checked against the type: :meth:`TypeGenerator.check`).

    ``size`` is ``(width, height)`` for Tents and Hitori, ``(n, n)`` for Futoshiki and
    ``(categories, values)`` for logic grids."""

    type: str
    size: tuple[int, int]
    tier: Tier
    minimal: bool = False
    """No clue can be removed without losing uniqueness (types with optional clues)."""
    adjacent: bool = False
    """Futoshiki: Tatham's adjacent mode."""
    vocabulary: Vocabulary | None = None
    """Logic grids: where categories and values come from (None: the bundled vocabulary)."""
    options: dict[str, Any] = field(default_factory=dict)

    def label(self) -> str:
        """The request in words, for messages: "a 9x9 futoshiki puzzle of tier case"."""
        w, h = self.size
        extra = f" ({w} categories of {h} values)" if self.type == "logicgrid" else ""
        extra += " in adjacent mode" if self.adjacent else ""
        extra += ", minimal," if self.minimal else ""
        return f"a {w}x{h} {self.type} puzzle{extra} of tier {self.tier}"


@dataclass(frozen=True)
class Proposal:
    """One candidate: the instance and the solution it was built around."""

    instance: Any
    solution: Any
    grade: Any = None
    """The :class:`aspuzzle.difficulty.Grade` if the generator already graded this instance
    exactly as it is (the driver then trusts the grade's tier only after its own checks)."""


class TypeGenerator(Protocol):
    """The generator of one puzzle type (``puzzles/<type>/generate.py: GENERATOR``, or a kit
    type's ``Puzzle.generator()``). It may also have ``takes``, the request options beyond
    size and tier it accepts (``{"adjacent"}``, ``{"categories"}``)."""

    type: str
    default_size: tuple[int, int]
    tiers: tuple[Tier, ...]
    """The tiers this type can be asked for."""

    def parse_size(self, text: str) -> tuple[int, int]:
        """``--size`` as given ("10x8", "9", "4x5") -> :attr:`Request.size`; a UsageError
        naming the problem if it is not a size of this type."""
        ...

    def check(self, request: Request) -> None:
        """Refuse a request that cannot be met (a 2x2 Tents, a 13x13 Futoshiki, a tier this
        size cannot reach, one value per category) with a UsageError, before any attempt."""
        ...

    def propose(self, request: Request, rng: random.Random) -> Proposal | None:
        """One attempt; every random choice comes from ``rng`` (and from solver seeds drawn
        from it), so that the same request and the same random state give the same proposal.
        ``None`` when this attempt did not reach a puzzle of the request."""
        ...

    def removable(self, request: Request, clue: Any) -> bool:
        """Is this clue (a :class:`aspuzzle.diagnosis.Clue` of :meth:`Puzzle.clues`) one that
        ``--minimal`` must find needed? (Futoshiki: givens and signs; logic grids: every clue;
        Tents: line clues, in formats that may leave them out; never the grid itself.) A type
        that refuses ``minimal`` in :meth:`check` may answer False."""
        ...
