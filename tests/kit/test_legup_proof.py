"""LEGUP proofs of kit types (kit/legup_proof.py), proven on Light Up: explanations written
as LEGUP proof trees with LEGUP's rule names and ids, judged by ``check-proof`` and ``grade``
with our reasoner; LEGUP's own verdict on the same files recorded as test data."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

import pytest

import aspuzzle
from aspuzzle.errors import InputError
from aspuzzle.legup import check_text, export_proof
from tests.conftest import DATA, read_jsonl, run_cli

CORPUS = read_jsonl(DATA / "lightup" / "tatham.jsonl")
LEVELS = read_jsonl(DATA / "lightup" / "tatham-levels.jsonl")
"""10x10 and 14x14 at each of Tatham's levels (easy, tricky, hard), 5 each."""
LEGUP = {r["id"]: r for r in read_jsonl(DATA / "lightup" / "legup-check.jsonl")}
# the quick ones: 7x7 easy, tricky and hard, 10x7 tricky (every kind of split among them)
QUICK = [r for r in CORPUS if r["id"].startswith(("7x7", "10x7"))]


@pytest.fixture(scope="module")
def proofs() -> dict[str, str]:
    return {r["id"]: export_proof(aspuzzle.loads(r["id"])) for r in QUICK}


@pytest.mark.parametrize("rec", QUICK, ids=[r["id"][:12] + r["seed"][-2:] for r in QUICK])
def test_exported_proofs_are_valid_complete_and_what_legup_accepted(
        rec: dict[str, str], proofs: dict[str, str]) -> None:
    text = proofs[rec["id"]]
    report = check_text(text)
    assert report.solved, report.render()
    assert report.puzzle.startswith("LightUp ")
    # LEGUP (Bram-Hub/LEGUP 44841384, shared/tools/legup/legup_check.sh --require-complete)
    # judged this very file: every transition valid, the proof complete
    legup = LEGUP[rec["id"]]
    assert hashlib.sha256(text.encode()).hexdigest() == legup["sha256"], \
        "the export changed: run LEGUP's checker on it again and record its verdict"
    assert legup["invalid"] == 0 and legup["complete"]
    assert legup["transitions"] == len(report.verdicts)


def test_legup_accepted_every_recorded_proof() -> None:
    assert len(LEGUP) == len(CORPUS) + len(LEVELS) == 33
    assert set(LEGUP) == {r["id"] for r in CORPUS + LEVELS}
    assert all(r["invalid"] == 0 and r["complete"] for r in LEGUP.values())


@pytest.mark.parametrize("rec", LEVELS, ids=[r["id"][:12] + r["seed"][-4:] for r in LEVELS])
def test_every_level_exports_what_legup_accepted(rec: dict[str, str]) -> None:
    text = export_proof(aspuzzle.loads(rec["id"]))
    report = check_text(text)
    assert report.solved, report.render()
    legup = LEGUP[rec["id"]]
    assert hashlib.sha256(text.encode()).hexdigest() == legup["sha256"], \
        "the export changed: run LEGUP's checker on it again and record its verdict"
    assert legup["transitions"] == len(report.verdicts)
    bulbs = set(map(tuple, rec["bulbs"]))
    assert aspuzzle.solve(aspuzzle.loads(rec["id"])).solutions[0].marked == bulbs


def test_the_proof_names_legups_rules_and_splits(proofs: dict[str, str]) -> None:
    every = "".join(proofs.values())
    names = dict(re.findall(r'rule="([^"]+)" rule_id="([^"]+)"', every))
    assert names["Finish with Bulbs"] == "LTUP-BASC-0004"
    assert names["Empty Cells in Light"] == "LTUP-BASC-0002"
    assert names["Light or Empty"] == "LTUP-CASE-0001"
    assert names["Satisfy Number"] == "LTUP-CASE-0002"
    assert names["Cannot Light A Cell"] == "LTUP-CONT-0002"
    assert not {"Would Leave a Cell Dark", "Would Starve a Number"} & set(names)
    assert export_proof(aspuzzle.loads(QUICK[0]["id"])) == proofs[QUICK[0]["id"]]


def _first(text: str, pattern: str) -> re.Match[str]:
    m = re.search(pattern, text)
    assert m is not None, pattern
    return m


def test_a_wrong_cell_makes_the_transition_invalid(proofs: dict[str, str]) -> None:
    text = proofs[QUICK[0]["id"]]
    m = _first(text, r'(rule="Finish with Bulbs" rule_id="LTUP-BASC-0004">\s*<cell value=")-4')
    bad = text[:m.end(1)] + "-3" + text[m.end():]
    report = check_text(bad)
    assert not report.valid and not report.solved
    assert report.invalid[0].rule == "Finish with Bulbs"


def test_a_rule_that_does_not_give_the_cells_is_refused(proofs: dict[str, str]) -> None:
    text = proofs[QUICK[0]["id"]]
    bad = text.replace('rule="Finish with Bulbs" rule_id="LTUP-BASC-0004"',
                       'rule="Must Light" rule_id="LTUP-BASC-0006"', 1)
    report = check_text(bad)
    assert [v.rule for v in report.invalid] == ["Must Light"]


def test_an_unknown_rule_id_is_an_invalid_transition(proofs: dict[str, str]) -> None:
    bad = proofs[QUICK[0]["id"]].replace('rule_id="LTUP-BASC-0004"', 'rule_id="LTUP-BASC-0099"', 1)
    report = check_text(bad)
    assert "LTUP-BASC-0099" in report.invalid[0].text


def test_a_split_missing_a_case_is_refused(proofs: dict[str, str]) -> None:
    text = next(t for t in proofs.values() if 'rule="Light or Empty"' in t)
    # drop the second transition of the first Light or Empty node
    m = _first(text, r'(<node id="\d+">\n(\s*)<transition child="\d+" id="\d+" '
                     r'rule="Light or Empty"[^>]*>\n(?:.*\n)*?\2</transition>\n)'
                     r'(\2<transition child="\d+" id="\d+" rule="Light or Empty"[^>]*>\n'
                     r'(?:.*\n)*?\2</transition>\n)')
    bad = text[:m.start(3)] + text[m.end(3):]
    report = check_text(bad)
    assert not report.valid
    assert "not the cases of Light or Empty" in report.invalid[0].text


def test_an_unfinished_proof_is_valid_but_not_complete(proofs: dict[str, str]) -> None:
    text = proofs[QUICK[0]["id"]]
    last = text.rindex("<transition ")
    end = text.index("</transition>", last) + len("</transition>\n")
    cut = text[:text.rindex("\n", 0, last) + 1] + text[end:]
    report = check_text(cut)
    assert report.valid and not report.complete and report.open_branches


def test_unreadable_proofs_are_input_errors() -> None:
    with pytest.raises(InputError, match="line 3"):
        check_text('<Legup>\n<puzzle name="LightUp">\n<board></puzzle></Legup>')
    head = '<Legup><puzzle name="LightUp"><board width="2" height="1"><cells/></board><proof>' \
           '<tree><node id="1" root="true"><transition id="2" child="9"/></node></tree>' \
           '</proof></puzzle></Legup>'
    with pytest.raises(InputError, match="leads to node 9"):
        check_text(head)


def test_cli_explain_check_proof_and_grade(tmp_path: Path) -> None:
    rec = QUICK[2]
    out = tmp_path / "alice" / "proof.xml"
    out.parent.mkdir()
    r = run_cli("explain", rec["id"], "--to", "legup", "-o", str(out))
    assert r.returncode == 0, r.stderr
    r = run_cli("check-proof", str(out))
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().endswith("Verdict: the proof is valid and complete.")
    bob = tmp_path / "bob"
    bob.mkdir()
    text = out.read_text()
    (bob / "proof.xml").write_text(text.replace('rule_id="LTUP-BASC-0004"',
                                                'rule_id="LTUP-BASC-0006"', 1))
    (tmp_path / "carol").mkdir()
    (tmp_path / "carol" / "p.xml").write_text("<Legup><puzzle name='LightUp'>")
    r = run_cli("grade", str(tmp_path), "--json")
    assert r.returncode == 0, r.stderr
    rows = {row["student"]: row for row in map(json.loads, r.stdout.splitlines())}
    assert rows["alice"]["solved"] is True
    assert rows["bob"]["solved"] is False and rows["bob"]["invalid"] >= 1
    assert "malformed XML" in rows["carol"]["error"]
    r = run_cli("check-proof", str(tmp_path / "carol" / "p.xml"))
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1


def test_tree_tent_only_options_are_refused_for_light_up(proofs: dict[str, str]) -> None:
    from aspuzzle.errors import UsageError

    text = proofs[QUICK[0]["id"]]
    with pytest.raises(UsageError, match="Tree Tent"):
        check_text(text, earned=True)
    with pytest.raises(UsageError, match="unknown Light Up rule 'finish_with_grass'"):
        check_text(text, allowed=frozenset({"finish_with_grass"}))
    report = check_text(text, allowed=frozenset({"Finish with Empty", "LTUP-BASC-0002"}))
    assert {v.rule for v in report.invalid} >= {"Finish with Bulbs"}
    assert all("not allowed" in v.text for v in report.invalid)


def test_rules_of_a_tier_or_by_name_for_light_up(proofs: dict[str, str], tmp_path: Any) -> None:
    """--rules reads a tier or names against the file's own type (Light Up's LEGUP names)."""
    text = next(t for t in proofs.values() if 'rule="Light or Empty"' in t)
    direct = check_text(text, allowed="direct")
    assert direct.invalid and all(v.rule in {"Light or Empty", "Satisfy Number"}
                                  for v in direct.invalid)
    assert check_text(text, allowed="case").solved
    f = tmp_path / "p.xml"
    f.write_text(text)
    r = run_cli("check-proof", str(f), "--rules", "direct")
    assert r.returncode == 1 and "not allowed in this exercise" in r.stdout
    r = run_cli("check-proof", str(f), "--rules", "Finish with Bulbs,LTUP-CASE-0001,bogus")
    assert r.returncode == 2 and "unknown Light Up rule 'bogus'" in r.stderr
