"""The examples of ``--help`` run, every shell line of the docs is either run by a test or
named here with the reason it is not, and what the README says of the types and its picture
is what the code makes.

(tests/test_readme.py runs the docs' ``aspuzzle`` commands and Python blocks and compares
the output they show: a ``$ aspuzzle ...`` line and the lines after it. A block whose output
cannot be the same twice is marked by a line ``<!-- output not compared -->`` just above it.)
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from aspuzzle import cli
from tests.conftest import ROOT
from tests.test_readme import DOCS

NOT_RUN = {
    "python3 -m venv .venv": "the set-up command: .ci/run does it, in a fresh environment",
    "python -m pytest": "the test suite itself",
    "mkdocs build --strict": "tests/docs/conftest.py builds the site",
    "pip install": "needs the package index",
    "python benchmarks/run.py": "minutes; tests/test_benchmarks.py runs the benchmarks quickly "
                                "(its --help is run here)",
}
"""Shell lines of the docs that no test runs as written, and why (an ``aspuzzle`` line is run
by tests/test_readme.py unless it is a synopsis, with placeholders)."""


def _commands() -> dict[str, argparse.ArgumentParser]:
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def _env() -> dict[str, str]:
    bin_dir = str(Path(sys.executable).parent)
    return {**os.environ, "PATH": bin_dir + os.pathsep + os.environ.get("PATH", ""),
            "COLUMNS": "100", "NO_COLOR": "1"}


def test_every_command_has_a_summary_and_examples() -> None:
    commands = _commands()
    assert set(cli.EXAMPLES) == set(commands)
    for name, command in commands.items():
        text = command.format_help()
        assert command.description and command.description in " ".join(text.split()), name
        assert "examples:\n  aspuzzle " in text, name
    top = cli.build_parser(None).format_help()
    assert "examples:" in top and "aspuzzle COMMAND --help" in top


@pytest.mark.parametrize("name", sorted(set(cli.EXAMPLES) - {"serve"}))
def test_the_examples_of_a_command_run(tmp_path: Path, name: str) -> None:
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    if name == "grade":  # a class folder: a student's proof
        (tmp_path / "class" / "ann").mkdir(parents=True)
        assert cli.main(["explain", str(ROOT / "examples/tents/seed-6x6.txt"), "--to", "legup",
                         "-o", str(tmp_path / "class/ann/proof.xml")]) == 0
    for example in cli.EXAMPLES[name]:
        proc = subprocess.run(["bash", "-c", example], cwd=tmp_path, env=_env(),
                              capture_output=True, text=True, timeout=120)
        said = proc.stdout + proc.stderr
        assert "Traceback" not in said and proc.returncode in (0, 1), (example, said)


def _shell_lines() -> list[tuple[str, str]]:
    out = []
    for doc in DOCS:
        lang = None
        for number, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
            if line.startswith("```"):
                lang = line[3:].strip() if lang is None else None
                continue
            if lang in ("sh", "bash", "shell", "console") and line.strip() \
                    and not line.startswith((" ", "#", "aspuzzle ", "$ aspuzzle ")):
                out.append((f"{doc.relative_to(ROOT)}:{number}", line))
    return out


def test_every_other_shell_line_is_run_or_said_why_not() -> None:
    lines = _shell_lines()
    assert lines
    unknown = [f"{where}: {line}" for where, line in lines
               if not line.startswith((*NOT_RUN, "curl "))]
    assert unknown == []


def test_the_benchmarks_runner_says_its_options() -> None:
    proc = subprocess.run([sys.executable, "benchmarks/run.py", "--help"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0 and "--quick" in proc.stdout


def test_the_web_apps_curl_example_answers(tmp_path: Path) -> None:
    """docs/tutorials/web.md's curl line, against ``aspuzzle serve --port 0``."""
    pytest.importorskip("starlette")
    text = (ROOT / "docs" / "tutorials" / "web.md").read_text(encoding="utf-8")
    command = re.search(r"^(curl .*?)\n```", text, re.S | re.M)
    assert command is not None
    proc = subprocess.Popen([sys.executable, "-m", "aspuzzle", "serve", "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=_env())
    try:
        assert proc.stdout is not None
        m = re.search(r"http://127\.0\.0\.1:(\d+)/", proc.stdout.readline())
        assert m
        run = subprocess.run(["bash", "-c", command.group(1).replace(
            "localhost:8000", f"127.0.0.1:{m.group(1)}")], capture_output=True, text=True,
            timeout=60)
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    record = json.loads(run.stdout)
    assert record["status"] == "unique" and record["type"] == "tents"


def test_the_readme_table_of_types_and_formats_is_the_registrys() -> None:
    from aspuzzle.puzzles import TYPES

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    table = readme[readme.index("## Types and formats"):readme.index("`aspuzzle types` lists")]
    rows = [r.strip("|").split("|") for r in table.splitlines() if r.startswith("| ")]
    header = [c.strip() for c in rows[0]]
    columns = [re.match(r"`(\w+)`", c).group(1) if c.startswith("`") else c  # type: ignore[union-attr]
               for c in header[1:]]
    said = {}
    for row in rows[1:]:
        cells = [c.strip() for c in row]
        formats = {columns[i] for i, c in enumerate(cells[1:]) if c and columns[i] != "other"}
        formats |= set(re.findall(r"`(\w+)` \(", cells[-1]))
        said[cells[0]] = formats
    assert said == {t.name: {f.name for f in t.formats} for t in TYPES}


def test_the_readme_picture_is_what_render_svg_makes() -> None:
    import aspuzzle
    from aspuzzle.render import render_svg

    loaded = aspuzzle.load(ROOT / "examples" / "tents" / "seed-6x6.txt")
    picture = (ROOT / "docs" / "img" / "tents-puzzle.svg").read_text(encoding="utf-8")
    assert picture == render_svg(loaded)
    assert "docs/img/tents-puzzle.svg" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_teachers_grades_csv_is_what_grade_writes(tmp_path: Path) -> None:
    """docs/tutorials/legup.md shows grades.csv of a class of two: Ann with the exported proof
    of examples/tents/seed-6x6.txt, Bob with none."""
    text = (ROOT / "docs" / "tutorials" / "legup.md").read_text(encoding="utf-8")
    shown = re.search(r"^```csv\n(.*?)^```", text, re.S | re.M)
    assert shown is not None
    (tmp_path / "class" / "ann").mkdir(parents=True)
    (tmp_path / "class" / "bob").mkdir()
    assert cli.main(["explain", str(ROOT / "examples/tents/seed-6x6.txt"), "--to", "legup",
                     "-o", str(tmp_path / "class/ann/proof.xml")]) == 0
    assert cli.main(["grade", str(tmp_path / "class"), "--csv", str(tmp_path / "g.csv")]) == 0
    assert (tmp_path / "g.csv").read_text(encoding="utf-8") == shown.group(1)


def test_the_readmes_links_into_the_repository_resolve() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", readme)
    local = [link for link in links if "://" not in link]
    assert len(local) >= 20
    assert [link for link in local if not (ROOT / link).exists()] == []


def _puzzle_blocks() -> list[tuple[str, str, str | None]]:
    """("file:line", text, type) of each plain block that shows a whole puzzle: a text grid
    under its ``# TYPE`` header, or a logic-grid file (``title:``); a block with a line
    ``...`` is an excerpt."""
    from aspuzzle.puzzles import TYPES

    names = {t.name for t in TYPES}
    out = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        for m in re.finditer(r"^```\n(.*?)^```", text, re.S | re.M):
            block = m.group(1)
            header = re.match(r"# (\w+) \d", block)
            kind = header.group(1) if header and header.group(1) in names else (
                "logicgrid" if block.startswith("title:") else None)
            if kind and not re.search(r"^\.\.\.$", block, re.M):
                out.append((f"{doc.relative_to(ROOT)}:{text[:m.start()].count(chr(10)) + 1}",
                            block, kind))
    return out


PUZZLES = _puzzle_blocks()


def test_the_docs_show_puzzles() -> None:
    assert {kind for _, _, kind in PUZZLES} >= {"tents", "futoshiki", "hitori", "lightup",
                                                 "sudoku", "skyscrapers", "logicgrid"}


@pytest.mark.parametrize(("where", "text", "kind"), PUZZLES, ids=[p[0] for p in PUZZLES])
def test_a_puzzle_the_docs_show_reads_and_solves(where: str, text: str, kind: str) -> None:
    """It reads as shown, and has a solution; one only, where the reference shows it as a
    format's example (docs/english-logic-grids.md's shows the forms clues take)."""
    import aspuzzle

    status = str(aspuzzle.solve(aspuzzle.loads(text, type=kind)).status)
    assert status == "unique" if "reference" in where else status in ("unique", "multiple")
