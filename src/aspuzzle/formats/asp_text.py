"""Program text from users (raw ASP in a logic-grid file, a rule file) read as clingo's lexer
reads it: which parts are code, and what clingo must never be given.

- A NUL character ends the text where clingo's C interface reads it: the rules after it would be
  dropped without a word, and the puzzle solved without them.
- A character other than ASCII in code (outside quoted strings and comments) is a lexer error
  that clingo reports byte by byte: its message then holds part of a UTF-8 sequence, and the
  clingo Python module, decoding the message for its logger, raises inside C code that may not
  raise, which aborts the process ("PANIC: exception in nothrow scope").

Both are refused by :func:`unsafe_char`, with the line and column, before clingo sees the text.
Code is told apart from strings and comments as clingo 5's lexer does (:func:`code_spans`), so
that a check of the code (e.g. the logic-grid language's ban on ``#include``) sees what clingo
will read as code, no more and no less.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

__all__ = ["code_spans", "unsafe_char"]

_SPECIAL = re.compile(r'["%#]')
"""Where a string or a comment may start."""


def code_spans(text: str, limit: int | None = None) -> Iterator[tuple[int, int]]:
    """The parts of ``text[:limit]`` that clingo reads as code, as (start, end) indices: what is
    left without its strings and comments.

    - A string is ``"..."`` on one line whose only escapes are ``\\"``, ``\\\\`` and ``\\n``;
      anything else that starts with a quote (``"a\\tb"``, a quote left open) is no string:
      clingo reports the quote and reads on from the next character as code.
    - A comment is ``%`` or ``#!`` to the end of its line, or ``%* ... *%``. Block comments
      nest (``%* a %* b *% c *%`` is one comment), and inside one a ``%`` not followed by
      ``*`` hides the rest of its line, a ``*%`` there too."""
    end = len(text) if limit is None else limit
    i = start = 0
    while True:
        m = _SPECIAL.search(text, i, end)
        if m is None:
            break
        i = m.start()
        ch = text[i]
        if ch == '"':
            after = _string_end(text, i, end)
        elif ch == "%":
            after = _block_end(text, i, end) if text.startswith("%*", i) else \
                _line_end(text, i, end)
        else:
            after = _line_end(text, i, end) if text.startswith("#!", i) else None
        if after is None:  # a quote that opens no string, a '#' that opens no comment: code
            i += 1
            continue
        if start < i:
            yield start, i
        i = start = after
    if start < end:
        yield start, end


def unsafe_char(text: str) -> tuple[int, int, str] | None:
    """The first character of ``text`` that clingo must not be given (see the module), as
    (line, column, why), both counted from 1; None if there is none."""
    nul = text.find("\x00")
    if not text.isascii():
        for start, end in code_spans(text, None if nul < 0 else nul):
            for i in range(start, end):
                if not text[i].isascii():
                    return (*_place(text, i), f"the character {_name(text[i])} is not ASP "
                                              "(outside quotes and comments a program is ASCII)")
    if nul >= 0:
        return (*_place(text, nul), "a NUL character")
    return None


def _string_end(text: str, i: int, limit: int) -> int | None:
    """Where the string opened at ``i`` ends, after its closing quote; None if clingo reads no
    string there (see :func:`code_spans`)."""
    j = i + 1
    while j < limit:
        ch = text[j]
        if ch == '"':
            return j + 1
        if ch == "\n":
            return None
        if ch == "\\":
            if j + 1 >= limit or text[j + 1] not in '"\\n':
                return None
            j += 2
        else:
            j += 1
    return None


def _block_end(text: str, i: int, limit: int) -> int:
    """Where the block comment opened at ``i`` ends (``limit`` if it does not)."""
    depth, i = 1, i + 2
    while i < limit:
        if text.startswith("*%", i):
            depth, i = depth - 1, i + 2
            if not depth:
                return i
        elif text.startswith("%*", i):
            depth, i = depth + 1, i + 2
        elif text[i] == "%":
            i = _line_end(text, i, limit)
        else:
            i += 1
    return limit


def _line_end(text: str, i: int, limit: int) -> int:
    """Where the line comment at ``i`` ends: at its line's end."""
    end = text.find("\n", i, limit)
    return limit if end < 0 else end


def _place(text: str, i: int) -> tuple[int, int]:
    return text.count("\n", 0, i) + 1, i - text.rfind("\n", 0, i)


def _name(ch: str) -> str:
    return f"U+{ord(ch):04X}" if not ch.isprintable() or ch.isspace() else \
        f"'{ch}' (U+{ord(ch):04X})"


_IDENT = re.compile(rb"-?\s*(_*[a-z]['A-Za-z0-9_]*)")


def predicate_names(text: str) -> frozenset[str]:
    """The names of the predicates a program's atoms use (heads, bodies, conditions,
    ``#show``/``#project`` signatures); empty if it does not parse."""
    return frozenset(name for name, _ in _atom_places(text) or ())


def rename_own_atoms(text: str, keep: frozenset[str], prefix: str = "u_") -> str:
    """``text`` with every predicate whose name is not in ``keep`` renamed ``prefix + name``,
    every line and every other character where it was (so that clingo's messages name the
    user's lines). Atoms of a user's own (``n :- story(...)``, ``doubt``) then never meet the
    predicates that the package's other programs define (an explanation's ``doubt/0``,
    ``paired/4``, ...), and the program means what the user wrote. Text that does not parse is
    returned as it is: clingo says what is wrong with it."""
    places = _atom_places(text)
    if not places:
        return text
    data = text.encode("utf-8")
    cuts = sorted({at for name, at in places if name not in keep})
    if not cuts:
        return text
    add = prefix.encode()
    out, last = [], 0
    for at in cuts:
        out += [data[last:at], add]
        last = at
    out.append(data[last:])
    return b"".join(out).decode("utf-8")


def _atom_places(text: str) -> list[tuple[str, int]] | None:
    """(predicate name, byte offset of the name) of every atom and signature in ``text``."""
    from clingo import ast

    data = text.encode("utf-8")
    starts = [0] + [i + 1 for i, b in enumerate(data) if b == 0x0A]
    places: list[tuple[str, int]] = []

    def offset(loc: ast.Location) -> int:
        return starts[loc.begin.line - 1] + loc.begin.column - 1

    def name_at(at: int, name: str) -> None:
        m = _IDENT.match(data, at)
        if m is not None and m.group(1).decode() == name:
            places.append((name, m.start(1)))

    class Atoms(ast.Transformer):
        def visit_SymbolicAtom(self, x: ast.AST) -> ast.AST:
            s = x.symbol
            inner = s.argument if s.ast_type == ast.ASTType.UnaryOperation else s
            if inner.ast_type == ast.ASTType.Pool and inner.arguments:
                inner = inner.arguments[0]
            if inner.ast_type == ast.ASTType.Function and inner.name:
                name_at(offset(s.location), inner.name)
            return x

    def statement(stm: ast.AST) -> None:
        if stm.ast_type in (ast.ASTType.ShowSignature, ast.ASTType.ProjectSignature):
            begin, end = offset(stm.location), \
                starts[stm.location.end.line - 1] + stm.location.end.column - 1
            pattern = rb"(?<![A-Za-z0-9_'])" + re.escape(stm.name.encode()) + rb"\s*/"
            m = re.compile(pattern).search(data, begin, end)
            if m is not None:
                places.append((stm.name, m.start()))
            return
        Atoms()(stm)

    try:
        ast.parse_string(text, statement, logger=lambda code, message: None)
    except RuntimeError:
        return None
    return places
