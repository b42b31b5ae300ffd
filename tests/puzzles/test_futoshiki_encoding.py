"""Futoshiki's two ways of writing "each cell has one number": encoding.lp's disjunction (a
fresh solve) and the post's choice rule in latin.lp (the generator's Latin squares and the
shared program of aspuzzle.engine.reuse). Both must have exactly the same answers; so must
encoding.lp with and without chains.lp (digits ruled out by chains of signs)."""

from __future__ import annotations

from importlib.resources.abc import Traversable

import clingo
import pytest

from aspuzzle.engine import Grounded, Program
from aspuzzle.puzzles.base import lp_file

ENCODING = lp_file("aspuzzle.puzzles.futoshiki", "encoding.lp")
LATIN = lp_file("aspuzzle.puzzles.futoshiki", "latin.lp")
LATIN_SQUARES = {1: 1, 2: 2, 3: 12, 4: 576}
"""The number of Latin squares of each order."""


def _answers(enc: Traversable | tuple[Traversable, ...], n: int,
             facts: str = "") -> set[frozenset[str]]:
    g = Grounded(Program(enc if isinstance(enc, tuple) else (enc,), (), (("cell_has_number", 3),),
                         constants=(("n", str(n)),), facts_text=facts))
    res = g.solve(0)
    return {frozenset(str(s) for s in a) for a in res.answers}


@pytest.mark.parametrize("n", sorted(LATIN_SQUARES))
def test_both_formulations_give_every_latin_square_once(n: int) -> None:
    disjunction, choice = _answers(ENCODING, n), _answers(LATIN, n)
    assert len(disjunction) == LATIN_SQUARES[n]
    assert disjunction == choice
    for answer in disjunction:  # one number per cell
        assert len({a.rsplit(",", 1)[0] for a in answer}) == n * n == len(answer)


def test_givens_and_signs_narrow_both_alike() -> None:
    facts = "cell_has_number(1,1,2).\ngreater_than(1,2,1,3).\ngreater_than(2,1,1,1).\n"
    got = _answers(ENCODING, 4, facts)
    assert got == _answers(LATIN, 4, facts)
    assert all(_digit(a, 1, 2) > _digit(a, 1, 3) and _digit(a, 2, 1) > _digit(a, 1, 1)
               and _digit(a, 1, 1) == 2 for a in got)
    assert 0 < len(got) < LATIN_SQUARES[4]


def _digit(answer: frozenset[str], r: int, c: int) -> int:
    for a in answer:
        s = clingo.parse_term(a)
        if [x.number for x in s.arguments[:2]] == [r, c]:
            return s.arguments[2].number
    raise AssertionError(f"no digit at ({r},{c})")


CHAINS = lp_file("aspuzzle.puzzles.futoshiki", "chains.lp")


def _signs(pairs: list[tuple[tuple[int, int], tuple[int, int]]]) -> str:
    return "".join(f"greater_than({a[0]},{a[1]},{b[0]},{b[1]}).\n" for a, b in pairs)


def test_chains_leave_the_answers_alone() -> None:
    # chains of signs down row 1 and up column 6: digits ruled out at both ends of each
    down = [((1, 1), (1, 2)), ((1, 2), (1, 3))]
    up = [((r + 1, 4), (r, 4)) for r in range(1, 3)]
    facts = _signs(down + up)
    got = _answers((ENCODING, CHAINS), 4, facts)
    assert got == _answers(ENCODING, 4, facts) and 1 < len(got) < LATIN_SQUARES[4]


def test_a_cycle_of_signs_has_no_answer_and_grounds() -> None:
    cycle = [((1, 1), (1, 2)), ((1, 2), (2, 2)), ((2, 2), (2, 1)), ((2, 1), (1, 1))]
    assert _answers((ENCODING, CHAINS), 4, _signs(cycle)) == set()
