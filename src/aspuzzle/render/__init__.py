"""Pictures of puzzles: SVG (pure Python) and PNG (the SVG rasterised by cairosvg).

``render_svg(puzzle, solution=..., board=..., highlight=...)`` draws any puzzle type; the
command line's ``render --svg/--png`` and ``solve --svg/--png`` and the web page use it.
"""

from __future__ import annotations

from aspuzzle.render.png import render_png, svg_to_png
from aspuzzle.render.svg import Highlight, RenderOptions, render_svg

__all__ = ["Highlight", "RenderOptions", "render_png", "render_svg", "svg_to_png"]
