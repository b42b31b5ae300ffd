"""Clues in English as puzzle books and sites print them (issue 29), read into the clue
language's clues (:mod:`aspuzzle.puzzles.logicgrid.model`): solving, ``explain``, ``diagnose``
and ``convert`` see only those.

The reader is a grammar (:data:`GRAMMAR`, parsed by lark's Earley parser, every parse kept)
over a lexicon made from the puzzle itself: its values (in any case, quantities by their
amount: ``$6.99``, ``6.99 dollars``; ``the 30 liter pack`` for ``30 liters``), its category
names (singular and plural) and a fixed list of function words (``not``, ``than``, ``more``,
``either`` ...). Any other word may stand in a verb phrase or a description (``the one who got
the iced tea``), never in place of a function word: a sentence whose structure the grammar does
not cover is refused, naming the words not understood, rather than guessed at. Every parse is
built into clues; parses that name no value, or name two values of one category as one thing,
are dropped; when different readings remain (a comparison that may be on either of two numeric
categories, a word that is a value of two categories) the solver keeps the one reading under
which the puzzle has exactly one solution, and says so in a note (as for ZebraLogic,
:mod:`aspuzzle.puzzles.logicgrid.readings`).

The forms read are listed in ``docs/english-logic-grids.md``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from functools import cache, lru_cache
from itertools import pairwise, product
from typing import TYPE_CHECKING, Any, NamedTuple

from aspuzzle.errors import InputError, Location
from aspuzzle.puzzles.logicgrid.model import (
    Before,
    Category,
    Clue,
    LogicGridInstance,
    NotSame,
    OneOf,
    Ref,
    Same,
    check_clue,
)
from aspuzzle.puzzles.logicgrid.units import (
    _MULTIPLIERS,
    ORDINALS,
    Scale,
    amount_units,
    infer,
    quantity,
    singular,
)

if TYPE_CHECKING:
    import lark

__all__ = ["Lexicon", "Pending", "choose", "read_sentence"]

MAX_WORDS = 60
MAX_TREES = 256
MAX_READINGS = 16

# --- words ----------------------------------------------------------------------------------

_NUMBER_WORDS = {w: i for i, w in enumerate(
    ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
     "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
     "eighteen", "nineteen", "twenty"))}
_NUMBER_WORDS.pop("one")  # a keyword of its own ("one of", "the one who", "one dollar")

MORE = {"more": "", "greater": "", "higher": "", "larger": "", "bigger": "", "longer": "long",
        "older": "old", "taller": "tall", "heavier": "heavy", "later": "time",
        "pricier": "money", "costlier": "money", "farther": "far", "further": "far",
        "wider": "wide", "deeper": "deep",
        "louder": "", "warmer": "", "hotter": "", "brighter": "", "richer": "",
        "further away": "far", "farther away": "far"}
LESS = {"less": "", "fewer": "", "lower": "", "smaller": "", "shorter": "short",
        "younger": "old", "earlier": "time", "lighter": "heavy", "cheaper": "money",
        "sooner": "time", "narrower": "wide", "shallower": "deep",
        "quieter": "", "softer": "", "colder": "", "cooler": "", "dimmer": "", "poorer": "",
        "closer": "far", "nearer": "far"}
SUPERLATIVE_MAX = {"oldest": "old", "highest": "", "largest": "", "biggest": "",
                   "longest": "long", "tallest": "tall", "heaviest": "heavy", "latest": "time",
                   "last": "time", "greatest": "", "most": "", "priciest": "money",
                   "farthest": "far", "furthest": "far", "deepest": "deep", "widest": "wide",
                   "newest": "time", "most recent": "time"}
SUPERLATIVE_MIN = {"youngest": "old", "lowest": "", "smallest": "", "shortest": "short",
                   "lightest": "heavy", "earliest": "time", "first": "time", "least": "",
                   "fewest": "", "cheapest": "money", "narrowest": "wide",
                   "shallowest": "deep"}

_HINTS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # hint: (unit kinds / units that fit, words of category names that fit)
    "money": (("money",), ("price", "cost", "fee", "salary", "budget", "rent", "amount",
                           "dollar", "prize", "bid", "value", "spent", "paid", "wage")),
    "time": (("time", "date", "month", "weekday", "ordinal", "order", "position", "place"),
             ("time", "date", "day", "month", "year", "order", "episode", "week", "hour",
              "place", "position", "round", "turn", "start", "finish", "arrival", "departure",
              "slot", "appointment", "birthday", "deadline")),
    "old": (("year",), ("age", "old", "year", "born", "birth")),
    "long": (("foot", "meter", "metre", "inch", "mile", "kilometer", "yard", "minute", "day",
              "hour", "week", "month", "year", "page", "centimeter", "mm", "cm", "km"),
             ("length", "duration", "distance", "long", "time", "size", "page", "height")),
    "short": (("foot", "meter", "metre", "inch", "mile", "kilometer", "yard", "minute", "day",
               "hour", "week", "month", "year", "page", "centimeter", "cm", "km"),
              ("length", "duration", "distance", "height", "tall", "long", "time", "size")),
    "tall": (("foot", "meter", "metre", "inch", "centimeter", "cm", "story", "storey"),
             ("height", "tall")),
    "heavy": (("pound", "kilogram", "kg", "lb", "gram", "ounce", "ton", "tonne"),
              ("weight", "heavy", "mass")),
    "far": (("mile", "kilometer", "km", "meter", "metre", "foot", "yard"),
            ("distance", "far", "mile")),
    "wide": (("foot", "meter", "metre", "inch", "centimeter"), ("width", "wide")),
    "deep": (("foot", "meter", "metre", "inch", "fathom"), ("depth", "deep")),
}
_VERB_HINTS = {"paid": "money", "pay": "money", "pays": "money", "cost": "money",
               "costs": "money", "spent": "money", "spend": "money", "priced": "money",
               "earned": "money", "earns": "money", "sold": "money", "charged": "money",
               "charges": "money", "bid": "money", "won": "", "left": "time",
               "arrived": "time", "departed": "time", "started": "time", "began": "time",
               "finished": "time", "appeared": "time", "came": "time", "went": "time",
               "born": "time", "happened": "time", "performed": "time", "opened": "time",
               "opening": "time", "scheduled": "time", "occurred": "time",
               "ended": "time", "leaves": "time", "arrives": "time", "starts": "time",
               "expensive": "money", "costly": "money", "pricey": "money", "cheap": "money",
               "old": "old", "tall": "tall", "heavy": "heavy",
               "long": "long", "holds": "", "weighs": "heavy", "weighed": "heavy"}
_PHRASAL_AFTER = frozenset(("look", "looks", "looked", "looking", "take", "takes", "took",
                            "taking", "name", "named", "names", "ask", "asks", "asked",
                            "looks", "see", "sees", "saw", "seeing"))
"""Verbs with which ``after`` is a particle ("looks after the lion"), not an order."""

KEYWORDS: dict[str, str] = {
    "is": "BE", "was": "BE", "are": "BE", "were": "BE", "be": "BE", "been": "BE",
    "not": "NOT", "never": "NOT", "n't": "NOT",
    "than": "THAN", "after": "AFTER", "following": "AFTER", "before": "BEFORE",
    "behind": "BEHIND", "ahead": "AHEAD", "above": "AFTER", "below": "BEFORE",
    "either": "EITHER", "or": "OR", "neither": "NEITHER", "nor": "NOR",
    "and": "AND", "but": "BUT", "of": "OF", "one": "ONE", "other": "OTHER",
    "the": "THE", "a": "A", "an": "A", "this": "THIS", "it": "THIS", "he": "THIS",
    "she": "THIS", "they": "THIS", "that person": "THIS",
    "all": "ALL", "different": "DIFFERENT", "distinct": "DIFFERENT",
    "next": "NEXT", "immediately": "IMM", "directly": "IMM", "just": "IMM",
    "right": "IMM",
    "sometime": "ADV", "somewhat": "ADV", "slightly": "ADV", "exactly": "ADV",
    "precisely": "ADV", "some time": "ADV", "a bit": "ADV", "a little": "ADV",
    "who": "WHO", "that": "WHO", "which": "WHO", "whose": "WHO",
    "in": "IN", "on": "IN", "at": "IN", "from": "IN", "with": "IN", "for": "IN", "by": "IN",
    "to": "IN",
    ",": "COMMA", ";": "SEMI", ":": "SEMI", "'s": "POSS",
}
for _w in MORE:
    KEYWORDS.setdefault(_w, "MORE")
for _w in LESS:
    KEYWORDS.setdefault(_w, "LESS")
for _w in (*SUPERLATIVE_MAX, *SUPERLATIVE_MIN):
    KEYWORDS.setdefault(_w, "SUP")

RESERVED = frozenset((
    # words whose meaning the grammar does not cover, and which must not be read as part of
    # a verb or a description (a sentence with one is refused)
    "between", "beside", "besides", "adjacent", "neighbor", "neighbour", "neighbors",
    "neighbours", "next-door", "opposite", "across", "facing", "near", "nearest",
    "far", "except", "only", "both", "same", "twice", "half", "double", "triple", "times",
    "no", "nobody", "none", "nothing", "nor", "any", "anyone", "every", "each", "if",
    "unless", "whereas", "while", "instead", "rather", "another", "others", "either",
    "without", "unlike", "neither", "least", "most", "lower", "previous", "preceding",
    "prior", "ago", "faster", "slower", "quicker", "quickly", "until", "since", "within",
    "among", "whom", "whether", "also", "too", "as", "than", "more", "less", "wasn", "isn",
    "didn", "doesn", "don", "hasn", "haven", "hadn", "aren", "weren", "couldn",
    "shouldn", "wouldn", "cannot", "nor", "total", "combined", "sum", "difference",
    "respectively", "together", "alone", "themselves", "himself", "herself", "someone",
    "somebody", "anybody", "everyone", "everybody", "last",
))
"""Words refused wherever the grammar does not use them: a sentence with one of them is not
read as a plain "X verb Y" (the keywords among them, ``than``, ``more`` ..., are looked up
first). ``left`` is a verb ("left 1 day after") except in "the left" and "left of"."""

_CONTRACTIONS = {"isn't": ("is", "n't"), "wasn't": ("was", "n't"), "aren't": ("are", "n't"),
                 "weren't": ("were", "n't"), "didn't": ("did", "n't"),
                 "doesn't": ("does", "n't"), "don't": ("do", "n't"), "hasn't": ("has", "n't"),
                 "haven't": ("have", "n't"), "hadn't": ("had", "n't"),
                 "won't": ("will", "n't"), "can't": ("can", "n't"), "cannot": ("can", "n't"),
                 "couldn't": ("could", "n't"), "wouldn't": ("would", "n't"),
                 "shouldn't": ("should", "n't")}

_RAW = re.compile(r"""
  (?P<money>\$\s?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:\s?(?:k|thousand|million|billion)\b)?(?:/[a-z]+)?)
| (?P<clock>\d{1,2}(?::\d\d)?\s?(?:a\.m\.|p\.m\.|am\b|pm\b|a\.m|p\.m)|\d{1,2}:\d\d)
| (?P<num>\#?(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?(?:st\b|nd\b|rd\b|th\b|%)?)
| (?P<word>[^\W\d_](?:[\w]|['’](?=[^\W\d_]))*['’]?)
| (?P<poss>['’]s\b)
| (?P<punct>[,;:])
""", re.X | re.I)
_STOP = re.compile(r"""[.!?]["”’)]*\s+(?=["“‘(]*[A-Z0-9$])""")
_ABBREVIATIONS = frozenset(("mr", "mrs", "ms", "dr", "st", "mt", "jr", "sr", "vs", "no", "ft",
                            "lt", "sgt", "capt", "col", "gen", "prof", "rev", "ave", "rd"))
_SKIP = re.compile(r"""[\s"“”‘’\-–—.!?()\[\]]+|'(?![a-z])""", re.I)


class Word(NamedTuple):
    text: str
    """As written (for messages and for quantities)."""
    low: str
    start: int
    end: int


def words(text: str) -> list[Word]:
    """The words of a sentence: quotes, hyphens and full stops dropped, possessive ``'s`` and
    ``n't`` split off, amounts of money and clock times kept whole."""
    out: list[Word] = []
    i, n = 0, len(text)
    while i < n:
        m = _STOP.match(text, i)
        if m and out and out[-1].low not in _ABBREVIATIONS and len(out[-1].low) > 1:
            out.append(Word(";", ";", i, i + 1))  # a full stop inside a clue: "X is Y. Z is W."
            i = m.end()
            continue
        m = _SKIP.match(text, i)
        if m and m.end() > i:
            i = m.end()
            continue
        m = _RAW.match(text, i)
        if m is None:
            raise InputError(f"cannot read the character {text[i]!r}")
        w = m.group(0).replace("’", "'")
        low = w.lower()
        j = m.end()
        if m.lastgroup == "poss":
            out.append(Word("'s", "'s", i, j))
        elif m.lastgroup == "word":
            if low in _CONTRACTIONS:
                a, b = _CONTRACTIONS[low]
                out += [Word(w[:len(a)] if low != "cannot" else "can", a, i, j),
                        Word("n't", b, i, j)]
            elif low.endswith("'s") and len(low) > 2:
                out += [Word(w[:-2], low[:-2], i, j - 2), Word("'s", "'s", j - 2, j)]
            elif low.endswith("s'") and len(low) > 2:
                out += [Word(w[:-1], low[:-1], i, j - 1), Word("'s", "'s", j - 1, j)]
            else:
                w = w.rstrip("'")
                out.append(Word(w, w.lower(), i, i + len(w)))
        else:
            out.append(Word(w, low, i, j))
        i = j
    return out


# --- the lexicon of one puzzle --------------------------------------------------------------

class Tok(NamedTuple):
    kind: str
    text: str
    start: int
    end: int
    refs: tuple[Ref, ...] = ()
    num: Fraction | None = None
    """The amount a number, amount or quantity value spells."""
    unit: str = ""
    """Of an amount of money (``$3``): dollar."""
    cats: tuple[str, ...] = ()
    """Of a category noun: the categories it names."""


class Lexicon:
    """The names of one puzzle's values and categories, as words."""

    def __init__(self, categories: Sequence[Category]) -> None:
        self.categories = tuple(categories)
        self.by_name = {c.name: c for c in categories}
        self.scales: dict[str, Scale] = {}
        for c in categories:
            if c.scale:
                s = infer(c.values)
                if s is not None:
                    self.scales[c.name] = s
        self.names: dict[tuple[str, ...], list[Ref]] = {}
        self.quantities: dict[tuple[str, str, Fraction], list[Ref]] = {}
        self.numbers: dict[int, list[Ref]] = {}
        plurals: list[tuple[tuple[str, ...], Ref]] = []
        for c in categories:
            for v in c.values:
                r = Ref(c.name, v)
                if isinstance(v, int):
                    self.numbers.setdefault(v, []).append(r)
                    continue
                q = quantity(v)
                if q is not None and c.name in self.scales:
                    self.quantities.setdefault((q.kind, unit_key(q.unit), q.amount),
                                               []).append(r)
                try:
                    key = tuple(w.low for w in words(v))
                except InputError:
                    continue
                if key and key[0] in ("the", "a", "an") and len(key) > 1:
                    self._name(key[1:], r)
                if key:
                    self._name(key, r)
                    if q is None and key[-1].isalpha():
                        plurals.append(((*key[:-1], _plural(key[-1])), r))
        cat_words = {w for c in categories for w in c.name.lower().split()}
        cat_words |= {singular(w) for w in cat_words} | {_plural(w) for w in cat_words}
        for key, r in plurals:  # "the Gillespies" for Gillespie, "the daisies"
            if key not in self.names and key[-1] not in KEYWORDS and key[-1] not in RESERVED \
                    and not (len(key) == 1 and key[0] in cat_words):
                self._name(key, r)
        self.longest = max((len(k) for k in self.names), default=1)
        self.nouns: dict[tuple[str, ...], list[str]] = {}
        for c in categories:
            try:
                key = tuple(w.low for w in words(c.name))
            except InputError:
                continue
            if not key:
                continue
            forms = {key, (*key[:-1], singular(key[-1])), (*key[:-1], _plural(key[-1]))}
            for f in forms:
                self.nouns.setdefault(f, []).append(c.name)

    def _name(self, key: tuple[str, ...], r: Ref) -> None:
        refs = self.names.setdefault(key, [])
        if r not in refs:
            refs.append(r)

    def ordered(self) -> list[Category]:
        return [c for c in self.categories if c.has_order]

    def tokens(self, text: str) -> list[Tok]:
        ws = words(text)
        if len(ws) > MAX_WORDS:
            raise InputError(f"clue is too long (more than {MAX_WORDS} words)")
        out: list[Tok] = []
        i = 0
        while i < len(ws):
            tok, j = self._at(ws, i)
            out.append(tok)
            i = j
        return out

    def _at(self, ws: Sequence[Word], i: int) -> tuple[Tok, int]:
        # a value written as it is declared (longest first) ...
        for k in range(min(self.longest, len(ws) - i), 0, -1):
            refs = self.names.get(tuple(w.low for w in ws[i:i + k]))
            if refs:
                return self._tok("VAL", ws, i, i + k, refs=tuple(refs),
                                 num=_amount_of(ws[i:i + k])), i + k
        # ... or by its amount ("6.99 dollars", "the 30 liter pack")
        if ws[i].low[:1].isdigit() or ws[i].low[:1] in "$#" or ws[i].low in ORDINALS \
                or ws[i].low in _MONTH_WORDS:
            for k in range(min(4, len(ws) - i), 0, -1):
                q = quantity(" ".join(w.text for w in ws[i:i + k]))
                if q is None:
                    continue
                refs = self.quantities.get((q.kind, unit_key(q.unit), q.amount), [])
                if not refs and q.kind == "number" and q.unit == "" \
                        and q.amount.denominator == 1 and not ws[i].low.startswith("#"):
                    refs = self.numbers.get(int(q.amount), [])
                if not refs and q.kind == "ordinal" and k == 1 and ws[i].low != "first" \
                        and not any(sc.kind == "ordinal" for sc in self.scales.values()):
                    # "the fourth floor" where the floors are 1..4
                    refs = [r for r in self.numbers.get(int(q.amount), [])
                            if not _dated(self.by_name[r.category])]
                if refs:
                    return self._tok("VAL", ws, i, i + k, refs=tuple(refs), num=q.amount), i + k
            q = quantity(ws[i].text)
            if q is not None and q.kind == "money":
                # "$625" where the prices are printed as plain numbers (625)
                refs = self.numbers.get(int(q.amount), []) if q.amount.denominator == 1 else []
                money = [r for r in refs if not _dated(self.by_name[r.category])]
                if money and not any(s.kind == "money" for s in self.scales.values()):
                    return self._tok("VAL", ws, i, i + 1, refs=tuple(money),
                                     num=q.amount), i + 1
                return self._tok("AMT", ws, i, i + 1, num=q.amount, unit="dollar"), i + 1
            if q is not None and q.kind == "number" and q.unit in ("", "percent"):
                return self._tok("NUM", ws, i, i + 1, num=q.amount,
                                 unit="percent" if q.unit else ""), i + 1
        # a category's name
        for k in range(min(3, len(ws) - i), 0, -1):
            cats = self.nouns.get(tuple(w.low for w in ws[i:i + k]))
            if cats:
                return self._tok("NOUN", ws, i, i + k, cats=tuple(cats)), i + k
        low = ws[i].low
        if i + 1 < len(ws) and f"{low} {ws[i + 1].low}" in KEYWORDS:
            return self._tok(KEYWORDS[f"{low} {ws[i + 1].low}"], ws, i, i + 2), i + 2
        if low == "half" and i + 1 < len(ws) and ws[i + 1].low in ("hour", "an"):
            return self._tok("NUM", ws, i, i + 1, num=Fraction(1, 2)), i + 1
        if low in _NUMBER_WORDS:
            return self._tok("NUM", ws, i, i + 1, num=Fraction(_NUMBER_WORDS[low])), i + 1
        if low == "after" and i > 0 and ws[i - 1].low in _PHRASAL_AFTER:
            return self._tok("WORD", ws, i, i + 1), i + 1
        if low in KEYWORDS:
            return self._tok(KEYWORDS[low], ws, i, i + 1,
                             num=Fraction(1) if low == "one" else None), i + 1
        if low == "left" and ((i + 1 < len(ws) and ws[i + 1].low in ("of", "side", "hand"))
                              or (i > 0 and ws[i - 1].low in ("the", "far"))):
            return self._tok("RESERVED", ws, i, i + 1), i + 1
        if low in RESERVED or (low.endswith("est") and len(low) > 5 and low not in _EST_OK):
            return self._tok("RESERVED", ws, i, i + 1), i + 1
        if not low[:1].isalpha():
            return self._tok("RESERVED", ws, i, i + 1), i + 1
        return self._tok("WORD", ws, i, i + 1), i + 1

    @staticmethod
    def _tok(kind: str, ws: Sequence[Word], i: int, j: int, **kw: Any) -> Tok:
        return Tok(kind, " ".join(w.text for w in ws[i:j]), ws[i].start, ws[j - 1].end, **kw)


_MONTH_WORDS = frozenset(("january", "february", "march", "april", "may", "june", "july",
                          "august", "september", "october", "november", "december", "jan",
                          "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct",
                          "nov", "dec"))
_EST_OK = frozenset(("interest", "forest", "contest", "guest", "request", "west", "chest",
                     "honest", "modest", "harvest", "protest", "suggest", "digest", "nest",
                     "rest", "test", "quest", "crest", "invest", "arrest", "manifest",
                     "everest", "budapest", "bucharest", "earnest", "dearest", "priest",
                     "tempest", "conquest", "inquest", "midwest", "southwest", "northwest",
                     "contestant", "best"))


_UNIT_SYNONYMS = {"ft": "foot", "feet": "foot", "inches": "inch", "lb": "pound", "lbs": "pound",
                  "kg": "kilogram", "kgs": "kilogram", "kilo": "kilogram", "km": "kilometer",
                  "kilometre": "kilometer", "m": "meter", "metre": "meter", "mi": "mile",
                  "oz": "ounce", "yd": "yard", "sec": "second", "secs": "second",
                  "hr": "hour", "hrs": "hour", "mins": "minute", "cm": "centimeter",
                  "centimetre": "centimeter", "mm": "millimeter", "millimetre": "millimeter",
                  "g": "gram", "gm": "gram", "l": "liter", "litre": "liter", "ml": "milliliter",
                  "millilitre": "milliliter", "mph": "mile per hour", "yr": "year",
                  "yrs": "year", "pt": "point", "pts": "point"}


def base_unit(unit: str) -> str:
    return amount_units(unit)[0] if unit else ""


def unit_key(unit: str) -> str:
    """A unit as compared: ``feet``, ``ft`` and ``foot`` are one."""
    words = unit.lower().split()
    if not words:
        return ""
    last = singular(words[-1])
    last = _UNIT_SYNONYMS.get(words[-1], _UNIT_SYNONYMS.get(last, last))
    return " ".join([*words[:-1], last])


def _dated(c: Category) -> bool:
    """Calendar years (1901, 2016): never a price."""
    return c.numeric and all(1000 <= int(v) <= 2200 for v in c.values)


def _plural(w: str) -> str:
    if w.endswith("y") and len(w) > 2 and w[-2] not in "aeiou":
        return w[:-1] + "ies"
    if w.endswith(("s", "x", "z", "ch", "sh")):
        return w + "es"
    if w == "person":
        return "people"
    return w + "s"


def _amount_of(ws: Sequence[Word]) -> Fraction | None:
    q = quantity(" ".join(w.text for w in ws))
    return q.amount if q is not None else None


# --- the grammar ----------------------------------------------------------------------------

KINDS = ("VAL", "NUM", "AMT", "NOUN", "WORD", "RESERVED", *sorted(set(KEYWORDS.values())))

MERGED = frozenset(("WORD", "NOUN", "BE", "THE", "A", "IN", "WHO", "ADV"))
"""Kinds of words that only describe or join (verbs, nouns, articles, prepositions): a run of
them is one ``FILL`` token to the grammar, so that where a verb ends and a description begins
(``ordered | the one who got the`` or ``ordered the one who got | the``) is no ambiguity to
parse; the builder still sees every word of the run."""

GRAMMAR = r"""
start: clause (sep tail)*
sep: COMMA | SEMI | COMMA? AND | COMMA? BUT | SEMI AND | SEMI BUT
tail: clause
    | pred                                            -> tail_pred
    | THIS pred                                       -> tail_pred

clause: mention pred                                  -> c_simple
      | mention COMMA pred COMMA pred                 -> c_relative
      | NEITHER mention NOR mention pred              -> c_neither
      | EITHER mention OR mention pred                -> c_either
      | OF mention AND mention COMMA? ONE pred COMMA? AND FILL OTHER pred  -> c_of_pair
      | mlist FILL ALL? DIFFERENT FILL?               -> c_all_different
      | FILL? (NUM | ONE) FILL mlist                  -> c_all_listed

mlist: mention (COMMA mention)* COMMA? AND mention

pred: FILL (core | sup)                               -> p_same
    | FILL? NOT mention                               -> p_not
    | FILL? NEITHER mention NOR mention               -> p_neither
    | FILL? NOT FILL? EITHER mention OR mention       -> p_neither
    | FILL? NOT mention (COMMA? OR mention)+          -> p_none
    | FILL? EITHER mention (COMMA? OR mention)+       -> p_either
    | FILL? ONE OF mention (COMMA mention)* COMMA? OR mention   -> p_one_of
    | FILL core (COMMA mention)* COMMA? OR mention    -> p_or
    | FILL? amount cmp FILL? THAN mention             -> p_cmp_amount
    | FILL? amount order mention                      -> p_order_amount
    | FILL? cmp FILL? THAN mention                    -> p_cmp
    | FILL? order mention                             -> p_order
    | FILL? IMM order mention                         -> p_next
    | FILL? NEXT FILL? AFTER mention                  -> p_next

amount: (NUM | ONE | VAL) FILL?
      | AMT
cmp: MORE | LESS
order: AFTER | BEFORE | BEHIND | AHEAD OF

mention: pre? core                                    -> m_val
       | FILL? sup                                    -> m_sup
sup: SUP FILL?
pre: FILL | FILL? ONE FILL | FILL OF FILL?
core: VAL post?
post: POSS FILL?
    | FILL
    | FILL POSS FILL?
""" + "".join(f"{k}: /{k}_\\d+/\n" for k in (*sorted(set(KINDS) - MERGED), "FILL")) \
    + "%ignore \" \"\n"


@cache
def _parser() -> lark.Lark:
    import lark

    return lark.Lark(GRAMMAR, parser="earley", lexer="basic", ambiguity="explicit")


# --- building clues from a parse ------------------------------------------------------------

class Pending(NamedTuple):
    """A clue with several readings (each a tuple of clues), for :func:`choose`."""

    number: int
    text: str
    readings: tuple[tuple[Clue, ...], ...]
    where: Location | None = None


Reading = tuple[Clue, ...]
Pred = Callable[[Ref], list[Reading]]


class _Build:
    def __init__(self, lex: Lexicon, toks: Sequence[Tok], groups: Sequence[tuple[int, int]],
                 number: int, text: str) -> None:
        self.lex = lex
        self.toks = toks
        self.groups = groups
        self.in_mention: set[int] = set()
        self.number = number
        self.text = text

    def group(self, t: Any) -> list[Tok]:
        i, j = self.groups[int(str(t).rsplit("_", 1)[1])]
        return list(self.toks[i:j])

    def leaves(self, tree: Any) -> list[Tok]:
        return [w for t in tree.scan_values(lambda v: True) for w in self.group(t)]

    # mentions: their alternative values
    def mention(self, tree: Any) -> list[Ref]:
        if tree.data in ("m_sup", "sup"):
            return self.superlative(self.leaves(tree))
        toks = self.leaves(tree)
        k = next(i for i, t in enumerate(toks) if t.kind == "VAL")
        val = toks[k]
        _check_post(toks[k + 1:])
        refs = list(val.refs)
        near = [t for t in (toks[k - 1] if k else None, toks[k + 1] if k + 1 < len(toks)
                            else None) if t is not None and t.kind == "NOUN"]
        for noun in near:  # "episode 2", "the 30 liter pack" when pack is a category
            narrowed = [r for r in refs if r.category in noun.cats]
            if narrowed:
                refs = narrowed
        return refs

    def superlative(self, toks: Sequence[Tok]) -> list[Ref]:
        sup = next(t for t in toks if t.kind == "SUP")
        word = sup.text.lower()
        biggest = word in SUPERLATIVE_MAX
        hint = SUPERLATIVE_MAX.get(word, SUPERLATIVE_MIN.get(word, ""))
        nouns = [c for t in toks if t.kind == "NOUN" for c in t.cats]
        cands = self.candidates(None, hint, nouns, [*self.words_hints(toks),
                                                    *self.words_hints()])
        out = []
        for c in cands:
            pos = c.positions()
            reverse = hint == "old" and _calendar_years(c)
            pick = max if biggest != reverse else min
            out.append(Ref(c.name, pick(c.values, key=lambda v: pos[v])))
        return out

    def verb_categories(self) -> list[str]:
        """Ordered categories a verb of the sentence names: "scored" (score), "weighed"
        (weight), "rated" (rating)."""
        out = []
        for t in self.outside():
            if t.kind != "WORD":
                continue
            w = t.text.lower()
            stems = {w, w[:-1], w[:-2], w[:-2] + "e" if w.endswith("ed") else w}
            for c in self.lex.ordered():
                name = {singular(x) for x in re.findall(r"[a-z]+", c.name.lower())}
                if any(len(st) > 2 and any(n.startswith(st) for n in name) for st in stems
                       if st):
                    out.append(c.name)
        return out

    def words_hints(self, toks: Sequence[Tok] | None = None) -> list[str]:
        """The hints of the verbs (words outside the names: "the 75 million year old
        fossil costs less" is about prices, not ages)."""
        words = self.outside() if toks is None else toks
        # the nearest to the comparison first: "fossil costs less" (prices) before "old"
        return [_VERB_HINTS[t.text.lower()] for t in reversed(words)
                if t.kind in ("WORD", "NOUN") and t.text.lower() in _VERB_HINTS
                and _VERB_HINTS[t.text.lower()]]

    def outside(self) -> list[Tok]:
        return [t for t in self.toks if id(t) not in self.in_mention]

    def candidates(self, unit: str | None, hint: str, nouns: Sequence[str],
                   verb_hints: Sequence[str]) -> list[Category]:
        """The ordered categories a comparison may be on: those the unit of its amount fits,
        else all; narrowed by the comparative's hint, a category noun, then the verbs."""
        cands = self.lex.ordered()
        if unit is not None:
            fit = [c for c in cands if self.fits_unit(c, unit)]
            # numbers printed without a unit ("72, 79, 86" scores): "7 points more"
            cands = fit or [c for c in cands if c.numeric or (
                c.name in self.lex.scales and self.lex.scales[c.name].unit == "")]
        if nouns:
            cands = [c for c in cands if c.name in nouns] or cands
        for h in (hint, *verb_hints):
            if h:
                cands = self.by_hint(cands, h) or cands
        return cands

    def by_hint(self, cands: Sequence[Category], hint: str) -> list[Category]:
        kinds, names = _HINTS[hint]
        by_name, by_kind = [], []
        for c in cands:
            s = self.lex.scales.get(c.name)
            words_ = {singular(w) for w in re.findall(r"[a-z]+", c.name.lower())}
            if words_ & set(names):
                by_name.append(c)
            # a measure ("longer": feet, days), or for "time" a moment (a date, a clock
            # time, an ordinal; plain numbers and names in order: years, episodes, rounds)
            measure = s is not None and (s.kind in kinds
                                         or (s.kind == "number"
                                             and unit_key(s.unit) in kinds))
            if measure or (hint == "time" and s is None):
                by_kind.append(c)
        return by_name or by_kind

    def fits_unit(self, c: Category, unit: str) -> bool:
        s = self.lex.scales.get(c.name)
        base, _ = amount_units(unit) if unit else ("", Fraction(1))
        words_ = [singular(w) for w in re.findall(r"[a-z]+", c.name.lower())]
        if s is not None:
            return unit_key(base) == unit_key(s.unit) or unit_key(unit) == unit_key(s.unit) \
                or (not unit and s.kind in ("ordinal", "number")) \
                or (bool(unit) and singular(unit) in words_)
        if not unit:
            return True
        if base in words_ or singular(unit) in words_:
            return True
        if c.numeric and base == "year" and ("age" in words_ or _calendar_years(c)):
            return True
        return base in ("place", "step", "position", "spot", "level")

    def unit_of(self, ws: Sequence[Tok]) -> str:
        """The unit the first words after an amount name: the longest that a category
        carries ("4 light years"), else the first word."""
        for k in (3, 2):
            unit = " ".join(t.text.lower() for t in ws[:k])
            if len(ws) >= k and any(self.fits_unit(c, unit) for c in self.lex.ordered()
                                    if c.name in self.lex.scales):
                return unit
        return ws[0].text.lower()

    def distance(self, c: Category, amount: Fraction, unit: str) -> int | None:
        s = self.lex.scales.get(c.name)
        if s is not None:
            _, per = amount_units(unit) if unit else (s.unit, Fraction(1))
            if unit_key(unit) == unit_key(s.unit) or unit_key(base_unit(unit)) != unit_key(
                    s.unit):
                per = Fraction(1)  # "1 week" on weeks; a unit the values do not carry
            d = amount * per * s.per_unit
        else:
            d = amount
        return int(d) if d.denominator == 1 and d > 0 else None

    def step(self, c: Category) -> int | None:
        """The distance between neighbours ("the next episode"), when it is one number."""
        pos = sorted(c.positions().values())
        gaps = {b - a for a, b in pairwise(pos)}
        return gaps.pop() if len(gaps) == 1 else None

    # predicates: subject -> readings
    def pred(self, tree: Any) -> Pred:
        kind = tree.data
        ms = [self.mention(c) for c in tree.children if _is_mention(c)]
        toks = self.leaves(tree)
        n = self.number
        text = self.text
        if kind == "p_same":
            return lambda s: [(Same(n, text, a=s, b=o),) for o in ms[0]]
        if kind == "p_not":
            return lambda s: [(NotSame(n, text, a=s, b=o),) for o in ms[0]]
        if kind == "p_neither":
            return lambda s: [(NotSame(n, text, a=s, b=y), NotSame(n, text, a=s, b=z))
                              for y, z in product(ms[0], ms[1])]
        if kind == "p_none":  # "X is not Y or Z": neither
            return lambda s: [tuple(NotSame(n, text, a=s, b=o) for o in opts)
                              for opts in product(*ms)]
        if kind in ("p_either", "p_one_of", "p_or"):
            def one_of(s: Ref) -> list[Reading]:
                out: list[Reading] = []
                for opts in product(*ms):
                    # plain "or": exactly one when the options are of one category, else
                    # at least one (the puzzle says which when it needs it: "either")
                    exclusive = kind == "p_either" or (
                        kind == "p_or" and len({o.category for o in opts}) == 1)
                    out.append((OneOf(n, text, a=s, options=tuple(opts),
                                      exclusive=exclusive),))
                return out
            return one_of
        return self.comparison(kind, tree, toks, ms[-1])

    def comparison(self, kind: str, tree: Any, toks: Sequence[Tok], objs: list[Ref]) -> Pred:
        n, text = self.number, self.text
        amount: Fraction | None = None
        unit: str | None = None
        hint = ""
        nouns: list[str] = []
        amt = next((c for c in tree.children if getattr(c, "data", "") == "amount"), None)
        if amt is not None:
            a = self.leaves(amt)
            amount = a[0].num
            rest = list(a[1:])
            if rest and rest[0].text.lower() in _MULTIPLIERS and amount is not None:
                amount *= _MULTIPLIERS[rest[0].text.lower()]
                rest = rest[1:]
            unit = a[0].unit or (self.unit_of(rest) if rest else "")
            if a[0].kind == "VAL" and amount is not None:
                q = quantity(a[0].text)
                if q is not None and q.kind == "money":
                    unit = "dollar"
            if len(a) > 1 and a[1].kind == "NOUN":
                nouns += a[1].cats
        sign = 1
        cmp = next((t for t in toks if t.kind in ("MORE", "LESS")), None)
        order = next((t for t in toks if t.kind in ("AFTER", "BEFORE", "BEHIND", "AHEAD")),
                     None)
        if cmp is not None:
            w = cmp.text.lower()
            sign = 1 if cmp.kind == "MORE" else -1
            hint = MORE.get(w, LESS.get(w, ""))
            # the noun after the comparative: "a later episode than", "10 fewer votes than"
            i = toks.index(cmp)
            after = []
            for t in toks[i + 1:]:
                if t.kind == "THAN":
                    break
                if t.kind == "NOUN":
                    nouns += t.cats
                if t.kind in ("WORD", "NOUN"):
                    after.append(t)
            if amount is not None and not unit and after:
                unit = self.unit_of(after)
        elif order is not None:
            i = next(k for k, t in enumerate(self.toks) if t is order)
            if kind == "p_order" and i >= 2 and self.toks[i - 1].kind in ("NOUN", "WORD") \
                    and self.toks[i - 2].kind == "THE":
                kind = "p_next"  # "the episode before X": the one just before
            sign = 1 if order.kind in ("AFTER", "BEHIND") else -1
            hint = "time"
            if order.kind in ("BEHIND", "AHEAD"):
                hint = ""
        for t in toks:
            if t.kind == "NOUN" and (cmp is None or kind in ("p_next",)):
                nouns += t.cats
        for t, u in pairwise(self.toks):  # "Ida's opening was after Kai's"
            if t.kind == "POSS" and u.kind == "NOUN":
                nouns += u.cats
        nouns += self.verb_categories()
        cands = self.candidates(unit if amount is not None else None, hint, nouns,
                                self.words_hints())
        if not cands:
            what = f"'{unit}'" if unit else "this comparison"
            raise InputError(f"no category of the puzzle is measured in {what}")

        def readings(s: Ref) -> list[Reading]:
            out: list[Reading] = []
            for c in cands:
                sg = sign
                if order is not None and order.kind in ("BEHIND", "AHEAD"):
                    scale = self.lex.scales.get(c.name)
                    timeish = scale is not None and scale.kind in ("time", "date", "ordinal",
                                                                    "month", "weekday")
                    sg = sign if timeish or (not c.numeric and scale is None) else -sign
                if hint == "old" and _calendar_years(c):
                    sg = -sg
                if kind == "p_next":
                    d = self.step(c)
                    if d is None:
                        continue
                elif amount is not None:
                    d = self.distance(c, amount, unit or "")
                    if d is None:
                        continue
                else:
                    d = None
                for o in objs:
                    a, b = (o, s) if sg > 0 else (s, o)
                    out.append((Before(n, text, a=a, b=b, on=c.name, distance=d),))
            return out

        return readings

    # clauses: readings
    def clause(self, tree: Any) -> tuple[list[Ref], list[Reading]]:
        """The clause's subject (for a following clause without one) and its readings."""
        kind = tree.data
        kids = [c for c in tree.children if hasattr(c, "data")]
        ms = [self.mention(c) for c in kids if c.data.startswith("m_")]
        preds = [self.pred(c) for c in kids if c.data.startswith("p_")]
        n, text = self.number, self.text
        if kind == "c_simple":
            return ms[0], [r for s in ms[0] for r in preds[0](s)]
        if kind == "c_relative":
            if self.leaves(kids[1])[0].kind != "WHO":
                raise InputError("expected 'who' after the comma")
            return ms[0], [a + b for s in ms[0] for a in preds[0](s) for b in preds[1](s)]
        if kind == "c_neither":
            # "neither X nor Y is Z": both are not (for every predicate form)
            return [], [a + b for x, y in product(ms[0], ms[1])
                        for a in _negate(preds[0](x)) for b in _negate(preds[0](y))]
        if kind == "c_either":
            return [], self.either_subject(ms[0], ms[1], kids[-1])
        if kind == "c_of_pair":
            return [], self.of_pair(ms[0], ms[1], kids[2], kids[3])
        if kind in ("c_all_different", "c_all_listed"):
            lst = next(c for c in kids if c.data == "mlist")
            items = [self.mention(c) for c in lst.children if hasattr(c, "data")]
            out: list[Reading] = []
            for combo in product(*items):
                if len(set(combo)) != len(combo):
                    continue
                out.append(tuple(NotSame(n, text, a=a, b=b)
                                 for i, a in enumerate(combo) for b in combo[i + 1:]))
            return [], out
        raise InputError(f"unknown clause {kind}")

    def either_subject(self, xs: list[Ref], ys: list[Ref], pred: Any) -> list[Reading]:
        """"Either X or Y is Z": Z is one of X, Y (exactly one, as a same-clue)."""
        if pred.data != "p_same":
            raise InputError("'either X or Y' is read only before a verb and a name")
        zs = self.mention(next(c for c in pred.children if _is_mention(c)))
        return [(OneOf(self.number, self.text, a=z, options=(x, y), exclusive=True),)
                for x, y, z in product(xs, ys, zs)]

    def of_pair(self, xs: list[Ref], ys: list[Ref], p1: Any, p2: Any) -> list[Reading]:
        """"Of X and Y, one is A and the other is B": each of X, Y is one of A, B; X is not Y
        and A is not B."""
        if p1.data != "p_same" or p2.data != "p_same":
            raise InputError("'of X and Y, one ... and the other ...' is read only with "
                             "'is' or another verb and a name")
        n, text = self.number, self.text
        a_s = self.mention(next(c for c in p1.children if _is_mention(c)))
        b_s = self.mention(next(c for c in p2.children if _is_mention(c)))
        out: list[Reading] = []
        for x, y, a, b in product(xs, ys, a_s, b_s):
            if x == y or a == b:
                continue
            out.append((OneOf(n, text, a=x, options=(a, b), exclusive=True),
                        OneOf(n, text, a=y, options=(a, b), exclusive=True),
                        NotSame(n, text, a=x, b=y), NotSame(n, text, a=a, b=b)))
        return out

    def sentence(self, tree: Any) -> list[Reading]:
        # the words of the names and of the descriptions before them ("the one who paid
        # $6.99"), not those after a value, which may be the verb ("... fossil costs less")
        self.in_mention = set()
        for m in tree.iter_subtrees():
            if _is_mention(m):
                words = self.leaves(m)
                vals = [k for k, t in enumerate(words) if t.kind in ("VAL", "SUP")]
                end = vals[0] + 1 if vals else len(words)
                self.in_mention |= {id(t) for t in words[:end]}
        readings: list[Reading] = [()]
        subject: list[Ref] = []
        for part in tree.children:
            if not hasattr(part, "data") or part.data == "sep":
                continue
            if part.data == "clause" or part.data.startswith("c_"):
                subj, rs = self.clause(part if part.data.startswith("c_") else part.children[0])
            elif part.data == "tail":
                subj, rs = self.clause(part.children[0])
            elif part.data == "tail_pred":
                if not subject:
                    raise InputError("a part of the clue has no subject")
                p = self.pred(next(c for c in part.children if hasattr(c, "data")))
                subj, rs = subject, [r for s in subject for r in p(s)]
            else:
                raise InputError(f"unknown part {part.data}")
            if subj:
                subject = subj if not subject or part.data.startswith("c_") else subject
            readings = [a + b for a in readings for b in rs]
            if len(readings) > MAX_READINGS * 4:
                raise InputError("the clue has too many readings")
        return readings


def _check_post(post: Sequence[Tok]) -> None:
    """The words after a value in a mention: a noun (``the $625 camera``), a possessive
    (``Olga's``, ``Olga's pack``) or an apposition (``Much the miller's son``); more would
    be words whose meaning is not read (``b on y``), so such a parse is dropped."""
    kinds = [t.kind for t in post]
    noun = ("WORD", "NOUN")
    words = kinds[1:] if kinds[:1] == ["POSS"] else kinds
    if len(words) <= 3 and all(k in noun for k in words):
        return
    # "2 GB of RAM", "47 light years from earth", "7 goals this season", "wide one"
    if len(words) <= 4 and all(
            k in (*noun, "OF", "IN", "THIS", "ONE", "A", "THE", "SUP") for k in words):
        return
    if kinds and kinds[-1] in noun and "POSS" in kinds[-2:-1]:
        kinds = kinds[:-1]
    if 3 <= len(kinds) <= 4 and kinds[0] == "THE" and kinds[-1] == "POSS" \
            and all(k in noun for k in kinds[1:-1]):
        return
    raise InputError("words after a name that are not read: "
                     + " ".join(t.text for t in post))


_RELATIVES = frozenset((
    "brother", "sister", "mother", "father", "husband", "wife", "son", "daughter", "uncle",
    "aunt", "cousin", "nephew", "niece", "friend", "partner", "boss", "spouse", "sibling",
    "parent", "grandmother", "grandfather", "grandson", "granddaughter", "boyfriend",
    "girlfriend", "fiance", "fiancee", "roommate", "neighbor", "neighbour", "rival",
    "opponent", "twin", "mom", "dad", "colleague", "coworker", "teammate", "classmate"))


def _is_mention(t: Any) -> bool:
    return getattr(t, "data", "") in ("m_val", "m_sup", "core", "sup")


def _negate(readings: list[Reading]) -> list[Reading]:
    out: list[Reading] = []
    for r in readings:
        if len(r) == 1 and isinstance(r[0], Same):
            c = r[0]
            out.append((NotSame(c.number, c.text, a=c.a, b=c.b),))
        else:
            raise InputError("'neither X nor Y' is read only with 'is' or another verb and "
                             "a name")
    return out


def _calendar_years(c: Category) -> bool:
    return c.numeric and all(1000 <= int(v) <= 2200 for v in c.values)


def _sane(inst: LogicGridInstance, reading: Reading) -> bool:
    """A reading that can be meant: no value is the same as another of its category, and
    every clue is well formed (distances in range)."""
    for c in reading:
        if isinstance(c, Same) and c.a.category == c.b.category:
            return False
        if isinstance(c, OneOf) and (c.a in c.options or all(
                o.category == c.a.category for o in c.options)):
            return False
        if isinstance(c, Before) and c.a == c.b:
            return False
        try:
            check_clue(inst, c)
        except InputError:
            return False
    return True


# --- reading one clue -----------------------------------------------------------------------

def read_sentence(text: str, lex: Lexicon, number: int,
                  inst: LogicGridInstance) -> list[Reading]:
    """The readings of one English clue (usually one); InputError naming the words not
    understood when there is none."""
    import lark

    sentence = text.strip()
    toks = lex.tokens(sentence)
    if not toks:
        raise InputError("clue has no text")
    for a, b, c in zip(toks, toks[1:], toks[2:], strict=False):
        if a.kind == "VAL" and b.kind == "POSS" and c.kind == "WORD" \
                and singular(c.text) in _RELATIVES:
            # "Kim's brother" is somebody else (unless brothers are a category)
            raise InputError(f"cannot read '{_short(sentence)}': words not understood: "
                             f"'{a.text}'s {c.text}' (another person than {a.text})")
    groups = _groups(toks)
    rendered = " ".join(f"{'FILL' if _merges(toks, i) else toks[i].kind}_{g}"
                        for g, (i, _) in enumerate(groups))
    try:
        trees = _trees(rendered)
    except lark.exceptions.UnexpectedInput as e:
        raise InputError(_not_understood(sentence, toks, groups, e)) from None
    build = _Build(lex, toks, groups, number, sentence)
    found: list[Reading] = []
    last: InputError | None = None
    for tree in trees:
        try:
            rs = build.sentence(tree)
        except InputError as e:
            last = e
            continue
        for r in rs:
            r = tuple(dict.fromkeys(r))
            if r and r not in found and _sane(inst, r):
                found.append(r)
    if not found:
        if last is not None:
            raise InputError(f"cannot read '{_short(sentence)}': {last.message}")
        raise InputError(f"cannot read '{_short(sentence)}': no reading names two different "
                         "things of the puzzle")
    if len(found) > MAX_READINGS:
        raise InputError(f"cannot read '{_short(sentence)}': it has too many readings "
                         f"({len(found)})")
    return found


def has_other_words(text: str, lex: Lexicon) -> bool:
    """Has the sentence words other than the puzzle's names and the keywords?"""
    try:
        toks = lex.tokens(text)
    except InputError:
        return True
    # a category's name, unless before a value ("episode 3": the clue language's words)
    return any(t.kind in ("WORD", "RESERVED")
               or (t.kind == "NOUN" and (i + 1 == len(toks) or toks[i + 1].kind != "VAL"))
               for i, t in enumerate(toks))


def has_reserved(text: str, lex: Lexicon) -> bool:
    """Has the sentence a word the grammar refuses outside its forms (``beside`` ...)?"""
    try:
        return any(t.kind == "RESERVED" for t in lex.tokens(text))
    except InputError:
        return False


def _groups(toks: Sequence[Tok]) -> list[tuple[int, int]]:
    """The tokens the grammar sees: a run of describing words (:func:`_merges`) is one."""
    out: list[tuple[int, int]] = []
    for i in range(len(toks)):
        if out and _merges(toks, i) and _merges(toks, out[-1][0]):
            out[-1] = (out[-1][0], i + 1)
        else:
            out.append((i, i + 1))
    return out


_CLAUSE_START = ("COMMA", "SEMI", "AND", "BUT")


def _merges(toks: Sequence[Tok], i: int) -> bool:
    """Is token i a describing word (a part of a FILL run)? ``of`` but in "Of X and Y",
    "one of", "ahead of"; ``one`` but in "one of", "one ... and the other", "one dollar";
    ``this`` but at the start of a clause."""
    t = toks[i]
    prev = toks[i - 1].kind if i else ""
    nxt = toks[i + 1].kind if i + 1 < len(toks) else ""
    if t.kind in MERGED:
        return True
    if t.kind == "OF":
        return i > 0 and prev not in ("ONE", "AHEAD", *_CLAUSE_START)
    if t.kind == "ONE":
        return nxt != "OF" and prev in ("THE", "A", "WORD", "NOUN", "VAL") and nxt in (
            "BE", "WHO", "VAL", "AND", "OR", "NOR", "COMMA", "THAN", "")
    if t.kind == "SUP" and t.text.lower() in ("first", "last") and nxt == "WORD" \
            and prev not in ("THE",):
        return True  # "the peak first summited by ..."
    if t.kind == "THIS":
        return i > 0 and prev not in _CLAUSE_START
    return False


@lru_cache(maxsize=4096)
def _trees(rendered: str) -> list[Any]:
    """Every parse of a sentence's kinds of words ("VAL_0 FILL_1 NOT_2 VAL_3"): sentences
    of one shape, common in a puzzle and across puzzles, are parsed once."""
    return _unambiguous(_parser().parse(rendered))


def _unambiguous(forest: Any) -> list[Any]:
    from lark.visitors import CollapseAmbiguities

    trees: list[Any] = CollapseAmbiguities().transform(forest)
    if len(trees) > MAX_TREES:
        raise InputError(f"the clue can be parsed in too many ways ({len(trees)})")
    return trees


def _short(s: str, limit: int = 80) -> str:
    s = " ".join(s.split())
    return s if len(s) <= limit else s[:limit - 3] + "..."


def _not_understood(sentence: str, toks: Sequence[Tok], groups: Sequence[tuple[int, int]],
                    e: Any) -> str:
    """Which words the grammar stopped at: the unknown words (and the one word) before the
    place it could go no further, and that word."""
    at = len(toks)
    tok = getattr(e, "token", None)
    if tok is not None and getattr(tok, "type", "") != "$END":
        try:
            at = groups[int(str(tok).rsplit("_", 1)[1])][0]
        except (ValueError, IndexError):
            at = len(toks)
    end = min(at + 1, len(toks))
    start = at
    while start > 0 and toks[start - 1].kind in ("WORD", "RESERVED", "THE", "A", "IN",
                                                   "OF", "BE", "WHO"):
        start -= 1
    if start == end:
        start = max(0, end - 1)
    bad = list(toks[start:end])
    reserved = [t.text for t in toks if t.kind == "RESERVED"]
    if reserved:
        return (f"cannot read '{_short(sentence)}': words not understood: "
                + ", ".join(f"'{w}'" for w in dict.fromkeys(reserved)))
    if at >= len(toks) and not any(t.kind == "VAL" for t in toks[start:]):
        what = " ".join(t.text for t in bad) or sentence
        return (f"cannot read '{_short(sentence)}': words not understood: '{what}' (no name "
                "of the puzzle after them)")
    what = " ".join(t.text for t in bad)
    return f"cannot read '{_short(sentence)}': words not understood: '{what}'"


# --- choosing between readings --------------------------------------------------------------

def choose(inst: LogicGridInstance, pending: Sequence[Pending]
           ) -> tuple[dict[int, Reading], tuple[str, ...]]:
    """One reading of each clue with several: the one under which the puzzle (``inst``: the
    other clues) has exactly one solution. Notes say which; InputError names the clue when no
    reading, or several with different solutions, leave one solution."""
    import clingo

    from aspuzzle.engine import Grounded, Program, SolveConfig, Status
    from aspuzzle.puzzles.base import lp_file
    from aspuzzle.puzzles.logicgrid import PUZZLE, _clue_facts
    from aspuzzle.puzzles.logicgrid.language import clue_text

    first = pending[0].where or Location(clue=pending[0].number)
    combos = 1
    for p in pending:
        combos *= len(p.readings)
    if combos > 4096:
        raise InputError(f"too many ambiguous clues ({combos} combinations of readings)",
                         first)
    facts = list(PUZZLE.to_facts(inst))
    k = len(inst.clues)
    for g, p in enumerate(pending, 1):
        for i, reading in enumerate(p.readings, 1):
            gi = [clingo.Number(g), clingo.Number(i)]
            facts.append(clingo.Function("alt", gi))
            for clue in reading:
                k += 1
                facts.append(clingo.Function("clue", [clingo.Number(k),
                                                      clingo.Number(clue.number)]))
                facts += [clingo.Function("alt_fact", [*gi, f]) for f in _clue_facts(k, clue)]
    package = "aspuzzle.puzzles.logicgrid"
    program = Program((lp_file(package, "encoding.lp"), lp_file(package, "readings.lp")),
                      tuple(facts), (("reading", 2),))
    config = SolveConfig(timeout=60.0)
    found = Grounded(program, config).solve(0)
    if found.status is Status.TIMEOUT:
        raise InputError("the solver ran out of time choosing between readings", first)
    possible = {frozenset(a for a in ans if a.name == "reading") for ans in found.answers}
    unique = Grounded(program._replace(project=(("assign", 3),)), config)
    kept: list[tuple[tuple[int, ...], frozenset[Any]]] = []
    for choice in product(*(range(1, len(p.readings) + 1) for p in pending)):
        atoms = frozenset(clingo.Function("reading", [clingo.Number(g), clingo.Number(i)])
                          for g, i in enumerate(choice, 1))
        if atoms not in possible:
            continue
        res = unique.solve(2, assumptions=[(a, True) for a in atoms])
        if res.status is Status.UNIQUE:
            kept.append((choice, frozenset(a for a in res.answers[0] if a.name == "assign")))

    def words(reading: Reading) -> str:
        return "; ".join(clue_text(inst, c) for c in reading)

    def options(p: Pending) -> str:
        return " | ".join(f"'{words(r)}'" for r in p.readings)

    what = "; ".join(f"clue {p.number} may be read as {options(p)}" for p in pending)
    if not kept:
        raise InputError(f"{what}; the puzzle has exactly one solution under none of these "
                         "readings", first)
    if len({sol for _, sol in kept}) > 1:
        raise InputError(f"{what}; the puzzle has a different single solution under "
                         f"{len(kept)} of these readings, so the text does not say which",
                         first)
    choice = kept[0][0]
    chosen = {p.number: p.readings[i - 1] for p, i in zip(pending, choice, strict=True)}
    why = ("the only reading under which the puzzle has exactly one solution"
           if len(kept) == 1 else "every such reading gives the same single solution")
    notes = tuple(f"clue {p.number}: '{_short(p.text)}' may be read as {options(p)}; read as "
                  f"'{words(chosen[p.number])}', {why}" for p in pending)
    return chosen, notes


def english_clues(texts: Iterable[tuple[int, str]], categories: Sequence[Category]
                  ) -> list[list[Reading]]:
    """The readings of each (number, text) (for tests and ``read``)."""
    lex = Lexicon(categories)
    inst = LogicGridInstance(tuple(categories), ())
    return [read_sentence(t, lex, n, inst) for n, t in texts]
