"""aspuzzle benchmark: explanations of 5x6 ZebraLogic-style logic grids (target: < 1 s median).

    python benchmarks/bench_explain_logicgrid.py              # 12 puzzles, 3 runs each
    python benchmarks/bench_explain_logicgrid.py --count 30 --runs 1 --size 6x6

The puzzles are the published 5x6 ZebraLogic puzzles of the test data, and random ones made the
way the benchmark's generator makes them (seeded, so every run explains the same puzzles): a
random solution of 5 houses and 6 characteristics, then clues true of it, of ZebraLogic's
kinds (X is Y, X is not Y, in / not in house n, directly left of, somewhere left of, next to,
one or two houses between), added until the puzzle has one solution, then each dropped while
it keeps one. Each puzzle is explained ``--runs`` times (reasoner built anew each time: rules
and game grounded, every step re-proven); the best run counts. The table gives each puzzle's
time (wall clock, and the CPU time of this process: on a busy machine the better measure),
steps and tier, then the medians and the slowest. Every explanation is checked to reach
the solver's solution.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

import aspuzzle
from aspuzzle.api import Loaded
from aspuzzle.explain import Board, explain
from aspuzzle.puzzles.logicgrid import PUZZLE
from aspuzzle.puzzles.logicgrid.model import (
    Apart,
    Before,
    Category,
    Clue,
    LogicGridInstance,
    NotSame,
    Ref,
    Same,
)
from aspuzzle.puzzles.logicgrid.reasoning import LogicGridReasoner
from aspuzzle.puzzles.logicgrid.zebralogic import read_zebralogic

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "zebralogic"

TRAITS = [
    ("Name", ("Alice", "Bob", "Carol", "David", "Eric", "Peter")),
    ("Nationality", ("norwegian", "german", "dane", "brit", "swede", "chinese")),
    ("BookGenre", ("fantasy", "biography", "romance", "mystery", "science fiction",
                   "historical fiction")),
    ("Food", ("stir fry", "grilled cheese", "pizza", "spaghetti", "stew", "soup")),
    ("Color", ("red", "green", "blue", "yellow", "white", "purple")),
    ("Animal", ("bird", "dog", "cat", "horse", "fish", "rabbit")),
    ("Drink", ("tea", "coffee", "milk", "water", "root beer", "boba tea")),
]


def _unique(inst: LogicGridInstance) -> bool:
    return aspuzzle.solve(Loaded(PUZZLE, inst, "")).status is aspuzzle.Status.UNIQUE


def random_puzzle(rng: random.Random, houses: int, traits: int) -> LogicGridInstance:
    """A ZebraLogic-style puzzle with one solution (see the module docstring)."""
    cats = [Category("House", tuple(range(1, houses + 1)))]
    cats += [Category(name, values[:houses]) for name, values in rng.sample(TRAITS, traits)]
    house: dict[Ref, int] = {Ref("House", h): h for h in range(1, houses + 1)}
    for c in cats[1:]:
        for v, h in zip(c.values, rng.sample(range(1, houses + 1), houses), strict=True):
            house[Ref(c.name, v)] = h
    refs = [r for r in house if r.category != "House"]

    def clue(n: int) -> Clue:
        while True:
            a, b = rng.sample(refs, 2)
            ha, hb = house[a], house[b]
            kind = rng.choice(["same", "same", "house", "left", "left", "next", "between"])
            if kind == "same" and a.category != b.category:
                return (Same if ha == hb else NotSame)(n, "", a, b)
            if kind == "house":
                h = rng.randint(1, houses)
                return (Same if ha == h else NotSame)(n, "", a, Ref("House", h))
            if kind == "left" and ha != hb:
                x, y = (a, b) if ha < hb else (b, a)
                return Before(n, "", x, y, "House", 1 if abs(ha - hb) == 1 and rng.random() < .5
                              else None)
            if kind == "next" and abs(ha - hb) == 1:
                return Apart(n, "", a, b, "House", 1)
            if kind == "between" and abs(ha - hb) in (2, 3):
                return Apart(n, "", a, b, "House", abs(ha - hb))

    inst = LogicGridInstance(tuple(cats), ())
    while not _unique(inst):
        inst = inst._replace(clues=(*inst.clues, clue(len(inst.clues) + 1)))
    for c in rng.sample(inst.clues, len(inst.clues)):
        fewer = inst._replace(clues=tuple(x for x in inst.clues if x is not c))
        if _unique(fewer):
            inst = fewer
    return inst._replace(clues=tuple(c._replace(number=i) for i, c in enumerate(inst.clues, 1)))


def run(inst: LogicGridInstance, runs: int) -> tuple[float, float, int, str]:
    """(wall time, CPU time of this process: the best run of each), steps, tier."""
    best = cpu = float("inf")
    for _ in range(runs):
        start, start_cpu = time.perf_counter(), time.process_time()
        e = explain(inst, reasoner=LogicGridReasoner(inst))
        best = min(best, time.perf_counter() - start)
        cpu = min(cpu, time.process_time() - start_cpu)
        rs = LogicGridReasoner(inst)
        if not e.solved or e.end.cells != (rs.solution_hint(Board({})) or Board({})).cells:
            raise SystemExit(f"an explanation did not reach the solution: {e.note}")
    return best, cpu, len(e.steps), e.tier


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=10, help="random puzzles (default 10)")
    ap.add_argument("--runs", type=int, default=3, help="runs per puzzle, best kept")
    ap.add_argument("--size", default="5x6", help="HOUSESxTRAITS (default 5x6)")
    ap.add_argument("--seed", type=int, default=2024)
    args = ap.parse_args(argv)
    houses, traits = (int(x) for x in args.size.split("x"))
    puzzles: list[tuple[str, LogicGridInstance]] = []
    for line in (DATA / "published.jsonl").read_text().splitlines():
        rec = json.loads(line)
        if rec["size"] == f"{houses}*{traits}":
            puzzles.append((rec["id"], read_zebralogic(rec["puzzle"])))
    rng = random.Random(args.seed)
    for i in range(args.count):
        puzzles.append((f"random-{args.size}-{i + 1}", random_puzzle(rng, houses, traits)))
    times, cpus = [], []
    print(f"{'puzzle':28} {'clues':>5} {'time_s':>7} {'cpu_s':>7} {'steps':>5}  tier")
    for name, inst in puzzles:
        t, cpu, steps, tier = run(inst, args.runs)
        times.append(t)
        cpus.append(cpu)
        print(f"{name:28} {len(inst.clues):>5} {t:>7.3f} {cpu:>7.3f} {steps:>5}  {tier}",
              flush=True)
    print(f"median {statistics.median(times):.3f} s (CPU {statistics.median(cpus):.3f} s), "
          f"slowest {max(times):.3f} s over {len(times)} puzzles ({args.size})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
