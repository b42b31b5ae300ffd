"""The machinery of a staged reasoner, for any type's rule programs: the programs of a board's
stages, each grounded once (in threads ahead of its first solve, or baked for a board whose
marks every later board holds) and then solved on externals set to each board asked about,
through clingo's C functions where the wrapper costs more than the call; and the lineage of
the boards asked about, so that what a board adds to the last is found without comparing
the two in full. Hitori's reasoner (``puzzles/hitori/reasoning.py``) is built on it.

A program's board is its externals, one per key and value: ``atoms[key]`` lists them in the
order of ``values``; a key's externals are all false but the one of its value. A baked
program's fixed marks are facts and have no externals.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import clingo

from aspuzzle.explain.steps import Board

if TYPE_CHECKING:  # (imported when used: concurrent.futures takes 17 ms to import)
    from concurrent.futures import Future, ThreadPoolExecutor
    from importlib.resources.abc import Traversable

__all__ = ["Grounding", "Lineage", "atom_adder", "external_assigner", "file_text", "holds"]

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
