"""The benchmark data of issue 11 (``benchmarks/data``): every stored solution is accepted by
the type's independent ``verify`` (plain Python, no solver), and the sets hold what their README
says. Uniqueness was proven by the solver when the data were made and is checked again by every
benchmark run (``bench_goals.py``, ``bench_large.py``); it is not repeated here."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import aspuzzle
from tests.conftest import ROOT

DATA = ROOT / "benchmarks" / "data"
SETS = {"tents-15x15dt": ("tents", 15), "tents-25x25dt": ("tents", 25),
        "hitori-20x20dk": ("singles", 20), "hitori-50x50dk": ("singles", 50),
        "futoshiki-9x9dx": ("unequal", 9), "futoshiki-12x12dx": ("unequal", 12)}


def _records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def _present(names: list[str]) -> list[str]:
    return [n for n in names if (DATA / f"{n}.jsonl").is_file()]


@pytest.mark.parametrize("name", _present(list(SETS)))
def test_tatham_sets_hold_20_verified_puzzles_of_their_size(name: str) -> None:
    game, side = SETS[name]
    records = _records(DATA / f"{name}.jsonl")
    assert len(records) == 20
    assert len({r["seed"] for r in records}) == 20
    for rec in records:
        assert rec["game"] == game
        loaded = aspuzzle.loads(rec["id"], type=game, fmt="tatham")
        inst = loaded.instance
        assert getattr(inst, "width", getattr(inst, "size", None)) == side
        sol = loaded.puzzle.solution_from_json(inst, rec["solution"])
        assert loaded.puzzle.verify(inst, sol) == [], rec["seed"]


@pytest.mark.parametrize("ptype", [t for t in ("tents", "hitori")
                                   if (DATA / f"large-{t}.jsonl").is_file()])
def test_large_boards_are_square_and_verified(ptype: str) -> None:
    for rec in _records(DATA / f"large-{ptype}.jsonl"):
        loaded = aspuzzle.loads(rec["puzzle"], type=ptype, fmt=rec["format"])
        n = rec["size"]
        assert (loaded.instance.width, loaded.instance.height) == (n, n)
        sol = loaded.puzzle.solution_from_json(loaded.instance, rec["solution"])
        assert loaded.puzzle.verify(loaded.instance, sol) == [], n
