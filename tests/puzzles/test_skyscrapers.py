"""Skyscrapers (Tatham's Towers) on the grid-puzzle kit: a digit type with clues outside the
grid."""

from __future__ import annotations

from typing import Any

import pytest

import aspuzzle
from aspuzzle.errors import InputError
from aspuzzle.explain import explain
from aspuzzle.explain.steps import Kind
from aspuzzle.puzzles.skyscrapers import PUZZLE as SKY
from tests.conftest import DATA, EXAMPLES, read_jsonl

EXAMPLE = EXAMPLES / "skyscrapers" / "tatham-5de.txt"
ANSWER = [[5, 1, 4, 3, 2], [4, 5, 3, 2, 1], [1, 3, 2, 4, 5], [3, 2, 1, 5, 4], [2, 4, 5, 1, 3]]
TATHAM = read_jsonl(DATA / "skyscrapers" / "tatham.jsonl")


def test_the_example_solves_to_tathams_answer() -> None:
    loaded = aspuzzle.load(EXAMPLE)
    assert loaded.puzzle.name == "skyscrapers"
    res = aspuzzle.solve(loaded)
    assert res.status.value == "unique"
    assert SKY.solution_to_json(res.solutions[0]) == {"grid": ANSWER}
    assert SKY.verify(loaded.instance, res.solutions[0]) == []


@pytest.mark.parametrize("rec", TATHAM, ids=[r["seed"] for r in TATHAM])
def test_tatham_ids_solve_to_his_solution_unique_and_round_trip(rec: dict[str, Any]) -> None:
    loaded = aspuzzle.loads(rec["id"])
    assert loaded.puzzle.name == "skyscrapers" and loaded.format == "tatham"
    res = aspuzzle.solve(loaded)
    assert res.status.value == "unique"
    assert SKY.solution_to_json(res.solutions[0]) == {"grid": rec["grid"]}
    assert SKY.verify(loaded.instance, res.solutions[0]) == []
    assert SKY.formats["tatham"].write(loaded.instance, None) == rec["id"]
    for fmt in ("text", "facts", "puzzlink", "legup"):
        f = SKY.formats[fmt]
        text = f.write(loaded.instance, None)
        assert f.read(text) == loaded.instance and f.write(f.read(text), None) == text
        assert aspuzzle.loads(text).instance == loaded.instance
    f = SKY.formats["facts"]  # with the solution: its value/3 facts are left out of the puzzle
    assert f.read(f.write(loaded.instance, res.solutions[0])) == loaded.instance


def test_text_grid_with_clues_around_it() -> None:
    text = EXAMPLE.read_text()
    loaded = aspuzzle.loads(text)
    assert loaded.instance.edges[:5] == (1, 2, 2, 3, 2)
    written = SKY.formats["text"].write(loaded.instance, None)
    assert written == text.split("\n", 1)[1]
    assert "clue(top,1,1)." in SKY.facts_text(loaded.instance)
    facts = SKY.formats["facts"].write(loaded.instance, None)
    assert "clue(left, 3, 4)." in facts and aspuzzle.loads(facts).instance == loaded.instance


def test_puzzlink_reads_pzprjs_numbers() -> None:
    url = "https://puzz.link/p?skyscrapers/4/4/g2h3g1h2h3i"
    inst = aspuzzle.loads(url).instance
    assert inst.edges == (None, 2, None, None, 3, None, 1, None, None, 2, None, None, 3,
                          None, None, None)
    assert SKY.formats["puzzlink"].write(inst, None) == url
    with_cells = "https://puzz.link/p?skyscrapers/4/4/g2h3g1h2h3in1m"
    inst2 = aspuzzle.loads(with_cells).instance
    assert inst2.at((3, 1)) == ("given", 1)
    assert SKY.formats["puzzlink"].write(inst2, None) == with_cells


@pytest.mark.parametrize("text, message", [
    ("4:1/2/3", "3 clues, expected 16"),
    ("4:" + "/".join(["5"] + [""] * 15), "clue 5 is out of range 1..4"),
    ("4:" + "/" * 15 + ",p1", "longer than 16 cells"),
    ("4:" + "/" * 15 + ",o", "the grid has 15 cells"),
    ("4:" + "/" * 15 + ",a!", "unexpected character '!'"),
    ("https://puzz.link/p?skyscrapers/4/5/g", "square, not 4x5"),
    ("# skyscrapers\n  1 2\n. . .\n. . . .\n  . .\n", "row 1: 3 tokens, expected 4"),
    ("# skyscrapers\n  1 2\n. . . .\n. . . .\n  . 3\n", "clue 3 is out of range 1..2"),
    ("# skyscrapers\n  1 2\n. 1 . x\n. . . .\n  . .\n", "cannot read the clue 'x'"),
])
def test_bad_input_names_the_place(text: str, message: str) -> None:
    with pytest.raises(InputError) as err:
        aspuzzle.loads(text, type="skyscrapers")
    assert message in str(err.value)


QUICK = [r for r in TATHAM if r["id"][0] == "4"]


@pytest.mark.parametrize("rec", QUICK, ids=[r["seed"] for r in QUICK])
def test_explanations_reach_tathams_solution(rec: dict[str, Any]) -> None:
    # every step is re-proven by the encoding as it is made (a ReproofError otherwise)
    e = explain(aspuzzle.loads(rec["id"]))
    assert e.solved
    grid = {(r, c): d for (r, c, d), v in e.end.cells.items() if v == "yes"}
    for (r, c), d in grid.items():
        assert rec["grid"][r - 1][c - 1] == d


@pytest.mark.parametrize(("size", "tier", "seed"), [("4x4", "direct", 1), ("5x5", "direct", 2),
                                                    ("5x5", "case", 1)])
def test_generated_puzzles_are_unique_at_their_tier(size: str, tier: str, seed: int) -> None:
    g = aspuzzle.generate("skyscrapers", size=size, difficulty=tier, seed=seed)
    assert str(g.grade.tier) == tier
    res = aspuzzle.solve(aspuzzle.loads(g.write("tatham")[1]))
    assert res.status.value == "unique"
    assert res.solutions[0] == g.solution
    assert SKY.verify(g.loaded.instance, g.solution) == []
    again = aspuzzle.generate("skyscrapers", size=size, difficulty=tier, seed=seed)
    assert again.loaded.instance == g.loaded.instance  # a seed makes the same puzzle


def test_hint_check_and_pictures_of_the_example(tmp_path: Any) -> None:
    from tests.conftest import run_cli

    ex = str(EXAMPLES / "skyscrapers" / "tatham-5de.txt")
    r = run_cli("hint", ex)
    assert r.returncode == 0 and r.stdout.startswith("Next step - "), r.stderr
    r = run_cli("check", ex)
    assert r.returncode == 0 and "No rule is broken" in r.stdout, r.stderr
    for fmt in ("svg", "png"):
        out = tmp_path / f"p.{fmt}"
        r = run_cli("render", f"--{fmt}", ex, "-o", str(out))
        assert r.returncode == 0 and out.stat().st_size > 0, r.stderr
    assert "4 2 1 2 3" in run_cli("render", ex).stdout  # the bottom clues under the grid
    r = run_cli("check-step", ex, "--rule", "last_visible_number", "--set", "(1,1)=5")
    assert r.returncode == 0 and r.stdout.startswith("yes: "), r.stderr
    r = run_cli("check-step", ex, "--rule", "last_visible_number", "--set", "(1,1)=4")
    assert r.returncode == 1 and r.stdout.startswith("no: "), r.stderr


def test_legups_own_file_is_read_and_solved() -> None:
    # LEGUP's <axis side="east"> holds the rows (index: left end, value: right end), "south"
    # the columns (index: top, value: bottom); all 9 Skyscrapers files LEGUP ships read alike
    loaded = aspuzzle.load(str(DATA / "skyscrapers" / "legup-4x4-easy1.xml"))
    assert loaded.format == "legup"
    assert SKY.formats["tatham"].write(loaded.instance, None) == \
        "4:1/4/2/2/3/1/3/2/1/2/3/2/3/2/1/2"
    res = aspuzzle.solve(loaded)
    assert res.status.value == "unique"
    assert [[res.solutions[0].digit((r, c), 4) for c in range(1, 5)] for r in range(1, 5)] == \
        [[4, 1, 3, 2], [3, 2, 4, 1], [1, 3, 2, 4], [2, 4, 1, 3]]


@pytest.mark.parametrize(("change", "message"), [
    ('<axis side="south">', "no <axis side=\"south\">"),
    ('<clue index="1" value="3"/>', "clue index=9 is out of range 0..4"),
    ('<cells>', "outside the 4x4 board"),
])
def test_bad_legup_files_say_where(change: str, message: str) -> None:
    text = (DATA / "skyscrapers" / "legup-4x4-easy1.xml").read_text()
    bad = {'<axis side="south">': text.replace('side="south"', 'side="north"'),
           '<clue index="1" value="3"/>': text.replace('<clue index="1" value="3"/>',
                                                       '<clue index="9" value="3"/>', 1),
           '<cells>': text.replace("<cells>", '<cells><cell value="1" x="7" y="0"/>', 1)}[change]
    with pytest.raises(InputError) as e:
        aspuzzle.loads(bad, type="skyscrapers")
    assert message in str(e.value)


def test_clue_arrangements_explains_a_hard_tatham_puzzle_without_a_split() -> None:
    """Tatham's 'hard' level is his exhaustive analysis of each clue: with Clue Arrangements
    (that analysis, striking heights) his 6x6 hard puzzle needs no case split (it needed 37).
    Clue Arrangements is a rule of tier ``case`` (its header), so the puzzle's tier is ``case``:
    the weakest set of rules that explains it, as ``rate`` and the generator's tiers say."""
    loaded = aspuzzle.loads(next(r["id"] for r in TATHAM if r["seed"] == "aspuzzle-s-6h-0"))
    e = explain(loaded)
    assert e.status == "solved" and e.tier == "case"
    assert all(s.kind is not Kind.CASE for s in e.steps)
    assert any(s.rule_id == "clue_arrangements" for s in e.steps)
