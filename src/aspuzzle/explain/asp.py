"""A reasoner whose rules are ASP files: the common part of every puzzle type's reasoner.

A puzzle type's reasoner subclasses :class:`AspReasoner` and says only what is its own: the
board's keys and values, how a key and value read in the rule programs (an external atom) and
in the game's encoding (a literal), and the words of each rule. Everything else is here:

* **the rules** (``board.lp`` of the type, :data:`SHOW` and one file per rule) are grounded once
  with the instance facts; the board is given as externals, one per key and value, set before
  each evaluation. One solve (propagation alone: the rule programs are stratified) yields
  every rule instance, as the rule files report it::

      sets(Rule, Where, Key, Value)    % the instance Where of Rule sets Key to Value
      contradiction(Rule, Where)       % the board breaks the game, as Rule shows at Where

  ``Rule`` is the rule's id (its file name), ``Where`` any term that tells rule instances
  apart (``row(3)``, ``cell(2, 4)``, ``clue(5)``), ``Key`` a term the reasoner reads as a board
  key (:meth:`AspReasoner.key_of`), ``Value`` a constant: the board value.
* **the game** (the type's encoding) re-proves each step: the board as assumptions, a claim is
  re-proven when the board plus its negation has no answer. Solutions, cautious and brave
  consequences come from the same grounding.
* **probes** for the case-split search propagate the ASP rules themselves (every direct step of
  a round at once), so nothing is written twice.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.resources.abc import Traversable
from typing import Any

import clingo

from aspuzzle.engine import Grounded, Program
from aspuzzle.explain.loop import Case, Evaluation, Probe, ReasonerBase
from aspuzzle.explain.rules import RuleInfo, by_name, rule_files
from aspuzzle.explain.steps import Board, FirstThenEvery, Key, Kind, Link, Step
from aspuzzle.puzzles.base import Puzzle, SolveOptions, lp_file

__all__ = ["SHOW", "AspReasoner", "Hit", "group_hits"]

SHOW = lp_file("aspuzzle.explain", "show.lp")
Sets = tuple[tuple[Key, str], ...]
Literal = tuple[clingo.Symbol, bool]


@dataclass
class Hit:
    """One instance of a rule on a board: the rule, where (the ``Where`` term), what it sets."""

    rule: RuleInfo
    where: clingo.Symbol
    sets: list[tuple[Key, str]] = field(default_factory=list)


def _described(reasoner: AspReasoner, board: Board, hits: list[Hit]) -> FirstThenEvery[Hit]:
    """The steps of some hits on a board, each described when first looked at: an evaluation
    lists every rule instance that applies, and a run of the rules takes only the first."""
    return FirstThenEvery(board, lambda: hits[0] if hits else None, lambda: hits,
                          reasoner.describe)


def group_hits(parsed: Iterable[tuple[Any, ...]], info: Mapping[str, RuleInfo]) -> list[Hit]:
    """A rule program's shown atoms, parsed as ``("sets", rule id, where, key, value)`` or
    ``("contradiction", rule id, where)``, as one hit per rule instance, in the order first
    met."""
    found: dict[tuple[str, Any], Hit] = {}
    for p in parsed:
        rid, where = p[1], p[2]
        hit = found.get((rid, where))
        if hit is None:
            hit = found[(rid, where)] = Hit(info[rid], where)
        if p[0] == "sets":
            hit.sets.append((p[3], p[4]))
    return list(found.values())


class AspReasoner(ReasonerBase):
    """The rules of one puzzle type on the boards of one puzzle (see the module docstring).

    ``rules`` chooses the rule files to ground; tests evaluate one rule at a time with it.
    Explanations need the whole catalogue.
    """

    type: str
    puzzle: Puzzle
    catalogue: tuple[RuleInfo, ...]
    board_lp: Traversable
    """The type's board program: the externals and the vocabulary its rules share."""
    game_lp: tuple[Traversable, ...] = ()
    """Extra programs grounded with the game's encoding (e.g. atoms that name board keys the
    encoding has no single atom for, so that :meth:`literal` can point at them)."""
    max_probe_rounds = 200
    lazy_game = False
    rules_args: tuple[str, ...] = ()
    """clingo options of the rule programs (e.g. ``--heuristic=None``: a stratified program's
    one answer set is found by propagation alone, and a solve need not rank the atoms)."""
    """Ground the game's program only when first solved (a type whose puzzles are read from
    files with raw ASP keeps it False: errors in it are then said when the reasoner is made)."""

    def __init__(self, inst: Any, rules: Sequence[RuleInfo] | None = None) -> None:
        self.inst = inst
        self.rules = tuple(self.catalogue if rules is None else rules)
        consts = self.puzzle.constants(inst)
        options = SolveOptions()
        # the programs' sources are made when first grounded, and the instance's facts with
        # them: a reasoner that solves its rules in programs of its own and never grounds the
        # game (Hitori's, for a generated puzzle) needs neither (a 20x20 Hitori: 400 clingo
        # symbols, some 2 ms)
        self._rule_args = ((self.board_lp, SHOW, *rule_files(self.rules)),
                           tuple(self.rule_facts()), consts)
        self._game_args = ((*self.puzzle.encodings(options, inst), *self.game_lp),
                           self.puzzle.answer_signatures(options), self.puzzle.user_asp(inst),
                           consts)
        self._facts_made: tuple[clingo.Symbol, ...] | None = None
        self._rules_program: Grounded | None = None
        self._game_program: Grounded | None = None
        if not self.lazy_game:
            self._game_program = Grounded(self._game_source)  # errors in raw ASP: said here
        self._keys = tuple(self.keys())
        self._externals_made: dict[Key, list[tuple[str, clingo.Symbol]]] | None = None
        self._last: dict[Key, str] = {}
        self._first = True
        self._parsed: dict[clingo.Symbol, tuple[Any, ...]] = {}
        self._order = {r.id: i for i, r in enumerate(self.catalogue)}
        self._info = {r.id: r for r in self.catalogue}
        self._hint: tuple[Board, Board | None] | None = None
        self.evaluations = 0

    @property
    def _facts(self) -> tuple[clingo.Symbol, ...]:
        """The instance's facts (:meth:`Puzzle.to_facts`), made when first asked for."""
        if self._facts_made is None:
            self._facts_made = tuple(self.puzzle.to_facts(self.inst))
        return self._facts_made

    @property
    def _rules_source(self) -> Program:
        encodings, rule_facts, consts = self._rule_args
        return Program(encodings, self._facts + rule_facts, (), constants=consts)

    @property
    def _game_source(self) -> Program:
        encodings, signatures, user_asp, consts = self._game_args
        return Program(encodings, self._facts, signatures, user_asp=user_asp, constants=consts)

    @property
    def _externals(self) -> dict[Key, list[tuple[str, clingo.Symbol]]]:
        """Each key's values with their externals, made when first asked for."""
        if self._externals_made is None:
            self._externals_made = {k: [(v, self.external(k, v)) for v in self.values(k)]
                                    for k in self._keys}
        return self._externals_made

    @property
    def _game(self) -> Grounded:
        """The game's program (see :attr:`lazy_game`)."""
        if self._game_program is None:
            self._game_program = Grounded(self._game_source)
        return self._game_program

    @property
    def _rules(self) -> Grounded:
        """The rule programs, grounded when first solved (a reasoner that solves its rules in
        programs of its own, as Hitori's does, never grounds this one)."""
        if self._rules_program is None:
            self._rules_program = Grounded(self._rules_source, extra_args=self.rules_args)
        return self._rules_program

    # --- what a type says ----------------------------------------------------------------------

    def rule_facts(self) -> Sequence[clingo.Symbol]:
        """Facts given to the rule programs only, beyond the instance's (by default none)."""
        return ()

    def keys(self) -> Sequence[Key]:
        """Every key of a complete board, in reading order."""
        raise NotImplementedError

    def values(self, key: Key) -> Sequence[str]:
        """The values a key can take on the board."""
        raise NotImplementedError

    def external(self, key: Key, value: str) -> clingo.Symbol:
        """The external atom of the rule programs that says ``key`` has ``value``."""
        raise NotImplementedError

    def literal(self, key: Key, value: str) -> Literal:
        """The literal of the game encoding that says ``key`` has ``value``: an answer atom
        and whether it is true (``(shaded(2, 3), False)`` for an unshaded cell)."""
        raise NotImplementedError

    def key_of(self, term: clingo.Symbol) -> Key:
        """The board key of a ``Key`` term of the rule programs."""
        raise NotImplementedError

    def describe(self, board: Board, hit: Hit) -> Step:
        """The step (words and the facts it used) of one rule instance."""
        raise NotImplementedError

    def solution_board(self, solution: Any) -> Board:
        """The complete board of a solution."""
        raise NotImplementedError

    def cases(self, ev: Evaluation) -> Sequence[Case]:
        """The case splits on the board of ``ev``; by default none."""
        return []

    # --- evaluating the rule files -------------------------------------------------------------

    def _changed_externals(self, board: Board) -> list[tuple[clingo.Symbol, bool]]:
        out: list[tuple[clingo.Symbol, bool]] = []
        last = self._last
        for key in self._keys:
            v = board.cells.get(key)
            if self._first or last.get(key) != v:
                out += [(atom, v == value) for value, atom in self._externals[key]]
        self._first = False
        self._last = dict(board.cells)
        return out

    def _parse(self, sym: clingo.Symbol) -> tuple[Any, ...]:
        got = self._parsed.get(sym)
        if got is None:
            args = sym.arguments
            if sym.name == "sets":
                got = ("sets", args[0].name, args[1], self.key_of(args[2]), args[3].name)
            else:
                got = ("contradiction", args[0].name, args[1])
            self._parsed[sym] = got
        return got

    def hits(self, board: Board) -> list[Hit]:
        """Every rule instance that applies or fires on the board, as the rule files say."""
        self._rules.assign_externals(self._changed_externals(board))
        model = self._rules.first_model()
        self.evaluations += 1
        if model is None:  # stratified rule programs always have exactly one answer set
            raise RuntimeError(f"the {self.type} rule programs have no answer set")
        hits = sorted(group_hits(map(self._parse, model), self._info),
                      key=lambda h: (self._order[h.rule.id], h.where))
        for h in hits:
            h.sets.sort()
        return hits

    def _split(self, board: Board) -> tuple[list[Hit], list[Hit]]:
        """The hits on the board: direct ones that set something new (only what is new kept),
        and contradictions."""
        direct: list[Hit] = []
        contradictions: list[Hit] = []
        for h in self.hits(board):
            if h.rule.kind is Kind.CONTRADICTION:
                contradictions.append(h)
            else:
                new, _ = board.new_in(h.sets, ())
                if new:
                    h.sets = list(new)
                    direct.append(h)
        return direct, contradictions

    def evaluate(self, board: Board) -> Evaluation:
        direct, contradictions = self._split(board)
        return Evaluation(board, _described(self, board, direct),
                          _described(self, board, contradictions))

    def applications(self, board: Board, rule_id: str) -> list[Step]:
        """Every instance of a direct or contradiction rule on the board, described."""
        return [self.describe(board, h) for h in self.hits(board) if h.rule.id == rule_id]

    def rule(self, name: str) -> RuleInfo | None:
        return by_name(self.catalogue, name)

    def rule_names(self) -> list[str]:
        return [r.name for r in self.catalogue]

    # --- the game: re-proofs, solutions ---------------------------------------------------------

    def assumptions(self, board: Board) -> list[Literal]:
        return [self.literal(k, v) for k, v in board.cells.items()]

    def entails(self, board: Board, sets: Sets, links: tuple[Link, ...] = ()) -> bool:
        """Do the board and the game rules force every claim? (each claim's negation, added to
        the board, leaves no answer)"""
        base = self.assumptions(board)
        for key, value in sets:
            atom, truth = self.literal(key, value)
            if self._game.satisfiable([*base, (atom, not truth)]) is not False:
                return False
        return True

    def refutes(self, board: Board) -> bool:
        return self._game.satisfiable(self.assumptions(board)) is False

    def consistent_with(self, board: Board, sets: Sets, links: tuple[Link, ...] = ()) -> bool:
        """Is there a solution that agrees with the board plus these keys?"""
        extra = [self.literal(k, v) for k, v in sets]
        return self._game.satisfiable([*self.assumptions(board), *extra]) is not False

    def solutions(self, board: Board, n: int = 2) -> list[Any]:
        res = self._game.solve(n, assumptions=self.assumptions(board))
        return [self.puzzle.from_model(self.inst, sorted(a)) for a in res.answers]

    def solution_hint(self, board: Board) -> Board | None:
        """The solved board if exactly one solution agrees with ``board``, else None."""
        if self._hint is not None and self._hint[0] is board:
            return self._hint[1]
        sols = self.solutions(board, 2)
        hint = self.solution_board(sols[0]) if len(sols) == 1 else None
        self._hint = (board, hint)
        return hint

    def progress_possible(self, board: Board) -> bool:
        """Is some unknown key the same in every solution from ``board``?"""
        if self.solution_hint(board) is not None:
            return True
        base = self.assumptions(board)
        cautious = self._game.cautious(base)
        if cautious is None:  # no solution: a contradiction is there to be found
            return True
        brave = self._game.brave(base) or frozenset()
        for key in self._keys:
            if key in board.cells:
                continue
            for value in self.values(key):
                atom, truth = self.literal(key, value)
                if (atom in cautious) if truth else (atom not in brave):
                    return True
        return False

    def complete(self, board: Board) -> bool:
        return all(k in board.cells for k in self._keys)

    def final_check(self, board: Board) -> Step | None:
        return None

    # --- probes for the case-split search ------------------------------------------------------

    def probe(self, board: Board, sets: Sets, links: tuple[Link, ...]) -> Probe:
        """Apply every direct step of a round at once until nothing changes, a contradiction
        rule fires, or two rules disagree on a key."""
        b = board.with_(sets, links)
        for rounds in range(1, self.max_probe_rounds + 1):
            direct, contradictions = self._split(b)  # what the steps set; no words needed
            if contradictions:
                return Probe(True, b, rounds)
            new: dict[Key, str] = {}
            for hit in direct:
                for key, value in hit.sets:
                    if new.setdefault(key, value) != value:
                        return Probe(True, b, rounds)
            if not new:
                return Probe(False, b, rounds)
            b = b.with_(new.items())
        return Probe(False, b, self.max_probe_rounds)
