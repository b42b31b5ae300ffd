"""Speed of the web app at the server: hint and check on a player's board, measured as HTTP
round trips to a real ``aspuzzle serve`` (uvicorn) on localhost, and the size of the first
page load.

    python benchmarks/bench_web.py [--repeat 5] [--puzzles 3]

Puzzles: Tatham's 15x15 tricky Tents and 9x9 extreme Futoshiki, the Gurobi 20x20 Hitori
(../shared/corpus). Each puzzle is asked first with an empty board ("cold": the reasoner is
grounded for that puzzle) and then ``--repeat`` times with a board part-way through (the first
half of its explanation applied, as a player would have it): the median of those is the figure
to hold under 200 ms. The page load is every file the page fetches at start (HTML, CSS, JS,
the examples list), as bytes on the wire.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx

import aspuzzle
from aspuzzle.explain import Board

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"


def _puzzles(count: int) -> list[tuple[str, str, str]]:
    out: list[tuple[str, str, str]] = []
    tatham = [json.loads(line) for line in (CORPUS / "tatham.jsonl").read_text().splitlines()]
    for game, prefix, type_ in (("tents", "15x15", "tents"), ("unequal", "9dx", "futoshiki")):
        ids = [d["id"] for d in tatham if d["game"] == game and d["id"].startswith(prefix)]
        out += [(f"{type_} {prefix}", type_, i) for i in ids[:count]]
    gurobi = [json.loads(line) for line in
              (CORPUS / "hitori-gurobi.jsonl").read_text().splitlines()]
    for d in [d for d in gurobi if d["n"] == 20][:count]:
        text = "\n".join(" ".join(str(v) for v in row) for row in d["grid"]) + "\n"
        out.append(("hitori 20x20", "hitori", text))
    return out


def _half_board(text: str, type_: str) -> dict[str, Any]:
    """The board after the first half of the puzzle's explanation, as the page sends it."""
    from aspuzzle.web.service import board_to_json

    loaded = aspuzzle.loads(text, type=type_)
    e = aspuzzle.explain(loaded)
    board = Board({})
    for step in e.steps[:len(e.steps) // 2]:
        board = board.with_(step.sets, step.links)
    return board_to_json(board)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--puzzles", type=int, default=3, help="puzzles per set")
    args = ap.parse_args()
    proc = subprocess.Popen([sys.executable, "-m", "aspuzzle", "serve", "--port", "0"],
                            stdout=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert proc.stdout is not None
        m = re.search(r"http://\S+/", proc.stdout.readline())
        assert m
        url = m.group(0)
        with httpx.Client(base_url=url, timeout=60) as client:
            total = 0
            for path in ("/", "/static/style.css", "/static/app.js", "/api/examples"):
                total += len(client.get(path).content)
            print(f"first page load: {total} bytes ({total / 1024:.1f} KB)")
            print(f"{'set':14} {'endpoint':6} {'cold ms':>8} {'median ms':>10} {'max ms':>8}")
            rows: dict[tuple[str, str], list[float]] = {}
            colds: dict[tuple[str, str], list[float]] = {}
            for label, type_, text in _puzzles(args.puzzles):
                board = _half_board(text, type_)
                for endpoint in ("hint", "check"):
                    body = {"puzzle": text, "type": type_}
                    t = time.perf_counter()
                    r = client.post(f"/api/{endpoint}", json={**body, "board": {"cells": []}})
                    colds.setdefault((label, endpoint), []).append(time.perf_counter() - t)
                    assert r.status_code == 200, r.text
                    for _ in range(args.repeat):
                        t = time.perf_counter()
                        r = client.post(f"/api/{endpoint}", json={**body, "board": board})
                        rows.setdefault((label, endpoint), []).append(time.perf_counter() - t)
                        assert r.status_code == 200, r.text
            for (label, endpoint), times in rows.items():
                cold = statistics.median(colds[(label, endpoint)])
                print(f"{label:14} {endpoint:6} {cold * 1000:8.0f} "
                      f"{statistics.median(times) * 1000:10.1f} {max(times) * 1000:8.1f}")
    finally:
        proc.terminate()
        proc.wait(timeout=10)


if __name__ == "__main__":
    main()
