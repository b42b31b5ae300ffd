"""Codecs shared by the kit types' own formats: Simon Tatham's run-length cells and the
number codecs of puzz.link (pzprjs ``Encode``: ``4Cell``), each reading and writing a grid of
cells as ``(token, count)`` items so that a type names only its own tokens."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from aspuzzle.errors import InputError, Location

__all__ = ["ALPHABET", "given_or_empty", "id_line", "read_1cell", "read_4cell", "read_alphabet",
           "read_digit_grid", "read_number16", "read_number16_ex", "read_number36", "read_runs",
           "write_1cell", "write_4cell", "write_alphabet", "write_digit_grid", "write_number16",
           "write_number36", "write_runs"]

Token = int | str | None
"""A cell of a codec: a number, a one-letter code, or None (an empty/white cell)."""


def id_line(text: str) -> str:
    """The one line of a game ID or URL written with ``#`` comment lines around it (the
    text unchanged if it is not one such line)."""
    lines = [ln for ln in text.splitlines() if ln.strip() and ln.lstrip()[0] != "#"]
    return lines[0] if len(lines) == 1 else text


def given_or_empty(t: Token) -> tuple[str, int | None]:
    """A digit type's cell from a codec token: a given digit, or empty."""
    return ("empty", None) if t is None else ("given", int(t))


def read_runs(desc: str, size: int, tokens: str, where: Callable[[int], Location]) -> list[Token]:
    """Tatham's one-character-per-cell descriptions where ``a``..``z`` stand for 1..26 empty
    cells (Light Up, Singles' holes...): ``tokens`` are the other characters taken, digits
    are read as numbers."""
    out: list[Token] = []
    for i, ch in enumerate(desc):
        if len(out) >= size:
            raise InputError(f"the description is longer than {size} cells", where(i))
        if "a" <= ch <= "z":
            out += [None] * (ord(ch) - ord("a") + 1)
        elif ch.isdigit() and ch in tokens:
            out.append(int(ch))
        elif ch in tokens:
            out.append(ch)
        else:
            raise InputError(f"unexpected character '{ch}' in the description", where(i))
    if len(out) != size:
        raise InputError(f"the description has {len(out)} cells, expected {size}",
                         where(len(desc)))
    return out


def write_runs(cells: Sequence[Token]) -> str:
    """The inverse of :func:`read_runs` (runs of at most 26, as Tatham writes them)."""
    out: list[str] = []
    run = 0
    for t in cells:
        if t is None:
            if run == 26:
                out.append("z")
                run = 0
            run += 1
            continue
        if run:
            out.append(chr(ord("a") - 1 + run))
            run = 0
        out.append(str(t))
    if run:
        out.append(chr(ord("a") - 1 + run))
    return "".join(out)


def read_digit_grid(desc: str, size: int, start: int) -> list[Token]:
    """The grid of Tatham's solo and towers IDs: ``a``-``z`` 1-26 empty cells, a number written
    out, ``_`` between two numbers side by side (``start``: the column before ``desc``)."""
    out: list[Token] = []
    i = 0
    while i < len(desc):
        ch = desc[i]
        where = Location(1, start + i + 1)
        if "a" <= ch <= "z":
            out += [None] * (ord(ch) - ord("a") + 1)
        elif ch == "_":
            pass
        elif "1" <= ch <= "9":
            j = i
            while j + 1 < len(desc) and desc[j + 1].isdigit():
                j += 1
            out.append(int(desc[i:j + 1]) if j - i < 3 else 1000)
            i = j
        else:
            raise InputError(f"unexpected character '{ch}' in the grid", where)
        if len(out) > size:
            raise InputError(f"the grid is longer than {size} cells", where)
        i += 1
    if len(out) != size:
        raise InputError(f"the grid has {len(out)} cells, expected {size}",
                         Location(1, start + len(desc) + 1))
    return out


def write_digit_grid(cells: Sequence[int | None]) -> str:
    """The inverse of :func:`read_digit_grid`."""
    out: list[str] = []
    run = 0
    for d in cells:
        if d is None:
            run += 1
            continue
        if run:
            while run > 0:
                k = min(run, 26)
                out.append(chr(ord("a") - 1 + k))
                run -= k
        elif out:
            out.append("_")
        out.append(str(d))
        run = 0
    while run > 0:
        k = min(run, 26)
        out.append(chr(ord("a") - 1 + k))
        run -= k
    return "".join(out)


def read_4cell(body: str, size: int, where: Callable[[int], Location]) -> list[Token]:
    """pzprjs ``decode4Cell``: numbers 0-4 (``5``-``9`` and ``a``-``e``: the number followed
    by one or two empty cells), ``.`` a cell with a question mark (Light Up: black, no number),
    ``g``-``z`` 1-20 empty cells. Returns the cells: a number, ``"."`` or None."""
    out: list[Token] = []
    for i, ch in enumerate(body):
        if len(out) >= size:
            raise InputError(f"the URL's body is longer than {size} cells", where(i))
        if "0" <= ch <= "4":
            out.append(int(ch))
        elif "5" <= ch <= "9":
            out += [int(ch) - 5, None]
        elif "a" <= ch <= "e":
            out += [int(ch, 16) - 10, None, None]
        elif "g" <= ch <= "z":
            out += [None] * (int(ch, 36) - 15)
        elif ch == ".":
            out.append(".")
        else:
            raise InputError(f"unexpected character '{ch}' in the URL's body", where(i))
    if len(out) > size:
        out = out[:size] if all(t is None for t in out[size:]) else out
        if len(out) > size:
            raise InputError(f"the URL's body is longer than {size} cells", where(len(body)))
    return out + [None] * (size - len(out))


def write_4cell(cells: Sequence[Token]) -> str:
    """pzprjs ``encode4Cell`` (the inverse of :func:`read_4cell` on what it writes)."""
    out: list[str] = []
    count = 0
    n = len(cells)
    c = 0
    while c < n:
        t = cells[c]
        piece = ""
        if isinstance(t, int):
            if c + 1 < n and cells[c + 1] is not None:
                piece = format(t, "x")
            elif c + 2 < n and cells[c + 2] is not None:
                piece = format(5 + t, "x")
                c += 1
            else:
                piece = format(10 + t, "x")
                c += 2
        elif t == ".":
            piece = "."
        else:
            count += 1
        if count == 0:
            out.append(piece)
        elif piece or count == 20:
            out.append(_base36(count + 15) + piece)
            count = 0
        c += 1
    if count:
        out.append(_base36(count + 15))
    return "".join(out)


def _base36(n: int) -> str:
    return "0123456789abcdefghijklmnopqrstuvwxyz"[n]


_WIDTHS = {"-": 2, "+": 3}


def read_number16(body: str, size: int, where: Callable[[int], Location]) -> list[Token]:
    """pzprjs ``decodeNumber16``: a number in hex (``0``-``f``; ``-`` and two hex digits;
    ``+`` and three), ``.`` a question mark, ``g``-``z`` 1-20 empty cells. Returns the cells:
    a number, ``"."`` or None."""
    out, i = _number16(body, size, where)
    if i < len(body) or len(out) > size:
        raise InputError(f"the URL's body is longer than {size} cells", where(i))
    return out + [None] * (size - len(out))


def read_number16_ex(body: str, count: int, where: Callable[[int], Location],
                     check: Callable[[int, Token, Location], None] | None = None
                     ) -> tuple[list[Token], int]:
    """pzprjs ``decodeNumber16ExCell``: the ``count`` clues outside a grid at the start of a
    URL's body, read as :func:`read_number16` reads cells but for ``+`` (pzprjs does not read
    it there; a run of empty ones that goes past the last clue ends there), and how many
    characters they took (the rest of the body is the grid's). ``check`` is given each clue's
    index, token and place."""
    out, i = _number16(body, count, where, check, {"-": 2})
    return (out + [None] * (count - len(out)))[:count], i


def _number16(body: str, size: int, where: Callable[[int], Location],
              check: Callable[[int, Token, Location], None] | None = None,
              widths: Mapping[str, int] = _WIDTHS) -> tuple[list[Token], int]:
    """The tokens of :func:`read_number16` until ``size`` are read (a last run of empty cells
    may go past it), and the characters read. ``widths``: the hex digits after each prefix
    character that reads a longer number."""
    out: list[Token] = []
    i = 0
    while i < len(body) and len(out) < size:
        ch = body[i]
        width = widths.get(ch)
        token: Token
        if width is not None:
            digits = body[i + 1:i + 1 + width]
            if len(digits) != width or any(d not in "0123456789abcdef" for d in digits):
                raise InputError(f"'{ch}' must be followed by {width} hex digits", where(i))
            token, step = int(digits, 16), 1 + width
        elif ch in "0123456789abcdef":
            token, step = int(ch, 16), 1
        elif ch == ".":
            token, step = ".", 1
        elif "g" <= ch <= "z":
            out += [None] * (int(ch, 36) - 15)
            i += 1
            continue
        else:
            raise InputError(f"unexpected character '{ch}' in the URL's body", where(i))
        if check is not None:
            check(len(out), token, where(i))
        out.append(token)
        i += step
    return out, i


def write_number16(cells: Sequence[Token]) -> str:
    """pzprjs ``encodeNumber16`` for numbers below 4096 (the inverse of :func:`read_number16`
    on what it writes)."""
    out: list[str] = []
    count = 0
    for t in cells:
        piece = ""
        if isinstance(t, int):
            piece = (format(t, "x") if t < 16 else "-" + format(t, "02x") if t < 256
                     else "+" + format(t, "03x"))
        elif t == ".":
            piece = "."
        else:
            count += 1
        if count == 0:
            out.append(piece)
        elif piece or count == 20:
            out.append(_base36(15 + count) + piece)
            count = 0
    if count:
        out.append(_base36(15 + count))
    return "".join(out)


def read_1cell(body: str, size: int, where: Callable[[int], Location]) -> tuple[list[int], int]:
    """pzprjs ``decode1Cell``, the cells of a grid that have something (Tents: a tree), row by
    row: ``0``-``h`` (0..17) is such a cell followed by that many without, ``i``-``z``
    (18..35) 1..18 cells without; cells past the end of the body have nothing. Returns the
    indexes (0-based, row-major) of the cells that have something, and the characters read."""
    marked: list[int] = []
    cell = i = 0
    while i < len(body) and cell < size:
        ch = body[i]
        if ch not in _B36:
            raise InputError(f"unexpected character '{ch}' in the URL's body", where(i))
        v = int(ch, 36)
        if v <= _RUN_1CELL:
            marked.append(cell)
            cell += v + 1
        else:
            cell += v - _RUN_1CELL
        i += 1
    return marked, i


def write_1cell(marked: Sequence[bool]) -> str:
    """pzprjs ``encode1Cell``: the inverse of :func:`read_1cell` (one flag per cell)."""
    out: list[str] = []
    count, have = -1, False  # cells since the last marked one (-1: none yet); was there one?

    def flush() -> None:
        out.append(_B36[count] if have else _B36[count + _RUN_1CELL + 1])

    for flag in marked:
        if flag:
            if count >= 0:
                flush()
            have, count = True, 0
            continue
        count += 1
        if count == _RUN_1CELL:
            flush()
            have, count = False, -1
    if count >= 0:
        flush()
    return "".join(out)


_RUN_1CELL = 17
"""The longest run of empty cells after a marked one that one character of
:func:`read_1cell` holds."""


ALPHABET = "123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""Tatham's one character per number 1..61 (``n2c``/``c2n`` of Singles and others)."""
_ALPHABET_VALUE = {ch: i + 1 for i, ch in enumerate(ALPHABET)}
_ALPHABET_TABLE = bytes(_ALPHABET_VALUE.get(chr(i), 0) for i in range(256))


def read_alphabet(desc: str) -> list[int]:
    """Each character's number in :data:`ALPHABET`, 0 for one not in it (one bytes.translate
    for the whole description)."""
    try:
        return list(desc.encode("ascii").translate(_ALPHABET_TABLE))
    except UnicodeEncodeError:
        return [_ALPHABET_VALUE.get(ch, 0) for ch in desc]


def write_alphabet(rows: Sequence[Sequence[int]], game: str) -> str:
    """The inverse of :func:`read_alphabet`, row by row; a number without a character is an
    error at its cell."""
    out: list[str] = []
    for r, row in enumerate(rows, 1):
        for c, v in enumerate(row, 1):
            if not 1 <= v <= len(ALPHABET):
                raise InputError(f"Tatham's {game} cannot hold the number {v}: its IDs have "
                                 f"one character per cell, for 1..{len(ALPHABET)} (1-9, a-z, "
                                 "A-Z)", Location(cell=(r, c)))
            out.append(ALPHABET[v - 1])
    return "".join(out)


_B36 = "0123456789abcdefghijklmnopqrstuvwxyz"
NUMBER36_MAX = 36 * 36 - 1
"""The largest number of :func:`read_number36` ('-' and two base-36 digits)."""
_TWO36 = re.compile(r"[0-9a-z]{2}")


def read_number36(body: str, cols: int, rows: int,
                  at: Callable[[int, tuple[int, int] | None], Location],
                  check: Callable[[Token, Location], None]) -> list[Token]:
    """pzprjs's numbers of one cell each, in base 36 (``decodeHitori``): ``0``-``9``, ``a``-``z``
    a number 0..35, ``-`` and two base-36 digits one of 36..1295, ``.`` a cell without a
    number (None), ``%`` or ``@`` one with an unknown number (``"?"``). ``check`` is given each
    cell as it is read, with its place (to refuse what the type has no use for)."""
    area = cols * rows
    values: list[Token] = []
    i = 0
    while i < len(body) and len(values) < area:
        k = len(values)
        cell = (k // cols + 1, k % cols + 1)
        ch = body[i]
        value: Token
        if ch in _B36:
            value, step = int(ch, 36), 1
        elif ch == "-":
            digits = body[i + 1:i + 3]
            if not _TWO36.fullmatch(digits):
                raise InputError(f"puzz.link: '-' must be followed by two base-36 digits "
                                 f"(a number 36..1295), found '{digits}'", at(i, cell))
            value, step = int(digits, 36), 3
        elif ch in ".%@":
            value, step = None if ch == "." else "?", 1
        else:
            raise InputError(f"puzz.link: unexpected '{ch}' in the grid (use 1-9, a-z, or "
                             "'-' and two base-36 digits)", at(i, cell))
        check(value, at(i, cell))
        values.append(value)
        i += step
    if len(values) < area:
        raise InputError(f"puzz.link: the grid data has {len(values)} cells, expected "
                         f"{area} ({cols} columns, {rows} rows)", at(len(body), None))
    if i < len(body):
        raise InputError(f"puzz.link: unexpected data '{body[i:i + 20]}' after the grid",
                         at(i, None))
    return values


def write_number36(rows: Sequence[Sequence[int]]) -> str:
    """pzprjs's ``encodeHitori``: the inverse of :func:`read_number36` on numbers, row by
    row; a number past :data:`NUMBER36_MAX` is an error at its cell."""
    out: list[str] = []
    for r, row in enumerate(rows, 1):
        for c, v in enumerate(row, 1):
            if v < 36:
                out.append(_B36[v])
            elif v <= NUMBER36_MAX:
                out.append("-" + _B36[v // 36] + _B36[v % 36])
            else:
                raise InputError(f"puzz.link cannot hold the number {v}: at most "
                                 f"{NUMBER36_MAX}", Location(cell=(r, c)))
    return "".join(out)
