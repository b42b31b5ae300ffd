"""The Puzzle protocol (after the ``struct game`` of Simon Tatham's collection) and formats.

A puzzle type is one object that knows its instance and solution types, the formats it reads
and writes, its encoding, how to turn an instance into facts and a model into a solution, how
to render both, and how to check a solution independently of the solver (used by the tests
and by ``check``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import cache
from typing import IO, TYPE_CHECKING, Any, NamedTuple, Protocol, TypeVar

if TYPE_CHECKING:  # clingo takes ~40 ms to import: not for the CLI's --help
    from importlib.resources.abc import Traversable

    import clingo

__all__ = ["Format", "PackageFile", "Play", "Puzzle", "Reasoning", "SolveOptions", "lp_file",
           "no_reasoning"]

I = TypeVar("I")  # noqa: E741  (instance)
S = TypeVar("S")  # solution

JSON = dict[str, Any]


class SolveOptions(NamedTuple):
    """Options that change what counts as a distinct answer or which rule variant is used."""

    pairing: bool = False
    """Tents: judge uniqueness on tent positions *and* the tree-tent pairing."""


class Format(NamedTuple):
    """One file or string format of a puzzle type (reader and, when possible, writer)."""

    name: str
    description: str
    read: Callable[[str], Any]
    """text -> Instance; raises :class:`~aspuzzle.errors.InputError` on bad input."""
    write: Callable[[Any, Any], str] | None = None
    """(Instance, Solution | None) -> text."""
    detect: Callable[[str], bool] = lambda text: False
    """Cheap test: does this text look like this format? (used to guess type and format)"""
    extensions: tuple[str, ...] = ()
    carries_solution: bool = False
    """Can ``write`` include a solution (``solve --to``)?"""
    inline: bool = False
    """Is it a one-line string that may be given on the command line (game IDs, URLs)?"""


class Play(NamedTuple):
    """How the web board plays a type, as data (a type's ``play``; the page names no type):
    a click on a cell cycles through ``marks``; a digit type (``digit_count``) types digits
    instead."""

    marks: tuple[str, ...] = ()
    """The marks a click cycles through, after "unknown" (Tents: tent, grass)."""
    implied: str | None = None
    """For the verdict "solved", unmarked cells count as this mark (Hitori: unshaded, as in
    Tatham's singles; Light Up: empty). None: every cell must be marked."""
    counted: str | None = None
    """The mark a row or column clue counts: the clue turns grey when the line has just as
    many, red when it has too many or no room for the rest (Tents: tent)."""
    links: tuple[str, str] | None = None
    """A drag from a cell of the first value to one of the second draws a link (Tents: tree,
    tent); a cell whose mark is no longer the second loses its links."""
    fixed: tuple[str, ...] = ()
    """Values of given cells that a click does not change (Tents: tree)."""
    clue_text: bool = False
    """The puzzle's text is shown beside the board (a logic grid's clues)."""


class Reasoning(NamedTuple):
    """What a puzzle type brings to ``explain``, ``hint``, ``check``, ``check-step`` and
    ``rules`` (all typed ``Any`` here: the step engine's types live in :mod:`aspuzzle.explain`,
    which imports this module)."""

    reasoner: Callable[[Any], Any]
    """instance -> its reasoner (:class:`aspuzzle.explain.player.PlayerReasoner`)."""
    catalogue: tuple[Any, ...]
    """The rules (:class:`aspuzzle.explain.rules.RuleInfo`), in order of preference."""
    read_state: Callable[[str, Any], tuple[Any, list[Any]]]
    """(text, instance) -> (the player's board, problems found while reading it, as
    contradiction steps). Raises InputError, naming the cell, for a board that does not fit."""
    parse_set: Callable[[str, Any], list[tuple[Any, str]]]
    """One ``--set`` item of ``check-step`` -> the board keys and values it sets; raises
    UsageError."""
    state_help: str
    """What a player's board looks like, for ``--help``."""
    set_help: str
    """What ``--set`` takes, for ``--help``."""
    shows_links: Callable[[str], bool] = lambda text: False
    """Can this board text show links (LEGUP)? Only Tents has links."""
    parse_link: Callable[[str, Any], Any] | None = None
    """One ``--link`` item -> a link (Tents only)."""
    mark_formats: tuple[str, ...] = ("text",)
    """Formats of the puzzle itself that can carry a player's marks (so INPUT is the board
    when ``--state`` is not given)."""
    verify_rule: Callable[[str, tuple[int, int]], Any] | None = None
    """(rule file, largest board) -> its verification (``sound``, ``render()``,
    ``to_json()``): ``aspuzzle rules verify``. None: the type's rule files cannot be verified."""
    export_proof: Callable[..., str] | None = None
    """(loaded puzzle, explanation or None, reasoner=...) -> a LEGUP file whose proof tree is the
    explanation: ``explain --to legup``. None: the type has no LEGUP proofs."""
    check_proof: Callable[..., Any] | None = None
    """(LEGUP file text, allowed=, teacher=, earned=) -> its proof judged transition by
    transition (:class:`aspuzzle.legup.check.ProofReport`): ``check-proof`` and ``grade``.
    None: the type's LEGUP proofs cannot be checked."""
    rule_alias: Callable[[str], str | None] | None = None
    """Another name or id of a rule (LEGUP's, where the catalogue does not carry it) -> the
    rule's id, for ``--rules``."""
    load_teacher: Callable[[str], Any] | None = None
    """A folder of a teacher's rule files -> those rules, each proven sound first
    (``--rules-dir``). None: the type takes no teachers' rules."""
    with_teacher: Callable[[Any, Any], Any] | None = None
    """(instance, a teacher's rules) -> the type's reasoner with those rules added."""
    derive: Callable[[str], Any] | None = None
    """A rule's name -> its derivation from the basic rules (``rules derive``: ``render()``,
    ``to_json()``). None: the type's rules cannot be derived."""
    mine: Callable[..., Any] | None = None
    """(window, out=, corpus=, max_cells=, progress=) -> the report of ``rules mine``: the
    type's minimal local rules (see :mod:`aspuzzle.kit.mine`), written to ``out`` as rule files
    and verified. None: the type does not say what its patterns are made of."""


class _Lazy:
    """A module's function, imported when first called: a type's readers and writers of
    formats that a run does not use (a LEGUP file's XML parser, say) then cost no start-up
    (``api.detect`` asks a format's ``detect`` only when its registry sniff passes). It pickles
    as the module and the name, so that a loaded puzzle still goes to another process."""

    __slots__ = ("_fn", "module", "name")

    def __init__(self, module: str, name: str) -> None:
        self.module, self.name = module, name
        self._fn: Callable[..., Any] | None = None

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if self._fn is None:
            import importlib

            self._fn = getattr(importlib.import_module(self.module), self.name)
        return self._fn(*args, **kwargs)

    def __reduce__(self) -> tuple[type[_Lazy], tuple[str, str]]:
        return _Lazy, (self.module, self.name)

    def __repr__(self) -> str:
        return f"<lazy {self.module}.{self.name}>"


def lazy(module: str, name: str) -> Callable[..., Any]:
    """``module``'s function ``name``, imported when first called (see :class:`_Lazy`): a
    type's hooks of :class:`Reasoning` whose modules a run may never need."""
    return _Lazy(module, name)


def lazy_format(module: str, stem: str) -> tuple[Callable[..., Any], Callable[..., Any],
                                                  Callable[..., Any]]:
    """``read_<stem>``, ``write_<stem>`` and ``detect_<stem>`` of ``module``, each imported when
    first called (see :class:`_Lazy`): the reader, writer and detector of a :class:`Format`."""
    return (_Lazy(module, f"read_{stem}"), _Lazy(module, f"write_{stem}"),
            _Lazy(module, f"detect_{stem}"))


def no_reasoning(name: str) -> Reasoning:
    """For a type whose reasoning rules are not written yet: a clear usage error."""
    from aspuzzle.errors import UsageError

    raise UsageError(f"explanations, hints and checks are not available for {name} puzzles "
                     "yet")


class PackageFile:
    """A file shipped in a package that is a folder of files, by its path: what
    :func:`lp_file` gives. It reads like a :class:`pathlib.Path` for what an encoding file is
    used for (``read_text``, ``read_bytes``, ``open``, ``name``, ``is_file``, ``joinpath``,
    ``os.fspath``) and is a ``Traversable`` as ``importlib.resources`` gives; it exists so that
    a solve does not import ``pathlib`` (with ``urllib.parse`` and ``ipaddress``: ~4 ms at every
    start of the CLI)."""

    __slots__ = ("_path",)

    def __init__(self, path: str) -> None:
        self._path = path

    def __fspath__(self) -> str:
        return self._path

    def __str__(self) -> str:
        return self._path

    def __repr__(self) -> str:
        return f"PackageFile({self._path!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PackageFile) and other._path == self._path

    def __hash__(self) -> int:
        return hash(self._path)

    @property
    def name(self) -> str:
        return os.path.basename(self._path)

    def is_file(self) -> bool:
        return os.path.isfile(self._path)

    def is_dir(self) -> bool:
        return os.path.isdir(self._path)

    def iterdir(self) -> Iterator[PackageFile]:
        return (PackageFile(os.path.join(self._path, n)) for n in sorted(os.listdir(self._path)))

    def joinpath(self, *descendants: str | os.PathLike[str]) -> PackageFile:
        return PackageFile(os.path.join(self._path, *descendants))

    def __truediv__(self, child: str | os.PathLike[str]) -> PackageFile:
        return self.joinpath(child)

    def open(self, mode: str = "r", *args: Any, **kwargs: Any) -> IO[Any]:
        return open(self._path, mode, *args, **kwargs)

    def read_bytes(self) -> bytes:
        with open(self._path, "rb") as f:
            return f.read()

    def read_text(self, encoding: str | None = None) -> str:
        with open(self._path, encoding=encoding or "utf-8") as f:
            return f.read()


@cache  # the path of a package's file does not change while the process runs; it is
# looked up on every solve by some types
def lp_file(package: str, name: str) -> Traversable:
    """An encoding file shipped in a package.

    A package installed as files (the usual case) gives a :class:`PackageFile` beside its
    module: importlib.resources and the modules it loads cost about 8 ms at every start-up of
    the CLI. A package that is not a folder of files (e.g. zipped) is read through
    importlib.resources.
    """
    import importlib
    import sys

    module = sys.modules.get(package) or importlib.import_module(package)
    origin = getattr(module, "__file__", None)
    if origin:
        path = os.path.join(os.path.dirname(origin), name)
        if os.path.isfile(path):
            return PackageFile(path)
    from importlib.resources import files

    return files(package).joinpath(name)


class Puzzle(Protocol):
    """What every puzzle type provides. Instances and solutions are immutable and hashable
    (``NamedTuple`` records, or frozen dataclasses off a small solve's path).

    A type may also have these, looked up where used (``getattr``): ``facts_text(instance)``
    (:meth:`to_facts` as ASP text, for a solve), ``solver_args(instance)`` (clingo options
    chosen for the instance), ``reuse(instance, options)`` (how to solve on one program
    grounded for every puzzle of a size, :class:`aspuzzle.engine.reuse.Reuse`) and
    ``many_solves_encodings(options, instance)`` (the rules for a program grounded once and
    solved many times, such as a diagnosis's clue solver, where they differ from
    :meth:`encodings`) and ``clue_readings(instance)`` (each clue as written and as read:
    ``aspuzzle read``; records ``{"clue": N, "text": ..., "reading": [...]}``) and ``play``
    (a :class:`Play`: how the web board plays it)."""

    name: str
    aliases: tuple[str, ...]
    title: str
    formats: Mapping[str, Format]
    """Formats by name; the first one is the plain-text format."""

    def encodings(self, options: SolveOptions, instance: Any = None) -> tuple[Traversable, ...]:
        """The ``.lp`` files that hold the rules (for this instance, when one is given: a
        variant's rules need not be grounded for puzzles that do not use it)."""
        ...

    def answer_signatures(self, options: SolveOptions) -> tuple[tuple[str, int], ...]:
        """Answers are distinct iff they differ on these atoms (the projection)."""
        ...

    def constants(self, instance: Any) -> tuple[tuple[str, str], ...]:
        """``#const`` values of the instance (e.g. the grid size)."""
        ...

    def to_facts(self, instance: Any) -> list[clingo.Symbol]:
        ...

    def user_asp(self, instance: Any) -> str:
        """Raw ASP the user wrote as part of the instance ("" for most puzzles)."""
        ...

    def from_model(self, instance: Any, symbols: Sequence[clingo.Symbol]) -> Any:
        """Solution from the shown atoms of one answer set."""
        ...

    def validate(self, instance: Any) -> None:
        """Raise InputError if the instance cannot be a puzzle (sizes, clue ranges, ...)."""
        ...

    def verify(self, instance: Any, solution: Any) -> list[str]:
        """Independent check of a solution: the list of broken rules (empty = correct)."""
        ...

    def render(self, instance: Any, solution: Any | None, *, ascii: bool = False) -> str:
        ...

    def solution_to_json(self, solution: Any) -> JSON:
        ...

    def solution_from_json(self, instance: Any, data: JSON) -> Any:
        ...

    def differences(self, instance: Any, a: Any, b: Any) -> str:
        """Where two solutions differ, in one line (e.g. 'tents differ at (1,2) (1,3)')."""
        ...

    def reasoning(self) -> Reasoning:
        """The type's reasoning rules and player's board (raises UsageError if it has none)."""
        ...

    def clues(self, instance: Any) -> Any:
        """The puzzle's clues, each with the facts it contributes
        (:class:`aspuzzle.diagnosis.Clues`): what a diagnosis of an unsolvable puzzle names."""
        ...

    def repairs(self, instance: Any, solution: Any) -> list[Any]:
        """Clues that hold in ``solution`` and that the type's formats can add to the puzzle
        (:class:`aspuzzle.diagnosis.Clue`, preferred first): a diagnosis's candidate repairs."""
        ...
