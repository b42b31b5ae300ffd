"""The step engine's reasoner for every kit type (:mod:`aspuzzle.kit`), driven by its spec.

A kit type's board keys are its playable cells, the values its marks; the rule programs see
the marks as the kit's ``mark(R, C, M)`` externals (``kit/lp/marks.lp``) and report, besides
``sets/4`` and ``contradiction/2``, the cells a rule instance used (``uses/3``) and, for a
case rule with a program, the choices of a split (``choose/4``: K of these cells take the
answer mark). A case rule without a program splits one unknown cell into each of its marks.
The words of a step are the rule file's ``says`` template (:mod:`aspuzzle.kit.rulefile`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any

import clingo

from aspuzzle.engine import Grounded, Program
from aspuzzle.explain.asp import AspReasoner, Hit
from aspuzzle.explain.loop import Case, Evaluation, LimitedProbes, Probe
from aspuzzle.explain.rules import RuleInfo
from aspuzzle.explain.steps import Board, Kind, Link, Step, Use, cells_text
from aspuzzle.kit.model import Cell, GridInstance, GridSolution, playable
from aspuzzle.kit.rulefile import fill, late
from aspuzzle.puzzles.base import lp_file

if TYPE_CHECKING:
    from aspuzzle.kit.puzzle import GridPuzzle

__all__ = ["KitReasoner"]

MARKS = lp_file("aspuzzle.kit.lp", "marks.lp")
DIGITS = lp_file("aspuzzle.kit.lp", "digits.lp")
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


class KitReasoner(LimitedProbes, AspReasoner):
    """The named rules of one kit type on the boards of one puzzle."""

    lazy_game = True
    rules_args = ("--heuristic=None",)
    marks_lp = MARKS

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
        self._setup(inst)
        super().__init__(inst, rules)
        files, facts, consts = self._rule_args
        case_files = tuple(lp_file(r.package, f"{r.id}.lp") for r in self.rules
                           if r.kind is Kind.CASE and has_program(r))
        self._splits = [r for r in self.rules if r.kind is Kind.CASE and not has_program(r)]
        # two stages: the late rules' program is solved only on boards where the others find
        # nothing (rulefile.late)
        late_ids = late(f"{spec.package}.rules", spec.rules)
        later = {lp_file(r.package, f"{r.id}.lp") for r in self.rules if r.id in late_ids}
        base = (files[0], files[1], KIT_SHOW, self.marks_lp)
        self._rule_args = ((*base, *(f for f in files[2:] if f not in later), *case_files),
                           facts, consts)
        self._late_args = (*base, *sorted(later, key=str)) if later else None
        self._late_program: Grounded | None = None
        self._late_state: tuple[bool, dict[Any, str]] = (True, {})
        self._uses: dict[tuple[str, clingo.Symbol], list[Cell]] = {}
        self._choices: list[tuple[str, clingo.Symbol, int, list[Cell]]] = []
        self._seen: Board | None = None
        self._kit_parsed: dict[clingo.Symbol, tuple[str, tuple[str, clingo.Symbol], Any, Any]] = {}
        self._probed: tuple[Board | None, dict[Any, Probe | tuple[int, Board]]] = (None, {})

    def _setup(self, inst: GridInstance) -> None:
        """The keys' values and the answer mark (a digit type's differ)."""
        spec = self.spec
        self._values = tuple(m.value for m in spec.marks)
        self._answer = spec.answer_mark.value
        self._other = spec.other_mark.value

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

    def _late_model(self, board: Board) -> list[clingo.Symbol]:
        """The late stage's atoms on the board (its program grounded when first asked)."""
        if self._late_program is None:
            assert self._late_args is not None
            _, facts, consts = self._rule_args
            self._late_program = Grounded(Program(self._late_args, self._facts + facts, (),
                                                  constants=consts),
                                          extra_args=self.rules_args)
        first, last = self._late_state
        changes: list[tuple[clingo.Symbol, bool]] = []
        for key in self._keys:
            v = board.cells.get(key)
            if first or last.get(key) != v:
                changes += [(atom, v == value) for value, atom in self._externals[key]]
        self._late_state = (False, dict(board.cells))
        self._late_program.assign_externals(changes)
        model = self._late_program.first_model()
        self.evaluations += 1
        if model is None:
            raise RuntimeError(f"the {self.type} late rule programs have no answer set")
        return list(model)

    def hits(self, board: Board, *, every: bool = False) -> list[Hit]:
        """The rule instances on the board; the late stage's too when ``every`` or when the
        others set nothing new and nothing fires."""
        self._rules.assign_externals(self._changed_externals(board))
        model = self._rules.first_model()
        self.evaluations += 1
        if model is None:
            raise RuntimeError(f"the {self.type} rule programs have no answer set")
        found: dict[tuple[str, clingo.Symbol], Hit] = {}
        uses: dict[tuple[str, clingo.Symbol], list[Cell]] = {}
        choices: dict[tuple[str, clingo.Symbol], tuple[int, list[Cell]]] = {}
        info = self._info

        def take(atoms: Iterable[clingo.Symbol]) -> None:
            for kind, key, a, b in map(self._kit_parse, atoms):
                if kind == "uses":
                    uses.setdefault(key, []).append(a)
                    continue
                if kind == "choose":
                    choices.setdefault(key, (b, []))[1].append(a)
                    continue
                hit = found.get(key)
                if hit is None:
                    hit = found[key] = Hit(info[key[0]], key[1])
                if kind == "sets":
                    hit.sets.append((a, b))

        take(model)
        if self._late_args is not None and (every or not any(
                h.rule.kind is Kind.CONTRADICTION or board.new_in(h.sets, ())[0]
                for h in found.values())):
            take(self._late_model(board))
        self._uses = {key: sorted(set(cells)) for key, cells in uses.items()}
        # in the catalogue's order, then by place: the order of a model's atoms is clingo's
        # and may differ between processes, and the first of equal cases is the one explained
        self._choices = sorted(((rid, where, k, sorted(cells))
                                for (rid, where), (k, cells) in choices.items()),
                               key=lambda ch: (self._order[ch[0]], ch[1]))
        self._seen = board
        hits = sorted(found.values(), key=lambda h: (self._order[h.rule.id], h.where))
        for h in hits:
            h.sets.sort()
        return hits

    def _kit_parse(self, sym: clingo.Symbol) -> tuple[str, tuple[str, clingo.Symbol], Any, Any]:
        """A shown atom as (its name, (rule id, where), the cell or key, the value or count),
        read once per atom (a search evaluates thousands of boards, the most of whose atoms
        it has met before)."""
        got = self._kit_parsed.get(sym)
        if got is None:
            args = sym.arguments
            key = (args[0].name, args[1])
            if sym.name == "uses":
                got = ("uses", key, _cell(args[2]), None)
            elif sym.name == "choose":
                got = ("choose", key, self.key_of(args[3]), args[2].number)
            elif sym.name == "sets":
                got = ("sets", key, self.key_of(args[2]), args[3].name)
            else:
                got = (sym.name, key, None, None)
            self._kit_parsed[sym] = got
        return got

    def applications(self, board: Board, rule_id: str) -> list[Step]:
        """Every instance of a direct or contradiction rule on the board (late ones too)."""
        return [self.describe(board, h) for h in self.hits(board, every=True)
                if h.rule.id == rule_id]

    # --- probes for the case-split search -----------------------------------------------------

    min_probe_rounds = 1
    """Every probe takes a round at least (they count from one): the case-split search stops at
    a case that costs no more than that allows (``loop._search``)."""
    probe_in_order = False
    """Does a probe take one direct step a round, the first, as a run does (else every step of
    a round at once)? All at once, two steps may each be sound alone and clash together (two
    digits for one cell): sound with every rule of a type, whose contradictions also catch
    what either leaves behind, but a subset of the rules may lack those (a LEGUP Sudoku proof:
    No Cell for Number), and a case the probe finds dead then survives its run
    (:func:`aspuzzle.kit.legup_proof.proof_with` explains again with this on)."""

    def _probe(self, board: Board, sets: Any, links: tuple[Link, ...], limit: int
               ) -> Probe | None:
        """:meth:`AspReasoner.probe` for :class:`LimitedProbes` (every direct step of a round
        at once, until nothing changes, a contradiction fires or two rules disagree on a
        key), or None if it takes
        more than ``limit`` rounds. The probes from the board last probed from are kept by
        their assumptions, one stopped short as the rounds it went and the board it reached
        (the search asks for the same case again with a larger limit, and a cell's case is
        asked again as a case of its digit's places)."""
        limit = min(limit, self.max_probe_rounds)
        if limit < 1:
            return None
        if self._probed[0] is not board:
            self._probed = (board, {})
        memo = self._probed[1]
        got = memo.get((sets, links))
        if isinstance(got, Probe):
            return got if got.rounds <= limit else None
        done, b = got if got is not None else (0, board.with_(sets, links))
        if done >= limit:
            return None
        for rounds in range(done + 1, limit + 1):
            direct, contradictions = self._split(b)  # what the steps set; no words needed
            if contradictions:
                p = memo[(sets, links)] = Probe(True, b, rounds)
                return p
            new: dict[Any, str] = {}
            for hit in direct[:1] if self.probe_in_order else direct:
                for key, value in hit.sets:
                    if new.setdefault(key, value) != value:
                        p = memo[(sets, links)] = Probe(True, b, rounds)
                        return p
            if not new:
                p = memo[(sets, links)] = Probe(False, b, rounds)
                return p
            b = b.with_(new.items())
        if limit == self.max_probe_rounds:
            p = memo[(sets, links)] = Probe(False, b, limit)
            return p
        memo[(sets, links)] = (limit, b)
        return None

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
                split = self._split_cell(board, cell)
                if len(split) < 2:
                    continue
                out.append(Case(rule.name, rule.id, rule.sheet,
                                fill(rule.says, self._values_of(_F("cell", [_N(cell[0]),
                                                                          _N(cell[1])]), [])),
                                (Use("cell", (cell,)),), split))
        return out

    def _split_cell(self, board: Board, cell: Cell) -> tuple[tuple[str, Any, tuple[()]], ...]:
        """The branches of a split of an unknown cell: one per mark."""
        return tuple((self.words(((cell, v),), ()), ((cell, v),), ()) for v in self._values)

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
        cells = sorted({(k[0], k[1]) for k, _ in sets})
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
    if where.name == "outside":  # a clue outside the grid (Skyscrapers): no cell
        return []
    nums = [a.number for a in where.arguments if a.type is clingo.SymbolType.Number]
    if where.name == "number":
        nums = nums[:2]
    return [(nums[i], nums[i + 1]) for i in range(0, len(nums) - 1, 2)]


def _ways(n: int, k: int) -> int:
    from math import comb

    return comb(n, k)


YES, NO = "yes", "no"


def _c(cell: Cell) -> str:
    return f"({cell[0]},{cell[1]})"


class DigitReasoner(KitReasoner):
    """A digit type's reasoner (:attr:`GridSpec.digits`): the keys are ``(r, c, d)``, ``yes``
    when the digit is in the cell and ``no`` when it is struck out; the rule programs see them
    as ``cand(R, C, D, V)`` externals (``kit/lp/digits.lp``) and name them ``cand(R, C, D)``."""

    marks_lp = DIGITS

    def _setup(self, inst: GridInstance) -> None:
        self.n = inst.width
        self._values = (YES, NO)
        self._answer, self._other = YES, NO
        self._open: list[Cell] = self._cells
        self._keys_made: list[Any] = [(r, c, d) for r, c in self._open
                                      for d in range(1, self.n + 1)]
        self._peers = _peers(inst)

    def keys(self) -> Sequence[Any]:
        return self._keys_made

    def rule_facts(self) -> Sequence[clingo.Symbol]:
        cells = [_F("playable", [_N(r), _N(c)]) for r, c in self._open]
        return [*cells, *(_F("digit", [_N(d)]) for d in range(1, self.n + 1))]

    def external(self, key: Any, value: str) -> clingo.Symbol:
        r, c, d = key
        return _F("cand", [_N(r), _N(c), _N(d), _F(value)])

    def literal(self, key: Any, value: str) -> tuple[clingo.Symbol, bool]:
        r, c, d = key
        return _F(self.spec.answer, [_N(r), _N(c), _N(d)]), value == YES

    def key_of(self, term: clingo.Symbol) -> Any:
        r, c, d = (a.number for a in term.arguments)
        return r, c, d

    def solution_board(self, solution: GridSolution) -> Board:
        w = self.inst.width
        return Board({(r, c, d): YES if solution.digit((r, c), w) == d else NO
                      for r, c, d in self._keys_made})

    def complete(self, board: Board) -> bool:
        filled = {(r, c) for (r, c, _), v in board.cells.items() if v == YES}
        return len(filled) == len(self._open)

    def _placed(self, board: Board) -> dict[Cell, int]:
        placed = {cell: n for cell, (_, n) in self.inst.positions() if n is not None}
        placed.update({(r, c): d for (r, c, d), v in board.cells.items() if v == YES})
        return placed

    def _candidates(self, board: Board, cell: Cell, placed: dict[Cell, int]) -> list[int]:
        if cell in placed:
            return []
        taken = {placed[p] for p in self._peers[cell] if p in placed}
        r, c = cell
        return [d for d in range(1, self.n + 1)
                if d not in taken and board.cells.get((r, c, d)) != NO]

    def _ranked(self, board: Board) -> list[Any]:
        placed = self._placed(board)
        scored = sorted((len(self._candidates(board, cell, placed)), cell) for cell in self._open
                        if cell not in placed)
        return [cell for _, cell in scored]

    def _split_cell(self, board: Board, cell: Cell) -> tuple[tuple[str, Any, tuple[()]], ...]:
        r, c = cell
        return tuple((f"{_c(cell)} is {d}", (((r, c, d), YES),), ())
                     for d in self._candidates(board, cell, self._placed(board)))

    # --- words ----------------------------------------------------------------------------------

    def words(self, sets: Any, links: Any = ()) -> str:
        return digit_words(sets)

    def mistake(self, sets: Any, links: Any = ()) -> str:
        return digit_mistake(sets)

    def encode(self, sets: Any, links: Any = ()) -> list[dict[str, Any]]:
        return digit_json(sets)


# --- a digit step in words and JSON (any type whose keys are (r, c, d), yes or no) -----------

def or_list(ds: Iterable[int], word: str = "or") -> str:
    """"1", "1 or 2", "1, 2 or 3" (sorted; ``word`` may be "and")."""
    items = [str(d) for d in sorted(ds)]
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} {items[-1]}"


def digit_words(sets: Any, peers: Callable[[Cell, Cell], bool] | None = None) -> str:
    """"(2,3) is 4 and (1,1) (1,2) cannot be 2". ``peers``: which cells a placed digit is
    struck out of in the same step without saying so (Futoshiki: its row and column)."""
    yes = {(r, c): d for (r, c, d), v in sets if v == YES}
    nots: dict[Cell, list[int]] = {}
    for (r, c, d), v in sets:
        if v != NO or (r, c) in yes:
            continue
        if peers is not None and any(d == e and peers((r, c), cell)
                                     for cell, e in yes.items()):
            continue
        nots.setdefault((r, c), []).append(d)
    parts = [f"{_c(cell)} is {d}" for cell, d in sorted(yes.items())]
    groups: dict[tuple[int, ...], list[Cell]] = {}
    for cell, struck in sorted(nots.items()):
        groups.setdefault(tuple(sorted(struck)), []).append(cell)
    for digits, cells in sorted(groups.items(), key=lambda g: g[1][0]):
        parts.append(f"{cells_text(cells)} cannot be {or_list(digits)}")
    if not parts:
        return "nothing new"
    return ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1]


def digit_mistake(sets: Any) -> str:
    """A wrong digit key in words: "(2,3) cannot be 4", "4 cannot be struck out of (2,3)"."""
    ((r, c, d), v), = sets
    if v == YES:
        return f"{_c((r, c))} cannot be {d}"
    return f"{d} cannot be struck out of {_c((r, c))}"


def digit_json(sets: Any) -> list[dict[str, Any]]:
    """``{"cell": [r, c], "value": d}`` for a digit placed, ``{"cell": [r, c], "not":
    [d, ...]}`` for digits struck out."""
    yes: dict[Cell, int] = {}
    nots: dict[Cell, list[int]] = {}
    for (r, c, d), v in sets:
        if v == YES:
            yes[(r, c)] = d
        else:
            nots.setdefault((r, c), []).append(d)
    return [{"cell": list(cell), "value": yes[cell]} if cell in yes else
            {"cell": list(cell), "not": sorted(nots[cell])}
            for cell in sorted(set(yes) | set(nots))]


def _peers(inst: GridInstance) -> dict[Cell, list[Cell]]:
    """The cells that share a row, a column or a region with each cell."""
    cells = [cell for cell, _ in inst.positions()]
    out: dict[Cell, list[Cell]] = {}
    for a in cells:
        out[a] = [b for b in cells if b != a and (b[0] == a[0] or b[1] == a[1] or (
            inst.regions and inst.region(a) == inst.region(b)))]
    return out
