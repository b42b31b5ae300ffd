"""An explanation written as a LEGUP Tree Tent proof tree, in transitions LEGUP itself accepts.

Each direct step is one transition naming its LEGUP rule, with the cells it sets. A case split
is one transition per case from the same node; a case that dies goes on with its steps to a
contradiction transition; the proof goes on in the case that survives. Where several cases
survive (the explanation merged what they agree on), the proof goes on in each of them,
explained again from that case's board (LEGUP's merge is not used).

**Lines.** LEGUP's "Check" cannot call a board with lines solved: on a finished board its No
Tent for Tree fires on every tree whose line is stored tree -> tent, and its No Tree for Tent on
every tent whose line is stored tent -> tree (both read a line's second end where the first is
meant). So no line is drawn on a branch that stays open: the explanation's links are kept
*virtual* (known to the writer, not written), and a line is drawn only inside a case that dies,
and only where a transition there needs it (a No Tent for Tree or No Tree for Tent, a Last
Camping Spot or Empty Field whose tree's other tents are linked), each by Tent for Tree or Tree
for Tent, after the lines it depends on. A step of an open branch that needs a link is written
as Tent or Grass on its cell, the other case closed with the lines drawn there.

Where LEGUP's rule checks the step more narrowly than the rule sheet (see
:mod:`.acceptance`), or LEGUP has no rule for it, the step is written as the
LEGUP transitions it stands for (never Fill In row, which LEGUP refuses whatever its cases: its
case check looks for the split's clue among the board's cells):

* Last Camping Spot sets the tent (where LEGUP's check would look at another tree first, or the
  tree's other tents are linked: Tent or Grass on the cell, the grass case closed by No Tent
  for Tree).
* Empty Field on a cell next to a tree (LEGUP's wants no tree at all): Tent or Grass on the
  cell, the tent case closed by No Tree for Tent.
* No Room for Tents (5.h, no LEGUP rule), as the sheet derives it from 4.b and 3.c: Surround
  Tent with Grass on the line's blank cells next to a tent, then Tent or Grass on its first
  blank cell, the tent's line neighbours grass by Surround Tent with Grass, and so on in each
  case, until Too Few Tents closes it.
* Only Placement (5.g, no LEGUP rule): Tent or Grass on each of its tents, the grass case
  closed as No Room for Tents; then Finish with Grass on the line's other blank cells.
* All Placements Agree (5.f, 5.g, no LEGUP rule): Tent or Grass on each cell it sets, the other
  case closed as No Room for Tents on the line. Touched by Every Placement (no LEGUP rule): the
  same, the tent case's Surround Tent with Grass taking the line's cells next to it.
* Corner of Two Spots (no LEGUP rule): Tent or Grass on the corner cell; in the tent case
  Surround Tent with Grass makes the tree's two places grass and No Tent for Tree closes it.
* Links from tree over blank cells (LEGUP's cases are the tents already placed): Tent or Grass
  on each blank cell next to the tree in turn, then Tent for Tree for a single tent, or No Tent
  for Tree for none; with two or more tents the case is explained again from its board (never
  a Links from tree split of two or more cases: LEGUP drops a case's lines when it opens the
  file, and then refuses a case that changes nothing but has other cases beside it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from aspuzzle.errors import UsageError
from aspuzzle.explain.steps import Board, Kind, Step
from aspuzzle.kit.legup_proof import ProofTree
from aspuzzle.puzzles.tents.legup import write_legup
from aspuzzle.puzzles.tents.model import neighbours4, neighbours8
from aspuzzle.puzzles.tents.proofs.acceptance import direct_problem
from aspuzzle.puzzles.tents.proofs.catalogue import for_ours
from aspuzzle.puzzles.tents.reasoning import _packing_size

__all__ = ["export_proof"]

Cell = tuple[int, int]
Link = tuple[Cell, Cell]
_VALUE = {"grass": 2, "tent": 3}
_LINE_RULES = ("tent_for_tree", "tree_for_tent")


@dataclass(frozen=True)
class _At:
    """Where the writer is: a node, the explanation's board there (its links are the virtual
    ones), the lines the file has drawn on the way there, and whether the branch dies."""

    node: int
    board: Board
    drawn: frozenset[Link] = frozenset()
    dead: bool = False


class _Writer(ProofTree):
    def __init__(self, loaded: Any, reasoner: Any) -> None:
        super().__init__()
        self.loaded, self.rs = loaded, reasoner
        self.inst = loaded.instance

    # -- the file -------------------------------------------------------------------------

    def transition(self, parent: int, rule_ours: str, sets: Sequence[tuple[Cell, str]],
                   links: Sequence[Link], child: int | None) -> None:
        rule = for_ours(rule_ours)
        assert rule is not None, rule_ours
        self.next_id += 1
        head = f'<transition id="{self.next_id}"'
        if child is not None:
            head += f' child="{child}"'
        head += f' rule="{rule.name}" rule_id="{rule.id}"'
        body = [f'<cell value="{_VALUE[v]}" x="{c - 1}" y="{r - 1}"/>'
                for (r, c), v in sorted(sets)]
        # a line is stored tree -> tent (x1, y1 the tree): LEGUP's No Tree for Tent then reads
        # it right, and its No Tent for Tree reads it right for an unlinked tree
        body += [f'<line x1="{tc - 1}" x2="{c - 1}" y1="{tr - 1}" y2="{r - 1}"/>'
                 for (tr, tc), (r, c) in sorted(links)]
        self.add(parent, head, body)

    def step_to(self, at: _At, rule: str, sets: Sequence[tuple[Cell, str]] = (),
                links: Sequence[Link] = ()) -> _At:
        """One transition from ``at``; where it leads."""
        child = self.node()
        self.transition(at.node, rule, sets, links, child)
        return replace(at, node=child, board=at.board.with_(sets, links),
                       drawn=at.drawn | frozenset(links))

    def close(self, at: _At, rule: str) -> None:
        """The contradiction ``rule`` closes the branch at ``at``, after the lines it needs."""
        if rule == "no_room_for_tents":
            self.no_room(at)
            return
        at = replace(at, dead=True)
        if rule == "no_tent_for_tree":
            tree = self._tree_without_place(at.board)
            if tree is not None:
                at = self.draw(at, self._tent_links_of(at.board, tree, None))
        elif rule == "no_tree_for_tent":
            tent = self._tent_without_tree(at.board)
            if tent is not None:
                at = self.draw(at, self._tree_links_of(at.board, tent, None))
        self.transition(at.node, rule, (), (), self.node())

    # -- lines ----------------------------------------------------------------------------

    def _inside(self, cell: Cell) -> bool:
        h, w = int(self.inst.height), int(self.inst.width)
        return 1 <= cell[0] <= h and 1 <= cell[1] <= w

    def _link_of(self, board: Board, cell: Cell) -> Link | None:
        for lk in board.links:
            if cell in lk:
                return lk
        return None

    def _tent_links_of(self, board: Board, tree: Cell, but: Cell | None) -> list[Link]:
        """The links of the tents next to ``tree`` (other than ``but``)."""
        out = []
        for x in neighbours4(tree):
            if x != but and board.cells.get(x) == "tent":
                lk = self._link_of(board, x)
                if lk is not None and lk[0] != tree:
                    out.append(lk)
        return out

    def _tree_links_of(self, board: Board, tent: Cell, but: Cell | None) -> list[Link]:
        """The links of the trees next to ``tent`` (other than ``but``)."""
        out = []
        for t in neighbours4(tent):
            if t != but and t in self.inst.trees:
                lk = self._link_of(board, t)
                if lk is not None and lk[1] != tent:
                    out.append(lk)
        return out

    def _tree_without_place(self, board: Board) -> Cell | None:
        linked = {a for lk in board.links for a in lk}
        trees: list[Cell] = sorted(self.inst.trees)
        for t in trees:
            if t in linked:
                continue
            if not any(self._inside(x) and x not in self.inst.trees and
                       (x not in board.cells or (board.cells[x] == "tent" and x not in linked))
                       for x in neighbours4(t)):
                return t
        return None

    def _tent_without_tree(self, board: Board) -> Cell | None:
        linked = {a for lk in board.links for a in lk}
        cells: list[tuple[Cell, str]] = sorted(board.cells.items())
        for x, v in cells:
            if v == "tent" and x not in linked and \
                    not any(t in self.inst.trees and t not in linked for t in neighbours4(x)):
                return x
        return None

    def draw(self, at: _At, links: Sequence[Link]) -> _At:
        """Draw the virtual ``links`` (and the lines they depend on) not drawn yet: each by
        Tent for Tree (the tree has no blank cell next to it, its other tents are linked) or
        Tree for Tent (the tent's other trees are linked)."""
        for lk in links:
            at = self._draw_one(at, lk, set())
        return at

    def _draw_one(self, at: _At, lk: Link, busy: set[Link]) -> _At:
        if lk in at.drawn:
            return at
        busy = busy | {lk}
        tree, tent = lk
        b = at.board
        options: list[tuple[str, list[Link]]] = []
        if not any(self._inside(x) and x not in self.inst.trees and x not in b.cells
                   for x in neighbours4(tree)):
            deps = self._tent_links_of(b, tree, tent)
            others = [x for x in neighbours4(tree)
                      if x != tent and b.cells.get(x) == "tent"]
            if len(deps) == len(others):
                options.append(("tent_for_tree", deps))
        deps = self._tree_links_of(b, tent, tree)
        if len(deps) == len([t for t in neighbours4(tent) if t != tree and t in self.inst.trees]):
            options.append(("tree_for_tent", deps))
        for rule, deps in options:
            if any(d in busy for d in deps):
                continue
            for d in deps:
                at = self._draw_one(at, d, busy)
            return self.step_to(at, rule, (), [lk])
        # no direct rule draws it (a link a split chose): Tent for Tree, which LEGUP accepts
        # once the tree's other tents have lines (our check may not)
        for d in self._tent_links_of(b, tree, tent):
            if d not in busy:
                at = self._draw_one(at, d, busy)
        return self.step_to(at, "tent_for_tree", (), [lk])

    # -- steps ----------------------------------------------------------------------------

    def steps(self, at: _At, steps: Sequence[Step]) -> _At | None:
        """Write steps from ``at``; where they end, or None if they end in a contradiction (or
        in case splits, whose branches carried the proof on)."""
        for i, step in enumerate(steps):
            board = at.board
            if step.kind is Kind.CONTRADICTION:
                self.close(at, step.rule_id)
                return None
            if step.kind is Kind.DIRECT:
                sets, links = board.new_in(step.sets, step.links)
                at = self.direct(at, step.rule_id, sets, links)
                continue
            if step.rule_id in ("links_from_tree", "links_from_tent"):
                if step.rule_id == "links_from_tree" and any(
                        x not in board.cells for b in step.branches for x, _ in b.sets):
                    self.links_from_tree(at, step.branches[0].links[0][0])
                    return None
                alive = [b for b in step.branches if not b.dead]
                if len(alive) == 1 and not at.dead:
                    # the line the split chose stays virtual: go on in that case
                    br = alive[0]
                    sets, links = board.new_in(br.sets, br.links)
                    at = replace(at, board=board.with_(sets, links))
                    end = self.steps(at, list(br.steps))
                    if end is None:
                        return None
                    at = end
                    continue
            self.case(at, step, steps[i + 1:])
            return None
        return at

    def direct(self, at: _At, rule: str, sets: Sequence[tuple[Cell, str]],
               links: Sequence[Link]) -> _At:
        """Write one direct step as the LEGUP transitions it stands for; where it ends."""
        inst = self.inst
        if rule in _LINE_RULES:
            return replace(at, board=at.board.with_(sets, links))  # drawn when needed
        if rule == "only_placement":
            return self.only_placement(at, sets)
        if rule in ("all_placements_agree", "touched_by_every_placement"):
            # grass first, then tents: the other case leaves the line too little room
            for cell, v in sorted(sets, key=lambda s: s[1] == "tent"):
                if cell in at.board.cells:
                    continue
                if v == "grass" and _near_tent(at.board, cell):
                    at = self.step_to(at, "surround_tent_with_grass", [(cell, v)])
                else:
                    at = self.by_split(at, cell, v, "no_room_for_tents")
            return at
        if rule == "corner_of_two_spots":
            for cell, _ in sets:
                at = self.corner(at, cell)
            return at
        if rule == "last_camping_spot":
            for cell, _ in sets:
                trees = [t for t, x in links if x == cell]
                tree = trees[0] if trees else None
                need = self._tent_links_of(at.board, tree, cell) if tree else []
                if need and at.dead:
                    at = self.draw(at, need)
                    need = []
                if need or direct_problem(inst, self._drawn_board(at), "TREE-BASC-0004",
                                          ((cell, "tent"),), ()):
                    at = self.by_split(at, cell, "tent", "no_tent_for_tree")
                else:
                    at = self.step_to(at, rule, [(cell, "tent")])
            return replace(at, board=at.board.with_((), links))
        near: list[tuple[Cell, str]] = []
        if rule == "empty_field":
            near = [(c, v) for c, v in sets if any(t in inst.trees for t in neighbours4(c))]
            sets = [(c, v) for c, v in sets if (c, v) not in near]
        if sets:
            at = self.step_to(at, rule, sets)
        if links:
            at = replace(at, board=at.board.with_((), links))
        for cell, _ in near:
            at = self.by_split(at, cell, "grass", "no_tree_for_tent")
        return at

    def _drawn_board(self, at: _At) -> Board:
        """The board as the file has it: the cells, and only the lines drawn."""
        return Board(at.board.cells, at.drawn)

    def by_split(self, at: _At, cell: Cell, value: str, closer: str) -> _At:
        """Tent or Grass on a cell, the case other than ``value`` closed by the contradiction
        rule ``closer``; the proof goes on in the case ``value``."""
        other = "grass" if value == "tent" else "tent"
        dead = self.step_to(replace(at, dead=True), "tent_or_grass", [(cell, other)])
        self.close(dead, closer)
        return self.step_to(at, "tent_or_grass", [(cell, value)])

    def only_placement(self, at: _At, sets: Sequence[tuple[Cell, str]]) -> _At:
        """Only Placement by LEGUP's rules: see the module docstring."""
        for cell, v in sets:
            if v == "tent":
                at = self.by_split(at, cell, "tent", "no_room_for_tents")
        grass = [(c, v) for c, v in sets if v == "grass" and c not in at.board.cells]
        if grass:
            at = self.step_to(at, "finish_with_grass", grass)
        return at

    def corner(self, at: _At, cell: Cell) -> _At:
        """Corner of Two Spots by LEGUP's rules: Tent or Grass on the cell; in the tent case
        Surround Tent with Grass makes both places of the tree's tent grass, and No Tent for
        Tree closes it."""
        tent = self.step_to(replace(at, dead=True), "tent_or_grass", [(cell, "tent")])
        near = [x for x in neighbours8(cell) if self._inside(x) and x not in self.inst.trees
                and x not in tent.board.cells]
        if near:
            tent = self.step_to(tent, "surround_tent_with_grass", [(x, "grass") for x in near])
        self.close(tent, "no_tent_for_tree")
        return self.step_to(at, "tent_or_grass", [(cell, "grass")])

    def no_room(self, at: _At) -> None:
        """No Room for Tents on the board, by LEGUP's rules: see the module docstring."""
        from aspuzzle.puzzles.tents.reasoning import line_cells

        inst, board = self.inst, at.board
        at = replace(at, dead=True)
        best: tuple[int, tuple[str, int], list[Cell], list[Cell], int] | None = None
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
            if need <= 0 or _packing_size(room) >= need:
                continue
            size = _tree_size(room, need)
            if best is None or size < best[0]:
                best = (size, line, near, room, need)
        assert best is not None, "No Room for Tents holds on no line"
        _, line, near, room, need = best
        if near:
            at = self.step_to(at, "surround_tent_with_grass", [(c, "grass") for c in near])
        self._fill(at, room, need)

    def _fill(self, at: _At, room: list[Cell], need: int) -> None:
        """Too Few Tents once the line's blank cells cannot hold the ``need`` tents it misses,
        else Tent or Grass on its first blank cell, a tent's line neighbours made grass."""
        if len(room) < need:
            self.transition(at.node, "too_few_tents", (), (), self.node())
            return
        cell, rest = room[0], room[1:]
        tent = self.step_to(at, "tent_or_grass", [(cell, "tent")])
        beside = [x for x in rest if abs(x[0] - cell[0]) + abs(x[1] - cell[1]) == 1]
        if beside:
            tent = self.step_to(tent, "surround_tent_with_grass", [(x, "grass") for x in beside])
        self._fill(tent, [x for x in rest if x not in beside], need - 1)
        grass = self.step_to(at, "tent_or_grass", [(cell, "grass")])
        self._fill(grass, rest, need)

    def links_from_tree(self, at: _At, tree: Cell) -> None:
        """The tree's link, split over its blank neighbours first (see the module docstring);
        each case is then explained again from its board."""
        inst, board = self.inst, at.board
        linked = {x for _, x in board.links}
        spots = [x for x in neighbours4(tree)
                 if self._inside(x) and x not in inst.trees and x not in linked
                 and board.cells.get(x) != "grass"]
        blank = [x for x in spots if x not in board.cells]
        if blank:
            cell = blank[0]
            for value in ("tent", "grass"):
                self.links_from_tree(self.step_to(at, "tent_or_grass", [(cell, value)]), tree)
            return
        if not spots:
            self.close(at, "no_tent_for_tree")
            return
        if len(spots) == 1:
            lk = (tree, spots[0])
            at = self.draw(at, [lk]) if at.dead else replace(at, board=board.with_((), [lk]))
            self.explain_from(at)
            return
        # two or more tents next to the tree: no Links from tree split (LEGUP drops its lines on
        # load and then refuses every case), the board is explained again from here instead
        self.explain_from(at)

    def case(self, at: _At, step: Step, rest: Sequence[Step]) -> None:
        alive = [b for b in step.branches if not b.dead]
        lines = step.rule_id in ("links_from_tree", "links_from_tent")
        if lines:
            at = replace(at, dead=at.dead or not alive)
            need = [lk for br in step.branches for t, x in br.links
                    for lk in (self._tree_links_of(at.board, x, t) +
                               self._tent_links_of(at.board, t, x))]
            if at.dead:
                at = self.draw(at, need)
        for br in step.branches:
            sets, links = at.board.new_in(br.sets, br.links)
            child = self.step_to(replace(at, dead=at.dead or br.dead), step.rule_id, sets, links)
            inner = list(br.steps)
            if br.closed_by is not None and (not inner or inner[-1] is not br.closed_by):
                inner.append(br.closed_by)
            end = self.steps(child, inner)
            if br.dead or end is None:
                continue
            if len(alive) == 1:
                # the one case left is what the explanation concluded: it goes on from here
                self.steps(end, rest)
            else:
                self.explain_from(end)

    def _explain(self, board: Board) -> Any:
        from aspuzzle.explain import explain

        return explain(self.loaded, board=board, reasoner=self.rs)

    def explain_from(self, at: _At) -> None:
        self.steps(at, list(self._explain(at.board).steps))

    def xml(self, start: Board) -> str:
        return write_legup(self.inst, None, dict(start.cells), frozenset(), self.proof_lines())


def _near_tent(board: Board, cell: Cell) -> bool:
    return any(board.cells.get(n) == "tent" for n in neighbours8(cell))


def _tree_size(room: list[Cell], need: int) -> int:
    """How many leaves :meth:`_Writer._fill` writes for a line (to pick the smallest)."""
    if len(room) < need:
        return 1
    cell, rest = room[0], room[1:]
    beside = [x for x in rest if abs(x[0] - cell[0]) + abs(x[1] - cell[1]) == 1]
    return _tree_size([x for x in rest if x not in beside], need - 1) + _tree_size(rest, need)


def export_proof(loaded: Any, explanation: Any = None, *, reasoner: Any = None) -> str:
    """A LEGUP TreeTent file whose proof tree is the explanation of a Tents puzzle (explained
    here if not given)."""
    from aspuzzle.explain import explain, reasoner_for

    if loaded.puzzle.name != "tents":  # other types: aspuzzle.legup.export_proof
        raise UsageError(f"a Tree Tent proof is of a Tents puzzle, not {loaded.puzzle.name}")
    rs = reasoner if reasoner is not None else reasoner_for(loaded)
    e = explanation if explanation is not None else explain(loaded, reasoner=rs)
    w = _Writer(loaded, rs)
    root = w.node()
    start = e.start
    w.steps(_At(root, start, frozenset(), dead=e.status == "contradiction"),
            list(e.steps))
    return w.xml(e.start)
