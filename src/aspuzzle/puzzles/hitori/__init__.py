"""Hitori (Tatham's "Singles"): shade cells so that no number repeats in a row or column."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import clingo

from aspuzzle.kit.shared import AnswerCells, repeat_nogoods
from aspuzzle.puzzles.base import (
    JSON,
    Format,
    Play,
    Reasoning,
    SolveOptions,
    lazy_format,
    lp_file,
)
from aspuzzle.puzzles.hitori import formats
from aspuzzle.puzzles.hitori.model import (
    HitoriInstance,
    HitoriSolution,
    validate,
    verify,
)

if TYPE_CHECKING:  # importlib.resources costs ~6 ms at start-up, for an annotation
    from importlib.resources.abc import Traversable


__all__ = ["PUZZLE", "HitoriInstance", "HitoriPuzzle", "HitoriSolution"]

class HitoriPuzzle:
    name: str = "hitori"
    aliases: tuple[str, ...] = ("singles",)
    title: str = "Hitori"
    play = Play(("shaded", "unshaded"), implied="unshaded")

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
        return formats.TEXT.facts(instance.grid, "written")

    def facts_text(self, instance: HitoriInstance) -> str:
        return formats.TEXT.facts_text(instance.grid, "written")

    def reuse(self, instance: HitoriInstance, options: SolveOptions) -> Any:
        """How to solve on one program grounded for every puzzle of the size
        (:class:`aspuzzle.engine.reuse.Reuse`, reuse.lp): the numbers are given as ground
        constraints on its blacked/2 atoms (:func:`aspuzzle.kit.shared.repeat_nogoods`)."""
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
                     nogoods=repeat_nogoods(instance.grid), projective=False, quick=True,
                     build_after=0 if h * w <= 2500 else 1)

    def user_asp(self, instance: HitoriInstance) -> str:
        return ""

    def from_model(self, instance: HitoriInstance,
                   symbols: Sequence[clingo.Symbol]) -> HitoriSolution:
        return HitoriSolution(_ANSWER.read(symbols))

    def validate(self, instance: HitoriInstance) -> None:
        validate(instance)

    def verify(self, instance: HitoriInstance, solution: HitoriSolution) -> list[str]:
        return verify(instance, solution)

    def render(self, instance: HitoriInstance, solution: HitoriSolution | None, *,
               ascii: bool = False) -> str:
        return formats.TEXT.picture(instance.grid, solution.shaded if solution else (),
                                    ascii=ascii)

    def solution_to_json(self, solution: HitoriSolution) -> JSON:
        return formats.TEXT.cells_to_json(solution.shaded)

    def solution_from_json(self, instance: HitoriInstance, data: JSON) -> HitoriSolution:
        return HitoriSolution(formats.TEXT.cells_from_json(data, instance.height,
                                                           instance.width))

    def write_board(self, instance: Any, board: Any, to: str | None = None) -> str:
        """A player's board in the text format (``#`` shaded, ``o`` unshaded)."""
        from aspuzzle.puzzles.hitori.reasoning import write_marks

        return write_marks(instance, board)

    def draw_svg(self, instance: Any, solution: Any, board: Any, opts: Any) -> str:
        """The SVG picture (:func:`aspuzzle.render.render_svg` calls this): the kit's number
        grid picture."""
        marks: dict[tuple[int, int], str] = {}
        if solution is not None:
            marks = {cell: "shaded" if cell in solution.shaded else "unshaded"
                     for cell in instance.cells()}
        elif board is not None:
            marks = {k: v for k, v in board.cells.items() if v in ("shaded", "unshaded")}
        title = f"Hitori {instance.height}x{instance.width}" + (
            ", solved" if solution is not None else "")
        return formats.TEXT.svg(title, instance.grid, marks, board is not None, opts)

    def differences(self, instance: HitoriInstance, a: HitoriSolution,
                    b: HitoriSolution) -> str:
        return formats.TEXT.differences(a.shaded, b.shaded)

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


_REUSE_ARGS = ("--eq=0", "--heuristic=vmtf")
"""clingo options of the shared program (reuse.lp), chosen by measurement; they change how fast,
never what is found. A solve there is mostly clasp's fixed work per step over the whole grid
(a Tatham 50x50 puzzle: ~10 choices in all), not search: VSIDS, clasp's default heuristic,
sets up its scores over every variable on each step, VMTF (conflict-driven too) does less; and
the equivalence preprocessing (--eq) of each puzzle's ~1,500 new rules finds nothing to merge
(they are ternary nogoods). Valgrind instructions per solve (add nogoods, solve, release), Tatham
sets: 50x50 27.4M -> 25.1M, 20x20 4.47M -> 4.14M."""

_ANSWER = AnswerCells("blacked")
"""The shaded cells of an answer (the kit's reader, by symbol handle)."""


PUZZLE = HitoriPuzzle()
