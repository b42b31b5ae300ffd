"""Many inputs on one command line: what ``aspuzzle solve A B C ...`` adds per puzzle beyond the
library's own solve time, and what ``--jobs`` gives (issue 11, part 3).

    python benchmarks/bench_many.py                 # the first 100 Tatham puzzles of the corpus
    python benchmarks/bench_many.py --count 40 --repeat 5

The puzzles are the shared corpus' Tatham IDs (Hitori, Futoshiki, Tents), each written to a file
of its own with its type as a prefix. For each run it prints, as medians over ``--repeat`` runs:

* ``lib``: ``aspuzzle.load`` + ``aspuzzle.solve`` of every file, summed, in a fresh process
  after its imports: what a script calling the library over these files pays, its first
  grounding of each type and size included (the CLI pays those too);
* ``lib, warm``: the same files again in the process that has solved them all once (shared
  programs grounded, caches full): shown for comparison, not subtracted;
* ``start``: ``aspuzzle solve`` of one small file (Python, imports, one tiny solve);
* ``cli --jobs 1`` and ``cli`` (the default ``--jobs``) on all the files, ``--json`` to a pipe;
* the CLI's overhead per puzzle: (cli - start - lib) / count.

The two CLI runs must print the same bytes (apart from the ``time_s`` each record measures):
a difference is reported and the exit status is 1.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus" / "tatham.jsonl"
PREFIX = {"singles": "hitori", "unequal": "futoshiki", "tents": "tents"}
SMALL = ROOT / "examples" / "tents" / "seed-6x6.txt"


def write_inputs(folder: Path, count: int) -> list[str]:
    records = [json.loads(line) for line in CORPUS.read_text().splitlines() if line.strip()]
    paths = []
    for i, rec in enumerate(records[:count]):
        path = folder / f"{i:03d}.txt"
        path.write_text(f"{PREFIX[rec['game']]}:{rec['id']}\n")
        paths.append(str(path))
    return paths


Timing = tuple[float, float]
"""(wall s, cpu s): on a busy machine the CPU time is the steadier figure."""


_LIB = """
import sys, time
import aspuzzle
paths = sys.argv[1:]
for _ in range(2):  # a fresh process's pass, then a warm one
    wall, cpu = time.perf_counter(), time.process_time()
    for p in paths:
        aspuzzle.solve(aspuzzle.load(p))
    print(time.perf_counter() - wall, time.process_time() - cpu)
"""


def lib_times(paths: list[str]) -> tuple[Timing, Timing]:
    """The library's time over the files in a fresh process (after its imports), then again
    in that process once warm."""
    out = subprocess.run([sys.executable, "-c", _LIB, *paths], capture_output=True, text=True,
                         cwd=ROOT, check=True).stdout.split()
    cold, warm = (float(out[0]), float(out[1])), (float(out[2]), float(out[3]))
    return cold, warm


def _children_cpu() -> float:
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def cli_run(args: list[str]) -> tuple[Timing, str]:
    """A CLI run's wall and CPU time (its worker processes' included) and what it printed."""
    wall, cpu = time.perf_counter(), _children_cpu()
    out = subprocess.run([sys.executable, "-m", "aspuzzle", *args], capture_output=True,
                         text=True, cwd=ROOT, check=False).stdout
    return (time.perf_counter() - wall, _children_cpu() - cpu), out


def _without_times(text: str) -> str:
    return re.sub(r'"time_s": [0-9.e-]+', '"time_s": _', text)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--count", type=int, default=100, help="puzzles (default 100)")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each (default 3)")
    opts = ap.parse_args(argv)
    env_note = f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.2f}"
    with tempfile.TemporaryDirectory() as tmp:
        paths = write_inputs(Path(tmp), opts.count)
        runs: dict[str, list[str]] = {
            "cli --jobs 1": ["--jobs", "1"], f"cli --jobs {os.cpu_count()}": ["--jobs", "0"],
            "cli (default --jobs)": []}
        libs: list[Timing] = []
        warms: list[Timing] = []
        starts: list[Timing] = []
        times: dict[str, list[Timing]] = {name: [] for name in runs}
        outputs: set[str] = set()
        for _ in range(opts.repeat):  # interleaved, so that a busy moment hits all alike
            cold, warm = lib_times(paths)
            libs.append(cold)
            warms.append(warm)
            starts.append(cli_run(["solve", "--json", str(SMALL)])[0])
            for name, extra in runs.items():
                t, out = cli_run(["solve", "--json", *extra, *paths])
                times[name].append(t)
                outputs.add(_without_times(out))
    n = len(paths)

    def med(ts: list[Timing]) -> Timing:
        return statistics.median(t[0] for t in ts), statistics.median(t[1] for t in ts)

    (lib_w, lib_c), (start_w, start_c) = med(libs), med(starts)
    print(f"{n} puzzles, median of {opts.repeat} runs ({env_note}); wall ms / cpu ms")
    print(f"  {'lib (load + solve, in process)':32s} {lib_w * 1000:7.0f} / {lib_c * 1000:7.0f}"
          f"   ({lib_w / n * 1000:.1f} / {lib_c / n * 1000:.1f} ms a puzzle)")
    warm_w, warm_c = med(warms)
    print(f"  {'lib, warm (the files again)':32s} {warm_w * 1000:7.0f} / {warm_c * 1000:7.0f}"
          f"   ({warm_w / n * 1000:.1f} / {warm_c / n * 1000:.1f} ms a puzzle)")
    print(f"  {'aspuzzle solve (one small file)':32s} {start_w * 1000:7.0f} / "
          f"{start_c * 1000:7.0f}")
    for name, ts in times.items():
        w, c = med(ts)
        print(f"  {name:32s} {w * 1000:7.0f} / {c * 1000:7.0f}   beyond start + lib, a puzzle: "
              f"{(w - start_w - lib_w) / n * 1000:+.2f} / {(c - start_c - lib_c) / n * 1000:+.2f}")
    if len(outputs) != 1:
        print("PROBLEM: the runs with different --jobs printed different records")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
