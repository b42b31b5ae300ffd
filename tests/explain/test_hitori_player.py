"""A Hitori player's board in the library: reading and writing marks, the reasoning kit, hint,
check and check-step on a board, and explaining from part-way through."""

from __future__ import annotations

import pytest

import aspuzzle
from aspuzzle.errors import InputError, UsageError
from aspuzzle.explain import Board, explain
from aspuzzle.explain.player import check, check_step, hint
from aspuzzle.puzzles import get_puzzle
from aspuzzle.puzzles.hitori.model import HitoriInstance
from aspuzzle.puzzles.hitori.reasoning import (
    HitoriReasoner,
    parse_set,
    read_board,
    read_marks,
    write_marks,
)
from tests.conftest import EXAMPLES

SEED = (EXAMPLES / "hitori" / "seed-6x6.txt").read_text()


def seed() -> tuple[HitoriInstance, HitoriReasoner]:
    inst, _ = read_marks(SEED)
    return inst, HitoriReasoner(inst)


def test_marks_round_trip() -> None:
    inst, _ = read_marks(SEED)
    board = Board({(1, 1): "shaded", (1, 2): "unshaded", (6, 6): "shaded"})
    text = write_marks(inst, board)
    assert text.splitlines()[1] == "1# 1o 2  4  3  5"
    assert read_marks(text) == (inst, dict(board.cells))
    assert read_marks(text.replace("1o", "1+"))[1][(1, 2)] == "unshaded"
    assert read_board(text, inst) == (board, [])


def test_a_board_must_be_of_the_puzzle() -> None:
    inst, _ = read_marks(SEED)
    with pytest.raises(InputError, match=r"cell \(6,1\): the board is 5x6"):
        read_board("\n".join(SEED.splitlines()[:-1]), inst)
    with pytest.raises(InputError, match=r"cell \(2,1\): the board has 9 where the puzzle has 1"):
        read_board(SEED.replace("\n1 1 5", "\n9 1 5"), inst)


def test_parse_set() -> None:
    inst, _ = read_marks(SEED)
    assert parse_set("3,1=#", inst) == [((3, 1), "shaded")]
    assert parse_set("(3,1)=Unshaded", inst) == [((3, 1), "unshaded")]
    assert parse_set("3,1=o", inst) == [((3, 1), "unshaded")]
    with pytest.raises(UsageError, match="outside the 6x6 grid"):
        parse_set("7,1=o", inst)
    with pytest.raises(UsageError, match="not a value"):
        parse_set("1,1=tent", inst)


def test_the_kit_through_the_puzzle_protocol() -> None:
    kit = get_puzzle("singles").reasoning()
    inst, _ = read_marks(SEED)
    assert isinstance(kit.reasoner(inst), HitoriReasoner)
    assert kit.catalogue[0].id == "unique_number" and kit.mark_formats == ("text",)
    assert kit.read_state(SEED.replace("1 1 2", "1# 1o 2", 1), inst)[0].cells == {
        (1, 1): "shaded", (1, 2): "unshaded"}


def test_hint_check_and_check_step_on_a_board() -> None:
    _, rs = seed()
    wrong = Board({(1, 2): "shaded"})
    h = hint(rs, wrong)
    assert h.kind == "mistake" and h.mistake == ((((1, 2), "shaded"),), ())
    assert h.refutation and h.refutation[-1].kind == "contradiction"
    good = Board({(1, 1): "shaded"})
    h = hint(rs, good, cells_only=True)
    assert h.kind == "step" and h.step is not None
    result = check(rs, Board({(1, 1): "shaded", (2, 1): "shaded"}))
    assert [s.rule_id for s in result.broken] == ["touching_shaded"]
    verdict = check_step(rs, good, "Next to Shaded", (((1, 2), "unshaded"),))
    assert verdict.valid
    verdict = check_step(rs, good, "Shade the Copies", (((1, 2), "shaded"),))
    assert not verdict.valid and "does not follow from the board at all" in verdict.text


def test_explain_from_part_way_and_a_puzzle_with_two_solutions() -> None:
    start = Board({(1, 1): "shaded", (1, 2): "unshaded", (2, 1): "unshaded"})
    e = explain(aspuzzle.loads(SEED), board=start)
    assert e.solved and all(c not in start.cells for s in e.steps for c, _ in s.sets)
    two = aspuzzle.loads("# hitori 2x3\n1 1 2\n2 3 4\n")
    e = explain(two)
    assert e.status == "not unique" and "shaded cells differ at" in e.note


def test_the_direct_tier_stops_where_a_case_split_is_needed() -> None:
    e = explain(aspuzzle.loads(SEED), tier="direct")
    assert e.status == "stuck" and e.tier == "direct"
    assert explain(aspuzzle.loads(SEED), tier="case").solved
