"""``aspuzzle rules verify FILE.lp --type T`` for a kit type: a rule file proven sound on every
board up to a size, by one clingo search per grid size (smallest first) for a counterexample.

A counterexample is a puzzle with one of its solutions (the type's ``generate.lp`` with its
``encoding.lp``, the share constraints of ``generate.lp`` relaxed), a board that the solution
extends (each playable cell unmarked or marked as in the solution), and the rule concluding on
that board something the solution denies (a direct or case rule's conclusion, a choice whose
every branch the solution breaks is not looked at) or firing at all (a contradiction rule).
The rule sees the board as the step engine does: the type's ``rules/board.lp`` over the
kit's marks, here chosen by the search instead of set from outside.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import clingo

from aspuzzle.errors import InputError
from aspuzzle.formats.asp_text import unsafe_char
from aspuzzle.kit.model import GridInstance, GridSolution
from aspuzzle.puzzles.base import lp_file

if TYPE_CHECKING:
    from aspuzzle.kit.puzzle import GridPuzzle

__all__ = ["KitCounterexample", "KitVerification", "board_sizes", "guessed_board", "verify"]

_MARK_BOARD = """
% the board: each playable cell unmarked or marked as the solution has it
{ mark(R, C, M) } :- playable(R, C), answer_mark(M), {answer}(R, C).
{ mark(R, C, M) } :- playable(R, C), other_mark(M), not {answer}(R, C).
kit_wrong(Rule) :- sets(Rule, _, cell(R, C), M), answer_mark(M), not {answer}(R, C).
kit_wrong(Rule) :- sets(Rule, _, cell(R, C), M), other_mark(M), {answer}(R, C).
kit_wrong(Rule) :- contradiction(Rule, _).
:- not kit_wrong(_).
#show kit_wrong/1.
#show mark/3.
#show {answer}/2.
"""

_DIGIT_BOARD = """
% the board: each empty cell's candidates unmarked, placed or struck out as the solution has
% it (a digit the solution has is never struck out, another never placed)
{ cand(R, C, D, yes) } :- playable(R, C), {answer}(R, C, D).
{ cand(R, C, D, no) } :- playable(R, C), digit(D), not {answer}(R, C, D).
kit_wrong(Rule) :- sets(Rule, _, cand(R, C, D), yes), not {answer}(R, C, D).
kit_wrong(Rule) :- sets(Rule, _, cand(R, C, D), no), {answer}(R, C, D).
kit_wrong(Rule) :- contradiction(Rule, _).
:- not kit_wrong(_).
#show kit_wrong/1.
#show cand/4.
#show {answer}/3.
"""


@dataclass(frozen=True)
class KitCounterexample:
    rules: tuple[str, ...]
    board: str
    """The puzzle with the board's marks, in the type's text grid."""
    solution: str
    """The solution the board agrees with, in the text grid."""


@dataclass(frozen=True)
class KitVerification:
    file: str
    up_to: tuple[int, int]
    counterexample: KitCounterexample | None
    type: str = ""

    @property
    def sound(self) -> bool:
        return self.counterexample is None

    def to_json(self) -> dict[str, object]:
        c = self.counterexample
        return {"file": self.file, "type": self.type, "sound": self.sound,
                "up_to": list(self.up_to), "counterexample": None if c is None else {
                    "rules": list(c.rules), "board": c.board, "solution": c.solution}}

    def render(self) -> str:
        h, w = self.up_to
        c = self.counterexample
        if c is None:
            return f"{self.file}: sound on all boards up to {h}x{w}"
        return (f"{self.file}: NOT sound: {', '.join(c.rules)} concludes wrongly on this board:\n"
                f"{c.board}the solution it agrees with:\n{c.solution}")


def guessed_board(package: str) -> str:
    """The type's ``rules/board.lp`` (``package``: the type's package) without its
    ``#external`` lines: a search program guesses the board instead of setting it."""
    text = lp_file(f"{package}.rules", "board.lp").read_text()
    return "\n".join(ln for ln in text.splitlines() if not ln.lstrip().startswith("#external"))


def board_sizes(up_to: tuple[int, int], square: bool = False) -> list[tuple[int, int]]:
    """Every (rows, columns) up to ``up_to`` (only n x n if ``square``), smallest first: the
    order a soundness search takes, so that a counterexample is one of the smallest."""
    return sorted(((h, w) for h in range(1, up_to[0] + 1) for w in range(1, up_to[1] + 1)
                   if not square or h == w), key=lambda s: (s[0] * s[1], s))


def read_rule_file(path: Path) -> str:
    """The text of a rule file to verify; InputError (naming the file, and the line and column
    of a character clingo would not read) if it cannot be read."""
    try:
        source = path.read_text()
    except (OSError, UnicodeDecodeError) as e:
        raise InputError(f"{path}: cannot read the rule file ({e.__class__.__name__})") \
            from None
    bad = unsafe_char(source)
    if bad is not None:
        line, column, why = bad
        raise InputError(f"{path}: line {line}, column {column}: {why}")
    return source


def counterexample_atoms(parts: list[str], args: list[str], name: str, *,
                         shown: bool = False) -> list[clingo.Symbol] | None:
    """The atoms (``shown``: the shown ones) of a board on which a rule concludes wrongly: one
    answer of the search program made of ``parts`` (with clingo's ``args``), or None if it has
    none (the rule is sound on boards of this size). InputError if the program does not
    ground (the rule file's fault: ``name`` is the file)."""
    messages: list[str] = []
    ctl = clingo.Control(["--warn=none", *args], logger=lambda _c, m: messages.append(m))
    try:
        for i, text in enumerate(parts):
            ctl.add(f"part{i}", [], text)
        ctl.ground([(f"part{i}", []) for i in range(len(parts))])
    except RuntimeError as e:
        why = " ".join(messages[0].split()) if messages else str(e)
        raise InputError(f"{name}: the rule file does not ground: {why}") from None
    found: list[clingo.Symbol] = []

    def on_model(m: clingo.Model) -> None:
        found[:] = m.symbols(shown=True) if shown else m.symbols(atoms=True)

    ctl.solve(on_model=on_model)
    return found or None


def verify(puzzle: GridPuzzle, rule: str | Path, *,
           up_to: tuple[int, int] = (5, 5)) -> KitVerification:
    """Is the rule file sound on every board of the type up to ``up_to`` (rows, columns)?"""
    spec = puzzle.spec
    path = Path(rule)
    source = read_rule_file(path)
    try:
        generate = lp_file(spec.package, "generate.lp").read_text()
    except OSError:
        raise InputError(f"{spec.name} has no generate.lp to search boards with") from None
    board = guessed_board(spec.package)
    template = _DIGIT_BOARD if spec.digits else _MARK_BOARD
    kit = template.replace("{answer}", spec.answer)
    kit += "playable(R, C) :- " + "; ".join(
        f"{k.fact}(R, C{', _' if k.numbered else ''})" for k in spec.cells if k.playable) + ".\n"
    if not spec.digits:
        kit += f"answer_mark({spec.answer_mark.value}). other_mark({spec.other_mark.value}).\n"
    parts = [generate, lp_file(spec.package, "encoding.lp").read_text(), board, kit, source]
    for h, w in board_sizes(up_to, square=spec.digits):
        found = _search(puzzle, parts, h, w, str(path))
        if found is not None:
            return KitVerification(str(path), up_to, found, spec.name)
    return KitVerification(str(path), up_to, None, spec.name)


def _search(puzzle: GridPuzzle, parts: list[str], h: int, w: int,
            name: str) -> KitCounterexample | None:
    spec = puzzle.spec
    consts = [f"-c height={h}", f"-c width={w}", *(f"-c {k}={v}" for k, v in
                                                   spec.verify_constants)]
    found = counterexample_atoms(parts, consts, name)
    if found is None:
        return None
    kinds = {k.fact: k for k in spec.cells}
    cells: dict[tuple[int, int], tuple[str, int | None]] = {}
    for s in found:
        k = kinds.get(s.name)
        if k is not None and len(s.arguments) == (3 if k.numbered else 2):
            a = s.arguments
            cell = (a[0].number, a[1].number)
            if cell not in cells or k.numbered:  # a numbered cell is black too: its number
                cells[cell] = (k.name, a[2].number if k.numbered else None)
    inst = GridInstance(spec.name, h, w, tuple(cells[(r, c)] for r in range(1, h + 1)
                                                for c in range(1, w + 1)))
    if spec.regions:
        labels = {(s.arguments[0].number, s.arguments[1].number): s.arguments[2].number
                  for s in found if s.name == "region" and len(s.arguments) == 3}
        inst = inst._replace(regions=tuple(labels[(r, c)] for r in range(1, h + 1)
                                           for c in range(1, w + 1)))
    shown = [s for s in found if s.name == spec.answer]
    solution: GridSolution = puzzle.from_model(inst, shown)
    from aspuzzle.explain.steps import Board
    from aspuzzle.kit.board import board_marks
    from aspuzzle.kit.textgrid import write_text

    if spec.digits:
        marks = Board({(s.arguments[0].number, s.arguments[1].number, s.arguments[2].number):
                       s.arguments[3].name for s in found if s.name == "cand"})
    else:
        marks = Board({(s.arguments[0].number, s.arguments[1].number): s.arguments[2].name
                       for s in found if s.name == "mark" and len(s.arguments) == 3})
    rules = tuple(sorted({str(s.arguments[0]) for s in found if s.name == "kit_wrong"}))
    return KitCounterexample(rules, write_text(spec, inst, None, board_marks(spec, inst, marks)),
                             write_text(spec, inst, solution))
