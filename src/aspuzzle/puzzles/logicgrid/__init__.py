"""Logic grids ("zebra puzzles", magazine logic problems): match the values of every category
one to one so that every clue holds."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping, Sequence
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
from aspuzzle.puzzles.logicgrid import language
from aspuzzle.puzzles.logicgrid.model import (
    Apart,
    Before,
    Clue,
    LogicGridInstance,
    LogicGridSolution,
    NotSame,
    OneOf,
    Ref,
    Same,
    Value,
    validate,
    verify,
)

if TYPE_CHECKING:  # importlib.resources costs ~6 ms at start-up, for an annotation
    from importlib.resources.abc import Traversable

__all__ = ["PUZZLE", "LogicGridInstance", "LogicGridPuzzle", "LogicGridSolution", "term"]

_N = clingo.Number
_F = clingo.Function

_CONSTANT = re.compile(r"[a-z][A-Za-z0-9_]*")


@functools.lru_cache(maxsize=1 << 16, typed=True)
def term(v: Value) -> clingo.Symbol:
    """How a category name or value appears in ASP: a number, a constant when it is written
    like one (``inn``, ``friar_tuck``), otherwise a string (``"Little John"``). (Made once per
    process for each value: a generator's pool of clues names each value many times.)"""
    if isinstance(v, int):
        return _N(v)
    if _CONSTANT.fullmatch(v) and v != "not":
        return _F(v)
    return clingo.String(v)


def _ref_args(r: Ref) -> list[clingo.Symbol]:
    return [term(r.category), term(r.value)]


def _clue_facts(k: int, c: Clue) -> list[clingo.Symbol]:
    K = _N(k)
    if isinstance(c, Same):
        return [_F("same", [K, *_ref_args(c.a), *_ref_args(c.b)])]
    if isinstance(c, NotSame):
        return [_F("not_same", [K, *_ref_args(c.a), *_ref_args(c.b)])]
    if isinstance(c, Before):
        if c.distance is None:
            return [_F("before", [K, *_ref_args(c.a), *_ref_args(c.b), term(c.on)])]
        return [_F("before_by", [K, *_ref_args(c.a), *_ref_args(c.b), term(c.on),
                                 _N(c.distance)])]
    if isinstance(c, Apart):
        return [_F("apart", [K, *_ref_args(c.a), *_ref_args(c.b), term(c.on),
                             _N(c.distance)])]
    if isinstance(c, OneOf):
        out = [_F("one_of", [K, *_ref_args(c.a)])]
        out += [_F("option", [K, *_ref_args(o)]) for o in c.options]
        if c.exclusive:
            out.append(_F("exclusive", [K]))
        return out
    raise InputError(f"clue {c.number}: unknown kind of clue {type(c).__name__}")


class LogicGridPuzzle:
    name: str = "logicgrid"
    aliases: tuple[str, ...] = ("logic-grid", "logic", "zebra", "einstein", "logic-problem")
    title: str = "Logic grid"
    play = Play(("false", "true"), clue_text=True)

    def __init__(self) -> None:
        self.formats: Mapping[str, Format] = {
            "text": Format("text", "the logic-grid language: categories, clues, raw ASP",
                           language.read, language.write, language.detect,
                           (".logic", ".lgp")),
            "zebralogic": Format("zebralogic", "ZebraLogic grid-mode English (AllenAI benchmark)",
                                 *lazy_format(f"{__name__}.zebralogic", "zebralogic"),
                                 (".txt",),
                                 carries_solution=False),
        }

    def encodings(self, options: SolveOptions,
                  instance: object = None) -> tuple[Traversable, ...]:
        return (lp_file(__name__, "encoding.lp"),)

    def answer_signatures(self, options: SolveOptions) -> tuple[tuple[str, int], ...]:
        return (("assign", 3),)

    def constants(self, instance: LogicGridInstance) -> tuple[tuple[str, str], ...]:
        return ()

    def to_facts(self, instance: LogicGridInstance) -> list[clingo.Symbol]:
        facts = [_F("key", [term(instance.categories[0].name)])]
        for c in instance.categories:
            C = term(c.name)
            facts.append(_F("category", [C]))
            facts += [_F("value", [C, term(v)]) for v in c.values]
            if c.has_order:
                facts += [_F("position", [C, term(v), _N(p)])
                          for v, p in c.positions().items()]
        for k, clue in enumerate(instance.clues, 1):
            facts.append(_F("clue", [_N(k), _N(clue.number)]))
            facts += _clue_facts(k, clue)
        return facts

    def user_asp(self, instance: LogicGridInstance) -> str:
        if not instance.raw_asp.strip():
            return ""
        # blank lines in front, so that clingo's line numbers are the file's; the raw ASP's
        # own predicates renamed (u_NAME), so that they never meet the predicates of the
        # explainer's programs (doubt/0, paired/4, ...): the raw ASP means in every program
        # what it means to the solver (issue 33)
        from aspuzzle.formats.asp_text import rename_own_atoms

        keep = _encoding_predicates() | {f.name for f in self.to_facts(instance)}
        return rename_own_atoms("\n" * max(0, instance.raw_asp_line - 1) + instance.raw_asp,
                                keep)

    def from_model(self, instance: LogicGridInstance,
                   symbols: Sequence[clingo.Symbol]) -> LogicGridSolution:
        cats = {term(c.name): c for c in instance.categories}
        values = {(c.name, term(v)): v for c in instance.categories for v in c.values}
        key = instance.categories[0]
        got: dict[tuple[Value, str], Value] = {}
        for s in symbols:
            if s.name != "assign" or len(s.arguments) != 3:
                continue
            e, c, v = s.arguments
            cat = cats.get(c)
            if cat is None or (key.name, e) not in values or (cat.name, v) not in values:
                continue
            got[(values[(key.name, e)], cat.name)] = values[(cat.name, v)]
        return LogicGridSolution(tuple(
            tuple((c.name, got[(e, c.name)]) for c in instance.categories
                  if (e, c.name) in got)
            for e in key.values))

    def validate(self, instance: LogicGridInstance) -> None:
        validate(instance)

    def verify(self, instance: LogicGridInstance, solution: LogicGridSolution) -> list[str]:
        return verify(instance, solution)

    def render(self, instance: LogicGridInstance, solution: LogicGridSolution | None, *,
               ascii: bool = False) -> str:
        if solution is None:
            return _render_puzzle(instance)
        head = [c.name for c in instance.categories]
        rows = [[str(v) for _, v in g] for g in solution.groups]
        if ascii:
            widths = [max(len(x) for x in col) for col in zip(head, *rows, strict=False)]
            lines = ["  ".join(x.ljust(w) for x, w in zip(r, widths, strict=False)).rstrip()
                     for r in [head, ["-" * w for w in widths], *rows]]
            return "\n".join(lines)
        return box_table(head, rows)

    def solution_to_json(self, solution: LogicGridSolution) -> JSON:
        return {"groups": solution.as_dicts()}

    def solution_from_json(self, instance: LogicGridInstance, data: JSON) -> LogicGridSolution:
        groups = data.get("groups") if isinstance(data, dict) else None
        if not isinstance(groups, list):
            raise InputError("not a logic-grid solution: expected {\"groups\": [...]}")
        out = []
        for i, g in enumerate(groups, 1):
            if not isinstance(g, dict) or set(g) != {c.name for c in instance.categories}:
                raise InputError(f"group {i} must name every category once: "
                                 + ", ".join(c.name for c in instance.categories))
            row = []
            for c in instance.categories:
                v = g[c.name]
                if isinstance(v, bool) or v not in c.values:
                    raise InputError(f"group {i}: {v!r} is not a value of '{c.name}'")
                row.append((c.name, v))
            out.append(tuple(row))
        return LogicGridSolution(tuple(out))

    def clues(self, instance: LogicGridInstance) -> Any:
        from aspuzzle.puzzles.logicgrid import clues

        return clues.clues(instance)

    def repairs(self, instance: LogicGridInstance, solution: LogicGridSolution) -> list[Any]:
        from aspuzzle.puzzles.logicgrid import clues

        return list(clues.repairs(instance, solution))

    def clue_readings(self, instance: LogicGridInstance) -> list[dict[str, Any]]:
        """Each clue as written and as read, in the clue language (``aspuzzle read``): one
        record per clue number, ``{"clue": N, "text": ..., "reading": [...]}``."""
        w = language._Writer(instance)
        out: list[dict[str, Any]] = []
        for clue in instance.clues:
            if not out or out[-1]["clue"] != clue.number:
                out.append({"clue": clue.number, "text": "", "reading": []})
            text = " ".join(clue.text.split())
            if text and text not in out[-1]["text"]:
                out[-1]["text"] = "; ".join(filter(None, (out[-1]["text"], text)))
            out[-1]["reading"].append(w.clue(clue))
        return out

    def reasoning(self) -> Reasoning:
        """ZebraTutor's steps and one rule per kind of clue
        (:mod:`aspuzzle.puzzles.logicgrid.reasoning`)."""
        from aspuzzle.puzzles.logicgrid import reasoning

        kit: Reasoning = reasoning.reasoning()
        return kit



    def write_board(self, instance: Any, board: Any, to: str | None = None) -> str:
        """A player's board (the puzzle with its marks)."""
        from aspuzzle.puzzles.logicgrid.reasoning import write_board

        return write_board(instance, board)

    def draw_svg(self, instance: Any, solution: Any, board: Any, opts: Any) -> str:
        """The SVG picture (:func:`aspuzzle.render.render_svg` calls this)."""
        from aspuzzle.puzzles.logicgrid.draw import draw_logicgrid

        return draw_logicgrid(instance, solution, board, opts)
    def differences(self, instance: LogicGridInstance, a: LogicGridSolution,
                    b: LogicGridSolution) -> str:
        diffs = []
        for ga, gb in zip(a.groups, b.groups, strict=False):
            da, db = dict(ga), dict(gb)
            key = instance.categories[0].name
            cells = [f"{c.name} {da.get(c.name)} / {db.get(c.name)}"
                     for c in instance.categories if da.get(c.name) != db.get(c.name)]
            if cells:
                diffs.append(f"{key} {da.get(key)}: " + ", ".join(cells))
        return "; ".join(diffs) if diffs else "the same groups"


def box_table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A table with rounded corners, the same characters as rich's ``Table`` with
    ``box.ROUNDED`` (a test compares the two). Drawn here because importing rich's table and
    console takes ~30 ms, a third of a small ``aspuzzle solve``; rich still measures how many
    columns a text other than printable ASCII takes on a terminal (wide characters take two;
    printable ASCII takes one a character, and importing ``rich.cells`` for it cost 2.5 ms)."""
    cell_len: Callable[[str], int] = len
    if not all(x.isascii() and x.isprintable() for x in (*head, *(x for r in rows for x in r))):
        from rich.cells import cell_len as rich_len

        cell_len = rich_len

    widths = [max(map(cell_len, col)) for col in zip(head, *rows, strict=True)]

    def rule(left: str, cross: str, right: str) -> str:
        return left + cross.join("─" * (w + 2) for w in widths) + right

    def row(cells: Sequence[str]) -> str:
        return "│" + "│".join(f" {x}{' ' * (w - cell_len(x))} "
                              for x, w in zip(cells, widths, strict=True)) + "│"

    return "\n".join([rule("╭", "┬", "╮"), row(head), rule("├", "┼", "┤"), *map(row, rows),
                      rule("╰", "┴", "╯")])


def _render_puzzle(inst: LogicGridInstance) -> str:
    lines = [inst.title] if inst.title else []
    width = max(len(c.name) for c in inst.categories) + 1
    for c in inst.categories:
        sep = " < " if c.ordered and not c.numeric else ", "
        lines.append(f"{(c.name + ':').ljust(width)} {sep.join(map(str, c.values))}")
    if inst.clues:
        lines.append("Clues:")
        w = language._Writer(inst)
        by_number: dict[int, list[Clue]] = {}
        for clue in inst.clues:
            by_number.setdefault(clue.number, []).append(clue)
        nw = len(str(max(by_number)))
        for n, clues in by_number.items():
            texts = list(dict.fromkeys(k.text or w.clue(k) for k in clues))
            lines.append(f"{str(n).rjust(nw)}. " + "; ".join(texts))
    if inst.raw_asp.strip():
        k = len(inst.raw_asp.strip().splitlines())
        lines.append(f"Raw ASP: {k} line{'s' if k != 1 else ''} (see the puzzle file)")
    return "\n".join(lines)


PUZZLE = LogicGridPuzzle()


@functools.cache
def _encoding_predicates() -> frozenset[str]:
    """The predicates of the game's encoding: raw ASP may read and define them (assign/3,
    holder/3, value/2, ...), as the solver reads them."""
    from aspuzzle.formats.asp_text import predicate_names

    return predicate_names(lp_file(__name__, "encoding.lp").read_text(encoding="utf-8"))
