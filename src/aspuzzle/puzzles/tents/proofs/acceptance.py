"""What LEGUP itself accepts: the checks of LEGUP's Tree Tent rule classes, read from LEGUP's
Java sources (``edu/rpi/legup/puzzle/treetent/rules``: each direct rule's ``checkRuleRawAt``,
each contradiction rule's ``checkContradictionAt``, each case rule's ``checkRuleRaw`` and
``getCases``), restated on our boards.

:mod:`aspuzzle.legup.check` judges a transition twice: by our rule file (is the step sound, is
it what the rule sheet's rule gives) and by this module (would LEGUP accept the transition as
it is written). A proof is valid only if both agree, so that a proof ``check-proof`` passes
also passes in LEGUP. Where LEGUP's own check is looser than the rule it names (Tent for Tree
does not look at blank cells next to the tree; No Tent for Tree does not ask whether the tree is
already linked; Fill In row accepts any split), ours is the stricter one; where LEGUP's is
stricter (Empty Field wants no tree at all next to the cell, linked or not; Last Camping Spot
sets the tent and draws no line; Links from tree only links tents already placed), this module
says so. docs/explanation/legup-checks.md lists each rule's check.

Each function returns "" when LEGUP accepts, else LEGUP's reason in our words.
"""

from __future__ import annotations

from collections.abc import Sequence

from aspuzzle.explain.steps import Board, cells_text
from aspuzzle.puzzles.tents.model import TentsInstance

__all__ = ["case_problem", "contradiction_problem", "direct_problem"]

Cell = tuple[int, int]
Link = tuple[Cell, Cell]

# LEGUP's getAdjacent lists a cell's neighbours up, left, down, right; Last Camping Spot's check
# stops at the first tree it looks at, so the order is part of what LEGUP accepts.
_ADJACENT = ((-1, 0), (0, -1), (1, 0), (0, 1))
_DIAGONAL = ((-1, 1), (1, -1), (1, 1), (-1, -1))

_CELL_RULES = {"TREE-BASC-0001": "grass", "TREE-BASC-0002": "grass", "TREE-BASC-0003": "tent",
               "TREE-BASC-0004": "tent", "TREE-BASC-0005": "grass"}
_LINE_RULES = {"TREE-BASC-0006", "TREE-BASC-0007"}


class _View:
    """A board as LEGUP's TreeTentBoard answers about it."""

    def __init__(self, inst: TentsInstance, board: Board) -> None:
        self.inst, self.board = inst, board

    def kind(self, cell: Cell) -> str:
        """"tree", "tent", "grass", "unknown", or "" off the grid."""
        r, c = cell
        if not (1 <= r <= self.inst.height and 1 <= c <= self.inst.width):
            return ""
        if cell in self.inst.trees:
            return "tree"
        return self.board.cells.get(cell, "unknown")

    def adjacent(self, cell: Cell, kind: str) -> list[Cell]:
        r, c = cell
        return [x for dr, dc in _ADJACENT for x in [(r + dr, c + dc)] if self.kind(x) == kind]

    def diagonals(self, cell: Cell, kind: str) -> list[Cell]:
        r, c = cell
        return [x for dr, dc in _DIAGONAL for x in [(r + dr, c + dc)] if self.kind(x) == kind]

    def on_line(self, cell: Cell, but: Link | None = None) -> bool:
        return any(cell in lk for lk in self.board.links if lk != but)

    def line(self, index: tuple[str, int], kind: str) -> int:
        axis, i = index
        if axis == "row":
            cells = [(i, c) for c in range(1, self.inst.width + 1)]
        else:
            cells = [(r, i) for r in range(1, self.inst.height + 1)]
        return sum(1 for x in cells if self.kind(x) == kind)

    def clue(self, index: tuple[str, int]) -> int | None:
        axis, i = index
        return (self.inst.row_clues if axis == "row" else self.inst.col_clues)[i - 1]


def _lines_of(cell: Cell) -> tuple[tuple[str, int], tuple[str, int]]:
    return ("row", cell[0]), ("column", cell[1])


def direct_problem(inst: TentsInstance, board: Board, rule_id: str,
                   sets: Sequence[tuple[Cell, str]], links: Sequence[Link]) -> str:
    """Why LEGUP's direct rule ``rule_id`` refuses a transition that sets ``sets`` and draws
    ``links`` on ``board`` (the parent's), or "" if it accepts it."""
    after = board.with_(tuple(sets), tuple(links))
    before_v, after_v = _View(inst, board), _View(inst, after)
    if rule_id in _CELL_RULES:
        if links:
            return "in LEGUP this rule draws no line (a line needs its own transition, " \
                   "by Tent for Tree or Tree for Tent)"
        want = _CELL_RULES[rule_id]
        for cell, value in sets:
            if value != want:
                return f"in LEGUP this rule only makes cells {want}, not {cells_text([cell])} " \
                       f"{value}"
            why = _cell_problem(rule_id, cell, before_v, after_v)
            if why:
                return f"LEGUP refuses {cells_text([cell])}: {why}"
        return ""
    if rule_id in _LINE_RULES:
        if sets:
            return "in LEGUP this rule only draws lines, it sets no cell"
        for lk in links:
            why = _line_problem(rule_id, lk, after_v)
            if why:
                return f"LEGUP refuses the line {cells_text(list(lk))}: {why}"
        return ""
    return ""


def _cell_problem(rule_id: str, cell: Cell, before: _View, after: _View) -> str:
    if rule_id == "TREE-BASC-0001":  # Empty Field: no tree next to it at all
        if after.adjacent(cell, "tree"):
            return "Empty Field wants no tree next to the cell, linked or not"
        return ""
    if rule_id == "TREE-BASC-0002":  # Finish with Grass: its row or column has all its tents
        for line in _lines_of(cell):
            clue = before.clue(line)
            if clue is not None and before.line(line, "tent") >= clue:
                return ""
        return "neither its row nor its column has all its tents"
    if rule_id == "TREE-BASC-0003":  # Finish with Tents: blanks <= tents missing
        for line in _lines_of(cell):
            clue = before.clue(line)
            if clue is not None and \
                    before.line(line, "unknown") <= clue - before.line(line, "tent"):
                return ""
        return "neither its row nor its column has as few blank cells as tents missing"
    if rule_id == "TREE-BASC-0005":  # Surround Tent with Grass: a tent adjoins it
        if before.adjacent(cell, "tent") or before.diagonals(cell, "tent"):
            return ""
        return "no tent adjoins it"
    # Last Camping Spot, on the board after the transition: the first tree next to the cell
    # with no blank cell left around it decides
    for tree in after.adjacent(cell, "tree"):
        if after.adjacent(tree, "unknown"):
            continue
        tents = after.adjacent(tree, "tent")
        if len(tents) == 1:
            return ""
        for t in tents:
            if t != cell and len(after.adjacent(t, "tree")) == 1:
                return f"the tree at {cells_text([tree])} has another tent at " \
                       f"{cells_text([t])} that has no other tree"
        return ""
    return "no tree next to the cell is left without a blank cell around it"


def _line_problem(rule_id: str, lk: Link, after: _View) -> str:
    tree, tent = lk
    if after.kind(tree) != "tree" or after.kind(tent) != "tent":
        return "a line must join a tree and a tent"
    if any(tree in other for other in after.board.links if other != lk):
        return "the tree already has a line"
    if rule_id == "TREE-BASC-0006":  # Tent for Tree: the tree's other tents are all linked
        others = [t for t in after.adjacent(tree, "tent") if t != tent]
        if any(not after.on_line(t, lk) for t in others):
            return "the tree has another tent next to it without a line"
        return ""
    for t in after.adjacent(tent, "tree"):  # Tree for Tent: the tent's other trees are linked
        if t == tree:
            continue
        if any((t, tent) == other for other in after.board.links if other != lk):
            return "the tent already has a line"
        if not after.on_line(t, lk):
            return "the tent has another tree next to it without a line"
    return ""


def contradiction_problem(inst: TentsInstance, board: Board, rule_id: str) -> str:
    """Why LEGUP finds no contradiction by ``rule_id`` on the board, or ""."""
    v = _View(inst, board)
    tents = sorted(c for c, value in board.cells.items() if value == "tent")
    if rule_id == "TREE-CONT-0001":  # No Tent For Tree: no blank and no line-free tent next to it
        if any(not v.adjacent(t, "unknown") and
               not [x for x in v.adjacent(t, "tent") if not v.on_line(x)]
               for t in sorted(inst.trees)):
            return ""
        return "LEGUP finds no tree without a blank cell or a tent without a line next to it"
    if rule_id == "TREE-CONT-0002":  # No Tree For Tent: every tree next to it linked elsewhere
        for x in tents:
            free = [t for t in v.adjacent(x, "tree")
                    if not any(lk[0] == t and lk[1] != x for lk in board.links)]
            if not free:
                return ""
        return "LEGUP finds no tent whose trees are all linked to other tents"
    lines = [("row", r) for r in range(1, inst.height + 1)] + \
            [("column", c) for c in range(1, inst.width + 1)]
    if rule_id == "TREE-CONT-0003":  # Too Few Tents: tents + blanks < clue
        if any((n := v.clue(line)) is not None and
               v.line(line, "tent") + v.line(line, "unknown") < n for line in lines):
            return ""
        return "LEGUP finds no row or column with fewer tents and blank cells than its clue"
    if rule_id == "TREE-CONT-0004":  # Too Many Tents
        if any((n := v.clue(line)) is not None and v.line(line, "tent") > n for line in lines):
            return ""
        return "LEGUP finds no row or column with more tents than its clue"
    if rule_id == "TREE-CONT-0005":  # Touching Tents
        if any(v.adjacent(x, "tent") or v.diagonals(x, "tent") for x in tents):
            return ""
        return "LEGUP finds no tent next to another tent"
    return ""


def case_problem(inst: TentsInstance, board: Board, rule_id: str,
                 branches: Sequence[tuple[Sequence[tuple[Cell, str]], Sequence[Link]]]) -> str:
    """Why LEGUP's case rule ``rule_id`` refuses these branches from ``board``, or ""."""
    v = _View(inst, board)
    if rule_id == "TREE-CASE-0004":  # Tent or Grass: two cases, one cell, a tent and grass
        if len(branches) != 2 or any(len(s) + len(lk) != 1 for s, lk in branches) or \
                any(lk for _, lk in branches):
            return "LEGUP's Tent or Grass has two cases, each setting one cell"
        (a, va), = branches[0][0]
        (b, vb), = branches[1][0]
        if a != b or {va, vb} != {"tent", "grass"}:
            return "LEGUP's Tent or Grass makes one cell a tent in one case and grass in the other"
        return ""
    if rule_id in ("TREE-CASE-0002", "TREE-CASE-0003"):
        if any(s or len(lk) != 1 for s, lk in branches):
            return "in LEGUP each case of this rule draws one line and sets no cell"
        got = [lk[0] for _, lk in branches]
        if rule_id == "TREE-CASE-0003":  # Links from tree: one case per tent next to the tree
            ends = {t for t, _ in got}
            if len(ends) != 1:
                return "LEGUP's Links from tree draws every line from the same tree"
            tree, = ends
            want = {(tree, x) for x in v.adjacent(tree, "tent") if not v.on_line(x)}
            what = f"the tents next to the tree at {cells_text([tree])} that have no line"
        else:  # Links from tent: one case per tree next to the tent with no line
            ends = {x for _, x in got}
            if len(ends) != 1:
                return "LEGUP's Links from tent draws every line from the same tent"
            tent, = ends
            want = {(t, tent) for t in v.adjacent(tent, "tree") if not v.on_line(t)}
            what = f"the trees next to the tent at {cells_text([tent])} that have no line"
        if set(got) != want or len(got) != len(want):
            return f"LEGUP's cases are one line to each of {what}"
        return ""
    return ""  # Fill In row: LEGUP accepts any split (its checkRuleRaw returns null)
