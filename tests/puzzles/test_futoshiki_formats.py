"""Property tests for the Futoshiki readers and writers: every format round-trips random valid
puzzles, and random or mutated input gives an InputError (one line), never another exception."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import aspuzzle
from aspuzzle.errors import AspuzzleError
from aspuzzle.puzzles.futoshiki import PUZZLE as FUTOSHIKI
from aspuzzle.puzzles.futoshiki import FutoshikiInstance, FutoshikiSolution
from aspuzzle.puzzles.futoshiki.formats import read_text_solution, write_text
from aspuzzle.puzzles.futoshiki.model import DIFFICULTIES, neighbour_pairs
from tests.conftest import mutate

SETTINGS = settings(max_examples=120, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
FORMATS = ["text", "facts", "tatham"]


@st.composite
def instances(draw: st.DrawFn, min_size: int = 1, max_size: int = 7) -> FutoshikiInstance:
    # now and then a grid with two-digit numbers
    n = draw(st.one_of(st.integers(min_size, max_size), st.integers(10, 12)))
    cells = [(r, c) for r in range(1, n + 1) for c in range(1, n + 1)]
    given_cells = draw(st.sets(st.sampled_from(cells), max_size=min(len(cells), 12)))
    givens = frozenset((r, c, draw(st.integers(1, n))) for r, c in given_cells)
    adjacent = draw(st.booleans())
    pairs = neighbour_pairs(n)
    marked = draw(st.sets(st.sampled_from(pairs), max_size=min(len(pairs), 20))) if pairs \
        else set()
    difficulty = draw(st.one_of(st.none(), st.sampled_from(sorted(DIFFICULTIES))))
    if adjacent:
        return FutoshikiInstance(n, givens, adjacent=True, bars=frozenset(marked),
                                 difficulty=difficulty)
    greater = frozenset((a, b) if draw(st.booleans()) else (b, a) for a, b in marked)
    return FutoshikiInstance(n, givens, greater, difficulty=difficulty)


@SETTINGS
@given(instances(), st.sampled_from(FORMATS))
def test_round_trip(inst: FutoshikiInstance, fmt: str) -> None:
    if fmt == "tatham" and inst.size < 3:
        return  # Tatham's orders start at 3 (the writer refuses smaller grids)
    write = FUTOSHIKI.formats[fmt].write
    assert write is not None
    text = write(inst, None)
    back = aspuzzle.loads(text, type="futoshiki", fmt=fmt)
    assert back.instance == inst
    assert write(back.instance, None) == text
    if fmt == "tatham":
        assert back.instance.difficulty == inst.difficulty


@SETTINGS
@given(instances(), st.data())
def test_the_format_is_detected(inst: FutoshikiInstance, data: st.DataObject) -> None:
    fmt = data.draw(st.sampled_from(FORMATS if inst.size >= 3 else FORMATS[:2]))
    write = FUTOSHIKI.formats[fmt].write
    assert write is not None
    text = write(inst, None)
    assert [f.name for f in FUTOSHIKI.formats.values() if f.detect(text)] == [fmt]
    loaded = aspuzzle.loads(text, type="futoshiki")
    assert (loaded.format, loaded.instance) == (fmt, inst)


@SETTINGS
@given(instances(max_size=6), st.data())
def test_text_round_trip_with_a_solution(inst: FutoshikiInstance, data: st.DataObject) -> None:
    n = inst.size
    grid = tuple(tuple(data.draw(st.integers(1, n)) for _ in range(n)) for _ in range(n))
    sol = FutoshikiSolution(grid)
    assert read_text_solution(write_text(inst, sol)) == (inst, sol)


_ALPHABET = [*"0123456789.,:;<>|^vV-#adekxtURDL \n()_=", "∧", "∨", "solution:",
             "cell_has_number(", "greater_than(", "#const n"]


def _mutate(text: str, data: st.DataObject) -> str:
    return mutate(text, data, _ALPHABET)


def _load_or_input_error(text: str, fmt: str | None) -> None:
    try:
        loaded = aspuzzle.loads(text, type="futoshiki", fmt=fmt)
    except AspuzzleError as e:
        assert str(e) and "\n" not in str(e)
        return
    FUTOSHIKI.validate(loaded.instance)  # whatever loads is a valid instance ...
    for f in FUTOSHIKI.formats.values():  # ... that every writer can write
        assert f.write is not None
        if f.name != "tatham" or loaded.instance.size >= 3:
            f.write(loaded.instance, None)


@SETTINGS
@given(instances(), st.sampled_from(FORMATS), st.data())
def test_mutated_input_gives_input_error_or_a_valid_instance(
        inst: FutoshikiInstance, fmt: str, data: st.DataObject) -> None:
    if fmt == "tatham" and inst.size < 3:
        fmt = "text"
    write = FUTOSHIKI.formats[fmt].write
    assert write is not None
    text = _mutate(write(inst, None), data)
    _load_or_input_error(text, data.draw(st.sampled_from([fmt, None])))


@SETTINGS
@given(st.text(max_size=200), st.sampled_from([*FORMATS, None]))
def test_random_text_gives_input_error(text: str, fmt: str | None) -> None:
    _load_or_input_error(text, fmt)


@SETTINGS
@given(st.lists(st.sampled_from(_ALPHABET), max_size=40), st.sampled_from([*FORMATS, None]))
def test_random_text_from_the_formats_alphabet_gives_input_error(pieces: list[str],
                                                                 fmt: str | None) -> None:
    _load_or_input_error("".join(pieces), fmt)


@SETTINGS
@given(st.integers(3, 9), st.text(alphabet=list("0123456789abczURDL,"), max_size=120))
def test_random_tatham_cells_give_input_error(n: int, cells: str) -> None:
    _load_or_input_error(f"{n}:{cells}", "tatham")


@st.composite
def _plain_cells(draw: st.DrawFn) -> tuple[int, str]:
    """Cells written nearly as Tatham writes them: now and then a wrong digit, count, flag,
    comma or skip."""
    n = draw(st.integers(3, 6))
    count = n * n + draw(st.sampled_from([0, 0, 0, -1, 1]))
    cell = st.tuples(st.sampled_from(["0", "1", str(n), str(n + 1), "00", "0001"]),
                     st.text(alphabet="URDL", max_size=5))
    cells = [d + f for d, f in draw(st.lists(cell, min_size=count, max_size=count))]
    text = ",".join(cells) + draw(st.sampled_from([",", ",", "", ",,", "b"]))
    return n, text


@SETTINGS
@given(_plain_cells())
def test_tatham_cells_read_at_once_as_one_at_a_time(case: tuple[int, str]) -> None:
    from aspuzzle.errors import InputError
    from aspuzzle.puzzles.futoshiki.tatham import _read_cells, _read_plain

    n, text = case
    plain = _read_plain(text, n)
    try:
        one_at_a_time = _read_cells(text, n)
    except InputError:
        assert plain is None
    else:
        assert plain is None or plain == one_at_a_time


def test_tatham_ids_as_written_are_read_at_once() -> None:
    import json

    from aspuzzle.puzzles.futoshiki.tatham import _read_cells, _read_plain
    from tests.conftest import ROOT

    for stem in ("futoshiki-9x9dx", "futoshiki-12x12dx"):
        for line in (ROOT / "benchmarks" / "data" / f"{stem}.jsonl").read_text().splitlines():
            params, _, cells = json.loads(line)["id"].partition(":")
            n = int(params.split("d")[0])
            assert _read_plain(cells, n) == _read_cells(cells, n)
            assert _read_plain(cells.rstrip(","), n) == _read_cells(cells, n)
