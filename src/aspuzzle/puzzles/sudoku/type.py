"""Sudoku (Tatham's "Solo") as kit data: fill the grid with the digits 1..n so that every row,
column and box (region) holds each digit once."""

from __future__ import annotations

from aspuzzle.kit.spec import CellKind, GridSpec

__all__ = ["SPEC"]

SPEC = GridSpec(
    name="sudoku", title="Sudoku", package="aspuzzle.puzzles.sudoku",
    aliases=("solo", "number-place"),
    description="every row, column and box holds each digit 1..n once",
    cells=(
        CellKind("given", "given", low=1, high=36, off="empty"),
        CellKind("empty", "empty", ".", playable=True, aliases=("0", "_", "-")),
    ),
    marks=(),
    answer="value", solution_key="grid",
    rules=("last_number_for_cell", "last_cell_for_number", "locked_candidates", "naked_pair",
           "hidden_pair",
           "repeated_numbers", "no_number_for_cell", "no_cell_for_number",
           "possible_cells_for_number", "possible_numbers_for_cell"),
    digits=True, regions=True, shared_after=2, verify_constants=(("all_given", "0"),),
    min_size=1, max_size=36, default_size=(9, 9),
)
