"""check-proof's "LEGUP will show" column against LEGUP itself: the verdicts LEGUP (Bram-Hub/LEGUP
448413841d, ``shared/tools/legup/legup_check.sh``) gave on our exports and on changed copies of
one (:mod:`tests.legup.legup_cases`) are recorded in ``tests/data/tents/legup-view.jsonl``; CI
cannot build LEGUP, so the files are made again here, their hashes compared with the record,
and our prediction compared with LEGUP's verdict transition by transition."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from aspuzzle.legup import check_text
from tests.conftest import read_jsonl, run_cli
from tests.legup.legup_cases import CHANGES, RECORD, files

RECORDED = {r["name"]: r for r in read_jsonl(RECORD)}


@pytest.fixture(scope="module")
def made() -> dict[str, str]:
    return files(set(RECORDED) | {"seed", *(f"seed-{n}" for n in CHANGES)})


def _shown(legup: str, changes: int, ours: str) -> str:
    """LEGUP's word for a transition as check-proof states it (``unchecked``: LEGUP colours it
    green, having loaded no change to check)."""
    word = {"valid": "green", "INVALID": "red", "UNJUSTIFIED": "unjustified"}[legup]
    return "unchecked" if word == "green" and ours == "unchecked" and changes == 0 else word


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_legup_column_agrees_with_legup(name: str, made: dict[str, str]) -> None:
    rec, text = RECORDED[name], made[name]
    assert hashlib.sha256(text.encode()).hexdigest() == rec["sha256"], \
        "the file changed: run LEGUP on it again and re-record (see tests/legup/legup_cases.py)"
    report = check_text(text)
    if not rec["loaded"]:
        assert report.legup == "cannot open"
        return
    ours = {v.transition: v.legup for v in report.verdicts}
    for tid, (legup, changes) in rec["transitions"].items():
        assert ours[tid] == _shown(legup, changes, ours[tid]), f"transition {tid}"
    assert (report.legup == "solved") == rec["complete"], report.legup_text


def test_the_record_covers_what_differs() -> None:
    """The recorded files include every way LEGUP and we part: a red transition we call valid
    or the reverse, an unchecked line, an unjustified step, a file LEGUP cannot open, and a
    proof complete for us but not for LEGUP's Check."""
    words = {w for r in RECORDED.values() for w, _ in r.get("transitions", {}).values()}
    assert words == {"valid", "INVALID", "UNJUSTIFIED"}
    assert any(not r["loaded"] for r in RECORDED.values())
    assert any(r["loaded"] and not r["complete"] and
               all(w == "valid" for w, _ in r["transitions"].values())
               for r in RECORDED.values())  # lines on the final board


def test_fill_in_row_is_shown_red(made: dict[str, str]) -> None:
    report = check_text(made["seed-fill_in_row"])
    split = [v for v in report.verdicts if v.rule == "Fill In row"]
    assert split and all(v.legup == "red" and "Fill In row" in v.legup_text for v in split)
    assert report.legup == "not solved"


def test_a_links_split_is_shown_red(made: dict[str, str]) -> None:
    """LEGUP drops the lines of a Links from tree split on load and then refuses each case (no
    change, and siblings): red, though our own check finds the cases complete."""
    report = check_text(made["seed-links_split"])
    split = [v for v in report.verdicts if v.rule == "Links from tree"]
    assert len(split) == 2 and all(v.valid and v.legup == "red" for v in split)
    assert report.legup == "not solved"


def test_a_line_only_step_is_unchecked_and_lines_on_the_end_stop_legups_check(
        made: dict[str, str]) -> None:
    moved = check_text(made["seed-line_to_grass"])
    line = next(v for v in moved.verdicts if v.rule == "Tent for Tree" and not v.valid)
    assert line.legup == "unchecked"
    ended = check_text(made["seed-lines_at_the_end"])
    assert ended.complete and ended.legup == "not solved"  # every branch ends solved for us
    assert "fires" in ended.legup_text and "wrong end" in ended.legup_text


def test_cli_and_grade_show_legups_verdict(made: dict[str, str], tmp_path: Any) -> None:
    f = tmp_path / "s1" / "p.xml"
    f.parent.mkdir()
    f.write_text(made["seed-fill_in_row"])
    (tmp_path / "s2").mkdir()
    (tmp_path / "s2" / "p.xml").write_text(made["seed"])
    r = run_cli("check-proof", str(f))
    assert r.returncode == 1 and "[LEGUP red: LEGUP refuses every Fill In row" in r.stdout
    assert "LEGUP: not solved" in r.stdout and r.stdout.splitlines()[-1].startswith("Verdict")
    r = run_cli("check-proof", str(f), "--json")
    d = json.loads(r.stdout)
    assert d["legup"] == "not solved" and {v["legup"] for v in d["verdicts"]} >= {"red"}
    r = run_cli("grade", str(tmp_path), "--json")
    rows = {json.loads(line)["student"]: json.loads(line) for line in r.stdout.splitlines()}
    assert rows["s2"]["legup"] == "solved" and rows["s1"]["legup"].startswith("not solved")
