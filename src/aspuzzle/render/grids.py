"""Pictures of the grid puzzles: Tents, Futoshiki and Hitori.

Each cell is ``<g class="cell [highlight classes]" data-r data-c data-key [data-value]>``
holding a background ``rect class="bg"`` and what the cell shows; grid lines are drawn over
the cells (so that a highlighted cell keeps its borders) and then the clues, signs and links.
"""

from __future__ import annotations

import math
from typing import Any

from aspuzzle.explain.steps import Board
from aspuzzle.puzzles.futoshiki.model import FutoshikiInstance, FutoshikiSolution
from aspuzzle.puzzles.hitori.model import HitoriInstance, HitoriSolution
from aspuzzle.puzzles.tents.model import TentsInstance, TentsSolution
from aspuzzle.render import _draw
from aspuzzle.render._draw import (
    BORDER,
    INK,
    PAPER,
    SOLVED_INK,
    Svg,
    font_for,
    grid_lines,
    open_cell,
)
from aspuzzle.render.svg import RenderOptions

__all__ = ["draw_futoshiki", "draw_hitori", "draw_tents"]

CELL = 40
MARGIN = 6
GRASS_FILL = "#e3f0d3"
SHADED_FILL = "#2b2b2b"

Cell = tuple[int, int]


# --- Tents -------------------------------------------------------------------------------------

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


# --- Futoshiki ---------------------------------------------------------------------------------

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
            _pencil_marks(svg, opts, cell, x, y, [d for d in range(1, n + 1)
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


def _pencil_marks(svg: Svg, opts: RenderOptions, cell: Cell, x: float, y: float,
                  candidates: list[int], n: int) -> None:
    """A cell's candidates, each digit in a slot of its own (1 top left, as players write
    them), so that a digit stays in place as others are struck out."""
    k = math.ceil(math.sqrt(n))
    sub = CELL / k
    for d in candidates:
        row, col = divmod(d - 1, k)
        hl = opts.classes((cell[0], cell[1], d))
        cx, cy = x + (col + 0.5) * sub, y + (row + 0.5) * sub
        if hl:
            svg.rect(cx - sub / 2 + 1, cy - sub / 2 + 1, sub - 2, sub - 2,
                     {"class": " ".join(("pencil-bg", *hl)), "rx": 2,
                      "fill": opts.fill(hl)})
        svg.text(cx, cy, str(d), font_for(str(d), sub, 0.72), {"class": "pencil", "data-d": d},
                 fill="#555555")


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


# --- Hitori ------------------------------------------------------------------------------------

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
