"""Smoke test of the benchmark runner: ``--quick`` on the smallest instances only.

It checks that the runner prints its table, that our answers match the corpus, and that the
seed posts' encodings agree with ours on these small instances. Timings are not asserted:
speed is measured by the benchmark itself, never in tests.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from tests.conftest import ROOT

RUNNER = ROOT / "benchmarks" / "run.py"
CORPUS = ROOT.parent / "shared" / "corpus"
TYPES = ("tents", "futoshiki", "hitori")


def run_bench(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(RUNNER), *args], capture_output=True, text=True,
                          timeout=300, cwd=ROOT)


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, list[dict[str, Any]], str]:
    if not (CORPUS / "tatham.jsonl").is_file():
        pytest.skip(f"the shared corpus is not at {CORPUS}")
    tmp = tmp_path_factory.mktemp("bench")
    proc = run_bench("--quick", "--no-explain", "--out", str(tmp / "latest.md"),
                     "--json", str(tmp / "rows.json"))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    rows = json.loads((tmp / "rows.json").read_text())
    return proc.stdout, rows, (tmp / "latest.md").read_text()


def test_quick_run_prints_a_row_per_type_and_source(
        quick: tuple[str, list[dict[str, Any]], str]) -> None:
    out, rows, md = quick
    assert "median time to solve and prove uniqueness" in out
    for ptype in TYPES:
        assert any(r["type"] == ptype for r in rows), ptype
        assert ptype in out
    # --quick keeps the smallest size of each source, one instance each
    assert {(r["type"], r["source"]) for r in rows if r["source"] == "tatham"} == {
        (t, "tatham") for t in TYPES}
    assert all(r["count"] == 1 for r in rows if r["source"] != "example")
    assert "| type |" in md and "ours/seed" in md


def test_measured_rows_have_times_and_our_answers_are_right(
        quick: tuple[str, list[dict[str, Any]], str]) -> None:
    _, rows, _ = quick
    measured = [r for r in rows if not r["note"]]
    assert any(r["type"] == "tents" for r in measured)
    for r in measured:
        assert r["problems"] == [], r
        assert r["lib_ms"] > 0 and r["cli_ms"] > 0
        assert r["ours"].startswith("unique "), r
        if r["source"] == "tatham":
            assert r["ours"].endswith("= known"), r
    # every puzzle type and format the benchmark uses has landed: nothing may be skipped
    assert [r for r in rows if r["note"]] == []


def test_seed_encodings_agree_with_ours_on_the_smallest_instances(
        quick: tuple[str, list[dict[str, Any]], str]) -> None:
    _, rows, _ = quick
    compared = [r for r in rows if r["seed_runs"]]
    assert any(r["type"] == "tents" for r in compared)
    for r in compared:
        assert r["seed_differs"] == 0, r
        assert r["seed_ms"] > 0 and r["ratio"] > 0
        assert r["seed"].startswith("same answer"), r


def test_missing_corpus_is_a_clear_one_line_error(tmp_path: Path) -> None:
    proc = run_bench("--quick", "--no-cli", "--no-explain", "--corpus", str(tmp_path / "nope"),
                     "--out", str(tmp_path / "latest.md"))
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "shared corpus is missing" in lines[0], proc.stderr
    assert "Traceback" not in proc.stderr


def test_unknown_type_is_a_usage_error(tmp_path: Path) -> None:
    proc = run_bench("--only", "kakuro", "--out", str(tmp_path / "latest.md"))
    assert proc.returncode == 2
    assert "unknown puzzle type 'kakuro'" in proc.stderr


def _runner_module(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(RUNNER.parent))
    spec = importlib.util.spec_from_file_location("bench_run", RUNNER)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "bench_run", module)  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_a_seed_answer_that_differs_from_ours_is_marked(monkeypatch: pytest.MonkeyPatch,
                                                        tmp_path: Path) -> None:
    bench = _runner_module(monkeypatch)
    from bench_cases import Case

    # One tree, two tents wanted in its row: the seed's disjunctive head lets the tree take
    # both (they share a row), ours knows a tree has exactly one tent.
    # (The grid is square: the seed's position/2 swaps width and height.)
    text = "  ? ? ?\n? . . .\n2 . T .\n? . . .\n"
    case = Case("tents", "example", "tiny", 0, "tiny", text, "text")
    m = bench.Bench(1, 30.0, False, tmp_path).measure(case)
    assert (m.status, m.seed_status) == ("none", "unique")
    row = bench.make_row([m])
    assert row.seed.startswith("DIFFERS 1/1: says unique")
    assert row.seed_broken is not None and "breaks a rule" in row.seed_broken
    assert row.problems == []
    assert "DIFFERS 1/1" in bench.markdown_table([row])


def test_quick_run_times_puzzles_met_once(quick: tuple[str, list[dict[str, Any]], str]) -> None:
    # bench_fresh.py's table (issue 32): each puzzle once in a fresh process; with Tatham's
    # programs beside the repository, on puzzles his generator makes for the run
    out, _, md = quick
    assert "puzzles met once" in md and "corpus ms/puzzle" in md
    assert "PROBLEM (fresh)" not in out
