"""Property tests for the Tents text and seed-fact readers: round trips, and random or mutated
input gives an InputError (a clear message), never another exception."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import aspuzzle
from aspuzzle.errors import AspuzzleError
from aspuzzle.puzzles.tents import PUZZLE as TENTS
from aspuzzle.puzzles.tents import TentsInstance
from tests.conftest import mutate

SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@st.composite
def instances(draw: st.DrawFn) -> TentsInstance:
    h = draw(st.integers(1, 8))
    w = draw(st.integers(1, 8))
    cells = [(r, c) for r in range(1, h + 1) for c in range(1, w + 1)]
    trees = draw(st.sets(st.sampled_from(cells), max_size=len(cells)))
    rows = tuple(draw(st.one_of(st.none(), st.integers(0, w))) for _ in range(h))
    cols = tuple(draw(st.one_of(st.none(), st.integers(0, h))) for _ in range(w))
    return TentsInstance(h, w, frozenset(trees), rows, cols)


@SETTINGS
@given(instances(), st.sampled_from(["text", "facts"]))
def test_round_trip(inst: TentsInstance, fmt: str) -> None:
    write = TENTS.formats[fmt].write
    assert write is not None
    text = write(inst, None)
    back = aspuzzle.loads(text, type="tents", fmt=fmt).instance
    if fmt == "facts":
        # facts cannot say "no clue" for a trailing line beyond the trees; the size is in #const
        assert back == inst
    else:
        assert back == inst


def _mutate(text: str, data: st.DataObject) -> str:
    return mutate(text, data, "0123456789.TAx?- \n()#,%:-=tree")


@SETTINGS
@given(instances(), st.sampled_from(["text", "facts"]), st.data())
def test_mutated_input_gives_input_error_or_a_valid_instance(
        inst: TentsInstance, fmt: str, data: st.DataObject) -> None:
    write = TENTS.formats[fmt].write
    assert write is not None
    text = _mutate(write(inst, None), data)
    try:
        loaded = aspuzzle.loads(text, type="tents", fmt=fmt)
    except AspuzzleError as e:
        assert str(e) and "\n" not in str(e)
        return
    TENTS.validate(loaded.instance)  # what loads must be a valid instance


@SETTINGS
@given(st.text(max_size=200), st.sampled_from(["text", "facts"]))
def test_random_text_gives_input_error(text: str, fmt: str) -> None:
    try:
        aspuzzle.loads(text, type="tents", fmt=fmt)
    except AspuzzleError as e:
        assert "\n" not in str(e)
