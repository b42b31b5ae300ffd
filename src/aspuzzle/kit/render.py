"""The SVG picture of a kit type's grid, drawn from its spec (cell fills, mark shapes)."""

from __future__ import annotations

from typing import Any

from aspuzzle.explain.steps import Board
from aspuzzle.kit.model import GridInstance, GridSolution
from aspuzzle.kit.spec import GridSpec
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
    pencil_marks,
)

__all__ = ["draw_svg"]

CELL = 40
MARGIN = 6


def draw_svg(spec: GridSpec, inst: GridInstance, solution: GridSolution | None,
             board: Board | None, opts: Any) -> str:
    if spec.digits:
        return _draw_digits(spec, inst, solution, board, opts)
    s, m = CELL, MARGIN
    h, w = inst.height, inst.width
    kinds = {k.name: k for k in spec.cells}
    marks: dict[tuple[int, int], str] = {}
    if solution is not None:
        # a solution shows its answer marks only (a player's board shows every mark)
        marks = {c: spec.answer_mark.value for c in solution.marked}
    elif board is not None:
        marks = {k: v for k, v in board.cells.items() if isinstance(v, str)}
    shapes = {mk.value: mk for mk in spec.marks}
    numbers = [str(n) for _, (_, n) in inst.positions() if n is not None]
    size = font_for(max(numbers, key=len) if numbers else "0", s)
    svg = Svg()
    svg.open("g", {"class": "cells"})
    for cell, (name, n) in inst.positions():
        kind = kinds[name]
        x, y = m + (cell[1] - 1) * s, m + (cell[0] - 1) * s
        mark = marks.get(cell)
        hl = opts.classes(cell)
        if kind.playable:
            open_cell(svg, opts, cell, hl, mark)
        else:  # no key: the player marks no such cell
            svg.open("g", {"class": " ".join(("cell", "fixed", *hl)), "data-r": cell[0],
                           "data-c": cell[1], "data-kind": name})
        fill = kind.fill or (opts.fill(hl) or PAPER)
        svg.rect(x, y, s, s, {"class": "bg", "fill": fill})
        if kind.fill and hl:
            svg.rect(x + 3, y + 3, s - 6, s - 6, {"class": "frame", "fill": "none",
                                                  "stroke": opts.fill(hl), "stroke-width": 4})
        if mark is not None and mark in shapes:
            _mark(svg, shapes[mark].draw, shapes[mark].colour, x, y, s, mark)
        if n is not None:
            svg.text(x + s / 2, y + s / 2, str(n), size, {"class": "number"},
                     fill="#f2f2f2" if kind.fill else INK)
        svg.close("g")
    svg.close("g")
    grid_lines(svg, m, m, h, w, s)
    title = f"{spec.title} {h}x{w}" + (", solved" if solution is not None else "")
    return svg.document(m + w * s + m, m + h * s + m, spec.name, title)


def _draw_digits(spec: GridSpec, inst: GridInstance, solution: GridSolution | None,
                 board: Board | None, opts: Any) -> str:
    """A digit grid: givens in bold, the player's or the solution's digits, pencil marks,
    region borders drawn thick."""
    s, n = CELL, inst.width
    m = MARGIN + (CELL if inst.edges else 0)  # a ring of clues outside the grid
    placed: dict[tuple[int, int], int] = {}
    struck: dict[tuple[int, int], set[int]] = {}
    if solution is not None:
        placed = {cell: solution.digit(cell, n) for cell, (_, g) in inst.positions() if g is None}
    elif board is not None:
        for (r, c, d), v in board.cells.items():
            if v == "yes":
                placed[(r, c)] = d
            else:
                struck.setdefault((r, c), set()).add(d)
    svg = Svg()
    svg.open("g", {"class": "cells"})
    for cell, (_, given) in inst.positions():
        x, y = m + (cell[1] - 1) * s, m + (cell[0] - 1) * s
        keys = [(cell[0], cell[1], d) for d in range(1, n + 1)]
        hl = opts.classes(cell, *keys)
        digit = given if given is not None else placed.get(cell)
        open_cell(svg, opts, cell, hl, digit)
        svg.rect(x, y, s, s, {"class": "bg", "fill": opts.fill(hl) or PAPER})
        if digit is not None:
            kind = "given" if given is not None else "placed"
            svg.text(x + s / 2, y + s / 2, str(digit), font_for(str(digit), s, 0.55),
                     {"class": f"digit {kind}"}, bold=kind == "given",
                     fill=INK if kind == "given" else SOLVED_INK)
        elif cell in struck:
            left = [d for d in range(1, n + 1) if d not in struck[cell]]
            pencil_marks(svg, opts, cell, x, y, left, n)
        svg.close("g")
    svg.close("g")
    grid_lines(svg, m, m, n, n, s)
    if inst.regions:  # region borders, thick
        svg.open("g", {"class": "regions", "pointer-events": "none"})
        for (r, c), _ in inst.positions():
            x, y = m + (c - 1) * s, m + (r - 1) * s
            if c < n and inst.region((r, c)) != inst.region((r, c + 1)):
                svg.line(x + s, y, x + s, y + s, {"stroke": BORDER, "stroke-width": 2.5})
            if r < n and inst.region((r, c)) != inst.region((r + 1, c)):
                svg.line(x, y + s, x + s, y + s, {"stroke": BORDER, "stroke-width": 2.5})
        svg.close("g")
    if inst.edges:
        _edge_clues(svg, inst, m, s)
    title = f"{spec.title} {n}x{n}" + (", solved" if solution is not None else "")
    return svg.document(m + n * s + m, m + n * s + m, spec.name, title)


def _edge_clues(svg: Svg, inst: GridInstance, m: float, s: float) -> None:
    """The clues outside the grid, one cell out from the end of their row or column."""
    svg.open("g", {"class": "edge-clues"})
    h, w = inst.height, inst.width
    for side, line, n in inst.edge_clues():
        if side in ("top", "bottom"):
            x = m + (line - 1) * s + s / 2
            y = m - s / 2 if side == "top" else m + h * s + s / 2
        else:
            y = m + (line - 1) * s + s / 2
            x = m - s / 2 if side == "left" else m + w * s + s / 2
        svg.text(x, y, str(n), font_for(str(n), s, 0.5), {"class": f"clue {side}",
                                                            "data-side": side,
                                                            "data-line": line}, fill=INK)
    svg.close("g")





def _mark(svg: Svg, how: str, colour: str, x: float, y: float, s: float, value: str) -> None:
    attrs = {"class": f"mark {value}"}
    if how == "disc":
        svg.leaf("circle", {**attrs, "cx": x + s / 2, "cy": y + s / 2, "r": 0.32 * s,
                            "fill": colour, "stroke": INK, "stroke-width": 1.5})
    elif how == "fill":
        svg.rect(x + 1, y + 1, s - 2, s - 2, {**attrs, "fill": colour})
    elif how == "cross":
        _draw.cross(svg, x, y, s)
    else:
        svg.leaf("circle", {**attrs, "cx": x + s / 2, "cy": y + s / 2, "r": 0.08 * s,
                            "fill": colour})
