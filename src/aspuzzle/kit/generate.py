"""The kit's generator: a random solved grid from the type's ``generate.lp``, its clues
removed in random order while the puzzle stays unique and within the tier, then graded.

One attempt

1. solves ``generate.lp`` with the type's ``encoding.lp`` (clingo's ``--seed`` drawn from the
   driver's random source, every decision random: ``--rand-freq=1 --sign-def=rnd``), which
   shows a full grid and the answer atoms it was built around, every clue cell with its clue;
2. tries the clues (the cells :meth:`GridPuzzle.clues` lists) one by one in a random order and
   leaves one out when the puzzle stays unique without it (one solve of a program grounded
   once with each clue behind a guard, :class:`aspuzzle.diagnosis.ClueSolver`) and still
   within the tier: for ``direct``, the direct rules applied round after round from the empty
   board fill it (the step engine's probe); for ``case``, the explain engine at tier ``case``
   explains it;
3. grades what is left (:func:`aspuzzle.difficulty.grade`) and keeps it only at the tier
   asked (a ``case`` attempt that stayed ``direct`` is dropped).
"""

from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING, Any

import clingo

from aspuzzle.difficulty import Tier, grade
from aspuzzle.errors import UsageError
from aspuzzle.explain.steps import Board
from aspuzzle.generator.base import Proposal, Request
from aspuzzle.kit.model import CellValue, GridInstance, GridSolution
from aspuzzle.puzzles.base import lp_file

if TYPE_CHECKING:
    from aspuzzle.kit.puzzle import GridPuzzle

__all__ = ["KitGenerator", "parse_size"]

_SIZE = re.compile(r"\s*(\d{1,4})\s*(?:[xX×]\s*(\d{1,4}))?\s*")


def parse_size(type: str, text: str) -> tuple[int, int]:
    """A generator's ``--size``: ``"7"`` (7x7) or ``"WxH"`` (columns x rows) -> ``(W, H)``."""
    m = _SIZE.fullmatch(text)
    if m is None:
        raise UsageError(f"{type} size {text!r} is not N or WxH (e.g. 7 or 10x7)")
    w = int(m.group(1))
    return w, int(m.group(2)) if m.group(2) is not None else w


class KitGenerator:
    """The generator of one kit type (see the module docstring)."""

    def __init__(self, puzzle: GridPuzzle) -> None:
        self.puzzle = puzzle
        spec = puzzle.spec
        self.type = spec.name
        self.default_size = spec.default_size
        self.tiers = tuple(Tier(t) for t in spec.tiers)

    def parse_size(self, text: str) -> tuple[int, int]:
        return parse_size(self.type, text)

    def check(self, request: Request) -> None:
        spec = self.puzzle.spec
        w, h = request.size
        lo, hi = max(spec.min_size, 3), min(spec.max_size, 16 if spec.digits else 30)
        if not (lo <= w <= hi and lo <= h <= hi):
            raise UsageError(f"{self.type} puzzles are made {lo}x{lo} to {hi}x{hi}, not {w}x{h}")
        if spec.digits and w != h:
            raise UsageError(f"{self.type} grids are square, not {w}x{h}")
        if request.tier not in self.tiers:
            raise UsageError(f"{self.type} puzzles cannot be made at tier {request.tier}; "
                             "choose one of " + ", ".join(str(t) for t in self.tiers))

    def removable(self, request: Request, clue: object) -> bool:
        return True

    # --- one attempt ----------------------------------------------------------------------------

    def _full(self, request: Request, rng: random.Random) -> tuple[GridInstance,
                                                                    GridSolution] | None:
        spec = self.puzzle.spec
        w, h = request.size
        consts = (("height", str(h)), ("width", str(w)), *spec.generate_constants)
        ctl = clingo.Control(["--seed", str(rng.randrange(1, 2**31)), "--rand-freq=1",
                              "--sign-def=rnd", "-t", "1", "--models=1",
                              *(f"-c{name}={value}" for name, value in consts)],
                             logger=lambda c, m: None)
        for f in (lp_file(spec.package, "generate.lp"), lp_file(spec.package, "encoding.lp")):
            ctl.add("base", [], f.read_text())
        ctl.ground([("base", [])])
        shown: list[clingo.Symbol] = []
        with ctl.solve(yield_=True) as handle:
            for model in handle:
                shown = list(model.symbols(shown=True))
                break
        if not shown:
            return None
        by_fact = {k.fact: k for k in spec.cells}
        cells: dict[tuple[int, int], CellValue] = {}
        labels: dict[tuple[int, int], int] = {}
        outside: dict[tuple[str, int], int] = {}
        for s in shown:
            args = s.arguments
            if spec.edge_clues and s.name == spec.edge_clues and len(args) == 3:
                outside[(args[0].name, args[1].number)] = args[2].number
            elif s.name == "region" and len(args) == 3:
                labels[(args[0].number, args[1].number)] = args[2].number
            elif s.name in by_fact:
                kind = by_fact[s.name]
                cell = (args[0].number, args[1].number)
                if cell not in cells or kind.numbered:  # a numbered cell's number wins
                    cells[cell] = (kind.name, args[2].number if kind.numbered else None)
        if len(cells) != w * h:
            return None
        order = [(r, c) for r in range(1, h + 1) for c in range(1, w + 1)]
        first: dict[int, int] = {}
        regions = tuple(first.setdefault(labels[x], len(first) + 1) for x in order) \
            if labels else ()
        edges: tuple[int | None, ...] = ()
        if spec.edge_clues:
            from aspuzzle.kit.model import edge_places

            edges = tuple(outside.get(p) for p in edge_places(h, w))
        inst = GridInstance(spec.name, h, w, tuple(cells[x] for x in order),
                            spec.generate_params.format(**dict(spec.generate_constants)),
                            regions, edges)
        return inst, self.puzzle.from_model(inst, [s for s in shown if s.name == spec.answer])

    def _without(self, inst: GridInstance, clues: Any, left_out: set[int]) -> GridInstance:
        """The instance with these clues left out (each cell becomes its kind's ``off``)."""
        kinds = {k.name: k for k in self.puzzle.spec.cells}
        cells = list(inst.cells)
        edges = list(inst.edges)
        for i in left_out:
            if clues.items[i].id.startswith("clue "):  # a clue outside the grid: "clue top 3"
                from aspuzzle.kit.model import edge_places

                _, side, line = clues.items[i].id.split()
                edges[edge_places(inst.height, inst.width).index((side, int(line)))] = None
                continue
            r, c = _cell_of(clues.items[i].id)
            name, _ = cells[(r - 1) * inst.width + c - 1]
            cells[(r - 1) * inst.width + c - 1] = (kinds[name].off, None)
        return inst._replace(cells=tuple(cells), edges=tuple(edges))

    def _direct(self, loaded: Any) -> bool:
        """Do the direct rules, applied round after round from the empty board, fill it?"""
        rs = self.puzzle.reasoner_class(self.puzzle, loaded.instance)
        probe = rs.probe(Board({}), (), ())
        return not probe.dead and rs.complete(probe.board)

    def _within(self, loaded: Any, tier: Tier) -> bool:
        if tier is Tier.DIRECT:
            return self._direct(loaded)
        g = grade(loaded, at_most=tier)
        return g.graded and g.tier is not None and g.tier.rank <= tier.rank

    def propose(self, request: Request, rng: random.Random) -> Proposal | None:
        from aspuzzle.api import Loaded
        from aspuzzle.diagnosis import ClueSolver

        full = self._full(request, rng)
        if full is None:
            return None
        inst, solution = full
        puzzle = self.puzzle
        loaded = Loaded(puzzle, inst, "generated", "<generated>")
        clues = puzzle.clues(inst)
        solver = ClueSolver(loaded, clues)
        n = len(clues.items)
        left_out: set[int] = set()
        order = list(range(n))
        rng.shuffle(order)
        tier = request.tier
        for i in order:
            trial = left_out | {i}
            res = solver.g.solve(2, assumptions=solver.on(j for j in range(n) if j not in trial))
            if len(res.answers) != 1:
                continue
            candidate = Loaded(puzzle, self._without(inst, clues, trial), "generated",
                               "<generated>")
            if self._within(candidate, tier):
                left_out = trial
        final = Loaded(puzzle, self._without(inst, clues, left_out), "generated", "<generated>")
        g = grade(final, at_most=tier)
        if not g.graded or g.tier is not tier:
            return None
        return Proposal(final.instance, solution, g)


def _cell_of(clue_id: str) -> tuple[int, int]:
    m = re.search(r"\((\d+),(\d+)\)", clue_id)
    assert m is not None, clue_id
    return int(m.group(1)), int(m.group(2))
