"""LEGUP's own Skyscrapers rule checks, restated (read from Bram-Hub/LEGUP 448413841d,
``puzzle/skyscrapers/rules``), so that ``check-proof`` can say what LEGUP will show and
``explain --to legup`` writes only what LEGUP accepts.

LEGUP's board holds digits (0: unknown); a clue 0 is "no clue". Its quirks, all kept here:

- a missing clue is read as 0 seen: Exceeding Visibility fires on every full row or column
  that lacks a clue at either end, and Preemptive Visibility (every way to finish the line
  fails) on every line that lacks one, even on an empty board. So a puzzle with a missing
  clue is never "solved" by LEGUP's Check, and its visibility rules never apply to it;
- Preemptive Visibility finishes a line by every permutation of its missing digits, ignoring
  the crossing lines, and checks the cell's crossing line too where that is full;
- the ``<flags dupe view>`` of the file decide Number For Cell's cases (dupe: only digits not
  already in the cell's row or column; view: only digits Preemptive Visibility allows) and
  with them Unresolved Cell and Unresolved Number (with both flags off they never fire);
- Cell For Number asks for its digit in a dialog and looks for the clue it splits on among
  the board's cells: it never validates a transition.

Cells are 1-based (row, column); ``clues`` are (west, east, north, south) lists, index 0 for
row or column 1.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

__all__ = ["LBoard", "case_digits", "complete", "contradiction", "direct"]

Cell = tuple[int, int]


@dataclass
class LBoard:
    n: int
    clues: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    digits: dict[Cell, int] = field(default_factory=dict)
    dupe: bool = True
    view: bool = False

    def with_(self, cell: Cell, d: int) -> LBoard:
        out = dict(self.digits)
        out[cell] = d
        return LBoard(self.n, self.clues, out, self.dupe, self.view)

    def row(self, r: int) -> list[int]:
        return [self.digits.get((r, c), 0) for c in range(1, self.n + 1)]

    def col(self, c: int) -> list[int]:
        return [self.digits.get((r, c), 0) for r in range(1, self.n + 1)]


def _seen(line: list[int] | tuple[int, ...]) -> int:
    top, count = 0, 0
    for d in line:
        if d > top:
            top, count = d, count + 1
    return count


def _full_fails(line: list[int] | tuple[int, ...], a: int, b: int, n: int) -> tuple[bool, bool]:
    """(too many seen, too few seen) of a line, if it is full (LEGUP: clue 0 is 0 seen)."""
    if sum(1 for d in line if d) != n:
        return False, False
    front, back = _seen(line), _seen(list(reversed(line)))
    return front > a or back > b, front < a or back < b


def _at_fails(b: LBoard, cell: Cell) -> tuple[bool, bool]:
    """Exceeding / Insufficient Visibility at a cell: its row or column, where full."""
    r, c = cell
    w, e, no, so = b.clues
    m1, f1 = _full_fails(b.row(r), w[r - 1], e[r - 1], b.n)
    m2, f2 = _full_fails(b.col(c), no[c - 1], so[c - 1], b.n)
    return m1 or m2, f1 or f2


@lru_cache(maxsize=200_000)
def _line_can(line: tuple[int, ...], a: int, b: int, k: int, cross: tuple[int, ...],
              ca: int, cb: int) -> bool:
    """Is there a way to fill the line's zeros with its missing digits (one each) that passes
    both its clues, and the crossing line through position ``k`` where that is full once the
    line is (``cross`` has 0 at the crossing)?"""
    n = len(line)
    if len(set(d for d in line if d)) != sum(1 for d in line if d):
        return False  # a digit twice: some digit has no cell left, no way to finish
    missing = sorted(set(range(1, n + 1)) - set(line))
    holes = [i for i, d in enumerate(line) if not d]
    cross_full = sum(1 for d in cross if d) == n - 1
    cur = list(line)

    def ok() -> bool:
        many, few = _full_fails(cur, a, b, n)
        if many or few:
            return False
        if cross_full:
            x = list(cross)
            x[x.index(0)] = cur[k]
            many, few = _full_fails(x, ca, cb, n)
            return not (many or few)
        return True

    def go(i: int, left: list[int]) -> bool:
        if i == len(holes):
            return ok()
        # prune on the front count: what is seen so far, and at most one more per taller digit
        pos = holes[i]
        top, seen = 0, 0
        for d in cur[:pos]:
            if d > top:
                top, seen = d, seen + 1
        if seen > a or seen + (n - pos) < a:
            return False
        for j, d in enumerate(left):
            cur[pos] = d
            if go(i + 1, left[:j] + left[j + 1:]):
                cur[pos] = 0
                return True
        cur[pos] = 0
        return False

    if not holes:
        return ok()
    return go(0, missing)


def _preemptive_at(b: LBoard, cell: Cell) -> bool:
    """LEGUP's Preemptive Visibility at a cell: every way to finish its row fails, or every way
    to finish its column."""
    r, c = cell
    w, e, no, so = b.clues
    row, col = b.row(r), b.col(c)
    xcol = list(col)
    xcol[r - 1] = 0
    xrow = list(row)
    xrow[c - 1] = 0
    row_ok = _line_can(tuple(row), w[r - 1], e[r - 1], c - 1, tuple(xcol), no[c - 1],
                       so[c - 1])
    col_ok = _line_can(tuple(col), no[c - 1], so[c - 1], r - 1, tuple(xrow), w[r - 1],
                       e[r - 1])
    return not row_ok or not col_ok


def _dup_at(b: LBoard, cell: Cell) -> bool:
    r, c = cell
    d = b.digits.get(cell, 0)
    if not d:
        return False
    return any(b.digits.get((r, k), 0) == d for k in range(1, b.n + 1) if k != c) or \
        any(b.digits.get((k, c), 0) == d for k in range(1, b.n + 1) if k != r)


def case_digits(b: LBoard, cell: Cell, dupe: bool | None = None,
                view: bool | None = None) -> list[int]:
    """Number For Cell's cases at a cell: the digits the board's flags let it take."""
    dupe = b.dupe if dupe is None else dupe
    view = b.view if view is None else view
    out = []
    for d in range(1, b.n + 1):
        t = b.with_(cell, d)
        if dupe and _dup_at(t, cell):
            continue
        if view and _preemptive_at(t, cell):
            continue
        out.append(d)
    return out


def _line_cells(b: LBoard, cell: Cell, row: bool) -> list[Cell]:
    r, c = cell
    return [(r, k) for k in range(1, b.n + 1)] if row else [(k, c) for k in range(1, b.n + 1)]


def _cells_for(b: LBoard, cell: Cell, d: int, row: bool, dupe: bool, view: bool) -> list[Cell]:
    """Cell For Number's cases: the unknown cells of the line where ``d`` may go."""
    out = []
    for x in _line_cells(b, cell, row):
        if b.digits.get(x, 0):
            continue
        t = b.with_(x, d)
        if dupe and _dup_at(t, x):
            continue
        if view and _preemptive_at(t, x):
            continue
        out.append(x)
    return out


DIRECT = {"SKYS-BASC-0001": "Last Visible Cell", "SKYS-BASC-0002": "Last Cell for Number",
          "SKYS-BASC-0003": "Last Number for Cell", "SKYS-BASC-0004": "N Edge",
          "SKYS-BASC-0005": "Last Visible Number"}
CONTRADICTION = {"SKYS-CONT-0001": "Duplicate Number", "SKYS-CONT-0002": "Exceeding Visibility",
                 "SKYS-CONT-0003": "Insufficient Visibility", "SKYS-CONT-0004": "Unresolved Cell",
                 "SKYS-CONT-0005": "Unresolved Number", "SKYS-CONT-0006": "Preemptive Visibility"}
CASE = {"SKYS-CASE-0001": "Number For Cell", "SKYS-CASE-0002": "Cell For Number"}


def direct(rule_id: str, b: LBoard, cell: Cell, d: int) -> str:
    """Why LEGUP's direct rule refuses setting ``cell`` to ``d`` on board ``b`` ("" : it
    accepts)."""
    if b.digits.get(cell, 0):
        return "the cell is not empty"
    r, c = cell
    if rule_id in ("SKYS-BASC-0003", "SKYS-BASC-0005"):
        view = rule_id == "SKYS-BASC-0005"
        ds = case_digits(b, cell, dupe=not view, view=view)
        if ds == [d]:
            return ""
        if len(ds) == 1:
            return f"the cell is forced to {ds[0]}, not {d}"
        return "this cell is not forced" + (" (a line without a clue: LEGUP reads it as 0 "
                                            "seen)" if view and 0 in _clues_of(b, cell) else "")
    if rule_id in ("SKYS-BASC-0001", "SKYS-BASC-0002"):
        view = rule_id == "SKYS-BASC-0001"
        for row in (True, False):
            if _cells_for(b, cell, d, row, not view, view) == [cell]:
                return ""
        return f"{d} has other cells (or none) in this row and this column" + \
            (" (a line without a clue: LEGUP reads it as 0 seen)"
             if view and 0 in _clues_of(b, cell) else "")
    if rule_id == "SKYS-BASC-0004":
        w, e, no, so = b.clues
        n = b.n
        if (w[r - 1] == n and d == c) or (e[r - 1] == n and d == n + 1 - c) or \
                (no[c - 1] == n and d == r) or (so[c - 1] == n and d == n + 1 - r):
            return ""
        return "this cell is not forced"
    return "not a Skyscrapers direct rule"


def _clues_of(b: LBoard, cell: Cell) -> tuple[int, int, int, int]:
    r, c = cell
    w, e, no, so = b.clues
    return w[r - 1], e[r - 1], no[c - 1], so[c - 1]


def contradiction(rule_id: str, b: LBoard) -> bool:
    """Does LEGUP's contradiction rule fire on the board?"""
    n = b.n
    diag = [(i, i) for i in range(1, n + 1)]
    cells = [(r, c) for r in range(1, n + 1) for c in range(1, n + 1)]
    if rule_id == "SKYS-CONT-0001":
        return any(_dup_at(b, x) for x in cells)
    if rule_id == "SKYS-CONT-0002":
        return any(_at_fails(b, x)[0] for x in diag)
    if rule_id == "SKYS-CONT-0003":
        return any(_at_fails(b, x)[1] for x in diag)
    if rule_id == "SKYS-CONT-0004":
        return any(not case_digits(b, x) for x in cells)
    if rule_id == "SKYS-CONT-0005":
        for x in diag:
            for row, line in ((True, b.row(x[0])), (False, b.col(x[1]))):
                for d in range(1, n + 1):
                    if d not in line and not _cells_for(b, x, d, row, b.dupe, b.view):
                        return True
        return False
    if rule_id == "SKYS-CONT-0006":
        return any(_preemptive_at(b, x) for x in diag)
    return False


def complete(b: LBoard) -> str:
    """Why LEGUP's Check will not call this board solved ("": it will)."""
    for rid, name in CONTRADICTION.items():
        if contradiction(rid, b):
            return f"{name} fires on the final board" + \
                (" (LEGUP reads a missing clue as 0 seen)" if any(
                    0 in side for side in b.clues) else "")
    if len(b.digits) < b.n * b.n or not all(b.digits.values()):
        return "the final board has empty cells"
    return ""
