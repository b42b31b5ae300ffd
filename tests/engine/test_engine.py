"""The engine on small hand-made programs: projection, verdicts, counting, assumptions."""

from __future__ import annotations

from pathlib import Path

import clingo
import pytest

from aspuzzle.engine import Grounded, Program, SolveConfig, Status, count, solve
from aspuzzle.errors import InputError


def _program(tmp_path: Path, text: str, project: tuple[tuple[str, int], ...],
             user_asp: str = "") -> Program:
    f = tmp_path / "p.lp"
    f.write_text(text)
    return Program((f,), (), project, user_asp=user_asp)


def test_projection_hides_helper_atoms(tmp_path: Path) -> None:
    # p has 2 values; helper h doubles every answer set, like the seed Hitori's start/2
    prog = _program(tmp_path, "{p(1);p(2)} = 1. {h(1);h(2)} = 1. #show p/1. #show h/1.",
                    (("p", 1),))
    assert count(prog).count == 2
    assert solve(prog).status is Status.MULTIPLE
    unprojected = _program(tmp_path, "{p(1);p(2)} = 1. {h(1);h(2)} = 1.", (("p", 1), ("h", 1)))
    assert count(unprojected).count == 4


def test_verdicts(tmp_path: Path) -> None:
    one = _program(tmp_path, "p(1). {h(1);h(2)} = 1. #show p/1.", (("p", 1),))
    res = solve(one)
    assert res.status is Status.UNIQUE and len(res.answers) == 1
    none = _program(tmp_path, "p(1). :- p(1).", (("p", 1),))
    assert solve(none).status is Status.NONE


def test_facts_and_constants(tmp_path: Path) -> None:
    f = tmp_path / "q.lp"
    f.write_text("q(X) :- p(X), X <= n. #show q/1.")
    facts = tuple(clingo.Function("p", [clingo.Number(i)]) for i in range(5))
    prog = Program((f,), facts, (("q", 1),), constants=(("n", "2"),))
    res = solve(prog)
    assert res.status is Status.UNIQUE
    assert {s.arguments[0].number for s in res.answers[0]} == {0, 1, 2}


def test_assumptions_entailment_and_cautious(tmp_path: Path) -> None:
    prog = _program(tmp_path, "{p(1..3)} = 2. :- p(1), p(3). #show p/1.", (("p", 1),))
    g = Grounded(prog)
    p = [clingo.Function("p", [clingo.Number(i)]) for i in range(4)]
    assert g.entails([], (p[2], True))          # p(2) is in every answer
    assert not g.entails([], (p[1], True))
    assert g.entails([(p[1], False)], (p[3], True))
    assert g.satisfiable([(p[1], True), (p[3], True)]) is False
    assert g.satisfiable([(p[0], True)]) is False  # p(0) cannot be true at all
    assert g.cautious() == frozenset({p[2]})
    assert g.core([(p[1], True), (p[3], True)]) is not None


def test_user_asp_syntax_error_is_an_input_error(tmp_path: Path) -> None:
    prog = _program(tmp_path, "p(1).", (("p", 1),), user_asp="q(X :- p(X).")
    with pytest.raises(InputError, match="raw ASP does not parse"):
        solve(prog)


def test_timeout(tmp_path: Path) -> None:
    # pigeonhole 13 into 12: hard for CDCL, will not finish in 0.2 s
    text = ("{ in(P, H) : hole(H) } = 1 :- pigeon(P). pigeon(1..13). hole(1..12)."
            ":- in(P1, H), in(P2, H), P1 < P2.")
    res = solve(_program(tmp_path, text, (("in", 2),)), config=SolveConfig(timeout=0.2))
    assert res.status is Status.TIMEOUT


def test_consequences_cover_shown_atoms_off_the_projection(tmp_path: Path) -> None:
    # issue 33: clingo reads brave and cautious consequences on the projected atoms when
    # projection is on; q is shown but not projected, and its consequences must still be right
    prog = _program(tmp_path, "{p(1..2)} = 1. q(X) :- p(X). r :- p(1). #show p/1. #show q/1."
                    " #show r/0.", (("p", 1),))
    g = Grounded(prog)
    p = [clingo.Function("p", [clingo.Number(i)]) for i in range(3)]
    q = [clingo.Function("q", [clingo.Number(i)]) for i in range(3)]
    r = clingo.Function("r", [])
    assert g.brave() == frozenset({p[1], p[2], q[1], q[2], r})
    assert g.cautious() == frozenset()
    assert g.cautious([(p[1], True)]) == frozenset({p[1], q[1], r})
    assert g.brave([(p[2], True)]) == frozenset({p[2], q[2]})
    # projection is back for enumeration afterwards: two answers, not one per shown set
    assert g.count().count == 2
    assert solve(prog).status is Status.MULTIPLE
    empty = Grounded(_program(tmp_path, "{p(1..2)} = 1. q(X) :- p(X). #show q/1.", ()))
    assert empty.brave() == frozenset({q[1], q[2]})
    assert empty.count().count == 1
