"""LEGUP files and proofs of the digit types (Sudoku, Skyscrapers), written once for both.

LEGUP's board of a digit type holds digits only (0: empty), so a file is the givens as
``<cell value="D" x="X" y="Y"/>`` (0-based, ``x`` the column) in a square ``<board size="N">``
(:func:`write_digits`, :func:`read_digit_cell`), and a proof step places digits. A split on a
cell is LEGUP's own (Sudoku's Possible Numbers for Cell, Skyscrapers' Number For Cell): its
cases are the digits LEGUP lists, not only those our split keeps, so :class:`DigitWriter`
writes the others too, each closed by a contradiction (:meth:`DigitWriter.close`). A step
LEGUP refuses (:meth:`~aspuzzle.kit.legup_proof.Writer.refused`) is written as that split on
each cell it sets, the other digits explained until they die. Judging a digit proof is
:func:`check_digit_proof` with the type's :class:`~aspuzzle.kit.legup_proof.DigitJudge`.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Collection, Sequence
from typing import Any

from aspuzzle.errors import InputError
from aspuzzle.explain.steps import Board, Step
from aspuzzle.kit.legup import IND, Doc, attr_int, cell_xml
from aspuzzle.kit.legup_proof import (
    DigitJudge,
    Writer,
    check_usage,
    digit_cell_sets,
    judge_tree,
    read_tree,
)
from aspuzzle.kit.model import Cell, GridInstance

__all__ = ["DigitWriter", "check_digit_proof", "placed_digits", "read_digit_cell",
           "write_digits"]


def read_digit_cell(doc: Doc, elem: ET.Element, n: int) -> tuple[Cell, int]:
    """A ``<cell>`` element of an ``n`` x ``n`` board: its cell (1-based row, column) and
    digit (0: empty)."""
    value, x, y = (attr_int(doc, elem, "value"), attr_int(doc, elem, "x"),
                   attr_int(doc, elem, "y"))
    if not (0 <= x < n and 0 <= y < n):
        raise InputError(f"LEGUP: cell x={x} y={y} is outside the {n}x{n} board", doc.at(elem))
    if not 0 <= value <= n:
        raise InputError(f"LEGUP: cell x={x} y={y} has value {value}, not one of 0..{n}",
                         doc.at(elem, (y + 1, x + 1)))
    return (y + 1, x + 1), value


def write_digits(name: str, inst: GridInstance, board: Sequence[str] = (),
                 proof: Sequence[str] = ()) -> str:
    """A LEGUP file of a digit puzzle named ``name``: its givens, then the type's own lines of
    the ``<board>`` (``board``) and of the ``<puzzle>`` (``proof``), indented as their place in
    the file."""
    out = ['<?xml version="1.0" encoding="UTF-8" standalone="no"?>', '<Legup version="2.0.0">',
           f'{IND}<puzzle name="{name}">', f'{IND * 2}<board size="{inst.width}">',
           f"{IND * 3}<cells>"]
    out += [IND * 4 + cell_xml(int(v or 0), cell) for cell, (kind, v) in inst.positions()
            if kind == "given"]
    out += [f"{IND * 3}</cells>", *board, f"{IND * 2}</board>", *proof, f"{IND}</puzzle>",
            "</Legup>"]
    return "\n".join(out) + "\n"


def placed_digits(inst: GridInstance, board: Board) -> dict[Cell, int]:
    """The digits on a board: the givens and those placed (``((r, c, d), "yes")``)."""
    out = {cell: int(v or 0) for cell, (kind, v) in inst.positions() if kind == "given"}
    out.update({(k[0], k[1]): k[2] for k, v in board.cells.items() if v == "yes"})
    return out


class DigitWriter(Writer):
    """Writes a digit type's explanation as a LEGUP proof (see the module's text)."""

    split_id = ""
    """Our rule id of LEGUP's split on one cell's digits."""

    def cell_lines(self, sets: Sequence[tuple[Any, str]]) -> list[str]:
        out = []
        for (r, c, d), value in sorted(sets):
            if value != "yes":  # pragma: no cover - the LEGUP proofs' rules only place digits
                raise RuntimeError(f"a LEGUP {self.spec.title} step cannot strike {d} from "
                                   f"({r},{c})")
            out.append(cell_xml(d, (r, c)))
        return out

    def split_digits(self, board: Board, cell: Cell) -> list[int]:
        """The cases of LEGUP's split on an empty cell."""
        raise NotImplementedError

    def close(self, node: int, board: Board) -> None:
        """Close a case of LEGUP's split that our split left out (it is dead): here by
        explaining it until it dies."""
        self.dies(node, board)

    def dies(self, node: int, board: Board) -> None:
        """Explain a board that cannot be finished from ``node`` until it dies."""
        from aspuzzle.explain import explain

        e = explain(self.loaded, board=board, reasoner=self.rs)
        if e.status != "contradiction":  # pragma: no cover - every case left out is dead
            raise RuntimeError(f"a case that should die does not ({e.status})")
        self.steps(node, board, list(e.steps))

    def split_on(self, node: int, board: Board, cell: Cell, keep: int | None) -> int | None:
        """LEGUP's split on a cell: every case but ``keep`` explained until it dies; the node
        of ``keep``'s case."""
        on = None
        for d in self.split_digits(board, cell):
            child = self.node()
            key = ((cell[0], cell[1], d), "yes")
            self.transition(node, self.split_id, [key], child)
            if d == keep:
                on = child
            else:
                self.dies(child, board.with_([key]))
        return on

    def by_split(self, node: int, board: Board, sets: list[tuple[Any, str]]
                 ) -> tuple[int, Board]:
        for (r, c, d), _ in sets:
            on = self.split_on(node, board, (r, c), d)
            if on is None:  # pragma: no cover - a digit we set is one of LEGUP's cases
                raise RuntimeError(f"({r},{c})={d} is not a case of LEGUP's split")
            node, board = on, board.with_([((r, c, d), "yes")])
        return node, board

    def case(self, node: int, board: Board, step: Step, rest: Sequence[Step]) -> None:
        cells = {k[:2] for br in step.branches for k, _ in br.sets}
        if step.rule_id != self.split_id or len(cells) != 1:
            raise RuntimeError(f"{step.rule}: not LEGUP's split on one cell")  # pragma: no cover
        (cell,) = cells
        shown = {k[2] for br in step.branches for k, _ in br.sets}
        for d in self.split_digits(board, cell):
            if d in shown:
                continue
            child = self.node()
            key = ((cell[0], cell[1], d), "yes")
            self.transition(node, step.rule_id, [key], child)
            self.close(child, board.with_([key]))
        super().case(node, board, step, rest)


def check_digit_proof(puzzle: Any, judge: type[DigitJudge], name: str, text: str,
                      read_doc: Callable[[str], tuple[Any, ...]],
                      allowed: Collection[str] | None, teacher: Any, earned: bool
                      ) -> tuple[Any, tuple[Any, ...], dict[str, list[Any]], str | None]:
    """Judge the proof tree of a digit type's LEGUP file with ``judge``: the report, what
    ``read_doc`` gave (doc, instance, ``<puzzle>`` element, ...), the tree's nodes and root.
    UsageError for what only Tree Tent proofs have; InputError for a file that cannot be
    read."""
    check_usage(puzzle, allowed, teacher, earned)
    read = read_doc(text)
    doc, inst, puzzle_elem = read[:3]
    cell_sets = digit_cell_sets(inst, lambda elem: read_digit_cell(doc, elem, inst.width))
    nodes, root = read_tree(doc, puzzle_elem, cell_sets)
    report = judge_tree(judge(puzzle, inst, nodes, allowed, name), Board({}), root)
    return report, read, nodes, root
