"""Futoshiki generator: a random Latin square, clues taken from it until unique, steered to a tier.

After Tatham's ``unequal`` (random Latin square, every clue, clues removed while the puzzle
stays solvable at its level, kept if not solvable at the level below), one attempt

1. draws a Latin square with clingo (random decisions, seeded from the driver's random
   source), then shuffles its rows, columns and digits (a Latin square stays one);
2. lists every clue true in it (:meth:`Puzzle.repairs` on the empty grid: each sign between
   neighbours and each given digit; in adjacent mode the bars and their absences are fixed by
   the square, and only givens are candidates) and grounds the puzzle once with every
   candidate behind a guard (:class:`aspuzzle.diagnosis.ClueSolver`);
3. removes clues in a random order while the solver proves the solution still unique (a run
   of clues that can all go goes in one solve; a run that cannot is halved, which leaves the
   same clues as removing them one by one): what is left is *minimal*, every clue needed;
4. steers the tier with the direct rules themselves, in the Python transcription that the
   explain engine's case probes use (:mod:`aspuzzle.puzzles.futoshiki.rules.fast`):

   * the *direct closure* applies every direct rule but the pair rules until nothing changes;
     a puzzle it solves is explained by direct rules alone (tier ``direct``, for certain);
   * the *case closure* also splits where the direct closure stalls, as the explain engine
     does (on a cell of at most four candidates, or a digit with at most four places in a
     line; fewest branches first), following each branch with the direct rules; a branch that
     dies strikes its digit out, and what every surviving branch agrees on holds. A puzzle it
     solves is unique and needs no split inside a split (tier ``direct`` or ``case``); it
     counts the splits, which the engine's grading time follows.

   ``direct``: givens are added where the direct closure stalls, until it solves the puzzle.
   ``case``: below :data:`HARDEN_FROM`, the minimal puzzle if the case closure solves it in
   1 to :data:`MAX_SPLITS` splits; else, from the minimal puzzle made ``direct`` as above, the
   added givens are taken away again in a random order while the case closure solves it in
   that many splits (Tatham's "remove while solvable at the level"), until it needs
   :data:`SPLITS_WANTED`.
   ``nested``: the minimal puzzle if the case closure cannot solve it.
   With ``minimal`` nothing is added: the minimal puzzle is kept only if the closures put it
   at the tier asked.
5. grades the result once with the explain engine (:func:`aspuzzle.difficulty.grade`), and
   hands the grade to the driver, which keeps the puzzle only at exactly the tier asked (the
   closures leave out the pair rules, which the engine has: a puzzle the closures call
   ``case`` is sometimes ``direct``, one they call ``nested`` sometimes ``case``).

Which tiers each size reaches was measured on minimal puzzles (see :data:`CASE_FROM`,
:data:`NESTED_FROM`); smaller requests are refused. Grading is most of the time of a puzzle
(the explain engine re-proves every step with clingo); a ``nested`` puzzle takes the engine
seconds (adjacent 7x7) to minutes (10x10 and up) to grade, as it searches splits inside
every branch of every split.

Every random choice comes from the ``random.Random`` the driver passes in (clingo's seed too,
single-threaded), so a request and a seed give the same puzzle on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import clingo

from aspuzzle.api import Loaded
from aspuzzle.diagnosis import Clue, ClueSolver
from aspuzzle.difficulty import Tier, grade
from aspuzzle.engine import Grounded, Program, SolveConfig
from aspuzzle.errors import UsageError
from aspuzzle.explain.steps import Board
from aspuzzle.generator.base import Proposal, Request
from aspuzzle.kit.generate import parse_size
from aspuzzle.puzzles.base import lp_file
from aspuzzle.puzzles.futoshiki import PUZZLE
from aspuzzle.puzzles.futoshiki.model import (
    Cell,
    FutoshikiInstance,
    FutoshikiSolution,
    neighbour_pairs,
)
from aspuzzle.puzzles.futoshiki.reasoning import MAX_CASE_BRANCHES, FutoshikiReasoner
from aspuzzle.puzzles.futoshiki.rules.fast import CONTRADICTIONS, DIRECT, FastRules, State

__all__ = ["GENERATOR", "MAX_ADJACENT", "MAX_SIZE", "MIN_SIZE", "FutoshikiGenerator",
           "closes_directly", "latin_square", "splits_needed"]

MIN_SIZE = 4
"""Smaller grids hold no puzzle worth the name (a 3x3 is solved at sight)."""
MAX_SIZE = 12
"""The largest grid offered: the issue's (the text format holds two-digit numbers; Tatham's
IDs hold more), and grading grows fast with the size (a 12x12 ``case`` takes seconds)."""
MAX_ADJACENT = 9
"""The largest grid in adjacent mode: a 9x9 takes about 2 s, but taking givens away from a
10x10 (bars fixed, givens the only clues) met uniqueness proofs of minutes."""
CASE_FROM = 5
"""The least size that needs a case split: every 4x4 is explained by direct rules alone (none
of hundreds of minimal 4x4 puzzles, normal or adjacent, needed a split)."""
NESTED_FROM = {False: 10, True: 7}
"""The least size (normal, adjacent mode) at which a puzzle needs a split inside a split: no
minimal 9x9 of dozens did (one 10x10 in twenty, most 12x12 do); adjacent mode's bars make
minimal puzzles harder (a quarter of the 7x7 and most 8x8 need more than one level)."""
ENCODING = lp_file("aspuzzle.puzzles.futoshiki", "latin.lp")
MINIMAL_UP_TO = {(False, Tier.DIRECT): 8, (False, Tier.CASE): 10,
                 (True, Tier.DIRECT): 7, (True, Tier.CASE): 8}
"""The largest ``--minimal`` puzzles made at a tier (normal, adjacent mode): a minimal puzzle
cannot be made easier (no clue can be added) nor harder (none can go), so attempts are kept
only when the minimal puzzle happens to be of the tier. Shares measured on minimal puzzles:
direct 3 of 40 at 8x8, none of 10 at 9x9; case 3 of 10 at 10x10, none of 10 at 11x11; in
adjacent mode direct 1 of 40 at 7x7, none at 8x8; case 1 of 40 at 8x8, none of 6 at 9x9."""
MAX_SPLITS = 10
"""A ``case`` puzzle is kept only if the case closure solves it with at most this many splits:
the explain engine's time grows with the splits it searches for (a 9x9 of 5 splits grades in
about 1 s, one of 27 in about 6 s), and the closure finds them in a fraction of that time."""
SPLITS_WANTED = 3
"""Givens are taken away from an easy puzzle until it needs this many splits (or none is
left): more make a harder puzzle and a slower grade."""
HARDEN_FROM = 9
"""From this size on, ``case`` puzzles are always made from an easy one (:meth:`_harden`): few
minimal puzzles are solved by the case closure in :data:`MAX_SPLITS` splits, finding that out
costs a search of every split where it stalls, and the engine grades a puzzle of a few splits
faster (9x9, seeds 1-5, alternating in one process: 14 s and 17 s in all, against 23 s and
32 s from the minimal puzzles)."""
PROBE_ROUNDS = 12
"""Rounds of direct rules a branch is followed for in the case closure. The explain engine
follows a branch to the end; a closure that stops earlier sees less, never more, so a puzzle
it solves the engine explains with the same splits or fewer, and a stall costs a fraction (a
12x12 stall tries hundreds of branches)."""
_F, _N = clingo.Function, clingo.Number


# --- the closures: the direct rules (and splits) on masks ---------------------------------------

class _Closure:
    """The direct rules of one puzzle on boards as masks (bit d of a mask is the digit d)."""

    def __init__(self, inst: FutoshikiInstance) -> None:
        self.rules = FastRules(inst, DIRECT + CONTRADICTIONS)
        self.n = inst.size

    def start(self) -> State:
        return self.rules.state({})

    def close(self, s: State, rounds: int = -1) -> bool:
        """Apply the direct rules to ``s`` until nothing changes (or for ``rounds`` rounds);
        False if it dies."""
        rules = self.rules
        n = self.n
        while rounds != 0:
            rounds -= 1
            fired, found = rules.round(s)
            if fired:
                return False
            yes: dict[int, int] = {}
            no: dict[int, int] = {}
            for sets in found.values():
                for (r, c, d), v in sets:
                    i = (r - 1) * n + c - 1
                    if v == "yes":
                        yes[i] = yes.get(i, 0) | 1 << d
                    else:
                        no[i] = no.get(i, 0) | 1 << d
            if not yes and not no:
                return True
            for i, m in yes.items():
                if m & (m - 1) or m & no.get(i, 0):
                    return False  # two digits for one cell, or a digit both set and struck
                s.placed[i] |= m
            for i, m in no.items():
                s.struck[i] |= m
        return True

    def solved(self, s: State) -> bool:
        return all(s.placed)

    def possible(self, s: State) -> list[int]:
        """Per cell, the digits it may still hold (its digit, or its candidates)."""
        n, full = self.n, self.rules.full
        rows = [0] * n
        cols = [0] * n
        for i, m in enumerate(s.placed):
            rows[i // n] |= m
            cols[i % n] |= m
        return [m if m else full & ~s.struck[i] & ~rows[i // n] & ~cols[i % n]
                for i, m in enumerate(s.placed)]

    def cases(self, s: State) -> list[list[tuple[int, int]]]:
        """The splits the explain engine offers, each as its branches (cell, digit): a cell's
        candidates, a digit's places in a line (at most four ways each)."""
        n = self.n
        poss = self.possible(s)
        out: list[list[tuple[int, int]]] = []
        for i, m in enumerate(poss):
            if not s.placed[i]:
                ds = [d for d in range(1, n + 1) if m >> d & 1]
                if 2 <= len(ds) <= MAX_CASE_BRANCHES:
                    out.append([(i, d) for d in ds])
        for line in self.rules.lines:
            have = 0
            for i in line:
                have |= s.placed[i]
            for d in range(1, n + 1):
                if have >> d & 1:
                    continue
                spots = [i for i in line if poss[i] >> d & 1]
                if 2 <= len(spots) <= MAX_CASE_BRANCHES:
                    out.append([(i, d) for i in spots])
        out.sort(key=len)
        return out

    def split(self, s: State, first: bool = False) -> bool:
        """One pass over the splits of a stalled board, fewest branches first, as the explain
        engine tries them: what the dead branches and the agreeing branches of a split
        conclude is written into ``s``, and the direct rules go on from there before the
        next split is tried (on what is left of it); with ``first``, only until one split
        concluded something. False if no split concluded anything."""
        progress = False
        probes: dict[tuple[int, int], list[int] | None] = {}
        for case in self.cases(s):
            poss = self.possible(s)
            branches = [(i, d) for i, d in case if not s.placed[i] and poss[i] >> d & 1]
            if len(branches) < 2:
                continue
            strike = [0] * len(poss)
            alive: list[list[int]] = []
            for i, d in branches:
                if (i, d) not in probes:
                    t = s.copy()
                    t.placed[i] |= 1 << d
                    alive_t = self.close(t, PROBE_ROUNDS)
                    probes[(i, d)] = self.possible(t) if alive_t else None
                got = probes[(i, d)]
                if got is None:
                    strike[i] |= 1 << d
                else:
                    alive.append(got)
            if len(alive) >= 2:
                union = [0] * len(poss)
                for p in alive:
                    union = [u | m for u, m in zip(union, p, strict=True)]
                for j, (b, u) in enumerate(zip(poss, union, strict=True)):
                    strike[j] |= b & ~u
            if any(strike):
                progress = True
                for j, m in enumerate(strike):
                    s.struck[j] |= m
                probes.clear()
                if not self.close(s):
                    raise AssertionError("a split refuted a puzzle built from a solution")
                if first or self.solved(s):
                    break
        return progress


def closes_directly(reasoner: FutoshikiReasoner) -> bool:
    """Do the direct rules, the pair rules and those over sets and chains too, solve the
    puzzle? The rule files applied all at once, round after round
    (:meth:`FutoshikiReasoner.closure`: the pair rules in the rounds where the others find
    nothing, the sets and chains where the pairs find nothing too; the others by their Python
    transcription, the pair rules by clingo, the sets and chains by rules/strong.py), a few
    dozen rounds where the explanation takes hundreds of steps.
    Candidates only ever go, and a rule that strikes one out still does on a board that knows
    more (or the candidate is gone already), so the rules reach the same board in any order:
    this is the explanation's verdict at tier ``direct``. The case closure of
    :func:`splits_needed` leaves the pair rules out and may call such a puzzle ``case``."""
    p = reasoner.closure(Board({}))
    return not p.dead and p.rounds < reasoner.max_probe_rounds and reasoner.complete(p.board)


def splits_needed(inst: FutoshikiInstance, limit: int = -1) -> int | None:
    """How many splits the case closure makes to solve the puzzle (0: the direct closure
    solves it), or None if it cannot solve it (with at most ``limit`` splits)."""
    cl = _Closure(inst)
    s = cl.start()
    count = 0
    while True:
        if not cl.close(s):
            raise AssertionError("the closure refuted a puzzle built from a solution")
        if cl.solved(s):
            return count
        if count == limit or not cl.split(s, first=True):
            return None
        count += 1


# --- Latin squares and clues ---------------------------------------------------------------------

def latin_square(n: int, rng: random.Random) -> FutoshikiSolution:
    """A random Latin square of order ``n``: clingo's first answer with every decision random
    (seeded from ``rng``), its rows, columns and digits then shuffled."""
    g = Grounded(Program((ENCODING,), (),
                         (("cell_has_number", 3),), constants=(("n", str(n)),)),
                 SolveConfig(interruptible=False),
                 extra_args=[f"--seed={rng.randrange(1, 2**31)}", "--rand-freq=1",
                             "--sign-def=rnd"])
    model = g.first_model()
    assert model is not None
    grid = [[0] * n for _ in range(n)]
    for atom in model:
        r, c, d = (a.number for a in atom.arguments)
        grid[r - 1][c - 1] = d
    rows, cols, digits = list(range(n)), list(range(n)), list(range(1, n + 1))
    rng.shuffle(rows)
    rng.shuffle(cols)
    rng.shuffle(digits)
    return FutoshikiSolution(tuple(tuple(digits[grid[r][c] - 1] for c in cols) for r in rows))


def _blank(n: int, adjacent: bool, sol: FutoshikiSolution) -> FutoshikiInstance:
    """The grid without givens or signs; in adjacent mode with the square's bars."""
    if not adjacent:
        return FutoshikiInstance(n)
    bars = frozenset((a, b) for a, b in neighbour_pairs(n) if abs(sol.at(a) - sol.at(b)) == 1)
    return FutoshikiInstance(n, adjacent=True, bars=bars)


def _with(blank: FutoshikiInstance, clues: Iterable[Clue]) -> FutoshikiInstance:
    """The blank grid with these clues (givens and signs)."""
    givens: set[tuple[int, int, int]] = set()
    greater: set[tuple[Cell, Cell]] = set()
    for clue in clues:
        for f in clue.facts:
            a = [x.number for x in f.arguments]
            if f.name == "cell_has_number":
                givens.add((a[0], a[1], a[2]))
            else:
                greater.add(((a[0], a[1]), (a[2], a[3])))
    return FutoshikiInstance(blank.size, frozenset(givens), frozenset(greater),
                             adjacent=blank.adjacent, bars=blank.bars)


@dataclass
class _Minimal:
    """Clues of one Latin square: the candidates, the solver over them, the minimal set."""

    blank: FutoshikiInstance
    solution: FutoshikiSolution
    cands: list[Clue]
    keep: set[int]


def _minimal(n: int, adjacent: bool, rng: random.Random) -> _Minimal:
    """A random Latin square and a minimal set of its clues that make it the only solution."""
    sol = latin_square(n, rng)
    blank = _blank(n, adjacent, sol)
    cands = PUZZLE.repairs(blank, sol)
    loaded = Loaded(PUZZLE, blank, "generated")
    solver = ClueSolver(loaded, PUZZLE.clues(blank), cands, SolveConfig(interruptible=False))
    # the assumptions made once (a solve per clue tried: building them is not free)
    fixed = solver.on(range(len(solver.clues)), range(len(cands)))
    guards = [g for g, _ in fixed[len(solver.clues):]]
    fixed = fixed[:len(solver.clues)]

    # every guard is an external, so each has a solver literal: looked up once here, not by
    # symbol at each of the hundreds of solves (that look-up cost about a fifth of them)
    lits = [solver.g.literal(g) for g, _ in fixed] + [solver.g.literal(g) for g in guards]
    if None in lits:
        raise AssertionError("a clue's guard has no solver literal")
    fixed_lits = [lit if on else -lit for lit, (_, on) in zip(lits, fixed, strict=False)
                  if lit is not None]
    guard_lits = [lit for lit in lits[len(fixed):] if lit is not None]

    # the square itself ruled out by one constraint: any answer is then a second solution,
    # and a solve stops at the first one (asking for two answers found the square, then went
    # on to look for another: 12x12, ~12% more solving time for the same verdicts)
    ctl = solver.g.ctl
    square = [solver.g.literal(_F("cell_has_number", [_N(r), _N(c), _N(sol.at((r, c)))]))
              for r in range(1, n + 1) for c in range(1, n + 1)]
    if None in square:
        raise AssertionError("a digit of the square has no solver literal")
    with ctl.backend() as backend:
        backend.add_rule([], [lit for lit in square if lit is not None])
    ctl.configuration.solve.models = "1"  # type: ignore[union-attr]

    # each candidate clue as what a grid must have for it to hold: a cell's digit (a given),
    # or two cells, the first greater (a sign)
    tests: list[tuple[int, int, int]] = []
    for clue in cands:
        f, = clue.facts
        a = [x.number for x in f.arguments]
        if f.name == "cell_has_number":
            tests.append(((a[0] - 1) * n + a[1] - 1, -1, a[2]))
        else:
            tests.append(((a[0] - 1) * n + a[1] - 1, (a[2] - 1) * n + a[3] - 1, 0))
    # every second solution found, as the clues it breaks (bit j: candidate j): a set of clues
    # that breaks none of one has that second solution too, without a solve (removing clues
    # only ever adds solutions). The verdicts are the solver's, reused
    seconds: list[int] = []

    def breaks(grid: list[int]) -> int:
        out = 0
        for j, (a, b, d) in enumerate(tests):
            if (grid[a] != d) if b < 0 else (grid[a] <= grid[b]):
                out |= 1 << j
        return out

    # a digit of a cell by the number that stands for its symbol in clingo (Symbol._rep: one
    # copy of each symbol), not read off its arguments (three calls into clingo each)
    digit_of: dict[int, tuple[int, int]] = {}

    def on_model(model: clingo.Model) -> None:
        grid = [0] * (n * n)
        for atom in model.symbols(shown=True):
            got = digit_of.get(atom._rep)
            if got is None:
                r, c, d = (x.number for x in atom.arguments)
                got = digit_of[atom._rep] = ((r - 1) * n + c - 1, d)
            grid[got[0]] = got[1]
        seconds.append(breaks(grid))

    # every proof of uniqueness found, as the clues it needed (bit j: candidate j): the clues
    # that the solver's unsatisfiable core assumes in. The core's other assumptions are the
    # fixed clues and clues out, which later sets leave out too (clues only ever go), so a
    # later set that holds those clues holds the whole core: it has no second solution either
    # (the solver's verdict, reused: 12x12, one UNSAT solve in six)
    proofs: list[int] = []
    guard_of = {lit: j for j, lit in enumerate(guard_lits)}

    def on_core(core: Sequence[int]) -> None:
        out = 0
        for lit in core:
            j = guard_of.get(lit)
            if j is not None:
                out |= 1 << j
        proofs.append(out)

    def unique(keep: set[int]) -> bool:
        mask = 0
        for j in keep:
            mask |= 1 << j
        if any(not v & mask for v in seconds):
            return False
        if any(not p & ~mask for p in proofs):
            return True
        assumed = fixed_lits + [lit if j in keep else -lit for j, lit in enumerate(guard_lits)]
        return bool(ctl.solve(assumptions=assumed, on_model=on_model,
                              on_core=on_core).unsatisfiable)

    order = list(range(len(cands)))
    rng.shuffle(order)
    keep = set(order)
    # remove while unique, in the random order. A run of clues goes in one solve if the puzzle
    # stays unique without all of it: each of its clues would then have gone one by one too
    # (removing clues only ever adds solutions). Else the run is halved, down to single clues,
    # so the set left is the one that removing clues one by one leaves, in far fewer solves
    i, size = 0, 4
    while i < len(order):
        run = order[i:i + size]
        if unique(keep.difference(run)):
            keep.difference_update(run)
            i += len(run)
            size *= 2
        elif len(run) > 1:
            size = len(run) // 2
        else:
            i += 1
    return _Minimal(blank, sol, cands, keep)


# --- the generator --------------------------------------------------------------------------------

@dataclass(frozen=True)
class FutoshikiGenerator:
    takes = frozenset({"adjacent"})
    """Options beyond size and tier: Tatham's adjacent mode."""
    """The Futoshiki generator of :mod:`aspuzzle.generator` (``GENERATOR``)."""

    type: str = "futoshiki"
    default_size: tuple[int, int] = (5, 5)
    tiers: tuple[Tier, ...] = (Tier.DIRECT, Tier.CASE, Tier.NESTED)

    def parse_size(self, text: str) -> tuple[int, int]:
        """``"9"`` or ``"9x9"`` -> ``(9, 9)`` (the kit's; :meth:`check` refuses ``5x6``)."""
        return parse_size(self.type, text)

    def check(self, request: Request) -> None:
        n, h = request.size
        if n != h:
            raise UsageError(f"futoshiki grids are square, not {n}x{h}")
        if not MIN_SIZE <= n <= MAX_SIZE:
            raise UsageError(f"futoshiki puzzles are {MIN_SIZE}x{MIN_SIZE} to "
                             f"{MAX_SIZE}x{MAX_SIZE}, not {n}x{n}")
        if request.adjacent and n > MAX_ADJACENT:
            raise UsageError(f"futoshiki puzzles in adjacent mode are made up to "
                             f"{MAX_ADJACENT}x{MAX_ADJACENT}, not {n}x{n}: proving larger ones "
                             "unique while their givens are taken away takes clingo minutes")
        if request.tier not in self.tiers:
            raise UsageError(f"futoshiki puzzles cannot be made at tier {request.tier}; "
                             "choose one of " + ", ".join(str(t) for t in self.tiers))
        mode = " in adjacent mode" if request.adjacent else ""
        if request.tier is Tier.CASE and n < CASE_FROM:
            raise UsageError(f"{n}x{n} futoshiki puzzles are not made at tier case: the direct "
                             f"rules explain every minimal one{mode}; choose --size "
                             f"{CASE_FROM} or more, or --difficulty direct")
        least = NESTED_FROM[request.adjacent]
        if request.tier is Tier.NESTED and n < least:
            raise UsageError(f"{n}x{n} futoshiki puzzles{mode} are not made at tier nested: "
                             "one level of case splits explains every minimal one; choose "
                             f"--size {least} or more, or --difficulty case")
        most = MINIMAL_UP_TO.get((request.adjacent, request.tier))
        if request.minimal and most is not None and n > most:
            raise UsageError(f"minimal futoshiki puzzles{mode} of tier {request.tier} are made "
                             f"up to {most}x{most}: larger minimal ones almost never are of "
                             "that tier; choose a smaller size, a harder tier, or leave out "
                             "--minimal")

    def propose(self, request: Request, rng: random.Random) -> Proposal | None:
        n = request.size[0]
        m = _minimal(n, request.adjacent, rng)
        inst = _with(m.blank, [m.cands[j] for j in sorted(m.keep)])
        tier = request.tier
        if tier is Tier.NESTED:
            if splits_needed(inst) is not None:
                return None
        elif tier is Tier.DIRECT:
            if splits_needed(inst, 0) is None:
                if request.minimal:
                    return None
                inst = self._fill(m, inst, 0, rng)
        else:
            splits = (None if n >= HARDEN_FROM and not request.minimal
                      else splits_needed(inst, MAX_SPLITS))
            if splits == 0 or (splits is None and request.minimal):
                return None  # a minimal puzzle cannot be made harder: no clue can go
            if splits is None:
                hard = self._harden(m, inst, rng)
                if hard is None:
                    return None
                inst = hard
        # the solution is proven the only one: by the uniqueness proofs of _minimal, and the
        # givens added since (_fill) or taken away while the case closure solves it (_harden)
        reasoner = FutoshikiReasoner(inst, solution=m.solution)
        if tier is not Tier.DIRECT and closes_directly(reasoner):
            return None  # the closures above leave out the pair rules: this one has them
        # graded at the tier asked at most: the same grade as in full for a puzzle of that
        # tier, and no search for deeper splits in one beyond it (the driver drops it)
        return Proposal(inst, m.solution, grade(Loaded(PUZZLE, inst, "generated"),
                                                reasoner=reasoner, at_most=tier))

    def _fill(self, m: _Minimal, inst: FutoshikiInstance, splits: int,
              rng: random.Random) -> FutoshikiInstance:
        """Follow the direct closure, splitting where it stalls at most ``splits`` times;
        where it stalls after that, add the given digit of a random empty cell. The result
        is solved by the case closure (by the direct closure if ``splits`` is 0)."""
        sol = m.solution
        n = inst.size
        cl = _Closure(inst)
        s = cl.start()
        while True:
            if not cl.close(s):
                raise AssertionError("the closure refuted a puzzle built from a solution")
            if cl.solved(s):
                return inst
            if splits > 0 and cl.split(s, first=True):
                splits -= 1
                continue
            i = rng.choice([i for i, p in enumerate(s.placed) if not p])
            r, c = i // n + 1, i % n + 1
            d = sol.at((r, c))
            inst = FutoshikiInstance(n, inst.givens | {(r, c, d)}, inst.greater,
                                     adjacent=inst.adjacent, bars=inst.bars)
            # what the closure found stays true with one more given: go on from there
            s.placed[i] |= 1 << d

    def _harden(self, m: _Minimal, inst: FutoshikiInstance,
                rng: random.Random) -> FutoshikiInstance | None:
        """A ``case`` puzzle from a minimal one that the case closure cannot solve in
        :data:`MAX_SPLITS` splits: givens added until the direct closure solves it, then
        taken away again in a random order while the case closure solves it in that many
        splits (so it stays unique), until it needs :data:`SPLITS_WANTED` or none is left.
        None if it still needs no split."""
        easy = self._fill(m, inst, 0, rng)
        added = sorted(easy.givens - inst.givens)
        rng.shuffle(added)
        splits = 0
        for given in added:
            fewer = easy._replace(givens=easy.givens - {given})
            k = splits_needed(fewer, MAX_SPLITS)
            if k is not None:
                easy, splits = fewer, k
                if splits >= SPLITS_WANTED:
                    break
        return easy if splits > 0 else None

    def removable(self, request: Request, clue: Clue) -> bool:
        """Givens and signs; in adjacent mode only givens (a missing bar is itself a clue)."""
        return clue.id.startswith(("given ", "sign "))


GENERATOR = FutoshikiGenerator()
