"""Values with units (issue 29): quantities are ordered and have distances."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from aspuzzle.errors import InputError
from aspuzzle.puzzles.logicgrid import language
from aspuzzle.puzzles.logicgrid.units import infer, quantity


@pytest.mark.parametrize(("text", "kind", "unit", "amount"), [
    ("$4.99", "money", "dollar", Fraction(499, 100)),
    ("$1100/month", "money", "dollar", Fraction(1100)),
    ("9:00am", "time", "minute", Fraction(540)),
    ("2:30 pm", "time", "minute", Fraction(870)),
    ("12:15 am", "time", "minute", Fraction(15)),
    ("noon", "time", "minute", Fraction(720)),
    ("June 4th", "date", "day", Fraction(31 + 29 + 31 + 30 + 31 + 4)),
    ("January 1", "date", "day", Fraction(1)),
    ("25 liters", "number", "liter", Fraction(25)),
    ("11%", "number", "percent", Fraction(11)),
    ("#128", "number", "number", Fraction(128)),
    ("78 million years", "number", "year", Fraction(78_000_000)),
    ("9-year-old", "number", "year", Fraction(9)),
    ("first", "ordinal", "place", Fraction(1)),
    ("seventh", "ordinal", "place", Fraction(7)),
    ("3rd", "ordinal", "place", Fraction(3)),
    ("March", "month", "month", Fraction(3)),
    ("Friday", "weekday", "day", Fraction(5)),
])
def test_quantities(text: str, kind: str, unit: str, amount: Fraction) -> None:
    q = quantity(text)
    assert q is not None
    assert (q.kind, q.unit, q.amount) == (kind, unit, amount)


@pytest.mark.parametrize("text", ["Friar Tuck", "the inn", "June 31st", "13:00 pm", "3th",
                                  "#12 boats", "$", "Mayor"])
def test_names_are_not_quantities(text: str) -> None:
    assert quantity(text) is None


def test_scale_of_mixed_cents_and_dollars() -> None:
    s = infer(("$4.99", "$5", "$6.50"))
    assert s is not None and s.positions == (499, 500, 650) and s.per_unit == 100


def test_mixed_kinds_or_equal_amounts_are_names() -> None:
    assert infer(("$4", "5 liters")) is None
    assert infer(("$5", "$5.00")) is None
    assert infer(("Ann", "$5")) is None


def test_a_category_of_prices_is_ordered_with_distances() -> None:
    inst = language.read("categories:\n  person: Ann, Bo, Cy\n  price: $5.99, $4.99, $6.99\n"
                         "clues:\n  Ann is exactly 100 after Bo on price\n")
    price = inst.categories[1]
    assert price.has_order and price.positions() == {"$5.99": 599, "$4.99": 499, "$6.99": 699}
    # written out and read back: the same puzzle
    assert language.read(language.write(inst)) == inst


def test_months_and_ordinals_in_order() -> None:
    with pytest.raises(InputError, match="in increasing order"):
        language.read("categories:\n  who: A, B, C\n  place: second < first < third\n")
    inst = language.read("categories:\n  who: A, B, C\n  month: March, January, May\n")
    assert inst.categories[1].positions() == {"March": 3, "January": 1, "May": 5}


@given(st.text(max_size=30))
def test_quantity_never_crashes(text: str) -> None:
    quantity(text)
