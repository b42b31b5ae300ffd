"""Sudoku explanations written as LEGUP Sudoku proofs (``explain --to legup``): LEGUP's own
verdict on each exported file is recorded as test data, and the tree is walked here, on its
own, against the known solution."""

from __future__ import annotations

import hashlib
import json
import re
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import aspuzzle
from aspuzzle.legup.check import check_text
from aspuzzle.puzzles.sudoku.proof import export_proof
from tests.conftest import DATA, read_jsonl, run_cli

CORPUS = [r for r in read_jsonl(DATA / "sudoku" / "tatham.jsonl") if r["id"].startswith("3x3d")]
LEVELS = read_jsonl(DATA / "sudoku" / "tatham-levels.jsonl")
"""9x9 at each of Tatham's levels, trivial to unreasonable, 5 each."""
CORPUS += LEVELS
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
    assert len(LEGUP) == len(CORPUS) == 11 + 30
    assert set(LEGUP) == {r["id"] for r in CORPUS}
    assert all(r["invalid"] == 0 and r["complete"] for r in LEGUP.values())


def test_a_4x4_proof_is_refused_with_the_reason(tmp_path: Any) -> None:
    out = tmp_path / "p.xml"
    res = run_cli("explain", "2x2:b1_4h3_1b", "--to", "legup", "-o", str(out))
    assert res.returncode == 2
    assert "9x9 Sudoku only" in res.stderr and "4x4" in res.stderr
    assert "Traceback" not in res.stderr and res.stderr.count("\n") == 1
    assert not out.exists()


# --- check-proof on Sudoku proofs: ours agrees with LEGUP on the exports, and catches errors ---

@pytest.mark.parametrize("rec", CORPUS, ids=[r["id"][:5] + r["seed"][-2:] for r in CORPUS])
def test_check_proof_agrees_with_legup_on_every_export(rec: dict[str, Any],
                                                       proofs: dict[str, str]) -> None:
    report = check_text(proofs[rec["id"]])
    legup = LEGUP[rec["id"]]
    assert report.solved and all(v.valid for v in report.verdicts)
    assert len(report.verdicts) == legup["transitions"]
    assert report.puzzle == "Sudoku 9x9"


def _first(text: str, rule: str) -> tuple[int, int]:
    """The span of the first transition by ``rule``."""
    i = text.index(f'rule="{rule}"')
    return text.rindex("<transition", 0, i), text.index("</transition>", i)


def test_a_wrong_digit_is_an_invalid_transition(proofs: dict[str, str]) -> None:
    text = proofs[CORPUS[0]["id"]]
    a, b = _first(text, "Last Number for Cell")
    m = re.search(r'value="(\d)"', text[a:b])
    assert m is not None
    wrong = str(int(m.group(1)) % 9 + 1)
    bad = text[:a] + text[a:b].replace(m.group(0), f'value="{wrong}"', 1) + text[b:]
    report = check_text(bad)
    assert not report.solved
    first_bad = next(v for v in report.verdicts if not v.valid)
    assert first_bad.rule == "Last Number for Cell"


def test_a_split_that_leaves_out_a_possible_digit_is_invalid(proofs: dict[str, str]) -> None:
    rec = next(r for r in CORPUS if "Possible Numbers for Cell" in proofs[r["id"]])
    text = proofs[rec["id"]]
    # drop one of the split's cases that is not closed at once (a digit the cell can take)
    node = text.rindex("<node", 0, text.index('rule="Possible Numbers for Cell"'))
    end = text.index("</node>", node)
    cases = re.findall(r'<transition[^>]*rule="Possible Numbers for Cell".*?</transition>',
                       text[node:end], re.S)
    assert len(cases) == 9
    child = re.search(r'child="(\d+)"', cases[-1])
    assert child is not None
    bad = text[:node] + text[node:end].replace(cases[-1], "", 1) + text[end:]
    report = check_text(bad)
    split = [v for v in report.verdicts if v.rule == "Possible Numbers for Cell"]
    assert split and not split[0].valid and "leave out" in split[0].text


def test_a_proof_step_on_a_given_cell_is_invalid(proofs: dict[str, str]) -> None:
    rec = CORPUS[0]
    text = proofs[rec["id"]]
    inst = aspuzzle.loads(rec["id"]).instance
    (r, c), _ = next((cell, v) for cell, v in inst.positions() if v[0] == "given")
    a, b = _first(text, "Last Number for Cell")
    cell = re.search(r"<cell [^>]*/>", text[a:b])
    assert cell is not None
    bad = text[:a] + text[a:b].replace(cell.group(0), f'<cell value="1" x="{c - 1}" '
                                       f'y="{r - 1}"/>', 1) + text[b:]
    v = next(v for v in check_text(bad).verdicts if not v.valid)
    assert "given cell" in v.text


def test_check_proof_of_an_unknown_legup_puzzle_names_it(tmp_path: Any) -> None:
    f = tmp_path / "n.xml"
    f.write_text('<?xml version="1.0"?>\n<Legup version="2.0.0">\n  <puzzle name="Nurikabe">'
                 '<board height="2" width="2"><cells/></board></puzzle>\n</Legup>\n')
    res = run_cli("check-proof", str(f))
    assert res.returncode == 2 and "Traceback" not in res.stderr
    assert "'Nurikabe'" in res.stderr and "Sudoku" in res.stderr and "line 3" in res.stderr


def test_grade_takes_sudoku_proofs(tmp_path: Any, proofs: dict[str, str]) -> None:
    for i, rec in enumerate(CORPUS[:2]):
        (tmp_path / f"student{i}.xml").write_text(proofs[rec["id"]])
    res = run_cli("grade", str(tmp_path), "--json")
    assert res.returncode == 0, res.stderr
    rows = [json.loads(line) for line in res.stdout.splitlines()]
    assert len(rows) == 2 and all(r["solved"] for r in rows)


def _split_file(rec: dict[str, Any], drop: int | None) -> tuple[str, int]:
    """A proof whose root splits row 1 on a digit it lacks, by Possible Cells for Number -
    Row: one case for each cell where the digit can go (``drop``: leave that case out)."""
    from aspuzzle.puzzles.sudoku import legup

    inst = aspuzzle.loads(rec["id"]).instance
    givens = {cell: int(v[1]) for cell, v in inst.positions() if v[0] == "given"}
    d = min(set(range(1, 10)) - {v for (r, _), v in givens.items() if r == 1})
    where = [(1, c) for c in range(1, 10) if (1, c) not in givens and not any(
        v == d and (o[1] == c or inst.region(o) == inst.region((1, c)))
        for o, v in givens.items())]
    cases = [c for i, c in enumerate(where) if i != drop]
    lines = ["        <proof>", "            <tree>", '                <node id="0" root="true">']
    lines += [f'                    <transition child="{i + 1}" id="t{i}" rule="Possible Cells '
              f'for Number - Row" rule_id="SUDO-CASE-0003"><cell value="{d}" x="{c - 1}" '
              f'y="{r - 1}"/></transition>' for i, (r, c) in enumerate(cases)]
    lines += ["                </node>"]
    lines += [f'                <node id="{i + 1}"/>' for i in range(len(cases))]
    lines += ["            </tree>", "        </proof>"]
    return legup.write_legup(inst, None, proof=lines), len(where)


def test_a_split_on_the_cells_of_a_row_for_a_digit() -> None:
    rec = CORPUS[0]
    text, n = _split_file(rec, None)
    assert n >= 2
    report = check_text(text)
    assert len(report.verdicts) == n and all(v.valid for v in report.verdicts)
    assert not report.solved  # the cases are left open
    bad = check_text(_split_file(rec, 0)[0])
    assert not any(v.valid for v in bad.verdicts)
    assert "every cell of one row, column or box" in bad.verdicts[0].text
