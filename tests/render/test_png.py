"""PNG pictures (cairosvg, installed by the test extra) and the pictures on the command line."""

from __future__ import annotations

import importlib
import io
import os
import struct
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import aspuzzle
from aspuzzle import cli
from aspuzzle.render import render_png, render_svg, svg_to_png
from tests.conftest import EXAMPLES, run_cli

TENTS = EXAMPLES / "tents" / "seed-6x6.txt"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int]:
    """Width and height from the PNG's IHDR chunk."""
    assert data[:8] == PNG_SIGNATURE and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def svg_size(svg: str) -> tuple[float, float]:
    head = svg.split(">", 1)[0]
    attrs = dict(part.split("=", 1) for part in head.split()[1:] if "=" in part)
    return float(attrs["width"].strip('"')), float(attrs["height"].strip('"'))


def test_png_has_the_svg_size_times_the_scale() -> None:
    loaded = aspuzzle.load(TENTS)
    w, h = svg_size(render_svg(loaded))
    assert png_size(render_png(loaded, scale=1)) == (w, h)
    assert png_size(render_png(loaded)) == (2 * w, 2 * h)  # sharp on dense screens by default


def test_png_draws_something(tmp_path: Path) -> None:
    """The picture is not blank: cairo painted dark pixels (the grid, the clues)."""
    pillow = pytest.importorskip("PIL.Image")  # cairosvg depends on Pillow
    image = pillow.open(io.BytesIO(render_png(aspuzzle.load(TENTS), scale=1))).convert("L")
    lo, hi = image.getextrema()
    assert lo < 64 and hi == 255


def test_png_errors_are_usage_errors(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(aspuzzle.UsageError, match="positive"):
        svg_to_png(render_svg(aspuzzle.load(TENTS)), scale=0)
    real = importlib.import_module

    def missing(name: str, *args: Any) -> Any:
        if name == "cairosvg":
            raise ImportError(name)
        return real(name, *args)

    monkeypatch.setattr(importlib, "import_module", missing)
    with pytest.raises(aspuzzle.UsageError, match=r"pip install 'aspuzzle\[png\]'"):
        svg_to_png("<svg/>")


# --- the command line --------------------------------------------------------------------------

def test_render_svg_prints_the_picture_and_writes_files(tmp_path: Path) -> None:
    r = run_cli("render", str(TENTS), "--svg")
    assert r.returncode == 0, r.stderr
    assert r.stdout == render_svg(aspuzzle.load(TENTS))
    out = tmp_path / "board.png"
    r = run_cli("render", str(TENTS), "--png", "-o", str(out))
    assert r.returncode == 0 and r.stdout == ""
    assert out.read_bytes()[:8] == PNG_SIGNATURE
    assert [p.name for p in tmp_path.iterdir()] == ["board.png"]  # no temporary file left
    umask = os.umask(0)
    os.umask(umask)
    assert out.stat().st_mode & 0o777 == 0o666 & ~umask  # as open() makes files, not 0600


def test_solve_svg_draws_the_first_solution(tmp_path: Path) -> None:
    path = EXAMPLES / "futoshiki" / "seed-4x4.txt"
    loaded = aspuzzle.load(path)
    out = tmp_path / "solved.svg"
    r = run_cli("solve", str(path), "--svg", "-o", str(out))
    assert r.returncode == 0, r.stderr
    assert out.read_text() == render_svg(loaded, solution=aspuzzle.solve(loaded).solutions[0])
    r = run_cli("solve", "--type", "tents", "  ? ?\n? T T\n? T .", "--svg")
    assert (r.returncode, r.stdout) == (1, "")
    assert r.stderr.strip() == "aspuzzle: error: <argument>: no solution"


@pytest.mark.parametrize("extra", [
    ["--svg", "--png"], ["--svg", "--json"], ["--png", "--to", "text"], ["--svg", "--ascii"],
    ["-o", "x.svg"], [str(TENTS), "--svg"],
])
def test_bad_combinations_are_one_line_usage_errors(
        extra: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["solve", str(TENTS), *extra]) == 2
    out = capsys.readouterr()
    assert out.out == "" and len(out.err.splitlines()) == 1


def test_bad_combinations_say_what_is_wrong(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["render", str(TENTS), "--svg", "--png"]) == 2
    assert cli.main(["render", str(TENTS), str(TENTS), "--svg"]) == 2
    assert cli.main(["render", str(TENTS), "--svg", "-o", "/no/such/dir/x.svg"]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert lines == ["aspuzzle: error: --svg and --png cannot be combined: choose one picture "
                     "format",
                     "aspuzzle: error: --svg draws one puzzle: give one input",
                     "aspuzzle: error: /no/such/dir: directory does not exist"]


def test_png_is_not_sent_to_a_terminal(monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert cli.main(["render", str(TENTS), "--png"]) == 2
    assert "with -o FILE" in capsys.readouterr().err
    # a pipe is not a terminal: the bytes go there
    r = subprocess.run([sys.executable, "-m", "aspuzzle.cli", "render", str(TENTS), "--png"],
                       capture_output=True, timeout=300, check=False)
    assert r.returncode == 0 and r.stdout[:8] == PNG_SIGNATURE
