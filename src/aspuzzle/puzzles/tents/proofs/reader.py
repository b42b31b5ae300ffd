"""A LEGUP TreeTent file's proof tree, read as it is written: nodes, and the transitions from
each node to its child, with the rule each names and the cells and lines it changes.

The board and the XML safety (no DOCTYPE, no entities, positions in errors) are those of
:mod:`aspuzzle.puzzles.tents.legup`. Only what makes the file unreadable is an
:class:`~aspuzzle.errors.InputError` (exit 2 for ``check-proof``): malformed XML, another puzzle
type, a node without an id, a transition to a missing node, a cycle. What makes the proof
wrong (a cell written on a tree, a line between two tents, a changed cell) is left to the
checker, which reports it as an invalid transition.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass

from aspuzzle.errors import InputError
from aspuzzle.kit import legup as kit
from aspuzzle.puzzles.tents import legup as fmt
from aspuzzle.puzzles.tents.model import TentsInstance

__all__ = ["Change", "Node", "Proof", "Transition", "read_proof"]

Cell = tuple[int, int]


@dataclass(frozen=True)
class Change:
    """One element a transition writes: a cell (value 0 unknown, 2 grass, 3 tent, 1 tree) or a
    line between two cells (``value`` is None)."""

    cell: Cell
    value: int | None = None
    other: Cell | None = None
    """The line's other end, for a line."""


Transition = kit.ProofTransition[Change]
Node = kit.ProofNode[Change]


@dataclass(frozen=True)
class Proof:
    instance: TentsInstance
    marks: dict[Cell, str]
    """The board's own marks (before any transition)."""
    lines: tuple[tuple[Cell, Cell], ...]
    nodes: dict[str, Node]
    root: str | None
    """The root node's id; None for a file without a proof."""


def read_proof(text: str) -> Proof:
    """The puzzle, its starting board and its proof tree, from a LEGUP TreeTent file."""
    doc = kit.parse(text)
    board = fmt._read_board(doc)
    inst = fmt._instance(board)
    marks = {c: fmt._MARK[v] for c, v in board.values.items() if v in fmt._MARK}
    lines = tuple((a, b) for a, b, _ in board.lines)
    proofs = kit.children(board.puzzle, "proof")
    if len(proofs) > 1:
        raise InputError("LEGUP: more than one <proof> element", doc.at(proofs[1]))
    trees = kit.children(proofs[0], "tree") if proofs else []
    if len(trees) > 1:
        raise InputError("LEGUP: more than one proof <tree> element", doc.at(trees[1]))

    def change(ch: ET.Element) -> Change:
        tag = ch.tag.lower()
        if tag == "cell":
            return Change(*fmt._cell(doc, ch, board.height, board.width))
        if tag == "line":
            a, b, _ = fmt._line(doc, ch, board.height, board.width)
            return Change(a, None, b)
        raise kit.unknown_change(doc, ch)

    nodes, root = kit.proof_tree(doc, trees[0] if trees else None, change)
    return Proof(inst, marks, lines, nodes, root)
