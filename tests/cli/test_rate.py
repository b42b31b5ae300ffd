"""``aspuzzle rate``: the tier, score and rule counts of existing puzzles; puzzles without a
unique solution are reported, not graded."""

from __future__ import annotations

import json

import aspuzzle
from aspuzzle.difficulty import SCORE_WEIGHTS, grade, rule_counts, score
from aspuzzle.explain import Branch, Kind, Step
from tests.conftest import EXAMPLES, run_cli

SEED = EXAMPLES / "tents" / "seed-6x6.txt"
CASE = "6x6dt:gbdccaah,1,1,1,2,1,1,1,2,0,2,1,1"
"""`aspuzzle generate tents --size 6x6 --difficulty case --seed 4`: it needs a case split (Tatham's
own easy and tricky puzzles no longer do, since Corner of Two Spots and All Placements Agree)."""


def test_rate_gives_the_tier_the_explanation_needs_in_input_order() -> None:
    r = run_cli("rate", "--json", str(SEED), CASE, "--type", "tents")
    assert r.returncode == 0, r.stderr
    easy, tricky = (json.loads(line) for line in r.stdout.splitlines())
    assert easy["input"] == str(SEED) and tricky["input"] == CASE
    assert (easy["status"], easy["graded"], easy["tier"]) == ("unique", True, "direct")
    assert tricky["tier"] == "case"
    for rec, loaded in ((easy, aspuzzle.load(str(SEED))), (tricky, aspuzzle.loads(CASE))):
        e = aspuzzle.explain(loaded)
        assert rec["steps"] == len(e.steps)
        assert rec["rules"] == rule_counts(e.steps)
        assert rec["score"] == score(e.steps)
    assert easy["score"] < tricky["score"]


def test_rate_text_names_tier_score_and_rules() -> None:
    r = run_cli("rate", str(SEED))
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("tier direct, score 16 (16 steps; last_camping_spot 8, "
                               "finish_with_grass 6")


def test_a_puzzle_with_several_solutions_is_reported_not_graded() -> None:
    r = run_cli("rate", "--json", "--type", "tents", "  ? ?\n? T .\n? . .")
    assert r.returncode == 1, r.stderr
    rec = json.loads(r.stdout)
    assert rec["status"] == "multiple" and rec["graded"] is False and "tier" not in rec
    r = run_cli("rate", "--type", "tents", "  ? ?\n? T T\n? T .")
    assert r.returncode == 1 and "no solution" in r.stdout


def test_rate_bad_input_gets_its_error_record_and_exit_2() -> None:
    r = run_cli("rate", "--json", str(SEED), "tents:nonsense")
    assert r.returncode == 2
    ok, bad = (json.loads(line) for line in r.stdout.splitlines())
    assert ok["graded"] is True
    assert bad["input"] == "tents:nonsense" and bad["status"] == "error" and bad["exit"] == 2


def _direct(rule: str) -> Step:
    return Step(rule, Kind.DIRECT, rule_id=rule)


def test_score_weighs_splits_and_nested_splits_and_counts_branch_steps() -> None:
    close = Step("Boom", Kind.CONTRADICTION, rule_id="boom")
    inner = Step("Split", Kind.CASE, rule_id="split",
                 branches=(Branch("a", (), (), (), close), Branch("b", (), (), (), None)))
    outer = Step("Split", Kind.CASE, rule_id="split",
                 branches=(Branch("x", (), (), (_direct("r"), inner), close),))
    steps = [_direct("r"), outer]
    w = SCORE_WEIGHTS
    # r, outer split, its branch: r, a nested split (one branch closed), the branch closed
    assert score(steps) == w["direct"] + w["case"] + w["direct"] + w["nested"] \
        + w["direct"] + w["direct"]
    assert rule_counts(steps) == {"r": 2, "split": 2, "boom": 2}


def test_grade_of_a_puzzle_with_two_solutions_has_no_tier() -> None:
    g = grade(aspuzzle.loads("  ? ?\n? T .\n? . .", type="tents"))
    assert not g.graded and g.tier is None and g.status == "not unique"
