"""An explanation written as a LEGUP Tree Tent proof tree.

Each direct step is one transition naming its LEGUP rule, with the cells and lines it writes.
A case split is one transition per case from the same node; a case that dies goes on with its
steps to a contradiction transition; the proof goes on in the case that survives. Where several
cases survive (the explanation merged what they agree on), the proof goes on in each of them,
explained again from that case's board (LEGUP's merge is not used). Only Placement (rule sheet
5.g, no LEGUP rule) is written as LEGUP's Fill In row with its one case.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from aspuzzle.errors import UsageError
from aspuzzle.explain.steps import Board, Kind, Step
from aspuzzle.legup.catalogue import for_ours
from aspuzzle.puzzles.tents.legup import write_legup

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
                self.transition(node, step.rule_id, (), (), self.node())
                return None
            if step.kind is Kind.DIRECT:
                sets, links = board.new_in(step.sets, step.links)
                child = self.node()
                rule = "fill_in_row" if step.rule_id == "only_placement" else step.rule_id
                self.transition(node, rule, sets, links, child)
                node, board = child, board.with_(sets, links)
                continue
            self.case(node, board, step, steps[i + 1:])
            return None
        return node, board

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


def export_proof(loaded: Any, explanation: Any = None, *, reasoner: Any = None) -> str:
    """A LEGUP TreeTent file whose proof tree is the explanation of a Tents puzzle (explained
    here if not given)."""
    from aspuzzle.explain import explain, reasoner_for

    if loaded.puzzle.name != "tents":
        raise UsageError(f"LEGUP proofs are written for Tents only, not {loaded.puzzle.name}")
    rs = reasoner if reasoner is not None else reasoner_for(loaded)
    e = explanation if explanation is not None else explain(loaded, reasoner=rs)
    w = _Writer(loaded, rs)
    root = w.node()
    w.steps(root, e.start, list(e.steps))
    return w.xml(e.start)
