"""A fast Python transcription of the direct and contradiction rules in ``rules/*.lp``.

It exists for one purpose: to search case splits quickly. Choosing a split means trying many
hypothetical boards ("what if (4,5) were a tent?") and following each with the direct rules
until it dies or stops; doing that with a clingo call per round would take seconds per split.

It never decides what an explanation says: the split it picks is followed again with the ASP
rules, step by step, and every step is re-proven. The tests check that one round of these rules
deduces exactly what the rule files deduce, on many random boards.

Propagation is incremental: only rows, columns, cells, trees and tents touched by a change are
looked at again, so a probe costs in proportion to what it changes.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from aspuzzle.explain.loop import Probe
from aspuzzle.explain.steps import Board, Cell, Link
from aspuzzle.puzzles.tents.model import TentsInstance

__all__ = ["FastBoard", "Round"]

UNKNOWN, TENT, GRASS, TREE = 0, 1, 2, 3
_VALUE = {"tent": TENT, "grass": GRASS}
_NAME = {TENT: "tent", GRASS: "grass"}


class Round:
    """What one round of the rules deduces (the union over all rule instances)."""

    __slots__ = ("all_links", "all_sets", "conflict", "contradictions", "links", "sets")

    def __init__(self, every: bool = False) -> None:
        self.sets: dict[int, int] = {}
        self.links: dict[int, int] = {}
        """tree -> tent"""
        self.contradictions: list[tuple[str, object]] = []
        self.conflict = False
        """Two rules set one cell to different values (or link one tree or tent twice)."""
        self.all_sets: set[tuple[int, int]] | None = set() if every else None
        self.all_links: set[tuple[int, int]] | None = set() if every else None
        """With ``every``: each value set and link made by some rule instance, conflicting
        ones too (else None: a probe needs only the conflict)."""

    def set(self, i: int, v: int) -> None:
        old = self.sets.get(i)
        if old is not None and old != v:
            self.conflict = True
        self.sets[i] = v
        if self.all_sets is not None:
            self.all_sets.add((i, v))

    def link(self, t: int, x: int) -> None:
        old = self.links.get(t)
        if old is not None and old != x:
            self.conflict = True
        self.links[t] = x
        if self.all_links is not None:
            self.all_links.add((t, x))


@dataclass(slots=True)
class _Known:
    """What a probe found, and its footprint: the cells and lines (bit masks) whose state it
    read (see :meth:`FastBoard._follow`)."""

    dead: bool
    rounds: int
    cells: int
    lines: int
    seen: tuple[_Seen, ...]
    """What the line rules read of each line they looked at (the lines of ``lines``), as
    they read on the memo's board (updated when a new board keeps the answer)."""
    changed: tuple[tuple[Cell, str], ...] = ()
    """The cells it set, in order, with their values (a board it did not kill)."""
    links: tuple[Link, ...] = ()


_Seen = tuple[int, int, int, int, int]
"""A line as a round of the line rules read it: the line, its tents, its unknown cells, its
room (a mask) and its unknown cells (a mask)."""
_Footprint = tuple[int, int, tuple[_Seen, ...]]
"""The cells read, the lines read (bit masks) and what was read of each line."""
_Paused = tuple["_State", int, int, set[int], set[int], set[int], set[int], set[_Seen]]
"""A run stopped at its limit of rounds, as :meth:`FastBoard._follow` left it: the state, the
rounds run, the cells the assumption read, and the lines, trees, tents, cells and line reads
the rounds looked at (so that it goes on from there rather than from the start)."""


@dataclass
class _Memo:
    """Probes answered on ``board`` (by assumption), and dies_within answers (by assumption
    and rounds).

    A case-split search probes hundreds of assumptions on one board, and the next search
    probes most of them again on a board that adds a few marks to it, most of them far from
    where the assumption leads. A probe reads only its footprint, so one whose footprint the
    new marks leave alone runs on the new board exactly as it ran on the old: same rounds, same
    death, same cells set. When a board comes that extends the last one, the answers whose
    footprint it touches are dropped and the rest kept; any other board starts afresh."""

    board: Board
    probes: dict[tuple[Any, ...], _Known] = field(default_factory=dict)
    unfinished: dict[tuple[Any, ...], _Known] = field(default_factory=dict)
    """Probes known to run more than ``rounds`` rounds (by assumption): stopped there by
    ``probe_within`` or ``dies_within``, still changing the board."""
    paused: dict[tuple[Any, ...], _Paused] = field(default_factory=dict)
    """The runs of ``unfinished`` stopped on this very board, to go on with when asked for
    more rounds (a case search asks the first branch of every case for one round, then, when
    none dies, for two: the second round goes on from the first). Dropped with a new board:
    a run kept by its footprint is the same there, but not its state."""


class _State:
    """A board as counters, with the entities to look at again."""

    __slots__ = ("adj_tents", "cells", "changed", "dead", "fb", "line_tents", "line_unknown",
                 "lines", "new_links", "room_mask", "tent_link", "tents", "tree_link", "trees",
                 "unknown_mask", "unlinked_trees_near", "val")

    def __init__(self, fb: FastBoard) -> None:
        self.fb = fb
        # (the per-cell counts are bytes: a probe copies the loaded board's state, and a
        # bytearray copies as one block where a list copies a reference per cell)
        self.val = bytearray()
        self.tree_link: dict[int, int] = {}
        self.tent_link: dict[int, int] = {}
        self.line_tents: list[int] = []
        self.line_unknown: list[int] = []
        self.adj_tents = bytearray()
        self.unlinked_trees_near = bytearray()
        self.unknown_mask: list[int] = []
        """Per line, a bit per cell in line order: the cell is unknown."""
        self.room_mask: list[int] = []
        """Per line: the cell is unknown and adjoins no tent (room for a tent)."""
        self.lines: set[int] = set()
        self.cells: set[int] = set()
        self.trees: set[int] = set()
        self.tents: set[int] = set()
        self.dead = False
        self.changed: list[int] = []
        """The cells set since the board was loaded (so that the new board is the old one
        plus these, not a board rebuilt from every cell)."""
        self.new_links: list[tuple[int, int]] = []

    def copy(self) -> _State:
        s = _State.__new__(_State)  # (every field is set here: no need to make empty ones)
        s.fb = self.fb
        s.lines, s.cells, s.trees, s.tents = set(), set(), set(), set()
        s.dead = False
        s.val = self.val[:]
        s.tree_link = dict(self.tree_link)
        s.tent_link = dict(self.tent_link)
        s.line_tents = self.line_tents[:]
        s.line_unknown = self.line_unknown[:]
        s.adj_tents = self.adj_tents[:]
        s.unlinked_trees_near = self.unlinked_trees_near[:]
        s.unknown_mask = self.unknown_mask[:]
        s.room_mask = self.room_mask[:]
        s.changed = self.changed[:]
        s.new_links = self.new_links[:]
        return s

    def set_cell(self, i: int, v: int) -> None:
        old = self.val[i]
        if old == v:
            return
        if old != UNKNOWN:
            self.dead = True
            return
        fb = self.fb
        self.val[i] = v
        self.changed.append(i)
        row, col = fb.lines_of[i]
        in_row, in_col = fb.bits_of[i]
        self.line_unknown[row] -= 1
        self.line_unknown[col] -= 1
        unknown_mask, room_mask = self.unknown_mask, self.room_mask
        unknown_mask[row] &= ~in_row
        unknown_mask[col] &= ~in_col
        room_mask[row] &= ~in_row
        room_mask[col] &= ~in_col
        self.lines.add(row)
        self.lines.add(col)
        trees = fb.trees4[i]
        if trees:
            self.trees.update(trees)
        if v == TENT:
            self.line_tents[row] += 1
            self.line_tents[col] += 1
            self.tents.add(i)
            for j in fb.n8[i]:
                self.adj_tents[j] += 1
                vj = self.val[j]
                if vj == UNKNOWN:  # it is no room for a tent any more
                    rj, cj = fb.lines_of[j]
                    bj_row, bj_col = fb.bits_of[j]
                    room_mask[rj] &= ~bj_row
                    room_mask[cj] &= ~bj_col
                    self.lines.add(rj)
                    self.lines.add(cj)
                elif vj == TENT:
                    self.tents.add(j)

    def add_link(self, t: int, x: int) -> None:
        if self.tree_link.get(t, x) != x or self.tent_link.get(x, t) != t:
            self.dead = True
            return
        if t in self.tree_link:
            return
        self.set_cell(x, TENT)
        fb = self.fb
        self.tree_link[t] = x
        self.tent_link[x] = t
        self.new_links.append((t, x))
        for j in fb.n4[t]:
            self.unlinked_trees_near[j] -= 1
            self.cells.add(j)
            if self.val[j] == TENT:
                self.tents.add(j)
        trees = fb.trees4[x]
        if trees:
            self.trees.update(trees)


class FastBoard:
    """The rules of Tents on the boards of one puzzle, in plain Python."""

    def __init__(self, inst: TentsInstance) -> None:
        self.inst = inst
        h, w = inst.height, inst.width
        self.h, self.w = h, w
        geo = _geometry(h, w)
        self.cell_of, self.index, self.n4, self.n8 = geo.cell_of, geo.index, geo.n4, geo.n8
        self.line_cells, self.lines_of = geo.line_cells, geo.lines_of
        """Lines 0..h-1 are rows, h..h+w-1 columns; each a list of cells in order."""
        self.bits_of = geo.bits_of
        """The bit of each cell in its row's and its column's masks (a line's cells in order)."""
        self.m4, self.m8 = geo.m4, geo.m8
        """Bit masks of a cell with its 4 and with its 8 neighbours."""
        self.clue: list[int | None] = [*inst.row_clues, *inst.col_clues]
        self._packings: dict[int, tuple[int, bool, int]] = {}
        self.trees = [self.index[t] for t in sorted(inst.trees)]
        tree_set = set(self.trees)
        self.trees4 = [[t for t in around if t in tree_set] for around in self.n4]
        """The trees next to each cell (side by side)."""
        self._base: tuple[Board, _State] | None = None
        self._fired: tuple[Board, _State, bool] | None = None
        """The last board :meth:`fires` was asked about, its state and the answer."""
        self._memo: _Memo | None = None
        # the empty board (trees only), from which a board is loaded
        n = h * w
        self._empty_val = bytearray(n)  # (UNKNOWN)
        unknown_mask = list(geo.full_masks)
        near = bytearray(n)
        for t in self.trees:
            self._empty_val[t] = TREE
            row, col = self.lines_of[t]
            in_row, in_col = self.bits_of[t]
            unknown_mask[row] &= ~in_row
            unknown_mask[col] &= ~in_col
            for j in self.n4[t]:
                near[j] += 1
        self._empty_unknown_mask = unknown_mask
        self._empty_line_unknown = [m.bit_count() for m in unknown_mask]
        self._trees_near = near

    # --- loading a board ----------------------------------------------------------------------

    def load(self, board: Board) -> _State:
        base = self._base
        if base is not None:
            if base[0] is board:
                return base[1].copy()
            grown = board.added_to(base[0])
            if grown is not None:
                # the loaded board's state with the marks and links added (the next case
                # search's board adds a few steps to the last one's), as if loaded afresh
                s = base[1].copy()
                index = self.index
                for cell, v in grown[0]:
                    s.set_cell(index[cell], _VALUE[v])
                for tree, tent in grown[1]:
                    s.add_link(index[tree], index[tent])
                if not s.dead:
                    s.changed, s.new_links = [], []
                    s.lines, s.cells, s.trees, s.tents = set(), set(), set(), set()
                    self._base = (board, s)
                    return s.copy()
        # counted from the marks and links alone (a board has far fewer than it has cells),
        # starting from the empty board's counts
        s = _State(self)
        s.val = self._empty_val[:]
        line_tents = s.line_tents = [0] * len(self.line_cells)
        line_unknown = s.line_unknown = self._empty_line_unknown[:]
        adj_tents = s.adj_tents = bytearray(len(self.cell_of))
        near = s.unlinked_trees_near = self._trees_near[:]
        unknown_mask = s.unknown_mask = self._empty_unknown_mask[:]
        blocked = [0] * len(self.line_cells)  # cells next to a tent, per line
        val, index, lines_of, n8, n4 = s.val, self.index, self.lines_of, self.n8, self.n4
        bits_of = self.bits_of
        for cell, v in board.cells.items():
            i = index[cell]
            row, col = lines_of[i]
            if val[i] == UNKNOWN:  # (a board marks free cells only)
                line_unknown[row] -= 1
                line_unknown[col] -= 1
                in_row, in_col = bits_of[i]
                unknown_mask[row] &= ~in_row
                unknown_mask[col] &= ~in_col
            val[i] = _VALUE[v]
            if v == "tent":
                line_tents[row] += 1
                line_tents[col] += 1
                for j in n8[i]:
                    adj_tents[j] += 1
                    rj, cj = lines_of[j]
                    bj_row, bj_col = bits_of[j]
                    blocked[rj] |= bj_row
                    blocked[cj] |= bj_col
        s.room_mask = [u & ~b for u, b in zip(unknown_mask, blocked, strict=True)]
        for (tree, tent) in board.links:
            t, x = index[tree], index[tent]
            if t not in s.tree_link:
                for j in n4[t]:
                    near[j] -= 1
            s.tree_link[t] = x
            s.tent_link[x] = t
        self._base = (board, s)
        return s.copy()

    def mark_all(self, s: _State) -> None:
        s.lines = set(range(len(self.line_cells)))
        s.cells = {i for i, v in enumerate(s.val) if v == UNKNOWN}
        s.trees = set(self.trees)
        s.tents = {i for i, v in enumerate(s.val) if v == TENT}

    def to_board(self, s: _State, base: Board) -> Board:
        """The board of ``s``, loaded from ``base``: ``base`` with what was set since."""
        cell_of, val = self.cell_of, s.val
        cells = dict(base.cells)
        for i in s.changed:
            cells[cell_of[i]] = _NAME[val[i]]
        links = base.links | {(cell_of[t], cell_of[x]) for t, x in s.new_links}
        return Board(cells, links)

    # --- one round of the rules ---------------------------------------------------------------

    def round(self, s: _State, every: bool = False) -> Round:
        """Evaluate the rules on the entities marked in ``s`` (and unmark them); with
        ``every``, keep every value set and link made (see :class:`Round`)."""
        out = Round(every)
        val = s.val
        lines, cells, trees, tents = s.lines, s.cells, s.trees, s.tents
        s.lines, s.cells, s.trees, s.tents = set(), set(), set(), set()
        line_tents, line_unknown, room_mask, unknown_mask = \
            s.line_tents, s.line_unknown, s.room_mask, s.unknown_mask
        for li in sorted(lines):
            self._line(li, line_tents[li], line_unknown[li], room_mask[li], unknown_mask[li],
                       out)
        for t in sorted(trees):
            if val[t] != TREE or t in s.tree_link:
                continue
            spots = [x for x in self.n4[t] if val[x] == UNKNOWN
                     or (val[x] == TENT and x not in s.tent_link)]
            if not spots:
                out.contradictions.append(("no_tent_for_tree", self.cell_of[t]))
            elif len(spots) == 1:
                x = spots[0]
                if val[x] == UNKNOWN:
                    out.set(x, TENT)
                out.link(t, x)
        for x in sorted(tents):
            if val[x] != TENT:
                continue
            for j in self.n8[x]:
                if val[j] == UNKNOWN:
                    out.set(j, GRASS)
                elif val[j] == TENT and x < j:
                    out.contradictions.append(("touching_tents", (self.cell_of[x],
                                                                  self.cell_of[j])))
            if x in s.tent_link:
                continue
            owners = [t for t in self.n4[x] if val[t] == TREE and t not in s.tree_link]
            if not owners:
                out.contradictions.append(("no_tree_for_tent", self.cell_of[x]))
            elif len(owners) == 1:
                out.link(owners[0], x)
        for i in sorted(cells):
            if val[i] == UNKNOWN and s.unlinked_trees_near[i] == 0:
                out.set(i, GRASS)
        return out

    def _line(self, li: int, tents: int, unknown: int, room: int, unknown_mask: int,
              out: Round) -> None:
        """The line rules on line ``li`` with these tents, unknown cells, room (a mask) and
        unknown cells (a mask): only these are read (see :meth:`_memo_for`)."""
        clue = self.clue[li]
        if clue is None:
            return
        need = clue - tents
        if 0 < need < unknown:  # the usual line: nothing, if the tents fit loosely (as below)
            packing = self._packings.get(room)
            if packing is None:
                packing = self._packings[room] = _packing(room)
            if need < packing[0] or (need == packing[0] and packing[1]):
                return
        key = ("row", li + 1) if li < self.h else ("column", li - self.h + 1)
        if need < 0:
            out.contradictions.append(("too_many_tents", key))
        if need > unknown:
            out.contradictions.append(("too_few_tents", key))
        if need == 0 or (need > 0 and need == unknown):
            value = GRASS if need == 0 else TENT
            cells = self.line_cells[li]
            m = unknown_mask
            while m:  # the unknown cells, in line order
                low = m & -m
                out.set(cells[low.bit_length() - 1], value)
                m ^= low
        if need <= 0:
            return  # the room rules say nothing more here
        if need > unknown:  # the room is never more than the unknown cells
            out.contradictions.append(("no_room_for_tents", key))
            return
        packing = self._packings.get(room)
        if packing is None:
            packing = self._packings[room] = _packing(room)
        packed, even_run, chosen = packing
        if need > packed:
            out.contradictions.append(("no_room_for_tents", key))
        elif need == packed and not even_run:
            cells = self.line_cells[li]
            m = unknown_mask
            while m:
                low = m & -m
                out.set(cells[low.bit_length() - 1], TENT if low & chosen else GRASS)
                m ^= low

    def apply(self, s: _State, r: Round) -> None:
        for i, v in r.sets.items():
            s.set_cell(i, v)
        for t, x in r.links.items():
            s.add_link(t, x)

    # --- what the explainer asks ---------------------------------------------------------------

    def probe(self, board: Board, sets: Iterable[tuple[Cell, str]],
              links: Iterable[Link]) -> Probe:
        """Follow the rules from ``board`` plus an assumption until nothing changes.

        ``board`` must be a fixpoint of the rules (nothing applies, nothing fires): only what
        the assumption touches is looked at. Answers are kept (see :class:`_Memo`).
        """
        sets, links = tuple(sets), tuple(links)
        memo = self._memo_for(board)
        got = memo.probes.get((sets, links))
        if got is None:
            s, rounds, footprint, _ = self._follow(board, sets, links, None,
                                                   memo.paused.pop((sets, links), None))
            got = memo.probes[(sets, links)] = self._known(s, rounds, footprint)
        return self._probe_of(board, got)

    def probe_within(self, board: Board, sets: Iterable[tuple[Cell, str]],
                     links: Iterable[Link], rounds: int) -> Probe | None:
        """What :meth:`probe` finds, if it finds it in at most ``rounds`` rounds (it dies or
        nothing changes any more); else None. (Cheaper than probing: it stops there. A case
        split whose branch takes more rounds than that cannot beat the best found so far.)"""
        got = self._within(board, tuple(sets), tuple(links), rounds)
        return None if got is None else self._probe_of(board, got)

    def _known(self, s: _State, rounds: int, footprint: _Footprint) -> _Known:
        """A probe's answer as kept: the cells and links it set, by name."""
        return _Known(s.dead, rounds, *footprint, tuple(
            (self.cell_of[i], _NAME[s.val[i]]) for i in s.changed), tuple(
            (self.cell_of[t], self.cell_of[x]) for t, x in s.new_links))

    def _probe_of(self, board: Board, got: _Known) -> Probe:
        if got.dead:
            return Probe(True, board, got.rounds)
        return Probe.lazy(False, lambda: board.with_(got.changed, got.links), got.rounds)

    def dies_within(self, board: Board, sets: Iterable[tuple[Cell, str]],
                    links: Iterable[Link], rounds: int) -> bool:
        """Does :meth:`probe` find the assumption dead after at most ``rounds`` rounds?"""
        got = self._within(board, tuple(sets), tuple(links), rounds)
        return got is not None and got.dead

    def first_dies_within(self, board: Board, assumptions: Sequence[tuple[
            tuple[tuple[Cell, str], ...], tuple[Link, ...]]], rounds: int) -> int | None:
        """The index of the first assumption that :meth:`dies_within` ``rounds`` rounds, if
        any (asked at once: the case search asks it of hundreds on each board, most of them
        answered by the memo)."""
        memo = self._memo_for(board)
        probes, unfinished = memo.probes, memo.unfinished
        for k, key in enumerate(assumptions):
            got = probes.get(key)
            if got is None:
                longer = unfinished.get(key)
                if longer is not None and longer.rounds >= rounds:
                    continue
                got = self._within(board, *key, rounds)
                if got is not None and got.dead:
                    return k
            elif got.dead and got.rounds <= rounds:
                return k
        return None

    def _within(self, board: Board, sets: tuple[tuple[Cell, str], ...], links: tuple[Link, ...],
                rounds: int) -> _Known | None:
        """The probe's answer if it takes at most ``rounds`` rounds, else None; a run stopped
        there is kept as such (:attr:`_Memo.unfinished`), one that ended as a probe's answer,
        so that probes, ``probe_within`` and ``dies_within`` share what they found."""
        memo = self._memo_for(board)
        key = (sets, links)
        got = memo.probes.get(key)
        if got is None:
            longer = memo.unfinished.get(key)
            if longer is not None and longer.rounds >= rounds:
                return None
            s, ran, footprint, finished = self._follow(board, sets, links, rounds,
                                                       memo.paused.pop(key, None), memo.paused,
                                                       key)
            if not finished:
                memo.unfinished[key] = _Known(False, ran, *footprint)
                return None
            got = memo.probes[key] = self._known(s, ran, footprint)
        return got if got.rounds <= rounds else None

    def _memo_for(self, board: Board) -> _Memo:
        """The answers that hold on ``board``: those found on earlier boards that it extends
        whose footprint its new marks and links leave alone."""
        memo = self._memo
        if memo is not None and memo.board is board:
            return memo
        old = None if memo is None else memo.board
        grown = None if old is None else board.added_to(old)
        if memo is None or old is None or (grown is None and not (
                old.links <= board.links and len(old.cells) <= len(board.cells)
                and old.cells.items() <= board.cells.items())):
            self._memo = _Memo(board)
            return self._memo
        new_cells, new_links = grown if grown is not None else (
            board.cells.items() - old.cells.items(), board.links - old.links)
        # what differs between the states loaded from the two boards (see _State): a new mark
        # changes its cell and the counts and masks of its lines, a new tent the room of the
        # lines of its neighbours, a new link its tree and tent and the trees' count of its
        # neighbours
        index, lines_of, bits_of, n8 = self.index, self.lines_of, self.bits_of, self.n8
        cells = 0
        marked: dict[int, int] = {}  # per line: its cells marked (a mask)
        tents: dict[int, int] = {}  # per line: how many tents were marked
        blocked: dict[int, int] = {}  # per line: its cells next to a tent marked (a mask)
        for cell, v in new_cells:
            i = index[cell]
            cells |= 1 << i
            row, col = lines_of[i]
            in_row, in_col = bits_of[i]
            marked[row] = marked.get(row, 0) | in_row
            marked[col] = marked.get(col, 0) | in_col
            if v == "tent":
                tents[row] = tents.get(row, 0) + 1
                tents[col] = tents.get(col, 0) + 1
                for j in n8[i]:
                    row, col = lines_of[j]
                    in_row, in_col = bits_of[j]
                    blocked[row] = blocked.get(row, 0) | in_row
                    blocked[col] = blocked.get(col, 0) | in_col
        for tree, tent in new_links:
            t = index[tree]
            cells |= self.m4[t] | (1 << index[tent])
        lines = 0
        delta: dict[int, tuple[int, int, int]] = {}
        for li in {*marked, *blocked}:
            lines |= 1 << li
            delta[li] = (tents.get(li, 0), marked.get(li, 0), blocked.get(li, 0))
        memo.board = board
        memo.paused = {}
        verdicts: dict[_Seen, _Seen | None] = {}
        for table in (memo.probes, memo.unfinished):
            for key, known in list(table.items()):
                if known.cells & cells:
                    del table[key]
                elif known.lines & lines:
                    # a run that read a line the new marks change: kept if the line rules say
                    # what they said every time they read it (as the line reads now: the
                    # marks are not among what the run set, which is within its cells)
                    seen = self._reseen(known.seen, delta, verdicts)
                    if seen is None:
                        del table[key]
                    else:
                        known.seen = seen
        return memo

    def _reseen(self, seen: tuple[_Seen, ...], delta: dict[int, tuple[int, int, int]],
                verdicts: dict[_Seen, _Seen | None]) -> tuple[_Seen, ...] | None:
        """What a run read of its lines (``seen``) as it reads on a board that marks more
        cells outside the run's cells (``delta``, per line: the tents marked, the cells marked
        and the cells next to a tent marked, as masks: see :meth:`_memo_for`); None if the
        line rules say something else there than they said. (``verdicts``: each line as read
        before, as it reads now or None, shared by the runs asked about for one board: most
        read the same lines the same way.)"""
        out = []
        for ob in seen:
            d = delta.get(ob[0])
            if d is None:
                out.append(ob)
                continue
            if ob in verdicts:
                got = verdicts[ob]
            else:
                li, t, u, room, um = ob
                tents, marked, blocked = d
                m = marked & um
                new = (li, t + tents, u - m.bit_count(), room & ~m & ~blocked, um & ~m)
                got = verdicts[ob] = None if new != ob and self._says(*ob) != self._says(*new) \
                    else new
            if got is None:
                return None
            out.append(got)
        return tuple(out)

    def _says(self, li: int, tents: int, unknown: int, room: int, unknown_mask: int
              ) -> tuple[Any, ...]:
        """What the line rules say on line ``li`` as read so (see :meth:`_line`): the cells
        they set in order with their values, the contradictions, whether they conflict."""
        clue = self.clue[li]
        if clue is not None:
            need = clue - tents
            if 0 < need < unknown:  # the usual line: nothing, if the tents fit loosely
                packing = self._packings.get(room)
                if packing is None:
                    packing = self._packings[room] = _packing(room)
                if need < packing[0] or (need == packing[0] and packing[1]):
                    return ()
        out = Round()
        self._line(li, tents, unknown, room, unknown_mask, out)
        return (tuple(out.sets.items()), tuple(out.contradictions), out.conflict)

    def _follow(self, board: Board, sets: tuple[tuple[Cell, str], ...], links: tuple[Link, ...],
                limit: int | None, paused: _Paused | None = None,
                pause: dict[tuple[Any, ...], _Paused] | None = None, key: tuple[Any, ...] = ()
                ) -> tuple[_State, int, _Footprint, bool]:
        """The state after the rules ran from the assumption until nothing changes, it dies,
        or ``limit`` rounds (going on from ``paused``, the same run stopped earlier on this
        board, if given; a run stopped at ``limit`` is put in ``pause`` under ``key``, if
        given); the rounds run; the footprint of the run: the cells and the
        lines (bit masks) whose state it read, so that on a board that differs from this one
        elsewhere the run goes exactly the same way, with what the line rules read of each
        line (so that a board that differs in a line only where the line rules would still
        say the same keeps the run too: see :meth:`_memo_for`); and whether the run ended (it
        died or nothing changes any more) rather than stopped at ``limit``."""
        m4, m8 = self.m4, self.m8
        lines: set[int]
        trees: set[int]
        tents: set[int]
        cells: set[int]
        seen: set[_Seen]
        if paused is None:
            s = self.load(board)
            index = self.index
            read = 0  # cells: the assumption's, with the neighbours a tent makes it look at
            for cell, v in sets:
                i = index[cell]
                read |= m8[i]
                s.set_cell(i, _VALUE[v])
            for tree, tent in links:
                t, x = index[tree], index[tent]
                read |= m4[t] | m8[x]
                s.add_link(t, x)
            rounds = 0
            lines, trees, tents, cells, seen = set(), set(), set(), set(), set()
        else:
            s, rounds, read, lines, trees, tents, cells, seen = paused
        clue = self.clue
        while not s.dead and (s.lines or s.cells or s.trees or s.tents) \
                and (limit is None or rounds < limit):
            # what the round looks at: whole lines, a tree with its neighbours, a tent with
            # its 8 neighbours, a cell and its count of unlinked trees around (a line without
            # a clue is not looked at)
            for li in s.lines:
                if clue[li] is not None:
                    lines.add(li)
                    seen.add((li, s.line_tents[li], s.line_unknown[li], s.room_mask[li],
                              s.unknown_mask[li]))
            trees |= s.trees
            tents |= s.tents
            cells |= s.cells
            r = self.round(s)
            rounds += 1
            if r.contradictions or r.conflict:
                s.dead = True
                break
            self.apply(s, r)
        finished = s.dead or not (s.lines or s.cells or s.trees or s.tents)
        if not finished and pause is not None:
            pause[key] = (s, rounds, read, lines, trees, tents, cells, seen)
        # what applying a round looks at: the cells set (a tent: its neighbours), the tree of a
        # link with its neighbours
        for i in s.changed:
            read |= m8[i]
        for t, x in s.new_links:
            read |= m4[t] | m8[x]
        for t in trees:
            read |= m4[t]
        for x in tents:
            read |= m8[x]
        for i in cells:
            read |= 1 << i
        line_mask = 0
        for li in lines:
            line_mask |= 1 << li
        return s, rounds, (read, line_mask, tuple(seen)), finished

    def fires(self, board: Board) -> bool:
        """Does some contradiction rule fire on the board? (What a round finds, checked alone:
        the explainer takes it as a guess, to spare asking the rule files on most boards of a
        run that dies.)

        The boards asked about follow a run, each adding a step to the last, and a run starts
        from the board of a case split (loaded for its probes) and an assumption: the state of
        the last board, or of the loaded one, is taken with the new marks and links applied,
        and only what they touch is looked at, rather than loading each board from its every
        mark and looking at every line, tree and tent (most of the time on a 25x25 grid). On a
        board that adds to one found to fire, a rule still fires (as with the rule files)."""
        last = self._fired
        if last is not None and _adds_to(board, last[0]):
            if last[2]:
                return True
            s = self._apply(board, last[0], last[1])
        elif self._base is not None and _adds_to(board, self._base[0]):
            s = self._apply(board, self._base[0], self._base[1].copy())
        else:
            s = self.load(board)
            self.mark_all(s)
        got = self._fires(s)
        self._fired = (board, s, got)
        return got

    def _apply(self, board: Board, old: Board, s: _State) -> _State:
        """``s``, the state of ``old``, made that of ``board``, which adds to ``old``."""
        index = self.index
        grown = board.added_to(old)
        new_cells, new_links = grown if grown is not None else (
            board.cells.items() - old.cells.items(), board.links - old.links)
        for cell, v in new_cells:
            s.set_cell(index[cell], _VALUE[v])
        for tree, tent in new_links:
            s.add_link(index[tree], index[tent])
        return s

    def _fires(self, s: _State) -> bool:
        """Does a contradiction rule fire on a line, tree or tent marked in ``s``? (They are
        unmarked.)"""
        lines, trees, tents = s.lines, s.trees, s.tents
        s.lines, s.cells, s.trees, s.tents = set(), set(), set(), set()
        val, tree_link, tent_link, n4 = s.val, s.tree_link, s.tent_link, self.n4
        for li in lines:
            clue = self.clue[li]
            if clue is None:
                continue
            need = clue - s.line_tents[li]
            if need < 0 or need > s.line_unknown[li]:
                return True  # too many tents, too few (and no room)
            if need:
                room = s.room_mask[li]
                packing = self._packings.get(room)
                if packing is None:
                    packing = self._packings[room] = _packing(room)
                if need > packing[0]:
                    return True  # no room for tents
        for t in trees:
            if val[t] == TREE and t not in tree_link and not any(
                    val[x] == UNKNOWN or (val[x] == TENT and x not in tent_link) for x in n4[t]):
                return True  # no tent for tree
        adj_tents = s.adj_tents
        for x in tents:
            if val[x] != TENT:
                continue
            if adj_tents[x]:
                return True  # touching tents
            if x not in tent_link and not any(val[t] == TREE and t not in tree_link
                                              for t in n4[x]):
                return True  # no tree for tent
        return False

    def deductions(self, board: Board) -> tuple[set[tuple[Cell, str]], set[Link], set[str]]:
        """One full round on a board: cells set, links made, contradiction rules fired."""
        s = self.load(board)
        self.mark_all(s)
        r = self.round(s, every=True)
        assert r.all_sets is not None and r.all_links is not None
        sets = {(self.cell_of[i], _NAME[v]) for i, v in r.all_sets}
        links = {(self.cell_of[t], self.cell_of[x]) for t, x in r.all_links}
        return sets, links, {name for name, _ in r.contradictions}

    def applies(self, board: Board, rules: Collection[str]) -> bool:
        """Has one of these direct rules an instance on the board (one that sets a cell or
        makes a link), as a round of :meth:`round` finds? (Read only: for the explainer, to
        spare solving a stage of the rule files that has nothing to say on a board.)

        The board's state is the one :meth:`fires` keeps (the boards asked about follow a run,
        each adding a step or a few to the last), and the instances are looked for with the
        same conditions as :meth:`round`'s, stopping at the first."""
        s = self._state(board)
        val, clue, line_tents, line_unknown = s.val, self.clue, s.line_tents, s.line_unknown
        fwg, fwt, op = ("finish_with_grass" in rules, "finish_with_tents" in rules,
                        "only_placement" in rules)
        if fwg or fwt or op:  # as _line
            for li, n in enumerate(clue):
                if n is None:
                    continue
                need, unknown = n - line_tents[li], line_unknown[li]
                if need == 0:
                    if fwg and unknown:
                        return True
                elif 0 < need <= unknown:
                    if fwt and need == unknown:
                        return True
                    if op:
                        room = s.room_mask[li]
                        packing = self._packings.get(room)
                        if packing is None:
                            packing = self._packings[room] = _packing(room)
                        if need == packing[0] and not packing[1]:
                            return True
        n4 = self.n4
        tree_link, tent_link = s.tree_link, s.tent_link
        lcs, tft = "last_camping_spot" in rules, "tent_for_tree" in rules
        if lcs or tft:  # as round's trees
            for t in self.trees:
                if t in tree_link:
                    continue
                spots = [x for x in n4[t] if val[x] == UNKNOWN
                         or (val[x] == TENT and x not in tent_link)]
                if len(spots) == 1 and (lcs if val[spots[0]] == UNKNOWN else tft):
                    return True
        stwg, ef = "surround_tent_with_grass" in rules, "empty_field" in rules
        if stwg or ef:
            # an unknown cell next to a tent (Surround Tent with Grass: a tent with an unknown
            # neighbour) or next to no unlinked tree (Empty Field), looked for in every cell at
            # once, not cell by cell: the per-cell values and counts read as big integers, a
            # byte a cell (each below 0x80: adding 0x7F to every byte sets its top bit exactly
            # where the byte is not 0, with no carry into the next byte)
            ones, tops = _byte_masks(len(val))
            known = (int.from_bytes(val) + ones) & tops  # (trees too)
            if stwg and (int.from_bytes(s.adj_tents) + ones) & tops & ~known:
                return True
            if ef and tops & ~(known | ((int.from_bytes(s.unlinked_trees_near) + ones) & tops)):
                return True
        if "tree_for_tent" in rules:  # as round's tents
            x = val.find(TENT)
            while x >= 0:
                if x not in tent_link and sum(
                        1 for t in n4[x] if val[t] == TREE and t not in tree_link) == 1:
                    return True
                x = val.find(TENT, x + 1)
        return False

    def _state(self, board: Board) -> _State:
        """The state of the board (do not change it): the one :meth:`fires` made for it."""
        self.fires(board)
        fired = self._fired
        if fired is not None and fired[0] is board:
            return fired[1]
        return self.load(board)  # (fires answered from an earlier board that fired)


@lru_cache(maxsize=8)
def _byte_masks(n: int) -> tuple[int, int]:
    """0x7F in each of ``n`` bytes, and 0x80 in each (see :meth:`FastBoard.applies`)."""
    return int.from_bytes(b"\x7f" * n), int.from_bytes(b"\x80" * n)


def _adds_to(board: Board, old: Board) -> bool:
    """Does ``board`` hold every mark and link of ``old``?"""
    return board.added_to(old) is not None or (
        old.links <= board.links and old.cells.items() <= board.cells.items())


@dataclass(frozen=True)
class _Geometry:
    """The cells, neighbours and lines of a grid, the same for every puzzle of its size
    (kept: a generator makes a FastBoard for every layout it tries)."""

    cell_of: list[Cell]
    index: dict[Cell, int]
    n4: list[list[int]]
    n8: list[list[int]]
    line_cells: list[list[int]]
    lines_of: list[tuple[int, int]]
    bits_of: list[tuple[int, int]]
    m4: list[int]
    m8: list[int]
    full_masks: list[int]
    """Every cell of each line."""


@lru_cache(maxsize=8)
def _geometry(h: int, w: int) -> _Geometry:
    cell_of = [(r, c) for r in range(1, h + 1) for c in range(1, w + 1)]
    n = h * w

    def idx(r: int, c: int) -> int:
        return (r - 1) * w + (c - 1)

    n4: list[list[int]] = []
    n8: list[list[int]] = []
    for r, c in cell_of:
        n4.append([idx(r + dr, c + dc) for dr, dc in ((-1, 0), (0, -1), (1, 0), (0, 1))
                   if 1 <= r + dr <= h and 1 <= c + dc <= w])
        n8.append([idx(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                   if (dr, dc) != (0, 0) and 1 <= r + dr <= h and 1 <= c + dc <= w])
    line_cells = [[idx(r, c) for c in range(1, w + 1)] for r in range(1, h + 1)]
    line_cells += [[idx(r, c) for r in range(1, h + 1)] for c in range(1, w + 1)]
    m4, m8 = [], []
    for i in range(n):
        m = 1 << i
        for j in n4[i]:
            m |= 1 << j
        m4.append(m)
        for j in n8[i]:
            m |= 1 << j
        m8.append(m)
    return _Geometry(cell_of, {cell: i for i, cell in enumerate(cell_of)}, n4, n8, line_cells,
                     [(i // w, h + i % w) for i in range(n)],
                     [(1 << (i % w), 1 << (i // w)) for i in range(n)], m4, m8,
                     [(1 << len(cells)) - 1 for cells in line_cells])


def _packing(room: int) -> tuple[int, bool, int]:
    """The greedy packing of a line's room (a bit per cell in line order): tents on the first
    cell of every run of room cells and every other cell after it. Returns how many it holds,
    whether some run has an even length (then the tents could shift within it, so they are
    not forced), and the cells it takes. (As many as any packing holds: a run of m cells takes
    at most (m + 1) // 2 tents that do not touch.)"""
    taken, rest = 0, room
    while rest:
        starts = rest & ~(rest << 1)
        taken |= starts
        rest &= ~(starts | (starts << 1))  # the first two cells of every run are decided
    ends = room & ~(room >> 1)
    return taken.bit_count(), bool(ends & ~taken), taken
