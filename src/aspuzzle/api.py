"""The public library API: load a puzzle, solve it, count its answers.

>>> import aspuzzle
>>> p = aspuzzle.load("examples/tents/seed-6x6.txt")
>>> r = aspuzzle.solve(p)
>>> r.status
<Status.UNIQUE: 'unique'>
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from aspuzzle.engine import (
    CountResult,
    Grounded,
    Program,
    SolveConfig,
    Status,
)
from aspuzzle.errors import InputError, UsageError
from aspuzzle.puzzles import (
    REGISTRY,
    TYPES,
    Format,
    Puzzle,
    SolveOptions,
    TypeInfo,
    get_puzzle,
    type_info,
)

if TYPE_CHECKING:
    import clingo

    from aspuzzle.engine.reuse import Reuse

__all__ = [
    "Count",
    "Loaded",
    "Result",
    "as_loaded",
    "count",
    "detect",
    "input_label",
    "load",
    "loads",
    "program",
    "read_input",
    "solve",
]

MAX_INPUT_BYTES = 20_000_000


class Loaded(NamedTuple):
    """A parsed puzzle: its type, instance, the format it was read from, and where from."""

    puzzle: Puzzle
    instance: Any
    format: str
    source: str = "<input>"


class Result(NamedTuple):
    """The verdict on a puzzle and up to a few of its solutions."""

    puzzle: Puzzle
    instance: Any
    status: Status
    solutions: tuple[Any, ...]
    time_s: float
    source: str = "<input>"
    options: SolveOptions = SolveOptions()

    def to_json(self) -> dict[str, Any]:
        """The JSON contract of GUIDE.md section 3."""
        return {"type": self.puzzle.name, "status": str(self.status),
                "solutions": [self.puzzle.solution_to_json(s) for s in self.solutions],
                "time_s": round(self.time_s, 6)}

    @property
    def exit_code(self) -> int:
        if self.status is Status.TIMEOUT:
            return 3
        return 0 if self.solutions else 1

    def differences(self) -> str | None:
        """Where the first two solutions differ (for status multiple)."""
        if len(self.solutions) < 2:
            return None
        return self.puzzle.differences(self.instance, self.solutions[0], self.solutions[1])


class Count(NamedTuple):
    puzzle: Puzzle
    count: int  # type: ignore[assignment]  # a NamedTuple's field hides tuple.count
    exact: bool
    time_s: float

    def to_json(self) -> dict[str, Any]:
        return {"type": self.puzzle.name, "count": self.count, "exact": self.exact,
                "time_s": round(self.time_s, 6)}


def as_loaded(puzzle: Any, what: str = "use") -> Loaded:
    """A :class:`Loaded` puzzle from a Loaded puzzle or a bare instance of a registered type
    (its type found by the package it comes from); a UsageError for anything else, saying
    what could not be done with it ("cannot explain a dict; give a loaded puzzle")."""
    if isinstance(puzzle, Loaded):
        return puzzle
    where = type(puzzle).__module__
    for p in REGISTRY.values():
        package = type(p).__module__  # the type's folder: aspuzzle.puzzles.tents
        if where == package or where.startswith(package + "."):
            return Loaded(p, puzzle, "")
    raise UsageError(f"cannot {what} a {type(puzzle).__name__}; give a loaded puzzle")


def read_input(path: str | os.PathLike[str]) -> str:
    """Read a text file, refusing empty, binary and undecodable ones with a clear message.

    Any kind of path gives a one-line :class:`InputError`, never an ``OSError``: a directory, a
    name that is too long or holds a NUL byte, a file that cannot be read. A FIFO or a character
    device (``<(command)``, ``/dev/stdin``) is read like a file, but never past
    ``MAX_INPUT_BYTES``; a FIFO that no program writes to reads as empty.
    """
    name = os.fsdecode(path)
    if not name.strip():  # (an empty shell variable): say so, not "no such file" unnamed
        raise InputError(f"{name!r} is neither a file name nor a puzzle: the argument is blank")
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except ValueError:
        raise InputError("a file name cannot hold a NUL byte", source=_msg_label(name)) from None
    except FileNotFoundError:
        raise InputError("no such file", source=_msg_label(name)) from None
    except PermissionError:
        raise InputError("permission denied", source=_msg_label(name)) from None
    except OSError as e:
        raise InputError(f"cannot read: {e.strerror}", source=_msg_label(name)) from None
    try:
        mode = os.fstat(fd).st_mode
        if stat.S_ISDIR(mode):
            raise InputError("is a directory, not a puzzle file", source=_msg_label(name))
        if not (stat.S_ISREG(mode) or stat.S_ISFIFO(mode) or stat.S_ISCHR(mode)):
            raise InputError("is not a regular file", source=_msg_label(name))
        os.set_blocking(fd, True)  # opened non-blocking only so that a FIFO cannot hang open()
        chunks: list[bytes] = []
        size = 0
        while size <= MAX_INPUT_BYTES:
            chunk = os.read(fd, min(1 << 20, MAX_INPUT_BYTES + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as e:
        raise InputError(f"cannot read: {e.strerror}", source=_msg_label(name)) from None
    finally:
        os.close(fd)
    return decode_input(b"".join(chunks), _msg_label(name))


def _msg_label(name: str) -> str:
    return input_label(name, one_line=True)


def input_label(arg: str, limit: int = 200, *, one_line: bool = False) -> str:
    """How an input is named: the path or the inline string cut to ``limit`` characters, with
    undecodable bytes (from a binary argument) as ``\\xNN`` escapes. ``one_line`` also shows
    newlines and other control characters as escapes, for one-line messages."""
    text = arg[:limit]
    if any("\udc80" <= ch <= "\udcff" for ch in text):
        text = text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    if one_line and not text.isprintable():
        text = "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii")
                       for ch in text)
    return text


def decode_input(data: bytes, source: str) -> str:
    if len(data) > MAX_INPUT_BYTES:
        raise InputError(f"input is larger than {MAX_INPUT_BYTES} bytes", source=source)
    if b"\x00" in data:
        raise InputError("binary data (a NUL byte), not a puzzle text", source=source)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise InputError(f"not UTF-8 text (byte {e.start + 1})", source=source) from None
    if not text.strip():
        raise InputError("empty input", source=source)
    return text


def _kind(value: object) -> str:
    return "None" if value is None else type(value).__name__


def _ext(name: str | None) -> str:
    return os.path.splitext(name)[1].lower() if name else ""


def detect(text: str, *, filename: str | None = None, type: str | None = None,
           fmt: str | None = None) -> tuple[Puzzle, Format]:
    """Guess the puzzle type and format from the content (and file extension)."""
    infos = [type_info(type)] if type else list(TYPES)
    if fmt is not None:
        with_fmt = [t for t in infos if any(f.name == fmt for f in t.formats)]
        if not with_fmt:
            known = sorted({f.name for t in infos for f in t.formats})
            raise UsageError(f"unknown format '{fmt}' (known: {', '.join(known)})")
        infos = with_fmt
    ext = _ext(filename)
    if type is None and fmt is None and ext:
        # a file extension that one format alone has (.logic, .xml) settles any tie between
        # detectors below: if that format takes the text, it is the answer, and the other
        # types need not be imported to ask theirs (a .logic file's clue lines pass the Tents
        # text sniff: importing Tents cost ~2 ms of a logic-grid solve), nor their sniffs
        # compiled and run (~1.5 ms)
        owners = [(t, f) for t in infos for f in t.formats if ext in f.extensions]
        if len(owners) == 1 and (owners[0][1].sniff is None or owners[0][1].sniff(text)):
            info, finfo = owners[0]
            only = REGISTRY[info.name]
            owned = only.formats[finfo.name]
            if _detects(owned, text):
                return only, owned
    # each format's cheap sniff, once: a type none of whose formats passes is not imported,
    # and a format that fails is not asked (its detector would refuse the text too, and its
    # reader's module stays unread)
    sniffed = {t.name: _sniffed(t, text) for t in infos}
    puzzles = [REGISTRY[t.name] for t in infos if type or fmt or sniffed[t.name]]
    candidates: list[tuple[Puzzle, Format]] = []
    for p in puzzles:
        for f in p.formats.values():
            if (fmt is not None and f.name != fmt) or f.name not in sniffed[p.name]:
                continue
            if _detects(f, text):
                candidates.append((p, f))
    if fmt is not None and not candidates:
        candidates = [(p, p.formats[fmt]) for p in puzzles]
    if len(candidates) > 1 and ext:
        by_ext = [(p, f) for p, f in candidates if ext in f.extensions]
        candidates = by_ext or candidates
    if len(candidates) > 1:  # a header that names a type settles it ("# lightup 7x7")
        named = _header_type(text)
        by_header = [(p, f) for p, f in candidates if p.name == named]
        candidates = by_header or candidates
    if len(candidates) == 1:
        return candidates[0]
    if type is not None and len(puzzles) == 1 and not candidates:
        only = puzzles[0]
        ext_formats = [f for f in only.formats.values() if ext in f.extensions]
        if len(ext_formats) == 1:
            return only, ext_formats[0]
        # no detector takes it: the one format whose cheap sniff passes reads it (and says
        # what is wrong), as a one-line ID given with --type
        passed = [f for f in only.formats.values() if f.name in sniffed[only.name]
                  or _shaped(only.name, f.name, text)]
        if len(passed) == 1 and passed[0].inline:
            return only, passed[0]
        return only, next(iter(only.formats.values()))
    if not candidates:
        raise UsageError("cannot tell what puzzle this is; give --type "
                         f"({', '.join(REGISTRY)}) and maybe --from FORMAT")
    names = ", ".join(f"{p.name}/{f.name}" for p, f in candidates)
    raise UsageError(f"the input could be any of {names}; give --type or --from")


def _header_type(text: str) -> str | None:
    """The type a text's first line names as a header (``# lightup 7x7``), if any."""
    for line in text.splitlines():
        words = line.strip().lstrip("#%").split()
        if not line.strip():
            continue
        if line.lstrip()[:1] in "#%" and words:
            try:
                return type_info(words[0]).name
            except UsageError:
                return None
        return None
    return None


def _detects(f: Format, text: str) -> bool:
    try:
        return bool(f.detect(text))
    except Exception:  # a detector must never crash loading; treat as no match
        return False


def _shaped(ptype: str, fmt: str, text: str) -> bool:
    """Has the text the shape of the format's IDs, by the looser test of a sniff that has one
    (``shape``): a sniff that rules out invalid IDs (to spare importing a type) still lets the
    format say what is wrong with one given with ``--type``."""
    info = type_info(ptype)
    sniff = next((f.sniff for f in info.formats if f.name == fmt), None)
    shape: Callable[[str], bool] | None = getattr(sniff, "shape", None)
    return shape is not None and shape(text)


def _sniffed(info: TypeInfo, text: str) -> set[str]:
    """The type's formats that may accept the text, by the registry's sniffs (a format without
    one may)."""
    return {f.name for f in info.formats if f.sniff is None or f.sniff(text)}


def _split_type_prefix(text: str) -> tuple[str | None, str]:
    """'tents:10x10dt:...' -> ('tents', '10x10dt:...') for inline strings with a type prefix."""
    head, sep, rest = text.partition(":")
    if sep and "\n" not in text.strip():
        try:
            return get_puzzle(head).name, rest
        except UsageError:
            pass
    return None, text


_TATHAM_SEED = re.compile(r"(?:[a-z]+:)?[0-9][0-9a-z]*#[^\s:#]+")
"""A Tatham random seed, optionally after a game name: ``8x8de#123456``, ``tents:8x8de#1``,
``5dt#42``: the parameters, ``#`` and the seed his generator starts from."""


def refuse_random_seed(text: str, source: str) -> None:
    """An InputError if ``text`` is a Tatham random seed rather than a game ID: it tells his
    generator where to start, it does not hold the puzzle."""
    if _TATHAM_SEED.fullmatch(text.strip()):
        raise InputError("a Tatham random seed (PARAMS#SEED) tells his generator where to "
                         "start, it is not a puzzle; give the game ID (PARAMS:DESCRIPTION, "
                         "from Game > Specific...)", source=source)


def loads(text: str | bytes, *, type: str | None = None, fmt: str | None = None,
          filename: str | None = None, source: str = "<input>") -> Loaded:
    """Parse puzzle text (bytes are read as UTF-8, as :func:`load` reads a file). Raises
    InputError (bad content) or UsageError (unknown type/format)."""
    if isinstance(text, bytes | bytearray):
        text = decode_input(bytes(text), source)
    elif not isinstance(text, str):
        raise TypeError(f"loads() reads a puzzle from str or bytes, not {_kind(text)}")
    elif "\x00" in text:  # (bytes: decode_input says the same)
        # clingo reads program text and strings up to a NUL: whatever follows would be lost
        raise InputError("binary data (a NUL byte), not a puzzle text", source=source)
    if not text.strip():
        raise InputError("empty input", source=source)
    refuse_random_seed(text, source)
    prefix, body = _split_type_prefix(text)
    if prefix is not None and (type is None or get_puzzle(type).name == prefix):
        type, text = prefix, body
    puzzle, f = detect(text, filename=filename, type=type, fmt=fmt)
    try:
        instance = f.read(text)
        puzzle.validate(instance)
    except InputError as e:
        raise e.with_source(source if e.source is None else e.source) from None
    except RecursionError:
        raise InputError("input is nested too deeply", source=source) from None
    return Loaded(puzzle, instance, f.name, source)


def load(path: str | os.PathLike[str], *, type: str | None = None,
         fmt: str | None = None) -> Loaded:
    """Read and parse a puzzle file."""
    text = read_input(path)
    return loads(text, type=type, fmt=fmt, filename=str(path), source=str(path))


def program(loaded: Loaded, options: SolveOptions | None = None) -> Program:
    """The clingo program (encodings, facts, projection) of a loaded puzzle."""
    opts = options or SolveOptions()
    p, inst = loaded.puzzle, loaded.instance
    return Program(encodings=p.encodings(opts, inst), facts=tuple(p.to_facts(inst)),
                   project=p.answer_signatures(opts), user_asp=p.user_asp(inst),
                   constants=p.constants(inst), solver_args=_solver_args(p, inst))


def _solver_args(p: Any, inst: Any) -> tuple[str, ...]:
    """The clingo options a type chose for the instance (its optional ``solver_args``)."""
    chosen: Callable[[Any], tuple[str, ...]] | None = getattr(p, "solver_args", None)
    return chosen(inst) if chosen is not None else ()


def _solving_program(loaded: Loaded, options: SolveOptions) -> Program:
    """:func:`program` with the facts as text when the type writes them so (``facts_text``):
    the same program, without a clingo Symbol made per fact and turned back into text."""
    p, inst = loaded.puzzle, loaded.instance
    facts_text: Callable[[Any], str] | None = getattr(p, "facts_text", None)
    if facts_text is None:
        return program(loaded, options)
    return Program(encodings=p.encodings(options, inst), facts=(),
                   project=p.answer_signatures(options), user_asp=p.user_asp(inst),
                   constants=p.constants(inst), facts_text=facts_text(inst),
                   solver_args=_solver_args(p, inst))


def solve(loaded: Loaded, *, max_solutions: int = 2, config: SolveConfig | None = None,
          options: SolveOptions | None = None) -> Result:
    """Solve: the verdict (unique / multiple / none / timeout) and up to ``max_solutions``.

    At least two answers are always looked for, so that uniqueness is always known.
    """
    if config is not None:
        config.checked()
    loaded = as_loaded(loaded, "solve")
    opts = options or SolveOptions()
    puzzle, inst = loaded.puzzle, loaded.instance

    def read(m: clingo.Model) -> Any:
        # straight from the model: a set of Symbols, sorted, costs more calls into clingo
        # (hashes, comparisons) than reading the answer itself
        return puzzle.from_model(inst, m.symbols(shown=True))

    res = None
    from aspuzzle.engine import reuse

    reuse_of: Callable[[Any, SolveOptions], Reuse | None] | None = getattr(puzzle, "reuse", None)
    if reuse_of is not None:
        spec = reuse_of(inst, opts)
        if spec is not None:
            res = reuse.solve(spec, read, max_solutions, config)
            if res is not None and res.status is Status.MULTIPLE:
                # which answers come first depends on the solver's state: list the ones a
                # fresh grounding finds, the same in every process and on every call
                res = None
    if res is None:
        res = reuse.solve_fresh(_solving_program(loaded, opts), read, max_solutions, config)
    return Result(puzzle, inst, res.status, res.answers, res.time_s, loaded.source, opts)


def count(loaded: Loaded, *, limit: int = 0, config: SolveConfig | None = None,
          options: SolveOptions | None = None) -> Count:
    """The number of distinct answers (projected on the answer atoms), up to ``limit`` (0: no
    limit)."""
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
        raise UsageError(f"the limit of a count is a whole number, 0 or more (0: no limit), "
                         f"not {limit!r}")
    loaded = as_loaded(loaded, "count")
    opts = options or SolveOptions()
    res: CountResult = Grounded(_solving_program(loaded, opts), config).count(limit)
    return Count(loaded.puzzle, res.count, res.exact, res.time_s)
