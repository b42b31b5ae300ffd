"""Simon Tatham's ``tents`` game IDs (Portable Puzzle Collection), read and written exactly.

A game ID is ``PARAMS:DESC``. PARAMS is ``WxH`` (or ``N`` for a square grid), optionally
followed by ``d`` and a difficulty letter (``e`` easy, ``t`` tricky). DESC walks the cells row
by row and then lists the clues::

    10x10dt:efhe_dhe__ecb_kaefae_,2,2,2,2,3,1,3,1,2,2,1,3,1,3,2,2,2,1,2,3

- ``_`` is a tree; ``a``..``y`` are 1..25 empty cells followed by a tree; ``z`` is 25 empty
  cells (no tree). The cell just past the end of the grid counts as a tree, so the string
  always ends with the letter (or ``_``) that reaches it.
- ``!`` / ``-`` turn the cell just described into a tent / a non-tent (grass): a player's
  marks. Tatham's generator never writes them, but his program reads them.
- Then ``,N`` once per column (left to right) and once per row (top to bottom).

The rules follow ``tents.c`` (``validate_desc``, ``new_game``, the encoder at the end of
``new_game_desc``). Two of his leniencies are kept: an empty clue (``,,``) reads as 0, as his
``atoi`` does, and a trailing ``z_`` is read as 25 empty cells although his ``new_game``
would stop on an assertion there. Grids must be at least 4x4, his ``validate_params`` rule.
A file may hold the ID on one line among blank lines and ``#`` comment lines.
"""

from __future__ import annotations

import re

from aspuzzle.errors import InputError, Location
from aspuzzle.formats.oneline import (
    At,
    one_line,
    read_tatham_params,
    split_game_id,
)
from aspuzzle.puzzles.tents.model import MAX_SIZE, Cell, TentsInstance, TentsSolution, validate

__all__ = ["detect_tatham", "read_tatham", "read_tatham_marks", "write_tatham"]

DIFFICULTIES = {"e": "easy", "t": "tricky"}
MIN_SIZE = 4  # tents.c validate_params: "Width and height must both be at least four"
RUN_MAX = 25  # 'a'..'y' = 1..25 blanks then a tree, 'z' = 25 blanks
WHAT = "tents ID"
_MAX_DIGITS = 6
# Loose on purpose (any number of clues, any run length): a damaged ID should reach the reader,
# which says what is wrong, rather than fail detection. Digits or capitals in the description
# (Singles, Unequal) do not match.
_DETECT = re.compile(r"[0-9]+(?:x[0-9]+)?(?:d[a-z]?)?:[_a-z!\-]*(?:,[0-9,]*)?")

_TREE, _TENT, _GRASS = "tree", "tent", "grass"



def read_tatham_marks(text: str) -> tuple[TentsInstance, dict[Cell, str]]:
    """The instance and the player's marks (``!`` tent, ``-`` grass) of a tents game ID."""
    ident, line, col0 = one_line(text, WHAT, "game ID")

    def at(i: int) -> Location:
        return Location(line, col0 + i)

    params, desc, base = split_game_id(ident, WHAT, at)
    width, height, difficulty = read_tatham_params(params, WHAT, at, difficulties=DIFFICULTIES,
                                                   min_size=MIN_SIZE, max_size=MAX_SIZE)
    runs, comma, numbers = desc.partition(",")
    trees, marks = _read_runs(runs, width, height, lambda i: at(base + i))
    clues = _read_numbers(numbers, width, height, lambda i: at(base + len(runs) + 1 + i),
                          has_numbers=bool(comma))
    inst = TentsInstance(height, width, frozenset(trees), tuple(clues[width:]),
                         tuple(clues[:width]), difficulty)
    validate(inst)
    return inst, marks


def read_tatham(text: str) -> TentsInstance:
    return read_tatham_marks(text)[0]


def _read_runs(runs: str, width: int, height: int,
               at: At) -> tuple[set[Cell], dict[Cell, str]]:
    """Walk the run-length string as tents.c's new_game does."""
    area = width * height
    kind: dict[int, str] = {}  # cell index (0-based, row-major) -> tree / tent / grass
    pos = 0  # the next cell to describe; area + 1 once the end-of-grid tree is reached
    last_was_tree = False
    for i, ch in enumerate(runs):
        if ch in "!-":
            if pos == 0 or pos > area:
                raise InputError(f"tents ID: '{ch}' marks a cell off the grid", at(i))
            kind[pos - 1] = _TENT if ch == "!" else _GRASS
            continue
        if ch == "_" or "a" <= ch <= "y":
            pos += 0 if ch == "_" else ord(ch) - ord("a") + 1
            if pos < area:
                kind[pos] = _TREE
            pos += 1
            last_was_tree = True
        elif ch == "z":
            pos += RUN_MAX
            last_was_tree = False
        else:
            hint = "a comma comes before the clues" if ch.isdigit() else "use _, a-z, ! or -"
            raise InputError(f"tents ID: unexpected '{ch}' in the run-length string ({hint})",
                             at(i))
        # 'z' never reaches the end-of-grid tree: tents.c would stop on an assertion
        if pos > area + 1 or (ch == "z" and pos > area):
            raise InputError(f"tents ID: run-length string runs past the {area} cells of the "
                             f"{width}x{height} grid", at(i))
    if pos != area + 1:
        covered = pos - 1 if last_was_tree else pos
        raise InputError(f"tents ID: run-length string covers {covered} of {area} cells",
                         at(len(runs)))
    trees: set[Cell] = set()
    marks: dict[Cell, str] = {}
    for index, k in kind.items():
        cell = (index // width + 1, index % width + 1)
        if k == _TREE:
            trees.add(cell)
        else:
            marks[cell] = k
    return trees, marks


def _read_numbers(numbers: str, width: int, height: int, at: At,
                  has_numbers: bool) -> list[int]:
    want = width + height
    if not has_numbers:
        raise InputError(f"tents ID: no clues after the grid (expected {want} numbers: "
                         f"{width} columns, then {height} rows)", at(-1))
    parts = numbers.split(",")
    clues: list[int] = []
    offset = 0
    for k, part in enumerate(parts):
        where = at(offset)
        offset += len(part) + 1
        if k >= want:
            raise InputError(f"tents ID: {len(parts)} clues, expected {want} "
                             f"({width} columns, then {height} rows)", where)
        if part and not re.fullmatch(r"[0-9]+", part):
            raise InputError(f"tents ID: clue {k + 1} '{part[:20]}' is not a number", where)
        if len(part) > _MAX_DIGITS:
            raise InputError(f"tents ID: clue {k + 1} '{part[:20]}' is far too large", where)
        n = int(part) if part else 0  # tents.c reads clues with atoi: empty is 0
        what, index, size = (("column", k + 1, height) if k < width
                             else ("row", k + 1 - width, width))
        if n > size:
            raise InputError(f"tents ID: {what} {index} clue {n} is more than its {size} "
                             "cells", where)
        clues.append(n)
    if len(clues) < want:
        raise InputError(f"tents ID: {len(clues)} clues, expected {want} "
                         f"({width} columns, then {height} rows)", at(offset - 1))
    return clues


def write_tatham(inst: TentsInstance, sol: TentsSolution | None = None,
                 marks: dict[Cell, str] | None = None) -> str:
    """The game ID, as tents.c's generator writes it. With a solution (or a player's marks)
    the tents are marked with ``!`` (and grass with ``-``), which his program reads back."""
    if inst.width < MIN_SIZE or inst.height < MIN_SIZE:
        raise InputError(f"Tatham's tents cannot hold a {inst.width}x{inst.height} grid: "
                         f"width and height must both be at least {MIN_SIZE}")
    for what, clues in (("column", inst.col_clues), ("row", inst.row_clues)):
        for i, clue in enumerate(clues, 1):
            if clue is None:
                raise InputError(f"Tatham's tents IDs need every clue; {what} {i} has none")
    tents = sol.tents if sol is not None else frozenset()
    marks = marks or {}
    width, area = inst.width, inst.width * inst.height
    out: list[str] = []
    run = 0
    for i in range(area + 1):
        cell = (i // width + 1, i % width + 1)
        if i == area or cell in inst.trees:
            mark = ""
        elif cell in tents or marks.get(cell) == _TENT:
            mark = "!"
        elif marks.get(cell) == _GRASS:
            mark = "-"
        else:
            run += 1
            while run > RUN_MAX:
                out.append("z")
                run -= RUN_MAX
            continue
        # a marked cell is written as a tree and then overwritten, as tents.c reads it
        out.append("_" if run == 0 else chr(ord("a") + run - 1))
        out.append(mark)
        run = 0
    params = f"{inst.width}x{inst.height}"
    if inst.difficulty in DIFFICULTIES:
        params += f"d{inst.difficulty}"
    numbers = ",".join(str(n) for n in (*inst.col_clues, *inst.row_clues))
    return f"{params}:{''.join(out)},{numbers}"


def detect_tatham(text: str) -> bool:
    lines = [ln.strip() for ln in text.splitlines()
             if ln.strip() and not ln.strip().startswith("#")]
    return len(lines) == 1 and bool(_DETECT.fullmatch(lines[0]))
