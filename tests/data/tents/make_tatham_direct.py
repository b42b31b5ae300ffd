"""Make ``tatham-direct.jsonl``: Tents puzzles from Simon Tatham's own generator, with the
tents his own solver finds (run by hand; needs the standalone tools of /work/tatham/).

    python tests/data/tents/make_tatham_direct.py > tests/data/tents/tatham-direct.jsonl
"""

from __future__ import annotations

import json
import subprocess
import sys

SETS = ("8x8de", "8x8dt", "10x10de", "10x10dt", "15x15de", "15x15dt", "20x20de", "20x20dt")
COUNT = 4
TOOLS = "/work/tatham"


def solve(game_id: str) -> list[list[int]]:
    out = subprocess.run([f"{TOOLS}/tentssolver", game_id], capture_output=True, text=True,
                         check=True).stdout
    rows = [line for line in out.splitlines() if line.startswith("|")]
    tents = []
    for r, line in enumerate(rows[:-1], start=1):
        cells = line.split("|")[1:-2]
        tents += [[r, c] for c, cell in enumerate(cells, start=1) if cell == "//\\"]
    return tents


def main() -> None:
    for params in SETS:
        seed = f"aspuzzle-{params}"
        ids = subprocess.run([f"{TOOLS}/tentsgen", params, seed, str(COUNT)],
                             capture_output=True, text=True, check=True).stdout.split()
        for game_id in ids:
            record = {"game": "tents", "id": game_id, "params": params, "seed": seed,
                      "solution": {"tents": solve(game_id)}}
            sys.stdout.write(json.dumps(record) + "\n")


if __name__ == "__main__":
    main()
