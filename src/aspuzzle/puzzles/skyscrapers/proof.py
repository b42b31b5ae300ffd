"""A Skyscrapers explanation written as a LEGUP Skyscrapers proof (``explain --to legup``), and
LEGUP Skyscrapers proofs judged (``check-proof``, ``grade``), with what LEGUP itself will show
(:mod:`.legup_rules`).

Writing: the file carries LEGUP's usual ``<flags dupe="true" view="false"/>`` (as every
puzzle LEGUP ships), so Number For Cell's cases are the digits not yet in the cell's row or
column. Every step is checked against LEGUP's own rule first: one it accepts is one transition;
a direct step it refuses (Last Visible Cell or Number where LEGUP's exhaustive line check
disagrees with our bounds) is written as LEGUP's Number For Cell split on each cell it sets,
the other digits explained until they die; a contradiction it refuses (our Unresolved Cell and
Number count what a clue rules out, LEGUP's only what duplicates) is replaced by another
contradiction both accept, or by a split on the emptiest cell whose cases all die. Cell For
Number is never used (LEGUP never validates it: it asks for its digit in a dialog, and looks
for the clue it splits on among the cells).

LEGUP reads a missing clue as 0 buildings seen: on a puzzle with one, Exceeding Visibility
fires once its row or column is full, so LEGUP's Check can never call the proof solved (the
transitions are still green); ``check-proof`` says so.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Sequence
from typing import Any

from aspuzzle.explain.steps import Board, Kind, Step
from aspuzzle.kit.legup_digits import DigitWriter, check_digit_proof, placed_digits
from aspuzzle.kit.legup_proof import DigitJudge, legup_refs, proof_with
from aspuzzle.kit.model import Cell, GridInstance
from aspuzzle.puzzles.skyscrapers import legup
from aspuzzle.puzzles.skyscrapers.legup_rules import (
    CASE,
    CONTRADICTION,
    DIRECT,
    LBoard,
    case_digits,
    complete,
    contradiction,
    direct,
)

__all__ = ["check_proof", "export_proof", "lboard"]

_NOT_EXPORTED = ("cell_for_number", "clue_arrangements")
_KNOWN = {*DIRECT, *CONTRADICTION, *CASE}
_SPLIT = "number_for_cell"


def lboard(inst: GridInstance, board: Board, dupe: bool = True, view: bool = False) -> LBoard:
    """LEGUP's board of a puzzle and our board on it."""
    n = inst.width
    e = [0 if k is None else k for k in inst.edges] or [0] * (4 * n)
    top, bottom, left, right = (tuple(e[i * n:(i + 1) * n]) for i in range(4))
    return LBoard(n, (left, right, top, bottom), placed_digits(inst, board), dupe, view)


def _ref(rule: Any) -> str:
    refs = legup_refs(rule)
    return refs[0][0] if refs else ""


class _Writer(DigitWriter):
    split_id = _SPLIT

    def __init__(self, loaded: Any, rs: Any) -> None:
        super().__init__(loaded, rs)
        self.inst = loaded.instance

    def lb(self, board: Board) -> LBoard:
        return lboard(self.inst, board)

    def split_digits(self, board: Board, cell: Cell) -> list[int]:
        return case_digits(self.lb(board), cell)

    def refused(self, step: Step, board: Board, sets: Sequence[tuple[Any, str]]
                ) -> list[tuple[Any, str]]:
        rid, lb = _ref(self.info[step.rule_id]), self.lb(board)
        return [s for s in sets if direct(rid, lb, s[0][:2], s[0][2])]

    def contradiction(self, node: int, board: Board, step: Step) -> None:
        lb = self.lb(board)
        order = [self.info[step.rule_id]] + [r for r in self.info.values()
                                             if r.kind is Kind.CONTRADICTION]
        for rule in order:
            rid = _ref(rule)
            if rid and contradiction(rid, lb) and (rule.id == step.rule_id or
                                                   self.rs.applications(board, rule.id)):
                self.transition(node, rule.id, (), self.node())
                return
        empty = [cell for cell, (kind, _) in self.inst.positions()
                 if kind != "given" and cell not in lb.digits]
        if not empty:  # pragma: no cover - a full dead board breaks a clue or repeats a digit
            raise RuntimeError("a full board that LEGUP finds no contradiction on")
        cell = min(empty, key=lambda x: (len(case_digits(lb, x)), x))
        self.split_on(node, board, cell, None)


def export_proof(loaded: Any, explanation: Any = None, *, reasoner: Any = None) -> str:
    """A LEGUP Skyscrapers file of the puzzle whose proof tree explains it with the steps LEGUP
    accepts (the explanation and reasoner given are not used: theirs may split on a number)."""
    lines = proof_with(loaded, lambda r: r.id not in _NOT_EXPORTED, _Writer)
    return legup.write_legup(loaded.instance, None, proof=lines)


# --- judging ----------------------------------------------------------------------------------

def check_proof(text: str, *, allowed: Collection[str] | None = None, teacher: Any = None,
                earned: bool = False) -> Any:
    """Judge the proof tree of a LEGUP Skyscrapers file: each transition by our rule of its
    LEGUP id (or name), from the digits of its parent node, and what LEGUP will show for it
    (:mod:`.legup_rules`, with the file's flags). A transition places digits; a split by Number
    For Cell is one empty cell, one case for each digit not yet in its row or column at least;
    by Cell For Number one digit in one row or column, one case for each cell of it where the
    digit can still go at least. InputError for a file that cannot be read."""
    from aspuzzle.puzzles.skyscrapers import PUZZLE

    report, (_, inst, _, flags), nodes, root = check_digit_proof(
        PUZZLE, _Judge, "Skyscrapers", text, legup.read_doc, allowed, teacher, earned)
    if root is None:
        return report
    shown, why = _legup_view(inst, nodes, root, flags)
    missing = next((t for ts in nodes.values() for t in ts
                    if t.rule.strip() and t.rule_id.strip().upper() not in _KNOWN), None)
    if missing is not None:
        return dataclasses.replace(report, legup="cannot open", legup_text=(
            f"LEGUP refuses to load the file: transition {missing.id[:20]} names no "
            f"Skyscrapers rule id LEGUP has ('{missing.rule_id[:30]}')"))
    verdicts = tuple(dataclasses.replace(v, legup=shown[v.transition][0],
                                         legup_text=shown[v.transition][1])
                     if v.transition in shown else v for v in report.verdicts)
    return dataclasses.replace(report, verdicts=verdicts, legup="not solved" if why else "solved",
                               legup_text=why)


def _legup_view(inst: GridInstance, nodes: dict[str, list[Any]], root: str,
                flags: tuple[bool, bool]) -> tuple[dict[str, tuple[str, str]], str]:
    """What LEGUP will show for each transition (id -> word, reason) and why its Check will
    not call the proof solved ("": it will)."""
    shown: dict[str, tuple[str, str]] = {}
    open_: list[str] = []

    def walk(nid: str, b: LBoard) -> None:
        ts = nodes.get(nid, [])
        if not ts:
            why = complete(b)
            if why:
                open_.append(f"the branch ending at node {nid}: {why}")
            return
        ids = [t.rule_id.strip().upper() if t.rule.strip() else "" for t in ts]
        for t, rid in zip(ts, ids, strict=True):
            nb = b
            for (r, c, d), _ in t.sets:
                nb = nb.with_((r, c), d)
            if rid in CONTRADICTION:
                ok = not t.problem and contradiction(rid, nb)
                shown[t.id] = ("green", "") if ok else \
                    ("red", t.problem or f"LEGUP finds no {CONTRADICTION[rid]} on this board")
                if not ok:
                    open_.append(f"transition {t.id}: {CONTRADICTION[rid]} does not hold")
                continue
            if rid in DIRECT:
                why = t.problem
                if not why and len(ts) != 1:
                    why = "a direct rule's node has one child only"
                for (r, c, d), _ in t.sets:
                    why = why or direct(rid, b, (r, c), d)
                shown[t.id] = ("red", f"{DIRECT[rid]}: {why}") if why else ("green", "")
            elif rid in CASE:
                why = t.problem or _case_view(b, ts, ids)
                shown[t.id] = ("red", why) if why else ("green", "")
            else:
                shown[t.id] = ("unjustified", "the transition names no rule")
            if t.child:
                walk(t.child, nb)
            else:  # pragma: no cover - read_tree gives every transition its child
                open_.append(f"transition {t.id} has no child node")

    walk(root, lboard(inst, Board({}), *flags))
    if any(w != "green" for w, _ in shown.values()):
        n = sum(1 for w, _ in shown.values() if w != "green")
        return shown, f"{n} transition{'s' if n > 1 else ''} not green"
    return shown, open_[0] if open_ else ""


def _case_view(b: LBoard, ts: list[Any], ids: list[str]) -> str:
    if any(rid != ids[0] for rid in ids):
        return "all the children of a split must be justified with the same case rule"
    if ids[0] == "SKYS-CASE-0002":
        return "Cell For Number asks for its digit in a dialog whenever LEGUP checks it (a " \
               "headless LEGUP cannot load the file) and looks for its clue among the cells: " \
               "LEGUP never validates it"
    if any(not t.sets for t in ts):
        return "" if len(ts) == 1 else "Invalid use of the case rule Number For Cell"
    cells = {k[:2] for t in ts for k, _ in t.sets}
    digits = [k[2] for t in ts for k, _ in t.sets]
    if len(cells) != 1 or any(len(t.sets) != 1 for t in ts) or len(set(digits)) != len(digits):
        return "Invalid use of the case rule Number For Cell (each case sets one digit of " \
               "one cell)"
    (cell,) = cells
    if cell in b.digits or sorted(digits) != case_digits(b, cell):
        return f"Invalid use of the case rule Number For Cell (LEGUP's cases are " \
               f"{case_digits(b, cell) if cell not in b.digits else 'none'})"
    return ""


class _Judge(DigitJudge):
    cell_split = "number_for_cell"
    digit_split = "cell_for_number"
