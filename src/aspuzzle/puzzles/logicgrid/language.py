"""The logic-grid language (``.logic``): categories, clues in a small controlled language, and
raw ASP for anything else. Reader and writer.

::

    # Boys in the Hood (Puzzler Media, Logic Problems No. 429)
    title: Boys in the Hood

    categories:
      episode: 1..5
      victim: Friar Tuck, Little John, Maid Marian, Much, Will Scarlet
      location: inn, dungeon, lodge, gaol, stocks
      disguise: abbot, phantom horseman, Prince John, shepherd, washerwoman

    clues:
      1. Prince John is the dungeon; the dungeon is immediately after Little John
      2. Friar Tuck is the inn
      ...

    asp:
      % optional raw ASP over assign(Entity, Category, Value), to the end of the file

Sections, in this order: an optional ``title:`` line, ``categories:``, ``clues:`` (optional)
and ``asp:`` (optional, always last). ``#`` starts a comment (outside quotes) except in the
``asp:`` section, which is passed to clingo verbatim.

Categories: ``name: values``. The first category is the key: one entity per value.

* ``episode: 1..5`` -- a numeric range; numbers are ordered, and a distance between numbers
  is their difference (``year: 1990, 1995, 2000``: 1990 is exactly 5 before 1995);
* ``victim: Friar Tuck, Little John`` -- names, no order;
* ``size: small < medium < large`` -- names in order (distances count steps).

Clues: one per line, ``N.`` (or ``N)``) then one or more parts separated by ``;`` (a line
ending in ``;`` continues on the next). Without a number a clue takes the previous number + 1;
a number may repeat to give a clue's parts on several lines. A part is one of::

    X is Y                       X is not Y              X is neither Y nor Z
    X is before Y [on C]         X is after Y [on C]     (also: earlier than, later than)
    X is [exactly] K before Y    X is K after Y          X is immediately before/after Y
    X is next to Y [on C]        X is adjacent to Y      X and Y are adjacent [on C]
    X and Y are [exactly] K apart [on C]                 X is K apart from Y [on C]
    X is either Y or Z [or ...]  (exactly one holds)     X is one of Y, Z[,] or W (at least one)

``was``/``are``/``were`` may replace ``is``. ``on C`` names the ordered category, needed only
when there is more than one. X, Y ... are values, written as declared (``Little John``), in
any case if unambiguous, optionally after ``the`` (``the inn``), or in double quotes
(``"Is Not"``, with ``\\"`` and ``\\\\`` escapes) when they contain a keyword or a separator.
A value found in two categories is ambiguous: write its category first (``episode 3``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Generic, NamedTuple, TypeVar

from aspuzzle.errors import InputError, Location
from aspuzzle.formats.asp_text import code_spans, unsafe_char
from aspuzzle.puzzles.logicgrid.model import (
    MAX_NUMBER,
    MAX_VALUES,
    Apart,
    Before,
    Category,
    Clue,
    LogicGridInstance,
    LogicGridSolution,
    NotSame,
    OneOf,
    Ref,
    Same,
    Value,
    check_category,
    check_clue,
)

__all__ = ["detect", "parse_part", "read", "write"]

SECTIONS = ("categories", "clues", "asp")
KEYWORDS = frozenset((
    "is", "was", "are", "were", "not", "isn't", "wasn't", "and", "or", "nor", "either",
    "neither", "one", "of", "before", "after", "earlier", "later", "than", "immediately",
    "just", "right", "exactly", "apart", "from", "adjacent", "next", "to", "beside", "on",
    "in", "the",
))
"""Words the clue patterns are made of: the writer quotes any value containing one."""
CLUE_SEPARATORS = ",;"
DECL_SEPARATORS = ",<"
MAX_CLUE_TOKENS = 60
"""Words in one part of a clue: readings are tried by splitting, so keep parts short."""


# --- tokens ---------------------------------------------------------------------------------

class Token(NamedTuple):
    text: str
    quoted: bool = False
    sep: bool = False
    """A separator (',' ';' '<' where they separate)."""
    start: int = 0
    end: int = 0

    @property
    def bare(self) -> str:
        """The lower-case text of an unquoted word ("" for quoted tokens and separators)."""
        return "" if self.quoted or self.sep else self.text.lower()


def tokenize(s: str, where: Location, separators: str = CLUE_SEPARATORS) -> list[Token]:
    """Words, double-quoted strings and one-character separators; ``#`` ends the line."""
    out: list[Token] = []
    i, n = 0, len(s)
    while i < n:
        ch = s[i]
        if ch.isspace():
            i += 1
        elif ch == "#":
            break
        elif ch in separators:
            out.append(Token(ch, False, True, i, i + 1))
            i += 1
        elif ch == '"':
            j, buf = i + 1, []
            while j < n and s[j] != '"':
                if s[j] == "\\" and j + 1 < n and s[j + 1] in '"\\':
                    j += 1
                buf.append(s[j])
                j += 1
            if j >= n:
                raise InputError("unterminated quote", where._replace(column=_col(where, i)))
            out.append(Token("".join(buf), True, False, i, j + 1))
            i = j + 1
        else:
            j = i
            while j < n and not s[j].isspace() and s[j] not in separators and s[j] not in '"#':
                j += 1
            out.append(Token(s[i:j], False, False, i, j))
            i = j
    return out


def _col(where: Location, i: int) -> int:
    return (where.column or 1) + i


def quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _find_unquoted(s: str, ch: str) -> int:
    """The index of the first ``ch`` outside double quotes, or -1."""
    in_q, i = False, 0
    while i < len(s):
        if s[i] == "\\" and in_q:
            i += 2
            continue
        if s[i] == '"':
            in_q = not in_q
        elif s[i] == ch and not in_q:
            return i
        i += 1
    return -1


def _scan_comment_free(s: str) -> str:
    """The text before an unquoted ``#``."""
    i = _find_unquoted(s, "#")
    return s if i < 0 else s[:i]


# --- names ----------------------------------------------------------------------------------

_INT = re.compile(r"-?[0-9]+")


class UnknownName(InputError):
    """A name that is no value (the suggestion is worked out only for the error reported)."""

    def __init__(self, message: str, where: Location | None = None, source: str | None = None,
                 toks: tuple[Token, ...] = ()) -> None:
        super().__init__(message, where, source)
        self.toks = toks


class Names:
    """Resolves the names written in clues to category values (or categories)."""

    def __init__(self, categories: Sequence[Category]) -> None:
        self.categories = tuple(categories)
        self.ordered = [c.name for c in categories if c.has_order]
        self._cats = _Index([(c.name, c) for c in categories])
        self._all = _Index([(str(v), Ref(c.name, v)) for c in categories for v in c.values])
        self._each = {c.name: _Index([(str(v), Ref(c.name, v)) for v in c.values])
                      for c in categories}
        self._cache: dict[tuple[Token, ...], list[Ref]] = {}

    @staticmethod
    def _literal(toks: Sequence[Token]) -> tuple[str, bool] | None:
        """The text the tokens spell, and whether it must match exactly (quoted)."""
        if len(toks) == 1 and toks[0].quoted:
            return toks[0].text, True
        if any(t.quoted or t.sep for t in toks):
            return None
        return " ".join(t.text for t in toks), False

    def category(self, toks: Sequence[Token]) -> list[Category]:
        lit = self._literal(toks)
        if lit is None:
            if len(toks) > 1 and toks[0].bare == "the":
                return self.category(toks[1:])
            return []
        found = self._cats.pick(*lit)
        if not found and len(toks) > 1 and toks[0].bare == "the":
            return self.category(toks[1:])
        return found

    def _values(self, index: _Index[Ref], toks: Sequence[Token]) -> list[Ref]:
        lit = self._literal(toks)
        return [] if lit is None else index.pick(*lit)

    def resolve(self, toks: Sequence[Token]) -> list[Ref]:
        """Every value the tokens can mean: a value alone, or a category then a value."""
        key = tuple(toks)
        if key not in self._cache:
            found = self._values(self._all, toks)
            for i in range(1, len(toks)):
                for c in self.category(toks[:i]):
                    found += self._values(self._each[c.name], toks[i:])
            if not found and len(toks) > 1 and toks[0].bare == "the":
                found = self.resolve(toks[1:])
            self._cache[key] = list(dict.fromkeys(found))
        return self._cache[key]

    def ref(self, toks: Sequence[Token]) -> Ref:
        """The one value the tokens name; InputError if none or several."""
        refs = self.resolve(toks)
        text = _show(toks)
        if len(refs) == 1:
            return refs[0]
        if not refs:
            raise UnknownName(f"unknown name '{text}'", toks=tuple(toks))
        options = " or ".join(f"'{r.category} {r.value}'" for r in refs)
        raise InputError(f"'{text}' is ambiguous: {options} (write the category first)")

    def hint(self, err: UnknownName) -> InputError:
        """The error with a suggestion: a close value, or a misspelt keyword."""
        import difflib  # (only for a puzzle with an error: ~1 ms of every logic-grid start)

        known = [str(v) for c in self.categories for v in c.values]
        close = difflib.get_close_matches(_show(err.toks), known, n=1)
        if close:
            return InputError(f"{err.message} (did you mean '{close[0]}'?)")
        for t in err.toks:
            kw = difflib.get_close_matches(t.bare, KEYWORDS, n=1, cutoff=0.75)
            if t.bare and t.bare not in KEYWORDS and kw:
                return InputError(f"{err.message} (did you mean '{kw[0]}' instead of "
                                  f"'{t.text}'?)")
        return InputError(err.message)

    def on(self, toks: Sequence[Token] | None) -> str:
        """The ordered category a before/after/apart clue is about."""
        if toks is None:
            if len(self.ordered) == 1:
                return self.ordered[0]
            if not self.ordered:
                raise InputError("no category has an order (declare one as a range like "
                                 "1..5, or names separated by '<')")
            raise InputError("say which order: add 'on " + "' or 'on ".join(self.ordered)
                             + "'")
        cats = self.category(toks)
        if len(cats) != 1:
            raise InputError(f"unknown category '{_show(toks)}'")
        return cats[0].name


T = TypeVar("T")


class _Index(Generic[T]):
    """Objects by name: exact, and failing that (unless quoted) in any case."""

    def __init__(self, items: Sequence[tuple[str, T]]) -> None:
        self.exact: dict[str, list[T]] = {}
        self.folded: dict[str, list[T]] = {}
        for name, obj in items:
            self.exact.setdefault(name, []).append(obj)
            self.folded.setdefault(name.casefold(), []).append(obj)

    def pick(self, text: str, exact: bool) -> list[T]:
        hits = self.exact.get(text, [])
        if hits or exact:
            return list(hits)
        return list(self.folded.get(text.casefold(), []))


def _show(toks: Sequence[Token], limit: int = 60) -> str:
    text = " ".join(quote(t.text) if t.quoted else t.text for t in toks)
    return text if len(text) <= limit else text[:limit - 3] + "..."


# --- clue patterns --------------------------------------------------------------------------

# A pattern is a list of elements: ("kw", alternatives), ("name" | "cat" | "list", slot),
# ("num", slot) or ("opt", [elements]). Names take one or more tokens; the keywords around
# them say where they end. Patterns are tried in this order; the first one under which every
# name resolves wins (so "X is not Y" is a negation even if "not Y" were a value).
El = tuple[object, ...]


def _kw(*alts: str) -> El:
    return ("kw", tuple(tuple(a.split()) for a in alts))


IS = _kw("is", "was")
ARE = _kw("are", "were")
ON = ("opt", [_kw("on", "in"), ("cat", "on")])
EXACTLY = ("opt", [_kw("exactly")])
BEFORE = _kw("before", "earlier than")
AFTER = _kw("after", "later than")
X, Y = ("name", "x"), ("name", "y")

PATTERNS: list[tuple[str, list[El]]] = [
    ("before_k", [X, IS, EXACTLY, ("num", "k"), BEFORE, Y, ON]),
    ("after_k", [X, IS, EXACTLY, ("num", "k"), AFTER, Y, ON]),
    ("before_1", [X, IS, _kw("immediately", "just", "right"), BEFORE, Y, ON]),
    ("after_1", [X, IS, _kw("immediately", "just", "right"), AFTER, Y, ON]),
    ("before", [X, IS, BEFORE, Y, ON]),
    ("after", [X, IS, AFTER, Y, ON]),
    ("apart_k", [X, _kw("and"), Y, ARE, EXACTLY, ("num", "k"), _kw("apart"), ON]),
    ("apart_k", [X, IS, EXACTLY, ("num", "k"), _kw("apart from"), Y, ON]),
    ("apart_1", [X, _kw("and"), Y, ARE, _kw("adjacent", "next to each other"), ON]),
    ("apart_1", [X, IS, _kw("next to", "adjacent to", "beside"), Y, ON]),
    ("either", [X, IS, _kw("either"), ("list", "opts")]),
    ("one_of", [X, IS, _kw("one of"), ("list", "opts")]),
    ("neither", [X, IS, _kw("neither"), Y, _kw("nor"), ("name", "z")]),
    ("not", [X, _kw("is not", "isn't", "was not", "wasn't"), Y]),
    ("same", [X, IS, Y]),
]

Binding = dict[str, tuple[int, int]]


def _match(pattern: Sequence[El], toks: Sequence[Token], i: int,
           binds: Binding) -> Iterator[Binding]:
    if not pattern:
        if i == len(toks):
            yield binds
        return
    el, rest = pattern[0], pattern[1:]
    kind = el[0]
    if kind == "kw":
        for words in el[1]:  # type: ignore[attr-defined]
            k = len(words)
            if tuple(t.bare for t in toks[i:i + k]) == words:
                yield from _match(rest, toks, i + k, binds)
    elif kind == "num":
        if i < len(toks) and toks[i].bare.isdigit():
            yield from _match(rest, toks, i + 1, {**binds, str(el[1]): (i, i + 1)})
    elif kind == "opt":
        yield from _match([*el[1], *rest], toks, i, binds)  # type: ignore[misc]
        yield from _match(rest, toks, i, binds)
    else:
        # a name ends before the next keyword at the earliest; try every end
        for j in range(i + 1, len(toks) + 1):
            yield from _match(rest, toks, j, {**binds, str(el[1]): (i, j)})


def _split_list(toks: Sequence[Token]) -> list[list[Token]]:
    """``Y, Z or W`` -> [[Y], [Z], [W]] (separators: ',' and 'or')."""
    items: list[list[Token]] = [[]]
    for t in toks:
        if (t.text == "," and t.sep) or t.bare == "or":
            if items[-1]:
                items.append([])
            elif len(items) > 1 and t.bare == "or":  # ", or"
                continue
            else:
                raise InputError("an option is missing in the list")
        else:
            items[-1].append(t)
    if not items[-1]:
        raise InputError("the list of options ends with a separator")
    return items


def _build(kind: str, toks: Sequence[Token], b: Binding, names: Names, number: int,
           text: str) -> list[Clue]:
    def part(slot: str) -> list[Token]:
        i, j = b[slot]
        return list(toks[i:j])

    x = names.ref(part("x"))
    if kind in ("either", "one_of"):
        opts = tuple(names.ref(item) for item in _split_list(part("opts")))
        return [OneOf(number, text, a=x, options=opts, exclusive=kind == "either")]
    y = names.ref(part("y"))
    if kind == "same":
        return [Same(number, text, a=x, b=y)]
    if kind == "not":
        return [NotSame(number, text, a=x, b=y)]
    if kind == "neither":
        z = names.ref(part("z"))
        return [NotSame(number, text, a=x, b=y), NotSame(number, text, a=x, b=z)]
    on = names.on(part("on") if "on" in b else None)
    k = None
    if "k" in b:
        digits = toks[b["k"][0]].text
        if len(digits) > 10:
            raise InputError(f"distance {digits} is out of range")
        k = int(digits)
    if kind.endswith("_1"):
        k = 1
    if kind.startswith("apart"):
        return [Apart(number, text, a=x, b=y, on=on, distance=k if k is not None else 1)]
    if kind.startswith("before"):
        return [Before(number, text, a=x, b=y, on=on, distance=k)]
    return [Before(number, text, a=y, b=x, on=on, distance=k)]


def _failures(toks: Sequence[Token], b: Binding, names: Names) -> int:
    """How many names of a reading do not resolve (to report the likeliest error)."""
    n = 0
    for slot, (i, j) in b.items():
        part = toks[i:j]
        if slot == "on":
            n += len(names.category(part)) != 1
        elif slot == "opts":
            try:
                n += sum(len(names.resolve(item)) != 1 for item in _split_list(part))
            except InputError:
                n += 1
        elif slot != "k":
            n += len(names.resolve(part)) != 1
    return n


EXPECTED = ("expected a sentence such as 'X is Y', 'X is not Y', 'X is before Y', "
            "'X is 2 after Y', 'X and Y are adjacent', 'X is either Y or Z', "
            "'X is one of Y, Z'")


def parse_tokens(toks: Sequence[Token], names: Names, number: int, text: str) -> list[Clue]:
    """The clue(s) one part states. InputError (without a location) if it cannot be read."""
    if not toks:
        raise InputError("empty clue")
    if len(toks) > MAX_CLUE_TOKENS:
        raise InputError(f"clue is too long (more than {MAX_CLUE_TOKENS} words)")
    best: tuple[int, InputError] | None = None
    for kind, pattern in PATTERNS:
        found: list[list[Clue]] = []
        for b in _match(pattern, toks, 0, {}):
            try:
                clues = _build(kind, toks, b, names, number, text)
            except InputError as e:
                failed = _failures(toks, b, names)
                if best is None or failed < best[0]:
                    best = (failed, e)
                continue
            if clues not in found:
                found.append(clues)
        if len(found) == 1:
            return found[0]
        if len(found) > 1:
            raise InputError("the clue can be read in more than one way; put the names in "
                             "double quotes")
    if best is not None:
        raise names.hint(best[1]) if isinstance(best[1], UnknownName) else best[1]
    raise InputError(f"cannot read '{_show(toks)}': {EXPECTED}")


def parse_part(text: str, names: Names, number: int) -> list[Clue]:
    """The clue(s) of one part's text, e.g. ``"Much is after the abbot"``."""
    toks = tokenize(text, Location())
    if toks and not toks[-1].quoted and toks[-1].text.endswith("."):
        last = toks[-1].text[:-1]
        toks = toks[:-1] + ([Token(last, False, False, toks[-1].start, toks[-1].end - 1)]
                            if last else [])
    if any(t.text == ";" and t.sep for t in toks):
        raise InputError("unexpected ';'")
    return parse_tokens(toks, names, number, text.strip())


# --- the file -------------------------------------------------------------------------------

_RANGE = re.compile(r"\s*(-?[0-9]+)\s*\.\.\s*(-?[0-9]+)\s*")
_NUMBER = re.compile(r"\s*([0-9]+)\s*[.):]\s+|\s*([0-9]+)\s*[.):]?\s*$")
_SECTION = re.compile(r"\s*(categories|clues|asp)\s*:\s*", re.I)
_TITLE = re.compile(r"\s*title\s*:(.*)", re.I)


_PASTED_CATEGORY = re.compile(r"""(?x) [^\W\d][^:0-9"]{0,40} : \s*
    (?: -?\d+ \s*\.\.\s* -?\d+ | [^,<]+ (?: [,<] [^,<]+ ){1,} ) \s*""")
"""A category written as a puzzle is pasted without a ``categories:`` line: a name (no
digits), a colon and a range or two or more values."""
_CLUES_LINE = re.compile(r"(?i)\s*clues\s*:?\s*")


def _section(line: str) -> str | None:
    m = _SECTION.fullmatch(_scan_comment_free(line))
    return m.group(1).lower() if m else None


def _number(text: str, where: Location) -> int:
    if len(text) > 12 or abs(int(text)) > MAX_NUMBER:
        raise InputError(f"number {text} is out of range", where)
    return int(text)


def _value(toks: Sequence[Token], where: Location) -> Value:
    if not toks:
        raise InputError("empty value", where)
    if len(toks) == 1 and toks[0].quoted:
        return toks[0].text
    if any(t.quoted for t in toks):
        raise InputError("write a value either wholly in double quotes or without them", where)
    text = " ".join(t.text for t in toks)
    if _INT.fullmatch(text):
        return _number(text, where)
    return text


def read_category(line: str, where: Location) -> Category:
    """``name: values`` -> Category (values: ``a..b``, ``x, y, z`` or ``x < y < z``)."""
    body = _scan_comment_free(line)
    colon = _unquoted_colon(body)
    if colon < 0:
        raise InputError("expected 'name: values' (a category)", where)
    head = tokenize(body[:colon], where, separators="")
    if not head:
        raise InputError("a category needs a name before ':'", where)
    name = _value(head, where)
    if not isinstance(name, str):
        name = str(name)
    spec = body[colon + 1:]
    m = _RANGE.fullmatch(spec)
    if m:
        lo, hi = (_number(g, where) for g in m.groups())
        if hi < lo:
            raise InputError(f"empty range {lo}..{hi} in category '{name}'", where)
        if hi - lo + 1 > MAX_VALUES:
            raise InputError(f"category '{name}' has {hi - lo + 1} values (at most "
                             f"{MAX_VALUES})", where)
        return Category(name, tuple(range(lo, hi + 1)), ordered=True)
    toks = _thousands(tokenize(spec, where._replace(column=colon + 2),
                               separators=DECL_SEPARATORS))
    if not toks:
        raise InputError(f"category '{name}' has no values", where)
    seps = {t.text for t in toks if t.sep}
    if len(seps) > 1:
        raise InputError(f"category '{name}': separate values either by ',' or by '<' "
                         "(in order), not both", where)
    values: list[Value] = []
    current: list[Token] = []
    for t in [*toks, Token(",", sep=True)]:
        if t.sep:
            values.append(_value(current, where))
            current = []
        else:
            current.append(t)
    ordered = "<" in seps
    numeric = all(isinstance(v, int) for v in values)
    if ordered and numeric and values != sorted(values):
        raise InputError(f"category '{name}': numbers are ordered by value; list them "
                         "in increasing order", where)
    scale = () if numeric else _scale(tuple(values))
    if ordered and scale and list(scale) != sorted(scale):
        raise InputError(f"category '{name}': its values are quantities, ordered by their "
                         "amounts; list them in increasing order", where)
    cat = Category(name, tuple(values), ordered=ordered or numeric, scale=scale)
    try:
        check_category(cat)
    except InputError as e:
        raise InputError(e.message, where) from None
    return cat


_MONEY_HEAD = re.compile(r"\$\d{1,3}")
_THOUSANDS_TAIL = re.compile(r"\d{3}(?!\d)")


def _thousands(toks: list[Token]) -> list[Token]:
    """``$25,000``: a comma between the digits of an amount of money, with no space around
    it, is a thousands separator, not a separator of values."""
    out: list[Token] = []
    i = 0
    while i < len(toks):
        t = toks[i]
        while (i + 2 < len(toks) and not t.quoted and toks[i + 1].sep
               and toks[i + 1].text == "," and _MONEY_HEAD.match(t.text)
               and t.text[-1].isdigit() and toks[i + 1].start == t.end
               and toks[i + 2].start == toks[i + 1].end and not toks[i + 2].quoted
               and _THOUSANDS_TAIL.match(toks[i + 2].text)):
            nxt = toks[i + 2]
            t = Token(t.text + "," + nxt.text, False, False, t.start, nxt.end)
            i += 2
        out.append(t)
        i += 1
    return out


def _scale(values: tuple[Value, ...]) -> tuple[int, ...]:
    from aspuzzle.puzzles.logicgrid.units import infer

    found = infer(values)
    return () if found is None else found.positions


def _unquoted_colon(s: str) -> int:
    return _find_unquoted(s, ":")


_FORBIDDEN_ASP = re.compile(r"#\s*(script|include|program|minimi[sz]e|maximi[sz]e)\b")


def _asp_directives(raw: str, first_line: int) -> None:
    """Refuse directives that would run code, read files, hide rules from grounding, or
    optimise (the answers of a logic grid are all its answer sets, not the best ones): in the
    code, as clingo reads it (not in strings and comments)."""
    for start, end in code_spans(raw):
        m = _FORBIDDEN_ASP.search(raw, start, end)
        weak = raw.find(":~", start, end)
        if m is None and weak < 0:
            continue
        if m is not None and (weak < 0 or m.start() < weak):
            where, what = m.start(), f"#{m.group(1)}"
        else:
            where, what = weak, "weak constraints (:~)"
        line = Location(first_line + raw.count("\n", 0, where))
        raise InputError(f"raw ASP may not use {what}", line)


def read(text: str) -> LogicGridInstance:
    """Parse the logic-grid language. Raises InputError naming the line (and clue)."""
    lines = text.splitlines()
    title = ""
    section = "header"
    categories: list[tuple[Category, int]] = []
    clue_lines: list[tuple[int, str]] = []
    raw_start = 0
    pasted = not any(_section(line) == "categories" for line in lines)
    listed = _value_lines(lines) if pasted else None
    if listed is not None:
        # the categories as lists of values, one line each, under a line of their names
        head, value_lines, after = listed
        for k, (lineno, line) in enumerate(value_lines):
            name = head[k] if head else f"category {k + 1}"
            categories.append((read_category(f"{quote(name)}: {line}", Location(lineno)),
                               lineno))
        section = "clues"
        lines_from = after
    else:
        lines_from = 0
    for lineno, line in enumerate(lines, 1):
        if lineno <= lines_from:
            continue
        where = Location(lineno)
        sec = _section(line)
        if sec is not None:
            if section == "pasted":
                section = "categories"
            order = ["header", *SECTIONS]
            if order.index(sec) <= order.index(section):
                raise InputError(f"section '{sec}:' is out of place (the order is "
                                 "categories:, clues:, asp:)", where)
            if sec == "clues" and not categories:
                raise InputError("'clues:' comes before any category", where)
            section = sec
            if sec == "asp":
                raw_start = lineno + 1
                break
            continue
        body = _scan_comment_free(line).strip()
        if not body:
            continue
        if section == "header" and pasted and _TITLE.fullmatch(body) is None \
                and _PASTED_CATEGORY.fullmatch(body):
            section = "pasted"  # "one line per category", as a puzzle is pasted
        if section == "pasted" and not _PASTED_CATEGORY.fullmatch(body):
            section = "clues"
            if _CLUES_LINE.fullmatch(body):
                continue
        if section == "header":
            m = _TITLE.fullmatch(body)
            if m is None:
                raise InputError("expected 'title: ...' or 'categories:'", where)
            title = m.group(1).strip()
        elif section in ("categories", "pasted"):
            categories.append((read_category(line, where), lineno))
        else:
            clue_lines.append((lineno, line))
    if not categories:
        raise InputError("no categories (declare them after a line 'categories:')")
    cats = _check_categories(categories)
    names = Names(cats)
    inst = LogicGridInstance(cats, (), title=title)
    pending: list[tuple[int, str, tuple[tuple[Clue, ...], ...], Location]] = []
    clues = _read_clues(clue_lines, names, inst, pending)
    notes: tuple[str, ...] = ()
    if pending:
        clues, notes = _choose(inst, clues, pending)
    raw = ""
    if raw_start:
        block = lines[raw_start - 1:]
        while block and not block[0].strip():
            block, raw_start = block[1:], raw_start + 1
        while block and not block[-1].strip():
            block = block[:-1]
        raw = "\n".join(block)
        bad = unsafe_char(raw)
        if bad is not None:
            at, column, why = bad
            raise InputError(f"raw ASP: {why}", Location(raw_start + at - 1, column))
        _asp_directives(raw, raw_start)
    return LogicGridInstance(cats, tuple(clues), raw, title=title,
                             raw_asp_line=raw_start if raw else 0, notes=notes)


def _value_lines(lines: Sequence[str]) -> tuple[list[str], list[tuple[int, str]], int] | None:
    """A puzzle pasted as a line of category names, then one line of values per category
    (``wines, prices, names`` / ``chianti, port, riesling`` / ``$24, $25, $26`` ...), then
    the clues: (the names, the value lines with their numbers, the last line of the block).
    None when the text does not start so."""
    body = [(n, _scan_comment_free(x).strip()) for n, x in enumerate(lines, 1)]
    body = [(n, b) for n, b in body if b]
    if len(body) < 3 or any(":" in b for _, b in body[:1]) or _TITLE.fullmatch(body[0][1]):
        return None

    def items(b: str) -> list[str]:
        return [x.strip() for x in b.split(",")]

    def listy(b: str) -> bool:
        xs = items(b)
        return len(xs) >= 2 and all(x and len(x.split()) <= 4 for x in xs) \
            and not _NUMBER.match(b) and not b.rstrip().endswith(".")

    head = items(body[0][1])
    if not listy(body[0][1]):
        return None
    rest = body[1:]
    value_lines: list[tuple[int, str]] = []
    for n, b in rest:
        if not listy(b) or (value_lines and len(items(b)) != len(items(value_lines[0][1]))):
            break
        value_lines.append((n, b))
    if len(value_lines) == len(head) >= 2 and len(items(value_lines[0][1])) >= 2:
        return head, value_lines, value_lines[-1][0]
    return None


def _choose(inst: LogicGridInstance, clues: list[Clue],
            pending: list[tuple[int, str, tuple[tuple[Clue, ...], ...], Location]]
            ) -> tuple[list[Clue], tuple[str, ...]]:
    """The clues with the reading of each ambiguous English clue the solver chose."""
    from aspuzzle.puzzles.logicgrid import english as en

    known = inst._replace(clues=tuple(c for c in clues if not isinstance(c, _Placeholder)))
    chosen, notes = en.choose(known, [en.Pending(*p) for p in pending])
    out: list[Clue] = []
    for c in clues:
        out += chosen[c.number] if isinstance(c, _Placeholder) else [c]
    return out, notes


def _n_values(n: int) -> str:
    return f"{n} value" if n == 1 else f"{n} values"


def _check_categories(categories: list[tuple[Category, int]]) -> tuple[Category, ...]:
    seen: dict[str, int] = {}
    first, first_line = categories[0]
    for c, lineno in categories:
        if c.name in seen:
            raise InputError(f"category '{c.name}' is already declared on line {seen[c.name]}",
                             Location(lineno))
        seen[c.name] = lineno
        if len(c.values) != len(first.values):
            raise InputError(f"category '{c.name}' has {_n_values(len(c.values))} but "
                             f"'{first.name}' (line {first_line}) has {len(first.values)}: "
                             "every category needs the same number", Location(lineno))
    if len(categories) < 2:
        raise InputError("a logic grid needs at least two categories", Location(first_line))
    return tuple(c for c, _ in categories)


def _read_clues(clue_lines: list[tuple[int, str]], names: Names, inst: LogicGridInstance,
                pending: list[tuple[int, str, tuple[tuple[Clue, ...], ...], Location]]
                ) -> list[Clue]:
    """The clues of the lines; an English clue with several readings is added to
    ``pending`` (number, text, readings) and stands as a :class:`_Placeholder`."""
    clues: list[Clue] = []
    number = 0
    cont: tuple[int, str] | None = None
    english: list[object] = []
    for lineno, line in [*clue_lines, (0, "")]:
        if cont is not None:
            lineno, line = cont[0], cont[1] + " " + line.strip()
            cont = None
        if not line.strip():
            continue
        if _scan_comment_free(line).rstrip().endswith(";"):
            cont = (lineno, _scan_comment_free(line).rstrip())
            continue
        m = _NUMBER.match(line) or re.match(r"\s*[-*]\s+", line)
        if m and m.lastindex:
            number = _number(m.group(1) or m.group(2), Location(lineno))
            if number < 1:
                raise InputError("clue numbers start at 1", Location(lineno))
        else:
            number += 1
        offset = m.end() if m else 0
        line = line[offset:]
        where = Location(lineno, clue=number)
        toks = tokenize(line, Location(lineno, offset + 1, clue=number))
        parts: list[list[Token]] = [[]]
        for t in toks:
            if t.text == ";" and not t.quoted:
                parts.append([])
            else:
                parts[-1].append(t)
        parts = [p for p in parts if p]
        if not parts:
            raise InputError("clue has no text", where)
        new_clues: list[Clue] = []
        try:
            for p in parts:
                text = line[p[0].start:p[-1].end]
                try:
                    new = parse_part(text, names, number)
                except InputError as e:
                    raise _NotLanguage(e.message, where) from None
                try:
                    for c in new:
                        check_clue(inst, c, where)
                except InputError as e:
                    raise InputError(e.message, where) from None
                new_clues += new
        except _NotLanguage as e:
            # not the clue language: an English sentence as printed (issue 29)?
            readings = _english(english, _scan_comment_free(line), names, number, inst, e)
            if len(readings) > 1:
                pending.append((number, " ".join(_scan_comment_free(line).split()),
                                tuple(readings), where))
                new_clues = [_Placeholder(number)]
            else:
                new_clues = list(readings[0])
        clues += new_clues
    return clues


class _NotLanguage(InputError):
    """A clue the clue language cannot read (it may be English)."""


class _Placeholder(Clue):
    """Where the reading of an ambiguous English clue goes, once chosen."""

    __slots__ = ()


def _english(lexicon: list[object], text: str, names: Names, number: int,
             inst: LogicGridInstance, error: InputError) -> list[tuple[Clue, ...]]:
    """The readings of an English clue. When it is not English either, the error is the
    clue language's if the clue is written in its words (its names and keywords, a name
    misspelt), else the English reader's (the words not understood)."""
    from aspuzzle.puzzles.logicgrid import english as en

    if not lexicon:
        lexicon.append(en.Lexicon(names.categories))
    lex = lexicon[0]
    assert isinstance(lex, en.Lexicon)
    msg = error.message
    generic = msg.startswith("cannot read '")
    unknown = msg.startswith("unknown name '")
    other = en.has_other_words(text, lex)
    if (not generic and not unknown and not other) or msg.startswith("unknown category '"):
        # written in the clue language's words, with another mistake: its error stands
        raise InputError(msg, error.where) from None
    try:
        return en.read_sentence(text, lex, number, inst)
    except InputError as e:
        name = msg[len("unknown name '"):msg.rfind("'", 0, msg.find(" (did you") % len(msg)
                                                   if " (did you" in msg else len(msg))]
        long_unknown = unknown and len(name.split()) > 2
        if not other or (not generic and not long_unknown and not en.has_reserved(text, lex)):
            raise InputError(msg, error.where) from None
        raise InputError(e.message, error.where) from None


def detect(text: str) -> bool:
    """A ``categories:`` line, or (pasted) two category lines in a row, then a clue."""
    raw = text.splitlines()[:200]
    lines = [b for b in (_scan_comment_free(x).strip() for x in raw) if b]
    if any(_section(line) == "categories" for line in lines):
        return True
    if _value_lines(raw) is not None:
        return True
    run = 0
    for b in lines:
        if _TITLE.fullmatch(b) and run == 0:
            continue
        if _PASTED_CATEGORY.fullmatch(b):
            run += 1
            continue
        return run >= 2
    return False


# --- writer ---------------------------------------------------------------------------------

class _Writer:
    def __init__(self, inst: LogicGridInstance) -> None:
        self.inst = inst
        self.names = Names(inst.categories)
        self.quote_all = False
        """Write every name in quotes, category first (the form that cannot be misread)."""

    def category_name(self, name: str) -> str:
        toks = _try_tokens(name)
        if not self.quote_all and toks is not None and not name.endswith(".") \
                and not any(t.bare in KEYWORDS for t in toks) \
                and [c.name for c in self.names.category(toks)] == [name]:
            return name
        return quote(name)

    def decl_value(self, v: Value, cat: Category) -> str:
        if isinstance(v, int):
            return str(v)
        toks = _try_tokens(v, separators=DECL_SEPARATORS)
        if toks is not None and not _INT.fullmatch(v):
            try:
                if _value(toks, Location()) == v:
                    return v
            except InputError:
                pass
        return quote(v)

    def declaration(self, c: Category) -> str:
        vals = c.values
        if c.numeric and len(vals) > 1 and list(vals) == list(range(int(vals[0]),
                                                                    int(vals[-1]) + 1)):
            spec = f"{vals[0]}..{vals[-1]}"
        elif c.numeric and len(vals) == 1:
            spec = str(vals[0])
        else:
            sep = " < " if c.ordered and not c.numeric else ", "
            spec = sep.join(self.decl_value(v, c) for v in vals)
        head = self.category_name(c.name)
        if ":" in head and not head.startswith('"'):
            head = quote(c.name)
        line = f"{head}: {spec}"
        if self._reads_category(line, c):
            return line
        sep = " < " if c.ordered and not c.numeric else ", "
        return f"{quote(c.name)}: " + sep.join(
            str(v) if isinstance(v, int) else quote(v) for v in vals)

    @staticmethod
    def _reads_category(line: str, c: Category) -> bool:
        try:
            return read_category(line, Location()) == c._replace(
                ordered=c.ordered or c.numeric)
        except InputError:
            return False

    def ref(self, r: Ref) -> str:
        """The shortest way to write the value that reads back as exactly this value."""
        v = str(r.value)
        if self.quote_all:
            return f"{quote(r.category)} {quote(v)}"
        forms = []
        toks = _try_tokens(v)
        if toks is not None and not any(t.bare in KEYWORDS for t in toks) \
                and not v.endswith("."):
            forms.append(v)
        forms.append(quote(v))
        cat = self.category_name(r.category)
        forms += [f"{cat} {f}" for f in forms]
        for f in forms:
            try:
                got = tokenize(f, Location())
            except InputError:
                continue
            if self.names.resolve(got) == [r]:
                return f
        return f"{quote(r.category)} {quote(v)}"

    def on(self, clue: Before | Apart) -> str:
        if self.names.ordered == [clue.on] and not self.quote_all:
            return ""
        return " on " + self.category_name(clue.on)

    def clue(self, c: Clue) -> str:
        text = self._clue(c)
        if not self._reads_as(text, [c]):
            self.quote_all = True
            try:
                text = self._clue(c)
            finally:
                self.quote_all = False
        return text

    def _clue(self, c: Clue) -> str:
        if isinstance(c, Same):
            return f"{self.ref(c.a)} is {self.ref(c.b)}"
        if isinstance(c, NotSame):
            return f"{self.ref(c.a)} is not {self.ref(c.b)}"
        if isinstance(c, Before):
            k = "" if c.distance is None else f"exactly {c.distance} "
            return f"{self.ref(c.a)} is {k}before {self.ref(c.b)}{self.on(c)}"
        if isinstance(c, Apart):
            if c.distance == 1:
                return f"{self.ref(c.a)} is next to {self.ref(c.b)}{self.on(c)}"
            return (f"{self.ref(c.a)} and {self.ref(c.b)} are exactly {c.distance} apart"
                    f"{self.on(c)}")
        if isinstance(c, OneOf):
            opts = [self.ref(o) for o in c.options]
            if c.exclusive:
                return f"{self.ref(c.a)} is either " + " or ".join(opts)
            return f"{self.ref(c.a)} is one of " + ", ".join(opts)
        raise InputError(f"the logic-grid language cannot write a {type(c).__name__} clue",
                         Location(clue=c.number))

    def parts(self, clues: Sequence[Clue]) -> tuple[list[str], list[str]]:
        """The texts of clues that share a number: the source text when it reads back, else
        the canonical text, with the source text (e.g. ZebraLogic's English) as a comment."""
        out: list[str] = []
        notes: list[str] = []
        i = 0
        while i < len(clues):
            text = clues[i].text
            j = i + 1
            while j < len(clues) and clues[j].text == text:
                j += 1
            if text and not any(ch in text for ch in "#;\n\r") \
                    and self._reads_as(text, clues[i:j]):
                out.append(text)
            else:
                j = i + 1
                out.append(self.clue(clues[i]))
                note = " ".join(text.split())
                if note and note not in notes:
                    notes.append(note)
            i = j
        return out, notes

    def _reads_as(self, text: str, clues: Sequence[Clue]) -> bool:
        try:
            return parse_part(text, self.names, clues[0].number) == list(clues)
        except InputError:
            return False


def _try_tokens(s: str, separators: str = CLUE_SEPARATORS) -> list[Token] | None:
    """The bare-word tokens of s, or None if s does not read back as those words."""
    try:
        toks = tokenize(s, Location(), separators)
    except InputError:
        return None
    if not toks or any(t.quoted or t.sep for t in toks) or " ".join(t.text for t in toks) != s:
        return None
    return toks


def write(inst: LogicGridInstance, sol: LogicGridSolution | None = None) -> str:
    """The instance in the logic-grid language (the solution is not written)."""
    w = _Writer(inst)
    out: list[str] = []
    if inst.title:
        out += [f"title: {' '.join(inst.title.split())}", ""]
    out.append("categories:")
    out += ["  " + w.declaration(c) for c in inst.categories]
    if inst.clues:
        out += ["", "clues:"]
        groups: list[list[Clue]] = []
        for c in inst.clues:
            if groups and groups[-1][0].number == c.number:
                groups[-1].append(c)
            else:
                groups.append([c])
        for g in groups:
            texts, notes = w.parts(g)
            out += [f"  # {note}" for note in notes]
            out.append(f"  {g[0].number}. " + "; ".join(texts))
    if inst.raw_asp.strip():
        out += ["", "asp:", inst.raw_asp]
    return "\n".join(out) + "\n"


def clue_text(inst: LogicGridInstance, clue: Clue) -> str:
    """One clue in the language's own words (its template), as ``write`` would put it."""
    return _Writer(inst).clue(clue)
