"""SVG pictures of puzzles: unsolved, solved, or a player's board with cells highlighted.

>>> import aspuzzle
>>> from aspuzzle.render import render_svg
>>> p = aspuzzle.load("examples/hitori/seed-6x6.txt")
>>> svg = render_svg(p, solution=aspuzzle.solve(p).solutions[0])
>>> svg.count('data-value="shaded"')
11

One renderer draws every type, as the command line (``render --svg``, ``solve --svg``) and the
web page do. Each cell is a ``<g class="cell ...">`` with ``data-`` attributes that name its
board key (``data-r``/``data-c`` for grid puzzles; ``data-key`` with the key as JSON for every
type) and, with ``ids=True``, a stable ``id``, so that a page can make cells clickable and
send back what was clicked. The output is deterministic (same input, same bytes) and
self-contained (no fonts, images or stylesheets are fetched).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from aspuzzle.errors import UsageError
from aspuzzle.explain.steps import Board, Key
from aspuzzle.render._draw import HIGHLIGHT_COLOURS

__all__ = ["Highlight", "RenderOptions", "render_svg"]

Highlight = Iterable[Key] | Mapping[str, Iterable[Key]]
"""Board keys to highlight, all with ``highlight_class``; or CSS class -> keys, to show
several kinds at once (a hint and an error, say)."""


@dataclass(frozen=True)
class RenderOptions:
    """What every type's drawer is told besides the puzzle."""

    ids: bool = True
    id_prefix: str = "cell-"
    marks: Mapping[Any, tuple[str, ...]] = field(default_factory=dict)
    """Highlighted keys -> their CSS classes."""

    def classes(self, *keys: Any) -> tuple[str, ...]:
        """The highlight classes of whichever of ``keys`` are highlighted (a cell can be
        named by more than one key: Futoshiki's ``(r, c)`` and ``(r, c, digit)``)."""
        out: list[str] = []
        for k in keys:
            for cls in self.marks.get(k, ()):
                if cls not in out:
                    out.append(cls)
        return tuple(out)

    def fill(self, classes: tuple[str, ...]) -> str | None:
        """The colour of a highlighted cell: its first class's, or None."""
        if not classes:
            return None
        return HIGHLIGHT_COLOURS.get(classes[0], HIGHLIGHT_COLOURS["highlight"])

    def cell_id(self, suffix: str) -> str | None:
        return f"{self.id_prefix}{suffix}" if self.ids else None


def _marks(highlight: Highlight, highlight_class: str) -> dict[Any, tuple[str, ...]]:
    groups: Iterable[tuple[str, Iterable[Key]]] = (
        highlight.items() if isinstance(highlight, Mapping) else [(highlight_class, highlight)])
    marks: dict[Any, tuple[str, ...]] = {}
    for cls, keys in groups:
        if not cls or any(ch.isspace() for ch in cls):
            raise UsageError(f"highlight class {cls!r} must be one word (a CSS class name)")
        for k in keys:
            if cls not in marks.get(k, ()):
                marks[k] = (*marks.get(k, ()), cls)
    return marks


def _as_loaded(puzzle: Any) -> Any:
    from aspuzzle.api import as_loaded

    return as_loaded(puzzle, "draw")


def render_svg(puzzle: Any, *, solution: Any = None, board: Board | None = None,
               highlight: Highlight = (), highlight_class: str = "highlight",
               ids: bool = True, id_prefix: str = "cell-") -> str:
    """The SVG picture of a puzzle (an :class:`aspuzzle.Loaded` or a bare instance).

    - ``solution``: draw the solved puzzle (tents and grass, digits, shading, the logic grid's
      marks and its table of groups);
    - ``board``: draw a player's board instead (:class:`aspuzzle.explain.Board`, as the
      explain engine and ``read_board`` give it): Tents tent / grass marks and links, Futoshiki
      placed digits and pencil marks, Hitori shaded and circled cells, logic-grid ✓ / ✗;
    - ``highlight``: board keys to highlight (Tents and Hitori ``(r, c)``, Tents clues also
      ``("row", i)`` / ``("column", j)``; Futoshiki ``(r, c)`` or ``(r, c, digit)``; logic
      grids ``((category, value), (category, value))``), each cell given the CSS class
      ``highlight_class`` and a fill colour, or a mapping CSS class -> keys;
    - ``ids``: give every cell an ``id`` (``id_prefix`` + ``r1c2``; a logic-grid cell by the
      positions of its two categories and values), unique within the picture.
    """
    if solution is not None and board is not None:
        raise UsageError("draw a solution or a player's board, not both")
    loaded = _as_loaded(puzzle)
    opts = RenderOptions(ids=ids, id_prefix=id_prefix, marks=_marks(highlight, highlight_class))
    draw = getattr(loaded.puzzle, "draw_svg", None)  # each type draws itself
    if draw is None:
        raise UsageError(f"no picture for {loaded.puzzle.name} puzzles")
    return str(draw(loaded.instance, solution, board, opts))
