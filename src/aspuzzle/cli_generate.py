"""The ``generate`` and ``rate`` commands (thin: the work is in :mod:`aspuzzle.generator` and
:func:`aspuzzle.difficulty.grade`).

``generate`` exit status: 0 every puzzle made; 2 an impossible request or bad usage; 3 a
puzzle could not be made within the attempts allowed (the puzzles made before it are printed;
an ``-o`` file is written only when every puzzle was made, so it is never half a set).
``rate`` exit status: 0 graded; 1 not graded (no solution, several, or beyond the rules); 2 bad
input.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from aspuzzle.errors import InputError, UsageError

if TYPE_CHECKING:
    from aspuzzle import api

EXIT_FAILED = 3


def _cli() -> Any:
    from aspuzzle import cli

    return cli


# --- generate -------------------------------------------------------------------------------

def _vocabulary(type_name: str, path: str | None) -> Any:
    """``--categories FILE``, read by the type's generator (logic grids: ``load_categories``)."""
    if path is None:
        return None
    from aspuzzle import generator

    gen = generator.generator_for(type_name)
    load = getattr(gen, "load_categories", None)
    if load is None:
        raise UsageError("--categories is for logic grids only")
    return load(path)


def _make(job: tuple[Any, int, int, str | None, float | None]) -> tuple[str, dict[str, Any]]:
    """One puzzle (in a worker process when --jobs or --dask): its text and JSON record,
    within ``--timeout`` seconds if given."""
    from aspuzzle import generator
    from aspuzzle._deadline import time_limit

    request, seed, max_attempts, fmt, seconds = job
    with time_limit(seconds):
        g = generator.generate_one(request, seed, max_attempts=max_attempts)
    record = g.to_json(fmt)
    return str(record["puzzle"]), record


def cmd_generate(args: argparse.Namespace) -> int:
    from aspuzzle import generator

    cli = _cli()
    if args.count < 1:
        raise UsageError("--count must be at least 1")
    if args.to is None and args.output and not args.json:
        # -o puzzles.xml: the format that file extension names, as convert does
        from aspuzzle.puzzles import get_puzzle

        args.to = cli.format_of_file(get_puzzle(args.type), args.output)
    request = generator.make_request(args.type, size=args.size, difficulty=args.difficulty,
                                     minimal=args.minimal, adjacent=args.adjacent,
                                     vocabulary=_vocabulary(args.type, args.categories),
                                     options={"to": args.to} if args.to else None)
    if args.to is not None:
        from aspuzzle.puzzles import get_puzzle

        p = get_puzzle(request.type)
        if args.to not in p.formats or p.formats[args.to].write is None:
            names = ", ".join(n for n, x in p.formats.items() if x.write is not None)
            raise UsageError(f"{p.name} cannot be written as '{args.to}' (choose from: {names})")
    from pathlib import Path

    out_path = Path(args.output) if args.output else None
    if out_path is not None and str(out_path.parent) and not out_path.parent.is_dir():
        raise InputError("directory does not exist", source=str(out_path.parent))
    seed = args.seed if args.seed is not None else generator.random_seed()
    if args.seed is None and not args.json:
        cli._err.print(f"aspuzzle: seed {seed} (give --seed {seed} to make these again)",
                       markup=False)
    from aspuzzle import batch

    seconds = args.reasoning_timeout
    jobs = [(request, s, args.max_attempts, args.to, seconds)
            for s in range(seed, seed + args.count)]
    stream = batch.imap(_make, jobs, jobs=args.jobs, dask=args.dask)
    results: Any = stream
    progress = args.count > 1 and cli._err.is_terminal and \
        (out_path is not None or not sys.stdout.isatty())
    chunks: list[str] = []

    def emit(text: str) -> None:
        if out_path is not None:
            chunks.append(text)
        else:
            sys.stdout.write(text)
            sys.stdout.flush()

    code = cli.EXIT_OK
    try:
        if progress:
            from rich.progress import track

            results = iter(track(results, total=args.count, description="generating",
                                 console=cli._err, transient=True))
        for (_, at, *_), out in zip(jobs, results, strict=False):
            if isinstance(out, batch.Err) and out.kind == "TimeLimit":
                # as solve --timeout: this puzzle's status is timeout, the others go on
                message = f"seed {at}: time limit reached ({seconds:g} s)"
                cli._say(f"aspuzzle: timeout: {message}", err=True)
                if args.json:
                    emit(_json_line({"status": "timeout", "seed": at, "error": message,
                                     "exit": cli.EXIT_TIMEOUT}))
                code = cli.EXIT_TIMEOUT
                continue
            if isinstance(out, batch.Err):
                cli._fail(out.message)
                code = cli.EXIT_BAD_INPUT if out.internal or out.kind == "UsageError" \
                    else EXIT_FAILED
                break
            text, record = out.value
            if args.json:
                emit(_json_line(record))
            else:
                multiline = "\n" in text.rstrip("\n")
                emit(text if text.endswith("\n") else text + "\n")
                if multiline and args.count > 1:
                    emit("\n")
    finally:
        close = getattr(stream, "close", None)  # a generator: stops the workers at once
        if close is not None:
            close()
    if out_path is not None and chunks and code == cli.EXIT_OK:
        cli.write_atomic(out_path, "".join(chunks))
    return int(code)


def _json_line(obj: Any) -> str:
    import json

    return json.dumps(obj, ensure_ascii=False) + "\n"


# --- rate -----------------------------------------------------------------------------------

def cmd_rate(args: argparse.Namespace) -> int:
    return int(_cli().run_each(args, _rate_handler(args), what="rating"))


def _rate_handler(args: argparse.Namespace) -> Any:
    from aspuzzle import api
    from aspuzzle.difficulty import grade
    from aspuzzle.engine import Status

    cli = _cli()
    many = len(args.inputs) > 1

    def handle(arg: str, loaded: api.Loaded) -> tuple[int, dict[str, Any] | None]:
        res = api.solve(loaded)
        record: dict[str, Any] = {"type": loaded.puzzle.name, "status": str(res.status)}
        head = f"{loaded.source}: " if many else ""
        if res.status is not Status.UNIQUE:
            words = {Status.MULTIPLE: "not graded: the puzzle has more than one solution",
                     Status.NONE: "not graded: the puzzle has no solution",
                     Status.TIMEOUT: "not graded: time limit reached"}[res.status]
            record.update(graded=False, note=words)
            if not args.json:
                cli._out.print(f"{head}{words}", markup=False)
            return cli.EXIT_NONE, record
        g = grade(loaded)
        record.update(graded=g.graded, **{k: v for k, v in g.to_json().items()
                                          if k != "status"})
        record["time_s"] = round(res.time_s + g.explanation.time_s, 6)
        if not g.graded:
            note = ("not graded: the rules do not solve it "
                    "(it is harder than the hardest tier, nested)")
            record["note"] = note
            if not args.json:
                cli._out.print(f"{head}{note}", markup=False)
            return cli.EXIT_NONE, record
        if not args.json:
            rules = ", ".join(f"{r} {n}" for r, n in
                              sorted(g.rules.items(), key=lambda kv: (-kv[1], kv[0])))
            cli._out.print(f"{head}tier {g.tier}, score {g.score} ({g.steps} steps; {rules})",
                           markup=False)
        return cli.EXIT_OK, record

    return handle


# --- parser ---------------------------------------------------------------------------------

def register(sub: Any) -> None:
    """Add ``generate`` and ``rate`` to the main parser's subparsers."""
    cli = _cli()
    sp = sub.add_parser("generate", help="make new puzzles of a size and difficulty, each with "
                                         "exactly one solution")
    from aspuzzle.puzzles import TYPES

    sp.add_argument("type", metavar="TYPE", type=cli._type_name,
                    help=", ".join(t.name for t in TYPES))
    sp.add_argument("--size", metavar="S",
                    help="grid types WxH (e.g. 10x10, 12x8; Sudoku 9x9, 6x6, ...); futoshiki N "
                         "(4..12); logicgrid KxN (K categories of N values)")
    sp.add_argument("--difficulty", metavar="TIER",
                    help="direct, case or nested: the weakest reasoning that solves it "
                         "(default: direct)")
    sp.add_argument("--count", type=cli._positive_int, default=1, metavar="N",
                    help="how many puzzles (default 1)")
    sp.add_argument("--seed", type=cli._positive_int, metavar="SEED",
                    help="puzzle i is made from SEED+i alone: the same options and version "
                         "give the same puzzles (default: a random seed, printed)")
    sp.add_argument("--minimal", action="store_true",
                    help="no clue can be left out without losing uniqueness (futoshiki, "
                         "logicgrid; tents line clues)")
    sp.add_argument("--adjacent", action="store_true", help="futoshiki: Tatham's adjacent mode")
    sp.add_argument("--categories", metavar="FILE",
                    help="logicgrid: categories and values to draw from (docs: Generating "
                         "logic grids)")
    sp.add_argument("--to", metavar="FORMAT",
                    help="output format (default: the one the extension of -o FILE names, "
                         "else a game ID or URL if the type has one that holds the puzzle, "
                         "else text)")
    sp.add_argument("--json", action="store_true",
                    help="JSON Lines: type, format, puzzle, solution, tier, score, rules, seed")
    sp.add_argument("-o", "--output", metavar="FILE",
                    help="write to FILE (atomically: complete or not at all)")
    from aspuzzle.generator import MAX_ATTEMPTS

    sp.add_argument("--max-attempts", type=cli._positive_int, default=MAX_ATTEMPTS, metavar="N",
                    help="attempts per puzzle before giving up with exit status 3 "
                         f"(default {MAX_ATTEMPTS})")
    cli.parallel_options(sp)
    cli.timeout_option(sp, "time limit in seconds per puzzle: that puzzle is not made (status "
                           "'timeout', exit status 3), the others go on")
    sp.set_defaults(func=cmd_generate)

    sp = sub.add_parser("rate", help="the difficulty tier of puzzles, the rules they need and "
                                     "a score")
    cli._inputs(sp)
    sp.add_argument("--json", action="store_true", help="JSON Lines, one record per input")
    cli.parallel_options(sp)
    cli.timeout_option(sp)
    sp.set_defaults(func=cmd_rate, make_handler=_rate_handler)
