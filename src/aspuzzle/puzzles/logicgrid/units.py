"""Values with a unit, as logic-grid puzzles print them: ``$4.99``, ``9:00am``, ``2:30 pm``,
``June 4th``, ``25 liters``, ``11%``, ``#128``, ``$1100/month``, ``78 million years``,
``first`` ... ``twentieth``, ``1st``, month and weekday names.

A category whose values all read as quantities of one kind (and unit) is ordered, and its
values stand on the order at their amounts (scaled to whole numbers: ``$4.99`` is 499 when
another value has cents), so that "1 dollar more" is a distance of 100. The English clue reader
(:mod:`aspuzzle.puzzles.logicgrid.english`) uses :class:`Scale` to turn an amount written in a
clue ("3 dollars", "30 minutes", "2 weeks") into such a distance.
"""

from __future__ import annotations

import re
from fractions import Fraction
from math import lcm
from typing import NamedTuple

__all__ = ["MONTHS", "ORDINALS", "Quantity", "Scale", "amount_units", "infer", "quantity",
           "singular"]

MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august",
          "september", "october", "november", "december")
_MONTH_ABBR = {m[:3]: i for i, m in enumerate(MONTHS, 1)} | {"sept": 9}
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
            "ninth", "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth",
            "sixteenth", "seventeenth", "eighteenth", "nineteenth", "twentieth")
_DAYS_BEFORE = (0, 31, 60, 91, 121, 152, 182, 213, 244, 274, 305, 335)  # a leap year
_MONTH_DAYS = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
_MULTIPLIERS = {"thousand": 1000, "million": 10 ** 6, "billion": 10 ** 9, "k": 1000}


class Quantity(NamedTuple):
    kind: str
    """money, time, date, month, weekday, ordinal, or number (with ``unit``)"""
    unit: str
    """The unit one whole step of ``amount`` counts: dollar, minute, day, month, place, or
    the word written after a number (singular: liter, year, percent, number)."""
    amount: Fraction


def singular(word: str) -> str:
    """A plural noun's singular, as far as units and category names need it."""
    w = word.lower()
    irregular = {"feet": "foot", "people": "person", "children": "child", "men": "man",
                 "women": "woman", "geese": "goose", "mice": "mouse", "teeth": "tooth",
                 "series": "series", "species": "species", "news": "news"}
    if w in irregular:
        return irregular[w]
    if len(w) > 4 and w.endswith("ies"):
        return w[:-3] + "y"
    if len(w) > 4 and re.search(r"(ches|shes|sses|xes|zes)$", w):
        return w[:-2]
    if len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
        return w[:-1]
    return w


_NUM = r"(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?"
_MONEY = re.compile(r"\$\s?" + _NUM + r"\s*(k|thousand|million|billion)?(?:\s*(?:/|per\s+)"
                    r"[a-z]+)?", re.I)
_MONEY_WORDS = re.compile(_NUM + r"\s+(dollars?|cents?)", re.I)
_CLOCK = re.compile(r"(\d{1,2})(?:[:.](\d\d))?\s*(a\.?m\.?|p\.?m\.?)", re.I)
_CLOCK24 = re.compile(r"(\d{1,2}):(\d\d)", re.I)
_DATE = re.compile(r"([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?", re.I)
_DATE_DM = re.compile(r"(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?([a-z]+)", re.I)
_ORDINAL_NUM = re.compile(r"(\d+)(st|nd|rd|th)", re.I)
_NUMBER = re.compile(r"(#|no\.\s*)?" + r"(-?)" + _NUM +
                     r"(?:\s*(%)|\s*[- ]?\s*(thousand|million|billion)?\s*[- ]?\s*"
                     r"([a-z][a-z.]*(?:[- ][a-z]+)*)?)", re.I)


def _decimal(whole: str, frac: str | None) -> Fraction:
    q = Fraction(int(whole.replace(",", "")))
    if frac:
        q += Fraction(int(frac), 10 ** len(frac))
    return q


def _month(word: str) -> int | None:
    w = word.lower().rstrip(".")
    if w in MONTHS:
        return MONTHS.index(w) + 1
    return _MONTH_ABBR.get(w)


def ordinal(word: str) -> int | None:
    """``first`` -> 1, ``3rd`` -> 3 (None for anything else)."""
    w = word.lower()
    if w in ORDINALS:
        return ORDINALS.index(w) + 1
    m = _ORDINAL_NUM.fullmatch(w)
    if m:
        n = int(m.group(1))
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(n % 10 if n % 100 not in (11, 12, 13) else 0,
                                                "th")
        return n if m.group(2).lower() == suffix else None
    return None


def quantity(text: str) -> Quantity | None:
    """The quantity a value's text spells, or None if it is a name."""
    s = " ".join(text.split())
    m = _MONEY.fullmatch(s)
    if m:
        q = _decimal(m.group(1), m.group(2)) * _MULTIPLIERS.get((m.group(3) or "").lower(), 1)
        return Quantity("money", "dollar", q)
    m = _MONEY_WORDS.fullmatch(s)
    if m:
        q = _decimal(m.group(1), m.group(2))
        return Quantity("money", "dollar", q / 100 if m.group(3).lower().startswith("cent")
                        else q)
    m = _CLOCK.fullmatch(s)
    if m:
        h, mi = int(m.group(1)), int(m.group(2) or 0)
        if not 1 <= h <= 12 or mi > 59:
            return None
        pm = m.group(3).lower().startswith("p")
        return Quantity("time", "minute", Fraction((h % 12 + 12 * pm) * 60 + mi))
    m = _CLOCK24.fullmatch(s)
    if m:
        h, mi = int(m.group(1)), int(m.group(2))
        if h > 23 or mi > 59:
            return None
        return Quantity("time", "minute", Fraction(h * 60 + mi))
    if s.lower() in ("noon", "midday", "12 noon", "12 midday"):
        return Quantity("time", "minute", Fraction(12 * 60))
    if s.lower() in ("midnight", "12 midnight"):
        return Quantity("time", "minute", Fraction(0))
    for rx, mi_, di in ((_DATE, 1, 2), (_DATE_DM, 2, 1)):
        m = rx.fullmatch(s)
        if m:
            month, day = _month(m.group(mi_)), int(m.group(di))
            if month is not None and 1 <= day <= _MONTH_DAYS[month - 1]:
                return Quantity("date", "day", Fraction(_DAYS_BEFORE[month - 1] + day))
    if s.lower() in MONTHS:
        return Quantity("month", "month", Fraction(MONTHS.index(s.lower()) + 1))
    if s.lower() in WEEKDAYS:
        return Quantity("weekday", "day", Fraction(WEEKDAYS.index(s.lower()) + 1))
    n = ordinal(s)
    if n is not None:
        return Quantity("ordinal", "place", Fraction(n))
    m = _NUMBER.fullmatch(s)
    if m:
        q = _decimal(m.group(3), m.group(4)) * (-1 if m.group(2) else 1)
        if m.group(1):
            return Quantity("number", "number", q) if not m.group(5) and not m.group(7) \
                else None
        if m.group(5):
            return Quantity("number", "percent", q)
        q *= _MULTIPLIERS.get((m.group(6) or "").lower(), 1)
        unit = (m.group(7) or "").lower().replace("-", " ")
        if unit in ("st", "nd", "rd", "th"):
            return None
        words = unit.split()
        if words[-2:] == ["year", "old"] or words[-3:] == ["years", "old"]:
            unit = "year"
        elif words:
            unit = " ".join([*words[:-1], singular(words[-1])])
        return Quantity("number", unit, q)
    return None


class Scale(NamedTuple):
    """The order a category's quantities make: each value's position (a whole number), and
    how many position steps one ``unit`` is."""

    kind: str
    unit: str
    per_unit: int
    positions: tuple[int, ...]


def infer(values: tuple[str | int, ...]) -> Scale | None:
    """The scale of a category's values, if they all are quantities of one kind and unit and
    no two are equal; None otherwise (names, or plain numbers: those are ordered already)."""
    if not values or all(isinstance(v, int) for v in values):
        return None
    qs = []
    for v in values:
        q = quantity(str(v))
        if q is None:
            return None
        qs.append(q)
    kinds = {(q.kind, q.unit) for q in qs}
    if len(kinds) != 1:
        return None
    kind, unit = next(iter(kinds))
    if kind == "number" and not unit and not all(isinstance(v, str) and v.startswith("#")
                                                 for v in values) \
            and not all(isinstance(v, str) and re.search(r"[.]\d|[a-z]", v, re.I)
                        for v in values):
        return None  # (numbers written with decimals or "million" are quantities)
    if len({q.amount for q in qs}) != len(qs):
        return None
    d = lcm(*(q.amount.denominator for q in qs))
    positions = tuple(int(q.amount * d) for q in qs)
    if max(abs(p) for p in positions) > 10 ** 9:
        return None
    return Scale(kind, unit, d, positions)


_UNIT_WORDS: dict[str, tuple[str, Fraction]] = {
    "dollar": ("dollar", Fraction(1)), "buck": ("dollar", Fraction(1)),
    "cent": ("dollar", Fraction(1, 100)),
    "minute": ("minute", Fraction(1)), "min": ("minute", Fraction(1)),
    "hour": ("minute", Fraction(60)),
    "day": ("day", Fraction(1)), "week": ("day", Fraction(7)),
    "month": ("month", Fraction(1)),
    "place": ("place", Fraction(1)), "spot": ("place", Fraction(1)),
    "position": ("place", Fraction(1)), "step": ("place", Fraction(1)),
    "percent": ("percent", Fraction(1)), "%": ("percent", Fraction(1)),
    "percentage point": ("percent", Fraction(1)),
}


def amount_units(word: str) -> tuple[str, Fraction]:
    """The unit an amount's word names and how many of that unit one is: ``hours`` ->
    (minute, 60), ``liters`` -> (liter, 1)."""
    w = singular(word)
    return _UNIT_WORDS.get(w, (w, Fraction(1)))
