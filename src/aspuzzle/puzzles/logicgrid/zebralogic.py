"""ZebraLogic grid-mode puzzle text (Lin et al., 2024, AllenAI ``ZebraLogicBench``).

The benchmark states each puzzle in templated English::

    There are 3 houses, numbered 1 to 3 from left to right, as seen from across the street.
    Each house is occupied by a different person. Each house has a unique attribute for each
    of the following characteristics:
     - Each person has a unique name: `Peter`, `Eric`, `Arnold`
     - People have unique favorite book genres: `fantasy`, `mystery`, `romance`
     - The people keep unique animals: `cat`, `horse`, `bird`

    ## Clues:
    1. The person who loves fantasy books is Peter.
    2. The person who keeps horses is directly left of the cat lover.
    3. There is one house between Eric and the bird keeper.

The reader turns this into a :class:`LogicGridInstance` whose first category is ``House``
(numeric, ordered, 1..N), followed by one category per characteristic line, named as in the
benchmark's published solution tables (``Name``, ``BookGenre``, ``Animal``, ...; an unknown
characteristic gets a CamelCase name made from its noun phrase).

Clue templates (the generator's, plus a few equivalent phrasings):

====================================================  ===========================================
``X is Y.``                                           ``Same(X, Y)``
``X is not Y.``                                       ``NotSame(X, Y)``
``X is in the second house.`` / ``in house 2``        ``Same(X, Ref("House", 2))``
``X is not in the second house.``                     ``NotSame(X, Ref("House", 2))``
``X is directly left of Y.``                          ``Before(X, Y, on="House", distance=1)``
``X is directly right of Y.``                         ``Before(Y, X, on="House", distance=1)``
``X is somewhere to the left of Y.``                  ``Before(X, Y, on="House")``
``X is somewhere to the right of Y.``                 ``Before(Y, X, on="House")``
``X and Y are next to each other.``                   ``Apart(X, Y, on="House", distance=1)``
``There is one house between X and Y.``               ``Apart(X, Y, on="House", distance=2)``
``There are two houses between X and Y.``             ``Apart(X, Y, on="House", distance=3)``
====================================================  ===========================================

X and Y are descriptions of one attribute value: ``Bob``, ``the Norwegian``, ``the cat lover``,
``the person who keeps horses``, ``the person whose favorite color is red``. A description is
resolved by finding the attribute values it mentions (case-insensitive, as whole words, with
plurals and singulars, possessives, hyphen/space variants, nationality adjectives, month names,
and the verbs and agent nouns of activities: ``paints``, ``painter`` for ``painting``), then
through each characteristic's own phrasings (``_PHRASINGS``, the benchmark generator's): a
value that belongs to two characteristics goes to the one whose phrasing the description
fits (``the cat lover`` an Animal, ``the person who has a cat`` a Pet). Failing that, the
longest mention wins, and the category whose own words (``hair``, ``smoothie``, ``child``)
appear in the description. What still stays ambiguous gets several readings, between which
the solver chooses (:mod:`.readings`, said in the instance's ``notes``); an unknown
description, or two values in one, is an :class:`InputError` naming the clue.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from aspuzzle.errors import InputError, Location
from aspuzzle.puzzles.logicgrid.model import (
    Apart,
    Before,
    Category,
    Clue,
    LogicGridInstance,
    LogicGridSolution,
    NotSame,
    Ref,
    Same,
    Value,
    check_clue,
    validate,
)

__all__ = ["HOUSE", "Ambiguity", "detect_zebralogic", "read_zebralogic", "write_zebralogic"]

HOUSE = "House"
MAX_HOUSES = 100
"""More houses than any logic grid a person (or clingo, in a test) would want; guards memory."""

_ORDINAL_WORDS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
                  "ninth", "tenth", "eleventh", "twelfth")
_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                 "ten", "eleven", "twelve")


@dataclass(frozen=True)
class _Known:
    """A characteristic of the published benchmark: how its line reads, what the solution table
    calls it, and the words its descriptions always carry (used only to break ties)."""

    header: str
    pattern: str
    line: str
    whose: str
    cues: tuple[str, ...] = ()


# Order matters: the first pattern that matches a characteristic line names it ("mothers'
# names" before "name", "hair colors" before "color", "child" before "mother").
_KNOWN: tuple[_Known, ...] = (
    _Known("Mother", r"\bmothers?\b.*\bnames?\b", "The mothers' names in different houses are "
           "unique", "mother's name", ("mother",)),
    _Known("Children", r"\bchild(ren)?\b", "Each mother is accompanied by their child",
           "child", ("child", "mother of")),
    _Known("Name", r"\bnames?\b", "Each person has a unique name", "name"),
    _Known("Nationality", r"\bnationalit(y|ies)\b", "The people are of nationalities",
           "nationality"),
    _Known("HairColor", r"\bhair\b", "People have unique hair colors", "hair color", ("hair",)),
    _Known("BookGenre", r"\bbooks?\b", "People have unique favorite book genres",
           "favorite book genre", ("book",)),
    _Known("MusicGenre", r"\bmusic\b", "People have unique favorite music genres",
           "favorite music genre", ("music",)),
    _Known("Color", r"\bcolou?rs?\b", "Each person has a favorite color", "favorite color"),
    _Known("Food", r"\blunch\b|\bfoods?\b", "Everyone has something unique for lunch",
           "lunch"),
    _Known("Animal", r"\banimals?\b", "The people keep unique animals", "animal"),
    _Known("Pet", r"\bpets?\b", "Each person has a unique type of pet", "pet"),
    _Known("Education", r"\beducation\b", "Each person has a unique level of education",
           "level of education"),
    _Known("Occupation", r"\boccupations?\b", "Each person has an occupation", "occupation"),
    _Known("FavoriteSport", r"\bsports?\b", "People have unique favorite sports",
           "favorite sport"),
    _Known("Cigar", r"\bcigars?\b", "Everyone has a unique favorite cigar", "favorite cigar"),
    _Known("Hobby", r"\bhobb(y|ies)\b", "Each person has a unique hobby", "hobby"),
    _Known("Smoothie", r"\bsmoothies?\b", "Everyone has a favorite smoothie",
           "favorite smoothie", ("smoothie",)),
    _Known("Birthday", r"\bbirthday\b", "Each person has a unique birthday month",
           "birthday month", ("birthday",)),
    _Known("Drink", r"\bdrinks?\b|\bbeverages?\b", "Each person has a unique favorite drink",
           "favorite drink"),
    _Known("Height", r"\bheights?\b", "People have unique heights", "height"),
    _Known("PhoneModel", r"\bphones?\b", "People use unique phone models", "phone model"),
    _Known("CarModel", r"\bcars?\b", "People own unique car models", "car model"),
    _Known("HouseStyle", r"\bstyles?\b", "Each person lives in a unique style of house",
           "style of house"),
    _Known("Flower", r"\bflowers?\b", "They all have a unique favorite flower",
           "favorite flower"),
    _Known("Vacation", r"\bvacations?\b", "Each person prefers a unique type of vacation",
           "favorite type of vacation"),
    _Known("Age", r"\bages?\b", "Each person has a unique age", "age"),
)
_KNOWN_BY_HEADER = {k.header: k for k in _KNOWN}

# Other surface forms of values, as the generator's descriptions write them.
_ALIASES: dict[str, tuple[str, ...]] = {
    # nationalities: the value is a noun, the description often the adjective
    "brit": ("british",), "swede": ("swedish",), "dane": ("danish",), "spaniard": ("spanish",),
    "finn": ("finnish",), "pole": ("polish",), "turk": ("turkish",), "scot": ("scottish",),
    "englishman": ("english",), "irishman": ("irish",), "dutchman": ("dutch",),
    "frenchman": ("french",), "welshman": ("welsh",),
    # birthday months: the value is an abbreviation, the description the full name
    "jan": ("january",), "feb": ("february",), "mar": ("march",), "apr": ("april",),
    "jun": ("june",), "jul": ("july",), "aug": ("august",), "sep": ("september",),
    "sept": ("september",), "oct": ("october",), "nov": ("november",), "dec": ("december",),
}

_STOPWORDS = frozenset({
    "a", "an", "the", "each", "every", "everyone", "person", "people", "persons", "has", "have",
    "is", "are", "of", "in", "for", "to", "by", "with", "who", "whose", "their", "they", "all",
    "something", "unique", "different", "own", "use", "uses", "keep", "keeps", "lives", "live",
    "prefers", "prefer", "type", "kind", "level", "and", "or", "one",
})


# --------------------------------------------------------------------------------- text helpers

def _norm(text: str) -> str:
    """Lower case, one kind of apostrophe, single spaces, no final full stop."""
    t = text.replace("\u2019", "'").replace("\u2018", "'").replace("`", "")
    t = re.sub(r"\s+", " ", t.strip().lower())
    return t.rstrip(" .!;")


def _stem(word: str) -> str:
    for suffix, repl in (("ies", "y"), ("es", ""), ("s", "")):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: len(word) - len(suffix)] + repl
    return word


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def _camel(words: Iterable[str]) -> str:
    return "".join(w[:1].upper() + w[1:] for w in words if w)


def _split_camel(name: str) -> str:
    """``BookGenre`` -> ``book genre``."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", " ", name).lower()


def _ordinal(n: int) -> str:
    if 1 <= n <= len(_ORDINAL_WORDS):
        return _ORDINAL_WORDS[n - 1]
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _parse_ordinal(word: str) -> int | None:
    w = word.lower()
    if w in _ORDINAL_WORDS:
        return _ORDINAL_WORDS.index(w) + 1
    m = re.fullmatch(r"(\d{1,4})(?:st|nd|rd|th)?", w)
    return int(m.group(1)) if m else None


def _parse_count(word: str) -> int | None:
    w = word.lower()
    if w in _NUMBER_WORDS:
        return _NUMBER_WORDS.index(w)
    return int(w) if re.fullmatch(r"\d{1,4}", w) else None


def _count_word(n: int) -> str:
    return _NUMBER_WORDS[n] if 0 <= n < len(_NUMBER_WORDS) else str(n)


# ------------------------------------------------------------------------------ characteristics

_RE_OWN_NAME = re.compile(r"Each person has a unique ([A-Z][A-Za-z0-9_]*)")
"""The writer's line for a category of its own: the capitalised word is the name itself (the
benchmark's own lines never capitalise their noun)."""


def category_name(phrase: str) -> str:
    """The solution-table name of a characteristic line such as ``People have unique favorite
    book genres`` (``BookGenre``); unknown phrasings get the CamelCase of their noun phrase."""
    own = _RE_OWN_NAME.fullmatch(phrase.strip())
    if own:
        return own.group(1)
    low = _norm(phrase)
    for k in _KNOWN:
        if re.search(k.pattern, low):
            return k.header
    # the noun phrase follows the last "unique" / "different" / "a" / "an" / "the"
    words = re.findall(r"[A-Za-z0-9]+", phrase)
    cut = 0
    for i, w in enumerate(words):
        if w.lower() in ("unique", "different", "a", "an", "the", "favorite", "favourite"):
            cut = i + 1
    noun = words[cut:] or words[-1:]
    return _camel(noun)


@dataclass(frozen=True)
class _Cat:
    """A characteristic as read: its category, the words of its line (for tie-breaks)."""

    category: Category
    keywords: frozenset[str]
    cues: tuple[str, ...]


def _cat_info(category: Category, phrase: str) -> _Cat:
    known = _KNOWN_BY_HEADER.get(category.name)
    words = _words(phrase) + _words(_split_camel(category.name))
    keywords = frozenset(_stem(w) for w in words if w not in _STOPWORDS)
    return _Cat(category, keywords, known.cues if known else ())


# ---------------------------------------------------------------------------- phrasings

_WHO = "the (?:person|one) (?:who|that)"
_ART = "(?:(?:a|an|the) )?"
_LIKE = "(?:loves|likes|enjoys|adores|prefers)"

# How the benchmark's generator describes a value of each characteristic, as its published puzzles
# show (the phrasing of every value of every characteristic; see "ZebraLogic text" in
# docs/reference/clue-language.md), plus near variants. A pattern is a regular expression over the
# description in lower case with hyphens read as spaces; ``{}`` is the value in any of its forms
# (plural, singular, possessive, nationality adjective, month name, and for an activity its verb and
# agent noun: ``painting`` -> ``paints``, ``painter``), ``<who>`` is "the person who", ``<likes>`` a
# verb of liking and ``<a>`` an optional article.
# A phrasing belongs to one characteristic: ``the cat lover`` names the Animal and ``the
# person who has a cat`` the Pet, so a variant that another characteristic's generator phrasing
# uses for a value they share is left out on purpose (Pet has no ``the {} owner``, Animal no
# ``owns a {}``). Every characteristic also takes the writer's ``the person whose <noun> is {}``.
_PHRASINGS: dict[str, tuple[str, ...]] = {
    "Name": ("{}", "the (?:person|one) (?:named|called) {}"),
    "Nationality": ("the {}", "the {} (?:person|one|man|woman)", "<who> is {}"),
    "Birthday": ("the (?:person|one) whose birthday is in {}",
                 "the (?:person|one) (?:who was )?born in {}",
                 "the (?:person|one) with <a>birthday in {}"),
    "Mother": ("the (?:person|one) whose mother'?s name is {}",
               "the (?:person|one) whose mother is (?:named )?{}",
               "the (?:son|daughter|child) of {}"),
    "Children": ("the (?:person|one)'?s? child is (?:named )?{}",
                 "the (?:person|one) whose child is (?:named )?{}",
                 "<who> is the (?:mother|parent) of {}", "the (?:mother|parent) of {}"),
    "Animal": ("the {} (?:lover|keeper|owner|enthusiast|fan)",
               "<who> (?:keeps|loves|likes) <a>{}"),
    "Pet": ("<who> (?:has|owns) <a>(?:pet )?{}", "<who> keeps <a>pet {}",
            "the (?:person|one) with <a>(?:pet )?{}",
            "the (?:person|one) with an? (?:aquarium|tank|bowl) of {}",
            "the (?:person|one) whose pet is <a>{}"),
    "Food": ("<who> (?:loves|likes|enjoys|eats) (?:eating )?<a>{}(?: eater)?",
             "<who> is an? {} (?:lover|eater|fan)", "the {} (?:eater|lover|fan)",
             "the (?:person|one) who has <a>{} for lunch"),
    "Drink": ("the {} (?:drinker|lover|fan)", "<who> (?:only )?(?:drinks|likes|loves|prefers) {}"),
    "Smoothie": ("<who> (?:drinks|likes|loves|enjoys|prefers) <a>{} smoothies?",
                 "the {} smoothie (?:lover|drinker|fan)"),
    "Color": ("<who> (?:loves|likes|prefers) (?:the colou?r )?{}",
              "the (?:person|one) whose favou?rite colou?r is {}"),
    "HairColor": ("<who> has {} hair", "the (?:person|one) with {} hair",
                  "the {} haired (?:person|one)"),
    "Cigar": ("<who> smokes (?:many unique )?{}(?: cigars?)?", "the {} (?:smoker|fan)",
              "the (?:person|one) partial to {}", "<who> (?:prefers|likes|loves) {} cigars?"),
    "HouseStyle": ("the (?:person|one) (?:who (?:lives|resides) |living |residing )?in <a>{}"
                   "(?: style)?(?: (?:house|home|villa|residence|cottage))?",),
    "Hobby": ("<who> <likes> (?:to )?{}",
              "<who> {}(?: as a hobby| for fun| in (?:their|his|her) free time)?",
              "the (?:person|one) whose hobby is {}",
              "the {} (?:enthusiast|hobbyist|lover|fan|buff)", "the {}"),
    "FavoriteSport": ("<who> (?:<likes>|plays) {}",
                      "the {} (?:player|fan|lover|enthusiast)"),
    "Vacation": ("<who> (?:<likes>|goes on|likes going on|takes|books) <a>{}"
                 "(?: (?:vacations?|trips?|breaks?|tours?|retreats?|holidays?|getaways?))?",),
    "Flower": ("<who> <likes> <a>{}(?: (?:arrangements?|bouquets?|boquets?|vases?))?",
               "<who> <likes> <a>(?:arrangement|bouquet|boquet|vase|bunch) of {}"),
    "Education": ("the (?:person|one) with <a>{}(?: degree| diploma)?",
                  "<who> (?:has|holds) <a>{}(?: degree| diploma)?",
                  "<who> (?:attended|went to) {}"),
    "BookGenre": ("<who> (?:<likes>|reads) {} (?:books?|novels?)",
                  "the {} (?:book )?(?:lover|reader|fan)"),
    "MusicGenre": ("<who> (?:<likes>|listens to) {} music",
                   "the {} (?:music )?(?:lover|fan)"),
    "Occupation": ("<who> (?:is|works as) an? {}", "the {}"),
    "Height": ("<who> is {}", "<who> has an? {} height", "the (?:person|one) (?:of|with) an? {} "
               "height"),
    "PhoneModel": ("<who> (?:uses|owns|has) <a>{}", "the {} user"),
    "CarModel": ("<who> (?:owns|drives|has) <a>{}", "the {} (?:owner|driver)"),
    "Age": ("<who> is {}(?: years old)?", "the {} year old(?: person)?"),
}


def _plain(text: str) -> str:
    """A description as phrasings see it: lower case, hyphens read as spaces."""
    return re.sub(r"\s+", " ", _norm(text).replace("-", " ")).strip()


def _activity_forms(word: str) -> set[str]:
    """Verb and agent-noun forms of an activity: ``painting`` -> ``paint``, ``paints``,
    ``painter``; ``swimming`` -> ``swim``; ``dancing`` -> ``dance``; ``photography`` ->
    ``photographer``."""
    verbs: set[str] = set()
    if word.endswith("ing") and len(word) >= 6:
        stem = word[:-3]
        verbs |= {stem, stem + "e"}
        if len(stem) >= 4 and stem[-1] == stem[-2] and stem[-1] not in "aeiouls":
            verbs.add(stem[:-1])  # swimm-ing, knitt-ing
    elif word.endswith("graphy") and len(word) >= 8:
        verbs.add(word[:-1])  # photography -> photograph(er)
    out: set[str] = set()
    for v in verbs:
        out |= {v, v + ("es" if v.endswith(("s", "sh", "ch", "x")) else "s"),
                v + ("r" if v.endswith("e") else "er")}
    return out


# ---------------------------------------------------------------------------- value resolution

def _value_forms(value: str) -> set[str]:
    base = _norm(value)
    forms = {base}
    head, _, last = base.rpartition(" ")
    prefix = head + " " if head else ""
    if last.isalpha() and len(last) >= 2:
        forms.add(prefix + last + "s")
        forms.add(prefix + last + "es")
        if last.endswith("y"):
            forms.add(prefix + last[:-1] + "ies")
        if len(last) >= 4:
            if last.endswith("ies"):
                forms.add(prefix + last[:-3] + "y")
            if last.endswith("es"):
                forms.add(prefix + last[:-2])
            if last.endswith("s") and not last.endswith("ss"):
                forms.add(prefix + last[:-1])
        forms.update(prefix + f for f in _activity_forms(last))
    forms.update(_ALIASES.get(base, ()))
    return {f for f in forms if f}


def _joined(form: str) -> str:
    """A form as a regex: spaces and hyphens are interchangeable or optional (``hip hop`` /
    ``hip-hop``, ``ford f150`` / ``Ford F-150``)."""
    out: list[str] = []
    prev = ""
    for ch in form:
        if ch in " -":
            if out and out[-1] != r"[\s-]?":
                out.append(r"[\s-]?")
            prev = ""
            continue
        if prev and ((prev.isalpha() and ch.isdigit()) or (prev.isdigit() and ch.isalpha())):
            out.append(r"[\s-]?")
        out.append(re.escape(ch))
        prev = ch
    return "".join(out)


def _form_regex(form: str) -> str:
    """A form found as whole words inside a description."""
    return r"(?<![a-z0-9])" + _joined(form) + r"(?![a-z0-9])"


@dataclass(frozen=True)
class _Match:
    start: int
    end: int
    ref: Ref


class _Resolver:
    """Finds the attribute value a description names: one, or several readings between which
    only the solver can choose."""

    def __init__(self, cats: Sequence[_Cat]):
        self.cats = {c.category.name: c for c in cats}
        self.patterns: list[tuple[re.Pattern[str], Ref]] = []
        self.exact: dict[str, list[Ref]] = {}
        self.forms: dict[Ref, set[str]] = {}
        self._phrasings: dict[Ref, list[re.Pattern[str]]] = {}
        for c in cats:
            for v in c.category.values:
                ref = Ref(c.category.name, v)
                self.forms[ref] = _value_forms(str(v))
                for form in self.forms[ref]:
                    self.patterns.append((re.compile(_form_regex(form)), ref))
                    self.exact.setdefault(form, []).append(ref)

    def looks_like_description(self, text: str) -> bool:
        """Cheap filter used when a sentence must be split at ' is ' or ' and ': each side must
        open like a description or be a value itself (``Bob``)."""
        t = _norm(text)
        if re.search(r".\bthe (person|one)\b", t):
            return False  # a second "the person" opens a second description
        return bool(re.match(r"(the|a|an) ", t)) or t in self.exact

    def _fits(self, plain: str, ref: Ref) -> bool | None:
        """Does the description fit one of the phrasings of ``ref``'s characteristic, with
        ``ref``'s value in the slot? ``None``: the characteristic's phrasings are unknown."""
        pats = self._phrasings.get(ref)
        if pats is None:
            slot = "(?:" + "|".join(sorted((_joined(f.replace("-", " "))
                                            for f in self.forms[ref]), key=len, reverse=True))
            slot += ")(?:'s|')?"
            known = _KNOWN_BY_HEADER.get(ref.category)
            noun = known.whose if known else _split_camel(ref.category)
            table = (f"the (?:person|one) whose {re.escape(_plain(noun))} is {{}}",
                     *_PHRASINGS.get(ref.category, ()))
            pats = [re.compile(p.replace("<who>", _WHO).replace("<a>", _ART)
                               .replace("<likes>", _LIKE).replace("{}", slot)) for p in table]
            self._phrasings[ref] = pats
        if any(p.fullmatch(plain) for p in pats):
            return True
        return False if ref.category in _PHRASINGS else None

    def resolve(self, text: str) -> tuple[Ref, ...]:
        """The value ``text`` describes, or its readings when the phrasings of the
        characteristics cannot tell which of several characteristics the same words name;
        ValueError (with a message) when it names none, or two different values."""
        t = _norm(text)
        if not t:
            raise ValueError("empty description")
        matches = [_Match(m.start(), m.end(), ref)
                   for pattern, ref in self.patterns for m in pattern.finditer(t)]
        if not matches:
            raise ValueError(f"'{text.strip()}' names no value of any characteristic")
        # the longest mention wins: drop mentions lying inside a longer one
        longest = [m for m in matches
                   if not any(o.start <= m.start and m.end <= o.end
                              and (o.end - o.start) > (m.end - m.start) for o in matches)]

        def ordered(refs: Iterable[Ref]) -> list[Ref]:
            return sorted(set(refs), key=lambda r: (r.category, str(r.value)))

        plain = _plain(text)
        mentioned = ordered(m.ref for m in matches)
        fits = {r: self._fits(plain, r) for r in mentioned}
        # a phrasing of its own characteristic names the value; a characteristic whose
        # phrasings are unknown may still be meant when the same words are its value
        candidates = [r for r in mentioned if fits[r]]
        candidates += [r for r in ordered(m.ref for m in longest)
                       if fits[r] is None and r not in candidates]
        if not candidates:
            candidates = ordered(m.ref for m in longest)
        if len(candidates) == 1:
            return (candidates[0],)
        spans = {max(((m.start, m.end) for m in matches if m.ref == r),
                     key=lambda s: s[1] - s[0]) for r in candidates}
        names = ", ".join(f"{r.category} '{r.value}'" for r in candidates)
        if len(spans) != 1:
            raise ValueError(f"'{text.strip()}' is ambiguous: it may mean {names}")
        ref = self._tie_break(t, candidates, spans.pop())
        if ref is not None:
            return (ref,)
        return tuple(candidates)

    def _tie_break(self, t: str, refs: list[Ref], span: tuple[int, int]) -> Ref | None:
        """The same words are a value of several categories (``red`` hair or color): keep the
        category whose own words the rest of the description uses."""
        rest = t[: span[0]] + " " + t[span[1]:]

        def cued(cat: _Cat) -> bool:
            return any(re.search(rf"(?<![a-z]){re.escape(cue)}", rest) for cue in cat.cues)

        with_cues = [r for r in refs
                     if not self.cats[r.category].cues or cued(self.cats[r.category])]
        if len(with_cues) == 1:
            return with_cues[0]
        candidates = with_cues or refs
        rest_words = {_stem(w) for w in _words(rest)}

        def score(r: Ref) -> tuple[int, int, int]:
            # a category's own cue word ("child", "hair") outweighs words shared with others
            cat = self.cats[r.category]
            hit = len(cat.keywords & rest_words)
            return int(cued(cat)), hit, -(len(cat.keywords) - hit)

        scored = sorted(candidates, key=score, reverse=True)
        if score(scored[0]) > score(scored[1]):
            return scored[0]
        return None


# ----------------------------------------------------------------------------------- clues

_RE_BETWEEN = re.compile(r"there (?:is|are) (\w+) houses? between (.+)", re.I)
_RE_NEXT = re.compile(r"(.+) are next to each other", re.I)
_RE_NEXT_TO = re.compile(r"(.+?) (?:is|lives) next to (.+)", re.I)
_RE_DIRECT = re.compile(
    r"(.+) is (?:directly|immediately) (?:to the )?(left|right) of (.+)", re.I)
_RE_SOMEWHERE = re.compile(r"(.+) is somewhere to the (left|right) of (.+)", re.I)
_RE_AT = re.compile(r"(.+) is (not )?in (?:the (\w+) house|house (?:number )?(\d{1,6}))", re.I)

_Refs = tuple[Ref, ...]


@dataclass(frozen=True)
class Ambiguity:
    """A clue with several readings: a description in it names the same words as a value of
    several characteristics, and their phrasings cannot tell which."""

    number: int
    text: str
    readings: tuple[Clue, ...]
    descriptions: tuple[tuple[str, _Refs], ...]
    """Each ambiguous description and the values it may mean."""


class _ClueReader:
    def __init__(self, cats: Sequence[_Cat], houses: int):
        self.resolver = _Resolver(cats)
        self.houses = houses

    def read_all(self, number: int, text: str) -> Ambiguity:
        """The readings of a clue (usually one)."""
        sentence = re.sub(r"\s+", " ", text.strip()).rstrip(" .")
        try:
            readings, described = self._read(number, sentence, text.strip())
        except ValueError as e:
            raise InputError(str(e), Location(clue=number)) from None
        return Ambiguity(number, text.strip(), tuple(dict.fromkeys(readings)),
                         tuple((d, refs) for d, refs in described if len(refs) > 1))

    def read(self, number: int, text: str) -> Clue:
        """The one reading of a clue; InputError if the clue has several."""
        got = self.read_all(number, text)
        if len(got.readings) > 1:
            raise InputError(f"{_ambiguous(got)}", Location(clue=number))
        return got.readings[0]

    def _desc(self, text: str, described: list[tuple[str, _Refs]]) -> _Refs:
        refs = self.resolver.resolve(text)
        described.append((text.strip(), refs))
        return refs

    def _pair(self, x: str, y: str, described: list[tuple[str, _Refs]]) -> tuple[_Refs, _Refs]:
        return self._desc(x, described), self._desc(y, described)

    def _splits(self, text: str, sep: str,
                described: list[tuple[str, _Refs]]) -> tuple[_Refs, _Refs]:
        """Split at every occurrence of ``sep``; the readings where both sides resolve must
        agree (descriptions may contain ' is ' or ' and ' themselves)."""
        readings: dict[tuple[_Refs, _Refs], list[tuple[str, _Refs]]] = {}
        errors: list[str] = []
        low = text.lower()
        start = 0
        while True:
            i = low.find(sep, start)
            if i < 0:
                break
            start = i + 1
            x, y = text[:i], text[i + len(sep):]
            if not (self.resolver.looks_like_description(x)
                    and self.resolver.looks_like_description(y)):
                continue
            try:
                here: list[tuple[str, _Refs]] = []
                readings.setdefault(self._pair(x, y, here), here)
            except ValueError as e:
                errors.append(str(e))
        if len(readings) == 1:
            (pair, here), = readings.items()
            described.extend(here)
            return pair
        if len(readings) > 1:
            raise ValueError(f"cannot tell how to split '{text}' into two descriptions")
        detail = next((e for e in errors if "ambiguous" in e), errors[0] if errors else "")
        raise ValueError(f"cannot understand '{text}'" + (f": {detail}" if detail else ""))

    def _house(self, word: str | None, digits: str | None) -> int:
        n = _parse_ordinal(word) if word else int(digits or "0")
        if n is None:
            raise ValueError(f"'{word}' is not a house number")
        if not 1 <= n <= self.houses:
            raise ValueError(f"there is no house {n} (houses are numbered 1 to {self.houses})")
        return n

    def _read(self, number: int, s: str,
              original: str) -> tuple[list[Clue], list[tuple[str, _Refs]]]:
        d: list[tuple[str, _Refs]] = []

        def each(pair: tuple[_Refs, _Refs], make: Callable[[Ref, Ref], Clue]) -> list[Clue]:
            return [make(a, b) for a in pair[0] for b in pair[1]]

        m = _RE_BETWEEN.fullmatch(s)
        if m:
            k = _parse_count(m.group(1))
            if k is None:
                raise ValueError(f"'{m.group(1)}' is not a number of houses")
            return each(self._splits(m.group(2), " and ", d),
                        lambda a, b: Apart(number, original, a, b, HOUSE, k + 1)), d
        m = _RE_NEXT.fullmatch(s)
        if m:
            return each(self._splits(m.group(1), " and ", d),
                        lambda a, b: Apart(number, original, a, b, HOUSE, 1)), d
        m = _RE_DIRECT.fullmatch(s)
        if m:
            right = m.group(2).lower() == "right"
            return each(self._pair(m.group(1), m.group(3), d),
                        lambda a, b: Before(number, original, *((b, a) if right else (a, b)),
                                            HOUSE, 1)), d
        m = _RE_SOMEWHERE.fullmatch(s)
        if m:
            right = m.group(2).lower() == "right"
            return each(self._pair(m.group(1), m.group(3), d),
                        lambda a, b: Before(number, original, *((b, a) if right else (a, b)),
                                            HOUSE, None)), d
        m = _RE_AT.fullmatch(s)
        if m and (m.group(4) or _parse_ordinal(m.group(3) or "") is not None):
            subject = self._desc(m.group(1), d)
            house = Ref(HOUSE, self._house(m.group(3), m.group(4)))
            kind = NotSame if m.group(2) else Same
            return [kind(number, original, a, house) for a in subject], d
        m = _RE_NEXT_TO.fullmatch(s)
        if m and " is " not in m.group(1).lower():
            return each(self._pair(m.group(1), m.group(2), d),
                        lambda a, b: Apart(number, original, a, b, HOUSE, 1)), d
        if " is not " in s.lower():
            try:
                return each(self._splits(s, " is not ", d),
                            lambda a, b: NotSame(number, original, a, b)), d
            except ValueError:
                d.clear()
        if " is " in s.lower():
            return each(self._splits(s, " is ", d),
                        lambda a, b: Same(number, original, a, b)), d
        raise ValueError(f"cannot understand '{s}'")


def _meaning(ref: Ref) -> str:
    return f"{ref.category} '{ref.value}'"


def _ambiguous(amb: Ambiguity) -> str:
    """``'the cat lover' may mean Animal 'cat' or Pet 'cat'`` (each ambiguous description)."""
    return "; ".join(f"'{d}' may mean " + " or ".join(_meaning(r) for r in refs)
                     for d, refs in amb.descriptions)


# ----------------------------------------------------------------------------------- reader

_RE_HOUSES = re.compile(r"\bthere (?:are|is) (\d+) houses?\b", re.I)
_RE_NUMBERED = re.compile(r"\bnumbered 1 to (\d+)\b", re.I)
_RE_CLUES = re.compile(r"\s*(?:#+\s*)?clues\b[^:]*(?::\s*)?", re.I)
"""The clue list's header line (fullmatch). Written so that no two neighbouring parts can take
the same blanks (``\\s*#*\\s*``, ``[^:]*:?\\s*``): those backtrack over every split of a long
run of blanks, seconds for a line of 20,000."""
_RE_BULLET = re.compile(r"\s*[-*\u2022]\s+(.*)")
_RE_NUMBERED_CLUE = re.compile(r"\s*(\d{1,6})\s*[.)]\s*(.*)")


def detect_zebralogic(text: str) -> bool:
    """Does the text look like a ZebraLogic puzzle? ('There are N houses' and a clue list)"""
    head = text[:200_000]
    # a line of blanks (not a new line), maybe #s, then "clues": ``^\s*#*\s*clues`` would
    # backtrack over every split of a long run of blanks and every later line start (seconds
    # for 20,000 blanks)
    return bool(_RE_HOUSES.search(head)) and bool(
        re.search(r"^[^\S\n]*(?:#+[^\S\n]*)?clues\b", head, re.I | re.M))


def _puzzle_lines(text: str) -> list[tuple[int, str]]:
    """The lines of the puzzle, numbered; a full ZeroEval prompt (example puzzle, then
    '# Puzzle to Solve', then '# Instruction') is cut down to the puzzle to solve."""
    lines = list(enumerate(text.splitlines(), 1))
    for i, (_, line) in enumerate(lines):
        if re.fullmatch(r"\s*#+\s*puzzle to solve\s*", line, re.I):
            lines = lines[i + 1:]
            break
    for i, (_, line) in enumerate(lines):
        if re.fullmatch(r"\s*#+\s*instructions?\b.*", line, re.I):
            lines = lines[:i]
            break
    return lines


def _values(raw: str, where: Location) -> list[str]:
    if "`" in raw:
        if raw.count("`") % 2:
            raise InputError("unbalanced backquote in the list of values", where)
        values = re.findall(r"`([^`]*)`", raw)
        outside = re.sub(r"`[^`]*`", " ", raw)
        junk = re.sub(r"\b(and|or)\b|[\s,.;]", "", outside)
        if junk:
            raise InputError(f"text outside the backquoted values: '{junk}'", where)
    else:
        values = [re.sub(r"^(and|or)\s+", "", v.strip()) for v in raw.rstrip(" .").split(",")]
    out = [re.sub(r"\s+", " ", v.strip()) for v in values]
    if any(not v for v in out):
        raise InputError("empty value in the list of values", where)
    return out


def read_zebralogic(text: str) -> LogicGridInstance:
    """Read ZebraLogic grid-mode text into a logic-grid instance (first category ``House``)."""
    lines = _puzzle_lines(text)
    houses: int | None = None
    house_line = 0
    chars: list[tuple[int, str, list[str]]] = []
    clue_start: int | None = None
    for idx, (lineno, line) in enumerate(lines):
        if _RE_CLUES.fullmatch(line):
            clue_start = idx + 1
            break
        if houses is None:
            m = _RE_HOUSES.search(line)
            if m:
                if len(m.group(1)) > 4 or not 1 <= int(m.group(1)) <= MAX_HOUSES:
                    raise InputError(f"there must be 1 to {MAX_HOUSES} houses, not "
                                     f"{m.group(1)}", Location(lineno))
                houses, house_line = int(m.group(1)), lineno
                numbered = _RE_NUMBERED.search(line)
                if numbered and numbered.group(1) != m.group(1):
                    raise InputError(f"{houses} houses cannot be numbered 1 to "
                                     f"{numbered.group(1)}", Location(lineno))
                continue
        b = _RE_BULLET.fullmatch(line)
        if b:
            if houses is None:
                raise InputError("characteristic listed before the sentence 'There are N "
                                 "houses'", Location(lineno))
            body = b.group(1)
            if ":" not in body:
                raise InputError("a characteristic line reads '- <description>: `value`, "
                                 "`value`, ...'", Location(lineno))
            phrase, raw = body.split(":", 1)
            if not phrase.strip() or not re.search(r"[A-Za-z]", phrase):
                raise InputError("characteristic without a description", Location(lineno))
            chars.append((lineno, phrase.strip(), _values(raw, Location(lineno))))
    if houses is None:
        raise InputError("not ZebraLogic text: no sentence 'There are N houses, numbered 1 to "
                         "N ...'", Location(lines[0][0] if lines else 1))
    if clue_start is None:
        raise InputError("no '## Clues:' section", Location(house_line))
    if not chars:
        raise InputError("no characteristics: expected lines such as ' - Each person has a "
                         "unique name: `Peter`, `Alice`'", Location(house_line))

    cats: list[_Cat] = []
    seen: dict[str, int] = {}
    for lineno, phrase, values in chars:
        where = Location(lineno)
        name = category_name(phrase)
        if not name or name == HOUSE:
            raise InputError(f"cannot name the characteristic '{phrase}'", where)
        if name in seen:
            raise InputError(f"characteristic '{name}' is listed twice (lines {seen[name]} "
                             f"and {lineno})", where)
        seen[name] = lineno
        if len(values) != houses:
            raise InputError(f"'{phrase}' lists {len(values)} values, expected {houses} (one "
                             f"per house)", where)
        folded = [_norm(v) for v in values]
        dup = next((v for i, v in enumerate(values) if _norm(v) in folded[:i]), None)
        if dup is not None:
            raise InputError(f"value '{dup}' is listed twice in '{phrase}'", where)
        cats.append(_cat_info(Category(name, tuple(values)), phrase))

    reader = _ClueReader(cats, houses)
    read: list[Ambiguity] = []
    numbers: set[int] = set()
    for lineno, line in lines[clue_start:]:
        if not line.strip():
            continue
        m = _RE_NUMBERED_CLUE.fullmatch(line)
        if not m:
            if line.strip().endswith("?"):
                continue  # the multiple-choice mode's question follows the clues
            raise InputError(f"expected a numbered clue ('7. ...'), found '{line.strip()}'",
                             Location(lineno))
        number = int(m.group(1))
        if number in numbers or number == 0:
            raise InputError(f"clue number {number} is repeated or zero", Location(lineno))
        numbers.add(number)
        if not m.group(2).strip():
            raise InputError("empty clue", Location(clue=number))
        read.append(reader.read_all(number, m.group(2)))

    house_cat = Category(HOUSE, tuple(range(1, houses + 1)), ordered=True)
    categories = (house_cat, *(c.category for c in cats))
    plain = tuple(r.readings[0] for r in read if len(r.readings) == 1)
    inst = LogicGridInstance(categories, plain)
    validate(inst)
    ambiguous = [r for r in read if len(r.readings) > 1]
    if not ambiguous:
        return inst
    for amb in ambiguous:
        for clue in amb.readings:
            check_clue(inst, clue)
    # the solver decides (engine, imported here: reading text needs no clingo otherwise)
    from aspuzzle.puzzles.logicgrid.readings import choose_readings

    chosen, notes = choose_readings(inst, ambiguous)
    pick = {amb.number: clue for amb, clue in zip(ambiguous, chosen, strict=True)}
    clues = tuple(pick.get(r.number, r.readings[0]) for r in read)
    return LogicGridInstance(categories, clues, notes=notes)


# ----------------------------------------------------------------------------------- writer

def _describe(cat: Category, value: Value) -> str:
    v = str(value)
    if cat.name == "Name":
        return v
    if cat.name == "Nationality":
        return f"the {v[:1].upper()}{v[1:]}"
    known = _KNOWN_BY_HEADER.get(cat.name)
    noun = known.whose if known else _split_camel(cat.name)
    return f"the person whose {noun} is {v}"


def _cap(s: str) -> str:
    return s[:1].upper() + s[1:]


def _same_clue(a: Clue, b: Clue) -> bool:
    """Equal as constraints (Same, NotSame and Apart are symmetric)."""
    if type(a) is not type(b) or a.number != b.number:
        return False
    if isinstance(a, Same | NotSame) and isinstance(b, Same | NotSame):
        return {a.a, a.b} == {b.a, b.b}
    if isinstance(a, Apart) and isinstance(b, Apart):
        return {a.a, a.b} == {b.a, b.b} and a.distance == b.distance and a.on == b.on
    return a == b


def write_zebralogic(instance: LogicGridInstance,
                     solution: LogicGridSolution | None = None) -> str:
    """Write the instance as ZebraLogic text (the format holds no solution: it is ignored).

    Raises InputError naming the category or clue that the templates cannot express.
    """
    validate(instance)
    if instance.raw_asp.strip():
        raise InputError("raw ASP rules cannot be written in ZebraLogic text")
    if not instance.categories:
        raise InputError("no categories to write")
    key, *others = instance.categories
    n = len(key.values)
    if key.values != tuple(range(1, n + 1)) or not 1 <= n <= MAX_HOUSES:
        raise InputError(f"ZebraLogic text needs houses numbered 1 to N as the first category; "
                         f"'{key.name}' is {list(key.values)[:5]}")
    if not others:
        raise InputError("ZebraLogic text needs at least one characteristic besides the house")

    lines = [f"There {'is' if n == 1 else 'are'} {n} house{'' if n == 1 else 's'}, numbered 1 "
             f"to {n} from left to right, as seen from across the street. Each house is "
             f"occupied by a different person. Each house has a unique attribute for each of "
             f"the following characteristics:"]
    cats: list[_Cat] = []
    for cat in others:
        known = _KNOWN_BY_HEADER.get(cat.name)
        phrase = known.line if known else f"Each person has a unique {cat.name}"
        if category_name(phrase) != cat.name or cat.name == HOUSE:
            raise InputError(f"category '{cat.name}' cannot be named in ZebraLogic text (use a "
                             f"CamelCase word such as 'Color' or 'FavoriteSport')")
        if len(cat.values) != n:
            raise InputError(f"category '{cat.name}' has {len(cat.values)} values; ZebraLogic "
                             f"text needs one per house ({n})")
        for v in cat.values:
            text = v if isinstance(v, str) else ""
            if (not text or text != re.sub(r"\s+", " ", text.strip()) or "`" in text
                    or not re.search(r"[A-Za-z0-9]", text)):
                raise InputError(f"category '{cat.name}': value {v!r} cannot be written in "
                                 f"ZebraLogic text (values are non-empty words)")
        folded = [_norm(str(v)) for v in cat.values]
        if len(set(folded)) != len(folded):
            raise InputError(f"category '{cat.name}' has values that differ only in case")
        lines.append(f" - {phrase}: " + ", ".join(f"`{v}`" for v in cat.values))
        cats.append(_cat_info(cat, phrase))
    lines += ["", "## Clues:"]

    reader = _ClueReader(cats, n)
    numbers = [c.number for c in instance.clues]
    if any(k < 1 for k in numbers) or len(set(numbers)) != len(numbers):
        raise InputError("clue numbers must be distinct and positive to be written as a "
                         "numbered list")
    for clue in instance.clues:
        sentence = _clue_sentence(instance, key, clue)
        try:
            back = reader.read(clue.number, sentence)
        except InputError as e:
            raise InputError(f"cannot be written in ZebraLogic text: {e.message}",
                             Location(clue=clue.number)) from None
        if not _same_clue(_house_on(back, key.name), clue):
            raise InputError(f"cannot be written in ZebraLogic text: '{sentence}' would read "
                             f"back differently", Location(clue=clue.number))
        lines.append(f"{clue.number}. {sentence}")
    return "\n".join(lines) + "\n"


def _house_on(clue: Clue, key: str) -> Clue:
    """The clue as read back, with the house category named as in the instance."""
    def ref(r: Ref) -> Ref:
        return Ref(key, r.value) if r.category == HOUSE else r
    if isinstance(clue, Same | NotSame):
        return type(clue)(clue.number, clue.text, ref(clue.a), ref(clue.b))
    if isinstance(clue, Before):
        return Before(clue.number, clue.text, clue.a, clue.b, key, clue.distance)
    if isinstance(clue, Apart):
        return Apart(clue.number, clue.text, clue.a, clue.b, key, clue.distance)
    return clue


def _clue_sentence(instance: LogicGridInstance, key: Category, clue: Clue) -> str:
    def fail(why: str) -> InputError:
        return InputError(f"cannot be written in ZebraLogic text: {why}",
                          Location(clue=clue.number))

    def desc(r: Ref) -> str:
        if r.category == key.name:
            raise fail("a house number can only be said with 'is (not) in the k-th house'")
        try:
            cat = instance.category(r.category)
        except KeyError:
            raise fail(f"unknown category '{r.category}'") from None
        if r.value not in cat.values:
            raise fail(f"'{r.value}' is not a value of '{r.category}'")
        return _describe(cat, r.value)

    if isinstance(clue, Same | NotSame):
        a, b = clue.a, clue.b
        if a.category == key.name and b.category != key.name:
            a, b = b, a
        neg = "not " if isinstance(clue, NotSame) else ""
        if b.category == key.name:
            if not isinstance(b.value, int) or not 1 <= b.value <= len(key.values):
                raise fail(f"there is no house {b.value}")
            return f"{_cap(desc(a))} is {neg}in the {_ordinal(b.value)} house."
        return f"{_cap(desc(a))} is {neg}{desc(b)}."
    if isinstance(clue, Before | Apart) and clue.on != key.name:
        raise fail(f"order on '{clue.on}': ZebraLogic text orders the houses only")
    if isinstance(clue, Before):
        if clue.distance == 1:
            return f"{_cap(desc(clue.a))} is directly left of {desc(clue.b)}."
        if clue.distance is None:
            return f"{_cap(desc(clue.a))} is somewhere to the left of {desc(clue.b)}."
        raise fail(f"'exactly {clue.distance} houses to the left' has no template")
    if isinstance(clue, Apart):
        if clue.distance == 1:
            return f"{_cap(desc(clue.a))} and {desc(clue.b)} are next to each other."
        if clue.distance >= 2:
            k = clue.distance - 1
            verb, noun = ("is", "house") if k == 1 else ("are", "houses")
            return f"There {verb} {_count_word(k)} {noun} between {desc(clue.a)} and " \
                   f"{desc(clue.b)}."
        raise fail(f"distance {clue.distance} has no template")
    raise fail(f"{type(clue).__name__} clues have no ZebraLogic template")
