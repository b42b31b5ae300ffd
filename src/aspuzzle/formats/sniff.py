"""Cheap first looks at a puzzle text, before any puzzle type is imported.

Each function here belongs to one format of one type (the registry's table names it) and says
False only when that format's own ``detect`` would say False too: it is a necessary condition,
never a guess. :func:`aspuzzle.api.detect` imports only the types that some format's sniff
does not rule out, so that a small Tents file is read without importing Futoshiki, Hitori and
the logic-grid language (about 20 ms of a ~100 ms ``aspuzzle solve``). Which type and format
are chosen does not change: a type ruled out here has no format whose detector accepts the
text. ``tests/test_lazy_imports.py`` checks every example and test file against the detectors.

Only ``re`` and ``str`` methods: this module is imported on every detection.
"""

from __future__ import annotations

import re

__all__ = ["futoshiki_text", "hitori_text", "one_line", "search", "sudoku_tatham",
           "tents_text"]


def search(pattern: str, flags: int = 0, needles: tuple[str, ...] = ()) -> _Search:
    """A sniff that is true when ``pattern`` occurs anywhere in the text. ``needles``: strings
    of which every match holds one (not letters, where ``flags`` ignore case): a text with
    none of them is ruled out without compiling the pattern (a first solve of a Tatham ID
    asks some twenty sniffs, and compiling their patterns cost several ms)."""
    return _Search(pattern, flags, needles)


class _Search:
    """``re.search`` of one pattern, compiled on first use (not when the table is built)."""

    __slots__ = ("_compiled", "flags", "needles", "pattern")

    def __init__(self, pattern: str, flags: int, needles: tuple[str, ...] = ()) -> None:
        if flags & re.IGNORECASE and any(c.isalpha() for n in needles for c in n):
            raise ValueError("a needle of a pattern that ignores case has no letters")
        self.pattern = pattern
        self.flags = flags
        self.needles = needles
        self._compiled: re.Pattern[str] | None = None

    def __call__(self, text: str) -> bool:
        if self.needles and not any(n in text for n in self.needles):
            return False
        if self._compiled is None:
            self._compiled = re.compile(self.pattern, self.flags)
        return self._compiled.search(text) is not None

    def __repr__(self) -> str:
        return f"search({self.pattern!r})"


def one_line(pattern: str, needles: tuple[str, ...] = ()) -> _OneLine:
    """A sniff for a one-line ID: the text has exactly one line that is neither blank nor a
    ``#`` comment, and ``pattern`` occurs in it (the IDs' detectors ask that, and more);
    ``needles`` as for :func:`search`."""
    return _OneLine(pattern, needles)


class _OneLine(_Search):
    __slots__ = ()

    def __init__(self, pattern: str, needles: tuple[str, ...] = ()) -> None:
        super().__init__(pattern, 0, needles)

    def __call__(self, text: str) -> bool:
        lines = [ln for ln in (raw.strip() for raw in text.splitlines())
                 if ln and not ln.startswith("#")]
        return len(lines) == 1 and super().__call__(lines[0])

    def __repr__(self) -> str:
        return f"one_line({self.pattern!r})"


_tents_header = search(r"#\s*tents\b", re.IGNORECASE, ("#",))


def tents_text(text: str) -> bool:
    """The Tents grid's detector accepts a text whose first line is a ``# tents`` header, or
    whose rows match ``\\s*[\\d?\\-]+\\s+.*[^\\d\\s].*``: a row's clue and a blank, and after
    them a cell that is not a digit. So a clue and a blank occur somewhere, and after the first
    such pair a character that is neither a digit nor a blank. (Two linear scans: one pattern
    for the whole, ``[\\d?\\-]\\s+.*[^\\d\\s]``, backtracks over every start in a long line
    of digits and blanks: seconds for 20,000 characters.)"""
    if _tents_header(text):
        return True
    first = re.search(r"[\d?\-]\s", text)  # (re's cache compiles each pattern once)
    return first is not None and re.compile(r"[^\d\s]").search(text, first.end()) is not None


_futoshiki_header = search(r"#\s*(?:futoshiki|unequal)\b", re.IGNORECASE, ("#",))
FUTOSHIKI_MARKS = frozenset("<>|│^∧vV∨-─.·")
"""The signs and empty-cell marks of Futoshiki's text grid (``ROW_SIGNS``, ``COLUMN_SIGNS``
and ``EMPTIES`` of :mod:`aspuzzle.puzzles.futoshiki.formats`; a test keeps them equal)."""
_FUTOSHIKI_ALLOWED = FUTOSHIKI_MARKS | frozenset("0123456789 \t")


def futoshiki_text(text: str) -> bool:
    """Futoshiki's grid detector, on the characters only: a header, or lines (comments aside)
    made only of digits, signs, empty marks and blanks, with at least one sign or mark."""
    if _futoshiki_header(text):
        return True
    body = [ln.strip() for ln in text.splitlines()]
    body = [ln for ln in body if ln and not ln.startswith("#")]
    return (any(not FUTOSHIKI_MARKS.isdisjoint(ln) for ln in body)
            and all(_FUTOSHIKI_ALLOWED.issuperset(ln) for ln in body))


_hitori_header = search(r"#\s*(?:hitori|singles)\b", re.IGNORECASE, ("#",))
_HITORI_ALLOWED = frozenset("0123456789#o+")


def hitori_text(text: str) -> bool:
    """Hitori's grid detector, on the characters only: a header, or lines (comments aside)
    whose every word is a number, maybe marked ``#``, ``o`` or ``+``."""
    if _hitori_header(text):
        return True
    body = [ln.strip() for ln in text.splitlines()]
    body = [ln for ln in body if ln and not ln.startswith("#")]
    return bool(body) and all(c.isspace() or c in _HITORI_ALLOWED for ln in body for c in ln)


_solo = re.compile(r"(?:solo:)?(\d{1,2})(?:x(\d{1,2}))?(j)?(x)?(k)?[a-z0-9]*:(\S+)")
SOLO_MAX = 36
"""Sudoku's largest size (``SPEC.max_size`` of ``aspuzzle.puzzles.sudoku.type``; a test
checks that they agree)."""


class _SoloID:
    """Solo's game-ID detector asks for one line that its pattern takes whole, with a
    ``solo:`` prefix or a box shape (``3x3:``) or a jigsaw's ``j``, and reads it: a size of 1
    to 36, and blocks after a comma exactly when it is a jigsaw. So a Tents ID
    (``10x10dt:...,3,2``: a comma, no jigsaw) or a 20x20 Singles ID (size 400) fails here, and
    Sudoku is not imported to look at it (~8 ms of a first solve). :meth:`shape` is the looser
    test of the ID's shape alone: with ``--type sudoku`` the format it passes reads the text
    and says what is wrong with it (a 49x49 size, an X letter)."""

    __slots__ = ()

    def __call__(self, text: str) -> bool:
        line = self._line(text)
        m = None if line is None else _solo.fullmatch(line)
        if m is None or line is None or not (line.startswith("solo:") or m.group(2)
                                             or m.group(3)):
            return False
        if m.group(4) or m.group(5):  # X or killer: the reader says so
            return True
        jigsaw = m.group(3) is not None
        n = int(m.group(1)) if jigsaw else int(m.group(1)) * int(m.group(2) or m.group(1))
        return 1 <= n <= SOLO_MAX and (jigsaw or "," not in m.group(6))

    def shape(self, text: str) -> bool:
        line = self._line(text)
        return line is not None and _solo_shape.match(line) is not None

    @staticmethod
    def _line(text: str) -> str | None:
        lines = [ln.strip() for ln in text.splitlines() if ln.strip() and ln.lstrip()[0] != "#"]
        return lines[0] if len(lines) == 1 else None

    def __repr__(self) -> str:
        return "sudoku_tatham"


_solo_shape = re.compile(r"(?:solo:\d|\d{1,2}x\d{1,2}[a-z0-9]*:|\d{1,2}j)")
sudoku_tatham = _SoloID()
