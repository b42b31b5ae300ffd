"""The kit's shared codecs of Tatham's one-character numbers and pzprjs's base-36 numbers
(kit/codecs.py): exact round trips, errors at their place."""

from __future__ import annotations

import pytest

from aspuzzle.errors import InputError, Location
from aspuzzle.kit.codecs import (
    ALPHABET,
    Token,
    read_1cell,
    read_alphabet,
    read_number16_ex,
    read_number36,
    write_1cell,
    write_alphabet,
    write_number36,
)


def test_alphabet_round_trip() -> None:
    rows = [[1, 9, 10], [35, 36, 61]]
    text = write_alphabet(rows, "demo")
    assert text == "19azAZ"
    assert read_alphabet(text) == [1, 9, 10, 35, 36, 61]
    assert read_alphabet("1-\u0663") == [1, 0, 0]
    assert len(ALPHABET) == 61
    with pytest.raises(InputError, match=r"cell \(2,1\): Tatham's demo cannot hold the number 62"):
        write_alphabet([[1], [62]], "demo")


def _at(i: int, cell: tuple[int, int] | None) -> Location:
    return Location(1, i + 1, cell=cell)


def test_number36_round_trip() -> None:
    seen: list[Token] = []
    got = read_number36("z-10-zza", 2, 2, _at, lambda t, where: seen.append(t))
    assert got == seen == [35, 36, 1295, 10]
    assert write_number36([[35, 36], [1295, 10]]) == "z-10-zza"
    assert read_number36(".%", 2, 1, _at, lambda t, where: None) == [None, "?"]
    with pytest.raises(InputError, match=r"cell \(1,2\): puzz.link cannot hold the number 1296"):
        write_number36([[1, 1296]])


@pytest.mark.parametrize(("body", "error"), [
    ("1-x", "line 1, column 2, cell (1,2): puzz.link: '-' must be followed by two base-36 digits"),
    ("1!", "line 1, column 2, cell (1,2): puzz.link: unexpected '!' in the grid"),
    ("1", "line 1, column 2: puzz.link: the grid data has 1 cells, expected 2"),
    ("123", "line 1, column 3: puzz.link: unexpected data '3' after the grid"),
])
def test_number36_errors(body: str, error: str) -> None:
    with pytest.raises(InputError) as e:
        read_number36(body, 2, 1, _at, lambda t, where: None)
    assert str(e.value).startswith(error)


def test_1cell_round_trip() -> None:
    flags = [True, False, False, True] + [False] * 20 + [True]
    text = write_1cell(flags)
    assert read_1cell(text + "rest", len(flags), lambda i: Location(1, i + 1)) == \
        ([0, 3, 24], len(text))
    with pytest.raises(InputError, match="column 2: unexpected character '!'"):
        read_1cell("0!", 9, lambda i: Location(1, i + 1))


def test_number16_ex_reads_the_clues_and_says_where_they_end() -> None:
    seen: list[tuple[int, Token]] = []
    clues, used = read_number16_ex("1-1f.j" + "zz", 6, lambda i: Location(1, i + 1),
                                   lambda k, t, where: seen.append((k, t)))
    assert (clues, used) == ([1, 31, ".", None, None, None], 6)  # the run ends at the 6th
    assert seen == [(0, 1), (1, 31), (2, ".")]
    with pytest.raises(InputError, match="column 1: unexpected character '\\+'"):
        read_number16_ex("+123", 2, lambda i: Location(1, i + 1))
