"""Shared pieces of the one-line formats: Simon Tatham game IDs and puzz.link URLs.

Both readers take a text that holds one ID or URL (comment lines starting with ``#`` and blank
lines allowed) and report errors at the exact line and column of the offending character.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from aspuzzle.errors import InputError, Location

__all__ = ["At", "one_line", "read_puzzlink_size", "read_tatham_params", "split_game_id"]

At = Callable[[int], Location]
"""Where the i-th character of the ID or URL is in the input."""

_MAX_DIGITS = 6
# [0-9], not \d: \d also matches the digits of other scripts
_PARAMS = re.compile(r"([0-9]+)(?:x([0-9]+))?(?:d(.?))?")


def one_line(text: str, what: str, thing: str) -> tuple[str, int, int]:
    """The one line of a text that holds the ID or URL: (it, line number, column of its start).

    ``what`` prefixes messages ("tents ID", "puzz.link"); ``thing`` names it ("game ID").
    """
    found: list[tuple[str, int, int]] = []
    for lineno, raw in enumerate(text.splitlines(), 1):
        stripped = raw.strip()
        if stripped and not stripped.startswith("#"):
            found.append((stripped, lineno, raw.index(stripped) + 1))
    if not found:
        raise InputError(f"{what}: empty input")
    if len(found) > 1:
        raise InputError(f"{what}: expected one {thing} on one line, found more lines",
                         Location(found[1][1], found[1][2]))
    return found[0]


def split_game_id(ident: str, what: str, at: At) -> tuple[str, str, int]:
    """``params:desc`` -> (params, desc, offset of desc in the ID)."""
    if "#" in ident and ":" not in ident:
        raise InputError(f"{what}: this is a random-seed ID ('#'), not a game ID; "
                         "use the ID with ':' that the game shows under 'Game > Specific'",
                         at(ident.index("#")))
    params, sep, desc = ident.partition(":")
    if not sep:
        raise InputError(f"{what}: no ':' between the parameters and the description", at(0))
    return params, desc, len(params) + 1


def read_tatham_params(params: str, what: str, at: At, *, difficulties: dict[str, str],
                       min_size: int, max_size: int) -> tuple[int, int, str | None]:
    """``W[xH][dX]`` -> (width, height, difficulty letter or None), checked against limits."""
    m = _PARAMS.fullmatch(params)
    letters = ", ".join(f"WxHd{d}" for d in difficulties)
    if m is None:
        raise InputError(f"{what}: parameters '{params[:30]}' are not WxH or {letters}", at(0))
    w_str, h_str, diff = m.group(1), m.group(2), m.group(3)
    for s in (w_str, h_str or ""):
        if len(s) > _MAX_DIGITS:
            raise InputError(f"{what}: grid size '{s[:20]}' is far too large", at(0))
    width = int(w_str)
    height = int(h_str) if h_str is not None else width
    if diff is not None and diff not in difficulties:
        shown = f"'{diff}'" if diff else "nothing"
        known = ", ".join(f"{d} = {name}" for d, name in difficulties.items())
        raise InputError(f"{what}: unknown difficulty {shown} after 'd' ({known})",
                         at(params.index("d") + 1))
    if width < min_size or height < min_size:
        raise InputError(f"{what}: a {width}x{height} grid is too small: width and height "
                         f"must both be at least {min_size}", at(0))
    if width > max_size or height > max_size:
        raise InputError(f"{what}: a {width}x{height} grid is too large: width and height "
                         f"must both be at most {max_size}", at(0))
    return width, height, diff or None


def read_puzzlink_size(url: str, pid: str, max_size: int, at: At) -> tuple[int, int, str, int]:
    """``[...?]PID/COLS/ROWS/BODY`` -> (cols, rows, body, offset of body in the URL)."""
    start = url.index("?") + 1 if "?" in url else 0
    parts = url[start:].split("/")
    if parts[0] != pid:
        shown = f"'{parts[0][:30]}'" if parts[0] else "nothing"
        raise InputError(f"puzz.link: expected a {pid} URL ({pid}/COLS/ROWS/...), "
                         f"found puzzle type {shown}", at(start))
    if len(parts) < 3:
        raise InputError(f"puzz.link: expected {pid}/COLS/ROWS/... (the grid size is missing)",
                         at(len(url)))
    offset = start + len(pid) + 1
    size: list[int] = []
    for what, part in (("columns", parts[1]), ("rows", parts[2])):
        if not re.fullmatch(r"[0-9]{1,6}", part):
            raise InputError(f"puzz.link: number of {what} '{part[:20]}' is not a number",
                             at(offset))
        n = int(part)
        if not 1 <= n <= max_size:
            raise InputError(f"puzz.link: {n} {what} is out of range (1..{max_size})",
                             at(offset))
        size.append(n)
        offset += len(part) + 1
    return size[0], size[1], "/".join(parts[3:]), offset
