"""The Tents generator: random layouts made unique by local redraws, steered to a tier.

One attempt (:meth:`TentsGenerator.propose`):

1. **Layout.** clingo draws tents and the trees they are paired with (``generate.lp``): one
   tent (and so one tree) per five cells, as Tatham's generator has them, tents never
   touching. The order in which the solver tries cells and whether it tries a tent first are
   random facts drawn from the attempt's ``random.Random``, and clingo's own seed comes from it
   too, so a seed gives the same layout on every machine.
2. **Uniqueness.** The line counts are read off the layout, and the solver looks for a second
   solution: a placement of the puzzle's tents that is not the layout's (one solve; none
   proves the puzzle unique). Random layouts are rarely unique on large boards (Tatham's
   generator, which draws whole layouts again, takes 5-40 s for a 25x25), so where the second
   solution differs from the layout, the layout is *redrawn locally*: the cells near the
   difference (and the partners of their trees and tents) are drawn again with everything
   else kept, and the new layout must differ there. The line counts follow, and the search
   for a second solution starts again.
3. **Tier.** The explain engine is run on the unique puzzle, allowed only the tier asked
   (cheaper than a full grade when it fails: it stops where the rules at hand get stuck). A
   puzzle that it solves with a case split when ``direct`` was asked, or that it cannot solve
   with the tier's rules, is redrawn around a cell the rules could not decide, and steps 2-3
   repeat. A ``case`` request that comes out ``direct`` is redrawn somewhere at random.
   When the explanation solves the puzzle at the tier asked, it is exactly what
   :func:`aspuzzle.difficulty.grade` would find (the engine takes the weakest reasoning at
   every point, so a full grade makes the same steps), and the proposal carries that grade.
4. **Minimal** (``--minimal``): line counts are left out one by one in random order while the
   puzzle stays unique (each a solve under assumptions, the puzzle grounded once with every
   clue behind a guard: :class:`aspuzzle.diagnosis.ClueSolver`). Leaving a count out never
   removes a solution, so one pass leaves every remaining count needed. The result is graded
   again; if its tier moved (fewer counts can need harder reasoning), the attempt fails.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from aspuzzle.difficulty import Grade, Tier, grade
from aspuzzle.engine import Grounded, Program, SolveConfig
from aspuzzle.errors import UsageError
from aspuzzle.generator.base import Proposal, Request
from aspuzzle.kit.generate import parse_size
from aspuzzle.puzzles.base import SolveOptions, lp_file
from aspuzzle.puzzles.tents.model import Cell, Pair, TentsInstance, TentsSolution

__all__ = ["GENERATOR", "MAX_SIDE", "MIN_SIDE", "TentsGenerator"]

MIN_SIDE = 4
"""Tatham's rule (``tents.c``: width and height at least four), so that every generated puzzle
can be written as his game ID. A 3-wide grid holds at most 2 tents a line and its puzzles are
little more than counting."""
MAX_SIDE = 50
"""Grading (the explain engine) dominates and grows much faster than the grid: on this
2-core machine one 40x40 took 21 s of CPU time (direct) and 107 s (case), one 50x50 direct
80 s (README, Tents speed); larger grids would take many minutes a puzzle."""
_DENSITY = 5
"""One tent (and one tree) per this many cells, as Tatham's generator places them."""
_WANT = 0.9
"""How often the solver tries a tent first on a cell: at 1 in 5 the density is near the
packing limit (tents at most 1 in 4), and solvers that try grass first hardly ever reach it."""
_REPAIRS = 60
"""Local redraws per attempt before it gives up (a new attempt draws a new layout)."""
_REDRAWS = 400
"""Redraws per attempt toward the tier asked, and at least one per cell (each costs a clingo
draw and a pass of the direct rules in Python, milliseconds), before the attempt gives up.
The direct rules decide hardly anything on a random 30x30 layout; a local search by redraws
of 5x5 blocks gets them through it in 150-400 redraws."""
_GRADES = 4
"""Runs of the explain engine per attempt (the costly part): each one that misses the tier
redraws near where it stuck."""
_MINIMAL_ORDERS = 3
"""Orders in which counts are left out before a ``--minimal`` attempt gives up."""
_SIDES = ((-1, 0), (0, -1), (1, 0), (0, 1))


@dataclass(frozen=True)
class _Layout:
    """A solution and the trees it is built around."""

    tents: frozenset[Cell]
    trees: frozenset[Cell]
    pairs: frozenset[Pair]
    """(tree, tent)"""

    def instance(self, width: int, height: int, difficulty: str | None) -> TentsInstance:
        rows = tuple(sum(1 for t in self.tents if t[0] == r) for r in range(1, height + 1))
        cols = tuple(sum(1 for t in self.tents if t[1] == c) for c in range(1, width + 1))
        return TentsInstance(height, width, self.trees, rows, cols, difficulty)


class TentsGenerator:
    """Tents puzzles of a size (``WxH``) and a tier (``direct``: Tatham's easy; ``case``:
    his tricky)."""

    type: str = "tents"
    default_size: tuple[int, int] = (10, 10)
    tiers: tuple[Tier, ...] = (Tier.DIRECT, Tier.CASE)

    def parse_size(self, text: str) -> tuple[int, int]:
        return parse_size(self.type, text)

    def check(self, request: Request) -> None:
        w, h = request.size
        if min(w, h) < MIN_SIDE:
            raise UsageError(f"a {w}x{h} tents grid is too small: each side must be at least "
                             f"{MIN_SIDE} (Tatham's minimum; smaller grids hold too few tents "
                             "for a puzzle)")
        if max(w, h) > MAX_SIDE:
            raise UsageError(f"a {w}x{h} tents grid is too large to generate: each side must "
                             f"be at most {MAX_SIDE} (a 50x50 already takes minutes to grade)")
        if request.tier not in self.tiers:
            raise UsageError(f"tents puzzles cannot be made at tier {request.tier}: no "
                             "tents puzzle seen needs a case split inside another (tens of "
                             "thousands of random unique ones, Tatham's); choose direct or "
                             "case")

    def removable(self, request: Request, clue: Any) -> bool:
        return str(clue.id).startswith(("row ", "column "))

    def propose(self, request: Request, rng: random.Random) -> Proposal | None:
        w, h = request.size
        layout = _draw(w, h, rng, _cells(w, h), None, (w * h) // _DENSITY)
        if layout is None:
            return None
        letter = "e" if request.tier is Tier.DIRECT else "t"
        grades = 0
        best: tuple[_Layout, set[Cell]] | None = None
        for _ in range(max(_REDRAWS, w * h)):
            if request.tier is not Tier.DIRECT:
                # a direct puzzle is unique by its own explanation; others need the proof
                unique = _make_unique(w, h, layout, rng)
                if unique is None:
                    return None
                layout = unique
            undecided = _direct_closure(layout.instance(w, h, letter))
            if request.tier is Tier.DIRECT:
                # local search: a redraw that leaves more cells undecided is taken back
                if best is not None and len(undecided) > len(best[1]):
                    layout, undecided = best
                else:
                    best = (layout, undecided)
            inst = layout.instance(w, h, letter)
            if (not undecided) == (request.tier is Tier.DIRECT):
                # the direct rules agree with the tier asked: the explain engine decides
                grades += 1
                g, undecided = _grade_at(inst, request.tier)
                if g is not None and g.tier is request.tier:
                    if request.minimal:
                        return _minimal(request, inst, rng)
                    return _proposal(inst, g)
                if grades >= _GRADES:
                    return None
            # steer: redraw near a cell the rules could not decide (too hard), or anywhere
            # (too easy: a case puzzle that needed no split)
            spots = sorted(undecided) or sorted(_cells(w, h))
            new = _redraw(w, h, layout, rng, _around([rng.choice(spots)], 2, w, h))
            if new is None:
                return None
            layout = new
        return None


GENERATOR = TentsGenerator()


def _cells(w: int, h: int) -> set[Cell]:
    return {(r, c) for r in range(1, h + 1) for c in range(1, w + 1)}


def _around(cells: Iterable[Cell], radius: int, w: int, h: int) -> set[Cell]:
    """The cells within ``radius`` (kings' moves) of any of ``cells``."""
    out: set[Cell] = set()
    for r, c in cells:
        for rr in range(max(1, r - radius), min(h, r + radius) + 1):
            for cc in range(max(1, c - radius), min(w, c + radius) + 1):
                out.add((rr, cc))
    return out


def _draw(w: int, h: int, rng: random.Random, region: set[Cell], old: _Layout | None,
          n: int) -> _Layout | None:
    """A layout with ``n`` tents in ``region``, the rest of ``old`` kept (clingo, randomised
    by facts and a seed drawn from ``rng``); None if there is none."""
    # the facts as ASP text, as clingo writes them (a Symbol per fact, turned back into text,
    # cost a third of a 15x15 draw's grounding)
    facts = [f"tents({n}).\n"]
    # one fact a cell: its rank, whether a tent is tried first, the side of the tree tried
    # first (on 15x15, four facts a cell took 3 ms to parse); then the region's border
    for r, c in sorted(region):
        rank = rng.randrange(1, 100)
        want = 1 if rng.random() < _WANT else 0
        dr, dc = rng.choice(_SIDES)
        facts.append(f"cell({r},{c},{rank},{want},{dr},{dc}).\n")
    for r, c in sorted(region):
        for dr, dc in _SIDES:
            if (r + dr, c + dc) not in region:
                facts.append(f"edge({r},{c},{dr},{dc}).\n")
    if old is not None:
        # only the kept tents next to the region constrain it; the rest is merged back below
        facts.append("redraw.\n")
        ring = _around(region, 1, w, h) - region
        for name, cells in (("tent", old.tents), ("tree", old.trees)):
            for r, c in sorted(cells):
                if (r, c) in region:
                    facts.append(f"old_{name}({r},{c}).\n")
                elif name == "tent" and (r, c) in ring:
                    facts.append(f"kept_tent({r},{c}).\n")
    program = Program((lp_file(__package__ or "", "generate.lp"),), (), (),
                      facts_text="".join(facts))
    # --trans-ext=no: the count of tents stays one constraint; clasp's default turns it into
    # rules with a helper atom per tent and count, 8000 on a 15x15, whose preparation took
    # two thirds of the draw
    g = Grounded(program, SolveConfig(interruptible=False),
                 extra_args=["--heuristic=Domain", "--trans-ext=no",
                             f"--seed={rng.randrange(1, 2**31)}"])
    model = g.first_model()
    if model is None:
        return None
    tents: set[Cell] = set()
    trees: set[Cell] = set()
    pairs: set[Pair] = set()
    for s in model:  # toward(R, C, DR, DC): a tent and the side of its tree
        r, c, dr, dc = (x.number for x in s.arguments)
        tents.add((r, c))
        trees.add((r + dr, c + dc))
        pairs.add(((r + dr, c + dc), (r, c)))
    if old is not None:
        tents = {t for t in tents if t in region} | {t for t in old.tents if t not in region}
        trees |= {t for t in old.trees if t not in region}
        pairs |= {p for p in old.pairs if p[0] not in region}
    return _Layout(frozenset(tents), frozenset(trees), frozenset(pairs))


def _redraw(w: int, h: int, layout: _Layout, rng: random.Random,
            cells: set[Cell]) -> _Layout | None:
    """The layout redrawn on ``cells`` and the partners of their trees and tents (so that
    every pair is redrawn or kept whole); the region grows when it cannot change."""
    region = set(cells)
    for radius in (0, 1, 2):
        if radius:
            region = _around(region, 1, w, h)
        for tree, tent in layout.pairs:
            if tree in region or tent in region:
                region |= {tree, tent}
        n = sum(1 for t in layout.tents if t in region)
        new = _draw(w, h, rng, region, layout, n)
        if new is not None:
            return new
    return None


def _second(inst: TentsInstance, layout: _Layout) -> frozenset[Cell] | None:
    """The tents of a solution other than the layout's, or None if the layout's is the only
    one. Every solution has as many tents as trees, so one that holds all of the layout's
    tents is the layout's: forbidding that is enough."""
    from aspuzzle.puzzles.tents import PUZZLE

    body = ", ".join(f"tent({r},{c})" for r, c in sorted(layout.tents))
    program = Program(PUZZLE.encodings(SolveOptions(), inst), (), (),
                      constants=PUZZLE.constants(inst), rules=f":- {body}.\n" if body else "",
                      facts_text=PUZZLE.facts_text(inst), solver_args=PUZZLE.solver_args(inst))
    model = Grounded(program, SolveConfig(interruptible=False)).first_model()
    if model is None:
        return None
    return frozenset((s.arguments[0].number, s.arguments[1].number)
                     for s in model if s.name == "tent")


def _make_unique(w: int, h: int, layout: _Layout, rng: random.Random) -> _Layout | None:
    """The layout, redrawn where a second solution differs from it until there is none."""
    for _ in range(_REPAIRS):
        other = _second(layout.instance(w, h, None), layout)
        if other is None:
            return layout
        diff = sorted(other ^ layout.tents)
        new = _redraw(w, h, layout, rng, _around(diff, 1, w, h))
        if new is None:
            return None
        layout = new
    return None


def _direct_closure(inst: TentsInstance) -> set[Cell]:
    """The cells the direct rules leave undecided from an empty board (empty: they solve the
    puzzle, which is then unique). Python's transcription of the rules
    (:mod:`aspuzzle.puzzles.tents.fast`, tested to deduce what the rule files deduce): a
    filter before the explain engine, which has the last word. A contradiction (the layout has
    its solution, so this is a flaw of the transcription) counts as undecided everywhere."""
    from aspuzzle.explain.steps import Board
    from aspuzzle.puzzles.tents.fast import UNKNOWN, FastBoard

    fb = FastBoard(inst)
    s = fb.load(Board({}))
    fb.mark_all(s)
    while not s.dead and (s.lines or s.cells or s.trees or s.tents):
        r = fb.round(s)
        if r.contradictions or r.conflict:
            return {c for c in _cells(inst.width, inst.height) if c not in inst.trees}
        fb.apply(s, r)
    return {fb.cell_of[i] for i, v in enumerate(s.val) if v == UNKNOWN}


def _grade_at(inst: TentsInstance, tier: Tier) -> tuple[Grade | None, set[Cell]]:
    """The puzzle's grade if the explain engine solves it with the rules of ``tier`` (then it
    is the grade :func:`aspuzzle.difficulty.grade` gives at every tier: the same steps), else
    None and the cells it left undecided."""
    from aspuzzle.api import Loaded
    from aspuzzle.puzzles.tents import PUZZLE

    g = grade(Loaded(PUZZLE, inst, "generated"), at_most=tier)
    if g.graded:
        return g, set()
    undecided = {c for c in _cells(inst.width, inst.height)
                 if c not in inst.trees and c not in g.explanation.end.cells}
    return None, undecided


def _proposal(inst: TentsInstance, g: Grade) -> Proposal | None:
    """The proposal with the solution as the solver reports it (its pairing too).

    When the explanation ends with every tree linked (on every puzzle generated so far), the
    solution is read off its last board, with no solve (a grounding and a solve of the game,
    9 ms of a 15x15 generation's 260): each mark and link shown there was proven by the solver
    to hold in every solution, and every pairing of it (see
    :meth:`aspuzzle.puzzles.tents.reasoning.TentsReasoner.entails`), so the puzzle's one answer
    set has exactly those tents and links, and a solve reports them. (The generator solves the
    puzzle once more and compares: :func:`aspuzzle.generator._verify`.)"""
    from aspuzzle.api import Loaded, solve
    from aspuzzle.engine import Status
    from aspuzzle.puzzles.tents import PUZZLE

    end = g.explanation.end
    if len(end.links) == len(inst.trees) and {t for t, _ in end.links} == inst.trees:
        tents = frozenset(c for c, v in end.cells.items() if v == "tent")
        return Proposal(inst, TentsSolution(tents, end.links), g)
    res = solve(Loaded(PUZZLE, inst, "generated"))
    if res.status is not Status.UNIQUE:
        return None
    return Proposal(inst, res.solutions[0], g)


def _minimal(request: Request, inst: TentsInstance, rng: random.Random) -> Proposal | None:
    """Line counts left out while the puzzle stays unique, in random orders, until one
    leaves a puzzle of the tier asked."""
    from aspuzzle.api import Loaded
    from aspuzzle.diagnosis import ClueSolver
    from aspuzzle.puzzles.tents import PUZZLE

    loaded = Loaded(PUZZLE, inst, "generated")
    clues = PUZZLE.clues(inst)
    solver = ClueSolver(loaded, clues)
    lines = [i for i, c in enumerate(clues.items) if GENERATOR.removable(request, c)]
    for _ in range(_MINIMAL_ORDERS):
        order = lines[:]
        rng.shuffle(order)
        out: set[int] = set()
        for i in order:
            keep = (j for j in range(len(clues.items)) if j not in out and j != i)
            if len(solver.g.solve(2, assumptions=solver.on(keep)).answers) == 1:
                out.add(i)
        gone = {clues.items[i].id for i in out}
        rows = tuple(None if f"row {r}" in gone else n for r, n in enumerate(inst.row_clues, 1))
        cols = tuple(None if f"column {c}" in gone else n
                     for c, n in enumerate(inst.col_clues, 1))
        small = inst._replace(row_clues=rows, col_clues=cols)
        g, _ = _grade_at(small, request.tier)
        if g is not None and g.tier is request.tier:
            return _proposal(small, g)
    return None
