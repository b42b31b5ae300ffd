"""What aspuzzle.batch costs: per input in process and with local worker processes.

    python benchmarks/bench_batch.py                # 100 trivial inputs, jobs 1 and 2
    python benchmarks/bench_batch.py --items 1000 --repeat 5 --puzzles 40

For each ``jobs`` it maps a function that does nothing over ``--items`` inputs and prints the
median over ``--repeat`` runs of: the whole run, the time to the first result (a pool's
start-up: worker processes started, each importing aspuzzle), and the cost per input after
the first. ``--puzzles N`` also solves N example puzzles (examples/, round robin) with each
``jobs``: the real work, where a second process should pay off.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path
from typing import Any

import aspuzzle
from aspuzzle.batch import Ok, cpu_count, imap

ROOT = Path(__file__).resolve().parent.parent


def trivial(x: int) -> int:
    return x


def solve_one(path: str) -> str:
    return aspuzzle.solve(aspuzzle.load(path)).status.value


def run(fn: Any, items: list[Any], jobs: int, chunksize: int) -> tuple[float, float]:
    start = time.perf_counter()
    first = 0.0
    for i, outcome in enumerate(imap(fn, items, jobs=jobs, chunksize=chunksize)):
        assert isinstance(outcome, Ok), outcome
        if i == 0:
            first = time.perf_counter() - start
    return time.perf_counter() - start, first


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--items", type=int, default=100)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--jobs", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--chunksize", type=int, default=1)
    ap.add_argument("--puzzles", type=int, default=0)
    args = ap.parse_args()
    print(f"{cpu_count()} usable cores; {args.items} trivial inputs, chunksize "
          f"{args.chunksize}, median of {args.repeat} runs")
    print(f"{'jobs':>4} {'total ms':>10} {'first ms':>10} {'per input after first us':>26}")
    items = list(range(args.items))
    for jobs in args.jobs:
        cold = run(trivial, items, jobs, args.chunksize)
        if jobs != 1:
            print(f"{jobs:>4} {cold[0] * 1e3:>10.2f} {cold[1] * 1e3:>10.2f}   (first pool: "
                  "the forkserver started, aspuzzle imported)")
        runs = [run(trivial, items, jobs, args.chunksize) for _ in range(args.repeat)]
        total = statistics.median(t for t, _ in runs)
        first = statistics.median(f for _, f in runs)
        per = statistics.median((t - f) / max(1, args.items - 1) for t, f in runs)
        print(f"{jobs:>4} {total * 1e3:>10.2f} {first * 1e3:>10.2f} {per * 1e6:>26.1f}")
    if args.puzzles:
        examples = sorted(str(p) for p in (ROOT / "examples").glob("*/*") if p.suffix != ".xml")
        paths = [examples[i % len(examples)] for i in range(args.puzzles)]
        print(f"\n{args.puzzles} example puzzles solved (load + solve), median of "
              f"{args.repeat} runs")
        for jobs in args.jobs:
            total = statistics.median(run(solve_one, paths, jobs, 1)[0]
                                      for _ in range(args.repeat))
            print(f"jobs {jobs}: {total * 1e3:.0f} ms")


if __name__ == "__main__":
    main()
