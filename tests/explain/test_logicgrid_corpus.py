"""Explanations of every logic-grid puzzle at hand replay to its known solution.

The corpus: Boys in the Hood in the logic-grid language (its clues as the language's clues, and
the seed post's clues as raw ASP), the published ZebraLogic puzzles and the constructed ones
(``tests/data/zebralogic``). Replaying the steps sets every cell of the grid exactly once, each
to its value in the known solution, and ends with the grid complete; every step was re-proven
on the way (a failed re-proof raises).
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

import aspuzzle
from aspuzzle.explain import Explanation, Kind, explain
from aspuzzle.puzzles.logicgrid.model import LogicGridInstance, Value
from aspuzzle.puzzles.logicgrid.zebralogic import read_zebralogic
from tests.conftest import DATA, EXAMPLES, read_jsonl

BOYS_GROUPS = [
    {"episode": 1, "victim": "Friar Tuck", "location": "inn", "disguise": "abbot"},
    {"episode": 2, "victim": "Much", "location": "gaol", "disguise": "washerwoman"},
    {"episode": 3, "victim": "Little John", "location": "stocks", "disguise": "shepherd"},
    {"episode": 4, "victim": "Maid Marian", "location": "dungeon", "disguise": "Prince John"},
    {"episode": 5, "victim": "Will Scarlet", "location": "lodge",
     "disguise": "phantom horseman"},
]
BOYS_SEED_GROUPS = [
    {"episode": 1, "victim": "friar_tuck", "location": "inn", "disguise": "abbot"},
    {"episode": 2, "victim": "much", "location": "gaol", "disguise": "washerwoman"},
    {"episode": 3, "victim": "little_john", "location": "stocks", "disguise": "shepherd"},
    {"episode": 4, "victim": "maid_marian", "location": "dungeon", "disguise": "prince_john"},
    {"episode": 5, "victim": "will_scarlet", "location": "lodge", "disguise": "phantom"},
]
ZEBRA = [*read_jsonl(DATA / "zebralogic" / "published.jsonl"),
         *read_jsonl(DATA / "zebralogic" / "constructed.jsonl")]
IDS = ["boys-in-the-hood", "boys-in-the-hood-seed", *(r["id"] for r in ZEBRA)]

NEEDS_A_CASE_SPLIT = {"lgp-test-5x6-16", "zebralogic-5x6-smoothie", "zebralogic-6x5-mothers",
                      "constructed-5x5", "constructed-variant-phrasings-5x5"}
"""The puzzles whose explanation needs at least one case split (the others: direct rules)."""


def _groups_of_table(inst: LogicGridInstance, table: dict[str, Any]) -> list[dict[str, Value]]:
    """The benchmark's solution table as groups of values of the instance."""
    out = []
    for row in table["rows"]:
        group: dict[str, Value] = {}
        for name, text in zip(table["header"], row, strict=True):
            cat = inst.category(name)
            group[name] = next(v for v in cat.values if str(v) == text)
        out.append(group)
    return out


@cache
def case(pid: str) -> tuple[LogicGridInstance, list[dict[str, Value]], Explanation]:
    if pid.startswith("boys"):
        name = "boys-in-the-hood-seed" if pid.endswith("seed") else "boys-in-the-hood"
        inst = aspuzzle.load(EXAMPLES / "logicgrid" / f"{name}.logic").instance
        groups = BOYS_SEED_GROUPS if pid.endswith("seed") else BOYS_GROUPS
    else:
        rec = next(r for r in ZEBRA if r["id"] == pid)
        inst = read_zebralogic(rec["puzzle"])
        groups = _groups_of_table(inst, rec["solution"])
    return inst, groups, explain(inst)


@pytest.mark.parametrize("pid", IDS)
def test_explanation_replays_to_the_known_solution(pid: str) -> None:
    inst, groups, e = case(pid)
    entity = {(c, v): i for i, g in enumerate(groups) for c, v in g.items()}
    cats = inst.categories
    assert e.solved, e.note
    cells: dict[object, str] = {}
    for step in e.steps:
        assert step.kind in (Kind.DIRECT, Kind.CASE)
        for key, value in step.sets:
            assert key not in cells, f"{step.rule} sets {key} again"
            a, b = key
            assert value == ("true" if entity[a] == entity[b] else "false"), \
                f"{step.rule}: {step.text}"
            cells[key] = value
    n = len(cats[0].values)
    assert len(cells) == n * n * len(cats) * (len(cats) - 1) // 2
    assert e.end.cells == cells
    # a case split is needed exactly where recorded (the rules at hand decide the rest)
    assert (e.tier != "direct") == (pid in NEEDS_A_CASE_SPLIT), e.tier


def test_how_many_puzzles_need_case_splits() -> None:
    splits = {pid: sum(s.kind is Kind.CASE for s in case(pid)[2].steps) for pid in IDS}
    assert sum(1 for n in splits.values() if n) == len(NEEDS_A_CASE_SPLIT) == 5
    assert len(IDS) == 21
    # no explanation nests case splits, and none needs more than three
    assert all(case(pid)[2].tier in ("direct", "case") for pid in IDS)
    assert max(splits.values()) <= 3


def test_the_raw_asp_puzzle_is_explained_by_solver_proven_steps() -> None:
    _, _, e = case("boys-in-the-hood-seed")
    raw = [s for s in e.steps if s.rule_id == "clue_raw_asp"]
    assert raw and all("(proven by the solver)" in s.text for s in raw)
    assert all(len(s.sets) == 1 for s in raw)


def test_clue_steps_name_the_clue_and_its_text() -> None:
    _, _, e = case("lgp-test-5x6-16")
    clue_steps = [s for s in e.steps if s.rule_id.startswith("clue_")]
    assert clue_steps[0].text == ("clue 1: The person who loves fantasy books is the Norwegian. "
                                  "So fantasy is norwegian.")
    assert any(s.text.startswith("clue 11: The fish enthusiast is directly left of the person "
                                 "who loves science fiction books. ") for s in clue_steps)
    for s in clue_steps:
        assert s.uses and s.uses[0].kind == "clue" and s.uses[0].clue is not None
