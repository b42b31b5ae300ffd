"""Compare only some golden records (tests/golden.py) with tests/data/golden.jsonl: those
whose name contains a word, and the generated entries of that type.

    python -m tests.golden_only hitori
"""

from __future__ import annotations

import sys

from tests import golden
from tests.conftest import read_jsonl


def compare(word: str) -> list[str]:
    want = {r["name"]: r for r in read_jsonl(golden.RECORD)}
    out = []
    got = [golden._explained(n, f, s) for n, f, s in golden.inputs() if word in n]
    got += [golden._generated(*g) for g in golden.GENERATED if g[0] == word]
    for rec in got:
        old = want.get(rec["name"])
        if old is None:
            out.append(f"{rec['name']}: not recorded")
        elif old != rec:
            keys = [k for k in rec if k != "name" and rec[k] != old.get(k)]
            out.append(f"{rec['name']}: {', '.join(keys)} changed")
    print(f"{len(got)} records compared", file=sys.stderr)
    return out


if __name__ == "__main__":
    diffs = compare(sys.argv[1])
    print("\n".join(diffs) or "no difference")
    sys.exit(1 if diffs else 0)
