"""Light Up (Akari; Tatham's "Light Up") as kit data: put bulbs on white cells so that every
white cell is lit, no bulb lights another, and each number counts the bulbs next to it."""

from __future__ import annotations

from aspuzzle.kit.model import Cell, GridInstance, GridSolution
from aspuzzle.kit.spec import CellKind, GridSpec, LegupSpec, Mark

__all__ = ["SPEC", "bulbs_around"]

SPEC = GridSpec(
    name="lightup", title="Light Up", package="aspuzzle.puzzles.lightup",
    aliases=("light-up", "akari", "bijutsukan"),
    description="bulbs light their row and column up to a black cell; every white cell lit, "
                "no bulb lit by another, a number counts the bulbs next to it",
    cells=(
        CellKind("white", "white", ".", playable=True, aliases=("_",)),
        CellKind("black", "black", "#", aliases=("X",), fill="#2b2b2b"),
        CellKind("number", "number", low=0, high=4, off="black", fill="#2b2b2b"),
    ),
    marks=(
        Mark("bulb", "*", ("a bulb", "bulbs"), answer=True, aliases=("o", "O", "light", "b"),
             glyph="💡", draw="disc", colour="#f7d23e"),
        Mark("empty", "+", ("empty", "empty"), aliases=("x", "-", "e", "dot"), glyph="·",
             draw="dot"),
    ),
    answer="bulb", solution_key="bulbs",
    rules=("finish_with_bulbs", "finish_with_empty", "empty_cells_in_light", "empty_corners",
           "must_light", "would_starve_a_number", "would_leave_dark", "bulbs_in_path",
           "cannot_light_a_cell", "too_few_bulbs", "too_many_bulbs", "satisfy_number",
           "light_or_empty"),
    min_size=1, max_size=100, default_size=(7, 7),
    legup=LegupSpec("LightUp", {"bulb": -4, "empty": -3, "unknown": -2, "black": -1}),
    generate_constants=(("black_share", "20"),), generate_params="b{black_share}",
    verify_constants=(("spread", "100"), ("unnumbered", "1")),
)


def bulbs_around(inst: GridInstance, solution: GridSolution, cell: Cell) -> int:
    """The number a black cell would show in the solution: the bulbs next to it."""
    r, c = cell
    return sum(1 for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
               if n in solution.marked)
