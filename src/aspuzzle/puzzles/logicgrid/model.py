"""Logic-grid puzzles: categories of values, matched one to one, and clues about them.

This is the shared contract between the readers (our own clue language, ZebraLogic text) and
the encoding: a reader produces a :class:`LogicGridInstance`, the puzzle turns it into facts.
A logic grid is not a grid of cells: an *entity* is one value of the first (key) category,
and a solution assigns to each entity exactly one value of every other category, each value
used once.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Value = str | int


@dataclass(frozen=True)
class Category:
    """A category such as ``episode 1..5`` (numeric, ordered) or ``victim`` (names)."""

    name: str
    values: tuple[Value, ...]
    ordered: bool = False
    """Values have an order (numeric categories always do): before/after/adjacent apply."""

    @property
    def numeric(self) -> bool:
        return all(isinstance(v, int) for v in self.values)


@dataclass(frozen=True)
class Ref:
    """One value of one category, e.g. ``Ref("victim", "Little John")``."""

    category: str
    value: Value

    def __str__(self) -> str:
        return f"{self.value}"


@dataclass(frozen=True)
class Clue:
    """Base of every clue. ``number`` is 1-based (errors name it); ``text`` is the source."""

    number: int
    text: str = field(default="", compare=False)


@dataclass(frozen=True)
class Same(Clue):
    """X is Y: the two values belong to the same entity."""

    a: Ref = Ref("", "")
    b: Ref = Ref("", "")


@dataclass(frozen=True)
class NotSame(Clue):
    """X is not Y."""

    a: Ref = Ref("", "")
    b: Ref = Ref("", "")


@dataclass(frozen=True)
class Before(Clue):
    """X comes before Y on the ordered category ``on``.

    ``distance=None``: somewhere before; ``distance=k``: exactly k steps before.
    "X is after Y" is ``Before(a=Y, b=X)``.
    """

    a: Ref = Ref("", "")
    b: Ref = Ref("", "")
    on: str = ""
    distance: int | None = None


@dataclass(frozen=True)
class Apart(Clue):
    """X and Y are exactly ``distance`` steps apart on ``on``, in either direction.

    ``distance=1`` is "X and Y are adjacent / next to each other"; ZebraLogic's "there is one
    house between X and Y" is ``distance=2``.
    """

    a: Ref = Ref("", "")
    b: Ref = Ref("", "")
    on: str = ""
    distance: int = 1


@dataclass(frozen=True)
class OneOf(Clue):
    """X is one of the options (at least one holds).

    With ``exclusive=True`` exactly one option holds ("either X or Y", in the logic-problem
    magazines' sense where both cannot be true).
    """

    a: Ref = Ref("", "")
    options: tuple[Ref, ...] = ()
    exclusive: bool = False


@dataclass(frozen=True)
class LogicGridInstance:
    categories: tuple[Category, ...]
    """The first category is the key: one entity per value, in this order."""
    clues: tuple[Clue, ...]
    raw_asp: str = ""
    """Extra ASP rules written by the user (the escape hatch), over ``assign/3`` and friends."""
    title: str = field(default="", compare=False)

    def category(self, name: str) -> Category:
        for c in self.categories:
            if c.name == name:
                return c
        raise KeyError(name)


@dataclass(frozen=True)
class LogicGridSolution:
    """One group per key value, in the key category's order: ((category, value), ...)."""

    groups: tuple[tuple[tuple[str, Value], ...], ...]

    def as_dicts(self) -> list[dict[str, Value]]:
        return [dict(g) for g in self.groups]
