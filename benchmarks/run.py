"""aspuzzle benchmark: time to solve *and prove uniqueness*, ours next to the seed posts' encodings.

    python benchmarks/run.py                 # everything (a few minutes)
    python benchmarks/run.py --quick         # smallest instances only, one repeat
    python benchmarks/run.py --only tents --repeat 5

For every puzzle type and size it prints the median time to find the answer and show that
there is no second one (enumerate up to 2 answers, projected on the answer atoms):

* ``ours``: our encoding through ``aspuzzle.engine`` (facts built from the loaded instance,
  ground, solve, up to 2 answers): exactly what ``seed`` does with the seed's encoding;
* ``lib``: in process, ``aspuzzle.loads`` + ``aspuzzle.solve`` (adds parsing the puzzle text and
  building the solution objects);
* ``cli``: ``aspuzzle solve FILE --json`` in a subprocess (includes Python start-up);
* ``seed``: the seed post's own encoding on the same instance, in the same process, through
  ``aspuzzle.engine`` (facts in the seed's predicates, projected on its answer atoms);

and ``ours/seed``, the ratio of the medians: the encodings compared like for like. These are
medians of repeated runs of each instance in one process: re-solves after the first. What a
user meets, each puzzle once in a fresh process (corpus, cold and CLI rows against Simon
Tatham's standalone solvers on puzzles freshly made by his generators), is the next table
(``bench_fresh.py``); then issue 11's goals (``bench_goals.py``) and explanations. Verdicts
are compared: a row where the seed's answer differs from ours is marked, never hidden. Our
answers are also checked against the corpus' known solutions. The numbers are also written to
``benchmarks/results/latest.md``.

Exit status: 0 done; 1 one of *our* answers was wrong (or the CLI disagreed with the library);
2 bad usage or the shared corpus is missing.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import bench_speed as speed
import clingo
from bench_cases import (
    DEFAULT_CORPUS,
    ROOT,
    TYPES,
    Case,
    CorpusMissing,
    all_cases,
    resolve_type,
)
from bench_fresh import COLUMNS as FRESH_COLUMNS
from bench_fresh import NOTES as FRESH_NOTES
from bench_fresh import cells as fresh_cells
from bench_fresh import fresh_rows
from bench_fresh import markdown as fresh_markdown
from bench_goals import COLUMNS as GOAL_COLUMNS
from bench_goals import NOTES as GOAL_NOTES
from bench_goals import cells as goal_cells
from bench_goals import goal_rows
from bench_goals import markdown as goals_markdown
from bench_seed import SEEDS, answer_key, our_answer
from rich.console import Console
from rich.table import Table

import aspuzzle
from aspuzzle.engine import Grounded, SolveConfig
from aspuzzle.errors import AspuzzleError

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results"
SOURCE_ORDER = {"example": 0, "tatham": 1, "gurobi": 2}
SOURCE_TITLE = {"example": "example", "tatham": "Tatham", "gurobi": "Gurobi"}


# --- measuring one instance ------------------------------------------------------------------

@dataclass
class Measurement:
    case: Case
    lib: list[float] = field(default_factory=list)
    ours: list[float] = field(default_factory=list)
    cli: list[float] = field(default_factory=list)
    seed: list[float] = field(default_factory=list)
    status: str = ""
    answers: list[str] = field(default_factory=list)
    seed_status: str | None = None
    seed_answers: list[str] = field(default_factory=list)
    seed_timeout: bool = False
    seed_broken: str | None = None
    """The first rule (in our checker's words) that a seed answer not among ours breaks."""
    problems: list[str] = field(default_factory=list)
    """Things wrong with *our* side (answer differs from the known solution, CLI disagrees)."""

    @property
    def seed_agrees(self) -> bool | None:
        if self.seed_status is None:
            return None
        return self.seed_status == self.status and self.seed_answers == self.answers


def _cli_command() -> list[str]:
    script = Path(sys.executable).parent / "aspuzzle"
    return [str(script)] if script.is_file() else [sys.executable, "-m", "aspuzzle.cli"]


def _cli_args(case: Case, file: Path, timeout: float) -> list[str]:
    args = [*_cli_command(), "solve", str(file), "--json", "--type", case.type,
            "--timeout", str(timeout)]
    if case.fmt is not None:
        args += ["--from", case.fmt]
    return args


def _load(case: Case) -> aspuzzle.Loaded:
    if case.path is not None:
        return aspuzzle.load(case.path, type=case.type, fmt=case.fmt)
    return aspuzzle.loads(case.text, type=case.type, fmt=case.fmt, source=case.name)


def _keys(ptype: str, puzzle: aspuzzle.Puzzle, solutions: Sequence[Any]) -> list[str]:
    return sorted(answer_key(our_answer(ptype, puzzle.solution_to_json(s))) for s in solutions)


class Bench:
    def __init__(self, repeat: int, timeout: float, cli: bool, workdir: Path) -> None:
        self.repeat = repeat
        self.timeout = timeout
        self.use_cli = cli
        self.workdir = workdir
        self.config = SolveConfig(timeout=timeout)
        self.files = 0

    def lib_once(self, case: Case) -> tuple[float, aspuzzle.Result]:
        start = time.perf_counter()
        result = aspuzzle.solve(_load(case), config=self.config)
        return time.perf_counter() - start, result

    def ours_once(self, loaded: aspuzzle.Loaded) -> float:
        start = time.perf_counter()
        Grounded(aspuzzle.program(loaded), self.config).solve(2)
        return time.perf_counter() - start

    def seed_once(self, case: Case, instance: Any) -> tuple[float, str, list[dict[str, Any]]]:
        seed = SEEDS[case.type]
        start = time.perf_counter()
        res = Grounded(seed.program(instance), self.config).solve(2)
        elapsed = time.perf_counter() - start
        return elapsed, str(res.status), [seed.answer(a) for a in res.answers]

    def cli_once(self, case: Case, file: Path) -> tuple[float, dict[str, Any] | None, str]:
        start = time.perf_counter()
        proc = subprocess.run(_cli_args(case, file, self.timeout), capture_output=True,
                              text=True, timeout=self.timeout + 60, cwd=ROOT)
        elapsed = time.perf_counter() - start
        try:
            out: dict[str, Any] | None = json.loads(proc.stdout)
        except json.JSONDecodeError:
            out = None
        return elapsed, out, proc.stderr.strip()

    def cli_file(self, case: Case) -> Path:
        if case.path is not None:
            return case.path
        self.files += 1
        file = self.workdir / f"{case.type}-{self.files}.txt"
        file.write_text(case.text + "\n", encoding="utf-8")
        return file

    def measure(self, case: Case) -> Measurement:
        m = Measurement(case)
        file = self.cli_file(case) if self.use_cli else None
        for i in range(self.repeat):
            # interleave the three so that a busy moment on the shared machine hits all alike
            t, result = self.lib_once(case)
            m.lib.append(t)
            if i == 0:
                self._judge_ours(m, result)
                loaded = aspuzzle.Loaded(result.puzzle, result.instance, "", result.source)
            if case.seed_note is None and not m.seed_timeout:
                # alternate which of the two goes first, so neither gains from warm caches
                if i % 2 == 0:
                    m.ours.append(self.ours_once(loaded))
                t, status, answers = self.seed_once(case, result.instance)
                if i % 2 == 1:
                    m.ours.append(self.ours_once(loaded))
                m.seed.append(t)
                if i == 0:
                    self._judge_seed(m, result, status, answers)
                if status == "timeout":
                    m.seed_timeout = True
            if file is not None:
                t, out, err = self.cli_once(case, file)
                m.cli.append(t)
                if i == 0:
                    self._judge_cli(m, result, out, err)
        return m

    def _judge_ours(self, m: Measurement, result: aspuzzle.Result) -> None:
        case = m.case
        m.status = str(result.status)
        m.answers = _keys(case.type, result.puzzle, result.solutions)
        if m.status == "timeout":
            m.problems.append(f"{case.name}: ours timed out after {self.timeout:g} s")
        if case.known is not None:
            known = answer_key(our_answer(case.type, case.known))
            if m.status != "unique" or m.answers != [known]:
                m.problems.append(f"{case.name}: ours says {m.status}, "
                                  f"not the known unique solution")
        elif case.unique and m.status != "unique":
            m.problems.append(f"{case.name}: ours says {m.status}; the puzzle has one solution")
        for sol in result.solutions:
            broken = result.puzzle.verify(result.instance, sol)
            if broken:
                m.problems.append(f"{case.name}: our solution breaks a rule: {broken[0]}")

    def _judge_seed(self, m: Measurement, result: aspuzzle.Result, status: str,
                    answers: list[dict[str, Any]]) -> None:
        m.seed_status = status
        m.seed_answers = sorted(answer_key(a) for a in answers)
        for a in answers:
            if answer_key(a) not in m.answers:
                sol = result.puzzle.solution_from_json(result.instance, a)
                broken = result.puzzle.verify(result.instance, sol)
                if broken:
                    m.seed_broken = f"{m.case.name}: a seed answer breaks a rule: {broken[0]}"
                    return

    def _judge_cli(self, m: Measurement, result: aspuzzle.Result, out: dict[str, Any] | None,
                   err: str) -> None:
        if out is None:
            m.problems.append(f"{m.case.name}: the CLI printed no JSON ({err[:120]})")
            return
        sols = [result.puzzle.solution_from_json(result.instance, s) for s in out["solutions"]]
        if (out.get("status") != m.status
                or _keys(m.case.type, result.puzzle, sols) != m.answers):
            m.problems.append(f"{m.case.name}: the CLI says {out.get('status')}, "
                              f"the library {m.status}")


# --- rows ------------------------------------------------------------------------------------

@dataclass
class Row:
    type: str
    source: str
    group: str
    order: int
    count: int = 0
    lib_ms: float | None = None
    ours_ms: float | None = None
    cli_ms: float | None = None
    seed_ms: float | None = None
    seed_timeouts: int = 0
    ratio: float | None = None
    ours: str = ""
    seed: str = ""
    seed_differs: int = 0
    seed_runs: int = 0
    seed_broken: str | None = None
    problems: list[str] = field(default_factory=list)
    note: str = ""

    @property
    def slower(self) -> bool:
        return self.ratio is not None and self.ratio > 1.0


def _median_ms(samples: list[list[float]]) -> float | None:
    per_instance = [statistics.median(s) for s in samples if s]
    return 1000 * statistics.median(per_instance) if per_instance else None


def make_row(ms: list[Measurement]) -> Row:
    c = ms[0].case
    row = Row(c.type, c.source, c.group, c.order, len(ms))
    row.lib_ms = _median_ms([m.lib for m in ms])
    row.ours_ms = _median_ms([m.ours for m in ms])
    row.cli_ms = _median_ms([m.cli for m in ms])
    row.seed_ms = _median_ms([m.seed for m in ms])
    row.seed_timeouts = sum(m.seed_timeout for m in ms)
    if row.ours_ms is not None and row.seed_ms:
        row.ratio = row.ours_ms / row.seed_ms
    statuses: dict[str, int] = {}
    for m in ms:
        statuses[m.status] = statuses.get(m.status, 0) + 1
        row.problems += m.problems
    known = sum(1 for m in ms if m.case.known is not None)
    row.ours = ", ".join(f"{s} {n}/{len(ms)}" for s, n in sorted(statuses.items()))
    if known:
        bad = sum(1 for m in ms if m.case.known is not None and m.problems)
        row.ours += " = known" if not bad else f", WRONG {bad}/{known}"
    elif row.problems:
        row.ours += ", WRONG"
    seeded = [m for m in ms if m.seed_agrees is not None]
    row.seed_runs = len(seeded)
    if not seeded:
        notes = {m.case.seed_note for m in ms if m.case.seed_note}
        row.seed = "n/a: " + "; ".join(sorted(notes)) if notes else "n/a"
    else:
        differ = [m for m in seeded if not m.seed_agrees]
        row.seed_differs = len(differ)
        row.seed_broken = next((m.seed_broken for m in differ if m.seed_broken), None)
        if not differ:
            row.seed = f"same answer {len(seeded)}/{len(seeded)}"
        else:
            how: dict[str, int] = {}
            for m in differ:
                what = (f"says {m.seed_status}" if m.seed_status != m.status
                        else "other answer")
                how[what] = how.get(what, 0) + 1
            row.seed = (f"DIFFERS {len(differ)}/{len(seeded)}: "
                        + ", ".join(f"{k} x{n}" for k, n in sorted(how.items())))
    return row


def skipped_row(c: Case, count: int, note: str) -> Row:
    return Row(c.type, c.source, c.group, c.order, count, note=note)


# --- selecting cases -------------------------------------------------------------------------

def unavailable(case: Case) -> str | None:
    """Why this case cannot run yet (its puzzle type or format has not landed), or None."""
    try:
        puzzle = aspuzzle.get_puzzle(case.type)
    except AspuzzleError:
        return f"skipped: {case.type} is not in the registry yet"
    if case.fmt is not None and case.fmt not in puzzle.formats:
        return f"skipped: {case.type} has no '{case.fmt}' format yet"
    return None


def select(cases: list[Case], only: set[str] | None, quick: bool,
           limit: int | None) -> dict[tuple[str, str, str], list[Case]]:
    groups: dict[tuple[str, str, str], list[Case]] = {}
    for c in cases:
        if only is None or c.type in only:
            groups.setdefault((c.type, c.source, c.group), []).append(c)
    if quick:
        # the smallest size of each (type, source); examples all stay (they are tiny)
        smallest: dict[tuple[str, str], tuple[int, str]] = {}
        for (t, s, g), cs in groups.items():
            key = (cs[0].order, g)
            if s != "example" and ((t, s) not in smallest or key < smallest[(t, s)]):
                smallest[(t, s)] = key
        groups = {k: v for k, v in groups.items()
                  if k[1] == "example" or smallest[(k[0], k[1])][1] == k[2]}
    if limit is not None:
        groups = {k: v[:limit] for k, v in groups.items()}
    return dict(sorted(groups.items(), key=lambda kv: (
        TYPES.index(kv[0][0]), SOURCE_ORDER[kv[0][1]], kv[1][0].order, kv[0][2])))


def dedupe_examples(cases: list[Case]) -> list[Case]:
    """The seed examples come in several formats of one instance: keep one file per stem."""
    def rank(c: Case) -> tuple[int, str]:
        suffix = c.path.suffix if c.path is not None else ""
        return (0 if suffix == ".txt" else 1, suffix)

    best: dict[tuple[str, str], Case] = {}
    for c in cases:
        if c.path is not None:
            key = (c.type, c.path.stem)
            if key not in best or rank(c) < rank(best[key]):
                best[key] = c
    keep = {id(c) for c in best.values()}
    return [c for c in cases if c.path is None or id(c) in keep]


# --- output ----------------------------------------------------------------------------------

def _fmt_ms(v: float | None, timeouts: int = 0) -> str:
    if v is None:
        return "-"
    text = f"{v:.0f}" if v >= 100 else f"{v:.1f}" if v >= 10 else f"{v:.2f}"
    return (">" if timeouts else "") + text


def _fmt_ratio(r: float | None) -> str:
    return "-" if r is None else f"{r:.2f}"


COLUMNS = ("type", "set", "size", "n", "ours ms", "seed ms", "ours/seed", "lib ms", "cli ms",
           "our verdict", "seed encoding")
NUMERIC = ("n", "ours ms", "seed ms", "ours/seed", "lib ms", "cli ms")
RATIO, VERDICT, SEED = 6, 9, 10


def row_cells(r: Row) -> list[str]:
    if r.note:
        return [r.type, SOURCE_TITLE[r.source], r.group, str(r.count), "-", "-", "-", "-", "-",
                r.note, ""]
    return [r.type, SOURCE_TITLE[r.source], r.group, str(r.count), _fmt_ms(r.ours_ms),
            _fmt_ms(r.seed_ms, r.seed_timeouts), _fmt_ratio(r.ratio), _fmt_ms(r.lib_ms),
            _fmt_ms(r.cli_ms), r.ours, r.seed]


def rich_table(rows: list[Row], title: str) -> Table:
    table = Table(title=title, title_justify="left")
    for col in COLUMNS:
        numeric = col in NUMERIC
        table.add_column(col, justify="right" if numeric else "left")
    for r in rows:
        cells = row_cells(r)
        if r.note:
            cells = [f"[dim]{c}[/dim]" for c in cells]
        else:
            if r.slower:
                cells[RATIO] = f"[bold red]{cells[RATIO]}[/bold red]"
            if r.seed_differs:
                cells[SEED] = f"[yellow]{cells[SEED]}[/yellow]"
            if r.problems:
                cells[VERDICT] = f"[bold red]{cells[VERDICT]}[/bold red]"
        table.add_row(*cells)
    return table


def markdown_table(rows: list[Row]) -> str:
    lines = ["| " + " | ".join(COLUMNS) + " |",
             "|" + "|".join("---:" if c in NUMERIC
                            else "---" for c in COLUMNS) + "|"]
    for r in rows:
        cells = row_cells(r)
        if r.slower:
            cells[RATIO] = f"**{cells[RATIO]}**"
        lines.append("| " + " | ".join(c.replace("|", "/") for c in cells) + " |")
    return "\n".join(lines)


def environment(args: argparse.Namespace, started: float, load_before: str) -> list[str]:
    load_after = _loadavg()
    return [
        f"- command: `{args.command_line}`",
        f"- date: {dt.datetime.now().isoformat(timespec='seconds')}, "
        f"wall time {time.perf_counter() - started:.0f} s (solve table)",
        f"- machine: {platform.machine()}, {os.cpu_count()} cores, "
        f"load average {load_before} before and {load_after} after "
        f"(the machine is shared with other jobs: timings are noisy)",
        f"- Python {platform.python_version()}, clingo {clingo.__version__}, aspuzzle "
        f"{aspuzzle.__version__} at {_git_version()}, one clingo thread",
        f"- each time is the median over {args.repeat} run(s) per instance, then the median "
        f"over the row's instances; time limit {args.timeout:g} s per solve "
        f"(a '>' marks a row where the seed encoding hit it)",
        "- ours: our encoding through `aspuzzle.engine`, exactly as seed is run; "
        "lib: `aspuzzle.loads` + `aspuzzle.solve` in process; cli: `aspuzzle solve FILE "
        "--json` in a subprocess (with Python start-up); seed: the seed post's encoding in "
        "the same process through `aspuzzle.engine`; all enumerate up to 2 answers projected "
        "on the answer atoms (solve and prove uniqueness)",
        "- ours/seed > 1 (bold) means our encoding is slower than the seed's on that row",
    ]


def _git_version() -> str:
    """The commit measured; '+ uncommitted changes' when the working tree differs from it."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True, cwd=ROOT, timeout=10).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "src"],
                               capture_output=True, text=True, cwd=ROOT, timeout=10).stdout
    except (OSError, subprocess.SubprocessError):
        return "an unknown commit"
    if not head:
        return "an unknown commit"
    return f"commit {head}" + (" + uncommitted changes in src/" if dirty.strip() else "")


def _loadavg() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "?"


# --- explain timings (optional: benchmarks/bench_explain.py) ----------------------------------

EXPLAIN_COLUMNS = ("type", "set", "puzzles", "median s", "max s", "steps", "tiers", "wrong")


def explain_rows(args: argparse.Namespace) -> tuple[list[dict[str, Any]], str | None]:
    """Rows of ``bench_explain.py --json`` (one per size) and an error message, if any."""
    cmd = [sys.executable, str(HERE / "bench_explain.py"), "--json", "--repeat", str(args.repeat)]
    if args.quick:
        cmd += ["--type", "tents", "--only", "6x6"]
    elif args.only_types is not None and len(args.only_types) == 1:
        cmd += ["--type", next(iter(args.only_types))]
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT)
    rows: list[dict[str, Any]] = []
    for line in proc.stdout.splitlines():
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError:
            continue
    error = None
    if proc.returncode != 0:
        tail = " ".join(proc.stderr.strip().splitlines()[-3:])[:300]
        error = f"bench_explain.py exited with status {proc.returncode}: {tail}"
    return rows, error


def explain_cells(r: dict[str, Any]) -> list[str]:
    tiers = ", ".join(f"{k} {v}" for k, v in sorted(r.get("tiers", {}).items()))
    return [str(r.get("type")), str(r.get("size")), str(r.get("puzzles")),
            f"{r.get('median_s', 0):.3f}", f"{r.get('max_s', 0):.3f}",
            f"{r.get('median_steps', 0):g}", tiers,
            str(len(r.get("wrong", [])))]


def explain_section(args: argparse.Namespace, console: Console) -> list[str]:
    """Run the explain benchmark if it exists; print it; return its Markdown lines."""
    if args.no_explain or not (HERE / "bench_explain.py").is_file():
        return []
    with console.status("benchmarking explanations (bench_explain.py) ..."):
        rows, error = explain_rows(args)
    title = (f"explain: time to a complete step-by-step explanation, "
             f"median of {args.repeat} run(s) per puzzle")
    table = Table(title=title, title_justify="left")
    for col in EXPLAIN_COLUMNS:
        table.add_column(col, justify="left" if col in ("type", "set", "tiers") else "right")
    md = [f"## {title}", "",
          "| " + " | ".join(EXPLAIN_COLUMNS) + " |",
          "|" + "|".join("---" if c in ("type", "set", "tiers") else "---:"
                         for c in EXPLAIN_COLUMNS) + "|"]
    for r in rows:
        cells = explain_cells(r)
        table.add_row(*cells)
        md.append("| " + " | ".join(cells) + " |")
    console.print(table)
    wrong = [w for r in rows for w in r.get("wrong", [])]
    notes = [f"PROBLEM (explain): {w}" for w in wrong]
    if error:
        notes.append(f"PROBLEM (explain): {error}")
    for n in notes:
        console.print(n, markup=False)
    md += ["", *(f"- {n}" for n in notes)]
    args.explain_problems = notes
    return md


# --- the goals of issue 11 (benchmarks/bench_goals.py) ---------------------------------------

def goals_section(args: argparse.Namespace, console: Console) -> list[str]:
    """Measure issue 11's goals, print them as a table with PASS / FAIL, return its Markdown.
    A wrong answer there is a problem (exit status 1); a goal missed is not."""
    args.goal_problems = []
    if args.no_goals:
        return []
    load_before = _loadavg()
    speed_before = speed.loop_s()
    with console.status("measuring the goals of issue 11 (bench_goals.py) ..."):
        rows = goal_rows(args.quick, None if args.repeat == 5 else args.repeat,
                         args.only_types, not args.no_cli)
    title = "issue 11: goals, PASS / FAIL"
    table = Table(title=title, title_justify="left")
    numeric = ("n", "ours ms", "cpu ms", "Tatham C ms", "goal ms")
    for col in GOAL_COLUMNS:
        table.add_column(col, justify="right" if col in numeric else "left")
    for r in rows:
        cells = goal_cells(r)
        colour = {"PASS": "green", "FAIL": "bold red", "WRONG": "bold red"}.get(r.verdict)
        if colour:
            cells[-2] = f"[{colour}]{cells[-2]}[/{colour}]"
        table.add_row(*cells)
    console.print(table)
    notes = [*GOAL_NOTES, f"load average {load_before} before, {_loadavg()} after",
             speed.note(speed_before, speed.loop_s())]
    args.goal_problems = [p for r in rows for p in r.problems]
    notes += [f"PROBLEM (goals): {p}" for p in args.goal_problems]
    for n in notes:
        console.print(f"- {n}", markup=False)
    return [f"## {title}", "", *goals_markdown(rows), "", *(f"- {n}" for n in notes)]


# --- puzzles met once, against Tatham's C solvers (benchmarks/bench_fresh.py) -----------------

def fresh_section(args: argparse.Namespace, console: Console) -> list[str]:
    """Issue 32's rows (corpus, cold, CLI, Tatham); print them, return their Markdown. A wrong
    answer there is a problem (exit status 1)."""
    args.fresh_problems = []
    if args.no_fresh:
        return []
    load_before = _loadavg()
    with console.status("puzzles met once, against Tatham's solvers (bench_fresh.py) ..."):
        rows = fresh_rows(seed=args.seed, types=args.only_types, quick=args.quick,
                          use_cli=not args.no_cli)
    title = ("puzzles met once (fresh processes), against Tatham's standalone solvers: "
             "ms per puzzle")
    table = Table(title=title, title_justify="left")
    for col in FRESH_COLUMNS:
        table.add_column(col, justify="left" if col in ("set", "puzzles") else "right")
    for r in rows:
        table.add_row(*fresh_cells(r))
    console.print(table)
    notes = [*FRESH_NOTES, f"load average {load_before} before, {_loadavg()} after"]
    args.fresh_problems = [p for r in rows for p in r.problems]
    notes += [f"PROBLEM (fresh): {p}" for p in args.fresh_problems]
    for n in notes:
        console.print(f"- {n}", markup=False)
    return [f"## {title}", "", *fresh_markdown(rows), "", *(f"- {n}" for n in notes)]


# --- main ------------------------------------------------------------------------------------

def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python benchmarks/run.py",
                                description="Time aspuzzle against the seed posts' encodings.")
    p.add_argument("--quick", action="store_true",
                   help="smallest size of each type and source, one instance, one repeat")
    p.add_argument("--repeat", type=int, default=None, metavar="N",
                   help="runs per instance (default 5, or 1 with --quick)")
    p.add_argument("--only", action="append", metavar="TYPE",
                   help="only these puzzle types (tents, futoshiki/unequal, hitori/singles); "
                        "may be repeated or comma-separated")
    p.add_argument("--limit", type=int, default=None, metavar="N",
                   help="at most N instances per row (default: all; 1 with --quick)")
    p.add_argument("--timeout", type=float, default=60.0, metavar="S",
                   help="time limit per solve in seconds (default 60)")
    p.add_argument("--no-cli", action="store_true", help="skip the subprocess timings")
    p.add_argument("--no-goals", action="store_true",
                   help="skip the table of issue 11's goals (benchmarks/bench_goals.py)")
    p.add_argument("--no-fresh", action="store_true",
                   help="skip the puzzles-met-once table against Tatham's solvers "
                        "(benchmarks/bench_fresh.py)")
    p.add_argument("--seed", default=None, metavar="S",
                   help="seed of Tatham's generator for that table (default: the time)")
    p.add_argument("--no-explain", action="store_true",
                   help="skip the explain section (benchmarks/bench_explain.py)")
    p.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS, metavar="DIR",
                   help="the shared corpus (default: ../shared/corpus beside the repository)")
    p.add_argument("--out", type=Path, default=RESULTS / "latest.md", metavar="FILE",
                   help="markdown results (default benchmarks/results/latest.md)")
    p.add_argument("--json", type=Path, default=None, metavar="FILE",
                   help="also write the rows as JSON")
    args = p.parse_args(argv)
    if args.repeat is None:
        args.repeat = 1 if args.quick else 5
    if args.limit is None and args.quick:
        args.limit = 1
    if args.repeat < 1 or (args.limit is not None and args.limit < 1) or args.timeout <= 0:
        p.error("--repeat, --limit and --timeout must be positive")
    only: set[str] | None = None
    if args.only:
        try:
            only = {resolve_type(t) for item in args.only for t in item.split(",") if t}
        except ValueError as e:
            p.error(str(e))
    args.only_types = only
    args.command_line = "python benchmarks/run.py" + "".join(
        " " + shlex.quote(a) for a in (sys.argv[1:] if argv is None else argv))
    return args


def run(args: argparse.Namespace, console: Console,
        progress: Callable[[str], None] | None = None) -> tuple[list[Row], list[str]]:
    cases = dedupe_examples(all_cases(args.corpus))
    groups = select(cases, args.only_types, args.quick, args.limit)
    rows: list[Row] = []
    warm: set[str] = set()
    with tempfile.TemporaryDirectory(prefix="aspuzzle-bench-") as tmp:
        bench = Bench(args.repeat, args.timeout, not args.no_cli, Path(tmp))
        for (ptype, source, group), cs in groups.items():
            note = unavailable(cs[0])
            if note is not None:
                rows.append(skipped_row(cs[0], len(cs), note))
                continue
            if ptype not in warm:
                # first use of a type imports and reads its files: keep that out of the medians
                _, result = bench.lib_once(cs[0])
                if cs[0].seed_note is None:
                    bench.seed_once(cs[0], result.instance)
                warm.add(ptype)
            if progress is not None:
                progress(f"{ptype} {SOURCE_TITLE[source]} {group} ({len(cs)})")
            rows.append(make_row([bench.measure(c) for c in cs]))
    problems = [p for r in rows for p in r.problems]
    return rows, problems


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    # wide enough for the table when the output goes to a file or a pipe
    console = Console(highlight=False, width=None if sys.stdout.isatty() else 150)
    started = time.perf_counter()
    load_before = _loadavg()
    try:
        with console.status("benchmarking ...") as status:
            rows, problems = run(args, console,
                                 lambda s: status.update(f"benchmarking {s} ..."))
    except CorpusMissing as e:
        sys.stderr.write(f"benchmarks/run.py: error: {e}\n")
        return 2
    title = "aspuzzle: median time to solve and prove uniqueness (ms)"
    console.print(rich_table(rows, title))
    env = environment(args, started, load_before)
    for line in env:
        console.print(line, markup=False)
    slower = [r for r in rows if r.slower]
    differs = [r for r in rows if r.seed_differs]
    summary: list[str] = []
    if slower:
        summary.append("Rows where ours is slower than the seed encoding: " + "; ".join(
            f"{r.type} {r.group} ({SOURCE_TITLE[r.source]}) x{r.ratio:.2f}" for r in slower))
    if differs:
        summary.append("Rows where the seed encoding's answer differs from ours: " + "; ".join(
            f"{r.type} {r.group} ({SOURCE_TITLE[r.source]}) {r.seed}" for r in differs))
        summary += [f"  e.g. {r.seed_broken}" for r in differs if r.seed_broken]
    for p in problems:
        summary.append(f"PROBLEM (ours): {p}")
    for line in summary:
        console.print(line, markup=False)
    fresh = fresh_section(args, console)
    goals = goals_section(args, console)
    args.explain_problems = []
    explain = explain_section(args, console)

    md = [f"# {title}", "", markdown_table(rows), "", *env, ""]
    md += [f"- {s}" for s in summary]
    if fresh:
        md += ["", *fresh]
    if goals:
        md += ["", *goals]
    if explain:
        md += ["", *explain]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("\n".join(md).rstrip() + "\n", encoding="utf-8")
    console.print(f"written: {args.out}", markup=False)
    if args.json is not None:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps([asdict(r) for r in rows], indent=1) + "\n",
                             encoding="utf-8")
    return 1 if (problems or args.explain_problems or args.goal_problems
                 or args.fresh_problems) else 0


if __name__ == "__main__":
    sys.exit(main())
