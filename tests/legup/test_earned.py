"""Earned rules (check-proof --earned): a derived rule counts only after the same proof has
justified one instance of it with the basic rules (a basic case split whose other branches
close by basic contradictions, the surviving one setting a cell the rule concludes)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import aspuzzle
from aspuzzle.legup import check_text, export_proof
from aspuzzle.legup.grade import grade
from tests.conftest import EXAMPLES, run_cli


@pytest.fixture(scope="module")
def direct_proof() -> str:
    # row 2 (clue 0) is first finished with grass: (2,1), (2,3), (2,4), (2,5)
    return export_proof(aspuzzle.load(EXAMPLES / "tents" / "seed-6x6.txt"))


def _with_split_first(proof: str, x: int, y: int) -> str:
    """The proof behind a Tent or Grass split on the cell (x, y) (LEGUP's 0-based column, row):
    the tent branch closed by Too Many Tents, the grass branch going on as before."""
    root = ET.fromstring(proof)
    tree = next(root.iter("tree"))
    old = next(n for n in tree.iter("node") if n.get("root") == "true")
    del old.attrib["root"]
    split = ET.Element("node", {"id": "100", "root": "true"})
    for tid, child, value in (("101", "102", "3"), ("103", old.get("id") or "", "2")):
        t = ET.SubElement(split, "transition", {"id": tid, "child": child,
                                                "rule": "Tent or Grass",
                                                "rule_id": "TREE-CASE-0004"})
        ET.SubElement(t, "cell", {"value": value, "x": str(x), "y": str(y)})
    closed = ET.Element("node", {"id": "102"})
    ET.SubElement(closed, "transition", {"id": "104", "rule": "Too Many Tents",
                                         "rule_id": "TREE-CONT-0004"})
    tree.insert(0, closed)
    tree.insert(0, split)
    return ET.tostring(root, encoding="unicode")


def _unearned(report: object) -> set[str]:
    return {v.rule for v in report.verdicts  # type: ignore[attr-defined]
            if "not yet earned" in v.text}


def test_derived_rules_not_earned_without_a_basic_instance(direct_proof: str) -> None:
    assert check_text(direct_proof).solved
    r = check_text(direct_proof, earned=True)
    assert not r.valid and r.complete
    assert _unearned(r) == {"Finish with Grass", "Empty Field", "Last Camping Spot",
                            "Surround Tent with Grass", "Tent for Tree"}
    assert r.invalid[0].text.startswith("Finish with Grass is not yet earned")


def test_a_basic_split_earns_the_rule(direct_proof: str) -> None:
    text = _with_split_first(direct_proof, 0, 1)  # (2,1): a tent breaks row 2's clue 0
    plain = check_text(text)
    assert plain.solved, plain.render()
    r = check_text(text, earned=True)
    assert _unearned(r) == {"Empty Field", "Last Camping Spot", "Surround Tent with Grass",
                            "Tent for Tree"}
    fwg = [v for v in r.verdicts if v.rule == "Finish with Grass"]
    assert len(fwg) == 6 and all(v.valid for v in fwg)


def test_a_split_with_an_unclosed_branch_earns_nothing(direct_proof: str) -> None:
    # the tent branch not closed (its contradiction names no rule): both branches survive
    text = _with_split_first(direct_proof, 0, 1)
    root = ET.fromstring(text)
    for t in root.iter("transition"):
        if t.get("id") == "104":
            t.set("rule", "")
            t.set("rule_id", "")
    r = check_text(ET.tostring(root, encoding="unicode"), earned=True)
    assert "Finish with Grass" in _unearned(r)


def test_cli_and_grade(tmp_path: Path, direct_proof: str) -> None:
    d = tmp_path / "class" / "bo"
    d.mkdir(parents=True)
    (d / "p.xml").write_text(direct_proof)
    r = run_cli("check-proof", str(d / "p.xml"), "--earned", "--json")
    assert r.returncode == 1
    out = json.loads(r.stdout)
    assert out["invalid"] == 20 and "not yet earned" in out["verdicts"][0]["text"]
    assert run_cli("check-proof", str(d / "p.xml")).returncode == 0
    (row,) = grade(tmp_path / "class", earned=True)
    assert (row.solved, row.invalid) == (False, 20)
    assert row.reason.startswith("Finish with Grass is not yet earned")
    r = run_cli("grade", str(tmp_path / "class"), "--earned", "--json")
    assert r.returncode == 0 and json.loads(r.stdout)["invalid"] == 20


def test_a_split_on_a_cell_the_rule_does_not_set_earns_nothing(direct_proof: str) -> None:
    # (1,1): row 1 needs 2 tents; a tent there is no contradiction, nor grass a Finish with
    # Grass cell; the split is not valid as a proof step either (the tent branch is not closed
    # by Too Many Tents), and it earns nothing
    r = check_text(_with_split_first(direct_proof, 0, 0), earned=True)
    assert "Finish with Grass" in _unearned(r)
