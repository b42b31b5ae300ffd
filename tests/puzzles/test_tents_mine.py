"""rules mine: Tree Tent rules found from the game rules alone (a small window here; the 3x3
run is in docs/rules-mine.md), each a rule file that rules verify proves sound and --rules-dir
loads; a wrong one is refused; the command's bad input is one line and exit status 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from aspuzzle import api
from aspuzzle.errors import UsageError
from aspuzzle.explain import explain
from aspuzzle.kit.mine import (
    Found,
    Pattern,
    canonical,
    mine,
    minimal,
    orientations,
    parse_window,
)
from aspuzzle.puzzles.tents.mine import MinedRule, TentsLanguage, derivation, sheet_rule
from aspuzzle.puzzles.tents.proofs.teacher import (
    TeacherRules,
    load_rules_dir,
    read_rule,
    with_teacher_rules,
)
from aspuzzle.puzzles.tents.rulecheck import verify
from tests.conftest import EXAMPLES, run_cli


@pytest.fixture(scope="module")
def mined_2x2() -> list[Found]:
    return mine(TentsLanguage(), (2, 2), max_cells=4, max_size=4)


def _by_key(found: list[Found]) -> dict[str, Found]:
    return {f.pattern.key(): f for f in found}


def test_a_2x2_window_finds_the_sheets_derived_rules(mined_2x2: list[Found]) -> None:
    got = _by_key(mined_2x2)
    # 5.b: an unknown cell next to a tent, at its side or its corner
    assert got[".A"].conclusions == ((0, 0, "grass"),)
    assert got[".?/?A"].conclusions == ((0, 0, "grass"),)
    # 5.a.i (n = k) and 5.a.ii (the line's missing tents must go on this unknown cell)
    assert got[". col1:hi0"].conclusions == ((0, 0, "grass"),)
    assert got[". col1:lo1"].conclusions == ((0, 0, "tent"),)
    # 5.e: a line that needs a tent where no unknown cell is left
    assert got["x col1:lo1"].contradiction
    assert {sheet_rule(f) for f in mined_2x2} >= {
        "surround_tent_with_grass", "finish_with_grass", "finish_with_tents", "too_few_tents"}
    # and one the sheet does not have: a tree in the grid's corner, its two places both next
    # to the cell diagonal to it
    corner = got[".?/?T edge:es"]
    assert corner.conclusions == ((0, 0, "grass"),) and sheet_rule(corner) is None


def test_basic_and_non_minimal_patterns_are_left_out(mined_2x2: list[Found]) -> None:
    keys = set(_by_key(mined_2x2))
    assert "AA" not in keys and "A?/?A" not in keys  # Touching Tents itself (3.c.i)
    assert ".A/??" not in keys and ".Ax" not in keys  # (not its frame, or a cell too many)
    for f in mined_2x2:
        assert f.pattern == canonical(f.pattern)


@pytest.mark.parametrize(("pattern", "conclusion", "sheet"), [
    # 5.c: a tree at the grid's edge whose other neighbours are grass: its tent is below
    (Pattern(2, 3, ((0, 0, "x"), (0, 1, "T"), (0, 2, "x"), (1, 1, ".")), "n"),
     (1, 1, "tent"), "last_camping_spot"),
    # 5.d: an unknown cell with no tree next to it (here at the edge; in the middle of the
    # grid it takes a 3x3 window)
    (Pattern(2, 3, ((0, 0, "o"), (0, 1, "."), (0, 2, "o"), (1, 1, "o")), "n"),
     (0, 1, "grass"), "empty_field"),
    (Pattern(3, 3, ((0, 1, "o"), (1, 0, "o"), (1, 1, "."), (1, 2, "o"), (2, 1, "o"))),
     (1, 1, "grass"), "empty_field"),
    # Tatham's corner rule, more general (not the sheet's): a tree grass on two sides that
    # meet at a corner: its tent is next to the cell diagonal to it on the other two
    (Pattern(3, 3, ((0, 2, "."), (1, 0, "x"), (1, 1, "T"), (2, 1, "x"))),
     (0, 2, "grass"), None),
])
def test_3x3_patterns_are_minimal_rules(pattern: Pattern, conclusion: tuple[int, int, str],
                                        sheet: str | None) -> None:
    lang = TentsLanguage()
    found = minimal(lang, pattern)
    assert found is not None and conclusion in found.conclusions
    assert sheet_rule(Found(pattern, (conclusion,))) == sheet
    # one cell less and the conclusion is lost
    for i, j, v in pattern.cells:
        if (i, j) != conclusion[:2]:
            weaker = minimal(lang, pattern.with_cell(i, j, lang.parent[v]))
            assert weaker is None or conclusion not in weaker.conclusions


def test_orientations_turn_cells_edges_and_lines() -> None:
    p = Pattern(1, 2, ((0, 0, "."), (0, 1, "T")), "n", (("row", 0, "lo", 1),))
    images = {q.key() for q, _ in orientations(p)}
    assert ".T edge:n row1:lo1" in images and "T. edge:n row1:lo1" in images
    assert "T/. edge:e col1:lo1" in images and "./T edge:w col1:lo1" in images
    assert len(images) == 8


def test_the_derivation_is_the_sheets(mined_2x2: list[Found]) -> None:
    got = _by_key(mined_2x2)
    d = derivation(got[".A"], "R")
    assert d.closed_by == "touching_tents" and d.steps == 0
    assert "Tent or Grass (4.a) on (1,1): two cases." in d.text[0]
    d = derivation(got[".?/?T edge:es"], "R")
    assert d.closed_by == "no_tent_for_tree" and d.steps == 1


def test_mined_rules_are_sound_and_load_with_rules_dir(mined_2x2: list[Found],
                                                       tmp_path: Path) -> None:
    rules = [MinedRule(f"mined_{n:03d}", f"Mined {n}", f, sheet_rule(f), derivation(f, "x"))
             for n, f in enumerate(mined_2x2, 1)]
    for r in rules:
        path = tmp_path / f"{r.id}.lp"
        path.write_text(r.text())
        v = verify(path, up_to=(4, 4))
        assert v.sound, v.render()
    corner = next(r for r in rules if r.found.pattern.key() == ".?/?T edge:es")
    assert verify(tmp_path / f"{corner.id}.lp", up_to=(6, 6)).sound
    teacher = load_rules_dir(tmp_path, up_to=(3, 3))
    assert len(teacher.rules) == len(rules)
    loaded = api.load(EXAMPLES / "tents" / "seed-6x6.txt")
    result = explain(loaded, reasoner=with_teacher_rules(loaded.instance, teacher))
    assert result.status == "solved"


def test_a_wrong_mined_rule_is_refused(mined_2x2: list[Found], tmp_path: Path) -> None:
    corner = _by_key(mined_2x2)[".?/?T edge:es"]
    # the corner rule without the grid's edge: the tree may have its tent on the far side
    wrong = Found(Pattern(2, 2, corner.pattern.cells), corner.conclusions)
    text = MinedRule("mined_001", "Mined 1", wrong, None, derivation(wrong, "x")).text()
    (tmp_path / "mined_001.lp").write_text(text)
    assert not verify(tmp_path / "mined_001.lp", up_to=(4, 4)).sound
    with pytest.raises(UsageError, match="is not sound"):
        load_rules_dir(tmp_path, up_to=(4, 4))
    assert read_rule(tmp_path / "mined_001.lp").name == "Mined 1"
    r = run_cli("explain", str(EXAMPLES / "tents" / "seed-6x6.txt"), "--rules-dir", str(tmp_path))
    assert r.returncode == 2 and "rule 'Mined 1' is not sound" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert TeacherRules().rules == ()


def test_parse_window() -> None:
    assert parse_window("3x3") == (3, 3) and parse_window(" 2X3 ") == (2, 3)
    for bad in ("3y3", "0x2", "5x5", ""):
        with pytest.raises(UsageError, match="--window"):
            parse_window(bad)


def test_the_command_mines_and_writes(tmp_path: Path) -> None:
    r = run_cli("rules", "mine", "--type", "tents", "--window", "1x2", "--max-cells", "2",
                "--out", str(tmp_path / "out"), "--up-to", "3x3")
    assert r.returncode == 0, r.stderr
    assert "the sheet's derived rules found: finish_with_grass, finish_with_tents, " \
           "surround_tent_with_grass, too_few_tents" in r.stdout
    files = sorted((tmp_path / "out").glob("*.lp"))
    assert files and all(f.read_text().startswith("%! name: Mined 1x2 ") for f in files)


@pytest.mark.parametrize(("args", "message"), [
    (("--type", "chess"), "unknown puzzle type 'chess'"),
    (("--type", "sudoku"), "sudoku does not say what its patterns are made of"),
    (("--window", "3y3"), "--window: '3y3' is not a window such as 3x3"),
    (("--corpus", "no/such.jsonl", "--out", "x"), "--corpus: no/such.jsonl: no such file"),
    (("--max-cells", "9"), "--max-cells: 9 is not 1 to 6"),
])
def test_bad_input_is_one_line_and_exit_2(args: tuple[str, ...], message: str) -> None:
    r = run_cli("rules", "mine", *args)
    assert r.returncode == 2
    assert message in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr


def test_the_rules_are_ranked_on_a_corpus(tmp_path: Path) -> None:
    import json

    corpus = tmp_path / "one.jsonl"
    lines = (EXAMPLES.parent / "tests" / "data" / "tents" / "tatham.jsonl").read_text()
    corpus.write_text(lines.splitlines()[0] + "\n" + '{"game": "singles", "id": "x"}\n')
    r = run_cli("rules", "mine", "--window", "1x2", "--max-cells", "2", "--out",
                str(tmp_path / "out"), "--up-to", "3x3", "--corpus", str(corpus), "--json")
    assert r.returncode == 0, r.stderr
    report = json.loads(r.stdout)
    assert report["corpus"]["puzzles"] == 1
    # the full catalogue explains it without a split; the sheet's rules need some, and the
    # 1x2 rules are the sheet's own, so they remove none
    assert report["corpus"]["full"]["splits"] == 0
    assert report["corpus"]["sheet"]["splits"] > 0
    assert all(rule["removes"] == {"full": 0, "sheet": 0} for rule in report["rules"])
