"""Grade a class: every LEGUP proof file under a folder, one row per file, every step checked.

The folder holds one folder per student (any nesting below it). Each file gets a row: the
student (the first folder level), its path, the puzzle, whether the proof is solved (valid and
complete), how many transitions, how deep, how many are invalid, the first invalid one and why,
and what LEGUP itself will say of it (where the type predicts it: Tree Tent).
A student folder with no file gets a row saying so; a file that cannot be read (broken XML,
another puzzle, not LEGUP at all) gets a row with the error. Rows are sorted by student and
path. No stored flag or hash is trusted.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Collection, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from aspuzzle.errors import AspuzzleError, UsageError

__all__ = ["COLUMNS", "GradeRow", "grade", "to_csv"]

COLUMNS = ("student", "file", "puzzle", "solved", "complete", "transitions", "depth",
           "invalid", "first_invalid", "reason", "legup", "error")


@dataclass(frozen=True)
class GradeRow:
    student: str
    file: str
    """The path relative to the class folder ("" for a student with no file)."""
    puzzle: str = ""
    solved: bool = False
    complete: bool = False
    transitions: int = 0
    depth: int = 0
    invalid: int = 0
    first_invalid: str = ""
    """"node N -> transition T (rule)" of the first invalid transition."""
    reason: str = ""
    """Why the first invalid transition is wrong, or why the proof is not complete."""
    legup: str = ""
    """What LEGUP itself will say when the student opens the file and presses Check
    ("solved", or "not solved: why", "cannot open: why"; "" where not predicted)."""
    error: str = ""
    """Why the file could not be graded (then the other fields are empty)."""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def csv_row(self) -> list[str]:
        d = asdict(self)
        return [("yes" if d[c] else "no") if isinstance(d[c], bool) else str(d[c])
                for c in COLUMNS]


def _files(root: Path) -> Iterator[tuple[str, str, Path | None]]:
    """(student, relative path, file) of every file; (student, "", None) for an empty
    student folder. Hidden files and folders (a leading dot) are left out."""
    for entry in sorted(root.iterdir()):
        if entry.name.startswith("."):
            continue
        if entry.is_file():
            yield "", entry.name, entry
            continue
        if not entry.is_dir():
            continue
        found = False
        for f in sorted(entry.rglob("*")):
            rel = f.relative_to(root)
            if any(part.startswith(".") for part in rel.parts) or not f.is_file():
                continue
            found = True
            yield entry.name, rel.as_posix(), f
        if not found:
            yield entry.name, "", None


TIMEOUT = "time limit reached"
"""How a row's error begins when ``--timeout`` stopped its file."""


def grade_file(item: tuple[str, str, str, str | frozenset[str] | None, Any, bool]
               | tuple[str, str, str, str | frozenset[str] | None, Any, bool, float | None]
               ) -> GradeRow:
    """One row (a module-level function: it runs in worker processes); a seventh item, if
    given, is the time limit of the file in seconds."""
    from aspuzzle._deadline import time_limit
    from aspuzzle.errors import TimeLimit
    from aspuzzle.legup.check import check_text

    student, rel, path, allowed, teacher, earned = item[:6]
    seconds = item[6] if len(item) > 6 else None
    try:
        data = Path(path).read_bytes()
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            return GradeRow(student, rel, error="not a LEGUP file: not UTF-8 text")
        if not text.strip():
            return GradeRow(student, rel, error="empty file")
        with time_limit(seconds):
            report = check_text(text, allowed=allowed, teacher=teacher, earned=earned)
    except TimeLimit:
        return GradeRow(student, rel, error=f"{TIMEOUT} ({seconds:g} s)")
    except (AspuzzleError, OSError) as e:
        return GradeRow(student, rel, error=_one_line(str(e)))
    first = report.invalid[0] if report.invalid else None
    if first is not None:
        where = f"node {first.node} -> transition {first.transition} ({first.rule or 'no rule'})"
        reason = first.text
    else:
        where = ""
        reason = "" if report.complete else (
            f"unfinished: the branch ending at node {report.open_branches[0]} is neither "
            "solved nor closed by a contradiction" if report.open_branches else
            "unfinished: the file has no proof tree")
    legup = report.legup + (f": {report.legup_text}" if report.legup_text else "")
    return GradeRow(student, rel, report.puzzle, report.solved, report.complete,
                    len(report.verdicts), report.depth, len(report.invalid), where, reason,
                    legup)


def _one_line(text: str) -> str:
    return " ".join(text.split())[:300]


def grade(folder: str | Path, *, rules: str | Collection[str] | None = None, jobs: int = 1,
          dask: str | None = None, teacher: Any = None,
          earned: bool = False, timeout: float | None = None) -> list[GradeRow]:
    """One row per proof file under ``folder`` (see the module docstring), sorted.

    ``rules``: what an exercise allows (see :func:`aspuzzle.legup.check.allowed_rules`: a
    tier or rule names, read against each file's type); transitions by other rules are
    invalid. ``teacher``: a teacher's rules, verified (:func:`aspuzzle.legup.load_teacher`),
    always allowed. ``earned``: a derived rule counts only once earned (Tree Tent).
    ``jobs``/``dask`` as in :func:`aspuzzle.batch.imap`.
    """
    from aspuzzle.batch import Ok, imap

    root = Path(folder)
    if not root.is_dir():
        raise UsageError(f"{folder}: not a folder")
    allowed = rules if isinstance(rules, str) or rules is None else frozenset(rules)
    if allowed is not None:
        _check_rules(allowed)
    entries = list(_files(root))
    rows = [GradeRow(s, "", error="no proof file") for s, _, f in entries if f is None]
    items = [(s, rel, str(f), allowed, teacher, earned, timeout) for s, rel, f in entries
             if f is not None]
    for item, out in zip(items, imap(grade_file, items, jobs=jobs, dask=dask), strict=True):
        rows.append(out.value if isinstance(out, Ok)
                    else GradeRow(item[0], item[1], error=_one_line(out.message)))
    rows.sort(key=lambda r: (r.student, r.file))
    return rows


def _check_rules(allowed: str | frozenset[str]) -> None:
    """UsageError when ``allowed`` names a rule that no type with LEGUP proofs has (each file
    reads it against its own type)."""
    from aspuzzle.legup.check import _checkers, allowed_rules

    errors = []
    for puzzle, _ in _checkers():
        try:
            allowed_rules(allowed, puzzle)
            return
        except UsageError as e:
            errors.append(e)
    raise errors[0]


def to_csv(rows: list[GradeRow]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(COLUMNS)
    for r in rows:
        w.writerow(r.csv_row())
    return buf.getvalue()
