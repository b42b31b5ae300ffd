"""The rules over sets and chains (Naked / Hidden Subset, Positional Set, Forcing Chain) in
Python, for the reasoner: their rule files say the same, but enumerate every set of digits,
lines or chain as ground atoms, a program far larger than all the others together from 7x7 up;
here a search over the sets that can still be one (those of few candidates or places) and a
breadth-first walk of the chains find every instance the rule file finds, with the same
``where`` term and the same keys (``tests/explain/test_futoshiki_strong.py`` compares the two on
random boards). The rule files are the rules' statement, proven with ``rules verify``; every
step an explanation takes from here is still re-proven by the solver.
"""

from __future__ import annotations

from collections.abc import Iterator

__all__ = ["RULES", "Found", "strong_hits"]

RULES = ("naked_subset", "hidden_subset", "positional_set", "forcing_chain")
"""The rules computed here, in the catalogue's order."""

Key = tuple[int, int, int]
Where = tuple[object, ...]
Found = tuple[str, Where, list[tuple[Key, str]]]
"""A rule instance: the rule id, its ``where`` term as nested tuples (a function ``f(x, y)``
as ``("f", x, y)``, a tuple as a tuple of its items, a constant as ``("row",)``), its keys."""


def _bits(mask: int) -> list[int]:
    """The digits (or line indices) of a mask: bit d - 1 for d."""
    out = []
    d = 1
    while mask:
        if mask & 1:
            out.append(d)
        mask >>= 1
        d += 1
    return out


def _subsets(items: list[tuple[int, int]], most: int, least: int) -> Iterator[tuple[int, int]]:
    """Each set of at least ``least`` and at most ``most`` items (item: its own bit and a mask
    it covers) whose union covers at most ``most`` bits, as (its own bits, the union)."""
    def walk(start: int, own: int, union: int, size: int) -> Iterator[tuple[int, int]]:
        if size >= least:
            yield own, union
        if size == most:
            return
        for i in range(start, len(items)):
            bit, cover = items[i]
            u = union | cover
            if u.bit_count() <= most:
                yield from walk(i + 1, own | bit, u, size + 1)
    yield from walk(0, 0, 0, 0)


def strong_hits(n: int, cand: dict[tuple[int, int], int], taken_row: list[int],
                taken_col: list[int], active: frozenset[str]) -> list[Found]:
    """The instances of the rules of :data:`RULES` in ``active`` on a board: ``cand`` holds the
    candidates of each empty cell (bit d - 1: the digit d), ``taken_row[r]`` / ``taken_col[c]``
    the digits placed in each row / column (index 1..n)."""
    out: list[Found] = []
    lines: list[tuple[Where, list[tuple[int, int]], int]] = []
    for j in range(1, n + 1):
        lines.append((("row", j), [(j, c) for c in range(1, n + 1)], taken_row[j]))
    for j in range(1, n + 1):
        lines.append((("col", j), [(r, j) for r in range(1, n + 1)], taken_col[j]))
    full = (1 << n) - 1
    if "naked_subset" in active or "hidden_subset" in active:
        for line, cells, in_line in lines:
            empty = [x for x in cells if x in cand]
            half = len(empty) // 2
            if half < 3:
                continue
            missing = full & ~in_line
            if "naked_subset" in active:
                seen: set[int] = set()
                few = [(1 << i, cand[x]) for i, x in enumerate(empty)
                       if cand[x].bit_count() <= half]
                for _, union in _subsets(few, half, 1):
                    k = union.bit_count()
                    if k < 3 or union in seen or union & ~missing:
                        continue
                    seen.add(union)
                    inside = [x for x in empty if not cand[x] & ~union]
                    if len(inside) < k:
                        continue
                    keys = [((x[0], x[1], d), "no") for x in empty if x not in inside
                            for d in _bits(cand[x] & union)]
                    if keys:
                        out.append(("naked_subset", ("cells", line, union), sorted(keys)))
            if "hidden_subset" in active:
                places = {}
                for d in _bits(missing):
                    m = 0
                    for i, x in enumerate(empty):
                        if cand[x] >> (d - 1) & 1:
                            m |= 1 << i
                    places[d] = m
                few = [(1 << (d - 1), m) for d, m in places.items() if m.bit_count() <= half]
                for digits, union in _subsets(few, half, 3):
                    if union.bit_count() > digits.bit_count():
                        continue
                    keys = [((x[0], x[1], d), "no") for i, x in enumerate(empty)
                            if union >> i & 1 for d in _bits(cand[x] & ~digits)]
                    if keys:
                        out.append(("hidden_subset", ("digits", line, digits), sorted(keys)))
    if "positional_set" in active:
        for d in range(1, n + 1):
            bit = 1 << (d - 1)
            for way, taken in (("row", taken_row), ("col", taken_col)):
                open_lines = [i for i in range(1, n + 1) if not taken[i] & bit]
                half = len(open_lines) // 2
                if half < 2:
                    continue
                spots: dict[int, int] = {}
                for i in open_lines:
                    m = 0
                    for j in range(1, n + 1):
                        x = (i, j) if way == "row" else (j, i)
                        if cand.get(x, 0) & bit:
                            m |= 1 << (j - 1)
                    spots[i] = m
                few = [(1 << (i - 1), m) for i, m in spots.items() if m.bit_count() <= half]
                for base, cover in _subsets(few, half, 2):
                    if cover.bit_count() > base.bit_count():
                        continue
                    keys = []
                    for j in _bits(cover):
                        for i in range(1, n + 1):
                            if base >> (i - 1) & 1:
                                continue
                            x = (i, j) if way == "row" else (j, i)
                            if cand.get(x, 0) & bit:
                                keys.append(((x[0], x[1], d), "no"))
                    if keys:
                        out.append(("positional_set", ("fish", d, (way,), base), sorted(keys)))
    if "forcing_chain" in active:
        out += _forcing_chains(n, cand)
    return out


def _peers(n: int, x: tuple[int, int]) -> Iterator[tuple[int, int]]:
    r, c = x
    for k in range(1, n + 1):
        if k != c:
            yield (r, k)
    for k in range(1, n + 1):
        if k != r:
            yield (k, c)


def chain_walk(n: int, cand: dict[tuple[int, int], int], start: tuple[int, int], d: int
               ) -> dict[tuple[tuple[int, int], int], tuple[tuple[int, int], int] | None]:
    """What follows if the two-candidate cell ``start`` is not ``d``: each (cell, digit) it
    forces, with the one it follows from (None for the start itself)."""
    two = {x: m for x, m in cand.items() if m.bit_count() == 2}
    first = (start, (two[start] & ~(1 << (d - 1))).bit_length())
    prev: dict[tuple[tuple[int, int], int], tuple[tuple[int, int], int] | None] = {first: None}
    todo = [first]
    while todo:
        x, e = todo.pop()
        bit = 1 << (e - 1)
        for y in _peers(n, x):
            m = two.get(y)
            if m is not None and m & bit:
                state = (y, (m & ~bit).bit_length())
                if state not in prev:
                    prev[state] = (x, e)
                    todo.append(state)
    return prev


def _forcing_chains(n: int, cand: dict[tuple[int, int], int]) -> list[Found]:
    out: list[Found] = []
    for s, m in cand.items():
        if m.bit_count() != 2:
            continue
        for d in _bits(m):
            bit = 1 << (d - 1)
            for x, e in chain_walk(n, cand, s, d):
                if e != d or x == s:
                    continue
                keys = [((t[0], t[1], d), "no") for t in _peers(n, s)
                        if t != x and (t[0] == x[0] or t[1] == x[1]) and cand.get(t, 0) & bit]
                if keys:
                    out.append(("forcing_chain", ("chain", s, x, d), sorted(keys)))
    return out
