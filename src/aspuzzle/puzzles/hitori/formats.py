"""Hitori formats: the plain-text grid and the seed post's ASP facts.

Plain text (``.txt``)::

    # hitori 4x4
    1 1 1 4
    1 4 2 3
    3 3 2 1
    4 2 1 3

One line per row, the numbers separated by spaces. A solved grid marks each shaded cell with
a ``#`` right after its number (``1#``); ``solve --to text`` writes it that way. A player's
board may also mark a cell as unshaded (circled) with an ``o`` (or ``+``) right after its
number (``1o``). Blank lines and lines starting with ``#`` are comments.

Seed-post ASP facts (``.lp``): ``written(R, C, N).``, the number N in row R, column C, one fact
per cell, as in "Hitori in ASP". ``blacked(R, C).`` facts are a solution (``solve --to facts``
writes them); a reader skips them. A file that holds the post's whole listing, rules included,
reads too: the post's rules are recognised and skipped.
"""

from __future__ import annotations

import re

from aspuzzle.errors import InputError, Location
from aspuzzle.kit.numbergrid import NumberGrid
from aspuzzle.puzzles.hitori.model import (
    MAX_SIZE,
    MAX_VALUE,
    Cell,
    HitoriInstance,
    HitoriSolution,
    make_instance,
    validate,
)

__all__ = [
    "detect_facts",
    "detect_text",
    "read_facts",
    "read_text",
    "read_text_marks",
    "read_text_shaded",
    "write_facts",
    "write_text",
]

TEXT = NumberGrid("hitori", ("hitori", "singles"),
                  {"#": "shaded", "o": "unshaded", "+": "unshaded"}, "shaded",
                  "a shaded one followed by '#', one marked unshaded by 'o'", MAX_VALUE, MAX_SIZE)
"""The text format (the kit's number grid)."""
_NUM = f"[0-9]{{1,{len(str(MAX_VALUE))}}}"


def read_text_marks(text: str) -> tuple[HitoriInstance, dict[Cell, str]]:
    """Read the text format: the instance, and the cells marked ``"shaded"`` (``5#``) or
    ``"unshaded"`` (``5o`` or ``5+``)."""
    rows, marks = TEXT.read(text)
    inst = make_instance(rows)
    validate(inst)
    return inst, marks


def read_text_shaded(text: str) -> tuple[HitoriInstance, frozenset[Cell]]:
    """Read the text format: the instance, and the cells marked shaded (``5#``)."""
    inst, marks = read_text_marks(text)
    return inst, frozenset(c for c, v in marks.items() if v == "shaded")


def read_text(text: str) -> HitoriInstance:
    return read_text_shaded(text)[0]


def write_text(inst: HitoriInstance, sol: HitoriSolution | None = None) -> str:
    shaded = sol.shaded if sol is not None else frozenset()
    return TEXT.write(inst.grid, dict.fromkeys(shaded, "shaded"), pad=bool(shaded))


detect_text = TEXT.detect


# --- the seed post's ASP facts -------------------------------------------------------------

# blacked/2 facts are a solution (as ``solve --to facts`` writes it); reading skips them.
_PREDICATES = {"written": 3, "blacked": 2}

# The post's encoding, recognised (whitespace aside) when a user pastes its whole listing.
_POST_RULES = (
    "1 { blacked(X, Y1); blacked(X, Y2) } 2 :- written(X, Y1, N), written(X, Y2, N), Y1 < Y2.",
    "1 { blacked(X1, Y); blacked(X2, Y) } 2 :- written(X1, Y, N), written(X2, Y, N), X1 < X2.",
    ":- blacked(X, Y), blacked(X + 1, Y).",
    ":- blacked(X, Y), blacked(X, Y + 1).",
    "reachable(X, Y) :- start(X, Y).",
    "reachable(X + 1, Y) :- reachable(X, Y), written(X + 1, Y, _), not blacked(X + 1, Y).",
    "reachable(X, Y + 1) :- reachable(X, Y), written(X, Y + 1, _), not blacked(X, Y + 1).",
    "reachable(X - 1, Y) :- reachable(X, Y), written(X - 1, Y, _), not blacked(X - 1, Y).",
    "reachable(X, Y - 1) :- reachable(X, Y), written(X, Y - 1, _), not blacked(X, Y - 1).",
    ":- written(X, Y, _), not blacked(X, Y), not reachable(X, Y).",
)
# The post's one rule without ':-', which the fact reader would take for a bad fact.
_POST_START = re.compile(
    r"\{\s*start\s*\(\s*X\s*,\s*Y\s*\)\s*:\s*written\s*\(\s*X\s*,\s*Y\s*,\s*_\s*\)\s*,"
    r"\s*not\s+blacked\s*\(\s*X\s*,\s*Y\s*\)\s*\}\s*=\s*1\s*\.")


def _blank(m: re.Match[str]) -> str:
    """Spaces in place of a match, newlines kept, so that later line numbers stay right."""
    return re.sub(r"[^\n]", " ", m.group())


# The common case, a file of written/3 facts and comments only, read without the general
# fact reader (which is slow for big grids); anything else goes the general way, which also
# gives the precise error messages.
_PLAIN_FACT = rf"written\(\s*({_NUM})\s*,\s*({_NUM})\s*,\s*({_NUM})\s*\)\s*\."
_PLAIN_COMMENT = r"%(?!\*)[^\n]*+"
# possessive: a text that does not match must fail at once, not after trying every way of
# splitting its spaces and comments
_PLAIN_FILE = re.compile(rf"(?:\s|{_PLAIN_COMMENT}|{_PLAIN_FACT})*+")
_PLAIN_FACTS = re.compile(_PLAIN_FACT)


def _plain_grid(text: str) -> HitoriInstance | None:
    """The instance of a plain, complete and consistent list of facts; None otherwise."""
    if not _PLAIN_FILE.fullmatch(text):
        return None
    body = re.sub(_PLAIN_COMMENT, "", text) if "%" in text else text
    values: dict[Cell, int] = {}
    for r, c, n in _PLAIN_FACTS.findall(body):
        if values.setdefault((int(r), int(c)), int(n)) != int(n):
            return None
    if not values:
        return None
    height = max(r for r, _ in values)
    width = max(c for _, c in values)
    if (height * width != len(values) or min(min(cell) for cell in values) < 1
            or height > MAX_SIZE or width > MAX_SIZE or min(values.values()) < 1):
        return None
    return make_instance([[values[(r, c)] for c in range(1, width + 1)]
                          for r in range(1, height + 1)])


def read_facts(text: str) -> HitoriInstance:
    from aspuzzle.formats.asp_facts import int_arg, parse_facts  # only when used
    fast = _plain_grid(text)
    if fast is not None:
        validate(fast)
        return fast
    ff = parse_facts(_POST_START.sub(_blank, text), predicates=_PREDICATES,
                     bridge_rules=_POST_RULES)
    written = ff.of("written")
    if not written:
        raise InputError("no written/3 facts (written(R, C, N): the number N in row R, "
                         "column C)")
    values: dict[Cell, int] = {}
    for f in written:
        r, c, n = (int_arg(f, 0, "row"), int_arg(f, 1, "column"), int_arg(f, 2, "number"))
        where = Location(f.line, f.column, cell=(r, c) if r >= 1 and c >= 1 else None)
        if r < 1 or c < 1:
            raise InputError(f"written({r}, {c}, {n}): rows and columns are numbered from 1",
                             where)
        if r > MAX_SIZE or c > MAX_SIZE:
            raise InputError(f"written({r}, {c}, {n}): the grid would be too large "
                             f"(at most {MAX_SIZE} rows and columns)", where)
        if not 1 <= n <= MAX_VALUE:
            raise InputError(f"written({r}, {c}, {n}): number {n} is out of range "
                             f"1..{MAX_VALUE}", where)
        if (r, c) in values and values[(r, c)] != n:
            raise InputError(f"two numbers for one cell: written({r}, {c}, {values[(r, c)]}) "
                             f"and written({r}, {c}, {n})", where)
        values[(r, c)] = n
    height = max(r for r, _ in values)
    width = max(c for _, c in values)
    missing = [(r, c) for r in range(1, height + 1) for c in range(1, width + 1)
               if (r, c) not in values]
    if missing:
        r, c = missing[0]
        more = f" (and {len(missing) - 1} more)" if len(missing) > 1 else ""
        raise InputError(f"no number for this cell of the {height}x{width} grid: "
                         f"written({r}, {c}, N) is missing{more}", Location(cell=(r, c)))
    for f in ff.of("blacked"):
        r, c = int_arg(f, 0, "row"), int_arg(f, 1, "column")
        if not (1 <= r <= height and 1 <= c <= width):
            raise InputError(f"blacked({r}, {c}) is outside the {height}x{width} grid",
                             Location(f.line, f.column))
    inst = make_instance([[values[(r, c)] for c in range(1, width + 1)]
                          for r in range(1, height + 1)])
    validate(inst)
    return inst


def write_facts(inst: HitoriInstance, sol: HitoriSolution | None = None) -> str:
    """Facts in the post's layout: one row of the grid per line."""
    lines = [f"% hitori {inst.height}x{inst.width}: written(Row, Column, Number)"]
    for r, row in enumerate(inst.grid, 1):
        lines.append(" ".join(f"written({r}, {c}, {v})." for c, v in enumerate(row, 1)))
    if sol is not None:
        lines.append("% the solution: the shaded cells")
        lines += [f"blacked({r}, {c})." for r, c in sorted(sol.shaded)]
    return "\n".join(lines) + "\n"


def detect_facts(text: str) -> bool:
    return bool(re.search(r"\bwritten\s*\(", text))
