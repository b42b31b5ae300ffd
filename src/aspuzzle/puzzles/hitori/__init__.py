"""Hitori (Tatham's "Singles"): shade cells so that no number repeats in a row or column."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import clingo

from aspuzzle.errors import InputError, Location
from aspuzzle.puzzles.base import JSON, Format, Reasoning, SolveOptions, lazy_format, lp_file
from aspuzzle.puzzles.hitori import formats
from aspuzzle.puzzles.hitori.model import (
    Cell,
    HitoriInstance,
    HitoriSolution,
    validate,
    verify,
)

if TYPE_CHECKING:  # importlib.resources costs ~6 ms at start-up, for an annotation
    from importlib.resources.abc import Traversable

__all__ = ["PUZZLE", "HitoriInstance", "HitoriPuzzle", "HitoriSolution"]

_N = clingo.Number
_F = clingo.Function
_BLACKED = "blacked("


class HitoriPuzzle:
    name: str = "hitori"
    aliases: tuple[str, ...] = ("singles",)
    title: str = "Hitori"

    def __init__(self) -> None:
        self.formats: Mapping[str, Format] = {
            "text": Format("text", "grid of numbers; a shaded cell is written '5#'",
                           formats.read_text, formats.write_text, formats.detect_text,
                           (".txt",), carries_solution=True),
            "facts": Format("facts", "the seed post's ASP facts written(R, C, N)",
                            formats.read_facts, formats.write_facts, formats.detect_facts,
                            (".lp", ".asp"), carries_solution=True),
            "tatham": Format("tatham", "Simon Tatham's singles game ID (WxH[dX]:VALUES)",
                             *lazy_format(f"{__name__}.tatham", "tatham"),
                             (), inline=True),
            "puzzlink": Format("puzzlink", "puzz.link / pzprjs URL (hitori/COLS/ROWS/...)",
                               *lazy_format(f"{__name__}.puzzlink", "puzzlink"), (), inline=True),
        }

    def encodings(self, options: SolveOptions,
                  instance: object = None) -> tuple[Traversable, ...]:
        return (lp_file(__name__, "encoding.lp"),)

    def answer_signatures(self, options: SolveOptions) -> tuple[tuple[str, int], ...]:
        return (("blacked", 2),)

    def constants(self, instance: HitoriInstance) -> tuple[tuple[str, str], ...]:
        return ()

    def to_facts(self, instance: HitoriInstance) -> list[clingo.Symbol]:
        # Making a clingo number costs about as much as grounding a small grid's rule: make
        # each distinct one once.
        index = [_N(k) for k in range(max(instance.height, instance.width) + 1)]
        value = {v: _N(v) for row in instance.grid for v in set(row)}
        return [_F("written", [index[r], index[c], value[v]])
                for r, row in enumerate(instance.grid, 1) for c, v in enumerate(row, 1)]

    def facts_text(self, instance: HitoriInstance) -> str:
        """:meth:`to_facts` as ASP text, for solving (no clingo Symbol made per fact)."""
        return "".join(f"written({r},{c},{v}).\n"
                       for r, row in enumerate(instance.grid, 1) for c, v in enumerate(row, 1))

    def reuse(self, instance: HitoriInstance, options: SolveOptions) -> Any:
        """How to solve on one program grounded for every puzzle of the size
        (:class:`aspuzzle.engine.reuse.Reuse`, reuse.lp): the numbers are given as ground
        constraints on its blacked/2 atoms (:func:`_nogoods`)."""
        from aspuzzle.engine import Program
        from aspuzzle.engine.reuse import Reuse

        h, w = instance.height, instance.width
        program = Program((lp_file(__name__, "reuse.lp"),), (), self.answer_signatures(options),
                          constants=(("height", str(h)), ("width", str(w))))
        # building it costs about one fresh solve of the size (a 50x50 grid: ~40 ms to
        # ground, a fresh solve ~100 ms), and it then saves most of each solve
        return Reuse(("hitori", h, w), program, (), (), over=("blacked", 2),
                     nogoods=_nogoods(instance.grid), projective=False, quick=True)

    def user_asp(self, instance: HitoriInstance) -> str:
        return ""

    def from_model(self, instance: HitoriInstance,
                   symbols: Sequence[clingo.Symbol]) -> HitoriSolution:
        cells = _CELLS
        shaded: set[Cell] = set()
        for s in symbols:
            # a dictionary lookup (a hash and a comparison inside clingo) instead of reading
            # the symbol: on a 50x50 grid 0.7 ms instead of 5 ms, more than the search takes
            cell = cells.get(s)
            if cell is None:
                text = str(s)
                if not text.startswith(_BLACKED):
                    continue
                r, c = text[len(_BLACKED):-1].split(",")
                cell = (int(r), int(c))
                if len(cells) >= _CELLS_KEPT:
                    cells.clear()
                cells[s] = cell
            shaded.add(cell)
        return HitoriSolution(frozenset(shaded))

    def validate(self, instance: HitoriInstance) -> None:
        validate(instance)

    def verify(self, instance: HitoriInstance, solution: HitoriSolution) -> list[str]:
        return verify(instance, solution)

    def render(self, instance: HitoriInstance, solution: HitoriSolution | None, *,
               ascii: bool = False) -> str:
        shaded = solution.shaded if solution else frozenset()
        w = max(len(str(v)) for row in instance.grid for v in row)
        # a full block is narrow in most fonts: give it at least two columns to stand out
        width, block = (w, "#") if ascii else (max(w, 2), "█")
        lines = []
        for r, row in enumerate(instance.grid, 1):
            cells = [block * width if (r, c) in shaded else str(v).rjust(width)
                     for c, v in enumerate(row, 1)]
            lines.append(" ".join(cells))
        return "\n".join(lines)

    def solution_to_json(self, solution: HitoriSolution) -> JSON:
        return {"shaded": [list(cell) for cell in sorted(solution.shaded)]}

    def solution_from_json(self, instance: HitoriInstance, data: JSON) -> HitoriSolution:
        try:
            cells = [(int(r), int(c)) for r, c in data["shaded"]]
        except (KeyError, TypeError, ValueError) as e:
            raise InputError(f"not a hitori solution: {e}") from None
        for cell in cells:
            if not instance.inside(cell):
                raise InputError(f"shaded cell outside the {instance.height}x{instance.width} "
                                 "grid", Location(cell=cell))
        return HitoriSolution(frozenset(cells))

    def differences(self, instance: HitoriInstance, a: HitoriSolution,
                    b: HitoriSolution) -> str:
        cells = sorted(a.shaded ^ b.shaded)
        return "shaded cells differ at " + " ".join(f"({r},{c})" for r, c in cells)

    def clues(self, instance: HitoriInstance) -> Any:
        from aspuzzle.puzzles.hitori import clues

        return clues.clues(instance)

    def repairs(self, instance: HitoriInstance, solution: HitoriSolution) -> list[Any]:
        from aspuzzle.puzzles.hitori import clues

        return list(clues.repairs(instance, solution))

    def reasoning(self) -> Reasoning:
        """Named reasoning rules (Tatham's singles deductions), the player's board."""
        from aspuzzle.puzzles.hitori.reasoning import reasoning

        return reasoning()


def _nogoods(grid: Sequence[Sequence[int]]) -> Callable[[Mapping[tuple[int, ...], int]],
                                                          list[list[int]]]:
    """A puzzle's numbers as what must not hold, over the literals of its blacked/2 atoms on
    the shared program (reuse.lp): the rules of encoding.lp that read written/3. (Written for
    speed: on a 50x50 grid this runs on every solve, next to a 3 ms search.)"""
    h, w = len(grid), len(grid[0])

    def nogoods(blacked: Mapping[tuple[int, ...], int]) -> list[list[int]]:
        lits = [[blacked[r, c] for c in range(1, w + 1)] for r in range(1, h + 1)]
        paired = [bytearray(w) for _ in range(h)]  # the cells (0-based) in an equal pair
        out: list[list[int]] = []
        # the same number twice in a row or column: never both unshaded
        for r, row in enumerate(grid):
            at: dict[int, list[int]] = {}  # the columns of each number so far
            lit, mark = lits[r], paired[r]
            for c, v in enumerate(row):
                before = at.get(v)
                if before is None:
                    at[v] = [c]
                    continue
                mark[c] = 1
                for c0 in before:
                    out.append([-lit[c0], -lit[c]])
                    mark[c0] = 1
                before.append(c)
        for c, column in enumerate(zip(*grid, strict=True)):
            at = {}
            for r, v in enumerate(column):
                before = at.get(v)
                if before is None:
                    at[v] = [r]
                    continue
                paired[r][c] = 1
                for r0 in before:
                    out.append([-lits[r0][c], -lits[r][c]])
                    paired[r0][c] = 1
                before.append(r)
        # a number alone in its row and column is never shaded
        for lit, mark in zip(lits, paired, strict=True):
            c = mark.find(0)
            while c >= 0:
                out.append([lit[c]])
                c = mark.find(0, c + 1)
        return out

    return nogoods


_CELLS: dict[clingo.Symbol, Cell] = {}
"""The cell of each blacked/2 symbol read so far (clingo's symbols are the same in every
program of the process)."""
_CELLS_KEPT = 40_000


PUZZLE = HitoriPuzzle()
