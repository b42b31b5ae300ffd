"""Reading what a user types for ``check-step``: cells and ``CELL=VALUE`` items."""

from __future__ import annotations

import re
from collections.abc import Mapping

from aspuzzle.errors import UsageError

__all__ = ["parse_cell", "parse_cell_value"]

Cell = tuple[int, int]
_CELL = re.compile(r"\s*\(?\s*(\d+)\s*,\s*(\d+)\s*\)?\s*")


def parse_cell(text: str, where: str) -> Cell:
    """``"3,1"`` or ``"(3,1)"`` -> ``(3, 1)``."""
    m = _CELL.fullmatch(text)
    if not m:
        raise UsageError(f"{where}: '{text}' is not a cell; write ROW,COL (e.g. 3,1)")
    return int(m.group(1)), int(m.group(2))


def parse_cell_value(item: str, values: Mapping[str, str], choices: str) -> tuple[Cell, str]:
    """``"3,1=grass"`` -> ``((3, 1), "grass")``; ``values`` maps what may be typed
    (lower case) to the board value, ``choices`` names them in the error message."""
    cell_text, sep, value = item.partition("=")
    if not sep:
        raise UsageError(f"--set: '{item}' has no '='; write ROW,COL=VALUE ({choices})")
    cell = parse_cell(cell_text, "--set")
    v = values.get(value.strip().lower())
    if v is None:
        raise UsageError(f"--set: '{value}' is not a value; use {choices}")
    return cell, v
