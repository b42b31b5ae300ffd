"""What a grid puzzle type declares (data only: no solver, no I/O)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

__all__ = ["Between", "CellKind", "GridSpec", "LegupSpec", "Mark"]


class CellKind(NamedTuple):
    """One kind of cell of the puzzle as given: a white cell, a black cell, a numbered cell.

    ``fact`` is the predicate of the instance fact of such a cell: ``white`` gives
    ``white(R, C)``, a numbered kind ``number`` gives ``number(R, C, N)``. ``token`` is how the
    text grid writes it; a numbered kind writes its number and reads any number from ``low``
    to ``high``."""

    name: str
    fact: str
    token: str = ""
    """The text token of the kind ("." or "#"); for a numbered kind, empty: the number."""
    playable: bool = False
    """Does the player mark such cells (they are the board's keys)?"""
    low: int | None = None
    high: int | None = None
    """The numbers a numbered kind takes (None: the kind has no number)."""
    aliases: tuple[str, ...] = ()
    """Other tokens read as this kind."""
    off: str = ""
    """The kind a cell of this kind becomes when its clue is left out (a Light Up number:
    ``black``); empty: the cell is no clue (a diagnosis and the generator keep it)."""
    glyph: str = ""
    """How the terminal shows the kind (the token if empty)."""
    fill: str = ""
    """The cell's colour in pictures (paper if empty); its number is then written in white."""

    @property
    def numbered(self) -> bool:
        return self.low is not None

    @property
    def predicate(self) -> tuple[str, int]:
        """The fact's predicate and arity."""
        return self.fact, 3 if self.numbered else 2


class Mark(NamedTuple):
    """One mark a player puts on a playable cell (a bulb, an empty cell)."""

    value: str
    """The board value and the mark's name in the rule programs: ``bulb``."""
    token: str
    """How the text grid writes the mark in place of the cell's token: ``*``."""
    noun: tuple[str, str]
    """How the mark reads after "is" / "are": ``("a bulb", "bulbs")``."""
    answer: bool = False
    """Does the answer atom hold for a cell with this mark? (exactly one mark says yes)"""
    aliases: tuple[str, ...] = ()
    """Other tokens and words read as this mark (``--set 3,1=o``)."""
    glyph: str = ""
    """How the terminal shows the mark (the token if empty)."""
    draw: str = "dot"
    """How pictures draw the mark: ``disc`` (a filled circle), ``dot`` (a small one),
    ``fill`` (the whole cell), ``cross``."""
    colour: str = "#333333"


class Between(NamedTuple):
    """One kind of clue between two orthogonal neighbours (:attr:`GridInstance.between`):
    Futoshiki's inequality sign, the bar of its adjacent mode, a Kropki dot."""

    name: str
    """The kind's name in :attr:`GridInstance.between`: ``greater``."""
    fact: str
    """The instance fact ``fact(R1, C1, R2, C2)`` of such a clue: ``greater_than``."""
    ordered: bool = True
    """Does the pair have a direction (the first cell greater)? If not, it is kept upper-left
    cell first, whatever the spelling read."""


class LegupSpec(NamedTuple):
    """How LEGUP names the type and numbers its cells (``<cell value=...>`` in its files)."""

    puzzle: str
    """LEGUP's puzzle name: ``LightUp``."""
    values: Mapping[str, int] = {}
    """A mark's or a cell kind's name -> LEGUP's cell value; ``"unknown"`` an unmarked
    playable cell; a numbered kind writes its number."""


class GridSpec(NamedTuple):
    """A grid puzzle type as data (see :mod:`aspuzzle.kit`)."""

    name: str
    title: str
    package: str
    """The type's package (``aspuzzle.puzzles.lightup``): its ``.lp`` files live there."""
    cells: tuple[CellKind, ...]
    marks: tuple[Mark, ...]
    answer: str
    """The answer predicate over cells (arity 2): ``bulb``."""
    solution_key: str
    """The solution's JSON key, the answer cells: ``bulbs``."""
    rules: tuple[str, ...]
    """The rule files of ``rules/`` in order of preference (an explanation takes the first
    direct rule that applies), case rules last."""
    aliases: tuple[str, ...] = ()
    description: str = ""
    """The type's rules in one sentence, for ``aspuzzle types`` and the docs."""
    min_size: int = 1
    max_size: int = 100
    default_size: tuple[int, int] = (7, 7)
    """The generator's size when none is asked for (width, height)."""
    tiers: tuple[str, ...] = ("direct", "case")
    """The tiers the generator can be asked for."""
    legup: LegupSpec | None = None
    generate_constants: tuple[tuple[str, str], ...] = ()
    """``#const`` values of ``generate.lp`` (e.g. the share of black cells)."""
    generate_params: str = ""
    """What a generated puzzle keeps as its format parameters (``GridInstance.params``), a
    template over ``generate_constants``: Light Up ``b{black_share}``, the black share of a
    Tatham ID."""
    verify_constants: tuple[tuple[str, str], ...] = ()
    """``#const`` values of ``generate.lp`` for ``rules verify``, which searches every puzzle
    (e.g. the black share's bounds lifted)."""
    digits: bool = False
    """A digit grid (Sudoku, Skyscrapers): square, each playable cell takes a digit 1..n (n
    the grid's side); the board's keys are ``(r, c, d)`` candidates, ``yes`` (the digit is
    there) or ``no`` (struck out); the answer predicate has arity 3 (``value(R, C, D)``) and
    ``marks`` is empty. The instance facts then include ``size(N)``."""
    shared_after: int | None = None
    """Solve on one program grounded for every puzzle of a size (:mod:`aspuzzle.engine.reuse`):
    ``encoding.lp`` with the cell facts as externals over every cell (a numbered kind's over
    its numbers), the puzzle's facts assumed true, built once this many puzzles of the size
    were solved afresh. None: every puzzle is grounded afresh (a type with regions always
    is). For corpora and the generator, where one size comes back often."""
    shared_up_to: int | None = None
    """The largest side solved on a shared program (:attr:`shared_after`), as measured: a larger
    grid is grounded afresh (Skyscrapers 8x8: a shared program solves slower than a fresh
    grounding). None: every size."""
    regions: bool = False
    """Cells are grouped in regions (Sudoku's boxes, jigsaw regions): facts ``region(R, C, K)``;
    the text grid shows them with ``|`` and ``-`` lines between boxes."""
    edge_clues: str = ""
    """The fact of clues outside the grid, at the ends of rows and columns (Skyscrapers:
    ``clue`` gives ``clue(top, C, N)``, ``clue(bottom, C, N)``, ``clue(left, R, N)``,
    ``clue(right, R, N)``); empty: the type has none. A clue is a number from ``edge_low`` to
    the length of its line; the text grid writes them around the grid (``.`` for none)."""
    edge_low: int = 1
    between: tuple[Between, ...] = ()
    """The kinds of clue between neighbouring cells (:attr:`GridInstance.between`); empty: the
    type has none."""

    def kind(self, name: str) -> CellKind:
        for k in self.cells:
            if k.name == name:
                return k
        raise KeyError(name)

    def mark(self, value: str) -> Mark:
        for m in self.marks:
            if m.value == value:
                return m
        raise KeyError(value)

    @property
    def answer_mark(self) -> Mark:
        return next(m for m in self.marks if m.answer)

    @property
    def other_mark(self) -> Mark:
        return next(m for m in self.marks if not m.answer)
