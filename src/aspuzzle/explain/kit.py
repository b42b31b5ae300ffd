"""The step engine's reasoner for every kit type (:mod:`aspuzzle.kit`), driven by its spec.

A kit type's board keys are its playable cells, the values its marks; the rule programs see
the marks as the kit's ``mark(R, C, M)`` externals (``kit/lp/marks.lp``) and report, besides
``sets/4`` and ``contradiction/2``, the cells a rule instance used (``uses/3``) and, for a
case rule with a program, the choices of a split (``choose/4``: K of these cells take the
answer mark). A case rule without a program splits one unknown cell into each of its marks.
The words of a step are the rule file's ``says`` template (:mod:`aspuzzle.kit.rulefile`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any

import clingo

from aspuzzle.explain.asp import AspReasoner, Hit
from aspuzzle.explain.loop import Case, Evaluation
from aspuzzle.explain.rules import RuleInfo
from aspuzzle.explain.steps import Board, Kind, Step, Use, cells_text
from aspuzzle.kit.model import Cell, GridInstance, GridSolution, playable
from aspuzzle.kit.rulefile import fill
from aspuzzle.puzzles.base import lp_file

if TYPE_CHECKING:
    from aspuzzle.kit.puzzle import GridPuzzle

__all__ = ["KitReasoner"]

MARKS = lp_file("aspuzzle.kit.lp", "marks.lp")
KIT_SHOW = lp_file("aspuzzle.kit.lp", "show.lp")
MAX_CASES = 60
"""Cell splits offered on a board, most promising first."""
MAX_BRANCHES = 6
"""A choice split (``choose/4``) with more ways than this is not offered."""

_F, _N = clingo.Function, clingo.Number


def _cell(sym: clingo.Symbol) -> Cell:
    a = sym.arguments
    return a[0].number, a[1].number


def _text(sym: clingo.Symbol) -> str:
    return str(sym).strip('"')


def has_program(rule: RuleInfo) -> bool:
    """Does the rule's file hold rules (beyond its header and comments)?"""
    f = lp_file(rule.package, f"{rule.id}.lp")
    return any(s and not s.startswith("%") for s in (ln.strip() for ln in
                                                      f.read_text().splitlines()))


class KitReasoner(AspReasoner):
    """The named rules of one kit type on the boards of one puzzle."""

    lazy_game = True
    rules_args = ("--heuristic=None",)

    def __init__(self, puzzle: GridPuzzle, inst: GridInstance,
                 rules: Sequence[RuleInfo] | None = None) -> None:
        spec = puzzle.spec
        self.puzzle = puzzle
        self.spec = spec
        self.type = spec.name
        self.catalogue = puzzle.reasoning().catalogue
        self.board_lp = lp_file(f"{spec.package}.rules", "board.lp")
        self.nouns = {m.value: m.noun for m in spec.marks}  # type: ignore[misc]
        self._cells = playable(spec, inst)
        self._values = tuple(m.value for m in spec.marks)
        self._answer = spec.answer_mark.value
        self._other = spec.other_mark.value
        super().__init__(inst, rules)
        files, facts, consts = self._rule_args
        case_files = tuple(lp_file(r.package, f"{r.id}.lp") for r in self.rules
                           if r.kind is Kind.CASE and has_program(r))
        self._splits = [r for r in self.rules if r.kind is Kind.CASE and not has_program(r)]
        self._rule_args = ((*files, KIT_SHOW, MARKS, *case_files), facts, consts)
        self._uses: dict[tuple[str, clingo.Symbol], list[Cell]] = {}
        self._choices: list[tuple[str, clingo.Symbol, int, list[Cell]]] = []
        self._seen: Board | None = None

    # --- what the kit says of the board ---------------------------------------------------------

    def rule_facts(self) -> Sequence[clingo.Symbol]:
        cells = [_F("playable", [_N(r), _N(c)]) for r, c in self._cells]
        return [*cells, *(_F("mark_value", [_F(v)]) for v in self._values)]

    def keys(self) -> Sequence[Cell]:
        return self._cells

    def values(self, key: Any) -> Sequence[str]:
        return self._values

    def external(self, key: Any, value: str) -> clingo.Symbol:
        return _F("mark", [_N(key[0]), _N(key[1]), _F(value)])

    def literal(self, key: Any, value: str) -> tuple[clingo.Symbol, bool]:
        return _F(self.spec.answer, [_N(key[0]), _N(key[1])]), value == self._answer

    def key_of(self, term: clingo.Symbol) -> Cell:
        return _cell(term)

    def solution_board(self, solution: GridSolution) -> Board:
        return Board({cell: self._answer if cell in solution.marked else self._other
                      for cell in self._cells})

    # --- evaluating -----------------------------------------------------------------------------

    def hits(self, board: Board) -> list[Hit]:
        self._rules.assign_externals(self._changed_externals(board))
        model = self._rules.first_model()
        self.evaluations += 1
        if model is None:
            raise RuntimeError(f"the {self.type} rule programs have no answer set")
        found: dict[tuple[str, clingo.Symbol], Hit] = {}
        uses: dict[tuple[str, clingo.Symbol], list[Cell]] = {}
        choices: dict[tuple[str, clingo.Symbol], tuple[int, list[Cell]]] = {}
        for sym in model:
            args = sym.arguments
            rid, where = args[0].name, args[1]
            if sym.name == "uses":
                uses.setdefault((rid, where), []).append(_cell(args[2]))
                continue
            if sym.name == "choose":
                cells = choices.setdefault((rid, where), (args[2].number, []))[1]
                cells.append(_cell(args[3]))
                continue
            hit = found.get((rid, where))
            if hit is None:
                hit = found[(rid, where)] = Hit(self._info[rid], where)
            if sym.name == "sets":
                hit.sets.append((_cell(args[2]), args[3].name))
        self._uses = uses
        self._choices = [(rid, where, k, sorted(cells))
                         for (rid, where), (k, cells) in choices.items()]
        self._seen = board
        hits = sorted(found.values(), key=lambda h: (self._order[h.rule.id], h.where))
        for h in hits:
            h.sets.sort()
        return hits

    def cases(self, ev: Evaluation) -> Sequence[Case]:
        board = ev.board
        if self._seen is not board:
            self.hits(board)
        out: list[Case] = []
        info = self._info
        for rid, where, k, cells in self._choices:
            free = [c for c in cells if c not in board.cells]
            if not 0 < k < len(free) or _ways(len(free), k) > MAX_BRANCHES:
                continue
            rule = info[rid]
            branches: list[tuple[str, tuple[tuple[Any, str], ...], tuple[Any, ...]]] = []
            for chosen in combinations(free, k):
                sets = tuple(sorted((c, self._answer if c in chosen else self._other)
                                    for c in free))
                label = self.words(tuple((c, self._answer) for c in chosen), ())
                branches.append((label, sets, ()))
            values = self._values_of(where, free)
            values["count"] = str(k)
            out.append(Case(rule.name, rule.id, rule.sheet, fill(rule.says, values),
                            (Use("cells", tuple(free)),), tuple(branches)))
        for rule in self._splits:
            for cell in self._ranked(board)[:MAX_CASES]:
                split = tuple((self.words(((cell, v),), ()), ((cell, v),), ())
                              for v in self._values)
                out.append(Case(rule.name, rule.id, rule.sheet,
                                fill(rule.says, self._values_of(_F("cell", [_N(cell[0]),
                                                                          _N(cell[1])]), [])),
                                (Use("cell", (cell,)),), split))
        return out

    def _ranked(self, board: Board) -> list[Cell]:
        """Unknown cells, those with most known or fixed neighbours first."""
        inst: GridInstance = self.inst
        keys = set(self._cells)
        scored = []
        for cell in self._cells:
            if cell in board.cells:
                continue
            r, c = cell
            near = sum(1 for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                       if inst.inside(n) and (n not in keys or n in board.cells))
            scored.append((-near, cell))
        scored.sort()
        return [cell for _, cell in scored]

    # --- words ----------------------------------------------------------------------------------

    def _values_of(self, where: clingo.Symbol, cells: Sequence[Cell]) -> dict[str, str]:
        args = where.arguments
        values = {str(i): _text(a) for i, a in enumerate(args, 1)}
        nums = [a.number for a in args if a.type is clingo.SymbolType.Number]
        if len(nums) >= 2:
            values["at"] = f"({nums[0]},{nums[1]})"
        if len(nums) >= 4:
            values["at2"] = f"({nums[2]},{nums[3]})"
        values["cells"] = cells_text(cells)
        values["count"] = str(len(cells))
        return values

    def describe(self, board: Board, hit: Hit) -> Step:
        rule = hit.rule
        sets = tuple(hit.sets)
        cells = [c for c, _ in sets]
        values = self._values_of(hit.where, cells)
        used = self._uses.get((rule.id, hit.where), [])
        values["uses"] = cells_text(used)
        values["sets"] = self.words(sets, ())
        where_cells = _where_cells(hit.where)
        uses = [Use("cell", tuple(where_cells))] if where_cells else []
        if used:
            uses.append(Use("cells", tuple(used)))
        if cells:
            uses.append(Use("cells", tuple(cells)))
        text = fill(rule.says, values) if rule.says else rule.summary
        return Step(rule.name, rule.kind, sets, (), tuple(uses), text, rule_id=rule.id,
                    sheet=rule.sheet)


def _where_cells(where: clingo.Symbol) -> list[Cell]:
    nums = [a.number for a in where.arguments if a.type is clingo.SymbolType.Number]
    if where.name == "number":
        nums = nums[:2]
    return [(nums[i], nums[i + 1]) for i in range(0, len(nums) - 1, 2)]


def _ways(n: int, k: int) -> int:
    from math import comb

    return comb(n, k)
