"""The registry of puzzle types: an explicit table, no module scanning.

A type's module (its formats, model, clingo) is imported the first time the type itself is
asked for, not when the registry is: ``aspuzzle --help`` and ``aspuzzle types`` must start in
a few tens of milliseconds, and a puzzle given with ``--type`` needs only its own type. The
table below holds what is needed before that: each type's name, aliases and the formats it
lists (``tests/test_registry.py`` checks that it says what the modules say).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from aspuzzle.errors import UsageError

if TYPE_CHECKING:
    from aspuzzle.puzzles.base import Format as Format
    from aspuzzle.puzzles.base import Puzzle as Puzzle
    from aspuzzle.puzzles.base import SolveOptions as SolveOptions

__all__ = ["REGISTRY", "TYPES", "Format", "FormatInfo", "Puzzle", "SolveOptions", "TypeInfo",
           "get_puzzle"]


def __getattr__(name: str) -> Any:
    """``Format``, ``Puzzle`` and ``SolveOptions`` of :mod:`aspuzzle.puzzles.base`, imported
    when first asked for: the table below is read by ``aspuzzle --help`` and ``types``, which
    need neither them nor the ``dataclasses`` they are made with."""
    if name in ("Format", "Puzzle", "SolveOptions"):
        from aspuzzle.puzzles import base

        return getattr(base, name)
    raise AttributeError(f"module 'aspuzzle.puzzles' has no attribute '{name}'")


# NamedTuples, not dataclasses: see __getattr__ above
class FormatInfo(NamedTuple):
    """What ``aspuzzle types`` says of a format, known without importing its reader."""

    name: str
    extensions: tuple[str, ...]
    description: str


class TypeInfo(NamedTuple):
    """A puzzle type before its module is imported: where it lives and what it is called."""

    name: str
    module: str
    """The module whose ``PUZZLE`` is the type."""
    aliases: tuple[str, ...]
    formats: tuple[FormatInfo, ...]


TYPES: tuple[TypeInfo, ...] = (
    TypeInfo("tents", "aspuzzle.puzzles.tents",
             ("tent", "treetent", "tree-tent", "zeltlager"), (
                 FormatInfo("text", (".txt",), "plain-text grid with row and column clues"),
                 FormatInfo("facts", (".lp", ".asp"),
                            "the seed post's ASP facts (tree/2, tent_row/2, ...)"),
                 FormatInfo("tatham", (), "Simon Tatham's tents game ID (WxH[dX]:RUNS,clues)"),
                 FormatInfo("puzzlink", (), "puzz.link / pzprjs URL (tents/COLS/ROWS/...)"),
                 FormatInfo("legup", (".xml",), "LEGUP TreeTent puzzle file (XML)"),
             )),
    TypeInfo("futoshiki", "aspuzzle.puzzles.futoshiki", ("unequal",), (
        FormatInfo("text", (".txt",),
                   "plain-text grid with < > ^ v signs (| - bars in adjacent mode)"),
        FormatInfo("facts", (".lp", ".asp"),
                   "the seed post's ASP facts (#const n, cell_has_number/3, greater_than/4)"),
        FormatInfo("tatham", (), "Simon Tatham's unequal game ID, e.g. 4de:2,0,0,0L,..."),
    )),
    TypeInfo("hitori", "aspuzzle.puzzles.hitori", ("singles",), (
        FormatInfo("text", (".txt",), "grid of numbers; a shaded cell is written '5#'"),
        FormatInfo("facts", (".lp", ".asp"), "the seed post's ASP facts written(R, C, N)"),
        FormatInfo("tatham", (), "Simon Tatham's singles game ID (WxH[dX]:VALUES)"),
        FormatInfo("puzzlink", (), "puzz.link / pzprjs URL (hitori/COLS/ROWS/...)"),
    )),
    TypeInfo("logicgrid", "aspuzzle.puzzles.logicgrid",
             ("logic-grid", "logic", "zebra", "einstein", "logic-problem"), (
                 FormatInfo("text", (".logic", ".lgp"),
                            "the logic-grid language: categories, clues, raw ASP"),
                 FormatInfo("zebralogic", (".txt",),
                            "ZebraLogic grid-mode English (AllenAI benchmark)"),
             )),
)
"""Every puzzle type, in the order they are listed and tried when detecting a format."""

_BY_NAME: dict[str, TypeInfo] = {t.name: t for t in TYPES}


def type_info(name: str) -> TypeInfo:
    """A type's table entry by name or alias (case-insensitive), without importing it."""
    key = name.strip().lower()
    for t in TYPES:
        if key == t.name or key in t.aliases:
            return t
    raise UsageError(f"unknown puzzle type '{name}' (known: {', '.join(_BY_NAME)})")


class _Registry(Mapping[str, "Puzzle"]):
    """Puzzle types by name; a type's module is imported when its value is first read."""

    def __init__(self) -> None:
        self._loaded: dict[str, Puzzle] = {}

    def __getitem__(self, name: str) -> Puzzle:
        puzzle = self._loaded.get(name)
        if puzzle is None:
            info = _BY_NAME[name]
            puzzle = importlib.import_module(info.module).PUZZLE
            self._loaded[name] = puzzle
        return puzzle

    def __iter__(self) -> Iterator[str]:
        return iter(_BY_NAME)

    def __len__(self) -> int:
        return len(_BY_NAME)

    def __contains__(self, name: object) -> bool:
        return name in _BY_NAME

    def __repr__(self) -> str:
        return f"REGISTRY({', '.join(_BY_NAME)})"


REGISTRY: Mapping[str, Puzzle] = _Registry()


def get_puzzle(name: str) -> Puzzle:
    """A puzzle type by name or alias (case-insensitive)."""
    return REGISTRY[type_info(name).name]
