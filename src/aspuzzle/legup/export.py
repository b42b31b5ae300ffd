"""An explanation written as a LEGUP Tree Tent proof tree, in transitions LEGUP itself accepts.

Each direct step is one transition naming its LEGUP rule, with the cells and lines it writes.
A case split is one transition per case from the same node; a case that dies goes on with its
steps to a contradiction transition; the proof goes on in the case that survives. Where several
cases survive (the explanation merged what they agree on), the proof goes on in each of them,
explained again from that case's board (LEGUP's merge is not used). Only Placement (rule sheet
5.g, no LEGUP rule) is written as LEGUP's Fill In row with its one case.

Where LEGUP's rule checks the step more narrowly than the rule sheet (see
:mod:`aspuzzle.legup.acceptance`), the step is written as the LEGUP transitions it stands for:

* Last Camping Spot sets the tent; a second transition, Tent for Tree, draws its line.
* Empty Field on a cell next to a tree that is linked (LEGUP's wants no tree at all): Tent or
  Grass on the cell, the tent case closed by No Tree for Tent.
* No Room for Tents (5.h, no LEGUP rule), as the sheet derives it from 4.b and 3.c: Surround
  Tent with Grass on the line's blank cells next to a tent, then Too Few Tents if the blanks
  cannot hold the missing tents at all, else Fill In row with every way to put them on the
  blanks, each case closed by Touching Tents.
* Links from tree over blank cells (LEGUP's cases are the tents already placed): Tent or Grass
  on each blank cell next to the tree in turn, then Links from tree over the tents, Tent for
  Tree for a single one, or No Tent for Tree for none; each case is explained again from there.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from aspuzzle.errors import UsageError
from aspuzzle.explain.steps import Board, Kind, Step
from aspuzzle.legup.acceptance import direct_problem
from aspuzzle.legup.catalogue import for_ours
from aspuzzle.puzzles.tents.legup import write_legup
from aspuzzle.puzzles.tents.model import neighbours4

__all__ = ["export_proof"]

Cell = tuple[int, int]
_VALUE = {"grass": 2, "tent": 3}
_IND = "    "


class _Writer:
    def __init__(self, loaded: Any, reasoner: Any) -> None:
        self.loaded, self.rs = loaded, reasoner
        self.next_id = 0
        self.nodes: dict[int, list[str]] = {}
        """node id -> its transitions' XML lines."""
        self.order: list[int] = []

    def node(self) -> int:
        self.next_id += 1
        self.nodes[self.next_id] = []
        self.order.append(self.next_id)
        return self.next_id

    def transition(self, parent: int, rule_ours: str, sets: Sequence[tuple[Cell, str]],
                   links: Sequence[tuple[Cell, Cell]], child: int | None) -> None:
        rule = for_ours(rule_ours)
        assert rule is not None, rule_ours
        self.next_id += 1
        head = f'<transition id="{self.next_id}"'
        if child is not None:
            head += f' child="{child}"'
        head += f' rule="{rule.name}" rule_id="{rule.id}"'
        out = self.nodes[parent]
        body = [f'<cell value="{_VALUE[v]}" x="{c - 1}" y="{r - 1}"/>'
                for (r, c), v in sorted(sets)]
        body += [f'<line x1="{tc - 1}" x2="{c - 1}" y1="{tr - 1}" y2="{r - 1}"/>'
                 for (tr, tc), (r, c) in sorted(links)]
        if not body:
            out.append(head + "/>")
            return
        out.append(head + ">")
        out += [_IND + b for b in body]
        out.append("</transition>")

    def steps(self, node: int, board: Board, steps: Sequence[Step]) -> tuple[int, Board] | None:
        """Write steps from a node; the node and board where they end, or None if they end in
        a contradiction (or in case splits, whose branches carried the proof on)."""
        for i, step in enumerate(steps):
            if step.kind is Kind.CONTRADICTION:
                if step.rule_id == "no_room_for_tents":
                    self.no_room(node, board)
                else:
                    self.transition(node, step.rule_id, (), (), self.node())
                return None
            if step.kind is Kind.DIRECT:
                sets, links = board.new_in(step.sets, step.links)
                node, board = self.direct(node, board, step.rule_id, sets, links)
                continue
            if step.rule_id == "links_from_tree" and any(
                    x not in board.cells for b in step.branches for x, _ in b.sets):
                tree = step.branches[0].links[0][0]
                self.links_from_tree(node, board, tree)
                return None
            self.case(node, board, step, steps[i + 1:])
            return None
        return node, board

    def direct(self, node: int, board: Board, rule: str, sets: Sequence[tuple[Cell, str]],
               links: Sequence[tuple[Cell, Cell]]) -> tuple[int, Board]:
        """Write one direct step as the LEGUP transitions it stands for; where it ends."""
        if rule == "only_placement":
            rule = "fill_in_row"
        if rule == "last_camping_spot" and sets and links:
            if direct_problem(self.loaded.instance, board, "TREE-BASC-0004", tuple(sets), ()):
                # LEGUP's check stops at the first tree next to the cell, which may be another
                # tree's: the grass case leaves the tree no place (No Tent for Tree)
                for cell, _ in sets:
                    node, board = self.by_split(node, board, cell, "tent", "no_tent_for_tree")
            else:
                node, board = self.direct(node, board, rule, sets, ())
            return self.direct(node, board, "tent_for_tree", (), links)
        near: list[tuple[Cell, str]] = []
        if rule == "empty_field":
            trees = self.loaded.instance.trees
            near = [(c, v) for c, v in sets if any(t in trees for t in neighbours4(c))]
            sets = [(c, v) for c, v in sets if (c, v) not in near]
        if sets or links:
            child = self.node()
            self.transition(node, rule, sets, links, child)
            node, board = child, board.with_(sets, links)
        for cell, _ in near:
            node, board = self.by_split(node, board, cell, "grass", "no_tree_for_tent")
        return node, board

    def by_split(self, node: int, board: Board, cell: Cell, value: str, closer: str
                 ) -> tuple[int, Board]:
        """Tent or Grass on a cell, the case other than ``value`` closed by the contradiction
        rule ``closer``; the proof goes on in the case ``value``."""
        other = "grass" if value == "tent" else "tent"
        dead = self.node()
        self.transition(node, "tent_or_grass", [(cell, other)], (), dead)
        self.transition(dead, closer, (), (), self.node())
        child = self.node()
        self.transition(node, "tent_or_grass", [(cell, value)], (), child)
        return child, board.with_([(cell, value)])

    def no_room(self, node: int, board: Board) -> None:
        """No Room for Tents on the board, by LEGUP's rules: see the module docstring."""
        from aspuzzle.puzzles.tents.reasoning import line_cells

        inst = self.loaded.instance
        best: tuple[int, list[Cell], list[Cell], int] | None = None
        for line in [("row", r) for r in range(1, inst.height + 1)] + \
                [("column", c) for c in range(1, inst.width + 1)]:
            clue = (inst.row_clues if line[0] == "row" else inst.col_clues)[line[1] - 1]
            if clue is None:
                continue
            cells = line_cells(inst, line)
            need = clue - sum(1 for c in cells if board.cells.get(c) == "tent")
            blank = [c for c in cells if c not in board.cells and c not in inst.trees]
            near = [c for c in blank if _near_tent(board, c)]
            room = [c for c in blank if c not in near]
            if need <= 0 or _packing(room) >= need:
                continue
            ways = _comb(len(room), need)
            if best is None or ways < best[0]:
                best = (ways, near, room, need)
        assert best is not None, "No Room for Tents holds on no line"
        _, near, room, need = best
        if near:
            node, board = self.direct(node, board, "surround_tent_with_grass",
                                      [(c, "grass") for c in near], ())
        if len(room) < need:
            self.transition(node, "too_few_tents", (), (), self.node())
            return
        for way in combinations(room, need):
            child = self.node()
            self.transition(node, "fill_in_row",
                            [(c, "tent" if c in way else "grass") for c in room], (), child)
            self.transition(child, "touching_tents", (), (), self.node())

    def links_from_tree(self, node: int, board: Board, tree: Cell) -> None:
        """The tree's link, split over its blank neighbours first (see the module docstring);
        each case is then explained again from its board."""
        inst = self.loaded.instance
        linked = {x for _, x in board.links}
        spots = [x for x in neighbours4(tree)
                 if 1 <= x[0] <= inst.height and 1 <= x[1] <= inst.width
                 and x not in inst.trees and x not in linked and board.cells.get(x) != "grass"]
        blank = [x for x in spots if x not in board.cells]
        if blank:
            cell = blank[0]
            for value in ("tent", "grass"):
                child = self.node()
                self.transition(node, "tent_or_grass", [(cell, value)], (), child)
                self.links_from_tree(child, board.with_([(cell, value)]), tree)
            return
        if not spots:
            self.transition(node, "no_tent_for_tree", (), (), self.node())
            return
        if len(spots) == 1:
            child = self.node()
            self.transition(node, "tent_for_tree", (), [(tree, spots[0])], child)
            self.explain_from(child, board.with_((), [(tree, spots[0])]))
            return
        for x in spots:
            child = self.node()
            self.transition(node, "links_from_tree", (), [(tree, x)], child)
            self.explain_from(child, board.with_((), [(tree, x)]))

    def case(self, node: int, board: Board, step: Step, rest: Sequence[Step]) -> None:
        alive = [b for b in step.branches if not b.dead]
        for br in step.branches:
            sets, links = board.new_in(br.sets, br.links)
            child = self.node()
            self.transition(node, step.rule_id, sets, links, child)
            bboard = board.with_(sets, links)
            inner = list(br.steps)
            if br.closed_by is not None and (not inner or inner[-1] is not br.closed_by):
                inner.append(br.closed_by)
            end = self.steps(child, bboard, inner)
            if br.dead or end is None:
                continue
            if len(alive) == 1:
                # the one case left is what the explanation concluded: it goes on from here
                self.finish(*self.steps(*end, rest) or (None, None))
            else:
                self.explain_from(*end)

    def finish(self, node: int | None, board: Board | None) -> None:
        """Nothing more: the explanation ended here (solved, or where it stopped)."""

    def explain_from(self, node: int, board: Board) -> None:
        from aspuzzle.explain import explain

        e = explain(self.loaded, board=board, reasoner=self.rs)
        steps = list(e.steps)
        self.steps(node, board, steps)

    def xml(self, start: Board) -> str:
        inst = self.loaded.instance
        text = write_legup(inst, None, dict(start.cells), frozenset(start.links))
        out = [f"{_IND * 2}<proof>", f"{_IND * 3}<tree>"]
        for nid in self.order:
            ts = self.nodes[nid]
            root = ' root="true"' if nid == self.order[0] else ""
            if not ts:
                out.append(f'{_IND * 4}<node id="{nid}"{root}/>')
                continue
            out.append(f'{_IND * 4}<node id="{nid}"{root}>')
            out += [_IND * 5 + line for line in ts]
            out.append(f"{_IND * 4}</node>")
        out += [f"{_IND * 3}</tree>", f"{_IND * 2}</proof>"]
        tail = f"{_IND}</puzzle>\n</Legup>\n"
        assert text.endswith(tail)
        return text[: -len(tail)] + "\n".join(out) + "\n" + tail


def _near_tent(board: Board, cell: Cell) -> bool:
    r, c = cell
    return any(board.cells.get((r + dr, c + dc)) == "tent"
               for dr in (-1, 0, 1) for dc in (-1, 0, 1) if dr or dc)


def _packing(room: list[Cell]) -> int:
    """The most tents the cells of one line hold without two side by side."""
    count, last, taken = 0, None, False
    for cell in room:
        nxt = last is not None and abs(cell[0] - last[0]) + abs(cell[1] - last[1]) == 1
        taken = not (nxt and taken)
        count += taken
        last = cell
    return count


def _comb(n: int, k: int) -> int:
    from math import comb

    return comb(n, k)


def export_proof(loaded: Any, explanation: Any = None, *, reasoner: Any = None) -> str:
    """A LEGUP TreeTent file whose proof tree is the explanation of a Tents puzzle (explained
    here if not given)."""
    from aspuzzle.explain import explain, reasoner_for

    if getattr(getattr(loaded.puzzle, "spec", None), "legup", None) is not None:  # a kit type
        from aspuzzle.kit.legup_proof import export_proof as kit_export_proof

        return kit_export_proof(loaded, explanation, reasoner=reasoner)
    if loaded.puzzle.name != "tents":
        raise UsageError(f"LEGUP proofs are written for Tents only, not {loaded.puzzle.name}")
    rs = reasoner if reasoner is not None else reasoner_for(loaded)
    e = explanation if explanation is not None else explain(loaded, reasoner=rs)
    w = _Writer(loaded, rs)
    root = w.node()
    w.steps(root, e.start, list(e.steps))
    return w.xml(e.start)
