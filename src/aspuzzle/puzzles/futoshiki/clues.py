"""The clues of a Futoshiki puzzle, and the clues that could be added to it (for diagnosis).

In adjacent mode a pair of neighbours without a bar is a clue too (their digits do not differ by
1): a bar left out must leave its pair free, not turn it into a pair without a bar."""

from __future__ import annotations

from clingo import Function, Number

from aspuzzle.diagnosis import Clue, Clues
from aspuzzle.puzzles.futoshiki.model import (
    Cell,
    FutoshikiInstance,
    FutoshikiSolution,
    neighbour_pairs,
)


def _cell(c: Cell) -> str:
    return f"({c[0]},{c[1]})"


def _given(r: int, c: int, d: int) -> Clue:
    return Clue(f"given ({r},{c})", f"the given {d} at ({r},{c})",
                (Function("cell_has_number", [Number(r), Number(c), Number(d)]),),
                holds=lambda s: s.at((r, c)) == d)


def _sign(a: Cell, b: Cell) -> Clue:
    """The sign that says a's digit is greater than b's."""
    return Clue(f"sign {_cell(a)}>{_cell(b)}", f"the sign {_cell(a)} > {_cell(b)}",
                (Function("greater_than", [Number(a[0]), Number(a[1]), Number(b[0]),
                                           Number(b[1])]),),
                holds=lambda s: s.at(a) > s.at(b))


def clues(inst: FutoshikiInstance) -> Clues:
    """Every given digit, sign and (adjacent mode) bar."""
    out = [_given(r, c, d) for r, c, d in sorted(inst.givens)]
    out += [_sign(a, b) for a, b in sorted(inst.greater)]
    out += [Clue(f"bar {_cell(a)}-{_cell(b)}", f"the bar between {_cell(a)} and {_cell(b)}",
                 (Function("adjacent", [Number(a[0]), Number(a[1]), Number(b[0]),
                                        Number(b[1])]),))
            for a, b in sorted(inst.bars)]
    if not inst.adjacent:
        return Clues(tuple(out))
    barred = {frozenset(p) for p in inst.bars}
    out += [Clue(f"no bar {_cell(a)}-{_cell(b)}", f"no bar between {_cell(a)} and {_cell(b)}",
                 (Function("no_bar", [Number(a[0]), Number(a[1]), Number(b[0]),
                                      Number(b[1])]),))
            for a, b in neighbour_pairs(inst.size) if frozenset((a, b)) not in barred]
    return Clues(tuple(out), drop=(Function("adjacent_mode", []),))


def repairs(inst: FutoshikiInstance, sol: FutoshikiSolution) -> list[Clue]:
    """A sign between neighbours that have none (not in adjacent mode, where every pair of
    neighbours already says whether they differ by 1), else a given digit."""
    out: list[Clue] = []
    if not inst.adjacent:
        signed = {frozenset(p) for p in inst.greater}
        for a, b in neighbour_pairs(inst.size):
            if frozenset((a, b)) not in signed:
                out.append(_sign(a, b) if sol.at(a) > sol.at(b) else _sign(b, a))
    given = {(r, c) for r, c, _ in inst.givens}
    out += [_given(r, c, sol.at((r, c))) for r in range(1, inst.size + 1)
            for c in range(1, inst.size + 1) if (r, c) not in given]
    return out
