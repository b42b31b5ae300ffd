"""Make ``tatham-direct.jsonl``: Unequal (Futoshiki) puzzles from Simon Tatham's own generator
at tricky and extreme, normal and adjacent mode, with the grid his own solver finds (run by
hand; needs the standalone tools of /work/tatham/).

    python tests/data/futoshiki/make_tatham_direct.py > tests/data/futoshiki/tatham-direct.jsonl
"""

from __future__ import annotations

import json
import re
import subprocess
import sys

SETS = ("5dk", "5dx", "5adk", "5adx", "7dk", "7dx", "7adk", "7adx", "9dk", "9dx", "9adk",
        "9adx")
COUNT = 4
TOOLS = "/work/tatham"


def solve(game_id: str, n: int) -> list[list[int]]:
    """The grid the solver prints after its verdict ("Game has difficulty ..."): rows of
    digits and signs."""
    out = subprocess.run([f"{TOOLS}/unequalsolver", game_id], capture_output=True, text=True,
                         check=True).stdout
    tail = out.split("Game has difficulty")[-1].splitlines()[1:]
    rows = [[int(d) for d in re.findall(r"\d+", line)] for line in tail]
    rows = [r for r in rows if len(r) == n]
    assert len(rows) == n, game_id
    return rows


def main() -> None:
    for params in SETS:
        seed = f"aspuzzle-{params}"
        n = int(re.match(r"\d+", params).group(0))  # type: ignore[union-attr]
        ids = subprocess.run([f"{TOOLS}/unequalgen", params, seed, str(COUNT)],
                             capture_output=True, text=True, check=True).stdout.split()
        for game_id in ids:
            record = {"game": "unequal", "id": game_id, "params": params, "seed": seed,
                      "solution": {"grid": solve(game_id, n)}}
            sys.stdout.write(json.dumps(record) + "\n")


if __name__ == "__main__":
    main()
