"""Diagnosis of a broken puzzle: why it has no solution, how to make it unique, where a
player's board went wrong.

* **No solution.** Every clue of the puzzle (a line clue, a tree, a given digit, a sign, a cell's
  number, a logic-grid clue; each type lists its own with :meth:`Puzzle.clues`) is put behind
  its own guard atom, one clingo ``#external``, and the puzzle is solved once under the
  assumption that every guard holds. clingo's unsatisfiable core of those assumptions is then
  shrunk by deletion (leave one clue out; if the rest still has no solution, continue from the
  new, smaller core) until every clue left is needed: leaving any one of them out gives a
  puzzle with a solution. That is checked for every clue of the set once more at the end.
* **Several solutions.** Two solutions and where they differ, and a repair: one added clue of
  the kind the type's formats hold (:meth:`Puzzle.repairs`: a sign, a given digit, a line clue, a
  revealed cell, a logic-grid clue in the language's templates), true in one solution, after
  which the puzzle has exactly one solution, as the solver proves. Up to 256 solutions are
  enumerated first; each in turn is the one to keep (then the solutions that failed candidates
  revealed, up to 256 in all), and a candidate that keeps another solution already seen is
  skipped without a solve. When no single clue does it, clues true in the first solution are
  added greedily (each excludes the most of the solutions seen) until the puzzle is unique,
  and the set is then shrunk by deletion; the diagnosis says that no single clue did.
* **A player's board** (``board``): the first wrong mark and the rule it breaks, as ``hint``
  finds it (:func:`aspuzzle.explain.player.hint`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from importlib.resources.abc import Traversable
from typing import Any

import clingo

from aspuzzle.engine import Grounded, Program, SolveConfig, Status
from aspuzzle.errors import InputError
from aspuzzle.puzzles.base import SolveOptions

__all__ = ["Clue", "ClueSolver", "Clues", "Diagnosis", "diagnose", "minimal_core"]

JSON = dict[str, Any]
Literal = tuple[clingo.Symbol, bool]
_ON = "diagnosis_clue"
_SEEN = 256
"""Solutions enumerated before a repair is looked for (each may be the one a clue keeps)."""
_BASES = 256
"""Solutions tried as the one a single added clue keeps (those enumerated first, then those
that failed candidates revealed)."""
_ADD = "diagnosis_repair"


@dataclass(frozen=True)
class Clue:
    """One clue of a puzzle, or one clue that could be added to it.

    ``facts`` are the instance facts the clue contributes; ``off`` the facts that take their
    place when the clue is left out (a Hitori cell without its number still exists: it gets a
    number of its own); ``require`` answer literals the clue imposes (a revealed cell).
    ``holds`` tells whether a solution satisfies the clue (for candidate repairs)."""

    id: str
    """A stable identifier: ``row 3``, ``tree (2,5)``, ``given (1,3)``, ``clue 7``."""
    text: str
    """The clue in words: "the row 3 clue 2", "the given 4 at (1,3)"."""
    facts: tuple[clingo.Symbol, ...] = ()
    off: tuple[clingo.Symbol, ...] = ()
    require: tuple[Literal, ...] = ()
    holds: Callable[[Any], bool] | None = field(default=None, compare=False, repr=False)
    words: Callable[[], str] | None = field(default=None, compare=False, repr=False)
    """Makes ``text`` when it is left empty, for candidates whose words cost time to write
    (only the repairs chosen are put in words)."""

    def worded(self) -> Clue:
        """The clue with its ``text`` written."""
        if self.text or self.words is None:
            return self
        return replace(self, text=self.words())

    def to_json(self) -> JSON:
        return {"id": self.id, "text": self.text}


@dataclass(frozen=True)
class Clues:
    """A puzzle's clues, and the program that gives meaning to their ``off`` facts."""

    items: tuple[Clue, ...]
    program: tuple[Traversable, ...] = ()
    """Rules for the facts of clues left out (e.g. a Tents tree left out becomes a tree that
    may take a tent but needs none): leaving a clue out must only ever allow more."""
    drop: tuple[clingo.Symbol, ...] = ()
    """Instance facts that the clues replace (Futoshiki's ``adjacent_mode``, which makes a
    constraint of every pair of neighbours without a bar: each is a clue of its own here)."""


@dataclass(frozen=True)
class Diagnosis:
    """What is wrong with a puzzle (or a player's board), and how to repair it."""

    type: str
    status: Status
    """The puzzle's verdict: unique, multiple or none."""
    text: str
    """The diagnosis in words, one paragraph."""
    core: tuple[Clue, ...] = ()
    """No solution: a set of clues that cannot all hold, each of them needed."""
    solutions: tuple[Any, ...] = ()
    """Several solutions: two of them."""
    differences: str | None = None
    repair: tuple[Clue, ...] = ()
    """Several solutions: clues to add, after which the puzzle has exactly one solution."""
    single_repair: bool = False
    """Whether one added clue suffices (``repair`` then holds it)."""
    mistake: Any = None
    """With a player's board: the hint (:class:`aspuzzle.explain.player.Hint`) naming the first
    wrong mark, or the next step when nothing is wrong."""
    encode: Any = field(default=None, compare=False, repr=False)
    time_s: float = 0.0

    def to_json(self, solution_to_json: Callable[[Any], Any] = lambda s: s) -> JSON:
        out: JSON = {"type": self.type, "status": str(self.status), "text": self.text}
        if self.status is Status.NONE:
            out["core"] = [c.to_json() for c in self.core]
        if self.status is Status.MULTIPLE:
            out["solutions"] = [solution_to_json(s) for s in self.solutions]
            out["differences"] = self.differences
            out["repair"] = [c.to_json() for c in self.repair]
            out["single_repair"] = self.single_repair
        if self.mistake is not None:
            out["board"] = (self.mistake.to_json(self.encode) if self.encode is not None
                            else self.mistake.to_json())
        out["time_s"] = round(self.time_s, 6)
        return out


def _guard(name: str, i: int) -> clingo.Symbol:
    return clingo.Function(name, [clingo.Number(i)])


def _guarded(name: str, clues: Sequence[Clue]) -> str:
    """The clues as ground rules, each behind its guard (an external atom, false unless
    assumed)."""
    out: list[str] = []
    for i, c in enumerate(clues):
        g = _guard(name, i)
        out.append(f"#external {g}.")
        out += [f"{f} :- {g}." for f in c.facts]
        out += [f"{f} :- not {g}." for f in c.off]
        out += [f":- {g}, {'not ' if truth else ''}{a}." for a, truth in c.require]
    return "\n".join(out) + "\n"


class ClueSolver:
    """The puzzle grounded once with every clue (and every candidate repair) behind a guard,
    so that any subset of them can be solved for without grounding again: the diagnosis
    shrinks cores and tries repairs with it, the generators add and remove clues."""

    def __init__(self, loaded: Any, clues: Clues, repairs: Sequence[Clue] = (),
                 config: SolveConfig | None = None) -> None:
        from aspuzzle.api import program

        self.loaded = loaded
        self.clues = clues.items
        self.repairs = tuple(repairs)
        base = program(loaded)
        encodings = base.encodings
        # grounded once and solved many times: a type may have faster rules for that
        many: Callable[[SolveOptions, Any], tuple[Traversable, ...]] | None = getattr(
            loaded.puzzle, "many_solves_encodings", None)
        if many is not None:
            encodings = many(SolveOptions(), loaded.instance)
        owned = {f for c in self.clues for f in c.facts} | set(clues.drop)
        self.g = Grounded(Program(
            (*encodings, *clues.program), tuple(f for f in base.facts if f not in owned),
            base.project,
            user_asp=base.user_asp, constants=base.constants,
            rules=_guarded(_ON, self.clues) + _guarded(_ADD, self.repairs)), config)
        # a guard is free (neither true nor false) until a solve assumes it: every solve
        # assumes every guard, true or false (an external left false could not be assumed true)
        self.g.assign_externals((_guard(name, i), None) for name, n in
                                ((_ON, len(self.clues)), (_ADD, len(self.repairs)))
                                for i in range(n))
        self._index = {}
        for i in range(len(self.clues)):
            lit = self.g.literal(_guard(_ON, i))
            if lit is not None:
                self._index[lit] = i

    def on(self, clues: Iterable[int], repairs: Iterable[int] = ()) -> list[Literal]:
        """Assumptions: these clues and repairs in, every other one out."""
        ins, adds = set(clues), set(repairs)
        return ([(_guard(_ON, i), i in ins) for i in range(len(self.clues))]
                + [(_guard(_ADD, j), j in adds) for j in range(len(self.repairs))])

    def core(self, clues: Sequence[int]) -> list[int] | None:
        """The clues (a subset of ``clues``) in an unsatisfiable core, or None if the clues
        together (the others left out) have a solution."""
        core = self.g.core(self.on(clues))
        if core is None:
            return None
        keep = set(clues)
        return sorted({i for lit in core if (i := self._index.get(lit)) is not None
                       and i in keep})

    def solutions(self, repairs: Sequence[int] = (), n: int = 2) -> list[Any]:
        res = self.g.solve(n, assumptions=self.on(range(len(self.clues)), repairs))
        p = self.loaded.puzzle
        return [p.from_model(self.loaded.instance, sorted(a)) for a in res.answers]


def minimal_core(solver: ClueSolver) -> list[int]:
    """A subset-minimal set of clues without a solution (each clue needed, checked)."""
    core = solver.core(range(len(solver.clues)))
    if core is None:
        raise ValueError("the puzzle has a solution")
    changed = True
    while changed:  # passes until one removes nothing: then every clue left is needed
        changed = False
        for x in list(core):
            if x not in core:
                continue
            rest = [y for y in core if y != x]
            smaller = solver.core(rest)
            if smaller is not None:
                core = smaller
                changed = True
    return core


def _excludes(clue: Clue, solution: Any) -> bool:
    return clue.holds is None or not clue.holds(solution)


def _repair(loaded: Any, clues: Clues, known: list[Any], config: SolveConfig | None
            ) -> tuple[list[Clue], bool]:
    """Clues to add after which the puzzle is unique, and whether a single clue does it; empty
    if the candidates cannot make it unique. ``known``: solutions found so far (it grows)."""
    p, inst = loaded.puzzle, loaded.instance
    # one added clue: true in one solution (tried in the order found), false in every other
    # solution seen, and the solver proves no other solution is left
    i = 0
    while i < min(len(known), _BASES):
        base = known[i]
        i += 1
        cands = [c for c in p.repairs(inst, base)
                 if all(_excludes(c, s) for s in known if s != base)]
        if not cands:
            continue
        fixer = ClueSolver(loaded, clues, cands, config)
        for j, c in enumerate(cands):
            if not all(_excludes(c, s) for s in known if s != base):
                continue
            sols = fixer.solutions([j])
            if len(sols) == 1:
                return [c.worded()], True
            known += [s for s in sols if s not in known]
    # no single clue: add clues true in the first solution greedily (each excluding the most
    # of the solutions seen), then leave out those not needed
    first = known[0]
    cands = p.repairs(inst, first)
    fixer = ClueSolver(loaded, clues, cands, config)
    chosen: list[int] = []
    while True:
        other = next((s for s in fixer.solutions(chosen) if s != first), None)
        if other is None:
            break
        if other not in known:
            known.append(other)
        best = max((j for j in range(len(cands)) if j not in chosen
                    and _excludes(cands[j], other)),
                   key=lambda j: sum(_excludes(cands[j], s) for s in known), default=None)
        if best is None:
            return [], False
        chosen.append(best)
    for x in list(chosen):
        rest = [y for y in chosen if y != x]
        if len(fixer.solutions(rest)) == 1:
            chosen = rest
    return [cands[j].worded() for j in chosen], False


def _and(texts: Sequence[str]) -> str:
    if len(texts) <= 1:
        return "".join(texts)
    return ", ".join(texts[:-1]) + " and " + texts[-1]


def diagnose(puzzle: Any, *, board: Any = None, config: SolveConfig | None = None
             ) -> Diagnosis:
    """Diagnose a puzzle: no solution (a minimal set of clues that cannot all hold), several
    (two solutions, where they differ, and a verified repair), or unique; with ``board`` (a
    player's board, :class:`aspuzzle.explain.Board` or its text as :func:`aspuzzle.hint` takes
    it), also the first wrong mark on it.

    >>> import aspuzzle
    >>> d = aspuzzle.diagnose(aspuzzle.loads("  ? ?\\n? T T\\n? T .", type="tents"))
    >>> d.text
    'No solution: the tree at (1,1) cannot hold.'
    >>> [c.id for c in d.core]
    ['tree (1,1)']
    >>> d = aspuzzle.diagnose(aspuzzle.loads("  ? ?\\n? T .\\n? . .", type="tents"))
    >>> str(d.status), d.differences
    ('multiple', 'tents differ at (1,2) (2,1)')
    >>> d.single_repair, d.repair[0].text
    (True, 'the row 1 clue 0')
    >>> d = aspuzzle.diagnose(aspuzzle.loads("1 1 .\\n. . .\\n. . .", type="futoshiki"))
    >>> [c.text for c in d.core]
    ['the given 1 at (1,1)', 'the given 1 at (1,2)']
    >>> [c.id for c in aspuzzle.diagnose(aspuzzle.loads("1 1\\n1 1", type="hitori")).core]
    ['cell (1,1)', 'cell (1,2)', 'cell (2,1)', 'cell (2,2)']
    >>> p = aspuzzle.load("examples/logicgrid/boys-in-the-hood.logic")
    >>> broken = aspuzzle.loads(p.puzzle.formats["text"].write(p.instance, None)
    ...                         + "8. Much is the stocks\\n")
    >>> [c.id for c in aspuzzle.diagnose(broken).core]
    ['clue 1', 'clue 3', 'clue 5', 'clue 6', 'clue 8']
    """
    from aspuzzle.explain import _loaded, read_board

    start = time.perf_counter()
    loaded = _loaded(puzzle)
    if isinstance(board, str):  # a player's board as text, as hint() and check() take it
        board, problems, _ = read_board(loaded, board)
        if problems:
            raise InputError(f"the board has a broken link: {problems[0].text}")
    p = loaded.puzzle
    name = p.name
    clues: Clues = p.clues(loaded.instance)
    solver = ClueSolver(loaded, clues, config=config)
    sols = solver.solutions()
    mistake, encode = _board(loaded, board) if board is not None else (None, None)
    if not sols:
        core = tuple(clues.items[i] for i in minimal_core(solver))
        if core:
            n = len(core)
            text = (f"No solution: {core[0].text} cannot hold." if n == 1 else
                    f"No solution: {_and([c.text for c in core])} cannot all hold; leave out "
                    "any one of them and the rest can.")
        else:
            text = "No solution: the grid cannot be filled by the rules alone."
        note = getattr(p, "no_solution_note", None)  # optional (Tents: LEGUP's lost clues)
        if note is not None and note(loaded.instance):
            text += " " + note(loaded.instance)
        return Diagnosis(name, Status.NONE, text, core=core, mistake=mistake, encode=encode,
                         time_s=time.perf_counter() - start)
    if len(sols) == 1:
        text = "The puzzle is sound: it has exactly one solution."
        if mistake is not None:
            text += " " + _board_words(mistake)
        return Diagnosis(name, Status.UNIQUE, text, solutions=tuple(sols), mistake=mistake,
                         encode=encode, time_s=time.perf_counter() - start)
    first, second = sols[0], sols[1]
    diff = p.differences(loaded.instance, first, second)
    known = solver.solutions(n=_SEEN)
    every = len(known) < _SEEN  # then each solution was tried as the one to keep
    found, single = _repair(loaded, clues, known, config)
    repair = tuple(found)
    text = f"Several solutions: two of them differ ({diff})."
    if single:
        text += f" Adding {repair[0].text} makes the solution unique (checked by the solver)."
    elif repair:
        none = ("No single added clue makes the solution unique" if every else
                f"No single added clue was found that makes the solution unique (there are "
                f"more than {_SEEN} solutions; {_BASES} were tried as the one to keep)")
        text += (f" {none}; these {len(repair)} together do (checked by the solver): "
                 f"{_and([c.text for c in repair])}.")
    else:
        text += " No clue of the kinds this type can add makes the solution unique."
    if mistake is not None:
        text += " " + _board_words(mistake)
    return Diagnosis(name, Status.MULTIPLE, text, solutions=(first, second), differences=diff,
                     repair=repair, single_repair=single, mistake=mistake, encode=encode,
                     time_s=time.perf_counter() - start)


def _board(loaded: Any, board: Any) -> tuple[Any, Any]:
    from aspuzzle.explain.player import hint

    rs = loaded.puzzle.reasoning().reasoner(loaded.instance)
    return hint(rs, board, max_depth=1), rs.encode


def _board_words(h: Any) -> str:
    if h.kind == "mistake":
        return f"On the board, the first wrong mark: {h.text}"
    return "No mark on the board is wrong."
