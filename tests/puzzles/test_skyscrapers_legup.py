"""Skyscrapers explanations written as LEGUP proofs (``explain --to legup``) and LEGUP
Skyscrapers proofs judged (``check-proof``, ``grade``). LEGUP's own verdicts (Bram-Hub/LEGUP
448413841d, ``shared/tools/legup/legup_check.sh``) on our exports and on changed copies of one
are recorded in ``tests/data/skyscrapers/legup-view.jsonl`` (see
:mod:`tests.puzzles.skyscrapers_legup_cases`); CI cannot build LEGUP, so the files are made
again here, their hashes compared with the record, and check-proof's "LEGUP will show" column
compared with LEGUP's verdict transition by transition."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

import aspuzzle
from aspuzzle.legup.check import check_text
from aspuzzle.puzzles.skyscrapers.legup_rules import LBoard, complete, contradiction, direct
from tests.conftest import read_jsonl, run_cli
from tests.puzzles.skyscrapers_legup_cases import BASE, PUZZLES, RECORD, files

RECORDED = {r["name"]: r for r in read_jsonl(RECORD)}
WORD = {"valid": "green", "INVALID": "red", "UNJUSTIFIED": "unjustified"}


@pytest.fixture(scope="module")
def made() -> dict[str, str]:
    return files()


def test_the_record_covers_every_case(made: dict[str, str]) -> None:
    assert set(RECORDED) == set(made)


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_legup_column_agrees_with_legup(name: str, made: dict[str, str]) -> None:
    rec, text = RECORDED[name], made[name]
    assert hashlib.sha256(text.encode()).hexdigest() == rec["sha256"], \
        "the file changed: run LEGUP on it again and re-record " \
        "(python -m tests.puzzles.skyscrapers_legup_cases)"
    report = check_text(text)
    if rec.get("load_error") == "InvalidFileFormatException":
        assert report.legup == "cannot open"
        return
    if rec.get("load_error") == "HeadlessException":
        # Cell For Number opens a dialog when LEGUP checks it: headless, LEGUP cannot load the
        # file; with a display it shows the split red (it never validates it)
        cfn = [v for v in report.verdicts if v.rule == "Cell For Number"]
        assert cfn and all(v.legup == "red" and "dialog" in v.legup_text for v in cfn)
        assert report.legup == "not solved"
        return
    ours = {v.transition: v.legup for v in report.verdicts}
    assert set(ours) == set(rec["transitions"])
    for tid, (legup, _) in rec["transitions"].items():
        assert ours[tid] == WORD[legup], f"transition {tid}"
    assert (report.legup == "solved") == rec["complete"], report.legup_text


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_every_export_is_all_green_and_valid_for_us(name: str, made: dict[str, str]) -> None:
    rec = RECORDED[name]
    assert rec["loaded"] and all(w == "valid" for w, _ in rec["transitions"].values())
    report = check_text(made[name])
    assert report.solved, report.render()
    inst = aspuzzle.loads(PUZZLES[name]).instance
    every_clue = None not in inst.edges
    # LEGUP reads a missing clue as 0 seen: its Check calls only puzzles with every clue solved
    assert rec["complete"] == every_clue
    if not every_clue:
        assert "missing clue" in report.legup_text


def test_a_wrong_digit_is_invalid_for_both(made: dict[str, str]) -> None:
    report = check_text(made[f"{BASE}-wrong_digit"])
    bad = next(v for v in report.verdicts if not v.valid)
    assert bad.rule == "Last Number for Cell" and bad.legup == "red"
    assert not report.solved and report.legup == "not solved"


def test_a_wrong_rule_name_is_invalid_for_both(made: dict[str, str]) -> None:
    report = check_text(made[f"{BASE}-wrong_rule"])
    (bad,) = report.invalid
    assert bad.rule == "N Edge" and bad.legup == "red" and "not forced" in bad.legup_text


def test_an_unknown_rule_id_is_a_file_legup_cannot_open(made: dict[str, str]) -> None:
    report = check_text(made[f"{BASE}-unknown_rule"])
    assert report.legup == "cannot open" and "SKYS-BASC-0099" in report.legup_text
    assert any("no Skyscrapers rule" in v.text for v in report.invalid)


def test_flags_off_make_our_splits_red_for_legup_only(made: dict[str, str]) -> None:
    """With dupe="false" LEGUP's Number For Cell wants all n digits: a split on the digits the
    cell can still take is valid for us, red for LEGUP."""
    report = check_text(made[f"{BASE}-dupe_off"])
    assert report.solved
    red = [v for v in report.verdicts if v.legup == "red"]
    assert red and all(v.rule == "Number For Cell" for v in red)


def test_a_split_that_leaves_out_a_digit_is_invalid(made: dict[str, str]) -> None:
    report = check_text(made[f"{BASE}-drop_case"])
    split = [v for v in report.verdicts if v.rule == "Number For Cell"]
    assert split and not split[0].valid and "leave out" in split[0].text
    assert split[0].legup == "red"


@pytest.mark.parametrize("text, where", [
    ("<Legup><puzzle name='Skyscrapers'><board size='4'><cells>", "line 1"),
    ('<?xml version="1.0"?>\n<Legup version="2.0.0"><puzzle name="Skyscrapers">'
     '<board size="4"><cells/></board></puzzle></Legup>', "axis"),
    ("BROKEN", None),
])
def test_malformed_files_give_one_line_errors(tmp_path: Any, text: str,
                                              where: str | None) -> None:
    f = tmp_path / "p.xml"
    f.write_text(text)
    res = run_cli("check-proof", str(f))
    assert res.returncode == 2 and "Traceback" not in res.stderr
    assert res.stderr.count("\n") == 1
    if where:
        assert where in res.stderr


def test_a_bad_cell_in_a_transition_is_located(tmp_path: Any, made: dict[str, str]) -> None:
    text = made[BASE].replace('<cell value="', '<cell value="9', 1)
    first = text.index("<transition")
    text = text[:first] + text[first:].replace('<cell value="', '<cell value="7', 1)
    f = tmp_path / "p.xml"
    f.write_text(text)
    res = run_cli("check-proof", str(f))
    assert res.returncode == 2 and "Traceback" not in res.stderr
    assert "not one of 0..4" in res.stderr and "line" in res.stderr


def test_check_proof_cli_shows_the_legup_column(tmp_path: Any, made: dict[str, str]) -> None:
    f = tmp_path / "p.xml"
    f.write_text(made["4dx-1"])
    res = run_cli("check-proof", str(f))
    assert res.returncode == 0, res.stderr
    assert "[LEGUP green]" in res.stdout and "missing clue" in res.stdout
    out = tmp_path / "e.xml"
    res = run_cli("explain", PUZZLES["4de-1"], "--to", "legup", "-o", str(out))
    assert res.returncode == 0, res.stderr
    assert out.read_text() == made["4de-1"]


def test_grade_has_the_legup_column(tmp_path: Any, made: dict[str, str]) -> None:
    (tmp_path / "a.xml").write_text(made["4de-1"])
    (tmp_path / "b.xml").write_text(made[f"{BASE}-wrong_digit"])
    res = run_cli("grade", str(tmp_path), "--json")
    rows = {r["file"].split("/")[-1]: r for r in map(json.loads, res.stdout.splitlines())}
    assert rows["a.xml"]["solved"] and not rows["b.xml"]["solved"]
    assert rows["a.xml"]["legup"] == "solved" and rows["b.xml"]["legup"].startswith("not solved: ")


# --- LEGUP's rules as restated, on small boards ---------------------------------------------

def _board(digits: dict[tuple[int, int], int], clues: Any = None) -> LBoard:
    full = ((3, 1, 3, 2), (1, 2, 2, 3), (2, 4, 2, 1), (2, 1, 2, 4))  # 4de-1: west east north south
    return LBoard(4, clues or full, digits)


def test_a_missing_clue_makes_exceeding_fire_on_a_full_line() -> None:
    row = {(1, c): d for c, d in enumerate((2, 1, 3, 4), 1)}  # 3 seen from the west, 1 east
    assert not contradiction("SKYS-CONT-0002", _board(row))
    gap = ((0, 1, 3, 2), (1, 2, 2, 3), (2, 4, 2, 1), (2, 1, 2, 4))
    assert contradiction("SKYS-CONT-0002", _board(row, gap))
    assert contradiction("SKYS-CONT-0006", _board({}, gap))  # even on an empty board
    assert "missing clue" in complete(_board(row, gap))


def test_n_edge_and_last_number_for_cell() -> None:
    b = _board({})
    assert direct("SKYS-BASC-0004", b, (3, 2), 3) == ""  # north clue 4 over column 2
    assert direct("SKYS-BASC-0004", b, (3, 2), 2) != ""
    b = _board({(1, 1): 1, (1, 2): 2, (1, 3): 3})
    assert direct("SKYS-BASC-0003", b, (1, 4), 4) == ""
    assert "forced to 4" in direct("SKYS-BASC-0003", b, (1, 4), 3)
