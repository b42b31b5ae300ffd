"""The step engine on its own, with a toy puzzle: switches that must satisfy clauses.

The engine is shared by all puzzle types; this tiny reasoner (unit clauses as the direct rule,
"On or Off" as the case rule) shows the parts the Tents puzzles do not reach: a case split
nested inside a branch, and the tier it gives.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from aspuzzle.difficulty import Tier, tier_of
from aspuzzle.explain import Board, Case, Evaluation, Kind, Probe, ReasonerBase, Step, Use, run

Cell = tuple[int, int]
Clause = tuple[tuple[int, bool], ...]  # (switch, wanted on?)


class Switches(ReasonerBase):
    """Switches 1..n (cells (1, i), "on" / "off") under clauses; brute force for the proofs."""

    type = "switches"

    def __init__(self, n: int, clauses: Sequence[Clause]) -> None:
        self.n, self.clauses = n, list(clauses)
        self.models = [dict(zip(range(1, n + 1), bits, strict=True))
                       for bits in product((True, False), repeat=n)
                       if all(any(bits[i - 1] == on for i, on in cl) for cl in clauses)]

    def _agree(self, board: Board) -> list[dict[int, bool]]:
        return [m for m in self.models
                if all(m[c[1]] == (v == "on") for c, v in board.cells.items())]

    def _units(self, board: Board) -> tuple[list[Step], list[Step]]:
        direct, dead = [], []
        for k, cl in enumerate(self.clauses):
            if any(board.cells.get((1, i)) == ("on" if on else "off") for i, on in cl):
                continue
            open_ = [(i, on) for i, on in cl if (1, i) not in board.cells]
            use = (Use("clause", index=k + 1),)
            if not open_:
                dead.append(Step("Empty Clause", Kind.CONTRADICTION, uses=use,
                                 text=f"clause {k + 1} is false", rule_id="empty"))
            elif len(open_) == 1:
                i, on = open_[0]
                direct.append(Step("Unit", Kind.DIRECT, (((1, i), "on" if on else "off"),),
                                   uses=use, text=f"clause {k + 1} needs switch {i}",
                                   rule_id="unit"))
        return direct, dead

    def evaluate(self, board: Board) -> Evaluation:
        direct, dead = self._units(board)
        return Evaluation(board, direct, dead)

    def cases(self, ev: Evaluation) -> list[Case]:
        return [Case("On or Off", "on_or_off", "", f"switch {i} is on or off", (),
                     ((f"switch {i} is on", (((1, i), "on"),), ()),
                      (f"switch {i} is off", (((1, i), "off"),), ())))
                for i in range(1, self.n + 1) if (1, i) not in ev.board.cells]

    def complete(self, board: Board) -> bool:
        return len(board.cells) == self.n

    def final_check(self, board: Board) -> Step | None:
        return None

    def entails(self, board: Board, sets: Sequence[tuple[Cell, str]],
                links: Sequence[tuple[Cell, Cell]]) -> bool:
        return all(m[c[1]] == (v == "on") for m in self._agree(board) for c, v in sets)

    def refutes(self, board: Board) -> bool:
        return not self._agree(board)

    def probe(self, board: Board, sets: Sequence[tuple[Cell, str]],
              links: Sequence[tuple[Cell, Cell]]) -> Probe:
        b, rounds = board.with_(sets), 0
        while True:
            direct, dead = self._units(b)
            rounds += 1
            if dead:
                return Probe(True, b, rounds)
            new = {c: v for s in direct for c, v in s.sets}
            if not new:
                return Probe(False, b, rounds)
            if any(b.cells.get(c, v) != v for c, v in new.items()):
                return Probe(True, b, rounds)
            b = b.with_(new.items())

    def solution_hint(self, board: Board) -> Board | None:
        models = self._agree(board)
        if len(models) != 1:
            return None
        return Board({(1, i): "on" if on else "off" for i, on in models[0].items()})

    def progress_possible(self, board: Board) -> bool:
        models = self._agree(board)
        return not models or any(len({m[i] for m in models}) == 1
                                 for i in range(1, self.n + 1) if (1, i) not in board.cells)


# x (switch 1) is forced, but only a split inside the branch "x is off" shows it:
# with x off the four clauses say a and b can be neither equal nor different.
NESTED = [((1, True), (2, True), (3, True)), ((1, True), (2, False), (3, True)),
          ((1, True), (2, True), (3, False)), ((1, True), (2, False), (3, False))]


def test_a_nested_case_split() -> None:
    toy = Switches(3, NESTED)
    assert run(toy, Board({}), max_depth=1).stalled  # single splits do not get there
    r = run(toy, Board({}), max_depth=2)
    # switch 1 is concluded; then switches 2 and 3 are free (two solutions): it stops there
    assert r.stalled and not r.dead and len(r.steps) == 1
    first = r.steps[0]
    assert first.kind is Kind.CASE and first.sets == (((1, 1), "on"),)
    assert first.depth == 2 and tier_of(r.steps) is Tier.NESTED
    dead = next(b for b in first.branches if b.dead)
    assert dead.label == "switch 1 is off"
    # inside it: a split on switch 2 (one case dies), then a unit clause, then a false clause
    inner = dead.steps[0]
    assert inner.kind is Kind.CASE and inner.depth == 1
    assert [b.dead for b in inner.branches] == [True, False]
    assert dead.closed_by is not None and dead.closed_by.rule == "Empty Clause"


def test_units_then_a_single_split() -> None:
    # 1 or 2; not 1 or 2: switch 2 is on (a single split on switch 2 or on 1)
    toy = Switches(3, [((1, True), (2, True)), ((1, False), (2, True)),
                       ((3, True), (2, False))])
    r = run(toy, Board({}), max_depth=2)
    assert r.board.cells[(1, 2)] == "on"
    assert tier_of(r.steps) is Tier.CASE
    assert r.board.cells[(1, 3)] == "on"  # by a unit clause once switch 2 is known
