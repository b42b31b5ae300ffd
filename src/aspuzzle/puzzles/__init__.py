"""The registry of puzzle types: an explicit table, no module scanning.

A type's module (its formats, model, clingo) is imported the first time the type itself is
asked for, not when the registry is: ``aspuzzle --help`` and ``aspuzzle types`` must start in
a few tens of milliseconds, and a puzzle given with ``--type`` needs only its own type. The
table below holds what is needed before that: each type's name, aliases and the formats it
lists (``tests/test_registry.py`` checks that it says what the modules say).
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from aspuzzle.errors import UsageError
from aspuzzle.formats import sniff
from aspuzzle.formats.sniff import search

if TYPE_CHECKING:
    from collections.abc import Callable

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
    sniff: Callable[[str], bool] | None = None
    """A cheap test that is false only for texts the format's ``detect`` refuses too
    (:mod:`aspuzzle.formats.sniff`): detection imports a type only if one of its formats'
    sniffs passes. None: no such test, the type is imported to ask its detector."""


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
                 FormatInfo("text", (".txt",), "plain-text grid with row and column clues",
                            sniff.tents_text),
                 FormatInfo("facts", (".lp", ".asp"),
                            "the seed post's ASP facts (tree/2, tent_row/2, ...)",
                            search(r"\b(tree|tent_row|tent_column)\s*\(|#const\s+(width|height)\b",
                                   needles=("tree", "tent_", "#const"))),
                 FormatInfo("tatham", (), "Simon Tatham's tents game ID (WxH[dX]:RUNS,clues)",
                            sniff.one_line(
                                r"^[0-9]+(?:x[0-9]+)?(?:d[a-z]?)?:[_a-z!\-]*(?:,[0-9,]*)?$",
                                (":",))),
                 FormatInfo("puzzlink", (), "puzz.link / pzprjs URL (tents/COLS/ROWS/...)",
                            search(r"tents/[0-9]+/[0-9]+", needles=("tents/",))),
                 FormatInfo("legup", (".xml",), "LEGUP TreeTent puzzle file (XML)",
                            search(r"<\s*legup\b", re.IGNORECASE, ("<",))),
             )),
    TypeInfo("futoshiki", "aspuzzle.puzzles.futoshiki", ("unequal",), (
        FormatInfo("text", (".txt",),
                   "plain-text grid with < > ^ v signs (| - bars in adjacent mode)",
                   sniff.futoshiki_text),
        FormatInfo("facts", (".lp", ".asp"),
                   "the seed post's ASP facts (#const n, cell_has_number/3, greater_than/4)",
                   search(r"\b(cell_has_number|greater_than|adjacent)\s*\(|\badjacent_mode\s*\."
                          r"|^[^\S\n]*%\s*(futoshiki|unequal)\b", re.IGNORECASE | re.MULTILINE,
                          ("(", ".", "%"))),
        FormatInfo("tatham", (), "Simon Tatham's unequal game ID, e.g. 4de:2,0,0,0L,...",
                   sniff.one_line(r"^[0-9]+a?(?:d[a-z])?:[0-9a-zURDL,]*$", (":",))),
    )),
    TypeInfo("hitori", "aspuzzle.puzzles.hitori", ("singles",), (
        FormatInfo("text", (".txt",), "grid of numbers; a shaded cell is written '5#'",
                   sniff.hitori_text),
        FormatInfo("facts", (".lp", ".asp"), "the seed post's ASP facts written(R, C, N)",
                   search(r"\bwritten\s*\(", needles=("written",))),
        FormatInfo("tatham", (), "Simon Tatham's singles game ID (WxH[dX]:VALUES)",
                   sniff.one_line(r"^\d+(?:x\d+)?(?:d[a-z])?:[0-9a-zA-Z]*$", (":",))),
        FormatInfo("puzzlink", (), "puzz.link / pzprjs URL (hitori/COLS/ROWS/...)",
                   search(r"hitori/\d+/\d+", needles=("hitori/",))),
    )),
    TypeInfo("lightup", "aspuzzle.puzzles.lightup", ("light-up", "akari", "bijutsukan"), (
        FormatInfo("text", (".txt",), "text grid (. # 0-4 * +), '# lightup' header",
                   search(r"^[^\S\n]*#[^\S\n]*(lightup|light-up|akari|bijutsukan)\b",
                          re.IGNORECASE | re.MULTILINE, ("#",))),
        FormatInfo("facts", (".lp", ".asp"), "ASP facts, one per cell (white/2, black/2, "
                   "number/3)", search(r"^[^\S\n]*%[^\S\n]*lightup\b", re.MULTILINE, ("%",))),
        FormatInfo("tatham", (), "Simon Tatham's lightup game ID (WxH[bN][sN][dN]:CELLS)",
                   sniff.one_line(r"^\s*(?:lightup:)?\d+x\d+(?:b\d+)?(?:s\d+)?(?:r|d\d+)?:",
                                  (":",))),
        FormatInfo("puzzlink", (), "puzz.link / pzprjs URL (akari/COLS/ROWS/BODY)",
                   search(r"(akari|lightup)/\d+/\d+", needles=("akari/", "lightup/"))),
        FormatInfo("legup", (".xml",), "LEGUP LightUp puzzle file (XML)",
                   search(r"<\s*puzzle\b[^>]*\bname\s*=\s*[\"']lightup[\"']", re.IGNORECASE,
                          ("<",))),
    )),
    TypeInfo("sudoku", "aspuzzle.puzzles.sudoku", ("solo", "number-place"), (
        FormatInfo("text", (".txt",), "text grid of digits and '.', boxes drawn with | and -, "
                   "'# sudoku' header", search(r"^[^\S\n]*#[^\S\n]*(sudoku|solo|number-place)\b",
                                             re.IGNORECASE | re.MULTILINE, ("#",))),
        FormatInfo("facts", (".lp", ".asp"), "ASP facts, one per cell (given/3, empty/2) and "
                   "region/3", search(r"^[^\S\n]*%[^\S\n]*sudoku\b", re.MULTILINE, ("%",))),
        FormatInfo("tatham", (), "Simon Tatham's solo game ID (CxR:GRID, Nj:GRID,BLOCKS)",
                   sniff.sudoku_tatham),
        FormatInfo("puzzlink", (), "puzz.link / pzprjs URL (sudoku/COLS/ROWS/BODY)",
                   search(r"sudoku/\d+/\d+", needles=("sudoku/",))),
        FormatInfo("legup", (".xml",), "LEGUP Sudoku puzzle file (XML; 4x4 and 9x9 with "
                   "square boxes)",
                   search(r"<\s*puzzle\b[^>]*\bname\s*=\s*[\"']sudoku[\"']", re.IGNORECASE,
                          ("<",))),
    )),
    TypeInfo("skyscrapers", "aspuzzle.puzzles.skyscrapers", ("towers", "skyscraper", "building"), (
        FormatInfo("text", (".txt",), "text grid of digits and '.', '# skyscrapers' header",
                   search(r"^[^\S\n]*#[^\S\n]*(skyscrapers|towers|skyscraper|building)\b",
                          re.IGNORECASE | re.MULTILINE, ("#",))),
        FormatInfo("facts", (".lp", ".asp"), "ASP facts, one per cell (given/3, empty/2)",
                   search(r"^[^\S\n]*%[^\S\n]*skyscrapers\b|(^|[\s.])clue\s*\(", re.MULTILINE)),
        FormatInfo("tatham", (), "Simon Tatham's towers game ID (N[dX]:CLUES[,GRID])",
                   sniff.one_line(r"^\s*(?:towers:)?\d{1,2}(?:d[a-z]?)?:[\d/]*/[\d/]*(?:,\S*)?\s*$",
                                  ("/",))),
        FormatInfo("puzzlink", (), "puzz.link / pzprjs URL (skyscrapers/COLS/ROWS/BODY)",
                   search(r"skyscrapers/\d+/\d+", needles=("skyscrapers/",))),
        FormatInfo("legup", (".xml",), "LEGUP Skyscrapers puzzle file (XML)",
                   search(r"<\s*puzzle\b[^>]*\bname\s*=\s*[\"']skyscrapers[\"']", re.IGNORECASE,
                          ("<",))),
    )),
    TypeInfo("logicgrid", "aspuzzle.puzzles.logicgrid",
             ("logic-grid", "logic", "zebra", "einstein", "logic-problem"), (
                 FormatInfo("text", (".logic", ".lgp"),
                            "the logic-grid language: categories, clues, raw ASP",
                            search(r"categories\s*:|^[ \t]*[^\W\d][^:\n0-9]{0,40}:[^,\n]+"
                                   r"(?:,[^,\n]+)+\n[ \t]*[^\W\d][^:\n0-9]{0,40}:[^,\n]+,"
                                   r"|^[^:\n,#]+(?:,[^:\n,]+)+\n\s*\n[^:\n,]+(?:,[^:\n,]+)+\n"
                                   r"[^:\n,]+,",
                                   re.IGNORECASE | re.MULTILINE, (":", ","))),
                 FormatInfo("zebralogic", (".txt",),
                            "ZebraLogic grid-mode English (AllenAI benchmark)",
                            search(r"\bthere (?:are|is) \d+ houses?\b", re.IGNORECASE, (" ",))),
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
