"""Tents formats: the plain-text grid and the seed post's ASP facts.

Plain text (``.txt``)::

    # tents 6x6
      1 2 0 2 1 2
    2 . . . T . .
    0 . T . . . T
    3 . . T . T .
    0 . . . T . .
    2 . T . . . .
    1 . . . . T .

The first line holds the column clues, every other line a row clue and then the row's cells.
A clue is a number, or ``?`` / ``-`` for "no clue". Cells: ``T`` tree, ``.`` empty; a player's
board may also mark ``A`` (tent) and ``x`` (grass). Cells may be separated by spaces or not.
Lines starting with ``#`` are comments.
"""

from __future__ import annotations

import re

from aspuzzle.errors import InputError, Location
from aspuzzle.puzzles.tents.model import Cell, TentsInstance, TentsSolution, validate

TREE, EMPTY, TENT, GRASS = "T", ".", "A", "x"
MISSING = ("?", "-")


def _clue(token: str, where: Location) -> int | None:
    if token in MISSING:
        return None
    if not re.fullmatch(r"[0-9]+", token):
        raise InputError(f"clue '{token[:20]}' is not a number, '?' or '-'", where)
    if len(token) > 6:
        raise InputError(f"clue '{token[:20]}' is far too large", where)
    return int(token)


def read_text_marks(text: str) -> tuple[TentsInstance, dict[Cell, str]]:
    """Read the text format: the instance, and any tent/grass marks of a player's board."""
    rows: list[tuple[int, str]] = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if line and not line.startswith("#"):
            rows.append((lineno, raw))
    if not rows:
        raise InputError("empty tents puzzle: no column clue line and no grid")
    lineno, first = rows[0]
    col_clues = tuple(_clue(tok, Location(lineno, first.find(tok) + 1)) for tok in first.split())
    width = len(col_clues)
    if width == 0:
        raise InputError("no column clues", Location(lineno))
    if len(rows) == 1:
        raise InputError("no grid rows after the column clues", Location(lineno))
    trees: set[Cell] = set()
    marks: dict[Cell, str] = {}
    row_clues: list[int | None] = []
    for r, (lineno, raw) in enumerate(rows[1:], 1):
        parts = raw.split(None, 1)
        row_clues.append(_clue(parts[0], Location(lineno, raw.find(parts[0]) + 1)))
        body = parts[1] if len(parts) > 1 else ""
        cells = re.sub(r"\s+", "", body)
        if len(cells) != width:
            raise InputError(f"row {r} has {len(cells)} cells, expected {width} "
                             f"(one per column clue)", Location(lineno))
        for c, ch in enumerate(cells, 1):
            if ch == TREE:
                trees.add((r, c))
            elif ch in (TENT, GRASS):
                marks[(r, c)] = "tent" if ch == TENT else "grass"
            elif ch != EMPTY:
                col = raw.find(body) + 1 + _index_of_nth_nonspace(body, c - 1)
                raise InputError(f"unknown cell '{ch}' (use T, ., A or x)",
                                 Location(lineno, col, cell=(r, c)))
    inst = TentsInstance(len(row_clues), width, frozenset(trees), tuple(row_clues), col_clues)
    validate(inst)
    return inst, marks


def _index_of_nth_nonspace(s: str, n: int) -> int:
    seen = -1
    for i, ch in enumerate(s):
        if not ch.isspace():
            seen += 1
            if seen == n:
                return i
    return len(s)


def read_text(text: str) -> TentsInstance:
    return read_text_marks(text)[0]


def write_text(inst: TentsInstance, sol: TentsSolution | None = None,
               marks: dict[Cell, str] | None = None) -> str:
    def clue(v: int | None) -> str:
        return "?" if v is None else str(v)

    tents = sol.tents if sol else frozenset()
    marks = marks or {}
    w = max([len(clue(v)) for v in inst.row_clues] + [1])
    lines = [f"# tents {inst.height}x{inst.width}",
             " " * w + " " + " ".join(clue(v) for v in inst.col_clues)]
    for r in range(1, inst.height + 1):
        cells = []
        for c in range(1, inst.width + 1):
            if (r, c) in inst.trees:
                cells.append(TREE)
            elif (r, c) in tents or marks.get((r, c)) == "tent":
                cells.append(TENT)
            elif marks.get((r, c)) == "grass":
                cells.append(GRASS)
            else:
                cells.append(EMPTY)
        lines.append(clue(inst.row_clues[r - 1]).rjust(w) + " " + " ".join(cells))
    return "\n".join(lines) + "\n"


def detect_text(text: str) -> bool:
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if lines and re.match(r"#\s*tents\b", lines[0].strip(), re.I):
        return True
    body = [ln for ln in lines if not ln.strip().startswith("#")]
    if len(body) < 2 or not re.fullmatch(r"[\d?\-\s]+", body[0]):
        return False
    # loose on purpose: a row is a clue and then cells, not all digits (that is Hitori); a typo
    # in a cell should reach the reader, which names it, rather than fail detection
    return all(re.fullmatch(r"\s*[\d?\-]+\s+.*[^\d\s].*", ln) for ln in body[1:])


# --- the seed post's ASP facts -------------------------------------------------------------

# tent/2 facts are a solution (as ``solve --to facts`` writes it); reading a puzzle skips them.
_PREDICATES = {"tree": 2, "tent_row": 2, "tent_column": 2, "tent": 2}
_BRIDGES = ("cell(R, C, tree) :- tree(R, C).",)


def read_facts(text: str) -> TentsInstance:
    from aspuzzle.formats.asp_facts import int_arg, parse_facts  # only when used
    ff = parse_facts(text, predicates=_PREDICATES, consts=("width", "height"),
                     bridge_rules=_BRIDGES)
    trees = [(int_arg(f, 0, "row"), int_arg(f, 1, "column"), f) for f in ff.of("tree")]
    rows = [(int_arg(f, 0, "row"), int_arg(f, 1, "count"), f) for f in ff.of("tent_row")]
    cols = [(int_arg(f, 0, "column"), int_arg(f, 1, "count"), f) for f in ff.of("tent_column")]
    if not (trees or rows or cols or ff.consts):
        raise InputError("no tree/2, tent_row/2 or tent_column/2 facts")

    def size(const: str, indexes: list[int]) -> int:
        if const in ff.consts:
            return ff.consts[const][0]
        if not indexes:
            raise InputError(f"cannot tell the grid's {const}: add '#const {const} = N.'")
        return max(indexes)

    height = size("height", [r for r, _, _ in trees] + [r for r, _, _ in rows])
    width = size("width", [c for _, c, _ in trees] + [c for c, _, _ in cols])
    for r, c, f in trees:
        if not (1 <= r <= height and 1 <= c <= width):
            raise InputError(f"tree({r},{c}) is outside the {height}x{width} grid",
                             Location(f.line, f.column, cell=(r, c)))
    row_clues: list[int | None] = [None] * height
    col_clues: list[int | None] = [None] * width
    for what, facts, clues in (("row", rows, row_clues), ("column", cols, col_clues)):
        for i, n, f in facts:
            where = Location(f.line, f.column)
            if not 1 <= i <= len(clues):
                raise InputError(f"tent_{what}({i},{n}): there is no {what} {i} in a "
                                 f"{height}x{width} grid", where)
            if clues[i - 1] is not None and clues[i - 1] != n:
                raise InputError(f"{what} {i} has two different clues", where)
            if not 0 <= n <= (width if what == "row" else height):
                raise InputError(f"tent_{what}({i},{n}): count out of range", where)
            clues[i - 1] = n
    inst = TentsInstance(height, width, frozenset((r, c) for r, c, _ in trees),
                         tuple(row_clues), tuple(col_clues))
    validate(inst)
    return inst


def write_facts(inst: TentsInstance, sol: TentsSolution | None = None) -> str:
    from aspuzzle.formats.asp_facts import format_facts
    facts: list[tuple[str, tuple[int | str, ...]]] = [("tree", t) for t in sorted(inst.trees)]
    facts += [("tent_column", (c, n)) for c, n in enumerate(inst.col_clues, 1) if n is not None]
    facts += [("tent_row", (r, n)) for r, n in enumerate(inst.row_clues, 1) if n is not None]
    if sol is not None:
        facts += [("tent", t) for t in sorted(sol.tents)]
    return format_facts({"width": inst.width, "height": inst.height}, facts,
                        header=f"tents {inst.height}x{inst.width}")


def detect_facts(text: str) -> bool:
    return bool(re.search(r"\b(tree|tent_row|tent_column)\s*\(|#const\s+(width|height)\b", text))
