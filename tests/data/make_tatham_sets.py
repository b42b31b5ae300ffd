"""Make ``{hitori,tents,futoshiki}/tatham-sets.jsonl``: puzzles from Simon Tatham's own
generators at every non-recursive difficulty (Singles easy/tricky, Tents easy/tricky, Unequal
trivial..extreme in normal and adjacent mode), each with the solution his own standalone solver
prints and the tier ``aspuzzle rate`` gives it (run by hand; needs the tools of /work/tatham/).

    python tests/data/make_tatham_sets.py singles [--sizes 10,20] [--levels e,k] > FILE
    python tests/data/make_tatham_sets.py tents > tests/data/tents/tatham-sets.jsonl
    python tests/data/make_tatham_sets.py unequal > tests/data/futoshiki/tatham-sets.jsonl
    python tests/data/make_tatham_sets.py rate FILE    # (re)writes each record's "tier"

Each record: ``game``, ``id`` (as the generator printed it), ``params``, ``seed``, ``command``
(the generator command line that printed it, with COUNT), ``solution`` (from ``*solver ID``),
and, after ``rate``, ``tier``. Generation without ``--timeout`` waits for every set; with it a
set whose generator does not finish in that many seconds is left out (reported on stderr).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

TOOLS = "/work/tatham"
COUNT = 4

SETS = {
    "singles": [f"{n}x{n}d{lv}" for n in (10, 20, 30, 40, 50) for lv in "ek"],
    "tents": [f"{n}x{n}d{lv}" for n in (8, 10, 15, 20, 25, 30) for lv in "et"],
    "unequal": [f"{n}{mode}d{lv}" for mode in ("", "a") for n in (4, 6, 8, 10, 12)
                for lv in "tekx" if not (mode == "a" and n < 5 and lv in "kx")],
}


def solve_singles(game_id: str) -> dict[str, list[list[int]]]:
    """The shaded cells of ``singlessolver ID``'s grid (``*``), 1-based (row, column)."""
    out = subprocess.run([f"{TOOLS}/singlessolver", game_id], capture_output=True, text=True,
                         check=True).stdout
    assert "Game was solved" in out, game_id
    rows = [line for line in out.splitlines() if line and line[0] not in "~ " and
            not line.startswith("Game")]
    shaded = []
    for r, line in enumerate(rows, start=1):
        cells = line.split()
        shaded += [[r, c] for c, cell in enumerate(cells, start=1) if cell == "*"]
    return {"shaded": shaded}


def solve_tents(game_id: str) -> dict[str, list[list[int]]]:
    """The tents (``//\\``) of ``tentssolver ID``'s board, 1-based (row, column)."""
    out = subprocess.run([f"{TOOLS}/tentssolver", game_id], capture_output=True, text=True,
                         check=True).stdout
    rows = [line for line in out.splitlines() if line.startswith("|")]
    tents = []
    for r, line in enumerate(rows[:-1], start=1):
        cells = line.split("|")[1:-2]
        tents += [[r, c] for c, cell in enumerate(cells, start=1) if cell == "//\\"]
    return {"tents": tents}


def _digit(ch: str, order: int) -> int:
    if order < 10:
        return int(ch)
    return int(ch) + 1 if ch.isdigit() else ord(ch) - ord("A") + 11


def solve_unequal(game_id: str) -> dict[str, list[list[int]]]:
    """The grid ``unequalsolver ID`` prints after its verdict ("Game has difficulty ...")."""
    n = int(re.match(r"\d+", game_id).group(0))  # type: ignore[union-attr]
    out = subprocess.run([f"{TOOLS}/unequalsolver", game_id], capture_output=True, text=True,
                         check=True).stdout
    tail = out.split("Game has difficulty")[-1].splitlines()[1:]
    # the digits as unequal.c's n2c writes them: 1..9, or from order 10 on 0..9 for 1..10
    # and A, B, ... for 11, 12, ...
    rows = [[_digit(ch, n) for ch in re.findall(r"[0-9A-Z]", line)] for line in tail]
    rows = [r for r in rows if len(r) == n]
    assert len(rows) == n, game_id
    return {"grid": rows}


SOLVERS = {"singles": solve_singles, "tents": solve_tents, "unequal": solve_unequal}


def generate(game: str, sets: list[str], timeout: float | None, count: int = COUNT) -> None:
    for params in sets:
        seed = f"aspuzzle-{params}"
        command = [f"{TOOLS}/{game}gen", params, seed, str(count)]
        try:
            ids = subprocess.run(command, capture_output=True, text=True, check=True,
                                 timeout=timeout).stdout.split()
        except subprocess.TimeoutExpired:
            print(f"{params}: generator did not finish in {timeout} s, left out",
                  file=sys.stderr)
            continue
        for game_id in ids:
            record = {"game": game, "id": game_id, "params": params, "seed": seed,
                      "command": f"{game}gen {params} {seed} {count}",
                      "solution": SOLVERS[game](game_id)}
            sys.stdout.write(json.dumps(record) + "\n")
            sys.stdout.flush()


def rate(path: Path) -> None:
    import aspuzzle
    from aspuzzle.difficulty import rate as rate_tier

    records = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    for rec in records:
        rec["tier"] = rate_tier(aspuzzle.loads(rec["id"])).value
        print(rec["params"], rec["tier"], file=sys.stderr, flush=True)
    path.write_text("".join(json.dumps(rec) + "\n" for rec in records))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("what", choices=[*SETS, "rate"])
    ap.add_argument("file", nargs="?", type=Path)
    ap.add_argument("--sets", help="comma-separated params (default: every set of the game)")
    ap.add_argument("--count", type=int, default=COUNT, help="puzzles per set (default 4)")
    ap.add_argument("--timeout", type=float, help="seconds per set's generator run")
    args = ap.parse_args()
    if args.what == "rate":
        rate(args.file)
        return
    sets = args.sets.split(",") if args.sets else SETS[args.what]
    generate(args.what, sets, args.timeout, args.count)


if __name__ == "__main__":
    main()
