"""The solver chooses between the readings of ambiguous clues (ZebraLogic text).

A description such as ``the cat lover`` may, in a puzzle that keeps cats both as animals and
as pets, name either value when the characteristics' phrasings cannot tell which. The reader
then hands every reading of the clue here: the puzzle is grounded once with an ASP choice of
one reading per ambiguous clue (``readings.lp``), the solver lists the choices under which the
puzzle has a solution, and a choice is kept only if the puzzle has exactly one solution under
it. The choice is said in the instance's ``notes``; when no choice, or more than one with
different solutions, gives a unique solution, an InputError names the clue.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

import clingo

from aspuzzle.engine import Grounded, Program, SolveConfig, Status
from aspuzzle.errors import InputError, Location
from aspuzzle.puzzles.base import lp_file
from aspuzzle.puzzles.logicgrid import PUZZLE, _clue_facts
from aspuzzle.puzzles.logicgrid.model import Clue, LogicGridInstance, refs_of
from aspuzzle.puzzles.logicgrid.zebralogic import Ambiguity, _ambiguous, _meaning

__all__ = ["MAX_CHOICES", "choose_readings"]

MAX_CHOICES = 4096
"""More combinations of readings than the benchmark's puzzles come near (one or two clues with
two readings each); guards against a pathological text."""

_TIMEOUT_S = 60.0
_PACKAGE = "aspuzzle.puzzles.logicgrid"


def _reading(g: int, i: int) -> clingo.Symbol:
    return clingo.Function("reading", [clingo.Number(g), clingo.Number(i)])


def choose_readings(instance: LogicGridInstance, ambiguous: Sequence[Ambiguity],
                    config: SolveConfig | None = None
                    ) -> tuple[tuple[Clue, ...], tuple[str, ...]]:
    """One reading of each ambiguous clue, and a note for each saying which and why.

    ``instance`` holds the puzzle's other clues. Raises InputError (naming the first ambiguous
    clue) when no combination of readings, or several with different solutions, leave the
    puzzle exactly one solution.
    """
    config = config or SolveConfig(timeout=_TIMEOUT_S)
    first = Location(clue=ambiguous[0].number)
    combos = 1
    for amb in ambiguous:
        combos *= len(amb.readings)
    if combos > MAX_CHOICES:
        raise InputError(f"too many ambiguous descriptions ({combos} combinations of readings, "
                         f"at most {MAX_CHOICES})", first)

    facts = list(PUZZLE.to_facts(instance))
    k = len(instance.clues)
    for g, amb in enumerate(ambiguous, 1):
        for i, clue in enumerate(amb.readings, 1):
            k += 1
            gi = [clingo.Number(g), clingo.Number(i)]
            facts.append(clingo.Function("alt", gi))
            facts += [clingo.Function("alt_fact", [*gi, f]) for f in _clue_facts(k, clue)]
    program = Program((lp_file(_PACKAGE, "encoding.lp"), lp_file(_PACKAGE, "readings.lp")),
                      tuple(facts), (("reading", 2),))

    # the choices of readings under which the puzzle has a solution at all ...
    found = Grounded(program, config).solve(0)
    if found.status is Status.TIMEOUT:
        raise InputError("the solver ran out of time choosing between the readings of "
                         "ambiguous descriptions", first)
    possible = {frozenset(a for a in answer if a.name == "reading") for answer in found.answers}
    # ... and, of those, the ones under which it has exactly one
    unique = Grounded(program._replace(project=(("assign", 3),)), config)
    kept: list[tuple[tuple[int, ...], frozenset[clingo.Symbol]]] = []
    for choice in product(*(range(1, len(a.readings) + 1) for a in ambiguous)):
        atoms = frozenset(_reading(g, i) for g, i in enumerate(choice, 1))
        if atoms not in possible:
            continue
        res = unique.solve(2, assumptions=[(a, True) for a in atoms])
        if res.status is Status.TIMEOUT:
            raise InputError("the solver ran out of time choosing between the readings of "
                             "ambiguous descriptions", first)
        if res.status is Status.UNIQUE:
            kept.append((choice, frozenset(a for a in res.answers[0] if a.name == "assign")))

    # the error's location names the first clue; the others are named in the message
    what = "; ".join([_ambiguous(ambiguous[0]),
                      *(f"clue {a.number}: {_ambiguous(a)}" for a in ambiguous[1:])])
    if not kept:
        raise InputError(f"{what}; the puzzle has exactly one solution under none of these "
                         f"readings", first)
    if len({solution for _, solution in kept}) > 1:
        raise InputError(f"{what}; the puzzle has a different single solution under "
                         f"{len(kept)} of these readings, so the text does not say which it "
                         f"is", first)
    choice = kept[0][0]
    chosen = tuple(amb.readings[i - 1] for amb, i in zip(ambiguous, choice, strict=True))
    notes = []
    for amb, clue in zip(ambiguous, chosen, strict=True):
        used = set(refs_of(clue))
        meant = " and ".join(_meaning(r) for _, refs in amb.descriptions
                             for r in refs if r in used)
        why = ("the only reading under which the puzzle has exactly one solution"
               if len(kept) == 1 else "every reading gives the same single solution")
        notes.append(f"clue {amb.number}: {_ambiguous(amb)}; read as {meant}, {why}")
    return chosen, tuple(notes)
