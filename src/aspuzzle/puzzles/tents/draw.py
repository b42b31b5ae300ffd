"""The SVG picture of a Tents puzzle (see :func:`aspuzzle.render.render_svg`)."""

from __future__ import annotations

from typing import Any

from aspuzzle.explain.steps import Board
from aspuzzle.puzzles.tents.model import TentsInstance, TentsSolution
from aspuzzle.render import _draw
from aspuzzle.render._draw import (
    CELL,
    GRASS_FILL,
    MARGIN,
    PAPER,
    Svg,
    font_for,
    grid_lines,
    open_cell,
)

__all__ = ["draw_tents"]

Cell = tuple[int, int]
RenderOptions = Any
"""(:class:`aspuzzle.render.svg.RenderOptions`: which cells to highlight, ids)"""


def draw_tents(inst: TentsInstance, solution: TentsSolution | None, board: Board | None,
               opts: RenderOptions) -> str:
    s, m = CELL, MARGIN
    h, w = inst.height, inst.width
    x0, y0 = m + s, m + s  # column clues above the grid, row clues left of it (the text format)
    cells = [(r, c) for r in range(1, h + 1) for c in range(1, w + 1)]
    tents: set[Cell] = set()
    grass: set[Cell] = set()
    links: set[tuple[Cell, Cell]] = set()
    if solution is not None:
        tents, links = set(solution.tents), set(solution.pairs)
        grass = set(cells) - tents - inst.trees
    elif board is not None:
        tents = {k for k, v in board.cells.items() if v == "tent"}
        grass = {k for k, v in board.cells.items() if v == "grass"}
        links = set(board.links)

    svg = Svg()
    svg.open("g", {"class": "cells"})
    for cell in cells:
        x, y = x0 + (cell[1] - 1) * s, y0 + (cell[0] - 1) * s
        value = ("tree" if cell in inst.trees else "tent" if cell in tents
                 else "grass" if cell in grass else None)
        hl = opts.classes(cell)
        open_cell(svg, opts, cell, hl, value)
        svg.rect(x, y, s, s, {"class": "bg", "fill": opts.fill(hl)
                              or (GRASS_FILL if value == "grass" else PAPER)})
        if value == "tree":
            _draw.tree(svg, x, y, s)
        elif value == "tent":
            _draw.tent(svg, x, y, s)
        elif value == "grass":
            _draw.grass(svg, x, y, s)
        svg.close("g")
    svg.close("g")
    grid_lines(svg, x0, y0, h, w, s)

    drawn = sorted((t, n) for t, n in links
                   if abs(t[0] - n[0]) + abs(t[1] - n[1]) == 1)  # a link to a non-neighbour
    if drawn:                                                    # has no place to be drawn
        svg.open("g", {"class": "links", "pointer-events": "none"})
        for (tr, tc), (nr, nc) in drawn:
            cx, cy = x0 + (tc - 0.5) * s, y0 + (tr - 0.5) * s
            dx, dy = nc - tc, nr - tr
            svg.line(cx + 0.3 * dx * s, cy + 0.3 * dy * s, cx + 0.7 * dx * s,
                     cy + 0.7 * dy * s,
                     {"class": "link", "data-tree": f"[{tr},{tc}]", "data-tent": f"[{nr},{nc}]",
                      "stroke": "#7c4a2d", "stroke-width": 3, "stroke-linecap": "round"})
        svg.close("g")

    svg.open("g", {"class": "clues"})
    for kind, clues in (("column", inst.col_clues), ("row", inst.row_clues)):
        for i, clue in enumerate(clues, 1):
            if kind == "column":
                x, y, attr = x0 + (i - 1) * s, m, "data-c"
            else:
                x, y, attr = m, y0 + (i - 1) * s, "data-r"
            hl = opts.classes((kind, i))
            svg.open("g", {"class": " ".join(("clue", kind, *hl)), attr: i,
                           "data-key": f'["{kind}",{i}]',
                           "data-value": "" if clue is None else clue})
            if hl:
                svg.rect(x + 3, y + 3, s - 6, s - 6, {"class": "bg", "rx": 4,
                                                      "fill": opts.fill(hl)})
            if clue is not None:  # a missing clue is left blank
                svg.text(x + s / 2, y + s / 2, str(clue), font_for(str(clue), s, 0.45),
                         bold=True)
            svg.close("g")
    svg.close("g")
    title = f"Tents {h}x{w}" + (", solved" if solution is not None else "")
    return svg.document(x0 + w * s + m, y0 + h * s + m, "tents", title)
