"""What grading a class of LEGUP Tree Tent proofs costs, and the round trip over the corpus.

    python benchmarks/bench_legup.py                      # 120 students x 6 files, --jobs 2
    python benchmarks/bench_legup.py --students 20 --jobs 1
    python benchmarks/bench_legup.py --round-trip         # every Tents puzzle of the corpus
    python benchmarks/bench_legup.py --students 20 --fresh   # no board judged twice

The class: ``--students`` folders of ``--files`` proofs each (homework folders, every step
checked), exported from explanations of the 10x10 and 15x15 Tatham puzzles of
tests/data/tents (one puzzle per homework, as a class gets it); every fifth file has a wrong
step. It prints the files graded, the wall time of :func:`aspuzzle.legup.grade` and the time
per file. ``--round-trip`` exports every Tents puzzle of the corpus (tests/data/tents and
../shared/corpus) and checks the proof; it prints each puzzle's size, steps, transitions, the
verdict and the times, and fails if any proof is not valid and complete.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

import aspuzzle
from aspuzzle.legup import check_text, export_proof
from aspuzzle.legup.grade import grade

ROOT = Path(__file__).resolve().parent.parent
TATHAM = ROOT / "tests" / "data" / "tents" / "tatham.jsonl"
CORPUS = ROOT.parent / "shared" / "corpus" / "tatham.jsonl"


def _ids(path: Path) -> list[str]:
    if not path.is_file():
        return []
    return [d["id"] for line in path.read_text().splitlines() if line.strip()
            for d in [json.loads(line)] if d.get("game", "tents") == "tents"]


def make_class(folder: Path, students: int, files: int) -> int:
    small = [i for i in _ids(TATHAM) if i.startswith("10x10")]
    large = [i for i in _ids(TATHAM) if i.startswith("15x15")]
    ids = [x for pair in zip(small, large, strict=False) for x in pair]  # 10x10, 15x15, ...
    proofs = [export_proof(aspuzzle.loads(i, type="tents")) for i in ids[:files]]
    n = 0
    for s in range(1, students + 1):
        for h in range(files):
            d = folder / f"student{s:03d}" / f"hw{h + 1}"
            d.mkdir(parents=True, exist_ok=True)
            text = proofs[h % len(proofs)]
            if n % 5 == 4:  # a wrong step: the first grass of the proof made a tent
                text = text.replace('<cell value="2"', '<cell value="3"', 1)
            (d / "proof.xml").write_text(text)
            n += 1
    return n


def _cpu() -> float:
    """CPU seconds of this process (the workers of --jobs 2 are the forkserver's children,
    not ours: their time is not counted)."""
    t = os.times()
    return t.user + t.system


def bench_class(students: int, files: int, jobs: int, fresh: bool) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        n = make_class(Path(tmp), students, files)
        made = time.perf_counter() - t0
        print(f"class: {students} students x {files} files = {n} proofs (made in {made:.1f} s)"
              f"; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        if fresh:
            bench_fresh(Path(tmp), n)
            return
        t0, c0 = time.perf_counter(), _cpu()
        rows = grade(tmp, jobs=jobs)
        took, cpu = time.perf_counter() - t0, _cpu() - c0
    solved = sum(r.solved for r in rows)
    errors = sum(bool(r.error) for r in rows)
    cpu_text = f", {cpu:.1f} s CPU" if jobs == 1 else ""
    print(f"grade --jobs {jobs}: {took:.1f} s wall{cpu_text}, {took / n * 1000:.0f} ms per "
          f"file; {solved} solved, {n - solved - errors} not, {errors} errors")


def bench_fresh(folder: Path, n: int) -> None:
    """Every file judged as if no other proof had passed through its boards: the class's
    proofs are copies of a few, and a grader keeps each board's judgement for the next file
    (aspuzzle.puzzles.tents.proofs.check); here that memory is emptied before each file (one
    process, the puzzles' rules grounded once, as a worker keeps them)."""
    from aspuzzle.legup.grade import grade_file
    from aspuzzle.puzzles.tents.proofs import check

    paths = sorted(folder.rglob("*.xml"))
    for path in paths[:6]:  # ground the puzzles' rules first, as a worker does once
        grade_file(("", "", str(path), None, None, False))
    t0, c0 = time.perf_counter(), time.process_time()
    for path in paths:
        check._JUDGED.clear()
        grade_file(("", "", str(path), None, None, False))
    took, cpu = time.perf_counter() - t0, time.process_time() - c0
    print(f"each file afresh (one process): {took:.1f} s wall, {cpu:.1f} s CPU, "
          f"{cpu / n * 1000:.0f} ms CPU per file")


def round_trip() -> int:
    ids = list(dict.fromkeys(_ids(TATHAM) + _ids(CORPUS)))
    bad = 0
    print("| puzzle | steps | transitions | verdict | explain+export s | check s |")
    print("|---|---|---|---|---|---|")
    for i in ids:
        loaded = aspuzzle.loads(i, type="tents")
        t0 = time.perf_counter()
        text = export_proof(loaded)
        t1 = time.perf_counter()
        r = check_text(text)
        t2 = time.perf_counter()
        bad += not r.solved
        size = i.split(":")[0]
        print(f"| {size} {i.split(':')[1][:10]} | {r.depth} | {len(r.verdicts)} | "
              f"{'valid, complete' if r.solved else 'NOT SOLVED'} | {t1 - t0:.2f} | "
              f"{t2 - t1:.2f} |", flush=True)
    print(f"{len(ids) - bad} of {len(ids)} proofs valid and complete")
    return 1 if bad else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--students", type=int, default=120)
    ap.add_argument("--files", type=int, default=6)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--round-trip", action="store_true")
    ap.add_argument("--fresh", action="store_true",
                    help="judge each file with no judgement of an earlier file kept")
    args = ap.parse_args()
    if args.round_trip:
        return round_trip()
    bench_class(args.students, args.files, args.jobs, args.fresh)
    return 0


if __name__ == "__main__":
    sys.exit(main())
