"""Futoshiki: the seed example, every Tatham ``unequal`` puzzle of the corpus, the rules (also in
adjacent mode), bad input, rendering and the command line."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import aspuzzle
from aspuzzle.errors import InputError
from aspuzzle.puzzles.futoshiki import PUZZLE as FUTOSHIKI
from aspuzzle.puzzles.futoshiki import FutoshikiInstance, FutoshikiSolution
from aspuzzle.puzzles.futoshiki.model import validate
from tests.conftest import DATA, EXAMPLES, read_jsonl, run_cli

SEED_ROWS = ((2, 3, 1, 4), (4, 1, 2, 3), (3, 2, 4, 1), (1, 4, 3, 2))
CORPUS = read_jsonl(DATA / "futoshiki" / "unequal.jsonl")


def _grid(rows: Any) -> FutoshikiSolution:
    return FutoshikiSolution(tuple(tuple(r) for r in rows))


# --- the seed example ------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["seed-4x4.txt", "seed-4x4.lp"])
def test_seed_example_is_unique_with_the_posts_solution(name: str) -> None:
    loaded = aspuzzle.load(EXAMPLES / "futoshiki" / name)
    assert loaded.puzzle is FUTOSHIKI
    result = aspuzzle.solve(loaded)
    assert result.status is aspuzzle.Status.UNIQUE
    (sol,) = result.solutions
    assert sol.grid == SEED_ROWS
    assert FUTOSHIKI.verify(result.instance, sol) == []


def test_both_seed_formats_give_the_same_instance() -> None:
    a = aspuzzle.load(EXAMPLES / "futoshiki" / "seed-4x4.txt").instance
    b = aspuzzle.load(EXAMPLES / "futoshiki" / "seed-4x4.lp").instance
    assert a == b
    assert a.givens == frozenset({(4, 4, 2)})
    assert a.greater == frozenset({((1, 2), (1, 1)), ((1, 2), (1, 3)), ((3, 3), (2, 3)),
                                   ((3, 1), (4, 1)), ((4, 2), (4, 3))})


def test_adjacent_example_matches_its_tatham_id() -> None:
    path = EXAMPLES / "futoshiki" / "adjacent-6x6.txt"
    game_id = path.read_text().splitlines()[1].lstrip("# ")
    text = aspuzzle.load(path).instance
    tatham = aspuzzle.loads(game_id, type="futoshiki").instance
    assert text == tatham and text.adjacent


# --- every unequal puzzle of the corpus ------------------------------------------------------

def test_the_corpus_copy_holds_all_sixty_including_adjacent_mode() -> None:
    ids = [r["id"].split(":")[0] for r in CORPUS]
    assert len(ids) == 60 and all(r["game"] == "unequal" for r in CORPUS)
    assert {"6adk", "7adx"} <= set(ids)


@pytest.mark.parametrize("record", CORPUS, ids=[f"{i:02d}-{r['id'][:5]}"
                                                for i, r in enumerate(CORPUS)])
def test_corpus_puzzle_solves_uniquely_to_its_known_solution(record: dict[str, Any]) -> None:
    loaded = aspuzzle.loads(record["id"])
    assert (loaded.puzzle, loaded.format) == (FUTOSHIKI, "tatham")
    assert loaded.instance.adjacent == ("a" in record["id"].split(":")[0])
    result = aspuzzle.solve(loaded)
    assert result.status is aspuzzle.Status.UNIQUE
    (sol,) = result.solutions
    assert FUTOSHIKI.solution_to_json(sol) == record["solution"]
    assert FUTOSHIKI.verify(loaded.instance, sol) == []
    write = FUTOSHIKI.formats["tatham"].write
    assert write is not None
    assert write(loaded.instance, None) == record["id"]  # byte-identical round trip


@pytest.mark.parametrize("record", CORPUS[::7], ids=lambda r: r["id"][:5])
def test_corpus_puzzle_survives_text_and_facts(record: dict[str, Any]) -> None:
    inst = aspuzzle.loads(record["id"]).instance
    for fmt in ("text", "facts"):
        write = FUTOSHIKI.formats[fmt].write
        assert write is not None
        assert aspuzzle.loads(write(inst, None), type="futoshiki", fmt=fmt).instance == inst


def test_adjacent_rules_can_be_left_out_for_other_puzzles() -> None:
    from aspuzzle.engine import Grounded, Program
    from aspuzzle.puzzles.base import SolveOptions

    opts = SolveOptions()
    normal = aspuzzle.loads(CORPUS[0]["id"]).instance
    adjacent = aspuzzle.loads(CORPUS[20]["id"]).instance
    assert [e.name for e in FUTOSHIKI.encodings(opts)] == ["encoding.lp", "chains.lp",
                                                           "adjacent.lp", "large.lp"]
    assert [e.name for e in FUTOSHIKI.encodings(opts, adjacent)] == ["encoding.lp",
                                                                      "adjacent.lp"]
    assert [e.name for e in FUTOSHIKI.encodings(opts, normal)] == ["encoding.lp"]
    for record in CORPUS[::3]:
        inst = aspuzzle.loads(record["id"]).instance
        program = Program(FUTOSHIKI.encodings(opts, inst), tuple(FUTOSHIKI.to_facts(inst)),
                          FUTOSHIKI.answer_signatures(opts), constants=FUTOSHIKI.constants(inst))
        res = Grounded(program).solve(2)
        assert str(res.status) == "unique"
        sol = FUTOSHIKI.from_model(inst, sorted(res.answers[0]))
        assert FUTOSHIKI.solution_to_json(sol) == record["solution"]


def test_type_prefix_and_alias_prefix_work() -> None:
    game_id = CORPUS[0]["id"]
    for text in (f"futoshiki:{game_id}", f"unequal:{game_id}", f"  {game_id}\n"):
        loaded = aspuzzle.loads(text)
        assert loaded.puzzle is FUTOSHIKI and loaded.format == "tatham"


def test_difficulty_is_optional_and_kept() -> None:
    game_id = CORPUS[0]["id"]  # 4de:...
    plain = aspuzzle.loads("4" + game_id[3:]).instance
    rated = aspuzzle.loads(game_id).instance
    assert plain == rated and plain.difficulty is None and rated.difficulty == "e"
    write = FUTOSHIKI.formats["tatham"].write
    assert write is not None
    assert write(plain, None) == "4" + game_id[3:]


def test_tatham_shorthand_letters_and_a_missing_final_comma_are_read() -> None:
    # 'c' skips three empty cells; Tatham accepts the last cell without its comma
    short = aspuzzle.loads("3:1R,c0D,0,0,0,2").instance
    long = aspuzzle.loads("3:1R,0,0,0,0D,0,0,0,2,").instance
    assert short == long
    assert long.givens == frozenset({(1, 1, 1), (3, 3, 2)})
    assert long.greater == frozenset({((1, 1), (1, 2)), ((2, 2), (3, 2))})


# --- the rules -------------------------------------------------------------------------------

def _solve(text: str, **kw: Any) -> aspuzzle.Result:
    return aspuzzle.solve(aspuzzle.loads(text, type="futoshiki"), **kw)


def test_verify_rejects_a_repeated_digit() -> None:
    inst = aspuzzle.load(EXAMPLES / "futoshiki" / "seed-4x4.txt").instance
    rows = [list(r) for r in SEED_ROWS]
    rows[1][0], rows[1][1] = rows[1][1], rows[1][0]  # the columns 1 and 2 now repeat a digit
    problems = FUTOSHIKI.verify(inst, _grid(rows))
    assert "column 1 has 1 more than once" in problems
    rows = [list(r) for r in SEED_ROWS]
    rows[0][3] = 3
    assert "row 1 has 3 more than once" in FUTOSHIKI.verify(inst, _grid(rows))


def test_verify_rejects_a_violated_inequality_and_a_changed_given() -> None:
    inst = aspuzzle.load(EXAMPLES / "futoshiki" / "seed-4x4.txt").instance
    # a transposed solution is still a Latin square but breaks signs and the given
    transposed = tuple(zip(*SEED_ROWS, strict=True))
    problems = FUTOSHIKI.verify(inst, _grid(transposed))
    assert "(1,2) = 4 is not greater than (1,3) = 3" not in problems  # holds after transposing
    assert any("is not greater than" in p for p in problems)
    swapped = (SEED_ROWS[0], SEED_ROWS[1], SEED_ROWS[2], (2, 4, 3, 1))
    assert "cell (4,4) holds 1, the given digit is 2" in FUTOSHIKI.verify(inst, _grid(swapped))


def test_verify_in_adjacent_mode_rejects_unmarked_neighbours_that_differ_by_one() -> None:
    inst = FutoshikiInstance(3, adjacent=True, bars=frozenset({((1, 1), (1, 2))}))
    sol = _grid([(1, 2, 3), (2, 3, 1), (3, 1, 2)])
    problems = FUTOSHIKI.verify(inst, sol)
    assert "(1,2) = 2 and (1,3) = 3 differ by 1 but have no bar" in problems
    assert not any("(1,1)" in p and "(1,2)" in p for p in problems)  # the bar holds
    barred = FutoshikiInstance(3, adjacent=True, bars=frozenset({((1, 1), (2, 1))}))
    sol = _grid([(1, 2, 3), (3, 1, 2), (2, 3, 1)])
    assert "(1,1) = 1 and (2,1) = 3 are barred but do not differ by 1" in FUTOSHIKI.verify(
        barred, sol)


def test_adjacent_mode_without_bars_has_no_3x3_solution() -> None:
    # every ordering of 1 2 3 puts two consecutive digits side by side, which needs a bar
    assert _solve("3a:0,0,0,0,0,0,0,0,0,").status is aspuzzle.Status.NONE
    # the same board outside adjacent mode is any Latin square
    assert aspuzzle.count(aspuzzle.loads("3:0,0,0,0,0,0,0,0,0,")).count == 12


def test_adjacent_mode_header_without_bars_is_still_adjacent() -> None:
    text = "# futoshiki 3x3 adjacent\n. . .\n. . .\n. . .\n"
    inst = aspuzzle.loads(text).instance
    assert inst.adjacent and not inst.bars
    assert aspuzzle.solve(aspuzzle.loads(text)).status is aspuzzle.Status.NONE


def test_bars_force_exactly_the_consecutive_neighbours() -> None:
    # bars taken from a Latin square: every answer has consecutive digits at exactly the bars
    from aspuzzle.puzzles.futoshiki.model import neighbour_pairs

    def at(cell: tuple[int, int]) -> int:
        return SEED_ROWS[cell[0] - 1][cell[1] - 1]

    bars = frozenset((a, b) for a, b in neighbour_pairs(4) if abs(at(a) - at(b)) == 1)
    loaded = aspuzzle.loads("# futoshiki 4x4 adjacent\n" + ". . . .\n" * 4)
    inst = FutoshikiInstance(4, adjacent=True, bars=bars)
    result = aspuzzle.solve(aspuzzle.api.Loaded(loaded.puzzle, inst, "text"), max_solutions=100)
    assert _grid(SEED_ROWS) in result.solutions
    for sol in result.solutions:
        assert FUTOSHIKI.verify(inst, sol) == []
    assert aspuzzle.count(aspuzzle.api.Loaded(loaded.puzzle, inst, "text")).count == len(
        result.solutions)


def test_signs_order_the_digits() -> None:
    # a chain 1 < 2 < 3 along the first row leaves one filling of that row
    result = _solve("3:0,0,0,0,0,0,0,0,0,".replace("0,0,0,", "0,0L,0L,", 1), max_solutions=20)
    assert result.status is aspuzzle.Status.MULTIPLE
    assert all(sol.grid[0] == (1, 2, 3) for sol in result.solutions)


def test_multiple_solutions_name_the_cells_that_differ() -> None:
    result = _solve("# futoshiki 2x2\n. .\n. .\n")
    assert result.status is aspuzzle.Status.MULTIPLE
    assert result.differences() == "digits differ at (1,1) (1,2) (2,1) (2,2)"


def test_a_repeated_given_has_no_solution() -> None:
    assert _solve("3 . 3\n. . .\n. . .\n").status is aspuzzle.Status.NONE


# --- validation of the model -----------------------------------------------------------------

@pytest.mark.parametrize("inst, message", [
    (FutoshikiInstance(0), "grid size 0 is out of range"),
    (FutoshikiInstance(33), "grid size 33 is out of range"),
    (FutoshikiInstance(4, frozenset({(1, 1, 5)})), "digit 5 is bigger than the grid size 4"),
    (FutoshikiInstance(4, frozenset({(1, 1, -1)})), "digit -1 is out of range 1..4"),
    (FutoshikiInstance(4, frozenset({(5, 1, 1)})), "outside the 4x4 grid"),
    (FutoshikiInstance(4, frozenset({(1, 1, 1), (1, 1, 2)})), "two different digits"),
    (FutoshikiInstance(4, greater=frozenset({((1, 1), (2, 2))})), "not orthogonal neighbours"),
    (FutoshikiInstance(4, greater=frozenset({((1, 1), (1, 1))})), "not orthogonal neighbours"),
    (FutoshikiInstance(4, greater=frozenset({((4, 4), (4, 5))})), "cell (4,5) is outside"),
    (FutoshikiInstance(4, greater=frozenset({((1, 1), (1, 2)), ((1, 2), (1, 1))})),
     "contradictory marks: (1,1) > (1,2) and (1,2) > (1,1)"),
    (FutoshikiInstance(4, greater=frozenset({((1, 1), (1, 2))}), adjacent=True),
     "in adjacent mode"),
    (FutoshikiInstance(4, bars=frozenset({((1, 1), (1, 2))})), "outside adjacent mode"),
    (FutoshikiInstance(4, adjacent=True, bars=frozenset({((1, 1), (3, 1))})),
     "bar (1,1) | (3,1): the cells are not orthogonal neighbours"),
    (FutoshikiInstance(4, difficulty="q"), "unknown difficulty 'q'"),
])
def test_validate_names_the_problem(inst: FutoshikiInstance, message: str) -> None:
    with pytest.raises(InputError, match=re.escape(message)):
        validate(inst)


def test_bars_have_no_direction_and_instances_are_hashable() -> None:
    a = FutoshikiInstance(3, adjacent=True, bars=frozenset({((1, 2), (1, 1))}))
    b = FutoshikiInstance(3, adjacent=True, bars=frozenset({((1, 1), (1, 2))}))
    assert a == b and hash(a) == hash(b)


# --- bad input in each format ----------------------------------------------------------------

@pytest.mark.parametrize("text, message", [
    ("4de", "unequal ID: no ':'"),
    ("xde:0,", "does not start with the grid size"),
    ("4q:0,", "unexpected 'q' after '4'"),
    ("4dz:" + "0," * 16, "difficulty 'z' after 'd' is unknown"),
    ("4d:" + "0," * 16, "difficulty missing after 'd' is unknown"),
    ("2:0,0,0,0,", "order 2 is out of range 3..32"),
    ("33:0,", "order 33 is out of range 3..32"),
    ("4:" + "0," * 15, "not enough data: 15 cells for the 16 of a 4x4 grid"),
    ("4:" + "0," * 17, "too much data: more than the 16 cells"),
    ("4:" + "0," * 11 + "0R" + "," + "0," * 4, "cell 12: flag 'R' points off the grid"),
    ("4:0U," + "0," * 15, "cell 1: flag 'U' points off the grid"),
    ("4:0R,0L," + "0," * 14, "cells 1 and 2: contradictory flags 'R' and 'L'"),
    ("4a:0R," + "0," * 15, "cell 1: flag 'R' is not matched by flag 'L' on cell 2"),
    ("4:0,5," + "0," * 14, "cell 2: digit 5 is bigger than the grid size 4"),
    ("4:0,0X," + "0," * 14, "cell 2: expected a flag U, R, D, L or ',', found 'X'"),
    ("4:0,,", "cell 2: expected a digit, found ','"),
    ("4:0,p", "too much data"),
    ("4:" + "0," * 15 + "0Q", "cell 16: expected a flag U, R, D, L or ',', found 'Q'"),
])
def test_bad_tatham_ids_give_precise_errors(text: str, message: str) -> None:
    with pytest.raises(InputError) as err:
        aspuzzle.loads(text, type="futoshiki", fmt="tatham")
    assert message in str(err.value)
    assert "\n" not in str(err.value)


def test_tatham_error_names_the_cell_position() -> None:
    with pytest.raises(InputError) as err:
        aspuzzle.loads("4:" + "0," * 11 + "0R," + "0," * 4, type="futoshiki")
    assert err.value.where.cell == (3, 4)
    assert str(err.value) == ("<input>: cell (3,4): unequal ID: cell 12: flag 'R' points off "
                              "the grid")


@pytest.mark.parametrize("text, message", [
    ("1 2\n2\n", "row 2 has 1 cells, row 1 has 2"),
    ("1 2 .\n2 . 1\n", "2 rows of 3 cells: a futoshiki grid is square"),
    ("1 5\n. .\n", "line 1, column 3, cell (1,2): digit 5 is bigger than the grid size 2"),
    ("12 .\n. .\n", "digit 12 is bigger than the grid size 2 (separate cells with spaces)"),
    ("0 .\n. .\n", "digit 0 is not allowed"),
    ("< 1\n. .\n", "line 1, column 1: sign '<' has no cell on its left"),
    ("1 <\n. .\n", "sign '<' has no cell on its right"),
    ("1 < > 2\n. .\n", "two signs ('<' and '>') between the same cells"),
    ("1 x\n. .\n", "unknown character 'x' in a row"),
    ("1 v 2\n. .\n", "vertical signs go on a line of their own"),
    ("v\n1 .\n. .\n", "vertical signs above the first row"),
    ("1 .\n. .\nv\n", "vertical signs below the last row"),
    ("1 .\n v\n. .\n", "line 2, column 2: sign 'v' is not under a cell of row 1"),
    ("1 .\nv\nv\n. .\n", "a second line of vertical signs between rows 1 and 2"),
    ("1 . .\nv x\n. . .\n. . .\n", "'x' is not a cell or a sign"),
    ("1 < .\n-\n. .\n", "an adjacency bar in a puzzle with inequalities (line 1, column 3)"),
    ("1 | .\n^\n. .\n", "an inequality sign in a puzzle with bars"),
    ("# futoshiki 2x2 adjacent\n1 < .\n. .\n", "header says 'adjacent'"),
    ("# futoshiki\n", "no futoshiki grid"),
    ("1 .\n. .\nsolution:\n1 2\n", "the solution has 1 rows, the grid 2"),
    ("1 .\n. .\nsolution:\n1 2\n2 3\n", "digit 3 in the solution is out of range 1..2"),
    ("1 .\n. .\nsolution:\n1 2\n2\n", "solution row 2 has 1 digits, expected 2"),
    ("1 .\n. .\nsolution:\n1 2\n2 .\n", "'.' in the solution is not a digit"),
])
def test_bad_text_gives_precise_errors(text: str, message: str) -> None:
    with pytest.raises(InputError) as err:
        aspuzzle.loads(text, type="futoshiki", fmt="text")
    assert message in str(err.value)
    assert "\n" not in str(err.value)


@pytest.mark.parametrize("text, message", [
    ("cell_has_number(1,1, 2).", "cannot tell the grid size: add '#const n = N.'"),
    ("#const n = 40.", "line 1, column 1: grid size 40 is out of range"),
    ("#const n = 4.\ncell_has_number(5,1, 2).", "line 2, column 1, cell (5,1): "
     "cell_has_number(5,1, 2): cell (5,1) is outside the 4x4 grid"),
    ("#const n = 4. cell_has_number(1,1, 5).", "digit 5 is bigger than the grid size 4"),
    ("#const n = 4. cell_has_number(1,1, 0).", "digit 0 is out of range 1..4"),
    ("#const n = 4.\ncell_has_number(1,1, 2).\ncell_has_number(1,1, 3).",
     "cell (1,1) already holds 2 (line 2)"),
    ("#const n = 4. cell_has_number(1,1, 2). cell_has_number(1,1, 2).", "is given twice"),
    ("#const n = 4. greater_than(1,1, 2,2).", "not orthogonal neighbours"),
    ("#const n = 4. greater_than(1,1, 1,2).\ngreater_than(1,2, 1,1).",
     "greater_than(1,2, 1,1) contradicts greater_than(1,1, 1,2) (line 1)"),
    ("#const n = 4. greater_than(1,1, 1,2).\ngreater_than(1,1, 1,2).",
     "the same mark as greater_than(1,1, 1,2)"),
    ("#const n = 4. adjacent(1,1, 1,2).\nadjacent(1,2, 1,1).", "the same mark as"),
    ("#const n = 4. adjacent_mode. greater_than(1,1, 1,2).", "cannot be mixed with adjacent"),
    ("#const n = 4. greater_than(1,a, 1,2).", "greater_than: column must be a number, got 'a'"),
    ("#const n = 4. greater_than(1,1,1).", "'greater_than' takes 4 arguments, got 3"),
    ("#const n = 4. cell_has_number(1,1, 2) :- x.", "only facts are allowed"),
    ("#const m = 4.", "unknown constant 'm'"),
])
def test_bad_facts_give_precise_errors(text: str, message: str) -> None:
    with pytest.raises(InputError) as err:
        aspuzzle.loads(text, type="futoshiki", fmt="facts")
    assert message in str(err.value)
    assert "\n" not in str(err.value)


def test_the_tatham_writer_refuses_sizes_tatham_cannot_hold() -> None:
    write = FUTOSHIKI.formats["tatham"].write
    assert write is not None
    with pytest.raises(InputError, match=r"an unequal ID holds a grid of size 3\.\.32, not 2"):
        write(FutoshikiInstance(2), None)


# --- JSON, rendering -------------------------------------------------------------------------

def test_json_solution_round_trip_and_bad_json() -> None:
    inst = aspuzzle.load(EXAMPLES / "futoshiki" / "seed-4x4.txt").instance
    sol = _grid(SEED_ROWS)
    data = FUTOSHIKI.solution_to_json(sol)
    assert data == {"grid": [list(r) for r in SEED_ROWS]}
    assert FUTOSHIKI.solution_from_json(inst, data) == sol
    for bad in ({}, {"grid": 3}, {"grid": [[1, 2]]}, {"grid": [["1"] * 4] * 4},
                {"grid": [[True] * 4] * 4}):
        with pytest.raises(InputError, match="not a futoshiki solution"):
            FUTOSHIKI.solution_from_json(inst, bad)


def test_render_unicode_and_ascii() -> None:
    inst = aspuzzle.load(EXAMPLES / "futoshiki" / "seed-4x4.txt").instance
    board = FUTOSHIKI.render(inst, None)
    assert board.splitlines()[0] == "· < · > ·   ·"
    assert "∧" in board and "∨" in board
    solved = FUTOSHIKI.render(inst, _grid(SEED_ROWS), ascii=True)
    assert solved.isascii()
    assert solved.splitlines() == ["2 < 3 > 1   4", "", "4   1   2   3", "        ^",
                                   "3   2   4   1", "v", "1   4 > 3   2"]
    adjacent = aspuzzle.load(EXAMPLES / "futoshiki" / "adjacent-6x6.txt").instance
    assert "│" in FUTOSHIKI.render(adjacent, None) and "─" in FUTOSHIKI.render(adjacent, None)
    plain = FUTOSHIKI.render(adjacent, None, ascii=True)
    assert plain.isascii() and "|" in plain and "-" in plain


@pytest.mark.parametrize("name", ["seed-4x4.txt", "adjacent-6x6.txt", "tatham-9dx.id"])
def test_a_rendered_board_reads_back_as_text(name: str) -> None:
    inst = aspuzzle.load(EXAMPLES / "futoshiki" / name).instance
    header = "# futoshiki adjacent\n" if inst.adjacent else ""
    for ascii in (False, True):
        board = header + FUTOSHIKI.render(inst, None, ascii=ascii)
        assert aspuzzle.loads(board, type="futoshiki", fmt="text").instance == inst


def test_solved_text_carries_the_solution_and_reads_back() -> None:
    from aspuzzle.puzzles.futoshiki.formats import read_text_solution, write_text

    inst = aspuzzle.load(EXAMPLES / "futoshiki" / "seed-4x4.txt").instance
    text = write_text(inst, _grid(SEED_ROWS))
    assert text.endswith("solution:\n2 3 1 4\n4 1 2 3\n3 2 4 1\n1 4 3 2\n")
    assert read_text_solution(text) == (inst, _grid(SEED_ROWS))


def test_tatham_text_copy_is_read() -> None:
    # the layout of Tatham's own text output ("Copy"), for an adjacent and a normal puzzle
    normal = "2>1 3 4\nv      \n4 2 1 3\n  ^   \n. . . .\n       \n. . . .\n"
    inst = aspuzzle.loads(normal, type="futoshiki", fmt="text").instance
    assert inst.greater == frozenset({((1, 1), (1, 2)), ((1, 1), (2, 1)), ((3, 2), (2, 2))})
    adjacent = "1|2 3\n-    \n2 3|1\n     \n3 1|2\n"
    inst = aspuzzle.loads(adjacent, type="futoshiki", fmt="text").instance
    assert inst.adjacent
    assert inst.bars == frozenset({((1, 1), (1, 2)), ((1, 1), (2, 1)), ((2, 2), (2, 3)),
                                   ((3, 2), (3, 3))})


# --- the command line ------------------------------------------------------------------------

def test_cli_solves_an_inline_id_with_json() -> None:
    record = CORPUS[20]  # 6adk
    r = run_cli("solve", f"futoshiki:{record['id']}", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert set(out) == {"input", "type", "status", "solutions", "time_s"}
    assert out["type"] == "futoshiki" and out["status"] == "unique"
    assert out["solutions"] == [record["solution"]]


def test_cli_bad_id_is_exit_2_with_one_line() -> None:
    r = run_cli("solve", "4de:0,0,0,0L,0R,0,0,0,0,0D,0R,0,0,3,0,9,")
    assert r.returncode == 2
    assert r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1
    assert "cell 16: digit 9 is bigger than the grid size 4" in lines[0]


def test_cli_solve_to_text_and_convert_to_tatham() -> None:
    seed = str(EXAMPLES / "futoshiki" / "seed-4x4.lp")
    r = run_cli("solve", seed, "--to", "text")
    assert r.returncode == 0, r.stderr
    assert "solution:\n2 3 1 4\n" in r.stdout
    r = run_cli("convert", seed, "--to", "tatham")
    assert r.returncode == 0, r.stderr
    assert r.stdout == "4:0,0RL,0,0,0,0,0,0,0D,0,0U,0,0,0R,0,2,\n"
    r = run_cli("solve", "-", "--to", "tatham", stdin=r.stdout)
    assert r.returncode == 2 and "cannot hold a solution" in r.stderr
