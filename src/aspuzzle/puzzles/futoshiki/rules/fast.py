"""A Python transcription of the Futoshiki rule files that probes use, for case splits.

A case split is chosen by probing its cases: every direct rule applied at once, round after
round, until a contradiction rule fires or nothing changes (see
:meth:`aspuzzle.explain.asp.AspReasoner.probe`). A search tries dozens of splits, each a few
rounds deep, and a round of the rule programs costs a clingo solve; this module computes the
same round with bit masks (bit d of a mask is the digit d), in a fraction of the time.

It must find exactly what the rule files find (a probe that saw more than the rules would
predict a contradiction that the explanation then cannot show): ``tests/explain/
test_futoshiki_fast.py`` compares the two on random boards. The rules over pairs (``LATER``)
are not transcribed: probes go without them (see ``FutoshikiReasoner.probe``). The explanation
itself, and every step it shows, comes from the rule files.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from aspuzzle.puzzles.futoshiki.model import Cell, FutoshikiInstance, neighbour_pairs

__all__ = ["CONTRADICTIONS", "DIRECT", "FastRules", "State"]

Key = tuple[int, int, int]
YES, NO = "yes", "no"

DIRECT = ("naked_single", "hidden_single", "inequality_chain", "relative_size",
          "adjacent_bar", "no_bar")
"""The direct rules transcribed here."""
CONTRADICTIONS = ("no_candidate", "no_place", "digit_twice", "broken_sign", "broken_bar",
                  "missing_bar")
"""The contradiction rules transcribed here."""


def _low(mask: int) -> int:
    """The least digit of a non-empty mask."""
    return (mask & -mask).bit_length() - 1


def _high(mask: int) -> int:
    return mask.bit_length() - 1


class State:
    """A board as masks, per cell (index ``(r - 1) * n + c - 1``): the digits placed (given
    or written) and the digits struck out."""

    def __init__(self, placed: list[int], struck: list[int]) -> None:
        self.placed = placed
        self.struck = struck

    def copy(self) -> State:
        return State(list(self.placed), list(self.struck))


class FastRules:
    """The direct and contradiction rules (those of :data:`DIRECT` and
    :data:`CONTRADICTIONS` in ``active``) on the boards of one puzzle."""

    def __init__(self, inst: FutoshikiInstance, active: Iterable[str]) -> None:
        n = inst.size
        self.n = n
        self.active = frozenset(active)
        self.full = ((1 << (n + 1)) - 1) & ~1
        self.cells: list[Cell] = [(r, c) for r in range(1, n + 1) for c in range(1, n + 1)]
        self.given = [0] * (n * n)
        for r, c, d in inst.givens:
            self.given[self._i((r, c))] = 1 << d
        self.open = [i for i in range(n * n) if not self.given[i]]
        self.rows = [[(r - 1) * n + c for c in range(n)] for r in range(1, n + 1)]
        self.cols = [[r * n + c - 1 for r in range(n)] for c in range(1, n + 1)]
        self.lines = self.rows + self.cols
        self.peers = [[j for j in self.rows[i // n] + self.cols[i % n] if j != i]
                      for i in range(n * n)]
        """Per cell, the other cells of its row, then of its column."""
        self.gt = [(self._i(a), self._i(b)) for a, b in sorted(inst.greater)]
        self.bars: list[tuple[int, int]] = []
        self.nobars: list[tuple[int, int]] = []
        if inst.adjacent:
            for a, b in neighbour_pairs(n):
                pair = (self._i(a), self._i(b))
                (self.bars if (a, b) in inst.bars else self.nobars).append(pair)
        # what inequality_chain.lp strikes out, once for all: a chain of k >= 2 signs below a
        # cell rules out 1..k, above it n-k+1..n
        self.chain: list[tuple[int, int]] = []
        for i, k in self._chains(self.gt).items():
            self.chain.append((i, ((1 << (k + 1)) - 1) & ~1))
        for i, k in self._chains([(b, a) for a, b in self.gt]).items():
            self.chain.append((i, self.full & ~((1 << (n - k + 1)) - 1)))
        # no_bar.lp: the digits that have no digit of a neighbour's mask at least 2 away
        self._far: dict[int, int] = {}

    def _i(self, cell: Cell) -> int:
        return (cell[0] - 1) * self.n + cell[1] - 1

    def _chains(self, steps: list[tuple[int, int]]) -> dict[int, int]:
        """The longest chain of at least 2 signs from each cell, going from the first cell of
        each step to the second (as inequality_chain.lp's down/2 and up/2: bounded by n)."""
        down = [0] * (self.n * self.n)
        for _ in range(self.n):
            for a, b in steps:
                if down[b] + 1 > down[a] and down[b] < self.n:
                    down[a] = down[b] + 1
        return {i: k for i, k in enumerate(down) if k > 1}

    # --- boards -------------------------------------------------------------------------------

    def state(self, cells: Mapping[Key, str]) -> State:
        """The masks of a board (its keys and values)."""
        s = State(list(self.given), [0] * (self.n * self.n))
        self.apply(s, cells.items())
        return s

    def apply(self, s: State, sets: Iterable[tuple[Key, str]]) -> None:
        n = self.n
        for (r, c, d), v in sets:
            if v == YES:
                s.placed[(r - 1) * n + c - 1] |= 1 << d
            else:
                s.struck[(r - 1) * n + c - 1] |= 1 << d

    def _far_from(self, mask: int) -> int:
        got = self._far.get(mask)
        if got is None:
            keep = 0
            if mask:
                lo, hi = _low(mask), _high(mask)
                for d in range(1, self.n + 1):
                    if lo <= d - 2 or hi >= d + 2:
                        keep |= 1 << d
            got = self._far[mask] = self.full & ~keep
        return got

    # --- one round ----------------------------------------------------------------------------

    def round(self, cells: Mapping[Key, str] | State
              ) -> tuple[set[str], dict[str, set[tuple[Key, str]]]]:
        """The contradiction rules that fire and, per direct rule, the keys it sets, on a
        board (its keys and values, or its masks)."""
        s = cells if isinstance(cells, State) else self.state(cells)
        n, full, on, cellsxy, peers = self.n, self.full, self.active, self.cells, self.peers
        placed, struck = s.placed, s.struck
        taken_row = [0] * n
        taken_col = [0] * n
        for i, m in enumerate(placed):
            if m:
                taken_row[i // n] |= m
                taken_col[i % n] |= m
        cand = [0] * (n * n)
        empty: list[int] = []
        for i in self.open:
            if not placed[i]:
                cand[i] = full & ~struck[i] & ~taken_row[i // n] & ~taken_col[i % n]
                empty.append(i)

        fired: set[str] = set()
        sets: dict[str, set[tuple[Key, str]]] = {}
        # (the least and greatest digit of a mask m inlined: (m & -m).bit_length() - 1 and
        # m.bit_length() - 1; a strike called only when it strikes something: a round makes
        # hundreds of these tests, and Python function calls were half its time)

        def strike(rule: str, i: int, mask: int) -> None:
            """Strike the digits of ``mask`` (all candidates of cell ``i``) out of it."""
            out = sets.setdefault(rule, set())
            r, c = cellsxy[i]
            while mask:
                low = mask & -mask
                out.add(((r, c, low.bit_length() - 1), NO))
                mask ^= low

        def place(rule: str, i: int, d: int) -> None:
            out = sets.setdefault(rule, set())
            r, c = cellsxy[i]
            out.add(((r, c, d), YES))
            bit = 1 << d
            m = cand[i] & ~bit
            while m:
                low = m & -m
                out.add(((r, c, low.bit_length() - 1), NO))
                m ^= low
            for j in peers[i]:
                if cand[j] & bit:
                    out.add(((*cellsxy[j], d), NO))

        for i in empty:
            m = cand[i]
            if m == 0:
                fired.add("no_candidate")
            elif m & (m - 1) == 0 and "naked_single" in on:
                place("naked_single", i, m.bit_length() - 1)
        for line in self.lines:
            taken = twice = once = more = 0
            for i in line:
                m = placed[i]
                twice |= taken & m
                taken |= m
                m = cand[i]
                more |= once & m
                once |= m
            if twice:
                fired.add("digit_twice")
            missing = full & ~taken
            if missing & ~once:
                fired.add("no_place")
            single = missing & once & ~more
            if single and "hidden_single" in on:
                for d in range(1, n + 1):
                    if single >> d & 1:
                        bit = 1 << d
                        place("hidden_single", next(i for i in line if cand[i] & bit), d)
        if "inequality_chain" in on:
            for i, mask in self.chain:
                if mask & cand[i]:
                    strike("inequality_chain", i, mask & cand[i])
        rel = "relative_size" in on
        for a, b in self.gt:
            pa, pb = placed[a] | cand[a], placed[b] | cand[b]
            if pa and pb and pa.bit_length() - 1 <= (pb & -pb).bit_length() - 1:
                fired.add("broken_sign")
            if rel:
                # a cannot be d <= the least digit possible in b; b cannot be d >= the greatest
                # digit possible in a (all of them when the other has none)
                m = ((1 << (pb & -pb).bit_length()) - 1 if pb else full) & cand[a]
                if m:
                    strike("relative_size", a, m)
                m = (full & ~((1 << (pa.bit_length() - 1)) - 1) if pa else full) & cand[b]
                if m:
                    strike("relative_size", b, m)
        bar = "adjacent_bar" in on
        for a, b in self.bars:
            pa, pb = placed[a] | cand[a], placed[b] | cand[b]
            if pa and pb and not ((pa << 1 | pa >> 1) & pb):
                fired.add("broken_bar")
            if bar:
                m = ~(pb << 1 | pb >> 1) & cand[a]
                if m:
                    strike("adjacent_bar", a, m)
                m = ~(pa << 1 | pa >> 1) & cand[b]
                if m:
                    strike("adjacent_bar", b, m)
        nobar = "no_bar" in on
        for a, b in self.nobars:
            pa, pb = placed[a] | cand[a], placed[b] | cand[b]
            if pa and pb and not (_low(pb) <= _high(pa) - 2 or _high(pb) >= _low(pa) + 2):
                fired.add("missing_bar")
            if nobar:
                m = self._far_from(pb) & cand[a]
                if m:
                    strike("no_bar", a, m)
                m = self._far_from(pa) & cand[b]
                if m:
                    strike("no_bar", b, m)
        return fired & on, sets
