"""Tents ("Tree Tent", "Zeltlager"): pitch one tent next to every tree."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import clingo

from aspuzzle.errors import InputError
from aspuzzle.puzzles.base import (
    JSON,
    Format,
    Play,
    Reasoning,
    SolveOptions,
    lazy_format,
    lp_file,
)
from aspuzzle.puzzles.tents import formats
from aspuzzle.puzzles.tents.model import (
    Cell,
    Pair,
    TentsInstance,
    TentsSolution,
    validate,
    verify,
)

if TYPE_CHECKING:  # importlib.resources costs ~6 ms at start-up, for an annotation
    from importlib.resources.abc import Traversable

__all__ = ["PUZZLE", "TentsInstance", "TentsPuzzle", "TentsSolution"]

LARGE = 40
"""From this many cells on a side (the longer one) up, large.lp (an implied rule) makes solving
faster; below, its atoms cost more than the search saves (measured with
benchmarks/bench_large.py and benchmarks/bench_goals.py)."""

_N = clingo.Number
_F = clingo.Function
_TENT = "tent("
_ATTACHED = "attached("


class TentsPuzzle:
    name: str = "tents"
    aliases: tuple[str, ...] = ("tent", "treetent", "tree-tent", "zeltlager")
    title: str = "Tents"
    play = Play(("tent", "grass"), counted="tent", links=("tree", "tent"), fixed=("tree",))

    def __init__(self) -> None:
        self.formats: Mapping[str, Format] = {
            "text": Format("text", "plain-text grid with row and column clues",
                           formats.read_text, formats.write_text, formats.detect_text,
                           (".txt",), carries_solution=True),
            "facts": Format("facts", "the seed post's ASP facts (tree/2, tent_row/2, ...)",
                            formats.read_facts, formats.write_facts, formats.detect_facts,
                            (".lp", ".asp"), carries_solution=True),
            "tatham": Format("tatham", "Simon Tatham's tents game ID (WxH[dX]:RUNS,clues)",
                             *lazy_format(f"{__name__}.tatham", "tatham"),
                             carries_solution=True, inline=True),
            "puzzlink": Format("puzzlink", "puzz.link / pzprjs URL (tents/COLS/ROWS/...)",
                               *lazy_format(f"{__name__}.puzzlink", "puzzlink"), inline=True),
            "legup": Format("legup", "LEGUP TreeTent puzzle file (XML)",
                            *lazy_format(f"{__name__}.legup", "legup"),
                            (".xml",), carries_solution=True),
        }

    def encodings(self, options: SolveOptions,
                  instance: TentsInstance | None = None) -> tuple[Traversable, ...]:
        """The rules, and the large-board helper where it pays (see :data:`LARGE`)."""
        if instance is not None and max(instance.height, instance.width) >= LARGE:
            return (lp_file(__name__, "encoding.lp"), lp_file(__name__, "large.lp"))
        return (lp_file(__name__, "encoding.lp"),)

    def solver_args(self, instance: TentsInstance | None = None) -> tuple[str, ...]:
        """clingo options for solving Tents, chosen by measurement: the line counts are
        constraints over #count aggregates, and clasp propagates them faster translated into
        plain clauses (--trans-ext=integ) than as native cardinality constraints (15x15 Tatham
        set 4.6 -> 3.9 ms).

        From LARGE up, also failed-literal detection once, before the search
        (--lookahead=atom,1: each open atom is assumed both ways and propagated, and a side that
        fails is settled): on the stored 40x40 to 100x100 boards the search then needs 3 to 5
        times fewer conflicts (100x100: ~15,000 -> ~3,500; 0.7 -> 0.2 s). Lookahead at every
        decision is ten times slower; on the Tatham sets (15x15, 25x25) this one pass neither
        helps nor costs. A program grounded once for many puzzles (``reuse``) does not get it."""
        if instance is not None and max(instance.height, instance.width) >= LARGE:
            return ("--trans-ext=integ", "--lookahead=atom,1")
        return ("--trans-ext=integ",)

    def answer_signatures(self, options: SolveOptions) -> tuple[tuple[str, int], ...]:
        return (("tent", 2), ("attached", 4)) if options.pairing else (("tent", 2),)

    def constants(self, instance: TentsInstance) -> tuple[tuple[str, str], ...]:
        return (("height", str(instance.height)), ("width", str(instance.width)))

    def to_facts(self, instance: TentsInstance) -> list[clingo.Symbol]:
        return [_F(name, [_N(a), _N(b)]) for name, (a, b) in _facts(instance)]

    def facts_text(self, instance: TentsInstance) -> str:
        """:meth:`to_facts` as ASP text, for solving (no clingo Symbol made per fact)."""
        return "".join(f"{name}({a},{b}).\n" for name, (a, b) in _facts(instance))

    def reuse(self, instance: TentsInstance, options: SolveOptions) -> Any:
        """How to solve on one program grounded for every puzzle of the size
        (:class:`aspuzzle.engine.reuse.Reuse`, reuse.lp)."""
        from aspuzzle.engine import Program
        from aspuzzle.engine.reuse import Reuse

        true = _facts(instance)
        program = Program((*self.encodings(options), lp_file(__name__, "reuse.lp")), (),
                          self.answer_signatures(options), constants=self.constants(instance),
                          solver_args=self.solver_args())
        # built once a size has come back about as often as building it costs solves
        # (measured, issue 32, CPU ms, build / fresh solve / shared solve, and the solves
        # after which it pays: 6x6 6.4 / 2.8 / 0.6, 3.0; 8x8 8.8 / 2.7 / 0.6, 4.3; 10x10
        # 18 / 3.4 / 1.0, 7.4; 15x15 50-68 / 5-7 / 3-4, 17-32; 20x20 150-170 / 8.5-10 /
        # 5.6-6.8, 46-56). Since the no-touch rule is grounded once a pair (encoding.lp) a
        # 10x10 build costs ~65M instructions, not ~103M: the Tatham 10x10 set of 20 took
        # 493M (callgrind, whole process) building on the 8th, 448M on the 3rd, 440M on the
        # 2nd (a build no earlier than the 3rd: BUILD_AFTER); a 15x15 set is the same building
        # on the 7th or never
        hw = instance.height * instance.width
        return Reuse(("tents", instance.height, instance.width, options.pairing), program,
                     (("tree", 2), ("tent_row", 2), ("tent_column", 2)), tuple(true),
                     build_after=max(2, hw // 50) if hw <= 100 else hw // 10,
                     # a solve takes a few ms: run it in the calling thread (Tatham 15x15 and
                     # 25x25 sets, paired in one process: about 8% and 10% less time)
                     quick=True)

    def user_asp(self, instance: TentsInstance) -> str:
        return ""

    def from_model(self, instance: TentsInstance,
                   symbols: Sequence[clingo.Symbol]) -> TentsSolution:
        tents: set[Cell] = set()
        pairs: set[Pair] = set()
        for s in symbols:
            # one call into clingo per atom (str) instead of five (name, arguments, numbers):
            # reading the answer otherwise costs about as much as solving a 15x15 puzzle
            text = str(s)
            if text.startswith(_TENT):
                r, c = text[len(_TENT):-1].split(",")
                tents.add((int(r), int(c)))
            elif text.startswith(_ATTACHED):
                tr, tc, r, c = text[len(_ATTACHED):-1].split(",")
                pairs.add(((int(tr), int(tc)), (int(r), int(c))))
        return TentsSolution(frozenset(tents), frozenset(pairs))

    def validate(self, instance: TentsInstance) -> None:
        validate(instance)

    def verify(self, instance: TentsInstance, solution: TentsSolution) -> list[str]:
        return verify(instance, solution)

    def render(self, instance: TentsInstance, solution: TentsSolution | None, *,
               ascii: bool = False) -> str:
        tents = solution.tents if solution else frozenset()
        tree, tent, empty = ("T", "A", ".") if ascii else ("🌳", "⛺", "· ")
        cw = 2  # every cell is two terminal columns wide (emoji are double width)

        def clue(v: int | None) -> str:
            return "?" if v is None else str(v)

        rw = max([len(clue(v)) for v in instance.row_clues] + [1])
        # a column's clue is written downwards, a digit a line, where one has two digits (10 or
        # more tents): side by side, "7" and "10" would read "710"
        cols = [clue(v) for v in instance.col_clues]
        ch = max([len(v) for v in cols] + [1])
        lines = [(" " * (rw + 1) + "".join(v.rjust(ch)[i].rjust(cw) for v in cols)).rstrip()
                 for i in range(ch)]
        for r in range(1, instance.height + 1):
            row = []
            for c in range(1, instance.width + 1):
                if (r, c) in instance.trees:
                    row.append(tree if not ascii else " " + tree)
                elif (r, c) in tents:
                    row.append(tent if not ascii else " " + tent)
                else:
                    row.append(empty if not ascii else " " + empty)
            lines.append(clue(instance.row_clues[r - 1]).rjust(rw) + " " + "".join(row))
        return "\n".join(lines)

    def solution_to_json(self, solution: TentsSolution) -> JSON:
        return {"tents": [list(t) for t in sorted(solution.tents)],
                "pairs": [[list(a), list(b)] for a, b in sorted(solution.pairs)]}

    def solution_from_json(self, instance: TentsInstance, data: JSON) -> TentsSolution:
        try:
            tents = frozenset((int(r), int(c)) for r, c in data["tents"])
            pairs = frozenset(((int(a[0]), int(a[1])), (int(b[0]), int(b[1])))
                              for a, b in data.get("pairs", []))
        except (KeyError, TypeError, ValueError) as e:
            raise InputError(f"not a tents solution: {e}") from None
        return TentsSolution(tents, pairs)



    def write_board(self, instance: Any, board: Any, to: str | None = None) -> str:
        """A player's board: the text grid with marks (``state``), a LEGUP file with marks
        and links (``legup``), or a Tatham ID with tents ``!`` and grass ``-`` (``tatham``)."""
        from aspuzzle.puzzles.tents import formats, legup, tatham

        marks = dict(board.cells)
        if to == "legup":
            return str(legup.write_legup(instance, None, marks, frozenset(board.links)))
        if to == "tatham":
            return str(tatham.write_tatham(instance, None, marks))
        return str(formats.write_text(instance, None, marks))

    def draw_svg(self, instance: Any, solution: Any, board: Any, opts: Any) -> str:
        """The SVG picture (:func:`aspuzzle.render.render_svg` calls this)."""
        from aspuzzle.puzzles.tents.draw import draw_tents

        return draw_tents(instance, solution, board, opts)
    def differences(self, instance: TentsInstance, a: TentsSolution, b: TentsSolution) -> str:
        cells = sorted(a.tents ^ b.tents)
        if cells:
            return "tents differ at " + " ".join(f"({r},{c})" for r, c in cells)
        pairs = sorted(a.pairs ^ b.pairs)
        return "same tents, different pairing: " + " ".join(
            f"{t}-{n}" for t, n in pairs)

    def no_solution_note(self, instance: TentsInstance) -> str:
        """What a diagnosis of no solution adds: that the column clues repeat the row clues,
        as LEGUP's Tree Tent exporter writes them (every puzzle LEGUP ships has this)."""
        rows, cols = instance.row_clues, instance.col_clues
        if len(rows) < 2 or rows != cols or None in rows:
            return ""
        return ("Its column clues are its row clues again, as LEGUP's Tree Tent exporter writes "
                "them (every puzzle in LEGUP's own treetent folder has this): the real column "
                "clues were lost, so no solution is to be expected.")

    def clues(self, instance: TentsInstance) -> Any:
        from aspuzzle.puzzles.tents import clues

        return clues.clues(instance)

    def repairs(self, instance: TentsInstance, solution: TentsSolution) -> list[Any]:
        from aspuzzle.puzzles.tents import clues

        return list(clues.repairs(instance, solution))

    def reasoning(self) -> Reasoning:
        """LEGUP's Tree Tent rules (:mod:`aspuzzle.puzzles.tents.reasoning`)."""
        from aspuzzle.puzzles.tents import reasoning

        kit: Reasoning = reasoning.reasoning()
        return kit


def _facts(instance: TentsInstance) -> list[tuple[str, tuple[int, int]]]:
    """The instance's facts as (predicate, arguments): its trees and its line clues."""
    facts = [("tree", cell) for cell in sorted(instance.trees)]
    facts += [("tent_row", (r, n)) for r, n in enumerate(instance.row_clues, 1) if n is not None]
    facts += [("tent_column", (c, n)) for c, n in enumerate(instance.col_clues, 1)
              if n is not None]
    return facts


PUZZLE = TentsPuzzle()
