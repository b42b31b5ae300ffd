"""Golden records of what the program says about a fixed set of puzzles: the explanation
(``explain --json`` without its time) and the LEGUP proof of every example and test-corpus
puzzle, and the puzzles the seeded generator makes. They guard the kit's ports (issue 27: a
type moved onto the kit must say exactly what it said before) and any speed work: a change
to a record must be one the commit names.

    python -m tests.golden            # compare, print what differs
    python -m tests.golden --record   # write tests/data/golden.jsonl (say why in the commit)
    python -m tests.golden hitori     # compare only the records of one type (quicker)

A record holds the sha256 of each output (and a few words of it, to see what changed).
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterator
from typing import Any

import aspuzzle
from tests.conftest import DATA, EXAMPLES, read_jsonl

RECORD = DATA / "golden.jsonl"

CORPORA = ("tents/tatham.jsonl", "tents/puzzlink.jsonl", "hitori/tatham.jsonl",
           "hitori/puzzlink.jsonl", "futoshiki/unequal.jsonl", "lightup/tatham.jsonl",
           "sudoku/tatham.jsonl", "zebralogic/published.jsonl", "zebralogic/constructed.jsonl")
"""The test corpora whose puzzles are recorded (``id``, ``url`` or ``puzzle`` of each line)."""

GENERATED: tuple[tuple[str, str, str, int], ...] = (
    ("tents", "8x8", "direct", 1), ("tents", "8x8", "case", 2), ("tents", "12x10", "direct", 3),
    ("hitori", "6x6", "direct", 1), ("hitori", "8x8", "case", 2),
    ("futoshiki", "5", "direct", 1), ("futoshiki", "6", "case", 2),
    ("logicgrid", "3x4", "direct", 1), ("logicgrid", "4x5", "case", 2),
    ("lightup", "7x7", "direct", 1), ("lightup", "8x8", "case", 2),
    ("sudoku", "4x4", "direct", 1), ("sudoku", "6x6", "direct", 2),
)
"""(type, size, tier, seed) of each generated puzzle recorded."""


def inputs() -> Iterator[tuple[str, str | None, str]]:
    """(name, format or None, puzzle text or path) of every recorded puzzle."""
    for path in sorted(EXAMPLES.rglob("*")):
        if path.is_file() and path.suffix != ".md":
            yield f"examples/{path.relative_to(EXAMPLES).as_posix()}", None, str(path)
    for corpus in CORPORA:
        zebra = corpus.startswith("zebralogic")
        for i, rec in enumerate(read_jsonl(DATA / corpus)):
            text = rec["puzzle"] if zebra else rec.get("id") or rec.get("url")
            yield f"{corpus}:{i + 1}", "zebralogic" if zebra else None, str(text)


def _digest(text: str) -> dict[str, Any]:
    return {"sha256": hashlib.sha256(text.encode()).hexdigest(), "head": text[:60]}


def _explained(name: str, fmt: str | None, source: str) -> dict[str, Any]:
    from aspuzzle.explain import explain

    loaded = aspuzzle.load(source) if name.startswith("examples/") else \
        aspuzzle.loads(source, fmt=fmt)
    result = explain(loaded)
    data = result.to_json()
    data.pop("time_s", None)
    out: dict[str, Any] = {"name": name, "explain": _digest(json.dumps(data, sort_keys=True))}
    export = loaded.puzzle.reasoning().export_proof
    if export is not None and result.status == "solved":
        try:
            out["legup"] = _digest(export(loaded, result))
        except aspuzzle.AspuzzleError as e:  # a puzzle LEGUP cannot hold (a jigsaw, 4x4)
            out["legup"] = {"refused": str(e)[:80]}
    return out


def _generated(kind: str, size: str, tier: str, seed: int) -> dict[str, Any]:
    g = aspuzzle.generate(kind, size=size, difficulty=tier, seed=seed)
    fmt, text = g.write()
    return {"name": f"generate {kind} {size} {tier} {seed}",
            "generate": _digest(f"{fmt}\n{text}\n{g.grade.tier}")}


def records(only: str | None = None) -> Iterator[dict[str, Any]]:
    """Every record, or with ``only`` those whose name holds it and the generated puzzles of
    the type it names."""
    for name, kind, source in inputs():
        if only is None or only in name:
            yield _explained(name, kind, source)
    for spec in GENERATED:
        if only is None or spec[0] == only:
            yield _generated(*spec)


def compare(only: str | None = None) -> list[str]:
    """What differs from the record (one line each)."""
    want = {r["name"]: r for r in read_jsonl(RECORD)}
    out = []
    seen = set()
    for rec in records(only):
        seen.add(rec["name"])
        old = want.get(rec["name"])
        if old is None:
            out.append(f"{rec['name']}: not recorded")
        elif old != rec:
            keys = [k for k in rec if k != "name" and rec[k] != old.get(k)]
            out.append(f"{rec['name']}: {', '.join(keys)} changed")
    if only is None:
        out += [f"{n}: recorded, no longer made" for n in want if n not in seen]
    return out


if __name__ == "__main__":
    if "--record" in sys.argv:
        with RECORD.open("w") as f:
            for rec in records():
                f.write(json.dumps(rec, sort_keys=True) + "\n")
    else:
        words = [a for a in sys.argv[1:] if not a.startswith("-")]
        diffs = compare(words[0] if words else None)
        print("\n".join(diffs) or "no difference")
        sys.exit(1 if diffs else 0)
