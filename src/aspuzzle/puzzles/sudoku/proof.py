"""A Sudoku explanation written as a LEGUP Sudoku proof (``explain --to legup``).

LEGUP's Sudoku board holds digits only (no pencil marks), so the proof is the explanation made
with the rules whose LEGUP counterparts judge a step from the digits alone: Last Number for
Cell, Last Cell for Number, Repeated Numbers, No Number for Cell and the split Possible Numbers
for Cell. (Locked Candidates and the pairs strike candidates, which LEGUP cannot store; LEGUP's
No Cell for Number and Possible Cells for Number rules look at other units than their names
say, so they are not used.) Every step is one transition; a split is a node with one transition
for each of the digits 1..9, as LEGUP's Possible Numbers for Cell makes its cases: a digit the
cell's row, column or box holds already is closed at once by Repeated Numbers, the others are
explained until they die, and the proof goes on in the digit the solution has.

Only 9x9 proofs are written: LEGUP loads a 4x4 Sudoku, but its rules assume nine rows, columns
and boxes (checking any step of a 4x4 proof ends in a NullPointerException in LEGUP 448413841d).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from aspuzzle.errors import UsageError
from aspuzzle.explain.steps import Board, Step
from aspuzzle.kit.legup import cell_xml
from aspuzzle.kit.legup_proof import Judge, Writer
from aspuzzle.kit.model import Cell, GridSolution
from aspuzzle.puzzles.sudoku import legup

__all__ = ["LEGUP_RULES", "check_proof", "export_proof"]

LEGUP_RULES = ("last_number_for_cell", "last_cell_for_number", "repeated_numbers",
               "no_number_for_cell", "possible_numbers_for_cell")
_SPLIT_CASES = 9
"""LEGUP's Possible Numbers for Cell makes the cases 1..9 whatever the board's size."""


class _Writer(Writer):
    def cell_lines(self, sets: Sequence[tuple[Any, str]]) -> list[str]:
        out = []
        for (r, c, d), value in sorted(sets):
            if value != "yes":  # the rules above only place digits
                raise RuntimeError(f"a LEGUP Sudoku step cannot strike {d} from ({r},{c})")
            out.append(cell_xml(d, (r, c)))
        return out

    def case(self, node: int, board: Board, step: Step, rest: Sequence[Step]) -> None:
        cells = {k[:2] for br in step.branches for k, _ in br.sets}
        if len(cells) != 1:  # pragma: no cover - the one split used is on a cell
            raise RuntimeError(f"{step.rule}: not a split of one cell")
        (r, c), = cells
        shown = {k[2] for br in step.branches for k, _ in br.sets}
        for d in range(1, _SPLIT_CASES + 1):
            if d in shown:
                continue
            child = self.node()
            self.transition(node, step.rule_id, [((r, c, d), "yes")], child)
            self.transition(child, "repeated_numbers", (), self.node())
        super().case(node, board, step, rest)


def export_proof(loaded: Any, explanation: Any = None, *, reasoner: Any = None) -> str:
    """A LEGUP Sudoku file of the puzzle whose proof tree explains it with LEGUP's rules (the
    explanation and reasoner given are not used: theirs may strike candidates)."""
    from aspuzzle.explain import explain

    inst = loaded.instance
    legup.check_shape(inst)
    if inst.width != _SPLIT_CASES:
        raise UsageError(f"explain --to legup: LEGUP checks proofs of 9x9 Sudoku only (its rules "
                         f"assume nine rows, columns and boxes); this one is "
                         f"{inst.width}x{inst.height}")
    puzzle = loaded.puzzle
    rules = [r for r in puzzle.reasoning().catalogue if r.id in LEGUP_RULES]
    rs = puzzle.reasoner_class(puzzle, inst, rules=rules)
    e = explain(loaded, reasoner=rs)
    w = _Writer(loaded, rs)
    root = w.node()
    w.steps(root, e.start, list(e.steps))
    return legup.write_legup(inst, None, proof=w.proof_lines())



# --- judging ----------------------------------------------------------------------------------

def check_proof(text: str, *, allowed: Collection[str] | None = None, teacher: Any = None,
                earned: bool = False) -> Any:
    """Judge the proof tree of a LEGUP Sudoku file (``check-proof``, ``grade``): each
    transition by our rule of its LEGUP name, from the digits of its parent node. A transition
    places digits (LEGUP's board holds no pencil marks); a split by Possible Numbers for Cell
    is one empty cell, one case for each digit it can still take at least (LEGUP writes all of
    1..9); by Possible Cells for Number one digit in one row, column or box, one case for each
    cell of it where the digit can still go at least. InputError for a file that cannot be
    read."""
    from aspuzzle.kit.legup_proof import check_usage, judge_tree, read_tree
    from aspuzzle.puzzles.sudoku import PUZZLE

    check_usage(PUZZLE, allowed, teacher, earned)
    doc, inst, puzzle_elem = legup.read_doc(text)

    def cell_sets(elem: Any) -> tuple[list[tuple[Any, str]], str]:
        (r, c), d = legup.read_cell(doc, elem, inst.width)
        if inst.at((r, c))[0] == "given":
            return [], f"it changes the given cell ({r},{c})"
        if not d:
            return [], f"it empties ({r},{c}) (a proof step places digits)"
        return [((r, c, d), "yes")], ""

    nodes, root = read_tree(doc, puzzle_elem, cell_sets)
    return judge_tree(_Judge(PUZZLE, inst, nodes, allowed, "Sudoku"), Board({}), root)


class _Judge(Judge):
    def digits(self, board: Board) -> dict[Cell, int]:
        out = {cell: int(v or 0) for cell, (kind, v) in self.inst.positions() if kind == "given"}
        out.update({(k[0], k[1]): k[2] for k, v in board.cells.items() if v == "yes"})
        return out

    def solved(self, board: Board) -> bool:
        digits = self.digits(board)
        if len(digits) != self.inst.width * self.inst.height:
            return False
        grid = tuple(digits[cell] for cell, _ in self.inst.positions())
        return not self.puzzle.verify(self.inst, GridSolution(frozenset(), grid))

    def problem(self, t: Any, rule: Any, board: Board) -> str:
        why = super().problem(t, rule, board)
        if why:
            return why
        digits = self.digits(board)
        for (r, c, d), _ in t.sets:
            if (r, c) in digits:
                return f"({r},{c}) holds {digits[(r, c)]} already, not {d}"
        return ""

    def possible(self, digits: dict[Cell, int], cell: Cell, d: int) -> bool:
        """Can ``cell`` (empty) still take ``d``: no cell of its row, column or box holds it?"""
        box = self.inst.region(cell)
        return not any(v == d and (o[0] == cell[0] or o[1] == cell[1] or
                                   self.inst.region(o) == box) for o, v in digits.items())

    def case_problem(self, board: Board, rule: Any, cases: list[Any]) -> str:
        if len(set(cases)) != len(cases):
            return "two transitions of the split are the same case"
        if any(len(case) != 1 for case in cases):
            return f"each case of {rule.name} places one digit"
        digits = self.digits(board)
        placed: list[tuple[int, int, int]] = [key for (key, _), in cases]
        n = self.inst.width
        if rule.id == "possible_numbers_for_cell":
            cells = {(r, c) for r, c, _ in placed}
            if len(cells) != 1:
                return f"the cases of {rule.name} are digits of one cell"
            (cell,) = cells
            need = {d for d in range(1, n + 1) if self.possible(digits, cell, d)}
            missing = need - {d for _, _, d in placed}
            if missing:
                return f"the cases leave out {min(missing)}, which ({cell[0]},{cell[1]}) can " \
                       "still take"
            return ""
        if rule.id == "possible_cells_for_number":
            ds = {d for _, _, d in placed}
            if len(ds) != 1:
                return f"the cases of {rule.name} place one digit"
            (d,) = ds
            cells = {(r, c) for r, c, _ in placed}
            for unit in self.units():
                if cells <= unit and not any(digits.get(k) == d for k in unit):
                    where = {k for k in unit if k not in digits and self.possible(digits, k, d)}
                    if where <= cells:
                        return ""
            return f"these cells are not every cell of one row, column or box where {d} can " \
                   "still go"
        return super().case_problem(board, rule, cases)

    def units(self) -> list[set[Cell]]:
        n = self.inst.width
        out = [{(r, c) for c in range(1, n + 1)} for r in range(1, n + 1)]
        out += [{(r, c) for r in range(1, n + 1)} for c in range(1, n + 1)]
        boxes: dict[int, set[Cell]] = {}
        for cell, _ in self.inst.positions():
            boxes.setdefault(self.inst.region(cell), set()).add(cell)
        return out + list(boxes.values())
