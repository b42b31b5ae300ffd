"""``aspuzzle rules verify FILE.lp --type tents``: a Tree Tent rule file proven sound on every
board up to a size.

:func:`verify` searches, with one clingo search per grid size (smallest first), for a
counterexample: a puzzle, a board state that one of its solutions extends, and the rule
concluding on that board a cell the solution denies (a direct rule) or firing at all (a
contradiction rule). None on any grid up to the size: the rule is sound there. The search is
``legup/verify.lp`` with the rule file and the vocabulary it reads (``board.lp``, ``places.lp``,
``room.lp``, ``placements.lp``).

A link (``links/6``) is wrong when some solution *and pairing* of it (tree to tent) that the
board's marks and links extend pairs the tree with another tent: a puzzle may have several
pairings of the same tents, and a sound link rule draws a line every one of them has.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from aspuzzle.kit.verify import board_sizes, counterexample_atoms, guessed_board, read_rule_file
from aspuzzle.puzzles.base import lp_file

__all__ = ["Counterexample", "Verification", "verify"]

_RULES = "aspuzzle.puzzles.tents.rules"


@dataclass(frozen=True)
class Counterexample:
    height: int
    width: int
    trees: tuple[tuple[int, int], ...]
    solution: tuple[tuple[int, int], ...]
    tents: tuple[tuple[int, int], ...]
    grass: tuple[tuple[int, int], ...]
    rules: tuple[str, ...]
    """The rules (of the file) that conclude wrongly."""
    links: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = ()
    """The board's lines (tree, tent)."""
    pairs: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = ()
    """The solution's pairing (tree, tent), shown when the file draws links."""

    def render(self) -> str:
        rows = []
        cols = [sum(1 for r, c in self.solution if c == j) for j in range(1, self.width + 1)]
        rows.append("  " + " ".join(str(n) for n in cols))
        for i in range(1, self.height + 1):
            n = sum(1 for r, _ in self.solution if r == i)
            cells = []
            for j in range(1, self.width + 1):
                x = (i, j)
                cells.append("T" if x in self.trees else "A" if x in self.tents
                             else "x" if x in self.grass else ".")
            rows.append(f"{n} " + " ".join(cells))
        sol = " ".join(f"({r},{c})" for r, c in self.solution)
        out = "\n".join(rows)
        if self.links:
            out += "\nlines: " + " ".join(f"({a},{b})-({c},{d})"
                                         for (a, b), (c, d) in self.links)
        out += f"\n(a solution has its tents at {sol}"
        if self.pairs:
            out += ", the trees paired with them " + " ".join(
                f"({a},{b})-({c},{d})" for (a, b), (c, d) in self.pairs)
        return out + ")"


@dataclass(frozen=True)
class Verification:
    file: str
    up_to: tuple[int, int]
    counterexample: Counterexample | None

    @property
    def sound(self) -> bool:
        return self.counterexample is None

    def to_json(self) -> dict[str, object]:
        c = self.counterexample
        return {"file": self.file, "type": "tents", "sound": self.sound,
                "up_to": list(self.up_to), "counterexample": None if c is None else {
                    "height": c.height, "width": c.width, "rules": list(c.rules),
                    "trees": [list(x) for x in c.trees], "tents": [list(x) for x in c.tents],
                    "grass": [list(x) for x in c.grass],
                    "solution": [list(x) for x in c.solution]}}

    def render(self) -> str:
        h, w = self.up_to
        if self.counterexample is None:
            return f"{self.file}: sound on all boards up to {h}x{w}"
        c = self.counterexample
        return (f"{self.file}: NOT sound: {', '.join(c.rules)} concludes wrongly on this "
                f"{c.height}x{c.width} board (T tree, A tent, x grass, . unknown):\n"
                + c.render())


def verify(rule: str | Path, up_to: tuple[int, int] = (6, 6)) -> Verification:
    """Is the rule file sound on every board of at most ``up_to`` (rows, columns)? Sizes are
    searched smallest first, so a counterexample is one of the smallest."""
    path = Path(rule)
    source = read_rule_file(path)
    parts = [guessed_board("aspuzzle.puzzles.tents"), lp_file(_RULES, "places.lp").read_text(),
             lp_file(_RULES, "room.lp").read_text(), lp_file(_RULES, "placements.lp").read_text(),
             lp_file("aspuzzle.puzzles.tents.proofs", "verify.lp").read_text(), source]
    for h, w in board_sizes(up_to):
        found = _search(parts, h, w, str(path), "links(" in re.sub(r"%.*", "", source))
        if found is not None:
            return Verification(str(path), up_to, found)
    return Verification(str(path), up_to, None)


def _search(parts: list[str], h: int, w: int, name: str,
            draws_links: bool = False) -> Counterexample | None:
    found = counterexample_atoms(parts, [f"-c height={h}", f"-c width={w}"], name, shown=True)
    if found is None:
        return None

    def cells(pred: str) -> tuple[tuple[int, int], ...]:
        return tuple(sorted((s.arguments[0].number, s.arguments[1].number) for s in found
                            if s.name == pred and len(s.arguments) == 2))

    def pairs(pred: str) -> tuple[tuple[tuple[int, int], tuple[int, int]], ...]:
        return tuple(sorted(((s.arguments[0].number, s.arguments[1].number),
                             (s.arguments[2].number, s.arguments[3].number))
                            for s in found if s.name == pred))

    rules = tuple(sorted({str(s.arguments[0]) for s in found if s.name == "wrong"}))
    return Counterexample(h, w, cells("tree"), cells("sol"), cells("tent"), cells("grass"),
                          rules, pairs("link"), pairs("pair") if draws_links else ())
