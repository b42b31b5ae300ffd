"""Logic-grid puzzles: categories of values, matched one to one, and clues about them.

This is the shared contract between the readers (our own clue language, ZebraLogic text) and
the encoding: a reader produces a :class:`LogicGridInstance`, the puzzle turns it into facts.
A logic grid is not a grid of cells: an *entity* is one value of the first (key) category,
and a solution assigns to each entity exactly one value of every other category, each value
used once.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from aspuzzle.errors import InputError, Location

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

    @property
    def has_order(self) -> bool:
        """Do before/after/apart clues apply? (declared ordered, or numeric)"""
        return self.ordered or self.numeric

    def positions(self) -> dict[Value, int]:
        """Where each value stands on the order: the number itself for a numeric category
        (so that distances are differences, ``1990, 1995, 2000``: 5 apart), otherwise 1, 2, ..."""
        if self.numeric:
            return {v: int(v) for v in self.values}
        return {v: i for i, v in enumerate(self.values, 1)}


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
    raw_asp_line: int = field(default=0, compare=False)
    """The file line where ``raw_asp`` starts (0: unknown), so clingo's messages name it."""
    notes: tuple[str, ...] = field(default=(), compare=False)
    """What the reader decided and the user should know, one sentence each (e.g. which reading
    of an ambiguous ZebraLogic clue the solver chose)."""

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


# --- validation and an independent checker ---------------------------------------------------

MAX_CATEGORIES = 26
MAX_VALUES = 100
MAX_NUMBER = 1_000_000_000
"""Numbers become clingo integers; keep them (and their differences) far from overflow."""


def _bad_text(s: str) -> bool:
    return not s.strip() or any(ord(ch) < 32 or ord(ch) == 127 for ch in s)


def check_categories(categories: tuple[Category, ...]) -> None:
    """Raise InputError for categories that cannot make a logic grid."""
    if len(categories) < 2:
        raise InputError("a logic grid needs at least two categories "
                         f"(found {len(categories)})")
    if len(categories) > MAX_CATEGORIES:
        raise InputError(f"too many categories ({len(categories)}, at most {MAX_CATEGORIES})")
    seen: set[str] = set()
    for c in categories:
        check_category(c)
        if c.name in seen:
            raise InputError(f"category '{c.name}' is declared twice")
        seen.add(c.name)
    first = categories[0]
    for c in categories[1:]:
        if len(c.values) != len(first.values):
            raise InputError(f"category '{c.name}' has {len(c.values)} value"
                             f"{'s' if len(c.values) != 1 else ''} but "
                             f"'{first.name}' has {len(first.values)}: every category needs "
                             "the same number")


def check_category(c: Category) -> None:
    if not isinstance(c.name, str) or _bad_text(c.name):
        raise InputError(f"bad category name {c.name!r}")
    if not c.values:
        raise InputError(f"category '{c.name}' has no values")
    if len(c.values) > MAX_VALUES:
        raise InputError(f"category '{c.name}' has {len(c.values)} values "
                         f"(at most {MAX_VALUES})")
    kinds = {type(v) for v in c.values}
    if not kinds <= {int, str}:
        raise InputError(f"category '{c.name}': values must be names or whole numbers")
    if len(kinds) > 1:
        raise InputError(f"category '{c.name}' mixes numbers and names (quote the numbers "
                         "to make them names)")
    seen: set[Value] = set()
    for v in c.values:
        if isinstance(v, str) and _bad_text(v):
            raise InputError(f"category '{c.name}': bad value {v!r} (empty, or a control "
                             "character)")
        if isinstance(v, int) and abs(v) > MAX_NUMBER:
            raise InputError(f"category '{c.name}': number {v} is out of range "
                             f"(-{MAX_NUMBER}..{MAX_NUMBER})")
        if v in seen:
            raise InputError(f"category '{c.name}': value '{v}' is declared twice")
        seen.add(v)


def refs_of(clue: Clue) -> tuple[Ref, ...]:
    """The values a clue mentions, subject first."""
    if isinstance(clue, OneOf):
        return (clue.a, *clue.options)
    if isinstance(clue, Same | NotSame | Before | Apart):
        return (clue.a, clue.b)
    return ()


def check_clue(inst: LogicGridInstance, clue: Clue, where: Location | None = None) -> None:
    """Raise InputError (naming the clue) if the clue mentions unknown names or is malformed."""
    loc = where or Location(clue=clue.number)
    if not isinstance(clue, Same | NotSame | Before | Apart | OneOf):
        raise InputError(f"unknown kind of clue: {type(clue).__name__}", loc)
    if clue.number < 1:
        raise InputError(f"clue number {clue.number} is not positive", loc)
    for ref in refs_of(clue):
        try:
            cat = inst.category(ref.category)
        except KeyError:
            raise InputError(f"unknown category '{ref.category}'", loc) from None
        if ref.value not in cat.values or isinstance(ref.value, bool):
            raise InputError(f"'{ref.value}' is not a value of category '{cat.name}'", loc)
    if isinstance(clue, OneOf):
        need = 2 if clue.exclusive else 1
        if len(clue.options) < need:
            raise InputError(f"'{'either' if clue.exclusive else 'one of'}' needs at least "
                             f"{need} option{'s' if need > 1 else ''}", loc)
        if len(set(clue.options)) != len(clue.options):
            raise InputError("an option is listed twice", loc)
    if isinstance(clue, Before | Apart):
        try:
            on = inst.category(clue.on)
        except KeyError:
            raise InputError(f"unknown category '{clue.on}'", loc) from None
        if not on.has_order:
            raise InputError(f"category '{on.name}' has no order, so "
                             f"'{'before/after' if isinstance(clue, Before) else 'apart'}' "
                             "does not apply (declare it as a range like 1..5, numbers, "
                             "or names separated by '<')", loc)
        if clue.distance is not None:
            pos = sorted(on.positions().values())
            gaps = {q - p for p in pos for q in pos if q > p}
            if clue.distance not in gaps:
                span = f"{pos[0]}..{pos[-1]}" if on.numeric else f"1..{len(pos)}"
                raise InputError(f"distance {clue.distance} is out of range: no two values of "
                                 f"'{on.name}' (positions {span}) are {clue.distance} apart",
                                 loc)


def validate(inst: LogicGridInstance) -> None:
    """Raise InputError for an instance that is not a well-formed logic grid."""
    check_categories(inst.categories)
    for clue in inst.clues:
        check_clue(inst, clue)


class Grid:
    """A candidate answer as lookups: entity index -> category -> value, and back."""

    def __init__(self, inst: LogicGridInstance, sol: LogicGridSolution) -> None:
        self.value: list[dict[str, Value]] = [dict(g) for g in sol.groups]
        self.entity: dict[tuple[str, Value], int] = {}
        for e, g in enumerate(self.value):
            for c, v in g.items():
                self.entity.setdefault((c, v), e)
        self.positions = {c.name: c.positions() for c in inst.categories if c.has_order}

    def pos(self, ref: Ref, on: str) -> int:
        return self.positions[on][self.value[self.entity[(ref.category, ref.value)]][on]]

    def same(self, a: Ref, b: Ref) -> bool:
        return self.entity[(a.category, a.value)] == self.entity[(b.category, b.value)]


def holds(grid: Grid, clue: Clue) -> bool:
    """Is the clue true of a complete, one-to-one grid?"""
    if isinstance(clue, Same):
        return grid.same(clue.a, clue.b)
    if isinstance(clue, NotSame):
        return not grid.same(clue.a, clue.b)
    if isinstance(clue, Before):
        d = grid.pos(clue.b, clue.on) - grid.pos(clue.a, clue.on)
        return d > 0 if clue.distance is None else d == clue.distance
    if isinstance(clue, Apart):
        return abs(grid.pos(clue.b, clue.on) - grid.pos(clue.a, clue.on)) == clue.distance
    if isinstance(clue, OneOf):
        n = sum(grid.same(clue.a, o) for o in clue.options)
        return n == 1 if clue.exclusive else n >= 1
    raise TypeError(type(clue).__name__)


def verify(inst: LogicGridInstance, sol: LogicGridSolution) -> list[str]:
    """Every rule the solution breaks, in words (empty list: the solution is correct).

    Checks that the groups are one per key value in order, one value of every category per
    group, each value used once, and every clue. Raw ASP (``raw_asp``) cannot be checked here
    and is ignored: only the solver knows what it means.
    """
    key = inst.categories[0]
    names = [c.name for c in inst.categories]
    if len(sol.groups) != len(key.values):
        return [f"{len(sol.groups)} groups for {len(key.values)} values of '{key.name}'"]
    problems: list[str] = []
    for i, g in enumerate(sol.groups):
        cats = [c for c, _ in g]
        if sorted(cats) != sorted(names):
            problems.append(f"group {i + 1} has categories {cats}, expected {names}")
        elif dict(g)[key.name] != key.values[i]:
            problems.append(f"group {i + 1} is '{dict(g)[key.name]}', expected "
                            f"'{key.values[i]}' (the key category's order)")
    if problems:
        return problems
    for c in inst.categories:
        used = sorted(map(str, (dict(g)[c.name] for g in sol.groups)))
        if used != sorted(map(str, c.values)) or any(dict(g)[c.name] not in c.values
                                                      for g in sol.groups):
            problems.append(f"the values of '{c.name}' are not each used exactly once")
    if problems:
        return problems
    grid = Grid(inst, sol)
    for clue in inst.clues:
        if not holds(grid, clue):
            problems.append(f"clue {clue.number} is false: {clue.text or clue}")
    return problems
