"""Hitori formats: text, seed facts, Tatham singles IDs, puzz.link URLs.

Precise errors for bad input, exact round trips, and property tests: random and mutated input
gives an InputError (never another exception), random valid grids survive every format.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import aspuzzle
from aspuzzle.errors import InputError
from aspuzzle.puzzles.hitori import PUZZLE as HITORI
from aspuzzle.puzzles.hitori import HitoriInstance, HitoriSolution
from aspuzzle.puzzles.hitori.formats import read_text_shaded
from aspuzzle.puzzles.hitori.model import make_instance
from tests.conftest import EXAMPLES, mutate

SETTINGS = settings(max_examples=120, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])
FORMATS = ("text", "facts", "tatham", "puzzlink")
SEED_TEXT = (EXAMPLES / "hitori" / "seed-6x6.txt").read_text()
SEED_LP = (EXAMPLES / "hitori" / "seed-6x6.lp").read_text()
SEED_ID = "6x6:112435115446466211633354234165254625"
SEED_SHADED = frozenset({(1, 1), (1, 6), (2, 2), (2, 4), (3, 3), (3, 6), (4, 2), (4, 4),
                         (6, 1), (6, 3), (6, 6)})
ID_5X5 = "5x5de:2141334241421354315435342"


def _read(fmt: str, text: str) -> HitoriInstance:
    inst: HitoriInstance = HITORI.formats[fmt].read(text)
    return inst


def _write(fmt: str, inst: HitoriInstance, sol: HitoriSolution | None = None) -> str:
    write = HITORI.formats[fmt].write
    assert write is not None
    return write(inst, sol)


def _error(fmt: str, text: str) -> str:
    with pytest.raises(InputError) as info:
        _read(fmt, text)
    message = str(info.value)
    assert "\n" not in message
    return message


# --- text -----------------------------------------------------------------------------------

def test_text_reads_the_seed_and_detects_it() -> None:
    loaded = aspuzzle.loads(SEED_TEXT)
    assert (loaded.puzzle.name, loaded.format) == ("hitori", "text")
    assert loaded.instance.grid[2] == (4, 6, 6, 2, 1, 1)
    # without the header line too
    body = "\n".join(ln for ln in SEED_TEXT.splitlines() if not ln.startswith("#"))
    assert aspuzzle.loads(body).instance == loaded.instance


def test_text_with_a_solution_round_trips() -> None:
    inst = _read("text", SEED_TEXT)
    text = _write("text", inst, HitoriSolution(SEED_SHADED))
    assert text.splitlines()[1] == "1# 1  2  4  3  5#"
    assert read_text_shaded(text) == (inst, SEED_SHADED)
    assert read_text_shaded(SEED_TEXT) == (inst, frozenset())


def test_text_writes_wide_numbers_aligned() -> None:
    inst = make_instance([[1, 12], [12, 3]])
    assert _write("text", inst) == "# hitori 2x2\n 1 12\n12  3\n"
    assert _write("text", inst, HitoriSolution(frozenset({(1, 2)}))) == (
        "# hitori 2x2\n 1  12#\n12   3\n")


@pytest.mark.parametrize("text, message", [
    ("1 2\n3\n", "line 2: row 2 has 1 numbers, expected 2 like row 1"),
    ("1 x\n", "line 1, column 3, cell (1,2): 'x' is not a number"),
    ("1 # 2\n", "line 1, column 3, cell (1,2): '#' must follow a number"),
    ("1 2\n3 0\n", "line 2, column 3, cell (2,2): number 0 is out of range 1..9999"),
    ("1 123456\n", "cell (1,2): number 123456 is out of range"),
    ("1 \u0663\n", "cell (1,2): '\u0663' is not a number"),
    ("# hitori\n\n", "empty hitori puzzle: no rows of numbers"),
    ("1 2#x\n", "cell (1,2): '2#x' is not a number"),
])
def test_bad_text_gives_precise_errors(text: str, message: str) -> None:
    assert message in _error("text", text)


# --- the seed post's facts ------------------------------------------------------------------

def test_facts_read_like_the_text() -> None:
    loaded = aspuzzle.loads(SEED_LP)
    assert (loaded.puzzle.name, loaded.format) == ("hitori", "facts")
    assert loaded.instance == _read("text", SEED_TEXT)


def test_facts_with_the_posts_whole_listing_read() -> None:
    """A user may copy the post's final listing: facts and the post's rules."""
    rules = """
1 { blacked(X, Y1); blacked(X, Y2) } 2 :- written(X, Y1, N), written(X, Y2, N), Y1 < Y2.
1 { blacked(X1, Y); blacked(X2, Y) } 2 :- written(X1, Y, N), written(X2, Y, N), X1 < X2.
:- blacked(X, Y), blacked(X + 1, Y).
:- blacked(X, Y), blacked(X, Y + 1).
{ start(X, Y) : written(X, Y, _), not blacked(X, Y) } = 1.
reachable(X, Y) :- start(X, Y).
reachable(X + 1, Y) :- reachable(X, Y), written(X + 1, Y, _), not blacked(X + 1, Y).
reachable(X, Y + 1) :- reachable(X, Y), written(X, Y + 1, _), not blacked(X, Y + 1).
reachable(X - 1, Y) :- reachable(X, Y), written(X - 1, Y, _), not blacked(X - 1, Y).
reachable(X, Y - 1) :- reachable(X, Y), written(X, Y - 1, _), not blacked(X, Y - 1).
:- written(X, Y, _), not blacked(X, Y), not reachable(X, Y).
#show blacked/2."""
    inst = _read("facts", SEED_LP + rules)
    assert inst == _read("text", SEED_TEXT)
    # a rule that is not the post's is refused, with its line
    changed = SEED_LP + "\n:- blacked(X, Y), blacked(X + 2, Y).\n"
    assert "line 15, column 1: only facts are allowed here" in _error("facts", changed)
    # skipping the post's rules keeps the line numbers of what follows them
    assert "line 27, column 1: unknown predicate 'q/0'" in _error("facts", SEED_LP + rules + "\nq.")


def test_facts_with_a_solution_round_trip() -> None:
    inst = _read("facts", SEED_LP)
    text = _write("facts", inst, HitoriSolution(SEED_SHADED))
    assert "blacked(1, 1).\n" in text
    assert _read("facts", text) == inst
    assert _write("facts", inst).splitlines()[1] == " ".join(
        f"written(1, {c}, {v})." for c, v in enumerate([1, 1, 2, 4, 3, 5], 1))


@pytest.mark.parametrize("text, message", [
    ("written(1,1,1). written(1,2,1). written(2,1,1).",
     "cell (2,2): no number for this cell of the 2x2 grid: written(2, 2, N) is missing"),
    ("written(1,1,1).\nwritten(1,1,2).", "line 2, column 1, cell (1,1): two numbers for one"),
    ("written(0,1,1).", "line 1, column 1: written(0, 1, 1): rows and columns are numbered"),
    ("written(1,1,0).", "written(1, 1, 0): number 0 is out of range 1..9999"),
    ("written(1,1,a).", "written: number must be a number, got 'a'"),
    ("blacked(1,1).", "no written/3 facts"),
    ("written(1,1,1). writen(1,2,1).", "line 1, column 17: unknown predicate 'writen/3'"),
    ("written(1,1,1). blacked(3,3).", "blacked(3, 3) is outside the 1x1 grid"),
    ("written(1,1,1)", "not terminated by '.'"),
    ("written(1,1).", "'written' takes 3 arguments, got 2"),
    # many spaces before a bad character: once took exponential time in a regex
    ("written(1,1,1)." + " " * 60 + "x", "line 1, column 76: statement is not terminated"),
])
def test_bad_facts_give_precise_errors(text: str, message: str) -> None:
    assert message in _error("facts", text)


# --- Tatham's singles IDs -------------------------------------------------------------------

def test_tatham_id_reads_writes_and_keeps_the_difficulty() -> None:
    inst = _read("tatham", ID_5X5)
    assert inst.grid[0] == (2, 1, 4, 1, 3)
    assert inst.difficulty == "e"
    assert _write("tatham", inst) == ID_5X5
    # no difficulty in, none out; the square form 'N:' reads as NxN and is written 'NxN:'
    assert _write("tatham", _read("tatham", ID_5X5.replace("de:", ":"))) == "5x5:" + ID_5X5[6:]
    assert _write("tatham", _read("tatham", "5:" + ID_5X5[6:])) == "5x5:" + ID_5X5[6:]
    assert _write("tatham", _read("text", SEED_TEXT)) == SEED_ID


def test_tatham_numbers_above_9_use_letters() -> None:
    grid = [[(r + c) % 12 + 1 for c in range(12)] for r in range(12)]
    text = _write("tatham", make_instance(grid))
    assert text.startswith("12x12:123456789abc23456789abc1")
    wide = make_instance([[61, 1, *[2] * 59, 36], [1] * 62])
    assert _write("tatham", wide).endswith(":Z1" + "2" * 59 + "A" + "1" * 62)
    assert _read("tatham", _write("tatham", wide)) == wide


@pytest.mark.parametrize("text, message", [
    (ID_5X5[:-1], "line 1, column 31: singles ID: the description has 24 characters, "
                  "expected 25"),
    (ID_5X5 + "1", "the description has 26 characters, expected 25"),
    ("5x5:0141334241421354315435342", "column 5, cell (1,1): singles ID: unexpected '0' "
                                      "(numbers start at 1)"),
    ("5x5:2141334241421354315435!42", "cell (5,3): singles ID: unexpected '!'"),
    ("5x5dz:2141334241421354315435342", "column 5: singles ID: unknown difficulty 'z'"),
    ("1x5:11111", "a 1x5 grid is too small"),
    ("63x2:" + "1" * 126, "a 63x2 grid is too large"),
    ("5x5#123456", "this is a random-seed ID"),
    ("5x5de", "no ':' between the parameters and the description"),
    ("5y5:1", "parameters '5y5' are not WxH"),
    ("  \n", "singles ID: empty input"),
    (ID_5X5 + "\n" + ID_5X5, "line 2, column 1: singles ID: expected one game ID"),
])
def test_bad_tatham_ids_give_precise_errors(text: str, message: str) -> None:
    assert message in _error("tatham", text)


def test_tatham_cannot_write_what_singles_cannot_hold() -> None:
    with pytest.raises(InputError, match="cannot hold a 3x1 grid"):
        _write("tatham", make_instance([[1, 2, 3]]))
    with pytest.raises(InputError, match=r"cell \(1,2\): .*cannot hold the number 62: its IDs"):
        _write("tatham", make_instance([[1, 62], [2, 1]]))


@pytest.mark.parametrize("ident, grid", [
    # numbers above the grid's side, as janko.at's Hitori use them (a 9 in an 8x8, a 7 in a
    # 6x4, an 11 in a 10x10), and every letter Tatham's alphabet has, in the smallest grid
    ("4x6:172332142163276631274153",
     [[1, 7, 2, 3], [3, 2, 1, 4], [2, 1, 6, 3], [2, 7, 6, 6], [3, 1, 2, 7], [4, 1, 5, 3]]),
    ("2x2:zZa9", [[35, 61], [10, 9]]),
    ("8x8:" + "9" * 64, [[9] * 8] * 8),
    ("10x10:" + "b" * 100, [[11] * 10] * 10),
])
def test_tatham_numbers_above_the_grid_size_read_and_write_back(
        ident: str, grid: list[list[int]]) -> None:
    inst = _read("tatham", ident)
    assert [list(row) for row in inst.grid] == grid
    assert _write("tatham", inst) == ident


# --- puzz.link ------------------------------------------------------------------------------

def test_puzzlink_multi_digit_numbers() -> None:
    inst = make_instance([[35, 36, 1295], [10, 1, 71]])
    url = _write("puzzlink", inst)
    # columns first, then rows; 36..1295 are '-' and two base-36 digits
    assert url == "https://puzz.link/p?hitori/3/2/z-10-zza1-1z"
    assert _read("puzzlink", url) == inst
    assert _read("puzzlink", "hitori/3/2/z-10-zza1-1z") == inst
    assert _read("puzzlink", "http://pzv.jp/p.html?hitori/3/2/z-10-zza1-1z") == inst
    assert _read("puzzlink", "hitori/3/2/z-10-zza1-1z/") == inst
    # pzprjs reads a '-' number below 36 too
    assert _read("puzzlink", "hitori/2/1/-011").grid == ((1, 1),)


@pytest.mark.parametrize("text, message", [
    ("hitori/4/4/111414233321421", "column 27: puzz.link: the grid data has 15 cells, "
                                   "expected 16 (4 columns, 4 rows)"),
    ("hitori/4/4/1114142333214213x", "column 28: puzz.link: unexpected data 'x' after"),
    ("hitori/4/4/.114142333214213", "column 12, cell (1,1): puzz.link: this cell has no number"),
    ("hitori/2/1/1%", "cell (1,2): puzz.link: this cell has an unknown number ('?')"),
    ("hitori/2/1/10", "cell (1,2): puzz.link: this cell has the number 0"),
    ("hitori/2/1/1-z", "cell (1,2): puzz.link: '-' must be followed by two base-36 digits"),
    ("hitori/2/1/1A", "cell (1,2): puzz.link: unexpected 'A' in the grid"),
    ("https://puzz.link/p?tents/2/1/11", "column 21: puzz.link: expected a hitori URL"),
    ("hitori/0/4/1", "puzz.link: 0 columns is out of range"),
    ("hitori/x/4/1", "number of columns 'x' is not a number"),
    ("hitori/4", "the grid size is missing"),
])
def test_bad_puzzlink_urls_give_precise_errors(text: str, message: str) -> None:
    assert message in _error("puzzlink", text)


def test_puzzlink_cannot_write_huge_numbers() -> None:
    with pytest.raises(InputError, match=r"puzz\.link cannot hold the number 1296"):
        _write("puzzlink", make_instance([[1296]]))


# --- detection and inline strings ----------------------------------------------------------

@pytest.mark.parametrize("text, fmt", [
    # the square form 'N:...' could also be Futoshiki's ('unequal'), so it needs the type
    (SEED_TEXT, "text"), (SEED_LP, "facts"), (SEED_ID, "tatham"),
    ("hitori:5:" + ID_5X5[6:], "tatham"),
    ("https://puzz.link/p?hitori/4/4/1114142333214213", "puzzlink"),
    ("hitori/4/4/1114142333214213", "puzzlink"), ("singles:" + ID_5X5, "tatham"),
    ("hitori:" + SEED_ID, "tatham"),
])
def test_formats_are_detected(text: str, fmt: str) -> None:
    loaded = aspuzzle.loads(text)
    assert (loaded.puzzle.name, loaded.format) == ("hitori", fmt)


# --- property tests -------------------------------------------------------------------------

@st.composite
def grids(draw: st.DrawFn, min_size: int = 1, max_size: int = 7, top: int = 9999,
          square_top: bool = False) -> HitoriInstance:
    h = draw(st.integers(min_size, max_size))
    w = draw(st.integers(min_size, max_size))
    hi = min(max(h, w), top) if square_top else top
    values = st.one_of(st.integers(1, min(hi, 9)), st.integers(1, hi))
    rows = [[draw(values) for _ in range(w)] for _ in range(h)]
    return make_instance(rows, draw(st.sampled_from([None, "e", "k"])))


def _grids_for(fmt: str) -> st.SearchStrategy[HitoriInstance]:
    if fmt == "tatham":
        return grids(min_size=2, top=61)
    if fmt == "puzzlink":
        return grids(top=1295)
    return grids()


@SETTINGS
@given(st.data(), st.sampled_from(FORMATS))
def test_round_trip_through_every_format(data: st.DataObject, fmt: str) -> None:
    inst = data.draw(_grids_for(fmt))
    text = _write(fmt, inst)
    back = _read(fmt, text)
    assert back == inst
    if fmt in ("tatham", "puzzlink"):
        assert _write(fmt, back) == text  # byte for byte
    if fmt == "tatham":
        assert back.difficulty == inst.difficulty
    cells = inst.cells()
    shaded = frozenset(data.draw(st.sets(st.sampled_from(cells), max_size=len(cells))))
    if fmt in ("text", "facts"):
        solved = _write(fmt, inst, HitoriSolution(shaded))
        assert _read(fmt, solved) == inst
        if fmt == "text":
            assert read_text_shaded(solved) == (inst, shaded)


def _mutate(text: str, data: st.DataObject) -> str:
    return mutate(text, data, [*"0123456789azAZ#.%@-/:x ,()\n", "written", "blacked", ":-", "%*"])


@SETTINGS
@given(st.data(), st.sampled_from(FORMATS))
def test_mutated_input_gives_input_error_or_a_valid_instance(data: st.DataObject,
                                                             fmt: str) -> None:
    inst = data.draw(_grids_for(fmt))
    text = _mutate(_write(fmt, inst), data)
    try:
        back = _read(fmt, text)
    except InputError as e:
        assert str(e) and "\n" not in str(e)
        return
    HITORI.validate(back)


@SETTINGS
@given(st.one_of(st.text(max_size=200),
                 st.text(alphabet="0123456789 #\n\t.-/:xdekz%@()written,", max_size=120)),
       st.sampled_from(FORMATS))
def test_random_text_gives_input_error(text: str, fmt: str) -> None:
    try:
        inst = _read(fmt, text)
    except InputError as e:
        assert str(e) and "\n" not in str(e)
        return
    HITORI.validate(inst)


@SETTINGS
@given(st.from_regex(re.compile(r"[0-9]{1,3}(x[0-9]{1,3})?(d[a-z])?:[0-9a-zA-Z]{0,40}"),
                     fullmatch=True))
@example("2x05:1111111111")  # a size with a leading zero (hypothesis found it)
def test_random_tatham_like_ids_give_input_error(text: str) -> None:
    try:
        inst = _read("tatham", text)
    except InputError:
        return
    # written back in Tatham's canonical form: WxH, sizes without leading zeros (his reader,
    # atoi, also takes "05")
    size = re.match(r"(\d+)(?:x(\d+))?", text)
    assert size is not None
    w, h = int(size[1]), int(size[2] or size[1])
    assert _write("tatham", inst) == f"{w}x{h}{text[size.end():]}"
