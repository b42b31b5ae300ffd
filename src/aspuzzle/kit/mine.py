"""``aspuzzle rules mine --type T``: mining local rules, for any type that says what a pattern
of its boards is made of (a :class:`Language`, the type's ``Reasoning.mine`` hook).

A **pattern** is a frame of ``height x width`` cells (the smallest rectangle around the cells
it says something about), each cell either ``?`` (any: the cell exists, nothing more is said)
or one of the type's marks (Tents: tree, free, tent, grass, unknown); the sides of the frame
that are the grid's edge; and labels on the lines (rows and columns) through the frame, where
the type has line counts. A board *contains* the pattern where, placed somewhere on the grid,
every cell and label of it holds (and every edge is the grid's).

The miner enumerates the patterns of a window (every frame that fits in it, every choice of
marks, edges and labels up to a size), one representative per rotation and reflection, and
asks the type's :class:`Checker` (one grounded clingo program per frame size, one solve with
assumptions per pattern) what the pattern forces: which of its unknown cells have the same
value in every solution of every board that contains it, or that no such board has a solution
at all (a contradiction). The checker answers for *every* board, not only small ones: how it
can is the type's to argue (for Tents: :mod:`aspuzzle.puzzles.tents.mine`).

A conclusion is kept when it is **minimal**: no immediate generalisation of the pattern (a cell
raised to a more general mark, e.g. tent to free to any, an edge dropped, a label weakened or
dropped) forces it too, nor is a contradiction (the forced conclusions can only grow as a pattern
gets more specific, so the immediate ones are enough), and the pattern is not one of the basic
contradiction rules themselves (the type's :meth:`Language.basic`). Cells and labels that do not
matter are thereby left out of every kept pattern.
"""

from __future__ import annotations

import itertools
import json
import re
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from aspuzzle.errors import UsageError

__all__ = ["ANY", "Checker", "Found", "Language", "MineStats", "Pattern", "case_splits", "mine",
           "orientations", "out_folder", "parse_window", "read_corpus", "rules_used"]

ANY = "?"
Conclusion = tuple[int, int, str]
"""(row, column) in the frame, 0-based, and the value the cell takes."""
Label = tuple[str, int, str, int]
"""("row" | "col", index in the frame, "lo" | "hi", K)."""


@dataclass(frozen=True, order=True)
class Pattern:
    height: int
    width: int
    cells: tuple[tuple[int, int, str], ...]
    """The cells that are not ``?``: (row, column, mark), 0-based in the frame, sorted."""
    edges: str = ""
    """The sides that are the grid's edge, of "nesw", in that order."""
    lines: tuple[Label, ...] = ()

    def value(self, i: int, j: int) -> str:
        for a, b, v in self.cells:
            if (a, b) == (i, j):
                return v
        return ANY

    def size(self) -> int:
        return len(self.cells) + len(self.edges) + len(self.lines)

    def with_cell(self, i: int, j: int, v: str) -> Pattern:
        cells = [c for c in self.cells if (c[0], c[1]) != (i, j)]
        if v != ANY:
            cells.append((i, j, v))
        return Pattern(self.height, self.width, tuple(sorted(cells)), self.edges, self.lines)

    def key(self) -> str:
        """A short text of the pattern (stable: for names and tests)."""
        rows = ["".join(self.value(i, j) for j in range(self.width))
                for i in range(self.height)]
        out = "/".join(rows)
        if self.edges:
            out += f" edge:{self.edges}"
        for d, i, k, n in self.lines:
            out += f" {d}{i + 1}:{k}{n}"
        return out


_SIDES = "nesw"


def _rot(p: Pattern, concl: tuple[Conclusion, ...]) -> tuple[Pattern, tuple[Conclusion, ...]]:
    """A quarter turn clockwise: (i, j) -> (j, h - 1 - i)."""
    h = p.height
    cells = tuple(sorted((j, h - 1 - i, v) for i, j, v in p.cells))
    edges = "".join(s for s in _SIDES if _SIDES[(_SIDES.index(s) - 1) % 4] in p.edges)
    lines = tuple(sorted((("col", h - 1 - i, k, n) if d == "row" else ("row", i, k, n))
                         for d, i, k, n in p.lines))
    return (Pattern(p.width, h, cells, edges, lines),
            tuple(sorted((j, h - 1 - i, v) for i, j, v in concl)))


def _flip(p: Pattern, concl: tuple[Conclusion, ...]) -> tuple[Pattern, tuple[Conclusion, ...]]:
    """A mirror left to right: (i, j) -> (i, w - 1 - j)."""
    w = p.width
    cells = tuple(sorted((i, w - 1 - j, v) for i, j, v in p.cells))
    swap = {"e": "w", "w": "e"}
    edges = "".join(s for s in _SIDES if swap.get(s, s) in p.edges)
    lines = tuple(sorted(((d, w - 1 - i, k, n) if d == "col" else (d, i, k, n))
                         for d, i, k, n in p.lines))
    return (Pattern(p.height, w, cells, edges, lines),
            tuple(sorted((i, w - 1 - j, v) for i, j, v in concl)))


def orientations(p: Pattern, concl: tuple[Conclusion, ...] = ()
                 ) -> list[tuple[Pattern, tuple[Conclusion, ...]]]:
    """The pattern (and conclusions) turned and mirrored: its 8 images, duplicates removed."""
    out: list[tuple[Pattern, tuple[Conclusion, ...]]] = []
    q = (p, concl)
    for _ in range(4):
        for x in (q, _flip(*q)):
            if x not in out:
                out.append(x)
        q = _rot(*q)
    return out


def canonical(p: Pattern) -> Pattern:
    """The least of the pattern's images (the one the miner looks at)."""
    best: tuple[object, ...] | None = None
    h, w = p.height, p.width
    for rot in range(4):
        for flip in (False, True):
            a, b = (h, w) if rot % 2 == 0 else (w, h)
            cells = tuple(sorted((*_turn(i, j, h, w, rot, flip), v) for i, j, v in p.cells))
            key = (a, b, cells)
            if best is not None and key > best[:3]:
                continue
            edges = "".join(sorted({_turn_side(s, rot, flip) for s in p.edges},
                                   key=_SIDES.index))
            lines = tuple(sorted((*_turn_line(d, i, h, w, rot, flip), k, m)
                                 for d, i, k, m in p.lines))
            cand = (a, b, cells, edges, lines)
            if best is None or cand < best:
                best = cand
    assert best is not None
    return Pattern(*best)  # type: ignore[arg-type]


def _turn(i: int, j: int, h: int, w: int, rot: int, flip: bool) -> tuple[int, int]:
    """(i, j) mirrored left to right first (if flip), then turned clockwise rot times."""
    if flip:
        j = w - 1 - j
    for _ in range(rot):
        i, j, h, w = j, h - 1 - i, w, h
    return i, j


def _turn_side(s: str, rot: int, flip: bool) -> str:
    if flip:
        s = {"e": "w", "w": "e"}.get(s, s)
    return _SIDES[(_SIDES.index(s) + rot) % 4]


def _turn_line(d: str, i: int, h: int, w: int, rot: int, flip: bool) -> tuple[str, int]:
    if flip and d == "col":
        i = w - 1 - i
    for _ in range(rot):
        d, i, h, w = ("col", h - 1 - i, w, h) if d == "row" else ("row", i, w, h)
    return d, i


class Checker(Protocol):
    def conclusions(self, p: Pattern) -> frozenset[Conclusion] | None:
        """What the pattern forces on its unknown cells; None: a contradiction."""
        ...


class Language(Protocol):
    """What a type's patterns are made of."""

    marks: tuple[str, ...]
    """The marks a pattern cell may have (not ``?``)."""
    parent: Mapping[str, str]
    """Each mark's immediate generalisation (``?`` at the top)."""
    target: str
    """The mark of a cell a conclusion sets (Tents: unknown)."""

    def labels(self, length: int) -> tuple[tuple[str, int], ...]:
        """The labels a line of the frame with ``length`` cells may have (none: no counts)."""
        ...

    def checker(self, height: int, width: int) -> Checker:
        ...

    def basic(self, p: Pattern) -> str | None:
        """The basic contradiction rule the (contradiction) pattern is an instance of, if any:
        such a pattern is the basic rule, not a mined one."""
        ...


@dataclass(frozen=True)
class Found:
    pattern: Pattern
    conclusions: tuple[Conclusion, ...]
    """Its minimal conclusions (empty: the pattern is a contradiction)."""

    @property
    def contradiction(self) -> bool:
        return not self.conclusions


@dataclass
class MineStats:
    patterns: int = 0
    """Patterns looked at (one per rotation and reflection)."""
    solves: int = 0
    seconds: float = 0.0
    by_size: dict[int, int] = field(default_factory=dict)


def parse_window(text: str) -> tuple[int, int]:
    """``"3x3"`` -> (3, 3); UsageError otherwise."""
    m = re.fullmatch(r"\s*([1-9])\s*[xX]\s*([1-9])\s*", text)
    if not m or int(m[1]) > 4 or int(m[2]) > 4:
        raise UsageError(f"--window: '{text[:20]}' is not a window such as 3x3 "
                         "(rows x columns, each 1 to 4)")
    return int(m[1]), int(m[2])


def _edge_sets() -> list[str]:
    """No edge, one side, or two sides that meet at a corner."""
    return ["", "n", "e", "s", "w", "ne", "es", "sw", "nw"]


def _candidates(lang: Language, window: tuple[int, int], max_cells: int, max_size: int,
                line_cells: int) -> Iterator[Pattern]:
    """Every pattern of the window (frames that fit, cells on each side of the frame), smallest
    first, one per rotation and reflection."""
    seen: set[Pattern] = set()
    frames = sorted({(a, b) for a in range(1, window[0] + 1) for b in range(1, window[1] + 1)},
                    key=lambda f: (f[0] * f[1], f))
    for size in range(1, max_size + 1):
        for a, b in frames:
            places = [(i, j) for i in range(a) for j in range(b)]
            for k in range(1, min(max_cells, size, len(places)) + 1):
                extra = size - k
                for chosen in itertools.combinations(places, k):
                    if not ({i for i, _ in chosen} >= {0, a - 1}
                            and {j for _, j in chosen} >= {0, b - 1}):
                        continue
                    for marks in itertools.product(lang.marks, repeat=k):
                        cells = tuple(sorted((i, j, v) for (i, j), v in zip(chosen, marks,
                                                                             strict=True)))
                        for edges, lines in _extras(lang, a, b, extra, k <= line_cells):
                            p = canonical(Pattern(a, b, cells, edges, lines))
                            if p not in seen:
                                seen.add(p)
                                yield p


def _extras(lang: Language, a: int, b: int, n: int,
            lines_ok: bool) -> Iterator[tuple[str, tuple[Label, ...]]]:
    """Edges and line labels adding up to n (at most one label, and not with an edge)."""
    for edges in _edge_sets():
        rest = n - len(edges)
        if rest == 0:
            yield edges, ()
        elif rest == 1 and lines_ok and not edges:
            for d, count, length in (("row", a, b), ("col", b, a)):
                for i in range(count):
                    for k, m in lang.labels(length):
                        yield edges, ((d, i, k, m),)


def _generalisations(lang: Language, p: Pattern, keep: tuple[int, int] | None
                     ) -> Iterator[Pattern]:
    """Each immediate generalisation of p in its own frame (the cell ``keep`` left as it is)."""
    for i, j, v in p.cells:
        if (i, j) != keep:
            yield p.with_cell(i, j, lang.parent[v])
    for s in p.edges:
        yield Pattern(p.height, p.width, p.cells, p.edges.replace(s, ""), p.lines)
    for x, (d, i, k, m) in enumerate(p.lines):
        rest = p.lines[:x] + p.lines[x + 1:]
        yield Pattern(p.height, p.width, p.cells, p.edges, rest)
        length = p.width if d == "row" else p.height
        weaker = (k, m - 1) if k == "lo" else (k, m + 1)
        if (k == "lo" and m - 1 >= 1) or (k == "hi" and m + 1 < length):
            yield Pattern(p.height, p.width, p.cells, p.edges,
                          tuple(sorted((*rest, (d, i, *weaker)))))


class _Results:
    """What each pattern forces, solved once (one checker per frame size)."""

    def __init__(self, lang: Language, stats: MineStats) -> None:
        self.lang, self.stats = lang, stats
        self.checkers: dict[tuple[int, int], Checker] = {}
        self.cache: dict[Pattern, frozenset[Conclusion] | None] = {}

    def __call__(self, p: Pattern) -> frozenset[Conclusion] | None:
        if p not in self.cache:
            frame = (p.height, p.width)
            if frame not in self.checkers:
                self.checkers[frame] = self.lang.checker(*frame)
            self.stats.solves += 1
            self.cache[p] = self.checkers[frame].conclusions(p)
        return self.cache[p]


def _minimal(lang: Language, p: Pattern, result: Callable[[Pattern], frozenset[Conclusion] | None]
             ) -> Found | None:
    here = result(p)
    if here is None:
        if lang.basic(p) is None and all(result(g) is not None
                                         for g in _generalisations(lang, p, None)):
            return Found(p, ())
        return None
    keep = []
    for i, j, v in sorted(here):
        if p.value(i, j) != lang.target:
            continue
        gens = [result(g) for g in _generalisations(lang, p, (i, j))]
        if all(g is not None and (i, j, v) not in g for g in gens):
            keep.append((i, j, v))
    return Found(p, tuple(keep)) if keep else None


def minimal(lang: Language, p: Pattern) -> Found | None:
    """The pattern's minimal conclusions (or it, a minimal contradiction); None: it has none."""
    return _minimal(lang, p, _Results(lang, MineStats()))


def mine(lang: Language, window: tuple[int, int], *, max_cells: int = 5, max_size: int = 5,
         line_cells: int = 3, progress: Callable[[str], None] | None = None,
         stats: MineStats | None = None) -> list[Found]:
    """The minimal patterns of the window (see the module's docstring), smallest first."""
    stats = stats if stats is not None else MineStats()
    start = time.perf_counter()
    result = _Results(lang, stats)
    found: list[Found] = []
    for p in _candidates(lang, window, max_cells, max_size, line_cells):
        stats.patterns += 1
        f = _minimal(lang, p, result)
        if f is not None:
            found.append(f)
            stats.by_size[p.size()] = stats.by_size.get(p.size(), 0) + 1
            if progress is not None:
                progress(f"{p.key()} -> {list(f.conclusions) or 'contradiction'}")
    stats.seconds = time.perf_counter() - start
    return found


# --- what a type's ``rules mine`` command needs around the search -------------------------------

def read_corpus(paths: list[str], type: str) -> list[tuple[str, str]]:
    """(where, puzzle text) of every puzzle of the type in the JSON-lines files (a line with
    "game" or "type" other than the type is skipped; the puzzle is its "id" or "url"; a puzzle
    met again is left out)."""
    out = []
    seen: set[str] = set()
    for path in paths:
        try:
            text = Path(path).read_text()
        except (OSError, UnicodeDecodeError) as e:
            raise UsageError(f"--corpus: {path}: cannot read it ({e.__class__.__name__})") \
                from None
        for n, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                d = json.loads(line)
            except json.JSONDecodeError:
                raise UsageError(f"--corpus: {path}, line {n}: not a JSON object") from None
            if not isinstance(d, dict) or d.get("game", d.get("type", type)) != type:
                continue
            puzzle = d.get("id") or d.get("url")
            if isinstance(puzzle, str) and puzzle not in seen:
                seen.add(puzzle)
                out.append((f"{path}:{n}", puzzle))
    return out


def out_folder(out: str) -> Path:
    """The ``--out`` folder, made if need be (UsageError if it cannot be)."""
    folder = Path(out)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise UsageError(f"--out: {out}: cannot make the folder ({e.__class__.__name__})") \
            from None
    return folder


def rules_used(steps: list[dict[str, Any]]) -> set[str]:
    """The rule ids of an explanation's steps (``to_json()["steps"]``), in every case too."""
    out = set()
    for s in steps:
        out.add(s.get("rule_id", ""))
        for b in s.get("branches", []):
            out |= rules_used(b.get("steps", []))
    return out


def case_splits(steps: list[dict[str, Any]]) -> int:
    """The case splits of an explanation's steps, nested ones too."""
    n = 0
    for s in steps:
        n += s["kind"] == "case"
        for b in s.get("branches", []):
            n += case_splits(b.get("steps", []))
    return n
