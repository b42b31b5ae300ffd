"""LEGUP proofs: exported explanations judged valid and complete; damaged copies judged wrong,
each with the right message; files that cannot be read refused (exit 2)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

import aspuzzle
from aspuzzle.errors import InputError
from aspuzzle.legup import check_text, export_proof
from aspuzzle.puzzles.tents.proofs.catalogue import LEGUP_RULES, find
from tests.conftest import DATA, EXAMPLES, read_jsonl, run_cli

CASE_8X8 = "8x8de:akd_lbia_cfba"  # the Tatham puzzle of the corpus whose explanation splits


def _tatham(prefix: str) -> Any:
    for d in read_jsonl(DATA / "tents" / "tatham.jsonl"):
        if d["id"].startswith(prefix):
            return aspuzzle.loads(d["id"], type="tents")
    raise LookupError(prefix)


@pytest.fixture(scope="module")
def direct_proof() -> str:
    return export_proof(aspuzzle.load(EXAMPLES / "tents" / "seed-6x6.txt"))


@pytest.fixture(scope="module")
def case_proof() -> str:
    return export_proof(_tatham(CASE_8X8))


def _tree(text: str) -> ET.Element:
    return ET.fromstring(text)


def _text(root: ET.Element) -> str:
    return ET.tostring(root, encoding="unicode")


def _transitions(root: ET.Element) -> list[tuple[ET.Element, ET.Element]]:
    return [(n, t) for n in root.iter("node") for t in n.findall("transition")]


def _bad(report: Any) -> list[str]:
    return [v.text for v in report.invalid]


# --- valid proofs ------------------------------------------------------------------------------

def test_exported_direct_proof_is_valid_and_complete(direct_proof: str) -> None:
    r = check_text(direct_proof)
    assert r.solved and r.valid and r.complete
    assert (len(r.verdicts), r.depth, r.open_branches) == (32, 16, ())
    assert [v.rule for v in r.verdicts[:2]] == ["Finish with Grass", "Finish with Grass"]
    assert r.verdicts[0].rule_id == "TREE-BASC-0002"


def test_exported_case_proof_branches_as_legup_does(case_proof: str) -> None:
    root = _tree(case_proof)
    splits = [n for n in root.iter("node") if len(n.findall("transition")) > 1]
    assert splits, "the 8x8 explanation splits cases"
    for n in splits:
        ids = {t.get("rule_id") for t in n.findall("transition")}
        assert len(ids) == 1 and next(iter(ids)).startswith("TREE-CASE-")
    closers = [t for _, t in _transitions(root) if "-CONT-" in t.get("rule_id", "")]
    assert closers and all(len(t) == 0 for t in closers)  # a contradiction changes nothing
    r = check_text(case_proof)
    assert r.solved, r.render()


def test_every_rule_written_is_in_the_catalogue(case_proof: str, direct_proof: str) -> None:
    """LEGUP's own ids and names; the rule sheet's 5.h alone (no LEGUP rule) has ours."""
    known = {(r.id, r.name) for r in LEGUP_RULES if r.legup}
    assert [r.id for r in LEGUP_RULES if not r.legup] == ["ASPUZZLE-TREE-CONT-5H"]
    for text in (case_proof, direct_proof):
        for _, t in _transitions(_tree(text)):
            assert (t.get("rule_id"), t.get("rule")) in known


@pytest.mark.parametrize("prefix", ["6x6de:bf_ggdba", "8x8de:b_bib_b_necid",
                                    "10x10dt:dccbanaaaj_eec"])
def test_round_trip_sample(prefix: str) -> None:
    """A sample of the corpus in the suite; benchmarks/bench_legup.py --round-trip does all."""
    r = check_text(export_proof(_tatham(prefix)))
    assert r.solved, r.render()


# --- damaged proofs ----------------------------------------------------------------------------

def test_wrong_direct_step(direct_proof: str) -> None:
    root = _tree(direct_proof)
    _, t = _transitions(root)[0]  # Finish with Grass: row 2 is grass
    t[0].set("value", "3")
    r = check_text(_text(root))
    assert not r.valid and r.invalid[0].transition == t.get("id")
    assert _bad(r)[0] == ("Finish with Grass does not give (2,1) is a tent on this board; and "
                          "it does not follow from the board at all.")


def test_direct_step_named_by_the_wrong_rule(direct_proof: str) -> None:
    root = _tree(direct_proof)
    _, t = _transitions(root)[0]
    t.set("rule", "Finish with Tents")
    t.set("rule_id", "TREE-BASC-0003")
    r = check_text(_text(root))
    assert "Finish with Tents does not give" in _bad(r)[0]
    assert r.verdicts[1].valid  # the rest is judged as written


def test_case_split_missing_a_branch(case_proof: str) -> None:
    root = _tree(case_proof)
    node = next(n for n in root.iter("node") if len(n.findall("transition")) > 1)
    gone = node.findall("transition")[-1]
    node.remove(gone)
    r = check_text(_text(root))
    assert not r.valid
    texts = [v.text for v in r.invalid]
    assert any("misses the case" in t or "must be a tent and grass" in t
               or "must set one and the same" in t for t in texts), texts


def test_contradiction_that_does_not_hold(direct_proof: str) -> None:
    root = _tree(direct_proof)
    leaf = [n for n in root.iter("node") if not n.findall("transition")][-1]
    ET.SubElement(leaf, "transition", {"id": "999", "rule": "Too Many Tents",
                                        "rule_id": "TREE-CONT-0004"})
    r = check_text(_text(root))
    assert _bad(r) == ["Too Many Tents does not apply: the board does not break that rule here"]


def _last_tent(root: ET.Element) -> tuple[ET.Element, ET.Element]:
    """The transition that sets the proof's last tent (after it, only its line is drawn)."""
    return [(n, t) for n, t in _transitions(root) if t.get("rule") == "Last Camping Spot"][-1]


def test_unfinished_branch(direct_proof: str) -> None:
    root = _tree(direct_proof)
    node, t = _last_tent(root)
    node.remove(t)
    r = check_text(_text(root))
    assert r.valid and not r.complete and not r.solved
    assert r.open_branches == (node.get("id"),)


def test_rule_outside_the_allowed_set(case_proof: str) -> None:
    r = check_text(case_proof, allowed={x.ours for x in LEGUP_RULES if x.kind != "case"})
    assert not r.valid
    assert all(v.text.endswith("is not allowed in this exercise") for v in r.invalid)
    assert {v.rule_id[:9] for v in r.invalid} == {"TREE-CASE"}


def test_transition_without_rule_and_erasing() -> None:
    r = check_text((DATA / "tents" / "legup-player-6x6.xml").read_text())
    assert not r.valid and not r.complete
    assert _bad(r)[0] == "the transition names no rule (it is not justified)"


@pytest.mark.parametrize("damage, message", [
    (lambda s: s[: len(s) // 2], "LEGUP: malformed XML"),
    (lambda s: s.replace("<cell ", "<cell <", 1), "LEGUP: malformed XML"),
    (lambda s: s.replace('name="TreeTent"', 'name="Nurikabe"'),
     "this file holds a 'Nurikabe' puzzle; aspuzzle checks the LEGUP proofs of Tents"),
    (lambda s: s.replace('root="true"', ""), "the proof has no root node"),
])
def test_unreadable_files(direct_proof: str, damage: Any, message: str) -> None:
    with pytest.raises(InputError, match=message):
        check_text(damage(direct_proof))


def test_catalogue_lookup() -> None:
    assert find("TREE-CASE-0004").ours == "tent_or_grass"  # type: ignore[union-attr]
    assert find("", "finish with grass").id == "TREE-BASC-0002"  # type: ignore[union-attr]
    assert find("TREE-XXXX-0001") is None


# --- the command line --------------------------------------------------------------------------

def test_cli_exit_status(tmp_path: Path, direct_proof: str) -> None:
    good = tmp_path / "good.xml"
    r = run_cli("explain", str(EXAMPLES / "tents" / "seed-6x6.txt"), "--to", "legup",
                "-o", str(good))
    assert r.returncode == 0 and good.read_text() == direct_proof
    r = run_cli("check-proof", str(good), "--json")
    assert r.returncode == 0
    out = json.loads(r.stdout)
    assert (out["solved"], out["transitions"], out["invalid"]) == (True, 32, 0)
    root = _tree(direct_proof)
    node, t = _last_tent(root)
    node.remove(t)
    unfinished = tmp_path / "unfinished.xml"
    unfinished.write_text(_text(root))
    r = run_cli("check-proof", str(unfinished))
    assert r.returncode == 1
    assert r.stdout.splitlines()[-1] == ("Verdict: every transition is valid, but the proof is "
                                         "not complete.")
    broken = tmp_path / "broken.xml"
    broken.write_text(direct_proof[:200])
    r = run_cli("check-proof", str(broken))
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "malformed XML" in r.stderr
    r = run_cli("check-proof", str(good), "--rules", "Nonsense Rule")
    assert r.returncode == 2 and "unknown Tents rule" in r.stderr
