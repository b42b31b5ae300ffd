"""Shared test helpers: paths, the CLI runner, and the corpus fixtures."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
DATA = Path(__file__).resolve().parent / "data"


def run_cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """Run the real command line in a subprocess, as a user would."""
    return subprocess.run([sys.executable, "-m", "aspuzzle.cli", *args], input=stdin,
                          capture_output=True, text=True, timeout=300, cwd=ROOT)


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


@pytest.fixture
def cli() -> Any:
    return run_cli


def mutate(text: str, data: Any, pieces: Sequence[str], max_ops: int = 4) -> str:
    """Damage a valid text the way typing and copying do, for the parsers' property tests.

    Up to ``max_ops`` edits at drawn positions: delete a character, insert a piece, duplicate a
    few characters, overwrite a character with a piece, cut a stretch or everything after a
    point, or insert a piece as a line of its own. ``data`` is hypothesis' ``st.data()``.
    """
    from hypothesis import strategies as st

    ops = data.draw(st.lists(st.tuples(st.integers(0, len(text)),
                                       st.sampled_from(["del", "ins", "dup", "swap", "cut",
                                                        "tail", "line"]),
                                       st.sampled_from(list(pieces))),
                             min_size=1, max_size=max_ops))
    for pos, op, piece in ops:
        pos = min(pos, len(text))
        if op == "del":
            text = text[:pos] + text[pos + 1:]
        elif op == "ins":
            text = text[:pos] + piece + text[pos:]
        elif op == "dup":
            text = text[:pos] + text[pos:pos + 8] + text[pos:]
        elif op == "swap":
            text = text[:pos] + piece + text[pos + 1:]
        elif op == "cut":
            text = text[:pos] + text[pos + 40:]
        elif op == "tail":
            text = text[:pos]
        else:
            lines = text.splitlines()
            i = pos % max(1, len(lines))
            text = "\n".join([*lines[:i], piece, *lines[i:]])
    return text
