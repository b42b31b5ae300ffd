"""Steps of an explanation: what a rule sets, what it relied on, and the sentence that says so.

These are plain frozen dataclasses shared by every puzzle type. A *board* is the player's view
of a grid puzzle part-way through: the cells whose content is known (``"tent"``, ``"grass"``,
...) and the links drawn between cells (Tents: tree -> tent).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Generic, TypeVar, overload
from weakref import ref

__all__ = [
    "JSON",
    "Board",
    "Branch",
    "Cell",
    "Encode",
    "Explanation",
    "FirstThenEvery",
    "Key",
    "Kind",
    "LazySteps",
    "Link",
    "Step",
    "Use",
    "cell_json",
    "cells_text",
]

Cell = tuple[int, int]
"""A board key. For grid puzzles a cell ``(row, column)``; other types use other hashable keys
(Futoshiki ``(row, column, digit)``, a logic grid a pair of ``(category, value)``); the type is
kept as a cell tuple for the grid puzzles' sake and widened where a key can be anything."""
Key = Any
"""Whatever a board holds a value for: a cell, or a puzzle type's own key."""
Link = tuple[Cell, Cell]
"""(from, to); for Tents (tree, tent)."""
JSON = dict[str, Any]
Encode = Callable[[Any, Any], list[JSON]]
"""How a puzzle type writes what a step sets in JSON: ``encode(sets, links)`` -> the
``"sets"`` list (Tents and Hitori: ``{"cell": [r, c], "value": v}``; Futoshiki and logic grids
group their keys differently)."""


def cell_json(sets: Any, links: Any = ()) -> list[JSON]:
    """The default ``sets`` JSON: one ``{"cell": [r, c], "value": v}`` per cell."""
    return [{"cell": list(c), "value": v} for c, v in sets]


class Kind(StrEnum):
    DIRECT = "direct"
    CASE = "case"
    CONTRADICTION = "contradiction"


_MAX_HOPS = 24
"""How far back :meth:`Board.added_to` follows the boards a board grew from (past that,
comparing the boards costs less)."""


def cell_text(cell: Cell) -> str:
    return f"({cell[0]},{cell[1]})"


def cells_text(cells: Iterable[Cell]) -> str:
    return " ".join(cell_text(c) for c in sorted(cells))


@dataclass(frozen=True)
class Board:
    """Known cell contents and links. Treated as immutable: :meth:`with_` returns a new board.

    A board made by :meth:`with_` that only adds to its board remembers that board (weakly)
    and what it added, so that what a board adds to an earlier one of the same line
    (:meth:`added_to`) is found from the few marks added rather than by comparing every mark
    (a reasoner asks that of most boards it sees, and the boards have hundreds of marks)."""

    cells: Mapping[Key, str]
    links: frozenset[Link] = frozenset()

    def with_(self, sets: Iterable[tuple[Key, str]] = (),
              links: Iterable[Link] = ()) -> Board:
        old = self.cells
        sets = tuple(sets)
        cells = dict(old)
        cells.update(sets)
        new_links = frozenset(links) - self.links
        board = Board(cells, self.links | new_links)
        added = {}
        for c, v in sets:
            was = old.get(c)
            if was is None:
                added[c] = v
            elif was != v:
                return board  # a mark changed: the board does not add to this one
        object.__setattr__(board, "_grown", (ref(self), tuple(added.items()), new_links))
        return board

    def added_to(self, old: Board) -> tuple[list[tuple[Key, str]], list[Link]] | None:
        """What this board adds to ``old`` (marks that ``old`` has not, links), if it was made
        from ``old`` by a short line of :meth:`with_` that only added; else None (the board
        may still hold ``old``: compare them then)."""
        cells: list[tuple[Key, str]] = []
        links: list[Link] = []
        board, size, hops = self, len(old.cells), 0
        while board is not old:
            grown = board.__dict__.get("_grown")
            hops += 1
            if grown is None or hops > _MAX_HOPS or len(board.cells) < size:
                return None
            parent = grown[0]()
            if parent is None:
                return None
            cells += grown[1]
            links += grown[2]
            board = parent
        return cells, links

    def __getstate__(self) -> dict[str, Any]:
        # (the board it grew from is no part of it: a weak reference does not pickle)
        return {k: v for k, v in self.__dict__.items() if k != "_grown"}

    def new_in(self, sets: Iterable[tuple[Key, str]],
               links: Iterable[Link]) -> tuple[tuple[tuple[Key, str], ...], tuple[Link, ...]]:
        """The part of ``sets`` and ``links`` that this board does not hold yet."""
        return (tuple(sorted((c, v) for c, v in sets if self.cells.get(c) != v)),
                tuple(sorted(lk for lk in links if lk not in self.links)))


@dataclass(frozen=True)
class Use:
    """One fact a step relied on: a clue, a tree, a tent, some cells, a link."""

    kind: str
    """"row", "column", "tree", "tent", "grass", "unknown", "cell", "link", "trees", ..."""
    cells: tuple[Cell, ...] = ()
    index: int | None = None
    """The row or column number, for kind row / column."""
    clue: int | None = None
    value: int | None = None
    """A count the rule used (e.g. tents already in the line)."""

    def to_json(self) -> JSON:
        out: JSON = {"kind": self.kind}
        if self.index is not None:
            out["index"] = self.index
        if self.clue is not None:
            out["clue"] = self.clue
        if self.value is not None:
            out["value"] = self.value
        if self.cells:
            out["cells"] = [list(c) for c in self.cells]
        return out


@dataclass(frozen=True)
class Branch:
    """One case of a case split: its assumption, the steps that follow, how it ends."""

    label: str
    sets: tuple[tuple[Key, str], ...]
    links: tuple[Link, ...]
    steps: tuple[Step, ...]
    closed_by: Step | None
    """The contradiction step that closes the branch; ``None`` if the branch survives."""

    @property
    def dead(self) -> bool:
        return self.closed_by is not None

    def to_json(self, encode: Encode = cell_json) -> JSON:
        return {"label": self.label,
                "sets": encode(self.sets, self.links),
                "links": [[list(a), list(b)] for a, b in self.links],
                "steps": [s.to_json(encode) for s in self.steps],
                "closed_by": self.closed_by.to_json(encode) if self.closed_by else None}


@dataclass(frozen=True)
class Step:
    """One application of a named rule."""

    rule: str
    """The rule's name as LEGUP shows it, e.g. "Finish with Grass"."""
    kind: Kind
    sets: tuple[tuple[Key, str], ...] = ()
    """Cells the step sets. For a case step: what holds in every surviving branch."""
    links: tuple[Link, ...] = ()
    uses: tuple[Use, ...] = ()
    text: str = ""
    """One sentence, without the step number and rule name."""
    branches: tuple[Branch, ...] = ()
    rule_id: str = ""
    """A stable identifier of the rule, e.g. ``finish_with_grass``."""
    sheet: str = ""
    """The rule's number on the LEGUP rule sheet, e.g. "5.a.i"."""

    @property
    def depth(self) -> int:
        """How deeply case splits nest inside this step (0 for a direct step)."""
        if self.kind is not Kind.CASE:
            return 0
        inner = [s.depth for b in self.branches for s in b.steps]
        return 1 + max(inner, default=0)

    def to_json(self, encode: Encode = cell_json) -> JSON:
        out: JSON = {"rule": self.rule, "kind": str(self.kind), "rule_id": self.rule_id,
                     "sheet": self.sheet,
                     "sets": encode(self.sets, self.links),
                     "links": [[list(a), list(b)] for a, b in self.links],
                     "uses": [u.to_json() for u in self.uses],
                     "text": self.text,
                     "branches": [b.to_json(encode) for b in self.branches]}
        return out


@dataclass(frozen=True)
class Explanation:
    """A whole explanation: the steps from the starting board to the end it reached."""

    type: str
    steps: tuple[Step, ...]
    status: str
    """"solved", "contradiction" (the board cannot be completed), "not unique" (logic stops
    where solutions differ), "stuck" (the rules at hand do not reach the end)."""
    tier: str
    """The hardest rule tier used, see :mod:`aspuzzle.difficulty`."""
    start: Board
    end: Board
    note: str = ""
    """A sentence on how it ended (where two solutions differ, which contradiction, ...)."""
    time_s: float = 0.0
    extra: JSON = field(default_factory=dict)
    encode: Encode = field(default=cell_json, compare=False, repr=False)
    """The puzzle type's JSON of what a step sets (see :data:`Encode`)."""

    @property
    def solved(self) -> bool:
        return self.status == "solved"

    def to_json(self) -> JSON:
        out: JSON = {"type": self.type, "solved": self.solved, "status": self.status,
                     "tier": self.tier, "steps": [s.to_json(self.encode) for s in self.steps]}
        if self.note:
            out["note"] = self.note
        out.update(self.extra)
        out["time_s"] = round(self.time_s, 6)
        return out

    def render(self) -> str:
        """The numbered steps as text, case splits indented with their branches."""
        lines: list[str] = []
        for i, step in enumerate(self.steps, 1):
            _render_step(step, str(i), 0, lines, top=True)
        return "\n".join(lines)


def _render_step(step: Step, number: str, indent: int, lines: list[str], top: bool) -> None:
    pad = "    " * indent
    head = f"Step {number}" if top else number
    lines.append(f"{pad}{head} - {step.rule}: {step.text}")
    for j, br in enumerate(step.branches, 1):
        end = "" if br.dead else "  (possible)"
        lines.append(f"{pad}    Case {j}: {br.label}{end}")
        for k, s in enumerate(br.steps, 1):
            _render_step(s, f"{number}.{j}.{k}", indent + 2, lines, top=False)
        if br.closed_by is not None:
            _render_step(br.closed_by, f"{number}.{j}.{len(br.steps) + 1}", indent + 2, lines,
                         top=False)


class LazySteps(Sequence[Step]):
    """A list of steps described only when looked at (an evaluation finds many instances of
    the rules and a run looks at the first): equal to any list of the same steps."""

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (list, tuple, LazySteps)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(list(self))


_T = TypeVar("_T")


class FirstThenEvery(LazySteps, Generic[_T]):
    """Steps on a board, found as far as they are looked at: ``first()`` gives what the first
    step is made of (None if there is none), ``every()`` what every step is made of, and
    ``describe(board, item)`` makes a step of one, when it is first looked at. A run of the
    rules takes only the first step, which may need fewer solves than every step."""

    def __init__(self, board: Board, first: Callable[[], _T | None],
                 every: Callable[[], list[_T]], describe: Callable[[Board, _T], Step]) -> None:
        self._board = board
        self._first_fn = first
        self._every_fn = every
        self._describe = describe
        self._looked = False
        self._first: _T | None = None
        self._every: list[_T] | None = None
        self._steps: dict[int, Step] = {}

    def _first_item(self) -> _T | None:
        if not self._looked:
            self._looked = True
            if self._every is None:
                self._first = self._first_fn()
            else:
                self._first = self._every[0] if self._every else None
        return self._first

    def _items(self) -> list[_T]:
        if self._every is None:
            self._every = self._every_fn()
        return self._every

    def __bool__(self) -> bool:
        return self._first_item() is not None

    def __len__(self) -> int:
        return len(self._items())

    @overload
    def __getitem__(self, i: int) -> Step: ...

    @overload
    def __getitem__(self, i: slice) -> list[Step]: ...

    def __getitem__(self, i: int | slice) -> Step | list[Step]:
        if isinstance(i, slice):
            return [self[j] for j in range(*i.indices(len(self)))]
        step = self._steps.get(i)
        if step is None:
            if i == 0:
                item = self._first_item()
                if item is None:
                    raise IndexError(i)
            else:
                item = self._items()[i]
            step = self._steps[i] = self._describe(self._board, item)
        return step
