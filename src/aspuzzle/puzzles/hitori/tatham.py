"""Simon Tatham's ``singles`` game IDs (his name for Hitori), read and written exactly.

A game ID is ``PARAMS:DESC``. PARAMS is ``WxH`` (or ``N`` for a square grid), optionally
followed by ``d`` and a difficulty letter (``e`` easy, ``k`` tricky)::

    5x5de:2141334241421354315435342

DESC has one character per cell, row by row: ``1``..``9``, then ``a``..``z`` for 10..35 and
``A``..``Z`` for 36..61.

The rules follow ``singles.c`` (``decode_params``, ``validate_params``, ``unpick_desc``,
``n2c``/``c2n``): width and height are 2..62 and the description has exactly W*H characters.
The writer prints ``WxH``, the difficulty letter when the puzzle came with one, and the cells,
so his IDs read and write back byte for byte. A file may hold the ID on one line among blank
lines and ``#`` comment lines.

One rule is relaxed on purpose: ``singles.c`` only makes numbers up to max(W, H), but published
Hitori puzzles (janko.at's, for example) use larger ones (a 9 in an 8x8, an 11 in a 10x10), so
any number the alphabet holds (1..61) is read and written in any grid size. Such an ID is
exchanged between tools faithfully, although Tatham's program itself would refuse it
("Number too large for puzzle"). A number above 61 has no character: writing it is an error.
"""

from __future__ import annotations

import re

from aspuzzle.errors import InputError, Location
from aspuzzle.formats.oneline import (
    one_line,
    read_tatham_params,
    split_game_id,
)
from aspuzzle.kit.codecs import ALPHABET, read_alphabet, write_alphabet
from aspuzzle.puzzles.hitori.model import HitoriInstance, HitoriSolution, make_instance

__all__ = ["DIFFICULTIES", "detect_tatham", "read_tatham", "write_tatham"]

DIFFICULTIES = {"e": "easy", "k": "tricky"}
MIN_SIZE = 2  # singles.c validate_params: "Width and neight must be at least two"
MAX_SIZE = 10 + 26 + 26  # singles.c validate_params: "Puzzle is too large"
MAX_NUMBER = len(ALPHABET)  # the largest number one character can hold ('Z')
WHAT = "singles ID"
_MAX_DIGITS = 6
_DETECT = re.compile(r"(\d+)(?:x(\d+))?(?:d[a-z])?:([0-9a-zA-Z]*)")


def read_tatham(text: str) -> HitoriInstance:
    ident, line, col0 = one_line(text, WHAT, "game ID")

    def at(i: int, cell: tuple[int, int] | None = None) -> Location:
        return Location(line, col0 + i, cell=cell)

    params, desc, base = split_game_id(ident, WHAT, at)
    width, height, difficulty = read_tatham_params(params, WHAT, at, difficulties=DIFFICULTIES,
                                                   min_size=MIN_SIZE, max_size=MAX_SIZE)
    area = width * height
    # each character to its number (0: not a number character); the cell is only worked out
    # for an error message
    values = read_alphabet(desc[:area])
    if 0 in values:
        i = values.index(0)
        ch = desc[i]
        what = "'0' (numbers start at 1)" if ch == "0" else f"'{ch}'"
        raise InputError(f"singles ID: unexpected {what} in the description "
                         "(use 1-9, a-z for 10-35, A-Z for 36-61)",
                         at(base + i, (i // width + 1, i % width + 1)))
    if len(desc) != area:
        raise InputError(f"singles ID: the description has {len(desc)} characters, expected "
                         f"{area} (one per cell of the {width}x{height} grid)",
                         at(base + min(len(desc), area)))
    # no validate(): the grid is rectangular, 2..62 a side, and every number a character
    # read above (1..61), so it always passes (0.2 ms on a 50x50 grid, which api.loads then
    # spends again)
    return make_instance([values[r * width:(r + 1) * width] for r in range(height)],
                         difficulty)


def write_tatham(inst: HitoriInstance, sol: HitoriSolution | None = None) -> str:
    """The game ID as singles.c prints it (his IDs hold no solution; ``sol`` is ignored)."""
    w, h = inst.width, inst.height
    if not (MIN_SIZE <= w <= MAX_SIZE and MIN_SIZE <= h <= MAX_SIZE):
        raise InputError(f"Tatham's singles cannot hold a {w}x{h} grid: width and height "
                         f"must be {MIN_SIZE}..{MAX_SIZE}")
    params = f"{w}x{h}"
    if inst.difficulty in DIFFICULTIES:
        params += f"d{inst.difficulty}"
    return f"{params}:{write_alphabet(inst.grid, 'singles')}"


def _solo_runs(desc: str, cells: int) -> bool:
    """Does ``desc`` read as a Solo grid of ``cells`` cells (letters runs, digits numbers)?"""
    return sum(ord(ch) - ord("a") + 1 for ch in desc if "a" <= ch <= "z") + \
        len(re.findall(r"[0-9]+", desc)) == cells


def detect_tatham(text: str) -> bool:
    lines = [ln.strip() for ln in text.splitlines()
             if ln.strip() and not ln.strip().startswith("#")]
    if len(lines) != 1:
        return False
    m = _DETECT.fullmatch(lines[0])
    if m is None:
        return False
    if m.group(2) is not None:  # one character a cell; leave Solo's 'CxR:RUNS' to Sudoku
        w, h = int(m.group(1)[:_MAX_DIGITS]), int(m.group(2)[:_MAX_DIGITS])
        return len(m.group(3)) == w * h or not _solo_runs(m.group(3), (w * h) ** 2)
    # 'N:...' could be a Futoshiki ('unequal') ID too: claim it only if the length fits
    n = int(m.group(1)[:_MAX_DIGITS])
    return len(m.group(3)) == n * n
