"""Tents against puzzles written by others: every Tatham ``tents`` ID of the corpus, the
puzz.link example, and LEGUP TreeTent files whose clues do not fit (no solution)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import aspuzzle
from aspuzzle.puzzles.tents import PUZZLE as TENTS
from aspuzzle.puzzles.tents.puzzlink import write_puzzlink
from aspuzzle.puzzles.tents.tatham import write_tatham
from tests.conftest import DATA, ROOT, read_jsonl, run_cli

TATHAM = read_jsonl(DATA / "tents" / "tatham.jsonl")
PUZZLINK = read_jsonl(DATA / "tents" / "puzzlink.jsonl")
SHARED_LEGUP = ROOT.parent / "shared" / "corpus" / "legup-treetent"


def _tents(record: dict[str, Any]) -> list[tuple[int, int]]:
    return sorted((r, c) for r, c in record["solution"]["tents"])


def test_the_corpus_copy_is_complete() -> None:
    assert len(TATHAM) == 44
    sizes = {rec["id"].split("d")[0] for rec in TATHAM}
    assert sizes == {"6x6", "8x8", "10x10", "15x15", "20x20"}


@pytest.mark.parametrize("record", TATHAM, ids=lambda rec: rec["id"][:24])
def test_every_tatham_id_solves_to_its_tents_and_writes_back(record: dict[str, Any]) -> None:
    loaded = aspuzzle.loads(record["id"])  # detected without --type or --from
    assert loaded.puzzle is TENTS and loaded.format == "tatham"
    inst = loaded.instance
    assert inst.difficulty == record["id"].split(":")[0][-1]
    result = aspuzzle.solve(loaded)
    assert result.status is aspuzzle.Status.UNIQUE
    (sol,) = result.solutions
    assert sorted(sol.tents) == _tents(record)
    assert TENTS.verify(inst, sol) == []
    assert write_tatham(inst) == record["id"]


def test_tatham_ids_with_the_type_prefix() -> None:
    record = TATHAM[0]
    loaded = aspuzzle.loads("tents:" + record["id"])
    assert sorted(aspuzzle.solve(loaded).solutions[0].tents) == _tents(record)


@pytest.mark.parametrize("record", PUZZLINK, ids=lambda rec: rec["url"])
def test_puzzlink_example_solves_and_encodes_back(record: dict[str, Any]) -> None:
    loaded = aspuzzle.loads(record["url"])
    assert loaded.format == "puzzlink"
    inst = loaded.instance
    assert inst.col_clues == (2, None, 0, None, None)
    assert inst.row_clues == (1, None, None, None, 1)
    result = aspuzzle.solve(loaded)
    assert result.status is aspuzzle.Status.UNIQUE
    assert sorted(result.solutions[0].tents) == _tents(record)
    assert TENTS.verify(inst, result.solutions[0]) == []
    assert write_puzzlink(inst) == record["url"]
    body = record["url"].split("?", 1)[1]
    assert aspuzzle.loads(body).instance == inst


def _legup_files() -> list[Path]:
    own = [DATA / "tents" / "legup-inconsistent-8x8.xml"]
    shared = sorted(SHARED_LEGUP.glob("*.xml")) if SHARED_LEGUP.is_dir() else []
    return own + shared


@pytest.mark.parametrize("path", _legup_files(), ids=lambda p: p.name)
def test_legup_files_with_inconsistent_clues_load_and_have_no_solution(path: Path) -> None:
    loaded = aspuzzle.load(path)
    assert loaded.format == "legup"
    inst = loaded.instance
    assert inst.row_clues == inst.col_clues  # LEGUP's exporter writes the row clues twice
    assert aspuzzle.solve(loaded).status is aspuzzle.Status.NONE
    out = run_cli("solve", str(path))
    assert out.returncode == 1, out.stderr
    assert "no solution" in out.stdout
    # diagnose names the cause: the row clues written again as the column clues
    out = run_cli("diagnose", str(path))
    assert out.returncode == 1, out.stderr
    assert "Its column clues are its row clues again, as LEGUP's Tree Tent exporter" in out.stdout
    assert aspuzzle.diagnose(loaded).text.startswith("No solution: ")


def test_no_lost_clues_note_where_the_clues_differ() -> None:
    loaded = aspuzzle.loads("  1 1\n1 T .\n0 . .", type="tents")  # no solution, clues differ
    assert "row clues again" not in aspuzzle.diagnose(loaded).text


def test_shared_legup_samples_are_read_when_present() -> None:
    if not SHARED_LEGUP.is_dir():
        pytest.skip("../shared/corpus/legup-treetent is not here")
    sizes = sorted((aspuzzle.load(p).instance.height, len(aspuzzle.load(p).instance.trees))
                   for p in SHARED_LEGUP.glob("*.xml"))
    assert sizes == [(8, 12), (12, 28)]
