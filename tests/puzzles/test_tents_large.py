"""Tents' large-board rules (``large.lp``): implied rules, so with them every puzzle has exactly
the solutions it has without them. They are only loaded from ``LARGE`` up, but they hold on any
board, so the corpus (small boards) checks them with the rules forced on, next to variants that
have no solution or several."""

from __future__ import annotations

import json
from typing import Any

import aspuzzle
from aspuzzle.engine import Grounded, Program
from aspuzzle.puzzles.base import SolveOptions, lp_file
from aspuzzle.puzzles.tents import LARGE, TentsInstance
from aspuzzle.puzzles.tents import PUZZLE as TENTS
from tests.conftest import DATA, ROOT, read_jsonl

TATHAM = read_jsonl(DATA / "tents" / "tatham.jsonl")
ENCODING = lp_file("aspuzzle.puzzles.tents", "encoding.lp")
LARGE_LP = lp_file("aspuzzle.puzzles.tents", "large.lp")
OPTIONS = SolveOptions()
LARGE_ARGS = ("--trans-ext=integ", "--lookahead=atom,1")
"""What a large board is solved with (one failed-literal pass before the search)."""


CAP = 40
"""Solutions enumerated at most: below it, the two programs must give the same set."""


def _solutions(inst: TentsInstance, encodings: tuple[Any, ...],
               args: tuple[str, ...] = ()) -> tuple[str, list[Any]]:
    program = Program(encodings, tuple(TENTS.to_facts(inst)), TENTS.answer_signatures(OPTIONS),
                      constants=TENTS.constants(inst), solver_args=args)
    res = Grounded(program).solve(CAP)
    answers = sorted(sorted(str(s) for s in answer) for answer in res.answers)
    # at the cap, which solutions come first depends on the search: only the verdict counts
    return str(res.status), answers if len(answers) < CAP else []


def test_large_rules_are_loaded_from_large_boards_on() -> None:
    small = TentsInstance(LARGE - 1, LARGE - 1, frozenset({(1, 1)}), (1,) + (0,) * (LARGE - 2),
                          (0, 1) + (0,) * (LARGE - 3))
    wide = small._replace(width=LARGE, col_clues=(*small.col_clues, 0))
    assert [e.name for e in TENTS.encodings(OPTIONS, small)] == ["encoding.lp"]
    assert [e.name for e in TENTS.encodings(OPTIONS, wide)] == ["encoding.lp", "large.lp"]
    # the program grounded once per size (engine.reuse) never holds them
    assert [e.name for e in TENTS.encodings(OPTIONS)] == ["encoding.lp"]


def _variants(inst: TentsInstance) -> list[TentsInstance]:
    """The puzzle, with a clue one too high (no solution), and with every other clue dropped
    (usually several solutions)."""
    rows = list(inst.row_clues)
    first = next(i for i, n in enumerate(rows) if n is not None)
    rows[first] = (rows[first] or 0) + 1
    fewer_rows = tuple(n if i % 2 else None for i, n in enumerate(inst.row_clues))
    fewer_cols = tuple(n if i % 2 else None for i, n in enumerate(inst.col_clues))
    return [inst, inst._replace(row_clues=tuple(rows)),
            inst._replace(row_clues=fewer_rows, col_clues=fewer_cols)]


def test_large_rules_keep_every_solution_of_the_corpus() -> None:
    seen = set()
    for record in TATHAM[::3]:
        inst = aspuzzle.loads(record["id"]).instance
        for variant in _variants(inst):
            plain = _solutions(variant, (ENCODING,))
            assert _solutions(variant, (ENCODING, LARGE_LP)) == plain, record["id"]
            assert _solutions(variant, (ENCODING,), TENTS.solver_args(variant)) == plain
            assert _solutions(variant, (ENCODING, LARGE_LP), LARGE_ARGS) == plain
            seen.add(plain[0])
        status, answers = _solutions(inst, (ENCODING, LARGE_LP))
        assert status == "unique"
        assert sorted(s for s in answers[0] if s.startswith("tent(")) == sorted(
            f"tent({r},{c})" for r, c in record["solution"]["tents"])
    assert seen == {"unique", "none", "multiple"}  # every verdict was compared


def test_the_chosen_solver_options_reach_clingo() -> None:
    inst = aspuzzle.loads(TATHAM[0]["id"]).instance
    assert TENTS.solver_args(inst) == ("--trans-ext=integ",)
    loaded = aspuzzle.loads(TATHAM[0]["id"])
    from aspuzzle.api import program

    grounded = Grounded(program(loaded))
    assert grounded.ctl.configuration.asp.trans_ext == "integ"  # type: ignore[union-attr]


def test_large_boards_get_one_lookahead_pass_and_reused_programs_do_not() -> None:
    small = aspuzzle.loads(TATHAM[0]["id"]).instance
    large = small._replace(width=LARGE,
                          col_clues=(*small.col_clues, *(0,) * (LARGE - small.width)))
    assert TENTS.solver_args(large) == LARGE_ARGS
    assert TENTS.reuse(large, OPTIONS).program.solver_args == ("--trans-ext=integ",)


def test_a_large_stored_board_is_solved_with_them() -> None:
    records = [json.loads(line) for line in
               (ROOT / "benchmarks" / "data" / "large-tents.jsonl").read_text().splitlines()]
    rec = next(r for r in records if r["size"] == LARGE)
    loaded = aspuzzle.loads(rec["puzzle"], type="tents", fmt="text")
    result = aspuzzle.solve(loaded)
    assert str(result.status) == "unique"
    tents = result.solutions[0].tents  # type: ignore[attr-defined]
    assert sorted(map(list, tents)) == sorted(rec["solution"]["tents"])
