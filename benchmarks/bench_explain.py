"""aspuzzle benchmark: complete step-by-step explanations, and diagnoses, for every type.

    python benchmarks/bench_explain.py                  # every set, 3 repeats
    python benchmarks/bench_explain.py --repeat 1 --only 15x15 --type tents
    python benchmarks/bench_explain.py --json           # one JSON object per set
    python benchmarks/bench_explain.py --diagnose       # also time aspuzzle.diagnose
    python benchmarks/bench_explain.py --jsonl tests/data/hitori/tatham-sets.jsonl --only 50x50
                                                        # the records of a file instead

Sets: Tents, Futoshiki and Hitori Tatham IDs of the test data (by size and level), three
20x20 Hitori (``benchmarks/data``), the published ZebraLogic puzzles of the test data (by
size) and the Boys in the Hood logic grid. For every set it prints the median and the slowest
time of ``aspuzzle.explain`` (grounding the rules and the game once, every step re-proven,
case splits searched and followed), the number of steps, and how many puzzles needed which
tier. Every explanation is replayed: each key of the board is set once, to its value in the
puzzle's solution (the solver's unique one, itself checked against the record where there is
one), and the board ends complete (as the type's reasoner judges it).

With ``--diagnose``: the median time of ``aspuzzle.diagnose`` on each puzzle with one clue
changed so that it has no solution ("broken"; the first change, in reading order, that does)
and with one clue taken away so that it has several ("loose"); the verdicts are checked.

Exit status: 0 done; 1 an explanation did not reach the solution or a diagnosis was wrong;
2 bad usage.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

import aspuzzle
from aspuzzle import Status
from aspuzzle.explain import Board, Kind, explain, reasoner_for

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"


@dataclass
class Row:
    type: str
    size: str
    times: list[float] = field(default_factory=list)
    steps: list[int] = field(default_factory=list)
    tiers: Counter[str] = field(default_factory=Counter)
    wrong: list[str] = field(default_factory=list)
    broken: list[float] = field(default_factory=list)
    loose: list[float] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        out = {"type": self.type, "size": self.size, "puzzles": len(self.steps),
               "median_s": round(statistics.median(self.times), 4),
               "max_s": round(max(self.times), 4),
               "median_steps": statistics.median(self.steps),
               "tiers": dict(self.tiers), "wrong": self.wrong}
        for name, ts in (("diagnose_broken_s", self.broken), ("diagnose_loose_s", self.loose)):
            if ts:
                out[name] = round(statistics.median(ts), 4)
        return out


# --- the sets ------------------------------------------------------------------------------

def _jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def file_cases(path: Path) -> Iterator[tuple[str, str, str, Any]]:
    """The records of a JSON Lines file of Tatham IDs (``id``, ``solution``; e.g. the
    ``tatham-sets.jsonl`` of the test data or the sets of ``benchmarks/data``), by size."""
    types = {"tents": "tents", "singles": "hitori", "unequal": "futoshiki"}
    for rec in _jsonl(path):
        params = rec["id"].split(":")[0]
        size = params if rec["game"] == "unequal" else params.split("d")[0]
        yield types[rec["game"]], size, rec["id"], (rec["id"], rec.get("solution"))


def cases() -> Iterator[tuple[str, str, str, Any]]:
    """(type, set, label, (puzzle text, recorded solution or None))."""
    for rec in _jsonl(DATA / "tents" / "tatham.jsonl"):
        yield "tents", rec["id"].split("d")[0], rec["id"], (rec["id"], rec["solution"])
    for rec in _jsonl(DATA / "futoshiki" / "unequal.jsonl"):
        yield "futoshiki", rec["id"].split(":")[0], rec["id"], (rec["id"], rec["solution"])
    for path in (DATA / "hitori" / "tatham.jsonl", ROOT / "benchmarks" / "data" /
                 "hitori-20x20.jsonl"):
        for rec in _jsonl(path):
            size = rec["id"].split(":")[0].split("d")[0]
            yield "hitori", size, rec["id"], (rec["id"], rec["solution"])
    for rec in _jsonl(DATA / "zebralogic" / "published.jsonl"):
        yield "logicgrid", "zebra " + rec["size"].replace("*", "x"), rec["id"], \
            (rec["puzzle"], None)
    boys = ROOT / "examples" / "logicgrid" / "boys-in-the-hood.logic"
    yield "logicgrid", "Boys in the Hood", boys.name, (boys.read_text(), None)


# --- replaying an explanation --------------------------------------------------------------

def replay_problem(loaded: aspuzzle.Loaded, e: Any, recorded: Any) -> str:
    """Why the explanation does not reach the solution ("" if it does)."""
    if not e.solved:
        return f"not solved ({e.status}: {e.note})"
    p = loaded.puzzle
    res = aspuzzle.solve(loaded)
    if res.status is not Status.UNIQUE:
        return f"the puzzle is {res.status}"
    solution = res.solutions[0]
    ours = p.solution_to_json(solution)
    if recorded is not None and any(ours.get(k) != v for k, v in recorded.items()):
        return "the solver's solution is not the recorded one"
    rs = reasoner_for(loaded)
    target = rs.solution_board(solution).cells
    cells: dict[Any, str] = {}
    for step in e.steps:
        if step.kind not in (Kind.DIRECT, Kind.CASE):
            return f"a {step.kind} step in a solved explanation"
        for key, value in step.sets:
            if key in cells:
                return f"{step.rule} sets {key} again"
            if target.get(key) != value:
                return f"{step.rule} sets {key} to {value}, the solution has {target.get(key)}"
            cells[key] = value
    if not rs.complete(Board(cells)):
        return "the board does not end complete"
    return ""


# --- one clue changed or taken away, per type ----------------------------------------------

def _variants(inst: Any) -> Iterator[tuple[str, Any]]:
    """("broken" | "loose", instance) candidates, in reading order: a clue changed, a clue
    taken away."""
    from aspuzzle.puzzles.futoshiki.model import FutoshikiInstance
    from aspuzzle.puzzles.hitori.model import HitoriInstance
    from aspuzzle.puzzles.logicgrid.model import LogicGridInstance
    from aspuzzle.puzzles.tents.model import TentsInstance

    if isinstance(inst, TentsInstance):
        for r, n in enumerate(inst.row_clues):
            row = list(inst.row_clues)
            row[r] = (n or 0) + 1
            yield "broken", inst._replace(row_clues=tuple(row))
            row[r] = None
            yield "loose", inst._replace(row_clues=tuple(row))
    elif isinstance(inst, FutoshikiInstance):
        for g in sorted(inst.givens):
            for d in range(1, inst.size + 1):
                yield "broken", inst._replace(givens=inst.givens - {g} | {(g[0], g[1], d)})
            yield "loose", inst._replace(givens=inst.givens - {g})
        for s in sorted(inst.greater):
            yield "broken", inst._replace(greater=inst.greater - {s} | {(s[1], s[0])})
            yield "loose", inst._replace(greater=inst.greater - {s})
    elif isinstance(inst, HitoriInstance):
        for r, row in enumerate(inst.grid):
            for c, v in enumerate(row):
                for w in sorted(set(row) - {v}):
                    changed = (*row[:c], w, *row[c + 1:])
                    grid = (*inst.grid[:r], changed, *inst.grid[r + 1:])
                    yield "broken", inst._replace(grid=grid)
    elif isinstance(inst, LogicGridInstance):
        for clue in inst.clues:
            yield "loose", inst._replace(clues=tuple(c for c in inst.clues
                                                     if c.number != clue.number))


def time_diagnoses(inst: Any, repeat: int, row: Row) -> None:
    wanted = {"broken": Status.NONE, "loose": Status.MULTIPLE}
    done: set[str] = set()
    for kind, variant in _variants(inst):
        if kind in done or aspuzzle.solve(_load(variant)).status is not wanted[kind]:
            continue
        done.add(kind)
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            d = aspuzzle.diagnose(variant)
            times.append(time.perf_counter() - start)
        if d.status is not wanted[kind] or (kind == "broken" and not d.core) or \
                (kind == "loose" and not d.repair):
            row.wrong.append(f"diagnose ({kind}): {d.text}")
        (row.broken if kind == "broken" else row.loose).append(statistics.median(times))
        if len(done) == 2:
            return


def _load(inst: Any) -> aspuzzle.Loaded:
    from aspuzzle.explain import _loaded

    loaded: aspuzzle.Loaded = _loaded(inst)
    return loaded


# --- main ----------------------------------------------------------------------------------

def _order(row: Row) -> tuple[int, int, str]:
    digits = "".join(ch for ch in row.size.split("x")[0] if ch.isdigit())
    types = ("tents", "futoshiki", "hitori", "logicgrid")
    return types.index(row.type), int(digits or 0), row.size


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--repeat", type=int, default=3, help="runs per puzzle (median; default 3)")
    ap.add_argument("--type", dest="type_", metavar="TYPE", help="only this puzzle type")
    ap.add_argument("--only", metavar="SET", help="only this set, e.g. 15x15 or 9dx")
    ap.add_argument("--limit", type=int, default=0, help="at most N puzzles per set")
    ap.add_argument("--diagnose", action="store_true", help="also time aspuzzle.diagnose")
    ap.add_argument("--json", action="store_true", help="print JSON Lines instead of a table")
    ap.add_argument("--jsonl", type=Path, metavar="FILE",
                    help="time the Tatham IDs of this JSON Lines file instead of the sets")
    ap.add_argument("--cpu", action="store_true",
                    help="CPU time of the process (time.process_time) instead of wall time")
    args = ap.parse_args(argv)
    if args.repeat < 1:
        ap.error("--repeat must be at least 1")
    rows: dict[tuple[str, str], Row] = {}
    clock = time.process_time if args.cpu else time.perf_counter
    for type_, size, label, (text, recorded) in (file_cases(args.jsonl) if args.jsonl
                                                 else cases()):
        if (args.type_ and type_ != args.type_) or (args.only and size != args.only):
            continue
        row = rows.setdefault((type_, size), Row(type_, size))
        if args.limit and len(row.steps) >= args.limit:
            continue
        loaded = aspuzzle.loads(text, type=type_)
        times = []
        e: Any = None
        for _ in range(args.repeat):
            start = clock()
            e = explain(loaded)
            times.append(clock() - start)
        row.times.append(statistics.median(times))
        row.steps.append(len(e.steps))
        row.tiers[e.tier if e.solved else "unsolved"] += 1
        problem = replay_problem(loaded, e, recorded)
        if problem:
            row.wrong.append(f"{label[:40]}: {problem}")
        if args.diagnose:
            time_diagnoses(loaded.instance, args.repeat, row)
    rows = {k: r for k, r in rows.items() if r.steps}
    if not rows:
        ap.error("no puzzle in the sets chosen")
    ordered = sorted(rows.values(), key=_order)
    if args.json:
        for r in ordered:
            sys.stdout.write(json.dumps(r.to_json()) + "\n")
    else:
        table = Table(title=f"explain: median of {args.repeat} run(s) per puzzle")
        cols = ["type", "set", "puzzles", "median s", "max s", "steps", "direct", "case",
                "nested", "wrong"]
        if args.diagnose:
            cols += ["diagnose broken s", "diagnose loose s"]
        for col in cols:
            table.add_column(col, justify="left" if col in ("type", "set") else "right")
        for r in ordered:
            cells = [r.type, r.size, str(len(r.steps)), f"{statistics.median(r.times):.3f}",
                     f"{max(r.times):.3f}", f"{statistics.median(r.steps):g}",
                     str(r.tiers["direct"]), str(r.tiers["case"]), str(r.tiers["nested"]),
                     str(len(r.wrong))]
            if args.diagnose:
                cells += [f"{statistics.median(ts):.3f}" if ts else "-"
                          for ts in (r.broken, r.loose)]
            table.add_row(*cells)
        Console().print(table)
        for r in ordered:
            for w in r.wrong:
                Console(stderr=True).print(f"WRONG {r.type} {r.size} {w}", markup=False)
    return 1 if any(r.wrong for r in ordered) else 0



if __name__ == "__main__":
    sys.exit(main())
