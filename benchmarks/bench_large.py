"""Large boards (issue 11, part 4): how the time to solve a Tents or Hitori puzzle and prove it
unique grows with the board, 10x10 to 100x100.

    python benchmarks/bench_large.py                       # the stored boards, both types
    python benchmarks/bench_large.py --type tents --sizes 50,100 --repeat 3
    python benchmarks/bench_large.py --make --type hitori  # construct the missing boards

The boards are stored in ``benchmarks/data/large-<type>.jsonl``, one record per side (10, 20,
..., 100): ``{"type", "size", "format": "text", "puzzle", "solution", "seed", "made_s"}``, the
puzzle in the type's text format and its solution (Tents: the tents only, not the pairing).
Constructing a 100x100 Tents board takes minutes, so the benchmark times the stored boards;
``--make`` constructs the sizes that are missing (``--remake``: all that are asked for) and
adds them to the file.

The construction is the type generator's own *without the grade* (grading a 100x100 puzzle
with the explain engine would take far too long, and the tier does not matter here), seeded
with the side ``n`` (``random.Random(n)``):

* Hitori: ``random_shading`` + ``numbers`` + ``make_unique`` of
  ``aspuzzle.puzzles.hitori.generate``: a random shading (no two shaded cells adjacent, the
  unshaded cells connected), numbers that force it, then cells renumbered, by the solver's
  counterexamples, until its solution is the only one;
* Tents: a random layout of trees and tents at Tatham's density (one tent in 5 cells) drawn by
  clingo (``_draw`` of ``aspuzzle.puzzles.tents.generate``), every row and column clue given,
  then repaired until unique, in two stages:

  1. window by window (``WINDOW`` x ``WINDOW``, overlapping by a quarter): a small solve finds
     another solution that differs only inside the window, everything outside kept (the window
     and a ring of one cell around it, the ring's cells fixed as the layout has them); the
     layout is redrawn around the cells where it differs (``_redraw``) until there is none;
  2. on the whole board, the generator's own loop (``_make_unique``: ``_second``, ``_redraw``)
     with up to ``TENTS_REPAIRS`` repairs where the generator allows 60, for the alternatives
     that span more than a window.

  Stage 2 alone (the generator's construction) solves the whole board once per repair, and
  larger boards need more repairs: 70 s of CPU for 70x70 and 174 s for 80x80 on this machine,
  where the windows bring a 60x60 down from about 25 s to 4 s. Tatham's own generator is no
  way round: it took 2.4 s for one 20x20 easy board and had not finished a 30x30 after a
  minute. The CPU seconds each board took are stored with it.

Every board is checked when made and when timed: the solver finds it unique (two answers
asked for, one found), the solution is the stored one, and the type's independent ``verify``
accepts it. Each board is solved ``--repeat`` times (``aspuzzle.loads`` + ``aspuzzle.solve``);
the table shows the median wall and CPU time. Exit status 1 if a board is wrong.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import aspuzzle
from aspuzzle.api import Loaded

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "benchmarks" / "data"
SIZES = tuple(range(10, 101, 10))
TENTS_REPAIRS = 2000
"""Local redraws a Tents board may take before the construction gives up."""
WINDOW = 20
"""Side of the windows a Tents board larger than it is first made unique in."""
WINDOW_REPAIRS = 50


def data_file(ptype: str) -> Path:
    return DATA / f"large-{ptype}.jsonl"


def stored(ptype: str) -> dict[int, dict[str, Any]]:
    """The stored boards of a type, by side."""
    path = data_file(ptype)
    if not path.is_file():
        return {}
    recs = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return {int(r["size"]): r for r in recs}


def answer(solution_json: dict[str, Any]) -> dict[str, Any]:
    """The answer without the Tents pairing (not unique, not part of the puzzle's answer)."""
    return {k: v for k, v in solution_json.items() if k != "pairs"}


def construct(ptype: str, n: int) -> Any:
    """An n x n instance by the generator's construction (seed n), or None if it failed."""
    rng = random.Random(n)
    if ptype == "hitori":
        from aspuzzle.puzzles.hitori import generate as hg
        from aspuzzle.puzzles.hitori.model import make_instance

        shaded = hg.random_shading(n, n, rng)
        grid = hg.numbers(n, n, shaded, rng, near=False)
        if not hg.make_unique(grid, shaded, rng, near=False):
            return None
        return make_instance(grid)
    from aspuzzle.puzzles.tents import generate as tg

    layout = tg._draw(n, n, rng, tg._cells(n, n), None, (n * n) // tg._DENSITY)
    if layout is not None and n > WINDOW:
        layout = _locally_unique(n, layout, rng)
    # _make_unique's loop, with more repairs than its 60: a large board needs more, and here
    # a board that takes long is still wanted (the same boards where 60 were enough)
    for _ in range(TENTS_REPAIRS):
        if layout is None:
            return None
        other = tg._second(layout.instance(n, n, None), layout)
        if other is None:
            return layout.instance(n, n, "t")
        layout = tg._redraw(n, n, layout, rng, tg._around(sorted(other ^ layout.tents), 1, n, n))
    return None


def _windows(n: int) -> list[int]:
    """First rows (and columns) of windows of side WINDOW overlapping by a quarter, from 1 to
    n."""
    starts = list(range(1, n - WINDOW + 2, WINDOW * 3 // 4))
    return starts if starts[-1] == n - WINDOW + 1 else [*starts, n - WINDOW + 1]


def _window_second(n: int, layout: Any, r0: int, c0: int) -> set[tuple[int, int]] | None:
    """The cells where another solution differs from the layout's inside the window of side
    WINDOW at (r0, c0), everything outside it kept; None if there is none. The puzzle solved
    is the window and a ring of one cell around it: the ring's cells as the layout has them
    (a tent of the ring whose tree lies beyond it keeps its neighbours free of tents, a ring
    tree whose tent lies beyond it is no tree here), the clues counted over it. So any such
    solution is one of the whole board that differs only inside the window."""
    from aspuzzle.engine import Grounded, Program, SolveConfig
    from aspuzzle.puzzles.base import SolveOptions
    from aspuzzle.puzzles.tents import PUZZLE
    from aspuzzle.puzzles.tents.model import TentsInstance

    lo_r, lo_c = max(1, r0 - 1), max(1, c0 - 1)
    hi_r, hi_c = min(n, r0 + WINDOW), min(n, c0 + WINDOW)

    def inside(c: tuple[int, int]) -> bool:
        return lo_r <= c[0] <= hi_r and lo_c <= c[1] <= hi_c

    def window(c: tuple[int, int]) -> bool:
        return r0 <= c[0] < r0 + WINDOW and c0 <= c[1] < c0 + WINDOW

    def local(c: tuple[int, int]) -> tuple[int, int]:
        return c[0] - lo_r + 1, c[1] - lo_c + 1

    pairs = [(a, t) for a, t in layout.pairs if inside(a) and inside(t)]
    trees = {a for a, _ in pairs}
    tents = {t for _, t in pairs}
    keep_free = {c for c in tg_cells(lo_r, hi_r, lo_c, hi_c) if not window(c) and c not in tents}
    for t in layout.tents:  # a ring tent paired beyond: no tent beside it
        if inside(t) and t not in tents:
            keep_free |= {(t[0] + dr, t[1] + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)}
    keep_free = {c for c in keep_free if inside(c) and c not in trees}
    h, w = hi_r - lo_r + 1, hi_c - lo_c + 1
    rows = tuple(sum(1 for t in tents if t[0] == r) for r in range(lo_r, hi_r + 1))
    cols = tuple(sum(1 for t in tents if t[1] == c) for c in range(lo_c, hi_c + 1))
    inst = TentsInstance(h, w, frozenset(local(a) for a in trees), rows, cols)
    rules = [f":- tent({r},{c})." for r, c in sorted(local(x) for x in keep_free)]
    rules += [f":- not tent({r},{c})." for r, c in sorted(local(t) for t in tents
                                                           if not window(t))]
    inner = sorted(local(t) for t in tents if window(t))
    rules.append(":- " + ", ".join(f"tent({r},{c})" for r, c in inner) + "." if inner else "")
    program = Program(PUZZLE.encodings(SolveOptions()), tuple(PUZZLE.to_facts(inst)), (),
                      constants=PUZZLE.constants(inst), rules="\n".join(rules) + "\n")
    model = Grounded(program, SolveConfig(interruptible=False)).first_model()
    if model is None:
        return None
    other = {(s.arguments[0].number + lo_r - 1, s.arguments[1].number + lo_c - 1)
             for s in model if s.name == "tent"}
    return {c for c in other ^ tents if window(c)}


def tg_cells(r0: int, r1: int, c0: int, c1: int) -> set[tuple[int, int]]:
    return {(r, c) for r in range(r0, r1 + 1) for c in range(c0, c1 + 1)}


def _locally_unique(n: int, layout: Any, rng: random.Random) -> Any:
    """The layout repaired window by window (small solves) until no window has another
    solution of its own; what is left for the whole-board repairs is the rarer alternatives
    that span more than a window."""
    from aspuzzle.puzzles.tents import generate as tg

    for r0 in _windows(n):
        for c0 in _windows(n):
            for _ in range(WINDOW_REPAIRS):
                diff = _window_second(n, layout, r0, c0)
                if not diff:
                    break
                new = tg._redraw(n, n, layout, rng, tg._around(sorted(diff), 1, n, n))
                if new is None:
                    break
                layout = new
    return layout


def check(loaded: Loaded, known: dict[str, Any] | None) -> tuple[list[str], dict[str, Any]]:
    """Problems with a board (not unique, not the stored solution, refused by verify) and its
    answer."""
    result = aspuzzle.solve(loaded)
    if result.status is not aspuzzle.Status.UNIQUE:
        return [f"{loaded.source}: {result.status}, not unique"], {}
    sol = result.solutions[0]
    ours = answer(loaded.puzzle.solution_to_json(sol))
    problems = [f"{loaded.source}: verify: {b}" for b in loaded.puzzle.verify(loaded.instance,
                                                                               sol)]
    if known is not None and ours != answer(known):
        problems.append(f"{loaded.source}: the solution is not the stored one")
    return problems, ours


def make(ptype: str, sizes: list[int], remake: bool) -> list[str]:
    """Construct the boards missing from the data file (all asked for with ``remake``)."""
    records = stored(ptype)
    puzzle = aspuzzle.get_puzzle(ptype)
    problems: list[str] = []
    for n in sizes:
        if n in records and not remake:
            continue
        start = time.process_time()
        inst = construct(ptype, n)
        made = time.process_time() - start
        if inst is None:
            problems.append(f"{ptype} {n}x{n}: the construction failed")
            continue
        text = puzzle.formats["text"].write(inst, None)
        loaded = aspuzzle.loads(text, type=ptype, fmt="text", source=f"{ptype} {n}x{n}")
        bad, ours = check(loaded, None)
        problems += bad
        if not bad:
            records[n] = {"type": ptype, "size": n, "format": "text", "puzzle": text,
                          "solution": ours, "seed": n, "made_s": round(made, 1)}
            # written after each board: the large ones take minutes
            data_file(ptype).write_text("".join(json.dumps(records[k]) + "\n"
                                                for k in sorted(records)))
        print(f"made {ptype} {n}x{n} in {made:.1f} s CPU", file=sys.stderr, flush=True)
    return problems


def time_board(rec: dict[str, Any], repeat: int) -> tuple[float, float, list[str]]:
    """Median wall and CPU ms of loading and solving a stored board, and its problems."""
    walls: list[float] = []
    cpus: list[float] = []
    problems: list[str] = []
    label = f"{rec['type']} {rec['size']}x{rec['size']}"
    for i in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        loaded = aspuzzle.loads(rec["puzzle"], type=rec["type"], fmt=rec["format"],
                                source=label)
        result = aspuzzle.solve(loaded)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
        if i == 0:
            if result.status is not aspuzzle.Status.UNIQUE:
                problems.append(f"{label}: {result.status}, not unique")
            else:
                sol = result.solutions[0]
                if answer(loaded.puzzle.solution_to_json(sol)) != answer(rec["solution"]):
                    problems.append(f"{label}: the solution is not the stored one")
                problems += [f"{label}: verify: {b}"
                             for b in loaded.puzzle.verify(loaded.instance, sol)]
    return 1000 * statistics.median(walls), 1000 * statistics.median(cpus), problems


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--type", action="append", choices=["tents", "hitori"],
                    help="tents and/or hitori (default both)")
    ap.add_argument("--sizes", help="comma-separated sides (default 10,20,...,100)")
    ap.add_argument("--repeat", type=int, default=5, help="solves per board (default 5)")
    ap.add_argument("--make", action="store_true",
                    help="construct the boards missing from benchmarks/data first")
    ap.add_argument("--remake", action="store_true",
                    help="construct the boards asked for again, even if stored")
    opts = ap.parse_args(argv)
    sizes = [int(s) for s in opts.sizes.split(",")] if opts.sizes else list(SIZES)
    problems: list[str] = []
    types = opts.type or ["tents", "hitori"]
    if opts.make or opts.remake:
        for ptype in types:
            problems += make(ptype, sizes, opts.remake)
    print("| type | size | solve + uniqueness ms (median wall) | CPU ms | made in (CPU s) |")
    print("|---|---|---:|---:|---:|")
    for ptype in types:
        records = stored(ptype)
        if records:  # imports and a first grounding: not any board's own time
            first = records[min(records)]
            aspuzzle.solve(aspuzzle.loads(first["puzzle"], type=ptype, fmt=first["format"]))
        for n in sizes:
            rec = records.get(n)
            if rec is None:
                print(f"| {ptype} | {n}x{n} | not stored (--make) | | |")
                continue
            wall, cpu, bad = time_board(rec, opts.repeat)
            problems += bad
            print(f"| {ptype} | {n}x{n} | {wall:.0f} | {cpu:.0f} | {rec.get('made_s', '?')} |",
                  flush=True)
    for p in problems:
        print(f"PROBLEM: {p}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
