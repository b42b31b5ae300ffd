"""grade: a generated class folder (nested homework folders, empty students, broken and foreign
files) gives the expected CSV, the same with one process or two."""

from __future__ import annotations

import csv
import io
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import aspuzzle
from aspuzzle.errors import UsageError
from aspuzzle.legup import export_proof
from aspuzzle.legup.check import allowed_rules
from aspuzzle.legup.grade import COLUMNS, grade, to_csv
from tests.conftest import EXAMPLES, run_cli


@pytest.fixture(scope="module")
def klass(tmp_path_factory: pytest.TempPathFactory) -> Path:
    good = export_proof(aspuzzle.load(EXAMPLES / "tents" / "seed-6x6.txt"))
    root = ET.fromstring(good)
    # the last tent left unset (the proof's last step only draws its line: without it the
    # board would still be complete)
    node, t = [(n, t) for n in root.iter("node") for t in n.findall("transition")
               if t.get("rule") == "Last Camping Spot"][-1]
    node.remove(t)
    unfinished = ET.tostring(root, encoding="unicode")
    wrong = good.replace('<cell value="2" x="0" y="1"/>', '<cell value="3" x="0" y="1"/>', 1)
    assert wrong != good
    d = tmp_path_factory.mktemp("class")
    for i in range(1, 9):
        s = d / f"student{i:02d}"
        s.mkdir()
        if i == 3:
            continue  # hands in nothing
        (s / "hw1").mkdir()
        (s / "hw1" / "proof.xml").write_text(good if i % 2 else wrong)
        if i == 4:
            (s / "hw1" / "deeper" / "more").mkdir(parents=True)
            (s / "hw1" / "deeper" / "more" / "p.xml").write_text(unfinished)
        if i == 5:
            (s / "broken.xml").write_text(good[:300])
            (s / "notes.txt").write_text("my notes")
            (s / "nurikabe.xml").write_text(good.replace('name="TreeTent"', 'name="Nurikabe"'))
        if i == 6:
            (s / ".hidden.xml").write_text("ignored")
    (d / "student09" / "empty" / "also-empty").mkdir(parents=True)
    return d


def test_grade_rows(klass: Path) -> None:
    rows = grade(klass)
    table = [(r.student, r.file, r.solved, r.transitions, r.invalid, r.error[:30]) for r in rows]
    ok = ("TreeTent 6x6", True, 32)
    assert [(r.student, r.file) for r in rows] == sorted((r.student, r.file) for r in rows)
    assert len(rows) == 13
    by = {(r.student, r.file): r for r in rows}
    for i in (1, 5, 7):
        r = by[(f"student{i:02d}", f"student{i:02d}/hw1/proof.xml")]
        assert (r.puzzle, r.solved, r.transitions) == ok and r.depth == 16 and not r.error
    for i in (2, 4, 6, 8):
        r = by[(f"student{i:02d}", f"student{i:02d}/hw1/proof.xml")]
        assert (r.solved, r.complete, r.invalid) == (False, False, 2), table
        assert r.first_invalid.endswith("(Finish with Grass)")
        assert r.reason.startswith("Finish with Grass does not give (2,1) is a tent")
    r = by[("student04", "student04/hw1/deeper/more/p.xml")]
    assert (r.solved, r.complete, r.invalid, r.transitions) == (False, False, 0, 31)
    assert r.reason.startswith("unfinished: the branch ending at node")
    assert by[("student03", "")].error == "no proof file"
    assert by[("student09", "")].error == "no proof file"
    assert by[("student05", "student05/broken.xml")].error.startswith("line ")
    assert "malformed XML" in by[("student05", "student05/broken.xml")].error
    assert by[("student05", "student05/notes.txt")].error.startswith("line 1, column 1: "
                                                                     "LEGUP: malformed XML")
    assert "'Nurikabe' puzzle; aspuzzle checks" in by[("student05", "student05/nurikabe.xml")].error
    text = to_csv(rows)
    parsed = list(csv.reader(io.StringIO(text)))
    assert tuple(parsed[0]) == COLUMNS and len(parsed) == 14
    assert parsed[1][:8] == ["student01", "student01/hw1/proof.xml", "TreeTent 6x6", "yes",
                             "yes", "32", "16", "0"]


def test_grade_in_two_processes_and_the_cli(klass: Path, tmp_path: Path) -> None:
    one = to_csv(grade(klass))
    out = tmp_path / "grades.csv"
    r = run_cli("grade", str(klass), "--csv", str(out), "--jobs", "2")
    assert r.returncode == 0, r.stderr
    assert out.read_text() == one
    assert r.stdout == f"{out}: 13 rows, 3 solved\n"


def test_rules_restrict_the_class(klass: Path) -> None:
    rows = grade(klass, rules="Finish with Grass,Empty Field,TREE-BASC-0005")
    r = next(r for r in rows if r.file == "student01/hw1/proof.xml")
    assert not r.solved and r.reason == "Last Camping Spot is not allowed in this exercise"
    assert allowed_rules("direct") == allowed_rules("DIRECT")
    assert "tent_or_grass" not in (allowed_rules("direct") or ())
    assert "tent_or_grass" in (allowed_rules("case") or ())
    with pytest.raises(UsageError, match="unknown Tents rule 'Bogus'"):
        allowed_rules("Bogus")
    with pytest.raises(UsageError, match="not a folder"):
        grade(klass / "nope")
