"""Hitori reasoning: the deductions of Tatham's ``singles`` solver as named rules, for
explanations, hints and checks.

The rules are ASP programs (``rules/*.lp``, see :mod:`aspuzzle.puzzles.hitori.rules`) solved in
stages by the shared :class:`~aspuzzle.explain.staged.StagedReasoner`: the board's keys are the
cells ``(row, column)``, each ``"shaded"`` or ``"unshaded"`` (a cell the player has circled). In
the rule programs a cell's value is the external ``shaded(R, C)`` or ``unshaded(R, C)``; in the
game's encoding it is the answer atom ``blacked(R, C)``, true or false. What is Hitori's own
here: which rules share a program (:data:`_STAGES`), which marks can give a rule an instance,
the order of case splits, and the words of each step.

When no direct rule applies, a cell is split on (Shaded or Unshaded): each case is followed
with the direct rules until a contradiction rule closes it.

A player's board is the text format of the puzzle with marks after the numbers: ``5#`` a
shaded cell, ``5o`` (or ``5+``) a cell marked unshaded, a bare number a cell not decided yet
(see ``docs/reasoning-hitori.md``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

import clingo

from aspuzzle.errors import UsageError
from aspuzzle.explain.asp import SHOW, Hit
from aspuzzle.explain.rules import RuleInfo, rule_files
from aspuzzle.explain.staged import (
    Stage,
    StagedReasoner,
    Terms,
    board_parts,
    counted,
    file_text,
)
from aspuzzle.explain.steps import Board, Cell, Kind, Step, Use, cells_text
from aspuzzle.kit.rulefile import places
from aspuzzle.puzzles.base import Reasoning, lp_file
from aspuzzle.puzzles.hitori import PUZZLE
from aspuzzle.puzzles.hitori.model import HitoriInstance, HitoriSolution, neighbours4
from aspuzzle.puzzles.hitori.rules import BOARD, CATALOGUE, LATE, REPROOF

__all__ = ["HitoriReasoner", "parse_set", "read_board", "read_marks", "reasoning",
           "write_marks"]

_F, _N = clingo.Function, clingo.Number
SHADED, UNSHADED = "shaded", "unshaded"
_ATOMS: dict[Cell, tuple[clingo.Symbol, clingo.Symbol, clingo.Symbol]] = {}
"""A cell's atoms ``shaded(R, C)``, ``unshaded(R, C)`` (the rule programs' externals) and
``blacked(R, C)`` (the game's), made once per process: clingo symbols are values, and a
reasoner of a 20x20 puzzle made 1,200 of them, each a few calls into clingo."""


def _cell_atoms(cell: Cell) -> tuple[clingo.Symbol, clingo.Symbol, clingo.Symbol]:
    got = _ATOMS.get(cell)
    if got is None:
        r, c = _N(cell[0]), _N(cell[1])
        got = _ATOMS[cell] = (_F(SHADED, [r, c]), _F(UNSHADED, [r, c]), _F("blacked", [r, c]))
    return got


_STAGES: tuple[tuple[str, ...], ...] = (
    ("unique_number", "triplet", "sandwich", "pair_induction", "quad_corner", "triple_corner",
     "double_corner", "offset_pair"),
    ("next_to_shaded", "shade_copies"),
    ("one_way_out",),
    ("no_isolation",),
    ("closed_ring",),
)
"""The direct rules in programs of their own, in order of preference; the contradiction rules
make one more. A solve costs in proportion to its program, and Shade the Copies alone is about
half of all: the patterns of the numbers are solved first, and the first step is often theirs;
Shade the Copies is grounded in bands of :data:`BAND_ROWS` rows (its instances are ordered by
their unshaded cell, row by row, so a band's come before the next band's), the first band with
Next to Shaded. The last two are :data:`~aspuzzle.puzzles.hitori.rules.LATE`, solved only when
the others set nothing new, and No Isolation only when One Way Out sets nothing new either: the
walls it follows make its program the costliest to solve (at 50x50 some 25 ms a solve, five
times Shade the Copies' first band), and One Way Out takes most of the late steps."""
_LATE_STAGES = (2, 3, 4)

CLOSED_RING_REACH = int(re.search(r"#const closed_ring_reach = (\d+)\.",
                                  file_text(lp_file(f"{__package__}.rules", "closed_ring.lp"))
                                  ).group(1))  # type: ignore[union-attr]
"""How far from its cell Closed Ring looks for the chain that would close a ring (the constant
``closed_ring_reach`` of closed_ring.lp, read from it: the words of a step find the chain the
rule saw)."""

BAND_ROWS = 8
"""Rows per program of Shade the Copies (see :data:`_STAGES`)."""
BANDED_FROM = 24
"""Shade the Copies is one program on grids of at most this many rows: on smaller grids the
programs' common part (the board, grounded again in every program) costs more than the bands
save. (Explaining a 50x50 puzzle took some 20% less time with bands of 8 rows than with one
program, a 20x20 some 10% more.)"""

# What marks a board may add to one where a rule has no instance and give it one (a stage's
# ``grows``): the rule reads the board otherwise only as "this cell is unknown" and, in its
# conflict checks, "this cell is set otherwise", which only stop it. Rules not named may gain
# instances from any mark.
#
# A mark that may give a rule an instance does so only if some cells are still unknown on the
# board that adds it (:data:`_NEEDS`): the rule's body asks for them. Every rule that shades a
# cell unshades its unknown neighbours at once, so a cell shaded by a step has none left and
# Next to Shaded gains nothing; a cell unshaded whose copies are all known gives Shade the
# Copies nothing. (Generating a 50x50, seed 1, took 441 solves instead of 689: the first
# program of Shade the Copies, with Next to Shaded, was solved 53 times instead of 234.)
Grows = Callable[[Cell, str], bool]
_NEVER: Grows = lambda cell, value: False  # noqa: E731
_GROWS: dict[str, Grows] = {
    # the patterns of the numbers
    **{rid: _NEVER for rid in _STAGES[0]},
    # an instance per shaded cell, and per unshaded cell
    "next_to_shaded": lambda cell, value: value == SHADED,
    "shade_copies": lambda cell, value: value == UNSHADED,
}
_NEEDS: dict[str, str] = {
    # an instance at a shaded cell sets an unknown neighbour
    "next_to_shaded": "neighbours",
    # an instance at an unshaded cell shades an unknown copy of its number in its row or column
    "shade_copies": "twins",
}
"""For a rule of :data:`_GROWS`: the cells of which one must be unknown for a mark on a cell
to give it an instance there (``neighbours``: the cell's neighbours in the grid; ``twins``: the
other cells of its row and column with its number)."""

_MARKED = frozenset({"next_to_shaded", "shade_copies", "one_way_out", "no_isolation",
                     "closed_ring"})
"""The rules each of whose instances reads a mark (see their files: a shaded cell for Next to
Shaded and the walls of No Isolation, which needs two walls or a wall and the border; an
unshaded cell for Shade the Copies and One Way Out): none has an instance on a board with no
marks, so a stage of them only is not solved there, nor grounded ahead for it. The first board
that asks for it has marks, and a program baked for it is the smaller: a 50x50 puzzle of tier
direct, closed under the direct rules before it is explained, solves them first with some half
of the cells marked, after the patterns of the numbers."""

_BAKED_ONLY = frozenset({"closed_ring"})
"""The rules whose stage is always baked for the board it is solved on, never grounded for
every board (``Stage(general=False)``): Closed Ring follows chains of shaded cells from every
cell in a window around it; for every board (every cell's marks externals) that is some
1,000,000 rules at 50x50, 2 s to ground, while baked for a board with most cells known, as
boards are when no other rule applies, it is a few thousand, grounded in some 30 ms."""

_PARTS = re.compile(r"\b(adj|diag|edge|twin|corner|open)\(")
"""A use of a part of board.lp's vocabulary that is grounded only for the programs whose rules
read it (see board.lp and :func:`~aspuzzle.explain.staged.board_parts`)."""

_WRITTEN = "written(R, C, N) :- (R, C, N) = @given().\n"
"""The puzzle's numbers in a rule program (:class:`~aspuzzle.explain.staged.Terms`)."""


def _reads(rules: Sequence[RuleInfo]) -> frozenset[str]:
    """The parts of board.lp that the rules read (:data:`_PARTS`)."""
    return board_parts(rules, _PARTS)


_GRAMMAR = {name: frozenset(counted(name, []))
            for name in (SHADED, UNSHADED)}
"""The places :func:`~aspuzzle.explain.staged.counted` fills for the step's shaded and
unshaded cells."""


def _c(cell: Cell) -> str:
    return cells_text([cell])


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


class HitoriReasoner(StagedReasoner):
    """The Hitori rules on the boards of one puzzle (``rules`` picks rule files, for tests;
    ``solution``: the puzzle's solution, if clingo has already proven it the only one)."""

    type = "hitori"
    puzzle = PUZZLE
    catalogue = CATALOGUE
    board_lp = BOARD
    nouns: ClassVar[dict[str, tuple[str, str]]] = {SHADED: (SHADED, SHADED),
                                                   UNSHADED: (UNSHADED, UNSHADED)}
    game_lp = (REPROOF,)
    late_ids = LATE
    answer = SHADED
    inst: HitoriInstance

    def __init__(self, inst: HitoriInstance, rules: Sequence[RuleInfo] | None = None, *,
                 solution: HitoriSolution | None = None) -> None:
        self._cells = inst.cells()
        self._atoms = {cell: _cell_atoms(cell) for cell in self._cells}
        self._twins = _twins(inst)
        # the cells whose number repeats in their row or column (the others are never shaded)
        self._repeats = frozenset(cell for cell, xs in self._twins.items() if xs)
        super().__init__(inst, rules, solution=solution)

    def make_stages(self, rules: tuple[RuleInfo, ...]) -> list[Stage]:
        inst = self.inst
        terms = Terms([(r, c, v) for r, row in enumerate(inst.grid, 1)
                       for c, v in enumerate(row, 1)])
        stage_of = {rid: i for i, ids in enumerate(_STAGES) for rid in ids}
        near = {"neighbours": _neighbours(inst.height, inst.width), "twins": self._twins}
        out: list[Stage] = []
        for i in range(len(_STAGES) + 1):
            rules_i = tuple(r for r in rules if r.kind is not Kind.CASE
                            and stage_of.get(r.id, len(_STAGES)) == i)
            copies = [r for r in rules_i if r.id == "shade_copies"]
            if copies and inst.height > BANDED_FROM:
                # Shade the Copies in bands of rows, the first with the rest of the stage
                for lo in range(1, inst.height + 1, BAND_ROWS):
                    band = tuple(r for r in rules_i if lo == 1 or r.id == "shade_copies")
                    out.append(self._stage(band, terms, near,
                                           rows=(lo, min(lo + BAND_ROWS - 1, inst.height))))
            elif rules_i:
                out.append(self._stage(rules_i, terms, near, late=i in _LATE_STAGES))
        return out

    def _stage(self, rules: tuple[RuleInfo, ...], terms: Terms,
               near: dict[str, dict[Cell, tuple[Cell, ...]]], *, late: bool = False,
               rows: tuple[int, int] | None = None) -> Stage:
        """A stage of the rules. ``rows``: Shade the Copies looks only at the unshaded cells of
        these rows (first, last)."""
        cells = self._cells
        facts = _WRITTEN
        if rows is not None:
            facts += f"shade_copies_rows({rows[0]}, {rows[1]}).\n"
        # only the parts of the board that the rules read (see board.lp)
        reads = _reads(rules)
        facts += "".join(f"board_reads({p}).\n" for p in sorted(reads)) or "board_reads(none).\n"
        if rows is not None and "twin" in reads and \
                "twin" not in _reads([r for r in rules if r.id != "shade_copies"]):
            facts += f"twin_rows({rows[0]}, {rows[1]}).\n"  # the band's twins alone
        text = "".join(file_text(f) for f in (BOARD, SHOW, *rule_files(rules))) + facts
        grows: dict[tuple[Cell, str], tuple[Cell, ...]] | None = None
        if all(r.id in _GROWS for r in rules):
            lo, hi = rows if rows is not None else (1, max(r for r, _ in cells))
            grows = {}
            for rid in (r.id for r in rules if _GROWS[r.id] is not _NEVER):
                for cell in cells:
                    if rid == "shade_copies" and not lo <= cell[0] <= hi:
                        continue
                    for value in (SHADED, UNSHADED):
                        if _GROWS[rid](cell, value):
                            grows[cell, value] = grows.get((cell, value), ()) + \
                                near[_NEEDS[rid]][cell]
        return Stage(rules, text, terms, (SHADED, UNSHADED), len(cells), late=late,
                     needs_marks=all(r.id in _MARKED for r in rules), grows=grows,
                     what="hitori rule",
                     general=not any(r.id in _BAKED_ONLY for r in rules))

    def values(self, key: object) -> Sequence[str]:
        return (SHADED, UNSHADED)

    def solution_board(self, solution: HitoriSolution) -> Board:
        return Board({cell: SHADED if cell in solution.shaded else UNSHADED
                      for cell in self._cells})

    def rank(self, board: Board) -> list[Cell]:
        """Cells next to known cells and cells whose number repeats first."""
        scored: list[tuple[int, Cell]] = []
        for cell in self._cells:
            if cell in board.cells:
                continue
            known = sum(1 for n in neighbours4(cell) if n in board.cells)
            scored.append((-(known + (2 if cell in self._repeats else 0)), cell))
        scored.sort()
        return [cell for _, cell in scored]

    # --- words ----------------------------------------------------------------------------------

    def _v(self, cell: Cell) -> int:
        return self.inst.value(cell)

    def say(self, board: Board, hit: Hit) -> tuple[dict[str, str], list[Use]]:
        """The values of the rule file's sentence (``says``) for one instance, and the cells it
        used. Each cell list ``X`` of the step gives ``{X}`` and its grammar (``{X_is}``, ...,
        :func:`~aspuzzle.explain.staged.counted`); ``{v}`` is the number of the instance's
        first cell, ``{at}`` that cell, ``{line}`` the line of its first two cells."""
        where = hit.where
        shaded = [c for c, v in hit.sets if v == SHADED]
        unshaded = [c for c, v in hit.sets if v == UNSHADED]
        nums = _ints(where)
        cells = [(nums[i], nums[i + 1]) for i in range(0, len(nums) - 1, 2)]
        need = places(hit.rule.says)  # (the words of every step: only what its rule says)
        values: dict[str, str] = {}
        for name, group in (("shaded", shaded), ("unshaded", unshaded)):
            if not need.isdisjoint(_GRAMMAR[name]):
                values.update(counted(name, group))
        if "around" in need:
            values["around"] = _around(shaded, unshaded)
        if cells:
            values.update(v=str(self._v(cells[0])), at=_c(cells[0]))
        if len(cells) >= 2 and ("line" in need or "pair" in need):
            values.update(line=_line(cells[0], cells[1]), pair=cells_text(cells[:2]))
        rid = hit.rule.id
        uses = [Use("cells", tuple(cells[:2]))]
        if rid == "next_to_shaded":
            uses = [Use(SHADED, (cells[0],)), Use("cells", tuple(unshaded))]
        elif rid == "shade_copies":
            values["lines"] = " and ".join(sorted({_line(cells[0], t) for t in shaded}))
            uses = [Use(UNSHADED, (cells[0],)), Use("cells", tuple(shaded))]
        elif rid == "triplet":
            (r1, c1), (r2, c2) = cells
            mid = ((r1 + r2) // 2, (c1 + c2) // 2)
            values["three"] = cells_text([cells[0], mid, cells[1]])
            values["around"] = _around(shaded, [c for c in unshaded if c != mid])
            uses = [Use("cells", (cells[0], mid, cells[1]))]
        elif rid == "sandwich":
            uses.append(Use("cell", tuple(unshaded)))
        elif rid == "pair_induction":
            uses.append(Use("cells", tuple(shaded)))
        elif rid in ("quad_corner", "triple_corner"):
            block = self._corner_block(cells[0])
            c, s1, s2, inner = block
            values["around"] = _around(shaded, [x for x in unshaded if x not in block])
            values.update(block=cells_text(block), sides=cells_text([s1, s2]),
                          inner=cells_text([c, inner]))
            if self._v(c) == self._v(s1):
                values["pairs"] = f"{cells_text([c, s1])} and {cells_text([s2, inner])}"
            else:
                values["pairs"] = f"{cells_text([c, s2])} and {cells_text([s1, inner])}"
            apex = c if self._v(c) == self._v(s1) == self._v(s2) else inner
            values.update(l=cells_text([s1, s2, apex]), apex=_c(apex), v=str(self._v(s1)))
            uses = [Use("cells", tuple(block))]
        elif rid == "double_corner":
            values["t"] = _c(cells[2])
            uses = [Use("cells", tuple(sorted(cells[:2]))), Use("cell", (cells[2],))]
        elif rid == "one_way_out":
            walls = [n for n in neighbours4(cells[0]) if board.cells.get(n) == SHADED]
            uses = [Use(UNSHADED, (cells[0],)), Use(SHADED, tuple(sorted(walls)))]
        elif rid == "offset_pair":
            a1, a2, b1, b2 = cells
            values.update(a=cells_text([a1, a2]), b=cells_text([b1, b2]), w=str(self._v(b1)),
                          line_b=_line(b1, b2), a1=_c(a1), a2=_c(a2), b1=_c(b1), b2=_c(b2))
            uses = [Use("cells", (a1, a2)), Use("cells", (b1, b2)),
                    Use("cells", tuple(unshaded))]
        elif rid == "no_isolation":
            walls = self._walls_at(board, cells[0])
            values.update(walls=cells_text(walls),
                          border=" and the border" if self._on_edge(cells[0]) else "")
            uses = [Use("cell", (cells[0],)), Use(SHADED, tuple(walls))]
        elif rid == "closed_ring":
            at, d1, d2 = cells
            ring = self._ring(board, at, d1, d2)
            inside = self._inside(board, at)
            values.update(ring=cells_text(ring), inside=cells_text(inside))
            uses = [Use("cell", (at,)), Use(SHADED, tuple(ring)), Use("cells", tuple(inside))]
        elif rid == "unique_number":
            one = len(unshaded) == 1
            r, c = unshaded[0]
            values.update(
                subject=f"the {self._v((r, c))} at {_c((r, c))}" if one else
                f"the numbers at {cells_text(unshaded)}", appear="appears" if one else "appear",
                lines=f"row {r} or column {c}" if one else "their row and column")
            uses = [Use("cells", tuple(unshaded))]
        elif rid in ("touching_shaded", "repeated_number"):
            uses = [Use(SHADED if rid == "touching_shaded" else UNSHADED, tuple(cells))]
        elif rid == "cut_off":
            areas = self._areas(board)
            small = min(areas, key=len) if len(areas) > 1 else []
            walls = sorted({n for c in small for n in neighbours4(c)
                            if board.cells.get(n) == SHADED})
            values.update(counted("small", small), walls=cells_text(walls))
            uses = [Use("cells", tuple(small)), Use(SHADED, tuple(walls))]
        return values, uses

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

    def _ring(self, board: Board, at: Cell, d1: Cell, d2: Cell) -> list[Cell]:
        """The ring that shading ``at`` would close: a shortest chain of shaded cells, corner
        to corner, from its corner ``d1`` to its corner ``d2`` within the rule's window (as
        closed_ring.lp looks for it), in reading order."""
        reach = CLOSED_RING_REACH
        cells = board.cells
        back: dict[Cell, Cell | None] = {d1: None}
        todo = [d1]
        while todo and d2 not in back:
            nxt: list[Cell] = []
            for r, c in todo:
                for n in ((r - 1, c - 1), (r - 1, c + 1), (r + 1, c - 1), (r + 1, c + 1)):
                    if n not in back and cells.get(n) == SHADED and \
                            abs(n[0] - at[0]) <= reach and abs(n[1] - at[1]) <= reach:
                        back[n] = (r, c)
                        nxt.append(n)
            todo = nxt
        chain: list[Cell] = []
        cur: Cell | None = d2 if d2 in back else None
        while cur is not None:
            chain.append(cur)
            cur = back[cur]
        return sorted(chain)

    def _inside(self, board: Board, at: Cell) -> list[Cell]:
        """The cells that shading ``at`` would cut off: the smallest area of the cells that are
        not shaded, with ``at`` shaded, that holds a neighbour of ``at``."""
        # (only the areas of the neighbours are followed, not the whole board's: at 50x50
        # that took most of the time of a Closed Ring step's words; the areas are ordered as
        # _areas orders them, by their first cell in reading order, so that min keeps the
        # same one)
        cells = {**board.cells, at: SHADED}
        areas: list[list[Cell]] = []
        seen: set[Cell] = set()
        for start in neighbours4(at):
            if start in seen or not self.inst.inside(start) or cells.get(start) == SHADED:
                continue
            areas.append(self._area(start, cells, seen))
        areas.sort(key=lambda a: a[0])  # (r, c) tuples: reading order
        return min(areas, key=len) if areas else []

    def _areas(self, board: Board) -> list[list[Cell]]:
        """The areas of cells that are not shaded, the first cell's area first."""
        open_ = [c for c in self._cells if board.cells.get(c) != SHADED]
        seen: set[Cell] = set()
        areas: list[list[Cell]] = []
        for start in open_:
            if start not in seen:
                areas.append(self._area(start, board.cells, seen))
        return areas

    def _area(self, start: Cell, cells: Mapping[Cell, Any], seen: set[Cell]) -> list[Cell]:
        """The area of the cells not shaded in ``cells`` that holds ``start`` (a cell inside
        the grid, not shaded), in reading order; its cells are added to ``seen``."""
        area = [start]
        seen.add(start)
        todo = [start]
        while todo:
            for n in neighbours4(todo.pop()):
                if n not in seen and self.inst.inside(n) and cells.get(n) != SHADED:
                    seen.add(n)
                    area.append(n)
                    todo.append(n)
        return sorted(area)


_NEIGHBOURS: dict[tuple[int, int], dict[Cell, tuple[Cell, ...]]] = {}
"""Each cell's neighbours in the grid, by the grid's height and width (made once per size)."""


def _neighbours(h: int, w: int) -> dict[Cell, tuple[Cell, ...]]:
    got = _NEIGHBOURS.get((h, w))
    if got is None:
        got = _NEIGHBOURS[h, w] = {
            (r, c): tuple((r2, c2) for r2, c2 in neighbours4((r, c))
                          if 1 <= r2 <= h and 1 <= c2 <= w)
            for r in range(1, h + 1) for c in range(1, w + 1)}
    return got


def _twins(inst: HitoriInstance) -> dict[Cell, tuple[Cell, ...]]:
    """Each cell's copies: the other cells of its row and column with its number (board.lp's
    twin/4), those of its row first."""
    grid = inst.grid
    out: dict[Cell, list[Cell]] = {}
    for r, row in enumerate(grid, 1):
        by_value: dict[int, list[int]] = {}
        for c, v in enumerate(row, 1):
            by_value.setdefault(v, []).append(c)
        for cs in by_value.values():
            for c in cs:
                out[r, c] = [(r, x) for x in cs if x != c]
    for c in range(1, inst.width + 1):
        by_value = {}
        for r, row in enumerate(grid, 1):
            by_value.setdefault(row[c - 1], []).append(r)
        for rs in by_value.values():
            if len(rs) > 1:
                for r in rs:
                    out[r, c] += [(x, c) for x in rs if x != r]
    return {cell: tuple(xs) for cell, xs in out.items()}


# --- a player's board -------------------------------------------------------------------------

def read_marks(text: str) -> tuple[HitoriInstance, dict[Cell, str]]:
    """A player's board in the text format: the grid, and the marks after the numbers (``#``
    shaded, ``o`` or ``+`` unshaded)."""
    from aspuzzle.puzzles.hitori.formats import read_text_marks

    return read_text_marks(text)


def write_marks(inst: HitoriInstance, board: Board) -> str:
    """A player's board in the text format (``#`` shaded, ``o`` unshaded)."""
    from aspuzzle.puzzles.hitori.formats import TEXT

    return TEXT.write(inst.grid, board.cells)


def read_board(text: str, inst: HitoriInstance) -> tuple[Board, list[Step]]:
    """The player's board of this puzzle: the text grid with its marks (a mark that breaks the
    rules is not an error of reading: the contradiction rules report it)."""
    from aspuzzle.kit.numbergrid import NumberGrid

    state, marks = read_marks(text)
    NumberGrid.same_grid(state.grid, inst.grid)
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
        set_help="ROW,COL=shaded|unshaded (or # / o)", verify_rule=_verify_rule)


def _verify_rule(path: str, up_to: tuple[int, int]) -> Any:
    from aspuzzle.puzzles.hitori.rulecheck import verify

    return verify(path, up_to=up_to)
