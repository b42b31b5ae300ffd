"""The fuzz harness (issue 33): inputs made by small edits (characters deleted, inserted,
replaced) of every bundled example and of the test corpus, through every command that reads a
puzzle and through the web API, in process. Used by ``tests/test_fuzz.py`` (hypothesis, a
fixed small number of examples) and by ``benchmarks/fuzz.py --minutes N`` (longer, random).

What every input must get: no traceback; exactly one record (``--json``) or one-line error;
an exit status in the documented set (0-3: 4 is a bug of aspuzzle's own, so a finding); no
output file unless the command succeeded; from the web API a JSON answer that is not a 500 or
an internal error (422).
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import warnings
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

EXIT_STATUSES = frozenset({0, 1, 2, 3})
"""The README's exit statuses for a bad or hard input (4, an internal error, is a bug)."""
TIMEOUT = "3"
"""``--timeout`` of every command that takes one: a mutant is answered in seconds."""

COMMANDS = ("solve", "count", "convert", "render", "check", "hint", "rate", "diagnose",
            "explain")
WEB = ("solve", "count", "explain", "hint", "check", "diagnose", "convert", "render")

SPECIAL = (" \n\t0123456789.,:;_-+#%*()<>^v|=/\"'\\{}[]?!&@ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijk"
           "lmnopqrstuvwxyz\x00\x7f\u00e9\u202e\u2227\U0001f333")
"""Characters an edit may insert besides the seed's own: syntax of every format, a NUL, a
character that is no ASCII, a direction override, an emoji of the board."""


@dataclass(frozen=True)
class Seed:
    """One input to mutate: where it comes from, its text, the suffix its file gets."""

    name: str
    text: str
    suffix: str


@dataclass(frozen=True)
class Edit:
    """One character edit at a fraction ``at`` (0..1) of the text."""

    kind: str  # "delete", "insert", "replace"
    at: float
    char: str = ""


def mutate(text: str, edits: Sequence[Edit]) -> str:
    for e in edits:
        i = min(int(e.at * len(text)), max(0, len(text) - 1)) if text else 0
        if e.kind == "insert":
            text = text[:i] + e.char + text[i:]
        elif not text:
            continue
        elif e.kind == "delete":
            text = text[:i] + text[i + 1:]
        else:
            text = text[:i] + e.char + text[i + 1:]
    return text


def random_edits(rng: random.Random, seed: Seed, n: int) -> list[Edit]:
    alphabet = sorted(set(seed.text) | set(SPECIAL))
    return [Edit(rng.choice(("delete", "insert", "replace")), rng.random(), rng.choice(alphabet))
            for _ in range(n)]


@cache
def seeds() -> tuple[Seed, ...]:
    """Every bundled example (every type, every format) and one input of every corpus file
    (Tatham IDs, puzz.link URLs, ZebraLogic text, LEGUP files, render inputs), sorted."""
    out: list[Seed] = []
    for f in sorted((ROOT / "examples").rglob("*")):
        if f.is_file() and not f.name.startswith(".") and f.suffix != ".md":
            out.append(Seed(str(f.relative_to(ROOT)), f.read_text("utf-8"), f.suffix))
    data = ROOT / "tests" / "data"
    for f in sorted(data.rglob("*")):
        if not f.is_file():
            continue
        rel = str(f.relative_to(ROOT))
        if f.suffix in (".txt", ".logic", ".xml"):
            out.append(Seed(rel, f.read_text("utf-8"), f.suffix))
        elif f.suffix == ".jsonl":
            first = json.loads(f.read_text("utf-8").splitlines()[0])
            for key in ("puzzle", "url", "id"):
                value = first.get(key)
                if isinstance(value, str) and (key != "id" or ":" in value):
                    out.append(Seed(f"{rel}:1:{key}", value, ".txt"))
                    break
    out += _every_format(out)
    return tuple(out)


def _every_format(found: list[Seed]) -> list[Seed]:
    """A seed in every format a type writes that no bundled input is in: the first seed of
    the type, converted (with the format's first extension)."""
    from aspuzzle import api

    have: dict[str, set[str]] = {}
    first: dict[str, Any] = {}
    for s in found:
        try:
            loaded = api.loads(s.text)
        except Exception:
            continue
        have.setdefault(loaded.puzzle.name, set()).add(loaded.format)
        first.setdefault(loaded.puzzle.name, (s, loaded))
    more: list[Seed] = []
    for name, (s, loaded) in sorted(first.items()):
        for fmt in sorted(loaded.puzzle.formats.values(), key=lambda f: f.name):
            if fmt.write is None or fmt.name in have[name]:
                continue
            try:
                text = fmt.write(loaded.instance, None)
            except Exception:  # a puzzle this format cannot hold (e.g. no clue here)
                continue
            suffix = fmt.extensions[0] if fmt.extensions else ".txt"
            more.append(Seed(f"{s.name} as {fmt.name}", text, suffix))
    return more


@cache
def _convert_targets(text: str) -> tuple[str, ...]:
    from aspuzzle import api

    try:
        p = api.loads(text).puzzle
    except Exception:
        return ("text",)
    return tuple(sorted(n for n, f in p.formats.items() if f.write is not None)) or ("text",)


@dataclass
class Outcome:
    command: str
    argv: list[str]
    code: int
    out: str
    err: str


def run_cli(argv: Sequence[str]) -> tuple[int, str, str]:
    """``aspuzzle ARGV`` in this process: (exit status, stdout, stderr). An exception that
    escapes (a traceback the user would see) is written to stderr as Python would."""
    import traceback

    from aspuzzle import cli

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(list(argv))
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else 2
        except Exception:
            traceback.print_exc()
            code = 1
    return code, out.getvalue(), err.getvalue()


def argv_for(command: str, path: Path, work: Path, text: str) -> tuple[list[str], Path | None]:
    """The command line of one command on one input file, and the output file it writes."""
    p = str(path)
    if command in ("solve", "count"):
        return [command, "--json", "--timeout", TIMEOUT, p], None
    if command in ("explain", "diagnose", "rate"):
        return [command, "--json", "--timeout", TIMEOUT, p], None
    if command in ("check", "hint"):
        return [command, "--timeout", TIMEOUT, p], None
    if command == "convert":
        targets = _convert_targets(text)
        to = targets[len(text) % len(targets)]
        target = work / f"converted.{to}"
        return ["convert", p, "--to", to, "-o", str(target)], target
    if command == "render":
        target = work / "picture.svg"
        return ["render", "--svg", p, "-o", str(target)], target
    raise ValueError(command)


def _stderr_lines(err: str) -> list[str]:
    return [line for line in err.splitlines() if not line.startswith("aspuzzle: note:")
            and not line.startswith("aspuzzle: seed ")]


def problems_of(command: str, code: int, out: str, err: str, target: Path | None) -> list[str]:
    """What is wrong with one command's answer to one input (nothing: an empty list)."""
    found: list[str] = []
    if "Traceback" in out + err:
        found.append("a traceback")
    if code not in EXIT_STATUSES:
        found.append(f"exit status {code}")
    lines = _stderr_lines(err)
    if code == 2 and (len(lines) != 1 or not lines[0].startswith("aspuzzle: error: ")):
        found.append(f"not a one-line error: {err[:300]!r}")
    # solve and count say a timeout in their record (status timeout, count "at least"), as
    # they always have; the other commands also say it on stderr, in one line
    if code == 3 and command not in ("solve", "count") and (
            len(lines) != 1 or not lines[0].startswith("aspuzzle: timeout: ")):
        found.append(f"not a one-line timeout: {err[:300]!r}")
    if command in ("solve", "count", "explain", "diagnose", "rate"):
        records = [line for line in out.splitlines() if line.strip()]
        if len(records) != 1:
            found.append(f"{len(records)} records, not one")
        else:
            try:
                record = json.loads(records[0])
            except ValueError:
                found.append(f"not a JSON record: {records[0][:200]!r}")
            else:
                if not isinstance(record, dict) or "input" not in record or \
                        not ("status" in record or "count" in record):
                    found.append(f"a record without input or status: {records[0][:200]!r}")
                elif code == 2 and record.get("status") != "error":
                    found.append("exit status 2 with a record that is not an error")
    if target is not None:
        if code != 0 and target.exists():
            found.append(f"a partial output file ({target.name}) after exit status {code}")
        if code == 0 and not target.exists():
            found.append("exit status 0 and no output file")
        with contextlib.suppress(FileNotFoundError):
            target.unlink()
        for tmp in target.parent.glob(f".{target.name}*"):
            found.append(f"a temporary file left: {tmp.name}")
            tmp.unlink()
    return found


def check_command(command: str, text: str, work: Path, suffix: str = ".txt") -> list[str]:
    """Run one command on one mutated input (written to a file in ``work``): its problems."""
    path = work / f"input{suffix}"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    argv, target = argv_for(command, path, work, text)
    code, out, err = run_cli(argv)
    return problems_of(command, code, out, err, target)


@contextlib.contextmanager
def web_client() -> Iterator[Any]:
    with warnings.catch_warnings():  # starlette suggests httpx2; httpx is what it runs on
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from aspuzzle.web import create_app

    with TestClient(create_app(time_limit=float(TIMEOUT)), raise_server_exceptions=False) as c:
        yield c


def check_web(client: Any, endpoint: str, text: str) -> list[str]:
    """POST one mutated input to ``/api/ENDPOINT``: its problems."""
    body: dict[str, Any] = {"puzzle": text}
    if endpoint in ("hint", "check"):
        body["state"] = text
    if endpoint == "convert":
        body["to"] = _convert_targets(text)[len(text) % len(_convert_targets(text))]
    r = client.post(f"/api/{endpoint}", json=body)
    found: list[str] = []
    if r.status_code not in (200, 400, 413, 504):
        found.append(f"HTTP {r.status_code}: {r.text[:300]}")
    try:
        data = r.json()
    except ValueError:
        return [*found, f"not JSON: {r.text[:200]!r}"]
    if r.status_code != 200 and (not isinstance(data, dict) or data.get("status") != "error"
                                 or "\n" in str(data.get("error", "\n"))):
        found.append(f"not a one-line JSON error: {r.text[:300]}")
    return found
