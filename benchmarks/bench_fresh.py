"""Puzzles met once, as a user meets them, against Simon Tatham's standalone C solvers (issue 32).

    python benchmarks/bench_fresh.py [--tatham DIR] [--seed S] [--only TYPE] [--quick]

For each set (a type, size and difficulty) it makes puzzles that no program has seen: Tatham's
own generator (``DIR/<game>gen PARAMS SEED COUNT``, see shared/tools/tatham) with a fresh
seed (default: the time; ``--seed`` makes a set again, and the IDs are kept in
``benchmarks/results/sets/`` so that a set made once is not made again). Then, in one run,
interleaved (round 1 of every column, then round 2, ...) so that a busy minute on the shared
machine hits all columns alike:

- **corpus**: one fresh Python process per set; after ``import aspuzzle`` it reads, solves and
  proves unique each puzzle of the set once (``aspuzzle.loads`` + ``aspuzzle.solve``):
  everything included (reading, grounding or building a shared program, solving, the
  uniqueness proof, building the answer). ms per puzzle = the process's time after its import
  / N; the best of ``--rounds`` such processes (default 3);
- **cold**: one fresh process per puzzle, the same after ``import aspuzzle``, for the first
  ``--cold`` puzzles of the set (default 5): the median, each puzzle's best of the rounds;
- **cli**: ``aspuzzle solve --json ID ...`` over the whole set, one process, everything
  included (Python start-up too): wall ms / N, the best of the rounds;
- **Tatham**: his standalone solver, one process per puzzle (process start included): each
  puzzle's best of the rounds, the mean over the set (ms per puzzle, as the corpus column);
- the ratios corpus / Tatham and cold / Tatham.

Every answer is checked: unique, passing the type's independent ``verify`` (plain Python, no
solver), the same in the corpus, cold and CLI runs. A wrong answer exits with status 1.
``bench_kit.py`` (the kit types) uses the same functions. ``run.py`` prints this table too.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DATA = HERE / "data"
CACHE = HERE / "results" / "sets"
DEFAULT_TATHAM = ROOT.parent / "tatham"
"""Where the shared machine keeps his built programs (/work/tatham beside the repository)."""


@dataclass(frozen=True)
class FreshSet:
    label: str
    """The row's name: ``Tents 10x10 tricky``."""
    type: str
    """Our type (registry name)."""
    game: str
    """Tatham's game (``tents``, ``singles``, ``unequal``, ...): his ``<game>gen`` and
    ``<game>solver``."""
    params: str
    """His parameters (``10x10dt``)."""
    count: int
    stored: str | None = None
    """A ``benchmarks/data`` set of the same kind, used when his generator is too slow to make
    the set in a run (Hitori 50x50: 5 to 100 s a puzzle): its first ``count`` puzzles, and as
    many fresh ones made earlier (``--make-slow``, any seed) from ``results/sets``."""
    slow: bool = False
    """His generator takes seconds a puzzle: made only with ``--make-slow`` (or from cache)."""


SETS: tuple[FreshSet, ...] = (
    FreshSet("Tents 10x10 tricky", "tents", "tents", "10x10dt", 20),
    FreshSet("Tents 15x15 tricky", "tents", "tents", "15x15dt", 20),
    FreshSet("Tents 20x20 tricky", "tents", "tents", "20x20dt", 20),
    FreshSet("Hitori 20x20 tricky", "hitori", "singles", "20x20dk", 20),
    FreshSet("Hitori 30x30 tricky", "hitori", "singles", "30x30dk", 20),
    FreshSet("Hitori 50x50 tricky", "hitori", "singles", "50x50dk", 10,
             stored="hitori-50x50dk", slow=True),
    FreshSet("Futoshiki 9x9 extreme", "futoshiki", "unequal", "9dx", 20),
    FreshSet("Futoshiki 12x12 extreme", "futoshiki", "unequal", "12dx", 10),
)
"""The sets of issue 32's table."""

LARGE = (("Tents 100x100 (stored)", "tents", 100), ("Hitori 100x100 (stored)", "hitori", 100))
"""Cold rows on the stored large boards (``benchmarks/data/large-*.jsonl``): goal under 1 s."""


# --- making sets -----------------------------------------------------------------------------

def make(tatham: Path, game: str, params: str, seed: str, count: int) -> list[str]:
    """``count`` game IDs from his generator, seeded; kept in ``results/sets`` by seed."""
    cache = CACHE / f"{game}-{params}-{seed}.txt"
    if cache.is_file():
        ids = cache.read_text().split()
        if len(ids) >= count:
            return ids[:count]
    out = subprocess.run([str(tatham / f"{game}gen"), params, seed, str(count)],
                         capture_output=True, text=True, check=True).stdout.split()
    CACHE.mkdir(parents=True, exist_ok=True)
    cache.write_text("\n".join(out) + "\n")
    return out[:count]


def stored_ids(stem: str) -> list[str]:
    path = DATA / f"{stem}.jsonl"
    return [json.loads(line)["id"] for line in path.read_text().splitlines() if line.strip()]


def set_ids(s: FreshSet, tatham: Path, seed: str, make_slow: bool) -> tuple[list[str], str]:
    """The set's IDs and where they come from."""
    if s.slow and not make_slow:
        ids = stored_ids(s.stored)[:s.count] if s.stored else []
        # fresh ones made in an earlier run with --make-slow (any seed) are added
        extra: list[str] = []
        for f in sorted(CACHE.glob(f"{s.game}-{s.params}-*.txt")) if CACHE.is_dir() else []:
            extra += f.read_text().split()
        fresh = [i for i in dict.fromkeys(extra) if i not in ids][:s.count]
        return ids + fresh, (f"benchmarks/data/{s.stored}.jsonl ({len(ids)})"
                             + (f" + {len(fresh)} fresh from results/sets" if fresh else ""))
    return make(tatham, s.game, s.params, seed, s.count), f"{s.game}gen {s.params} {seed}"


# --- timing ----------------------------------------------------------------------------------

_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
"""The children's environment: as installed, modules are read from their bytecode cache (this
machine sets PYTHONDONTWRITEBYTECODE=1, with which a changed module is compiled again in
every process: 10 to 30 ms)."""


_CHILD = r"""
import json, sys, time
spec = json.load(sys.stdin)
import aspuzzle
if spec["warm"]:  # the imports a first solve makes, done before the clock
    import clingo
    aspuzzle.get_puzzle(spec["warm"])
ids = spec["ids"]
results = []
start, cpu = time.perf_counter(), time.process_time()
for i in ids:
    results.append(aspuzzle.solve(aspuzzle.loads(i, **spec["kw"])))
elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
out = []
for res in results:  # checked after the clock stopped
    sols = [res.puzzle.solution_to_json(s) for s in res.solutions]
    broken = [str(b) for s in res.solutions for b in res.puzzle.verify(res.instance, s)][:1]
    out.append([str(res.status), [{k: v for k, v in s.items() if k != "pairs"} for s in sols],
                broken])
print(json.dumps({"s": elapsed, "cpu": cpu, "answers": out}))
"""


def ours(ids: Sequence[str], kw: dict[str, Any] | None = None,
         warm: str | None = None, src: Path | None = None) -> tuple[float, float, list[Any]]:
    """One fresh process that solves every puzzle once after ``import aspuzzle``: its wall and
    CPU seconds after the import, and per puzzle [status, answers (no Tents pairing), the first
    rule an answer breaks]. ``warm``: a type whose package is imported (and clingo) before
    the clock starts. ``src``: another tree's ``src`` folder to import aspuzzle from (a
    baseline)."""
    env = _ENV if src is None else {**_ENV, "PYTHONPATH": str(src)}
    proc = subprocess.run([sys.executable, "-c", _CHILD],
                          input=json.dumps({"ids": list(ids), "kw": kw or {}, "warm": warm}),
                          capture_output=True, text=True, check=True, cwd=ROOT, env=env)
    got = json.loads(proc.stdout)
    return got["s"], got["cpu"], got["answers"]


def _cli() -> list[str]:
    script = Path(sys.executable).parent / "aspuzzle"
    return [str(script)] if script.is_file() else [sys.executable, "-m", "aspuzzle"]


def cli(ids: Sequence[str], extra: Sequence[str] = ()) -> tuple[float, list[Any]]:
    """``aspuzzle solve --json ID ...``, one whole process: wall seconds and the records."""
    start = time.perf_counter()
    proc = subprocess.run([*_cli(), "solve", "--json", *extra, *ids], capture_output=True,
                          text=True, cwd=ROOT, env=_ENV, check=False)
    wall = time.perf_counter() - start
    recs = []
    for line in proc.stdout.splitlines():
        try:
            recs.append(json.loads(line))
        except json.JSONDecodeError:
            recs.append(None)
    return wall, recs


def tatham_once(solver: Path, ident: str) -> tuple[float, float]:
    """Wall and CPU seconds (user + system) of one run of his solver."""
    start, cpu = time.perf_counter(), children_cpu()
    subprocess.run([str(solver), ident], capture_output=True, check=False)
    return time.perf_counter() - start, children_cpu() - cpu


def children_cpu() -> float:
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


# --- a row -----------------------------------------------------------------------------------

@dataclass
class FreshRow:
    label: str
    n: int
    source: str
    corpus_ms: float | None = None
    corpus_cpu_ms: float | None = None
    corpus_runs: list[float] = field(default_factory=list)
    before_ms: float | None = None
    """The corpus column with ``--baseline``'s tree, measured in the same rounds."""
    before_cold_ms: float | None = None
    before_cpu_ms: float | None = None
    tatham_cpu_ms: float | None = None
    cold_ms: float | None = None
    cold_warm_ms: float | None = None
    """Cold, but with clingo and the type's package imported before the clock."""
    cold_n: int = 0
    cli_ms: float | None = None
    tatham_ms: float | None = None
    problems: list[str] = field(default_factory=list)

    @property
    def ratio(self) -> float | None:
        if self.corpus_ms is None or not self.tatham_ms:
            return None
        return self.corpus_ms / self.tatham_ms

    @property
    def cpu_ratio(self) -> float | None:
        if self.corpus_cpu_ms is None or not self.tatham_cpu_ms:
            return None
        return self.corpus_cpu_ms / self.tatham_cpu_ms

    @property
    def cold_ratio(self) -> float | None:
        if self.cold_ms is None or not self.tatham_ms:
            return None
        return self.cold_ms / self.tatham_ms


def _judge(label: str, ids: Sequence[str], answers: list[Any], what: str) -> list[str]:
    bad = []
    for ident, (status, _, broken) in zip(ids, answers, strict=True):
        if status != "unique":
            bad.append(f"{label}: {what} says {status} for {ident}")
        elif broken:
            bad.append(f"{label}: {what}'s answer to {ident} breaks a rule: {broken[0]}")
    return bad


def measure(label: str, ptype: str, ids: Sequence[str], source: str, solver: Path | None, *,
            rounds: int = 3, cold: int = 5, use_cli: bool = True,
            kw: dict[str, Any] | None = None, baseline: Path | None = None) -> FreshRow:
    """Every column of one set, interleaved over ``rounds``."""
    row = FreshRow(label, len(ids), source)
    n = len(ids)
    cold_ids = list(ids[:cold])
    corpus: list[tuple[float, float]] = []
    cold_s: list[list[float]] = [[] for _ in cold_ids]
    warm_s: list[list[float]] = [[] for _ in cold_ids]
    cli_s: list[float] = []
    tat: list[list[tuple[float, float]]] = [[] for _ in ids]
    reference: list[Any] | None = None
    before: list[tuple[float, float]] = []
    before_cold: list[list[float]] = [[] for _ in cold_ids]
    for r in range(rounds):
        if baseline is not None:
            before.append(ours(ids, kw, src=baseline)[:2])
            for k, ident in enumerate(cold_ids):
                before_cold[k].append(ours([ident], kw, src=baseline)[0])
        wall, cpu, answers = ours(ids, kw)
        corpus.append((wall, cpu))
        if r == 0:
            row.problems += _judge(label, ids, answers, "the library")
            reference = [a[1] for a in answers]
        for k, ident in enumerate(cold_ids):
            wall1, _, ans1 = ours([ident], kw)
            cold_s[k].append(wall1)
            if r == 0 and reference is not None and ans1[0][1] != reference[k]:
                row.problems.append(f"{label}: a cold run answers {ident} differently")
            warm_s[k].append(ours([ident], kw, ptype)[0])
        if use_cli:
            wall, recs = cli(ids)
            cli_s.append(wall)
            if r == 0 and reference is not None:
                for ident, rec, ref in zip(ids, recs + [None] * (n - len(recs)), reference,
                                           strict=False):
                    got = None if rec is None else [
                        {k: v for k, v in s.items() if k != "pairs"}
                        for s in rec.get("solutions", [])]
                    if rec is None or rec.get("status") != "unique" or got != ref:
                        row.problems.append(f"{label}: the CLI's answer to {ident} is not "
                                            f"the library's")
                        break
        if solver is not None:
            for k, ident in enumerate(ids):
                tat[k].append(tatham_once(solver, ident))
    best = min(corpus)
    row.corpus_ms, row.corpus_cpu_ms = 1000 * best[0] / n, 1000 * best[1] / n
    row.corpus_runs = [1000 * w / n for w, _ in corpus]
    if before:
        row.before_ms = 1000 * min(w for w, _ in before) / n
        row.before_cpu_ms = 1000 * min(c for _, c in before) / n
        row.before_cold_ms = (1000 * statistics.median(min(s) for s in before_cold)
                              if cold_ids else None)
    if cold_ids:
        row.cold_ms = 1000 * statistics.median(min(s) for s in cold_s)
        row.cold_warm_ms = 1000 * statistics.median(min(s) for s in warm_s)
        row.cold_n = len(cold_ids)
    if cli_s:
        row.cli_ms = 1000 * min(cli_s) / n
    if solver is not None:
        row.tatham_ms = 1000 * statistics.mean(min(w for w, _ in s) for s in tat)
        row.tatham_cpu_ms = 1000 * statistics.mean(min(c for _, c in s) for s in tat)
    return row


def large_row(label: str, ptype: str, size: int, rounds: int,
              baseline: Path | None = None) -> FreshRow:
    """A stored large board, cold: one fresh process, best of the rounds."""
    path = DATA / f"large-{ptype}.jsonl"
    recs = [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
    rec = next(r for r in recs if r["size"] == size)
    kw = {"type": ptype, "fmt": rec["format"]}
    row = FreshRow(label, 1, path.name)
    times, warm, before = [], [], []
    for r in range(rounds):
        if baseline is not None:
            before.append(ours([rec["puzzle"]], kw, src=baseline)[0])
        wall, _, answers = ours([rec["puzzle"]], kw)
        times.append(wall)
        warm.append(ours([rec["puzzle"]], kw, ptype)[0])
        if r == 0:
            row.problems += _judge(label, [f"the {size}x{size} board"], answers, "the library")
            want = {k: v for k, v in rec["solution"].items() if k != "pairs"}
            if answers[0][1] and answers[0][1][0] != want:
                row.problems.append(f"{label}: not the stored solution")
    row.cold_ms, row.cold_warm_ms, row.cold_n = 1000 * min(times), 1000 * min(warm), 1
    if before:
        row.before_cold_ms = 1000 * min(before)
    return row


# --- output ----------------------------------------------------------------------------------

COLUMNS = ("set", "n", "corpus ms/puzzle", "corpus cpu", "corpus before", "before cpu",
           "cold ms", "cold before", "cold, imported", "cli ms/puzzle", "Tatham ms",
           "Tatham cpu", "corpus / Tatham", "on cpu", "cold / Tatham", "puzzles")


def _ms(v: float | None) -> str:
    return "-" if v is None else f"{v:.0f}" if v >= 100 else f"{v:.1f}" if v >= 10 \
        else f"{v:.2f}"


def _ratio(v: float | None) -> str:
    return "-" if v is None else f"{v:.2f}"


def cells(r: FreshRow) -> list[str]:
    return [r.label, str(r.n), _ms(r.corpus_ms), _ms(r.corpus_cpu_ms), _ms(r.before_ms),
            _ms(r.before_cpu_ms), _ms(r.cold_ms), _ms(r.before_cold_ms), _ms(r.cold_warm_ms),
            _ms(r.cli_ms), _ms(r.tatham_ms), _ms(r.tatham_cpu_ms), _ratio(r.ratio),
            _ratio(r.cpu_ratio), _ratio(r.cold_ratio), r.source]


def markdown(rows: Sequence[FreshRow]) -> list[str]:
    out = ["| " + " | ".join(COLUMNS) + " |",
           "|" + "|".join("---" if c in ("set", "puzzles") else "---:" for c in COLUMNS) + "|"]
    return out + ["| " + " | ".join(cells(r)) + " |" for r in rows]


NOTES = [
    "corpus: one fresh process per set, every puzzle read, solved and proven unique once "
    "after `import aspuzzle` (`aspuzzle.loads` + `aspuzzle.solve`), ms per puzzle, the best "
    "of the rounds' processes (corpus cpu: that process's CPU time)",
    "cold: one fresh process per puzzle, the same after `import aspuzzle` (the imports its "
    "first solve makes included: clingo, the type's modules); the median over the first "
    "puzzles of the set of each one's best round; cold, imported: the same with clingo and "
    "the type's package imported before the clock",
    "cli ms/puzzle: `aspuzzle solve --json ID ...` over the whole set, the whole process "
    "(Python start-up included) / n, best round",
    "Tatham ms: his standalone solver, one process per puzzle (process start included), each "
    "puzzle's best round, the mean over the set (Tatham cpu: the same with the process's user "
    "+ system time); on cpu: corpus cpu / Tatham cpu, the ratio an idle machine would show "
    "(a busy one stretches wall times)",
]


def fresh_rows(*, tatham: Path = DEFAULT_TATHAM, seed: str | None = None,
               types: set[str] | None = None, quick: bool = False, rounds: int = 3,
               cold: int = 5, use_cli: bool = True, make_slow: bool = False,
               baseline: Path | None = None,
               large: bool = True) -> list[FreshRow]:
    """Issue 32's rows. Without his programs the stored sets of the same kinds are used (a set
    with no stored counterpart is left out) and the Tatham column stays empty."""
    seed = seed or f"bench-{int(time.time())}"
    rows = []
    done: set[str] = set()
    for s in SETS:
        if (types is not None and s.type not in types) or (quick and s.type in done):
            continue
        solver = tatham / f"{s.game}solver"
        have = solver.exists() and (tatham / f"{s.game}gen").exists()
        if have:
            ids, source = set_ids(s, tatham, seed, make_slow)
        elif s.stored:
            ids, source = stored_ids(s.stored), f"benchmarks/data/{s.stored}.jsonl"
        else:
            continue
        if quick:  # the first set of each type that can be had, 3 puzzles
            ids = ids[:3]
            done.add(s.type)
        rows.append(measure(s.label, s.type, ids, source, solver if have else None,
                            rounds=1 if quick else rounds, cold=1 if quick else cold,
                            use_cli=use_cli, baseline=baseline))
    if large and not quick:
        for label, ptype, size in LARGE:
            if types is None or ptype in types:
                rows.append(large_row(label, ptype, size, rounds, baseline))
    return rows


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--tatham", type=Path, default=DEFAULT_TATHAM, metavar="DIR",
                   help=f"where his built programs are (default {DEFAULT_TATHAM})")
    p.add_argument("--seed", default=None, help="generator seed (default: the time)")
    p.add_argument("--only", action="append", metavar="TYPE", help="only these types")
    p.add_argument("--rounds", type=int, default=3, help="rounds (default 3)")
    p.add_argument("--cold", type=int, default=5, help="cold puzzles per set (default 5)")
    p.add_argument("--no-cli", action="store_true", help="no CLI column")
    p.add_argument("--no-large", action="store_true", help="no 100x100 cold rows")
    p.add_argument("--quick", action="store_true",
                   help="one set of each type, 3 puzzles, 1 round, no 100x100 rows")
    p.add_argument("--baseline", type=Path, default=None, metavar="SRC",
                   help="also time the corpus and cold rows with aspuzzle imported from this "
                        "src folder (e.g. of `git worktree add /tmp/base main`), in the same "
                        "rounds: the 'before' columns")
    p.add_argument("--make-slow", action="store_true",
                   help="also make the sets whose generator is slow (Hitori 50x50: minutes)")
    a = p.parse_args(argv)
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    rows = fresh_rows(tatham=a.tatham, seed=a.seed, types=set(a.only) if a.only else None,
                      quick=a.quick, rounds=a.rounds, cold=a.cold, use_cli=not a.no_cli,
                      make_slow=a.make_slow, large=not a.no_large, baseline=a.baseline)
    print("\n".join(markdown(rows)))
    print(f"\nload average before: {load}, after: "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for r in rows:
        if len(r.corpus_runs) > 1:
            print(f"- {r.label}: corpus rounds {', '.join(f'{x:.2f}' for x in r.corpus_runs)}"
                  f" ms/puzzle")
    problems = [x for r in rows for x in r.problems]
    for x in problems:
        print(f"PROBLEM: {x}")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
