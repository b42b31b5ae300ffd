"""The README's commands run as it says (its usage must stay true after every change).

Every ``aspuzzle ...`` line of a fenced block that names no placeholder (``INPUT``, ``BOARD``,
``[--json]``, ...) is run in a scratch folder that sees the repository's ``examples/``; it must
end with a documented exit status and no traceback. Where the README shows a session
(``$ aspuzzle ...`` followed by what it prints), the output must be those lines exactly (up to
a line ``...``, where the rest is left out), unless the block is marked as not compared
(:data:`NOT_COMPARED`). The commands of one fenced block are a session:
a command that names a file an earlier command of the block writes (``-o FILE``) runs after
it, in the same folder, so that a block may make a file and then use it.

The docs are README.md and every page under docs/ (tests/docs/ checks the rest: the other
shell lines, the built site and its links).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

PLACEHOLDER = re.compile(r"\b(?:INPUT|BOARD|FILE|TYPE|FORMAT|NAME|CELL|VALUE|TREE|TENT|PUZZLE"
                         r"|CLASS|LIST|TIER|DIR|SEED|ADDRESS|HOST|PORT)\b|\.\.\.|\[")
SKIPPED = ("aspuzzle serve", "--dask", "board.txt")
"""A server, a cluster, a player's board file (tests/explain checks hint and check)."""


DOCS = [ROOT / "README.md", *sorted(p for p in (ROOT / "docs").rglob("*.md")
                                   if "_gen" not in p.parts)]


Session = tuple[str, str, "list[str] | None", tuple[str, ...]]
"""("file:line", command, the output shown or None, the block's earlier commands that write a
file)."""


def _sessions() -> list[Session]:
    """Each runnable command of the docs."""
    out: list[Session] = []
    for doc in DOCS:
        out += _doc_sessions(doc)
    return [s for s in out if not PLACEHOLDER.search(s[1])
            and not any(n in s[1] for n in SKIPPED) and not s[1].endswith("\\")]


def _doc_sessions(doc: Path) -> list[Session]:
    lines = doc.read_text(encoding="utf-8").splitlines()
    out: list[Session] = []
    in_block = False
    current: Session | None = None
    writers: list[str] = []
    compared = True
    previous = ""
    for number, line in enumerate(lines, 1):
        if line.startswith("```"):
            if current is not None:
                out.append(current)
                current = None
            in_block = not in_block
            writers = []
            compared = previous != NOT_COMPARED
            continue
        if line.strip():
            previous = line.strip()
        if not in_block:
            continue
        shown = line.startswith("$ aspuzzle ") and compared
        if line.startswith("$ aspuzzle ") or line.startswith("aspuzzle "):
            if current is not None:
                out.append(current)
            command = line.removeprefix("$ ")
            if not shown:
                command = command.split("  #")[0].split(" # ")[0].strip()
            current = (f"{doc.relative_to(ROOT)}:{number}", command, [] if shown else None,
                       tuple(w for w in writers if _written(w) in command.split()))
            if _written(command):
                writers.append(command)
        elif current is not None and current[2] is not None:
            current[2].append(line)
        elif current is not None:
            out.append(current)
            current = None
    if current is not None:
        out.append(current)
    return out


def _written(command: str) -> str:
    """The file a command writes (``-o FILE``)."""
    words = command.split()
    return words[words.index("-o") + 1] if "-o" in words[:-1] else ""


NOT_COMPARED = "<!-- output not compared -->"
"""Said on the line above a block whose sessions' output cannot be the same twice (a time, a
random seed): its commands run, their output is not compared."""

SESSIONS = _sessions()


def test_the_readme_has_commands_to_run() -> None:
    assert len(SESSIONS) >= 25
    assert sum(1 for s in SESSIONS if s[2] is not None) >= 5


@pytest.mark.parametrize(("line", "command", "shown", "before"), SESSIONS,
                         ids=[s[0] for s in SESSIONS])
def test_a_readme_command_runs_as_shown(tmp_path: Path, line: str, command: str,
                                        shown: list[str] | None, before: tuple[str, ...]) -> None:
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    # files the README's sessions name that are not examples: made as the README describes
    (tmp_path / "broken-4x4.txt").write_text("# futoshiki 4x4\n1 1 . .\n. . . .\n"
                                             ". . . .\n. . . .\n")
    party = ("# a dinner party: the guests are the key (no order)\n"
             "Guest: Ann, Bruno, Chiara, Dev, Emeka\n"
             "Dish: soup, salad, risotto, curry, stew, pie\n"
             "Size: tiny < small < medium < large < huge\n"
             "Year: 1990, 1995, 2000, 2005, 2010\n")  # (docs/generate-logicgrid.md)
    (tmp_path / "party.txt").write_text(party)
    (tmp_path / "my-categories.txt").write_text(party)
    bin_dir = str(Path(sys.executable).parent)
    env = {**os.environ, "PATH": bin_dir + os.pathsep + os.environ.get("PATH", ""),
           "COLUMNS": "100", "NO_COLOR": "1"}
    for earlier in before:  # the files the block made before this command
        subprocess.run(["bash", "-c", earlier], cwd=tmp_path, env=env, capture_output=True,
                       timeout=300)
    proc = subprocess.run(["bash", "-c", command], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=300)
    said = proc.stdout + proc.stderr
    assert "Traceback" not in said, said
    assert proc.returncode in (0, 1), f"{line}: exit {proc.returncode}: {said}"
    if shown:
        printed = proc.stdout.rstrip("\n").splitlines()
        if "..." in shown:  # the rest elided
            shown = shown[:shown.index("...")]
            printed = printed[:len(shown)]
        assert printed == shown, line


def _python_blocks() -> list[tuple[str, str]]:
    out = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        for m in re.finditer(r"^```python\n(.*?)^```", text, re.S | re.M):
            where = f"{doc.relative_to(ROOT)}:{text[:m.start()].count(chr(10)) + 1}"
            out.append((where, m.group(1)))
    return out


@pytest.mark.parametrize(("where", "code"), _python_blocks(),
                         ids=[b[0] for b in _python_blocks()])
def test_a_readme_python_example_runs(tmp_path: Path, where: str, code: str) -> None:
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    proc = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, f"{where}: {proc.stderr}"
