"""Futoshiki reasoning: the deductions of Tatham's ``unequal`` solver (and the Sudoku-style
subsets human solvers use) as named rules, for explanations, hints and checks.

The rules are ASP programs (``rules/*.lp``, see :mod:`aspuzzle.puzzles.futoshiki.rules`) solved
in stages by the shared :class:`~aspuzzle.explain.staged.StagedReasoner`: the rules but the
pairs, the pairs (:data:`~aspuzzle.puzzles.futoshiki.rules.LATER`), and the rules over sets and
chains (:data:`~aspuzzle.puzzles.futoshiki.rules.STRONG`, computed by their Python
transcription), the last two solved (as the kit's late stages) only where the other rules set
nothing new, the pairs first: an explanation takes the first new step. The board's keys are
``(row, column, digit)`` of the cells without a given digit, each ``"yes"`` (the cell holds the
digit) or ``"no"`` (the digit is struck out of the cell's pencil marks). In the rule programs a
key's value is the external ``yes(R, C, D)`` or ``no(R, C, D)``; in the game's encoding it is
the answer atom ``cell_has_number(R, C, D)``, true or false.

A digit placed by a rule also strikes out what writing it rules out (the cell's other
candidates, the digit in the cell's row and column), in the same step, as Tatham's solver
does; a given digit or a digit the player wrote rules them out without a key being set.

When no direct rule applies, the engine splits cases: the candidates of a cell (Cell
Candidates) or the places of a digit in a line (Digit Places).

A player's board is the text format of the puzzle with the player's digits written in and
optional pencil marks: ``[134]`` is an empty cell whose candidates are 1, 3 and 4 (see
``docs/reasoning-futoshiki.md``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import clingo

from aspuzzle.errors import InputError, Location
from aspuzzle.explain.asp import SHOW, Hit
from aspuzzle.explain.kit import digit_json, digit_mistake, digit_words, or_list
from aspuzzle.explain.loop import Case, Evaluation, LimitedProbes, Probe
from aspuzzle.explain.rules import RuleInfo, rule_files
from aspuzzle.explain.staged import Stage, StagedReasoner, Terms, file_text
from aspuzzle.explain.steps import JSON, Board, Kind, Link, Step, Use, cells_text
from aspuzzle.puzzles.base import Reasoning
from aspuzzle.puzzles.futoshiki import PUZZLE
from aspuzzle.puzzles.futoshiki.model import Cell, FutoshikiInstance, FutoshikiSolution
from aspuzzle.puzzles.futoshiki.rules import BOARD, CATALOGUE, LATER, REPROOF, STRONG
from aspuzzle.puzzles.futoshiki.rules.fast import CONTRADICTIONS as FAST_CONTRADICTIONS
from aspuzzle.puzzles.futoshiki.rules.fast import DIRECT as FAST_DIRECT
from aspuzzle.puzzles.futoshiki.rules.fast import FastRules, State
from aspuzzle.puzzles.futoshiki.rules.strong import chain_walk, strong_hits

__all__ = ["FutoshikiReasoner", "parse_set", "read_board", "read_marks", "reasoning",
           "write_marks"]

_F, _N = clingo.Function, clingo.Number
YES, NO = "yes", "no"
Key = tuple[int, int, int]
"""(row, column, digit)"""
Sets = tuple[tuple[Key, str], ...]
_FIXED = "fixed(R, C, D, V) :- (R, C, D, V) = @fixed().\n"
"""A baked program's keys (see board.lp)."""

MAX_CASE_BRANCHES = 4
"""Case splits are offered on cells with at most this many candidates and on digits with at
most this many places in a line: more branches make long explanations of little use."""


def _c(cell: Cell) -> str:
    return cells_text([cell])


def _same_line(a: Cell, b: Cell) -> bool:
    return a[0] == b[0] or a[1] == b[1]


def _py(sym: clingo.Symbol) -> Any:
    """A clingo term as Python: numbers as int, tuples as tuples, a constant as its name,
    ``f(x, y)`` as ``("f", x, y)``."""
    if sym.type == clingo.SymbolType.Number:
        return sym.number
    args = tuple(_py(a) for a in sym.arguments)
    if not sym.name:
        return args
    return (sym.name, *args) if args else sym.name


_SYMBOLS: dict[int, dict[Key, tuple[clingo.Symbol, clingo.Symbol, clingo.Symbol]]] = {}


def _symbols(n: int) -> dict[Key, tuple[clingo.Symbol, clingo.Symbol, clingo.Symbol]]:
    """The atoms ``yes``, ``no`` and ``cell_has_number`` of every key of an n x n grid, made
    once per size in a process (a generator makes a reasoner per candidate: 12x12, about 3500
    symbols, ~15 ms each time; clingo's symbols are values, shared safely)."""
    got = _SYMBOLS.get(n)
    if got is None:
        got = {}
        for r in range(1, n + 1):
            for c in range(1, n + 1):
                for d in range(1, n + 1):
                    args = [_N(r), _N(c), _N(d)]
                    got[(r, c, d)] = (_F(YES, args), _F(NO, args),
                                      _F("cell_has_number", args))
        _SYMBOLS[n] = got
    return got


def _symbol(term: Any) -> clingo.Symbol:
    """A ``where`` term of rules/strong.py as clingo's: ``("f", x, ...)`` is ``f(x, ...)``, a
    tuple of other items a tuple, a number a number."""
    if isinstance(term, int):
        return _N(term)
    if term and isinstance(term[0], str):
        return _F(term[0], [_symbol(t) for t in term[1:]])
    return clingo.Tuple_([_symbol(t) for t in term])


def _line_name(line: tuple[str, int]) -> str:
    return f"{'row' if line[0] == 'row' else 'column'} {line[1]}"


class FutoshikiReasoner(LimitedProbes, StagedReasoner):
    """The Futoshiki rules on the boards of one puzzle (``rules`` picks rule files, for
    tests; ``solution``: the puzzle's solution, if clingo has already proven it to be the only
    one, as the generator does: the reasoner then never solves for it, and never grounds the
    game, every re-proof following from the one solution, :meth:`entails`)."""

    type = "futoshiki"
    puzzle = PUZZLE
    catalogue = CATALOGUE
    board_lp = BOARD
    game_lp = (REPROOF,)
    late_ids = LATER | STRONG
    answer = YES

    min_probe_rounds = 1
    """Every probe takes a round at least (:meth:`_probe`): the case-split search stops at a
    split whose first case dies in one round, which no later split can beat."""

    inst: FutoshikiInstance

    def __init__(self, inst: FutoshikiInstance, rules: Sequence[Any] | None = None, *,
                 solution: FutoshikiSolution | None = None) -> None:
        n = inst.size
        self.n = n
        self.given: dict[Cell, int] = {(r, c): d for r, c, d in inst.givens}
        self.open_cells = [(r, c) for r in range(1, n + 1) for c in range(1, n + 1)
                           if (r, c) not in self.given]
        every = _symbols(n)
        self._atoms = {(r, c, d): every[(r, c, d)] for r, c in self.open_cells
                       for d in range(1, n + 1)}
        self._cells = list(self._atoms)
        self._chains: dict[tuple[Cell, str], list[Cell]] = {}
        self._fast: FastRules | None = None
        self.fast_rounds = 0
        self._probed: tuple[Board, State | None, dict[Any, Probe | int]] | None = None
        """The last board probed from, its masks (a case search probes many cases from one),
        and the probes made from it by their keys and links (:meth:`_probe`)."""
        self._solved: Board | None = None
        """The puzzle's one solution as a board (made once: :meth:`solution_hint`)."""
        self._view: tuple[Board, dict[Cell, int], dict[Cell, list[int]] | None] | None = None
        """The board last asked about, its digits and its candidates (:meth:`placed`,
        :meth:`candidates`)."""
        self._full = ((1 << (n + 1)) - 1) & ~1
        self._digits: dict[int, list[int]] = {}
        """The digits of a mask (bit d: the digit d)."""
        self._peers = {(r, c): [(r, k) for k in range(1, n + 1) if k != c]
                       + [(k, c) for k in range(1, n + 1) if k != r]
                       for r in range(1, n + 1) for c in range(1, n + 1)}
        """Per cell, the other cells of its row, then of its column."""
        super().__init__(inst, rules, solution=solution)
        self._strong = frozenset(r.id for r in self.rules if r.id in STRONG)
        """The rules computed in Python (rules/strong.py), where the programs find nothing."""

    def make_stages(self, rules: tuple[RuleInfo, ...]) -> list[Stage]:
        """The rules but the pairs, the pairs, and the rules over sets and chains (a stage with
        no program: :meth:`_solve` computes them, rules/strong.py), the last two late: solved
        only where the first sets nothing new (:class:`StagedReasoner`)."""
        inst = self.inst
        facts = f"#const n = {inst.size}.\n" + PUZZLE.facts_text(inst)
        terms = Terms([])
        out: list[Stage] = []
        for late, ids in ((False, None), (True, LATER), (True, STRONG)):
            chosen = tuple(r for r in rules if r.kind is not Kind.CASE and
                           (r.id not in self.late_ids if ids is None else r.id in ids))
            if chosen:
                text = "" if ids is STRONG else "".join(
                    file_text(f) for f in (BOARD, SHOW, *rule_files(chosen))) + facts
                out.append(Stage(chosen, text, terms, (YES, NO), len(self._cells), late=late,
                                 what="futoshiki rule", fixed=_FIXED))
        return out

    # --- what the type says --------------------------------------------------------------------

    def key_of(self, term: clingo.Symbol) -> Key:
        r, c, d = (a.number for a in term.arguments)
        return r, c, d

    def solution_board(self, solution: FutoshikiSolution) -> Board:
        return Board({(r, c, d): YES if solution.at((r, c)) == d else NO
                      for r, c, d in self._atoms})

    def values(self, key: Any) -> Sequence[str]:
        return (YES, NO)

    # --- the board in Python: the Latin square's bookkeeping ------------------------------------

    def placed(self, board: Board) -> dict[Cell, int]:
        """Every cell with a digit: the givens and the board's "yes" keys (the same dict for
        the board last asked about: an evaluation asks for it several times; not to be
        changed)."""
        view = self._view
        if view is not None and view[0] is board:
            return view[1]
        out = dict(self.given)
        for (r, c, d), v in board.cells.items():
            if v == YES:
                out[(r, c)] = d
        self._view = (board, out, None)
        return out

    def candidates(self, board: Board, placed: dict[Cell, int] | None = None
                   ) -> dict[Cell, list[int]]:
        """The candidates of every empty cell, as board.lp's cand/3 has them (the same dict
        for the board last asked about; not to be changed)."""
        view = self._view
        if view is not None and view[0] is board and view[2] is not None \
                and (placed is None or placed is view[1]):
            return view[2]
        placed = self.placed(board) if placed is None else placed
        # as bit masks (bit d: the digit d): the digits taken in each row and column, and
        # struck out of each cell
        rows = [0] * (self.n + 1)
        cols = [0] * (self.n + 1)
        for (r, c), d in placed.items():
            rows[r] |= 1 << d
            cols[c] |= 1 << d
        struck: dict[Cell, int] = {}
        for (r, c, d), v in board.cells.items():
            if v == NO:
                struck[(r, c)] = struck.get((r, c), 0) | 1 << d
        full, digits = self._full, self._digits
        out: dict[Cell, list[int]] = {}
        for cell in self.open_cells:
            if cell in placed:
                continue
            m = full & ~rows[cell[0]] & ~cols[cell[1]] & ~struck.get(cell, 0)
            ds = digits.get(m)
            if ds is None:
                ds = digits[m] = [d for d in range(1, self.n + 1) if m >> d & 1]
            out[cell] = list(ds)
        view = self._view
        if view is not None and view[0] is board and view[1] is placed:
            self._view = (board, placed, out)
        return out

    def possible(self, board: Board, cell: Cell) -> list[int]:
        """The digits possible in a cell: its digit, or its candidates."""
        placed = self.placed(board)
        if cell in placed:
            return [placed[cell]]
        return self.candidates(board, placed).get(cell, [])

    def _fill(self, board: Board, cell: Cell, d: int,
              cands: dict[Cell, list[int]]) -> Sets:
        """What placing ``d`` in ``cell`` sets: the digit, the cell's other candidates struck
        out, and ``d`` struck out of the candidates of the cell's row and column."""
        r, c = cell
        out: list[tuple[Key, str]] = [((r, c, d), YES)]
        out += [((r, c, e), NO) for e in cands.get(cell, []) if e != d]
        # the cells of the row, then of the column (not every empty cell of the grid)
        for other in self._peers[cell]:
            ds = cands.get(other)
            if ds is not None and d in ds:
                out.append(((other[0], other[1], d), NO))
        return tuple(sorted(out))

    def complete(self, board: Board) -> bool:
        filled = {(r, c) for (r, c, _), v in board.cells.items() if v == YES}
        return len(filled) == len(self.open_cells)

    def progress_possible(self, board: Board) -> bool:
        """Is some candidate of an empty cell the same (there or not) in every solution?"""
        if self.solution_hint(board) is not None:
            return True
        if self._unique_solution() is not None:
            return True  # it breaks the one solution: no answer, as clingo would find (below)
        base = self.assumptions(board)
        cautious = self._game.cautious(base)
        if cautious is None:
            return True
        brave = self._game.brave(base) or frozenset()
        for (r, c), ds in self.candidates(board).items():
            for d in ds:
                atom = self._atoms[(r, c, d)][2]
                if atom in cautious or atom not in brave:
                    return True
        return False

    # --- re-proofs in one solve ------------------------------------------------------------------

    def solution_hint(self, board: Board) -> Board | None:
        """The solved board if exactly one solution agrees with ``board``: with a puzzle of
        exactly one solution (clingo asked once), that solution if the board agrees with it,
        else none (no solution agrees), without a solve per board."""
        solution = self._unique_solution()
        if solution is None:
            return super().solution_hint(board)  # not unique: ask clingo about this board
        if not self._consistent(board):
            return None
        if self._solved is None:
            self._solved = Board(solution)
        return self._solved

    def refutes(self, board: Board) -> bool:
        if self._consistent(board):
            return False  # the one solution completes it
        if self._unique_solution() is not None:
            return True  # it breaks the puzzle's one solution: no solution completes it
        return super().refutes(board)

    def entails(self, board: Board, sets: Sets, links: tuple[Link, ...] = ()) -> bool:
        """Do the board and the game rules force every claim? (rules/reproof.lp; see
        :meth:`StagedReasoner.entails`.) A board that breaks the puzzle's one solution (a case
        that dies, in a case split) allows no solution at all, so it forces every claim: a
        solve would find no answer (a 12x12 grade made about fifty such solves, and ground
        the game for them)."""
        if self._unique_solution() is not None and not self._consistent(board):
            return True
        return super().entails(board, sets, links)

    # --- evaluating the rules ----------------------------------------------------------------

    def _parse_hit(self, sym: clingo.Symbol) -> tuple[Any, ...]:
        """A shown atom as (rule id, where, sort key, key, value or None): the instances of a
        rule in clingo's order of their ``where`` terms."""
        got = self._hit_atoms.get(sym._rep)
        if got is None:
            args = sym.arguments
            rid, where = args[0].name, args[1]
            order = (self._order[rid], where)
            got = (rid, where, order, self.key_of(args[2]), args[3].name) \
                if sym.name == "sets" else (rid, where, order, None, None)
            self._hit_atoms[sym._rep] = got
        return got

    def _solve(self, stage: Stage, board: Board, *, rebake: bool = False) -> list[Hit]:
        """The stage's instances on the board, each with what writing the digits it places
        strikes out (:meth:`_filled`); the rules over sets and chains computed in Python."""
        known = stage.known
        if known is not None and known[0] is board:
            return known[1]
        if stage.rules[0].id in STRONG:
            hits = self._strong_hits(board)
            stage.known = (board, hits)
        else:
            hits = StagedReasoner._solve(self, stage, board, rebake=rebake)
        self._filled(board, hits)
        return hits

    def _filled(self, board: Board, hits: list[Hit]) -> None:
        """Add to each hit what writing the digits it places strikes out; sort its sets."""
        cands: dict[Cell, list[int]] | None = None
        for h in hits:
            yes = [key for key, v in h.sets if v == YES]
            if yes:
                if cands is None:
                    cands = self.candidates(board)
                extra = {kv for r, c, d in yes for kv in self._fill(board, (r, c), d, cands)}
                h.sets = list(extra | set(h.sets))
            h.sets.sort()

    def _cand_masks(self, board: Board) -> dict[Cell, int]:
        """The candidates of each empty cell as a mask (bit d - 1: the digit d)."""
        cand: dict[Cell, int] = {}
        for cell, ds in self.candidates(board).items():
            m = 0
            for d in ds:
                m |= 1 << (d - 1)
            cand[cell] = m
        return cand

    def _strong_hits(self, board: Board) -> list[Hit]:
        """The instances of the rules over sets and chains (:data:`STRONG`), computed by
        their Python transcription (rules/strong.py, tested equal to their rule files)."""
        n = self.n
        placed = self.placed(board)
        rows = [0] * (n + 1)
        cols = [0] * (n + 1)
        for (r, c), d in placed.items():
            rows[r] |= 1 << (d - 1)
            cols[c] |= 1 << (d - 1)
        cand = self._cand_masks(board)
        self.evaluations += 1
        info = self._info
        hits = [Hit(info[rid], _symbol(where), list(sets))
                for rid, where, sets in strong_hits(n, cand, rows, cols, self._strong)]
        hits.sort(key=lambda h: (self._order[h.rule.id], h.where))
        return hits

    def _probe(self, board: Board, sets: Sets, links: tuple[Link, ...], limit: int
               ) -> Probe | None:
        """:meth:`probe` (:class:`LimitedProbes`): every direct rule but those over pairs, sets
        and chains (:data:`LATER`, :data:`STRONG`) applied at once, round after round, from a
        case's board, as :meth:`AspReasoner.probe` does with the rule files; the rounds are
        computed by their Python transcription (:mod:`.rules.fast`, tested equal to them). A
        case that dies so dies when followed with every rule (which apply the others first), and
        what survives knows less, never more, than the case followed. None if it takes more
        than ``limit`` rounds. The probes of the
        board last probed from are kept by their keys: a search meets the same case in up to
        three splits (the cell's candidates, the digit's places in its row and its column),
        and a probe is the same wherever it comes from; one stopped short is kept as the
        rounds it went without ending."""
        if limit < 1:
            return None  # every probe takes a round at least (min_probe_rounds)
        if self._fast is None:
            self._fast = FastRules(self.inst, [r.id for r in self.rules
                                               if r.id in FAST_DIRECT + FAST_CONTRADICTIONS])
        fast = self._fast
        cells = board.cells
        if self._probed is None or self._probed[0] is not board:
            # the board's masks made once for all the cases tried on it (made when first
            # needed: a case that changes a key reads the board anew)
            self._probed = (board, None, {})
        memo = self._probed[2]
        got = memo.get((sets, links))
        if got is not None:
            if isinstance(got, int):  # stopped short after that many rounds
                if got >= limit:
                    return None
            else:
                return got if got.rounds <= limit else None
        if any(k in cells and cells[k] != v for k, v in sets):
            state = fast.state(board.with_(sets).cells)  # a key changed: read the board anew
        else:
            masks = self._probed[1]
            if masks is None:
                masks = fast.state(cells)
                self._probed = (board, masks, memo)
            state = masks.copy()
            fast.apply(state, sets)
        # what the case and the rounds set, on top of the board: the board they make is built
        # once, at the end (a copy of the board each round cost as much as a round)
        added: dict[Any, str] = dict(sets)
        rounds = self.max_probe_rounds
        dead = False
        for k in range(1, self.max_probe_rounds + 1):
            if k > limit:
                memo[(sets, links)] = limit
                return None
            fired, found = fast.round(state)
            self.fast_rounds += 1
            if fired:
                rounds, dead = k, True
                break
            new: dict[Any, str] = {}
            for rule_sets in found.values():
                for key, value in rule_sets:
                    now = added.get(key)
                    if (cells.get(key) if now is None else now) != value \
                            and new.setdefault(key, value) != value:
                        dead = True
                        break
                if dead:
                    break
            if dead or not new:
                rounds = k
                break
            added.update(new)
            fast.apply(state, new.items())
        probe = memo[(sets, links)] = Probe(dead, board.with_(added.items(), links), rounds)
        return probe

    def closure(self, board: Board) -> Probe:
        """Every direct rule, the pair rules and those over sets and chains too (these in the
        rounds where the pairs find nothing, by rules/strong.py), applied at once round after
        round from ``board`` until nothing changes or the board dies, as :meth:`AspReasoner.probe
        <aspuzzle.explain.asp.AspReasoner.probe>` applies the rule programs (the pair rules in
        the rounds where the others find nothing): the rounds of the others are computed by
        their Python transcription (:meth:`probe`, tested equal to them), the pair rules by
        their own rule program, at each board where the others stall. The rounds and boards
        are the same; only the program of the other rules is not grounded and solved each
        round (a 12x12 puzzle: ~0.3 s of grounding and solves, where a candidate the
        generator drops is never explained)."""
        p = self.probe(board, (), ())
        rounds = p.rounds
        late = [st for st in self._stages if st.late]
        while not p.dead and rounds < self.max_probe_rounds and not self.complete(p.board) \
                and late:
            hits: list[Hit] = []
            for st in late:
                hits = hits or self._solve(st, p.board, rebake=True)
            new: dict[Any, str] = {}
            for h in hits:
                if h.rule.kind is Kind.CONTRADICTION:
                    return Probe(True, p.board, rounds)
                for key, value in h.sets:
                    if p.board.cells.get(key) != value and new.setdefault(key, value) != value:
                        return Probe(True, p.board, rounds)
            if not new:
                break
            p = self.probe(p.board, tuple(new.items()), ())
            rounds += p.rounds
        return Probe(p.dead, p.board, min(rounds, self.max_probe_rounds))

    def cases(self, ev: Evaluation) -> Sequence[Case]:
        board = ev.board
        placed = self.placed(board)
        cands = self.candidates(board, placed)
        info = {r.id: r for r in self.catalogue}
        out: list[Case] = []
        # what placing a digit in a cell sets, made once per cell and digit: a placement is a
        # case of up to three splits (the cell's candidates, the digit's places in its row and
        # in its column)
        fills: dict[tuple[Cell, int], Sets] = {}

        def fill(cell: Cell, d: int) -> Sets:
            got = fills.get((cell, d))
            if got is None:
                got = fills[(cell, d)] = self._fill(board, cell, d, cands)
            return got

        r = info["cell_candidates"]
        for cell, ds in sorted(cands.items()):
            if not 2 <= len(ds) <= MAX_CASE_BRANCHES:
                continue
            out.append(Case(r.name, r.id, r.sheet, f"{_c(cell)} is {or_list(ds)}",
                            (Use("cell", (cell,)),),
                            tuple((f"{_c(cell)} is {d}", fill(cell, d), ()) for d in ds)))
        r = info["digit_places"]
        n = self.n
        for kind in ("row", "col"):
            for j in range(1, n + 1):
                line = [(j, k) if kind == "row" else (k, j) for k in range(1, n + 1)]
                have = {placed[x] for x in line if x in placed}
                for d in range(1, n + 1):
                    if d in have:
                        continue
                    spots = [x for x in line if d in cands.get(x, ())]
                    if not 2 <= len(spots) <= MAX_CASE_BRANCHES:
                        continue
                    name = _line_name((kind, j))
                    out.append(Case(
                        r.name, r.id, r.sheet,
                        f"{d} goes in {name} at one of {cells_text(spots)}",
                        (Use("row" if kind == "row" else "column", index=j, value=d),
                         Use("cells", tuple(spots))),
                        tuple((f"{_c(x)} is {d}", fill(x, d), ()) for x in spots)))
        return out

    # --- words ------------------------------------------------------------------------------------

    def words(self, sets: Sets, links: tuple[Link, ...] = ()) -> str:
        """"(2,3) is 4 and (1,1) (1,2) cannot be 2", leaving out what a placement in the same
        sets strikes out (its cell's other digits, its digit in its row and column)."""
        return digit_words(sets, _same_line)

    def mistake(self, sets: Sets, links: tuple[Link, ...] = ()) -> str:
        return digit_mistake(sets)

    def encode(self, sets: Sets, links: tuple[Link, ...] = ()) -> list[JSON]:
        """One object per cell: ``{"cell": [r, c], "value": d}`` for a digit placed (the
        cell's other digits go with it), ``{"cell": [r, c], "not": [d, ...]}`` for candidates
        struck out."""
        return digit_json(sets)

    def _chain(self, cell: Cell, way: str) -> list[Cell]:
        """A longest chain of signs from ``cell`` downwards (way "low": cell > b > ...) or
        upwards ("high": cell < b < ...), the cell first."""
        got = self._chains.get((cell, way))
        if got is not None:
            return got
        greater = self.inst.greater
        nxt = [b for a, b in greater if a == cell] if way == "low" else \
            [a for a, b in greater if b == cell]
        best: list[Cell] = []
        for b in sorted(nxt):
            sub = self._chain(b, way)
            if len(sub) > len(best):
                best = sub
        self._chains[(cell, way)] = [cell, *best]
        return self._chains[(cell, way)]

    def describe(self, board: Board, hit: Hit) -> Step:
        """The step of a rule instance, with only what it sets new (see :meth:`say`)."""
        sets, _ = board.new_in(hit.sets, ())
        return super().describe(board, Hit(hit.rule, hit.where, list(sets)))

    def say(self, board: Board, hit: Hit) -> tuple[dict[str, str], list[Use]]:
        """The values of the rule file's sentence (``says``) for one instance, and the cells it
        used: ``{so}`` is what the step sets, in words (:meth:`words`)."""
        sets = tuple(hit.sets)
        where = _py(hit.where)
        kind, args = where[0], where[1:]
        uses: list[Use] = []
        v: dict[str, str] = {"so": self.words(sets)} if hit.rule.kind is Kind.DIRECT else {}
        rid = hit.rule.id
        if rid == "naked_single":
            cell = (args[0], args[1])
            d = self.placed(board.with_(sets)).get(cell, 0)
            uses = [Use("cell", (cell,), value=d)]
            v.update(d=str(d), at=_c(cell), why=self._why_not(board, cell, d))
        elif rid in ("hidden_single", "no_place"):
            (lk, j), d = args
            uses = [Use("row" if lk == "row" else "column", index=j, value=d)]
            if rid == "hidden_single":
                uses.append(Use("cell", (next((r, c) for (r, c, _), x in sets if x == YES),)))
            v.update(d=str(d), line=_line_name((lk, j)))
        elif rid == "inequality_chain":
            r, c, way, k = args
            chain = self._chain((r, c), way)[:k + 1]
            uses = [Use("cells", tuple(chain), value=k)]
            v.update(chain=(" > " if way == "low" else " < ").join(_c(x) for x in chain),
                     at=_c((r, c)), end="top" if way == "low" else "bottom", k=str(k),
                     bound=f"at least {k + 1}" if way == "low" else f"at most {self.n - k}")
        elif rid == "relative_size":
            a, b = args
            placed = self.placed(board)
            if kind == "above":
                other, m = b, min(self.possible(board, b), default=1)
                v["sign"] = f"{_c(a)} > {_c(b)}"
                v["about"] = ("" if m <= 1 else f" and {_c(b)} is {m}" if b in placed
                              else f" and {_c(b)} is at least {m}")
            else:
                other, m = a, max(self.possible(board, a), default=self.n)
                v["sign"] = f"{_c(b)} < {_c(a)}"
                v["about"] = ("" if m >= self.n else f" and {_c(a)} is {m}" if a in placed
                              else f" and {_c(a)} is at most {m}")
            uses = [Use("cells", (a, b)), Use("cell", (other,), value=m)]
        elif rid in ("adjacent_bar", "no_bar"):
            a, b = args
            poss = self.possible(board, b)
            uses = [Use("cells", (a, b))]
            v.update(a=_c(a), b=_c(b), can=f"is {poss[0]}" if len(poss) == 1
                     else f"can only be {or_list(poss)}")
        elif rid == "naked_pair":
            line = args[0]
            cands = self.candidates(board)
            struck = {d for (_, _, d), x in sets if x == NO}
            groups: dict[tuple[int, ...], list[Cell]] = {}
            for x in self._line_cells(line):
                ds = tuple(cands.get(x, ()))
                if len(ds) == 2 and set(ds) & struck:
                    groups.setdefault(ds, []).append(x)
            pairs = [(ds, xs) for ds, xs in sorted(groups.items()) if len(xs) >= 2]
            uses = [Use(line[0] if line[0] == "row" else "column", index=line[1])]
            uses += [Use("cells", tuple(xs)) for _, xs in pairs]
            v.update(line=_line_name(line), found=" and ".join(
                f"{cells_text(xs)} can only be {or_list(ds)}" for ds, xs in pairs))
        elif rid == "hidden_pair":
            line = args[0]
            cands = self.candidates(board)
            cells = self._line_cells(line)
            touched = {(r, c) for (r, c, _), x in sets if x == NO}
            spots: dict[tuple[Cell, ...], list[int]] = {}
            for d in range(1, self.n + 1):
                xs = tuple(x for x in cells if d in cands.get(x, ()))
                if len(xs) == 2 and set(xs) & touched:
                    spots.setdefault(xs, []).append(d)
            hidden = [(xs, ds) for xs, ds in sorted(spots.items()) if len(ds) >= 2]
            uses = [Use(line[0] if line[0] == "row" else "column", index=line[1])]
            uses += [Use("cells", xs) for xs, _ in hidden]
            v.update(line=_line_name(line), found=" and ".join(
                f"{or_list(ds, 'and')} can only go in {cells_text(xs)}" for xs, ds in hidden))
        elif rid in ("naked_subset", "hidden_subset"):
            line, mask = args
            digits = [d for d in range(1, self.n + 1) if mask >> (d - 1) & 1]
            cands = self.candidates(board)
            cells = [x for x in self._line_cells(line) if x in cands]
            if rid == "naked_subset":
                members = [x for x in cells if set(cands[x]) <= set(digits)]
                v["found"] = f"{cells_text(members)} can only be {or_list(digits)} between them"
            else:
                members = [x for x in cells if set(cands[x]) & set(digits)]
                v["found"] = f"{or_list(digits, 'and')} can only go in {cells_text(members)}"
            uses = [Use(line[0] if line[0] == "row" else "column", index=line[1]),
                    Use("cells", tuple(members))]
            v["line"] = _line_name(line)
        elif rid == "positional_set":
            d, way, base = args
            cands = self.candidates(board)
            lines = [i for i in range(1, self.n + 1) if base >> (i - 1) & 1]
            places = [x for i in lines for x in self._line_cells((way, i))
                      if d in cands.get(x, ())]
            other = sorted({x[1] if way == "row" else x[0] for x in places})
            uses = [Use("cells", tuple(places), value=d)]
            v.update(kind="rows" if way == "row" else "columns", lines=or_list(lines, "and"),
                     d=str(d), cross="columns" if way == "row" else "rows",
                     other=or_list(other, "and"))
        elif rid == "forcing_chain":
            start, end, d = args
            walk = chain_walk(self.n, self._cand_masks(board), start, d)
            path: list[tuple[Cell, int]] = []
            state: tuple[Cell, int] | None = (end, d)
            while state is not None:
                path.append(state)
                state = walk[state]
            path.reverse()
            uses = [Use("cells", tuple(x for x, _ in path), value=d)]
            v.update(path=" - ".join(_c(x) for x, _ in path), start=_c(start), d=str(d),
                     first=str(path[0][1]), end=_c(end),
                     follows=", so ".join(f"{_c(x)} is {e}" for x, e in path[1:]))
        elif rid == "no_candidate":
            cell = (args[0], args[1])
            uses = [Use("cell", (cell,))]
            v["at"] = _c(cell)
        elif rid == "digit_twice":
            (lk, j), d = args
            placed = self.placed(board)
            cells = [x for x in self._line_cells((lk, j)) if placed.get(x) == d]
            uses = [Use("cells", tuple(cells), value=d)]
            v.update(d=str(d), line=_line_name((lk, j)), cells=cells_text(cells))
        elif rid in ("broken_sign", "broken_bar", "missing_bar"):
            a, b = args
            pa, pb = self.possible(board, a), self.possible(board, b)
            uses = [Use("cells", (a, b))]
            v.update(a=_c(a), b=_c(b),
                     high=f"is {pa[0]}" if len(pa) == 1 else f"is at most {max(pa, default=0)}",
                     low=f"is {pb[0]}" if len(pb) == 1 else f"is at least {min(pb, default=0)}",
                     they=f"they are {pa[0]} and {pb[0]}" if len(pa) == 1 and len(pb) == 1
                     else f"{_c(a)} can only be {or_list(pa)} and {_c(b)} only {or_list(pb)}")
        return v, uses

    def _why_not(self, board: Board, cell: Cell, keep: int) -> str:
        """Why a cell holds no digit but ``keep``: "1, 3 in its row, 2 in its column, 4 struck
        out"."""
        r, c = cell
        placed = self.placed(board)
        in_row = {d for (r2, _), d in placed.items() if r2 == r}
        in_col = {d for (_, c2), d in placed.items() if c2 == c} - in_row
        struck = {d for d in range(1, self.n + 1)
                  if board.cells.get((r, c, d)) == NO} - in_row - in_col
        parts = [f"{or_list(ds, 'and')} in its {where}"
                 for ds, where in ((in_row - {keep}, "row"), (in_col - {keep}, "column")) if ds]
        if struck - {keep}:
            parts.append(f"{or_list(struck - {keep}, 'and')} struck out")
        return ", ".join(parts)

    def _line_cells(self, line: tuple[str, int]) -> list[Cell]:
        kind, j = line
        n = self.n
        return [(j, k) for k in range(1, n + 1)] if kind == "row" else \
            [(k, j) for k in range(1, n + 1)]


# --- a player's board -------------------------------------------------------------------------

_TOKEN = re.compile(r"\[[^\]]*\]?|[0-9]+|[.·]|[<>|│]|\S")
_ROW_SIGNS = "<>|│"
_COLUMN_SIGNS = "^v∧∨V-─"


def read_marks(text: str, inst: FutoshikiInstance) -> tuple[dict[Cell, int],
                                                             dict[Cell, list[int]]]:
    """A player's board of ``inst`` in the text format: the digits written in the cells without
    a given digit, and the pencil marks (``[134]``: the candidates left) of empty cells.

    Raises InputError (naming the cell) for a board that does not fit the puzzle: a different
    size, a given digit missing or changed, a digit out of range, an unreadable mark."""
    n = inst.size
    given = {(r, c): d for r, c, d in inst.givens}
    rows: list[tuple[int, list[tuple[str, int]]]] = []
    for lineno, original in enumerate(text.splitlines(), 1):
        raw = original.expandtabs(8).rstrip()
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        cells: list[tuple[str, int]] = []
        for m in _TOKEN.finditer(raw):
            tok = m.group(0)
            col = m.start() + 1
            if tok in _ROW_SIGNS or tok in _COLUMN_SIGNS:
                continue
            if tok[0] == "[" and not tok.endswith("]"):
                raise InputError(f"'{tok[:20]}' has no closing ']'",
                                 Location(lineno, col, cell=(len(rows) + 1, len(cells) + 1)))
            if tok[0] == "[" or tok[0].isdigit() or tok in ".·":
                cells.append((tok, col))
                continue
            where = Location(lineno, col, cell=(len(rows) + 1, len(cells) + 1)) if cells \
                else Location(lineno, col)
            raise InputError(f"unknown mark '{tok}' (write digits, '.', or candidates in "
                             f"brackets such as [134])", where)
        if not cells:
            continue  # a line of vertical signs
        r = len(rows) + 1
        if r > n:
            raise InputError(f"the board has more than {n} rows; the puzzle is {n}x{n}",
                             Location(lineno))
        if len(cells) != n:
            raise InputError(f"row {r} has {len(cells)} cell{'s' if len(cells) != 1 else ''}; "
                             f"the puzzle is {n}x{n}", Location(lineno))
        rows.append((lineno, cells))
    if len(rows) != n:
        raise InputError(f"the board has {len(rows)} row{'s' if len(rows) != 1 else ''}; "
                         f"the puzzle is {n}x{n}")
    digits: dict[Cell, int] = {}
    marks: dict[Cell, list[int]] = {}
    for r, (lineno, cells) in enumerate(rows, 1):
        for c, (tok, col) in enumerate(cells, 1):
            cell = (r, c)
            where = Location(lineno, col, cell=cell)
            if tok[0] == "[":
                if cell in given:
                    raise InputError(f"pencil marks {tok} in a cell whose digit is given "
                                     f"({given[cell]})", where)
                marks[cell] = _candidates(tok[1:-1], n, where)
                continue
            if tok in ".·":
                if cell in given:
                    raise InputError(f"the puzzle gives {given[cell]} here, the board has none",
                                     where)
                continue
            d = int(tok) if len(tok) <= 3 else 1000
            if not 1 <= d <= n:
                raise InputError(f"digit {tok[:10]} is out of range 1..{n}", where)
            if cell in given:
                if given[cell] != d:
                    raise InputError(f"the puzzle gives {given[cell]} here, the board has {d}",
                                     where)
                continue
            digits[cell] = d
    return digits, marks


def _candidates(body: str, n: int, where: Location) -> list[int]:
    parts = re.split(r"[\s,]+", body.strip()) if n > 9 or re.search(r"[\s,]", body) \
        else list(body)
    out: set[int] = set()
    for part in parts:
        if not part:
            continue
        if not part.isdigit():
            raise InputError(f"'{part}' in [{body}] is not a digit", where)
        d = int(part) if len(part) <= 3 else 1000
        if not 1 <= d <= n:
            raise InputError(f"candidate {part[:10]} is out of range 1..{n}", where)
        out.add(d)
    return sorted(out)


def board_of(inst: FutoshikiInstance, digits: dict[Cell, int],
             marks: dict[Cell, list[int]]) -> Board:
    """The board of a player's digits ("yes" keys) and pencil marks (a "no" key for each digit
    a mark leaves out)."""
    cells: dict[Any, str] = {}
    for (r, c), d in digits.items():
        cells[(r, c, d)] = YES
    for (r, c), ds in marks.items():
        for d in range(1, inst.size + 1):
            if d not in ds:
                cells[(r, c, d)] = NO
    return Board(cells)


def read_board(text: str, inst: FutoshikiInstance) -> tuple[Board, list[Step]]:
    """A player's board of this puzzle (no problems are found while reading: every broken
    rule is a contradiction rule's)."""
    digits, marks = read_marks(text, inst)
    return board_of(inst, digits, marks), []


def write_marks(inst: FutoshikiInstance, board: Board) -> str:
    """A board in the state format (the puzzle's text with digits and pencil marks): what
    :func:`read_board` reads back, but for the struck-out candidates of cells with a digit
    (the digit says them)."""
    from aspuzzle.puzzles.futoshiki.formats import grid_lines, write_text

    n = inst.size
    given = {(r, c): d for r, c, d in inst.givens}
    digits: dict[Cell, int] = {}
    struck: dict[Cell, set[int]] = {}
    for (r, c, d), v in board.cells.items():
        if v == YES:
            digits[(r, c)] = d
        else:
            struck.setdefault((r, c), set()).add(d)
    sep = "," if n > 9 else ""

    def cell_text(cell: Cell) -> str:
        if cell in given or cell in digits:
            return str(given.get(cell) or digits[cell])
        if cell in struck:
            return "[" + sep.join(str(d) for d in range(1, n + 1) if d not in struck[cell]) + "]"
        return "."

    texts = [[cell_text((r, c)) for c in range(1, n + 1)] for r in range(1, n + 1)]
    w = max(len(str(n)), *(len(t) for row in texts for t in row))
    return "\n".join([write_text(inst).splitlines()[0], *grid_lines(inst, texts, w, left=True)]
                     ) + "\n"


# --- the reasoning kit ------------------------------------------------------------------------

def parse_set(item: str, inst: FutoshikiInstance) -> list[tuple[Any, str]]:
    """``"2,3=4"`` (the cell holds 4) or ``"2,3!=4"`` (4 is struck out of the cell)."""
    from aspuzzle.kit.board import parse_digit_set

    n = inst.size
    given = {(r, c) for r, c, _ in inst.givens}
    return parse_digit_set(item, n, lambda cell: 1 <= cell[0] <= n and 1 <= cell[1] <= n
                           and cell not in given)


def reasoning() -> Reasoning:
    return Reasoning(
        reasoner=FutoshikiReasoner, catalogue=CATALOGUE, read_state=read_board,
        parse_set=parse_set, mark_formats=(),
        state_help="the text grid with the player's digits and pencil marks such as [134]",
        set_help="ROW,COL=D (the cell holds D) or ROW,COL!=D (D is struck out)",
        verify_rule=_verify_rule)


def _verify_rule(path: str, up_to: tuple[int, int]) -> Any:
    from aspuzzle.puzzles.futoshiki.rulecheck import verify

    return verify(path, up_to=up_to)

