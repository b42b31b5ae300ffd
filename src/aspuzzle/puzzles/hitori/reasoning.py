"""Hitori reasoning: the deductions of Tatham's ``singles`` solver as named rules, for
explanations, hints and checks.

The rules are ASP programs (``rules/*.lp``, see :mod:`aspuzzle.puzzles.hitori.rules`) run by
the shared :class:`~aspuzzle.explain.asp.AspReasoner`: the board's keys are the cells
``(row, column)``, each ``"shaded"`` or ``"unshaded"`` (a cell the player has circled). In the
rule programs a cell's value is the external ``shaded(R, C)`` or ``unshaded(R, C)``; in the
game's encoding it is the answer atom ``blacked(R, C)``, true or false.

The rules are two programs: all but One Way Out and No Isolation in the first, those two (the
costliest, and the last in order of preference) in a second one that is evaluated only when the
first sets nothing new. When no direct rule applies, a cell is split on (Shaded or Unshaded):
each case is followed with the direct rules until a contradiction rule closes it.

A player's board is the text format of the puzzle with marks after the numbers: ``5#`` a
shaded cell, ``5o`` (or ``5+``) a cell marked unshaded, a bare number a cell not decided yet
(see ``docs/reasoning-hitori.md``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import clingo

from aspuzzle.engine import Grounded, Program
from aspuzzle.errors import InputError, Location, UsageError
from aspuzzle.explain.asp import SHOW, AspReasoner, Hit
from aspuzzle.explain.loop import Case, Evaluation
from aspuzzle.explain.rules import RuleInfo, rule_files
from aspuzzle.explain.steps import Board, Cell, Kind, Step, Use, cells_text
from aspuzzle.puzzles.base import Reasoning
from aspuzzle.puzzles.hitori import PUZZLE
from aspuzzle.puzzles.hitori.model import HitoriInstance, HitoriSolution, neighbours4
from aspuzzle.puzzles.hitori.rules import BOARD, CATALOGUE, LATE, REPROOF

__all__ = ["HitoriReasoner", "parse_set", "read_board", "read_marks", "reasoning",
           "write_marks"]

_F, _N = clingo.Function, clingo.Number
_DOUBT = _F("doubt", [])
SHADED, UNSHADED = "shaded", "unshaded"
Sets = tuple[tuple[Cell, str], ...]

MAX_CASES = 60
"""Case splits are offered on at most this many cells at a time, the most promising first
(see :meth:`HitoriReasoner.cases`)."""


def _c(cell: Cell) -> str:
    return cells_text([cell])


def _are(cells: Sequence[Cell], what: str) -> str:
    return f"{cells_text(cells)} {'is' if len(cells) == 1 else 'are'} {what}"


def _line(a: Cell, b: Cell) -> str:
    """The row or column that holds both cells."""
    return f"row {a[0]}" if a[0] == b[0] else f"column {a[1]}"


def _around(shaded: Sequence[Cell], around: Sequence[Cell]) -> str:
    """", and (2,6) (4,6) next to them are unshaded": the neighbours a step unshades because
    it shades cells (as Tatham's solver does at once)."""
    if not around:
        return ""
    them = "it" if len(shaded) == 1 else "them"
    return f", and {cells_text(around)} next to {them} {'is' if len(around) == 1 else 'are'} " \
           f"unshaded"


def _ints(sym: clingo.Symbol) -> list[int]:
    return [a.number for a in sym.arguments]


class HitoriReasoner(AspReasoner):
    """The Hitori rules on the boards of one puzzle (``rules`` picks rule files, for tests)."""

    type = "hitori"
    puzzle = PUZZLE
    catalogue = CATALOGUE
    board_lp = BOARD
    nouns: ClassVar[dict[str, tuple[str, str]]] = {SHADED: (SHADED, SHADED),
                                                   UNSHADED: (UNSHADED, UNSHADED)}

    game_lp = (REPROOF,)
    inst: HitoriInstance

    def __init__(self, inst: HitoriInstance, rules: Sequence[RuleInfo] | None = None) -> None:
        self._cells = inst.cells()
        self._atoms = {cell: (_F(SHADED, [_N(cell[0]), _N(cell[1])]),
                              _F(UNSHADED, [_N(cell[0]), _N(cell[1])]),
                              _F("blacked", [_N(cell[0]), _N(cell[1])]))
                       for cell in self._cells}
        chosen = tuple(CATALOGUE if rules is None else rules)
        super().__init__(inst, [r for r in chosen if r.id not in LATE])
        self.rules = chosen
        late = [r for r in chosen if r.id in LATE]
        self._late: Grounded | None = None
        self._late_board: dict[Cell, str] | None = None
        if late:
            self._late = Grounded(Program((BOARD, SHOW, *rule_files(late)),
                                          tuple(PUZZLE.to_facts(inst)), ()))
        # the cells whose number repeats in their row or column (the others are never shaded)
        self._repeats = _repeating(inst)
        self._claims: frozenset[clingo.Symbol] = frozenset()
        self._solution: tuple[dict[Cell, str], ...] | None = None

    # --- the board's keys and values ---------------------------------------------------------

    def keys(self) -> Sequence[Cell]:
        return self._cells

    def values(self, key: Any) -> Sequence[str]:
        return (SHADED, UNSHADED)

    def external(self, key: Any, value: str) -> clingo.Symbol:
        return self._atoms[key][0 if value == SHADED else 1]

    def literal(self, key: Any, value: str) -> tuple[clingo.Symbol, bool]:
        return self._atoms[key][2], value == SHADED

    def key_of(self, term: clingo.Symbol) -> Cell:
        r, c = _ints(term)
        return r, c

    def solution_board(self, solution: HitoriSolution) -> Board:
        return Board({cell: SHADED if cell in solution.shaded else UNSHADED
                      for cell in self._cells})

    def entails(self, board: Board, sets: Sets, links: tuple[Any, ...] = ()) -> bool:
        """Do the board and the game rules force every claim?

        When clingo has proven the puzzle to have exactly one solution and the board agrees
        with it, the answer is whether the claims agree with it too: that solution is then the
        only one the board allows, so a solve would give the same verdict. Otherwise one solve
        for all the claims (``rules/reproof.lp``): the board plus ``doubt`` has no answer."""
        solution = self._unique_solution()
        if solution is not None and all(solution[k] == v for k, v in board.cells.items()):
            return all(solution[k] == v for k, v in sets)
        claims = frozenset(_F("claim_" + v, [_N(r), _N(c)]) for (r, c), v in sets)
        self._game.assign_externals([(a, False) for a in self._claims - claims]
                                    + [(a, True) for a in claims - self._claims])
        self._claims = claims
        return self._game.satisfiable([*self.assumptions(board), (_DOUBT, True)]) is False

    def _unique_solution(self) -> dict[Cell, str] | None:
        """The puzzle's solution if it has exactly one (as clingo finds), else None."""
        if self._solution is None:
            sols = self.solutions(Board({}), 2)
            self._solution = (dict(self.solution_board(sols[0]).cells),) if len(sols) == 1 \
                else ()
        return self._solution[0] if self._solution else None

    def _changed_externals(self, board: Board) -> list[tuple[clingo.Symbol, bool]]:
        changes = self._diff(None if self._first else self._last, board)
        self._first = False
        self._last = dict(board.cells)
        return changes

    def _diff(self, last: dict[Cell, str] | None,
              board: Board) -> list[tuple[clingo.Symbol, bool]]:
        """The externals to set to go from the board ``last`` (None: nothing set yet) to
        ``board``: only the cells that differ (most steps change a few)."""
        cells = self._cells if last is None else {*last, *board.cells}
        out: list[tuple[clingo.Symbol, bool]] = []
        for cell in cells:
            v = board.cells.get(cell)
            if last is None or last.get(cell) != v:
                out += [(atom, v == value) for value, atom in self._externals[cell]]
        return out

    # --- evaluating the rules, in two stages -----------------------------------------------------

    def _late_hits(self, board: Board) -> list[Hit]:
        """The instances of the :data:`~aspuzzle.puzzles.hitori.rules.LATE` rules."""
        assert self._late is not None
        changes = self._diff(self._late_board, board)
        self._late_board = dict(board.cells)
        self._late.assign_externals(changes)
        model = self._late.first_model()
        self.evaluations += 1
        if model is None:  # stratified rule programs always have exactly one answer set
            raise RuntimeError("the hitori rule programs have no answer set")
        found: dict[tuple[str, clingo.Symbol], Hit] = {}
        for sym in model:
            _, rid, where, key, value = self._parse(sym)
            hit = found.get((rid, where))
            if hit is None:
                hit = found[(rid, where)] = Hit(self._info[rid], where)
            hit.sets.append((key, value))
        return list(found.values())

    def _all_hits(self, board: Board, *, late: bool = False) -> list[Hit]:
        """Every rule instance on the board, in order of preference; the late rules only when
        the others set nothing new, or when ``late`` asks for them."""
        hits = self.hits(board)
        if self._late is not None and (late or not any(
                board.cells.get(k) != v for h in hits if h.rule.kind is Kind.DIRECT
                for k, v in h.sets)):
            hits += self._late_hits(board)
            hits.sort(key=lambda h: (self._order[h.rule.id], h.where))
            for h in hits:
                h.sets.sort()
        return hits

    def _split(self, board: Board) -> tuple[list[Hit], list[Hit]]:
        direct: list[Hit] = []
        contradictions: list[Hit] = []
        for h in self._all_hits(board):
            if h.rule.kind is Kind.CONTRADICTION:
                contradictions.append(h)
            else:
                new, _ = board.new_in(h.sets, ())
                if new:
                    h.sets = list(new)
                    direct.append(h)
        return direct, contradictions

    def applications(self, board: Board, rule_id: str) -> list[Step]:
        return [self.describe(board, h) for h in self._all_hits(board, late=rule_id in LATE)
                if h.rule.id == rule_id]

    # --- case splits ---------------------------------------------------------------------------

    def cases(self, ev: Evaluation) -> Sequence[Case]:
        """A split on an unknown cell, shaded or unshaded. Cells next to known cells and cells
        whose number repeats come first (a case there meets the rules soonest); at most
        :data:`MAX_CASES` are offered."""
        board = ev.board
        rule = next(r for r in CATALOGUE if r.id == "shaded_or_unshaded")
        scored: list[tuple[int, Cell]] = []
        for cell in self._cells:
            if cell in board.cells:
                continue
            known = sum(1 for n in neighbours4(cell) if n in board.cells)
            score = known + (2 if cell in self._repeats else 0)
            scored.append((-score, cell))
        scored.sort()
        out: list[Case] = []
        for _, cell in scored[:MAX_CASES]:
            out.append(Case(rule.name, rule.id, rule.sheet,
                            f"{_c(cell)} is shaded or unshaded", (Use("cell", (cell,)),),
                            ((f"{_c(cell)} is shaded", ((cell, SHADED),), ()),
                             (f"{_c(cell)} is unshaded", ((cell, UNSHADED),), ()))))
        return out

    # --- words ----------------------------------------------------------------------------------

    def _v(self, cell: Cell) -> int:
        return self.inst.value(cell)

    def describe(self, board: Board, hit: Hit) -> Step:
        rule = hit.rule
        sets = tuple(hit.sets)
        where = hit.where
        shaded = [c for c, v in sets if v == SHADED]
        unshaded = [c for c, v in sets if v == UNSHADED]
        uses: list[Use] = []
        text = ""
        rid = rule.id
        if rid == "next_to_shaded":
            cell = self.key_of(where)
            uses = [Use(SHADED, (cell,)), Use("cells", tuple(unshaded))]
            text = (f"{_are(unshaded, 'next to the shaded cell')} {_c(cell)}, so "
                    f"{'it is' if len(unshaded) == 1 else 'they are'} unshaded.")
        elif rid == "shade_copies":
            cell = self.key_of(where)
            v = self._v(cell)
            lines = sorted({_line(cell, t) for t in shaded})
            uses = [Use(UNSHADED, (cell,)), Use("cells", tuple(shaded))]
            text = (f"the {v} at {_c(cell)} is unshaded, so the other {v}"
                    f"{'' if len(shaded) == 1 else 's'} in {' and '.join(lines)}, "
                    f"{cells_text(shaded)}, {'is' if len(shaded) == 1 else 'are'} shaded"
                    f"{_around(shaded, unshaded)}.")
        elif rid == "triplet":
            r1, c1, r2, c2 = _ints(where)
            a, b = (r1, c1), (r2, c2)
            mid = ((r1 + r2) // 2, (c1 + c2) // 2)
            uses = [Use("cells", (a, mid, b))]
            text = (f"{_line(a, b)} has three {self._v(a)}s side by side at "
                    f"{cells_text([a, mid, b])}: at most one stays unshaded and shaded cells "
                    f"never touch, so the middle one is unshaded and the outer two are shaded"
                    f"{_around(shaded, [c for c in unshaded if c != mid])}.")
        elif rid == "sandwich":
            r1, c1, r2, c2 = _ints(where)
            a, b = (r1, c1), (r2, c2)
            (mid,) = unshaded
            uses = [Use("cells", (a, b)), Use("cell", (mid,))]
            text = (f"{_c(mid)} lies between the two {self._v(a)}s at {cells_text([a, b])} "
                    f"in {_line(a, b)}; one of them is shaded and touches it, so {_c(mid)} "
                    f"is unshaded.")
        elif rid == "pair_induction":
            r1, c1, r2, c2 = _ints(where)
            a, b = (r1, c1), (r2, c2)
            v = self._v(a)
            uses = [Use("cells", (a, b)), Use("cells", tuple(shaded))]
            text = (f"the two {v}s at {cells_text([a, b])} are side by side in {_line(a, b)}: "
                    f"they cannot both be shaded, so one of them stays unshaded and the other "
                    f"{v}{'' if len(shaded) == 1 else 's'} of the line, {cells_text(shaded)}, "
                    f"{'is' if len(shaded) == 1 else 'are'} shaded{_around(shaded, unshaded)}.")
        elif rid in ("quad_corner", "triple_corner"):
            corner = self.key_of(where)
            block = self._corner_block(corner)
            uses = [Use("cells", tuple(block))]
            c, s1, s2, inner = block
            outside = [x for x in unshaded if x not in block]
            if rid == "quad_corner":
                if self._v(c) == self._v(s1):
                    pairs = f"{cells_text([c, s1])} and {cells_text([s2, inner])}"
                else:
                    pairs = f"{cells_text([c, s2])} and {cells_text([s1, inner])}"
                text = (f"the corner block {cells_text(block)} holds two pairs of equal "
                        f"numbers, {pairs}: one cell of each pair is shaded, and shading "
                        f"{cells_text([s1, s2])} would wall in the corner {_c(c)}, so "
                        f"{cells_text([c, inner])} are shaded and {cells_text([s1, s2])} "
                        f"unshaded{_around(shaded, outside)}.")
            else:
                apex = c if self._v(c) == self._v(s1) == self._v(s2) else inner
                text = (f"{cells_text([s1, s2, apex])} all hold {self._v(s1)}, an L in the "
                        f"corner with its apex at {_c(apex)}: if the apex stayed unshaded, "
                        f"{cells_text([s1, s2])} would both be shaded and wall in the corner "
                        f"{_c(c)}, so {_c(apex)} is shaded and {cells_text([s1, s2])} are "
                        f"unshaded{_around(shaded, outside)}.")
        elif rid == "double_corner":
            r1, c1, r2, c2, r3, c3 = _ints(where)
            a, b = sorted([(r1, c1), (r2, c2)])
            t = (r3, c3)
            uses = [Use("cells", (a, b)), Use("cell", (t,))]
            text = (f"one of the two {self._v(a)}s at {cells_text([a, b])} in the corner is "
                    f"shaded; either way {_c(t)} stays unshaded: it touches the shaded one, "
                    f"or it is the corner cell's last way out.")
        elif rid == "one_way_out":
            cell = self.key_of(where)
            (t,) = unshaded
            walls = [n for n in neighbours4(cell) if board.cells.get(n) == SHADED]
            uses = [Use(UNSHADED, (cell,)), Use(SHADED, tuple(sorted(walls)))]
            text = (f"the unshaded cell {_c(cell)} has no way out but {_c(t)} (its other "
                    f"neighbours are shaded), so {_c(t)} is unshaded.")
        elif rid == "offset_pair":
            r1, c1, r2, c2, r3, c3, r4, c4 = _ints(where)
            a1, a2, b1, b2 = (r1, c1), (r2, c2), (r3, c3), (r4, c4)
            uses = [Use("cells", (a1, a2)), Use("cells", (b1, b2)),
                    Use("cells", tuple(unshaded))]
            text = (f"the {self._v(a1)}s at {cells_text([a1, a2])} share {_line(a1, a2)} and "
                    f"the {self._v(b1)}s at {cells_text([b1, b2])} {_line(b1, b2)}; "
                    f"{_c(a1)} and {_c(b1)} touch, so one of them stays unshaded and its copy, "
                    f"{_c(a2)} or {_c(b2)}, is shaded; {_are(unshaded, 'next to both')}, so "
                    f"{'it is' if len(unshaded) == 1 else 'they are'} unshaded.")
        elif rid == "no_isolation":
            cell = self.key_of(where)
            walls = self._walls_at(board, cell)
            uses = [Use("cell", (cell,)), Use(SHADED, tuple(walls))]
            border = " and the border" if self._on_edge(cell) else ""
            text = (f"shading {_c(cell)} would join the shaded cells "
                    f"{cells_text(walls)}{border} into a wall that cuts the unshaded area "
                    f"in two, so {_c(cell)} is unshaded.")
        elif rid == "unique_number":
            uses = [Use("cells", tuple(unshaded))]
            if len(unshaded) == 1:
                (cell,) = unshaded
                text = (f"the {self._v(cell)} at {_c(cell)} appears nowhere else in row "
                        f"{cell[0]} or column {cell[1]}, so it is never shaded.")
            else:
                text = (f"the numbers at {cells_text(unshaded)} appear nowhere else in their "
                        f"row and column, so they are never shaded.")
        elif rid == "touching_shaded":
            r1, c1, r2, c2 = _ints(where)
            uses = [Use(SHADED, ((r1, c1), (r2, c2)))]
            text = f"the shaded cells {cells_text([(r1, c1), (r2, c2)])} touch."
        elif rid == "repeated_number":
            r1, c1, r2, c2 = _ints(where)
            a, b = (r1, c1), (r2, c2)
            uses = [Use(UNSHADED, (a, b))]
            text = (f"the {self._v(a)} in {_line(a, b)} is unshaded twice, at "
                    f"{cells_text([a, b])}.")
        elif rid == "cut_off":
            areas = self._areas(board)
            small = min(areas, key=len) if len(areas) > 1 else []
            walls = sorted({n for c in small for n in neighbours4(c)
                            if board.cells.get(n) == SHADED})
            uses = [Use("cells", tuple(small)), Use(SHADED, tuple(walls))]
            text = (f"{_are(small, 'walled off')} from the rest of the cells that are not "
                    f"shaded by {cells_text(walls)}; the unshaded area cannot be connected.")
        if not text:
            raise RuntimeError(f"no words for {rid} at {where}")
        return Step(rule.name, rule.kind, sets, (), tuple(uses), text, rule_id=rid,
                    sheet=rule.sheet)

    def _corner_block(self, corner: Cell) -> list[Cell]:
        r, c = corner
        dr = 1 if r == 1 else -1
        dc = 1 if c == 1 else -1
        return [(r, c), (r, c + dc), (r + dr, c), (r + dr, c + dc)]

    def _on_edge(self, cell: Cell) -> bool:
        r, c = cell
        return r in (1, self.inst.height) or c in (1, self.inst.width)

    def _walls_at(self, board: Board, cell: Cell) -> list[Cell]:
        """The shaded cells at the corners of ``cell`` that reach the border, corner to
        corner through shaded cells (as no_isolation.lp sees them)."""
        shaded = {c for c, v in board.cells.items() if v == SHADED}
        wall = {c for c in shaded if self._on_edge(c)}
        todo = list(wall)
        while todo:
            r, c = todo.pop()
            for n in ((r - 1, c - 1), (r - 1, c + 1), (r + 1, c - 1), (r + 1, c + 1)):
                if n in shaded and n not in wall:
                    wall.add(n)
                    todo.append(n)
        r, c = cell
        return sorted(n for n in ((r - 1, c - 1), (r - 1, c + 1), (r + 1, c - 1),
                                  (r + 1, c + 1)) if n in wall)

    def _areas(self, board: Board) -> list[list[Cell]]:
        """The areas of cells that are not shaded, the first cell's area first."""
        open_ = [c for c in self._cells if board.cells.get(c) != SHADED]
        seen: set[Cell] = set()
        areas: list[list[Cell]] = []
        for start in open_:
            if start in seen:
                continue
            area = [start]
            seen.add(start)
            todo = [start]
            while todo:
                for n in neighbours4(todo.pop()):
                    if self.inst.inside(n) and n not in seen and board.cells.get(n) != SHADED:
                        seen.add(n)
                        area.append(n)
                        todo.append(n)
            areas.append(sorted(area))
        return areas


def _repeating(inst: HitoriInstance) -> frozenset[Cell]:
    out: set[Cell] = set()
    for r in range(1, inst.height + 1):
        row = [inst.value((r, c)) for c in range(1, inst.width + 1)]
        out |= {(r, c) for c in range(1, inst.width + 1) if row.count(row[c - 1]) > 1}
    for c in range(1, inst.width + 1):
        col = [inst.value((r, c)) for r in range(1, inst.height + 1)]
        out |= {(r, c) for r in range(1, inst.height + 1) if col.count(col[r - 1]) > 1}
    return frozenset(out)


# --- a player's board -------------------------------------------------------------------------

def read_marks(text: str) -> tuple[HitoriInstance, dict[Cell, str]]:
    """A player's board in the text format: the grid, and the marks after the numbers (``#``
    shaded, ``o`` or ``+`` unshaded)."""
    from aspuzzle.puzzles.hitori.formats import read_text_marks

    return read_text_marks(text)


def write_marks(inst: HitoriInstance, board: Board) -> str:
    """A player's board in the text format (``#`` shaded, ``o`` unshaded)."""
    w = max(len(str(v)) for row in inst.grid for v in row)
    lines = [f"# hitori {inst.height}x{inst.width}"]
    for r, row in enumerate(inst.grid, 1):
        cells = []
        for c, v in enumerate(row, 1):
            mark = board.cells.get((r, c))
            cells.append(str(v).rjust(w) + ("#" if mark == SHADED else
                                             "o" if mark == UNSHADED else " "))
        lines.append(" ".join(cells).rstrip())
    return "\n".join(lines) + "\n"


def read_board(text: str, inst: HitoriInstance) -> tuple[Board, list[Step]]:
    """The player's board of this puzzle: the text grid with its marks (a mark that breaks the
    rules is not an error of reading: the contradiction rules report it)."""
    state, marks = read_marks(text)
    if (state.height, state.width) != (inst.height, inst.width):
        extra = [c for c in state.cells() if not inst.inside(c)]
        missing = [c for c in inst.cells() if not state.inside(c)]
        where = extra[0] if extra else missing[0]
        what = "the puzzle has no such cell" if extra else "the board lacks this cell"
        raise InputError(f"the board is {state.height}x{state.width} but the puzzle is "
                         f"{inst.height}x{inst.width}: {what}", Location(cell=where))
    for cell in inst.cells():
        if state.value(cell) != inst.value(cell):
            raise InputError(f"the board has {state.value(cell)} where the puzzle has "
                             f"{inst.value(cell)}", Location(cell=cell))
    return Board(marks), []


_VALUES = {"shaded": SHADED, "#": SHADED, "black": SHADED, "s": SHADED, "b": SHADED,
           "unshaded": UNSHADED, "o": UNSHADED, "white": UNSHADED, "circle": UNSHADED,
           "circled": UNSHADED, "u": UNSHADED, "w": UNSHADED}


def parse_set(item: str, inst: HitoriInstance) -> list[tuple[Cell, str]]:
    """``"3,1=shaded"`` -> ``[((3, 1), "shaded")]``."""
    from aspuzzle.explain.parse import parse_cell_value

    cell, value = parse_cell_value(item, _VALUES, "shaded or unshaded (# / o)")
    if not inst.inside(cell):
        raise UsageError(f"({cell[0]},{cell[1]}) is outside the {inst.height}x{inst.width} "
                         f"grid")
    return [(cell, value)]


def reasoning() -> Reasoning:
    """What Hitori brings to explain, hint, check, check-step and rules."""
    return Reasoning(
        reasoner=HitoriReasoner, catalogue=CATALOGUE, read_state=read_board,
        parse_set=parse_set, mark_formats=("text",),
        state_help="text grid with marks after the numbers: 5# shaded, 5o unshaded",
        set_help="ROW,COL=shaded|unshaded (or # / o)")
