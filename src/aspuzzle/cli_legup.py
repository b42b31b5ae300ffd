"""The LEGUP proof commands (thin: the work is in :mod:`aspuzzle.legup`).

    aspuzzle check-proof FILE.xml [--rules LIST|TIER] [--rules-dir DIR] [--earned] [--json]
    aspuzzle grade DIR [--csv OUT] [--rules LIST|TIER] [--rules-dir DIR] [--earned]
                   [--jobs J] [--json]

``check-proof`` exit status: 0 a valid and complete proof; 1 an invalid or unfinished one; 2 a
file that cannot be read. ``grade`` exit status: 0 the class was graded (whatever the grades);
2 bad usage (no such folder, an unknown rule, a teacher's rule that is not sound).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from aspuzzle.errors import InputError

EXIT_OK, EXIT_NO, EXIT_BAD = 0, 1, 2


def _print(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def cmd_check_proof(args: argparse.Namespace) -> int:
    from aspuzzle.api import read_input
    from aspuzzle.legup.check import check_text

    teacher = _teacher(args)
    text = read_input(args.file)
    try:
        report = check_text(text, allowed=args.rules, teacher=teacher, earned=args.earned)
    except InputError as e:
        raise e.with_source(e.source or args.file) from None
    if args.json:
        _print(json.dumps({"input": args.file, **report.to_json()}, ensure_ascii=False))
    else:
        _print(report.render())
    return EXIT_OK if report.solved else EXIT_NO


def _teacher(args: argparse.Namespace) -> Any:
    """The teacher's rules of --rules-dir, each proven sound first (None without it)."""
    if args.rules_dir is None:
        return None
    from aspuzzle.legup.check import load_teacher

    return load_teacher(args.rules_dir)


def cmd_grade(args: argparse.Namespace) -> int:
    from aspuzzle import cli
    from aspuzzle.legup.grade import grade, to_csv

    rows = grade(args.folder, rules=args.rules, jobs=args.jobs, dask=args.dask,
                 teacher=_teacher(args), earned=args.earned, timeout=args.reasoning_timeout)
    if args.json:
        for r in rows:
            _print(json.dumps(r.to_json(), ensure_ascii=False))
    elif args.csv is None:
        sys.stdout.write(to_csv(rows))
    if args.csv is not None:
        from pathlib import Path

        cli.write_atomic(Path(args.csv), to_csv(rows))
        solved = sum(r.solved for r in rows)
        if not args.json:
            _print(f"{args.csv}: {len(rows)} rows, {solved} solved")
    from aspuzzle.legup.grade import TIMEOUT

    return cli.EXIT_TIMEOUT if any(r.error.startswith(TIMEOUT) for r in rows) else EXIT_OK


def register(sub: Any) -> None:
    from aspuzzle import cli

    rules_help = ("the rules an exercise allows: a tier (direct, case, nested) or a "
                  "comma-separated list of rule names or ids ('Finish with Grass,"
                  "TREE-BASC-0001'); other rules make a transition invalid")
    dir_help = ("a folder of the teacher's own rule files (*.lp with a '%% Rule: NAME' and "
                "'%% Kind: direct|contradiction' header), each proven sound up to 5x5 first")
    earned_help = ("a derived rule (sheet 5.x, or a teacher's) counts only after the same "
                   "proof has shown one instance of it with the basic rules; before, its "
                   "transitions are 'not yet earned'")
    sp = sub.add_parser("check-proof", help="judge every transition of a LEGUP Tree Tent "
                                            "proof; is it valid and complete?")
    sp.add_argument("file", metavar="FILE", help="a LEGUP TreeTent file with a proof tree")
    sp.add_argument("--rules", metavar="LIST|TIER", help=rules_help)
    sp.add_argument("--rules-dir", metavar="DIR", help=dir_help)
    sp.add_argument("--earned", action="store_true", help=earned_help)
    sp.add_argument("--json", action="store_true", help="print JSON")
    cli.timeout_option(sp, "a time limit in seconds for judging the proof (exit status 3)")
    sp.set_defaults(func=cmd_check_proof)

    sp = sub.add_parser("grade", help="check every LEGUP proof of a class folder (a folder "
                                      "per student), one CSV row per file")
    sp.add_argument("folder", metavar="DIR", help="the class folder")
    sp.add_argument("--csv", metavar="OUT", help="write the CSV to this file (atomically)")
    sp.add_argument("--rules", metavar="LIST|TIER", help=rules_help)
    sp.add_argument("--rules-dir", metavar="DIR", help=dir_help)
    sp.add_argument("--earned", action="store_true", help=earned_help)
    sp.add_argument("--json", action="store_true", help="print one JSON line per row")
    cli.parallel_options(sp)
    cli.timeout_option(sp, "a time limit in seconds per proof file: its row's error says "
                           "'time limit reached' (exit status 3)")
    sp.set_defaults(func=cmd_grade)
