"""The clues of a logic-grid puzzle, and the clues that could be added to it (for diagnosis).

A clue is a numbered clue of the puzzle (a line of the language may state several facts: they
stay one clue). Raw ASP is part of the rules here: it cannot be left out piecemeal."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

from clingo import Function, Number, Symbol

from aspuzzle.diagnosis import Clue, Clues
from aspuzzle.puzzles.logicgrid import _clue_facts
from aspuzzle.puzzles.logicgrid.language import clue_text
from aspuzzle.puzzles.logicgrid.model import (
    LogicGridInstance,
    LogicGridSolution,
    NotSame,
    Ref,
    Same,
)


def clues(inst: LogicGridInstance) -> Clues:
    facts: dict[int, list[Symbol]] = {}
    texts: dict[int, str] = {}
    for k, c in enumerate(inst.clues, 1):
        facts.setdefault(c.number, []).extend(
            [Function("clue", [Number(k), Number(c.number)]), *_clue_facts(k, c)])
        texts.setdefault(c.number, " ".join(c.text.split()) or clue_text(inst, c))
    return Clues(tuple(Clue(f"clue {n}", f"clue {n} ({texts[n]})", tuple(facts[n]))
                       for n in sorted(facts)))


def _entity(sol: LogicGridSolution, ref: Ref) -> int | None:
    for i, group in enumerate(sol.groups):
        if (ref.category, ref.value) in group:
            return i
    return None


def _words(inst: LogicGridInstance, clue: Same | NotSame) -> Callable[[], str]:
    return lambda: f"the clue \"{clue_text(inst, clue)}\""


def _together(a: Ref, b: Ref, want: bool) -> Callable[[LogicGridSolution], bool]:
    return lambda s: (_entity(s, a) == _entity(s, b)) == want


def repairs(inst: LogicGridInstance, sol: LogicGridSolution) -> list[Clue]:
    """A clue "X is Y" for two values of one entity in the first solution, else "X is not
    Y" for two values of different entities (in the language's templates)."""
    number = max((c.number for c in inst.clues), default=0) + 1
    refs = [[Ref(cat.name, v) for v in cat.values] for cat in inst.categories]
    same: list[tuple[Ref, Ref]] = []
    differ: list[tuple[Ref, Ref]] = []
    for ca, cb in combinations(refs, 2):
        for a in ca:
            for b in cb:
                (same if _entity(sol, a) == _entity(sol, b) else differ).append((a, b))
    out: list[Clue] = []
    k = len(inst.clues)
    for pairs, kind in ((same, Same), (differ, NotSame)):
        for a, b in pairs:
            k += 1
            clue = kind(number, "", a, b)
            out.append(Clue(f"clue {number}", "",
                            (Function("clue", [Number(k), Number(number)]),
                             *_clue_facts(k, clue)),
                            holds=_together(a, b, kind is Same), words=_words(inst, clue)))
    return out
