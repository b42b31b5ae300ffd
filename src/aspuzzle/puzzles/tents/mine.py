"""``aspuzzle rules mine --type tents``: Tree Tent rules mined from the game rules alone.

What a pattern is made of (:class:`TentsLanguage`, for :mod:`aspuzzle.kit.mine`): a frame of
cells, each ``?`` (any), ``T`` (a tree), ``o`` (free: not a tree; a tent, grass or unknown),
``A`` (a tent), ``x`` (grass) or ``.`` (unknown); sides that are the grid's edge; and at most
one label on a line (row or column) through the frame, about the line's missing tents
``m = n - k`` (n its clue, k its tents) and ``o``, its unknown cells *outside* the frame:
``lo K`` is ``m - o >= K`` (at least K of the missing tents must go on the frame's unknown cells
of the line), ``hi K`` is ``m <= K``.

**Why one small program decides every board.** A board contains the pattern at some place; a
counterexample to a conclusion is a puzzle, a board containing the pattern, and a solution
extending the board in which the concluded cell has the other value (for a contradiction
pattern: any solution at all). ``mine.lp`` has the frame (the window) and a ring of cells
around it, less the sides that are the edge, and guesses trees, a solution, its pairing of
trees with tents and the board's marks on the window. Take any counterexample and keep only
the window and the ring: (1) no two tents of the solution adjoin, there too; (2) every tree and
every tent of the window has its partner orthogonally next to it, so in the window or the
ring: the window's trees and tents are paired exactly once there, the ring's at most once (a
ring cell's partner may lie outside); (3) of a labelled line, the solution puts exactly m new
tents on its unknown cells, at most o of them outside the frame, so between ``m - o`` and
``m`` inside it: ``lo K`` and ``hi K`` hold of the count inside; (4) a side that is not
declared an edge may still be one (the ring cells there are then free cells with no tent:
nothing the program asks of them). So every counterexample, on a board of any size, leaves one
in the program's model, and the program having none (unsatisfiable with the conclusion denied,
read off as cautious consequences: one solve with the pattern as assumptions on one grounded
program per frame size) proves the conclusion on every board. The converse need not hold (the
model forgets what lies beyond the ring), so a rule that needs more than the ring is not found
— never a wrong one. Each rule written is then checked again, independently, by
``rules verify`` (:mod:`aspuzzle.puzzles.tents.rulecheck`) on every board up to 6x6.

A mined contradiction is left out when it is a basic contradiction rule itself (two adjoining
tents, 3.c.i; a tree with every neighbour grass, tree or edge, 3.d.i; a tent next to no tree,
3.d.ii). Each mined rule is written as a teacher's rule file (``--rules-dir``, see
:mod:`aspuzzle.puzzles.tents.proofs.teacher`) with a ``%!`` header: its name, kind, the sheet's
rule it is when it is one, a summary, a picture of the pattern, and its derivation from the
basic rules in the words of ``rules derive``: Tent or Grass (4.a) on the concluded cell, the
other case closed by a basic contradiction rule, after the sheet's derived rules applied in the
pattern where the contradiction is not immediate.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import clingo

from aspuzzle.errors import UsageError
from aspuzzle.kit.mine import (
    ANY,
    Conclusion,
    Found,
    MineStats,
    Pattern,
    case_splits,
    mine,
    orientations,
    out_folder,
    read_corpus,
    rules_used,
)
from aspuzzle.puzzles.base import lp_file

__all__ = ["MinedRule", "TentsLanguage", "derivation", "mine_tents", "sheet_rule"]

_NAMES = {"T": "tree", "o": "free", "A": "tent", "x": "grass", ".": "unknown"}
_BLOCKED = {"x", "T", "n"}
"""Marks on which a tree's tent cannot go ("n": a cell of the pattern left any, ``?``, found to
be no tent while deriving: grass or a tree)."""
_NO_TREE = {"o", "A", "x", "."}
_SIDE_OF = {(-1, 0): "n", (1, 0): "s", (0, -1): "w", (0, 1): "e"}
_NEUMANN = tuple(_SIDE_OF)
_MOORE = tuple((a, b) for a in (-1, 0, 1) for b in (-1, 0, 1) if (a, b) != (0, 0))

BASIC = {"touching_tents": ("Touching Tents", "3.c.i"),
         "no_tent_for_tree": ("No Tent for Tree", "3.d.i"),
         "no_tree_for_tent": ("No Tree for Tent", "3.d.ii"),
         "too_many_tents": ("Too Many Tents", "3.b.i"),
         "too_few_tents": ("Too Few Tents", "3.b.ii")}
DERIVED = {"surround_tent_with_grass": ("Surround Tent with Grass", "5.b"),
           "empty_field": ("Empty Field", "5.d"),
           "last_camping_spot": ("Last Camping Spot", "5.c"),
           "finish_with_grass": ("Finish with Grass", "5.a.i"),
           "finish_with_tents": ("Finish with Tents", "5.a.ii")}
_SHEET_OF = {"touching_tents": "surround_tent_with_grass", "no_tent_for_tree": "last_camping_spot",
             "no_tree_for_tent": "empty_field", "too_many_tents": "finish_with_grass",
             "too_few_tents": "finish_with_tents"}
"""The sheet's derived rule whose derivation is one split closed by this basic rule (as
``rules derive`` derives each)."""


class _Checker:
    """One grounded ``mine.lp`` for a frame size; one cautious solve per pattern."""

    def __init__(self, height: int, width: int) -> None:
        self.ctl = clingo.Control(["--warn=none", f"-c rows={height}", f"-c cols={width}"])
        self.ctl.add("base", [], lp_file("aspuzzle.puzzles.tents", "mine.lp").read_text())
        self.ctl.ground([("base", [])])
        self.ctl.configuration.solve.enum_mode = "cautious"  # type: ignore[union-attr]
        self.ctl.configuration.solve.models = 0  # type: ignore[union-attr]
        atoms = self.ctl.symbolic_atoms
        self.literal = {a.symbol: a.literal for a in atoms if a.is_external}
        for sym in self.literal:
            self.ctl.assign_external(sym, None)
        self.off = [-lit for lit in self.literal.values()]
        self.index = {lit: n for n, lit in enumerate(self.literal.values())}

    def conclusions(self, p: Pattern) -> frozenset[Conclusion] | None:
        F = clingo.Function
        N = clingo.Number
        on = [F("pat", [N(i + 1), N(j + 1), F(_NAMES[v])]) for i, j, v in p.cells]
        on += [F("edge", [F(s)]) for s in p.edges]
        on += [F(k, [F(d), N(i + 1), N(m)]) for d, i, k, m in p.lines]
        assumptions = list(self.off)
        for sym in on:
            lit = self.literal[sym]
            assumptions[self.index[lit]] = lit
        last: list[clingo.Symbol] | None = None
        with self.ctl.solve(assumptions=assumptions, yield_=True) as handle:
            for model in handle:
                last = model.symbols(shown=True)
        if last is None:
            return None
        return frozenset((s.arguments[0].number - 1, s.arguments[1].number - 1,
                          "tent" if s.name == "tent_at" else "grass") for s in last)


class TentsLanguage:
    """Tree Tent patterns (see the module docstring)."""

    marks: tuple[str, ...] = ("T", "o", "A", "x", ".")
    parent: Mapping[str, str] = {"T": ANY, "o": ANY, "A": "o", "x": "o", ".": "o"}
    target = "."

    def labels(self, length: int) -> tuple[tuple[str, int], ...]:
        return (("hi", 0), *(("lo", k) for k in range(1, length + 1)))

    def checker(self, height: int, width: int) -> _Checker:
        return _Checker(height, width)

    def basic(self, p: Pattern) -> str | None:
        found = _closed(_Local.of(p))
        return found[0] if found is not None and found[0] in ("touching_tents",
                                                                "no_tent_for_tree",
                                                                "no_tree_for_tent") else None


# --- the pattern as a small board: the sheet's rules applied in it (the derivations) ---------

@dataclass
class _Local:
    height: int
    width: int
    cells: dict[tuple[int, int], str]
    edges: str
    lines: dict[tuple[str, int], tuple[str, int]]

    @staticmethod
    def of(p: Pattern) -> _Local:
        return _Local(p.height, p.width, {(i, j): v for i, j, v in p.cells}, p.edges,
                      {(d, i): (k, m) for d, i, k, m in p.lines})

    def inside(self, i: int, j: int) -> bool:
        return 0 <= i < self.height and 0 <= j < self.width

    def beyond_edge(self, i: int, j: int) -> bool:
        return ((i < 0 and "n" in self.edges) or (i >= self.height and "s" in self.edges)
                or (j < 0 and "w" in self.edges) or (j >= self.width and "e" in self.edges))

    def get(self, i: int, j: int) -> str:
        return self.cells.get((i, j), ANY)

    def segment(self, d: str, i: int) -> list[tuple[int, int]]:
        return ([(i, j) for j in range(self.width)] if d == "row"
                else [(r, i) for r in range(self.height)])

    def place(self, cell: tuple[int, int], value: str) -> None:
        """Set an unknown cell (a tent counts against the labels of its lines)."""
        self.cells[cell] = value
        if value == "A":
            for key in (("row", cell[0]), ("col", cell[1])):
                if key in self.lines:
                    k, m = self.lines[key]
                    self.lines[key] = (k, m - 1)


def _c(cell: tuple[int, int]) -> str:
    return f"({cell[0] + 1},{cell[1] + 1})"


def _closed(b: _Local) -> tuple[str, str] | None:
    """A basic contradiction rule that fires in the pattern: (rule id, why)."""
    for (i, j), v in sorted(b.cells.items()):
        if v == "A":
            for di, dj in _MOORE:
                if b.get(i + di, j + dj) == "A":
                    return "touching_tents", f"the tents at {_c((i, j))} and " \
                                             f"{_c((i + di, j + dj))} adjoin."
    for (i, j), v in sorted(b.cells.items()):
        around = [(i + di, j + dj) for di, dj in _NEUMANN]
        if v == "T" and all(b.beyond_edge(*x) or (b.inside(*x) and b.get(*x) in _BLOCKED)
                            for x in around):
            return "no_tent_for_tree", f"the tree at {_c((i, j))} has no place left for its tent."
        if v == "A" and all(b.beyond_edge(*x) or (b.inside(*x) and b.get(*x) in _NO_TREE)
                            for x in around):
            return "no_tree_for_tent", f"the tent at {_c((i, j))} has no tree next to it."
    for (d, i), (k, m) in sorted(b.lines.items()):
        line = f"{'row' if d == 'row' else 'column'} {i + 1}"
        if k == "hi" and m < 0:
            return "too_many_tents", f"{line} has more tents than its clue."
        # a cell left any (?) may be unknown too, and take a tent
        unknown = sum(1 for x in b.segment(d, i) if b.get(*x) in (".", ANY))
        if k == "lo" and m > unknown:
            return "too_few_tents", (f"{line} cannot reach its clue even with tents on all its "
                                     "unknown cells.")
    return None


def _step(b: _Local) -> tuple[str, list[tuple[int, int]], str] | None:
    """One application of a derived rule of the sheet in the pattern: (rule, cells, value)."""
    unknown = sorted(x for x, v in b.cells.items() if v == ".")
    for x in unknown:
        if any(b.get(x[0] + di, x[1] + dj) == "A" for di, dj in _MOORE):
            return "surround_tent_with_grass", [x], "x"
    for (i, j), v in sorted(b.cells.items()):
        if v == "A":
            near = [(i + di, j + dj) for di, dj in _MOORE]
            anys = [x for x in near if b.inside(*x) and x not in b.cells]
            if anys:
                return "surround_tent_with_grass", anys, "n"
    for (d, i), (k, m) in sorted(b.lines.items()):
        seg = [x for x in b.segment(d, i) if b.get(*x) == "."]
        anys = [x for x in b.segment(d, i) if b.get(*x) == ANY]
        if seg and k == "hi" and m == 0:
            return "finish_with_grass", seg, "x"
        if seg and not anys and k == "lo" and m == len(seg):
            return "finish_with_tents", seg, "A"
    for (i, j), v in sorted(b.cells.items()):
        if v != "T":
            continue
        around = [(i + di, j + dj) for di, dj in _NEUMANN]
        open_ = [x for x in around if not (b.beyond_edge(*x)
                                           or (b.inside(*x) and b.get(*x) in _BLOCKED))]
        if len(open_) == 1 and b.inside(*open_[0]) and b.get(*open_[0]) == ".":
            return "last_camping_spot", open_, "A"
    for x in unknown:
        around = [(x[0] + di, x[1] + dj) for di, dj in _NEUMANN]
        if all(b.beyond_edge(*y) or (b.inside(*y) and b.get(*y) in _NO_TREE) for y in around):
            return "empty_field", [x], "x"
    return None


def _close(b: _Local) -> tuple[list[str], tuple[str, str] | None]:
    """The sheet's derived rules applied in the pattern until a basic contradiction rule fires:
    (the steps in words, (the basic rule, why)) or (steps, None)."""
    said: list[str] = []
    for _ in range(40):
        hit = _closed(b)
        if hit is not None:
            return said, hit
        step = _step(b)
        if step is None:
            return said, None
        rule, cells, value = step
        for x in cells:
            b.place(x, value)
        name, sheet = DERIVED[rule]
        what = {"A": "a tent", "x": "grass", "n": "no tent"}[value]
        said.append(f"{name} ({sheet}): {' '.join(_c(x) for x in cells)} "
                    f"{'is' if len(cells) == 1 else 'are'} {what}")
    return said, None


@dataclass(frozen=True)
class Derivation:
    text: tuple[str, ...]
    closed_by: str
    """The basic contradiction rule that closes the other case ("" when the sheet's rules in
    the pattern do not, and only the solver's check of mine.lp does)."""
    steps: int
    """The derived rules applied before it."""


def derivation(found: Found, name: str) -> Derivation:
    """How the rule follows from the basic ones, as ``rules derive`` writes it."""
    p = found.pattern
    if found.contradiction:
        said, hit = _close(_Local.of(p))
        text = [f"In the pattern: {s}." for s in said]
        if hit is None:
            text.append("The sheet's rules in the pattern do not close it; mine.lp (the "
                         "window and its ring) has no solution.")
            return Derivation(tuple(text), "", len(said))
        rule, why = hit
        text.append(f"{BASIC[rule][0]} ({BASIC[rule][1]}): {why} The board breaks the game "
                    f"rules, as {name} says.")
        return Derivation(tuple(text), rule, len(said))
    lines: list[str] = []
    closers: list[str] = []
    depth = 0
    for n, (i, j, v) in enumerate(found.conclusions, 1):
        other = "A" if v == "grass" else "x"
        b = _Local.of(p)
        b.place((i, j), other)
        said, hit = _close(b)
        at = _c((i, j))
        lines.append(f"Step {n} - Tent or Grass (4.a) on {at}: two cases.")
        case = f"  case {at} {'tent' if other == 'A' else 'grass'}: "
        if hit is None:
            lines.append(case + "; ".join([*said, "mine.lp (the window and its ring) has no "
                                                  "solution. The case is closed."]))
            closers.append("")
        else:
            rule, why = hit
            lines.append(case + "".join(f"{s}; " for s in said)
                         + f"{BASIC[rule][0]} ({BASIC[rule][1]}): {why} The case is closed.")
            closers.append(rule)
        depth = max(depth, len(said))
        is_ = "a tent" if v == "tent" else "grass"
        lines.append(f"  case {at} {v}: the only case left, so {at} is {is_}, as {name} says.")
    closed = closers[0] if closers and len(set(closers)) == 1 else ""
    return Derivation(tuple(lines), closed, depth)


def sheet_rule(found: Found) -> str | None:
    """The sheet's derived rule (5.a-5.e) the mined rule is, by its derivation: one split whose
    other case the basic rule of that derived rule closes at once (None: not the sheet's)."""
    d = derivation(found, "")
    if d.steps or not d.closed_by:
        return None
    if found.contradiction:
        return "too_few_tents" if d.closed_by == "too_few_tents" else None
    return _SHEET_OF.get(d.closed_by)


# --- rule files ---------------------------------------------------------------------------

def picture(p: Pattern, conclusions: tuple[Conclusion, ...] = ()) -> list[str]:
    """The pattern drawn: its cells, # for the grid's edge, each labelled line's count beside,
    the concluded cells as ! (tent) and ~ (grass)."""
    marks = {(i, j): ("!" if v == "tent" else "~") for i, j, v in conclusions}
    left, right = "w" in p.edges, "e" in p.edges
    width = p.width + left + right
    rows = []
    if "n" in p.edges:
        rows.append(" ".join("#" * width))
    labels = {(d, i): f"{k} {m}" for d, i, k, m in p.lines}
    for i in range(p.height):
        cells = (["#"] if left else []) + [marks.get((i, j), p.value(i, j))
                                           for j in range(p.width)] + (["#"] if right else [])
        row = " ".join(cells)
        if ("row", i) in labels:
            row += f"   <- row: {labels['row', i]}"
        rows.append(row)
    if "s" in p.edges:
        rows.append(" ".join("#" * width))
    for (d, i), text in sorted(labels.items()):
        if d == "col":
            rows.append(" " * (2 * (i + left)) + f"^ column: {text}")
    return rows


def _body(p: Pattern) -> list[str]:
    pred = {"T": "tree", "o": "free", "A": "tent", "x": "grass", ".": "unknown"}
    h, w = p.height, p.width

    def at(i: int, j: int) -> str:
        return f"R{f' + {i}' if i else ''}, C{f' + {j}' if j else ''}"

    def plus(x: str, i: int) -> str:
        return f"{x} + {i}" if i else x

    out = [f"position({at(0, 0)})"] + ([f"position({at(h - 1, w - 1)})"] if h * w > 1 else [])
    out += [f"{pred[v]}({at(i, j)})" for i, j, v in p.cells]
    edge = {"n": "R = 1", "s": f"R + {h - 1} = height" if h > 1 else "R = height",
            "w": "C = 1", "e": f"C + {w - 1} = width" if w > 1 else "C = width"}
    out += [edge[s] for s in p.edges]
    for d, i, k, m in p.lines:
        if d == "row":
            line, cell, first, last = (f"row({plus('R', i)})", f"{plus('R', i)}, Z", "C",
                                       plus("C", w - 1))
        else:
            line, cell, first, last = (f"col({plus('C', i)})", f"Z, {plus('C', i)}", "R",
                                       plus("R", h - 1))
        tents = f"t, Z : at({line}, Z, {cell}), tent({cell})"
        if k == "hi":
            out.append(f"clue({line}, N), #count {{ {tents} }} >= {plus('N', -m) if m else 'N'}"
                       .replace("+ -", "- "))
        else:
            out.append(f"clue({line}, N), #count {{ {tents}; u, Z : at({line}, Z, {cell}), "
                       f"unknown({cell}), Z < {first}; u, Z : at({line}, Z, {cell}), "
                       f"unknown({cell}), Z > {last} }} <= N - {m}")
        out[-1] = out[-1].replace(" - 0", "")
    return out


@dataclass
class MinedRule:
    id: str
    name: str
    found: Found
    sheet: str | None
    derivation: Derivation
    path: Path | None = None
    sound: bool | None = None
    removed: dict[str, int] = field(default_factory=dict)
    """Case splits the rule removes on the corpus, by baseline ("full", "sheet")."""

    def summary(self) -> str:
        p = self.found.pattern
        if self.found.contradiction:
            return f"the pattern {p.key()} cannot be completed"
        said = ", ".join(f"{_c((i, j))} is {'a tent' if v == 'tent' else 'grass'}"
                         for i, j, v in self.found.conclusions)
        return f"in the pattern {p.key()}, {said}"

    def text(self) -> str:
        f = self.found
        kind = "contradiction" if f.contradiction else "direct"
        sheet = ""
        if self.sheet is not None:
            name, number = (DERIVED | {"too_few_tents": ("Too Few Tents", "5.e")})[self.sheet] \
                if self.sheet in DERIVED or self.sheet == "too_few_tents" else (self.sheet, "")
            sheet = f"{number} {name}"
        lines = [f"%! name: {self.name}", f"%! kind: {kind}",
                 f"%! sheet: mined{f' (the sheet has it: {sheet})' if sheet else ' (new)'}",
                 f"%! summary: {self.summary()}",
                 "%! pattern: T tree, o free (not a tree), A tent, x grass, . unknown, ? any, "
                 "# the grid's edge;"]
        lines.append("%!     " + ("the board breaks the game rules" if f.contradiction else
                                  "! becomes a tent, ~ grass; a line's lo K: at least K of "
                                  "its missing tents must go here (n-k-o >= K, o its unknown "
                                  "cells elsewhere), hi K: it misses at most K (n-k <= K)"))
        lines += [f"%!     {row}" for row in picture(f.pattern, f.conclusions)]
        lines.append("%")
        lines.append("% Mined by 'aspuzzle rules mine' from the game rules (mine.lp: the window "
                     "and a ring of free")
        lines.append("% cells; see aspuzzle/puzzles/tents/mine.py). Derivation from the basic "
                     "rules:")
        lines += [f"%   {t}" for t in self.derivation.text]
        lines.append("%")
        lines.append("% Input   board.lp's position/2, tree/2, free/2, tent/2, grass/2, "
                     "unknown/2, clue/2, at/4")
        head = (f"contradiction({self.id}, cell(R, C))" if f.contradiction else
                f"sets({self.id}, cell(R, C), R, C, tent | grass)")
        lines.append(f"% Output  {head} (each turn and mirror image of the pattern)")
        lines.append("")
        seen: set[Pattern] = set()
        for q, concl in orientations(f.pattern, f.conclusions):
            if q in seen:
                continue
            seen.add(q)
            body = ",\n    ".join(_body(q))
            if f.contradiction:
                lines.append(f"contradiction({self.id}, cell(R, C)) :-\n    {body}.")
            for i, j, v in concl:
                x = f"R{f' + {i}' if i else ''}, C{f' + {j}' if j else ''}"
                lines.append(f"sets({self.id}, cell({x}), {x}, {v}) :-\n    {body}.")
        return "\n".join(lines) + "\n"


# --- the command ------------------------------------------------------------------------

_SHEET_RULES = ("finish_with_grass", "surround_tent_with_grass", "empty_field", "tree_for_tent",
                "tent_for_tree", "last_camping_spot", "finish_with_tents", "too_many_tents",
                "too_few_tents", "touching_tents", "no_tent_for_tree", "no_tree_for_tent",
                "tent_or_grass", "links_from_tree", "links_from_tent", "fill_in_row")
"""The rules of the sheet (2.d, 3.x, 4.x, 5.a-5.e): the baseline a mined rule is added to for
the "sheet" ranking."""


_RANK_PUZZLES = 20
"""Each rule alone is explained on at most this many puzzles (those the mined rules together
help on, first in the corpus's order)."""


def _rank(rules: list[MinedRule], corpus: list[tuple[str, str]],
          progress: Callable[[str], None] | None) -> dict[str, Any]:
    """Case splits on the corpus with the full catalogue and with the sheet's rules; then with
    all the mined rules added; then with each mined rule alone added, on the puzzles where all
    of them removed some."""
    from aspuzzle import api
    from aspuzzle.explain import explain
    from aspuzzle.explain.loop import ExplainBug
    from aspuzzle.puzzles.tents.proofs.teacher import TeacherRules, _TeacherReasoner, read_rule
    from aspuzzle.puzzles.tents.reasoning import TentsReasoner
    from aspuzzle.puzzles.tents.rules import CATALOGUE, by_name

    sheet = tuple(r for r in (by_name(x) for x in _SHEET_RULES) if r is not None)
    bases: dict[str, tuple[Any, ...]] = {"full": CATALOGUE, "sheet": sheet}
    teacher = {r.id: read_rule(r.path) for r in rules if r.path is not None}
    every = TeacherRules(tuple(teacher.values()))
    loaded = [(w, api.loads(t, type="tents")) for w, t in corpus]
    out: dict[str, Any] = {"puzzles": len(loaded)}

    failed: list[str] = []
    used: set[str] = set()

    def splits(lp: Any, cat: tuple[Any, ...], extra: TeacherRules | None,
               where: str = "") -> int:
        rs = (TentsReasoner(lp.instance, cat) if extra is None else
              _TeacherReasoner(lp.instance, (*cat, *extra.rules), extra))
        try:
            steps = explain(lp, reasoner=rs).to_json()["steps"]
            if extra is not None:
                used.update(rules_used(steps))
            return case_splits(steps)
        except ExplainBug as e:
            # (the step engine's own check of a case split; counted as no change, and said)
            failed.append(f"{where}: {' '.join(str(e).split())[:200]}")
            return -1

    for base, cat in bases.items():
        counts = {w: splits(lp, cat, None, w) for w, lp in loaded}
        hard = [(w, lp) for w, lp in loaded if counts[w] > 0]
        together = {w: splits(lp, cat, every, w) for w, lp in hard}
        together = {w: n if n >= 0 else counts[w] for w, n in together.items()}
        helped = [(w, lp) for w, lp in hard if together[w] < counts[w]]
        used.intersection_update(teacher)
        out[base] = {"splits": sum(counts.values()), "puzzles_with_splits": len(hard),
                     "splits_with_mined": sum(counts.values()) - sum(counts[w] - together[w]
                                                                     for w, _ in hard),
                     "puzzles_helped": len(helped)}
        if progress is not None:
            progress(f"corpus, {base} rules: {out[base]['splits']} case splits on {len(hard)} "
                     f"puzzles, {out[base]['splits_with_mined']} with the mined rules")
        for r in rules:
            r.removed[base] = 0
            if r.id not in teacher or r.id not in used:
                continue  # (a rule no explanation used removes no split alone)
            one = TeacherRules((teacher[r.id],))
            alone = [(w, splits(lp, cat, one, w)) for w, lp in helped[:_RANK_PUZZLES]]
            r.removed[base] = sum(counts[w] - n for w, n in alone if n >= 0)
    out["failed"] = failed
    return out


def mine_tents(window: tuple[int, int], *, out: str | None = None,
               corpus: list[str] | None = None, max_cells: int | None = None,
               verify_up_to: tuple[int, int] = (6, 6),
               progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Mine, write, verify and rank (the ``rules mine`` command's work); its report."""
    from aspuzzle.puzzles.tents.rulecheck import verify

    puzzles = read_corpus(corpus, "tents") if corpus else []
    cells = max_cells if max_cells is not None else min(5, window[0] * window[1])
    stats = MineStats()
    found = mine(TentsLanguage(), window, max_cells=cells, max_size=cells, stats=stats)
    rules = []
    for n, f in enumerate(found, 1):
        rid, name = f"mined_{n:03d}", f"Mined {window[0]}x{window[1]} {n}"
        rules.append(MinedRule(rid, name, f, sheet_rule(f), derivation(f, name)))
    t0 = time.perf_counter()
    if out is not None:
        folder = out_folder(out)
        for r in rules:
            r.path = folder / f"{r.id}.lp"
            r.path.write_text(r.text())
            v = verify(r.path, up_to=verify_up_to)
            r.sound = v.sound
            if not v.sound:
                raise UsageError(f"{r.path}: the mined rule is NOT sound: "
                                 + " / ".join(v.render().splitlines()[1:]))
    verify_s = time.perf_counter() - t0
    ranking: dict[str, Any] = {}
    if puzzles and out is not None:
        ranking = _rank(rules, puzzles, progress)
    rules.sort(key=lambda r: (-r.removed.get("full", 0), -r.removed.get("sheet", 0),
                              r.found.pattern.size(), r.id))
    return {"type": "tents", "window": list(window), "max_cells": cells,
            "patterns": stats.patterns, "solves": stats.solves,
            "mine_s": round(stats.seconds, 2), "verify_s": round(verify_s, 2),
            "verified_up_to": list(verify_up_to) if out is not None else None,
            "corpus": ranking,
            "sheet_found": sorted({r.sheet for r in rules if r.sheet}),
            "rules": [{"id": r.id, "name": r.name, "pattern": r.found.pattern.key(),
                       "conclusions": [[i + 1, j + 1, v] for i, j, v in r.found.conclusions],
                       "contradiction": r.found.contradiction, "sheet": r.sheet,
                       "closed_by": r.derivation.closed_by, "steps": r.derivation.steps,
                       "file": None if r.path is None else str(r.path), "sound": r.sound,
                       "removes": r.removed} for r in rules]}
