"""Derive a derived Tree Tent rule (rule sheet 5.a-5.d) from the basic ones on a small board.

:func:`derive` searches with clingo (``derive.lp``), smallest grid first and fewest marks
first, for a board that a solution extends and on which the rule concludes a cell; then, with
the basic contradiction rules' own files, for a cell among those whose opposite value makes a
basic contradiction rule (3.x) fire at once. The derivation is then the case rule Tent or Grass
(4.a) on that cell: the opposite case is closed by that contradiction, so only the rule's
conclusion is left. Rules that only draw links (Tent for Tree) have no such derivation here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import clingo

from aspuzzle.errors import UsageError
from aspuzzle.explain.steps import Board, Kind, cells_text
from aspuzzle.puzzles.base import lp_file
from aspuzzle.puzzles.tents.model import TentsInstance

__all__ = ["DERIVABLE", "Derivation", "derive"]

_RULES = "aspuzzle.puzzles.tents.rules"
DERIVABLE = {"finish_with_grass": "too_many_tents", "finish_with_tents": "too_few_tents",
             "surround_tent_with_grass": "touching_tents",
             "last_camping_spot": "no_tent_for_tree", "empty_field": "no_tree_for_tent"}
"""The derived rules (sheet 5.a-5.d) that set cells, which Tent or Grass derives, and the basic
contradiction rule (3.x) that closes the other case, as the sheet's notes derive each."""
_MAX_SIDE = 4
_ENOUGH = 200
"""Boards of fewest marks looked at per grid size."""
_OTHER = {"tent": "grass", "grass": "tent"}
Cell = tuple[int, int]


@dataclass(frozen=True)
class Derivation:
    rule: str
    sheet: str
    inst: TentsInstance
    board: Board
    cell: Cell
    value: str
    contradiction: str
    """The basic contradiction rule's name."""
    contradiction_sheet: str
    why: str
    """The contradiction step's words."""

    def render(self) -> str:
        h, w = self.inst.height, self.inst.width
        lines = [f"{self.rule} ({self.sheet}) from the basic rules Tent or Grass (4.a) and "
                 f"{self.contradiction} ({self.contradiction_sheet}), on this {h}x{w} board "
                 "(T tree, A tent, x grass, . unknown; clues beside):",
                 "  " + " ".join(str(c) for c in self.inst.col_clues)]
        for r in range(1, h + 1):
            row = []
            for c in range(1, w + 1):
                v = self.board.cells.get((r, c))
                row.append("T" if (r, c) in self.inst.trees else "A" if v == "tent"
                           else "x" if v == "grass" else ".")
            lines.append(f"{self.inst.row_clues[r - 1]} " + " ".join(row))
        x, other = cells_text([self.cell]), _OTHER[self.value]
        is_ = "a tent" if self.value == "tent" else "grass"
        lines += [f"{self.rule} concludes that {x} is {is_}.",
                  f"Step 1 - Tent or Grass on {x}: two cases.",
                  f"  case {x} {other}: {self.contradiction}: {self.why} The case is closed.",
                  f"  case {x} {self.value}: the only case left, so {x} is {is_}, as "
                  f"{self.rule} says."]
        return "\n".join(lines)


def _board_lp() -> str:
    text = lp_file(_RULES, "board.lp").read_text()
    return "\n".join(line for line in text.splitlines() if not line.startswith("#external"))


def derive(name: str) -> Derivation:
    """The derivation of a derived rule (by name or id) from Tent or Grass and a basic
    contradiction rule, on the smallest board found (UsageError for a rule it cannot derive)."""
    from aspuzzle.puzzles.tents.rules import CATALOGUE, by_name

    info = by_name(name)
    if info is None or info.id not in DERIVABLE:
        raise UsageError(f"rules derive: '{name[:40]}' is not a derived rule that sets cells "
                         f"(one of: {', '.join(r.name for r in CATALOGUE if r.id in DERIVABLE)})")
    basic = by_name(DERIVABLE[info.id])
    assert basic is not None and basic.kind is Kind.CONTRADICTION
    parts = [_board_lp(), lp_file(_RULES, "places.lp").read_text(),
             lp_file(_RULES, "room.lp").read_text(),
             lp_file("aspuzzle.legup", "derive.lp").read_text(),
             lp_file(_RULES, f"{info.id}.lp").read_text()]
    sizes = sorted(((h, w) for h in range(1, _MAX_SIDE + 1) for w in range(1, _MAX_SIDE + 1)),
                   key=lambda s: (s[0] * s[1], s))
    for h, w in sizes:
        for syms in _boards(parts, h, w):
            found = _check(info, basic, h, w, syms)
            if found is not None:
                return found
    raise UsageError(f"rules derive: no derivation of {info.name} found on boards up to "
                     f"{_MAX_SIDE}x{_MAX_SIDE}")


def _boards(parts: list[str], h: int, w: int) -> list[list[clingo.Symbol]]:
    """The boards of fewest marks on an h x w grid where the rule concludes something."""
    ctl = clingo.Control(["--warn=none", f"-c height={h}", f"-c width={w}",
                          "--opt-mode=optN", "--models=0"])
    for i, text in enumerate(parts):
        ctl.add(f"part{i}", [], text)
    ctl.ground([(f"part{i}", []) for i in range(len(parts))])
    out: list[list[clingo.Symbol]] = []

    def on_model(m: clingo.Model) -> bool:
        if m.optimality_proven:
            out.append(list(m.symbols(shown=True)))
        return len(out) < _ENOUGH

    ctl.solve(on_model=on_model)
    return out


def _check(info: Any, basic: Any, h: int, w: int,
           syms: list[clingo.Symbol]) -> Derivation | None:
    from aspuzzle.puzzles.tents.reasoning import TentsReasoner

    def cells(pred: str) -> list[Cell]:
        return sorted((s.arguments[0].number, s.arguments[1].number) for s in syms
                      if s.name == pred)

    sol = cells("sol")
    inst = TentsInstance(h, w, frozenset(cells("tree")),
                         tuple(sum(1 for r, _ in sol if r == i) for i in range(1, h + 1)),
                         tuple(sum(1 for _, c in sol if c == j) for j in range(1, w + 1)))
    marks = {c: "tent" for c in cells("tent")} | {c: "grass" for c in cells("grass")}
    links = frozenset(((s.arguments[0].number, s.arguments[1].number),
                       (s.arguments[2].number, s.arguments[3].number))
                      for s in syms if s.name == "link")
    board = Board(marks, links)
    concluded = sorted({((s.arguments[0].number, s.arguments[1].number), s.arguments[2].name)
                        for s in syms if s.name == "concludes"})
    rs = TentsReasoner(inst, (basic,))
    for cell, value in concluded:
        flipped = Board({**marks, cell: _OTHER[value]}, links)
        apps = rs.applications(flipped, basic.id)
        if apps:
            return Derivation(info.name, info.sheet, inst, board, cell, value, basic.name,
                              basic.sheet, apps[0].text)
    return None
