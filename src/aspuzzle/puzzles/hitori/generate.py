"""Hitori generator: a random shading, numbers around it, repaired until unique, then graded.

After Tatham's ``singles``: one attempt

1. draws a random valid shading with clingo (``shading.lp``: the cells are tried shaded one by
   one in a random order while no two shaded cells touch and the unshaded cells stay
   connected, so the shading is dense: no cell can be added to it);
2. writes a random Latin square of order max(W, H) (a cyclic square with its rows, columns and
   symbols shuffled), cut to W x H, into the unshaded cells, so that no number repeats among
   them in a row or column and every number is at most max(W, H), as Tatham's program wants;
3. gives every shaded cell the number of an unshaded cell in its row or column (its *source*),
   so that the cell cannot stay unshaded;
4. asks clingo for a solution other than the shading (``other.lp``); while there is one, a
   shaded cell that it leaves unshaded takes the number of a cell in its row or column that
   both solutions leave unshaded, which rules that solution out while the shading stays
   valid. A few rounds, each one solve of the re-numbered grid, and never from scratch;
5. grades the puzzle with the explain engine (:func:`aspuzzle.difficulty.grade`), once, and
   keeps it only at the tier asked.

Where a shaded cell's source lies steers the tier. A source next to the cell makes a pair of
equal numbers side by side, which the direct rules cannot always open: with such sources first,
a case split was needed in 28% of the unique 4x4 puzzles, 26% at 6x6, 33% at 8x8, 34% at 10x10,
42% at 12x12 (100 to 300 puzzles per size), against 10% to 17% with sources drawn uniformly, so
``case`` puts them first. ``direct`` puts first sources at least three cells away, and among
them the cell already copied most: copies gathered on few cells leave the other numbers alone in
their lines, where the direct rules start. Then 97 of 100 8x8, 40 of 40 12x12, 11 of 12 25x25
and 7 of 8 30x30 puzzles were direct; spreading the copies over as many numbers as possible
instead did as well up to 12x12 but only 9 of 12 at 25x25 and about one in three at 30x30.
A 3x3 never needs a split with sources next to their cells, but does with sources drawn
uniformly (17 of 100): a quarter of the ``case`` attempts draw them so.

The ``nested`` tier is refused: in over 4,500 generated puzzles (3x3 to 16x16, over 900 of
them ``case``) and in every puzzle of the test corpora, the explain engine never needed a case
split inside another one: the Hitori direct rules (Tatham's, with One Way Out and No Isolation)
close every branch of the first split.

Every random choice comes from the ``random.Random`` the driver passes in (clingo's seed too,
single-threaded), so a request and a seed give the same puzzle on any machine.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

import clingo

from aspuzzle.api import Loaded
from aspuzzle.difficulty import Tier, grade
from aspuzzle.engine import Grounded, Program, SolveConfig
from aspuzzle.errors import UsageError
from aspuzzle.explain.steps import Board
from aspuzzle.generator.base import Proposal, Request
from aspuzzle.puzzles.base import lp_file
from aspuzzle.puzzles.hitori import PUZZLE
from aspuzzle.puzzles.hitori.model import Cell, HitoriSolution, make_instance
from aspuzzle.puzzles.hitori.reasoning import HitoriReasoner

__all__ = ["CLOSURE_FIRST", "GENERATOR", "MAX_SIDE", "MIN_SIDE", "HitoriGenerator",
           "closes_directly"]

_PACKAGE = "aspuzzle.puzzles.hitori"
SHADING = lp_file(_PACKAGE, "shading.lp")
OTHER = lp_file(_PACKAGE, "other.lp")
ENCODING = lp_file(_PACKAGE, "encoding.lp")

MIN_SIDE = 3
"""Rows and columns, each, at least (Tatham's singles allows 2). A side of two cells makes
lines of two, where the only thing to see is a pair of equal numbers, one of them shaded; 3x3
is the smallest grid whose puzzles can need a case split (about one in six, drawn uniformly)."""
MAX_SIDE = 100
"""Rows and columns, each, at most: grading a 50x50 still takes several seconds (the explain
engine's time grows with about the third to fourth power of the side), so larger grids would
take minutes each. Numbers go up to max(W, H): Tatham IDs hold grids up to 61x61 (one
character per cell, 1..61), puzz.link URLs and the text format every size."""
ROUNDS = 12
"""Re-numbering rounds of one attempt (a unique puzzle takes 0 to 3 in nearly every case)."""
CLOSURE_FIRST = 35 * 35
"""From this many cells on, a candidate for tier direct is first closed under the direct rules
(:func:`closes_directly`), and dropped if they do not solve it, before it is explained: the
closure costs a fraction of the explanation, and on large grids many candidates need a case
split (2 of 3 at 50x50 with seed 2), which the explanation finds out only after most of its
steps; on smaller grids nearly all are direct and the closure would only add its cost."""
NEAR_SHARE = 0.75
"""For ``case``: the share of attempts that put a shaded cell's source next to it first; the
others draw sources uniformly (the only way a 3x3 reaches a case split, see the module's
docstring)."""

_SIZE = re.compile(r"\s*(\d{1,6})\s*(?:[xX×]\s*(\d{1,6}))?\s*")


@dataclass(frozen=True)
class HitoriGenerator:
    """The Hitori generator of :mod:`aspuzzle.generator` (``GENERATOR``)."""

    type: str = "hitori"
    default_size: tuple[int, int] = (8, 8)
    tiers: tuple[Tier, ...] = (Tier.DIRECT, Tier.CASE)

    def parse_size(self, text: str) -> tuple[int, int]:
        """``"8"`` (8x8) or ``"WxH"`` (columns x rows) -> ``(W, H)``."""
        m = _SIZE.fullmatch(text)
        if m is None:
            raise UsageError(f"hitori size {text!r} is not N or WxH (e.g. 8 or 10x8)")
        w = int(m.group(1))
        h = int(m.group(2)) if m.group(2) is not None else w
        return w, h

    def check(self, request: Request) -> None:
        w, h = request.size
        if not (MIN_SIDE <= w <= MAX_SIDE and MIN_SIDE <= h <= MAX_SIDE):
            raise UsageError(f"hitori puzzles are {MIN_SIDE}x{MIN_SIDE} to "
                             f"{MAX_SIDE}x{MAX_SIDE}, not {w}x{h}")
        if request.minimal:
            raise UsageError("--minimal does not apply to hitori: every cell holds a number, "
                             "none can be left out")
        if request.tier not in self.tiers:
            raise UsageError(f"hitori puzzles cannot be made at tier {request.tier}; choose "
                             "one of " + ", ".join(str(t) for t in self.tiers))

    def propose(self, request: Request, rng: random.Random) -> Proposal | None:
        w, h = request.size
        near: bool | None = False
        if request.tier is Tier.CASE:
            near = True if rng.random() < NEAR_SHARE else None
        shaded = random_shading(w, h, rng)
        grid = numbers(w, h, shaded, rng, near=near)
        if not make_unique(grid, shaded, rng, near=near):
            return None
        inst = make_instance(grid)
        # the solution is proven the only one: make_unique found no other (other.lp)
        reasoner = HitoriReasoner(inst, solution=HitoriSolution(shaded))
        # the tier the direct rules give, before the explanation that would find it out
        if request.tier is not Tier.DIRECT or w * h >= CLOSURE_FIRST:
            reasoner.ground_ahead()  # the closure solves every program of the direct rules
            if closes_directly(reasoner) is not (request.tier is Tier.DIRECT):
                return None
        g = grade(Loaded(PUZZLE, inst, "generated"), reasoner=reasoner, at_most=request.tier)
        if not g.graded or g.tier != request.tier:
            return None
        return Proposal(inst, HitoriSolution(shaded), g)

    def removable(self, request: Request, clue: object) -> bool:
        return False


GENERATOR = HitoriGenerator()


def closes_directly(reasoner: HitoriReasoner) -> bool:
    """Do the direct rules solve the puzzle? Each round applies every direct step there is at
    once (the probes of the case-split search), a few dozen rounds where an explanation takes
    one step at a time, hundreds at 50x50. The direct rules reach the same board whatever
    order they are applied in (a step that one rule can take stays possible, or another rule
    takes it: each rule that shades a cell unshades its neighbours, and Next to Shaded does
    for any shaded cell), so this is the explanation's verdict at tier ``direct``; and the
    driver grades the puzzle kept in full anyway."""
    p = reasoner.probe(Board({}), (), ())
    return not p.dead and p.rounds < reasoner.max_probe_rounds and reasoner.complete(p.board)


def _cells(model: frozenset[clingo.Symbol]) -> frozenset[Cell]:
    return frozenset((s.arguments[0].number, s.arguments[1].number) for s in model
                     if s.name == "blacked")


def random_shading(w: int, h: int, rng: random.Random) -> frozenset[Cell]:
    """A valid shading of an empty W x H grid, the cells tried shaded in a random order."""
    cells = [(r, c) for r in range(1, h + 1) for c in range(1, w + 1)]
    order = list(range(1, len(cells) + 1))
    rng.shuffle(order)
    # facts as text: a clingo symbol made per fact and written back costs more than grounding
    facts = "".join(f"cell({r},{c}).\n" for r, c in cells) + "".join(
        f"order({r},{c},{p}).\n" for (r, c), p in zip(cells, order, strict=True))
    # no --rand-freq (SolveConfig.seed would set it): a random decision could leave a cell
    # unshaded that the order would shade, and a shading that can grow lets a second solution
    # shade all its cells and more, which no re-numbering of its shaded cells rules out
    g = Grounded(Program((SHADING,), (), (), facts_text=facts), SolveConfig(interruptible=False),
                 extra_args=("--heuristic=Domain", f"--seed={rng.randrange(1, 2**31)}"))
    model = g.first_model()
    if model is None:  # any grid has a valid shading (none shaded at all)
        raise RuntimeError("shading.lp found no shading")
    return _cells(model)


def numbers(w: int, h: int, shaded: frozenset[Cell], rng: random.Random, *,
            near: bool | None) -> list[list[int]]:
    """A grid of numbers that the shading solves: a Latin square on the unshaded cells, each
    shaded cell a copy of a source in its row or column (:func:`_source`)."""
    n = max(w, h)
    rows, cols, symbols = list(range(n)), list(range(n)), list(range(1, n + 1))
    rng.shuffle(rows)
    rng.shuffle(cols)
    rng.shuffle(symbols)
    grid = [[symbols[(rows[r] + cols[c]) % n] for c in range(w)] for r in range(h)]
    used: dict[Cell, int] = {}
    for cell in sorted(shaded):
        sources = [y for y in _line_cells(w, h, cell) if y not in shaded]
        y = _source(cell, sources, rng, used, near=near)
        grid[cell[0] - 1][cell[1] - 1] = grid[y[0] - 1][y[1] - 1]
    return grid


def _line_cells(w: int, h: int, cell: Cell) -> list[Cell]:
    """The other cells of the cell's row and column."""
    r, c = cell
    return [(r, x) for x in range(1, w + 1) if x != c] + \
           [(y, c) for y in range(1, h + 1) if y != r]


def _source(cell: Cell, sources: list[Cell], rng: random.Random, used: dict[Cell, int], *,
            near: bool | None) -> Cell:
    """The unshaded cell whose number a shaded cell copies. ``near``: a neighbour first (a
    pair side by side); else a cell three or more away first (no pair, no sandwich), the
    most used one first: copies gathered on few numbers leave the others alone in their
    lines, unique numbers that the direct rules start from. ``None``: uniformly."""
    r, c = cell

    def key(y: Cell) -> tuple[bool, int, float]:
        d = abs(y[0] - r) + abs(y[1] - c)
        if near is None:
            return False, 0, rng.random()
        if near:
            return d > 1, 0, rng.random()
        return d <= 2, -used.get(y, 0), rng.random()

    y = min(sources, key=key)
    used[y] = used.get(y, 0) + 1
    return y


def other_solution(grid: list[list[int]], shaded: frozenset[Cell]) -> frozenset[Cell] | None:
    """A solution of the grid other than ``shaded`` (clingo, ``other.lp``); None if there is
    none: the puzzle is unique."""
    facts = PUZZLE.facts_text(make_instance(grid)) + "".join(
        f"intended({r},{c}).\n" for r, c in sorted(shaded))
    g = Grounded(Program((ENCODING, OTHER), (), (), facts_text=facts),
                 SolveConfig(interruptible=False))
    model = g.first_model()
    return None if model is None else _cells(model)


def make_unique(grid: list[list[int]], shaded: frozenset[Cell], rng: random.Random, *,
                near: bool | None, rounds: int = ROUNDS) -> bool:
    """Re-number shaded cells of ``grid`` (in place) until ``shaded`` is its only solution;
    False if ``rounds`` were not enough.

    Each round rules out the other solution clingo found: a shaded cell X that it leaves
    unshaded takes the number of a cell Y of X's row or column that both solutions leave
    unshaded; in the other solution X and Y are then both unshaded with one number. The
    intended solution stays valid (X is shaded), and each round is one fresh ground and solve:
    grounding every number a cell could take up front, behind guards, would ground a pair rule
    for every two cells of a line that could hold the same number (a million at 50x50)."""
    h, w = len(grid), len(grid[0])
    for _ in range(rounds):
        other = other_solution(grid, shaded)
        if other is None:
            return True
        options = []
        for x in sorted(shaded - other):
            ys = [y for y in _line_cells(w, h, x) if y not in shaded and y not in other]
            if ys:
                options.append((x, ys))
        if not options:
            return False
        x, ys = rng.choice(options)
        y = _source(x, ys, rng, {}, near=near)
        grid[x[0] - 1][x[1] - 1] = grid[y[0] - 1][y[1] - 1]
    return False

