"""Where the logic-grid generator takes its categories and values from: the bundled vocabulary
(``vocabulary.json``) or a file of the user's own (``aspuzzle generate logicgrid --categories
FILE``).

A categories file lists one category per line, written as in the ``categories:`` section of the
logic-grid language (:mod:`aspuzzle.puzzles.logicgrid.language`)::

    # my categories: the first one is the key
    Day: 1..7
    Guest: Ann, Bruno, Chiara, Dev, Emeka, Fleur, Goran, Hana
    Dish: soup, salad, risotto, curry, stew, pie, tart, flan
    Size: tiny < small < medium < large < huge

* ``1..7`` (a range) or ``1990, 1995, 2000`` (numbers): ordered, distances are differences;
* ``a, b, c``: names without order; ``a < b < c``: names in this order (before / after /
  apart clues are made on ordered categories);
* quotes, escapes and comments (``#``) as in the language; blank lines are skipped, and so are
  the language's ``title:`` and ``categories:`` lines, so the categories of a ``.logic`` file
  can be used as they are (reading stops at ``clues:``).

The **first** category is the key: a puzzle of K categories of N values always has it (its
first N values if it is ordered, otherwise N of them at random) and K-1 of the others, chosen
at random, N values each (drawn at random, in the order listed). Categories may list different
numbers of values: a category with fewer than N values is left out of puzzles of N values.

The same vocabulary may be given as JSON (a file whose first character is ``{``), the form of
the bundled one: ``{"categories": [{"name": "House", "ordered": true, "values": [1, 2, 3]},
{"name": "Pet", "values": ["cat", "dog", "parrot"]}, ...]}``.

In a :class:`~aspuzzle.generator.base.Vocabulary`, values are strings; a category whose values
are all whole numbers is numeric (and so ordered).
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib.resources import files
from pathlib import Path
from typing import Any

from aspuzzle.errors import InputError, Location
from aspuzzle.generator.base import Vocabulary
from aspuzzle.puzzles.logicgrid.language import read_category
from aspuzzle.puzzles.logicgrid.model import Category, check_category

__all__ = ["bundled", "categories_of", "load_categories", "read_categories"]

_INT = re.compile(r"-?\d+")
_SKIP = re.compile(r"\s*(title\s*:.*|categories\s*:\s*)", re.I)
_STOP = re.compile(r"\s*(clues|asp)\s*:\s*$", re.I)


@cache
def bundled() -> Vocabulary:
    """The vocabulary shipped with aspuzzle: houses 1..8 and eleven ZebraLogic-style
    characteristics of ten values each."""
    text = files(__package__).joinpath("vocabulary.json").read_text(encoding="utf-8")
    return read_categories(text, "vocabulary.json")


def load_categories(path: str | Path) -> Vocabulary:
    """Read a categories file (``--categories FILE``); InputError naming the file (and line)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else type(e).__name__
        raise InputError(f"cannot read the categories file: {reason}", source=str(p)) from None
    try:
        return read_categories(text)
    except InputError as e:
        raise e.with_source(str(p)) from None


def read_categories(text: str, source: str | None = None) -> Vocabulary:
    """A vocabulary from the text of a categories file (or its JSON form)."""
    try:
        cats = _from_json(text) if text.lstrip().startswith("{") else _from_lines(text)
        _check(cats)
    except InputError as e:
        raise (e.with_source(source) if source else e) from None
    return Vocabulary(tuple((c.name, tuple(str(v) for v in c.values)) for c in cats),
                      frozenset(c.name for c in cats if c.has_order))


def categories_of(vocabulary: Vocabulary) -> list[Category]:
    """The vocabulary's categories, with numbers as numbers again."""
    out = []
    for name, values in vocabulary.categories:
        vals: tuple[str | int, ...] = values
        if values and all(_INT.fullmatch(v) for v in values):
            vals = tuple(int(v) for v in values)
        out.append(Category(name, vals, ordered=name in vocabulary.ordered))
    return out


def _from_lines(text: str) -> list[Category]:
    cats: list[Category] = []
    for lineno, line in enumerate(text.splitlines(), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#") or _SKIP.fullmatch(line):
            continue
        if _STOP.match(line):
            break
        cats.append(_located(read_category(line, Location(lineno)), lineno, cats))
    return cats


def _located(cat: Category, lineno: int, before: list[Category]) -> Category:
    for c in before:
        if c.name == cat.name:
            raise InputError(f"category '{cat.name}' is declared twice", Location(lineno))
    return cat


def _from_json(text: str) -> list[Category]:
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as e:
        raise InputError(f"not JSON: {e.msg}", Location(e.lineno, e.colno)) from None
    items = data.get("categories") if isinstance(data, dict) else None
    if not isinstance(items, list):
        raise InputError('expected {"categories": [{"name": ..., "values": [...]}, ...]}')
    cats: list[Category] = []
    for i, item in enumerate(items, 1):
        where = f"category {i}"
        if not isinstance(item, dict) or not isinstance(item.get("name"), str) \
                or not isinstance(item.get("values"), list):
            raise InputError(f"{where}: expected {{\"name\": ..., \"values\": [...]}}")
        values = item["values"]
        if any(isinstance(v, bool) or not isinstance(v, str | int) for v in values):
            raise InputError(f"{where} ('{item['name']}'): values are strings or whole "
                             "numbers")
        cat = Category(item["name"], tuple(values), ordered=bool(item.get("ordered", False)))
        try:
            check_category(cat)
        except InputError as e:
            raise InputError(f"{where}: {e.message}") from None
        if any(c.name == cat.name for c in cats):
            raise InputError(f"{where}: category '{cat.name}' is declared twice")
        cats.append(cat)
    return cats


def _check(cats: list[Category]) -> None:
    if len(cats) < 2:
        raise InputError(f"a vocabulary needs at least two categories (found {len(cats)})")
    for c in cats:
        if len(c.values) < 2:
            raise InputError(f"category '{c.name}' has {len(c.values)} value; a logic grid "
                             "needs at least two per category")
