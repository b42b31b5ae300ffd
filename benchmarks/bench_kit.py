"""Kit types against Simon Tatham's standalone solvers, each puzzle met once.

    python benchmarks/bench_kit.py --tatham DIR [--count 20] [--seed S]

For each set (a type, size and difficulty) it makes ``--count`` puzzles that neither program
has seen: his generator (``DIR/lightupgen PARAMS SEED COUNT``, see shared/tools/tatham) with a
fresh seed. Then, in one run:

- **ours**: one fresh Python process per set; after ``import aspuzzle`` it reads, solves and
  proves unique each puzzle once (``aspuzzle.loads`` + ``aspuzzle.solve``): ms per puzzle;
- **Tatham**: his standalone solver, one process per puzzle (process start included): ms per
  puzzle, median of the set;
- the ratio ours / Tatham.

Without ``--tatham`` (or when his programs are not built there) the puzzles of
``tests/data/TYPE/tatham.jsonl`` are timed for ours alone. Every answer is checked: unique, and
equal to his solver's where it ran.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SETS = [
    ("lightup", "lightup", "7x7b20s4d1"),
    ("lightup", "lightup", "10x10b20s4d2"),
    ("lightup", "lightup", "14x14b20s4d2"),
    ("lightup", "lightup", "20x20b20s4d1"),
    ("sudoku", "solo", "3x3db"),
    ("sudoku", "solo", "3x3de"),
]
"""(our type, Tatham's game, his parameters)."""

_OURS = r"""
import json, sys, time
import aspuzzle
ids = json.load(sys.stdin)
out = []
start = time.perf_counter()
for i in ids:
    res = aspuzzle.solve(aspuzzle.loads(i))
    out.append([res.status.value, res.solutions[0].marked and sorted(res.solutions[0].marked)
                or list(res.solutions[0].digits)])
elapsed = time.perf_counter() - start
print(json.dumps({"s": elapsed, "answers": out}))
"""


def ours(ids: list[str]) -> tuple[float, list[list[object]]]:
    """ms per puzzle after import, in a fresh process, and the answers."""
    proc = subprocess.run([sys.executable, "-c", _OURS], input=json.dumps(ids),
                          capture_output=True, text=True, check=True, cwd=ROOT)
    got = json.loads(proc.stdout)
    return 1000 * got["s"] / len(ids), got["answers"]


def tatham(solver: Path, ids: list[str]) -> float:
    """Median ms of one solver process per puzzle."""
    times = []
    for i in ids:
        t = time.perf_counter()
        subprocess.run([str(solver), i], capture_output=True, check=False)
        times.append(1000 * (time.perf_counter() - t))
    return statistics.median(times)


def make(gen: Path, params: str, seed: str, count: int) -> list[str]:
    out = subprocess.run([str(gen), params, seed, str(count)], capture_output=True, text=True,
                         check=True).stdout.split()
    return out[:count]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--tatham", type=Path, default=None, metavar="DIR",
                   help="where his built programs are (shared/tools/tatham)")
    p.add_argument("--count", type=int, default=20, help="puzzles per set (default 20)")
    p.add_argument("--seed", default=None, help="generator seed (default: the time)")
    p.add_argument("--only", action="append", metavar="TYPE", help="only these types")
    args = p.parse_args(argv)
    seed = args.seed or f"bench-{int(time.time())}"
    print("| set | puzzles | ours ms/puzzle | Tatham ms/puzzle | ours / Tatham |")
    print("|---|---:|---:|---:|---:|")
    done: set[str] = set()
    for ours_type, game, params in SETS:
        if args.only and ours_type not in args.only:
            continue
        gen = args.tatham / f"{game}gen" if args.tatham else None
        solver = args.tatham / f"{game}solver" if args.tatham else None
        if gen is not None and gen.exists() and solver is not None and solver.exists():
            ids = make(gen, params, seed, args.count)
            label = f"{ours_type} {params}"
        else:
            if ours_type in done:
                continue
            done.add(ours_type)
            data = ROOT / "tests" / "data" / ours_type / "tatham.jsonl"
            if not data.exists():
                continue
            ids = [json.loads(line)["id"] for line in data.read_text().splitlines() if line]
            label, solver = f"{ours_type} (tests/data)", None
        ms, answers = ours(ids)
        bad = [i for i, (status, _) in zip(ids, answers, strict=True) if status != "unique"]
        if bad:
            print(f"not unique: {bad[0]}", file=sys.stderr)
            return 1
        if solver is not None:
            theirs = tatham(solver, ids)
            print(f"| {label} | {len(ids)} | {ms:.1f} | {theirs:.1f} | {ms / theirs:.2f} |")
        else:
            print(f"| {label} | {len(ids)} | {ms:.1f} | | |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
