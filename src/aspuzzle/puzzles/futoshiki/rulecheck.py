"""``aspuzzle rules verify FILE.lp --type futoshiki``: a Futoshiki rule file proven sound on
every board up to a size, by one clingo search per size (smallest first) for a counterexample.

A counterexample is a Latin square (the solution), marks it obeys (signs between some
neighbours, or Tatham's adjacent mode with the bars it has), some of its digits given, and a
board it extends (each open cell's digit placed or not, each other digit struck out or not),
on which the rule, seeing the board as the step engine does (``rules/board.lp``), strikes out
the solution's digit, places another, or fires at all (a contradiction rule).
"""

from __future__ import annotations

import re
from pathlib import Path

import clingo

from aspuzzle.kit.verify import (
    KitCounterexample,
    KitVerification,
    counterexample_atoms,
    guessed_board,
    read_rule_file,
)

__all__ = ["verify"]

_SEARCH = """
% the solution: a Latin square
1 { sol(R, C, D) : digit(D) } 1 :- cell(R, C).
:- sol(R, C1, D), sol(R, C2, D), C1 < C2.
:- sol(R1, C, D), sol(R2, C, D), R1 < R2.
% the marks it obeys: signs between some neighbours, or the bars of adjacent mode
vc_next(R, C, R, C + 1) :- cell(R, C), cell(R, C + 1).
vc_next(R, C, R + 1, C) :- cell(R, C), cell(R + 1, C).
{ adjacent_mode }.
{ greater_than(R1, C1, R2, C2) } :- not adjacent_mode, vc_next(R1, C1, R2, C2),
    sol(R1, C1, A), sol(R2, C2, B), A > B.
{ greater_than(R2, C2, R1, C1) } :- not adjacent_mode, vc_next(R1, C1, R2, C2),
    sol(R1, C1, A), sol(R2, C2, B), B > A.
adjacent(R1, C1, R2, C2) :- adjacent_mode, vc_next(R1, C1, R2, C2), sol(R1, C1, A),
    sol(R2, C2, B), |A - B| = 1.
% some of its digits given
{ cell_has_number(R, C, D) } :- sol(R, C, D).
% the board: what is placed and struck out agrees with the solution
{ yes(R, C, D) } :- open(R, C), sol(R, C, D).
{ no(R, C, D) } :- open(R, C), digit(D), not sol(R, C, D).
vc_wrong(Rule) :- sets(Rule, _, key(R, C, D), yes), not sol(R, C, D).
vc_wrong(Rule) :- sets(Rule, _, key(R, C, D), no), sol(R, C, D).
vc_wrong(Rule) :- contradiction(Rule, _).
:- not vc_wrong(_).
"""


_MARKED = re.compile(r"\b(gt|bar|nobar|neighbours|marked|poss|has_poss|some_le|some_ge|"
                     r"greater_than|adjacent|adjacent_mode|no_bar)\s*\(|\badjacent_mode\b")
"""The words of board.lp (and the puzzle's facts) that say something about the marks: a rule
that reads none of them concludes the same whatever the marks, so its counterexamples are
searched for without marks (the same board, a counterexample with marks or without)."""

_NO_MARKS = """
:- adjacent_mode.
:- greater_than(_, _, _, _).
"""

def verify(rule: str | Path, *, up_to: tuple[int, int] = (6, 6)) -> KitVerification:
    """Is the rule file sound on every board up to ``up_to`` (square grids n x n, n at most
    the smaller side)?"""
    path = Path(rule)
    source = read_rule_file(path)
    board = guessed_board("aspuzzle.puzzles.futoshiki")
    parts = [board, _SEARCH, source]
    if not _MARKED.search(source):
        parts.append(_NO_MARKS)
    for n in range(1, min(up_to) + 1):
        found = _search(parts, n, str(path))
        if found is not None:
            return KitVerification(str(path), up_to, found, "futoshiki")
    return KitVerification(str(path), up_to, None, "futoshiki")


def _search(parts: list[str], n: int, name: str) -> KitCounterexample | None:
    found = counterexample_atoms(parts, [f"-c n={n}"], name)
    if found is None:
        return None
    from aspuzzle.explain.steps import Board
    from aspuzzle.puzzles.futoshiki.model import FutoshikiInstance
    from aspuzzle.puzzles.futoshiki.reasoning import write_marks

    def nums(s: clingo.Symbol) -> tuple[int, ...]:
        return tuple(a.number for a in s.arguments)

    grid = {nums(s)[:2]: nums(s)[2] for s in found if s.name == "sol"}
    givens = frozenset(nums(s) for s in found if s.name == "cell_has_number")
    greater = frozenset((nums(s)[:2], nums(s)[2:]) for s in found if s.name == "greater_than")
    adjacent = any(s.name == "adjacent_mode" for s in found)
    bars = frozenset((nums(s)[:2], nums(s)[2:]) for s in found if s.name == "adjacent")
    inst = FutoshikiInstance(n, givens, greater, adjacent, bars)  # type: ignore[arg-type]
    marks = Board({nums(s): s.name for s in found if s.name in ("yes", "no")})
    rules = tuple(sorted({str(s.arguments[0]) for s in found if s.name == "vc_wrong"}))
    solution = "".join(" ".join(str(grid[(r, c)]) for c in range(1, n + 1)) + "\n"
                       for r in range(1, n + 1))
    return KitCounterexample(rules, write_marks(inst, marks), solution)
