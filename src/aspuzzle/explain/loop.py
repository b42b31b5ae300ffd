"""The step engine: apply named rules one step at a time, re-prove each step, split cases.

A puzzle type supplies a :class:`Reasoner`: it evaluates its rules on a board (which direct
rules apply, which contradiction rules fire), lists the case splits available, re-proves a step
against the game rules, and probes a hypothetical board cheaply. The engine does the rest:

* at each point it takes the first direct step the reasoner offers (they come in order of
  preference, simplest first);
* when no direct rule applies, it looks for a case split: fewest branches first, and among
  those the one whose branches close soonest. Each branch is followed with the rules (nested
  splits only when allowed); each branch that dies ends in a named contradiction, and what holds
  in every surviving branch is concluded (LEGUP's merge);
* every step is re-proven before it is emitted: the board plus the game rules must entail what
  the step sets. A failed re-proof is a bug and raises :class:`ReproofError`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from aspuzzle._deadline import check_time, time_limit
from aspuzzle.errors import TimeLimit
from aspuzzle.explain.steps import (
    JSON,
    Board,
    Branch,
    Key,
    Kind,
    Link,
    Step,
    Use,
    cell_json,
    cells_text,
)

__all__ = [
    "Case",
    "Evaluation",
    "ExplainBug",
    "LimitedProbes",
    "Probe",
    "Reasoner",
    "ReasonerBase",
    "ReproofError",
    "Run",
    "TimeLimit",
    "check_time",
    "describe_sets",
    "find_case",
    "run",
    "time_limit",
]

Sets = tuple[tuple[Key, str], ...]


class ExplainBug(AssertionError):
    """The explainer contradicted itself (a rule implementation is wrong). Never expected."""


class ReproofError(ExplainBug):
    """A step did not follow from the board and the game rules."""


@dataclass(frozen=True)
class Evaluation:
    """The rules evaluated on one board."""

    board: Board
    direct: Sequence[Step]
    """Applicable direct steps that set something new, best first."""
    contradictions: Sequence[Step]
    """Contradiction rules that fire, best first."""
    data: Any = None
    """Whatever else the reasoner computed (used to list case splits)."""


@dataclass(frozen=True)
class Case:
    """A case split that may be tried: its rule, and one assumption per branch."""

    rule: str
    rule_id: str
    sheet: str
    text: str
    """What is split on, e.g. "(4,5) is a tent or grass"."""
    uses: tuple[Use, ...]
    branches: tuple[tuple[str, Sets, tuple[Link, ...]], ...]
    """(label, cells set, links made) per branch."""


class Probe:
    """What cheap propagation from a hypothetical board found: whether the board died, the
    board it reached and how many rounds it took. (Immutable.)"""

    __slots__ = ("_board", "_make", "dead", "rounds")

    def __init__(self, dead: bool, board: Board, rounds: int) -> None:
        self.dead = dead
        self._board: Board | None = board
        self._make: Callable[[], Board] | None = None
        self.rounds = rounds

    @classmethod
    def lazy(cls, dead: bool, make: Callable[[], Board], rounds: int) -> Probe:
        """A probe whose board is made by ``make`` when first asked for (the case search
        looks at the boards of few of the probes it makes: those of a split it may choose whose
        branches all survive, to merge them)."""
        p = cls.__new__(cls)
        p.dead, p._board, p._make, p.rounds = dead, None, make, rounds
        return p

    @property
    def board(self) -> Board:
        board = self._board
        if board is None:
            assert self._make is not None
            board = self._board = self._make()
            self._make = None
        return board

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Probe):
            return NotImplemented
        return (self.dead, self.rounds, self.board) == (other.dead, other.rounds, other.board)

    def __hash__(self) -> int:
        return hash((self.dead, self.rounds, self.board))

    def __repr__(self) -> str:
        return f"Probe(dead={self.dead!r}, board={self.board!r}, rounds={self.rounds!r})"


class Reasoner(Protocol):
    """What a puzzle type provides to the step engine."""

    type: str

    def evaluate(self, board: Board) -> Evaluation:
        ...

    def cases(self, ev: Evaluation) -> Sequence[Case]:
        """The case splits available on the board of ``ev``, in order of preference (from
        the board alone: ``ev`` may carry no evaluated rules)."""
        ...

    def complete(self, board: Board) -> bool:
        """Is every cell known?"""
        ...

    def final_check(self, board: Board) -> Step | None:
        """On a complete board: a contradiction the local rules cannot see, if any."""
        ...

    def entails(self, board: Board, sets: Sets, links: tuple[Link, ...]) -> bool:
        """Do the board and the game rules force these cells and links?"""
        ...

    def refutes(self, board: Board) -> bool:
        """Is the board impossible under the game rules?"""
        ...

    def probe(self, board: Board, sets: Sets, links: tuple[Link, ...]) -> Probe:
        """Propagate the direct rules from ``board`` plus the assumption, cheaply."""
        ...

    def progress_possible(self, board: Board) -> bool:
        """Could any reasoning conclude something more on ``board``? (False when every
        unknown cell differs between solutions: then no case split is searched.)"""
        ...

    def solution_hint(self, board: Board) -> Board | None:
        """The completed board if exactly one solution agrees with ``board`` (else None); used
        only to decide which branch to look at first."""
        ...

    def words(self, sets: Sets, links: tuple[Link, ...]) -> str:
        """What a step sets, in words: "(1,2) is a tent and (1,3) (2,3) are grass"."""
        ...

    def mistake(self, sets: Sets, links: tuple[Link, ...]) -> str:
        """A wrong mark, in words: "(1,2) cannot be a tent"."""
        ...

    def encode(self, sets: Sets, links: tuple[Link, ...]) -> list[JSON]:
        """What a step sets, as the ``"sets"`` list of its JSON."""
        ...


class ReasonerBase:
    """Defaults of the wording and JSON methods of :class:`Reasoner`, for grid puzzles whose
    board keys are cells: a reasoner inherits them and overrides what its type says
    differently."""

    nouns: ClassVar[dict[str, tuple[str, str]]] = {}
    """How a value reads after "is" / "are": {"tent": ("a tent", "tents")}."""

    def words(self, sets: Sets, links: tuple[Link, ...]) -> str:
        return describe_sets(sets, links, self.nouns)

    def mistake(self, sets: Sets, links: tuple[Link, ...]) -> str:
        if sets:
            (cell, value), = sets
            return f"{cells_text([cell])} cannot be {self.nouns.get(value, (value,))[0]}"
        (a, b), = links
        return f"{cells_text([a])} cannot be linked to {cells_text([b])}"

    def encode(self, sets: Sets, links: tuple[Link, ...]) -> list[JSON]:
        return cell_json(sets, links)


class LimitedProbes:
    """:meth:`Reasoner.probe` and the case-split search's ``probe_within`` / ``dies_within``
    (see :func:`_search`) of a reasoner that computes a probe up to a number of rounds,
    ``_probe(board, sets, links, limit)``: the probe, or None if it takes more than ``limit``
    rounds (it stops after ``max_probe_rounds`` in any case)."""

    max_probe_rounds: int

    def _probe(self, board: Board, sets: Sets, links: tuple[Link, ...], limit: int
               ) -> Probe | None:
        raise NotImplementedError

    def probe(self, board: Board, sets: Sets, links: tuple[Link, ...]) -> Probe:
        got = self._probe(board, sets, links, self.max_probe_rounds)
        assert got is not None  # (a probe stops after max_probe_rounds rounds)
        return got

    def probe_within(self, board: Board, sets: Sets, links: tuple[Link, ...], rounds: int
                     ) -> Probe | None:
        """What :meth:`probe` finds if it takes at most ``rounds`` rounds, else None (the
        rounds past that are not computed)."""
        return self._probe(board, sets, links, rounds)

    def dies_within(self, board: Board, sets: Sets, links: tuple[Link, ...], rounds: int
                    ) -> bool:
        """Does :meth:`probe` find the case dead within ``rounds`` rounds?"""
        got = self._probe(board, sets, links, rounds)
        return got is not None and got.dead


@dataclass
class Run:
    """The result of following the rules from a board."""

    steps: list[Step]
    board: Board
    contradiction: Step | None = None
    """The step that shows the board impossible (a contradiction, or a case split whose
    branches all die)."""
    stalled: bool = False
    stats: dict[str, int] = field(default_factory=dict)

    @property
    def dead(self) -> bool:
        return self.contradiction is not None


def _check(reasoner: Reasoner, board: Board, step: Step) -> None:
    if step.kind is Kind.CONTRADICTION or (step.kind is Kind.CASE and not step.sets
                                          and not step.links):
        if not reasoner.refutes(board):
            raise ReproofError(f"{step.rule}: the board is not contradictory ({step.text})")
        return
    if not reasoner.entails(board, step.sets, step.links):
        raise ReproofError(f"{step.rule} does not follow: {step.text}")


def run(reasoner: Reasoner, board: Board, max_depth: int, *,
        max_steps: int | None = None) -> Run:
    """Follow the rules from ``board`` until it is complete, dead, or no rule applies.

    ``max_depth`` bounds how deeply case splits may nest (0: direct rules only).
    ``max_steps`` stops after that many steps (a hint needs one).

    The contradiction rules are asked on every board before its direct step. A reasoner may
    spare most of those questions on a run that dies (a case split's branch): one whose
    contradictions cannot stop firing as the direct rules add to a board (if one fires on a
    board, one fires on every board a direct step leads to from it) may say, cheaply and only
    as a guess, that none fires on a board (``reasoner.quiet(board)``). Those boards are
    passed unasked; the contradictions are asked where the guess fails and before the run
    stops or splits cases, and if one fires there the first board on which one fires is
    found among the boards passed (they fire from some board on: a search by halves, the last
    board first), and the run is cut back to it. The steps, the board and the contradiction
    are then exactly those of a run that asked on every board.
    """
    out = Run([], board)
    quiet = getattr(reasoner, "quiet", None) if max_steps is None else None
    unasked: list[tuple[int, Board]] = []
    """The boards passed without asking for contradictions, with how many steps led there."""
    while max_steps is None or len(out.steps) < max_steps:
        check_time()
        ev = reasoner.evaluate(out.board)
        asked = quiet is None or not quiet(out.board)
        if asked:
            if _dies(reasoner, out, ev, unasked):
                return out
        else:
            unasked.append((len(out.steps), out.board))
        if reasoner.complete(out.board):
            if not asked and _dies(reasoner, out, ev, unasked):
                return out
            final = reasoner.final_check(out.board)
            if final is not None:
                _check(reasoner, out.board, final)
                out.contradiction = final
            return out
        if ev.direct:
            step = ev.direct[0]
        else:
            if not asked and _dies(reasoner, out, ev, unasked):
                return out
            found = None
            if max_depth > 0 and not reasoner.progress_possible(out.board):
                out.stalled = True
                return out
            for depth in range(1, max_depth + 1):
                found = find_case(reasoner, ev, depth)
                if found is not None:
                    break
            if found is None:
                out.stalled = True
                return out
            step = found
        _check(reasoner, out.board, step)
        out.steps.append(step)
        if step.kind is Kind.CASE and all(b.dead for b in step.branches):
            out.contradiction = step
            return out
        out.board = out.board.with_(step.sets, step.links)
    return out


def _dies(reasoner: Reasoner, out: Run, ev: Evaluation, unasked: list[tuple[int, Board]]
          ) -> bool:
    """Ask for the contradictions on the run's board (``ev``); if one fires, end the run on
    the first board where one fires (the board, or one of the boards passed unasked: see
    :func:`run`) and say so."""
    if not ev.contradictions:
        unasked.clear()  # none fires on the boards before either
        return False
    first = len(unasked)
    if unasked and reasoner.evaluate(unasked[-1][1]).contradictions:
        lo, hi = 0, len(unasked) - 1  # the first board that fires is at most unasked[hi]
        while lo < hi:
            mid = (lo + hi) // 2
            if reasoner.evaluate(unasked[mid][1]).contradictions:
                hi = mid
            else:
                lo = mid + 1
        first = hi
    if first < len(unasked):
        steps, out.board = unasked[first]
        del out.steps[steps:]
        ev = reasoner.evaluate(out.board)
    unasked.clear()
    step = ev.contradictions[0]
    _check(reasoner, out.board, step)
    out.contradiction = step
    return True


# --- case splits ------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Trial:
    case: Case
    probes: tuple[Probe | None, ...]
    """One per branch; ``None`` for a branch that did not need probing."""
    cost: int


def _merge(board: Board, boards: Sequence[Board]) -> tuple[Sets, tuple[Link, ...]]:
    """What every board in ``boards`` adds to ``board`` (LEGUP's merge of surviving cases)."""
    first, rest = boards[0], boards[1:]
    # what the first board adds: as it grew from the board if it did, else by set difference
    # (the boards are large, what they add small)
    grown = first.added_to(board)
    new_cells, new_links = grown if grown is not None else (
        first.cells.items() - board.cells.items(), first.links - board.links)
    sets = [(c, v) for c, v in new_cells if all(b.cells.get(c) == v for b in rest)]
    links = [lk for lk in new_links if all(lk in b.links for b in rest)]
    return tuple(sorted(sets)), tuple(sorted(links))


def _deep_probe(reasoner: Reasoner, board: Board, sets: Sets, links: tuple[Link, ...],
                depth: int) -> Probe:
    """Probe a branch; with ``depth`` > 0, also split cases inside it when it stalls."""
    p = reasoner.probe(board, sets, links)
    rounds = p.rounds
    while not p.dead and depth > 0 and not reasoner.complete(p.board):
        # the probe left the branch at a fixpoint of the rules: no need to evaluate them again
        trial = _search(reasoner, p.board, Evaluation(p.board, (), ()), depth)
        if trial is None:
            break
        rounds += trial.cost
        alive = [q for q in trial.probes if q is None or not q.dead]
        if not alive:
            return Probe(True, p.board, rounds)
        msets, mlinks = _conclusion(p.board, trial)
        q = reasoner.probe(p.board, msets, mlinks)
        p = Probe(q.dead, q.board, rounds + q.rounds)
        rounds = p.rounds
    return Probe(p.dead, p.board, rounds)


def _conclusion(board: Board, trial: _Trial) -> tuple[Sets, tuple[Link, ...]]:
    alive = [i for i, q in enumerate(trial.probes) if q is None or not q.dead]
    if len(alive) == 1:
        _, s, lk = trial.case.branches[alive[0]]
        return board.new_in(s, lk)
    boards = [q.board for q in trial.probes if q is not None and not q.dead]
    return _merge(board, boards)


def _agrees(hint: Board | None, branch: tuple[str, Sets, tuple[Link, ...]]) -> bool:
    if hint is None:
        return False
    _, sets, links = branch
    cells = hint.cells
    for c, v in sets:
        if cells.get(c) != v:
            return False
    return not links or all(lk in hint.links for lk in links)


_Assumption = tuple[Sets, tuple[Link, ...]]
_ORDERS: tuple[Board | None, dict[int, tuple[Case, Sequence[int], _Assumption]]] = (None, {})
"""The orders of the cases' branches (by the case's id, with the case and the assumption of
the branch probed first) for one hint: the searches of an explanation share its solution and
most of their cases."""


def _orders(hint: Board) -> dict[int, tuple[Case, Sequence[int], _Assumption]]:
    global _ORDERS
    known, orders = _ORDERS
    if known is not hint:
        orders = {}
        _ORDERS = (hint, orders)
    return orders


def _order(hint: Board | None, case: Case) -> Sequence[int]:
    """The branches of a case in the order they are probed: those that disagree with the
    solution (when it is known) first, else in their order."""
    branches = case.branches
    if hint is None:
        return range(len(branches))
    orders = _orders(hint)
    got = orders.get(id(case))
    if got is not None and got[0] is case:
        return got[1]
    order: Sequence[int]
    if len(branches) == 2:  # (as sorted by _agrees, without the sort: most cases have two)
        order = (1, 0) if _agrees(hint, branches[0]) and not _agrees(hint, branches[1]) \
            else (0, 1)
    else:
        order = tuple(sorted(range(len(branches)), key=lambda i: _agrees(hint, branches[i])))
    orders[id(case)] = (case, order, branches[order[0]][1:])
    return order


def _firsts(hint: Board | None, cases: Sequence[Case]
            ) -> tuple[list[tuple[Case, int]], list[_Assumption]]:
    """The cases of two branches at the head of ``cases``, each with the branch probed first
    (see :func:`_order`), and the assumptions of those branches."""
    twos: list[tuple[Case, int]] = []
    firsts: list[_Assumption] = []
    orders = None if hint is None else _orders(hint)
    for case in cases:
        branches = case.branches
        if len(branches) != 2:
            break
        if orders is None:
            twos.append((case, 0))
            firsts.append(branches[0][1:])
            continue
        got = orders.get(id(case))
        if got is None or got[0] is not case:
            _order(hint, case)
            got = orders[id(case)]
        twos.append((case, got[1][0]))
        firsts.append(got[2])
    return twos, firsts


def _search(reasoner: Reasoner, board: Board, ev: Evaluation, depth: int, *,
            rule_id: str | None = None,
            wanted: tuple[Sets, tuple[Link, ...]] | None = None) -> _Trial | None:
    """The best case split on ``board`` (fewest branches, then cheapest), or None.

    ``rule_id`` restricts the search to one case rule; ``wanted`` to splits that conclude
    (at least) these cells and links.

    When the solution from this board is known, the branches that disagree with it are probed
    first: if they all die, the last branch is concluded without following it (that is the
    expensive one: it fills much of the board).

    A case of two or more branches probes at least one, which costs at least one more than the
    fewest rounds a probe takes (``reasoner.min_probe_rounds`` if the reasoner says, else 0):
    once the best case costs no more than that, no later case can beat it (ties keep the first),
    and the search stops. So the best is the first case of two branches, if any, whose first
    branch dies in that fewest rounds; a reasoner that can tell that more cheaply than by
    probing to the end (``reasoner.dies_within(board, sets, links, rounds)``) has it looked for
    first (or asked at once, for the first branches of every case of two: ``reasoner.
    first_dies_within(board, [(sets, links), ...], rounds)``, the index of the first that dies
    so, or None). If there is none, every case of two branches costs one more at least (its first
    branch dies later, or it survives and the second is probed too): a case of two branches
    that costs that much is then the best, and the search stops there too. With at least one
    round a probe, only a case whose first branch dies in one round more than the fewest costs
    that (one whose first branch survives costs two probes): so that one is asked for next, the
    same way, and with none found every case of two costs two more than the fewest at least.

    Once a best case is known, a case whose branches cost as much is not chosen: a reasoner
    that can probe a branch only up to a number of rounds (``reasoner.probe_within(board, sets,
    links, rounds)``: the probe if it takes at most that many, else None) has each branch of a
    split without nesting probed only as far as it can still make its case the best.
    """
    hint = reasoner.solution_hint(board)
    cases = sorted((c for c in reasoner.cases(ev) if rule_id is None or c.rule_id == rule_id),
                   key=lambda c: len(c.branches))
    floor = getattr(reasoner, "min_probe_rounds", 0) + 1
    least = floor
    """The least a case of two branches may cost."""
    dies_within = getattr(reasoner, "dies_within", None)
    probe_within = getattr(reasoner, "probe_within", None)
    if dies_within is not None and wanted is None:
        least = floor + 1  # unless the first branch of one dies in the fewest rounds
        twos, firsts = _firsts(hint, cases)
        first_dies = getattr(reasoner, "first_dies_within", None)
        # a case whose first branch dies in the fewest rounds costs ``floor``, the least; with
        # none, one whose first branch dies in one round more costs ``floor + 1``, which only
        # such a case does (a case whose first branch survives costs two probes, ``2 * floor``
        # at least): asked in turn, the first found is the best
        for extra in (0, 1) if floor >= 2 else (0,):
            rounds = floor - 1 + extra
            if first_dies is not None:
                k = first_dies(board, firsts, rounds)
            else:
                k = next((k for k, (s, lk) in enumerate(firsts)
                          if dies_within(board, s, lk, rounds)), None)
            if k is not None:
                case, i = twos[k]
                _, s, lk = case.branches[i]
                p = _deep_probe(reasoner, board, s, lk, depth - 1)
                if p.dead and p.rounds == rounds:
                    return _Trial(case, tuple(p if j == i else None for j in range(2)),
                                  rounds + 1)
                least = floor  # the reasoner misjudged: search in full
                break
            least = floor + extra + 1
    if depth == 1 and probe_within is not None and cases:
        # the cheapest case of the fewest branches costs ``low`` at least: asked for each cost
        # in turn from there (the first case that costs no more is the best), every branch is
        # probed only as far as the cost asked for allows, and the branches of a case that
        # costs more are never merged (most cases of two both of whose branches survive
        # conclude nothing); the full search below only if it costs more than that
        n0 = len(cases[0].branches)
        group = list(itertools.takewhile(lambda c: len(c.branches) == n0, cases))
        low = least if n0 == 2 else floor
        for cap in range(low, low + 3):
            found = _first_costing(reasoner, board, hint, group, cap, probe_within, wanted)
            if found is not None:
                return found
    best: _Trial | None = None
    for case in cases:
        check_time()
        n = len(case.branches)
        if best is not None and (n > len(best.case.branches) or (
                n >= 2 and best.cost <= (least if n == 2 else floor))):
            break
        order = _order(hint, case)
        probes: list[Probe | None] = [None] * n
        cost = 0
        alive = 0
        pruned = False
        for k, i in enumerate(order):
            if best is not None and cost >= best.cost:
                pruned = True
                break
            if k == n - 1 and alive == 0:
                break
            _, s, lk = case.branches[i]
            if best is not None and depth == 1 and probe_within is not None:
                # the case is kept only if this branch costs less than what is left below the
                # best: a probe that runs longer need not be followed to its end
                q = probe_within(board, s, lk, best.cost - cost - 2)
                if q is None:
                    pruned = True
                    break
                p = q
            else:
                p = _deep_probe(reasoner, board, s, lk, depth - 1)
            probes[i] = p
            cost += p.rounds + 1
            alive += not p.dead
        if pruned:
            continue
        if best is not None and cost >= best.cost:
            continue  # it cannot be chosen: spare merging its branches
        trial = _Trial(case, tuple(probes), cost)
        if _concludes(board, trial, alive, wanted) and (best is None or cost < best.cost):
            best = trial
    return best


def _first_costing(reasoner: Reasoner, board: Board, hint: Board | None, cases: Sequence[Case],
                   cap: int, probe_within: Callable[..., Probe | None],
                   wanted: tuple[Sets, tuple[Link, ...]] | None) -> _Trial | None:
    """The first of ``cases`` (splits without nesting) that costs at most ``cap`` and concludes
    something (and ``wanted``), probed as :func:`_search` probes it; None if there is none."""
    for case in cases:
        check_time()
        n = len(case.branches)
        probes: list[Probe | None] = [None] * n
        cost = 0
        alive = 0
        pruned = False
        for k, i in enumerate(_order(hint, case)):
            if k == n - 1 and alive == 0:
                break
            _, s, lk = case.branches[i]
            p = probe_within(board, s, lk, cap - cost - 1)
            if p is None:
                pruned = True
                break
            probes[i] = p
            cost += p.rounds + 1
            alive += not p.dead
        if pruned:
            continue
        trial = _Trial(case, tuple(probes), cost)
        if _concludes(board, trial, alive, wanted):
            return trial
    return None


def _concludes(board: Board, trial: _Trial, alive: int,
               wanted: tuple[Sets, tuple[Link, ...]] | None) -> bool:
    """May the split be chosen: does it conclude something (and ``wanted``, if given)? A split
    with at most one branch left alive (``alive``) concludes that branch, so its branches are
    merged only to check ``wanted``."""
    if alive <= 1 and wanted is None:
        return True
    got = _conclusion(board, trial)
    if wanted is not None and not (set(wanted[0]) <= set(got[0])
                                   and set(wanted[1]) <= set(got[1])):
        return False
    return alive <= 1 or any(got)


def find_case(reasoner: Reasoner, ev: Evaluation, depth: int, *, rule_id: str | None = None,
              wanted: tuple[Sets, tuple[Link, ...]] | None = None) -> Step | None:
    """A case split step on the board of ``ev`` with splits nested at most ``depth`` deep
    (optionally of one rule, concluding at least ``wanted``)."""
    trial = _search(reasoner, ev.board, ev, depth, rule_id=rule_id, wanted=wanted)
    return None if trial is None else _build(reasoner, ev.board, trial, depth)


def _build(reasoner: Reasoner, board: Board, trial: _Trial, depth: int) -> Step:
    """Follow each branch of the chosen split with the rules and merge what survives."""
    case = trial.case
    alive = [i for i, q in enumerate(trial.probes) if q is None or not q.dead]
    branches: list[Branch] = []
    survivors: list[Board] = []
    for i, (label, s, lk) in enumerate(case.branches):
        if i in alive and len(alive) == 1:
            # the one case left is simply concluded: no need to follow it here
            branches.append(Branch(label, s, lk, (), None))
            continue
        sub = run(reasoner, board.with_(s, lk), depth - 1)
        if i not in alive and not sub.dead:
            raise ExplainBug(f"{case.rule}: the case '{label}' was expected to die but the "
                             f"rules do not refute it")
        branches.append(Branch(label, s, lk, tuple(sub.steps), sub.contradiction))
        if not sub.dead:
            survivors.append(sub.board)
    if len(alive) == 1:
        _, s, lk = case.branches[alive[0]]
        sets, links = board.new_in(s, lk)
    elif survivors:
        sets, links = _merge(board, survivors)
        if not sets and not links:
            raise ExplainBug(f"{case.rule} on {case.text}: the merge concluded nothing")
    else:
        sets, links = (), ()
    return Step(case.rule, Kind.CASE, sets, links, case.uses,
                _case_text(reasoner, case, branches, sets, links), tuple(branches), case.rule_id,
                case.sheet)


def _case_text(reasoner: Reasoner, case: Case, branches: Sequence[Branch], sets: Sets,
               links: tuple[Link, ...]) -> str:
    dead = sum(b.dead for b in branches)
    if dead == len(branches):
        return f"{case.text}; every case leads to a contradiction."
    what = reasoner.words(sets, links)
    if len(branches) - dead == 1:
        return f"{case.text}; all cases but one lead to a contradiction, so {what}."
    return f"{case.text}; in every possible case {what}."


def describe_sets(sets: Sets, links: tuple[Link, ...],
                  nouns: dict[str, tuple[str, str]] | None = None) -> str:
    """"(1,2) is a tent and (1,3) (2,3) are grass", for the cells and links a step sets;
    ``nouns`` says how a value reads after "is" and "are"."""
    parts = []
    for value in sorted({v for _, v in sets}, reverse=True):
        cells = [c for c, v in sets if v == value]
        one, many = (nouns or {}).get(value, (value, value))
        parts.append(f"{cells_text(cells)} is {one}" if len(cells) == 1
                     else f"{cells_text(cells)} are {many}")
    parts += [f"{cells_text([a])} is linked to {cells_text([b])}" for a, b in links]
    return " and ".join(parts) if parts else "nothing new"
