"""Hitori (Tatham's "Singles"): shade cells so that no number repeats in a row or column."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import compress
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

    from aspuzzle.engine.reuse import Sorted

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
                          constants=(("height", str(h)), ("width", str(w))),
                          solver_args=_REUSE_ARGS)
        # building it and solving on it costs about one fresh solve of the size, and it then
        # saves most of each solve: so it is built for the first puzzle (issue 32, CPU ms,
        # build + first solve / fresh solve: 5x5 1.6 / 2.0, 10x10 3.0 / 3.1, 20x20 12.7 / 10.8,
        # 30x30 29 / 28, 50x50 90 / 64; a shared solve: 0.2, 0.5, 1.5, 2.0, 6.5). Beyond 50x50
        # a puzzle alone is solved fresh (a 100x100's cold solve) and the second builds it.
        return Reuse(("hitori", h, w), program, (), (), over=("blacked", 2),
                     nogoods=_nogoods(instance.grid), projective=False, quick=True,
                     build_after=0 if h * w <= 2500 else 1)

    def user_asp(self, instance: HitoriInstance) -> str:
        return ""

    def from_model(self, instance: HitoriInstance,
                   symbols: Sequence[clingo.Symbol]) -> HitoriSolution:
        from aspuzzle.engine import symbol_handles

        cells = _CELLS
        reps = symbol_handles(symbols)
        if reps is not None:
            # the symbols' handles read in one call from the array clingo filled, instead of
            # a Symbol object made for each (a 50x50 grid: ~750 of them, ~0.2 ms)
            known = [*map(cells.get, reps)]
            if None not in known:  # each seen before (else read below, and remembered)
                return HitoriSolution(frozenset(known))  # type: ignore[arg-type]
        shaded: list[Cell] = []
        add = shaded.append
        try:
            for s in symbols:
                # a look-up by the symbol's number inside clingo (``_rep``, clingo's symbol
                # handle: the same for the same symbol throughout the process) instead of
                # reading the symbol or hashing it through clingo's Python class, which
                # calls into clingo twice a look-up: on a 50x50 grid ~0.15 ms instead of
                # 0.5 (and 5 ms reading each symbol)
                cell = cells.get(s._rep)
                if cell is None:
                    cell = _cell(s)
                    if cell is None:
                        continue
                add(cell)
        except AttributeError:  # a clingo whose symbols keep no _rep: the slow way
            shaded = [cell for cell in map(_cell_of, symbols) if cell is not None]
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



    def write_board(self, instance: Any, board: Any, to: str | None = None) -> str:
        """A player's board in the text format (``#`` shaded, ``o`` unshaded)."""
        from aspuzzle.puzzles.hitori.reasoning import write_marks

        return write_marks(instance, board)

    def draw_svg(self, instance: Any, solution: Any, board: Any, opts: Any) -> str:
        """The SVG picture (:func:`aspuzzle.render.render_svg` calls this)."""
        from aspuzzle.puzzles.hitori.draw import draw_hitori

        return draw_hitori(instance, solution, board, opts)
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


def _nogoods(grid: Sequence[Sequence[int]]) -> Callable[[Mapping[tuple[int, ...], int]], Sorted]:
    """A puzzle's numbers as what must not hold, over the literals of its blacked/2 atoms on
    the shared program (reuse.lp): the rules of encoding.lp that read written/3. (Written for
    speed: on a 50x50 grid this runs on every solve, next to a 3 ms search.)"""
    from aspuzzle.engine.reuse import AtMostOne, Sorted

    h, w = len(grid), len(grid[0])
    top = max(map(max, grid))
    if top > _NUMBERS_LISTED:  # numbers by rank, to be looked up in a short list
        rank = {v: k for k, v in enumerate(sorted({v for row in grid for v in row}), 1)}
        grid = [[rank[v] for v in row] for row in grid]
        top = len(rank)
    unseen: list[int | None] = [None] * (top + 1)

    def nogoods(blacked: Mapping[tuple[int, ...], int]) -> Sorted:
        unshaded, shaded = _literals(blacked, h, w)
        paired = bytearray(h * w)  # the cells (row-major) in an equal pair
        pairs: list[tuple[int, int]] = []
        add = pairs.append
        groups: list[AtMostOne] = []
        # the same number twice in a row or column: never both unshaded. A line is walked
        # once, keeping where each number came first (-1 once it came twice, -2 three times
        # or more). A number met three times or more is one rule, "at most one of its cells
        # unshaded" (on other grids than Tatham's, numbers come many times in a line: a
        # rule for each two of its cells would be most of the work); at its third, its pair
        # is taken out of ``pairs`` and its cells listed in ``more``
        lines = (*grid, *zip(*grid, strict=True))
        for line, cells in zip(lines, _lines(h, w), strict=True):
            first = unseen[:]
            more: dict[int, list[int]] = {}
            start = len(pairs)
            for i, v in zip(cells, line, strict=True):
                i0 = first[v]
                if i0 is None:
                    first[v] = i
                elif i0 >= 0:
                    add((unshaded[i0], unshaded[i]))
                    paired[i0] = paired[i] = 1
                    first[v] = -1
                else:
                    if i0 == -1:  # the cells of a line's range come in increasing order
                        k0, k1 = [k for k, x in zip(cells, line, strict=True)
                                  if x == v and k < i]
                        group = more[v] = [unshaded[k0], unshaded[k1]]
                        del pairs[pairs.index((group[0], group[1]), start)]
                        groups.append(AtMostOne(group))
                        first[v] = -2
                    else:
                        group = more[v]
                    group.append(unshaded[i])
                    paired[i] = 1
        # a number alone in its row and column is never shaded
        return Sorted(pairs, [*compress(shaded, paired.translate(_UNPAIRED))], groups)

    return nogoods


_REUSE_ARGS = ("--eq=0", "--heuristic=vmtf")
"""clingo options of the shared program (reuse.lp), chosen by measurement; they change how fast,
never what is found. A solve there is mostly clasp's fixed work per step over the whole grid
(a Tatham 50x50 puzzle: ~10 choices in all), not search: VSIDS, clasp's default heuristic,
sets up its scores over every variable on each step, VMTF (conflict-driven too) does less; and
the equivalence preprocessing (--eq) of each puzzle's ~1,500 new rules finds nothing to merge
(they are ternary nogoods). Valgrind instructions per solve (add nogoods, solve, release), Tatham
sets: 50x50 27.4M -> 25.1M, 20x20 4.47M -> 4.14M."""

_NUMBERS_LISTED = 1000
"""Up to this number, a line's first cell of each number is kept in a list indexed by the
number (cheaper than a dictionary); larger numbers are replaced by their rank first."""


def _lines(h: int, w: int) -> list[range]:
    """The cells (row-major indices) of each row, then of each column."""
    return [*(range(r * w, r * w + w) for r in range(h)), *(range(c, h * w, w) for c in range(w))]


_UNPAIRED = bytes([1]) + bytes(255)
"""For bytes.translate: 1 where a cell is in no pair."""

_LITERALS: dict[int, tuple[Mapping[tuple[int, ...], int], list[int], list[int]]] = {}
"""By the identity of a shared program's table of blacked/2 literals: the table, then the
literals "the cell is unshaded" and "the cell is shaded" of each cell, row-major (the same
for every puzzle solved on that program: made once, not 2,500 look-ups a solve)."""
_LITERALS_KEPT = 16


def _literals(blacked: Mapping[tuple[int, ...], int], h: int,
              w: int) -> tuple[list[int], list[int]]:
    found = _LITERALS.get(id(blacked))
    if found is not None and found[0] is blacked:
        return found[1], found[2]
    lits = [blacked[r, c] for r in range(1, h + 1) for c in range(1, w + 1)]
    unshaded = [-lit for lit in lits]
    if len(_LITERALS) >= _LITERALS_KEPT:
        _LITERALS.clear()
    _LITERALS[id(blacked)] = (blacked, unshaded, lits)
    return unshaded, lits


_CELLS: dict[int, Cell] = {}
"""The cell of each blacked/2 symbol read so far, by its handle (``Symbol._rep``): clingo's
symbols are the same in every program of the process."""
_CELLS_KEPT = 40_000


def _cell_of(s: clingo.Symbol) -> Cell | None:
    """The cell of a blacked/2 symbol; None for another symbol."""
    text = str(s)
    if not text.startswith(_BLACKED):
        return None
    r, c = text[len(_BLACKED):-1].split(",")
    return int(r), int(c)


def _cell(s: clingo.Symbol) -> Cell | None:
    """:func:`_cell_of`, remembered in ``_CELLS``."""
    cell = _cell_of(s)
    if cell is not None:
        if len(_CELLS) >= _CELLS_KEPT:
            _CELLS.clear()
        _CELLS[s._rep] = cell
    return cell


PUZZLE = HitoriPuzzle()
