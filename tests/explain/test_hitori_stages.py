"""The Hitori reasoner solves its rules in stages (programs of its own, Shade the Copies in
bands of rows), only as far as a run asks, and skips a stage that cannot have changed: what it
finds must be what one program of every rule finds on the same board.

* on random boards of random puzzles (partial, right or wrong), every direct step and every
  contradiction the staged reasoner offers equals those of one program of all the rules, the
  late rules (One Way Out, No Isolation) only when the others set nothing new;
* whole explanations are the same with Shade the Copies in bands of two rows as in one program.
"""

from __future__ import annotations

import random
from typing import Any

import clingo
import pytest

from aspuzzle.engine import Grounded, Program
from aspuzzle.explain import Board, Kind, explain
from aspuzzle.explain.asp import SHOW
from aspuzzle.explain.rules import rule_files
from aspuzzle.explain.staged import file_text
from aspuzzle.puzzles.hitori import PUZZLE
from aspuzzle.puzzles.hitori import reasoning as hr
from aspuzzle.puzzles.hitori.model import HitoriInstance
from aspuzzle.puzzles.hitori.rules import BOARD, CATALOGUE, LATE
from tests.explain.test_hitori_random import build

Cell = tuple[int, int]
_F, _N = clingo.Function, clingo.Number


def _one_program(inst: HitoriInstance, board: Board) -> tuple[list[Any], list[Any]]:
    """(direct, contradictions) as (rule id, where, sets) from one program of every rule, as
    the reasoner read them before it had stages."""
    rules = [r for r in CATALOGUE if r.kind is not Kind.CASE]
    g = Grounded(Program((BOARD, SHOW, *rule_files(rules)), tuple(PUZZLE.to_facts(inst)), ()))
    g.assign_externals([(_F(v, [_N(r), _N(c)]), board.cells.get((r, c)) == v)
                        for r, c in inst.cells() for v in ("shaded", "unshaded")])
    model = g.first_model()
    assert model is not None
    found: dict[tuple[str, clingo.Symbol], list[tuple[Cell, str]]] = {}
    for sym in model:
        rid, where = sym.arguments[0].name, sym.arguments[1]
        sets = found.setdefault((rid, where), [])
        if sym.name == "sets":
            r, c = (a.number for a in sym.arguments[2].arguments)
            sets.append(((r, c), sym.arguments[3].name))
    order = {r.id: i for i, r in enumerate(CATALOGUE)}
    kind = {r.id: r.kind for r in CATALOGUE}
    hits = sorted(found.items(), key=lambda kv: (order[kv[0][0]], kv[0][1]))
    direct, contradictions = [], []
    for (rid, where), sets in hits:
        if kind[rid] is Kind.CONTRADICTION:
            contradictions.append((rid, str(where), ()))
            continue
        new = tuple(sorted((c, v) for c, v in sets if board.cells.get(c) != v))
        if new:
            direct.append((rid, str(where), new))
    early = [h for h in direct if h[0] not in LATE]
    return (early if early else [h for h in direct if h[0] in LATE]), contradictions


def _staged(rs: hr.HitoriReasoner, board: Board) -> tuple[list[Any], list[Any], Any]:
    ev = rs.evaluate(board)
    first = ev.direct[0].rule_id if ev.direct else None  # the first, before the rest
    hits = rs._direct(board)
    direct = [(h.rule.id, str(h.where), tuple(h.sets)) for h in hits]
    contradictions = [(h.rule.id, str(h.where), ()) for h in rs._contradictions(board)]
    assert [s.rule_id for s in ev.direct] == [h[0] for h in direct]
    return direct, contradictions, first


@pytest.mark.parametrize("seed", range(6))
def test_staged_evaluation_is_one_program_of_every_rule(seed: int,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hr, "BANDED_FROM", 0)
    monkeypatch.setattr(hr, "BAND_ROWS", 2)
    rnd = random.Random(seed)
    inst = build(rnd.randint(4, 8), rnd.randint(4, 8), seed)
    rs = hr.HitoriReasoner(inst)
    solution = rs.solutions(Board({}), 1)
    truth = rs.solution_board(solution[0]).cells if solution else {}
    cells = inst.cells()
    # boards that grow, as runs have them (the stages reuse what they found), some wrong
    for _ in range(3):
        marks: dict[Cell, str] = {}
        for cell in rnd.sample(cells, len(cells)):
            value = truth.get(cell) if truth and rnd.random() < 0.9 else \
                rnd.choice(("shaded", "unshaded"))
            assert value is not None
            marks[cell] = value
            if rnd.random() < 0.3:
                board = Board(dict(marks))
                direct, contradictions, first = _staged(rs, board)
                want_direct, want_contradictions = _one_program(inst, board)
                assert direct == want_direct
                assert first == (want_direct[0][0] if want_direct else None)
                if not rs._consistent(board):  # (a board that agrees with it has none)
                    assert contradictions == want_contradictions
                else:
                    assert want_contradictions == [] and contradictions == []


@pytest.mark.parametrize("seed", range(4))
def test_explanations_with_bands_are_those_of_one_program(
        seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rnd = random.Random(100 + seed)
    inst = build(rnd.randint(6, 9), rnd.randint(6, 9), 100 + seed)
    monkeypatch.setattr(hr, "BANDED_FROM", 1000)
    whole = explain(inst, reasoner=hr.HitoriReasoner(inst)).to_json()
    monkeypatch.setattr(hr, "BANDED_FROM", 0)
    monkeypatch.setattr(hr, "BAND_ROWS", 2)
    rs = hr.HitoriReasoner(inst)
    assert sum(1 for st in rs._stages if "shade_copies" in {r.id for r in st.rules}) > 1
    banded = explain(inst, reasoner=rs).to_json()
    whole.pop("time_s")
    banded.pop("time_s")
    assert banded == whole


def test_each_rule_program_grounds_the_parts_of_the_board_it_reads() -> None:
    """A program grounds only the parts of board.lp that its rules read (board.lp's
    board_part/1): the reasoner finds them in the rule files' code, by the names it knows
    (hr._PARTS), which must be every part board.lp has."""
    import re

    board = file_text(BOARD)
    parts = {p for group in re.findall(r"board_part\(([\w; ]+)\)", board)
             for p in group.replace(" ", "").split(";") if p[0].islower()}
    assert parts == {"adj", "diag", "edge", "twin", "corner", "open"}
    assert parts == set(hr._PARTS.pattern.split("(")[1].split(")")[0].split("|"))
    reads = {r.id: hr._reads([r]) for r in CATALOGUE if r.kind is not Kind.CASE}
    assert reads["no_isolation"] == {"adj", "diag", "edge"}
    assert reads["cut_off"] == {"adj", "open"}
    assert reads["shade_copies"] == {"adj", "twin"}
    assert reads["sandwich"] == frozenset()
    for rid, got in reads.items():  # a part is read where its atoms are
        text = "\n".join(line.split("%", 1)[0] for line in
                         file_text(next(r for r in CATALOGUE if r.id == rid).file).splitlines())
        for part in parts:
            assert (part in got) == (f"{part}(" in text.replace(" ", "")), (rid, part)


@pytest.mark.parametrize("seed", range(8))
def test_baked_stages_find_what_one_program_finds(seed: int) -> None:
    """A stage first solved on a board that agrees with the puzzle's one solution is grounded
    with that board's marks as facts (_Stage.model, "baked"): on the boards that hold it, right
    or wrong, it finds what one program of every rule finds, and so does the program for every
    board it falls back on for a board that does not hold it."""
    rnd = random.Random(300 + seed)
    k = 0
    while True:  # a puzzle with one solution
        inst = build(rnd.randint(4, 8), rnd.randint(4, 8), 1000 * seed + k)
        rs = hr.HitoriReasoner(inst)
        truth = rs._unique_solution()
        if truth is not None:
            break
        k += 1
    cells = inst.cells()
    known = rnd.sample(cells, rnd.randint(1, len(cells) - 1))
    baked = Board({c: truth[c] for c in known})
    for st in rs._stages:
        rs._solve(st, baked)
        assert st._baked is not None and st._baked.board is baked
        assert not st._general.started

    def check(board: Board) -> None:
        direct, _, first = _staged(rs, board)
        want_direct, want_contradictions = _one_program(inst, board)
        assert direct == want_direct
        assert first == (want_direct[0][0] if want_direct else None)
        contradictions = [(h.rule.id, str(h.where), ()) for st in rs._contradiction_stages
                          for h in rs._solve(st, board) if h.rule.kind is Kind.CONTRADICTION]
        assert contradictions == want_contradictions

    check(baked)
    rest = [c for c in cells if c not in baked.cells]
    for _ in range(3):
        marks = dict(baked.cells)
        for cell in rnd.sample(rest, len(rest)):
            marks[cell] = truth[cell] if rnd.random() < 0.8 else \
                rnd.choice(("shaded", "unshaded"))
            if rnd.random() < 0.4:
                check(Board(dict(marks)))
    assert not any(st._general.started for st in rs._stages)
    # a board without one of the baked marks: the program for every board
    gone = rnd.choice(known)
    check(Board({c: v for c, v in baked.cells.items() if c != gone}))
    assert all(st._general.started for st in rs._contradiction_stages)


def test_closed_ring_is_baked_for_every_board_it_is_solved_on() -> None:
    """Closed Ring's stage has no program for every board (Stage(general=False)): each board
    that does not hold the board it was baked for is baked for in turn, and it finds what one
    program of every rule finds on each."""
    from tests.explain.test_hitori_rules import LONG_RING

    inst, marks = hr.read_marks(LONG_RING)
    rs = hr.HitoriReasoner(inst)
    (st,) = [st for st in rs._stages if [r.id for r in st.rules] == ["closed_ring"]]
    assert not st.general
    ring = Board(marks)
    fewer = Board({c: v for c, v in marks.items() if c != (6, 4)})  # the ring opened
    more = ring.with_([((1, 1), "unshaded")])
    for board in (ring, fewer, more, ring):
        hits = rs._solve(st, board)
        assert st._baked is not None and holds_all(board, st._baked.board)
        want = _closed_ring_alone(inst, board)
        assert {c for h in hits for c, _ in h.sets if board.cells.get(c) is None} == want
        assert not st._general.started
    assert want == {(4, 4), (4, 6)}


def _closed_ring_alone(inst: HitoriInstance, board: Board) -> set[Cell]:
    """The cells that the program of Closed Ring for every board sets on the board."""
    (rule,) = [r for r in CATALOGUE if r.id == "closed_ring"]
    g = Grounded(Program((BOARD, SHOW, *rule_files([rule])), tuple(PUZZLE.to_facts(inst)), ()))
    g.assign_externals([(_F(v, [_N(r), _N(c)]), board.cells.get((r, c)) == v)
                        for r, c in inst.cells() for v in ("shaded", "unshaded")])
    model = g.first_model()
    assert model is not None
    return {(sym.arguments[2].arguments[0].number, sym.arguments[2].arguments[1].number)
            for sym in model if sym.name == "sets"}


def holds_all(board: Board, baked: Board | None) -> bool:
    return baked is not None and baked.cells.items() <= board.cells.items()
