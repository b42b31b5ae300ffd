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

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import clingo

from aspuzzle.engine import symbol_handles
from aspuzzle.errors import InputError, Location, UsageError
from aspuzzle.explain.asp import SHOW, AspReasoner, Hit
from aspuzzle.explain.loop import Case, Evaluation
from aspuzzle.explain.rules import RuleInfo, rule_files
from aspuzzle.explain.staged import Grounding, Lineage, file_text, holds
from aspuzzle.explain.steps import Board, Cell, FirstThenEvery, Kind, Step, Use, cells_text
from aspuzzle.puzzles.base import Reasoning
from aspuzzle.puzzles.hitori import PUZZLE
from aspuzzle.puzzles.hitori.model import HitoriInstance, HitoriSolution, neighbours4
from aspuzzle.puzzles.hitori.rules import BOARD, CATALOGUE, LATE, REPROOF

if TYPE_CHECKING:  # (imported when used: concurrent.futures takes 17 ms to import)
    from concurrent.futures import ThreadPoolExecutor

__all__ = ["HitoriReasoner", "parse_set", "read_board", "read_marks", "reasoning",
           "write_marks"]

_F, _N = clingo.Function, clingo.Number
_DOUBT = _F("doubt", [])
SHADED, UNSHADED = "shaded", "unshaded"
Sets = tuple[tuple[Cell, str], ...]
_SHOWN = re.compile(r"(sets|contradiction)\((\w+),(\w+)(?:\(([\d,]+)\))?"
                    r"(?:,cell\((\d+),(\d+)\),(\w+))?\)")
"""A shown atom of the Hitori rules as clingo writes it, e.g.
``sets(shade_copies,cell(3,4),cell(3,7),shaded)``: read from its text, one call into clingo,
where reading it term by term takes a dozen (:meth:`HitoriReasoner._parse_hit`)."""
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


_PARSED: dict[int, tuple[Any, ...]] = {}
"""The shown atoms of the rule programs parsed so far (:meth:`HitoriReasoner._parse_hit`), by
the number that stands for the symbol in clingo (``Symbol._rep``: clingo keeps one copy of each
symbol for the life of the process, so equal symbols have equal numbers). Kept for the process:
most recur from one puzzle of a size to the next (a puzzle of 20x20 met some 700 new ones,
parsed at some 15 us each), and a look-up by number needs no call into clingo."""
_PARSED_KEPT = 100_000
_WHERE: dict[tuple[str, str | None], clingo.Symbol] = {}
"""The ``where`` terms of the shown atoms, by their name and numbers as text: many atoms share
one (an instance's), and taking it from the atom makes a Symbol of each of its arguments."""


MAX_CASES = 60
"""Case splits are offered on at most this many cells at a time, the most promising first
(see :meth:`HitoriReasoner.cases`)."""


_STAGES: tuple[tuple[str, ...], ...] = (
    ("unique_number", "triplet", "sandwich", "pair_induction", "quad_corner", "triple_corner",
     "double_corner", "offset_pair"),
    ("next_to_shaded", "shade_copies"),
    ("one_way_out",),
    ("no_isolation",),
)
"""The direct rules in programs of their own, in order of preference (see
:meth:`HitoriReasoner.evaluate`); the contradiction rules make one more. A solve costs in
proportion to its program, and Shade the Copies alone is about half of all: the patterns of the
numbers are solved first, and the first step is often theirs; Shade the Copies is grounded in
bands of :data:`BAND_ROWS` rows (its instances are ordered by their unshaded cell, row by row,
so a band's come before the next band's), the first band with Next to Shaded. The last two
are :data:`~aspuzzle.puzzles.hitori.rules.LATE`, solved only when the others set nothing new,
and No Isolation only when One Way Out sets nothing new either: the walls it follows make its
program the costliest to solve (at 50x50 some 25 ms a solve, five times Shade the Copies'
first band), and One Way Out takes most of the late steps."""
_LATE_STAGES = (2, 3)

BAND_ROWS = 8
"""Rows per program of Shade the Copies (see :data:`_STAGES`)."""
BANDED_FROM = 24
"""Shade the Copies is one program on grids of at most this many rows: on smaller grids the
programs' common part (the board, grounded again in every program) costs more than the bands
save. (Explaining a 50x50 puzzle took some 20% less time with bands of 8 rows than with one
program, a 20x20 some 10% more.)"""

# What marks a board may add to one where a rule has no instance and give it one: the rule
# reads the board otherwise only as "this cell is unknown" and, in its conflict checks, "this
# cell is set otherwise", which only stop it. So a stage with no instance on a board has none
# on a board that adds only other marks, and is not solved again there. (Each instance sets
# less, never more, on a board that adds marks.) Rules not named may gain instances from any
# mark.
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
to give it an instance there, as :class:`_Stage` is told them by cell (``neighbours``: the
cell's neighbours in the grid; ``twins``: the other cells of its row and column with its
number)."""

_MARKED = frozenset({"next_to_shaded", "shade_copies", "one_way_out", "no_isolation"})
"""The rules each of whose instances reads a mark (see their files: a shaded cell for Next to
Shaded and the walls of No Isolation, which needs two walls or a wall and the border; an
unshaded cell for Shade the Copies and One Way Out): none has an instance on a board with no
marks, so a stage of them only is not solved there (:meth:`HitoriReasoner._solve`), nor
grounded ahead for it (:meth:`HitoriReasoner.ground_ahead`). The first board that asks for it
has marks, and a program baked for it is the smaller (see :meth:`_Stage.model`): a 50x50 puzzle
of tier direct, closed under the direct rules before it is explained, solves them first with
some half of the cells marked, after the patterns of the numbers."""

GROUND_AHEAD_THREADS = 2
"""Threads that ground a reasoner's programs ahead (:meth:`HitoriReasoner.ground_ahead`)."""

REBAKE_SHARE = 0.5
REBAKE_CELLS = 600
"""An explanation's step asks for a stage on a board that leaves at most this share of the
cells unknown that its program leaves unknown, and at least :data:`REBAKE_CELLS` fewer: the
stage is baked again for that board (see :meth:`_Stage.model`). A 50x50 puzzle made at tier
direct has every program grounded for every board (the closure solves them all on the empty
board), but its explanation first asks for most stages with 1,400 to 2,400 of the 2,500 cells
marked, and then some 20 to 50 times each: a program baked there is solved in a fifth to a
tenth of the time, and grounded in some 30 ms."""

_EMPTY_KEPT = 2
"""Boards on which a stage was found empty, kept (a run goes back and forth between its own
board and the case splits' branches); each is compared with the board asked about."""


_PARTS = re.compile(r"\b(adj|diag|edge|twin|corner|open)\(")
"""A use of a part of board.lp's vocabulary that is grounded only for the programs whose rules
read it (see board.lp)."""
_READS: dict[str, frozenset[str]] = {}
"""The parts of board.lp that a rule file reads, by the file's path (read from its rules: a
rule file names what it reads, so a new rule needs no entry anywhere)."""


def _reads(rules: Sequence[RuleInfo]) -> frozenset[str]:
    """The parts of board.lp that the rules read (:data:`_PARTS`)."""
    out: set[str] = set()
    for f in rule_files(rules):
        key = str(f)
        got = _READS.get(key)
        if got is None:
            code = "\n".join(line.split("%", 1)[0] for line in file_text(f).splitlines())
            got = _READS[key] = frozenset(_PARTS.findall(code))
        out |= got
    return frozenset(out)


_WRITTEN = "written(R, C, N) :- (R, C, N) = @written().\n"
"""The puzzle's numbers in a rule program, from :class:`_Written`: clingo parses a fact in the
text of a program at some 30,000 instructions, more than it takes to ground it, and every
program of a puzzle would parse all of them again (at 50x50 2,500 facts, some 25 ms a
program, ten programs or so a candidate); the numbers made as clingo terms once per puzzle
and handed over by one call cost less than half of that per program."""


_WRITTEN_TERMS: dict[tuple[int, int, int], clingo.Symbol] = {}
"""The terms ``(R, C, N)`` of :class:`_Written`, made once per process (a term is a few calls
into clingo; the puzzles of a size share most of them)."""
_WRITTEN_KEPT = 200_000


def _written_term(r: int, c: int, v: int) -> clingo.Symbol:
    got = _WRITTEN_TERMS[r, c, v] = clingo.Tuple_((_N(r), _N(c), _N(v)))
    return got


class _Written:
    """The context of the rule programs' grounding: ``@written()`` is the puzzle's numbers, a
    term ``(R, C, N)`` per cell, made once per puzzle (:data:`_WRITTEN`)."""

    def __init__(self, inst: HitoriInstance) -> None:
        terms = _WRITTEN_TERMS
        if len(terms) > _WRITTEN_KEPT:
            terms.clear()
        out = []
        for r, row in enumerate(inst.grid, 1):
            for c, v in enumerate(row, 1):
                term = terms.get((r, c, v))
                out.append(term if term is not None else _written_term(r, c, v))
        self._terms = out

    def written(self) -> list[clingo.Symbol]:
        return self._terms


_FIXED = "fixed(R, C, V) :- (R, C, V) = @fixed().\n"
"""A baked program's board (:class:`~aspuzzle.explain.staged.Grounding`): its marks as facts
``fixed(R, C, Value)``, handed over as terms as the numbers are (:data:`_WRITTEN`)."""
_MARK_TERMS: dict[tuple[Cell, str], clingo.Symbol] = {}
"""The term ``(R, C, Value)`` of a mark, made once per process (:func:`_mark_term`)."""


def _mark_term(cell: Cell, value: str) -> clingo.Symbol:
    got = _MARK_TERMS.get((cell, value))
    if got is None:
        got = _MARK_TERMS[cell, value] = clingo.Tuple_(
            (_N(cell[0]), _N(cell[1]), _F(value, [])))
    return got


class _Baked:
    """The context of a baked program's grounding: the puzzle's numbers (:class:`_Written`)
    and the board's marks, ``@fixed()`` (:data:`_FIXED`)."""

    def __init__(self, written: _Written, board: Board) -> None:
        self.written = written.written
        self._terms = [_mark_term(cell, v) for cell, v in sorted(board.cells.items())]

    def fixed(self) -> list[clingo.Symbol]:
        return self._terms


_file_text = file_text


def _grounding(text: str, context: _Written | _Baked, board: Board | None) -> Grounding:
    """A stage's program (:class:`~aspuzzle.explain.staged.Grounding`): a cell's externals
    are ``shaded(R, C)`` and ``unshaded(R, C)``."""
    return Grounding(text, context, board, (SHADED, UNSHADED), "hitori rule")


class _Stage:
    """Some of the rules, grounded in a program of their own when first solved, with the board
    it last saw (its externals) and what it found there. ``rows``: Shade the Copies looks only
    at the unshaded cells of these rows (first, last)."""

    def __init__(self, rules: tuple[RuleInfo, ...], written: _Written, cells: Sequence[Cell],
                 near: dict[str, dict[Cell, tuple[Cell, ...]]], *, late: bool = False,
                 rows: tuple[int, int] | None = None) -> None:
        self.rules = rules
        self.late = late
        self._written = written
        self._size = len(cells)
        self.needs_marks = all(r.id in _MARKED for r in rules)
        """Has the stage no instance on a board with no marks (:data:`_MARKED`)?"""
        facts = _WRITTEN
        if rows is not None:
            facts += f"shade_copies_rows({rows[0]}, {rows[1]}).\n"
        # only the parts of the board that the rules read (see board.lp)
        reads = _reads(rules)
        facts += "".join(f"board_reads({p}).\n" for p in sorted(reads)) or "board_reads(none).\n"
        if rows is not None and "twin" in reads and \
                "twin" not in _reads([r for r in rules if r.id != "shade_copies"]):
            facts += f"twin_rows({rows[0]}, {rows[1]}).\n"  # the band's twins alone
        self._text = "".join(file_text(f) for f in (BOARD, SHOW, *rule_files(rules))) + facts
        self._general = _grounding(self._text, written, None)
        """The program for every board."""
        self._baked: Grounding | None = None
        """The program baked for the boards that hold the board it was first solved on
        (:meth:`model`), if any."""
        self.known: tuple[Board, list[Hit]] | None = None
        self._empty: list[Board] = []
        self._empty_at: Board | None = None
        """The last board the stage was found empty on without a solve (:meth:`empty_below`)."""
        self._grows: dict[tuple[Cell, str], tuple[Cell, ...]] | None = None
        """The marks that may give the stage's rules an instance (see :data:`_GROWS`), each
        with the cells of which one must be unknown for it to give one (:data:`_NEEDS`);
        None: any mark."""
        if all(r.id in _GROWS for r in rules):
            lo, hi = rows if rows is not None else (1, max(r for r, _ in cells))
            growing = [r.id for r in rules if _GROWS[r.id] is not _NEVER]
            grows: dict[tuple[Cell, str], tuple[Cell, ...]] = {}
            for rid in growing:
                for cell in cells:
                    if rid == "shade_copies" and not lo <= cell[0] <= hi:
                        continue
                    for value in (SHADED, UNSHADED):
                        if _GROWS[rid](cell, value):
                            grows[cell, value] = grows.get((cell, value), ()) + \
                                near[_NEEDS[rid]][cell]
            self._grows = grows

    @property
    def started(self) -> bool:
        """Is a program of the stage grounded, or being grounded?"""
        return self._general.started or self._baked is not None

    def ground_ahead(self, pool: ThreadPoolExecutor, board: Board | None) -> None:
        """Have the program for every board (``board`` None), or one baked for ``board``,
        grounded by ``pool`` (see :meth:`HitoriReasoner.ground_ahead`)."""
        if board is None:
            self._general.ground_ahead(pool)
        else:
            self._baked = _grounding(self._text + _FIXED, _Baked(self._written, board), board)
            self._baked.ground_ahead(pool)

    def model(self, board: Board,
              atoms: dict[Cell, tuple[clingo.Symbol, clingo.Symbol, clingo.Symbol]],
              lineage: Lineage, bake: Callable[[], bool], *, rebake: bool = False
              ) -> Sequence[clingo.Symbol]:
        """The shown atoms of the program's one answer set on the board.

        A stage first solved on a board with marks that ``bake`` says every later board will
        hold (the boards of an explanation that agree with the puzzle's solution, before any
        case split) is grounded for the boards that hold it: its marks are facts, and the
        grounder leaves out what they settle. Such a stage is first asked for once the cheaper
        rules run out (a 20x20 puzzle: Shade the Copies with some 230 of the 400 cells marked,
        One Way Out with 380, No Isolation with 395), and its program is then grounded in a
        fraction of the time, and each solve costs less: a solve costs in proportion to the
        program. A board that does not hold the baked board is solved on a program for every
        board (the same rules: the same answer). ``bake`` is asked only for a stage not yet
        grounded, or, with ``rebake``, when the board leaves far fewer cells unknown than the
        program it would be solved on (:meth:`_rebakes`): the stage is then baked again for
        this board."""
        g = self._baked
        if g is None:
            if not self._general.started and board.cells and bake():
                return self._bake(board, atoms)
        else:
            added = lineage.added(g.last, board)
            if added is not None or holds(board, g.board):
                if rebake and self._rebakes(g.board, board) and bake():
                    return self._bake(board, atoms)
                return g.model(board, added, atoms)
        if rebake and self._rebakes(None, board) and bake():
            return self._bake(board, atoms)
        g = self._general
        return g.model(board, lineage.added(g.last, board), atoms)

    def _bake(self, board: Board,
              atoms: dict[Cell, tuple[clingo.Symbol, clingo.Symbol, clingo.Symbol]]
              ) -> Sequence[clingo.Symbol]:
        """The stage's answer on ``board``, from a program baked for it (see :meth:`model`)."""
        self._baked = g = _grounding(self._text + _FIXED, _Baked(self._written, board), board)
        return g.model(board, [], atoms)

    def _rebakes(self, baked: Board | None, board: Board) -> bool:
        """Does ``board`` leave so many fewer cells unknown than the program baked for
        ``baked`` (None: the program for every board) that a program baked for it pays (see
        :data:`REBAKE_SHARE`)?"""
        was = self._size - (0 if baked is None else len(baked.cells))
        now = self._size - len(board.cells)
        return was - now >= REBAKE_CELLS and now <= REBAKE_SHARE * was

    def empty_below(self, board: Board, lineage: Lineage) -> bool:
        """Was the stage found empty on a board that ``board`` adds to, with marks that give
        its rules no instance (see :data:`_GROWS`)?"""
        grows = self._grows
        if grows is None:
            return False
        cells = board.cells
        for b in [self._empty_at, *self._empty]:
            if b is None:
                continue
            added = lineage.added(b, board)
            if added is None:
                old = b.cells
                # (compared key by key inside Python's dictionaries: a set of the board's
                # marks took most of the time of this test on a 50x50)
                if len(old) > len(cells) or not old.items() <= cells.items():
                    continue
                added = [(k, cells[k]) for k in cells.keys() - old.keys()]
            for mark in added:
                need = grows.get(mark)
                if need is not None and not all(n in cells for n in need):
                    break
            else:
                # no instance on this board either: the next board may add to this one
                self._empty_at = board
                return True
        return False

    def found(self, board: Board, hits: list[Hit]) -> None:
        """What the stage found on the board, kept."""
        self.known = (board, hits)
        if not hits and self._grows is not None:
            self._empty = [board, *self._empty[:_EMPTY_KEPT - 1]]


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

    lazy_game = True
    """The game is grounded only when solved: not at all for a generated puzzle whose
    solution the generator proved unique (see ``solution``) and the direct rules explain."""

    def __init__(self, inst: HitoriInstance, rules: Sequence[RuleInfo] | None = None, *,
                 solution: HitoriSolution | None = None) -> None:
        """``solution``: the puzzle's solution, if clingo has already proven it to be the only
        one (the generator does); otherwise the reasoner asks clingo when it needs it."""
        self._cells = inst.cells()
        self._atoms = {cell: _cell_atoms(cell) for cell in self._cells}
        chosen = tuple(CATALOGUE if rules is None else rules)
        super().__init__(inst, [r for r in chosen if r.id not in LATE])
        self.rules = chosen
        facts = _Written(inst)
        stage_of = {rid: i for i, ids in enumerate(_STAGES) for rid in ids}
        twins = _twins(inst)
        near = {"neighbours": _neighbours(inst.height, inst.width), "twins": twins}
        self._stages: list[_Stage] = []
        """The direct rules' stages in order of preference, then the contradiction rules'."""
        for i in range(len(_STAGES) + 1):
            rules_i = tuple(r for r in chosen if r.kind is not Kind.CASE
                            and stage_of.get(r.id, len(_STAGES)) == i)
            copies = [r for r in rules_i if r.id == "shade_copies"]
            if copies and inst.height > BANDED_FROM:
                # Shade the Copies in bands of rows, the first with the rest of the stage
                for lo in range(1, inst.height + 1, BAND_ROWS):
                    band = tuple(r for r in rules_i if lo == 1 or r.id == "shade_copies")
                    self._stages.append(_Stage(band, facts, self._cells, near,
                                               rows=(lo, min(lo + BAND_ROWS - 1, inst.height))))
            elif rules_i:
                self._stages.append(_Stage(rules_i, facts, self._cells, near,
                                           late=i in _LATE_STAGES))
        self._direct_stages = [st for st in self._stages if not st.late
                               and any(r.kind is Kind.DIRECT for r in st.rules)]
        self._late_stages = [st for st in self._stages if st.late]
        self._contradiction_stages = [st for st in self._stages
                                      if any(r.kind is Kind.CONTRADICTION for r in st.rules)]
        # the cells whose number repeats in their row or column (the others are never shaded)
        self._repeats = frozenset(cell for cell, xs in twins.items() if xs)
        self._claims: frozenset[clingo.Symbol] = frozenset()
        self._solution: tuple[dict[Cell, str], ...] | None = None
        if solution is not None:
            self._solution = (dict(self.solution_board(solution).cells),)
        self._agrees: tuple[Board, bool] | None = None
        self._hit_atoms = _PARSED if self.catalogue is CATALOGUE else {}
        """Shown atoms parsed (:meth:`_parse_hit`), by the number that stands for the symbol in
        clingo (``Symbol._rep``): clingo keeps one copy of each symbol, so equal symbols have
        equal numbers, and a look-up by number needs no call into clingo to hash and compare
        (those calls cost more than the rest of reading an evaluation). Those of the package's
        catalogue are kept for the process (:data:`_PARSED`): a sort key is the rule's place in
        it."""
        self._lineage = Lineage()
        self._split_searched = False
        """Has a case split been searched for (:meth:`cases`)?"""
        self._ahead = False
        """Has :meth:`ground_ahead` been called, and no board with marks asked about since?"""

    def ground_ahead(self) -> None:
        """Ground the direct rules' programs in the background, in the order they are first
        solved, while this thread solves those already grounded (the generator's check that a
        candidate closes under the direct rules solves every one of them, so none is grounded
        in vain). clingo lets go of Python's lock while it grounds, so on a machine with a core
        to spare the programs of a 50x50 candidate are ready in about half the time; the CPU
        time stays the same. A program asked for before its turn is grounded in this thread.

        The stages that need marks (:data:`_MARKED`) are not solved on the empty board: their
        programs are grounded ahead once the closure reaches its first board with marks, baked
        for it when it agrees with the proven solution (:meth:`_bake_ahead`)."""
        self._ahead = True
        self._ground_ahead([st for st in [*self._direct_stages, *self._late_stages]
                            if not st.needs_marks], None)

    def _ground_ahead(self, stages: Sequence[_Stage], board: Board | None) -> None:
        """Have the stages' programs grounded in the background, for every board (``board``
        None) or baked for ``board``."""
        from concurrent.futures import ThreadPoolExecutor

        if not stages:
            return
        pool = ThreadPoolExecutor(max_workers=GROUND_AHEAD_THREADS,
                                  thread_name_prefix="hitori-ground")
        for st in stages:
            st.ground_ahead(pool, board)
        pool.shutdown(wait=False)  # the threads end once the queue is done

    def _bake_ahead(self, board: Board) -> None:
        """The first board with marks that a closure asks about after :meth:`ground_ahead`:
        the direct stages not yet grounded are baked for it in the background, if it agrees
        with the proven solution (the closure's later boards hold it; the late stages are first
        solved on nearly full boards, baked there when asked)."""
        self._ahead = False
        if self._bakes(board):
            self._ground_ahead([st for st in self._direct_stages if not st.started], board)

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
        if self._consistent(board):
            solution = self._unique_solution()
            assert solution is not None
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

    def _consistent(self, board: Board) -> bool:
        """Does the board agree with the one solution of the puzzle (proven unique by clingo,
        asked once)? Such a board has that solution and no other."""
        last = self._agrees
        if last is not None and last[0] is board:
            return last[1]
        solution = self._unique_solution()
        self._lineage.note(board)
        added = None if last is None else self._lineage.added(last[0], board)
        if added is not None and last is not None and solution is not None:
            # a board that adds marks to the last one asked about: only they need comparing
            agrees = last[1] and all(solution[k] == v for k, v in added)
        else:
            agrees = solution is not None and board.cells.items() <= solution.items()
        self._agrees = (board, agrees)  # asked twice a step: for contradictions, re-proofs
        return agrees

    # --- evaluating the rules, in stages ---------------------------------------------------------

    def _parse_hit(self, sym: clingo.Symbol) -> tuple[Any, ...]:
        """A shown atom as (rule id, where, sort key of the instance, key, value or None),
        cached: the same atoms recur at every evaluation. Instances are ordered by rule, then
        by their ``where`` term; every rule's ``where`` terms have one name and arity and
        numbers for arguments, whose order in clingo is that of the numbers."""
        parsed = self._hit_atoms
        got = parsed.get(sym._rep)
        if got is None:
            if len(parsed) >= _PARSED_KEPT:
                parsed.clear()
            m = _SHOWN.fullmatch(str(sym))
            if m is not None and (m.group(1) == "sets") == (m.group(5) is not None):
                rid, name, nums = m.group(2), m.group(3), m.group(4)
                numbers = () if nums is None else tuple(int(x) for x in nums.split(","))
                order: tuple[Any, ...] = (self._order[rid], name, len(numbers), numbers)
                where = _WHERE.get((name, nums))
                if where is None:
                    where = _WHERE[name, nums] = sym.arguments[1]
                got = (rid, where, order, None, None) if m.group(5) is None else \
                    (rid, where, order, (int(m.group(5)), int(m.group(6))), m.group(7))
                parsed[sym._rep] = got
                return got
            # not as the Hitori rules write it (e.g. a test's rule file): term by term
            args = sym.arguments
            rid, where = args[0].name, args[1]
            wargs = where.arguments
            if all(a.type == clingo.SymbolType.Number for a in wargs):
                order = (self._order[rid], where.name, len(wargs),
                         tuple(a.number for a in wargs))
            else:  # not written by the Hitori rules: clingo's order, by rank
                order = (self._order[rid], where.name, len(wargs), (str(where),))
            if sym.name == "sets":
                got = (rid, where, order, self.key_of(args[2]), args[3].name)
            else:
                got = (rid, where, order, None, None)
            self._hit_atoms[sym._rep] = got
        return got

    def _bakes(self, board: Board) -> bool:
        """May a stage first solved on ``board`` be baked for the boards that hold it (see
        :meth:`_Stage.model`)? Yes while no case split has been searched for (until then each
        board asked about adds to the one before) if the board agrees with the puzzle's
        solution, when clingo has already proven it unique: the boards of an explanation do
        (and after a split, the explanation goes on from the split's board, which holds it)."""
        return not self._split_searched and self._solution is not None and \
            self._consistent(board)

    def _solve(self, stage: _Stage, board: Board, *, rebake: bool = False) -> list[Hit]:
        """Every instance of the stage's rules on the board, in order of preference, as its
        rule files say (the last board's answer kept: a run asks for it more than once).
        ``rebake``: the stage may be baked again for this board (see :meth:`_Stage.model`)."""
        if stage.known is not None and stage.known[0] is board:
            return stage.known[1]
        if stage.needs_marks and not board.cells:
            return []
        self._lineage.note(board)
        if stage.empty_below(board, self._lineage):
            return []
        model = stage.model(board, self._atoms, self._lineage, lambda: self._bakes(board),
                            rebake=rebake)
        self.evaluations += 1
        found: dict[tuple[Any, ...], Hit] = {}
        parsed = self._hit_atoms
        # the symbols' handles read in one call from the array clingo filled, not a Symbol
        # made for each (symbol_handles): most were parsed at an earlier solve
        reps = symbol_handles(model)
        if reps is None:
            reps = [sym._rep for sym in model]
        for i, rep in enumerate(reps):
            got = parsed.get(rep)
            rid, where, order, key, value = got if got is not None else \
                self._parse_hit(model[i])
            hit = found.get(order)
            if hit is None:
                hit = found[order] = Hit(self._info[rid], where)
            if key is not None:
                hit.sets.append((key, value))
        hits = [found[k] for k in sorted(found)]
        for h in hits:
            h.sets.sort()
        stage.found(board, hits)
        return hits

    def hits(self, board: Board) -> list[Hit]:
        """Every instance of the rules but the late ones on the board, as the rule files say
        (each solved for, whatever the board)."""
        hits = [h for st in self._stages if not st.late for h in self._solve(st, board)]
        hits.sort(key=lambda h: self._order[h.rule.id])  # stable: each stage's order kept
        return hits

    def _late_hits(self, board: Board) -> list[Hit]:
        """The instances of the :data:`~aspuzzle.puzzles.hitori.rules.LATE` rules."""
        return [h for st in self._late_stages for h in self._solve(st, board)]

    def _new(self, board: Board, hits: list[Hit]) -> list[Hit]:
        """The direct hits that set something new on the board, with only what is new."""
        out: list[Hit] = []
        for h in hits:
            if h.rule.kind is Kind.CONTRADICTION:
                continue
            new, _ = board.new_in(h.sets, ())
            if new:
                out.append(Hit(h.rule, h.where, list(new)))
        return out

    def _direct(self, board: Board) -> list[Hit]:
        """Every direct hit that sets something new: the rules but the late ones, or, when
        they set nothing new, the late ones."""
        direct = [h for st in self._direct_stages for h in self._new(board, self._solve(st, board))]
        if direct:
            return direct
        return [h for st in self._late_stages for h in self._new(board, self._solve(st, board))]

    def _first_direct(self, board: Board) -> Hit | None:
        """The first of :meth:`_direct`, solving the stages only as far as it needs: the
        stages follow the order of preference, so the first stage with a new hit has it."""
        cells = board.cells
        for st in [*self._direct_stages, *self._late_stages]:
            # (an explanation's steps: each board adds a step to the last, the stages may be
            # baked again as the board fills up)
            for h in self._solve(st, board, rebake=True):
                if h.rule.kind is not Kind.CONTRADICTION and any(
                        cells.get(k) != v for k, v in h.sets):
                    new, _ = board.new_in(h.sets, ())
                    return Hit(h.rule, h.where, list(new))
        return None

    def _contradictions(self, board: Board) -> list[Hit]:
        """Every contradiction rule that fires on the board. None can on a board that agrees
        with the puzzle's one solution (the contradiction rules are sound: each fires only on a
        board that no solution completes), so none is solved for there."""
        if self._consistent(board):
            return []
        return [h for st in self._contradiction_stages for h in self._solve(st, board)
                if h.rule.kind is Kind.CONTRADICTION]

    def evaluate(self, board: Board) -> Evaluation:
        """The rules on the board, solved only as far as asked: a run of the rules asks whether
        a contradiction fires and, if none, for the first direct step (see :data:`_STAGES`)."""
        return Evaluation(board,
                          FirstThenEvery(board, lambda: self._first_direct(board),
                                lambda: self._direct(board), self.describe),
                          FirstThenEvery(board, lambda: next(iter(self._contradictions(board)),
                                                          None),
                                lambda: self._contradictions(board), self.describe))

    def _all_hits(self, board: Board, *, late: bool = False) -> list[Hit]:
        """Every rule instance on the board, in order of preference; the late rules only when
        the others set nothing new, or when ``late`` asks for them."""
        hits = self.hits(board)
        if self._late_stages and (late or not any(
                board.cells.get(k) != v for h in hits if h.rule.kind is Kind.DIRECT
                for k, v in h.sets)):
            hits = hits + self._late_hits(board)
            hits.sort(key=lambda h: self._order[h.rule.id])  # stable: each stage's order kept
        return hits

    def _split(self, board: Board) -> tuple[list[Hit], list[Hit]]:
        if self._ahead and board.cells:
            self._bake_ahead(board)
        return self._direct(board), self._contradictions(board)

    def applications(self, board: Board, rule_id: str) -> list[Step]:
        return [self.describe(board, h) for h in self._all_hits(board, late=rule_id in LATE)
                if h.rule.id == rule_id]

    # --- case splits ---------------------------------------------------------------------------

    def cases(self, ev: Evaluation) -> Sequence[Case]:
        """A split on an unknown cell, shaded or unshaded. Cells next to known cells and cells
        whose number repeats come first (a case there meets the rules soonest); at most
        :data:`MAX_CASES` are offered."""
        self._split_searched = True
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
