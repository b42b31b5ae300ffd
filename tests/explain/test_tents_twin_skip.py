"""The Tents reasoner spares the solves of stages that the Python twin says find nothing on a
board (``TentsReasoner._twin_empty``: ``FastBoard.applies``) and of contradictions the twin says
do not fire (``_twin_quiet``: ``FastBoard.fires``). The output is the same only if the twin's
word is the rule files' on every board: checked here on random boards (alone, and along runs,
as the twin keeps its state from board to board), and with ``check_twin`` on (every spared
solve made anyway and compared, both ways) over explanations and a generation."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings

import aspuzzle
from aspuzzle.explain import Board, explain
from aspuzzle.explain.loop import run
from aspuzzle.explain.steps import Kind
from aspuzzle.puzzles.tents.fast import FastBoard
from aspuzzle.puzzles.tents.model import TentsInstance
from aspuzzle.puzzles.tents.reasoning import _UNTWINNED, TentsReasoner
from aspuzzle.puzzles.tents.tatham import read_tatham
from tests.conftest import DATA, read_jsonl
from tests.explain.tents_boards import tents_boards

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "tents"
CORPUS = read_jsonl(DATA / "tents" / "tatham.jsonl")


def _agree(fb: FastBoard, plain: TentsReasoner, board: Board) -> None:
    """The twin's word on each stage is what the rule files find there."""
    for stage in plain._direct_stages:
        if stage.rule_ids & _UNTWINNED:
            continue  # (always solved)
        found = plain._solve(stage, board)
        assert fb.applies(board, stage.rule_ids) == bool(found), (stage.rule_ids, found)
    fires = any(h.rule.kind is Kind.CONTRADICTION for h in plain.hits(board))
    assert fb.fires(board) == fires


@settings(max_examples=150, deadline=None)
@given(tents_boards(7, most_clue=4, blank_odds=6))
def test_the_twin_says_which_stages_find_something_as_the_rule_files(
        case: tuple[TentsInstance, Board]) -> None:
    inst, board = case
    _agree(FastBoard(inst), TentsReasoner(inst, reuse=False), board)


@settings(max_examples=60, deadline=None)
@given(tents_boards(7, most_clue=4, blank_odds=8))
def test_the_twin_says_so_along_a_run(case: tuple[TentsInstance, Board]) -> None:
    """Boards that each add a step to the last (the twin takes its state from the last
    board), and a board off the run now and then (it starts again)."""
    inst, board = case
    twin, plain = FastBoard(inst), TentsReasoner(inst, reuse=False)
    start = board
    for i in range(30):
        _agree(twin, plain, board)
        if i % 7 == 6:
            _agree(twin, plain, start)
        ev = plain.evaluate(board)
        if not ev.direct:
            break
        step = ev.direct[0]
        board = board.with_(step.sets, step.links)


@pytest.fixture
def checked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(TentsReasoner, "check_twin", True)


@pytest.mark.usefixtures("checked")
@pytest.mark.parametrize("name", ["tatham-10x10dt.txt", "legup-8x8.xml", "puzzlink-5x5.txt"])
def test_explanations_with_every_spared_solve_checked(name: str) -> None:
    p = aspuzzle.load(EXAMPLES / name)
    for tier in ("direct", "case", "nested"):
        assert aspuzzle.explain(p, tier=tier).steps


@pytest.mark.usefixtures("checked")
def test_corpus_explanations_with_every_spared_solve_checked() -> None:
    for record in [r for r in CORPUS if r["id"].startswith("10x10")][:3] + \
            [r for r in CORPUS if r["id"].startswith("15x15")][:1]:
        assert explain(read_tatham(record["id"])).solved


@pytest.mark.usefixtures("checked")
def test_a_case_generation_with_every_spared_solve_checked() -> None:
    g = aspuzzle.generate("tents", size="10x10", difficulty="case", seed=1)
    assert g is not None


def test_the_spared_solves_are_spared() -> None:
    inst = read_tatham(next(r for r in CORPUS if r["id"].startswith("10x10"))["id"])
    spared, every = TentsReasoner(inst), TentsReasoner(inst)
    every.check_twin = True  # (this one solves them anyway)
    runs = [run(r, Board({}), 1) for r in (spared, every)]
    assert [s.to_json() for s in runs[0].steps] == [s.to_json() for s in runs[1].steps]
    assert spared.complete(runs[0].board)
    assert spared.evaluations < every.evaluations
