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

from dataclasses import dataclass

from aspuzzle.errors import InputError, Location
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


@dataclass(frozen=True)
class Transition:
    id: str
    child: str
    """The child node's id ("" if none)."""
    rule: str
    rule_id: str
    changes: tuple[Change, ...]
    where: Location


@dataclass(frozen=True)
class Node:
    id: str
    transitions: tuple[Transition, ...]
    where: Location


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
    nodes: dict[str, Node] = {}
    root: str | None = None
    seen_transitions: set[str] = set()
    for elem in kit.children(trees[0], "node") if trees else []:
        node_id = elem.get("id", "").strip()
        if not node_id:
            raise InputError("LEGUP: a proof <node> has no id", doc.at(elem))
        if node_id in nodes:
            raise InputError(f"LEGUP: proof node id {node_id[:20]} is used twice", doc.at(elem))
        if elem.get("root", "").lower() == "true":
            if root is not None:
                raise InputError("LEGUP: the proof has two root nodes", doc.at(elem))
            root = node_id
        transitions = []
        for t in kit.children(elem, "transition"):
            tid = t.get("id", "").strip()
            if not tid:
                raise InputError("LEGUP: a proof <transition> has no id", doc.at(t))
            if tid in seen_transitions:
                raise InputError(f"LEGUP: transition id {tid[:20]} is used twice "
                                 "(merges are not supported)", doc.at(t))
            seen_transitions.add(tid)
            changes: list[Change] = []
            for ch in t:
                tag = ch.tag.lower()
                if tag == "cell":
                    cell, value = fmt._cell(doc, ch, board.height, board.width)
                    changes.append(Change(cell, value))
                elif tag == "line":
                    a, b, _ = fmt._line(doc, ch, board.height, board.width)
                    changes.append(Change(a, None, b))
                else:
                    raise InputError(f"LEGUP: unknown element <{ch.tag[:20]}> in a transition",
                                     doc.at(ch))
            transitions.append(Transition(tid, t.get("child", "").strip(), t.get("rule", ""),
                                          t.get("rule_id", ""), tuple(changes), doc.at(t)))
        nodes[node_id] = Node(node_id, tuple(transitions), doc.at(elem))
    if nodes and root is None:
        raise InputError("LEGUP: the proof has no root node (root=\"true\")",
                         doc.at(trees[0]))
    _check_shape(nodes, root)
    return Proof(inst, marks, lines, nodes, root)


def _check_shape(nodes: dict[str, Node], root: str | None) -> None:
    """Every child exists, has one parent, and the tree has no cycle."""
    parent: dict[str, str] = {}
    for node in nodes.values():
        for t in node.transitions:
            if not t.child:
                continue
            if t.child not in nodes:
                raise InputError(f"LEGUP: transition {t.id[:20]} leads to node {t.child[:20]}, "
                                 "which the file does not have", t.where)
            if t.child in parent or t.child == root:
                raise InputError(f"LEGUP: node {t.child[:20]} is the child of two transitions "
                                 "(merges are not supported) or of a cycle", t.where)
            parent[t.child] = t.id
