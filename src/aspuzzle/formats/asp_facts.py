"""Reader and writer for the seed posts' instance style: ground ASP facts and ``#const``.

Only what an instance file in the posts contains is accepted: facts with integer (or simple
constant) arguments, ``#const name = value.``, ``#show`` lines and comments. A puzzle may list
"bridge" rules that the posts put next to their facts (the Tents post's
``cell(R, C, tree) :- tree(R, C).``); those are skipped. Anything else is an error with its line
and column, so that a file with a typo is never solved as if the typo were not there.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from aspuzzle.errors import InputError, Location

__all__ = ["Fact", "FactFile", "format_facts", "parse_facts"]

Arg = int | str


@dataclass(frozen=True)
class Fact:
    name: str
    args: tuple[Arg, ...]
    line: int
    column: int


@dataclass(frozen=True)
class FactFile:
    facts: tuple[Fact, ...]
    consts: Mapping[str, tuple[int, int, int]] = field(default_factory=dict)
    """Constant name -> (value, line, column)."""

    def of(self, name: str) -> list[Fact]:
        return [f for f in self.facts if f.name == name]


_TERM = r"-?[0-9]+|[a-z_][A-Za-z0-9_']*|\"(?:[^\"\\]|\\.)*\""
_ARGS = rf"\s*(?:{_TERM})\s*(?:,\s*(?:{_TERM})\s*)*"
_FACT = re.compile(rf"^([a-z_][A-Za-z0-9_']*)\s*(?:\(({_ARGS})\))?$")
_CONST = re.compile(r"^#const\s+([a-z_][A-Za-z0-9_']*)\s*=\s*(-?[0-9]+)$")


def _normalise(stmt: str) -> str:
    return re.sub(r"\s+", "", stmt)


def _statements(text: str) -> list[tuple[str, int, int]]:
    """Split into statements ending in '.', dropping comments. Returns (stmt, line, col)."""
    out: list[tuple[str, int, int]] = []
    i, line, col = 0, 1, 1
    buf: list[str] = []
    start: tuple[int, int] | None = None
    in_string = False
    n = len(text)
    while i < n:
        ch = text[i]
        if not in_string and ch == "%":
            if text.startswith("%*", i):
                end = text.find("*%", i + 2)
                if end < 0:
                    raise InputError("block comment '%*' is never closed", Location(line, col))
                chunk = text[i:end + 2]
                line += chunk.count("\n")
                col = len(chunk) - chunk.rfind("\n") if "\n" in chunk else col + len(chunk)
                i = end + 2
                continue
            while i < n and text[i] != "\n":
                i += 1
            continue
        if ch == '"':
            in_string = not in_string
        if start is None and not ch.isspace():
            start = (line, col)
        if ch == "." and not in_string and not (
            # a '.' inside an interval "1..5" is not the end of a statement
            (i + 1 < n and text[i + 1] == ".") or (i > 0 and text[i - 1] == ".")
        ):
            if start is None:
                raise InputError("stray '.'", Location(line, col))
            out.append(("".join(buf).strip(), start[0], start[1]))
            buf, start = [], None
        else:
            buf.append(ch)
        if ch == "\n":
            line, col = line + 1, 1
        else:
            col += 1
        i += 1
    if start is not None and "".join(buf).strip():
        raise InputError("statement is not terminated by '.'", Location(start[0], start[1]))
    return out


def parse_facts(text: str, *, predicates: Mapping[str, int], consts: Collection[str] = (),
                bridge_rules: Collection[str] = ()) -> FactFile:
    """Parse ASP facts. ``predicates`` maps each accepted predicate name to its arity."""
    facts: list[Fact] = []
    const_values: dict[str, tuple[int, int, int]] = {}
    bridges = {_normalise(r.rstrip(".")) for r in bridge_rules}
    for stmt, line, col in _statements(text):
        where = Location(line, col)
        if stmt.startswith("#const"):
            m = _CONST.match(" ".join(stmt.split()))
            if not m:
                shown = " ".join(stmt.split())[:60]
                raise InputError(f"cannot read constant definition '{shown}'", where)
            name = m.group(1)
            if len(m.group(2)) > 10:
                raise InputError(f"constant '{name}' is too large", where)
            if name not in consts:
                raise InputError(f"unknown constant '{name}' (expected: {', '.join(consts)})",
                                 where)
            const_values[name] = (int(m.group(2)), line, col)
            continue
        if stmt.startswith("#show"):
            continue
        if ":-" in stmt:
            if _normalise(stmt) in bridges:
                continue
            rule = " ".join(stmt.split())
            raise InputError(f"only facts are allowed here, not the rule '{rule}'", where)
        m = _FACT.match(stmt)
        if not m:
            raise InputError(f"cannot read fact '{' '.join(stmt.split())[:60]}'", where)
        name = m.group(1)
        raw_args = [a.strip() for a in m.group(2).split(",")] if m.group(2) else []
        if name not in predicates:
            expected = ", ".join(f"{p}/{a}" for p, a in predicates.items())
            raise InputError(f"unknown predicate '{name}/{len(raw_args)}' (expected {expected})",
                             where)
        if len(raw_args) != predicates[name]:
            raise InputError(
                f"'{name}' takes {predicates[name]} arguments, got {len(raw_args)}", where)
        args: list[Arg] = []
        for a in raw_args:
            if re.fullmatch(r"-?[0-9]+", a) and len(a) > 10:
                raise InputError(f"number '{a[:20]}' is too large", where)
            if re.fullmatch(r"-?[0-9]+", a):
                args.append(int(a))
            elif a.startswith('"'):
                args.append(a[1:-1])
            else:
                args.append(a)
        facts.append(Fact(name, tuple(args), line, col))
    return FactFile(tuple(facts), const_values)


def format_facts(consts: Mapping[str, int], facts: list[tuple[str, tuple[Arg, ...]]],
                 header: str = "") -> str:
    """Write facts one per line, ``#const`` first, in the order given."""
    lines = [f"% {h}" for h in header.splitlines()] if header else []
    lines += [f"#const {k} = {v}." for k, v in consts.items()]
    for name, args in facts:
        rendered = ", ".join(str(a) if isinstance(a, int) else a for a in args)
        lines.append(f"{name}({rendered})." if args else f"{name}.")
    return "\n".join(lines) + "\n"


def int_arg(fact: Fact, index: int, what: str) -> int:
    """The argument at ``index`` as an int, or an error naming the fact's place."""
    value = fact.args[index]
    if not isinstance(value, int):
        raise InputError(f"{fact.name}: {what} must be a number, got '{value}'",
                         Location(fact.line, fact.column))
    return value
