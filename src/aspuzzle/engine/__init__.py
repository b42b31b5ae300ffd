"""The only module that talks to clingo.

It grounds an encoding (``.lp`` files) together with instance facts, then answers questions about
the answer sets *projected on the answer atoms* of a puzzle (for Tents: the tent positions),
so that helper atoms never make one solution count twice:

* :func:`solve` -- up to ``max_answers`` distinct answers and a verdict
  (``unique`` / ``multiple`` / ``none`` / ``timeout``);
* :func:`count` -- the exact number of distinct answers, up to a limit;
* :class:`Grounded` -- a program grounded once and then queried many times under assumptions
  (satisfiability, cautious consequences, unsatisfiable cores), as the explainer needs.

Nothing here prints; everything returns typed results.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Iterable, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar

import clingo

from aspuzzle._deadline import remaining
from aspuzzle.errors import InputError, Location, TimeLimit, UsageError
from aspuzzle.formats.asp_text import unsafe_char

if TYPE_CHECKING:  # importlib.resources costs ~6 ms at start-up, for an annotation
    from importlib.resources.abc import Traversable
    from pathlib import Path

__all__ = [
    "Answers",
    "AtomLiterals",
    "CountResult",
    "Grounded",
    "Program",
    "SolveConfig",
    "SolveResult",
    "Status",
    "count",
    "solve",
    "symbol_handles",
]

Signature = tuple[str, int]
T = TypeVar("T")


class Status(StrEnum):
    """The verdict on a puzzle."""

    UNIQUE = "unique"
    MULTIPLE = "multiple"
    NONE = "none"
    TIMEOUT = "timeout"


class SolveConfig(NamedTuple):
    """How to run clingo. Passed explicitly; there is no global configuration."""

    timeout: float | None = None
    """Seconds for the search (grounding is not interrupted); ``None`` means no limit."""
    threads: int = 1
    interruptible: bool = True
    """Let Ctrl-C stop a search (a solve thread); tight loops of tiny solves may turn it off."""
    seed: int | None = None
    """Random seed for clingo's heuristic; ``None`` keeps clingo's deterministic default."""

    def checked(self) -> SolveConfig:
        """The configuration if every field makes sense, else a UsageError naming the field
        (a library caller's ``SolveConfig(timeout=-1)`` is refused, as ``--timeout -1`` is)."""
        t = self.timeout
        if t is not None and (isinstance(t, bool) or not isinstance(t, int | float)
                              or not 0 < t < float("inf")):
            raise UsageError(f"the timeout is a positive number of seconds, not {t!r}")
        n = self.threads
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise UsageError(f"threads is a whole number, 1 or more, not {n!r}")
        seed = self.seed
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)
                                 or not 0 <= seed < 2**32):
            raise UsageError(f"the seed is a whole number from 0 to 2**32 - 1, not {seed!r}")
        return self


class Program(NamedTuple):
    """What to ground: encoding files, instance facts, optional user ASP, and the projection."""

    encodings: tuple[Traversable | Path, ...]
    facts: tuple[clingo.Symbol, ...]
    project: tuple[Signature, ...]
    """Answers are distinct iff they differ on atoms of these signatures."""
    user_asp: str = ""
    """Raw ASP written by the user (the logic-grid escape hatch); never built by this package."""
    constants: tuple[tuple[str, str], ...] = ()
    rules: str = ""
    """Ground rules this package builds from symbols (e.g. a diagnosis's clues, each behind a
    guard atom); not user input."""
    facts_text: str = ""
    """More instance facts, as ASP text written by the puzzle type (``facts_text`` of a type):
    the same facts as ``facts`` would be, without making a clingo Symbol per fact and turning
    it back into text (on a 50x50 Hitori that costs more than solving)."""
    solver_args: tuple[str, ...] = ()
    """clingo options the puzzle type chose for this program by measurement (e.g. how
    constraints over counts are translated); they change how fast, never what is found."""


class SolveResult(NamedTuple):
    status: Status
    answers: tuple[frozenset[clingo.Symbol], ...]
    """Shown atoms of each answer found (distinct on the projection)."""
    time_s: float
    exhausted: bool = True


class Answers(NamedTuple, Generic[T]):
    """Like :class:`SolveResult`, with each answer read by the caller's function straight
    from clingo's model (e.g. into a puzzle's solution), not kept as a set of Symbols."""

    status: Status
    answers: tuple[T, ...]
    time_s: float
    exhausted: bool = True


class CountResult(NamedTuple):
    count: int  # type: ignore[assignment]  # a NamedTuple's field hides tuple.count
    exact: bool
    """False when the limit or the time limit stopped the enumeration."""
    time_s: float


def _facts_text(facts: Iterable[clingo.Symbol]) -> str:
    return "".join(f"{s}.\n" for s in facts)


_ENCODING_TEXT: dict[str, str] = {}
"""The package's own encoding files, read once per process: they do not change while it runs,
and a small puzzle is solved in about the time it takes to open and read them. (Files given
by a user, such as a teacher's rules, are read every time: they may be edited in between.)"""
_PACKAGE_DIR = os.path.dirname(os.path.dirname(os.path.realpath(__file__))) + "/"


def _encoding_text(enc: Traversable | Path) -> str:
    key = str(enc)
    if not isinstance(enc, os.PathLike) or not key.startswith(_PACKAGE_DIR):
        return enc.read_text(encoding="utf-8")
    text = _ENCODING_TEXT.get(key)
    if text is None:
        text = _ENCODING_TEXT[key] = enc.read_text(encoding="utf-8")
    return text


def _shown_set(m: clingo.Model) -> frozenset[clingo.Symbol]:
    return frozenset(m.symbols(shown=True))


class Grounded:
    """A program grounded once, to be solved many times (e.g. under different assumptions)."""

    def __init__(self, program: Program, config: SolveConfig | None = None, *,
                 extra_args: Sequence[str] = ()) -> None:
        self.program = program
        self.config = (config or SolveConfig()).checked()
        args = ["--project=project", f"--parallel-mode={max(1, self.config.threads)}", *extra_args]
        if self.config.seed is not None:
            args += [f"--seed={self.config.seed}", "--rand-freq=0.02"]
        args += program.solver_args
        for name, value in program.constants:
            args.append(f"--const={name}={value}")
        start = time.perf_counter()
        self._messages: list[str] = []
        ctl = clingo.Control(args, logger=self._log, message_limit=20)
        for enc in program.encodings:
            ctl.add("base", [], _encoding_text(enc))
        ctl.add("base", [], _facts_text(program.facts) + program.facts_text)
        if program.rules:
            ctl.add("base", [], program.rules)
        if program.user_asp:
            bad = unsafe_char(program.user_asp)
            if bad is not None:
                line, column, why = bad
                raise InputError(f"raw ASP: {why}", Location(line, column))
            try:
                ctl.add("base", [], program.user_asp)
            except RuntimeError:
                raise InputError("raw ASP does not parse: " + self._first_message()) from None
        if program.project:
            # said to the grounder, not looked up atom by atom afterwards: a walk over the
            # symbolic atoms costs a few calls into clingo per atom (3 ms on a 50x50 Hitori)
            ctl.add("base", [], "".join(f"#project {name}/{arity}."
                                        for name, arity in program.project))
        try:
            ctl.ground([("base", [])])
        except RuntimeError:
            raise InputError("grounding failed: " + self._first_message()) from None
        if not program.project:
            with ctl.backend() as backend:
                backend.add_project([])  # nothing to tell answers apart: one answer at most
        self.ctl = ctl
        self._top: int | None = None
        self._literals: dict[clingo.Symbol, int | None] = {}
        self.ground_time = time.perf_counter() - start

    def _configure(self, models: str | None, enum_mode: str) -> None:
        solve_conf: Any = self.ctl.configuration.solve
        if models is not None:
            solve_conf.models = models
        solve_conf.enum_mode = enum_mode

    def _log(self, code: clingo.MessageCode, message: str) -> None:
        self._messages.append(message)

    def _first_message(self) -> str:
        """clingo's first error message on one line (it names line and column)."""
        msgs = [m for m in self._messages if "error" in m] or self._messages
        if not msgs:
            return "unknown error"
        text = re.sub(r"<(?:string|block)>:(\d+):(\d+)(?:-\d+(?::\d+)?)?:",
                      r"line \1, column \2:", msgs[0])
        text = text.replace("[#inc_base]", "").replace(":-;", ":-").replace(":-.", ".")
        if self.program.user_asp:  # the raw ASP's own predicates, as the user named them
            text = re.sub(r"(?<![A-Za-z0-9_'])u_(?=_*[a-z])", "", text)
        return " ".join(text.split())

    def literal(self, atom: clingo.Symbol) -> int | None:
        """The solver literal of a ground atom, or ``None`` if the atom cannot be true.

        Cached: the program is grounded once, and callers that solve many times under
        assumptions (the explainer) look the same atoms up again and again."""
        try:
            return self._literals[atom]
        except KeyError:
            sa = self.ctl.symbolic_atoms[atom]
            lit = None if sa is None else sa.literal
            self._literals[atom] = lit
            return lit

    def _assumption_lits(self, assumptions: Sequence[tuple[clingo.Symbol, bool]]) -> list[int]:
        lits: list[int] = []
        for atom, value in assumptions:
            lit = self.literal(atom)
            if lit is None:
                if value:
                    # the atom can never be true: assume an impossible literal
                    lits.append(-self._true_lit())
                continue
            lits.append(lit if value else -lit)
        return lits

    def _true_lit(self) -> int:
        if self._top is None:
            with self.ctl.backend() as b:
                atom = b.add_atom()
                b.add_rule([atom])
            self._top = atom
        return self._top

    def solve(self, max_answers: int = 2, *,
              assumptions: Sequence[tuple[clingo.Symbol, bool]] = (),
              timeout: float | None = None) -> SolveResult:
        """Enumerate up to ``max_answers`` distinct answers (0 = all).

        At least two answers are looked for, so that the verdict is always known.
        """
        res = self.solve_read(_shown_set, max_answers, assumptions=assumptions, timeout=timeout)
        return SolveResult(res.status, res.answers, res.time_s, res.exhausted)

    def solve_read(self, read: Callable[[clingo.Model], T], max_answers: int = 2, *,
                   assumptions: Sequence[tuple[clingo.Symbol, bool]] = (),
                   timeout: float | None = None,
                   literals: Sequence[int] = ()) -> Answers[T]:
        """As :meth:`solve`, each answer being ``read(model)`` (called while the model is
        valid, i.e. inside clingo's model callback). ``literals`` are more assumptions, as
        solver literals (a caller that assumes hundreds of atoms per solve looks them up
        once)."""
        self._configure(str(max_answers and max(2, max_answers)), "auto")
        answers: list[T] = []

        def on_model(m: clingo.Model) -> None:
            answers.append(read(m))

        start = time.perf_counter()
        exhausted, finished = self._run(on_model, assumptions, timeout, literals)
        elapsed = time.perf_counter() - start + self.ground_time
        if not finished:
            status = Status.TIMEOUT
        elif len(answers) == 0:
            status = Status.NONE
        elif len(answers) == 1 and exhausted:
            status = Status.UNIQUE
        else:
            status = Status.MULTIPLE
        keep = answers[:max_answers] if max_answers else answers
        return Answers(status, tuple(keep), elapsed, exhausted and finished)

    def count(self, limit: int = 0, *, timeout: float | None = None) -> CountResult:
        """Count distinct answers; stops after ``limit`` (0 = no limit)."""
        self._configure(str(limit + 1 if limit else 0), "auto")
        n = 0

        def on_model(m: clingo.Model) -> None:
            nonlocal n
            n += 1

        start = time.perf_counter()
        exhausted, finished = self._run(on_model, (), timeout)
        elapsed = time.perf_counter() - start + self.ground_time
        if limit and n > limit:
            return CountResult(limit, False, elapsed)
        return CountResult(n, exhausted and finished, elapsed)

    def satisfiable(self, assumptions: Sequence[tuple[clingo.Symbol, bool]] = (), *,
                    timeout: float | None = None) -> bool | None:
        """Is there an answer under the assumptions? ``None`` on timeout."""
        self._configure("1", "auto")
        found = False

        def on_model(m: clingo.Model) -> None:
            nonlocal found
            found = True

        _, finished = self._run(on_model, assumptions, timeout)
        if found:
            return True
        return False if finished else None

    def entails(self, assumptions: Sequence[tuple[clingo.Symbol, bool]],
                conclusion: tuple[clingo.Symbol, bool]) -> bool:
        """Do the rules plus the assumptions force ``conclusion``? (negation is unsatisfiable)"""
        atom, value = conclusion
        return self.satisfiable([*assumptions, (atom, not value)]) is False

    def cautious(self, assumptions: Sequence[tuple[clingo.Symbol, bool]] = (), *,
                 timeout: float | None = None) -> frozenset[clingo.Symbol] | None:
        """Shown atoms true in every answer under the assumptions (``None`` if there is none)."""
        return self._consequences("cautious", assumptions, timeout)

    def brave(self, assumptions: Sequence[tuple[clingo.Symbol, bool]] = (), *,
              timeout: float | None = None) -> frozenset[clingo.Symbol] | None:
        """Shown atoms true in some answer under the assumptions (``None`` if there is none)."""
        return self._consequences("brave", assumptions, timeout)

    def _consequences(self, mode: str, assumptions: Sequence[tuple[clingo.Symbol, bool]],
                      timeout: float | None) -> frozenset[clingo.Symbol] | None:
        """clingo's cautious or brave reasoning: the last model it reports is the fixpoint.

        With projection on, clingo reads consequences on the projected atoms only (a shown
        atom off the projection, such as a logic grid's cell between two categories that are
        not the key, would be in no brave set: "false in every answer", which is wrong). So
        the solve projects on the shown atoms while it reasons: the answers and their shown
        atoms are the same, and so are the consequences of those atoms (issue 33)."""
        self._configure("0", mode)
        solve_conf: Any = self.ctl.configuration.solve
        solve_conf.project = "show"
        last: list[frozenset[clingo.Symbol]] = []

        def on_model(m: clingo.Model) -> None:
            last[:] = [frozenset(m.symbols(shown=True))]

        try:
            self._run(on_model, assumptions, timeout)
        finally:
            solve_conf.project = "project"
            self._configure(None, "auto")
        return last[0] if last else None

    def assign_externals(self, values: Iterable[tuple[clingo.Symbol, bool | None]]) -> None:
        """Set ``#external`` atoms of the program (those not declared external are skipped);
        ``None`` leaves one free, for assumptions to decide.

        A program grounded once can so be re-evaluated on changing input, e.g. a board that
        fills up step by step.
        """
        for atom, value in values:
            # by solver literal, looked up once per atom (cached): a look-up by symbol costs
            # about as much as the assignment, and a board changes hundreds of times
            lit = self.literal(atom)
            if lit is not None:
                self.ctl.assign_external(lit, value)

    def first_model(self, assumptions: Sequence[tuple[clingo.Symbol, bool]] = ()
                    ) -> frozenset[clingo.Symbol] | None:
        """Shown atoms of one answer set (``None`` if there is none).

        For a stratified program this is *the* answer set: its consequences, computed by
        propagation alone.
        """
        self._configure("1", "auto")
        found: list[frozenset[clingo.Symbol]] = []

        def on_model(m: clingo.Model) -> None:
            found.append(frozenset(m.symbols(shown=True)))

        self.ctl.solve(assumptions=self._assumption_lits(assumptions), on_model=on_model)
        return found[0] if found else None

    def core(self, assumptions: Sequence[tuple[clingo.Symbol, bool]]) -> list[int] | None:
        """An unsatisfiable core (solver literals) of the assumptions; ``None`` if satisfiable."""
        self._configure("1", "auto")
        lits = self._assumption_lits(assumptions)
        found: list[int] | None = None

        def on_core(c: Sequence[int]) -> None:
            nonlocal found
            found = list(c)

        res = self.ctl.solve(assumptions=lits, on_core=on_core)
        return found if res.unsatisfiable else None

    def _run(self, on_model: Callable[[clingo.Model], None],
             assumptions: Sequence[tuple[clingo.Symbol, bool]],
             timeout: float | None, literals: Sequence[int] = ()) -> tuple[bool, bool]:
        """Run one solve call. Returns (search exhausted, finished before the time limit)."""
        lits = self._assumption_lits(assumptions)
        if literals:
            lits += literals
        limit = timeout if timeout is not None else self.config.timeout
        reasoning = None  # a call without a limit of its own stops at the reasoning's deadline
        if limit is None:
            reasoning = remaining()
            if reasoning is not None:
                if reasoning <= 0:
                    raise TimeLimit("time limit reached while reasoning")
                limit = reasoning
        if limit is None and not self.config.interruptible:
            # a plain blocking call is cheaper than a solve thread, but deaf to Ctrl-C
            res = self.ctl.solve(assumptions=lits, on_model=on_model)
            return bool(res.exhausted), True
        deadline = None if limit is None else time.monotonic() + limit
        with self.ctl.solve(assumptions=lits, on_model=on_model, async_=True) as handle:
            try:
                # wait in short slices so that Ctrl-C (KeyboardInterrupt) gets through
                while True:
                    left = None if deadline is None else deadline - time.monotonic()
                    if left is not None and left <= 0:
                        finished = False
                        break
                    if handle.wait(0.05 if left is None else min(0.05, left)):
                        finished = True
                        break
            finally:
                if not handle.wait(0):
                    handle.cancel()
                    handle.wait()
            result = handle.get()
        if not finished and reasoning is not None:
            raise TimeLimit("time limit reached while reasoning")
        return bool(result.exhausted), finished


def solve(program: Program, max_answers: int = 2, config: SolveConfig | None = None) -> SolveResult:
    """Ground and solve: up to ``max_answers`` distinct answers and the verdict."""
    return Grounded(program, config).solve(max_answers)


def count(program: Program, limit: int = 0, config: SolveConfig | None = None) -> CountResult:
    """Ground and count distinct answers (projected), up to ``limit`` (0 = no limit)."""
    return Grounded(program, config).count(limit)


class AtomLiterals:
    """The solver literals of a control's ground atoms, looked up one symbol at a time through
    clingo's C functions directly, as ``ctl.symbolic_atoms[atom]`` with ``.literal`` and
    ``.is_external`` would answer, without the wrapper's objects: that costs four C calls, each
    with a new output cell, and a SymbolicAtom (some 10 us a look-up; the Tents reasoner looks
    up a thousand or more external literals a puzzle, in every program it grounds). Where this
    clingo does not expose its C functions (``clingo._internal``), through the wrapper."""

    def __init__(self, ctl: clingo.Control) -> None:
        self._ctl = ctl
        self._c: Any = None
        try:
            from clingo._internal import _ffi, _lib  # type: ignore[attr-defined]

            out = _ffi.new("clingo_symbolic_atoms_t**")
            if not _lib.clingo_control_symbolic_atoms(ctl._rep, out):
                _raise_c_error()
            rep = out[0]
            self._c = (_lib.clingo_symbolic_atoms_find, _lib.clingo_symbolic_atoms_is_valid,
                       _lib.clingo_symbolic_atoms_is_external, _lib.clingo_symbolic_atoms_literal,
                       rep, _ffi.new("clingo_symbolic_atom_iterator_t*"), _ffi.new("bool*"),
                       _ffi.new("clingo_literal_t*"))
        except (ImportError, AttributeError):
            self._c = None

    def literal(self, atom: clingo.Symbol, *, external: bool = False) -> int | None:
        """The atom's solver literal; None if the program has no such atom (or, with
        ``external``, if the atom is not an external of the program)."""
        c = self._c
        if c is None:
            sa = self._ctl.symbolic_atoms[atom]
            if sa is None or (external and not sa.is_external):
                return None
            return sa.literal
        find, is_valid, is_external, literal, rep, it, flag, lit = c
        if not (find(rep, atom._rep, it) and is_valid(rep, it[0], flag)):
            _raise_c_error()
        if not flag[0]:
            return None
        if external:
            if not is_external(rep, it[0], flag):
                _raise_c_error()
            if not flag[0]:
                return None
        if not literal(rep, it[0], lit):
            _raise_c_error()
        return int(lit[0])


def atom_table(ctl: clingo.Control, name: str, arity: int) -> dict[tuple[int, ...], int]:
    """The solver literal of every ground atom of ``name/arity`` (whose arguments are integers),
    by its arguments: as ``{tuple(a.number for a in sa.symbol.arguments): sa.literal for sa in
    ctl.symbolic_atoms.by_signature(name, arity)}``, through clingo's C functions directly
    (a 50x50 Hitori's 2,500 cells: ~6 ms, through the wrapper's objects ~23 ms, as long as
    grounding the shared program). Where this clingo does not expose them, through the
    wrapper."""
    try:
        from clingo._internal import _ffi, _lib  # type: ignore[attr-defined]
    except (ImportError, AttributeError):
        return {tuple(a.number for a in sa.symbol.arguments): sa.literal
                for sa in ctl.symbolic_atoms.by_signature(name, arity)}
    atoms_p = _ffi.new("clingo_symbolic_atoms_t**")
    sig = _ffi.new("clingo_signature_t*")
    it = _ffi.new("clingo_symbolic_atom_iterator_t*")
    if not (_lib.clingo_control_symbolic_atoms(ctl._rep, atoms_p)
            and _lib.clingo_signature_create(name.encode(), arity, True, sig)
            and _lib.clingo_symbolic_atoms_begin(atoms_p[0], sig, it)):
        _raise_c_error()
    atoms = atoms_p[0]
    valid, sym, lit = _ffi.new("bool*"), _ffi.new("clingo_symbol_t*"), _ffi.new("clingo_literal_t*")
    args, size, num = _ffi.new("clingo_symbol_t**"), _ffi.new("size_t*"), _ffi.new("int*")
    is_valid, symbol, literal, step = (
        _lib.clingo_symbolic_atoms_is_valid, _lib.clingo_symbolic_atoms_symbol,
        _lib.clingo_symbolic_atoms_literal, _lib.clingo_symbolic_atoms_next)
    arguments, number = _lib.clingo_symbol_arguments, _lib.clingo_symbol_number
    out: dict[tuple[int, ...], int] = {}
    while True:
        if not is_valid(atoms, it[0], valid):
            _raise_c_error()
        if not valid[0]:
            return out
        if not (symbol(atoms, it[0], sym) and literal(atoms, it[0], lit)
                and arguments(sym[0], args, size)):
            _raise_c_error()
        key = []
        for k in range(size[0]):
            if not number(args[0][k], num):  # not an integer: as a.number would, an error
                _raise_c_error()
            key.append(num[0])
        out[tuple(key)] = int(lit[0])
        if not step(atoms, it[0], it):
            _raise_c_error()


def symbol_handles(symbols: Sequence[clingo.Symbol]) -> list[int] | None:
    """The handles (``Symbol._rep``, the same for the same symbol throughout the process) of a
    model's symbols, read in one call from the C array behind clingo 5's sequence of them
    (``Model.symbols`` returns a sequence that makes a Symbol of each only when asked); None
    when the sequence is not one of those, or this clingo does not expose its C functions."""
    array = getattr(symbols, "_p_symbols", None)
    if array is None or _UNPACK is None:
        return None
    return _UNPACK(array, len(array))  # type: ignore[no-any-return]


def _unpack() -> Any:
    try:
        from clingo._internal import _ffi  # type: ignore[attr-defined]

        return _ffi.unpack
    except (ImportError, AttributeError):
        return None


_UNPACK = _unpack()


def _raise_c_error() -> None:
    """The error of the clingo C call that just failed, raised as clingo's wrapper raises it."""
    from clingo._internal import _handle_error

    _handle_error(False)
    raise RuntimeError("a clingo C call failed")
