"""Skyscrapers (Tatham's "Towers") as kit data: fill the grid with the digits 1..n, each once in
every row and column; a clue outside the grid says how many buildings are seen from there (a
taller building hides every shorter one behind it)."""

from __future__ import annotations

from aspuzzle.kit.spec import CellKind, GridSpec

__all__ = ["SPEC"]

SPEC = GridSpec(
    name="skyscrapers", title="Skyscrapers", package="aspuzzle.puzzles.skyscrapers",
    aliases=("towers", "skyscraper", "building"),
    description="every row and column holds each height 1..n once; a clue outside the grid "
                "counts the buildings seen from there, a taller one hiding those behind it",
    cells=(
        CellKind("given", "given", low=1, high=9, off="empty"),
        CellKind("empty", "empty", ".", playable=True, aliases=("0", "_", "-")),
    ),
    marks=(),
    answer="value", solution_key="grid",
    rules=("last_number_for_cell", "last_cell_for_number", "n_edge", "last_visible_number",
           "last_visible_cell", "clue_arrangements",
           "duplicate_number", "exceeding_visibility", "insufficient_visibility",
           "unresolved_cell", "unresolved_number", "preemptive_visibility",
           "cell_for_number", "number_for_cell"),
    digits=True, edge_clues="clue", shared_after=2, shared_up_to=7,
    verify_constants=(("all_given", "0"),),
    min_size=1, max_size=9, default_size=(5, 5),
)
