"""The SVG picture of a Futoshiki puzzle (see :func:`aspuzzle.render.render_svg`)."""

from __future__ import annotations

from typing import Any

from aspuzzle.explain.steps import Board
from aspuzzle.puzzles.futoshiki.model import FutoshikiInstance, FutoshikiSolution
from aspuzzle.render._draw import (
    BORDER,
    CELL,
    INK,
    MARGIN,
    PAPER,
    SOLVED_INK,
    Svg,
    font_for,
    open_cell,
    pencil_marks,
)

__all__ = ["draw_futoshiki"]

Cell = tuple[int, int]
RenderOptions = Any
"""(:class:`aspuzzle.render.svg.RenderOptions`: which cells to highlight, ids)"""


GAP = 18
"""Futoshiki's cells stand apart, as on paper, with the signs in the gaps."""


def draw_futoshiki(inst: FutoshikiInstance, solution: FutoshikiSolution | None,
                   board: Board | None, opts: RenderOptions) -> str:
    s, g, m, n = CELL, GAP, MARGIN, inst.size
    pitch = s + g

    def corner(cell: Cell) -> tuple[float, float]:
        return m + (cell[1] - 1) * pitch, m + (cell[0] - 1) * pitch

    given = {(r, c): d for r, c, d in inst.givens}
    placed: dict[Cell, int] = {}
    struck: dict[Cell, set[int]] = {}
    if board is not None:
        for (r, c, d), v in board.cells.items():
            if v == "yes":
                placed[(r, c)] = d
            elif v == "no":
                struck.setdefault((r, c), set()).add(d)

    svg = Svg()
    svg.open("g", {"class": "cells"})
    for cell in [(r, c) for r in range(1, n + 1) for c in range(1, n + 1)]:
        x, y = corner(cell)
        digit_keys = [(cell[0], cell[1], d) for d in range(1, n + 1)]
        hl = opts.classes(cell, *digit_keys)
        digit, kind = given.get(cell), "given"
        if digit is None and solution is not None:
            digit, kind = solution.at(cell), "solved"
        elif digit is None and cell in placed:
            digit, kind = placed[cell], "placed"
        open_cell(svg, opts, cell, hl, digit)
        svg.rect(x, y, s, s, {"class": "bg", "rx": 2, "fill": opts.fill(hl) or PAPER,
                              "stroke": BORDER, "stroke-width": 1.5})
        if digit is not None:
            svg.text(x + s / 2, y + s / 2, str(digit), font_for(str(digit), s, 0.55),
                     {"class": f"digit {kind}"}, bold=kind == "given",
                     fill=INK if kind == "given" else SOLVED_INK)
        elif cell in struck:
            pencil_marks(svg, opts, cell, x, y, [d for d in range(1, n + 1)
                                                  if d not in struck[cell]], n)
        svg.close("g")
    svg.close("g")

    if inst.greater:
        svg.open("g", {"class": "signs", "pointer-events": "none"})
        for a, b in sorted(inst.greater):
            _sign(svg, corner, a, b)
        svg.close("g")
    if inst.bars:
        svg.open("g", {"class": "bars", "pointer-events": "none"})
        for a, b in sorted(inst.bars):
            xa, ya = corner(min(a, b))
            attrs = {"class": "bar", "data-a": f"[{a[0]},{a[1]}]", "data-b": f"[{b[0]},{b[1]}]",
                     "fill": INK}
            if a[0] == b[0]:  # neighbours in a row: an upright bar in the gap between them
                svg.rect(xa + s + g / 2 - 2, ya + 0.2 * s, 4, 0.6 * s, attrs)
            else:
                svg.rect(xa + 0.2 * s, ya + s + g / 2 - 2, 0.6 * s, 4, attrs)
        svg.close("g")
    side = 2 * m + n * s + (n - 1) * g
    mode = " adjacent" if inst.adjacent else ""
    title = f"Futoshiki {n}x{n}{mode}" + (", solved" if solution is not None else "")
    return svg.document(side, side, "futoshiki", title)


def _sign(svg: Svg, corner: Any, a: Cell, b: Cell) -> None:
    """``a > b``: a chevron in the gap between them, its point towards the smaller cell."""
    s, g = CELL, GAP
    xa, ya = corner(min(a, b))
    attrs = {"class": "sign", "data-greater": f"[{a[0]},{a[1]}]",
             "data-smaller": f"[{b[0]},{b[1]}]", "fill": "none", "stroke": INK,
             "stroke-width": 2.2, "stroke-linecap": "round", "stroke-linejoin": "round"}
    if a[0] == b[0]:
        gx, gy, hw, hh = xa + s + g / 2, ya + s / 2, 0.28 * g, 0.18 * s
        t = 1 if b[1] > a[1] else -1  # the point's side
        svg.path([(gx - t * hw, gy - hh), (gx + t * hw, gy), (gx - t * hw, gy + hh)], attrs)
    else:
        gx, gy, hw, hh = xa + s / 2, ya + s + g / 2, 0.18 * s, 0.28 * g
        t = 1 if b[0] > a[0] else -1
        svg.path([(gx - hw, gy - t * hh), (gx, gy + t * hh), (gx + hw, gy - t * hh)], attrs)
