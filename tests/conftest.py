"""Shared test helpers: paths, the CLI runner, and the corpus fixtures."""

from __future__ import annotations

import json
import subprocess
import sys
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
