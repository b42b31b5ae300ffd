"""The registry's sniffs (``aspuzzle.formats.sniff``) never rule out a text that a format's own
detector accepts: detection imports fewer types but picks the same type and format."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import aspuzzle
from aspuzzle.formats import sniff
from aspuzzle.puzzles import REGISTRY, TYPES
from tests.conftest import ROOT

TEXT_FIELDS = ("id", "puzzle", "text", "state", "board", "input")


def _texts() -> Iterator[tuple[str, str]]:
    files = [p for folder in ("examples", "tests/data", "benchmarks/data")
             for p in sorted((ROOT / folder).rglob("*")) if p.is_file()]
    for path in files:
        name = str(path.relative_to(ROOT))
        if path.suffix in (".svg", ".png", ".md") or "LICENSE" in path.name:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        if path.suffix == ".jsonl":
            for i, line in enumerate(text.splitlines()):
                if line.strip():
                    rec = json.loads(line)
                    for key in TEXT_FIELDS:
                        if isinstance(rec.get(key), str):
                            yield f"{name}:{i + 1}:{key}", rec[key]
        else:
            yield name, text


def _variants(text: str) -> Iterator[str]:
    """The text, and as a user might give it: CRLF, a comment first, indented, prefixed."""
    yield text
    yield text.replace("\n", "\r\n")
    yield "# a comment\n\n" + text
    yield "\n".join("  " + ln for ln in text.splitlines())
    yield text.strip() + "\n\n"


TEXTS = list(_texts())


def test_there_are_texts_of_every_type() -> None:
    found = {aspuzzle.detect(t)[0].name for _, t in TEXTS if _detects_any(t)}
    assert found == {t.name for t in TYPES}


def _detects_any(text: str) -> bool:
    try:
        aspuzzle.detect(text)
    except aspuzzle.AspuzzleError:
        return False
    return True


@pytest.mark.parametrize("info", TYPES, ids=lambda t: t.name)
def test_a_sniff_never_rules_out_what_the_detector_accepts(info: object) -> None:
    from aspuzzle.puzzles import TypeInfo

    assert isinstance(info, TypeInfo)
    puzzle = REGISTRY[info.name]
    checked = 0
    for name, text in TEXTS:
        for variant in _variants(text):
            for f in info.formats:
                if f.sniff is None:
                    continue
                try:
                    accepted = puzzle.formats[f.name].detect(variant)
                except Exception:  # detect() treats a crash as no match
                    accepted = False
                if accepted:
                    checked += 1
                    assert f.sniff(variant), f"{info.name}/{f.name} sniff refuses {name}"
    assert checked > 0


def test_futoshiki_marks_are_the_formats_own() -> None:
    from aspuzzle.puzzles.futoshiki import formats

    marks = set(formats.ROW_SIGNS) | set(formats.COLUMN_SIGNS) | set(formats.EMPTIES)
    assert marks == set(sniff.FUTOSHIKI_MARKS)
    assert set(formats.DIGITS) == set("0123456789")


def test_a_tents_text_rules_out_the_other_types() -> None:
    text = (ROOT / "examples" / "tents" / "seed-6x6.txt").read_text()
    may = [t.name for t in TYPES if any(f.sniff is None or f.sniff(text) for f in t.formats)]
    assert may == ["tents"]


def test_sniffs_without_a_match_still_give_the_usual_message() -> None:
    with pytest.raises(aspuzzle.UsageError, match="cannot tell what puzzle this is"):
        aspuzzle.loads("hello world")


def _detect_by_every_type(text: str, filename: str) -> tuple[str, str] | str:
    """Detection as the rules say it, every type asked: the formats whose detector accepts the
    text, ties broken by the file's extension (or the error's kind)."""
    ext = "." + filename.rsplit(".", 1)[-1].lower() if "." in filename else ""
    found = []
    for t in TYPES:
        for f in REGISTRY[t.name].formats.values():
            try:
                if f.detect(text):
                    found.append((t.name, f.name, f.extensions))
            except Exception:  # detect() treats a crash as no match
                pass
    if len(found) > 1 and ext:
        found = [x for x in found if ext in x[2]] or found
    if len(found) == 1:
        return found[0][0], found[0][1]
    return "none" if not found else "several"


@pytest.mark.parametrize("ext", [".logic", ".xml", ".txt", ".lp", ".lgp"])
def test_a_file_extension_of_one_format_picks_what_every_detector_would(ext: str) -> None:
    """detect() asks a format that alone has the file's extension first and imports no other
    type when it accepts the text: the answer must be the one asking every type gives."""
    for name, text in TEXTS:
        filename = name.rsplit(".", 1)[0] + ext
        want = _detect_by_every_type(text, filename)
        try:
            p, f = aspuzzle.detect(text, filename=filename)
            got: tuple[str, str] | str = (p.name, f.name)
        except aspuzzle.UsageError as e:
            got = "several" if "could be any of" in str(e) else "none"
        assert got == want, name


def test_a_logic_grid_file_imports_no_other_type() -> None:
    from tests.test_lazy_imports import _imported_by

    modules = _imported_by("import aspuzzle\naspuzzle.solve(aspuzzle.load("
                           "'examples/logicgrid/boys-in-the-hood.logic'))")
    assert "aspuzzle.puzzles.logicgrid" in modules
    assert not {"aspuzzle.puzzles.tents", "aspuzzle.puzzles.futoshiki",
                "aspuzzle.puzzles.hitori", "dataclasses", "difflib"} & modules


# The sniffs and detectors run on whatever a user gives, a whole corpus line or a pasted file:
# a pattern that backtracks over every start of a long line (``[0-9]+...:`` searched in a
# line of 100,000 digits, ``\s*#*\s*`` over a long run of blanks) took minutes. These are
# the rewritten patterns against the old ones: the same answer on every text.
_OLD_AND_NEW = [
    (r"[0-9]+(?:x[0-9]+)?(?:d[a-z]?)?:", r"(?<![0-9])[0-9]+(?:x[0-9]+)?(?:d[a-z]?)?:"),
    (r"[0-9]+a?(?:d[a-z])?:", r"(?<![0-9])[0-9]+a?(?:d[a-z])?:"),
    (r"\d+(?:x\d+)?(?:d[a-z])?:", r"(?<![0-9])\d+(?:x\d+)?(?:d[a-z])?:"),
    (r"^\s*#*\s*clues\b", r"^[^\S\n]*(?:#+[^\S\n]*)?clues\b"),
]
_ID_ALPHABET = st.text(alphabet="0123456789xdae:,_ #\t\nclues", max_size=40)


@settings(max_examples=400, deadline=None)
@given(_ID_ALPHABET)
def test_the_linear_patterns_find_what_the_old_ones_found(text: str) -> None:
    for old, new in _OLD_AND_NEW[:3]:
        assert bool(re.search(old, text)) == bool(re.search(new, text)), (old, text)
    old, new = _OLD_AND_NEW[3]
    # the new one does not reach over lines: it finds the line that the old one ended on
    assert bool(re.search(old, text, re.I | re.M)) == bool(re.search(new, text, re.I | re.M))


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="0123456789?- \t\nxT.", max_size=40))
def test_the_tents_grid_sniff_is_true_where_its_old_pattern_was(text: str) -> None:
    if re.search(r"[\d?\-]\s+.*[^\d\s]", text):
        assert sniff.tents_text(text)


@pytest.mark.parametrize("text", [
    "tents:" + "9" * 100_000, "9" * 100_000, "singles:" + "9" * 100_000,
    "unequal:" + "9" * 100_000, "1 " * 50_000, "# hitori\n" + "1 " * 50_000,
    "There are 5 houses.\n" + " " * 100_000,
])
def test_long_lines_get_a_clear_error(text: str) -> None:
    with pytest.raises(aspuzzle.AspuzzleError):
        aspuzzle.loads(text)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(["", " ", "#", "## ", "\t# "]),
       st.sampled_from(["clues", "Clues", "clue", ""]), st.text(alphabet=" #:xc\t", max_size=10))
def test_zebralogic_clue_header_reads_as_before(lead: str, word: str, rest: str) -> None:
    """The clue-list header (matched whole) is the same language as ``\\s*#*\\s*clues\\b
    [^:]*:?\\s*``, without its backtracking (a long run of blanks took seconds)."""
    from aspuzzle.puzzles.logicgrid.zebralogic import _RE_CLUES

    line = lead + word + rest
    old = re.fullmatch(r"\s*#*\s*clues\b[^:]*:?\s*", line, re.I)
    assert bool(old) == bool(_RE_CLUES.fullmatch(line))


def test_a_long_zebralogic_clue_header_is_read_at_once() -> None:
    from aspuzzle.puzzles.logicgrid.zebralogic import _RE_CLUES

    assert not _RE_CLUES.fullmatch("## clues" + " " * 100_000 + ":x")
    assert _RE_CLUES.fullmatch("## Clues" + " " * 100_000 + ":  ")


def test_solo_size_limit_is_sudokus() -> None:
    from aspuzzle.puzzles.sudoku.type import SPEC

    assert SPEC.max_size == sniff.SOLO_MAX


@pytest.mark.parametrize("text", [
    "10x10dt:e_dcdg__hcdancj_baabh,3,2,2,0,3,1,2,3,2,2,2,3,2,1,3,1,2,2,1,3",
    "20x20dk:" + "1" * 400, "9dx:4,0,1,0,0R,0,0", "6x6de:a_b,1,1,1,1,1,1,1,1,1,1,1,1"])
def test_tatham_ids_of_other_games_do_not_wake_sudoku(text: str) -> None:
    assert not sniff.sudoku_tatham(text)


@pytest.mark.parametrize("text", ["3x3:a1b2", "solo:3x3:a1", "9j:a1,aaa", "2x3:_1_2", "3:a"])
def test_solo_shaped_ids_pass_the_sudoku_sniff(text: str) -> None:
    # (a bare '3:' without solo: is left to Futoshiki, as the detector leaves it)
    assert sniff.sudoku_tatham(text) == (text != "3:a")


def _sniffs() -> Iterator[tuple[str, object]]:
    for info in TYPES:
        for f in info.formats:
            yield f"{info.name}/{f.name}", f.sniff


@pytest.mark.parametrize("name, sniffer", list(_sniffs()))
@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("tree_ntrowcolumn#%<>().:/ 0123456789xdkaWritteN"
                                             "sudokuhitorilightupakarithereishousescategories\n"
                                             "ſKİ")), max_size=60))
def test_needles_never_rule_out_a_match(name: str, sniffer: object, text: str) -> None:
    # a sniff's needles only spare compiling its pattern: with or without them, the same answer
    needles = getattr(sniffer, "needles", ())
    if not needles:
        return
    pattern, flags = sniffer.pattern, sniffer.flags  # type: ignore[attr-defined]
    if type(sniffer).__name__ == "_OneLine":
        lines = [ln for ln in (raw.strip() for raw in text.splitlines())
                 if ln and not ln.startswith("#")]
        plain = len(lines) == 1 and re.search(pattern, lines[0], flags) is not None
    else:
        plain = re.search(pattern, text, flags) is not None
    assert sniffer(text) == plain, name  # type: ignore[operator]
