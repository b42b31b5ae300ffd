"""Explanations: a puzzle solved as numbered steps, each by a named human rule.

>>> import aspuzzle
>>> e = aspuzzle.explain(aspuzzle.load("examples/tents/seed-6x6.txt"))
>>> e.solved, e.tier
(True, 'direct')
>>> print(e.steps[0].rule)
Finish with Grass

Every type, through the same engine (the player's board in the type's text format):

>>> f = aspuzzle.load("examples/futoshiki/seed-4x4.txt")
>>> aspuzzle.explain(f).solved
True
>>> h = aspuzzle.hint(f, "1 . . .\\n. . . .\\n. . . .\\n. . . 2")
>>> h.kind, h.text.split(":")[0]
('mistake', '(1,1) cannot be 1')
>>> hitori = aspuzzle.load("examples/hitori/seed-6x6.txt")
>>> r = aspuzzle.check(hitori, "1# 1# 2 4 3 5\\n1 1 5 4 4 6\\n4 6 6 2 1 1\\n6 3 3 3 5 4"
...                            "\\n2 3 4 1 6 5\\n2 5 4 6 2 5")
>>> r.correct, [s.rule for s in r.broken]
(False, ['Touching Shaded Cells'])
>>> grid = aspuzzle.load("examples/logicgrid/boys-in-the-hood.logic")
>>> e = aspuzzle.explain(grid)
>>> e.solved, e.steps[0].to_json(e.encode)["sets"][0]["value"]
(True, True)

The step engine (:mod:`aspuzzle.explain.loop`) is shared by all puzzle types; each type brings
its rules (for Tents: :mod:`aspuzzle.puzzles.tents.reasoning`).
"""

from __future__ import annotations

import time
from typing import Any

from aspuzzle.difficulty import Tier, tier_of
from aspuzzle.explain.loop import (
    Case,
    Evaluation,
    ExplainBug,
    Probe,
    Reasoner,
    ReasonerBase,
    ReproofError,
    Run,
    run,
)
from aspuzzle.explain.steps import Board, Branch, Cell, Explanation, Kind, Link, Step, Use

__all__ = [
    "Board",
    "Branch",
    "Case",
    "Cell",
    "Evaluation",
    "ExplainBug",
    "Explanation",
    "Kind",
    "Link",
    "Probe",
    "Reasoner",
    "ReasonerBase",
    "ReproofError",
    "Run",
    "Step",
    "Use",
    "check",
    "check_step",
    "explain",
    "hint",
    "read_board",
    "reasoner_for",
    "run",
]


def _loaded(puzzle: Any) -> Any:
    """A Loaded puzzle from a Loaded puzzle or a bare instance of a registered type."""
    from aspuzzle.api import as_loaded

    return as_loaded(puzzle, "explain")


def reasoner_for(puzzle: Any) -> Any:
    """The reasoner (rules grounded once) for a loaded puzzle or an instance; a UsageError for
    a type without reasoning rules."""
    loaded = _loaded(puzzle)
    return loaded.puzzle.reasoning().reasoner(loaded.instance)


def explain(puzzle: Any, *, board: Board | None = None, tier: Tier | str = Tier.NESTED,
            reasoner: Any = None) -> Explanation:
    """Explain a puzzle step by step, from an empty board or from ``board``.

    ``tier`` is the hardest reasoning allowed (``direct``, ``case``, ``nested``): with a lower
    tier the explanation may stop early (status ``stuck``).
    """
    start_t = time.perf_counter()
    name = _loaded(puzzle).puzzle.name
    rs = reasoner if reasoner is not None else reasoner_for(puzzle)
    start = board if board is not None else Board({})
    result = run(rs, start, Tier.parse(tier).max_depth)
    steps = list(result.steps)
    note = ""
    if result.dead:
        assert result.contradiction is not None
        if result.contradiction.kind is Kind.CONTRADICTION:
            steps.append(result.contradiction)
        status = "contradiction"
        what = "the puzzle has no solution" if not start.cells and not start.links else \
            "this board cannot be completed"
        note = f"{what}: {result.contradiction.rule}: {result.contradiction.text}"
    elif rs.complete(result.board):
        status = "solved"
    else:
        status, note = _why_stopped(rs, result.board)
    return Explanation(name, tuple(steps), status, str(tier_of(steps, name)), start, result.board,
                       note, time.perf_counter() - start_t, encode=rs.encode)


def read_board(puzzle: Any, state: str | Board) -> tuple[Board, list[Step], bool]:
    """A player's board: ``state`` in the type's state format (a text grid with the player's
    marks, see the docs' Formats page) or a :class:`Board` already. Returns the board, the
    problems found while reading it (as contradiction steps, e.g. a Tents link to no tree)
    and whether the format can show links. Raises :class:`aspuzzle.InputError`, naming the
    cell, for a board that does not fit the puzzle."""
    if isinstance(state, Board):
        return state, [], True
    loaded = _loaded(puzzle)
    kit = loaded.puzzle.reasoning()
    board, problems = kit.read_state(state, loaded.instance)
    return board, list(problems), bool(kit.shows_links(state))


def hint(puzzle: Any, state: str | Board, *, tier: Tier | str = Tier.NESTED) -> Any:
    """The first mistake on a player's board, or else the next step
    (:class:`aspuzzle.explain.player.Hint`).

    >>> import aspuzzle
    >>> p = aspuzzle.load("examples/tents/seed-6x6.txt")
    >>> print(aspuzzle.hint(p, "  1 2 0 2 1 2\\n2 A . . T . .\\n0 . T . . . T\\n3 . . T . T ."
    ...       "\\n0 . . . T . .\\n2 . T . . . .\\n1 . . . . T .").render())
    (1,1) cannot be a tent: No Tree for Tent: the tent at (1,1) is next to no tree.
    """
    from aspuzzle.explain import player

    board, problems, links = read_board(puzzle, state)
    rs = reasoner_for(puzzle)
    return player.hint(rs, board, max_depth=Tier.parse(tier).max_depth, bad_links=problems,
                       cells_only=not links)


def check(puzzle: Any, state: str | Board) -> Any:
    """Every broken rule on a player's board, and whether it is complete and correct
    (:class:`aspuzzle.explain.player.CheckResult`).

    >>> import aspuzzle
    >>> p = aspuzzle.load("examples/tents/seed-6x6.txt")
    >>> r = aspuzzle.check(p, "  1 2 0 2 1 2\\n2 A A . T . .\\n0 . T . . . T\\n3 . . T . T ."
    ...                    "\\n0 . . . T . .\\n2 . T . . . .\\n1 . . . . T .")
    >>> r.correct, [s.rule for s in r.broken]
    (False, ['Touching Tents', 'No Tree for Tent'])
    """
    from aspuzzle.explain import player

    board, problems, _ = read_board(puzzle, state)
    return player.check(reasoner_for(puzzle), board, problems)


def check_step(puzzle: Any, state: str | Board, rule: str, sets: Any,
               links: Any = (), *, tier: Tier | str = Tier.NESTED) -> Any:
    """Is the named rule a valid justification for setting ``sets`` (board keys and values,
    e.g. ``[((3, 1), "grass")]`` for Tents) on the player's board?
    (:class:`aspuzzle.explain.player.StepVerdict`)"""
    from aspuzzle.explain import player

    board, _, _ = read_board(puzzle, state)
    return player.check_step(reasoner_for(puzzle), board, rule, tuple(sets), tuple(links),
                             max_depth=Tier.parse(tier).max_depth)


def _why_stopped(rs: Any, board: Board) -> tuple[str, str]:
    sols = rs.solutions(board, 2)
    if len(sols) >= 2:
        from aspuzzle.puzzles import get_puzzle

        diff = get_puzzle(rs.type).differences(rs.inst, sols[0], sols[1])
        return "not unique", f"the puzzle is not unique: from here two solutions differ ({diff})"
    if not sols:
        return "contradiction", "no solution, but the rules find no contradiction here"
    return "stuck", "the rules at hand go no further, although the solution is unique"
