"""One grounded program for many puzzles of one kind (multi-shot solving).

Grounding is most of the time of solving a small or medium puzzle (a 15x15 Tents: ~3 of ~4
ms; the search itself is a fraction of a millisecond). Puzzles of one type, size and mode share
their rules and differ only in their input facts, so the rules can be grounded once with the
input declared ``#external`` over every value it may take (every cell may hold a tree, every
line any count); a puzzle is then one solve call with its own input atoms set true and every
other input atom false. The learnt nogoods clingo keeps between such calls follow from
the rules alone, so they stay valid for every later puzzle. Where the input would take too
many externals (every pair of cells of a line of a 50x50 Hitori: 122,500, and a solve that
assumes them all), the program takes none and a puzzle adds its input as ground constraints
behind an atom of its own (``Reuse.nogoods``), assumed for its solve and released after it.

A kind's program is larger than one puzzle's (a 25x25 Tents: ~0.3 s once, then ~8 ms a puzzle
instead of ~13 ms), so it is grounded only once the kind has come back about as many times as
it takes to pay for it (``Reuse.build_after``, the type's estimate: at worst twice the time of
grounding every puzzle afresh), and at most :data:`KEEP` programs are kept, least recently
used first out. A program serves one
solve at a time: a caller that finds it busy (the web app solves in a thread pool) grounds its
puzzle afresh instead of waiting.
"""

from __future__ import annotations

import _thread  # (threading's Lock, without importing threading: ~1.3 ms a first solve)
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from typing import Any, NamedTuple, TypeVar

import clingo

from aspuzzle._deadline import remaining
from aspuzzle.engine import (
    Answers,
    Grounded,
    Program,
    Signature,
    SolveConfig,
    Status,
    atom_table,
)

__all__ = ["BUILD_AFTER", "KEEP", "RENEW_AFTER", "AtMostOne", "Reuse", "Sorted", "clear",
           "solve", "solve_fresh"]

T = TypeVar("T")

BUILD_AFTER = 2
"""Default of ``Reuse.build_after``."""
KEEP = 8
"""Shared programs kept per process."""
RENEW_AFTER = 2000
"""Solves with ``Reuse.nogoods`` after which a shared program is built afresh: clingo keeps a
little of each such solve (its guard atom: ~2 KB), so that a long-running process would
otherwise grow without bound."""
QUICK_CONFLICTS = 2000
"""``Reuse.quick``: conflicts after which a search run in the calling thread is given up and
run again in a solve thread."""
BUILD_AFTER_AT_MOST: int | None = None
"""A cap on every ``Reuse.build_after`` (tests set it, to reach shared programs soon)."""

Atom = tuple[str, tuple[int, ...]]
"""An input atom by name and integer arguments: ``("tree", (3, 4))``."""


class AtMostOne(NamedTuple):
    """Of these literals one at most holds: the nogoods of every two of them, added as one
    rule (a weight constraint), not one rule for each two (on a 100x100 Hitori whose numbers
    come up to 34 times in a line: ~2,400 rules instead of 33,600, and a solve half as long)."""

    literals: Sequence[int]


class Sorted(NamedTuple):
    """A puzzle's nogoods sorted by kind, as ``Reuse.nogoods`` may give them: then added
    without a look at each one's kind (a 50x50 Hitori's ~2,000: ~0.2 ms less)."""

    pairs: Sequence[tuple[int, int]]
    """Nogoods of two literals."""
    units: Sequence[int]
    """Literals that never hold (nogoods of one literal: assumed false)."""
    at_most_one: Sequence[AtMostOne] = ()

    def plain(self) -> list[Sequence[int] | AtMostOne]:
        """The same nogoods in one list."""
        return [*self.pairs, *((lit,) for lit in self.units), *self.at_most_one]


Nogoods = Callable[[Mapping[tuple[int, ...], int]],
                   Iterable[Sequence[int] | AtMostOne] | Sorted]
"""A puzzle's own constraints on a shared program: given the solver literals of the atoms of
one signature by their arguments, lists of literals that must not all hold (or
:class:`AtMostOne` of several), or the same :class:`Sorted`."""


class Reuse(NamedTuple):
    """How a puzzle is solved on a shared program: what the program depends on (``key``),
    the program itself (rules and externals, no facts), and the puzzle's input atoms."""

    key: Hashable
    program: Program
    inputs: tuple[Signature, ...]
    """Externals: every atom of these signatures is false unless the puzzle has it in
    ``true``."""
    true: tuple[Atom, ...]
    """The puzzle's input atoms: assumed true. One the program does not hold (a value out of
    the range grounded) means the puzzle cannot be solved on it: it is grounded afresh."""
    givens: tuple[Signature, ...] = ()
    """Signatures of other atoms ``true`` may name (e.g. given digits): assumed true only."""
    build_after: int = BUILD_AFTER
    """Solves of the kind grounded afresh before its shared program is built (on the next):
    about the cost of building it over what it saves a puzzle."""
    over: Signature | None = None
    """The signature of the atoms ``nogoods`` speaks of."""
    nogoods: Nogoods | None = None
    """The puzzle's input as ground constraints, for a program that takes no input atoms: they
    are added behind a fresh atom assumed true for this solve only and released after it
    (clasp then drops them); a nogood of one literal is assumed false instead. An atom the
    program does not hold (``KeyError``): the puzzle is grounded afresh."""
    projective: bool = True
    """False when the program's answer sets differ in their answer atoms alone (no helper
    atom chosen freely): plain enumeration then tells answers apart, with less work per
    solve than projective enumeration."""
    quick: bool = False
    """Solves are short (a few ms): without a time limit, each is run first in the calling
    thread (no solve thread to hand over to and back: on a busy machine each hand-over waits
    for a core, several ms, more than the search), stopped after :data:`QUICK_CONFLICTS`
    conflicts so that Ctrl-C is never kept waiting long; a search that reaches them is run
    again in a solve thread, as usual."""


class _Shared:
    def __init__(self, reuse: Reuse) -> None:
        self.grounded = Grounded(reuse.program, SolveConfig())
        ctl = self.grounded.ctl
        if not reuse.projective:
            solve_conf: Any = ctl.configuration.solve
            solve_conf.project = "no"
        self.table: dict[tuple[int, ...], int] = {}
        if reuse.over is not None:
            self.table = atom_table(ctl, *reuse.over)
        self.index: dict[Atom, int] = {}
        self.inputs: set[int] = set()
        for sig in (*reuse.inputs, *reuse.givens):
            for args, lit in atom_table(ctl, *sig).items():
                self.index[(sig[0], args)] = lit
                if sig in reuse.inputs:
                    self.inputs.add(lit)
        self.lock = _thread.allocate_lock()
        self.guarded = 0
        """Solves that added nogoods (see RENEW_AFTER)."""

    def literals(self, true: Iterable[Atom]) -> tuple[list[int], list[int]] | None:
        """The puzzle's input externals and its other atoms (given digits), as literals."""
        externals: list[int] = []
        others: list[int] = []
        for atom in true:
            lit = self.index.get(atom)
            if lit is None:
                return None
            (externals if lit in self.inputs else others).append(lit)
        return externals, others


_LOCK = _thread.allocate_lock()
_SHARED: OrderedDict[Hashable, _Shared] = OrderedDict()
_SEEN: OrderedDict[Hashable, int] = OrderedDict()


_ALSO_CLEARED: list[Callable[[], None]] = []
"""What :func:`clear` calls besides (see :func:`also_clear`)."""


def also_clear(forget: Callable[[], None]) -> None:
    """Have :func:`clear` call ``forget`` too: for ground programs shared across puzzles and
    kept elsewhere (the logic grids' rules over triples)."""
    _ALSO_CLEARED.append(forget)


def clear() -> None:
    """Forget every shared program (tests; memory)."""
    with _LOCK:
        _SHARED.clear()
        _SEEN.clear()
    for forget in _ALSO_CLEARED:
        forget()


def _shared(reuse: Reuse) -> _Shared | None:
    """The kind's shared program, built on its ``build_after + 1``-th solve; None before."""
    key = reuse.key
    with _LOCK:
        found = _SHARED.get(key)
        if found is not None:
            _SHARED.move_to_end(key)
            return found
        seen = _SEEN.pop(key, 0) + 1
        _SEEN[key] = seen
        while len(_SEEN) > 4 * KEEP:
            _SEEN.popitem(last=False)
        cap = BUILD_AFTER_AT_MOST
        if seen <= (reuse.build_after if cap is None else min(cap, reuse.build_after)):
            return None
    built = _Shared(reuse)  # outside the lock: grounding may take a while
    with _LOCK:
        return keep_recent(_SHARED, key, built, KEEP)


K = TypeVar("K")
V = TypeVar("V")


def keep_recent(cache: OrderedDict[K, V], key: K, built: V, keep: int) -> V:
    """Put a program built outside the cache's lock into the cache (call with the lock held):
    the one another thread put there meanwhile if any, else ``built``, made the most recent;
    the least recent dropped beyond ``keep``."""
    found = cache.setdefault(key, built)
    cache.move_to_end(key)
    while len(cache) > keep:
        cache.popitem(last=False)
    return found


def solve(reuse: Reuse, read: Callable[[clingo.Model], T], max_answers: int,
          config: SolveConfig | None) -> Answers[T] | None:
    """Solve a puzzle on its kind's shared program; ``None`` when it is not (yet) built, is
    busy, cannot hold this puzzle's input, or the configuration asks for a solver of its own
    (threads, a seed)."""
    config = config or SolveConfig()
    if config.threads != 1 or config.seed is not None:
        return None
    shared = _shared(reuse)
    if shared is None:
        return None
    lits = shared.literals(reuse.true)
    if lits is None:
        return None
    externals, others = lits
    nogoods: Sorted | list[Sequence[int] | AtMostOne] = []
    if reuse.nogoods is not None:
        try:
            given = reuse.nogoods(shared.table)
            nogoods = given if isinstance(given, Sorted) else list(given)
        except KeyError:
            return None
    if not shared.lock.acquire(blocking=False):
        return None
    ctl = shared.grounded.ctl
    guard: int | None = None
    try:
        start = time.perf_counter()
        if nogoods:
            guard, assumed = _add_nogoods(ctl, nogoods)
            others = [*others, guard, *assumed]
        # every input external is false but the puzzle's own (set true for this solve only):
        # a few hundred calls, where assuming every input atom one way or the other would
        # hand clingo tens of thousands of literals (a 30x30 Hitori's pairs, when they were
        # externals)
        for lit in externals:
            ctl.assign_external(lit, True)
        g = shared.grounded
        res = None
        if reuse.quick and config.timeout is None:
            res = _quick(g, config, read, max_answers, others)
        if res is None:
            g.config = config
            res = g.solve_read(read, max_answers, literals=others, timeout=config.timeout)
        return res._replace(time_s=time.perf_counter() - start)
    finally:
        for lit in externals:
            ctl.assign_external(lit, False)
        if guard is not None:
            ctl.release_external(guard)
            shared.guarded += 1
            if shared.guarded >= RENEW_AFTER:
                _forget(reuse.key, shared)
        shared.lock.release()


def solve_fresh(program: Program, read: Callable[[clingo.Model], T], max_answers: int,
                config: SolveConfig | None) -> Answers[T]:
    """Ground ``program`` for this one puzzle and solve it. Without a time limit (of the call
    or of a reasoning around it) the search runs first in the calling thread, as a shared
    program's quick solves do (:data:`QUICK_CONFLICTS`): a solve thread costs a fresh 10x10
    Tents 1 to 2 ms, more than its search. A search that reaches the limit goes on, in a solve
    thread, on the same program (a 100x100 board: grounding it again would cost ~0.4 s); only
    if it then finds several answers is the puzzle solved again on a program grounded afresh,
    so that the answers listed are those of a search from scratch, as without the quick try
    (a verdict of none or unique does not depend on the search)."""
    g = Grounded(program, config)
    if g.config.timeout is None and g.config.threads == 1 and remaining() is None:
        own = g.config
        res = _quick(g, own, read, max_answers, [])
        if res is not None:
            return res
        g.config = own
        res = g.solve_read(read, max_answers)
        if res.status is not Status.MULTIPLE:
            return res
        g = Grounded(program, config)
    return g.solve_read(read, max_answers)


def _quick(g: Grounded, config: SolveConfig, read: Callable[[clingo.Model], T],
           max_answers: int, literals: list[int]) -> Answers[T] | None:
    """A solve in the calling thread, given up (``None``) at QUICK_CONFLICTS conflicts."""
    found = 0

    def counted(m: clingo.Model) -> T:
        nonlocal found
        found += 1
        return read(m)

    solve_conf: Any = g.ctl.configuration.solve
    unlimited = solve_conf.solve_limit
    g.config = config._replace(interruptible=False)
    solve_conf.solve_limit = str(QUICK_CONFLICTS)
    try:
        res = g.solve_read(counted, max_answers, literals=literals)
    finally:
        solve_conf.solve_limit = unlimited
    wanted = max(2, max_answers) if max_answers else 0  # the models solve_read asks for
    if res.exhausted or (wanted and found >= wanted):
        return res
    return None  # stopped by the limit: the answers found so far are found again


def _forget(key: Hashable, shared: _Shared) -> None:
    """Drop a shared program (its next solve builds it again)."""
    with _LOCK:
        if _SHARED.get(key) is shared:
            del _SHARED[key]


def _add_nogoods(ctl: clingo.Control, nogoods: Iterable[Sequence[int] | AtMostOne] | Sorted
                 ) -> tuple[int, list[int]]:
    """Add a puzzle's nogoods behind a fresh external atom (left free: the solve assumes it);
    the atom and the literals to assume for the nogoods of one literal."""
    if isinstance(nogoods, Sorted):
        pairs, assumed, groups = nogoods.pairs, [-lit for lit in nogoods.units], nogoods.at_most_one
        others: list[Sequence[int]] = []
    else:
        pairs, assumed, groups, others = [], [], [], []
        for nogood in nogoods:
            if isinstance(nogood, AtMostOne):
                groups.append(nogood)
            elif len(nogood) == 1:
                assumed.append(-nogood[0])
            else:
                others.append(nogood)
    with ctl.backend() as backend:
        guard = backend.add_atom()
        backend.add_external(guard, clingo.TruthValue.Free)
        try:
            rep = getattr(backend, "_rep", None)
            if _RULE is not None and rep is not None:
                # clingo's own C function for a rule, as Backend.add_rule calls it, without
                # the wrapper's work around each call (a 50x50 Hitori: ~1,500 rules, the
                # wrapper ~0.4 ms of ~2)
                rule, null = _RULE, _NULL
                for a, b in pairs:
                    if not rule(rep, False, null, 0, (guard, a, b), 3):
                        _raise_clingo_error()
                for nogood in others:
                    if not rule(rep, False, null, 0, (guard, *nogood), len(nogood) + 1):
                        _raise_clingo_error()
            else:
                add = backend.add_rule
                for nogood in (*pairs, *others):
                    add([], [guard, *nogood])
            for group in groups:
                _add_at_most_one(backend, guard, group.literals)
        except BaseException:
            # a guard left free would let later solves take it either way: two answer sets
            # for each answer
            backend.add_external(guard, clingo.TruthValue.Release)
            raise
    return guard, assumed


def _add_at_most_one(backend: clingo.Backend, guard: int, literals: Sequence[int]) -> None:
    """The rule that two of ``literals`` never hold while ``guard`` does: the guard weighs
    as much as all of them, and the body needs it and two of them."""
    n = len(literals)
    backend.add_weight_rule([], n + 2, [(guard, n), *((lit, 1) for lit in literals)])


def _c_rule() -> tuple[Any, Any]:
    """clingo's C function ``clingo_backend_rule`` and its null pointer, if this clingo
    exposes them as clingo 5's Python package does (else None: Backend.add_rule is used)."""
    try:
        from clingo._internal import _ffi, _lib  # type: ignore[attr-defined]

        return _lib.clingo_backend_rule, _ffi.NULL
    except (ImportError, AttributeError):
        return None, None


_RULE, _NULL = _c_rule()


def _raise_clingo_error() -> None:
    """The error of the C call that just failed, raised as clingo's wrapper raises it."""
    from clingo._internal import _handle_error

    _handle_error(False)
    raise RuntimeError("clingo_backend_rule failed")


def solve_literals(reuse: Reuse) -> tuple[list[int], list[int]] | None:
    """The input externals a puzzle sets true on its shared program and the other atoms it
    assumes, if the program is built and can hold the puzzle (for tests)."""
    with _LOCK:
        shared = _SHARED.get(reuse.key)
    return None if shared is None else shared.literals(reuse.true)
