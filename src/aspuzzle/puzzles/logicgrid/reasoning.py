"""Logic-grid reasoning: ZebraTutor's steps (bijectivity, transitivity, one clue at a time) on
the grid of a logic puzzle, for explanations, hints and checks.

The board is the solver's grid: one cell per pair of values of two categories, marked true
(the two values belong to the same entity) or false. A board key is
``((category1, value1), (category2, value2))`` with category1 before category2 in the puzzle;
its values are ``"true"`` and ``"false"``.

Everything generic (rule programs in stages grounded once with the board as externals,
re-proofs of every step from the proven solution or by the game's encoding) is the shared
:class:`~aspuzzle.explain.staged.StagedReasoner`; each rule's sentence is a template in its
rule file (``says``). This module says what is a logic grid's own: the keys, the stages, the
steps of the grid rules (every instance at once), the values of the sentences, the case splits
(where does a value go?), the player's board (:func:`read_board`) and ``--set`` items.

Raw ASP (the language's escape hatch) is handled soundly, by the solver: the rule *Clue (raw
ASP)* sets one cell that the raw ASP forces, together with the grid's one-to-one rule and the
board (the other clues left aside: they have rules of their own), and *Clue broken (raw ASP)*
fires when the raw ASP rules the board out. Both are proven by clingo on a program of the raw
ASP alone, and then re-proven like every step.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, cast

import clingo

from aspuzzle.engine import Grounded, Program, reuse
from aspuzzle.errors import InputError, Location, UsageError
from aspuzzle.explain.asp import SHOW, AspReasoner, Hit, group_hits
from aspuzzle.explain.loop import Case, Evaluation, Probe
from aspuzzle.explain.rules import RuleInfo, rule_files
from aspuzzle.explain.staged import Stage, StagedReasoner, Terms, file_text
from aspuzzle.explain.steps import JSON, Board, Kind, Link, Step, Use
from aspuzzle.kit.rulefile import fill
from aspuzzle.puzzles.base import SolveOptions
from aspuzzle.puzzles.logicgrid import PUZZLE, LogicGridInstance, LogicGridSolution, term
from aspuzzle.puzzles.logicgrid.fast import FastGrid
from aspuzzle.puzzles.logicgrid.model import (
    Apart,
    Before,
    Clue,
    NotSame,
    OneOf,
    Ref,
    Same,
    Value,
)
from aspuzzle.puzzles.logicgrid.rules import BOARD, BULK, CATALOGUE, HEAVY, PAIRS, TRIPLES
from aspuzzle.puzzles.logicgrid.units import singular

__all__ = ["LogicGridReasoner", "PairKey", "PlayerBoard", "Ref2", "parse_set", "read_board",
           "reasoning", "write_board"]

Ref2 = tuple[str, Value]
"""One value of one category: ``("House", 2)``."""
PairKey = tuple[Ref2, Ref2]
"""A cell of the grid: two values of two categories, in the puzzle's category order."""
Sets = tuple[tuple[Any, str], ...]

_F = clingo.Function
TRUE, FALSE = "true", "false"
_INFO = {r.id: r for r in CATALOGUE}


class PlayerBoard(Board):
    """A player's board, as :func:`read_board` reads it: evaluated with every rule at once (a
    check lists every broken rule), where the engine's own boards evaluate the rules over
    triples of values only when needed (see :data:`~aspuzzle.puzzles.logicgrid.rules.HEAVY`)."""


@dataclass
class _Bulk(Hit):
    """Every instance of a grid rule on the board, as one step."""

    parts: list[Hit] = field(default_factory=list)


Words = Callable[[], tuple[str, tuple[Use, ...]]]


class _LaterWords:
    """``text`` or ``uses`` of a :class:`_WordedLater` step: both are written, by the step's
    ``_words``, when either is first read (then kept: the step's own attributes)."""

    name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, step: Any, owner: type | None = None) -> Any:
        if step is None:
            return self
        d = step.__dict__
        if self.name not in d:
            words = d.get("_words")
            if words is not None:  # (else another thread wrote them just now)
                d["text"], d["uses"] = words()
                d.pop("_words", None)
        return d[self.name]


class _WordedLater(Step):
    """A step whose words (``text``, and ``uses``: the facts it used) are written when first
    read, the generator's (:meth:`LogicGridReasoner.keep_words_only`): it grades every puzzle
    it makes, and the words of those grades are seldom read (they were ~15% of a 5x6's grade).
    It is equal to, hashes, prints and pickles as the plain :class:`Step` of the same
    fields."""

    text = _LaterWords()
    uses = _LaterWords()

    def plain(self) -> Step:
        return Step(*(getattr(self, f.name) for f in fields(Step)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Step):
            return all(getattr(self, f.name) == getattr(other, f.name) for f in fields(Step))
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.plain())

    def __repr__(self) -> str:
        return repr(self.plain())

    def __reduce__(self) -> tuple[Any, ...]:
        return Step, tuple(getattr(self, f.name) for f in fields(Step))


def _worded_later(rule: RuleInfo, sets: Sets, words: Words) -> Step:
    step = object.__new__(_WordedLater)
    step.__dict__.update(rule=rule.name, kind=rule.kind, sets=sets, links=(), branches=(),
                         rule_id=rule.id, sheet=rule.sheet, _words=words)
    return step


class _Triples:
    """The rules over triples of values (:data:`HEAVY`) grounded for every puzzle of one shape
    (its categories' numbers of values), shared by the reasoners of a process: they read no
    clue (only ``category``, ``value`` and ``corder`` facts, here of the categories ``c(1)``,
    ``c(2)``, ... and the values 1..N), so a generator that makes many puzzles of one size, or
    grades many candidates, grounds them once. Grounding them and preparing their first solve
    is most of their cost (a 5x6: ~60 ms, against ~2 ms a solve, six solves a puzzle); the
    names of the puzzle's categories and values are put back in what they report
    (:meth:`LogicGridReasoner._made`), so the hits are those of the puzzle's own
    program. One solve at a time (``lock``); ``state`` is the board the externals say now, by
    key index (``None`` while they are being set: all are set again)."""

    def __init__(self, sizes: tuple[int, ...], rules: tuple[RuleInfo, ...],
                 args: tuple[str, ...]) -> None:
        cats = [_F("c", [clingo.Number(i)]) for i in range(1, len(sizes) + 1)]
        facts: list[clingo.Symbol] = []
        for i, (c, n) in enumerate(zip(cats, sizes, strict=True), 1):
            facts += [_F("category", [c]), _F("corder", [c, clingo.Number(i)])]
            facts += [_F("value", [c, clingo.Number(j)]) for j in range(1, n + 1)]
        self.g = Grounded(Program((BOARD, TRIPLES, SHOW, *rule_files(rules)), tuple(facts), ()),
                          extra_args=args)
        conf: Any = self.g.ctl.configuration.solve
        conf.models, conf.enum_mode = "1", "auto"
        self.g.ctl.enable_cleanup = False  # (see LogicGridReasoner.__init__)
        # the keys in the reasoner's order (_grid_keys): pairs of categories, then values
        terms = [_F("p", [cats[i], clingo.Number(va), cats[j], clingo.Number(vb)])
                 for i in range(len(sizes)) for j in range(i + 1, len(sizes))
                 for va in range(1, sizes[i] + 1) for vb in range(1, sizes[j] + 1)]
        self.index = {t: k for k, t in enumerate(terms)}
        self.cats = {c: i for i, c in enumerate(cats)}
        self.lits: list[tuple[int, int] | None] = []
        for t in terms:
            y, n_ = (self.g.literal(_F(name, t.arguments)) for name in ("yes", "no"))
            self.lits.append(None if y is None or n_ is None else (y, n_))
        self.state: dict[int, str] | None = {}
        self.lock = threading.Lock()
        self.parsed: dict[clingo.Symbol, tuple[Any, ...]] = {}
        """Each shown atom met, read once per process (:meth:`read`)."""

    def read(self, sym: clingo.Symbol) -> tuple[Any, ...]:
        """A shown atom as ``("sets", rule id, where, key index, value)`` or
        ``("contradiction", rule id, where)``, its ``where`` as a recipe that a reasoner makes
        in its puzzle's names (:meth:`LogicGridReasoner._made`): ``("key", key index)``,
        ``("cat", category index)``, ``("fun", name, positive, recipes)`` or ``("sym", term)``.
        (Read once per process: the puzzles of a shape show the same atoms.)"""
        got = self.parsed.get(sym)
        if got is None:
            args = sym.arguments
            if sym.name == "sets":
                got = ("sets", args[0].name, self._recipe(args[1]), self.index[args[2]],
                       args[3].name)
            else:
                got = ("contradiction", args[0].name, self._recipe(args[1]))
            self.parsed[sym] = got
        return got

    def _recipe(self, t: clingo.Symbol) -> tuple[Any, ...]:
        k = self.index.get(t)
        if k is not None:
            return ("key", k)
        c = self.cats.get(t)
        if c is not None:
            return ("cat", c)
        if t.type is clingo.SymbolType.Function and t.arguments:
            return ("fun", t.name, t.positive, tuple(self._recipe(a) for a in t.arguments))
        return ("sym", t)


_SHARED_KEEP = 4
"""Shared programs of the rules over triples kept per process (one per shape of grid)."""
_SHARED: OrderedDict[tuple[Any, ...], _Triples] = OrderedDict()
_SHARED_LOCK = threading.Lock()


def _forget_shared() -> None:
    with _SHARED_LOCK:
        _SHARED.clear()


reuse.also_clear(_forget_shared)  # engine.reuse.clear() forgets these programs too


def _shared_triples(sizes: tuple[int, ...], rules: tuple[RuleInfo, ...],
                    args: tuple[str, ...]) -> _Triples:
    key = (sizes, tuple(r.id for r in rules), args)
    with _SHARED_LOCK:
        found = _SHARED.get(key)
        if found is not None:
            _SHARED.move_to_end(key)
            return found
    built = _Triples(sizes, rules, args)  # outside the lock: grounding takes a while
    with _SHARED_LOCK:
        return reuse.keep_recent(_SHARED, key, built, _SHARED_KEEP)


_ATOMS: dict[tuple[clingo.Symbol, ...], tuple[clingo.Symbol, clingo.Symbol, clingo.Symbol]] = {}
"""A cell's atoms ``yes(C1, V1, C2, V2)``, ``no(...)`` (the rule programs' externals) and
``paired(...)`` (pairs.lp's, in the game), by the cell's four terms, made once per process: a
generator's puzzles draw their names from one vocabulary, and a 5x6 reasoner needs some 1,100
of them, each a few calls into clingo."""
_ATOMS_KEPT = 200_000


def _cell_atoms(t: tuple[clingo.Symbol, ...]) -> tuple[clingo.Symbol, clingo.Symbol,
                                                        clingo.Symbol]:
    got = _ATOMS.get(t)
    if got is None:
        if len(_ATOMS) > _ATOMS_KEPT:
            _ATOMS.clear()
        args = list(t)
        got = _ATOMS[t] = (_F("yes", args), _F("no", args), _F("paired", args))
    return got


class LogicGridReasoner(StagedReasoner):
    """The reasoning rules of logic grids on the boards of one puzzle, solved in stages by the
    shared :class:`~aspuzzle.explain.staged.StagedReasoner`: the rules but those over triples
    (see ``no_splits``), and the rules over triples (:data:`HEAVY`, ``stage: late``) in a
    program shared by the puzzles of a shape (:class:`_Triples`), solved only when the others
    set nothing new. What is a logic grid's own: a grid rule's instances are one step
    (:data:`BULK`), the raw-ASP rules, the words, and the case splits (where does a value go?).

    ``rules`` chooses the rules (tests evaluate one at a time); explanations need them all.
    """

    type = "logicgrid"
    puzzle = PUZZLE
    catalogue = CATALOGUE
    board_lp = BOARD
    game_lp = (PAIRS,)
    late_ids = HEAVY
    answer = TRUE
    bakes = False  # (board.lp takes no fixed marks)
    all_case_lines = False
    """Split cases on every line of the grid (else only on the key category's: where is X?
    who is at 3?), as a solver asks first; the search probes every candidate, so fewer is
    faster."""

    def __init__(self, inst: LogicGridInstance, rules: Sequence[RuleInfo] | None = None, *,
                 solution: LogicGridSolution | None = None, words_later: bool = False,
                 no_splits: bool = False) -> None:
        """``solution``: the puzzle's solution, if clingo has already proven it to be the only
        one (the generator does; else the reasoner asks clingo when it needs it): a step on a
        board that agrees with it is then re-proven from it (see :meth:`entails`), and the game
        is grounded only if a re-proof or a case search needs a solve. Raw ASP keeps the game
        grounded here, so that an error in it is said at once.

        ``words_later``: the steps' words are written when first read (see
        :meth:`keep_words_only`).

        ``no_splits`` (with ``solution``): the reasoner is asked about the boards of an
        explanation without case splits only (a generator's grade at tier direct), which agree
        with the solution: the contradiction rules are then a stage of their own, solved only
        on a board that does not agree (none fires on one that does: each rule is sound), and
        the first stage is the smaller (the rule over pairs of matches, two matches, was a
        fifth of the program; generating 5x6 puzzles at tier direct took some 5% fewer
        instructions so). Otherwise they share the direct rules' program: a case split's
        wrong branch is evaluated by one solve."""
        self.inst = inst
        self._words_later = words_later
        self._lean = no_splits and solution is not None
        self.lazy_game = not inst.raw_asp.strip()
        cats = inst.categories
        self._cindex = {c.name: i for i, c in enumerate(cats)}
        self._rank: dict[Ref2, tuple[int, int]] = {}
        """Each value's category and place in it (the order words list values in)."""
        for i, c in enumerate(cats):
            for j, v in enumerate(c.values):
                self._rank.setdefault((c.name, v), (i, j))
        self._ref_texts: dict[Ref2, str] = {}
        self._csym = {c.name: term(c.name) for c in cats}
        self._vsym = {(c.name, v): term(v) for c in cats for v in c.values}
        self._cat_by_sym = {s: n for n, s in self._csym.items()}
        self._val_by_sym = {(c, s): v for (c, v), s in self._vsym.items()}
        self._cells = _grid_keys(inst)
        self._atoms = {k: _cell_atoms(self._terms(k)) for k in self._cells}
        self._kindex = {k: i for i, k in enumerate(self._cells)}
        names: dict[str, int] = {}
        for c in cats:
            for v in c.values:
                names[str(v).lower()] = names.get(str(v).lower(), 0) + 1
        self._shared_names = {n for n, k in names.items() if k > 1}
        self._writer: Any = None
        self._clue_texts: dict[Clue, str] = {}
        self._shared_parsed: dict[clingo.Symbol, tuple[Any, ...]] = {}
        self._made_where: dict[tuple[Any, ...], clingo.Symbol] = {}
        self._key_terms: dict[int, clingo.Symbol] = {}
        self._triples: _Triples | None = None
        self._game_lits: dict[PairKey, Any] = {}
        self._claim_lits: dict[tuple[PairKey, str], Any] = {}
        self._claimed: set[Any] = set()
        self._doubt: Any = None
        super().__init__(inst, rules, solution=solution)
        chosen = self.rules
        self._raw: Grounded | None = None
        if inst.raw_asp.strip() and any(r.id in ("clue_raw_asp", "raw_asp_broken")
                                        for r in chosen):
            self._raw = self._raw_program()
        self._fast: FastGrid | None = None
        if set(chosen) >= {r for r in self.catalogue if r.file is not None} \
                and not inst.raw_asp.strip():
            self._fast = FastGrid(inst)

    def _terms(self, key: PairKey) -> tuple[clingo.Symbol, ...]:
        (c1, v1), (c2, v2) = key
        return self._csym[c1], self._vsym[(c1, v1)], self._csym[c2], self._vsym[(c2, v2)]

    def make_stages(self, rules: tuple[RuleInfo, ...]) -> list[Stage]:
        """The rules but those over triples (the direct and the contradiction rules in stages
        of their own if :attr:`_lean`); and the rules over triples, shared by the puzzles of
        this shape (:class:`_Triples`, solved by :meth:`_solve`)."""
        facts = "".join(f"{f}.\n" for f in (*self._facts, *self.rule_facts()))
        text = "".join(file_text(f) for f in (BOARD, SHOW)) + facts
        n = len(self._cells)
        first = [r for r in rules if r.file is not None and r.id not in HEAVY]
        parts = [[r for r in first if r.kind is k] for k in (Kind.DIRECT, Kind.CONTRADICTION)] \
            if self._lean else [first]
        out = [Stage(tuple(mine), text + "".join(file_text(f) for f in rule_files(mine)),
                     Terms([]), (TRUE, FALSE), n, what="logic-grid rule")
               for mine in parts if mine]
        heavy = tuple(r for r in rules if r.id in HEAVY)
        if heavy:
            self._triples = _shared_triples(tuple(len(c.values) for c in self.inst.categories),
                                            heavy, ("--heuristic=None",))
            out.append(Stage(heavy, "", Terms([]), (TRUE, FALSE), n, late=True))
        return out

    def _solve(self, stage: Stage, board: Board, *, rebake: bool = False) -> list[Hit]:
        return self._triples_hits(board) if stage.late else super()._solve(stage, board)

    def _claim(self, key: PairKey, value: str) -> clingo.Symbol:
        """pairs.lp's claim/5 atom (its two categories in clingo's order of terms)."""
        a, b = key
        if self._csym[b[0]] < self._csym[a[0]]:
            a, b = b, a
        return _F("claim", [self._csym[a[0]], self._vsym[a], self._csym[b[0]], self._vsym[b],
                            _F(value)])

    def entails(self, board: Board, sets: Sets, links: tuple[Link, ...] = ()) -> bool:
        """Do the board and the game force every claim? On a board that agrees with the
        puzzle's one solution, whether the solution has them (:class:`StagedReasoner`); else
        one short solve: the claims are set as externals (pairs.lp), and the board, as
        assumptions on solver literals (looked up once: a look-up by symbol costs more than
        the solve), with ``doubt`` (some claim wrong) must have no answer."""
        if not sets:
            return True
        if self._consistent(board):
            return super().entails(board, sets, links)
        game = self._game
        lits = self._game_lits
        if not lits:
            for k in self._cells:
                lits[k] = game.literal(self._atoms[k][2])
                for v in (TRUE, FALSE):
                    self._claim_lits[k, v] = game.literal(self._claim(k, v))
            self._doubt = game.literal(_F("doubt", []))
        claims = {self._claim_lits[kv] for kv in sets}
        for lit in self._claimed ^ claims:
            game.ctl.assign_external(lit, lit in claims)
        self._claimed = claims
        assumptions = [self._doubt, *(lits[k] if v == TRUE else -lits[k]
                                      for k, v in board.cells.items())]
        conf: Any = game.ctl.configuration.solve
        conf.models, conf.enum_mode = "1", "auto"
        return bool(game.ctl.solve(assumptions=assumptions).unsatisfiable)

    # --- what the reasoner needs ---------------------------------------------------------------

    def rule_facts(self) -> Sequence[clingo.Symbol]:
        return [_F("corder", [self._csym[c.name], clingo.Number(i)])
                for i, c in enumerate(self.inst.categories, 1)]

    def complete(self, board: Board) -> bool:
        """Is every cell known? (asked at every step: a board with fewer cells than the grid,
        the usual answer, is told at once)"""
        return len(board.cells) >= len(self._cells) and super().complete(board)

    def values(self, key: Any) -> Sequence[str]:
        return (TRUE, FALSE)

    def key_of(self, t: clingo.Symbol) -> PairKey:
        return self._key_from(t)

    def solution_board(self, solution: Any) -> Board:
        sol: LogicGridSolution = solution
        entity: dict[Ref2, int] = {}
        for e, group in enumerate(sol.groups):
            for c, v in group:
                entity[(c, v)] = e
        return Board({k: TRUE if entity.get(k[0]) == entity.get(k[1]) else FALSE
                      for k in self._cells})

    # --- evaluating the rules, in stages ----------------------------------------------------------

    def _triples_hits(self, board: Board) -> list[Hit]:
        """The rule instances over triples (:data:`HEAVY`) on the board, by the program shared
        by the puzzles of this shape (:class:`_Triples`)."""
        sh = self._triples
        assert sh is not None
        kindex = self._kindex
        want = {kindex[k]: v for k, v in board.cells.items() if k in kindex}
        symbols: list[clingo.Symbol] = []
        with sh.lock:
            ctl = sh.g.ctl
            seen, sh.state = sh.state, None
            changed = range(len(sh.lits)) if seen is None else \
                {i for i, _ in want.items() ^ seen.items()}
            for i in changed:
                pair = sh.lits[i]
                if pair is not None:
                    v = want.get(i)
                    ctl.assign_external(pair[0], v == TRUE)
                    ctl.assign_external(pair[1], v == FALSE)
            sh.state = want
            # a stratified program: exactly one answer set, found by propagation alone
            ctl.solve(on_model=lambda m: symbols.extend(m.symbols(shown=True)))
        self.evaluations += 1
        cache, made, keys = self._shared_parsed, self._made_where, self._cells

        def parse(sym: clingo.Symbol) -> tuple[Any, ...]:
            parsed = cache.get(sym)
            if parsed is None:
                read = sh.read(sym)
                where = made.get(read[2])
                if where is None:
                    where = made[read[2]] = self._made(read[2])
                parsed = (read[0], read[1], where, keys[read[3]], read[4]) \
                    if read[0] == "sets" else (read[0], read[1], where)
                cache[sym] = parsed
            return parsed

        return group_hits(map(parse, symbols), self._info)

    def _made(self, recipe: tuple[Any, ...]) -> clingo.Symbol:
        """A term of the shared program over triples in this puzzle's names (a cell's key
        term, a category, or a term made of them), from its recipe (:meth:`_Triples.read`)."""
        kind = recipe[0]
        if kind == "key":
            k = recipe[1]
            t = self._key_terms.get(k)
            if t is None:
                t = self._key_terms[k] = _F("p", list(self._terms(self._cells[k])))
            return t
        if kind == "cat":
            return self._csym[self.inst.categories[recipe[1]].name]
        if kind == "fun":
            return _F(recipe[1], [self._made(r) for r in recipe[3]], recipe[2])
        t = recipe[1]
        assert isinstance(t, clingo.Symbol)
        return t

    def hits(self, board: Board) -> list[Hit]:
        """The rule instances of the first stages (every rule but those over triples)."""
        return self._sorted([h for st in self._stages if not st.late
                             for h in self._solve(st, board)])

    def _sorted(self, hits: list[Hit]) -> list[Hit]:
        hits.sort(key=lambda h: (self._order[h.rule.id], h.where))
        return hits

    def _all_hits(self, board: Board, rule_id: str | None = None,  # type: ignore[override]
                  ) -> list[Hit]:
        """The rule instances on the board, in order of preference (``rule_id``: of one rule
        only). The rules over triples (:data:`HEAVY`) are evaluated only when the others set
        nothing new, or on a player's board (a check lists every broken rule), or when asked
        for by name; the raw-ASP rules only when nothing else applies or fires; a stage of
        contradiction rules only on a board that does not agree with the puzzle's one solution
        (on the whole grid of that solution, nothing: no rule sets anything on a complete
        board)."""
        player = isinstance(board, PlayerBoard)
        agrees = self._consistent(board)
        if rule_id is None and not player and agrees and len(board.cells) == len(self._cells):
            return []
        hits = [h for st in self._stages if not st.late and rule_id not in HEAVY
                and not (agrees and st not in self._direct_stages)
                for h in self._solve(st, board)]
        new = any(board.cells.get(k) != v for h in hits if h.rule.kind is Kind.DIRECT
                  for k, v in h.sets)
        if self._late_stages and (player or not new or rule_id in HEAVY):
            hits += self._triples_hits(board)
        if self._raw is not None and not any(h.rule.kind is Kind.CONTRADICTION for h in hits):
            hits += self._raw_hits(board, new=any(
                board.cells.get(k) != v for h in hits if h.rule.kind is Kind.DIRECT
                for k, v in h.sets))
        if rule_id is not None:
            hits = [h for h in hits if h.rule.id == rule_id]
        return self._sorted(hits)

    def _split(self, board: Board) -> tuple[list[Hit], list[Hit]]:
        """The hits on the board: direct ones that set something new (every instance of a grid
        rule, :data:`BULK`, as one hit), and contradictions."""
        return self._group(board, self._all_hits(board))

    evaluate = AspReasoner.evaluate

    def _group(self, board: Board, hits: list[Hit]) -> tuple[list[Hit], list[Hit]]:
        direct: list[Hit] = []
        contradictions: list[Hit] = []
        bulk: dict[str, _Bulk] = {}
        for h in hits:
            if h.rule.kind is Kind.CONTRADICTION:
                contradictions.append(h)
                continue
            new, _ = board.new_in(h.sets, ())
            if not new:
                continue
            h = Hit(h.rule, h.where, list(new))  # (a stage keeps the hits it found)
            if h.rule.id not in BULK:
                direct.append(h)
                continue
            group = bulk.get(h.rule.id)
            if group is None:
                group = bulk[h.rule.id] = _Bulk(h.rule, _F("bulk", []))
                direct.append(group)
            group.parts.append(h)
        for group in bulk.values():
            seen: dict[Any, str] = {}
            for part in group.parts:
                # each cell is said once, by the first instance that sets it (two instances
                # cannot disagree on a board that has a solution; on one that has none,
                # anything follows)
                mine = [(k, v) for k, v in part.sets if k not in seen]
                seen.update(mine)
                part.sets = mine
            group.parts = [p for p in group.parts if p.sets]
            group.sets = sorted(seen.items())
        return direct, contradictions

    def probe(self, board: Board, sets: Sets, links: tuple[Link, ...]) -> Probe:
        """Follow the direct rules from ``board`` plus an assumption (for the case-split search):
        with the Python transcription of the rule files (:mod:`.fast`), which deduces what they
        deduce, in the same stages; with the rule files themselves for raw ASP."""
        if self._fast is None:
            return super().probe(board, sets, links)
        return self._fast.probe(board, sets, self.max_probe_rounds)

    def applications(self, board: Board, rule_id: str) -> list[Step]:
        """Every instance of a rule on the board (one step for a grid rule)."""
        direct, contradictions = self._group(board, self._all_hits(board, rule_id))
        return [self.describe(board, h) for h in direct + contradictions]

    # --- raw ASP ---------------------------------------------------------------------------------

    def _raw_program(self) -> Grounded:
        """The grid's rules (encoding.lp without clue facts) and the raw ASP: what the raw ASP
        forces by itself."""
        facts = tuple(f for f in PUZZLE.to_facts(self.inst)
                      if f.name in ("key", "category", "value", "position"))
        return Grounded(Program((*PUZZLE.encodings(SolveOptions(), self.inst), PAIRS), facts,
                                PUZZLE.answer_signatures(SolveOptions()),
                                user_asp=PUZZLE.user_asp(self.inst)))

    def _raw_lines(self) -> str:
        """Where the raw ASP is: "lines 14-76" of the puzzle file (or how many lines)."""
        n = len(self.inst.raw_asp.rstrip("\n").splitlines())
        first = self.inst.raw_asp_line
        if not first:
            return f"{n} line{'s' if n != 1 else ''}"
        return f"line {first}" if n == 1 else f"lines {first}-{first + n - 1}"

    def _raw_hits(self, board: Board, new: bool) -> list[Hit]:
        """Clue broken (raw ASP) when the raw ASP rules the board out; else, unless ``new``
        (other rules set something), Clue (raw ASP) on one cell it forces, a true one first."""
        raw = self._raw
        if raw is None:
            return []
        base = self.assumptions(board)
        ids = {r.id for r in self.rules}
        if raw.satisfiable(base) is False:
            if "raw_asp_broken" not in ids:
                return []
            return [Hit(_INFO["raw_asp_broken"], _F("raw", []))]
        if new or "clue_raw_asp" not in ids:
            return []
        cautious = raw.cautious(base)
        if cautious is None:  # pragma: no cover - satisfiable just above
            return []
        brave = raw.brave(base) or frozenset()
        found: tuple[PairKey, str] | None = None
        for k in self._cells:
            if k in board.cells:
                continue
            atom = self._atoms[k][2]
            if atom in cautious:
                found = (k, TRUE)
                break
            if found is None and atom not in brave:
                found = (k, FALSE)
        if found is None:
            return []
        return [Hit(_INFO["clue_raw_asp"], _F("raw", []), [found])]

    # --- words -----------------------------------------------------------------------------------

    def ref(self, r: Ref2) -> str:
        """How a value reads: a name as it is; a number, or a name that two categories share,
        with its category ("House 2", "Animal cat")."""
        text = self._ref_texts.get(r)
        if text is None:  # written once per value: a step's words name many
            c, v = r
            if isinstance(v, int) or str(v).lower() in self._shared_names:
                text = f"{c} {v}"
            else:
                text = str(v)
            self._ref_texts[r] = text
        return text

    def _refs(self, rs: Sequence[Ref2]) -> str:
        """"House 1, 3 or 4"; "Alice or Bob"."""
        rs = sorted(rs, key=self._order_of)
        if rs and all(isinstance(v, int) for _, v in rs) and len({c for c, _ in rs}) == 1:
            texts = [str(v) for _, v in rs]
            texts[0] = f"{rs[0][0]} {texts[0]}"
        else:
            texts = [self.ref(r) for r in rs]
        if len(texts) == 1:
            return texts[0]
        return ", ".join(texts[:-1]) + " or " + texts[-1]

    def _order_of(self, r: Ref2) -> tuple[int, int]:
        return self._rank[r]

    def _key_order(self, k: PairKey) -> tuple[tuple[int, int], tuple[int, int]]:
        return self._order_of(k[0]), self._order_of(k[1])

    def words(self, sets: Sets, links: tuple[Link, ...] = ()) -> str:
        """"House 2 is Peter; Peter is not red or blue; House 1, 3 or 4 is not Alice": true
        cells first, then false cells in groups that share a value and the other category
        (the largest group first)."""
        parts: list[str] = []
        trues = sorted((k for k, v in sets if v == TRUE), key=self._key_order)
        parts += [f"{self.ref(a)} is {self.ref(b)}" for a, b in trues]
        left = {k for k, v in sets if v == FALSE}
        while left:
            groups: dict[tuple[Ref2, str], list[Ref2]] = {}
            for a, b in sorted(left, key=self._key_order):
                groups.setdefault((a, b[0]), []).append(b)
                groups.setdefault((b, a[0]), []).append(a)
            (one, _), others = max(groups.items(), key=lambda g: len(g[1]))
            parts.append(f"{self.ref(one)} is not {self._refs(others)}")
            left -= {self._pair(one, o) for o in others}
        return "; ".join(parts) if parts else "nothing new"

    def mistake(self, sets: Sets, links: tuple[Link, ...] = ()) -> str:
        (key, value), = sets
        a, b = key
        if value == TRUE:
            return f"{self.ref(a)} cannot be {self.ref(b)}"
        return f"{self.ref(a)} must be {self.ref(b)}"

    def encode(self, sets: Sets, links: tuple[Link, ...] = ()) -> list[JSON]:
        return [{"pair": [list(a), list(b)], "value": v == TRUE} for (a, b), v in sets]

    def clue_text(self, clue: Clue) -> str:
        if clue.text:
            return clue.text.strip()
        text = self._clue_texts.get(clue)
        if text is None:  # written once per clue: an explanation cites a clue many times
            if self._writer is None:
                from aspuzzle.puzzles.logicgrid.language import _Writer

                self._writer = _Writer(self.inst)
            text = self._clue_texts[clue] = str(self._writer.clue(clue))
        return text

    def _clue_of(self, where: clingo.Symbol) -> Clue:
        clue: Clue = self.inst.clues[where.arguments[0].number - 1]
        return clue

    def _sym_ref(self, c: clingo.Symbol, v: clingo.Symbol) -> Ref2:
        name = self._cat_by_sym[c]
        return name, self._val_by_sym[(name, v)]

    def describe(self, board: Board, hit: Hit) -> Step:
        """The step of one rule instance, or of every instance of a grid rule (a bulk hit)."""
        rule = hit.rule
        sets: Sets = tuple(sorted(hit.sets, key=lambda kv: self._key_order(kv[0])))
        parts = hit.parts if isinstance(hit, _Bulk) else [hit]
        if self._words_later:
            # the board kept as one byte per cell (a step may be kept long after the board)
            snap = bytearray(len(self._cells))
            kindex = self._kindex
            for k, v in board.cells.items():
                snap[kindex[k]] = 1 if v == TRUE else 2
            kept = bytes(snap)
            copies = [Hit(p.rule, p.where, list(p.sets)) for p in parts]
            return _worded_later(rule, sets, lambda: self._words_of(
                self._unsnap(kept), rule, copies))
        text, uses = self._words_of(board, rule, parts)
        return Step(rule.name, rule.kind, sets, (), uses, text, (), rule.id, rule.sheet)

    def _unsnap(self, kept: bytes) -> Board:
        keys = _grid_keys(self.inst)
        return Board({keys[i]: TRUE if b == 1 else FALSE for i, b in enumerate(kept) if b})

    def keep_words_only(self) -> None:
        """Keep only what the words of the steps made so far take (the puzzle, the names of
        its values, its clues' texts), to be written when first read (``words_later``): a
        generator keeps the grade of each puzzle it makes, and not the ground programs and
        tables of a reasoner with it. The reasoner evaluates nothing more."""
        keep = {"inst", "_cindex", "_rank", "_ref_texts", "_shared_names", "_csym", "_vsym",
                "_cat_by_sym", "_val_by_sym", "_writer", "_clue_texts", "_words_later",
                "rules"}
        for name in [n for n in self.__dict__ if n not in keep]:
            del self.__dict__[name]

    def _words_of(self, board: Board, rule: RuleInfo,
                  parts: list[Hit]) -> tuple[str, tuple[Use, ...]]:
        """The words of a step: the sentences of its parts, and the facts they used."""
        uses: list[Use] = []
        texts: list[str] = []
        if rule.id == "bijectivity":
            parts = self._by_true_cell(board, parts)
        for part in parts:
            text, used = self._phrase(board, part)
            if text.startswith(("every ", "the ")):
                text = text[0].upper() + text[1:]
            texts.append(_sentence(text))
            uses += used
        return " ".join(texts), tuple(uses)

    def _by_true_cell(self, board: Board, parts: list[Hit]) -> list[Hit]:
        """Bijectivity's instances (a row of a sub-grid with a true cell each) regrouped by
        their true cell, which rules out cells in its row and its column: one sentence each."""
        by_cell: dict[PairKey, Hit] = {}
        for part in parts:
            args = part.where.arguments
            a = self._sym_ref(args[0], args[1])
            b = self._match(board, a, self._cat_by_sym[args[2]])
            assert b is not None
            key = self._pair(a, b)
            got = by_cell.get(key)
            if got is None:
                got = by_cell[key] = Hit(part.rule, self._key_term(key))
            got.sets += part.sets
        return [by_cell[k] for k in sorted(by_cell, key=self._key_order)]

    def _key_term(self, key: PairKey) -> clingo.Symbol:
        return _F("p", list(self._terms(key)))

    def _key_from(self, t: clingo.Symbol) -> PairKey:
        """The cell of a key term ``p(C1, V1, C2, V2)`` (as :meth:`key_of`, from its terms)."""
        args = t.arguments
        return self._sym_ref(args[0], args[1]), self._sym_ref(args[2], args[3])

    def _phrase(self, board: Board, hit: Hit) -> tuple[str, list[Use]]:
        """One rule instance in words (its rule file's sentence, ``says``, filled), and the
        facts it used."""
        rule, where = hit.rule, hit.where
        rid = rule.id
        sets: Sets = tuple(sorted(hit.sets, key=lambda kv: self._key_order(kv[0])))
        values = {"so": self.words(sets)}
        args = where.arguments
        ref = self.ref
        uses: list[Use]
        if where.name == "clue":
            clue = self._clue_of(where)
            uses = [_use("clue", tuple(k for k, _ in sets), clue=clue.number)]
            values.update(n=str(clue.number), clue=_sentence(self.clue_text(clue)))
            if rule.kind is Kind.CONTRADICTION:
                values["broken"] = self._broken(board, clue)
            elif isinstance(clue, Same | NotSame) and len(sets) == 1:
                # said in the clue's own order: "Prince John is dungeon"
                verb = "is" if isinstance(clue, Same) else "is not"
                values["so"] = f"{ref(_r2(clue.a))} {verb} {ref(_r2(clue.b))}"
            else:
                values["why"] = self._clue_why(board, clue, sets)
        elif where.name == "raw":
            values["lines"] = self._raw_lines()
            uses = [Use("raw_asp")] if rule.kind is Kind.CONTRADICTION else \
                [_use("raw_asp", tuple(k for k, _ in sets))]
        elif rid == "bijectivity":
            key = self._key_from(where)
            values.update(a=ref(key[0]), b=ref(key[1]))
            uses = [_use("true", (key,))]
        elif rid in ("last_possibility", "no_match", "two_matches"):
            a = self._sym_ref(args[0], args[1])
            cat = self._cat_by_sym[args[2]]
            line = [self._pair(a, (cat, w)) for w in self.inst.category(cat).values]
            uses = [_use("line", tuple(line))]
            # "every price", not "every prices": a lower-case plural category name as a noun
            values.update(a=ref(a), noun=singular(cat) if cat.islower() else cat)
            if rid == "two_matches":
                got = [k for k in line if board.cells.get(k) == TRUE]
                values["both"] = " and ".join(ref(k[1] if k[0] == a else k[0]) for k in got)
        elif rid in ("transitivity", "transitivity_broken"):
            key = self._key_from(where if where.name == "p" else args[0])
            a, c = key
            if rid == "transitivity_broken" or sets[0][1] == TRUE:
                b = self._common_match(board, a, c)
                uses = [_use("true", (self._pair(a, b), self._pair(c, b)))]
                if rid == "transitivity_broken":
                    uses.append(_use("false", (key,)))
                verb, d = "is", b
            else:  # a (or c) is B of the category, which the other is not (or is another)
                cat = self._cat_by_sym[args[1]]
                b_ = self._match(board, a, cat)
                if b_ is None:
                    a, c = c, a
                    b_ = self._match(board, a, cat)
                assert b_ is not None
                b = b_
                other = self._match(board, c, cat)
                verb, d = ("is", other) if other is not None else ("is not", b)
                uses = [_use("cells", (self._pair(a, b), self._pair(c, d)))]
            values.update(a=ref(a), b=ref(b), c=ref(c), verb=verb, d=ref(d))
        elif rid == "cross_elimination":
            key = self._key_from(args[0])
            cat = self._cat_by_sym[args[1]]
            a, b = key
            line = [self._pair(r, (cat, w)) for r in (a, b)
                    for w in self.inst.category(cat).values]
            values.update(a=ref(a), b=ref(b), cat=cat)
            uses = [_use("cells", tuple(line))]
        else:  # pragma: no cover
            raise RuntimeError(f"no words for the logic-grid rule {rid}")
        return fill(rule.says, values), uses

    def _match(self, board: Board, a: Ref2, cat: str) -> Ref2 | None:
        """The value of ``cat`` that ``a`` is (a true cell), if known."""
        for w in self.inst.category(cat).values:
            if self._state(board, a, (cat, w)) == TRUE:
                return cat, w
        return None

    def _common_match(self, board: Board, a: Ref2, c: Ref2) -> Ref2:
        """A value of a third category that both ``a`` and ``c`` are (a common match)."""
        for cat in self.inst.categories:
            if cat.name in (a[0], c[0]):
                continue
            for w in cat.values:
                b = (cat.name, w)
                if self._state(board, a, b) == TRUE and self._state(board, c, b) == TRUE:
                    return b
        raise RuntimeError(f"no common match of {a} and {c}")  # pragma: no cover

    def _pair(self, a: Ref2, b: Ref2) -> PairKey:
        return (a, b) if self._cindex[a[0]] < self._cindex[b[0]] else (b, a)

    def _state(self, board: Board, a: Ref2, b: Ref2) -> str | None:
        if a[0] == b[0]:
            return TRUE if a == b else FALSE
        return board.cells.get(self._pair(a, b))

    def _places(self, board: Board, r: Ref2, on: str) -> list[Value]:
        """The values of the ordered category ``on`` that ``r`` may still have."""
        return [w for w in self.inst.category(on).values
                if self._state(board, r, (on, w)) != FALSE]

    def _clue_why(self, board: Board, clue: Clue, sets: Sets) -> str:
        """For an ordering clue: where each side may stand now (with a trailing space)."""
        if not isinstance(clue, Before | Apart):
            return ""
        on = clue.on
        if not any(k[0][0] == on or k[1][0] == on for k, _ in sets):
            return ""
        out = []
        for r in (_r2(clue.a), _r2(clue.b)):
            places = self._places(board, r, on)
            if r[0] != on and 0 < len(places) < len(self.inst.category(on).values):
                out.append(f"{self.ref(r)} may be {self._refs([(on, w) for w in places])}")
        return ("; ".join(out) + ". ") if out else ""

    def _broken(self, board: Board, clue: Clue) -> str:
        """Why a clue is broken by the board, in words."""
        if isinstance(clue, OneOf):
            subject = _r2(clue.a)
            held = [_r2(o) for o in clue.options if self._state(board, subject, _r2(o)) == TRUE]
            if clue.exclusive and len(held) > 1:
                return f"But {self.ref(subject)} is both {' and '.join(map(self.ref, held))}."
            return f"But {self.ref(subject)} is none of them on the board."
        assert isinstance(clue, Same | NotSame | Before | Apart)
        a, b = _r2(clue.a), _r2(clue.b)
        if isinstance(clue, Same):
            return f"But {self.ref(a)} is not {self.ref(b)} on the board."
        if isinstance(clue, NotSame):
            return f"But {self.ref(a)} is {self.ref(b)} on the board."
        if isinstance(clue, Before | Apart):
            if self._state(board, a, b) == TRUE:
                return f"But {self.ref(a)} is {self.ref(b)} on the board."
            return (f"But no place left for {self.ref(a)} and {self.ref(b)} on {clue.on} "
                    f"fits it.")
        return "But the board breaks it."  # pragma: no cover

    # --- case splits -----------------------------------------------------------------------------

    def cases(self, ev: Evaluation) -> list[Case]:
        """Where does a value go? One branch per value of another category still possible for
        it (fewest first), from the rows and columns of the sub-grids of the key category
        (:attr:`all_case_lines`: of every sub-grid)."""
        board = ev.board
        r = _INFO["where_case"]
        found: list[tuple[int, int, Case]] = []
        for i, c1 in enumerate(self.inst.categories):
            for v1 in c1.values:
                a = (c1.name, v1)
                for j, c2 in enumerate(self.inst.categories):
                    if i == j or not (self.all_case_lines or i == 0 or j == 0):
                        continue
                    line = [self._pair(a, (c2.name, w)) for w in c2.values]
                    states = [board.cells.get(k) for k in line]
                    if TRUE in states:
                        continue
                    open_ = [(c2.name, w) for w, s in zip(c2.values, states, strict=True)
                             if s is None]
                    if len(open_) < 2:
                        continue
                    branches = tuple(
                        (f"{self.ref(a)} is {self.ref(o)}", ((self._pair(a, o), TRUE),), ())
                        for o in open_)
                    found.append((len(open_), len(found), Case(
                        r.name, r.id, r.sheet,
                        f"{self.ref(a)} is {self._refs(open_)}",
                        (_use("line", tuple(line)),), branches)))
        found.sort(key=lambda t: (t[0], t[1]))
        return [c for _, _, c in found]


def _grid_keys(inst: LogicGridInstance) -> list[PairKey]:
    """Every cell of the grid, in the reasoner's order (:meth:`LogicGridReasoner.keys`)."""
    cats = inst.categories
    return [((a.name, va), (b.name, vb)) for i, a in enumerate(cats) for b in cats[i + 1:]
            for va in a.values for vb in b.values]


def _use(kind: str, keys: Sequence[PairKey] = (), clue: int | None = None) -> Use:
    """A fact a step used; its ``cells`` are grid cells (pairs of values), written in JSON as
    ``[[category, value], [category, value]]``."""
    return Use(kind, cast(Any, tuple(keys)), clue=clue)


def _r2(r: Ref) -> Ref2:
    return r.category, r.value


def _sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith((".", "!", "?")) else text + "."


# --- a player's board -------------------------------------------------------------------------

MARKS = {"o": TRUE, "x": FALSE, ".": None}
"""A player's marks: ``O`` (the two values go together), ``X`` (they do not), ``.`` (not
known yet); in any case."""



def _header(head: str) -> tuple[str, str] | None:
    """The two categories of a block header 'CATEGORY / CATEGORY' (the text before its ':'),
    or None. (Split, not matched by a pattern like ``\\s*([^/|]+?)\\s*/``: that backtracks over
    every blank of a long run, seconds for a line of 20,000.)"""
    parts = head.split("/")
    if len(parts) != 2 or "|" in head:
        return None
    a, b = parts[0].strip(), parts[1].strip()
    return (a, b) if a and b else None


def _norm(s: str) -> str:
    return " ".join(s.replace("_", " ").lower().split())


def write_board(inst: LogicGridInstance, board: Board) -> str:
    """A board in the player's text format (see :func:`read_board`)."""
    cats = inst.categories
    lines: list[str] = []
    for i, a in enumerate(cats):
        for b in cats[i + 1:]:
            if lines:
                lines.append("")
            lines.append(f"{a.name} / {b.name}: {', '.join(map(str, b.values))}")
            width = max(len(str(v)) for v in a.values)
            for va in a.values:
                marks = []
                for vb in b.values:
                    m = board.cells.get(((a.name, va), (b.name, vb)))
                    marks.append("O" if m == TRUE else "X" if m == FALSE else ".")
                lines.append(f"{str(va).ljust(width)} | {' '.join(marks)}")
    return "\n".join(lines) + "\n"


def read_board(text: str, inst: LogicGridInstance) -> tuple[Board, list[Step]]:
    """A player's board: one block per pair of categories, a header line ``CAT1 / CAT2`` (the
    values of CAT2 may follow a ``:``, as a reminder of the columns' order; if given they must
    be CAT2's values in the puzzle's order), then one line per value of CAT1: the value, ``|``,
    and one mark per value of CAT2 in the puzzle's order (``O`` true, ``X`` false, ``.``
    unknown; spaces between marks optional). Blocks may come in any order and be left out (all
    unknown); ``#`` starts a comment line. Raises InputError naming the line and the cell."""
    cats = {_norm(c.name): c for c in inst.categories}
    order = {c.name: i for i, c in enumerate(inst.categories)}
    cells: dict[PairKey, str] = {}
    seen: set[tuple[str, str]] = set()
    block: tuple[Any, Any, list[Value]] | None = None
    rows_seen: set[Value] = set()

    lines = text.splitlines()
    for n, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        where = Location(line=n)
        if "|" not in line:
            head, _, listed = line.partition(":")
            named = _header(head)
            if named is None:
                raise InputError(f"expected a block header 'CATEGORY / CATEGORY' or a row "
                                 f"'VALUE | marks', found '{_short(line)}'", where)
            ca, cb = cats.get(_norm(named[0])), cats.get(_norm(named[1]))
            for name, c in ((named[0], ca), (named[1], cb)):
                if c is None:
                    raise InputError(f"unknown category '{_short(name)}' (categories: "
                                     f"{', '.join(c2.name for c2 in inst.categories)})", where)
            assert ca is not None and cb is not None
            if ca.name == cb.name:
                raise InputError(f"a block pairs '{ca.name}' with itself", where)
            pair = tuple(sorted((ca.name, cb.name), key=order.__getitem__))
            if pair in seen:
                raise InputError(f"the block '{pair[0]} / {pair[1]}' is given twice", where)
            seen.add((pair[0], pair[1]))
            if listed.strip():
                got = _norm(",".join(x.strip() for x in listed.split(",")))
                want = _norm(",".join(str(v) for v in cb.values))
                if got != want:
                    raise InputError(f"the columns of '{ca.name} / {cb.name}' must be the "
                                     f"values of '{cb.name}' in the puzzle's order: "
                                     f"{', '.join(map(str, cb.values))}", where)
            block = (ca, cb, list(cb.values))
            rows_seen = set()
            continue
        if block is None:
            raise InputError("a row before any block header 'CATEGORY / CATEGORY'", where)
        ca, cb, cols = block
        label, _, marks_text = line.partition("|")
        by_label = {_norm(str(v)): v for v in ca.values}
        va = by_label.get(_norm(label))
        if va is None:
            raise InputError(f"'{label.strip()}' is not a value of '{ca.name}' (block "
                             f"'{ca.name} / {cb.name}')", where)
        if va in rows_seen:
            raise InputError(f"the row of {ca.name} '{va}' is given twice in the block "
                             f"'{ca.name} / {cb.name}'", where)
        rows_seen.add(va)
        marks = marks_text.replace(" ", "").replace("\t", "")
        row = list(ca.values).index(va) + 1
        if len(marks) != len(cols):
            raise InputError(f"the row of {ca.name} '{va}' has {len(marks)} mark"
                             f"{'s' if len(marks) != 1 else ''}, expected {len(cols)} (one per "
                             f"{cb.name})", Location(line=n, cell=(row, min(len(marks),
                                                                              len(cols)) + 1)))
        for j, (mark, vb) in enumerate(zip(marks, cols, strict=True), 1):
            if mark.lower() not in MARKS:
                raise InputError(f"'{mark}' is not a mark (use O, X or .) for {ca.name} '{va}' "
                                 f"/ {cb.name} '{vb}'", Location(line=n, cell=(row, j)))
            value = MARKS[mark.lower()]
            if value is not None:
                a2, b2 = (ca.name, va), (cb.name, vb)
                key = (a2, b2) if order[ca.name] < order[cb.name] else (b2, a2)
                cells[key] = value
    return PlayerBoard(cells), []


def _short(s: str) -> str:
    return s if len(s) <= 40 else s[:37] + "..."


# --- check-step's --set items -----------------------------------------------------------------

def _find_ref(text: str, inst: LogicGridInstance) -> Ref2:
    cat_text, sep, value_text = text.partition(":")
    cats = inst.categories
    if sep:
        cat = next((c for c in cats if _norm(c.name) == _norm(cat_text)), None)
        if cat is None:
            raise UsageError(f"--set: unknown category '{_short(cat_text)}' (categories: "
                             f"{', '.join(c.name for c in cats)})")
        found = [(cat.name, v) for v in cat.values if _norm(str(v)) == _norm(value_text)]
        if not found:
            raise UsageError(f"--set: '{value_text}' is not a value of '{cat.name}'")
        return found[0]
    found = [(c.name, v) for c in cats for v in c.values if _norm(str(v)) == _norm(text)]
    if not found:
        raise UsageError(f"--set: '{text}' is not a value of any category; write "
                         f"CATEGORY:VALUE")
    if len(found) > 1:
        raise UsageError(f"--set: '{text}' is a value of "
                         f"{' and '.join(repr(c) for c, _ in found)}; write CATEGORY:VALUE")
    return found[0]


def parse_set(item: str, inst: LogicGridInstance) -> list[tuple[PairKey, str]]:
    """``"Name:Peter=House:2"`` (the two go together) or ``"Name:Peter!=House:2"`` (they do
    not) -> the grid cell and ``"true"`` / ``"false"``. ``CATEGORY:`` may be left out when the
    value names one category's value only; write ``_`` for a space (``science_fiction``)."""
    if "!=" in item:
        left, right, value = *item.split("!=", 1), FALSE
    elif "=" in item:
        left, right, value = *item.split("=", 1), TRUE
    else:
        raise UsageError(f"--set: '{item}' has no '=' or '!='; write CAT:VALUE=CAT:VALUE "
                         f"(they go together) or CAT:VALUE!=CAT:VALUE (they do not)")
    a, b = _find_ref(left, inst), _find_ref(right, inst)
    if a[0] == b[0]:
        raise UsageError(f"--set: '{item}' pairs two values of '{a[0]}': the grid pairs "
                         f"values of different categories")
    order = {c.name: i for i, c in enumerate(inst.categories)}
    key = (a, b) if order[a[0]] < order[b[0]] else (b, a)
    return [(key, value)]


# --- the reasoning kit ------------------------------------------------------------------------

def reasoning() -> Any:
    from aspuzzle.puzzles.base import Reasoning

    return Reasoning(
        reasoner=LogicGridReasoner, catalogue=CATALOGUE, read_state=read_board,
        parse_set=parse_set, mark_formats=(),
        state_help="one block per pair of categories: 'CAT1 / CAT2', then 'VALUE | O X . ...' "
                   "per value of CAT1 (O true, X false, . unknown)",
        set_help="CAT:VALUE=CAT:VALUE (go together) or CAT:VALUE!=CAT:VALUE (do not)")
