"""A player's board of a kit type: the text grid with marks, and ``check-step --set`` items."""

from __future__ import annotations

from collections.abc import Callable

from aspuzzle.errors import InputError, Location, UsageError
from aspuzzle.explain.steps import Board, Step
from aspuzzle.kit import textgrid
from aspuzzle.kit.model import Cell, GridInstance, playable
from aspuzzle.kit.spec import GridSpec

__all__ = ["parse_digit_set", "parse_set", "read_board", "set_help", "state_help"]


def read_board(spec: GridSpec, text: str, inst: GridInstance) -> tuple[Board, list[Step]]:
    """The player's board of this puzzle (a mark that breaks the rules is no error of reading:
    the contradiction rules report it)."""
    state, marks = textgrid.read_marks(spec, text)
    if (state.height, state.width) != (inst.height, inst.width):
        raise InputError(f"the board is {state.height}x{state.width} but the puzzle is "
                         f"{inst.height}x{inst.width}")
    if spec.digits:
        return _digit_board(spec, state, marks, inst), []
    for cell, value in inst.positions():
        if state.at(cell) != value:
            got, want = state.at(cell), value
            raise InputError(f"the board has {_cell_words(got)} where the puzzle has "
                             f"{_cell_words(want)}", Location(cell=cell))
    return Board(marks), []


def _digit_board(spec: GridSpec, state: GridInstance, marks: dict[Cell, str],
                 inst: GridInstance) -> Board:
    """A digit type's board: a digit where the puzzle has an empty cell is the player's, pencil
    marks ``[1,3]`` strike out the other digits."""
    n = inst.width
    cells: dict[object, str] = {}
    for cell, (_, d) in inst.positions():
        got_name, got = state.at(cell)
        if d is not None:  # a given: the board must show it
            if got != d:
                raise InputError(f"the board has {_cell_words((got_name, got))} where the "
                                 f"puzzle gives {d}", Location(cell=cell))
            continue
        if got is not None:
            cells[(*cell, got)] = "yes"
        elif cell in marks:
            kept = {int(x) for x in marks[cell].strip("[]").split(",") if x}
            if any(not 1 <= x <= n for x in kept):
                raise InputError(f"pencil marks {marks[cell]} are not digits 1..{n}",
                                 Location(cell=cell))
            cells.update({(*cell, x): "no" for x in range(1, n + 1) if x not in kept})
    return Board(cells)


def board_marks(spec: GridSpec, inst: GridInstance, board: Board) -> dict[Cell, str]:
    """A board as the text grid writes its marks (a digit type: the digit, or the pencil
    marks left)."""
    if not spec.digits:
        return {k: v for k, v in board.cells.items()}
    n = inst.width
    placed: dict[Cell, str] = {}
    struck: dict[Cell, set[int]] = {}
    for (r, c, d), v in board.cells.items():
        if v == "yes":
            placed[(r, c)] = str(d)
        else:
            struck.setdefault((r, c), set()).add(d)
    for cell, out in struck.items():
        if cell not in placed:
            placed[cell] = "[" + ",".join(str(d) for d in range(1, n + 1) if d not in out) + "]"
    return placed


def _cell_words(value: tuple[str, int | None]) -> str:
    name, n = value
    return f"a {n}" if n is not None else f"a {name} cell"


def _typed(spec: GridSpec) -> dict[str, str]:
    out: dict[str, str] = {}
    for m in spec.marks:
        for word in (m.value, m.token, *m.aliases, *m.noun):
            out[word.lower().removeprefix("a ").removeprefix("an ")] = m.value
    return out


def parse_set(spec: GridSpec, item: str, inst: GridInstance) -> list[tuple[object, str]]:
    """``"3,1=bulb"`` -> ``[((3, 1), "bulb")]``; a digit type: ``"3,1=4"`` (the digit) or
    ``"3,1!=4"`` (struck out)."""
    from aspuzzle.explain.parse import parse_cell_value

    if spec.digits:
        return parse_digit_set(item, inst.width, lambda cell: inst.inside(cell) and
                               cell in set(playable(spec, inst)))

    cell, value = parse_cell_value(item, _typed(spec), set_help(spec).split("=", 1)[1])
    if not inst.inside(cell):
        raise UsageError(f"({cell[0]},{cell[1]}) is outside the {inst.height}x{inst.width} "
                         "grid")
    if cell not in set(playable(spec, inst)):
        raise UsageError(f"({cell[0]},{cell[1]}) is a {inst.at(cell)[0]} cell: it takes no "
                         "mark")
    return [(cell, value)]


def parse_digit_set(item: str, size: int, empty: Callable[[Cell], bool]
                    ) -> list[tuple[object, str]]:
    """A digit grid's ``"3,1=4"`` (the digit is placed) or ``"3,1!=4"`` (struck out), on a
    grid of digits 1..``size`` whose cells ``empty`` says take a digit."""
    from aspuzzle.explain.parse import parse_cell

    neg = "!=" in item
    cell_text, sep, value = item.partition("!=" if neg else "=")
    if not sep or not value.strip().isdigit():
        raise UsageError(f"--set: '{item}' is not ROW,COL=DIGIT or ROW,COL!=DIGIT")
    cell = parse_cell(cell_text, "--set")
    d = int(value.strip()[:4])
    if not empty(cell):
        raise UsageError(f"({cell[0]},{cell[1]}) is not an empty cell of the puzzle")
    if not 1 <= d <= size:
        raise UsageError(f"--set: {d} is not a digit 1..{size}")
    return [((*cell, d), "no" if neg else "yes")]


def state_help(spec: GridSpec) -> str:
    if spec.digits:
        return "the text grid with the player's digits, pencil marks as [134]"
    marks = ", ".join(f"{m.token} {m.value}" for m in spec.marks)
    return f"the text grid with marks on its cells ({marks})"


def set_help(spec: GridSpec) -> str:
    if spec.digits:
        return "ROW,COL=DIGIT (place it) or ROW,COL!=DIGIT (strike it out)"
    return ("ROW,COL=" + "|".join(m.value for m in spec.marks)
            + " (or " + " / ".join(m.token for m in spec.marks) + ")")
