"""One grounded program for many puzzles of one kind (multi-shot solving).

Grounding is most of the time of solving a small or medium puzzle (a 15x15 Tents: ~3 of ~4
ms; the search itself is a fraction of a millisecond). Puzzles of one type, size and mode share
their rules and differ only in their input facts, so the rules can be grounded once with the
input declared ``#external`` over every value it may take (every cell may hold a tree, every
line any count); a puzzle is then one solve call with its own input atoms set true and every
other input atom false. The learnt nogoods clingo keeps between such calls follow from
the rules alone, so they stay valid for every later puzzle.

A kind's program is larger than one puzzle's (a 25x25 Tents: ~0.3 s once, then ~8 ms a puzzle
instead of ~13 ms), so it is grounded only once the kind has come back about as many times as
it takes to pay for it (``Reuse.build_after``, the type's estimate: at worst twice the time of
grounding every puzzle afresh), and at most :data:`KEEP` programs are kept, least recently
used first out. A program serves one
solve at a time: a caller that finds it busy (the web app solves in a thread pool) grounds its
puzzle afresh instead of waiting.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, replace
from typing import TypeVar

import clingo

from aspuzzle.engine import Answers, Grounded, Program, Signature, SolveConfig

__all__ = ["BUILD_AFTER", "KEEP", "Reuse", "clear", "solve"]

T = TypeVar("T")

BUILD_AFTER = 2
"""Default of ``Reuse.build_after``."""
KEEP = 8
"""Shared programs kept per process."""
BUILD_AFTER_AT_MOST: int | None = None
"""A cap on every ``Reuse.build_after`` (tests set it, to reach shared programs soon)."""

Atom = tuple[str, tuple[int, ...]]
"""An input atom by name and integer arguments: ``("tree", (3, 4))``."""


@dataclass(frozen=True)
class Reuse:
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


class _Shared:
    def __init__(self, reuse: Reuse) -> None:
        self.grounded = Grounded(reuse.program, SolveConfig())
        ctl = self.grounded.ctl
        self.index: dict[Atom, int] = {}
        self.inputs: set[int] = set()
        for sig in (*reuse.inputs, *reuse.givens):
            for sa in ctl.symbolic_atoms.by_signature(*sig):
                atom = (sig[0], tuple(a.number for a in sa.symbol.arguments))
                self.index[atom] = sa.literal
                if sig in reuse.inputs:
                    self.inputs.add(sa.literal)
        self.lock = threading.Lock()

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


_LOCK = threading.Lock()
_SHARED: OrderedDict[Hashable, _Shared] = OrderedDict()
_SEEN: OrderedDict[Hashable, int] = OrderedDict()


def clear() -> None:
    """Forget every shared program (tests; memory)."""
    with _LOCK:
        _SHARED.clear()
        _SEEN.clear()


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
    lits = shared.literals(reuse.true)
    if lits is None or not shared.lock.acquire(blocking=False):
        return None
    externals, others = lits
    ctl = shared.grounded.ctl
    try:
        start = time.perf_counter()
        # every input external is false but the puzzle's own (set true for this solve only):
        # a few hundred calls, where assuming every input atom one way or the other would
        # hand clingo tens of thousands of literals (a 30x30 Hitori's pairs)
        for lit in externals:
            ctl.assign_external(lit, True)
        g = shared.grounded
        g.config = config
        res = g.solve_read(read, max_answers, literals=others, timeout=config.timeout)
        return replace(res, time_s=time.perf_counter() - start)
    finally:
        for lit in externals:
            ctl.assign_external(lit, False)
        shared.lock.release()


def solve_literals(reuse: Reuse) -> tuple[list[int], list[int]] | None:
    """The input externals a puzzle sets true on its shared program and the other atoms it
    assumes, if the program is built and can hold the puzzle (for tests)."""
    with _LOCK:
        shared = _SHARED.get(reuse.key)
    return None if shared is None else shared.literals(reuse.true)
