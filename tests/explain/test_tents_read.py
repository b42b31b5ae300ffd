"""The Tents reasoner reads the shown atoms of its rule programs from their text, by handle
(``TentsReasoner._read``, ``_parse``), as clingo's symbols say them argument by argument; and
the generator's solution read off a graded explanation is the one a solve reports
(``generate._proposal``)."""

from __future__ import annotations

from typing import Any

import clingo
from hypothesis import given, settings

import aspuzzle
from aspuzzle.explain.steps import Board
from aspuzzle.puzzles.tents.model import TentsInstance
from aspuzzle.puzzles.tents.reasoning import TentsReasoner, _parse
from tests.explain.tents_boards import tents_boards


def _by_arguments(sym: clingo.Symbol) -> tuple[Any, ...]:
    """A shown atom read through clingo's symbol API (as the reasoner once read it)."""
    args = sym.arguments
    key_sym = args[1]
    k = [a.number for a in key_sym.arguments]
    key: tuple[str, object]
    if key_sym.name == "row":
        key = ("row", k[0])
    elif key_sym.name == "col":
        key = ("column", k[0])
    elif key_sym.name == "pair":
        key = ("pair", ((k[0], k[1]), (k[2], k[3])))
    else:
        key = (key_sym.name, (k[0], k[1]))
    rest = tuple(a.name if a.type == clingo.SymbolType.Function else a.number
                 for a in args[2:])
    return (sym.name, args[0].name, key, *rest)


def test_parse_examples() -> None:
    assert _parse("sets(finish_with_grass,row(3),3,5,grass)") == (
        "sets", "finish_with_grass", ("row", 3), 3, 5, "grass")
    assert _parse("applies(only_placement,col(12),grass)") == (
        "applies", "only_placement", ("column", 12), "grass")
    assert _parse("links(tree_for_tent,tent(2,4),1,4,2,4)") == (
        "links", "tree_for_tent", ("tent", (2, 4)), 1, 4, 2, 4)
    assert _parse("touches(touching_tents,tent(10,11))") == (
        "touches", "touching_tents", ("tent", (10, 11)))
    assert _parse("contradiction(no_tree_for_tent,pair(1,2,3,4))") == (
        "contradiction", "no_tree_for_tent", ("pair", ((1, 2), (3, 4))))


@settings(max_examples=80, deadline=None)
@given(tents_boards(7, most_clue=4, blank_odds=3))
def test_read_is_what_the_symbols_say(case: tuple[TentsInstance, Board]) -> None:
    inst, board = case
    r = TentsReasoner(inst, reuse=False)
    for stage in r._stages:
        grounding = stage.grounding(board)
        ctl = grounding.program.ctl
        for lit, value in r._changed_externals(grounding, board):
            ctl.assign_external(lit, value)
        model = grounding.model()
        assert r._read(model) == [_by_arguments(s) for s in model]
        assert r._read(model) == [_by_arguments(s) for s in model]  # (read again: remembered)


def test_proposal_solution_is_what_a_solve_reports() -> None:
    for size, difficulty, seed in (("8x8", "case", 1), ("8x8", "case", 2), ("7x7", "direct", 1)):
        g = aspuzzle.generate("tents", size=size, difficulty=difficulty, seed=seed)
        res = aspuzzle.solve(g.loaded)
        assert list(res.solutions) == [g.solution]
