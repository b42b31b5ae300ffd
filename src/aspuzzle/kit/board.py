"""A player's board of a kit type: the text grid with marks, and ``check-step --set`` items."""

from __future__ import annotations

from aspuzzle.errors import InputError, Location, UsageError
from aspuzzle.explain.steps import Board, Step
from aspuzzle.kit import textgrid
from aspuzzle.kit.model import Cell, GridInstance, playable
from aspuzzle.kit.spec import GridSpec

__all__ = ["parse_set", "read_board", "set_help", "state_help"]


def read_board(spec: GridSpec, text: str, inst: GridInstance) -> tuple[Board, list[Step]]:
    """The player's board of this puzzle (a mark that breaks the rules is no error of reading:
    the contradiction rules report it)."""
    state, marks = textgrid.read_marks(spec, text)
    if (state.height, state.width) != (inst.height, inst.width):
        raise InputError(f"the board is {state.height}x{state.width} but the puzzle is "
                         f"{inst.height}x{inst.width}")
    for cell, value in inst.positions():
        if state.at(cell) != value:
            got, want = state.at(cell), value
            raise InputError(f"the board has {_cell_words(got)} where the puzzle has "
                             f"{_cell_words(want)}", Location(cell=cell))
    return Board(marks), []


def _cell_words(value: tuple[str, int | None]) -> str:
    name, n = value
    return f"a {n}" if n is not None else f"a {name} cell"


def _typed(spec: GridSpec) -> dict[str, str]:
    out: dict[str, str] = {}
    for m in spec.marks:
        for word in (m.value, m.token, *m.aliases, *m.noun):
            out[word.lower().removeprefix("a ").removeprefix("an ")] = m.value
    return out


def parse_set(spec: GridSpec, item: str, inst: GridInstance) -> list[tuple[Cell, str]]:
    """``"3,1=bulb"`` -> ``[((3, 1), "bulb")]``."""
    from aspuzzle.explain.parse import parse_cell_value

    cell, value = parse_cell_value(item, _typed(spec), set_help(spec).split("=", 1)[1])
    if not inst.inside(cell):
        raise UsageError(f"({cell[0]},{cell[1]}) is outside the {inst.height}x{inst.width} "
                         "grid")
    if cell not in set(playable(spec, inst)):
        raise UsageError(f"({cell[0]},{cell[1]}) is a {inst.at(cell)[0]} cell: it takes no "
                         "mark")
    return [(cell, value)]


def state_help(spec: GridSpec) -> str:
    marks = ", ".join(f"{m.token} {m.value}" for m in spec.marks)
    return f"the text grid with marks on its cells ({marks})"


def set_help(spec: GridSpec) -> str:
    return ("ROW,COL=" + "|".join(m.value for m in spec.marks)
            + " (or " + " / ".join(m.token for m in spec.marks) + ")")
