"""A generator's reasoner at tier direct (``no_splits``, with the solution proven the only one)
solves its first stage without the contradiction rules on boards that agree with the solution:
it finds there exactly what the program of every rule finds, and a board that does not agree is
evaluated by every rule (contradictions found); its grade is the grade of the plain reasoner."""

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
    return {(h.rule.id, str(h.where), tuple(sorted(h.sets))) for h in rs._stage_hits(0, board)}


def solved(name: str) -> tuple[LogicGridInstance, LogicGridSolution]:
    loaded = aspuzzle.load(EXAMPLES / "logicgrid" / name)
    result = aspuzzle.solve(loaded)
    assert result.status == "unique"
    return loaded.instance, result.solutions[0]


@pytest.mark.parametrize("name", FILES)
def test_lean_first_stage_finds_what_every_rule_finds(name: str) -> None:
    inst, solution = solved(name)
    lean = LogicGridReasoner(inst, solution=solution, no_splits=True)
    plain = LogicGridReasoner(inst)
    assert lean._lean is not None and lean._full is None
    cells = sorted(lean.solution_board(solution).cells.items())
    rng = random.Random(7)
    for n in range(0, len(cells), max(1, len(cells) // 12)):
        board = Board(dict(rng.sample(cells, n)))
        assert found(lean, board) == found(plain, board)
        # a wrong mark: the program of every rule, grounded then, finds the contradictions
        key, value = cells[n]
        wrong = Board({**board.cells, key: "true" if value == "false" else "false"})
        assert found(lean, wrong) == found(plain, wrong)
    assert lean._full is not None


def test_a_wrong_board_finds_its_contradictions() -> None:
    inst, solution = solved("zebra-lgp-test-5x6-16.txt")
    lean = LogicGridReasoner(inst, solution=solution, no_splits=True)
    board = lean.solution_board(solution)
    (a, b), _ = next((k, v) for k, v in board.cells.items() if v == "true")
    row = {k: v for k, v in board.cells.items() if k[0] == a and k[1][0] == b[0]}
    wrong = Board({k: "true" for k in row})  # a value with every value of a category
    assert any(h.rule.kind is Kind.CONTRADICTION and h.rule.id == "two_matches"
               for h in lean._stage_hits(0, wrong))


@pytest.mark.parametrize("name", FILES[:2])
def test_grade_is_the_plain_reasoners(name: str) -> None:
    inst, solution = solved(name)
    loaded = Loaded(PUZZLE, inst, "test")
    lean = grade(loaded, reasoner=LogicGridReasoner(inst, solution=solution, no_splits=True),
                 at_most=Tier.DIRECT)
    plain = grade(loaded, reasoner=LogicGridReasoner(inst), at_most=Tier.DIRECT)
    assert lean.to_json() == plain.to_json()
