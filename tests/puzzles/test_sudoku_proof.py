"""Sudoku explanations written as LEGUP Sudoku proofs (``explain --to legup``): LEGUP's own
verdict on each exported file is recorded as test data, and the tree is walked here, on its
own, against the known solution."""

from __future__ import annotations

import hashlib
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import aspuzzle
from aspuzzle.puzzles.sudoku.proof import export_proof
from tests.conftest import DATA, read_jsonl, run_cli

CORPUS = [r for r in read_jsonl(DATA / "sudoku" / "tatham.jsonl") if r["id"].startswith("3x3d")]
LEGUP = {r["id"]: r for r in read_jsonl(DATA / "sudoku" / "legup-check.jsonl")}
CLOSING = {"Repeated Numbers", "No Number for Cell", "No Cell for Number"}
"""LEGUP's Sudoku contradiction rules."""


@pytest.fixture(scope="module")
def proofs() -> dict[str, str]:
    return {r["id"]: export_proof(aspuzzle.loads(r["id"])) for r in CORPUS}


def _cell(elem: ET.Element) -> tuple[tuple[int, int], int]:
    return (int(elem.get("y", "")) + 1, int(elem.get("x", "")) + 1), int(elem.get("value", ""))


def _walk(text: str) -> tuple[list[dict[tuple[int, int], int]], int, set[str]]:
    """The boards at the tree's open leaves, the number of closed leaves, the rules used."""
    root = ET.fromstring(text)
    cells = root.find("./puzzle/board/cells")
    tree = root.find("./puzzle/proof/tree")
    assert cells is not None and tree is not None
    nodes = {n.get("id", ""): n for n in tree.iter("node")}
    (start,) = [n for n in nodes.values() if n.get("root") == "true"]
    leaves: list[dict[tuple[int, int], int]] = []
    closed = 0
    rules: set[str] = set()

    def go(node: ET.Element, board: dict[tuple[int, int], int]) -> None:
        nonlocal closed
        ts = node.findall("transition")
        if not ts:
            leaves.append(board)
        for t in ts:
            rules.add(t.get("rule", ""))
            if t.get("rule") in CLOSING:
                assert not t.findall("cell") and not nodes[t.get("child", "")].findall("*")
                closed += 1
                continue
            nxt = dict(board)
            for cell, digit in map(_cell, t.findall("cell")):
                assert cell not in nxt, f"{t.get('rule')} sets {cell} again"
                nxt[cell] = digit
            go(nodes[t.get("child", "")], nxt)

    go(start, dict(map(_cell, cells)))
    return leaves, closed, rules


@pytest.mark.parametrize("rec", CORPUS, ids=[r["id"][:5] + r["seed"][-2:] for r in CORPUS])
def test_the_proof_is_what_legup_accepted_and_ends_in_the_solution(
        rec: dict[str, Any], proofs: dict[str, str]) -> None:
    text = proofs[rec["id"]]
    # LEGUP (Bram-Hub/LEGUP 44841384, shared/tools/legup/legup_check.sh --require-complete)
    # judged this very file: every transition valid, the proof complete
    legup = LEGUP[rec["id"]]
    assert hashlib.sha256(text.encode()).hexdigest() == legup["sha256"], \
        "the export changed: run LEGUP's checker on it again and record its verdict"
    assert legup["invalid"] == 0 and legup["complete"]
    assert text.count("<transition ") == legup["transitions"]
    back = aspuzzle.loads(text, type="sudoku")
    assert back.instance == aspuzzle.loads(rec["id"]).instance
    leaves, closed, rules = _walk(text)
    answer = {(r + 1, c + 1): d for r, row in enumerate(rec["grid"]) for c, d in enumerate(row)}
    assert leaves == [answer]  # one open leaf, the solution; every other branch closed
    assert closed == legup["contradiction_leaves"]
    assert rules <= {"Last Number for Cell", "Last Cell for Number", "Repeated Numbers",
                     "No Number for Cell", "Possible Numbers for Cell"}


def test_legup_accepted_every_recorded_proof() -> None:
    assert len(LEGUP) == len(CORPUS) == 11
    assert all(r["invalid"] == 0 and r["complete"] for r in LEGUP.values())


def test_a_4x4_proof_is_refused_with_the_reason(tmp_path: Any) -> None:
    out = tmp_path / "p.xml"
    res = run_cli("explain", "2x2:b1_4h3_1b", "--to", "legup", "-o", str(out))
    assert res.returncode == 2
    assert "9x9 Sudoku only" in res.stderr and "4x4" in res.stderr
    assert "Traceback" not in res.stderr and res.stderr.count("\n") == 1
    assert not out.exists()
