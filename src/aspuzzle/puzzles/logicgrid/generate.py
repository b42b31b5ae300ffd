"""The logic-grid generator (``aspuzzle generate logicgrid``): ZebraLogic-style puzzles of K
categories of N values, from the bundled vocabulary or the user's (``--categories FILE``, see
:mod:`aspuzzle.puzzles.logicgrid.vocabulary`).

One attempt (:meth:`LogicGridGenerator.propose`):

1. draws the categories (the vocabulary's key, the first N houses, and K-1 other categories of
   N values each) and a solution (a random one-to-one matching);
2. draws a pool of candidate clues, each true in that solution, of the kinds the output format
   can write (ZebraLogic English has no either-or, and orders only the houses);
3. grounds the puzzle once with every candidate behind a guard (:class:`ClueSolver`), then
   adds clues until the solver finds no second solution: each added clue is one that the last
   second solution breaks, so every clue added makes progress;
4. removes clues, one at a time in random order, while the solution stays unique (a removal is
   one solve under assumptions). With ``minimal`` it removes every clue it can. Otherwise it
   first adds clues until the direct rules finish the grid and removes only clues that neither
   uniqueness nor the direct rules need: that is the ``direct`` puzzle; for ``case``, one more
   clue is removed that keeps the solution unique but that the direct rules needed, so that
   the puzzle takes case splits, but few (its grade, the costly part, stays short);
5. grades the result with the explain engine (:func:`aspuzzle.difficulty.grade`) and keeps it
   only at the tier asked. Whether the direct rules finish the grid is computed first with
   the engine's own fast transcription of its rule files
   (:class:`~aspuzzle.puzzles.logicgrid.fast.FastGrid`, one fixpoint from the empty board), so
   only candidates that can be of the tier asked are graded, once each.

The tiers are those of the logic-grid explain engine: ``direct`` (bijectivity, transitivity,
one rule per kind of clue), ``case`` (a case split on where a value goes, its branches closed
by direct rules); ``nested`` (a split inside a split's branch) is not offered, see
:attr:`LogicGridGenerator.tiers`. Strong clues ("X is Y", "X
is in house 2") make puzzles easy and weak ones ("X is somewhere left of Y", "X is not Y")
make them hard, so the pool leans to strong clues for ``direct`` and to weak ones above.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from clingo import Function, Number

from aspuzzle.difficulty import Tier, grade
from aspuzzle.engine import SolveConfig
from aspuzzle.errors import InputError, UsageError
from aspuzzle.generator.base import Proposal, Request, Vocabulary
from aspuzzle.puzzles.logicgrid import PUZZLE, _clue_facts, term
from aspuzzle.puzzles.logicgrid.fast import FastGrid
from aspuzzle.puzzles.logicgrid.model import (
    Apart,
    Before,
    Category,
    Clue,
    Grid,
    LogicGridInstance,
    LogicGridSolution,
    NotSame,
    OneOf,
    Ref,
    Same,
    Value,
    holds,
)
from aspuzzle.puzzles.logicgrid.vocabulary import bundled, categories_of

__all__ = ["GENERATOR", "MAX_VALUES", "MIN_VALUES", "LogicGridGenerator"]

MIN_VALUES = 2
MAX_VALUES = 8
"""Values per category: beyond 8 the explain engine's grades take many seconds each."""
MAX_CATEGORIES = 8
_ZEBRA = "zebralogic"

# Kinds of clue and how often the pool draws them, by tier: strong clues for direct puzzles,
# weak ones (that leave more to deduce) for the harder tiers.
_WEIGHTS: dict[Tier, dict[str, float]] = {
    Tier.DIRECT: {"same": 3, "at": 2, "not_same": 1, "not_at": 1, "before": 1,
                  "before_by": 2, "apart": 2, "either": 1, "one_of": 0.5},
    Tier.CASE: {"same": 2, "at": 1, "not_same": 2, "not_at": 1, "before": 2,
                "before_by": 1.5, "apart": 2, "either": 1.5, "one_of": 0.5},
}
_STRONG = {"same": 3, "at": 3, "before_by": 2, "apart": 1, "either": 1, "one_of": 0,
           "not_same": 0, "not_at": 0, "before": 0}
"""How much a kind of clue says, to order removals: weak clues go first for ``direct`` (the
strong ones stay), strong ones first for the harder tiers."""
_POOL = 6
"""Candidate clues drawn per value of the puzzle (K * N values)."""
_MAX_ROUNDS = 10_000


@dataclass(frozen=True)
class _Candidate:
    clue: Clue
    kind: str


class LogicGridGenerator:
    takes = frozenset({"categories"})
    """Options beyond size and tier: the categories and values to draw from."""

    @staticmethod
    def load_categories(path: str) -> Vocabulary:
        """``--categories FILE``: the categories and values to draw from."""
        from aspuzzle.puzzles.logicgrid.vocabulary import load_categories

        return load_categories(path)
    """Logic grids: ``--size KxN`` is K categories (the key, houses, among them) of N values
    each, ZebraLogic's puzzle of H houses and C characteristics being ``(C+1)xH``."""

    type = "logicgrid"
    default_size = (5, 5)
    tiers = (Tier.DIRECT, Tier.CASE)
    """Not ``nested``: in every experiment (hundreds of puzzles from 2x3 to 7x5 and 3x8, with
    every mix of clue kinds) the logic-grid engine closed each generated puzzle with case
    splits whose branches need only direct rules."""

    def parse_size(self, text: str) -> tuple[int, int]:
        m = re.fullmatch(r"\s*(\d{1,3})\s*[xX*]\s*(\d{1,3})\s*", text)
        if m is None:
            raise UsageError(f"bad size {text!r} for a logic grid: give KxN, K categories of N "
                             "values each (e.g. 5x5)")
        return int(m.group(1)), int(m.group(2))

    def check(self, request: Request) -> None:
        k, n = request.size
        vocab = request.vocabulary or bundled()
        source = "the bundled vocabulary" if request.vocabulary is None else \
            "the categories file"
        if k < 2:
            raise UsageError(f"a logic grid needs at least 2 categories (asked for {k})")
        if n < MIN_VALUES:
            raise UsageError(f"a logic grid needs at least {MIN_VALUES} values per category "
                             f"(asked for {n})")
        if n > MAX_VALUES:
            raise UsageError(f"at most {MAX_VALUES} values per category (asked for {n})")
        if k > MAX_CATEGORIES:
            raise UsageError(f"at most {MAX_CATEGORIES} categories (asked for {k})")
        cats = categories_of(vocab)
        key = cats[0]
        if len(key.values) < n:
            raise UsageError(f"{source} has {len(key.values)} values of its key category "
                             f"'{key.name}', not {n}")
        fit = [c for c in cats[1:] if len(c.values) >= n]
        if len(fit) < k - 1:
            raise UsageError(f"{source} has {len(fit) + 1} categories of at least {n} values "
                             f"(the key '{key.name}' among them), not {k}")
        if request.options.get("to") == _ZEBRA:
            _check_zebra(cats, n)
        if request.tier is not Tier.DIRECT and n < 3:
            raise UsageError(f"a logic grid of {n} values per category is always solved by "
                             f"direct rules; tier {request.tier} needs at least 3 values")

    def removable(self, request: Request, clue: Any) -> bool:
        return True

    def propose(self, request: Request, rng: random.Random) -> Proposal | None:
        k, n = request.size
        cats = _draw_categories(request.vocabulary or bundled(), k, n, rng)
        solution = _draw_solution(cats, rng)
        zebra = request.options.get("to") == _ZEBRA
        attempt = _Attempt(cats, solution, request, zebra, rng)
        inst = attempt.run()
        if inst is None:
            return None
        if zebra and not _zebra_writes(inst):
            return None
        from aspuzzle.api import Loaded
        from aspuzzle.puzzles.logicgrid.reasoning import LogicGridReasoner

        # at the tier asked at most: the full grade for a puzzle of that tier, and no search
        # for deeper splits in one beyond it (dropped anyway); the solution is proven the only
        # one (the attempt found no second), so steps are re-proven from it, not solved
        # the steps' words are written only if read (seldom: a generated puzzle's output is
        # its grade, not the explanation), from what the reasoner keeps of itself after
        # at tier direct the grade follows no case split: every board agrees with the solution
        reasoner = LogicGridReasoner(inst, solution=solution, words_later=True,
                                     no_splits=request.tier is Tier.DIRECT)
        g = grade(Loaded(PUZZLE, inst, "generated"), reasoner=reasoner, at_most=request.tier)
        reasoner.keep_words_only()
        if not g.graded or g.tier is not request.tier:
            return None
        return Proposal(inst, solution, g)


GENERATOR = LogicGridGenerator()


def _check_zebra(cats: list[Category], n: int) -> None:
    """Can puzzles of these categories be written in ZebraLogic English? (houses 1..N first,
    names and values its writer takes; the clues are checked as each puzzle is written)"""
    from aspuzzle.puzzles.logicgrid.zebralogic import write_zebralogic

    key = cats[0]
    if not key.numeric or list(key.values[:n]) != list(range(1, n + 1)):
        raise UsageError(f"ZebraLogic text needs houses numbered 1 to {n} as the first "
                         f"category; '{key.name}' is not")
    for c in cats[1:]:
        if len(c.values) < n:
            continue
        probe = LogicGridInstance((Category(key.name, tuple(range(1, n + 1)), True),
                                   Category(c.name, c.values[:n], c.ordered)), ())
        try:
            write_zebralogic(probe)
        except InputError as e:
            raise UsageError(f"cannot write these puzzles in ZebraLogic text: {e.message}")\
                from None


def _zebra_writes(inst: LogicGridInstance) -> bool:
    from aspuzzle.puzzles.logicgrid.zebralogic import write_zebralogic

    try:
        write_zebralogic(inst)
    except InputError:
        return False
    return True


# --- drawing ----------------------------------------------------------------------------------

def _draw_categories(vocab: Vocabulary, k: int, n: int,
                     rng: random.Random) -> tuple[Category, ...]:
    cats = categories_of(vocab)
    key, rest = cats[0], [c for c in cats[1:] if len(c.values) >= n]
    chosen = sorted(rng.sample(range(len(rest)), k - 1))
    out = [Category(key.name, key.values[:n] if key.has_order
                    else _sample(key.values, n, rng), key.ordered)]
    out += [Category(rest[i].name, _sample(rest[i].values, n, rng), rest[i].ordered)
            for i in chosen]
    return tuple(out)


def _sample(values: tuple[Value, ...], n: int, rng: random.Random) -> tuple[Value, ...]:
    """n values at random, in the order listed (an ordered category keeps its order)."""
    return tuple(values[i] for i in sorted(rng.sample(range(len(values)), n)))


def _draw_solution(cats: tuple[Category, ...], rng: random.Random) -> LogicGridSolution:
    columns = [list(cats[0].values)]
    for c in cats[1:]:
        vals = list(c.values)
        rng.shuffle(vals)
        columns.append(vals)
    return LogicGridSolution(tuple(
        tuple((c.name, columns[j][e]) for j, c in enumerate(cats))
        for e in range(len(cats[0].values))))


class _Pool:
    """Candidate clues true in the solution, drawn kind by kind."""

    def __init__(self, cats: tuple[Category, ...], sol: LogicGridSolution, zebra: bool,
                 rng: random.Random) -> None:
        self.cats, self.rng, self.zebra = cats, rng, zebra
        self.n = len(cats[0].values)
        self.value = [dict(g) for g in sol.groups]
        self.key = cats[0]
        self.attrs = [c for c in cats[1:]]
        self.ordered = [c for c in cats if c.has_order and (not zebra or c is self.key)]
        self.pos = {c.name: c.positions() for c in self.ordered}

    def kinds(self) -> list[str]:
        kinds = ["not_at", "at"]
        if len(self.attrs) >= 2:
            kinds += ["same", "not_same"]
        if self.ordered and len(self.cats) >= 2:
            kinds += ["before", "before_by", "apart"]
        if not self.zebra and len(self.cats) >= 2:
            kinds += ["either", "one_of"]
        return kinds

    def ref(self, e: int, c: Category) -> Ref:
        return Ref(c.name, self.value[e][c.name])

    def two(self) -> tuple[int, int]:
        e1, e2 = self.rng.sample(range(self.n), 2)
        return e1, e2

    def draw(self, kind: str) -> Clue | None:
        rng = self.rng
        if kind in ("same", "not_same"):
            c1, c2 = rng.sample(self.attrs, 2)
            if kind == "same":
                e = rng.randrange(self.n)
                return Same(0, "", self.ref(e, c1), self.ref(e, c2))
            e1, e2 = self.two()
            return NotSame(0, "", self.ref(e1, c1), self.ref(e2, c2))
        if kind in ("at", "not_at"):
            c = rng.choice(self.attrs)
            if kind == "at":
                e = rng.randrange(self.n)
                return Same(0, "", self.ref(e, c), self.ref(e, self.key))
            e1, e2 = self.two()
            return NotSame(0, "", self.ref(e1, c), self.ref(e2, self.key))
        if kind in ("before", "before_by", "apart"):
            on = rng.choice(self.ordered)
            sides = [c for c in self.cats if c is not on and (c is not self.key or
                                                             on is not self.key)]
            if not sides:
                return None
            c1, c2 = rng.choice(sides), rng.choice(sides)
            e1, e2 = self.two()
            p1, p2 = (self.pos[on.name][self.value[e][on.name]] for e in (e1, e2))
            if p1 > p2:
                e1, e2, p1, p2 = e2, e1, p2, p1
            a, b = self.ref(e1, c1), self.ref(e2, c2)
            if kind == "before":
                return Before(0, "", a, b, on.name, None)
            if kind == "before_by":
                if self.zebra and (p2 - p1 != 1 or on is not self.key):
                    return None
                return Before(0, "", a, b, on.name, p2 - p1)
            if self.zebra and p2 - p1 > 3:
                return None
            if rng.random() < 0.5:
                a, b = b, a
            return Apart(0, "", a, b, on.name, p2 - p1)
        if kind in ("either", "one_of"):
            c1 = rng.choice(self.attrs)
            others = [c for c in self.cats if c is not c1]
            e1, e2 = self.two()
            yes = self.ref(e1, rng.choice(others))
            no = self.ref(e2, rng.choice(others))
            options = [yes, no]
            if kind == "one_of" and self.n >= 3 and rng.random() < 0.5:
                e3 = rng.choice([e for e in range(self.n) if e not in (e1, e2)])
                options.append(self.ref(e3, rng.choice(others)))
            rng.shuffle(options)
            return OneOf(0, "", self.ref(e1, c1), tuple(options), exclusive=kind == "either")
        raise ValueError(kind)


def _shown(m: Any) -> frozenset[Any]:
    return frozenset(m.symbols(shown=True))


def _identity(clue: Clue) -> Any:
    """Two candidates that say the same thing have the same identity."""
    if isinstance(clue, Same | NotSame | Apart):
        pair = tuple(sorted(((clue.a.category, str(clue.a.value)),
                             (clue.b.category, str(clue.b.value)))))
        return type(clue).__name__, pair, getattr(clue, "on", ""), getattr(clue, "distance", 0)
    return clue


class _Attempt:
    """One attempt: the pool grounded once, clues added until unique, then removed."""

    def __init__(self, cats: tuple[Category, ...], solution: LogicGridSolution,
                 request: Request, zebra: bool, rng: random.Random) -> None:
        self.cats, self.solution, self.request, self.rng = cats, solution, request, rng
        self.base = LogicGridInstance(cats, ())
        pool = _Pool(cats, solution, zebra, rng)
        weights = _WEIGHTS[request.tier]
        kinds = pool.kinds()
        w = [weights[kd] for kd in kinds]
        seen: set[Any] = set()
        self.cands: list[_Candidate] = []
        want = _POOL * len(cats) * len(cats[0].values)
        for _ in range(want * 3):
            if len(self.cands) >= want:
                break
            kind = rng.choices(kinds, w)[0]
            clue = pool.draw(kind)
            if clue is None or _identity(clue) in seen:
                continue
            seen.add(_identity(clue))
            self.cands.append(_Candidate(clue, kind))
        self.weight = [weights[c.kind] for c in self.cands]
        self.target = frozenset(
            Function("assign", [term(g[0][1]), term(c), term(v)])
            for g in solution.groups for c, v in g)

    def instance(self, chosen: Sequence[int]) -> LogicGridInstance:
        clues = []
        for number, i in enumerate(chosen, 1):
            c = self.cands[i].clue
            clues.append(c._replace(number=number))
        return LogicGridInstance(self.cats, tuple(clues))

    def run(self) -> LogicGridInstance | None:
        from aspuzzle.api import Loaded
        from aspuzzle.diagnosis import Clue as DClue
        from aspuzzle.diagnosis import Clues, ClueSolver

        items = tuple(DClue(f"clue {k}", "", (Function("clue", [Number(k), Number(k)]),
                                             *_clue_facts(k, c.clue)))
                      for k, c in enumerate(self.cands, 1))
        config = SolveConfig(seed=self.rng.randrange(1, 2**31), interruptible=False)
        self.solver = ClueSolver(Loaded(PUZZLE, self.base, "generated"), Clues(items),
                                 config=config)
        self.guards = [g for g, _ in self.solver.on(())]
        # each guard's solver literal, looked up once: a solve assumes every guard, and a
        # look-up by symbol (a hash and a comparison inside clingo each) costs more per guard
        lits = [self.solver.g.literal(g) for g in self.guards]
        self.guard_lits = [lit for lit in lits if lit is not None]
        assert len(self.guard_lits) == len(lits), "every clue's guard is an external"
        self.answer = {s: (e, c.name, v)
                       for e, kv in enumerate(self.cats[0].values) for c in self.cats
                       for v in c.values
                       for s in [Function("assign", [term(kv), term(c.name), term(v)])]}
        chosen: list[int] = []
        unused = set(range(len(self.cands)))
        while True:
            other = self.second(chosen)
            if other is None:
                break
            grid = Grid(self.base, other)
            killers = sorted(i for i in unused if not holds(grid, self.cands[i].clue))
            if not killers:
                return None  # the whole pool leaves two solutions
            i = self.rng.choices(killers, [self.weight[j] for j in killers])[0]
            chosen.append(i)
            unused.discard(i)
        if self.request.minimal:
            keep = self.reduce(chosen, direct=self.request.tier is Tier.DIRECT, keep_direct=False)
            return self.instance(keep) if self.is_direct(keep) == (
                self.request.tier is Tier.DIRECT) else None
        # not minimal: the direct puzzle whose clues are each needed by uniqueness or by the
        # direct rules; for case, one clue more is removed that the direct rules needed
        more = self.until_direct(chosen, unused)
        if more is None:
            return None
        keep = self.reduce(more, direct=True, keep_direct=True)
        if self.request.tier is Tier.DIRECT:
            return self.instance(keep)
        order = list(keep)
        self.rng.shuffle(order)
        for i in order:
            trial = [j for j in keep if j != i]
            if self.second(trial) is None and not self.is_direct(trial):
                return self.instance(trial)
        return None

    def reduce(self, chosen: list[int], *, direct: bool, keep_direct: bool) -> list[int]:
        """Remove clues while the solution stays unique (and with ``keep_direct``, while the
        direct rules still finish the puzzle): weak clues are tried first for direct puzzles
        (the strong ones stay), strong ones first for harder tiers."""
        order = list(chosen)
        self.rng.shuffle(order)
        order.sort(key=lambda i: _STRONG[self.cands[i].kind] * (1 if direct else -1))
        keep = list(chosen)
        for i in order:
            trial = [j for j in keep if j != i]
            if self.second(trial) is not None:
                continue
            if keep_direct and not self.is_direct(trial):
                continue
            keep = trial
        return keep

    def second(self, chosen: Sequence[int]) -> LogicGridSolution | None:
        """A solution other than the one drawn, under these clues, or None."""
        on = set(chosen)
        res = self.solver.g.solve_read(_shown, 2, literals=[
            lit if i in on else -lit for i, lit in enumerate(self.guard_lits)])
        for a in res.answers:
            if a != self.target:
                return self.read(a)
        return None

    def read(self, answer: frozenset[Any]) -> LogicGridSolution:
        groups: list[dict[str, Value]] = [{} for _ in self.cats[0].values]
        for s in answer:
            if s in self.answer:
                e, c, v = self.answer[s]
                groups[e][c] = v
        return LogicGridSolution(tuple(tuple((c.name, g[c.name]) for c in self.cats)
                                       for g in groups))

    def is_direct(self, chosen: Sequence[int]) -> bool:
        """Do the direct rules alone fill the whole grid? (their fixpoint, by the engine's fast
        transcription of its rule files)"""
        return FastGrid(self.instance(chosen)).fills(_MAX_ROUNDS)

    def until_direct(self, chosen: list[int], unused: set[int]) -> list[int] | None:
        """Add clues (strong ones first) until the direct rules finish the puzzle."""
        rest = sorted(unused)
        self.rng.shuffle(rest)
        rest.sort(key=lambda i: -_STRONG[self.cands[i].kind])
        out = list(chosen)
        for i in rest:
            if self.is_direct(out):
                return out
            out.append(i)
        return out if self.is_direct(out) else None
