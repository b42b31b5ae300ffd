"""The command line: parse arguments, call the library, print. No ASP is built here.

Exit status: 0 a solution was printed; 1 no solution; 2 bad input or usage; 3 time limit.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, NoReturn

from aspuzzle.errors import AspuzzleError, InputError, TimeLimit, UsageError
from aspuzzle.puzzles import TYPES, type_info

# The parser is built without clingo, rich, the puzzle types or the explain engine (each
# takes tens of milliseconds to import): a command imports what it uses when it runs.
if TYPE_CHECKING:
    from pathlib import Path

    from rich.console import Console

    from aspuzzle import api
    from aspuzzle.engine import SolveConfig
    from aspuzzle.puzzles import Puzzle, SolveOptions

EXIT_OK, EXIT_NONE, EXIT_BAD_INPUT, EXIT_TIMEOUT, EXIT_INTERNAL = 0, 1, 2, 3, 4
"""EXIT_INTERNAL: a bug of aspuzzle's own met on one input (e.g. a step of an explanation its
re-proof refuted): said in one line, as an error record, and the other inputs go on."""


@cache
def _console(stderr: bool) -> Console:
    from rich.console import Console

    return Console(stderr=stderr, highlight=False, soft_wrap=True)


def _stderr_may_be_terminal() -> bool:
    """Could rich find stderr a terminal? rich says so only for a tty, or when FORCE_COLOR
    (not empty) or TTY_COMPATIBLE=1 tell it to; its own test (``Console.is_terminal``) is asked
    only then: importing rich takes ~60 ms, which a corpus solved with ``--json`` into a pipe
    or a file would pay for nothing (0.6 ms a puzzle over 100)."""
    env = os.environ
    return sys.stderr.isatty() or bool(env.get("FORCE_COLOR")) or env.get("TTY_COMPATIBLE") == "1"


def _say(text: str = "", *, err: bool = False) -> None:
    """One line of plain output. Not through rich: a solve's text needs no styling, and rich
    takes ~20 ms to import, a fifth of a small puzzle's whole run."""
    stream = sys.stderr if err else sys.stdout
    stream.write(text + "\n")
    stream.flush()


def __getattr__(name: str) -> Any:
    """``cli._out`` and ``cli._err``, the consoles the commands print with, made when first
    used."""
    if name in ("_out", "_err"):
        return _console(name == "_err")
    raise AttributeError(f"module 'aspuzzle.cli' has no attribute '{name}'")


def _terminal_columns() -> int:
    """The width help is written for: ``$COLUMNS``, else the terminal's, else 80 (as
    ``shutil.get_terminal_size`` finds it)."""
    try:
        columns = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            columns = 0
    return columns if columns > 0 else 80


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's help formatter, given the terminal's width. Left to find it, it imports
    ``shutil`` (with its compression modules: ~3 ms, a few per cent of a small solve's run),
    because argparse makes a formatter for every option it adds, help or no help."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position,
                         _terminal_columns() - 2 if width is None else width)


def _words(line: str) -> list[str]:
    """A command line's words, a quoted string one word with its spaces."""
    words, word, quote = [], "", ""
    for ch in line:
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == " ":
            if word:
                words.append(word)
            word = ""
            continue
        word += ch
    return [*words, word] if word else words


class _ExamplesFormatter(_HelpFormatter):
    """The help formatter of a command with examples: the description and the epilog's prose
    are wrapped as usual, an example (a line of the epilog two spaces in) is kept as it is,
    broken with a backslash where it is wider than the terminal."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        out = []
        for line in text.splitlines():
            if not line.startswith("  "):
                out.append(super()._fill_text(line, width, indent))
                continue
            current = "  "
            for word in _words(line):
                if current.strip() and len(current) + len(word) + 3 > width:
                    out.append(indent + current + " \\")
                    current = "    "
                current += ("" if current.isspace() else " ") + word
            out.append(indent + current)
        return "\n".join(out)


EXAMPLES: dict[str, tuple[str, ...]] = {
    "solve": ("aspuzzle solve examples/tents/seed-6x6.txt",
              "aspuzzle solve '4de:2,0,0,0L,0R,0,0,0,0,0D,0R,0,0,3,0,0,' --to text",
              "aspuzzle solve examples/hitori/*.txt --json"),
    "count": ("aspuzzle count examples/sudoku/wikipedia-9x9.txt",),
    "render": ("aspuzzle render examples/lightup/tatham-7x7.txt",
               "aspuzzle render examples/tents/seed-6x6.txt --svg -o tents.svg"),
    "convert": ("aspuzzle convert examples/tents/seed-6x6.txt --to tatham",
                "aspuzzle convert examples/hitori/seed-6x6.lp -o hitori.txt"),
    "read": ("aspuzzle read examples/logicgrid/boys-in-the-hood.logic",),
    "types": ("aspuzzle types",),
    "explain": ("aspuzzle explain examples/futoshiki/seed-4x4.txt",
                "aspuzzle explain examples/tents/seed-6x6.txt --to legup -o proof.xml"),
    "hint": ("aspuzzle hint examples/tents/seed-6x6.txt",),
    "check": ("aspuzzle check examples/tents/seed-6x6.txt --json",),
    "check-step": ("aspuzzle check-step '6x6de:bf_ggdba,2,1,1,1,1,1,2,1,1,0,1,2' "
                   "--rule 'Finish with Grass' --set 4,2=grass 4,3=grass 4,4=grass 4,5=grass "
                   "4,6=grass",),
    "diagnose": ("aspuzzle diagnose examples/futoshiki/seed-4x4.txt",),
    "rules": ("aspuzzle rules --type hitori",
              "aspuzzle rules derive 'Finish with Grass'"),
    "generate": ("aspuzzle generate futoshiki --size 5 --seed 1",
                 "aspuzzle generate hitori --size 6x6 --seed 1 --json"),
    "rate": ("aspuzzle rate examples/tents/seed-6x6.txt",),
    "serve": ("aspuzzle serve --open",),
    "check-proof": ("aspuzzle explain examples/tents/seed-6x6.txt --to legup -o proof.xml",
                    "aspuzzle check-proof proof.xml"),
    "grade": ("aspuzzle grade class/ --csv grades.csv",),
}
"""Each command's examples, run from a clone of the repository: shown by ``--help`` (the
epilog) and in the commands' reference (docs/reference/cli.md); tests/docs runs them."""


COMMON_OPTIONS = ("-h", "--json", "--to", "--state", "--type", "--from", "--tier", "--timeout")
"""The options ``--help`` lists first, in this order, where a command has them (the others
follow in the order they were added; parsing and the usage line are not affected)."""


def _common_first(command: argparse.ArgumentParser) -> None:
    def rank(action: argparse.Action) -> int:
        names = [o for o in COMMON_OPTIONS if o in action.option_strings]
        return COMMON_OPTIONS.index(names[0]) if names else len(COMMON_OPTIONS)

    for group in command._action_groups:
        group._group_actions.sort(key=rank)  # a stable sort: the rest keep their order


def _with_examples(parser: argparse.ArgumentParser, sub: Any) -> None:
    """Give each command its help line as a description and its examples as an epilog (the
    top-level parser too), unless it has its own, and list its common options first."""
    parser.epilog = parser.epilog or (
        "examples:\n  aspuzzle solve examples/tents/seed-6x6.txt\n"
        "  aspuzzle explain examples/futoshiki/seed-4x4.txt\n"
        "Each command says more: aspuzzle COMMAND --help.")
    parser.formatter_class = _ExamplesFormatter
    for action in sub._choices_actions:
        command = sub.choices[action.dest]
        if command.description is None and action.help:
            command.description = action.help[0].upper() + action.help[1:] + "."
        examples = EXAMPLES.get(action.dest)
        if examples and command.epilog is None:
            command.epilog = "examples:\n" + "\n".join(f"  {e}" for e in examples)
        if command.formatter_class is _HelpFormatter:
            command.formatter_class = _ExamplesFormatter
        _common_first(command)


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr and exit status 2."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"{self.prog}: error: {message}\n")
        raise SystemExit(EXIT_BAD_INPUT)


def _printable(text: str) -> str:
    """Text that any terminal or pipe can take: undecodable bytes of a binary argument (lone
    surrogates) become ``\\xNN`` escapes instead of an encoding error."""
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def _fail(message: str) -> None:
    _say(f"aspuzzle: error: {_printable(message)}", err=True)


# --- inputs ---------------------------------------------------------------------------------

MAX_PATH_BYTES, MAX_NAME_BYTES = 4096, 255
"""Linux's PATH_MAX and NAME_MAX: a longer argument cannot name a file, so it is a puzzle."""


def _exists(arg: str) -> bool:
    """Is there something at this path? Never raises: a name the system cannot even look up
    (too long, a NUL byte) is not there; one behind a locked directory may be."""
    try:
        os.stat(arg)
    except PermissionError:
        return True
    except (OSError, ValueError):
        return False
    return True


def _cannot_be_a_path(arg: str) -> bool:
    raw = os.fsencode(arg)
    return len(raw) > MAX_PATH_BYTES or any(len(part) > MAX_NAME_BYTES
                                            for part in raw.split(b"/"))


def _inline_candidate(arg: str) -> bool:
    """Is a command-line argument a puzzle string rather than a file name?"""
    if "\x00" in arg or _cannot_be_a_path(arg):
        return True
    return ("\n" in arg or ":" in arg or "/" in arg) and not _exists(arg)


def _load(arg: str, args: argparse.Namespace) -> api.Loaded:
    from aspuzzle import api

    type_, fmt = getattr(args, "type", None), getattr(args, "from_", None)
    if arg == "-":
        text = api.decode_input(sys.stdin.buffer.read(), "<stdin>")
        return api.loads(text, type=type_, fmt=fmt, source="<stdin>")
    if "\x00" in arg:
        raise InputError("binary data (a NUL byte) in the argument: neither a file name nor "
                         "a puzzle text", source=api.input_label(arg, 60, one_line=True))
    if not _exists(arg):  # (a file of that name is read as a file)
        api.refuse_random_seed(arg, api.input_label(arg, 60, one_line=True))
    if _cannot_be_a_path(arg) or (_inline_candidate(arg)
                                  and not arg.endswith(tuple(_known_extensions()))):
        try:
            return api.loads(arg, type=type_, fmt=fmt, source="<argument>")
        except UsageError:
            if ":" in arg or "\n" in arg or _cannot_be_a_path(arg):
                raise
            # "some/dir/name" that is neither a file nor a puzzle string: a missing file
            raise InputError("no such file", source=api.input_label(arg, one_line=True)) \
                from None
    return api.load(arg, type=type_, fmt=fmt)


def _known_extensions() -> set[str]:
    return {e for t in TYPES for f in t.formats for e in f.extensions}


Record = dict[str, Any]
Handler = Callable[[str, "api.Loaded"], tuple[int, Record | None]]


def run_each(args: argparse.Namespace, handle: Handler, *, what: str = "solving") -> int:
    """Load each input and hand it to ``handle``, in input order; the worst exit status.

    ``handle(arg, loaded)`` prints its text output itself and returns (exit status, JSON
    record). With ``--json`` each input gets exactly one JSON line, in input order, naming it:
    ``{"input": ..., **record}``, or for an input that fails to load or to be handled
    ``{"input": ..., "status": "error", "error": "<message>", "exit": 2}``. The message also goes
    to stderr, one line. A whole corpus on the command line with ``--json`` to a file shows a
    progress bar on a terminal's stderr.

    With ``--jobs J`` (J other than 1) or ``--dask ADDRESS`` and several inputs, the inputs are
    handled in worker processes (:mod:`aspuzzle.batch`): each worker makes the command's handler
    from ``args.make_handler`` and runs it exactly as here, its output caught and written here
    in input order, so the output is the same bytes as with ``--jobs 1``.
    """
    from aspuzzle import api

    as_json = bool(getattr(args, "json", False))
    many = len(args.inputs) > 1
    jobs, dask = getattr(args, "jobs", 1), getattr(args, "dask", None)
    outcomes: Iterable[Outcome]
    pooled = many and getattr(args, "make_handler", None) is not None
    if pooled and jobs is None and not dask:
        outcomes = _adaptive(args, handle, args.inputs)
    elif pooled and (dask or jobs != 1):
        outcomes = _in_workers(args, args.inputs, jobs, dask)
    else:
        outcomes = ((*_handle_one(args, arg, handle, many), "", "") for arg in args.inputs)
    if many and as_json and not sys.stdout.isatty() and _stderr_may_be_terminal() \
            and _console(True).is_terminal:
        from rich.progress import track

        outcomes = track(outcomes, total=len(args.inputs), description=what,
                         console=_console(True), transient=True)
    codes: list[int] = []
    for arg, (code, record, out, err) in zip(args.inputs, outcomes, strict=True):
        if out:
            sys.stdout.write(out)
            sys.stdout.flush()
        if err:
            sys.stderr.write(err)
            sys.stderr.flush()
        codes.append(code)
        if as_json and record is not None:
            _print_json({"input": api.input_label(arg), **record})
    return _combine(codes)


Outcome = tuple[int, Record | None, str, str]
"""(exit status, JSON record, what was printed on stdout, on stderr) of one input."""

AUTO_MIN_INPUTS = 20
"""``--jobs`` not given: fewer inputs than this are always handled in this process."""
POOL_START_S = 0.9
"""What starting a worker pool costs (forkserver, workers importing aspuzzle and clingo),
measured on a 2-core machine: a pool pays only when the work it shares out saves more."""


def _in_workers(args: argparse.Namespace, inputs: Sequence[str], jobs: int | None,
                dask: str | None) -> Iterator[Outcome]:
    from aspuzzle import batch

    work = {k: v for k, v in vars(args).items() if k not in ("func",)}
    for arg, out in zip(inputs, batch.imap(_handle_captured, [(work, arg) for arg in inputs],
                                           jobs=jobs, dask=dask), strict=True):
        yield out.value if isinstance(out, batch.Ok) else _internal(arg, out.message, True)


def _adaptive(args: argparse.Namespace, handle: Handler, inputs: Sequence[str]
              ) -> Iterator[Outcome]:
    """The default of ``--jobs``: handle inputs here, and move the rest to one worker per core
    as soon as the inputs done so far show that sharing out what is left saves more time than
    starting the pool costs. A corpus of small puzzles (a few ms each) never starts a pool; a
    corpus of hard ones starts it after a few inputs. The bytes printed are the same either
    way, as with ``--jobs 1``."""
    import time

    cores = 1
    if len(inputs) >= AUTO_MIN_INPUTS:
        from aspuzzle._cores import cpu_count  # (not batch: its imports cost ~30 ms)

        cores = cpu_count()
    fastest = float("inf")
    for i, arg in enumerate(inputs):
        start = time.perf_counter()
        yield (*_handle_one(args, arg, handle, True), "", "")
        if i == 0:  # the first input also pays for imports and first use: not a fair sample
            continue
        # the fastest input so far, not the mean: an input that paid for a shared program's
        # build (engine/reuse.py) says nothing of those after it (a Hitori 50x50 set of 20:
        # the mean of the first three started a pool, 117 ms a puzzle against 18 here)
        fastest = min(fastest, time.perf_counter() - start)
        left = len(inputs) - i - 1
        if cores < 2 or left < cores:
            continue
        serial_left = fastest * left
        if serial_left - serial_left / cores > POOL_START_S:
            yield from _in_workers(args, inputs[i + 1:], cores, None)
            return


def _handle_one(args: argparse.Namespace, arg: str, handle: Handler, many: bool
                ) -> tuple[int, Record | None]:
    """Load one input and handle it: (exit status, JSON record with its notes)."""
    from aspuzzle._deadline import time_limit

    notes: tuple[str, ...] = ()
    seconds = getattr(args, "reasoning_timeout", None)
    try:
        loaded = _load(arg, args)
        notes = _notes(loaded, arg, many)
        with time_limit(seconds):
            code, record = handle(arg, loaded)
    except TimeLimit:
        message = _one_line(TimeLimit(f"time limit reached ({seconds:g} s)"), arg, many)
        _say(f"aspuzzle: timeout: {_printable(message)}", err=True)
        code, record = EXIT_TIMEOUT, {"status": "timeout", "error": message,
                                      "exit": EXIT_TIMEOUT}
    except (InputError, UsageError, AspuzzleError) as e:
        message = _one_line(e, arg, many)
        _fail(message)
        code, record = EXIT_BAD_INPUT, {"status": "error", "error": message,
                                        "exit": EXIT_BAD_INPUT}
    except RecursionError:
        message = _one_line(InputError("the input is nested too deeply"), arg, many)
        _fail(message)
        code, record = EXIT_BAD_INPUT, {"status": "error", "error": message,
                                        "exit": EXIT_BAD_INPUT}
    except Exception as e:  # a bug (e.g. a re-proof that failed): one line, the rest go on
        code, record = EXIT_INTERNAL, _internal_record(e, arg, many)
    if record is not None and notes:
        record = {**record, "notes": list(notes)}
    return code, record


def _internal_record(e: Exception, arg: str, many: bool) -> Record:
    """The error record of an input on which aspuzzle met a bug of its own, said on stderr."""
    text = " ".join(f"internal error: {type(e).__name__}: {e}".split())
    message = _one_line(AspuzzleError(text), arg, many)
    _fail(message + " (a bug in aspuzzle: please report it)")
    return {"status": "error", "error": message, "exit": EXIT_INTERNAL}


def _internal(arg: str, message: str, many: bool) -> tuple[int, Record, str, str]:
    """The outcome of an input whose worker failed (a crash, not a bad input)."""
    from aspuzzle import api

    label = f"{api.input_label(arg, 60, one_line=True)}: " if many else ""
    return (EXIT_BAD_INPUT, {"status": "error", "error": message, "exit": EXIT_BAD_INPUT}, "",
            f"aspuzzle: error: {_printable(label + message)}\n")


def _handle_captured(job: tuple[dict[str, Any], str]) -> tuple[int, Record | None, str, str]:
    """One input in a worker process: the command's handler, its output caught."""
    import contextlib
    import io

    work, arg = job
    args = argparse.Namespace(**work)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code, record = _handle_one(args, arg, args.make_handler(args), True)
    return code, record, out.getvalue(), err.getvalue()


def _notes(loaded: api.Loaded, arg: str, many: bool) -> tuple[str, ...]:
    """What the reader chose while reading the input (e.g. the reading of an ambiguous
    ZebraLogic clue), each said on stderr as one ``note:`` line; JSON records list them."""
    from aspuzzle import api

    notes: tuple[str, ...] = tuple(getattr(loaded.instance, "notes", ()))
    prefix = f"{api.input_label(arg, 60, one_line=True)}: " if many else ""
    for note in notes:
        _say(f"aspuzzle: note: {prefix}{_printable(note)}", err=True)
    return notes


def _one_line(e: AspuzzleError, arg: str, many: bool) -> str:
    """The message of an error about one input, on one line; with several inputs it names the
    input (an inline string by its first 60 characters)."""
    from aspuzzle import api

    text = str(e)
    if many:
        label = api.input_label(arg, 60, one_line=True)
        if isinstance(e, InputError) and e.source in (None, "<argument>"):
            text = str(e.with_source(label))
        elif not isinstance(e, InputError):
            text = f"{label}: {text}"
    return " ".join(text.splitlines())


def _config(args: argparse.Namespace) -> SolveConfig:
    from aspuzzle.engine import SolveConfig

    timeout = getattr(args, "timeout", None)
    if timeout is not None and timeout <= 0:
        raise UsageError("--timeout must be a positive number of seconds")
    return SolveConfig(timeout=timeout, threads=getattr(args, "threads", 1))


def _options(args: argparse.Namespace) -> SolveOptions:
    from aspuzzle.puzzles import SolveOptions

    return SolveOptions(pairing=getattr(args, "pairing", False))


def _combine(codes: list[int]) -> int:
    """The exit status of several inputs: internal error > bad input > timeout > no solution
    > ok."""
    for code in (EXIT_INTERNAL, EXIT_BAD_INPUT, EXIT_TIMEOUT, EXIT_NONE):
        if code in codes:
            return code
    return EXIT_OK


_OTHER_LINE_BREAKS = ("\x85", "\u2028", "\u2029")
"""Line breaks to Python's ``str.splitlines`` and JavaScript, though not to JSON: escaped."""


def _print_json(obj: Any) -> None:
    import json  # here: a plain solve needs no JSON, and json takes ~1.5 ms to import

    text = json.dumps(obj, ensure_ascii=False)
    for sep in _OTHER_LINE_BREAKS:  # one record per line, for readers that split on them too
        text = text.replace(sep, f"\\u{ord(sep):04x}")
    sys.stdout.write(_printable(text) + "\n")
    sys.stdout.flush()


# --- commands --------------------------------------------------------------------------------

def cmd_solve(args: argparse.Namespace) -> int:
    return run_each(args, _solve_handler(args))


def _solve_handler(args: argparse.Namespace) -> Handler:
    config, options = _config(args), _options(args)
    many = len(args.inputs) > 1
    picture = _picture_mode(args)
    from aspuzzle import api

    def handle(arg: str, loaded: api.Loaded) -> tuple[int, Record | None]:
        write = _writer(loaded, args.to, need_solution=True) if args.to is not None else None
        result = api.solve(loaded, max_solutions=args.max, config=config, options=options)
        if args.json:
            return result.exit_code, result.to_json()
        if picture is not None or write is not None:
            if not result.solutions:
                _fail(f"{loaded.source}: {_verdict(result)}")
                return result.exit_code, None
            if len(result.solutions) > 1:
                # one picture or one written solution: say that it is one of several
                where = result.differences()
                _say(f"aspuzzle: note: {_printable(loaded.source)}: several solutions; the "
                     f"first is {'drawn' if picture else 'written'}"
                     + (f" ({_printable(where)})" if where else ""), err=True)
            if picture is not None:
                _emit_picture(picture, loaded, result.solutions[0], args.output)
            elif write is not None:
                sys.stdout.write(write(loaded.instance, result.solutions[0]))
        else:
            _print_result(arg, loaded, result, args.ascii, many)
        return result.exit_code, None

    return handle


def _verdict(result: api.Result) -> str:
    from aspuzzle.engine import Status

    return {
        Status.UNIQUE: "unique solution",
        Status.MULTIPLE: "more than one solution",
        Status.NONE: "no solution",
        Status.TIMEOUT: "time limit reached"
        + (" (a solution was found; uniqueness not proven)" if result.solutions else ""),
    }[result.status]


def _print_result(arg: str, loaded: api.Loaded, result: api.Result, ascii: bool,
                  many: bool) -> None:
    p = loaded.puzzle
    head = f"{loaded.source}: " if many else ""
    _say(f"{head}{p.title}: {_verdict(result)} ({result.time_s:.3f} s)")
    for i, sol in enumerate(result.solutions, 1):
        if len(result.solutions) > 1:
            _say(f"Solution {i}:")
        _say(p.render(loaded.instance, sol, ascii=ascii))
    diff = result.differences()
    if diff:
        _say(f"Solutions 1 and 2 differ: {diff}")
    if many:
        _say()


def cmd_count(args: argparse.Namespace) -> int:
    return run_each(args, _count_handler(args), what="counting")


def _count_handler(args: argparse.Namespace) -> Handler:
    config, options = _config(args), _options(args)
    many = len(args.inputs) > 1
    from aspuzzle import api

    def handle(arg: str, loaded: api.Loaded) -> tuple[int, Record | None]:
        res = api.count(loaded, limit=args.limit, config=config, options=options)
        timed_out = not res.exact and (args.limit == 0 or res.count < args.limit)
        code = EXIT_TIMEOUT if timed_out else (EXIT_OK if res.count else EXIT_NONE)
        if args.json:
            return code, res.to_json()
        qual = "" if res.exact else ("at least " if not timed_out else "at least (timeout) ")
        head = f"{loaded.source}: " if many else ""
        _say(f"{head}{qual}{res.count}")
        return code, None

    return handle


def cmd_render(args: argparse.Namespace) -> int:
    picture = _picture_mode(args)

    def handle(arg: str, loaded: api.Loaded) -> tuple[int, Record | None]:
        if picture is not None:
            _emit_picture(picture, loaded, None, args.output)
        else:
            _say(loaded.puzzle.render(loaded.instance, None, ascii=args.ascii))
        return EXIT_OK, None

    return run_each(args, handle)


def _picture_mode(args: argparse.Namespace) -> str | None:
    """``svg``, ``png`` or None (text), after refusing what cannot go with a picture."""
    svg, png, output = args.svg, args.png, args.output
    if svg and png:
        raise UsageError("--svg and --png cannot be combined: choose one picture format")
    mode = "svg" if svg else "png" if png else None
    if mode is None:
        if output:
            raise UsageError("-o/--output writes a picture: add --svg or --png")
        return None
    for flag in ("json", "to", "ascii"):
        if getattr(args, flag, None):
            raise UsageError(f"--{mode} cannot be combined with --{flag}")
    if len(args.inputs) > 1:
        raise UsageError(f"--{mode} draws one puzzle: give one input")
    if mode == "png":
        from aspuzzle.render.png import load_cairosvg

        load_cairosvg()  # missing: say so before any work
        if not output and sys.stdout.isatty():
            raise UsageError("a PNG picture cannot go to a terminal: write it to a file "
                             "with -o FILE")
    return mode


def _emit_picture(mode: str, loaded: api.Loaded, solution: Any, output: str | None) -> None:
    from pathlib import Path

    from aspuzzle.render import render_svg, svg_to_png

    svg = render_svg(loaded, solution=solution)
    data: str | bytes = svg if mode == "svg" else svg_to_png(svg)
    if output:
        out = Path(output)
        if not out.parent.exists() and str(out.parent):
            raise InputError("directory does not exist", source=str(out.parent))
        write_atomic(out, data)
    elif isinstance(data, str):
        sys.stdout.write(data)
    else:
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()


def format_of_file(p: Puzzle, path: str | None) -> str | None:
    """The one format ``p`` can be written in that a file named ``path`` has by its extension
    (``-o puzzle.xml``: legup), so that ``--to`` may be left out; None if no format or more
    than one claims that extension."""
    if not path:
        return None
    ext = os.path.splitext(path)[1].lower()
    found = [f.name for f in p.formats.values() if f.write is not None and ext in f.extensions]
    return found[0] if len(found) == 1 else None


def _writer(loaded: api.Loaded, fmt: str | None, need_solution: bool = False,
            output: str | None = None) -> Callable[[Any, Any], str]:
    p = loaded.puzzle
    writable = [f for f in p.formats.values() if f.write is not None
                and (f.carries_solution or not need_solution)]
    names = ", ".join(f.name for f in writable)
    if fmt is None:
        fmt = format_of_file(p, output)
    if fmt is None:
        raise UsageError(f"--to is required; {p.name} can be written as: {names}")
    f = p.formats.get(fmt)
    if f is None or f.write is None:
        raise UsageError(f"{p.name} cannot be written as '{fmt}' (choose from: {names})")
    if need_solution and not f.carries_solution:
        raise UsageError(f"the {fmt} format cannot hold a solution (choose from: {names})")
    return f.write


def _new_file_mode(path: Path) -> int:
    """The mode a plain ``open(path, "w")`` would give: the file's own if it exists, else
    0666 less the umask."""
    try:
        return os.stat(path).st_mode & 0o7777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def write_atomic(path: Path, text: str | bytes) -> None:
    """Write a file (text as UTF-8, or bytes) so that it is either complete or not there at
    all."""
    import tempfile
    from pathlib import Path

    directory = path.parent if str(path.parent) else Path(".")
    if not directory.is_dir():  # mkstemp's own error would name its temporary file
        raise InputError("directory does not exist", source=str(directory))
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    try:
        os.fchmod(fd, _new_file_mode(path))  # mkstemp's 0600 is for secrets, not puzzles
        with os.fdopen(fd, "wb") as fh:
            fh.write(text.encode("utf-8") if isinstance(text, str) else text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def cmd_convert(args: argparse.Namespace) -> int:
    if len(args.inputs) > 1 and args.output:
        raise UsageError("-o/--output takes one input")

    def handle(arg: str, loaded: api.Loaded) -> tuple[int, Record | None]:
        to = args.to or format_of_file(loaded.puzzle, args.output)
        write = _writer(loaded, to)
        text = write(loaded.instance, None)
        text = text if text.endswith("\n") else text + "\n"
        record: Record = {"type": loaded.puzzle.name, "from": loaded.format, "to": to}
        if args.output:
            from pathlib import Path

            out = Path(args.output)
            if not out.parent.exists() and str(out.parent):
                raise InputError("directory does not exist", source=str(out.parent))
            write_atomic(out, text)
            record["output"] = str(out)
        elif args.json:
            record["text"] = text
        else:
            sys.stdout.write(text)
        return EXIT_OK, record

    return run_each(args, handle, what="converting")


def cmd_read(args: argparse.Namespace) -> int:
    def handle(arg: str, loaded: api.Loaded) -> tuple[int, Record | None]:
        readings = getattr(loaded.puzzle, "clue_readings", None)
        if readings is None:
            raise UsageError(f"'read' shows how clues were read: {loaded.puzzle.title} "
                             "puzzles have no written clues")
        records: list[dict[str, Any]] = readings(loaded.instance)
        if not args.json:
            lines = []
            for r in records:
                if r["text"]:
                    lines.append(f"{r['clue']}. {r['text']}")
                    lines += [f"   -> {x}" for x in r["reading"]]
                else:
                    lines.append(f"{r['clue']}. " + "; ".join(r["reading"]))
            if not records:
                lines.append("(no clues)")
            _say("\n".join(lines))
        return EXIT_OK, {"type": loaded.puzzle.name, "clues": records}

    return run_each(args, handle, what="reading")


def cmd_types(args: argparse.Namespace) -> int:
    lines = []
    for t in TYPES:  # the registry's table: no type's module need be imported to list it
        lines.append(f"{t.name} ({', '.join(t.aliases)})")
        for f in t.formats:
            ext = f" [{' '.join(f.extensions)}]" if f.extensions else ""
            lines.append(f"    {f.name}{ext}: {f.description}")
    sys.stdout.write("".join(line + "\n" for line in lines))
    return EXIT_OK


# --- argument parsing ------------------------------------------------------------------------

def _type_name(value: str) -> str:
    try:
        return type_info(value).name
    except UsageError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def _positive_int(value: str) -> int:
    try:
        n = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{value}' is not a number") from None
    if n < 0:
        raise argparse.ArgumentTypeError(f"'{value}' must not be negative")
    return n


def _inputs(sp: argparse.ArgumentParser) -> None:
    sp.add_argument("inputs", nargs="+", metavar="INPUT",
                    help="puzzle file, '-' for standard input, or an inline puzzle string")
    sp.add_argument("--type", "-t", type=_type_name, help="puzzle type (default: detect)")
    sp.add_argument("--from", dest="from_", metavar="FORMAT",
                    help="input format (default: detect from content and extension)")


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, not {text!r}")
    return value


def timeout_option(sp: argparse.ArgumentParser, what: str | None = None) -> None:
    """``--timeout S`` of a command that reasons or searches: as ``solve --timeout``, an input
    not done in S seconds gets status ``timeout`` (exit status 3) and the others go on."""
    sp.add_argument("--timeout", dest="reasoning_timeout", type=_seconds, metavar="S",
                    help=what or "time limit in seconds per input: status 'timeout', exit "
                                 "status 3, the other inputs go on")


def parallel_options(sp: argparse.ArgumentParser, *, auto: bool = False) -> None:
    """``--jobs`` and ``--dask`` of the commands that take many inputs (see run_each). With
    ``auto`` the default is None: :func:`_adaptive` chooses."""
    default = ("default: here, or one per core from 20 inputs on once the first ones show it "
               "saves time" if auto else "default 1")
    sp.add_argument("--jobs", "-j", type=_positive_int, default=None if auto else 1,
                    metavar="J", help="handle the inputs in J worker processes, output in input "
                                      f"order (0: one per core; {default})")
    sp.add_argument("--dask", metavar="ADDRESS",
                    help="handle the inputs on the workers of a running Dask scheduler, e.g. "
                         "tcp://10.0.0.5:8786 (pip install 'aspuzzle[dask]')")


def _solving(sp: argparse.ArgumentParser) -> None:
    sp.add_argument("--timeout", type=float, metavar="S", help="time limit in seconds")
    sp.add_argument("--threads", type=int, default=1, help="clingo threads (default 1)")
    sp.add_argument("--pairing", action="store_true",
                    help="tents: count different tree-tent pairings as different answers")
    sp.add_argument("--json", action="store_true", help="print JSON (JSON Lines for many inputs)")


def _pictures(sp: argparse.ArgumentParser, what: str) -> None:
    sp.add_argument("--svg", action="store_true", help=f"draw {what} as an SVG picture")
    sp.add_argument("--png", action="store_true",
                    help=f"draw {what} as a PNG picture (needs aspuzzle[png])")
    sp.add_argument("-o", "--output", metavar="FILE",
                    help="write the picture to FILE (atomically)")


ALL_COMMANDS = "*"
"""``build_parser``'s default: every command complete."""


def _add_solve(sub: Any, help_line: str) -> None:
    sp = sub.add_parser("solve", help=help_line)
    _inputs(sp)
    _solving(sp)
    sp.add_argument("--max", type=_positive_int, default=2, metavar="N",
                    help="print up to N solutions (default 2: enough to show non-uniqueness)")
    sp.add_argument("--ascii", action="store_true", help="plain ASCII boards, no emoji")
    sp.add_argument("--to", metavar="FORMAT", help="print the solved puzzle in this format")
    _pictures(sp, "the solved puzzle (the first solution)")
    parallel_options(sp, auto=True)
    sp.set_defaults(func=cmd_solve, make_handler=_solve_handler)


def _add_count(sub: Any, help_line: str) -> None:
    sp = sub.add_parser("count", help=help_line)
    _inputs(sp)
    _solving(sp)
    sp.add_argument("--limit", type=_positive_int, default=0, metavar="N",
                    help="stop counting after N (default: count all)")
    parallel_options(sp, auto=True)
    sp.set_defaults(func=cmd_count, make_handler=_count_handler)


def _add_render(sub: Any, help_line: str) -> None:
    sp = sub.add_parser("render", help=help_line)
    _inputs(sp)
    sp.add_argument("--ascii", action="store_true", help="plain ASCII, no emoji")
    _pictures(sp, "the puzzle")
    sp.set_defaults(func=cmd_render)


def _add_convert(sub: Any, help_line: str) -> None:
    sp = sub.add_parser("convert", help=help_line)
    _inputs(sp)
    sp.add_argument("--to", metavar="FORMAT",
                    help="output format (default: the one the extension of -o FILE names; "
                         "omit both to list the choices)")
    sp.add_argument("-o", "--output", metavar="FILE", help="write to FILE (atomically)")
    sp.add_argument("--json", action="store_true",
                    help="one JSON record per input, the converted text in 'text'")
    sp.set_defaults(func=cmd_convert)


def _add_read(sub: Any, help_line: str) -> None:
    sp = sub.add_parser("read", help=help_line)
    _inputs(sp)
    sp.add_argument("--json", action="store_true",
                    help="one JSON record per input: its clues, each with its reading")
    sp.set_defaults(func=cmd_read)


def _add_types(sub: Any, help_line: str) -> None:
    sp = sub.add_parser("types", help=help_line)
    sp.set_defaults(func=cmd_types)


CORE_COMMANDS: tuple[tuple[str, str, Callable[[Any, str], None]], ...] = (
    ("solve", "solve puzzles and say whether the solution is unique", _add_solve),
    ("count", "count the distinct solutions", _add_count),
    ("render", "show the puzzle, unsolved", _add_render),
    ("convert", "convert a puzzle to another format", _add_convert),
    ("read", "each clue as written and as read, in the clue language (logic grids: English "
             "clues)", _add_read),
    ("types", "list the puzzle types and their formats", _add_types),
)
"""The commands of this module, in ``--help``'s order: name, help line, and what adds it."""


def build_parser(command: str | None = ALL_COMMANDS) -> argparse.ArgumentParser:
    """The parser for running ``command`` (the default: every command complete).

    Each command costs start-up time to add (argparse builds a parser and a help formatter for
    each, and the commands of :data:`LAZY_COMMANDS` import their modules: the generator, the
    explain engine's tiers, ...). So when ``command`` is a known one, only it is added; for
    anything else (None, as for ``--help``, or a misspelt name) every command is only named,
    with its help line, which is all the top-level help and the "invalid choice" message show.
    """
    parser = _Parser(prog="aspuzzle",
                     description="Solve, explain, check, generate and convert logic puzzles "
                                 "with clingo.")
    parser.add_argument("--version", action="version", version="aspuzzle 0.1.0")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    known = {name for name, _, _ in CORE_COMMANDS}
    known.update(name for _, commands in LAZY_COMMANDS for name in commands)
    only = command if command in known else None
    for name, help_line, add in CORE_COMMANDS:
        if command == ALL_COMMANDS or name == only:
            add(sub, help_line)
        elif only is None:
            sub.add_parser(name, help=help_line, add_help=False)
    for module, commands in LAZY_COMMANDS:
        if command == ALL_COMMANDS or only in commands:
            import importlib

            importlib.import_module(module).register(sub)
        elif only is None:
            for name, help_line in commands.items():
                sub.add_parser(name, help=help_line, add_help=False)
    for register in EXTRA_COMMANDS:
        register(sub)
    _with_examples(parser, sub)
    return parser


LAZY_COMMANDS: tuple[tuple[str, dict[str, str]], ...] = (
    ("aspuzzle.cli_reasoning", {
        "explain": "explain the solution step by step, with named rules",
        "hint": "the first mistake on a board, or the next step",
        "check": "every broken rule on a board; is it complete and correct?",
        "check-step": "does a named rule justify setting these cells?",
        "diagnose": "why a puzzle has no solution or several, and a repair; the first mistake "
                    "on a player's board",
        "rules": "list the reasoning rules of each puzzle type; 'rules verify FILE.lp [--type "
                 "T]': prove a rule file sound (Tents, or a kit type); 'rules derive NAME': a "
                 "derived rule from the basic "
                 "ones"}),
    ("aspuzzle.cli_generate", {
        "generate": "make new puzzles of a size and difficulty, each with exactly one solution",
        "rate": "the difficulty tier of puzzles, the rules they need and a score"}),
    ("aspuzzle.cli_web", {
        "serve": "the web app: play, check, hint, explain and export puzzles in a browser"}),
    ("aspuzzle.cli_legup", {
        "check-proof": "judge every transition of a LEGUP Tree Tent proof; is it valid and "
                       "complete?",
        "grade": "check every LEGUP proof of a class folder (a folder per student), one CSV "
                 "row per file"}),
)
"""The commands each module adds with its ``register(subparsers)``, in ``--help``'s order, and
their help lines: the module is imported only to run one of them (or to build the whole
parser). ``tests/test_lazy_imports.py`` checks that the lines are the modules' own."""

EXTRA_COMMANDS: list[Callable[[Any], None]] = []
"""Hooks that add further subcommands (called every time the parser is built)."""


def _command(argv: Sequence[str]) -> str | None:
    """The subcommand named in ``argv`` (its first word that is not an option), if any."""
    return next((a for a in argv if not a.startswith("-")), None)


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser(_command(argv))
    args = parser.parse_args(argv)
    from aspuzzle._deadline import time_limit

    # a command of one input (hint, check, check-proof) is bounded here; one of many inputs
    # (explain, rate, diagnose: run_each) or of many outputs (generate, grade) bounds each one
    seconds = getattr(args, "reasoning_timeout", None)
    whole = seconds if not hasattr(args, "inputs") and args.func.__name__ not in (
        "cmd_generate", "cmd_grade") else None
    try:
        with time_limit(whole):
            code: int = args.func(args)
        return code
    except TimeLimit:
        _say(f"aspuzzle: timeout: time limit reached ({seconds:g} s)", err=True)
        return EXIT_TIMEOUT
    except (InputError, UsageError) as e:
        _fail(str(e))
        return EXIT_BAD_INPUT
    except AspuzzleError as e:
        _fail(str(e))
        return EXIT_BAD_INPUT
    except RecursionError:
        _fail("the input is nested too deeply")
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        return EXIT_OK
    except Exception as e:  # a bug: one line, never a traceback
        _fail(" ".join(f"internal error: {type(e).__name__}: {e}".split())
              + " (a bug in aspuzzle: please report it)")
        return EXIT_INTERNAL
    except KeyboardInterrupt:
        _fail("interrupted")
        return 130


if __name__ == "__main__":
    sys.exit(main())
