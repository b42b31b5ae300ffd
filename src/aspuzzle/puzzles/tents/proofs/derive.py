"""Derive a derived Tree Tent rule (rule sheet 5.a-5.e, 5.h) from the basic ones on a small board.

:func:`derive` searches with clingo, smallest grid first and fewest marks first, for a board on
which the rule concludes something (``derive.lp``: a board a solution extends) or, for a
contradiction rule, fires while no basic contradiction rule does (``derive_contradiction.lp``).
On it, the derivation is one basic case split whose cases the basic contradiction rules close,
as the sheet's notes derive each rule:

* a rule that sets a cell (5.a.i, 5.a.ii, 5.b, 5.c Last Camping Spot, 5.d): Tent or Grass (4.a)
  on a cell the rule sets, the other case closed by the sheet's basic contradiction rule;
* Tent for Tree (5.c, a link): Links from tent (4.d) on the tent, every other tree's case
  closed by No Tent for Tree (3.d.i): the rule's tree would have no tent left;
* Too Few Tents in its 5.e form (an unknown cell left in the line): Tent or Grass on that cell,
  both cases closed by Too Few Tents in its basic form 3.b.ii (no unknown cell left);
* No Room for Tents (5.h, from 5.f, itself from 4.b and 3.c): Fill In row (4.b) with every way to
  put the line's missing tents on its unknown cells, each case closed by Touching Tents (3.c.i).

Each derivation is then checked as a small LEGUP proof by :func:`aspuzzle.legup.check`: every
transition by our rule files (clingo) and by LEGUP's own check of the rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Any

import clingo

from aspuzzle.errors import UsageError
from aspuzzle.explain.steps import Board, Kind, cells_text
from aspuzzle.kit.verify import guessed_board
from aspuzzle.puzzles.base import lp_file
from aspuzzle.puzzles.tents.model import TentsInstance

__all__ = ["DERIVABLE", "Case", "Derivation", "derive"]

_RULES = "aspuzzle.puzzles.tents.rules"
DERIVABLE = {"finish_with_grass": "too_many_tents", "finish_with_tents": "too_few_tents",
             "surround_tent_with_grass": "touching_tents",
             "last_camping_spot": "no_tent_for_tree", "empty_field": "no_tree_for_tent",
             "tent_for_tree": "no_tent_for_tree", "too_few_tents": "too_few_tents",
             "no_room_for_tents": "touching_tents"}
"""Each derived rule of the sheet (5.a-5.e, 5.h) and the basic contradiction rule (3.x) that
closes the cases of its derivation, as the sheet's notes derive each."""
_CASE_RULE = {"tent_for_tree": "links_from_tent", "no_room_for_tents": "fill_in_row"}
"""The basic case rule of each derivation (Tent or Grass where not said)."""
_BASIC_CONTRADICTIONS = ("too_many_tents", "too_few_tents", "touching_tents",
                         "no_tent_for_tree", "no_tree_for_tent")
_MAX_SIDE = 4
_ENOUGH = 200
"""Boards of fewest marks looked at per grid size."""
_MAX_CASES = 20
_OTHER = {"tent": "grass", "grass": "tent"}
Cell = tuple[int, int]
Link = tuple[Cell, Cell]


@dataclass(frozen=True)
class Case:
    """One case of a derivation's split."""

    name: str
    """What the case assumes, e.g. "(1,3) tent"."""
    sets: tuple[tuple[Cell, str], ...]
    links: tuple[Link, ...]
    closed_by: str
    """The basic contradiction rule that closes it ("" for the case left)."""
    why: str
    """The contradiction's words."""


@dataclass(frozen=True)
class Derivation:
    rule: str
    sheet: str
    inst: TentsInstance
    board: Board
    case_rule: str
    case_sheet: str
    on: str
    """What the split is on: a cell, a tent, a line."""
    cases: tuple[Case, ...]
    conclusion: str
    """What the rule concludes ("" for a contradiction rule: every case is closed)."""
    contradiction: str
    """The basic contradiction rule's name."""
    contradiction_sheet: str
    cell: Cell | None = None
    """The cell the rule sets and the derivation shows (a rule that sets cells)."""
    value: str | None = None

    def to_json(self) -> dict[str, Any]:
        """``rules derive --json``."""
        d, inst = self, self.inst
        return {"rule": d.rule, "sheet": d.sheet, "height": inst.height, "width": inst.width,
                "trees": [list(x) for x in sorted(inst.trees)],
                "row_clues": list(inst.row_clues), "col_clues": list(inst.col_clues),
                "board": [[list(c), v] for c, v in sorted(d.board.cells.items())],
                "links": [[list(t), list(x)] for t, x in sorted(d.board.links)],
                "cell": None if d.cell is None else list(d.cell), "value": d.value,
                "case_rule": d.case_rule, "contradiction": d.contradiction,
                "conclusion": d.conclusion,
                "cases": [{"case": c.name, "sets": [[list(x), v] for x, v in c.sets],
                           "links": [[list(t), list(x)] for t, x in c.links],
                           "closed_by": c.closed_by or None, "why": c.why} for c in d.cases],
                "text": d.render()}

    @property
    def why(self) -> str:
        """The first closed case's contradiction, in words."""
        return next(c.why for c in self.cases if c.closed_by)

    def render(self) -> str:
        h, w = self.inst.height, self.inst.width
        lines = [f"{self.rule} ({self.sheet}) from the basic rules {self.case_rule} "
                 f"({self.case_sheet}) and {self.contradiction} ({self.contradiction_sheet}), "
                 f"on this {h}x{w} board (T tree, A tent, x grass, . unknown; clues beside):",
                 "  " + " ".join(str(c) for c in self.inst.col_clues)]
        for r in range(1, h + 1):
            row = []
            for c in range(1, w + 1):
                v = self.board.cells.get((r, c))
                row.append("T" if (r, c) in self.inst.trees else "A" if v == "tent"
                           else "x" if v == "grass" else ".")
            lines.append(f"{self.inst.row_clues[r - 1]} " + " ".join(row))
        for tree, tent in sorted(self.board.links):
            lines.append(f"(the tree at {cells_text([tree])} is linked to {cells_text([tent])})")
        lines.append(f"{self.rule} concludes that {self.conclusion}." if self.conclusion else
                     f"{self.rule} says that the board breaks the game rules.")
        n = len(self.cases)
        lines.append(f"Step 1 - {self.case_rule} on {self.on}: "
                     f"{'two cases' if n == 2 else 'one case' if n == 1 else f'{n} cases'}.")
        for case in self.cases:
            if case.closed_by:
                lines.append(f"  case {case.name}: {case.closed_by}: {case.why} "
                             "The case is closed.")
            else:
                lines.append(f"  case {case.name}: the only case left, so {self.conclusion}, "
                             f"as {self.rule} says.")
        if not self.conclusion:
            lines.append(f"Every case is closed: the board breaks the game rules, as "
                         f"{self.rule} says.")
        return "\n".join(lines)


def derive(name: str) -> Derivation:
    """The derivation of a derived rule (by name or id) from a basic case rule and the basic
    contradiction rules, on the smallest board found (UsageError for a rule not derived)."""
    from aspuzzle.puzzles.tents.rules import CATALOGUE, by_name

    info = by_name(name)
    if info is None or info.id not in DERIVABLE:
        raise UsageError(f"rules derive: '{name[:40]}' is not a derived rule of the sheet "
                         f"(one of: {', '.join(r.name for r in CATALOGUE if r.id in DERIVABLE)})")
    vocabulary = [guessed_board("aspuzzle.puzzles.tents"), lp_file(_RULES, "places.lp").read_text(),
                  lp_file(_RULES, "room.lp").read_text()]
    if info.kind is Kind.CONTRADICTION:
        basics = [lp_file(_RULES, f"{b}.lp").read_text() for b in _BASIC_CONTRADICTIONS
                  if b != info.id]
        parts = vocabulary + basics + [
            lp_file("aspuzzle.puzzles.tents.proofs", "derive_contradiction.lp").read_text(),
            lp_file(_RULES, f"{info.id}.lp").read_text()]
        extra = [f"-c target={info.id}"]
    else:
        parts = [*vocabulary, lp_file("aspuzzle.puzzles.tents.proofs", "derive.lp").read_text(),
                 lp_file(_RULES, f"{info.id}.lp").read_text()]
        if info.id == "tent_for_tree":
            # a tent with two trees: the other tree's case is what No Tent for Tree closes
            parts.append("shown :- concludes_link(_, _, R, C), two_owners(R, C). :- not shown.")
        extra = []
    sizes = sorted(((h, w) for h in range(1, _MAX_SIDE + 1) for w in range(1, _MAX_SIDE + 1)),
                   key=lambda s: (s[0] * s[1], s))
    for h, w in sizes:
        for syms in _boards(parts, h, w, extra):
            found = _derivation(info, h, w, syms)
            if found is not None:
                return found
    raise UsageError(f"rules derive: no derivation of {info.name} found on boards up to "
                     f"{_MAX_SIDE}x{_MAX_SIDE}")


def _boards(parts: list[str], h: int, w: int, extra: list[str]) -> list[list[clingo.Symbol]]:
    """The boards of fewest marks on an h x w grid where the rule concludes (or fires)."""
    ctl = clingo.Control(["--warn=none", f"-c height={h}", f"-c width={w}", *extra,
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


def _derivation(info: Any, h: int, w: int, syms: list[clingo.Symbol]) -> Derivation | None:
    from aspuzzle.puzzles.tents.reasoning import TentsReasoner, line_cells
    from aspuzzle.puzzles.tents.rules import by_name

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
    basic = by_name(DERIVABLE[info.id])
    case_info = by_name(_CASE_RULE.get(info.id, "tent_or_grass"))
    assert basic is not None and case_info is not None
    rs = TentsReasoner(inst, (basic,))

    def closed(sets: tuple[tuple[Cell, str], ...], lk: tuple[Link, ...]) -> str:
        apps = rs.applications(board.with_(sets, lk), basic.id)
        return apps[0].text if apps else ""

    def made(on: str, cases: list[Case], conclusion: str, cell: Cell | None = None,
             value: str | None = None) -> Derivation | None:
        # Too Few Tents is 3.b.ii and 5.e at once: basic with no unknown cell left in the line
        sheet = "5.e" if info.id == "too_few_tents" else info.sheet
        basic_sheet = "3.b.ii" if basic.id == "too_few_tents" else basic.sheet
        d = Derivation(info.name, sheet, inst, board, case_info.name, case_info.sheet,
                       on, tuple(cases), conclusion, basic.name, basic_sheet, cell, value)
        return d if _checked(d, case_info.id, basic.id) else None

    if info.id == "tent_for_tree":
        for s in syms:
            if s.name != "concludes_link":
                continue
            tree = (s.arguments[0].number, s.arguments[1].number)
            tent = (s.arguments[2].number, s.arguments[3].number)
            owners = rs.board_facts(board).owners.get(tent, [])
            cases = []
            for t in owners:
                lk = ((t, tent),)
                why = "" if t == tree else closed((), lk)
                if t != tree and not why:
                    break
                cases.append(Case(f"tree {cells_text([t])}", (), lk,
                                  basic.name if why else "", why))
            else:
                if not any(c.closed_by for c in cases):
                    continue  # a tent with one tree: nothing for 3.d.i to show
                found = made(f"the tent at {cells_text([tent])}", cases,
                             f"the tree at {cells_text([tree])} is linked to "
                             f"{cells_text([tent])}")
                if found is not None:
                    return found
        return None
    if info.kind is Kind.CONTRADICTION:
        for s in syms:
            if s.name != "fires":
                continue
            line = (("row" if s.arguments[0].name == "row" else "column"),
                    s.arguments[0].arguments[0].number)
            line_name = f"{line[0]} {line[1]}"
            unknown = [c for c in line_cells(inst, line)
                       if c not in marks and c not in inst.trees]
            if info.id == "too_few_tents":
                if len(unknown) != 1:
                    continue
                x = unknown[0]
                cases = [Case(f"{cells_text([x])} {v}", ((x, v),), (), basic.name,
                              closed(((x, v),), ())) for v in ("tent", "grass")]
                if all(c.why for c in cases):
                    found = made(cells_text([x]), cases, "")
                    if found is not None:
                        return found
                continue
            clue = (inst.row_clues if line[0] == "row" else inst.col_clues)[line[1] - 1]
            need = (clue or 0) - sum(1 for c in line_cells(inst, line) if marks.get(c) == "tent")
            ways = list(combinations(unknown, need)) if 0 < need <= len(unknown) else []
            if not ways or len(ways) > _MAX_CASES:
                continue
            cases = []
            for way in ways:
                sets = tuple(sorted((c, "tent" if c in way else "grass") for c in unknown))
                cases.append(Case(f"the tents of {line_name} at {cells_text(list(way))}",
                                  sets, (), basic.name, closed(sets, ())))
            if all(c.why for c in cases):
                found = made(line_name, cases, "")
                if found is not None:
                    return found
        return None
    concluded = sorted({((s.arguments[0].number, s.arguments[1].number), s.arguments[2].name)
                        for s in syms if s.name == "concludes"})
    for cell, value in concluded:
        why = closed(((cell, _OTHER[value]),), ())
        if not why:
            continue
        at = cells_text([cell])
        is_ = "a tent" if value == "tent" else "grass"
        cases = [Case(f"{at} {_OTHER[value]}", ((cell, _OTHER[value]),), (), basic.name, why),
                 Case(f"{at} {value}", ((cell, value),), (), "", "")]
        found = made(at, cases, f"{at} is {is_}", cell, value)
        if found is not None:
            return found
    return None


def _checked(d: Derivation, case_id: str, basic_id: str) -> bool:
    """Is the derivation a proof that check-proof accepts step by step (our rule files and
    LEGUP's checks), with only the case the rule concludes left open?"""
    from aspuzzle.errors import Location
    from aspuzzle.puzzles.tents.proofs.catalogue import for_ours
    from aspuzzle.puzzles.tents.proofs.check import check_proof_tree
    from aspuzzle.puzzles.tents.proofs.reader import Change, Node, Proof, Transition

    split, closer = for_ours(case_id), for_ours(basic_id)
    assert split is not None and closer is not None
    value = {"grass": 2, "tent": 3}
    nodes: dict[str, Node] = {}
    root: list[Transition] = []
    left = []
    for i, case in enumerate(d.cases):
        child = f"c{i}"
        changes = tuple([Change(c, value[v]) for c, v in case.sets] +
                        [Change(t, None, x) for t, x in case.links])
        root.append(Transition(f"t{i}", child, split.name, split.id, changes, Location()))
        ts: tuple[Transition, ...] = ()
        if case.closed_by:
            ts = (Transition(f"x{i}", "", closer.name, closer.id, (), Location()),)
        else:
            left.append(child)
        nodes[child] = Node(child, ts, Location())
    nodes["root"] = Node("root", tuple(root), Location())
    proof = Proof(d.inst, dict(d.board.cells), tuple(sorted(d.board.links)), nodes, "root")
    report = check_proof_tree(proof)
    # the case left may already be a solved board on so small a grid
    return report.valid and set(report.open_branches) <= set(left)
