"""LEGUP proofs of kit types: an explanation written as a LEGUP proof tree, and a LEGUP proof
judged transition by transition with the type's own reasoner (``check-proof``, ``grade``).

Writing (:func:`export_proof`): every step becomes a transition named by the LEGUP rule of
its rule file's ``legup:`` header (``rule`` and ``rule_id``, as LEGUP's exporter writes them;
LEGUP's importer finds a rule by its id). A case split is a node with one transition per
case, by LEGUP's matching case rule (Light Up: Light or Empty on a cell, Satisfy Number on a
number), each case's steps following in its child node, a closed case ending in its
contradiction. A step by a rule LEGUP does not have (Light Up's Would Leave a Cell Dark and
Would Starve a Number) is written as LEGUP's split on the cell: the case the rule rules out
is explained from its board until it dies, the other goes on.

Judging (:func:`check_text`): a direct transition must set only what its rule gives on the
parent board (:func:`aspuzzle.explain.player.check_step`); a contradiction transition sets
nothing and its rule fires on the parent board; the transitions leaving a node by a case rule
are the split, and together they must be exactly the cases the rule gives there, for one
cell (Light or Empty) or one number (Satisfy Number). The proof is complete when every branch
ends on a solved board or in a valid contradiction. Nothing stored in the file (its
``isSolved`` hash) is trusted.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any

from aspuzzle.errors import InputError, UsageError
from aspuzzle.explain.steps import Board, Kind, Step, cells_text
from aspuzzle.kit import legup as fmt
from aspuzzle.kit.legup import IND, cell_xml
from aspuzzle.kit.model import Cell, GridInstance, GridSolution, playable

if TYPE_CHECKING:
    from aspuzzle.explain.rules import RuleInfo
    from aspuzzle.kit.puzzle import GridPuzzle
    from aspuzzle.legup.report import ProofReport

__all__ = [
    "DigitJudge",
    "Judge",
    "ProofTree",
    "Writer",
    "check_text",
    "check_usage",
    "digit_cell_sets",
    "explanations_made",
    "export_proof",
    "is_kit_proof",
    "judge_tree",
    "legup_refs",
    "proof_lines",
    "read_tree",
]

Sets = tuple[tuple[Cell, str], ...]


def _legup_of(rule: RuleInfo) -> tuple[str, str] | None:
    """(LEGUP rule id, LEGUP rule name) of a rule, from its file's ``legup:`` header (the first,
    if it names several)."""
    refs = legup_refs(rule)
    return refs[0] if refs else None


# --- writing ----------------------------------------------------------------------------------

class ProofTree:
    """A proof tree being written: its nodes in order, each with its transitions' lines (nodes
    and transitions numbered by one count, as LEGUP's exporter numbers them)."""

    def __init__(self) -> None:
        self.next_id = 0
        self.nodes: dict[int, list[str]] = {}
        self.order: list[int] = []

    def node(self) -> int:
        self.next_id += 1
        self.nodes[self.next_id] = []
        self.order.append(self.next_id)
        return self.next_id

    def add(self, parent: int, head: str, body: Sequence[str]) -> None:
        """A transition of node ``parent``: its opening tag without the closing ``>``, and
        the lines of the elements inside it."""
        out = self.nodes[parent]
        if not body:
            out.append(head + "/>")
            return
        out.append(head + ">")
        out += [IND + b for b in body]
        out.append("</transition>")

    def proof_lines(self) -> list[str]:
        return proof_lines(self.order, self.nodes)


class Writer(ProofTree):
    def __init__(self, loaded: Any, rs: Any) -> None:
        super().__init__()
        self.loaded, self.rs = loaded, rs
        self.puzzle: GridPuzzle = loaded.puzzle
        self.spec = self.puzzle.spec
        self.info = {r.id: r for r in self.puzzle.reasoning().catalogue}
        self.split_rule = next((r for r in self.info.values() if r.kind is Kind.CASE
                                and not _has_program(r)), None)
        self.depth = 0

    def transition(self, parent: int, rule_id: str, sets: Sequence[tuple[Any, str]],
                   child: int) -> None:
        ref = _legup_of(self.info[rule_id])
        assert ref is not None, rule_id
        self.next_id += 1
        head = f'<transition child="{child}" id="{self.next_id}" rule="{ref[1]}" ' \
               f'rule_id="{ref[0]}"'
        self.add(parent, head, self.cell_lines(sets))

    def cell_lines(self, sets: Sequence[tuple[Any, str]]) -> list[str]:
        """The ``<cell>`` elements of what a transition sets."""
        values = self.spec.legup.values if self.spec.legup else {}
        return [cell_xml(values[v], c) for c, v in sorted(sets)]

    def steps(self, node: int, board: Board, steps: Sequence[Step]) -> tuple[int, Board] | None:
        """Write steps from a node; where they end, or None if they end in a contradiction
        or a case split (whose cases carried the proof on)."""
        for i, step in enumerate(steps):
            if step.kind is Kind.CONTRADICTION:
                self.contradiction(node, board, step)
                return None
            if step.kind is Kind.DIRECT:
                sets, _ = board.new_in(step.sets, ())
                if not sets:
                    continue
                bad = self.refused(step, board, sets)
                good = [s for s in sets if s not in bad]
                if good:
                    child = self.node()
                    self.transition(node, step.rule_id, good, child)
                    node, board = child, board.with_(good)
                if bad:
                    node, board = self.by_split(node, board, bad)
                continue
            self.case(node, board, step, steps[i + 1:])
            return None
        return node, board

    def refused(self, step: Step, board: Board, sets: Sequence[tuple[Any, str]]
                ) -> list[tuple[Any, str]]:
        """What of a direct step's new ``sets`` LEGUP's rule refuses (all of them for a rule
        LEGUP does not have): written by :meth:`by_split` instead."""
        return list(sets) if _legup_of(self.info[step.rule_id]) is None else []

    def contradiction(self, node: int, board: Board, step: Step) -> None:
        if _legup_of(self.info[step.rule_id]) is None:  # pragma: no cover - every Light Up
            raise UsageError(f"{step.rule} has no LEGUP rule")  # contradiction rule has one
        self.transition(node, step.rule_id, (), self.node())

    def by_split(self, node: int, board: Board, sets: list[tuple[Cell, str]]
                 ) -> tuple[int, Board]:
        """Cells a rule LEGUP lacks has set: each by LEGUP's cell split, the other marks'
        cases explained (by our rules) until they die; the proof goes on in the set mark."""
        if self.split_rule is None:
            raise UsageError(f"{self.spec.title}: a rule without a LEGUP rule and no cell "
                             "split to write it with")
        from aspuzzle.explain import explain

        for cell, value in sets:
            if cell in board.cells:
                continue
            child_on = None
            for mark in (m.value for m in self.spec.marks):
                child = self.node()
                self.transition(node, self.split_rule.id, [(cell, mark)], child)
                here = board.with_([(cell, mark)])
                if mark == value:
                    child_on = child
                    continue
                e = explain(self.loaded, board=here, reasoner=self.rs)
                if e.status != "contradiction":
                    raise RuntimeError(f"the case {cell}={mark} does not die ({e.status})")
                self.steps(child, here, list(e.steps))
            assert child_on is not None
            node, board = child_on, board.with_([(cell, value)])
        return node, board

    def case(self, node: int, board: Board, step: Step, rest: Sequence[Step]) -> None:
        alive = [b for b in step.branches if not b.dead]
        for br in step.branches:
            sets, _ = board.new_in(br.sets, ())
            child = self.node()
            self.transition(node, step.rule_id, sets, child)
            bboard = board.with_(sets)
            inner = list(br.steps)
            if br.closed_by is not None and (not inner or inner[-1] is not br.closed_by):
                inner.append(br.closed_by)
            end = self.steps(child, bboard, inner)
            if br.dead or end is None:
                continue
            if len(alive) == 1:
                self.steps(*end, rest)
            else:
                self.explain_from(*end)

    def explain_from(self, node: int, board: Board) -> None:
        from aspuzzle.explain import explain

        e = explain(self.loaded, board=board, reasoner=self.rs)
        self.steps(node, board, list(e.steps))


def proof_lines(order: Sequence[int], nodes: Mapping[int, Sequence[str]]) -> list[str]:
    """The lines of a ``<proof>`` element (indented as its place in the file): its nodes in
    ``order``, the first the root, each with the lines of its transitions (``nodes``)."""
    out = [f"{IND * 2}<proof>", f"{IND * 3}<tree>"]
    for nid in order:
        ts = nodes[nid]
        root = ' root="true"' if nid == order[0] else ""
        if not ts:
            out.append(f'{IND * 4}<node id="{nid}"{root}/>')
            continue
        out.append(f'{IND * 4}<node id="{nid}"{root}>')
        out += [IND * 5 + line for line in ts]
        out.append(f"{IND * 4}</node>")
    out += [f"{IND * 3}</tree>", f"{IND * 2}</proof>"]
    return out


def legup_refs(rule: RuleInfo) -> list[tuple[str, str]]:
    """Every (LEGUP rule id, name) a rule stands for: its ``legup:`` header, ``ID Name`` or
    several separated by ``;`` (``SUDO-CONT-0001 No Cell for Number (Region); SUDO-CONT-0002
    (Row)``: a later name in brackets completes the first one's)."""
    out: list[tuple[str, str]] = []
    base = ""
    for part in rule.legup_ref.split(";"):
        rid, _, name = part.strip().partition(" ")
        if not rid:
            continue
        name = name.strip()
        if out and name.startswith("("):
            name = f"{base} {name}"
        else:
            base = name.split(" (")[0]
        out.append((rid, name))
    return out


def _has_program(rule: RuleInfo) -> bool:
    from aspuzzle.explain.kit import has_program

    return has_program(rule)


_MADE: ContextVar[list[Any] | None] = ContextVar("aspuzzle_legup_proofs_made", default=None)


@contextmanager
def explanations_made() -> Iterator[list[Any]]:
    """The explanations :func:`proof_with` makes inside the block, in order: ``explain --to
    legup`` reports the status of the one a Sudoku or Skyscrapers proof is written from instead
    of explaining the puzzle a second time with all the type's rules."""
    made: list[Any] = []
    token = _MADE.set(made)
    try:
        yield made
    finally:
        _MADE.reset(token)


def proof_with(loaded: Any, keep: Callable[[RuleInfo], bool], writer: type[Writer]
               ) -> list[str]:
    """The proof tree lines of an explanation made with the type's rules that ``keep`` keeps
    (those LEGUP can judge), written by ``writer``: for a type whose LEGUP proofs need steps
    of their own (Sudoku, Skyscrapers)."""
    from aspuzzle.explain import explain
    from aspuzzle.explain.loop import ExplainBug

    puzzle = loaded.puzzle
    rules = [r for r in puzzle.reasoning().catalogue if keep(r)]
    rs = puzzle.reasoner_class(puzzle, loaded.instance, rules=rules)
    try:
        e = explain(loaded, reasoner=rs)
    except ExplainBug:
        # a split chosen for a case that its probe (every step of a round at once) found dead
        # but these rules alone do not refute (KitReasoner.probe_in_order): probes in order
        rs = puzzle.reasoner_class(puzzle, loaded.instance, rules=rules)
        rs.probe_in_order = True
        e = explain(loaded, reasoner=rs)
    made = _MADE.get()
    if made is not None:
        made.append(e)
    w = writer(loaded, rs)
    w.steps(w.node(), e.start, list(e.steps))
    return w.proof_lines()


def export_proof(loaded: Any, explanation: Any = None, *, reasoner: Any = None) -> str:
    """A LEGUP file of a kit puzzle whose proof tree is its explanation (explained here if not
    given)."""
    from aspuzzle.explain import explain, reasoner_for

    spec = loaded.puzzle.spec
    if spec.legup is None:
        raise UsageError(f"{spec.title} has no LEGUP puzzle: no LEGUP proof can be written")
    rs = reasoner if reasoner is not None else reasoner_for(loaded)
    e = explanation if explanation is not None else explain(loaded, reasoner=rs)
    w = Writer(loaded, rs)
    root = w.node()
    w.steps(root, e.start, list(e.steps))
    start = {c: v for c, v in e.start.cells.items()}
    return fmt.write_legup(spec, loaded.instance, None, start, w.proof_lines())


# --- reading and judging ----------------------------------------------------------------------

@dataclass(frozen=True)
class _Transition:
    id: str
    child: str
    rule: str
    rule_id: str
    sets: Sets
    problem: str
    """What makes the transition wrong whatever its rule (a given cell changed)."""


def is_kit_proof(text: str) -> Any:
    """The kit type whose LEGUP puzzle the file holds (None: not a kit type's file)."""
    import re

    from aspuzzle.kit.puzzle import GridPuzzle
    from aspuzzle.puzzles import REGISTRY

    m = re.search(r"<\s*puzzle\b[^>]*\bname\s*=\s*[\"']([A-Za-z]+)[\"']", text[:4096])
    if m is None:
        return None
    for p in REGISTRY.values():
        if isinstance(p, GridPuzzle) and p.spec.legup is not None and \
                p.spec.legup.puzzle.lower() == m.group(1).lower():
            return p
    return None


def _read(puzzle: GridPuzzle, text: str) -> tuple[GridInstance, dict[Cell, str],
                                                   dict[str, list[_Transition]], str | None]:
    spec = puzzle.spec
    doc = fmt.parse(text)
    board = fmt.read_board(spec, doc)
    inst, marks = fmt.read_solution(spec, text)
    keys = set(playable(spec, inst))
    _, mark_of = fmt._names(spec)

    def cell_sets(elem: Any) -> tuple[list[tuple[Any, str]], str]:
        cell, v = fmt.read_cell(spec, doc, elem, board.height, board.width)
        if cell not in keys:
            return [], f"it changes the given cell {cells_text([cell])}"
        if v not in mark_of:
            return [], f"it writes value {v} on {cells_text([cell])}"
        return [(cell, mark_of[v])], ""

    nodes, root = read_tree(doc, board.puzzle, cell_sets)
    return inst, marks, nodes, root


def read_tree(doc: fmt.Doc, puzzle: Any, cell_sets: Callable[[Any], tuple[list[tuple[Any, str]],
                                                                          str]]
              ) -> tuple[dict[str, list[_Transition]], str | None]:
    """The proof tree of a LEGUP file: its nodes (id -> the transitions leaving it) and the
    root's id (None: no proof). ``cell_sets``: a transition's ``<cell>`` element -> the board
    keys and values it sets, or what makes it wrong whatever the rule (a given changed).
    InputError for a tree that is not one (ids missing or twice, merges, cycles)."""
    proofs = fmt.children(puzzle, "proof")
    if len(proofs) > 1:
        raise InputError("LEGUP: more than one <proof> element", doc.at(proofs[1]))
    trees = fmt.children(proofs[0], "tree") if proofs else []

    def change(elem: Any) -> tuple[list[tuple[Any, str]], str]:
        if elem.tag.lower() != "cell":
            raise fmt.unknown_change(doc, elem)
        return cell_sets(elem)

    found, root = fmt.proof_tree(doc, trees[0] if trees else None, change)
    nodes: dict[str, list[_Transition]] = {}
    for nid, node in found.items():
        nodes[nid] = []
        for t in node.transitions:
            sets = sorted(s for got, _ in t.changes for s in got)
            problem = next((why for _, why in t.changes if why), "")
            nodes[nid].append(_Transition(t.id, t.child, t.rule, t.rule_id, tuple(sets),
                                          problem))
    return nodes, root


class Judge:
    """Judges a kit type's LEGUP proof tree transition by transition (a type whose board is not
    the kit's LEGUP board subclasses it: :mod:`aspuzzle.puzzles.sudoku.proof`)."""

    def __init__(self, puzzle: GridPuzzle, inst: GridInstance, nodes: dict[str, list[_Transition]],
                 allowed: Collection[str] | None, name: str = "") -> None:
        from aspuzzle.legup.report import Verdict

        self.Verdict = Verdict
        self.puzzle, self.inst, self.nodes, self.allowed = puzzle, inst, nodes, allowed
        self.name = name or (puzzle.spec.legup.puzzle if puzzle.spec.legup else puzzle.title)
        self.rs = puzzle.reasoning().reasoner(inst)
        self.catalogue = puzzle.reasoning().catalogue
        self.by_legup: dict[str, RuleInfo] = {}
        self.by_name: dict[str, RuleInfo] = {}
        for r in self.catalogue:
            for rid, rname in legup_refs(r):
                self.by_legup[rid.lower()] = r
                self.by_name[rname.lower()] = r
        self.verdicts: list[Any] = []
        self.open_: list[str] = []
        self.depth = 0
        self.keys = playable(puzzle.spec, inst)

    def rule(self, t: _Transition) -> RuleInfo | None:
        if t.rule_id:
            return self.by_legup.get(t.rule_id.strip().lower())
        return self.by_name.get(t.rule.strip().lower())

    def verdict(self, node: str, t: _Transition, valid: bool, text: str) -> None:
        self.verdicts.append(self.Verdict(node, t.id, t.rule, t.rule_id, valid, text))

    def solved(self, board: Board) -> bool:
        if any(k not in board.cells for k in self.keys):
            return False
        answer = self.puzzle.spec.answer_mark.value
        sol = GridSolution(frozenset(k for k, v in board.cells.items() if v == answer))
        return not self.puzzle.verify(self.inst, sol)

    def problem(self, t: _Transition, rule: RuleInfo | None, board: Board) -> str:
        if rule is None:
            what = t.rule_id or t.rule
            return f"no {self.name} rule '{what[:40]}'" if what else \
                "the transition names no rule"
        if self.allowed is not None and not {x.lower() for x in (
                rule.id, rule.name, t.rule_id, t.rule)} & {a.lower() for a in self.allowed}:
            return f"{rule.name} is not allowed in this exercise"
        if t.problem:
            return t.problem
        for cell, _ in t.sets:
            old = board.cells.get(cell)
            if old is not None:
                return f"{self.rs.words(((cell, old),), ())} already"
        return ""

    def walk(self, nid: str, board: Board, depth: int) -> None:
        self.depth = max(self.depth, depth)
        ts = self.nodes.get(nid, [])
        if not ts:
            if not self.solved(board):
                self.open_.append(nid)
            return
        rules = [self.rule(t) for t in ts]
        if len(ts) > 1 or (rules[0] is not None and rules[0].kind is Kind.CASE):
            self.split(nid, board, ts, rules, depth)
            return
        t, rule = ts[0], rules[0]
        why = self.problem(t, rule, board)
        if why:
            self.verdict(nid, t, False, why)
            self.follow(t, board.with_(t.sets), depth)
            return
        assert rule is not None
        if rule.kind is Kind.CONTRADICTION:
            if t.sets:
                self.verdict(nid, t, False, f"{rule.name} is a contradiction rule: it sets "
                                            "no cells")
                self.follow(t, board.with_(t.sets), depth)
                return
            apps = self.rs.applications(board, rule.id)
            if apps:
                self.verdict(nid, t, True, f"{rule.name} applies: {apps[0].text}")
                return  # the branch is closed
            self.verdict(nid, t, False, f"{rule.name} does not apply to this board.")
            self.follow(t, board, depth)
            return
        if not t.sets:
            self.verdict(nid, t, False, f"{rule.name}: the transition sets nothing")
            self.follow(t, board, depth)
            return
        from aspuzzle.explain.player import check_step

        v = check_step(self.rs, board, rule.name, t.sets)
        self.verdict(nid, t, v.valid, v.text)
        self.follow(t, board.with_(t.sets), depth)

    def follow(self, t: _Transition, board: Board, depth: int) -> None:
        if t.child:
            self.walk(t.child, board, depth + 1)
        elif not self.solved(board):
            self.open_.append(f"{t.id} (no child)")

    def split(self, nid: str, board: Board, ts: list[_Transition],
              rules: list[RuleInfo | None], depth: int) -> None:
        first = rules[0]
        why = ""
        for t, r in zip(ts, rules, strict=True):
            why = why or self.problem(t, r, board)
        if not why and (first is None or any(r is not first for r in rules)):
            why = "the transitions leaving this node name different rules (a split is one " \
                  "case rule)"
        if not why and first is not None and first.kind is not Kind.CASE:
            why = f"{first.name} is not a case rule: a node has one transition per rule " \
                  "application"
        if not why:
            assert first is not None
            why = self.case_problem(board, first, [t.sets for t in ts])
        for t in ts:
            self.verdict(nid, t, not why, why or f"a case of {first.name if first else ''}")
            self.follow(t, board.with_(t.sets), depth)

    def case_problem(self, board: Board, rule: RuleInfo, cases: list[Sets]) -> str:
        """Are these exactly the cases the rule gives somewhere on the board?"""
        got = sorted(set(cases))
        if len(got) != len(cases):
            return "two transitions of the split are the same case"
        for ways in self.case_sets(board, rule):
            if sorted(ways) == got:
                return ""
        return f"these are not the cases of {rule.name} for any one place on this board"

    def case_sets(self, board: Board, rule: RuleInfo) -> list[list[Sets]]:
        """Every split the rule gives on the board: for each place, its cases."""
        if not _has_program(rule):
            marks = [m.value for m in self.puzzle.spec.marks]
            return [[((k, m),) for m in marks] for k in self.keys if k not in board.cells]
        self.rs.hits(board)
        answer, other = self.puzzle.spec.answer_mark.value, self.puzzle.spec.other_mark.value
        out = []
        for rid, _, k, cells in self.rs._choices:
            if rid != rule.id:
                continue
            free = [c for c in cells if c not in board.cells]
            out.append([tuple(sorted((c, answer if c in way else other) for c in free))
                        for way in combinations(free, k)])
        return out


def check_text(text: str, *, allowed: Collection[str] | None = None, teacher: Any = None,
               earned: bool = False) -> ProofReport:
    """Judge the proof of a kit type's LEGUP file (``allowed``: the rules an exercise allows,
    by our id or name or LEGUP's; None allows all). InputError for a file that cannot be read
    or is no kit type's; UsageError for what only Tree Tent proofs have (teachers' rules,
    earned rules) and for an ``allowed`` that names none of the type's rules."""
    puzzle = is_kit_proof(text)
    if puzzle is None:
        raise InputError("LEGUP: not a file of a kit puzzle type")
    check_usage(puzzle, allowed, teacher, earned)
    inst, marks, nodes, root = _read(puzzle, text)
    return judge_tree(Judge(puzzle, inst, nodes, allowed), Board(dict(marks)), root)


def check_usage(puzzle: GridPuzzle, allowed: Collection[str] | None, teacher: Any,
                earned: bool) -> None:
    """UsageError for what only Tree Tent proofs have (teachers' rules, earned rules) and for
    an ``allowed`` that names none of the type's rules."""
    if (teacher is not None and getattr(teacher, "rules", teacher)) or earned:
        raise UsageError(f"--rules-dir and --earned are for Tree Tent proofs, not "
                         f"{puzzle.title}")
    if allowed is not None:
        known = {x.lower() for r in puzzle.reasoning().catalogue
                 for x in (r.id, r.name, *(x for ref in legup_refs(r) for x in ref))}
        if not {a.lower() for a in allowed} & known:
            raise UsageError(f"--rules names none of the {puzzle.title} rules (a tier is "
                             "for Tree Tent proofs only so far)")


def judge_tree(judge: Judge, start: Board, root: str | None) -> ProofReport:
    """Walk the proof tree from its root with ``judge``: the report."""
    from aspuzzle.legup.report import ProofReport

    name = f"{judge.name} {judge.inst.width}x{judge.inst.height}"
    if root is None:
        return ProofReport(name, (), judge.solved(start), (), 0, ("the file has no proof tree",))
    judge.walk(root, start, 0)
    return ProofReport(name, tuple(judge.verdicts), not judge.open_, tuple(judge.open_),
                       judge.depth)


class DigitJudge(Judge):
    """The judge of a digit type's LEGUP proof (Sudoku, Skyscrapers): LEGUP's board holds
    placed digits only, so a transition places digits, and its two splits are one empty cell
    with a case for each digit it can still take at least (:attr:`cell_split`) and one digit in
    one unit with a case for each cell of it where the digit can still go at least
    (:attr:`digit_split`). The units are the rows, the columns and the regions, if any."""

    cell_split = ""
    """The rule id of the split on one cell's digits."""
    digit_split = ""
    """The rule id of the split on one digit's cells in a unit."""

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

    def units(self) -> list[set[Cell]]:
        n = self.inst.width
        out = [{(r, c) for c in range(1, n + 1)} for r in range(1, n + 1)]
        out += [{(r, c) for r in range(1, n + 1)} for c in range(1, n + 1)]
        if self.inst.regions:
            boxes: dict[int, set[Cell]] = {}
            for cell, _ in self.inst.positions():
                boxes.setdefault(self.inst.region(cell), set()).add(cell)
            out += list(boxes.values())
        return out

    def possible(self, digits: dict[Cell, int], cell: Cell, d: int) -> bool:
        """Can ``cell`` (empty) still take ``d``: no cell of a unit of it holds it?"""
        regions = bool(self.inst.regions)
        box = self.inst.region(cell) if regions else 0
        return not any(v == d and (o[0] == cell[0] or o[1] == cell[1] or
                                   (regions and self.inst.region(o) == box))
                       for o, v in digits.items())

    def case_problem(self, board: Board, rule: Any, cases: list[Any]) -> str:
        if rule.id not in (self.cell_split, self.digit_split):
            return super().case_problem(board, rule, cases)
        if len(set(cases)) != len(cases):
            return "two transitions of the split are the same case"
        if any(len(case) != 1 for case in cases):
            return f"each case of {rule.name} places one digit"
        digits = self.digits(board)
        placed: list[tuple[int, int, int]] = [key for (key, _), in cases]
        if rule.id == self.cell_split:
            cells = {(r, c) for r, c, _ in placed}
            if len(cells) != 1:
                return f"the cases of {rule.name} are digits of one cell"
            (cell,) = cells
            need = {d for d in range(1, self.inst.width + 1)
                    if self.possible(digits, cell, d)}
            missing = need - {d for _, _, d in placed}
            if missing:
                return f"the cases leave out {min(missing)}, which ({cell[0]},{cell[1]}) can " \
                       "still take"
            return ""
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
        units = "row, column or box" if self.inst.regions else "row or column"
        return f"these cells are not every cell of one {units} where {d} can still go"


def digit_cell_sets(inst: GridInstance, read_cell: Callable[[Any], tuple[Cell, int]]
                    ) -> Callable[[Any], tuple[list[tuple[Any, str]], str]]:
    """What a ``<cell>`` change of a digit type's proof sets (:func:`read_tree`'s
    ``cell_sets``): the digit placed, or why the change is refused (a given cell, a digit
    taken away)."""

    def cell_sets(elem: Any) -> tuple[list[tuple[Any, str]], str]:
        (r, c), d = read_cell(elem)
        if inst.at((r, c))[0] == "given":
            return [], f"it changes the given cell ({r},{c})"
        if not d:
            return [], f"it empties ({r},{c}) (a proof step places digits)"
        return [((r, c, d), "yes")], ""

    return cell_sets
