"""The logic-grid reasoner's rules over triples run on a program shared by every puzzle of one
shape (grounded with categories c(1).. and values 1..N, the puzzle's names put back in what it
reports): they find on every board what a program grounded with the puzzle's own names finds,
whichever puzzle used the shared program last. And the generator's test of a direct puzzle
(``FastGrid.fills``) says what a probe from the empty board says."""

from __future__ import annotations

import random
from typing import Any

import clingo
import pytest

import aspuzzle
from aspuzzle.explain import Board, Kind
from aspuzzle.explain.asp import SHOW
from aspuzzle.explain.rules import rule_files
from aspuzzle.puzzles.logicgrid import PUZZLE
from aspuzzle.puzzles.logicgrid.fast import FastGrid
from aspuzzle.puzzles.logicgrid.model import LogicGridInstance
from aspuzzle.puzzles.logicgrid.reasoning import LogicGridReasoner
from aspuzzle.puzzles.logicgrid.rules import BOARD, CATALOGUE, HEAVY, TRIPLES
from tests.conftest import EXAMPLES

Found = set[tuple[str, str, tuple[Any, ...]]]


def own_program_hits(rs: LogicGridReasoner, board: Board) -> Found:
    """The rules over triples on the board, grounded with the puzzle's own facts and the board
    as facts (no externals set, nothing shared)."""
    ctl = clingo.Control(["--heuristic=None"], logger=lambda code, message: None)
    for f in (BOARD, TRIPLES, SHOW, *rule_files([r for r in CATALOGUE if r.id in HEAVY])):
        ctl.add("base", [], f.read_text(encoding="utf-8"))
    facts = [*PUZZLE.to_facts(rs.inst), *rs.rule_facts()]
    facts += [rs.external(k, v) for k, v in board.cells.items()]
    ctl.add("base", [], "".join(f"{s}.\n" for s in facts))
    ctl.ground([("base", [])])
    symbols: list[clingo.Symbol] = []
    ctl.solve(on_model=lambda m: symbols.extend(m.symbols(shown=True)))
    out: Found = set()
    for sym in symbols:
        parsed = rs._parse(sym)
        out.add((parsed[1], str(parsed[2]), tuple(parsed[3:])))
    return out


def shared_hits(rs: LogicGridReasoner, board: Board) -> Found:
    out: Found = set()
    for h in rs._triples_hits(board):
        if h.rule.kind is Kind.CONTRADICTION:
            out.add((h.rule.id, str(h.where), ()))
        out |= {(h.rule.id, str(h.where), kv) for kv in h.sets}
    return out


def boards(rs: LogicGridReasoner, solution: Any, rng: random.Random) -> list[Board]:
    """Part of the solution, sometimes with one cell wrong (a contradiction to find)."""
    cells = sorted(rs.solution_board(solution).cells.items())
    out = []
    for _ in range(12):
        part = dict(rng.sample(cells, rng.randrange(len(cells) + 1)))
        if part and rng.random() < 0.4:
            k = rng.choice(sorted(part))
            part[k] = "true" if part[k] == "false" else "false"
        out.append(Board(part))
    return out


def test_puzzles_of_one_shape_share_the_rules_over_triples_and_find_what_their_own_do() -> None:
    rng = random.Random(5)
    made = [aspuzzle.generate("logicgrid", size="4x4", difficulty=tier, seed=s)
            for tier, s in (("direct", 1), ("case", 2), ("direct", 3))]
    reasoners = [LogicGridReasoner(g.loaded.instance) for g in made]
    assert reasoners[0]._triples is reasoners[1]._triples is reasoners[2]._triples
    work = [(rs, b) for rs, g in zip(reasoners, made, strict=True)
            for b in boards(rs, g.solution, rng)]
    rng.shuffle(work)  # the puzzles take turns on the shared program
    for rs, board in work:
        assert shared_hits(rs, board) == own_program_hits(rs, board)


def test_engine_reuse_clear_forgets_the_shared_programs_too() -> None:
    from aspuzzle.engine import reuse
    from aspuzzle.puzzles.logicgrid import reasoning

    loaded = aspuzzle.load(EXAMPLES / "logicgrid" / "zebra-lgp-test-5x6-16.txt")
    rs = LogicGridReasoner(loaded.instance)
    assert rs._triples in reasoning._SHARED.values()
    reuse.clear()
    assert not reasoning._SHARED
    board = Board({})
    assert shared_hits(rs, board) == own_program_hits(rs, board)  # still usable
    assert LogicGridReasoner(loaded.instance)._triples is not rs._triples  # built afresh


@pytest.mark.parametrize("name", ["zebra-lgp-test-5x6-16.txt", "boys-in-the-hood.logic"])
def test_a_corpus_puzzle_finds_on_the_shared_program_what_its_own_finds(name: str) -> None:
    loaded = aspuzzle.load(EXAMPLES / "logicgrid" / name)
    rs = LogicGridReasoner(loaded.instance)
    solution = aspuzzle.solve(loaded).solutions[0]
    for board in boards(rs, solution, random.Random(name)):
        assert shared_hits(rs, board) == own_program_hits(rs, board)


def test_fills_is_a_probe_from_the_empty_board_that_completes_the_grid() -> None:
    inst = aspuzzle.load(EXAMPLES / "logicgrid" / "zebra-lgp-test-5x6-16.txt").instance
    cats = inst.categories
    cells = sum(len(a.values) * len(b.values) for i, a in enumerate(cats) for b in cats[i + 1:])
    answers = set()
    for k in range(len(inst.clues) + 1):
        fast = FastGrid(LogicGridInstance(cats, inst.clues[:k]))
        p = fast.probe(Board({}), (), 10_000)
        full = not p.dead and len(p.board.cells) == cells
        assert fast.fills(10_000) == full
        answers.add(full)
    assert answers == {False}  # this one takes a case split: never filled by direct rules
    made = aspuzzle.generate("logicgrid", size="4x4", difficulty="direct", seed=4)
    assert FastGrid(made.loaded.instance).fills(10_000)
