"""PNG pictures: the SVG picture rasterised by cairosvg (an optional dependency,
``pip install 'aspuzzle[png]'``; it needs the cairo library, Debian's ``libcairo2``)."""

from __future__ import annotations

import importlib
from typing import Any

from aspuzzle.errors import UsageError
from aspuzzle.render.svg import render_svg

__all__ = ["INSTALL", "load_cairosvg", "render_png", "svg_to_png"]

INSTALL = "pip install 'aspuzzle[png]'"


def load_cairosvg() -> Any:
    """The cairosvg module, or a one-line UsageError saying how to install it."""
    try:
        return importlib.import_module("cairosvg")
    except ImportError:
        raise UsageError(f"PNG pictures need cairosvg: {INSTALL}") from None
    except OSError:  # cairocffi is there but the C library is not
        raise UsageError("PNG pictures need the cairo library: apt-get install libcairo2 "
                         "(or your system's cairo package)") from None


def svg_to_png(svg: str, *, scale: float = 2.0) -> bytes:
    """An SVG picture as PNG bytes, ``scale`` times its size in pixels (2: sharp on
    high-density screens and in print)."""
    if not scale > 0:
        raise UsageError(f"the scale of a PNG picture must be positive, not {scale}")
    png: bytes = load_cairosvg().svg2png(bytestring=svg.encode("utf-8"), scale=scale)
    return png


def render_png(puzzle: Any, *, scale: float = 2.0, **options: Any) -> bytes:
    """The picture of :func:`~aspuzzle.render.svg.render_svg` (same options) as PNG bytes."""
    return svg_to_png(render_svg(puzzle, **options), scale=scale)
