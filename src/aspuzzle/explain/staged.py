"""The machinery of a staged reasoner, for any type's rule programs: the programs of a board's
stages, each grounded once (in threads ahead of its first solve, or baked for a board whose
marks every later board holds) and then solved on externals set to each board asked about,
through clingo's C functions where the wrapper costs more than the call; and the lineage of
the boards asked about, so that what a board adds to the last is found without comparing
the two in full; and :class:`StagedReasoner`, a reasoner whose rules are solved in such
stages, in order of preference, as far as a step needs (a type says its stages and words).

A program's board is its externals, one per key and value: ``atoms[key]`` lists them in the
order of ``values``; a key's externals are all false but the one of its value. A baked
program's fixed marks are facts and have no externals.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import clingo

from aspuzzle.engine import symbol_handles
from aspuzzle.explain.asp import AspReasoner, Hit
from aspuzzle.explain.loop import Case, Evaluation
from aspuzzle.explain.rules import RuleInfo, rule_files
from aspuzzle.explain.steps import Board, FirstThenEvery, Kind, Step, Use, cells_text

if TYPE_CHECKING:  # (imported when used: concurrent.futures takes 17 ms to import)
    from concurrent.futures import Future, ThreadPoolExecutor
    from importlib.resources.abc import Traversable

__all__ = ["Baked", "Grounding", "Lineage", "Stage", "StagedReasoner", "Terms", "atom_adder",
           "board_parts", "counted", "external_assigner", "file_text", "holds"]

Cell = Any
"""A board key (a cell ``(r, c)`` for most types)."""

_LINKS = 64
"""How far back :meth:`Lineage.added` follows a board's parents before it gives up (and the
caller compares the boards in full)."""
_NOTED = 256
"""Boards whose parent :class:`Lineage` keeps."""


class Lineage:
    """The boards a reasoner is asked about, each with the board asked about before it if it
    adds marks to that one, and the marks it adds. An explanation asks about a board that adds
    a step's few marks to the last one, at every step; on a 50x50 grid, comparing two boards in
    full costs more than the rest of a stage's bookkeeping, so the marks a board adds to an
    earlier one are found by following parents, and the boards are compared once each.

    Boards are numbered as they come; a board is known by a weak reference (what it adds is
    kept, the board itself is not: the dictionary of a 100x100 board's marks takes 300 kB)."""

    def __init__(self) -> None:
        self._number: dict[int, tuple[weakref.ref[Board], int]] = {}
        """By ``id(board)``: the board, and its number."""
        self._parents: dict[int, tuple[int | None, tuple[tuple[Cell, str], ...]]] = {}
        """By a board's number: its parent's number and what it adds to its parent."""
        self._latest: Board | None = None
        self._count = 0

    def _of(self, board: Board) -> int | None:
        got = self._number.get(id(board))
        return got[1] if got is not None and got[0]() is board else None

    def note(self, board: Board) -> None:
        """Make ``board`` known, with the last board as its parent if it adds to it."""
        if self._of(board) is not None:
            return
        prev = self._latest
        parent: int | None = None
        added: tuple[tuple[Cell, str], ...] = ()
        if prev is not None:
            old, cells = prev.cells, board.cells
            if len(old) <= len(cells) and old.items() <= cells.items():
                parent = self._of(prev)
                added = tuple((k, cells[k]) for k in cells.keys() - old.keys())
        self._count += 1
        if len(self._parents) >= _NOTED:
            del self._parents[next(iter(self._parents))]
        if len(self._number) >= _NOTED:
            del self._number[next(iter(self._number))]
        self._parents[self._count] = (parent, added)
        self._number[id(board)] = (weakref.ref(board), self._count)
        self._latest = board

    def added(self, old: Board, board: Board) -> list[tuple[Cell, str]] | None:
        """The marks ``board`` adds to ``old``, if ``old`` is one of its last few ancestors
        (:data:`_LINKS`); None if not found so (it may add to it all the same)."""
        target, n = self._of(old), self._of(board)
        if target is None or n is None:
            return None
        out: list[tuple[Cell, str]] = []
        for _ in range(_LINKS):
            if n == target:
                return out
            got = self._parents.get(n)
            if got is None or got[0] is None:
                return None
            out += got[1]
            n = got[0]
        return out if n == target else None


def holds(board: Board, old: Board | None) -> bool:
    """Does ``board`` hold every mark of ``old`` (None: no board)?"""
    if old is None:
        return True
    cells, marks = board.cells, old.cells
    return len(marks) <= len(cells) and marks.items() <= cells.items()


_TEXT: dict[str, str] = {}
"""The package's rule files, read once per process."""


def file_text(f: Traversable) -> str:
    key = str(f)
    got = _TEXT.get(key)
    if got is None:
        got = _TEXT[key] = f.read_text(encoding="utf-8") + "\n"
    return got


def ignore(code: clingo.MessageCode, message: str) -> None:
    """clingo's messages while grounding a rule program: only its notes that a program of a
    few rules has no atom of a shown predicate, or no rule for an optional input fact."""


def atom_adder(backend: clingo.Backend) -> Callable[[clingo.Symbol], int]:
    """``backend.add_atom`` through clingo's C function directly, with one output cell for
    every call: the wrapper makes two cells and a handler per call, some 4 us, and a program of
    a 50x50 puzzle looks up its 5,000 externals so, ten programs or more a candidate (where
    this clingo does not expose its C functions, the wrapper's)."""
    try:
        from clingo._internal import _ffi, _handle_error, _lib  # type: ignore[attr-defined]

        rep, c_add = backend._rep, _lib.clingo_backend_add_atom
        sym, out = _ffi.new("clingo_symbol_t*"), _ffi.new("clingo_atom_t*")
    except (ImportError, AttributeError):
        return backend.add_atom

    def add(atom: clingo.Symbol) -> int:
        sym[0] = atom._rep
        if not c_add(rep, sym, out):
            _handle_error(False)
        return int(out[0])

    return add


def external_assigner(ctl: clingo.Control) -> Callable[[int, bool], None]:
    """``ctl.assign_external`` of a program atom, true or false, through clingo's C function
    directly (the wrapper's checks and look-ups cost more than the call: a 50x50 candidate
    assigns some 30,000 externals); where this clingo does not expose its C functions, the
    wrapper's."""
    try:
        from clingo._internal import _handle_error, _lib  # type: ignore[attr-defined]

        rep, c_assign = ctl._rep, _lib.clingo_control_assign_external
        true, false = _lib.clingo_external_type_true, _lib.clingo_external_type_false
    except (ImportError, AttributeError):
        return ctl.assign_external

    def assign(atom: int, truth: bool) -> None:
        if not c_assign(rep, atom, true if truth else false):
            _handle_error(False)

    return assign


class Grounding:
    """A stage's program: grounded for every board (``board`` None: every cell's marks are
    externals), or baked for the boards that hold ``board`` (its marks are facts, see
    board.lp), with the board its externals were last set to."""

    def __init__(self, text: str, context: object, board: Board | None,
                 values: Sequence[str], what: str = "rule") -> None:
        self._text = text
        self._index = {v: i for i, v in enumerate(values)}
        self._what = what
        self._context = context
        self.board = board
        self._program: clingo.Control | None = None
        self._pending: Future[clingo.Control] | None = None
        self._lits: dict[Any, tuple[int, ...]] = {}
        self._assign: Callable[[int, bool], None] | None = None
        # clingo's externals start false: the empty board, or the baked board
        self.last = Board({}) if board is None else board

    @property
    def started(self) -> bool:
        """Is the program grounded, or being grounded?"""
        return self._program is not None or self._pending is not None

    def _ground(self) -> clingo.Control:
        # the one answer set is found by propagation alone: no decisions to make, nothing
        # to tidy after a solve (the program never changes, only its externals do); nor
        # does clasp's search for equivalent atoms and bodies before the first solve pay
        # (--eq=0: generating 20x20 puzzles took some 2% fewer instructions without it)
        ctl = clingo.Control(["--heuristic=None", "--eq=0"], logger=ignore, message_limit=0)
        ctl.add("base", [], self._text)
        ctl.ground([("base", [])], context=self._context)
        ctl.enable_cleanup = False
        conf: Any = ctl.configuration.solve
        conf.models, conf.enum_mode = "1", "auto"
        return ctl

    def ground_ahead(self, pool: ThreadPoolExecutor) -> None:
        """Have the program grounded by ``pool`` (in threads, ahead of its first solve)."""
        if not self.started:
            self._pending = pool.submit(self._ground)

    @property
    def program(self) -> clingo.Control:
        if self._program is None:
            pending, self._pending = self._pending, None
            if pending is not None and not pending.cancel():
                self._program = pending.result()
            else:
                self._program = self._ground()
        return self._program

    def model(self, board: Board, added: Sequence[tuple[Cell, str]] | None,
              atoms: Mapping[Any, Sequence[clingo.Symbol]]
              ) -> Sequence[clingo.Symbol]:
        """The shown atoms of the program's one answer set on the board (which holds the
        baked board, if any), given the marks it adds to :attr:`last` (None if unknown)."""
        ctl = self.program
        lits = self._lits
        if not lits:  # the externals' solver literals, looked up once
            # by the backend, one call into clingo per atom (a walk over the symbolic atoms
            # takes four); board.lp declares both externals of every cell not baked in, so
            # none is new
            fixed = {} if self.board is None else self.board.cells
            with ctl.backend() as backend:
                add = atom_adder(backend)
                n = len(self._index)
                lits.update({cell: tuple(add(a) for a in ext[:n])
                             for cell, ext in atoms.items() if cell not in fixed})
        cells = board.cells
        index = self._index
        assign = self._assign
        if assign is None:
            assign = self._assign = external_assigner(ctl)
        if added is None:
            last = self.last.cells
            for cell in {c for c, _ in cells.items() ^ last.items()}:
                old, v = last.get(cell), cells.get(cell)
                if old is not None:
                    assign(lits[cell][index[old]], False)
                if v is not None:
                    assign(lits[cell][index[v]], True)
        else:
            # a mark added to an unknown cell: its other external is false already
            for cell, v in added:
                assign(lits[cell][index[v]], True)
        self.last = board  # (a board is not changed once made)
        found: list[Sequence[clingo.Symbol]] = []
        ctl.solve(on_model=lambda m: found.append(m.symbols(shown=True)))
        if not found:  # stratified rule programs always have exactly one answer set
            raise RuntimeError(f"the {self._what} programs have no answer set")
        return found[0]


# --- stages and the staged reasoner -----------------------------------------------------------

REBAKE_SHARE = 0.5
REBAKE_CELLS = 600
"""An explanation's step asks for a stage on a board that leaves at most this share of the
keys unknown that its program leaves unknown, and at least :data:`REBAKE_CELLS` fewer: the
stage is baked again for that board (see :meth:`Stage.model`). A 50x50 Hitori made at tier
direct has every program grounded for every board (the closure solves them all on the empty
board), but its explanation first asks for most stages with 1,400 to 2,400 of the 2,500 cells
marked, and then some 20 to 50 times each: a program baked there is solved in a fifth to a
tenth of the time, and grounded in some 30 ms."""

_EMPTY_KEPT = 2
"""Boards on which a stage was found empty, kept (a run goes back and forth between its own
board and the case splits' branches); each is compared with the board asked about."""

GROUND_AHEAD_THREADS = 2
"""Threads that ground a reasoner's programs ahead (:meth:`StagedReasoner.ground_ahead`)."""

FIXED = "fixed(R, C, V) :- (R, C, V) = @fixed().\n"
"""A baked program's board (:class:`Grounding`): its marks as facts ``fixed(R, C, Value)``,
handed over as terms as the instance's are (:class:`Terms`)."""

_MARK_TERMS: dict[tuple[Cell, str], clingo.Symbol] = {}
"""The term ``(R, C, Value)`` of a mark, made once per process (:func:`_mark_term`)."""
_INT_TERMS: dict[tuple[int, ...], clingo.Symbol] = {}
"""The terms of :class:`Terms`, made once per process (a term is a few calls into clingo; the
puzzles of a size share most of them)."""
_INT_TERMS_KEPT = 200_000


def _mark_term(cell: Cell, value: str) -> clingo.Symbol:
    got = _MARK_TERMS.get((cell, value))
    if got is None:
        got = _MARK_TERMS[cell, value] = clingo.Tuple_(
            (clingo.Number(cell[0]), clingo.Number(cell[1]), clingo.Function(value, [])))
    return got


class Terms:
    """The context of a rule program's grounding: ``@given()`` is the instance's facts as
    tuples of numbers (e.g. ``written(R, C, N) :- (R, C, N) = @given().``), made once per
    puzzle. clingo parses a fact in the text of a program at some 30,000 instructions, more
    than it takes to ground it, and every program of a puzzle would parse all of them again
    (a 50x50 grid: 2,500 facts, some 25 ms a program); handed over by one call they cost less
    than half of that per program."""

    def __init__(self, rows: Sequence[tuple[int, ...]]) -> None:
        terms = _INT_TERMS
        if len(terms) > _INT_TERMS_KEPT:
            terms.clear()
        out = []
        for t in rows:
            term = terms.get(t)
            if term is None:
                term = terms[t] = clingo.Tuple_(tuple(map(clingo.Number, t)))
            out.append(term)
        self._terms = out

    def given(self) -> list[clingo.Symbol]:
        return self._terms


class Baked:
    """The context of a baked program's grounding: the instance's terms (:class:`Terms`) and
    the board's marks, ``@fixed()`` (:data:`FIXED`)."""

    def __init__(self, terms: Terms, board: Board) -> None:
        self.given = terms.given
        self._terms = [_mark_term(cell, v) for cell, v in sorted(board.cells.items())]

    def fixed(self) -> list[clingo.Symbol]:
        return self._terms


_READS: dict[str, frozenset[str]] = {}
"""The parts of a board program that a rule file reads, by the file's path."""


def board_parts(rules: Sequence[RuleInfo], parts: re.Pattern[str]) -> frozenset[str]:
    """The parts of a type's board program that the rules read, as ``parts`` finds their
    uses in the rule files' code (a rule file names what it reads, so a new rule needs no
    entry anywhere); the program is then given ``board_reads(P)`` for each."""
    out: set[str] = set()
    for f in rule_files(rules):
        key = str(f)
        got = _READS.get(key)
        if got is None:
            code = "\n".join(line.split("%", 1)[0] for line in file_text(f).splitlines())
            got = _READS[key] = frozenset(parts.findall(code))
        out |= got
    return frozenset(out)


Grows = dict[tuple[Cell, str], tuple[Cell, ...]]
"""The marks that may give a stage's rules an instance where they had none: each mark with
the keys of which one must still be unknown for it to give one (see :meth:`Stage.empty_below`)."""


class Stage:
    """Some of the rules, grounded in a program of their own when first solved, with the board
    it last saw (its externals) and what it found there.

    ``text`` is the program (board, show and rule files, and the facts the type adds), grounded
    with ``terms``; ``values`` the key's values in the order of its externals. ``needs_marks``:
    no rule of the stage has an instance on a board with no marks. ``grows`` (None: any mark
    may) the marks that may give its rules an instance on a board that adds them to one where
    they had none: the rules read the board otherwise only as "this key is unknown" and, in
    their conflict checks, "set otherwise", which only stop them."""

    def __init__(self, rules: tuple[RuleInfo, ...], text: str, terms: Terms,
                 values: Sequence[str], size: int, *, late: bool = False,
                 needs_marks: bool = False, grows: Grows | None = None,
                 what: str = "rule") -> None:
        self.rules = rules
        self.late = late
        self.needs_marks = needs_marks
        self._terms = terms
        self._values = values
        self._what = what
        self._size = size
        self._text = text
        self._general = Grounding(text, terms, None, values, what)
        """The program for every board."""
        self._baked: Grounding | None = None
        """The program baked for the boards that hold the board it was first solved on
        (:meth:`model`), if any."""
        self.known: tuple[Board, list[Any]] | None = None
        self._empty: list[Board] = []
        self._empty_at: Board | None = None
        """The last board the stage was found empty on without a solve (:meth:`empty_below`)."""
        self._grows = grows

    def _baking(self, board: Board) -> Grounding:
        return Grounding(self._text + FIXED, Baked(self._terms, board), board, self._values,
                         self._what)

    @property
    def started(self) -> bool:
        """Is a program of the stage grounded, or being grounded?"""
        return self._general.started or self._baked is not None

    def ground_ahead(self, pool: ThreadPoolExecutor, board: Board | None) -> None:
        """Have the program for every board (``board`` None), or one baked for ``board``,
        grounded by ``pool`` (see :meth:`StagedReasoner.ground_ahead`)."""
        if board is None:
            self._general.ground_ahead(pool)
        else:
            self._baked = self._baking(board)
            self._baked.ground_ahead(pool)

    def model(self, board: Board, atoms: Mapping[Any, Sequence[clingo.Symbol]],
              lineage: Lineage, bake: Callable[[], bool], *, rebake: bool = False
              ) -> Sequence[clingo.Symbol]:
        """The shown atoms of the program's one answer set on the board.

        A stage first solved on a board with marks that ``bake`` says every later board will
        hold (the boards of an explanation that agree with the puzzle's solution, before any
        case split) is grounded for the boards that hold it: its marks are facts, and the
        grounder leaves out what they settle. Such a stage is first asked for once the cheaper
        rules run out (a 20x20 Hitori: Shade the Copies with some 230 of the 400 cells marked,
        One Way Out with 380), and its program is then grounded in a fraction of the time, and
        each solve costs less: a solve costs in proportion to the program. A board that does
        not hold the baked board is solved on a program for every board (the same rules: the
        same answer). ``bake`` is asked only for a stage not yet grounded, or, with
        ``rebake``, when the board leaves far fewer keys unknown than the program it would be
        solved on (:meth:`_rebakes`): the stage is then baked again for this board."""
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

    def _bake(self, board: Board, atoms: Mapping[Any, Sequence[clingo.Symbol]]
              ) -> Sequence[clingo.Symbol]:
        """The stage's answer on ``board``, from a program baked for it (see :meth:`model`)."""
        self._baked = g = self._baking(board)
        return g.model(board, [], atoms)

    def _rebakes(self, baked: Board | None, board: Board) -> bool:
        """Does ``board`` leave so many fewer keys unknown than the program baked for
        ``baked`` (None: the program for every board) that a program baked for it pays (see
        :data:`REBAKE_SHARE`)?"""
        was = self._size - (0 if baked is None else len(baked.cells))
        now = self._size - len(board.cells)
        return was - now >= REBAKE_CELLS and now <= REBAKE_SHARE * was

    def empty_below(self, board: Board, lineage: Lineage) -> bool:
        """Was the stage found empty on a board that ``board`` adds to, with marks that give
        its rules no instance (see ``grows``)?"""
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

    def found(self, board: Board, hits: list[Any]) -> None:
        """What the stage found on the board, kept."""
        self.known = (board, hits)
        if not hits and self._grows is not None:
            self._empty = [board, *self._empty[:_EMPTY_KEPT - 1]]


_SHOWN = re.compile(r"(sets|contradiction)\((\w+),(\w+)(?:\(([\d,]+)\))?"
                    r"(?:,cell\((\d+),(\d+)\),(\w+))?\)")
"""A shown atom of a cell type's rules as clingo writes it, e.g.
``sets(shade_copies,cell(3,4),cell(3,7),shaded)``: read from its text, one call into clingo,
where reading it term by term takes a dozen (:meth:`StagedReasoner._parse_hit`)."""
_PARSED: dict[int, tuple[tuple[RuleInfo, ...], dict[int, tuple[Any, ...]]]] = {}
"""By the identity of a catalogue: the shown atoms of its rule programs parsed so far, by the
number that stands for the symbol in clingo (``Symbol._rep``: clingo keeps one copy of each
symbol for the life of the process, so equal symbols have equal numbers). Kept for the process:
most recur from one puzzle of a size to the next (a 20x20 Hitori met some 700 new ones,
parsed at some 15 us each), and a look-up by number needs no call into clingo."""
_PARSED_KEPT = 100_000
_WHERE: dict[tuple[str, str | None], clingo.Symbol] = {}
"""The ``where`` terms of the shown atoms, by their name and numbers as text: many atoms share
one (an instance's), and taking it from the atom makes a Symbol of each of its arguments."""
_DOUBT = clingo.Function("doubt", [])


class StagedReasoner(AspReasoner):
    """A reasoner whose rules are solved in stages, each a program of its own
    (:class:`Stage`, made by the type's :meth:`make_stages`) in order of preference: an
    explanation's run asks whether a contradiction fires and, if none, for the first direct
    step, so the stages are solved only as far as that needs. The late rules (``stage: late``)
    are solved only when the others set nothing new.

    The keys are cells; a cell's externals (:attr:`_atoms`) are one atom per value and then
    the game's answer atom, true for the value :attr:`answer`. The game's re-proof program
    (``game_lp``) names the claims of a step ``claim_<value>(R, C)`` and derives ``doubt`` when
    one fails. ``solution``: the puzzle's solution, if clingo has already proven it to be the
    only one (the generator does); otherwise the reasoner asks clingo when it needs it."""

    lazy_game = True
    """The game is grounded only when solved: not at all for a generated puzzle whose
    solution the generator proved unique and the direct rules explain."""
    bakes = True
    """May a stage be baked for a board (:meth:`Stage.model`)? A type whose board program
    takes no ``fixed`` marks says no."""
    late_ids: frozenset[str] = frozenset()
    """The rules solved only when the others set nothing new (``rulefile.late``)."""
    answer: str
    """The value of a cell whose answer atom holds."""
    _atoms: Mapping[Cell, Sequence[clingo.Symbol]]
    _cells: Sequence[Cell]

    def __init__(self, inst: Any, rules: Sequence[RuleInfo] | None = None, *,
                 solution: Any = None) -> None:
        chosen = tuple(self.catalogue if rules is None else rules)
        super().__init__(inst, [r for r in chosen if r.id not in self.late_ids])
        self.rules = chosen
        self._stages: list[Stage] = self.make_stages(chosen)
        """The direct rules' stages in order of preference, then the contradiction rules'."""
        self._direct_stages = [st for st in self._stages if not st.late
                               and any(r.kind is Kind.DIRECT for r in st.rules)]
        self._late_stages = [st for st in self._stages if st.late]
        self._contradiction_stages = [st for st in self._stages
                                      if any(r.kind is Kind.CONTRADICTION for r in st.rules)]
        self._claims: frozenset[clingo.Symbol] = frozenset()
        self._solution: tuple[dict[Cell, str], ...] | None = None
        if solution is not None:
            self._solution = (dict(self.solution_board(solution).cells),)
        self._agrees: tuple[Board, bool] | None = None
        got = _PARSED.get(id(self.catalogue))
        if got is None or got[0] is not self.catalogue:
            got = _PARSED[id(self.catalogue)] = (self.catalogue, {})
        self._hit_atoms = got[1]
        """Shown atoms parsed (:meth:`_parse_hit`), by the number that stands for the symbol in
        clingo (``Symbol._rep``), kept for the process per catalogue (:data:`_PARSED`): a sort
        key is the rule's place in it."""
        self._lineage = Lineage()
        self._split_searched = False
        """Has a case split been searched for (:meth:`cases`)?"""
        self._ahead = False
        """Has :meth:`ground_ahead` been called, and no board with marks asked about since?"""

    def make_stages(self, rules: tuple[RuleInfo, ...]) -> list[Stage]:
        """The stages of the chosen rules (but the case rules), in order of preference."""
        raise NotImplementedError

    def ground_ahead(self) -> None:
        """Ground the direct rules' programs in the background, in the order they are first
        solved, while this thread solves those already grounded (the generator's check that a
        candidate closes under the direct rules solves every one of them, so none is grounded
        in vain). clingo lets go of Python's lock while it grounds, so on a machine with a core
        to spare the programs of a 50x50 candidate are ready in about half the time; the CPU
        time stays the same. A program asked for before its turn is grounded in this thread.

        The stages that need marks are not solved on the empty board: their programs are
        grounded ahead once the closure reaches its first board with marks, baked for it when
        it agrees with the proven solution (:meth:`_bake_ahead`)."""
        self._ahead = True
        self._ground_ahead([st for st in [*self._direct_stages, *self._late_stages]
                            if not st.needs_marks], None)

    def _ground_ahead(self, stages: Sequence[Stage], board: Board | None) -> None:
        from concurrent.futures import ThreadPoolExecutor

        if not stages:
            return
        pool = ThreadPoolExecutor(max_workers=GROUND_AHEAD_THREADS,
                                  thread_name_prefix=f"{self.type}-ground")
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

    # --- the board's keys ----------------------------------------------------------------------

    def keys(self) -> Sequence[Cell]:
        return self._cells

    def external(self, key: Any, value: str) -> clingo.Symbol:
        return self._atoms[key][self.values(key).index(value)]

    def literal(self, key: Any, value: str) -> tuple[clingo.Symbol, bool]:
        return self._atoms[key][-1], value == self.answer

    def key_of(self, term: clingo.Symbol) -> Cell:
        r, c = (a.number for a in term.arguments)
        return r, c

    # --- the game -------------------------------------------------------------------------------

    def entails(self, board: Board, sets: Any, links: tuple[Any, ...] = ()) -> bool:
        """Do the board and the game rules force every claim?

        When clingo has proven the puzzle to have exactly one solution and the board agrees
        with it, the answer is whether the claims agree with it too: that solution is then the
        only one the board allows, so a solve would give the same verdict. Otherwise one solve
        for all the claims (the type's re-proof program): the board plus ``doubt`` has no
        answer."""
        if self._consistent(board):
            solution = self._unique_solution()
            assert solution is not None
            return all(solution[k] == v for k, v in sets)
        claims = frozenset(clingo.Function("claim_" + v, [clingo.Number(r), clingo.Number(c)])
                           for (r, c), v in sets)
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
        by their ``where`` term; a rule's ``where`` terms of one name and arity with numbers
        for arguments are in clingo's order of the numbers."""
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
            # not in that form (e.g. a test's rule file): term by term
            args = sym.arguments
            rid, where = args[0].name, args[1]
            wargs = where.arguments
            if all(a.type == clingo.SymbolType.Number for a in wargs):
                order = (self._order[rid], where.name, len(wargs),
                         tuple(a.number for a in wargs))
            else:  # clingo's order, by rank
                order = (self._order[rid], where.name, len(wargs), (str(where),))
            if sym.name == "sets":
                got = (rid, where, order, self.key_of(args[2]), args[3].name)
            else:
                got = (rid, where, order, None, None)
            self._hit_atoms[sym._rep] = got
        return got

    def _bakes(self, board: Board) -> bool:
        """May a stage first solved on ``board`` be baked for the boards that hold it (see
        :meth:`Stage.model`)? Yes while no case split has been searched for (until then each
        board asked about adds to the one before) if the board agrees with the puzzle's
        solution, when clingo has already proven it unique: the boards of an explanation do
        (and after a split, the explanation goes on from the split's board, which holds it)."""
        return self.bakes and not self._split_searched and self._solution is not None and \
            self._consistent(board)

    def _solve(self, stage: Stage, board: Board, *, rebake: bool = False) -> list[Hit]:
        """Every instance of the stage's rules on the board, in order of preference, as its
        rule files say (the last board's answer kept: a run asks for it more than once).
        ``rebake``: the stage may be baked again for this board (see :meth:`Stage.model`)."""
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
        a contradiction fires and, if none, for the first direct step."""
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
            hits = hits + [h for st in self._late_stages for h in self._solve(st, board)]
            hits.sort(key=lambda h: self._order[h.rule.id])  # stable: each stage's order kept
        return hits

    def _split(self, board: Board) -> tuple[list[Hit], list[Hit]]:
        if self._ahead and board.cells:
            self._bake_ahead(board)
        return self._direct(board), self._contradictions(board)

    def applications(self, board: Board, rule_id: str) -> list[Step]:
        return [self.describe(board, h)
                for h in self._all_hits(board, late=rule_id in self.late_ids)
                if h.rule.id == rule_id]

    def cases(self, ev: Evaluation) -> Sequence[Case]:
        """A split on an unknown cell into each of its values, the cells :meth:`rank` puts
        first (a case there meets the rules soonest); at most :data:`MAX_CASES` offered."""
        self._split_searched = True
        board = ev.board
        rule = next(r for r in self.catalogue if r.kind is Kind.CASE)
        out: list[Case] = []
        for cell in self.rank(board)[:MAX_CASES]:
            at = cells_text([cell])
            values = self.values(cell)
            out.append(Case(rule.name, rule.id, rule.sheet,
                            f"{at} is {' or '.join(values)}", (Use("cell", (cell,)),),
                            tuple((f"{at} is {v}", ((cell, v),), ()) for v in values)))
        return out

    def rank(self, board: Board) -> list[Cell]:
        """The unknown cells, the most promising for a case split first."""
        raise NotImplementedError

    # --- words ----------------------------------------------------------------------------------

    def describe(self, board: Board, hit: Hit) -> Step:
        """The step of a rule instance: its rule file's sentence (``says``) filled with the
        values of :meth:`say`."""
        from aspuzzle.kit.rulefile import fill

        rule = hit.rule
        if not rule.says:
            raise RuntimeError(f"no words for {rule.id} at {hit.where}")
        values, uses = self.say(board, hit)
        return Step(rule.name, rule.kind, tuple(hit.sets), (), tuple(uses),
                    fill(rule.says, values), rule_id=rule.id, sheet=rule.sheet)

    def say(self, board: Board, hit: Hit) -> tuple[dict[str, str], list[Use]]:
        """The values of the sentence of a rule instance, and the cells it used."""
        raise NotImplementedError


def counted(name: str, cells: Sequence[Cell]) -> dict[str, str]:
    """A list of cells as the values of a sentence: ``{name}`` the cells, ``{name_is}`` "is" or
    "are", ``{name_it}`` "it is" or "they are", ``{name_s}`` "" or "s" (one cell or more)."""
    one = len(cells) == 1
    return {name: cells_text(cells), f"{name}_is": "is" if one else "are",
            f"{name}_it": "it is" if one else "they are", f"{name}_s": "" if one else "s"}


MAX_CASES = 60
"""Case splits are offered on at most this many cells at a time, the most promising first
(see :meth:`StagedReasoner.cases`)."""
