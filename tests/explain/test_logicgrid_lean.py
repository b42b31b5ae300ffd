"""The contradiction rules (but those over triples) are a stage of their own, solved only on a
board that does not agree with the puzzle's one solution (each rule is sound: none fires on a
board the solution extends): a generator's reasoner at tier direct (``no_splits``, with the
solution proven the only one) never grounds them, a board that does not agree is evaluated by
every rule (contradictions found), and its grade is the grade of the plain reasoner."""

from __future__ import annotations

import random

import pytest

import aspuzzle
from aspuzzle.api import Loaded
from aspuzzle.difficulty import Tier, grade
from aspuzzle.explain import Board, Kind
from aspuzzle.puzzles.logicgrid import PUZZLE, LogicGridInstance, LogicGridSolution
from aspuzzle.puzzles.logicgrid.reasoning import LogicGridReasoner
from tests.conftest import EXAMPLES

FILES = ["zebra-lgp-test-5x6-16.txt", "boys-in-the-hood.logic", "zebra-6x6.txt"]


def found(rs: LogicGridReasoner, board: Board) -> set[tuple[str, str, tuple[object, ...]]]:
    """What an evaluation of the board finds (the direct steps and the contradictions)."""
    ev = rs.evaluate(board)
    return {(s.rule_id, s.text, tuple(sorted(s.sets)))
            for s in [*ev.direct, *ev.contradictions]}


def solved(name: str) -> tuple[LogicGridInstance, LogicGridSolution]:
    loaded = aspuzzle.load(EXAMPLES / "logicgrid" / name)
    result = aspuzzle.solve(loaded)
    assert result.status == "unique"
    return loaded.instance, result.solutions[0]


@pytest.mark.parametrize("name", FILES)
def test_boards_that_agree_with_the_solution_never_ground_the_contradiction_rules(
        name: str) -> None:
    inst, solution = solved(name)
    lean = LogicGridReasoner(inst, solution=solution, no_splits=True)
    plain = LogicGridReasoner(inst)
    broken = lean._contradiction_stages[0]
    assert Kind.CONTRADICTION in {r.kind for r in broken.rules} and not broken.late
    cells = sorted(lean.solution_board(solution).cells.items())
    rng = random.Random(7)
    for n in range(0, len(cells), max(1, len(cells) // 12)):
        board = Board(dict(rng.sample(cells, n)))
        assert found(lean, board) == found(plain, board)
    assert not broken.started
    for n in range(0, len(cells), max(1, len(cells) // 12)):
        # a wrong mark: the contradiction rules, grounded then, find what every rule finds
        board = Board(dict(rng.sample(cells, n)))
        key, value = cells[n]
        wrong = Board({**board.cells, key: "true" if value == "false" else "false"})
        assert found(lean, wrong) == found(plain, wrong)
    assert broken.started


def test_a_wrong_board_finds_its_contradictions() -> None:
    inst, solution = solved("zebra-lgp-test-5x6-16.txt")
    lean = LogicGridReasoner(inst, solution=solution, no_splits=True)
    board = lean.solution_board(solution)
    (a, b), _ = next((k, v) for k, v in board.cells.items() if v == "true")
    row = {k: v for k, v in board.cells.items() if k[0] == a and k[1][0] == b[0]}
    wrong = Board({k: "true" for k in row})  # a value with every value of a category
    assert any(s.rule_id == "two_matches" for s in lean.evaluate(wrong).contradictions)


@pytest.mark.parametrize("name", FILES[:2])
def test_grade_is_the_plain_reasoners(name: str) -> None:
    inst, solution = solved(name)
    loaded = Loaded(PUZZLE, inst, "test")
    lean = grade(loaded, reasoner=LogicGridReasoner(inst, solution=solution, no_splits=True),
                 at_most=Tier.DIRECT)
    plain = grade(loaded, reasoner=LogicGridReasoner(inst), at_most=Tier.DIRECT)
    assert lean.to_json() == plain.to_json()
