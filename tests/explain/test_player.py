"""hint, check and check-step on a player's boards (the library functions)."""

from __future__ import annotations

import pytest

import aspuzzle
from aspuzzle.explain import Board, Kind, explain
from aspuzzle.explain.player import check, check_step, hint
from aspuzzle.puzzles.tents.formats import read_text_marks
from aspuzzle.puzzles.tents.reasoning import TentsReasoner, board_of
from tests.conftest import EXAMPLES

SEED = (EXAMPLES / "tents" / "seed-6x6.txt").read_text()
SOLVED = """\
  1 2 0 2 1 2
2 x A x T A x
0 x T x x x T
3 x A T A T A
0 x x x T x x
2 A T x A x x
1 x x x x T A
"""


def board(text: str) -> tuple[TentsReasoner, Board]:
    inst, marks = read_text_marks(text)
    assert inst == aspuzzle.loads(SEED, type="tents").instance
    return TentsReasoner(inst), Board(marks)


def mark(text: str, *changes: tuple[int, int, str]) -> str:
    """The seed puzzle with marks placed (row, col, 'A' | 'x')."""
    lines = [ln for ln in text.splitlines() if not ln.startswith("#")]
    for r, c, ch in changes:
        cells = lines[r].split()
        cells[c] = ch
        lines[r] = " ".join(cells)
    return "\n".join(lines) + "\n"


# --- check ------------------------------------------------------------------------------------

def test_check_a_solved_board() -> None:
    rs, b = board(SOLVED)
    result = check(rs, b)
    assert result.complete and result.correct and result.broken == ()
    assert result.render() == "The board is complete and correct."


def test_check_an_empty_board() -> None:
    rs, b = board(SEED)
    result = check(rs, b)
    assert not result.complete and not result.correct and result.broken == ()


def test_check_reports_every_broken_rule_by_name_and_cells() -> None:
    # a tent at (6,1) (next to no tree) and tents (1,2) (2,1)? (2,1) is not free: use (1,1)
    text = mark(SEED, (6, 1, "A"), (1, 1, "A"), (1, 2, "A"))
    rs, b = board(text)
    result = check(rs, b)
    names = {s.rule for s in result.broken}
    assert "No Tree for Tent" in names        # (6,1) has no tree next to it
    assert "Touching Tents" in names          # (1,1) and (1,2)
    assert "Too Many Tents" in names          # column 1 needs 1, has 2
    touching = next(s for s in result.broken if s.rule == "Touching Tents")
    assert result.to_json()["broken"][[s.rule for s in result.broken].index(
        "Touching Tents")]["cells"] == [[1, 1], [1, 2]]
    assert touching.kind is Kind.CONTRADICTION
    assert not result.correct


def test_check_a_complete_board_whose_trees_cannot_be_paired() -> None:
    # two trees share their only tent: every local rule holds, the pairing fails
    inst, marks = read_text_marks("  ? ? ?\n? T A T\n")
    rs = TentsReasoner(inst)
    result = check(rs, Board(marks))
    assert result.complete and not result.correct
    assert [s.rule for s in result.broken] == ["No Tent for Tree"]


def test_check_a_complete_board_whose_tents_cannot_be_paired() -> None:
    # two tents share their only tree
    inst, marks = read_text_marks("  ? ? ? ?\n? A T A x\n")
    result = check(TentsReasoner(inst), Board(marks))
    assert [s.rule for s in result.broken] == ["No Tree for Tent"]
    assert "one of them gets no tree" in result.broken[0].text


def test_check_reports_broken_links() -> None:
    inst, marks = read_text_marks("  ? ? ?\n? T A T\n")
    b, problems = board_of(inst, marks, frozenset({((1, 1), (1, 2)), ((1, 3), (1, 2))}))
    assert [p.rule for p in problems] == ["Invalid Link"]
    assert "linked to two trees" in problems[0].text
    assert len(b.links) == 1


# --- hint -------------------------------------------------------------------------------------

def test_hint_gives_the_next_step_only() -> None:
    rs, b = board(SEED)
    h = hint(rs, b)
    assert h.kind == "step" and h.step is not None
    assert h.step.rule == "Finish with Grass"
    assert h.render().startswith("Next step - Finish with Grass: row 2 needs 0 tents")
    # the hint reveals that one step and nothing more
    assert h.to_json()["step"]["sets"] == [{"cell": [2, c], "value": "grass"}
                                           for c in (1, 3, 4, 5)]


def test_hint_points_at_the_first_mistake() -> None:
    # (1,1) marked a tent: no solution has it
    rs, b = board(mark(SEED, (1, 1, "A")))
    h = hint(rs, b)
    assert h.kind == "mistake"
    assert h.text.startswith("(1,1) cannot be a tent: ")
    assert h.mistake == ((((1, 1), "tent"),), ())
    assert h.refutation and h.refutation[-1].kind in (Kind.CONTRADICTION, Kind.CASE)


def test_hint_on_a_wrong_grass_mark_explains_why() -> None:
    # (1,5) is the tent of the tree (1,4); marking it grass is wrong
    rs, b = board(mark(SEED, (1, 5, "x")))
    h = hint(rs, b)
    assert h.kind == "mistake" and h.text.startswith("(1,5) cannot be grass: ")


def test_hint_on_a_solved_board() -> None:
    rs, b = board(SOLVED)
    assert hint(rs, b).kind == "solved"


# --- check-step -------------------------------------------------------------------------------

def test_check_step_accepts_a_valid_direct_step() -> None:
    rs, b = board(SEED)
    v = check_step(rs, b, "Finish with Grass", (((1, 3), "grass"), ((2, 3), "grass")))
    assert v.valid and v.text.startswith("column 3 needs 0 tents")
    # names are matched loosely
    assert check_step(rs, b, "finish_with_grass", (((1, 3), "grass"),)).valid


def test_check_step_rejects_a_rule_that_does_not_give_the_cells() -> None:
    rs, b = board(SEED)
    v = check_step(rs, b, "Finish with Tents", (((1, 3), "tent"),))
    assert not v.valid
    assert "does not give (1,3) is a tent" in v.text
    assert "does not follow from the board at all" in v.text
    # the cells do follow, by another rule
    v = check_step(rs, b, "Empty Field", (((1, 3), "grass"),))
    assert not v.valid and "(it does follow, by Finish with Grass)" in v.text


def test_check_step_with_a_link() -> None:
    rs, b = board(mark(SEED, *[(r, 3, "x") for r in (1, 2, 4, 5, 6)],
                       (2, 1, "x"), (2, 4, "x"), (2, 5, "x"),
                       (4, 1, "x"), (4, 2, "x"), (4, 5, "x"), (4, 6, "x")))
    v = check_step(rs, b, "Last Camping Spot", (((1, 5), "tent"),), (((1, 4), (1, 5)),))
    assert v.valid, v.text


def test_check_step_with_a_case_rule() -> None:
    rs, b = board(SEED)
    # from the empty board, Tent or Grass on (1,1): a tent there has no tree
    v = check_step(rs, b, "Tent or Grass", (((1, 1), "grass"),))
    assert v.valid and v.steps[0].kind is Kind.CASE


def test_check_step_with_a_contradiction_rule() -> None:
    rs, b = board(mark(SEED, (1, 1, "A"), (1, 2, "A")))
    assert check_step(rs, b, "Touching Tents", ()).valid
    assert not check_step(rs, b, "Too Few Tents", ()).valid


def test_check_step_usage_errors() -> None:
    rs, b = board(SEED)
    with pytest.raises(aspuzzle.UsageError, match="unknown rule"):
        check_step(rs, b, "Guessing", (((1, 1), "grass"),))
    with pytest.raises(aspuzzle.UsageError, match="sets no cells"):
        check_step(rs, b, "Touching Tents", (((1, 1), "grass"),))
    with pytest.raises(aspuzzle.UsageError, match="give the cells"):
        check_step(rs, b, "Empty Field", ())
    rs, b = board(mark(SEED, (1, 1, "x")))
    v = check_step(rs, b, "Empty Field", (((1, 1), "grass"),))
    assert not v.valid and "is grass already" in v.text


def test_hint_on_a_board_that_cannot_show_links_skips_link_only_steps() -> None:
    rs, _ = board(SEED)
    e = explain(rs.inst, reasoner=rs)
    # a text board after the first steps: tents, but no links
    cells: dict[tuple[int, int], str] = {}
    for step in e.steps:
        cells.update(step.sets)
        b = Board(dict(cells))
        h = hint(rs, b)
        if h.step is not None and not h.step.sets:
            break
    else:
        raise AssertionError("no board where the next step only links")
    assert h.step.rule in ("Tree for Tent", "Tent for Tree")
    h2 = hint(rs, b, cells_only=True)
    assert h2.kind == "step" and h2.step is not None and h2.step.sets
