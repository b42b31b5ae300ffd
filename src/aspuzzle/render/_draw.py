"""What every picture shares: an SVG writer, the palette, the font and the small shapes.

Everything is drawn with presentation attributes, never a ``<style>`` sheet: a picture then
looks the same in a browser and in cairosvg (PNG), and a page that shows it inline can still
restyle it, since any CSS rule outranks a presentation attribute. Classes and ``data-``
attributes name what each element is, for the page's scripts and for the tests.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any
from xml.sax.saxutils import escape, quoteattr

__all__ = [
    "FONT",
    "HIGHLIGHT_COLOURS",
    "INK",
    "SOLVED_INK",
    "Svg",
    "num",
    "text_width",
]

FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
"""DejaVu Sans first: it is what cairosvg finds on a Debian machine, so the PNG and the golden
SVG's intended look agree; browsers fall back to their own sans-serif."""

INK = "#111111"
"""The puzzle's own marks: givens, clues, signs."""
SOLVED_INK = "#1d4ed8"
"""What was solved or written by the player, told apart from the givens."""
GRID_LINE = "#8a8a8a"
BORDER = "#222222"
PAPER = "#ffffff"

HIGHLIGHT_COLOURS: Mapping[str, str] = {
    "highlight": "#ffe08a",
    "hint": "#bfdbfe",
    "error": "#fecaca",
    "ok": "#bbf7d0",
}
"""Fill of a highlighted cell by its CSS class; any other class is drawn as ``highlight``
(the page's stylesheet can still give it its own colour)."""

Attrs = Mapping[str, object]


def num(x: float) -> str:
    """A coordinate as SVG text: integers without a decimal point, else two decimals at most
    (so that the output is the same on every machine)."""
    if float(x).is_integer():
        return str(int(x))
    return f"{x:.2f}".rstrip("0").rstrip(".")


_ADVANCE = (
    318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 318, 337, 636, 636,
    636, 636, 636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 698,
    770, 632, 575, 775, 752, 295, 295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732,
    684, 989, 685, 611, 685, 390, 337, 390, 838, 500, 500, 613, 635, 550, 635, 615, 352, 635,
    634, 278, 278, 579, 278, 974, 634, 612, 635, 635, 411, 521, 392, 634, 592, 818, 592, 592,
    525, 636, 337, 636, 838)
"""DejaVu Sans's advance widths of the printable ASCII characters (space to ``~``), in
thousandths of the font size."""


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """The width of ``text`` in DejaVu Sans at ``size``, from the font's advance widths (any
    other character counted as a wide one): enough to lay out a logic grid's labels without
    reading a font file, so that the layout is the same everywhere."""
    units = sum(_ADVANCE[ord(ch) - 32] if " " <= ch <= "~" else 700 for ch in text)
    return units * size / 1000 * (1.1 if bold else 1.0)


def _attrs(attrs: Attrs) -> str:
    out = []
    for k, v in attrs.items():
        if v is None or v is False:
            continue
        value = num(v) if isinstance(v, float | int) and not isinstance(v, bool) else str(v)
        out.append(f" {k}={quoteattr(value)}")
    return "".join(out)


class Svg:
    """An SVG document written element by element, one per line, indented by depth."""

    def __init__(self) -> None:
        self._lines: list[str] = []
        self._depth = 0

    def open(self, tag: str, attrs: Attrs | None = None) -> None:
        self._lines.append("  " * self._depth + f"<{tag}{_attrs(attrs or {})}>")
        self._depth += 1

    def close(self, tag: str) -> None:
        self._depth -= 1
        self._lines.append("  " * self._depth + f"</{tag}>")

    def leaf(self, tag: str, attrs: Attrs | None = None, text: str | None = None) -> None:
        head = "  " * self._depth + f"<{tag}{_attrs(attrs or {})}"
        self._lines.append(head + ("/>" if text is None else f">{escape(text)}</{tag}>"))

    def text(self, x: float, y: float, text: str, size: float, attrs: Attrs | None = None,
             *, bold: bool = False, fill: str = INK, anchor: str = "middle") -> None:
        """Text whose middle sits at height ``y`` (SVG places text on its baseline; the
        baseline is put a third of the size below, which centres digits and capitals without
        ``dominant-baseline``, which cairosvg does not honour)."""
        a: dict[str, object] = dict(attrs or {})
        a.update({"x": x, "y": y + 0.36 * size, "font-size": size, "fill": fill,
                  "text-anchor": anchor})
        if bold:
            a["font-weight"] = "bold"
        self.leaf("text", a, text)

    def rect(self, x: float, y: float, w: float, h: float, attrs: Attrs | None = None) -> None:
        self.leaf("rect", {**(attrs or {}), "x": x, "y": y, "width": w, "height": h})

    def line(self, x1: float, y1: float, x2: float, y2: float,
             attrs: Attrs | None = None) -> None:
        self.leaf("line", {**(attrs or {}), "x1": x1, "y1": y1, "x2": x2, "y2": y2})

    def path(self, points: Iterable[tuple[float, float]], attrs: Attrs | None = None,
             *, closed: bool = False) -> None:
        d = " ".join(f"{'M' if i == 0 else 'L'}{num(x)} {num(y)}"
                     for i, (x, y) in enumerate(points))
        self.leaf("path", {**(attrs or {}), "d": d + (" Z" if closed else "")})

    def document(self, width: float, height: float, kind: str, title: str) -> str:
        """The whole picture: the root element (its size in pixels, a viewBox so that it
        scales), a title for screen readers, a white page under everything."""
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" class="aspuzzle aspuzzle-{kind}"'
                f' width="{num(width)}" height="{num(height)}"'
                f' viewBox="0 0 {num(width)} {num(height)}" font-family={quoteattr(FONT)}>')
        body = [f"  <title>{escape(title)}</title>",
                f'  <rect class="paper" x="0" y="0" width="{num(width)}"'
                f' height="{num(height)}" fill="{PAPER}"/>']
        body += ["  " + line for line in self._lines]
        return "\n".join([head, *body, "</svg>"]) + "\n"


# --- small shapes, each drawn in a box of side ``s`` whose top-left corner is (x, y) ---------

def tree(svg: Svg, x: float, y: float, s: float) -> None:
    svg.open("g", {"class": "tree"})
    svg.rect(x + 0.44 * s, y + 0.52 * s, 0.12 * s, 0.3 * s, {"fill": "#7c4a2d"})
    svg.leaf("circle", {"cx": x + 0.5 * s, "cy": y + 0.4 * s, "r": 0.27 * s,
                        "fill": "#2e7d32", "stroke": "#1b5e20", "stroke-width": 1})
    svg.close("g")


def tent(svg: Svg, x: float, y: float, s: float) -> None:
    svg.open("g", {"class": "tent"})
    svg.path([(x + 0.5 * s, y + 0.18 * s), (x + 0.84 * s, y + 0.8 * s),
              (x + 0.16 * s, y + 0.8 * s)],
             {"fill": "#f28c28", "stroke": "#a04a00", "stroke-width": 1.5,
              "stroke-linejoin": "round"}, closed=True)
    svg.path([(x + 0.5 * s, y + 0.46 * s), (x + 0.62 * s, y + 0.8 * s),
              (x + 0.38 * s, y + 0.8 * s)], {"fill": "#7a3300"}, closed=True)
    svg.close("g")


def grass(svg: Svg, x: float, y: float, s: float) -> None:
    """Three blades, so that grass reads as grass also in black and white."""
    svg.open("g", {"class": "grass"})
    for dx in (0.38, 0.5, 0.62):
        tip = -0.08 if dx < 0.5 else 0.08 if dx > 0.5 else 0
        svg.line(x + dx * s, y + 0.66 * s, x + (dx + tip) * s, y + 0.5 * s,
                 {"stroke": "#558b2f", "stroke-width": 1.5, "stroke-linecap": "round"})
    svg.close("g")


def check(svg: Svg, x: float, y: float, s: float) -> None:
    svg.path([(x + 0.24 * s, y + 0.52 * s), (x + 0.42 * s, y + 0.72 * s),
              (x + 0.78 * s, y + 0.28 * s)],
             {"class": "mark true", "fill": "none", "stroke": "#15803d",
              "stroke-width": 0.12 * s, "stroke-linecap": "round",
              "stroke-linejoin": "round"})


def cross(svg: Svg, x: float, y: float, s: float) -> None:
    a, b = x + 0.3 * s, x + 0.7 * s
    c, d = y + 0.3 * s, y + 0.7 * s
    svg.leaf("path", {"class": "mark false",
                      "d": f"M{num(a)} {num(c)} L{num(b)} {num(d)} M{num(b)} {num(c)} "
                           f"L{num(a)} {num(d)}",
                      "fill": "none", "stroke": "#9ca3af", "stroke-width": 0.08 * s,
                      "stroke-linecap": "round"})


# --- shared by the grid pictures -----------------------------------------------------------

CELL = 40
MARGIN = 6
GRASS_FILL = "#e3f0d3"
SHADED_FILL = "#2b2b2b"


def open_cell(svg: Svg, opts: Any, cell: tuple[int, int], hl: tuple[str, ...],
               value: str | int | None) -> None:
    r, c = cell
    svg.open("g", {"class": " ".join(("cell", *hl)), "id": opts.cell_id(f"r{r}c{c}"),
                   "data-r": r, "data-c": c, "data-key": f"[{r},{c}]",
                   "data-value": value})


def grid_lines(svg: Svg, x0: float, y0: float, rows: int, cols: int, s: float) -> None:
    svg.open("g", {"class": "grid", "pointer-events": "none"})
    for r in range(1, rows):
        svg.line(x0, y0 + r * s, x0 + cols * s, y0 + r * s,
                 {"stroke": GRID_LINE, "stroke-width": 1})
    for c in range(1, cols):
        svg.line(x0 + c * s, y0, x0 + c * s, y0 + rows * s,
                 {"stroke": GRID_LINE, "stroke-width": 1})
    svg.rect(x0, y0, cols * s, rows * s, {"class": "border", "fill": "none",
                                          "stroke": BORDER, "stroke-width": 2})
    svg.close("g")


def font_for(text: str, s: float, share: float = 0.5) -> float:
    """A size that fits ``text`` in a cell of side ``s``: ``share`` of the cell for one or two
    characters, smaller for longer numbers (Hitori numbers go up to 9999)."""
    return min(share * s, 0.84 * s / (0.62 * max(1, len(text))))


def pencil_marks(svg: Svg, opts: Any, cell: tuple[int, int], x: float, y: float,
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
