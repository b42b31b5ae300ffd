"""The picture of a logic grid: the classic matrix of the puzzle magazines, and (solved) the
table of groups.

The matrix is a staircase of blocks, one per pair of categories: the categories but the first
along the top, the first and then the others from the last backwards down the side, so that
every pair meets exactly once (the key category against all the others in the first band of
rows). A cell is ``<g class="cell" data-key='[["House",1],["Name","Bob"]]'>`` (the board key:
the two values in the puzzle's category order) holding a ✓ (``path class="mark true"``) or
a ✗ (``mark false``), drawn as paths so that no font needs those glyphs.
"""

from __future__ import annotations

import json

from aspuzzle.explain.steps import Board
from aspuzzle.puzzles.logicgrid.model import Category, LogicGridInstance, LogicGridSolution, Value
from aspuzzle.render import _draw
from aspuzzle.render._draw import BORDER, GRID_LINE, INK, PAPER, Svg, text_width
from aspuzzle.render.svg import RenderOptions

__all__ = ["draw_logicgrid"]

CELL = 26
MARGIN = 8
LABEL = 12
"""Font size of the values."""
NAME = 13
"""Font size of the categories' names."""
BAND = 22
"""Room for the categories' names, above and left of the value labels."""
ROW = 24
"""Height of a row of the table of groups."""

Ref = tuple[str, Value]
PairKey = tuple[Ref, Ref]


def _fit(text: str, size: float, room: float) -> float:
    """``size``, or less so that ``text`` (bold) fits in ``room``."""
    need = text_width(text, size, bold=True)
    return size if need <= room else max(6.0, size * room / need)


def draw_logicgrid(inst: LogicGridInstance, solution: LogicGridSolution | None,
                   board: Board | None, opts: RenderOptions) -> str:
    cats = inst.categories
    k, n = len(cats), len(cats[0].values)
    order = {c.name: i for i, c in enumerate(cats)}
    top = list(cats[1:])
    side = [cats[0], *reversed(cats[2:])]
    block = n * CELL
    top_room = max(text_width(str(v), LABEL) for c in top for v in c.values) + 8
    side_room = max(text_width(str(v), LABEL) for c in side for v in c.values) + 8
    x0, y0 = MARGIN + BAND + side_room, MARGIN + BAND + top_room

    marks: dict[PairKey, bool] = {}
    if solution is not None:
        entity = {(c, v): i for i, group in enumerate(solution.groups) for c, v in group}
        for a, b in _pairs(cats):
            marks[(a, b)] = entity.get(a) == entity.get(b)
    elif board is not None:
        marks = {key: v == "true" for key, v in board.cells.items() if v in ("true", "false")}

    svg = Svg()
    svg.open("g", {"class": "labels"})
    for ti, cat in enumerate(top):
        bx = x0 + ti * block
        svg.text(bx + block / 2, MARGIN + BAND / 2, cat.name, _fit(cat.name, NAME, block - 4),
                 {"class": "category", "data-category": cat.name}, bold=True)
        for vi, v in enumerate(cat.values):
            px, py = bx + (vi + 0.5) * CELL + 0.36 * LABEL, y0 - 4
            svg.leaf("text", {"class": "value", "data-category": cat.name, "x": px, "y": py,
                              "font-size": LABEL, "fill": INK, "text-anchor": "start",
                              "transform": f"rotate(-90 {_draw.num(px)} {_draw.num(py)})"},
                     str(v))
    for si, cat in enumerate(side):
        by = y0 + si * block
        cx, cy = MARGIN + BAND / 2, by + block / 2
        size = _fit(cat.name, NAME, block - 4)
        svg.text(cx, cy, cat.name, size,
                 {"class": "category", "data-category": cat.name,
                  "transform": f"rotate(-90 {_draw.num(cx)} {_draw.num(cy)})"}, bold=True)
        for vi, v in enumerate(cat.values):
            svg.text(x0 - 4, by + (vi + 0.5) * CELL, str(v), LABEL,
                     {"class": "value", "data-category": cat.name}, anchor="end")
    svg.close("g")

    svg.open("g", {"class": "cells"})
    for si, scat in enumerate(side):
        for ti, tcat in enumerate(top[:k - 1 - si]):
            for ri, sv in enumerate(scat.values):
                for ci, tv in enumerate(tcat.values):
                    a, b = (scat.name, sv), (tcat.name, tv)
                    key = (a, b) if order[scat.name] < order[tcat.name] else (b, a)
                    x, y = x0 + ti * block + ci * CELL, y0 + si * block + ri * CELL
                    _cell(svg, opts, key, x, y, marks.get(key), cats)
    svg.close("g")

    svg.open("g", {"class": "grid", "pointer-events": "none"})
    for si in range(k - 1):
        for ti in range(k - 1 - si):
            bx, by = x0 + ti * block, y0 + si * block
            for i in range(1, n):
                svg.line(bx, by + i * CELL, bx + block, by + i * CELL,
                         {"stroke": GRID_LINE, "stroke-width": 1})
                svg.line(bx + i * CELL, by, bx + i * CELL, by + block,
                         {"stroke": GRID_LINE, "stroke-width": 1})
            svg.rect(bx, by, block, block, {"class": "border", "fill": "none",
                                            "stroke": BORDER, "stroke-width": 2})
    svg.close("g")

    width = x0 + (k - 1) * block + MARGIN
    height = y0 + (k - 1) * block + MARGIN
    if solution is not None:
        table_w, table_h = _groups(svg, cats, solution, MARGIN, height + 8)
        width, height = max(width, table_w + 2 * MARGIN), height + 8 + table_h + MARGIN
    title = inst.title or f"Logic grid, {k} categories of {n}"
    return svg.document(width, height, "logicgrid",
                        title + (", solved" if solution is not None else ""))


def _pairs(cats: tuple[Category, ...]) -> list[PairKey]:
    return [((a.name, va), (b.name, vb)) for i, a in enumerate(cats) for b in cats[i + 1:]
            for va in a.values for vb in b.values]


def _cell(svg: Svg, opts: RenderOptions, key: PairKey, x: float, y: float,
          mark: bool | None, cats: tuple[Category, ...]) -> None:
    (ca, va), (cb, vb) = key
    index = {c.name: i for i, c in enumerate(cats)}
    ia, ib = index[ca], index[cb]
    suffix = f"c{ia}v{cats[ia].values.index(va)}-c{ib}v{cats[ib].values.index(vb)}"
    hl = opts.classes(key, (key[1], key[0]))  # a pair named either way round
    svg.open("g", {"class": " ".join(("cell", *hl)), "id": opts.cell_id(suffix),
                   "data-key": json.dumps([list(key[0]), list(key[1])], ensure_ascii=False),
                   "data-value": None if mark is None else "true" if mark else "false"})
    svg.rect(x, y, CELL, CELL, {"class": "bg", "fill": opts.fill(hl) or PAPER})
    if mark is True:
        _draw.check(svg, x, y, CELL)
    elif mark is False:
        _draw.cross(svg, x, y, CELL)
    svg.close("g")


def _groups(svg: Svg, cats: tuple[Category, ...], solution: LogicGridSolution, x: float,
            y: float) -> tuple[float, float]:
    """The solution as a table, one row per group (key value first); its width and height."""
    widths = [max(text_width(c.name, LABEL, bold=True),
                  *(text_width(str(v), LABEL) for v in c.values)) + 16 for c in cats]
    total = sum(widths)
    svg.open("g", {"class": "groups"})
    cx = x
    for c, w in zip(cats, widths, strict=True):
        svg.text(cx + 8, y + ROW / 2, c.name, LABEL, {"class": "category"}, bold=True,
                 anchor="start")
        cx += w
    svg.line(x, y + ROW, x + total, y + ROW, {"stroke": BORDER, "stroke-width": 1.5})
    for gi, group in enumerate(solution.groups):
        values = dict(group)
        gy = y + (gi + 1) * ROW
        svg.open("g", {"class": "group", "data-entity": str(values.get(cats[0].name, ""))})
        if gi % 2:
            svg.rect(x, gy, total, ROW, {"fill": "#f3f4f6"})
        cx = x
        for c, w in zip(cats, widths, strict=True):
            svg.text(cx + 8, gy + ROW / 2, str(values.get(c.name, "")), LABEL,
                     {"class": "group-value", "data-category": c.name}, anchor="start")
            cx += w
        svg.close("g")
    svg.close("g")
    return total, (len(solution.groups) + 1) * ROW
