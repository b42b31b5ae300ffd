"""Futoshiki (Simon Tatham's "Unequal"): a Latin square with inequality signs between cells,
and Tatham's adjacent mode, where bars mark the neighbours that differ by exactly 1."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import clingo

from aspuzzle.errors import InputError
from aspuzzle.kit.shared import AnswerKeys
from aspuzzle.puzzles.base import JSON, Format, Reasoning, SolveOptions, lazy_format, lp_file
from aspuzzle.puzzles.futoshiki import formats
from aspuzzle.puzzles.futoshiki.model import (
    FutoshikiInstance,
    FutoshikiSolution,
    validate,
    verify,
)

if TYPE_CHECKING:  # importlib.resources costs ~6 ms at start-up, for an annotation
    from importlib.resources.abc import Traversable

LARGE = 8
"""From this size on, large.lp (an implied rule) makes solving faster."""
CHAINS = 6
"""From this size on, chains.lp (digits that chains of signs rule out) makes a fresh solve
faster (not for a puzzle without signs, such as adjacent mode's or the generator's blank grid)."""

__all__ = ["PUZZLE", "FutoshikiInstance", "FutoshikiPuzzle", "FutoshikiSolution"]

_ANSWER = AnswerKeys("cell_has_number")
"""The digits of an answer, (row, column, digit) (the kit's reader, by symbol handle)."""


class FutoshikiPuzzle:
    name: str = "futoshiki"
    aliases: tuple[str, ...] = ("unequal",)
    title: str = "Futoshiki"

    def __init__(self) -> None:
        self.formats: Mapping[str, Format] = {
            "text": Format("text", "plain-text grid with < > ^ v signs (| - bars in adjacent "
                           "mode)", formats.read_text, formats.write_text, formats.detect_text,
                           (".txt",), carries_solution=True),
            "facts": Format("facts", "the seed post's ASP facts (#const n, cell_has_number/3, "
                            "greater_than/4)", formats.read_facts, formats.write_facts,
                            formats.detect_facts, (".lp", ".asp")),
            "tatham": Format("tatham", "Simon Tatham's unequal game ID, e.g. 4de:2,0,0,0L,...",
                             *lazy_format(f"{__name__}.tatham", "tatham"),
                             inline=True),
        }
        self._rules = lp_file(__name__, "encoding.lp")
        self._adjacent_rules = lp_file(__name__, "adjacent.lp")
        self._large_rules = lp_file(__name__, "large.lp")
        self._chains = lp_file(__name__, "chains.lp")
        self._latin = lp_file(__name__, "latin.lp")
        self._reuse = lp_file(__name__, "reuse.lp")
        self._reuse_adjacent = lp_file(__name__, "reuse-adjacent.lp")

    def encodings(self, options: SolveOptions,
                  instance: FutoshikiInstance | None = None) -> tuple[Traversable, ...]:
        """The rules; adjacent mode's, the sign chains' and the large-grid helper only where
        they are needed (every rule costs grounding time, which is most of the work on small
        grids)."""
        if instance is None:
            return (self._rules, self._chains, self._adjacent_rules, self._large_rules)
        files = [self._rules]
        if instance.adjacent:
            files.append(self._adjacent_rules)
        elif instance.size >= CHAINS and instance.greater:
            files.append(self._chains)
        if instance.size >= LARGE:
            files.append(self._large_rules)
        return tuple(files)

    def many_solves_encodings(self, options: SolveOptions,
                              instance: FutoshikiInstance) -> tuple[Traversable, ...]:
        """The rules for a program grounded once and solved many times (the shared program of
        :meth:`reuse`, a diagnosis's or a generator's clue solver): the post's choice rule
        (latin.lp) in place of encoding.lp's disjunction, whose solves are slower (Tatham 9x9 /
        12x12 extreme on the shared program: ~15% / ~25% more instructions), and no chains.lp
        (latin.lp chooses from every digit)."""
        return (self._latin, *(e for e in self.encodings(options, instance)[1:]
                               if e is not self._chains))

    def answer_signatures(self, options: SolveOptions) -> tuple[tuple[str, int], ...]:
        return (("cell_has_number", 3),)

    def constants(self, instance: FutoshikiInstance) -> tuple[tuple[str, str], ...]:
        return (("n", str(instance.size)),)

    def to_facts(self, instance: FutoshikiInstance) -> list[clingo.Symbol]:
        return [clingo.parse_term(line[:-1]) for line in self.facts_text(instance).splitlines()]

    def facts_text(self, instance: FutoshikiInstance) -> str:
        """The facts as ASP text, for solving (no clingo Symbol made per fact)."""
        parts = [f"cell_has_number({r},{c},{d}).\n" for r, c, d in sorted(instance.givens)]
        parts += [f"greater_than({a[0]},{a[1]},{b[0]},{b[1]}).\n"
                  for a, b in sorted(instance.greater)]
        if instance.adjacent:
            parts.append("adjacent_mode.\n")
        parts += [f"adjacent({a[0]},{a[1]},{b[0]},{b[1]}).\n" for a, b in sorted(instance.bars)]
        return "".join(parts)

    def reuse(self, instance: FutoshikiInstance, options: SolveOptions) -> Any:
        """How to solve on one program grounded for every puzzle of the size and mode
        (:class:`aspuzzle.engine.reuse.Reuse`; reuse.lp, or reuse-adjacent.lp in adjacent
        mode)."""
        from aspuzzle.engine import Program
        from aspuzzle.engine.reuse import Reuse

        true: list[tuple[str, tuple[int, ...]]] = [
            ("cell_has_number", given) for given in instance.givens]
        true += [("greater_than", (*a, *b)) for a, b in instance.greater]
        true += [("adjacent", (*a, *b)) for a, b in instance.bars]
        shared = self.many_solves_encodings(options, instance)
        if instance.adjacent:
            true.append(("adjacent_mode", ()))
            # a missing bar is a rule: every bar external is false but the puzzle's own
            inputs: tuple[tuple[str, int], ...] = (("adjacent", 4), ("adjacent_mode", 0))
            givens: tuple[tuple[str, int], ...] = (("cell_has_number", 3),)
            externals = self._reuse_adjacent
        else:
            # the sign externals are free (reuse.lp): only the puzzle's own are assumed
            inputs = ()
            givens = (("cell_has_number", 3), ("greater_than", 4))
            externals = self._reuse
        program = Program((*shared, externals), (), self.answer_signatures(options),
                          constants=self.constants(instance))
        return Reuse(("futoshiki", instance.size, tuple(str(e) for e in shared)), program,
                     inputs, tuple(true), givens=givens,
                     # measured (issue 32, CPU ms: build, fresh solve, shared solve): 9x9
                     # 23-31, 11-13, 3.9; 12x12 123, 35, 16: built on the third puzzle
                     # (12x12 sets of 10: 29 ms a puzzle, against 36 when built on the fifth)
                     build_after=2,
                     # a solve takes a few ms: run it in the calling thread (Tatham 9x9 set,
                     # paired in one process: about 6% less time)
                     quick=True)

    def user_asp(self, instance: FutoshikiInstance) -> str:
        return ""

    def from_model(self, instance: FutoshikiInstance,
                   symbols: Sequence[clingo.Symbol]) -> FutoshikiSolution:
        grid = [[0] * instance.size for _ in range(instance.size)]
        for r, c, d in _ANSWER.read(symbols):  # type: ignore[misc]
            grid[r - 1][c - 1] = d
        return FutoshikiSolution(tuple(tuple(row) for row in grid))

    def validate(self, instance: FutoshikiInstance) -> None:
        validate(instance)

    def verify(self, instance: FutoshikiInstance, solution: FutoshikiSolution) -> list[str]:
        return verify(instance, solution)

    def render(self, instance: FutoshikiInstance, solution: FutoshikiSolution | None, *,
               ascii: bool = False) -> str:
        grid = [list(row) for row in solution.grid] if solution else instance.given_grid()
        empty = "." if ascii else "·"
        texts = [[str(d) if d else empty for d in row] for row in grid]
        return "\n".join(formats.grid_lines(instance, texts, len(str(instance.size)),
                                             glyphs=formats.ASCII if ascii else _GLYPHS))

    def solution_to_json(self, solution: FutoshikiSolution) -> JSON:
        return {"grid": [list(row) for row in solution.grid]}

    def solution_from_json(self, instance: FutoshikiInstance, data: JSON) -> FutoshikiSolution:
        n = instance.size
        try:
            rows = data["grid"]
            grid = tuple(tuple(_digit(v) for v in row) for row in rows)
        except (KeyError, TypeError, ValueError) as e:
            raise InputError(f"not a futoshiki solution: {e}") from None
        if len(grid) != n or any(len(row) != n for row in grid):
            raise InputError(f"not a futoshiki solution: expected {n} rows of {n} digits")
        return FutoshikiSolution(grid)



    def write_board(self, instance: Any, board: Any, to: str | None = None) -> str:
        """A player's board in the state format (digits and pencil marks)."""
        from aspuzzle.puzzles.futoshiki.reasoning import write_marks

        return write_marks(instance, board)

    def digit_count(self, instance: FutoshikiInstance) -> int:
        """How many digits a cell takes (the web board's digit pad)."""
        return instance.size

    def draw_svg(self, instance: Any, solution: Any, board: Any, opts: Any) -> str:
        """The SVG picture (:func:`aspuzzle.render.render_svg` calls this)."""
        from aspuzzle.puzzles.futoshiki.draw import draw_futoshiki

        return draw_futoshiki(instance, solution, board, opts)
    def differences(self, instance: FutoshikiInstance, a: FutoshikiSolution,
                    b: FutoshikiSolution) -> str:
        cells = [(r, c) for r, (ra, rb) in enumerate(zip(a.grid, b.grid, strict=True), 1)
                 for c, (x, y) in enumerate(zip(ra, rb, strict=True), 1) if x != y]
        return "digits differ at " + " ".join(f"({r},{c})" for r, c in cells)

    def clues(self, instance: FutoshikiInstance) -> Any:
        from aspuzzle.puzzles.futoshiki import clues

        return clues.clues(instance)

    def repairs(self, instance: FutoshikiInstance, solution: FutoshikiSolution) -> list[Any]:
        from aspuzzle.puzzles.futoshiki import clues

        return list(clues.repairs(instance, solution))

    def reasoning(self) -> Reasoning:
        """Named reasoning rules (Tatham's unequal deductions), the player's board."""
        from aspuzzle.puzzles.futoshiki.reasoning import reasoning

        return reasoning()


_GLYPHS = ("│", "─", "∨", "∧")
"""The marks of the terminal picture (:data:`formats.ASCII` with ``ascii``)."""


def _digit(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{value!r} is not a digit")
    return value


PUZZLE = FutoshikiPuzzle()
