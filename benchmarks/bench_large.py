"""Large boards (issue 11, part 4): how the time to solve a Tents or Hitori puzzle and prove it
unique grows with the board, 10x10 to 100x100.

    python benchmarks/bench_large.py                       # Hitori 10..100, Tents 10..50
    python benchmarks/bench_large.py --type tents --sizes 10,20,30,40,50,60,80,100

The puzzles are made by the type generators' own construction *without the grade* (grading a
100x100 puzzle with the explain engine would take minutes, and the tier does not matter here):

* Hitori: ``random_shading`` + ``numbers`` + ``make_unique`` of
  ``aspuzzle.puzzles.hitori.generate`` (a shading, numbers that force it, repaired by the solver
  until it is the only solution);
* Tents: ``_draw`` + ``_make_unique`` of ``aspuzzle.puzzles.tents.generate`` (a random layout
  drawn by clingo, redrawn where a second solution differs until there is none). This
  construction itself grows fast (about 0.5 s at 20x20, 18 s at 50x50 on the 2-core machine).

Each puzzle is then solved by ``aspuzzle.solve`` (up to two answers: the uniqueness proof),
``--repeat`` times; the table shows the median, and whether the verdict is ``unique``. The seed
of size N is N: the same puzzles every run. Made puzzles are cached in the types' text format under
``benchmarks/results/large/`` (gitignored), so a second run times the solving only.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

import aspuzzle
from aspuzzle.api import Loaded

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "benchmarks" / "results" / "large"


def make(ptype: str, n: int) -> Loaded | None:
    """The puzzle of this type and size (seed n), made or read from the cache."""
    puzzle = aspuzzle.get_puzzle(ptype)
    cached = CACHE / f"{ptype}-{n}x{n}.txt"
    if cached.exists():
        return aspuzzle.loads(cached.read_text(), type=ptype, fmt="text", source=str(cached))
    rng = random.Random(n)
    if ptype == "hitori":
        from aspuzzle.puzzles.hitori import generate as hg
        from aspuzzle.puzzles.hitori.model import make_instance

        shaded = hg.random_shading(n, n, rng)
        grid = hg.numbers(n, n, shaded, rng, near=False)
        if not hg.make_unique(grid, shaded, rng, near=False):
            return None
        inst = make_instance(grid)
    else:
        from aspuzzle.puzzles.tents import generate as tg

        layout = tg._draw(n, n, rng, tg._cells(n, n), None, (n * n) // tg._DENSITY)
        unique = tg._make_unique(n, n, layout, rng) if layout is not None else None
        if unique is None:
            return None
        inst = unique.instance(n, n, "t")
    CACHE.mkdir(parents=True, exist_ok=True)
    cached.write_text(puzzle.formats["text"].write(inst, None))
    return Loaded(puzzle, inst, "text", str(cached))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--type", action="append", choices=["tents", "hitori"],
                    help="tents and/or hitori (default both)")
    ap.add_argument("--sizes", help="comma-separated sides (default: hitori 10..100 by 10, "
                                    "tents 10..50 by 10)")
    ap.add_argument("--repeat", type=int, default=5, help="solves per puzzle (default 5)")
    opts = ap.parse_args(argv)
    wrong = 0
    print("| type | size | make s | solve + uniqueness ms (median) | verdict |")
    print("|---|---|---:|---:|---|")
    for ptype in opts.type or ["tents", "hitori"]:
        default = range(10, 101, 10) if ptype == "hitori" else range(10, 51, 10)
        sizes = [int(s) for s in opts.sizes.split(",")] if opts.sizes else list(default)
        for n in sizes:
            t0 = time.perf_counter()
            loaded = make(ptype, n)
            made = time.perf_counter() - t0
            if loaded is None:
                print(f"| {ptype} | {n}x{n} | {made:.1f} | - | construction failed |")
                continue
            times, status = [], None
            for _ in range(opts.repeat):
                start = time.perf_counter()
                status = aspuzzle.solve(loaded).status
                times.append(time.perf_counter() - start)
            wrong += status is not aspuzzle.Status.UNIQUE
            print(f"| {ptype} | {n}x{n} | {made:.1f} | {statistics.median(times) * 1000:.0f} | "
                  f"{status} |", flush=True)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
