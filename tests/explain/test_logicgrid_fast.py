"""The Python transcription of the logic-grid rules (used to probe case splits) deduces exactly
what the rule files deduce, on random boards of puzzles with every kind of clue."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import aspuzzle
from aspuzzle.explain import Board, Kind
from aspuzzle.puzzles.logicgrid.fast import FastGrid
from aspuzzle.puzzles.logicgrid.model import (
    Apart,
    Before,
    Category,
    LogicGridInstance,
    NotSame,
    OneOf,
    Ref,
    Same,
)
from aspuzzle.puzzles.logicgrid.reasoning import LogicGridReasoner
from tests.conftest import EXAMPLES

CATS = (Category("House", (1, 2, 3, 4)), Category("Name", ("Ann", "Bob", "Cy", "Di")),
        Category("Color", ("red", "green", "blue", "white")),
        Category("Pet", ("cat", "dog", "fish", "bird"), ordered=True))
REFS = [Ref(c.name, v) for c in CATS for v in c.values]
CLUES = (
    Same(1, "", Ref("Name", "Ann"), Ref("Color", "red")),
    NotSame(2, "", Ref("Name", "Bob"), Ref("House", 2)),
    Before(3, "", Ref("Color", "green"), Ref("Name", "Cy"), "House"),
    Before(4, "", Ref("Name", "Di"), Ref("Color", "blue"), "House", 1),
    Apart(5, "", Ref("Color", "white"), Ref("Pet", "dog"), "House", 2),
    Apart(6, "", Ref("Name", "Bob"), Ref("House", 1), "Pet", 1),
    OneOf(7, "", Ref("Pet", "cat"), (Ref("Name", "Bob"), Ref("Color", "blue"))),
    OneOf(8, "", Ref("Pet", "fish"), (Ref("Name", "Ann"), Ref("House", 3), Ref("Color", "red")),
          exclusive=True),
    OneOf(9, "", Ref("Pet", "bird"), (Ref("Name", "Cy"), Ref("House", 4)), exclusive=True),
    Same(10, "", Ref("Pet", "cat"), Ref("Pet", "cat")),
    Before(11, "", Ref("House", 2), Ref("Pet", "fish"), "House"),
)
INST = LogicGridInstance(CATS, CLUES)
REASONER = LogicGridReasoner(INST)
FAST = FastGrid(INST)
KEYS = list(REASONER.keys())


def asp_round(rs: LogicGridReasoner, board: Board) -> tuple[set[tuple[Any, str]], set[str]]:
    hits = rs.hits(board) + rs._triples_hits(board)  # every stage, whatever the first finds
    sets = {s for h in hits if h.rule.kind is Kind.DIRECT for s in h.sets}
    fired = {h.rule.id for h in hits if h.rule.kind is Kind.CONTRADICTION}
    return sets, fired


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(KEYS), st.sampled_from(["true", "false"]),
                       max_size=len(KEYS)))
def test_one_round_equals_the_rule_files(cells: dict[object, str]) -> None:
    board = Board(cells)
    assert FAST.deductions(board, full=True) == asp_round(REASONER, board)


def test_one_round_equals_the_rule_files_on_the_boards_of_an_explanation() -> None:
    loaded = aspuzzle.load(EXAMPLES / "logicgrid" / "zebra-lgp-test-5x6-16.txt")
    rs = LogicGridReasoner(loaded.instance)
    fast = FastGrid(loaded.instance)
    solved = rs.solution_hint(Board({}))
    assert solved is not None
    items = sorted(solved.cells.items())
    for n in range(0, len(items), 37):
        board = Board(dict(items[::3][:n]))
        assert fast.deductions(board, full=True) == asp_round(rs, board)
        wrong = board.with_([(items[n][0], "true" if items[n][1] == "false" else "false")])
        assert fast.deductions(wrong, full=True) == asp_round(rs, wrong)


def test_a_probe_follows_the_rules_to_their_fixpoint_or_a_contradiction() -> None:
    loaded = aspuzzle.load(EXAMPLES / "logicgrid" / "boys-in-the-hood.logic")
    rs = LogicGridReasoner(loaded.instance)
    solved = rs.solution_hint(Board({}))
    assert solved is not None
    key = (("episode", 1), ("victim", "Friar Tuck"))
    wrong = FastGrid(loaded.instance).probe(Board({}), [(key, "true")], 200)
    assert wrong.dead if solved.cells[key] == "false" else not wrong.dead
    right = FastGrid(loaded.instance).probe(Board({}), [(key, solved.cells[key])], 200)
    assert not right.dead
    assert all(solved.cells[k] == v for k, v in right.board.cells.items())
