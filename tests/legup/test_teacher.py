"""Teachers' own rules (--rules-dir): a sound rule, proven so first, justifies a transition
that names it; an unsound one is refused with its counterexample (one line, exit 2)."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import aspuzzle
from aspuzzle.errors import UsageError
from aspuzzle.legup import check_text, export_proof
from aspuzzle.legup.grade import grade
from aspuzzle.puzzles.tents.proofs.teacher import load_rules_dir
from tests.conftest import EXAMPLES, run_cli

# Finish with Grass in the teacher's words: sound, so accepted.
FULL_LINE = """% Rule:    Full Line Grass
% Kind:    direct
% Summary: a line with all its tents is grass elsewhere
%
% Input   board.lp's k_eq_n/1, at/4, unknown/2
% Output  sets(full_line_grass, L, R, C, grass)

sets(full_line_grass, L, R, C, grass) :- k_eq_n(L), at(L, _, R, C), unknown(R, C).
"""
# "A cell next to a tree is a tent": unsound.
WRONG = """% Rule: Tent by Tree
% Kind: direct
sets(tent_by_tree, tree(TR, TC), TR + DR, TC + DC, tent) :- tree(TR, TC), neumann((DR, DC)),
    position(TR + DR, TC + DC), unknown(TR + DR, TC + DC).
"""


@pytest.fixture(scope="module")
def direct_proof() -> str:
    return export_proof(aspuzzle.load(EXAMPLES / "tents" / "seed-6x6.txt"))


def _folder(tmp_path: Path, name: str, text: str) -> Path:
    d = tmp_path / name
    d.mkdir()
    (d / f"{text.split('sets(')[1].split(',')[0]}.lp").write_text(text)
    return d


def _teacher_proof(proof: str) -> str:
    """The proof with its first transition (Finish with Grass) named by the teacher's rule."""
    root = ET.fromstring(proof)
    t = next(root.iter("transition"))
    assert t.get("rule") == "Finish with Grass"
    t.set("rule", "Full Line Grass")
    t.set("rule_id", "TEACHER-FULL_LINE_GRASS")
    return ET.tostring(root, encoding="unicode")


def test_sound_teacher_rule_justifies_a_transition(tmp_path: Path, direct_proof: str) -> None:
    rules = load_rules_dir(_folder(tmp_path, "rules", FULL_LINE))
    (rule,) = rules.rules
    assert (rule.id, rule.name, str(rule.kind), rule.legup_id) == (
        "full_line_grass", "Full Line Grass", "direct", "TEACHER-FULL_LINE_GRASS")
    text = _teacher_proof(direct_proof)
    without = check_text(text)
    assert [v.text for v in without.invalid] == ["unknown Tree Tent rule "
                                                 "'TEACHER-FULL_LINE_GRASS'"]
    r = check_text(text, teacher=rules)
    assert r.solved, r.render()
    assert r.verdicts[0].rule == "Full Line Grass"
    assert r.verdicts[0].text.startswith("the teacher's rule Full Line Grass at row 2 sets")
    # a teacher's rule is allowed even where the exercise allows only some rules
    r = check_text(text, teacher=rules, allowed={"finish_with_grass", "surround_tent_with_grass",
                                                 "empty_field", "tree_for_tent",
                                                 "tent_for_tree", "last_camping_spot",
                                                 "finish_with_tents"})
    assert r.invalid == () or all("not allowed" in v.text for v in r.invalid)
    assert r.verdicts[0].valid
    # the rule concludes only what it says: a wrong cell is refused
    root = ET.fromstring(text)
    next(root.iter("transition"))[0].set("value", "3")
    r = check_text(ET.tostring(root, encoding="unicode"), teacher=rules)
    assert r.invalid[0].text.startswith("Full Line Grass does not give (2,1) is a tent")


def test_unsound_teacher_rule_is_refused(tmp_path: Path) -> None:
    folder = _folder(tmp_path, "wrong", WRONG)
    with pytest.raises(UsageError, match=r"rule 'Tent by Tree' is not sound: on this 1x3 "
                                         r"board"):
        load_rules_dir(folder)
    r = run_cli("check-proof", str(EXAMPLES / "tents" / "seed-6x6.txt"), "--rules-dir",
                str(folder))
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "not sound" in r.stderr
    assert "T" in r.stderr.split("board")[-1]  # the counterexample is printed


def test_bad_rule_folders(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="not a folder"):
        load_rules_dir(tmp_path / "nowhere")
    d = tmp_path / "noheader"
    d.mkdir()
    (d / "x.lp").write_text("sets(x, cell(1, 1), 1, 1, grass) :- unknown(1, 1).\n")
    with pytest.raises(UsageError, match="header needs"):
        load_rules_dir(d)
    d = tmp_path / "misnamed"
    d.mkdir()
    (d / "mine.lp").write_text(FULL_LINE)
    with pytest.raises(UsageError, match=r"named after the file, sets\(mine, \.\.\.\), not "
                                         r"sets\(full_line_grass"):
        load_rules_dir(d)
    d = tmp_path / "kind"
    d.mkdir()
    (d / "full_line_grass.lp").write_text(FULL_LINE.replace("direct", "contradiction"))
    with pytest.raises(UsageError, match="a contradiction rule defines contradiction"):
        load_rules_dir(d)
    d = tmp_path / "bundled"
    d.mkdir()
    (d / "empty_field.lp").write_text("% Rule: E\n% Kind: direct\n")
    with pytest.raises(UsageError, match="is a bundled rule"):
        load_rules_dir(d)


def test_cli_check_proof_and_grade(tmp_path: Path, direct_proof: str) -> None:
    folder = _folder(tmp_path, "rules", FULL_LINE)
    cls = tmp_path / "class" / "ann"
    cls.mkdir(parents=True)
    (cls / "p.xml").write_text(_teacher_proof(direct_proof))
    r = run_cli("check-proof", str(cls / "p.xml"), "--rules-dir", str(folder), "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["solved"] is True
    r = run_cli("check-proof", str(cls / "p.xml"))
    assert r.returncode == 1
    rows = grade(tmp_path / "class", teacher=load_rules_dir(folder))
    assert [(x.student, x.solved, x.invalid) for x in rows] == [("ann", True, 0)]
    r = run_cli("grade", str(tmp_path / "class"), "--rules-dir", str(folder), "--json")
    assert r.returncode == 0 and json.loads(r.stdout)["solved"] is True


def test_cli_check_step_hint_explain(tmp_path: Path) -> None:
    folder = _folder(tmp_path, "rules", FULL_LINE)
    seed = str(EXAMPLES / "tents" / "seed-6x6.txt")
    state = seed  # the puzzle's own text: an empty board
    r = run_cli("check-step", seed, "--state", state, "--rule", "Full Line Grass",
                "--set", "2,1=grass", "--rules-dir", str(folder))
    assert (r.returncode, r.stdout.strip()) == (
        0, "yes: the teacher's rule Full Line Grass at row 2 sets (2,1) (2,3) (2,4) (2,5) "
           "grass.")
    r = run_cli("check-step", seed, "--state", state, "--rule", "Full Line Grass",
                "--set", "1,1=grass", "--rules-dir", str(folder))
    assert r.returncode == 1 and "(it does follow, by Empty Field)" in r.stdout
    r = run_cli("check-step", seed, "--state", state, "--rule", "Full Line Grass",
                "--set", "2,1=grass")
    assert r.returncode == 2 and "unknown rule 'Full Line Grass'" in r.stderr
    r = run_cli("hint", seed, "--state", state, "--rules-dir", str(folder))
    assert r.returncode == 0 and r.stdout.startswith("Next step - Finish with Grass")
    r = run_cli("explain", seed, "--rules-dir", str(folder))
    assert r.returncode == 0 and "solved in 16 steps" in r.stdout
    r = run_cli("explain", seed, "--rules-dir", str(folder), "--to", "legup")
    assert r.returncode == 2 and "does not take --rules-dir" in r.stderr
    wrong = _folder(tmp_path, "wrong", WRONG)
    r = run_cli("hint", seed, "--state", state, "--rules-dir", str(wrong))
    assert r.returncode == 2 and "not sound" in r.stderr
    r = run_cli("explain", str(EXAMPLES / "hitori" / "puzzlink-4x4.txt"), "--rules-dir",
                str(folder))
    assert r.returncode == 2 and "teachers' rules are Tents rules, not Hitori" in r.stderr


# Tree for Tent in the teacher's words: a rule that draws lines, proven sound like a cell.
LONE_TENT = """% Rule:    Lone Tent Link
% Kind:    direct
% Summary: an unlinked tent next to one unlinked tree is linked to it
lone_tent_link_two(R, C) :- owner(R, C, T1, U1), owner(R, C, T2, U2), (T1, U1) < (T2, U2).
links(lone_tent_link, tent(R, C), TR, TC, R, C) :- owner(R, C, TR, TC),
    not lone_tent_link_two(R, C).
"""
# "An unlinked tree and an unlinked tent side by side are linked": unsound.
ANY_LINK = """% Rule: Any Link
% Kind: direct
links(any_link, tree(TR, TC), TR, TC, TR + DR, TC + DC) :- tree(TR, TC),
    not linked_tree(TR, TC), neumann((DR, DC)), position(TR + DR, TC + DC),
    tent(TR + DR, TC + DC), not linked_tent(TR + DR, TC + DC).
"""


def _link_folder(tmp_path: Path, name: str, stem: str, text: str) -> Path:
    d = tmp_path / name
    d.mkdir()
    (d / f"{stem}.lp").write_text(text)
    return d


@pytest.mark.xfail(reason="the export draws no lines on open branches now; this test edits "
                   "an export's Tent for Tree transitions and needs a hand-made proof",
                   strict=False)
def test_teacher_rule_that_draws_links(tmp_path: Path, direct_proof: str) -> None:
    rules = load_rules_dir(_link_folder(tmp_path, "links", "lone_tent_link", LONE_TENT))
    root = ET.fromstring(direct_proof)
    t = next(t for t in root.iter("transition") if t.get("rule") == "Tent for Tree")
    t.set("rule", "Lone Tent Link")
    t.set("rule_id", "TEACHER-LONE_TENT_LINK")
    text = ET.tostring(root, encoding="unicode")
    r = check_text(text, teacher=rules)
    assert r.solved, r.render()
    v = next(v for v in r.verdicts if v.rule == "Lone Tent Link")
    assert v.text == ("the teacher's rule Lone Tent Link at the tent at (1,5) links the tree "
                      "at (1,4) to (1,5).")
    # a line the rule does not draw is refused
    line = t.find("line")
    assert line is not None
    line.set("x2", "5")  # (1,6): no tent there
    r = check_text(ET.tostring(root, encoding="unicode"), teacher=rules)
    assert not r.valid


def test_unsound_link_rule_is_refused(tmp_path: Path) -> None:
    folder = _link_folder(tmp_path, "anylink", "any_link", ANY_LINK)
    with pytest.raises(UsageError, match=r"rule 'Any Link' is not sound: on this 1x4 board.*"
                                         r"the trees paired with them"):
        load_rules_dir(folder)
