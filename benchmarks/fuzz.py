"""Fuzz every command that reads a puzzle, for a while, and say what was found (issue 33).

    python benchmarks/fuzz.py --minutes N [--seed S] [--edits K] [--save DIR] [--no-web]

Each round takes a seed input (every bundled example and one input of every test corpus file:
``tests/fuzzing.py``), makes a mutant of 1..K character edits (deleted, inserted, replaced),
and runs it through one command in turn (solve, count, convert, render --svg, check, hint,
rate, diagnose, explain) in this process, and through the web API (Starlette's test client).
Every answer is checked as the test suite's fuzz test checks it: no traceback, one record or
one-line error, an exit status of the README's set, no partial output file, no HTTP 500.

It prints, per command, how many inputs it tried and how many answers were wrong, and each
wrong answer (the seed, the edits, what was wrong); with ``--save DIR`` each failing mutant
is written there. Exit status 0 if nothing was found, 1 otherwise. Same ``--seed``, same
mutants (the time decides only how many).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.fuzzing import (  # noqa: E402
    COMMANDS,
    WEB,
    check_command,
    check_web,
    mutate,
    random_edits,
    seeds,
    web_client,
)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, required=True, help="how long to fuzz")
    ap.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    ap.add_argument("--edits", type=int, default=3, help="at most this many edits a mutant")
    ap.add_argument("--save", metavar="DIR", help="write each failing mutant to DIR")
    ap.add_argument("--no-web", action="store_true", help="leave the web API out")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    pool = seeds()
    tried: Counter[str] = Counter()
    wrong: Counter[str] = Counter()
    findings: list[str] = []
    end = time.monotonic() + args.minutes * 60
    targets = [("cli", c) for c in COMMANDS] + ([] if args.no_web else [("web", w) for w in WEB])
    with tempfile.TemporaryDirectory() as tmp, web_client() as client:
        work = Path(tmp)
        while time.monotonic() < end:
            seed = rng.choice(pool)
            edits = random_edits(rng, seed, rng.randint(1, args.edits))
            text = mutate(seed.text, edits)
            for where, name in targets:
                if time.monotonic() >= end:
                    break
                key = f"{where} {name}"
                found = check_command(name, text, work, seed.suffix) if where == "cli" \
                    else check_web(client, name, text)
                tried[key] += 1
                if found:
                    wrong[key] += 1
                    findings.append(f"{key} on {seed.name} with {edits}: {'; '.join(found)}")
                    if args.save:
                        out = Path(args.save)
                        out.mkdir(parents=True, exist_ok=True)
                        (out / f"{len(findings):04d}-{name}{seed.suffix}").write_text(
                            text, "utf-8", errors="surrogatepass")
    print(f"fuzz: {args.minutes:g} min, seed {args.seed}, {len(pool)} seed inputs")
    print(f"{'command':<16}{'inputs':>8}{'wrong':>8}")
    for key in sorted(tried):
        print(f"{key:<16}{tried[key]:>8}{wrong[key]:>8}")
    print(f"total: {sum(tried.values())} inputs, {sum(wrong.values())} wrong answers "
          f"({sum(1 for f in findings if 'traceback' in f)} with a traceback)")
    for f in findings:
        print(f"  {f}")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
