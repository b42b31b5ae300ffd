"""Helping a player: a hint, a check of their board, a check of one step (as LEGUP does).

All three work on a :class:`~aspuzzle.explain.steps.Board` (the player's marks and links) with
the puzzle type's reasoner:

* :func:`hint` answers with exactly one thing: the first mark that no solution agrees with (and
  why it is wrong), or else the next step of an explanation, and nothing beyond that step;
* :func:`check` lists every broken rule, by its contradiction rule, and says whether the board
  is complete and correct;
* :func:`check_step` says whether a named rule justifies setting some cells on the board.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from aspuzzle.errors import UsageError
from aspuzzle.explain.loop import Evaluation, Reasoner, find_case, run
from aspuzzle.explain.steps import Board, Cell, Encode, Key, Kind, Link, Step, cell_json, cells_text

__all__ = ["CheckResult", "Hint", "PlayerReasoner", "StepVerdict", "check", "check_step",
           "hint"]

JSON = dict[str, Any]
Sets = tuple[tuple[Key, str], ...]


class RuleRef(Protocol):
    """What the player functions read of a rule (read-only, so that a frozen
    :class:`~aspuzzle.explain.rules.RuleInfo` is one)."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def kind(self) -> Kind: ...

    @property
    def sheet(self) -> str: ...


class PlayerReasoner(Reasoner, Protocol):
    """What the player functions need beyond the step engine."""

    def rule(self, name: str) -> RuleRef | None:
        ...

    def rule_names(self) -> list[str]:
        ...

    def applications(self, board: Board, rule_id: str) -> list[Step]:
        """Every instance of a direct or contradiction rule on the board."""
        ...

    def consistent_with(self, board: Board, sets: Sets, links: tuple[Link, ...] = ()) -> bool:
        """Does some solution agree with the board plus these cells and links?"""
        ...

    def solutions(self, board: Board, n: int = 2) -> list[Any]:
        ...


def _cells(step: Step) -> list[Cell]:
    seen: list[Cell] = []
    for u in step.uses:
        for c in u.cells:
            if c not in seen:
                seen.append(c)
    return sorted(seen)


# --- check ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class CheckResult:
    broken: tuple[Step, ...]
    """One contradiction step per broken rule instance."""
    complete: bool

    @property
    def correct(self) -> bool:
        return self.complete and not self.broken

    def to_json(self) -> JSON:
        return {"complete": self.complete, "correct": self.correct,
                "broken": [{"rule": s.rule, "rule_id": s.rule_id, "sheet": s.sheet,
                            "cells": [list(c) for c in _cells(s)], "text": s.text}
                           for s in self.broken]}

    def render(self) -> str:
        lines = [f"{s.rule}: {s.text}" for s in self.broken]
        if self.correct:
            lines.append("The board is complete and correct.")
        elif self.complete:
            lines.append("The board is complete but breaks the rules above.")
        elif self.broken:
            lines.append("The board is not complete, and it breaks the rules above.")
        else:
            lines.append("No rule is broken so far; the board is not complete yet.")
        return "\n".join(lines)


def check(reasoner: PlayerReasoner, board: Board, extra: Sequence[Step] = ()) -> CheckResult:
    """Every broken rule of a player's board (``extra``: problems found while reading it)."""
    ev = reasoner.evaluate(board)
    broken = [*extra, *ev.contradictions]
    complete = reasoner.complete(board)
    if complete and not broken:
        final = reasoner.final_check(board)
        if final is not None:
            broken.append(final)
    return CheckResult(tuple(broken), complete)


# --- hint -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Hint:
    kind: str
    """"mistake", "step", "solved", "contradiction", "not unique" or "stuck"."""
    text: str
    step: Step | None = None
    mistake: tuple[Sets, tuple[Link, ...]] | None = None
    refutation: tuple[Step, ...] = field(default=())
    """For a mistake: steps from the player's other (right) marks plus the wrong one to a
    contradiction."""

    def to_json(self, encode: Encode = cell_json) -> JSON:
        out: JSON = {"kind": self.kind, "text": self.text,
                     "step": self.step.to_json(encode) if self.step else None}
        if self.mistake is not None:
            sets, links = self.mistake
            out["mistake"] = {"sets": encode(sets, links),
                              "links": [[list(a), list(b)] for a, b in links]}
            out["refutation"] = [s.to_json(encode) for s in self.refutation]
        return out

    def render(self) -> str:
        if self.step is not None:
            return f"Next step - {self.step.rule}: {self.step.text}"
        return self.text


def hint(reasoner: PlayerReasoner, board: Board, *, max_depth: int = 2,
         bad_links: Sequence[Step] = (), cells_only: bool = False) -> Hint:
    """The first mistake on the board, or else the next step.

    ``cells_only``: the player's board cannot show links (a text grid): steps that only link
    are made silently, and the hint is the first step that sets cells.
    """
    if bad_links:
        s = bad_links[0]
        return Hint("mistake", f"{s.rule}: {s.text}", mistake=((), ()), refutation=(s,))
    empty = Board({})
    wrong: list[tuple[Sets, tuple[Link, ...]]] = []
    solved = reasoner.solution_hint(empty)  # the solution, when the puzzle has just one
    for cell, value in sorted(board.cells.items()):
        if solved is not None:
            if solved.cells.get(cell) != value:
                wrong.append((((cell, value),), ()))
        elif not reasoner.consistent_with(empty, ((cell, value),)):
            wrong.append((((cell, value),), ()))
    for link in sorted(board.links):
        if not reasoner.consistent_with(empty, (), (link,)):
            wrong.append(((), (link,)))
    if wrong:
        sets, links = wrong[0]
        bad_cells = {c for s, _ in wrong for c, _ in s}
        bad_links_ = {lk for _, ls in wrong for lk in ls}
        right = Board({c: v for c, v in board.cells.items() if c not in bad_cells},
                      frozenset(lk for lk in board.links if lk not in bad_links_
                                and lk[1] not in bad_cells))
        trial = right.with_(sets, links)
        what = reasoner.mistake(sets, links)
        r = run(reasoner, trial, max_depth)
        if r.dead and r.contradiction is not None:
            c = r.contradiction
            steps = (*r.steps, c) if c.kind is Kind.CONTRADICTION else tuple(r.steps)
            if not r.steps or (len(r.steps) == 1 and c.kind is Kind.CASE):
                why = f"{c.rule}: {c.text}"
            else:
                n = len(r.steps)
                why = (f"with it, {n} step{'s' if n != 1 else ''} lead to {c.rule}: {c.text}")
            return Hint("mistake", f"{what}: {why}", mistake=(sets, links), refutation=steps)
        return Hint("mistake", f"{what}: no solution has that.", mistake=(sets, links))
    r = run(reasoner, board, max_depth, max_steps=1)
    while cells_only and r.steps and not r.steps[0].sets:
        board = board.with_((), r.steps[0].links)
        r = run(reasoner, board, max_depth, max_steps=1)
    if r.steps:
        return Hint("step", r.steps[0].text, step=r.steps[0])
    if r.dead and r.contradiction is not None:
        c = r.contradiction
        return Hint("contradiction", f"the marks cannot all be right together: {c.rule}: "
                    f"{c.text}", step=c)
    if reasoner.complete(board):
        return Hint("solved", "the board is complete and correct.")
    sols = reasoner.solutions(board, 2)
    if len(sols) >= 2:
        return Hint("not unique", "no rule applies here: the puzzle has more than one "
                    "solution from this board.")
    return Hint("stuck", "no rule at hand applies here.")


# --- check-step -------------------------------------------------------------------------------

@dataclass(frozen=True)
class StepVerdict:
    valid: bool
    rule: str
    text: str
    steps: tuple[Step, ...] = ()
    """The rule instances that justify the step (when valid)."""

    def to_json(self, encode: Encode = cell_json) -> JSON:
        return {"valid": self.valid, "rule": self.rule, "text": self.text,
                "steps": [s.to_json(encode) for s in self.steps]}

    def render(self) -> str:
        return ("yes: " if self.valid else "no: ") + self.text


def check_step(reasoner: PlayerReasoner, board: Board, rule_name: str, sets: Sets,
               links: tuple[Link, ...] = (), *, max_depth: int = 2) -> StepVerdict:
    """Is ``rule_name`` a valid justification for setting these cells (and links) on the
    board, as LEGUP checks a transition?"""
    rule = reasoner.rule(rule_name)
    if rule is None:
        raise UsageError(f"unknown rule '{rule_name}' (known: {', '.join(reasoner.rule_names())})")
    name = rule.name
    if rule.kind is Kind.CONTRADICTION:
        if sets or links:
            raise UsageError(f"{name} is a contradiction rule: it sets no cells (omit --set)")
        apps = reasoner.applications(board, rule.id)
        if apps:
            return StepVerdict(True, name, f"{name} applies: {apps[0].text}", tuple(apps[:1]))
        return StepVerdict(False, name, f"{name} does not apply to this board.")
    if not sets and not links:
        raise UsageError("give the cells the step sets (--set) or the links it makes (--link)")
    for cell, _ in sets:
        old = board.cells.get(cell)
        if old is not None:
            return StepVerdict(False, name, f"{reasoner.words(((cell, old),), ())} already.")
    for link in links:
        if link in board.links:
            return StepVerdict(False, name, f"{cells_text([link[0]])} is already linked to "
                                            f"{cells_text([link[1]])}.")
    claim = reasoner.words(tuple(sorted(sets)), tuple(sorted(links)))
    if rule.kind is Kind.DIRECT:
        apps = reasoner.applications(board, rule.id)
        got_sets = {s for a in apps for s in a.sets}
        got_links = {lk for a in apps for lk in a.links}
        missing = [s for s in sets if s not in got_sets]
        missing_links = [lk for lk in links if lk not in got_links]
        if not missing and not missing_links:
            used = _cover(apps, set(sets), set(links))
            return StepVerdict(True, name, " ".join(a.text for a in used), used)
        bad = reasoner.words(tuple(missing), tuple(missing_links))
        return StepVerdict(False, name, f"{name} does not give {bad} on this board"
                           + _other_reason(reasoner, board, tuple(missing),
                                           tuple(missing_links)))
    ev = reasoner.evaluate(board)
    step = find_case(reasoner, ev, max(1, max_depth), rule_id=rule.id,
                     wanted=(tuple(sorted(sets)), tuple(sorted(links))))
    if step is not None:
        return StepVerdict(True, name, f"{name}: {step.text}", (step,))
    return StepVerdict(False, name, f"no {name} split concludes {claim} on this board"
                       + _other_reason(reasoner, board, tuple(sets), tuple(links)))


def _cover(apps: Sequence[Step], sets: set[tuple[Cell, str]], links: set[Link]) -> tuple[Step, ...]:
    """A few rule instances that together set the claimed cells and links (greedy)."""
    used: list[Step] = []
    while sets or links:
        best = max(apps, key=lambda a: len(sets & set(a.sets)) + len(links & set(a.links)))
        used.append(best)
        sets -= set(best.sets)
        links -= set(best.links)
    return tuple(used)


def _other_reason(reasoner: PlayerReasoner, board: Board, sets: Sets,
                  links: tuple[Link, ...]) -> str:
    """Why else the cells might (not) follow: another rule, or not at all."""
    if not reasoner.entails(board, sets, links):
        return "; and it does not follow from the board at all."
    ev: Evaluation = reasoner.evaluate(board)
    for step in ev.direct:
        if set(sets) <= set(step.sets) and set(links) <= set(step.links):
            return f" (it does follow, by {step.rule})."
    return " (it does follow from the board, by other reasoning)."
