"""LEGUP's own verdict on our exported Skyscrapers proofs of Tatham's towers puzzles
(``tests/data/skyscrapers/legup-check.jsonl``, made with ``shared/tools/legup/legup_check.sh
-q --require-complete --strict-lines``, LEGUP built from Bram-Hub/LEGUP 448413841d5e): every
transition LEGUP checked was green; LEGUP's Check calls a proof solved exactly when the
puzzle has every clue (it reads a missing clue as 0 seen). CI cannot build LEGUP: the quick
exports are made again here and their hashes compared with the record."""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

import aspuzzle
from tests.conftest import DATA, read_jsonl

CHECKED = read_jsonl(DATA / "skyscrapers" / "legup-check.jsonl")
QUICK = [r for r in CHECKED if (r["export_cpu_s"] or 99) <= 2.5]
"""The records whose export is quick enough to make again here (the others are kept as a
record of what LEGUP said)."""


def test_legup_judged_every_recorded_export_green_and_solved_iff_every_clue_given() -> None:
    assert len(CHECKED) >= 20
    for rec in CHECKED:
        assert rec["invalid"] == 0 and rec["valid"] == rec["transitions"], rec["seed"]
        assert rec["complete"] == (rec["clues_missing"] == 0), rec["seed"]


@pytest.mark.parametrize("rec", QUICK, ids=[r["seed"] for r in QUICK])
def test_the_export_is_the_file_legup_judged(rec: dict[str, Any]) -> None:
    text = _export(rec["id"])
    assert hashlib.sha256(text.encode()).hexdigest() == rec["sha256"], \
        "the export changed: run LEGUP's checker on it again and record its verdict"
    assert text.count("<transition ") == rec["transitions"]


def _export(pid: str) -> str:
    from aspuzzle.puzzles.skyscrapers.proof import export_proof

    return export_proof(aspuzzle.loads(pid))
