"""A Python transcription of the Futoshiki rule files that probes use, for case splits.

A case split is chosen by probing its cases: every direct rule applied at once, round after
round, until a contradiction rule fires or nothing changes (see
:meth:`aspuzzle.explain.asp.AspReasoner.probe`). A search tries dozens of splits, each a few
rounds deep, and a round of the rule programs costs a clingo solve; this module computes the
same round with bit masks, in a fraction of the time.

It must find exactly what the rule files find (a probe that saw more than the rules would
predict a contradiction that the explanation then cannot show): ``tests/explain/
test_futoshiki_fast.py`` compares the two on random boards. The rules over pairs (``LATER``)
are not transcribed: probes go without them (see ``FutoshikiReasoner.probe``). The explanation
itself, and every step it shows, comes from the rule files.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from aspuzzle.puzzles.futoshiki.model import Cell, FutoshikiInstance, neighbour_pairs

__all__ = ["CONTRADICTIONS", "DIRECT", "FastRules"]

Key = tuple[int, int, int]
YES, NO = "yes", "no"

DIRECT = ("naked_single", "hidden_single", "inequality_chain", "relative_size",
          "adjacent_bar", "no_bar")
"""The direct rules transcribed here."""
CONTRADICTIONS = ("no_candidate", "no_place", "digit_twice", "broken_sign", "broken_bar",
                  "missing_bar")
"""The contradiction rules transcribed here."""


def _low(mask: int) -> int:
    """The least digit of a non-empty mask (bit d = digit d)."""
    return (mask & -mask).bit_length() - 1


def _high(mask: int) -> int:
    return mask.bit_length() - 1


class FastRules:
    """The direct and contradiction rules (those of :data:`DIRECT` and
    :data:`CONTRADICTIONS` in ``active``) on the boards of one puzzle."""

    def __init__(self, inst: FutoshikiInstance, active: Iterable[str]) -> None:
        n = inst.size
        self.n = n
        self.active = frozenset(active)
        self.full = ((1 << (n + 1)) - 1) & ~1
        self.given: dict[Cell, int] = {(r, c): d for r, c, d in inst.givens}
        self.cells = [(r, c) for r in range(1, n + 1) for c in range(1, n + 1)]
        self.open = [x for x in self.cells if x not in self.given]
        self.lines = [[(j, k) for k in range(1, n + 1)] for j in range(1, n + 1)]
        self.lines += [[(k, j) for k in range(1, n + 1)] for j in range(1, n + 1)]
        self.gt = sorted(inst.greater)
        self.bars: list[tuple[Cell, Cell]] = []
        self.nobars: list[tuple[Cell, Cell]] = []
        if inst.adjacent:
            for a, b in neighbour_pairs(n):
                (self.bars if (a, b) in inst.bars else self.nobars).append((a, b))
        self.chain_low = self._chains(self.gt)
        self.chain_high = self._chains([(b, a) for a, b in self.gt])

    def _chains(self, steps: list[tuple[Cell, Cell]]) -> dict[Cell, int]:
        """The longest chain of at least 2 signs from each cell, going from the first cell of
        each step to the second (as inequality_chain.lp's down/2 and up/2: bounded by n)."""
        down: dict[Cell, int] = {x: 0 for x in self.cells}
        for _ in range(self.n):
            for a, b in steps:
                if down[b] + 1 > down[a] and down[b] < self.n:
                    down[a] = down[b] + 1
        return {x: k for x, k in down.items() if k > 1}

    def round(self, cells: Mapping[Key, str]
              ) -> tuple[set[str], dict[str, set[tuple[Key, str]]]]:
        """The contradiction rules that fire and, per direct rule, the keys it sets, on a
        board (``cells``: the board's keys and values)."""
        n, full, on = self.n, self.full, self.active
        placed: dict[Cell, int] = {x: 1 << d for x, d in self.given.items()}
        struck: dict[Cell, int] = {}
        for (r, c, d), v in cells.items():
            if v == YES:
                placed[(r, c)] = placed.get((r, c), 0) | (1 << d)
            else:
                struck[(r, c)] = struck.get((r, c), 0) | (1 << d)
        rows = [0] * (n + 1)
        cols = [0] * (n + 1)
        for (r, c), m in placed.items():
            rows[r] |= m
            cols[c] |= m
        cand: dict[Cell, int] = {}
        for x in self.open:
            if x not in placed:
                cand[x] = full & ~struck.get(x, 0) & ~rows[x[0]] & ~cols[x[1]]

        def poss(x: Cell) -> int:
            return placed.get(x, 0) | cand.get(x, 0)

        fired: set[str] = set()
        sets: dict[str, set[tuple[Key, str]]] = {}

        def strike(rule: str, x: Cell, mask: int) -> None:
            mask &= cand.get(x, 0)
            if mask:
                out = sets.setdefault(rule, set())
                for d in range(1, n + 1):
                    if mask >> d & 1:
                        out.add(((x[0], x[1], d), NO))

        def place(rule: str, x: Cell, d: int) -> None:
            out = sets.setdefault(rule, set())
            out.add(((x[0], x[1], d), YES))
            bit = 1 << d
            for e in range(1, n + 1):
                if e != d and cand[x] >> e & 1:
                    out.add(((x[0], x[1], e), NO))
            for y, m in cand.items():
                if y != x and (y[0] == x[0] or y[1] == x[1]) and m & bit:
                    out.add(((y[0], y[1], d), NO))

        for x, m in cand.items():
            if m == 0:
                fired.add("no_candidate")
            elif m & (m - 1) == 0 and "naked_single" in on:
                place("naked_single", x, _low(m))
        for line in self.lines:
            taken = 0
            twice = 0
            for x in line:
                m = placed.get(x, 0)
                twice |= taken & m
                taken |= m
            if twice:
                fired.add("digit_twice")
            for d in range(1, n + 1):
                if taken >> d & 1:
                    continue
                spots = [x for x in line if cand.get(x, 0) >> d & 1]
                if not spots:
                    fired.add("no_place")
                elif len(spots) == 1 and "hidden_single" in on:
                    place("hidden_single", spots[0], d)
        if "inequality_chain" in on:
            for x, k in self.chain_low.items():
                strike("inequality_chain", x, ((1 << (k + 1)) - 1) & ~1)
            for x, k in self.chain_high.items():
                strike("inequality_chain", x, full & ~((1 << (n - k + 1)) - 1))
        for a, b in self.gt:
            pa, pb = poss(a), poss(b)
            if pa and pb and _high(pa) <= _low(pb):
                fired.add("broken_sign")
            if "relative_size" in on:
                # a cannot be d <= the least digit possible in b; b cannot be d >= the greatest
                # digit possible in a (all of them when the other has none)
                strike("relative_size", a, full if not pb else (1 << (_low(pb) + 1)) - 1)
                strike("relative_size", b, full if not pa else full & ~((1 << _high(pa)) - 1))
        for a, b in self.bars:
            pa, pb = poss(a), poss(b)
            if pa and pb and not ((pa << 1 | pa >> 1) & pb):
                fired.add("broken_bar")
            if "adjacent_bar" in on:
                strike("adjacent_bar", a, ~(pb << 1 | pb >> 1))
                strike("adjacent_bar", b, ~(pa << 1 | pa >> 1))
        for a, b in self.nobars:
            pa, pb = poss(a), poss(b)
            if pa and pb and not (_low(pb) <= _high(pa) - 2 or _high(pb) >= _low(pa) + 2):
                fired.add("missing_bar")
            if "no_bar" in on:
                strike("no_bar", a, self._far_from(pb))
                strike("no_bar", b, self._far_from(pa))
        return fired & on, sets

    def _far_from(self, mask: int) -> int:
        """The digits that have no digit of ``mask`` at least 2 away (all when it is empty)."""
        if not mask:
            return self.full
        lo, hi = _low(mask), _high(mask)
        keep = 0
        for d in range(1, self.n + 1):
            if lo <= d - 2 or hi >= d + 2:
                keep |= 1 << d
        return self.full & ~keep
