"""``aspuzzle rules verify FILE.lp --type hitori``: a Hitori rule file proven sound on every
board up to a size, by one clingo search per grid size (smallest first) for a counterexample.

A counterexample is a grid of numbers (from 1 to the length of its longer side, as Tatham's
grids have them), one of its solutions under the game's rules
(``encoding.lp``: the solution need not be the only one, so a rule proven sound here is sound
on every board of every puzzle), and a board the solution extends (each cell unmarked, or
marked as the solution has it), on which the rule, seeing the board as the step engine does
(``rules/board.lp``, the marks chosen by the search instead of set from outside), shades a cell
the solution leaves unshaded, unshades one it shades, or fires at all (a contradiction rule).

Only which cells of a line hold equal numbers matters to the game and to the rules; with as
many values as the longer side has cells, a line can hold any pattern of repeats.
"""

from __future__ import annotations

from pathlib import Path

import clingo

from aspuzzle.kit.verify import (
    KitCounterexample,
    KitVerification,
    board_sizes,
    counterexample_atoms,
    guessed_board,
    read_rule_file,
)
from aspuzzle.puzzles.base import lp_file

__all__ = ["verify"]

_SEARCH = """
% the grid: a number in every cell
cell(R, C) :- R = 1..height, C = 1..width.
1 { written(R, C, N) : N = 1..values } 1 :- cell(R, C).
% the board: each cell unmarked or marked as the solution has it
{ shaded(R, C) } :- blacked(R, C).
{ unshaded(R, C) } :- cell(R, C), not blacked(R, C).
hv_wrong(Rule) :- sets(Rule, _, cell(R, C), shaded), not blacked(R, C).
hv_wrong(Rule) :- sets(Rule, _, cell(R, C), unshaded), blacked(R, C).
hv_wrong(Rule) :- contradiction(Rule, _).
:- not hv_wrong(_).
"""


def verify(rule: str | Path, *, up_to: tuple[int, int] = (6, 6)) -> KitVerification:
    """Is the rule file sound on every board up to ``up_to`` (rows, columns)?"""
    path = Path(rule)
    source = read_rule_file(path)
    board = guessed_board("aspuzzle.puzzles.hitori")
    game = lp_file(__package__, "encoding.lp").read_text()
    # (board.lp derives cell/2 from written/3; the search states it first, to choose numbers)
    parts = [game, board, _SEARCH, source]
    for h, w in board_sizes(up_to):
        found = _search(parts, h, w, str(path))
        if found is not None:
            return KitVerification(str(path), up_to, found, "hitori")
    return KitVerification(str(path), up_to, None, "hitori")


def _search(parts: list[str], h: int, w: int, name: str) -> KitCounterexample | None:
    consts = [f"-c height={h}", f"-c width={w}", f"-c values={max(h, w)}"]
    found = counterexample_atoms(parts, consts, name)
    if found is None:
        return None
    from aspuzzle.explain.steps import Board
    from aspuzzle.puzzles.hitori.model import HitoriInstance
    from aspuzzle.puzzles.hitori.reasoning import write_marks

    def nums(s: clingo.Symbol) -> tuple[int, ...]:
        return tuple(a.number for a in s.arguments)

    grid = {nums(s)[:2]: nums(s)[2] for s in found if s.name == "written"}
    inst = HitoriInstance(tuple(tuple(grid[(r, c)] for c in range(1, w + 1))
                                for r in range(1, h + 1)))
    marks = Board({nums(s): s.name for s in found
                   if s.name in ("shaded", "unshaded") and len(s.arguments) == 2})
    black = {nums(s) for s in found if s.name == "blacked"}
    solution = Board({(r, c): "shaded" if (r, c) in black else "unshaded"
                      for r in range(1, h + 1) for c in range(1, w + 1)})
    rules = tuple(sorted({str(s.arguments[0]) for s in found if s.name == "hv_wrong"}))
    return KitCounterexample(rules, write_marks(inst, marks), write_marks(inst, solution))
