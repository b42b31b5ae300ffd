"""A fast Python transcription of the logic-grid rule files, for probing case splits.

Choosing a case split means following many hypothetical boards ("what if the Norwegian lived in
house 4?") with the direct rules until they die or stop; with a clingo call per round that
takes seconds per split. This module deduces, in one round, exactly what the rule files deduce
(``rules/*.lp``: the tests compare the two on many random boards), in the same two stages (the
rules over triples only when the others set nothing new), so a probe here ends as the engine's
ASP probe would.

It never decides what an explanation says: the split it helps choose is followed again with the
ASP rules, step by step, and every step is re-proven. Raw ASP is not transcribed (puzzles with
raw ASP are probed with the rule files).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from aspuzzle.explain.loop import Probe
from aspuzzle.explain.steps import Board
from aspuzzle.puzzles.logicgrid.model import (
    Apart,
    Before,
    LogicGridInstance,
    NotSame,
    OneOf,
    Ref,
    Same,
)

__all__ = ["FastGrid", "Round"]

UNKNOWN, TRUE, FALSE = 0, 1, 2
_VALUE = {"true": TRUE, "false": FALSE}
_NAME = {TRUE: "true", FALSE: "false"}


@dataclass
class Round:
    """What one round deduces: cells set (value index pairs, lower first), contradictions."""

    sets: dict[tuple[int, int], int] = field(default_factory=dict)
    contradictions: list[str] = field(default_factory=list)
    conflict: bool = False
    """Two rules set one cell to different values."""
    by_rule: dict[str, set[tuple[tuple[int, int], int]]] = field(default_factory=dict)

    def set(self, rule: str, a: int, b: int, v: int) -> None:
        k = (a, b) if a < b else (b, a)
        self.by_rule.setdefault(rule, set()).add((k, v))
        if self.sets.setdefault(k, v) != v:
            self.conflict = True

    @property
    def new(self) -> bool:
        return bool(self.sets)


_ROW_MASKS: dict[tuple[int, ...], tuple[int, int]] = {}
"""The marks of a row of a sub-grid -> its true cells and its cells not false, as bits (first
cell lowest), made once per process for each row met (see :meth:`FastGrid.heavy`)."""


def _row_masks(row: tuple[int, ...]) -> tuple[int, int]:
    m = p = 0
    for j, s in enumerate(row):
        if s == TRUE:
            m |= 1 << j
        if s != FALSE:
            p |= 1 << j
    return m, p


@dataclass(frozen=True)
class _Order:
    """An ordering clue: two sides (value index, or a position), the ordered category."""

    k: int
    kind: str
    a: int
    b: int
    on: int
    distance: int | None


class FastGrid:
    """The rules of one logic-grid puzzle over a flat array of cells (see the module
    docstring). Values are numbered ``category * n + index``."""

    def __init__(self, inst: LogicGridInstance) -> None:
        self.inst = inst
        cats = inst.categories
        self.nc = len(cats)
        self.n = len(cats[0].values)
        self.nv = self.nc * self.n
        self.cindex = {c.name: i for i, c in enumerate(cats)}
        self.vindex = {(c.name, v): i * self.n + j for i, c in enumerate(cats)
                       for j, v in enumerate(c.values)}
        self.ref_of = {i: r for r, i in self.vindex.items()}
        self.pos: dict[int, dict[int, int]] = {}
        """ordered category -> value index -> position"""
        for i, c in enumerate(cats):
            if c.has_order:
                p = c.positions()
                self.pos[i] = {self.vindex[(c.name, v)]: p[v] for v in c.values}
        self.at = {o: {p: v for v, p in m.items()} for o, m in self.pos.items()}
        self.places = {o: [(v, m[v]) for v in self.line(0, o)] for o, m in self.pos.items()}
        self.rows = [(v, v * self.nv + d * self.n, d * self.n) for v in range(self.nv)
                     for d in range(self.nc) if d != v // self.n]
        """Each row of a sub-grid: (value, where its cells start in the grid, where they start
        in the value's line)"""
        """ordered category -> its values with their positions, in order"""
        self.row_of = [[-1] * self.nc for _ in range(self.nv)]
        """The index in :attr:`rows` of a value's row with another category (-1: its own)"""
        for i, (v, _at, start) in enumerate(self.rows):
            self.row_of[v][start // self.n] = i
        full = (1 << self.n) - 1
        self.thirds = [[tuple(full << (d * self.n) for d in range(self.nc) if d not in (ca, cc))
                        for cc in range(self.nc)] for ca in range(self.nc)]
        """The blocks of bits (see :meth:`heavy`) of the categories other than two, in order"""
        self.same: list[tuple[int, int]] = []
        self.not_same: list[tuple[int, int]] = []
        self.orders: list[_Order] = []
        self.one_of: list[tuple[int, int, tuple[int, ...], bool]] = []
        for k, clue in enumerate(inst.clues, 1):
            if isinstance(clue, Same):
                self.same.append((self.v(clue.a), self.v(clue.b)))
            elif isinstance(clue, NotSame):
                self.not_same.append((self.v(clue.a), self.v(clue.b)))
            elif isinstance(clue, Before):
                kind = "before" if clue.distance is None else "before_by"
                self.orders.append(_Order(k, kind, self.v(clue.a), self.v(clue.b),
                                          self.cindex[clue.on], clue.distance))
            elif isinstance(clue, Apart):
                self.orders.append(_Order(k, "apart", self.v(clue.a), self.v(clue.b),
                                          self.cindex[clue.on], clue.distance))
            elif isinstance(clue, OneOf):
                self.one_of.append((k, self.v(clue.a), tuple(self.v(o) for o in clue.options),
                                    clue.exclusive))
        # the rows each ordering and one-of clue reads (see :meth:`cheap`)
        self.order_rows = [self._rows_of((o.a, o.on), (o.b, o.on), (o.a, o.b // self.n))
                           for o in self.orders]
        self.one_of_rows = [self._rows_of(*((s, o // self.n) for o in opts),
                                          *([(opts[0], opts[1] // self.n)]
                                            if ex and len(opts) == 2 else []))
                            for _k, s, opts, ex in self.one_of]

    def _rows_of(self, *lines: tuple[int, int]) -> frozenset[int]:
        """The rows of these (value, category) lines (none for a value's own category)."""
        return frozenset(self.row_of[v][d] for v, d in lines if self.row_of[v][d] >= 0)

    def v(self, r: Ref) -> int:
        return self.vindex[(r.category, r.value)]

    def cat(self, v: int) -> int:
        return v // self.n

    # --- boards ----------------------------------------------------------------------------------

    def load(self, board: Board) -> list[int]:
        cell = [UNKNOWN] * (self.nv * self.nv)
        for (a, b), value in board.cells.items():
            i, j = self.vindex[a], self.vindex[b]
            cell[i * self.nv + j] = cell[j * self.nv + i] = _VALUE[value]
        return cell

    def key(self, i: int, j: int) -> Any:
        a, b = self.ref_of[i], self.ref_of[j]
        return (a, b) if self.cindex[a[0]] < self.cindex[b[0]] else (b, a)

    def to_board(self, cell: list[int]) -> Board:
        nv = self.nv
        out = {}
        for i in range(nv):
            for j in range(i + 1, nv):
                if self.cat(i) != self.cat(j) and cell[i * nv + j]:
                    out[self.key(i, j)] = _NAME[cell[i * nv + j]]
        return Board(out)

    # --- one round -------------------------------------------------------------------------------

    def line(self, v: int, d: int) -> range:
        return range(d * self.n, (d + 1) * self.n)

    def cheap(self, cell: list[int], dirty: set[int] | None = None) -> Round:
        """board.lp and the rules grounded with it (everything but the rules over triples).

        ``dirty``: the rows (indices in :attr:`rows`) changed since the last round on this
        board, which found nothing in the others (None: every row is read). What a row's
        rules and a clue's rule find depends only on the rows they read, so a rule that found
        nothing in rows that have not changed finds nothing again there and is not asked
        (a fixpoint's later rounds change a few rows each)."""
        nv, n = self.nv, self.n
        r = Round()
        # clues that name two values
        for a, b in self.same:
            if self.cat(a) == self.cat(b):
                if a != b:
                    r.contradictions.append("clue_broken")
                continue
            s = cell[a * nv + b]
            if s == FALSE:
                r.contradictions.append("clue_broken")
            elif s == UNKNOWN:
                r.set("clue_same", a, b, TRUE)
        for a, b in self.not_same:
            if self.cat(a) == self.cat(b):
                if a == b:
                    r.contradictions.append("clue_broken")
                continue
            s = cell[a * nv + b]
            if s == TRUE:
                r.contradictions.append("clue_broken")
            elif s == UNKNOWN:
                r.set("clue_not_same", a, b, FALSE)
        # rows of the sub-grids: bijectivity, last possibility, no match, two matches
        rows = self.rows if dirty is None else [self.rows[i] for i in sorted(dirty)]
        for v, at, start in rows:
            row = cell[at:at + n]
            trues = row.count(TRUE)
            if trues == 1 and UNKNOWN not in row:
                continue  # a finished row (the most common late in a probe): nothing to do
            falses = row.count(FALSE)
            if trues > 1:
                r.contradictions.append("two_matches")
            if falses == n:
                r.contradictions.append("no_match")
            unknown = n - trues - falses
            if not unknown:
                continue
            if trues:
                for j, s in enumerate(row):
                    if s == UNKNOWN:
                        r.set("bijectivity", v, start + j, FALSE)
            elif falses == n - 1:
                r.set("last_possibility", v, start + row.index(UNKNOWN), TRUE)
        for o, read in zip(self.orders, self.order_rows, strict=True):
            if dirty is None or not dirty.isdisjoint(read):
                self._order(o, cell, r)
        for (_k, subject, options, exclusive), read in zip(self.one_of, self.one_of_rows,
                                                           strict=True):
            if dirty is None or not dirty.isdisjoint(read):
                self._one_of(subject, options, exclusive, cell, r)
        return r

    def _cand(self, v: int, on: int, cell: list[int]) -> set[int]:
        if v // self.n == on:
            return {self.pos[on][v]}
        base = v * self.nv
        places = self.places[on]
        placed = {p for w, p in places if cell[base + w] == TRUE}
        if placed:
            return placed
        return {p for w, p in places if cell[base + w] != FALSE}

    def _order(self, o: _Order, cell: list[int], r: Round) -> None:
        rule = "clue_" + o.kind
        a, b, nv, n = o.a, o.b, self.nv, self.n
        if a // n != b // n:
            s = cell[a * nv + b]
            if s == TRUE:
                r.contradictions.append("clue_broken")
            elif s == UNKNOWN:
                r.set(rule, a, b, FALSE)
        ca, cb = self._cand(a, o.on, cell), self._cand(b, o.on, cell)
        d = o.distance
        # the places of each side that some place of the other fits (the pairs themselves are
        # not listed: a place fits if the matching place is a candidate of the other side)
        if o.kind == "before":
            sa = {pa for pa in ca if pa < max(cb)} if cb else set()
            sb = {pb for pb in cb if pb > min(ca)} if ca else set()
        elif o.kind == "before_by":
            assert d is not None
            sa = {pa for pa in ca if pa + d in cb}
            sb = {pb for pb in cb if pb - d in ca}
        else:
            assert d is not None
            sa = {pa for pa in ca if pa + d in cb or pa - d in cb}
            sb = {pb for pb in cb if pb - d in ca or pb + d in ca}
        if not sa or not sb:
            r.contradictions.append("clue_broken")
        at = self.at[o.on]
        for v, cand, sup in ((a, ca, sa), (b, cb, sb)):
            if v // n == o.on:
                continue
            for p in cand - sup:
                w = at[p]
                if cell[v * nv + w] == UNKNOWN:
                    r.set(rule, v, w, FALSE)

    def _one_of(self, subject: int, options: tuple[int, ...], exclusive: bool,
                cell: list[int], r: Round) -> None:
        nv = self.nv
        yes, open_ = 0, []
        for o in options:
            if self.cat(o) == self.cat(subject):
                yes += o == subject
                continue
            s = cell[subject * nv + o]
            if s == TRUE:
                yes += 1
            elif s == UNKNOWN:
                open_.append(o)
        if yes == 0 and not open_:
            r.contradictions.append("clue_broken")
        if exclusive and yes > 1:
            r.contradictions.append("clue_broken")
        rule = "clue_either_or" if exclusive else "clue_one_of"
        if yes == 0 and len(open_) == 1:
            r.set(rule, subject, open_[0], TRUE)
        if exclusive and yes == 1:
            for o in open_:
                r.set(rule, subject, o, FALSE)
        if exclusive and len(options) == 2:
            p, q = options
            if self.cat(p) != self.cat(q) and cell[p * nv + q] == UNKNOWN:
                r.set(rule, p, q, FALSE)

    def heavy(self, cell: list[int], r: Round) -> None:
        """triples.lp and the rules over triples: transitivity, cross elimination and
        transitivity broken, added to the round ``r``."""
        nv, n = self.nv, self.n
        # per value: its matches and what it may still take, as one bitmask over every other
        # category (n bits each, in the order of the categories; none for its own): a value
        # with a match in a category may take only its match there
        match = [0] * nv
        eposs = [0] * nv
        masks = _ROW_MASKS
        for v, at, start in self.rows:
            row = tuple(cell[at:at + n])
            got = masks.get(row)
            if got is None:
                got = masks[row] = _row_masks(row)
            m, p = got
            match[v] |= m << start
            eposs[v] |= (m or p) << start
        thirds = self.thirds
        for a in range(nv):
            ca = a // n
            ma, ea, base = match[a], eposs[a], a * nv
            for c in range((ca + 1) * n, nv):
                s = cell[base + c]
                if s == TRUE:
                    continue
                mc = match[c]
                # a common match: the same value of a third category (neither has bits in
                # its own category, so the blocks of a's and c's categories never meet)
                linked = ma & mc
                if s == FALSE:
                    if linked:
                        r.contradictions.append("transitivity_broken")
                    continue
                cc = c // n
                if linked:
                    r.set("transitivity", a, c, TRUE)
                shared, either = ea & eposs[c], ma | mc
                for block in thirds[ca][cc]:
                    if shared & block:
                        continue
                    if either & block:
                        if not linked:
                            r.set("transitivity", a, c, FALSE)
                    else:
                        r.set("cross_elimination", a, c, FALSE)

    def round(self, cell: list[int], dirty: set[int] | None = None) -> Round:
        """One round, in the engine's two stages (``dirty``: see :meth:`cheap`)."""
        r = self.cheap(cell, dirty)
        if not r.contradictions and not r.sets:
            self.heavy(cell, r)
        return r

    # --- probes ----------------------------------------------------------------------------------

    def probe(self, board: Board, sets: Iterable[tuple[Any, str]], max_rounds: int) -> Probe:
        """Follow every rule from ``board`` plus an assumption until nothing changes, a
        contradiction fires or two rules disagree (as :meth:`AspReasoner.probe` does)."""
        b = board.with_(sets)
        cell = self.load(b)
        dead, rounds = self._follow(cell, max_rounds)
        return Probe(True, b, rounds) if dead else Probe(False, self.to_board(cell), rounds)

    def fills(self, max_rounds: int) -> bool:
        """Do the rules alone fill the whole grid from the empty board, with no contradiction?
        (what :meth:`probe` from the empty board says, without making its board)"""
        cell = [UNKNOWN] * (self.nv * self.nv)
        dead, _ = self._follow(cell, max_rounds)
        nv, n = self.nv, self.n
        return not dead and all(cell[i * nv + j] for i in range(nv)
                                for j in range((i // n + 1) * n, nv))

    def _follow(self, cell: list[int], max_rounds: int) -> tuple[bool, int]:
        """Rounds on ``cell`` (updated in place) until nothing changes, a contradiction fires
        or two rules disagree (dead), or ``max_rounds``: (dead, rounds)."""
        nv, n, row_of = self.nv, self.n, self.row_of
        dirty: set[int] | None = None  # the first round reads every row
        for rounds in range(1, max_rounds + 1):
            r = self.round(cell, dirty)
            if r.contradictions or r.conflict:
                return True, rounds
            if not r.sets:
                return False, rounds
            dirty = set()
            for (i, j), v in r.sets.items():
                cell[i * nv + j] = cell[j * nv + i] = v
                dirty.add(row_of[i][j // n])
                dirty.add(row_of[j][i // n])
        return False, max_rounds

    def deductions(self, board: Board, full: bool = False
                   ) -> tuple[set[tuple[Any, str]], set[str]]:
        """One round on a board (``full``: both stages whatever the first finds): the cells
        set, and the contradiction rules that fire."""
        cell = self.load(board)
        r = self.cheap(cell)
        if full or (not r.contradictions and not r.sets):
            self.heavy(cell, r)
        sets = {(self.key(i, j), _NAME[v]) for rule in r.by_rule.values()
                for (i, j), v in rule}
        return sets, set(r.contradictions)
