"""One grounded program for many puzzles of one kind (multi-shot solving).

Grounding is most of the time of solving a small or medium puzzle (a 15x15 Tents: ~3 of ~4
ms; the search itself is a fraction of a millisecond). Puzzles of one type, size and mode share
their rules and differ only in their input facts, so the rules can be grounded once with the
input declared ``#external`` over every value it may take (every cell may hold a tree, every
line any count); a puzzle is then one solve call that *assumes* its own input atoms true and
every other input atom false. The learnt nogoods clingo keeps between such calls follow from
the rules alone, so they stay valid for every later puzzle.

A kind is grounded only when it comes back (:data:`BUILD_AFTER` solves), since its program is
larger than one puzzle's (a 25x25 Tents: ~0.3 s once, then ~8 ms a puzzle instead of ~13 ms),
and at most :data:`KEEP` programs are kept, least recently used first out. A program serves one
solve at a time: a caller that finds it busy (the web app solves in a thread pool) grounds its
puzzle afresh instead of waiting.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

import clingo

from aspuzzle.engine import Answers, Grounded, Program, Signature, SolveConfig

__all__ = ["BUILD_AFTER", "KEEP", "Reuse", "clear", "solve"]

T = TypeVar("T")

BUILD_AFTER = 2
"""Solves of one kind grounded afresh before its shared program is built (on the next)."""
KEEP = 8
"""Shared programs kept per process."""

Atom = tuple[str, tuple[int, ...]]
"""An input atom by name and integer arguments: ``("tree", (3, 4))``."""


@dataclass(frozen=True)
class Reuse:
    """How a puzzle is solved on a shared program: what the program depends on (``key``),
    the program itself (rules and externals, no facts), and the puzzle's input atoms."""

    key: Hashable
    program: Program
    inputs: tuple[Signature, ...]
    """Every atom of these signatures is assumed false unless the puzzle has it in ``true``."""
    true: tuple[Atom, ...]
    """The puzzle's input atoms: assumed true. One the program does not hold (a value out of
    the range grounded) means the puzzle cannot be solved on it: it is grounded afresh."""
    givens: tuple[Signature, ...] = ()
    """Signatures of other atoms ``true`` may name (e.g. given digits): assumed true only."""


class _Shared:
    def __init__(self, reuse: Reuse) -> None:
        self.grounded = Grounded(reuse.program, SolveConfig())
        ctl = self.grounded.ctl
        self.index: dict[Atom, int] = {}
        inputs: list[int] = []
        for sig in (*reuse.inputs, *reuse.givens):
            for sa in ctl.symbolic_atoms.by_signature(*sig):
                atom = (sig[0], tuple(a.number for a in sa.symbol.arguments))
                self.index[atom] = sa.literal
                if sig in reuse.inputs:
                    inputs.append(sa.literal)
                    # free, so that each solve decides it by assumption (an external left
                    # false could not be assumed true)
                    ctl.assign_external(sa.literal, None)
        self.inputs = tuple(inputs)
        self.lock = threading.Lock()

    def assumptions(self, true: Iterable[Atom]) -> list[int] | None:
        on: set[int] = set()
        for atom in true:
            lit = self.index.get(atom)
            if lit is None:
                return None
            on.add(lit)
        return [*on, *(-lit for lit in self.inputs if lit not in on)]


_LOCK = threading.Lock()
_SHARED: OrderedDict[Hashable, _Shared] = OrderedDict()
_SEEN: OrderedDict[Hashable, int] = OrderedDict()


def clear() -> None:
    """Forget every shared program (tests; memory)."""
    with _LOCK:
        _SHARED.clear()
        _SEEN.clear()


def _shared(reuse: Reuse) -> _Shared | None:
    """The kind's shared program, built on its ``BUILD_AFTER + 1``-th solve; None before."""
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
        if seen <= BUILD_AFTER:
            return None
    built = _Shared(reuse)  # outside the lock: grounding may take a while
    with _LOCK:
        found = _SHARED.setdefault(key, built)
        _SHARED.move_to_end(key)
        while len(_SHARED) > KEEP:
            _SHARED.popitem(last=False)
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
    lits = shared.assumptions(reuse.true)
    if lits is None or not shared.lock.acquire(blocking=False):
        return None
    try:
        start = time.perf_counter()
        g = shared.grounded
        g.config = config
        res = g.solve_read(read, max_answers, literals=lits, timeout=config.timeout)
        return replace(res, time_s=time.perf_counter() - start)
    finally:
        shared.lock.release()


def solve_literals(reuse: Reuse) -> Sequence[int] | None:
    """The assumptions a puzzle is solved under on its shared program, if it is built (for
    tests)."""
    with _LOCK:
        shared = _SHARED.get(reuse.key)
    return None if shared is None else shared.assumptions(reuse.true)
