"""Generate puzzles of a chosen type, size and tier, each with exactly one solution.

One driver for every type (after Tatham's: a puzzle is kept only if the weakest tier whose
rules explain it is the one asked). Puzzle ``i`` of a run with seed ``S`` is made from seed
``S + i`` alone: it can be made again with ``--seed S+i --count 1``, and a run can be split
over processes or machines in any way and give the same puzzles in the same order.

For each puzzle, attempts follow one another from one random source (``random.Random``
seeded with the request and the seed; Python's generator is the same on every machine): the
type's generator proposes (:mod:`aspuzzle.generator.base`), then the driver

1. solves the proposal and proves it has exactly one solution, the one it was built around;
2. grades it with the explain engine (:func:`aspuzzle.difficulty.grade`) and keeps it only if
   its tier is exactly the one asked;
3. with ``minimal``, checks clue by clue that leaving any removable clue out gives a second
   solution (one solve per clue, on the puzzle grounded once with every clue behind a guard).

>>> import aspuzzle
>>> g = aspuzzle.generate("tents", size="6x6", difficulty="direct", seed=7)
>>> str(g.grade.tier), aspuzzle.solve(g.loaded).status.value
('direct', 'unique')
"""

from __future__ import annotations

import importlib
import random
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from aspuzzle.difficulty import Grade, Tier, grade
from aspuzzle.errors import AspuzzleError, UsageError
from aspuzzle.generator.base import Proposal, Request, TypeGenerator, Vocabulary

__all__ = [
    "MAX_ATTEMPTS",
    "Generated",
    "GenerationFailed",
    "Proposal",
    "Request",
    "TypeGenerator",
    "Vocabulary",
    "generate",
    "generate_many",
    "generate_one",
    "generate_seeds",
    "generator_for",
    "is_minimal",
    "make_request",
]

MAX_ATTEMPTS = 400
"""Attempts per puzzle before the driver gives up (GenerationFailed, exit status 3)."""


class GenerationFailed(AspuzzleError):
    """Every attempt failed: the message says what was asked and how many attempts were made."""


@dataclass(frozen=True)
class Generated:
    """A generated puzzle, proven unique, with its solution and grade."""

    loaded: Any
    """The puzzle (:class:`aspuzzle.Loaded`)."""
    solution: Any
    grade: Grade
    seed: int
    """The seed this puzzle alone is made from (``--seed SEED --count 1`` makes it again)."""
    attempts: int
    time_s: float

    def write(self, fmt: str | None = None) -> tuple[str, str]:
        """(format name, text) of the puzzle: in ``fmt`` (a UsageError if that format cannot
        hold it, e.g. a Tatham ID of a Tents puzzle with counts left out), or else in the
        type's first one-line format that holds it (game IDs, URLs), else its text format."""
        from aspuzzle.errors import InputError

        p, inst = self.loaded.puzzle, self.loaded.instance
        writable = [n for n, f in p.formats.items() if f.write is not None]
        if fmt is not None:
            f = p.formats.get(fmt)
            if f is None or f.write is None:
                raise UsageError(f"{p.name} cannot be written as '{fmt}' (choose from: "
                                 + ", ".join(writable) + ")")
            try:
                return fmt, f.write(inst, None)
            except (InputError, UsageError) as e:
                raise UsageError(f"the {fmt} format cannot hold this puzzle: {e}") from None
        text_format = next(iter(p.formats))
        for name in [n for n in writable if p.formats[n].inline] + [text_format]:
            write = p.formats[name].write
            assert write is not None
            try:
                return name, write(inst, None)
            except (InputError, UsageError):
                continue  # e.g. a Tatham ID cannot leave a Tents count out
        raise UsageError(f"no format of {p.name} can hold this puzzle")

    def to_json(self, fmt: str | None = None) -> dict[str, Any]:
        """The JSON Lines record of ``generate --json``, the puzzle written as :meth:`write`
        says."""
        p = self.loaded.puzzle
        name, text = self.write(fmt)
        return {"type": p.name, "format": name, "puzzle": text,
                "solution": p.solution_to_json(self.solution),
                "tier": str(self.grade.tier), "score": self.grade.score,
                "rules": dict(sorted(self.grade.rules.items())), "seed": self.seed,
                "attempts": self.attempts, "time_s": round(self.time_s, 6)}


def default_format(puzzle: Any) -> str:
    """The type's first one-line format with a writer (game IDs, URLs), else its text format
    (what a generated puzzle is written in when it can hold it: :meth:`Generated.write`)."""
    for name, f in puzzle.formats.items():
        if f.inline and f.write is not None:
            return str(name)
    return str(next(iter(puzzle.formats)))


def generator_for(type_name: str) -> TypeGenerator:
    """The generator of a puzzle type (``puzzles/<type>/generate.py``)."""
    from aspuzzle.puzzles import get_puzzle, type_info

    puzzle = get_puzzle(type_name)
    own = getattr(puzzle, "generator", None)  # a kit type's generator comes with the type
    if own is not None:
        made: TypeGenerator = own()
        return made
    try:
        module = importlib.import_module(f"{type_info(puzzle.name).module}.generate")
    except ModuleNotFoundError:
        raise UsageError(f"no generator for {puzzle.name} puzzles") from None
    gen: TypeGenerator = module.GENERATOR
    return gen


def make_request(type_name: str, *, size: str | int | tuple[int, int] | None = None,
                 difficulty: Tier | str | None = None, minimal: bool = False,
                 adjacent: bool = False, vocabulary: Vocabulary | None = None,
                 options: dict[str, Any] | None = None) -> Request:
    """A checked request: the size read by the type, the tier one it offers; a UsageError
    (exit status 2) for anything that cannot be met. ``options``: hints for the type's
    generator, e.g. ``{"to": "zebralogic"}`` (the output format: make only clues it can hold)."""
    gen = generator_for(type_name)
    if size is None:
        dims = gen.default_size
    elif isinstance(size, str) or (isinstance(size, int) and not isinstance(size, bool)):
        dims = gen.parse_size(str(size))  # (a library user writes a Futoshiki's size 9)
    elif (isinstance(size, tuple) and len(size) == 2
          and all(isinstance(x, int) and not isinstance(x, bool) for x in size)):
        dims = size
    else:
        raise UsageError(f"size {size!r} is not a size: give text as on the command line "
                         "('10x8', '9'), a number, or a pair of numbers")
    if difficulty is None:
        tier = gen.tiers[0]
    else:
        try:
            tier = Tier(str(difficulty).strip().lower())  # any case, as Tier.parse takes
        except ValueError:
            raise UsageError(f"unknown difficulty {difficulty!r}; choose one of "
                             + ", ".join(str(t) for t in gen.tiers)) from None
        if tier not in gen.tiers:
            raise UsageError(f"{gen.type} puzzles cannot be made at tier {tier}; choose one "
                             "of " + ", ".join(str(t) for t in gen.tiers))
    # what a type's generator takes beyond size and tier (GENERATOR.takes)
    takes: frozenset[str] = getattr(gen, "takes", frozenset())
    if adjacent and "adjacent" not in takes:
        raise UsageError("--adjacent is for futoshiki puzzles only")
    if vocabulary is not None and "categories" not in takes:
        raise UsageError("--categories is for logic grids only")
    request = Request(gen.type, dims, tier, minimal=minimal, adjacent=adjacent,
                      vocabulary=vocabulary, options=dict(options or {}))
    gen.check(request)
    return request


def _rng(request: Request, seed: int) -> random.Random:
    """The random source of one puzzle: the request and the seed, as a string (hashed by
    Python with SHA-512, the same on every machine)."""
    v = request.vocabulary
    # ordered names sorted: a frozenset's repr follows the per-process string hash
    vocab = "" if v is None else repr((v.categories, sorted(v.ordered)))
    w, h = request.size
    return random.Random(f"aspuzzle|{request.type}|{w}x{h}|{request.tier}|"
                         f"{int(request.adjacent)}{int(request.minimal)}|{vocab}|{seed}")


def generate_one(request: Request, seed: int, *, max_attempts: int = MAX_ATTEMPTS) -> Generated:
    """One puzzle of the request from ``seed``; GenerationFailed after ``max_attempts``."""
    from aspuzzle.api import Loaded
    from aspuzzle.explain.loop import check_time
    from aspuzzle.puzzles import get_puzzle

    if isinstance(seed, bool) or not isinstance(seed, int):
        raise UsageError(f"a seed is a whole number, not {seed!r}")
    if isinstance(max_attempts, bool) or not isinstance(max_attempts, int) or max_attempts < 1:
        raise UsageError(f"max_attempts is a whole number, 1 or more, not {max_attempts!r}")
    start = time.perf_counter()
    gen = generator_for(request.type)
    puzzle = get_puzzle(request.type)
    rng = _rng(request, seed)
    for attempt in range(1, max_attempts + 1):
        check_time()  # a caller's time limit (explain.loop.time_limit), e.g. the web app's
        proposal = gen.propose(request, rng)
        if proposal is None:
            continue
        loaded = Loaded(puzzle, proposal.instance, "generated", f"<generated seed {seed}>")
        g = _verify(request, loaded, proposal)
        if g is not None:
            return Generated(loaded, proposal.solution, g, seed, attempt,
                             time.perf_counter() - start)
    raise GenerationFailed(f"could not make {request.label()} in {max_attempts} attempts "
                           f"(seed {seed}); try another seed, size or difficulty")


def _verify(request: Request, loaded: Any, proposal: Proposal) -> Grade | None:
    """The grade of a proposal if it is unique, with its own solution, of the tier asked (and
    minimal when asked); else None."""
    from aspuzzle.api import solve
    from aspuzzle.engine import Status

    res = solve(loaded)
    p = loaded.puzzle
    if res.status is not Status.UNIQUE or \
            p.solution_to_json(res.solutions[0]) != p.solution_to_json(proposal.solution):
        return None
    g = proposal.grade if isinstance(proposal.grade, Grade) else grade(loaded)
    if not g.graded or g.tier != request.tier:
        return None
    if request.minimal and not is_minimal(loaded, generator_for(request.type), request):
        return None
    return g


def is_minimal(loaded: Any, gen: TypeGenerator, request: Request) -> bool:
    """Does leaving out any one removable clue (as the type's generator says which are) give
    the puzzle a second solution? One solve per clue, the puzzle grounded once."""
    from aspuzzle.diagnosis import ClueSolver

    clues = loaded.puzzle.clues(loaded.instance)
    solver = ClueSolver(loaded, clues)
    everything = range(len(clues.items))
    for i, clue in enumerate(clues.items):
        if not gen.removable(request, clue):
            continue
        res = solver.g.solve(2, assumptions=solver.on(j for j in everything if j != i))
        if len(res.answers) < 2:
            return False
    return True


def generate_seeds(request: Request, seeds: Iterable[int], *,
                   max_attempts: int = MAX_ATTEMPTS) -> Iterator[Generated]:
    """One puzzle of the request per seed, in the order of the seeds."""
    for seed in seeds:
        yield generate_one(request, seed, max_attempts=max_attempts)


def random_seed() -> int:
    """A fresh seed when none is given (printed with every puzzle, so it can be made again)."""
    return random.SystemRandom().randrange(1, 2**31)


def generate(type_name: str, *, size: str | int | tuple[int, int] | None = None,
             difficulty: Tier | str | None = None, seed: int | None = None,
             minimal: bool = False, adjacent: bool = False,
             vocabulary: Vocabulary | None = None,
             max_attempts: int = MAX_ATTEMPTS) -> Generated:
    """One puzzle of ``type_name`` (library entry point; see :func:`generate_many` for many)."""
    request = make_request(type_name, size=size, difficulty=difficulty, minimal=minimal,
                           adjacent=adjacent, vocabulary=vocabulary)
    return generate_one(request, random_seed() if seed is None else seed,
                        max_attempts=max_attempts)


def generate_many(type_name: str, count: int, *, size: str | int | tuple[int, int] | None = None,
                  difficulty: Tier | str | None = None, seed: int | None = None,
                  minimal: bool = False, adjacent: bool = False,
                  vocabulary: Vocabulary | None = None,
                  max_attempts: int = MAX_ATTEMPTS) -> Iterator[Generated]:
    """``count`` puzzles, made from seeds ``seed``, ``seed + 1``, ... in that order (the
    request is checked before the first is made)."""
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise UsageError(f"the count of puzzles is a whole number, 0 or more, not {count!r}")
    request = make_request(type_name, size=size, difficulty=difficulty, minimal=minimal,
                           adjacent=adjacent, vocabulary=vocabulary)
    first = random_seed() if seed is None else seed
    return generate_seeds(request, range(first, first + count), max_attempts=max_attempts)
