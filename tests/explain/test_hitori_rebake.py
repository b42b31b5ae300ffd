"""The Hitori stages baked again as an explanation's board fills up, and baked ahead for the
first board with marks of a generator's closure (``_Stage.model`` with ``rebake``,
``HitoriReasoner._bake_ahead``), and the stages of rules that need marks, not solved on the
empty board (``reasoning._MARKED``): each finds what one program of every rule finds.
"""

from __future__ import annotations

import random

import pytest

from aspuzzle.engine import Grounded, Program
from aspuzzle.explain import Board, explain, staged
from aspuzzle.explain.asp import SHOW
from aspuzzle.explain.rules import rule_files
from aspuzzle.puzzles.hitori import PUZZLE
from aspuzzle.puzzles.hitori import reasoning as hr
from aspuzzle.puzzles.hitori.model import HitoriInstance, HitoriSolution
from aspuzzle.puzzles.hitori.rules import BOARD, CATALOGUE
from tests.explain.test_hitori_random import build
from tests.explain.test_hitori_stages import _one_program, _staged


def _unique(seed: int, lo: int = 5,
            hi: int = 9) -> tuple[HitoriInstance, dict[tuple[int, int], str]]:
    """A random puzzle with one solution, and that solution."""
    rnd = random.Random(seed)
    k = 0
    while True:
        inst = build(rnd.randint(lo, hi), rnd.randint(lo, hi), 7000 + 100 * seed + k)
        truth = hr.HitoriReasoner(inst)._unique_solution()
        if truth is not None:
            return inst, truth
        k += 1


@pytest.mark.parametrize("seed", range(6))
def test_rules_that_need_marks_have_no_instance_on_the_empty_board(seed: int) -> None:
    """Each rule of _MARKED, in a program of its own, finds nothing on a board with no marks
    (so its stage is not solved there)."""
    rnd = random.Random(seed)
    inst = build(rnd.randint(3, 9), rnd.randint(3, 9), 500 + seed)
    for rule in CATALOGUE:
        if rule.id not in hr._MARKED:
            continue
        g = Grounded(Program((BOARD, SHOW, *rule_files([rule])), tuple(PUZZLE.to_facts(inst)),
                             ()))
        model = g.first_model()
        assert model is not None
        assert not [s for s in model if s.name == "sets"], rule.id
    rs = hr.HitoriReasoner(inst)
    marked = [st for st in rs._stages if st.needs_marks]
    assert marked and all(rs._solve(st, Board({})) == [] for st in marked)
    assert not any(st.started for st in marked)  # nothing grounded for it


@pytest.mark.parametrize("seed", range(6))
def test_stages_baked_again_find_what_one_program_finds(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """An explanation's step asks for the stages on boards that agree with the proven
    solution; a stage is baked again when the board leaves far fewer cells unknown than its
    program (here: any 3 fewer, half as many): each board's steps are those of one program,
    and so are those of a board that does not hold the last bake (the program for every
    board)."""
    monkeypatch.setattr(staged, "REBAKE_CELLS", 3)
    inst, truth = _unique(seed)
    shaded = frozenset(c for c, v in truth.items() if v == "shaded")
    rs = hr.HitoriReasoner(inst, solution=HitoriSolution(shaded))
    rnd = random.Random(seed)
    cells = rnd.sample(inst.cells(), len(inst.cells()))
    marks: dict[tuple[int, int], str] = {}
    bakes: set[int] = set()
    for i, cell in enumerate(cells):
        marks[cell] = truth[cell]
        if i % 3 and i != len(cells) - 1:
            continue
        board = Board(dict(marks))
        direct, _, first = _staged(rs, board)
        want_direct, want_contradictions = _one_program(inst, board)
        assert direct == want_direct
        assert first == (want_direct[0][0] if want_direct else None)
        assert want_contradictions == []
        bakes |= {id(st._baked) for st in rs._stages if st._baked is not None}
    assert len(bakes) > len(rs._stages)  # some stage was baked more than once
    wrong = Board({**{c: truth[c] for c in cells[:3]},
                   cells[3]: "unshaded" if truth[cells[3]] == "shaded" else "shaded"})
    direct, _, first = _staged(rs, wrong)
    want_direct, _ = _one_program(inst, wrong)
    assert direct == want_direct
    assert first == (want_direct[0][0] if want_direct else None)


@pytest.mark.parametrize("seed", range(4))
def test_stages_baked_ahead_for_the_closure(seed: int) -> None:
    """After ground_ahead, the first board with marks that a closure asks about has the
    direct stages not yet grounded baked for it; the closure's boards and then a whole
    explanation find what they find without any of that."""
    inst, truth = _unique(seed, 6, 10)
    shaded = frozenset(c for c, v in truth.items() if v == "shaded")
    rs = hr.HitoriReasoner(inst, solution=HitoriSolution(shaded))
    rs.ground_ahead()
    assert not any(st.started for st in rs._stages if st.needs_marks)
    probe = rs.probe(Board({}), (), ())
    plain = hr.HitoriReasoner(inst, solution=HitoriSolution(shaded))
    assert plain.probe(Board({}), (), ()) == probe
    first = [st for st in rs._direct_stages if st.needs_marks]
    assert probe.rounds > 1  # a board with marks was asked about: baked for it
    assert all(st._baked is not None and st._baked.board is not None
               and st._baked.board.cells for st in first)
    got = explain(inst, reasoner=rs).to_json()
    want = explain(inst, reasoner=hr.HitoriReasoner(inst)).to_json()
    got.pop("time_s")
    want.pop("time_s")
    assert got == want
