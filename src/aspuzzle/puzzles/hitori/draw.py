"""The SVG picture of a Hitori puzzle (see :func:`aspuzzle.render.render_svg`)."""

from __future__ import annotations

from typing import Any

from aspuzzle.explain.steps import Board
from aspuzzle.puzzles.hitori.model import HitoriInstance, HitoriSolution
from aspuzzle.render._draw import (
    CELL,
    INK,
    MARGIN,
    PAPER,
    SHADED_FILL,
    SOLVED_INK,
    Svg,
    font_for,
    grid_lines,
    open_cell,
)

__all__ = ["draw_hitori"]

Cell = tuple[int, int]
RenderOptions = Any
"""(:class:`aspuzzle.render.svg.RenderOptions`: which cells to highlight, ids)"""


def draw_hitori(inst: HitoriInstance, solution: HitoriSolution | None, board: Board | None,
                opts: RenderOptions) -> str:
    s, m = CELL, MARGIN
    h, w = inst.height, inst.width
    x0, y0 = m, m
    marks: dict[Cell, str] = {}
    if solution is not None:
        marks = {cell: "shaded" if cell in solution.shaded else "unshaded"
                 for cell in inst.cells()}
    elif board is not None:
        marks = {k: v for k, v in board.cells.items() if v in ("shaded", "unshaded")}
    size = font_for(str(max(max(row) for row in inst.grid)), s)

    svg = Svg()
    svg.open("g", {"class": "cells"})
    for cell in inst.cells():
        x, y = x0 + (cell[1] - 1) * s, y0 + (cell[0] - 1) * s
        mark = marks.get(cell)
        hl = opts.classes(cell)
        open_cell(svg, opts, cell, hl, mark)
        if mark == "shaded":
            svg.rect(x, y, s, s, {"class": "bg", "fill": SHADED_FILL})
            if hl:  # a shaded cell keeps its shade: the highlight is a frame inside it
                svg.rect(x + 3, y + 3, s - 6, s - 6, {"class": "frame", "fill": "none",
                                                      "stroke": opts.fill(hl),
                                                      "stroke-width": 4})
        else:
            svg.rect(x, y, s, s, {"class": "bg", "fill": opts.fill(hl) or PAPER})
        if mark == "unshaded" and board is not None:  # a player's "surely white" circle
            svg.leaf("circle", {"class": "circle", "cx": x + s / 2, "cy": y + s / 2,
                                "r": 0.38 * s, "fill": "none", "stroke": SOLVED_INK,
                                "stroke-width": 2})
        svg.text(x + s / 2, y + s / 2, str(inst.value(cell)), size, {"class": "number"},
                 fill="#e8e8e8" if mark == "shaded" else INK)
        svg.close("g")
    svg.close("g")
    grid_lines(svg, x0, y0, h, w, s)
    title = f"Hitori {h}x{w}" + (", solved" if solution is not None else "")
    return svg.document(x0 + w * s + m, y0 + h * s + m, "hitori", title)
