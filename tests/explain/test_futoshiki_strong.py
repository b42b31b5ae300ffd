"""The rules over sets and chains (rules/strong.py, computed in Python for the reasoner) find
exactly what their rule files find: the same instances (``where`` terms) striking out the same
candidates, on random boards of random puzzles."""

from __future__ import annotations

import random
from typing import Any

import clingo
import pytest

from aspuzzle.explain import Board
from aspuzzle.explain.asp import SHOW
from aspuzzle.puzzles.futoshiki import PUZZLE
from aspuzzle.puzzles.futoshiki.reasoning import FutoshikiReasoner, _symbol
from aspuzzle.puzzles.futoshiki.rules import BOARD, CATALOGUE, STRONG
from aspuzzle.puzzles.futoshiki.rules.strong import RULES
from tests.conftest import ROOT
from tests.explain.test_futoshiki_fast import random_board
from tests.explain.test_futoshiki_random import random_puzzle

RULES_DIR = ROOT / "src/aspuzzle/puzzles/futoshiki/rules"
FOUND: dict[str, int] = {}


def test_the_python_rules_are_the_strong_ones() -> None:
    assert set(RULES) == STRONG
    assert [r.id for r in CATALOGUE if r.id in STRONG] == list(RULES)


def file_hits(inst: Any, board: Board) -> set[tuple[str, clingo.Symbol, tuple[Any, ...]]]:
    """What the rule files of the strong rules find on a board (its keys given as facts)."""
    board_lp = "\n".join(ln for ln in BOARD.read_text().splitlines()
                         if not ln.lstrip().startswith("#external"))
    ctl = clingo.Control(["--warn=none", f"-c n={inst.size}"])
    ctl.add("base", [], board_lp + SHOW.read_text()
            + "".join((RULES_DIR / f"{r}.lp").read_text() for r in RULES)
            + "".join(f"{s}." for s in PUZZLE.to_facts(inst))
            + "".join(f"{v}({r},{c},{d})." for (r, c, d), v in board.cells.items()))
    ctl.ground([("base", [])])
    found: dict[tuple[str, clingo.Symbol], list[Any]] = {}
    with ctl.solve(yield_=True) as handle:
        for m in handle:
            for s in m.symbols(shown=True):
                if s.name == "sets":
                    k = s.arguments[2].arguments
                    found.setdefault((s.arguments[0].name, s.arguments[1]), []).append(
                        ((k[0].number, k[1].number, k[2].number), s.arguments[3].name))
    return {(rid, where, tuple(sorted(keys))) for (rid, where), keys in found.items()}


@pytest.mark.parametrize("seed", range(16))
def test_the_python_rules_equal_their_files(seed: int) -> None:
    rng = random.Random(3000 + seed)
    n = rng.choice([6, 7])
    inst, grid = random_puzzle(n, rng, adjacent=seed % 4 == 3, signs=0.3)
    given = {(r, c) for r, c, _ in inst.givens}
    rs = FutoshikiReasoner(inst)
    for k in range(6):
        board = random_board(grid, n, rng, wrong=0.0 if k < 4 else 0.1)
        board = Board({key: v for key, v in board.cells.items() if key[:2] not in given})
        mine = {(h.rule.id, h.where, tuple(sorted(h.sets))) for h in rs._strong_hits(board)}
        assert mine == file_hits(inst, board), (seed, k)
        for rid, _, _ in mine:
            FOUND[rid] = FOUND.get(rid, 0) + 1


def test_each_python_rule_was_seen_to_fire() -> None:
    if len(FOUND) < len(RULES):
        pytest.skip("runs after the comparison above")
    assert set(FOUND) == set(RULES)


def test_where_terms_are_clingo_terms() -> None:
    assert str(_symbol(("fish", 3, ("row",), 5))) == "fish(3,row,5)"
    assert str(_symbol(("chain", (1, 2), (3, 4), 5))) == "chain((1,2),(3,4),5)"


def test_a_forcing_chain_step_in_words() -> None:
    import aspuzzle
    from aspuzzle.explain import explain
    from tests.conftest import DATA, read_jsonl

    record = next(r for r in read_jsonl(DATA / "futoshiki" / "tatham-direct.jsonl")
                  if r["params"] == "7dx")
    e = explain(aspuzzle.loads(record["id"]))
    chain = next(s for s in e.steps if s.rule_id == "forcing_chain")
    assert chain.text == (
        "(1,6) - (1,1) - (1,5) - (2,5) each have two candidates; if (1,6) is not 6 it is 4, "
        "so (1,1) is 3, so (1,5) is 5, so (2,5) is 6: (1,6) or (2,5) is 6, so (2,6) cannot "
        "be 6.")
    assert chain.sets == (((2, 6, 6), "no"),)
