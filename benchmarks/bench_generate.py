"""aspuzzle benchmark: generating puzzles (a proven-unique puzzle of the exact tier asked).

    python benchmarks/bench_generate.py                   # the issue's goal sets, 5 seeds each
    python benchmarks/bench_generate.py --type tents --seeds 3
    python benchmarks/bench_generate.py --type hitori --size 20x20   # one row
    python benchmarks/bench_generate.py --growth          # time by size (logic grids 3x4 .. 7x5,
                                                          # futoshiki 5 .. 12)
    python benchmarks/bench_generate.py --jobs 2          # throughput with 2 processes too
    python benchmarks/bench_generate.py --json            # one JSON object per row

Every row generates puzzles from seeds 1..N through the library (``aspuzzle.generator``, one
process, the puzzle's uniqueness proof and its grade included) and prints the median and the
slowest time per puzzle, the median CPU time (the time on an idle machine: the wall time
grows when other jobs share the cores), the attempts they took, and the goal of issue 9 next
to Tatham's own generator measured on this machine (C, one puzzle; quoted from the issue).
Every puzzle made is checked again: re-read from its printed form, solved (exactly one
solution, the one printed) and graded (the tier asked).

``--jobs J`` also runs each row's seeds with ``aspuzzle generate --count N --jobs J`` and
reports puzzles per second against ``--jobs 1`` in the same run.

Exit status: 0 done; 1 a generated puzzle failed its re-check; 2 bad usage.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import bench_speed as speed
from rich.console import Console
from rich.table import Table

import aspuzzle
from aspuzzle import Status
from aspuzzle.difficulty import grade
from aspuzzle.generator import GenerationFailed, generate_one, make_request

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Goal:
    type: str
    size: str
    tier: str
    goal_s: float | None
    tatham: str
    extra: dict[str, Any] = field(default_factory=dict)


GOALS = (
    Goal("tents", "15x15", "case", 0.3, "0.02 s (tricky)"),
    Goal("tents", "20x20", "case", None, "0.04 s (tricky)"),
    Goal("tents", "25x25", "case", 2.0, "5-40 s (tricky)"),
    Goal("tents", "30x30", "case", 5.0, "> 300 s (tricky)"),
    Goal("hitori", "20x20", "direct", 0.3, "0.12 s"),
    Goal("hitori", "30x30", "direct", None, "0.5 s"),
    Goal("hitori", "50x50", "direct", 5.0, "12 s"),
    Goal("futoshiki", "9", "case", 2.0, "0.23 s (extreme), 11 s (recursive)"),
    Goal("futoshiki", "12", "case", 3.0, "1.7 s (extreme)"),
    Goal("logicgrid", "5x6", "direct", 0.5, "-"),
)

GROWTH = {"tents": ["8x8", "10x10", "15x15", "20x20", "25x25", "30x30", "40x40", "50x50"],
          "hitori": ["8x8", "10x10", "15x15", "20x20", "30x30", "40x40", "50x50"],
          # a 4x4 futoshiki is never made at tier case (the direct rules explain them all)
          "futoshiki": ["5", "6", "7", "8", "9", "10", "11", "12"],
          # K categories x N values; ZebraLogic's 5 houses x 6 characteristics is 7x5
          "logicgrid": ["3x4", "4x4", "5x5", "5x6", "6x6", "7x5"]}


@dataclass
class Row:
    type: str
    size: str
    tier: str
    goal: Goal | None
    times: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    """CPU time of this process per puzzle: what the wall time would be on an idle machine
    (clingo runs single-threaded here), less noisy when other jobs share the cores."""
    attempts: list[int] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)
    rate_jobs1: float | None = None
    rate_jobs: float | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "size": self.size, "tier": self.tier,
                               "puzzles": len(self.times), "failed": self.failed,
                               "wrong": self.wrong}
        if self.times:
            out.update(median_s=round(statistics.median(self.times), 4),
                       max_s=round(max(self.times), 4),
                       median_cpu_s=round(statistics.median(self.cpu), 4),
                       median_attempts=statistics.median(self.attempts))
        if self.goal is not None:
            out.update(goal_s=self.goal.goal_s, tatham=self.goal.tatham)
        if self.rate_jobs is not None:
            out.update(per_s_jobs1=self.rate_jobs1, per_s_jobs=self.rate_jobs)
        return out


def _answer(p: Any, solution: Any) -> Any:
    """What uniqueness is judged on: for Tents the tents, not which tree each is paired with
    (a unique placement may be paired in several ways, and a solve may report any)."""
    d = p.solution_to_json(solution)
    return d["tents"] if p.name == "tents" else d


def recheck(g: Any, tier: str) -> str:
    """Why a generated puzzle is not what it claims ("" if it is)."""
    p = g.loaded.puzzle
    for name, f in p.formats.items():
        if f.write is None:
            continue
        try:
            text = f.write(g.loaded.instance, None)
        except aspuzzle.AspuzzleError:
            continue  # a format that cannot hold this puzzle (e.g. Tents counts left out)
        back = aspuzzle.loads(text, type=p.name, fmt=name)
        res = aspuzzle.solve(back)
        if res.status is not Status.UNIQUE:
            return f"read back from {name}: {res.status}"
        if _answer(p, res.solutions[0]) != _answer(p, g.solution):
            return f"read back from {name}: another solution"
    again = grade(g.loaded)
    if str(again.tier) != tier:
        return f"graded {again.tier}, asked {tier}"
    return ""


def run_row(type_: str, size: str, tier: str, seeds: int, goal: Goal | None) -> Row:
    row = Row(type_, size, tier, goal)
    request = make_request(type_, size=size, difficulty=tier)
    for seed in range(1, seeds + 1):
        start, cpu = time.perf_counter(), time.process_time()
        try:
            g = generate_one(request, seed)
        except GenerationFailed as e:
            row.failed.append(str(e))
            continue
        row.times.append(time.perf_counter() - start)
        row.cpu.append(time.process_time() - cpu)
        row.attempts.append(g.attempts)
        why = recheck(g, tier)
        if why:
            row.wrong.append(f"seed {seed}: {why}")
    return row


def throughput(row: Row, seeds: int, jobs: int) -> None:
    """Puzzles per second of ``aspuzzle generate --count`` with --jobs 1 and --jobs J."""
    rates = []
    for j in (1, jobs):
        cmd = [sys.executable, "-m", "aspuzzle", "generate", row.type, "--size", row.size,
               "--difficulty", row.tier, "--count", str(seeds), "--seed", "1", "--json",
               "--jobs", str(j)]
        start = time.perf_counter()
        proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
        took = time.perf_counter() - start
        if proc.returncode != 0:
            row.failed.append(f"--jobs {j}: {proc.stderr.strip()}")
            return
        rates.append(round(seeds / took, 3))
    row.rate_jobs1, row.rate_jobs = rates


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--type", action="append", help="only this type (repeatable)")
    ap.add_argument("--size", action="append",
                    help="only rows of this size, e.g. 20x20 or 5x6 (repeatable)")
    ap.add_argument("--seeds", type=int, default=5, help="puzzles per row (default 5)")
    ap.add_argument("--growth", action="store_true",
                    help="time by size for Tents, Hitori (8x8 .. 50x50) and logic grids "
                         "(3x4 .. 7x5), both tiers")
    ap.add_argument("--jobs", type=int, default=0,
                    help="also measure throughput with this many processes")
    ap.add_argument("--json", action="store_true", help="one JSON object per row")
    args = ap.parse_args(argv)
    plan: list[tuple[str, str, str, Goal | None]] = []
    if args.growth:
        for t, sizes in GROWTH.items():
            plan += [(t, s, tier, None) for s in sizes for tier in ("direct", "case")]
    else:
        plan = [(g.type, g.size, g.tier, g) for g in GOALS]
    if args.type:
        plan = [p for p in plan if p[0] in args.type]
    if args.size:
        plan = [p for p in plan if p[1] in args.size]
    console = Console(stderr=args.json)
    before = speed.loop_s()
    rows = []
    for t, size, tier, goal in plan:
        row = run_row(t, size, tier, args.seeds, goal)
        if args.jobs > 1:
            throughput(row, args.seeds, args.jobs)
        rows.append(row)
        if args.json:
            print(json.dumps(row.to_json()), flush=True)
    table = Table(title=f"generate: median per puzzle, seeds 1..{args.seeds}")
    for col in ("type", "size", "tier", "median s", "max s", "cpu s", "attempts", "goal s",
                "Tatham",
                "failed", "wrong"):
        table.add_column(col, justify="right" if col not in ("type", "tier", "Tatham") else
                         "left")
    if args.jobs > 1:
        table.add_column("per s, jobs 1", justify="right")
        table.add_column(f"per s, jobs {args.jobs}", justify="right")
    for r in rows:
        d = r.to_json()
        cells = [r.type, r.size, r.tier, str(d.get("median_s", "-")), str(d.get("max_s", "-")),
                 str(d.get("median_cpu_s", "-")), str(d.get("median_attempts", "-")),
                 "-" if r.goal is None or r.goal.goal_s is None else str(r.goal.goal_s),
                 "-" if r.goal is None else r.goal.tatham, str(len(r.failed)),
                 str(len(r.wrong))]
        if args.jobs > 1:
            cells += [str(r.rate_jobs1), str(r.rate_jobs)]
        table.add_row(*cells)
    console.print(table)
    console.print(speed.note(before, speed.loop_s()), markup=False)
    for r in rows:
        for why in r.failed + r.wrong:
            console.print(f"{r.type} {r.size} {r.tier}: {why}", markup=False)
    return 1 if any(r.wrong for r in rows) else 0


if __name__ == "__main__":
    sys.exit(main())
