"""Judge a LEGUP Tree Tent proof tree, every transition with clingo against the rule it names.

* A direct rule: the cells and lines the transition writes must be what that rule gives on the
  parent board (:func:`aspuzzle.explain.player.check_step`, the ``check-step`` command's logic
  and rule files).
* A case rule: the transitions leaving a node together are the split; they must all name the
  same case rule, be cases of it for one cell, tree, tent or line, and include every case the
  rule gives there (so that together they cover every possibility).
* A contradiction rule: it writes nothing, and the rule's file must fire on the board.

Each transition must also pass LEGUP's own check of the rule it names
(:mod:`.acceptance`), so that a proof judged valid here is one LEGUP accepts.

The proof is complete when every transition is valid and every branch ends on a solved board
(every cell known, no rule broken) or in a valid contradiction. Nothing stored in the file (its
``isSolved`` hash) is trusted. What is judged of a board (a step, a split, solved) is kept for
the rest of the process, keyed by the puzzle, the board and the question: a class hands in many
proofs of the same few puzzles, passing through the same boards.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection
from dataclasses import replace
from typing import Any

from aspuzzle._deadline import check_time
from aspuzzle.explain.player import check_step
from aspuzzle.explain.steps import Board, Kind, cells_text
from aspuzzle.legup.report import ProofReport, Verdict
from aspuzzle.puzzles.tents.model import TentsInstance, neighbours4
from aspuzzle.puzzles.tents.proofs import acceptance, catalogue
from aspuzzle.puzzles.tents.proofs.catalogue import LegupRule
from aspuzzle.puzzles.tents.proofs.reader import Change, Node, Proof, Transition, read_proof
from aspuzzle.puzzles.tents.proofs.teacher import TeacherRules, teacher_reasoner

__all__ = ["check_proof", "check_proof_tree", "reasoner_of"]

Cell = tuple[int, int]
Link = tuple[Cell, Cell]
Sets = tuple[tuple[Cell, str], ...]
_VALUE = {2: "grass", 3: "tent"}


class _Overwrite(str):
    """Why a transition is refused when it changes a decided cell: LEGUP loads such a change
    (unlike the others refused on the way), so its rules see it, and refuse it."""
MAX_CASES = 5000
"""A Fill In row split with more cases than this is not checked (it is refused)."""


# --- reasoners, kept per puzzle: a class grades the same few puzzles many times ----------------

_REASONERS: dict[TentsInstance, Any] = {}
_KEEP = 16


def reasoner_of(inst: TentsInstance) -> Any:
    """The Tents reasoner of a puzzle, grounded once per process for the last few puzzles."""
    rs = _REASONERS.pop(inst, None)
    if rs is None:
        from aspuzzle.puzzles.tents.reasoning import TentsReasoner

        rs = TentsReasoner(inst)
        while len(_REASONERS) >= _KEEP:
            _REASONERS.pop(next(iter(_REASONERS)))
    _REASONERS[inst] = rs
    return rs


_ONE_RULE: dict[tuple[TentsInstance, str], Any] = {}

_Judged = tuple[bool, str]
_JUDGED: dict[tuple[Any, ...], _Judged] = {}
"""Judgements of boards already made in this process (see _Judge.judged)."""
_KEEP_JUDGED = 100_000
_BOARD_IDS: dict[tuple[Any, ...], int] = {}
"""A board's id: by its content (a proof's first board), or by its parent's id and what the
transition set (the others)."""
_NEXT_ID = itertools.count()


def _rule_reasoner(inst: TentsInstance, rule_id: str) -> Any:
    """A reasoner that grounds one rule file only: judging a transition asks one rule, and a
    solve costs in proportion to what is grounded (a fourth of asking every rule)."""
    rs = _ONE_RULE.get((inst, rule_id))
    if rs is None:
        from aspuzzle.puzzles.tents.reasoning import TentsReasoner
        from aspuzzle.puzzles.tents.rules import by_name

        info = by_name(rule_id)
        assert info is not None, rule_id
        if len(_ONE_RULE) >= _KEEP * 8:
            _ONE_RULE.clear()
        rs = _ONE_RULE[(inst, rule_id)] = TentsReasoner(inst, (info,))
    return rs


# --- the checker ------------------------------------------------------------------------------

def check_proof(text: str, **kw: Any) -> ProofReport:
    """Judge the proof tree of a LEGUP TreeTent file (see :func:`check_proof_tree`)."""
    return check_proof_tree(read_proof(text), **kw)


def check_proof_tree(proof: Proof, *, allowed: Collection[str] | None = None,
                     teacher: TeacherRules | None = None, earned: bool = False) -> ProofReport:
    """Judge a proof tree.

    With ``earned``, a *derived* rule (one the rule sheet numbers 5.x only: Finish with Grass
    5.a.i, Finish with Tents 5.a.ii, Surround Tent with Grass 5.b, Tent for Tree and Last
    Camping Spot 5.c, Empty Field 5.d, No Room for Tents 5.h; and every teacher's rule) is
    accepted only once *earned*: a transition by it that would be valid is marked "not yet
    earned" (invalid) unless, earlier in the proof (the order of the report: depth first from
    the root, branches in the file's order), a split node N earned it. N earns a rule R when

    * N's split is valid and by a basic case rule (4.a-4.d), and each of its branches is either
      *closed by basic rules* (its transitions are all valid and by basic rules, and every path
      through it ends in a valid contradiction) or survives; and
    * a direct R: exactly one branch survives and it sets a cell (or draws a link) that R
      concludes on N's board; a contradiction R: no branch survives and R fires on N's board.

    That is, the same proof has shown, with the basic rules only, one instance of what R
    concludes, on a board where R applies. Each rule is earned separately (by its id).
    """
    inst = proof.instance
    name = f"TreeTent {inst.width}x{inst.height}"
    rs = reasoner_of(inst)
    judge = _Judge(proof, rs, allowed, teacher or TeacherRules())
    start, problems = judge.start_board()
    if proof.root is None:
        notes = ("the file has no proof tree",)
        judge.bid = judge.board_id(start)
        solved_start = not problems and judge.solved(start)
        return ProofReport(name, (), solved_start, (), 0,
                           notes + tuple(problems))
    judge.notes += problems
    judge.walk(proof.root, start, 0)
    if earned:
        judge.mark_unearned()
    return ProofReport(name, tuple(judge.verdicts), not judge.open_, tuple(judge.open_),
                       judge.depth, tuple(judge.notes), *judge.legup_verdict())


class _Judge:
    def __init__(self, proof: Proof, rs: Any, allowed: Collection[str] | None,
                 teacher: TeacherRules) -> None:
        self.proof, self.rs, self.allowed, self.teacher = proof, rs, allowed, teacher
        self.inst = proof.instance
        self.verdicts: list[Verdict] = []
        self.open_: list[str] = []
        self.notes: list[str] = []
        self.depth = 0
        self.boards: dict[str, Board] = {}
        self.first: dict[str, int] = {}
        """The index in ``verdicts`` of each judged node's first transition."""
        self.order: list[str] = []
        """The nodes in the order they were judged (depth first)."""
        self.bid = -1
        """The id of the board being judged (see judged)."""
        self.cells = [(r, c) for r in range(1, self.inst.height + 1)
                      for c in range(1, self.inst.width + 1) if (r, c) not in self.inst.trees]
        self.legup_closed: set[str] = set()
        """Nodes that end a branch LEGUP sees closed by a contradiction it accepts."""
        self.legup_open: list[str] = []
        """Why LEGUP's Check will not call the proof solved, per branch."""
        self.legup_unknown: list[str] = []
        """Rule ids LEGUP does not have: it cannot open the file."""

    # boards

    def start_board(self) -> tuple[Board, list[str]]:
        problems: list[str] = []
        links: set[Link] = set()
        for a, b in self.proof.lines:
            link, why = self._link(Board(self.proof.marks), a, b)
            if link is None:
                problems.append(f"the starting board has a bad line: {why}")
            else:
                links.add(link)
        return Board(dict(self.proof.marks), frozenset(links)), problems

    def _link(self, board: Board, a: Cell, b: Cell) -> tuple[Link | None, str]:
        trees = self.inst.trees
        if (a in trees) == (b in trees):
            return None, f"a line must join a tree and a tent, not {cells_text([a, b])}"
        tree, tent = (a, b) if a in trees else (b, a)
        if tent not in neighbours4(tree):
            return None, f"the line from the tree at {cells_text([tree])} to " \
                         f"{cells_text([tent])} does not join neighbouring cells"
        return (tree, tent), ""

    def _changes(self, board: Board, changes: tuple[Change, ...]
                 ) -> tuple[Sets, tuple[Link, ...], str]:
        """What a transition sets and links on the board, or why it cannot."""
        sets: list[tuple[Cell, str]] = []
        links: list[Link] = []
        for ch in changes:
            if ch.other is not None:
                link, why = self._link(board, ch.cell, ch.other)
                if link is None:
                    return (), (), why
                if link not in board.links:
                    links.append(link)
                continue
            cell, value = ch.cell, ch.value
            if cell in self.inst.trees:
                if value == 1:
                    continue
                return (), (), f"it writes over the tree at {cells_text([cell])}"
            if value == 1:
                return (), (), f"it plants a tree at {cells_text([cell])}"
            old = board.cells.get(cell)
            if value == 0:
                if old is not None:
                    return (), (), f"it erases the {old} at {cells_text([cell])}"
                continue
            assert value is not None
            new = _VALUE[value]
            if old == new:
                continue
            if old is not None:
                return (), (), _Overwrite(f"it changes the {old} at {cells_text([cell])} to {new}")
            sets.append((cell, new))
        return tuple(sorted(set(sets))), tuple(sorted(set(links))), ""

    def solved(self, board: Board) -> bool:
        """Is the board (the one whose id is ``self.bid``) solved?"""
        return self.judged(("solved",), lambda: (self._solved(board), ""))[0]

    def board_id(self, board: Board) -> int:
        """The id of a board, by its content (see judged)."""
        key = (self.inst, frozenset(board.cells.items()), board.links)
        found = _BOARD_IDS.get(key)
        if found is None:
            found = _BOARD_IDS[key] = next(_NEXT_ID)
        return found

    def child_id(self, sets: Sets, links: tuple[Link, ...]) -> int:
        """The id of the board ``self.bid`` with these cells and links set: the parent's id
        and the changes say what the board holds, without reading every cell again."""
        if not sets and not links:
            return self.bid
        key = (self.bid, sets, links)
        found = _BOARD_IDS.get(key)
        if found is None:
            found = _BOARD_IDS[key] = next(_NEXT_ID)
        return found

    def _solved(self, board: Board) -> bool:
        rs = self.rs
        if not rs.complete(board):
            return False
        if rs.evaluate(board).contradictions:
            return False
        return rs.final_check(board) is None

    # the walk

    def verdict(self, node: Node, t: Transition, valid: bool, text: str,
                legup: tuple[str, str] = ("", "")) -> None:
        rule = self.find(t)
        self.verdicts.append(Verdict(node.id, t.id, t.rule or (rule.name if rule else ""),
                                     t.rule_id, valid, text, *legup))

    # what LEGUP itself will show (see legup_single)

    def legup_verdict(self) -> tuple[str, str]:
        """What LEGUP's Check will say of the whole proof, and why."""
        if self.legup_unknown:
            return "cannot open", f"LEGUP has no rule {self.legup_unknown[0]} (a proof " \
                                  "naming it cannot be loaded)"
        bad = [v for v in self.verdicts if v.legup in ("red", "unjustified")]
        if bad:
            return "not solved", f"{len(bad)} transition{'' if len(bad) == 1 else 's'} " \
                                 f"{'is' if len(bad) == 1 else 'are'} not green (first: node " \
                                 f"{bad[0].node} -> transition {bad[0].transition}, " \
                                 f"{bad[0].legup})"
        if self.legup_open:
            return "not solved", self.legup_open[0]
        return "solved", ""

    def legup_rule(self, t: Transition) -> tuple[LegupRule | None, tuple[str, str]]:
        """The LEGUP rule a transition names by its rule_id (LEGUP loads rules by id only),
        or what LEGUP shows instead."""
        if not t.rule_id.strip():
            return None, ("unjustified", "LEGUP finds a rule by its rule_id, and this "
                                         "transition has none")
        lr = catalogue.find(t.rule_id, "")
        if lr is None or not lr.legup:
            self.legup_unknown.append(t.rule_id.strip()[:40])
            return None, ("red", f"LEGUP has no rule {t.rule_id.strip()[:40]}: it will not "
                                 "open the file")
        return lr, ("", "")

    def legup_single(self, board: Board, t: Transition, sets: Sets, bad: str
                     ) -> tuple[str, str]:
        """LEGUP's verdict on a lone transition, as it will colour it once the file is opened:
        its own check of the rule (:mod:`.acceptance`) on the parent board, the lines the
        transition draws left out (LEGUP drops them from a transition's changes on load)."""
        lr, shown = self.legup_rule(t)
        if lr is None:
            return shown
        if isinstance(bad, _Overwrite):
            # LEGUP loads the change, and each of its rules wants the cell blank before
            return "red", f"{bad}: LEGUP's rules only fill a blank cell"
        if bad:
            return "unchecked", f"LEGUP loads no change here ({bad}), so it checks nothing"
        if lr.kind is Kind.CONTRADICTION:
            if sets:
                return "red", "a contradiction rule must not change the board"
            why = acceptance.contradiction_problem(self.inst, board, lr.id)
            if not why and t.child:
                self.legup_closed.add(t.child)
            return ("red", why) if why else ("green", "")
        if lr.kind is Kind.CASE:
            return self.legup_split(board, [lr], [(sets, ())])
        if not sets:
            return "unchecked", "LEGUP drops the lines a transition draws when it opens the " \
                                "file, so it checks nothing here"
        why = acceptance.direct_problem(self.inst, board, lr.id, sets, ())
        return ("red", why) if why else ("green", "")

    def legup_split(self, board: Board, rules: list[LegupRule | None],
                    branches: list[tuple[Sets, tuple[Link, ...]]]) -> tuple[str, str]:
        """LEGUP's verdict on the transitions of a split (the same for each)."""
        first = rules[0]
        if first is None or any(r is not first for r in rules):
            return "red", "LEGUP wants every transition of a split by the same case rule"
        if first.kind is not Kind.CASE:
            return "red", f"{first.name} is not a case rule"
        if first.id == "TREE-CASE-0001":
            return "red", "LEGUP refuses every Fill In row split when it opens a file (its " \
                          "case check looks for the split's clue among the board's cells)"
        if not all(s for s, _ in branches):
            if len(branches) == 1:
                return "unchecked", "LEGUP drops the lines the case draws when it opens the " \
                                    "file, so it checks nothing here"
            return "red", "LEGUP drops the lines the cases draw when it opens the file, and " \
                          "refuses a case that then changes nothing but has other cases beside it"
        why = acceptance.case_problem(self.inst, board, first.id,
                                      [(s, ()) for s, _ in branches])
        return ("red", why) if why else ("green", "")

    def legup_leaf(self, nid: str, board: Board) -> None:
        """A branch's end, as LEGUP's Check sees it: closed by a contradiction LEGUP accepts,
        or a full board on which none of LEGUP's contradiction rules fires."""
        if nid in self.legup_closed:
            return
        if any(c not in board.cells for c in self.cells):
            self.legup_open.append(f"node {nid}: the branch ends with blank cells")
            return
        for lr in catalogue.LEGUP_RULES:
            if lr.legup and lr.kind is Kind.CONTRADICTION and \
                    not acceptance.contradiction_problem(self.inst, board, lr.id):
                self.legup_open.append(
                    f"node {nid}: on the final board LEGUP's {lr.name} fires" +
                    (" (it reads a tree's line from the wrong end: leave the lines out of a "
                     "finished board)" if board.links else ""))
                return

    def walk(self, node_id: str, board: Board, depth: int) -> None:
        """Judge the subtree from a node (iteratively along chains: proofs are long)."""
        stack: list[tuple[str, Board, int, int]] = [(node_id, board, depth,
                                                     self.board_id(board))]
        while stack:
            check_time()  # --timeout: one transition at a time
            nid, b, d, self.bid = stack.pop()
            self.depth = max(self.depth, d)
            node = self.proof.nodes[nid]
            self.boards[nid], self.first[nid] = b, len(self.verdicts)
            self.order.append(nid)
            ts = node.transitions
            if not ts:
                if not self.solved(b):
                    self.open_.append(nid)
                self.legup_leaf(nid, b)
                continue
            rules = [self.find(t) for t in ts]
            if len(ts) > 1 or (rules[0] is not None and rules[0].kind is Kind.CASE):
                nexts = self.split(node, b, ts, rules)
            else:
                nexts = self.single(node, b, ts[0], rules[0])
            for child, cb, cbid in reversed(nexts):
                stack.append((child, cb, d + 1, cbid))

    def find(self, t: Transition) -> LegupRule | None:
        """The rule a transition names: LEGUP's, else the teacher's."""
        found = catalogue.find(t.rule_id, t.rule)
        if found is None:
            mine = self.teacher.find(t.rule_id, t.rule)
            found = mine.legup if mine is not None else None
        return found

    def reasoner(self, rule: LegupRule) -> Any:
        mine = self.teacher.by_id(rule.ours)
        if mine is None:
            return _rule_reasoner(self.inst, rule.ours)
        key = (self.inst, f"teacher:{mine.path}")
        rs = _ONE_RULE.get(key)
        if rs is None:
            rs = _ONE_RULE[key] = teacher_reasoner(self.inst, mine, self.teacher)
        return rs

    # earned rules

    def derived(self, rule: LegupRule) -> bool:
        """Is the rule derived (sheet 5.x only, or a teacher's), not basic?"""
        from aspuzzle.puzzles.tents.rules import by_name

        if self.teacher.by_id(rule.ours) is not None:
            return True
        info = by_name(rule.ours)
        return info is not None and all(p.strip().startswith("5")
                                        for p in info.sheet.split(","))

    def mark_unearned(self) -> None:
        """Mark the valid transitions by derived rules not yet earned (see check_proof_tree)."""
        used: dict[str, tuple[LegupRule, list[int]]] = {}
        for i, v in enumerate(self.verdicts):
            rule = self._verdict_rule(v)
            if v.valid and rule is not None and self.derived(rule):
                used.setdefault(rule.ours, (rule, []))[1].append(i)
        if not used:
            return
        index = {(v.node, v.transition): i for i, v in enumerate(self.verdicts)}
        closed: dict[str, bool] = {}
        for nid in reversed(self.order):  # children before their parents
            ts = self.proof.nodes[nid].transitions
            ok = bool(ts)
            for t in ts:
                rule = self.find(t)
                j = index.get((nid, t.id))
                if rule is None or j is None or not self.verdicts[j].valid or self.derived(rule):
                    ok = False
                elif rule.kind is not Kind.CONTRADICTION:
                    ok = ok and bool(t.child) and closed.get(t.child, False)
            closed[nid] = ok
        earned_at: dict[str, int] = {}
        for nid in self.order:
            node, board = self.proof.nodes[nid], self.boards[nid]
            rules = [self.find(t) for t in node.transitions]
            if not rules or any(r is None or r.kind is not Kind.CASE or self.derived(r)
                                for r in rules):
                continue
            if any(not self.verdicts[index[(nid, t.id)]].valid for t in node.transitions
                   if (nid, t.id) in index):
                continue
            alive = [t for t in node.transitions if not (t.child and closed.get(t.child))]
            for rid, (rule, _) in used.items():
                if rid in earned_at:
                    continue
                if rule.kind is Kind.CONTRADICTION:
                    if not alive and self.reasoner(rule).applications(board, rid):
                        earned_at[rid] = self.first[nid]
                    continue
                if len(alive) != 1:
                    continue
                sets, links, _ = self._changes(board, alive[0].changes)
                apps = self.reasoner(rule).applications(board, rid)
                if any(set(a.sets) & set(sets) or set(a.links) & set(links) for a in apps):
                    earned_at[rid] = self.first[nid]
        for rid, (rule, at) in used.items():
            for i in at:
                if earned_at.get(rid, len(self.verdicts)) < i:
                    continue
                v = self.verdicts[i]
                self.verdicts[i] = replace(
                    v, valid=False,
                    text=f"{rule.name} is not yet earned: it is a derived rule, and the proof "
                         "has not yet shown one instance of it with the basic rules (a case "
                         "split whose other branches close by contradictions)")

    def _verdict_rule(self, v: Verdict) -> LegupRule | None:
        t = next(t for t in self.proof.nodes[v.node].transitions if t.id == v.transition)
        return self.find(t)

    def _rule_problem(self, t: Transition, rule: LegupRule | None) -> str:
        if not t.rule and not t.rule_id:
            return "the transition names no rule (it is not justified)"
        if rule is None:
            return f"unknown Tree Tent rule '{(t.rule_id or t.rule)[:40]}'"
        if self.allowed is not None and rule.ours not in self.allowed \
                and self.teacher.by_id(rule.ours) is None:
            return f"{rule.name} is not allowed in this exercise"
        return ""

    def single(self, node: Node, board: Board, t: Transition, rule: LegupRule | None
               ) -> list[tuple[str, Board, int]]:
        sets, links, bad = self._changes(board, t.changes)
        after = board.with_(sets, links) if not bad else board
        child = [(t.child, after, self.bid if bad else self.child_id(sets, links))] \
            if t.child else []
        lv = self.legup_single(board, t, sets, bad)
        problem = self._rule_problem(t, rule)
        if problem:
            self.verdict(node, t, False, problem, lv)
            return child
        assert rule is not None
        if bad:
            self.verdict(node, t, False, f"{rule.name}: {bad}", lv)
            return child
        if rule.kind is Kind.CONTRADICTION and (sets or links):
            self.verdict(node, t, False, f"{rule.name} is a contradiction rule: it must "
                                         "not change the board", lv)
            return child
        if rule.kind is not Kind.CONTRADICTION and not sets and not links:
            self.verdict(node, t, False, f"{rule.name}: the transition changes nothing", lv)
            return child
        valid, text = self.judged(("step", rule.id, rule.ours, sets, links),
                                  lambda: self.judge_step(board, rule, sets, links), rule)
        self.verdict(node, t, valid, text, lv)
        if rule.kind is not Kind.CONTRADICTION or not valid:
            return child
        if lv[0] != "green":  # closed for us, not for LEGUP
            self.legup_open.append(f"node {node.id}: LEGUP does not accept the contradiction "
                                   f"that closes the branch")
        if t.child and self.proof.nodes[t.child].transitions:
            self.notes.append(f"node {t.child}: the proof goes on after the contradiction "
                              f"of transition {t.id} (ignored: that branch is closed)")
        return []

    def judged(self, what: tuple[Any, ...], judge: Callable[[], _Judged],
               rule: LegupRule | None = None) -> _Judged:
        """A judgement of the board, made once per process for the same puzzle, board and
        question (a class hands in many proofs of the same few puzzles, which pass through the
        same boards): a pure function of the key, not a stored flag of the file. A teacher's
        rule is judged afresh (its files are the teacher's, not part of the key)."""
        if rule is not None and self.teacher.by_id(rule.ours) is not None:
            return judge()
        key = (self.bid, what)
        found = _JUDGED.get(key)
        if found is None:
            if len(_JUDGED) >= _KEEP_JUDGED:
                _JUDGED.clear()
                _BOARD_IDS.clear()  # ids are never given twice (_NEXT_ID): none goes stale
            found = _JUDGED[key] = judge()
        return found

    def judge_step(self, board: Board, rule: LegupRule, sets: Sets, links: tuple[Link, ...]
                   ) -> _Judged:
        """Is the direct or contradiction step valid, by our rule file and by LEGUP's check?"""
        if rule.kind is Kind.CONTRADICTION:
            apps = self.reasoner(rule).applications(board, rule.ours)
            if not apps:
                return False, f"{rule.name} does not apply: the board does not break that " \
                              "rule here"
            refused = acceptance.contradiction_problem(self.inst, board, rule.id) \
                if rule.legup else ""
            if refused:
                return False, f"{rule.name}: {refused}"
            return True, f"{rule.name}: {apps[0].text}"
        v = check_step(self.reasoner(rule), board, rule.ours, sets, links)
        if not v.valid and self.teacher.by_id(rule.ours) is None:
            # say why with every rule at hand (which rule would have done it)
            v = check_step(self.rs, board, rule.ours, sets, links)
        refused = acceptance.direct_problem(self.inst, board, rule.id, sets, links) \
            if v.valid and rule.legup else ""
        if refused:
            return False, f"{rule.name}: {refused}"
        return v.valid, v.text

    def split(self, node: Node, board: Board, ts: tuple[Transition, ...],
              rules: list[LegupRule | None]) -> list[tuple[str, Board, int]]:
        kids: list[tuple[str, Board, int]] = []
        branches: list[tuple[Sets, tuple[Link, ...]]] = []
        problem = ""
        for t, rule in zip(ts, rules, strict=True):
            sets, links, bad = self._changes(board, t.changes)
            branches.append((sets, links))
            if t.child:
                kids.append((t.child, board if bad else board.with_(sets, links),
                             self.bid if bad else self.child_id(sets, links)))
            problem = problem or self._rule_problem(t, rule) or bad
        first = rules[0]
        if not problem:
            assert first is not None
            if first.kind is not Kind.CASE:
                problem = (f"the node has {len(ts)} transitions: only a case rule may split a "
                           f"proof, and {first.name} is not one")
            elif any(r is not first for r in rules):
                problem = "the branches of one split must all name the same case rule"
            else:
                case_rule = first
                problem = self.judged(
                    ("split", first.id, tuple(branches)),
                    lambda: (False, self.case_problem(board, case_rule, branches) or (
                        acceptance.case_problem(self.inst, board, case_rule.id, branches)
                        if case_rule.legup else "")))[1]
        shown = [self.legup_rule(t) for t in ts]
        lv = next((v for _, v in shown if v[0]), None) or \
            self.legup_split(board, [r for r, _ in shown], branches)
        for t, rule in zip(ts, rules, strict=True):
            name = rule.name if rule else "the split"
            self.verdict(node, t, not problem,
                         f"{name}: {problem}" if problem else
                         f"{name}: the only case there is" if len(ts) == 1 else
                         f"{name}: one of the {len(ts)} cases, which together cover every "
                         "possibility", lv)
        return kids

    # case rules

    def case_problem(self, board: Board, rule: LegupRule,
                     branches: list[tuple[Sets, tuple[Link, ...]]]) -> str:
        given = [(frozenset(s), frozenset(lk)) for s, lk in branches]
        if len(set(given)) != len(given):
            return "two branches are the same case"
        facts = self.rs.board_facts(board)
        if rule.ours == "tent_or_grass":
            cells = {c for s, lk in branches for c, _ in s}
            if len(branches) != 2 or any(lk for _, lk in branches) or len(cells) != 1 or \
                    any(len(s) != 1 for s, _ in branches):
                return "the two cases must set one and the same unknown cell, one a tent " \
                       "and one grass"
            cell, = cells
            if {v for s, _ in branches for _, v in s} != {"tent", "grass"}:
                return f"the cases for {cells_text([cell])} must be a tent and grass"
            return ""
        if rule.ours in ("links_from_tree", "links_from_tent"):
            tree_side = rule.ours == "links_from_tree"
            ends = {(lk[0][0] if tree_side else lk[0][1]) for _, lk in branches if len(lk) == 1}
            if len(ends) != 1 or any(len(lk) != 1 for _, lk in branches):
                return "each case must add one line from the same " + \
                    ("tree" if tree_side else "tent")
            end, = ends
            if tree_side:
                if end not in facts.spots:
                    return f"the tree at {cells_text([end])} is already linked"
                canon = [(frozenset([(x, "tent")] if x not in board.cells else []),
                          frozenset([(end, x)])) for x in facts.spots[end]]
                others: list[Cell] = list(facts.spots[end])
            else:
                if end not in facts.owners:
                    return f"{cells_text([end])} is not an unlinked tent"
                canon = [(frozenset(), frozenset([(t, end)])) for t in facts.owners[end]]
                others = list(facts.owners[end])
            for s, lk in given:
                (_, tent), = lk
                if s - {(tent, "tent")}:
                    return "a case of this rule sets no cell but the tent it links"
            missing = [w for w, c in zip(others, canon, strict=True) if c not in given]
            if missing:
                return (f"the split misses the case{'s' if len(missing) > 1 else ''} "
                        f"{cells_text(missing)}")
            return ""
        if rule.ours == "fill_in_row":
            if any(lk for _, lk in branches):
                return "a Fill In row case sets cells, it draws no line"
            cells = {c for s, _ in branches for c, _ in s}
            rows = {r for r, _ in cells}
            cols = {c for _, c in cells}
            candidates = ([("row", next(iter(rows)))] if len(rows) == 1 else []) + \
                         ([("column", next(iter(cols)))] if len(cols) == 1 else [])
            if not candidates:
                return "the cases of Fill In row must all lie in one row or one column"
            why = ""
            for line in candidates:
                why = self._fill_in_row(board, facts, line, given)
                if not why:
                    return ""
            return why
        return f"{rule.name} is not a case rule"

    def _fill_in_row(self, board: Board, facts: Any, line: tuple[str, int],
                     given: list[tuple[frozenset[tuple[Cell, str]], frozenset[Link]]]) -> str:
        from aspuzzle.puzzles.tents.reasoning import line_cells, placements

        cells = line_cells(self.inst, line)
        clue = (self.inst.row_clues if line[0] == "row" else self.inst.col_clues)[line[1] - 1]
        name = f"{line[0]} {line[1]}"
        if clue is None:
            return f"{name} has no clue"
        need = clue - sum(1 for c in cells if board.cells.get(c) == "tent")
        unknown = [c for c in cells if c in facts.unknown]
        if need < 0:
            return f"{name} already has more tents than its clue"
        ways = placements(facts.room[line], need, MAX_CASES + 1)
        if len(ways) > MAX_CASES:
            return f"{name} has more than {MAX_CASES} cases: too many to check"
        canon = [frozenset([(c, "tent") for c in way] +
                           [(c, "grass") for c in unknown if c not in way]) for way in ways]
        got = {s for s, _ in given}
        for s in got:
            if s not in canon and not _a_way(s, unknown, need):
                return (f"a case must put the {need} missing tent{'s' if need != 1 else ''} "
                        f"of {name} on its unknown cells and grass on the others")
        missing = [c for c in canon if c not in got]
        if missing:
            tents = sorted(c for c, v in missing[0] if v == "tent")
            more = f" (and {len(missing) - 1} more)" if len(missing) > 1 else ""
            return f"the split misses the case with the tents of {name} at " \
                   f"{cells_text(tents) or 'no cell'}{more}"
        return ""


def _a_way(s: frozenset[tuple[Cell, str]], unknown: list[Cell], need: int) -> bool:
    """Is ``s`` a filling of the line's unknown cells with ``need`` tents (a case of the rule
    that touching tents or the line's other rules happen to exclude)?"""
    return {c for c, _ in s} == set(unknown) and sum(v == "tent" for _, v in s) == need
