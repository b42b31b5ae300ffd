"""Benchmark instances: the shared corpus and the seed examples, as loadable puzzle texts.

Every instance becomes a :class:`Case`: a text that ``aspuzzle.loads`` reads (a Simon Tatham
game ID, or an example file's content) together with what is known about its answer. The
Gurobi Hitori grids carry no ID, so they are written as Tatham ``singles`` IDs (the format is
documented in the corpus README: one character per cell, ``1-9`` then ``a-z`` for 10..35).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_CORPUS = ROOT.parent / "shared" / "corpus"
EXAMPLES = ROOT / "examples"

TYPES = ("tents", "futoshiki", "hitori")
"""The puzzle types benchmarked, by registry name."""

ALIASES = {"tents": "tents", "tent": "tents", "treetent": "tents",
           "futoshiki": "futoshiki", "unequal": "futoshiki",
           "hitori": "hitori", "singles": "hitori"}

TATHAM_GAMES = {"tents": "tents", "unequal": "futoshiki", "singles": "hitori"}

GUROBI_SIZES = (5, 10, 15, 20, 25)
"""Hitori sizes taken from the Gurobi set (it holds 2x2..25x25)."""
GUROBI_PER_SIZE = 3


class CorpusMissing(Exception):
    """The shared corpus is not where the benchmark expects it."""


@dataclass(frozen=True)
class Case:
    """One puzzle instance to time."""

    type: str
    """Registry name of the puzzle type."""
    source: str
    """Where it comes from: ``tatham``, ``gurobi`` or ``example``."""
    group: str
    """Row label: the Tatham parameters (``10x10dt``), ``25x25`` or the example file name."""
    order: int
    """Sort key of the row within its type and source (the grid size)."""
    name: str
    """A short name of the instance, for messages."""
    text: str
    """What ``aspuzzle.loads`` reads and what the CLI is given in a file."""
    fmt: str | None
    """Format name to load with (``None``: let the library detect it)."""
    path: Path | None = None
    """The file itself, for examples (the CLI is run on it)."""
    known: dict[str, Any] | None = field(default=None, compare=False)
    """The known solution in the JSON contract's form, when the corpus gives it."""
    seed_note: str | None = None
    """Why the seed encoding cannot run this instance (``None``: it can)."""
    unique: bool = False
    """Known to have exactly one solution (the Gurobi set says so but gives no solution)."""


def resolve_type(name: str) -> str:
    key = name.strip().lower()
    if key not in ALIASES:
        raise ValueError(f"unknown puzzle type '{name}' (choose from {', '.join(TYPES)})")
    return ALIASES[key]


def check_corpus(corpus: Path) -> None:
    needed = [corpus / "tatham.jsonl", corpus / "hitori-gurobi.jsonl"]
    missing = [p for p in needed if not p.is_file()]
    if missing:
        raise CorpusMissing(
            f"the shared corpus is missing: {', '.join(str(p) for p in missing)} not found. "
            f"The benchmark reads ../shared/corpus beside the repository; "
            f"give another place with --corpus DIR")


def _read_jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip()]


_TATHAM_PARAMS = re.compile(r"^(\d+)(?:x(\d+))?")


def _tatham_order(params: str) -> int:
    m = _TATHAM_PARAMS.match(params)
    if m is None:
        return 0
    w = int(m.group(1))
    h = int(m.group(2) or m.group(1))
    return w * h


def tatham_cases(corpus: Path) -> list[Case]:
    cases: list[Case] = []
    for i, rec in enumerate(_read_jsonl(corpus / "tatham.jsonl")):
        ptype = TATHAM_GAMES.get(rec["game"])
        if ptype is None:
            continue
        gid: str = rec["id"]
        params = gid.split(":", 1)[0]
        note = None
        if ptype == "futoshiki" and re.match(r"^\d+a", params):
            note = "adjacent mode: the seed encoding has none"
        cases.append(Case(ptype, "tatham", params, _tatham_order(params),
                          f"tatham.jsonl:{i + 1}", gid, "tatham",
                          known=rec.get("solution"), seed_note=note))
    return cases


_SINGLES_DIGITS = "123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def singles_id(grid: list[list[int]]) -> str:
    """A square number grid as a Tatham ``singles`` game ID (values 1..61)."""
    n = len(grid)
    if any(len(row) != n for row in grid):
        raise ValueError("Hitori grid is not square")
    return f"{n}x{n}:" + "".join(_SINGLES_DIGITS[v - 1] for row in grid for v in row)


def gurobi_cases(corpus: Path, sizes: Iterable[int] = GUROBI_SIZES,
                 per_size: int = GUROBI_PER_SIZE) -> list[Case]:
    wanted = set(sizes)
    taken: dict[int, int] = {}
    cases: list[Case] = []
    for rec in _read_jsonl(corpus / "hitori-gurobi.jsonl"):
        n = int(rec["n"])
        if n not in wanted or taken.get(n, 0) >= per_size:
            continue
        taken[n] = taken.get(n, 0) + 1
        name = f"hitori-gurobi.jsonl:{rec['id'][:8]}"
        cases.append(Case("hitori", "gurobi", f"{n}x{n}", n * n, name, singles_id(rec["grid"]),
                          "tatham", unique=True))
    return cases


def example_cases() -> list[Case]:
    """The seed posts' examples shipped in ``examples/<type>/seed-*``."""
    cases: list[Case] = []
    for ptype in TYPES:
        folder = EXAMPLES / ptype
        if not folder.is_dir():
            continue
        for path in sorted(folder.glob("seed*")):
            if path.is_file():
                cases.append(Case(ptype, "example", path.stem, 0, f"{ptype}/{path.name}",
                                  path.read_text(encoding="utf-8"), None, path=path))
    return cases


def all_cases(corpus: Path) -> list[Case]:
    check_corpus(corpus)
    return example_cases() + tatham_cases(corpus) + gurobi_cases(corpus)
