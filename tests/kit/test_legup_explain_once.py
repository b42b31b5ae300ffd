"""``explain --to legup`` of a type whose LEGUP proof is explained with its own rules (Sudoku,
Skyscrapers: ``lazy_proofs``) explains the puzzle once: the file is the export's, and the
status reported is that of the explanation the file is written from."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

import pytest

import aspuzzle
from aspuzzle import cli
from aspuzzle.legup import export_proof

PUZZLES = {
    "sudoku": "3x3db:6b4a8_9f6c7c7_3a2_1b6f3a5e4a4f2b1_4a7_6c9c5f3_8a9b1",
    "skyscrapers": "4de:2/4/2/1/2/1/2/4/3/1/3/2/1/2/2/3",  # skyscrapers/tatham.jsonl
}


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count the calls of the real ``aspuzzle.explain.explain`` (it still runs)."""
    module = importlib.import_module("aspuzzle.explain")  # (aspuzzle.explain: the function)
    calls = [0]
    real = module.explain

    def counted(*args: Any, **kw: Any) -> Any:
        calls[0] += 1
        return real(*args, **kw)

    monkeypatch.setattr(module, "explain", counted)
    return calls


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_explain_to_legup_explains_once(name: str, tmp_path: Path, capsys: Any,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    loaded = aspuzzle.loads(PUZZLES[name])
    assert loaded.puzzle.name == name
    assert getattr(loaded.puzzle.reasoning().export_proof, "explains_itself", False)
    calls = _counting(monkeypatch)
    direct = export_proof(loaded)
    by_export = calls[0]
    out = tmp_path / "p.xml"
    assert cli.main(["explain", PUZZLES[name], "--to", "legup", "-o", str(out), "--json"]) == 0
    assert calls[0] - by_export == by_export  # the CLI explains no more than the export does
    assert out.read_text() == direct
    record = json.loads(capsys.readouterr().out)
    assert record["status"] == "solved" and record["output"] == str(out)


def test_a_type_that_writes_the_given_explanation_is_explained_by_the_cli() -> None:
    from aspuzzle.puzzles import REGISTRY

    for name in ("lightup", "tents"):
        assert not getattr(REGISTRY[name].reasoning().export_proof, "explains_itself", False)
