"""Logic-grid puzzles: categories of values, matched one to one, and clues about them.

This is the shared contract between the readers (our own clue language, ZebraLogic text) and
the encoding: a reader produces a :class:`LogicGridInstance`, the puzzle turns it into facts.
A logic grid is not a grid of cells: an *entity* is one value of the first (key) category,
and a solution assigns to each entity exactly one value of every other category, each value
used once.
"""

from __future__ import annotations

from typing import Any, ClassVar, NamedTuple, Self

from aspuzzle.errors import InputError, Location

Value = str | int


class Category(NamedTuple):
    """A category such as ``episode 1..5`` (numeric, ordered) or ``victim`` (names)."""

    name: str
    values: tuple[Value, ...]
    ordered: bool = False
    """Values have an order (numeric categories always do): before/after/adjacent apply."""
    scale: tuple[int, ...] = ()
    """The positions of values that are quantities (``$4.99``, ``9:00am``, ``June 4th``: see
    :mod:`aspuzzle.puzzles.logicgrid.units`), one per value; empty for names and numbers."""

    @property
    def numeric(self) -> bool:
        return all(isinstance(v, int) for v in self.values)

    @property
    def has_order(self) -> bool:
        """Do before/after/apart clues apply? (declared ordered, numeric, or quantities)"""
        return self.ordered or self.numeric or bool(self.scale)

    def positions(self) -> dict[Value, int]:
        """Where each value stands on the order: the number itself for a numeric category
        (so that distances are differences, ``1990, 1995, 2000``: 5 apart), otherwise 1, 2, ..."""
        if self.numeric:
            return {v: int(v) for v in self.values}
        if self.scale:
            return dict(zip(self.values, self.scale, strict=True))
        return {v: i for i, v in enumerate(self.values, 1)}


class Ref(NamedTuple):
    """One value of one category, e.g. ``Ref("victim", "Little John")``."""

    category: str
    value: Value

    def __str__(self) -> str:
        return f"{self.value}"


class _Record:
    """An immutable record compared on its kind and its fields but those in ``_uncompared``
    (the base of the clues and of the instance, whose source text, title and notes do not
    make two puzzles differ); copied with a field changed by ``_replace``, as a NamedTuple.

    Not a frozen dataclass: importing :mod:`dataclasses` and building its classes (~0.75 ms
    each) cost about 10 ms of every logic-grid ``aspuzzle solve``, a tenth of issue 11's
    start-up budget. The records are few and small; this is all they need of it."""

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()
    """Every field, in the order of the constructor's parameters."""
    _uncompared: ClassVar[frozenset[str]] = frozenset()

    def _set(self, **values: Any) -> None:
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cannot assign to field {name!r} of {type(self).__name__}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r} of {type(self).__name__}")

    def _key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, f) for f in self._fields if f not in self._uncompared)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, _Record)
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        inner = ", ".join(f"{f}={getattr(self, f)!r}" for f in self._fields)
        return f"{type(self).__qualname__}({inner})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), tuple(getattr(self, f) for f in self._fields))

    def _replace(self, **changes: Any) -> Self:
        """A copy with the fields named changed."""
        values = {f: getattr(self, f) for f in self._fields}
        unknown = changes.keys() - values.keys()
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {sorted(unknown)[0]!r}")
        values.update(changes)
        return type(self)(**values)


_NO_REF = Ref("", "")


class Clue(_Record):
    """Base of every clue. ``number`` is 1-based (errors name it); ``text`` is the source
    (not compared)."""

    __slots__ = ("number", "text")
    _fields: ClassVar[tuple[str, ...]] = ("number", "text")
    _uncompared: ClassVar[frozenset[str]] = frozenset({"text"})
    number: int
    text: str

    def __init__(self, number: int, text: str = "") -> None:
        self._set(number=number, text=text)


class Same(Clue):
    """X is Y: the two values belong to the same entity."""

    __slots__ = ("a", "b")
    _fields = ("number", "text", "a", "b")
    a: Ref
    b: Ref

    def __init__(self, number: int, text: str = "", a: Ref = _NO_REF, b: Ref = _NO_REF) -> None:
        self._set(number=number, text=text, a=a, b=b)


class NotSame(Clue):
    """X is not Y."""

    __slots__ = ("a", "b")
    _fields = ("number", "text", "a", "b")
    a: Ref
    b: Ref

    def __init__(self, number: int, text: str = "", a: Ref = _NO_REF, b: Ref = _NO_REF) -> None:
        self._set(number=number, text=text, a=a, b=b)


class Before(Clue):
    """X comes before Y on the ordered category ``on``.

    ``distance=None``: somewhere before; ``distance=k``: exactly k steps before.
    "X is after Y" is ``Before(a=Y, b=X)``.
    """

    __slots__ = ("a", "b", "distance", "on")
    _fields = ("number", "text", "a", "b", "on", "distance")
    a: Ref
    b: Ref
    on: str
    distance: int | None

    def __init__(self, number: int, text: str = "", a: Ref = _NO_REF, b: Ref = _NO_REF,
                 on: str = "", distance: int | None = None) -> None:
        self._set(number=number, text=text, a=a, b=b, on=on, distance=distance)


class Apart(Clue):
    """X and Y are exactly ``distance`` steps apart on ``on``, in either direction.

    ``distance=1`` is "X and Y are adjacent / next to each other"; ZebraLogic's "there is one
    house between X and Y" is ``distance=2``.
    """

    __slots__ = ("a", "b", "distance", "on")
    _fields = ("number", "text", "a", "b", "on", "distance")
    a: Ref
    b: Ref
    on: str
    distance: int

    def __init__(self, number: int, text: str = "", a: Ref = _NO_REF, b: Ref = _NO_REF,
                 on: str = "", distance: int = 1) -> None:
        self._set(number=number, text=text, a=a, b=b, on=on, distance=distance)


class OneOf(Clue):
    """X is one of the options (at least one holds).

    With ``exclusive=True`` exactly one option holds ("either X or Y", in the logic-problem
    magazines' sense where both cannot be true).
    """

    __slots__ = ("a", "exclusive", "options")
    _fields = ("number", "text", "a", "options", "exclusive")
    a: Ref
    options: tuple[Ref, ...]
    exclusive: bool

    def __init__(self, number: int, text: str = "", a: Ref = _NO_REF,
                 options: tuple[Ref, ...] = (), exclusive: bool = False) -> None:
        self._set(number=number, text=text, a=a, options=options, exclusive=exclusive)


class LogicGridInstance(_Record):
    __slots__ = ("categories", "clues", "notes", "raw_asp", "raw_asp_line", "title")
    _fields = ("categories", "clues", "raw_asp", "title", "raw_asp_line", "notes")
    _uncompared = frozenset({"title", "raw_asp_line", "notes"})
    categories: tuple[Category, ...]
    """The first category is the key: one entity per value, in this order."""
    clues: tuple[Clue, ...]
    raw_asp: str
    """Extra ASP rules written by the user (the escape hatch), over ``assign/3`` and friends."""
    title: str
    raw_asp_line: int
    """The file line where ``raw_asp`` starts (0: unknown), so clingo's messages name it."""
    notes: tuple[str, ...]
    """What the reader decided and the user should know, one sentence each (e.g. which reading
    of an ambiguous ZebraLogic clue the solver chose)."""

    def __init__(self, categories: tuple[Category, ...], clues: tuple[Clue, ...],
                 raw_asp: str = "", title: str = "", raw_asp_line: int = 0,
                 notes: tuple[str, ...] = ()) -> None:
        self._set(categories=categories, clues=clues, raw_asp=raw_asp, title=title,
                  raw_asp_line=raw_asp_line, notes=notes)

    def category(self, name: str) -> Category:
        for c in self.categories:
            if c.name == name:
                return c
        raise KeyError(name)


class LogicGridSolution(NamedTuple):
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
    if c.scale and (len(c.scale) != len(c.values) or len(set(c.scale)) != len(c.scale)
                    or any(isinstance(p, bool) or not isinstance(p, int) or abs(p) > MAX_NUMBER
                           for p in c.scale)):
        raise InputError(f"category '{c.name}': bad scale (one distinct whole number a value)")
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
