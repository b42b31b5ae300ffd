"""A kit type as a :class:`~aspuzzle.puzzles.base.Puzzle`: everything but the type's own data."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cached_property, partial
from typing import TYPE_CHECKING, Any

from aspuzzle.errors import InputError, Location
from aspuzzle.kit.model import Cell, GridInstance, GridSolution, facts_text, playable, to_facts
from aspuzzle.kit.model import validate as validate_instance
from aspuzzle.kit.spec import GridSpec
from aspuzzle.puzzles.base import JSON, Format, Play, Reasoning, SolveOptions, lp_file

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    import clingo

    from aspuzzle.explain.steps import Board

__all__ = ["GridPuzzle"]

ClueNumber = Callable[[GridInstance, GridSolution, Cell], int]


class GridPuzzle:
    """The Puzzle of a :class:`GridSpec`, with the type's own formats (``formats``: name ->
    Format, listed after the kit's text and facts formats).

    ``clue_number``: the number a clue cell would show in a solution (Light Up: the bulbs next
    to it), for a diagnosis's repairs; None: the type's repairs are revealed cells only."""

    def __init__(self, spec: GridSpec, formats: Mapping[str, Format] | None = None, *,
                 clue_number: ClueNumber | None = None,
                 export_proof: Callable[..., str] | None = None,
                 check_proof: Callable[..., Any] | None = None) -> None:
        self.spec = spec
        self._export_proof = export_proof
        self._check_proof = check_proof
        self.name = spec.name
        self.aliases = spec.aliases
        self.title = spec.title
        self.clue_number = clue_number
        marks = tuple(m.value for m in spec.marks)
        self.play = Play(marks, implied=marks[-1] if marks else None)
        """A click on a cell of the web board cycles through the marks; for the verdict
        "solved", unmarked cells count as the last (Light Up: empty)."""
        if spec.digits:
            text_help = ("text grid of digits and '.'"
                         + (", boxes drawn with | and -" if spec.regions else "")
                         + f", '# {spec.name}' header")
        else:
            text_help = f"text grid ({' '.join(_tokens(spec))}), '# {spec.name}' header"
        facts_help = ("ASP facts, one per cell ("
                      + ", ".join(f"{p}/{a}" for p, a in (k.predicate for k in spec.cells)) + ")"
                      + (" and region/3" if spec.regions else ""))
        own: dict[str, Format] = {
            "text": Format("text", text_help, partial(_call, _TEXT, "read_text", spec),
                           self._write_text, partial(_call, _TEXT, "detect_text", spec), (".txt",),
                           carries_solution=True),
            "facts": Format("facts", facts_help, partial(_call, _FACTS, "read_facts", spec),
                            self._write_facts,
                            partial(_call, _FACTS, "detect_facts", spec), (".lp", ".asp"),
                            carries_solution=True),
        }
        own.update(formats or {})
        if spec.legup is not None:
            own["legup"] = Format("legup", f"LEGUP {spec.legup.puzzle} puzzle file (XML)",
                                  partial(_legup_read, spec), self._write_legup,
                                  partial(_legup_detect, spec), (".xml",),
                                  carries_solution=True)
        self.formats: Mapping[str, Format] = own

    def __reduce__(self) -> tuple[Callable[[str], Any], tuple[str]]:
        from aspuzzle.puzzles import get_puzzle

        return get_puzzle, (self.name,)

    def __repr__(self) -> str:
        return f"<kit puzzle {self.name}>"

    def _write_text(self, inst: GridInstance, sol: GridSolution | None) -> str:
        from aspuzzle.kit import textgrid

        return textgrid.write_text(self.spec, inst, sol)

    def _write_legup(self, inst: GridInstance, sol: GridSolution | None) -> str:
        from aspuzzle.kit.legup import write_legup

        return write_legup(self.spec, inst, sol)

    def _write_facts(self, inst: GridInstance, sol: GridSolution | None) -> str:
        from aspuzzle.kit import facts as kit_facts

        return kit_facts.write_facts(self.spec, inst, sol)

    # --- solving --------------------------------------------------------------------------------

    def encodings(self, options: SolveOptions,
                  instance: object = None) -> tuple[Traversable, ...]:
        return (lp_file(self.spec.package, "encoding.lp"),)

    def answer_signatures(self, options: SolveOptions) -> tuple[tuple[str, int], ...]:
        return ((self.spec.answer, 3 if self.spec.digits else 2),)

    def constants(self, instance: GridInstance) -> tuple[tuple[str, str], ...]:
        return (("height", str(instance.height)), ("width", str(instance.width)))

    def to_facts(self, instance: GridInstance) -> list[clingo.Symbol]:
        return to_facts(self.spec, instance)

    def facts_text(self, instance: GridInstance) -> str:
        return facts_text(self.spec, instance)

    def reuse(self, instance: GridInstance, options: SolveOptions) -> Any:
        """How to solve on one program grounded for every puzzle of the size
        (:attr:`GridSpec.shared_after`), or None. Regions are part of the program, not of
        its input: puzzles share one when their regions are the same (Sudoku's boxes of a
        size), and a jigsaw's own regions make a kind of their own."""
        spec = self.spec
        if spec.shared_after is None or (spec.shared_up_to is not None and max(
                instance.height, instance.width) > spec.shared_up_to):
            return None
        from aspuzzle.engine import Program
        from aspuzzle.engine.reuse import Reuse

        h, w = instance.height, instance.width
        facts = {k.name: k.fact for k in spec.cells}
        true: list[tuple[str, tuple[int, ...]]] = [
            (facts[name], (r, c) if n is None else (r, c, n))
            for (r, c), (name, n) in instance.positions()]
        if spec.digits:
            true.append(("size", (w,)))
        true += [(f"{spec.edge_clues}_{side}", (i, n)) for side, i, n in instance.edge_clues()]
        rules = _externals(spec, w) + "".join(
            f"region({r}, {c}, {instance.region((r, c))}).\n"
            for (r, c), _ in instance.positions()) if instance.regions else _externals(spec, w)
        program = Program(self.encodings(options), (), self.answer_signatures(options),
                          constants=self.constants(instance), rules=rules)
        return Reuse((spec.name, h, w, instance.regions), program, _inputs(spec), tuple(true),
                     build_after=spec.shared_after, quick=True)

    def user_asp(self, instance: GridInstance) -> str:
        return ""

    def from_model(self, instance: GridInstance,
                   symbols: Sequence[clingo.Symbol]) -> GridSolution:
        name = self.spec.answer
        if self.spec.digits:
            w = instance.width
            grid = [0] * (instance.height * w)
            for s in symbols:
                if s.name == name:
                    r, c, d = (a.number for a in s.arguments)
                    grid[(r - 1) * w + c - 1] = d
            return GridSolution(digits=tuple(grid))
        return GridSolution(frozenset((s.arguments[0].number, s.arguments[1].number)
                                      for s in symbols if s.name == name))

    def validate(self, instance: GridInstance) -> None:
        validate_instance(self.spec, instance)

    def verify(self, instance: GridInstance, solution: GridSolution) -> list[str]:
        """The broken rules of a solution, as the type's contradiction rules find them on the
        solved board (programs of their own, not the encoding)."""
        cells = set(playable(self.spec, instance))
        problems = [f"{self.spec.answer} at ({r},{c}) is not on a playable cell"
                    for r, c in sorted(solution.marked - cells)]
        if self.spec.digits:
            problems = _digit_problems(instance, solution)
        if problems:
            return problems
        from aspuzzle.explain.steps import Kind

        rules = [r for r in self.reasoning().catalogue if r.kind is Kind.CONTRADICTION]
        rs = self.reasoner_class(self, instance, rules)
        board = rs.solution_board(solution)
        return [f"{s.rule}: {s.text}" for s in
                (rs.describe(board, h) for h in rs.hits(board))]

    # --- showing --------------------------------------------------------------------------------

    def render(self, instance: GridInstance, solution: GridSolution | None, *,
               ascii: bool = False, marks: Mapping[Cell, str] | None = None) -> str:
        spec = self.spec
        if spec.digits and instance.regions:  # the text grid's digits with its box lines
            from aspuzzle.kit import textgrid

            return textgrid.write_text(spec, instance, solution, dict(marks or {})
                                       ).split("\n", 1)[1].rstrip("\n")
        kinds = {k.name: k for k in spec.cells}
        glyph = {m.value: (m.token if ascii else m.glyph or m.token) for m in spec.marks}
        rows = []
        for r in range(1, instance.height + 1):
            row = []
            for c in range(1, instance.width + 1):
                name, n = instance.at((r, c))
                kind = kinds[name]
                tok = str(n) if kind.numbered else (kind.token if ascii
                                                    else kind.glyph or kind.token)
                mark = marks.get((r, c)) if marks else None
                if spec.digits:
                    if solution is not None:
                        tok = str(solution.digit((r, c), instance.width))
                    elif mark is not None:
                        tok = mark
                    row.append(tok)
                    continue
                if mark is None and solution is not None and (r, c) in solution.marked:
                    mark = spec.answer_mark.value
                if mark is not None:
                    tok = glyph[mark]
                row.append(tok)
            rows.append(row)
        if spec.edge_clues:  # the clues around the grid, as the text grid has them
            e = ["." if n is None else str(n) for n in instance.edges]
            h, w = instance.height, instance.width
            left, right = e[2 * w:2 * w + h], e[2 * w + h:]
            rows = [[" ", *e[:w], " "], *([left[i], *row, right[i]] for i, row in
                                          enumerate(rows)), [" ", *e[w:2 * w], " "]]
        width = max(_width(t) for row in rows for t in row)
        return "\n".join(" ".join(t + " " * (width - _width(t)) for t in row).rstrip()
                         for row in rows)

    def solution_to_json(self, solution: GridSolution) -> JSON:
        if self.spec.digits:
            n = int(len(solution.digits) ** 0.5 + 0.5)
            return {self.spec.solution_key: [list(solution.digits[i:i + n])
                                             for i in range(0, len(solution.digits), n)]}
        return {self.spec.solution_key: [list(c) for c in sorted(solution.marked)]}

    def solution_from_json(self, instance: GridInstance, data: JSON) -> GridSolution:
        key = self.spec.solution_key
        if self.spec.digits:
            try:
                rows = [[int(d) for d in row] for row in data[key]]
            except (KeyError, TypeError, ValueError) as e:
                raise InputError(f"not a {self.name} solution: {e}") from None
            if len(rows) != instance.height or any(len(r) != instance.width for r in rows):
                raise InputError(f"a {self.name} solution is {instance.height} rows of "
                                 f"{instance.width} digits")
            return GridSolution(digits=tuple(d for row in rows for d in row))
        try:
            cells = [(int(r), int(c)) for r, c in data[key]]
        except (KeyError, TypeError, ValueError) as e:
            raise InputError(f"not a {self.name} solution: {e}") from None
        for cell in cells:
            if not instance.inside(cell):
                raise InputError(f"a cell outside the {instance.height}x{instance.width} grid",
                                 Location(cell=cell))
        return GridSolution(frozenset(cells))

    def differences(self, instance: GridInstance, a: GridSolution, b: GridSolution) -> str:
        if self.spec.digits:
            w = instance.width
            cells = [(i // w + 1, i % w + 1) for i, (x, y) in
                     enumerate(zip(a.digits, b.digits, strict=True)) if x != y]
            return "digits differ at " + " ".join(f"({r},{c})" for r, c in cells)
        cells = sorted(a.marked ^ b.marked)
        return f"{self.spec.solution_key} differ at " + " ".join(f"({r},{c})" for r, c in cells)

    def draw_svg(self, instance: GridInstance, solution: GridSolution | None,
                 board: Board | None, opts: Any) -> str:
        """The SVG picture (:func:`aspuzzle.render.svg.render_svg` calls this)."""
        from aspuzzle.kit.render import draw_svg

        return draw_svg(self.spec, instance, solution, board, opts)

    # --- clues and diagnosis --------------------------------------------------------------------

    def clues(self, instance: GridInstance) -> Any:
        """The numbered cells whose kind can be left out (``CellKind.off``): a clue left out
        is a cell of the kind named there."""
        from aspuzzle.diagnosis import Clue, Clues

        spec = self.spec
        kinds = {k.name: k for k in spec.cells}
        out = []
        for (r, c), (name, n) in instance.positions():
            kind = kinds[name]
            if not kind.off:
                continue
            off = kinds[kind.off]
            out.append(Clue(f"cell ({r},{c})", f"the {n if kind.numbered else name} at ({r},{c})",
                            (_symbol(kind.fact, r, c, n),), off=(_symbol(off.fact, r, c, None),)))
        if spec.edge_clues:
            import clingo

            for side, line, n in instance.edge_clues():
                what = "row" if side in ("left", "right") else "column"
                out.append(Clue(f"clue {side} {line}", f"the {n} {_AT[side]} {what} {line}",
                                (clingo.Function(spec.edge_clues, [clingo.Function(side),
                                 clingo.Number(line), clingo.Number(n)]),)))
        return Clues(tuple(out))

    def repairs(self, instance: GridInstance, solution: GridSolution) -> list[Any]:
        """Numbers on cells that have none (a kind that is some numbered kind's ``off``), as
        the solution would count them (:attr:`clue_number`)."""
        from aspuzzle.diagnosis import Clue

        spec = self.spec
        if spec.digits:  # a given digit, as the solution has it
            given = next(k for k in spec.cells if k.numbered and k.off)
            out = []
            for (r, c), (name, _) in instance.positions():
                if name != given.off:
                    continue
                d = solution.digit((r, c), instance.width)
                out.append(Clue(f"cell ({r},{c})", f"a given {d} at ({r},{c})",
                                (_symbol(given.fact, r, c, d),),
                                off=(_symbol(spec.kind(name).fact, r, c, None),),
                                holds=partial(_has_digit, (r, c), instance.width, d)))
            return out
        if self.clue_number is None:
            return []
        offs = {k.off: k for k in spec.cells if k.off and k.numbered}
        out = []
        for (r, c), (name, _) in instance.positions():
            kind = offs.get(name)
            if kind is None:
                continue
            n = self.clue_number(instance, solution, (r, c))
            if kind.low is not None and kind.high is not None and not kind.low <= n <= kind.high:
                continue
            number = self.clue_number
            out.append(Clue(f"cell ({r},{c})", f"a {n} at ({r},{c})",
                            (_symbol(kind.fact, r, c, n),),
                            off=(_symbol(spec.kind(name).fact, r, c, None),),
                            holds=partial(_shows, number, instance, (r, c), n)))
        return out

    # --- reasoning ------------------------------------------------------------------------------

    @cached_property
    def _reasoning(self) -> Reasoning:
        from aspuzzle.kit import board
        from aspuzzle.kit.rulefile import catalogue

        spec = self.spec
        return Reasoning(
            reasoner=partial(self.reasoner_class, self),
            catalogue=catalogue(f"{spec.package}.rules", spec.rules),
            read_state=partial(board.read_board, spec),
            parse_set=partial(board.parse_set, spec),
            state_help=board.state_help(spec), set_help=board.set_help(spec),
            mark_formats=("text",), verify_rule=self._verify_rule,
            export_proof=self._export_proof or (_kit_export_proof if spec.legup else None),
            check_proof=self._check_proof or (_kit_check_proof if spec.legup else None))

    def reasoning(self) -> Reasoning:
        return self._reasoning

    def _verify_rule(self, path: str, up_to: tuple[int, int]) -> Any:
        from aspuzzle.kit.verify import verify

        return verify(self, path, up_to=up_to)

    @property
    def reasoner_class(self) -> Any:
        """The step engine's reasoner of the type: marks on cells, or digits."""
        from aspuzzle.explain.kit import DigitReasoner, KitReasoner

        return DigitReasoner if self.spec.digits else KitReasoner

    def read_marks(self, text: str) -> tuple[GridInstance, dict[Cell, str]]:
        from aspuzzle.kit import textgrid

        return textgrid.read_marks(self.spec, text)

    def digit_count(self, instance: GridInstance) -> int:
        """How many digits a cell takes (0: the type has marks, not digits)."""
        return instance.width if self.spec.digits else 0

    def generator(self) -> Any:
        """The type's generator (:class:`aspuzzle.kit.generate.KitGenerator`)."""
        from aspuzzle.kit.generate import KitGenerator

        return KitGenerator(self)

    def write_board(self, instance: GridInstance, board: Board, to: str | None = None) -> str:
        """A player's board in the text format."""
        from aspuzzle.kit import textgrid
        from aspuzzle.kit.board import board_marks

        return textgrid.write_text(self.spec, instance, None, board_marks(self.spec, instance,
                                                                          board))


_AT = {"top": "above", "bottom": "below", "left": "left of", "right": "right of"}

_TEXT, _FACTS = "aspuzzle.kit.textgrid", "aspuzzle.kit.facts"


def _call(module: str, name: str, *args: Any) -> Any:
    """``module.name(*args)``, the module imported when first called: the text grid's and the
    facts' readers cost a solve from a game ID nothing (the facts' parser, with ``dataclasses``,
    is some 20 ms to import)."""
    import importlib

    return getattr(importlib.import_module(module), name)(*args)


def lazy_proofs(module: str) -> dict[str, Any]:
    """``export_proof`` and ``check_proof`` of a type whose LEGUP proofs are its own module
    (``GridPuzzle(SPEC, formats, **lazy_proofs(...))``), imported on first use."""
    import importlib

    def export_proof(loaded: Any, explanation: Any = None, *, reasoner: Any = None) -> str:
        out: str = importlib.import_module(module).export_proof(loaded, explanation,
                                                                reasoner=reasoner)
        return out

    def check_proof(text: str, **kw: Any) -> Any:
        return importlib.import_module(module).check_proof(text, **kw)

    # such a module writes its proof from an explanation of its own (made with the rules LEGUP
    # can judge, by kit.legup_proof.proof_with), not from the one it is given: explain --to
    # legup then does not explain the puzzle first
    export_proof.explains_itself = True  # type: ignore[attr-defined]
    return {"export_proof": export_proof, "check_proof": check_proof}


def _kit_check_proof(text: str, **kw: Any) -> Any:
    from aspuzzle.kit.legup_proof import check_text

    return check_text(text, **kw)


def _kit_export_proof(loaded: Any, explanation: Any = None, *, reasoner: Any = None) -> str:
    from aspuzzle.kit.legup_proof import export_proof

    return export_proof(loaded, explanation, reasoner=reasoner)


def _legup_read(spec: GridSpec, text: str) -> GridInstance:
    from aspuzzle.kit.legup import read_legup

    return read_legup(spec, text)


def _legup_detect(spec: GridSpec, text: str) -> bool:
    from aspuzzle.kit.legup import detect_legup

    return detect_legup(spec, text)


def _externals(spec: GridSpec, width: int) -> str:
    """The cell facts of every puzzle of the size, as externals (:meth:`GridPuzzle.reuse`)."""
    cells = "R = 1..height, C = 1..width"
    out = [f"#external {k.fact}(R, C, N) : {cells}, N = {k.low}..{k.high}.\n" if k.numbered
           else f"#external {k.fact}(R, C) : {cells}.\n" for k in spec.cells]
    if spec.digits:
        out.append(f"#external size({width}).\n")
    if spec.edge_clues:
        e = spec.edge_clues
        for side, n in (("top", "width"), ("bottom", "width"), ("left", "height"),
                        ("right", "height")):
            out.append(f"#external {e}_{side}(I, V) : I = 1..{n}, V = 1..{n}.\n"
                       f"{e}({side}, I, V) :- {e}_{side}(I, V).\n")
    return "".join(out)


def _inputs(spec: GridSpec) -> tuple[tuple[str, int], ...]:
    sides = ("top", "bottom", "left", "right") if spec.edge_clues else ()
    return (*dict.fromkeys(k.predicate for k in spec.cells),
            *((("size", 1),) if spec.digits else ()),
            *((f"{spec.edge_clues}_{side}", 2) for side in sides))


def _tokens(spec: GridSpec) -> list[str]:
    out = [f"{k.low}-{k.high}" if k.numbered else k.token for k in spec.cells]
    return out + [m.token for m in spec.marks]


def _width(text: str) -> int:
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text
               if unicodedata.category(ch) != "Mn" and ch != "\ufe0f")


def _symbol(fact: str, r: int, c: int, n: int | None) -> clingo.Symbol:
    import clingo

    args = [clingo.Number(r), clingo.Number(c)]
    if n is not None:
        args.append(clingo.Number(n))
    return clingo.Function(fact, args)


def _has_digit(cell: Cell, width: int, d: int, solution: GridSolution) -> bool:
    return solution.digit(cell, width) == d


def _digit_problems(inst: GridInstance, sol: GridSolution) -> list[str]:
    """The shape of a digit solution and its givens (the rules are the contradiction
    rules')."""
    n = inst.width
    if len(sol.digits) != inst.height * n:
        return [f"{len(sol.digits)} digits for {inst.height * n} cells"]
    out = []
    for (r, c), (_, given) in inst.positions():
        d = sol.digit((r, c), n)
        if not 1 <= d <= n:
            out.append(f"({r},{c}) holds {d}, not a digit 1..{n}")
        elif given is not None and d != given:
            out.append(f"({r},{c}) holds {d} where {given} is given")
    return out


def _shows(number: ClueNumber, inst: GridInstance, cell: Cell, n: int,
           solution: GridSolution) -> bool:
    return number(inst, solution, cell) == n

