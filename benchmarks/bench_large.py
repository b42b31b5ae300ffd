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
* Tents: ``_draw`` + the loop of ``_make_unique`` (``_second``, ``_redraw``) of
  ``aspuzzle.puzzles.tents.generate``, with up to ``TENTS_REPAIRS`` repairs where the generator
  allows 60: a random layout of trees and tents at Tatham's density (one tent in 5 cells) drawn
  by clingo, every row and column clue given, then redrawn around the cells where a second
  solution differs until there is none. Each repair solves the whole board, and larger boards
  need more of them (the CPU seconds each board took are stored with it). Tatham's own
  generator is no way round: it took 2.4 s for one 20x20 easy board and had not finished a
  30x30 after a minute.

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
        print(f"made {ptype} {n}x{n} in {made:.1f} s CPU", file=sys.stderr, flush=True)
    data_file(ptype).write_text("".join(json.dumps(records[n]) + "\n" for n in sorted(records)))
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
