"""Kit types against Simon Tatham's standalone solvers, each puzzle met once.

    python benchmarks/bench_kit.py --tatham DIR [--count 20] [--seed S]

For each set (a type, size and difficulty) it makes ``--count`` puzzles that neither program
has seen: his generator (``DIR/lightupgen PARAMS SEED COUNT``, see shared/tools/tatham) with a
fresh seed. Then, in one run:

- the columns of ``bench_fresh.py`` (the same functions): **corpus** (one fresh Python process
  per set; after ``import aspuzzle`` it reads, solves and proves unique each puzzle once), the
  **cold** and **CLI** rows, and **Tatham**'s standalone solver, one process per puzzle
  (process start included), with the ratios.

Without ``--tatham`` (or when his programs are not built there) the puzzles of
``tests/data/TYPE/tatham.jsonl`` are timed for ours alone. Every answer is checked: unique, and
passing the type's ``verify``, the same in every column.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from bench_fresh import ROOT, make, markdown, measure

SETS = [
    ("lightup", "lightup", "7x7b20s4d1"),
    ("lightup", "lightup", "10x10b20s4d2"),
    ("lightup", "lightup", "14x14b20s4d2"),
    ("lightup", "lightup", "20x20b20s4d1"),
    ("sudoku", "solo", "3x3db"),
    ("sudoku", "solo", "3x3de"),
    ("skyscrapers", "towers", "5de"),
    ("skyscrapers", "towers", "6dh"),
    ("skyscrapers", "towers", "7dx"),
    ("skyscrapers", "towers", "8du"),
]
"""(our type, Tatham's game, his parameters)."""

def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--tatham", type=Path, default=None, metavar="DIR",
                   help="where his built programs are (shared/tools/tatham)")
    p.add_argument("--count", type=int, default=20, help="puzzles per set (default 20)")
    p.add_argument("--seed", default=None, help="generator seed (default: the time)")
    p.add_argument("--only", action="append", metavar="TYPE", help="only these types")
    p.add_argument("--rounds", type=int, default=3, help="rounds (default 3)")
    args = p.parse_args(argv)
    seed = args.seed or f"bench-{int(time.time())}"
    rows = []
    done: set[str] = set()
    for ours_type, game, params in SETS:
        if args.only and ours_type not in args.only:
            continue
        gen = args.tatham / f"{game}gen" if args.tatham else None
        solver = args.tatham / f"{game}solver" if args.tatham else None
        if gen is not None and gen.exists() and solver is not None and solver.exists():
            ids = make(args.tatham, game, params, seed, args.count)
            label, source = f"{ours_type} {params}", f"{game}gen {params} {seed}"
        else:
            if ours_type in done:
                continue
            done.add(ours_type)
            data = ROOT / "tests" / "data" / ours_type / "tatham.jsonl"
            if not data.exists():
                continue
            ids = [json.loads(line)["id"] for line in data.read_text().splitlines() if line]
            label, source, solver = f"{ours_type} (tests/data)", str(data.relative_to(ROOT)), None
        rows.append(measure(label, ours_type, ids, source, solver, rounds=args.rounds))
    print("\n".join(markdown(rows)))
    problems = [x for r in rows for x in r.problems]
    for x in problems:
        print(f"PROBLEM: {x}", file=sys.stderr)
    if problems:
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
