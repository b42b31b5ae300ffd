"""aspuzzle benchmark: complete step-by-step explanations of the Tents corpus.

    python benchmarks/bench_explain.py               # all 44 Tatham tents puzzles, 3 repeats
    python benchmarks/bench_explain.py --repeat 1 --only 15x15
    python benchmarks/bench_explain.py --json        # one JSON object per size

For every size it prints the median and the slowest time of ``aspuzzle.explain`` (grounding
the rules and the game once, every step re-proven, case splits searched and followed), the
number of steps, and how many puzzles needed which tier: direct rules only, single case
splits, nested case splits. Every explanation is replayed against the corpus solution: each
cell is set once, to its value in the solution, and the end is the solution.

Exit status: 0 done; 1 an explanation did not reach the recorded solution; 2 bad usage.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from aspuzzle.explain import Explanation, explain
from aspuzzle.puzzles.tents.model import TentsInstance
from aspuzzle.puzzles.tents.tatham import read_tatham

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "data" / "tents" / "tatham.jsonl"


@dataclass
class Row:
    size: str
    times: list[float] = field(default_factory=list)
    steps: list[int] = field(default_factory=list)
    tiers: Counter[str] = field(default_factory=Counter)
    wrong: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"size": self.size, "puzzles": len(self.steps),
                "median_s": round(statistics.median(self.times), 4),
                "max_s": round(max(self.times), 4),
                "median_steps": statistics.median(self.steps),
                "tiers": dict(self.tiers), "wrong": self.wrong}


def replay_problem(inst: TentsInstance, e: Explanation, solution: set[tuple[int, int]]) -> str:
    """Why the explanation does not reach the solution ("" if it does)."""
    if not e.solved:
        return f"not solved ({e.status}: {e.note})"
    cells: dict[tuple[int, int], str] = {}
    for step in e.steps:
        for cell, value in step.sets:
            if cell in cells:
                return f"{step.rule} sets {cell} twice"
            if (value == "tent") != (cell in solution):
                return f"{step.rule} sets {cell} to {value}"
            cells[cell] = value
    if {c for c, v in cells.items() if v == "tent"} != solution:
        return "the tents differ from the solution"
    if len(cells) != inst.height * inst.width - len(inst.trees):
        return "some cells were never set"
    return ""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=3, help="runs per puzzle (median; default 3)")
    ap.add_argument("--only", metavar="SIZE", help="only puzzles of this size, e.g. 15x15")
    ap.add_argument("--json", action="store_true", help="print JSON Lines instead of a table")
    args = ap.parse_args(argv)
    if args.repeat < 1:
        ap.error("--repeat must be at least 1")
    records = [json.loads(line) for line in CORPUS.read_text().splitlines() if line.strip()]
    rows: dict[str, Row] = {}
    for rec in records:
        size = rec["id"].split("d")[0]
        if args.only and size != args.only:
            continue
        inst = read_tatham(rec["id"])
        solution = {(r, c) for r, c in rec["solution"]["tents"]}
        row = rows.setdefault(size, Row(size))
        times = []
        e = None
        for _ in range(args.repeat):
            start = time.perf_counter()
            e = explain(inst)
            times.append(time.perf_counter() - start)
        assert e is not None
        row.times.append(statistics.median(times))
        row.steps.append(len(e.steps))
        row.tiers[e.tier if e.solved else "unsolved"] += 1
        problem = replay_problem(inst, e, solution)
        if problem:
            row.wrong.append(f"{rec['id']}: {problem}")
    if not rows:
        ap.error(f"no puzzle of size {args.only}")
    ordered = sorted(rows.values(), key=lambda r: int(r.size.split("x")[0]))
    if args.json:
        for r in ordered:
            sys.stdout.write(json.dumps(r.to_json()) + "\n")
    else:
        table = Table(title=f"explain: Tatham tents corpus, median of {args.repeat} run(s)")
        for col in ("size", "puzzles", "median s", "max s", "steps", "direct",
                    "case", "nested", "wrong"):
            table.add_column(col, justify="right")
        for r in ordered:
            table.add_row(r.size, str(len(r.steps)), f"{statistics.median(r.times):.3f}",
                          f"{max(r.times):.3f}", f"{statistics.median(r.steps):g}",
                          str(r.tiers["direct"]), str(r.tiers["case"]),
                          str(r.tiers["nested"]), str(len(r.wrong)))
        Console().print(table)
        for r in ordered:
            for w in r.wrong:
                Console(stderr=True).print(f"WRONG {w}", markup=False)
    return 1 if any(r.wrong for r in ordered) else 0


if __name__ == "__main__":
    sys.exit(main())
