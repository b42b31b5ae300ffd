"""Property tests for logic grids: the language's reader never fails except with InputError,
the writer round-trips any valid instance, and the solver's answers to random puzzles built
from a random grid all satisfy every clue (checked in Python, independently of the encoding)."""

from __future__ import annotations

import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import aspuzzle
from aspuzzle.api import Loaded
from aspuzzle.errors import AspuzzleError
from aspuzzle.puzzles.logicgrid import PUZZLE as LOGICGRID
from aspuzzle.puzzles.logicgrid import language
from aspuzzle.puzzles.logicgrid.model import (
    Apart,
    Before,
    Category,
    Clue,
    Grid,
    LogicGridInstance,
    LogicGridSolution,
    NotSame,
    OneOf,
    Ref,
    Same,
    Value,
    holds,
)
from tests.conftest import EXAMPLES, mutate

SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
SOLVER_SETTINGS = settings(max_examples=60, deadline=None,
                           suppress_health_check=[HealthCheck.too_slow])

# Pieces of awkward names: keywords, separators, quotes, numbers, comment and range markers.
PIECES = ["a", "b", "Zed", "is", "not", "the", "or", "one of", "before", " ", ",", ";", "<",
          ":", "#", '"', "\\", "..", "1", "-", ".", "é", "on", "x y", "'", "%", "apart", "3"]


def _ok_text(s: str) -> bool:
    return bool(s.strip()) and all(ord(ch) >= 32 for ch in s)


names = st.lists(st.sampled_from(PIECES), min_size=1, max_size=4).map("".join).filter(_ok_text)


@st.composite
def categories(draw: st.DrawFn, max_size: int = 4) -> tuple[Category, ...]:
    n_cats = draw(st.integers(2, 4))
    size = draw(st.integers(2, max_size))
    cat_names = draw(st.lists(names, min_size=n_cats, max_size=n_cats, unique=True))
    cats = []
    for name in cat_names:
        kind = draw(st.sampled_from(["range", "numbers", "names", "ordered names"]))
        values: tuple[Value, ...]
        if kind == "range":
            lo = draw(st.integers(-5, 5))
            values = tuple(range(lo, lo + size))
        elif kind == "numbers":
            values = tuple(sorted(draw(st.lists(st.integers(-50, 2000), min_size=size,
                                                max_size=size, unique=True))))
        else:
            values = tuple(draw(st.lists(names, min_size=size, max_size=size, unique=True)))
        cats.append(Category(name, values, ordered=kind != "names"))
    return tuple(cats)


def _refs(cats: tuple[Category, ...]) -> list[Ref]:
    return [Ref(c.name, v) for c in cats for v in c.values]


@st.composite
def clue_for(draw: st.DrawFn, cats: tuple[Category, ...], number: int) -> Clue:
    refs = st.sampled_from(_refs(cats))
    ordered = [c for c in cats if c.has_order]
    kinds = ["same", "not", "oneof", "either"] + (["before", "apart"] if ordered else [])
    kind = draw(st.sampled_from(kinds))
    text = draw(st.sampled_from(["", "some words", "a is b"]))
    a, b = draw(refs), draw(refs)
    if kind == "same":
        return Same(number, text, a=a, b=b)
    if kind == "not":
        return NotSame(number, text, a=a, b=b)
    if kind in ("oneof", "either"):
        k = draw(st.integers(2 if kind == "either" else 1, 3))
        opts = draw(st.lists(refs, min_size=k, max_size=k, unique=True))
        return OneOf(number, text, a=a, options=tuple(opts), exclusive=kind == "either")
    on = draw(st.sampled_from(ordered))
    pos = sorted(on.positions().values())
    gaps = sorted({q - p for p in pos for q in pos if q > p})
    if kind == "before":
        d = draw(st.one_of(st.none(), st.sampled_from(gaps)))
        return Before(number, text, a=a, b=b, on=on.name, distance=d)
    return Apart(number, text, a=a, b=b, on=on.name, distance=draw(st.sampled_from(gaps)))


RAW = ["", "% a comment", ":- assign(E, C, \"x\").", "a.\nb :- a.\n  % indented"]


@st.composite
def instances(draw: st.DrawFn) -> LogicGridInstance:
    cats = draw(categories())
    numbers = draw(st.lists(st.integers(1, 9), max_size=6))
    clues = tuple(draw(clue_for(cats, n)) for n in numbers)
    return LogicGridInstance(cats, clues, raw_asp=draw(st.sampled_from(RAW)),
                             title=draw(st.sampled_from(["", "A title", "x # y"])))


@SETTINGS
@given(instances())
def test_writer_round_trips_every_valid_instance(inst: LogicGridInstance) -> None:
    LOGICGRID.validate(inst)
    text = language.write(inst)
    back = aspuzzle.loads(text, type="logicgrid").instance
    assert back == inst, text
    # the second pass keeps the wording that was read back
    assert language.write(back) == text or language.read(language.write(back)) == inst


def _mutate(text: str, data: st.DataObject) -> str:
    return mutate(text, data, ["is", " not ", "before", "2", ",", ";", '"', ":", "#", "\n", "..",
                               "<", "asp:", "clues:", " or ", "#script", "x"])


BASES = [(EXAMPLES / "logicgrid" / n).read_text()
         for n in ("boys-in-the-hood.logic", "boys-in-the-hood-seed.logic")]


@SETTINGS
@given(st.one_of(st.sampled_from(BASES), instances().map(language.write)), st.data())
def test_mutated_files_give_input_error_or_a_valid_instance(text: str,
                                                            data: st.DataObject) -> None:
    text = _mutate(text, data)
    try:
        loaded = aspuzzle.loads(text, type="logicgrid", fmt="text")
    except AspuzzleError as e:
        assert str(e) and "\n" not in str(e)
        return
    LOGICGRID.validate(loaded.instance)
    assert language.read(language.write(loaded.instance)) == loaded.instance


@SETTINGS
@given(st.one_of(st.text(max_size=300),
                 st.text(max_size=300).map(lambda t: "categories:\n n: 1..3\n" + t),
                 st.lists(st.sampled_from([*PIECES, "\n", "categories:\n", "clues:\n", "1.",
                                           "x: a, b\n", "n: 1..2\n", "2 apart"]),
                          max_size=40).map("".join)))
def test_random_text_gives_input_error(text: str) -> None:
    try:
        loaded = aspuzzle.loads(text, type="logicgrid")
    except AspuzzleError as e:
        assert str(e) and "\n" not in str(e)
        return
    LOGICGRID.validate(loaded.instance)


# --- random solvable puzzles ----------------------------------------------------------------

@st.composite
def true_clue(draw: st.DrawFn, cats: tuple[Category, ...], grid: list[dict[str, Value]],
              number: int) -> Clue:
    """A clue that holds in ``grid``, built from the grid so that every kind is exercised."""
    n = len(grid)
    entity = st.integers(0, n - 1)
    cat = st.sampled_from(cats)

    def ref(e: int) -> Ref:
        c = draw(cat)
        return Ref(c.name, grid[e][c.name])

    ordered = [c for c in cats if c.has_order]
    kind = draw(st.sampled_from(["same", "not", "oneof", "either"]
                                + (["before", "apart"] if ordered else [])))
    e1 = draw(entity)
    if kind == "same":
        return Same(number, a=ref(e1), b=ref(e1))
    e2 = draw(entity.filter(lambda e: e != e1))
    if kind == "not":
        return NotSame(number, a=ref(e1), b=ref(e2))
    if kind in ("oneof", "either"):
        a = ref(e1)
        options = [ref(e1)]
        options += [ref(draw(entity.filter(lambda e: e != e1)))
                    for _ in range(draw(st.integers(1, 2)))]
        options = list(dict.fromkeys(options))
        if a in options or len(options) < 2:
            return Same(number, a=a, b=options[0])
        order = draw(st.permutations(options))
        return OneOf(number, a=a, options=tuple(order), exclusive=kind == "either")
    on = draw(st.sampled_from(ordered))
    pos = on.positions()
    p1, p2 = pos[grid[e1][on.name]], pos[grid[e2][on.name]]
    if p1 > p2:
        e1, e2, p1, p2 = e2, e1, p2, p1
    if kind == "before":
        d = draw(st.sampled_from([None, p2 - p1]))
        return Before(number, a=ref(e1), b=ref(e2), on=on.name, distance=d)
    a, b = ref(e1), ref(e2)
    if draw(st.booleans()):
        a, b = b, a
    return Apart(number, a=a, b=b, on=on.name, distance=p2 - p1)


@st.composite
def solvable(draw: st.DrawFn) -> tuple[LogicGridInstance, LogicGridSolution]:
    cats = draw(categories(max_size=4))
    key = cats[0]
    columns = [list(key.values)] + [list(draw(st.permutations(c.values))) for c in cats[1:]]
    grid = [{c.name: columns[j][i] for j, c in enumerate(cats)}
            for i in range(len(key.values))]
    k = draw(st.integers(0, 10))
    clues = tuple(draw(true_clue(cats, grid, i)) for i in range(1, k + 1))
    sol = LogicGridSolution(tuple(tuple((c.name, g[c.name]) for c in cats) for g in grid))
    return LogicGridInstance(cats, clues), sol


@SOLVER_SETTINGS
@given(solvable())
def test_solver_answers_to_random_true_clues_all_verify(
        case: tuple[LogicGridInstance, LogicGridSolution]) -> None:
    inst, hidden = case
    LOGICGRID.validate(inst)
    assert LOGICGRID.verify(inst, hidden) == []
    res = aspuzzle.solve(Loaded(LOGICGRID, inst, "text"), max_solutions=5)
    assert res.status in (aspuzzle.Status.UNIQUE, aspuzzle.Status.MULTIPLE)
    for sol in res.solutions:
        assert LOGICGRID.verify(inst, sol) == []
    if res.status is aspuzzle.Status.UNIQUE:
        assert res.solutions == (hidden,)
    # and the language carries the puzzle unchanged to the solver
    assert language.read(language.write(inst)) == inst


@SOLVER_SETTINGS
@given(solvable(), st.data())
def test_a_clue_false_of_the_unique_answer_makes_it_unsolvable(
        case: tuple[LogicGridInstance, LogicGridSolution], data: st.DataObject) -> None:
    inst, hidden = case
    res = aspuzzle.solve(Loaded(LOGICGRID, inst, "text"))
    if res.status is not aspuzzle.Status.UNIQUE:
        return
    grid = Grid(inst, hidden)
    clue = data.draw(clue_for(inst.categories, 99))
    extra = LogicGridInstance(inst.categories, (*inst.clues, clue))
    res = aspuzzle.solve(Loaded(LOGICGRID, extra, "text"))
    expected = aspuzzle.Status.UNIQUE if holds(grid, clue) else aspuzzle.Status.NONE
    assert res.status is expected


def _all_grids(cats: tuple[Category, ...]) -> list[LogicGridSolution]:
    """Every one-to-one grid, by brute force (small instances only)."""
    key = cats[0]
    grids: list[list[tuple[Value, ...]]] = [[]]
    for c in cats[1:]:
        grids = [[*g, p] for g in grids for p in itertools.permutations(c.values)]
    return [LogicGridSolution(tuple(
        tuple([(key.name, k)] + [(c.name, cols[j][i]) for j, c in enumerate(cats[1:])])
        for i, k in enumerate(key.values))) for cols in grids]


@SOLVER_SETTINGS
@given(categories(max_size=3).flatmap(
    lambda cats: st.tuples(st.just(cats), st.lists(clue_for(cats, 1), max_size=5))))
def test_solver_count_equals_brute_force_count(
        case: tuple[tuple[Category, ...], list[Clue]]) -> None:
    cats, clues = case
    inst = LogicGridInstance(cats, tuple(clues))
    expected = [g for g in _all_grids(cats) if LOGICGRID.verify(inst, g) == []]
    got = aspuzzle.count(Loaded(LOGICGRID, inst, "text"))
    assert (got.count, got.exact) == (len(expected), True)
    res = aspuzzle.solve(Loaded(LOGICGRID, inst, "text"), max_solutions=3)
    assert all(s in expected for s in res.solutions)
