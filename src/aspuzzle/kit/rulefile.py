"""A kit rule is one ``.lp`` file whose header says what the rule is and how its steps read.

::

    %! name: Finish with Bulbs
    %! kind: direct
    %! legup: LTUP-BASC-0004 Finish with Bulbs
    %! summary: a number with just enough free neighbours left: they are all bulbs
    %! says: the {3} at {at} needs {missing} more bulbs and has just {count} free neighbours,
    %!       so {sets}.
    %
    % (the rule's explanation, as comments)
    sets(finish_with_bulbs, number(R, C, N), cell(R2, C2), bulb) :- ...

The fields: ``name`` (as solvers call the rule), ``kind`` (``direct``, ``contradiction`` or
``case``), ``tier`` (optional; by default a case rule is ``case`` and any other ``direct``),
``sheet`` (where the rule comes from), ``legup`` (the LEGUP rule), ``summary`` (one line for
``aspuzzle rules``), ``says`` (the sentence of a step) and ``stage`` (``late``: the rule is
evaluated only when the others find nothing, see :func:`late`), ``pattern`` (a picture of a
mined rule's pattern, ``aspuzzle rules mine``). A field may go on over the next
``%!`` lines. The sentence is a template filled from the rule instance:

* ``{1}``, ``{2}``, ... the arguments of the rule's ``Where`` term; ``{at}`` its first two as
  a cell ``(r,c)``; ``{at2}`` the next two;
* ``{sets}`` what the step sets, in words ("(1,2) (1,3) are empty"); ``{cells}`` those
  cells; ``{count}`` how many;
* ``{uses}`` the cells the rule showed as ``uses(Rule, Where, cell(R, C))``;
* any name the rule showed as ``says(Rule, Where, name, Value)``: ``{missing}`` above.
"""

from __future__ import annotations

import re
from functools import cache

from aspuzzle.errors import AspuzzleError
from aspuzzle.explain.rules import RuleInfo
from aspuzzle.explain.steps import Kind
from aspuzzle.puzzles.base import lp_file

__all__ = ["RuleFileError", "catalogue", "fill", "header", "places"]

_FIELDS = ("name", "kind", "tier", "sheet", "legup", "summary", "says", "stage", "pattern")
_FIELD = re.compile(r"%!\s*(\w+)\s*:\s?(.*)$")
_MORE = re.compile(r"%!\s+(.*)$")
_PLACE = re.compile(r"\{(\w+)\}")


class RuleFileError(AspuzzleError):
    """A rule file whose header cannot be read (a fault of the type, found by its tests)."""


def header(text: str, where: str = "rule file") -> dict[str, str]:
    """The ``%!`` fields of a rule file."""
    out: dict[str, str] = {}
    last: str | None = None
    for ln, line in enumerate(text.splitlines(), 1):
        s = line.strip()
        if not s.startswith("%!"):
            if s and not s.startswith("%"):
                break
            last = None
            continue
        m = _FIELD.match(s)
        if m and m.group(1) in _FIELDS:
            last = m.group(1)
            if last in out:
                raise RuleFileError(f"{where}, line {ln}: field '{last}' given twice")
            out[last] = m.group(2).strip()
            continue
        m2 = _MORE.match(s)
        if last is None or m2 is None:
            raise RuleFileError(f"{where}, line {ln}: expected 'FIELD: text' with a field of "
                                f"{', '.join(_FIELDS)}")
        out[last] = f"{out[last]} {m2.group(1).strip()}".strip()
    for need in ("name", "kind", "summary"):
        if need not in out:
            raise RuleFileError(f"{where}: the header has no '{need}' field")
    try:
        Kind(out["kind"])
    except ValueError:
        raise RuleFileError(f"{where}: kind '{out['kind']}' is not direct, contradiction or "
                            "case") from None
    return out


@cache
def catalogue(package: str, ids: tuple[str, ...]) -> tuple[RuleInfo, ...]:
    """The rules of ``package`` (a type's ``rules`` package) in the order given, each read
    from its file's header."""
    out = []
    for rid in ids:
        f = lp_file(package, f"{rid}.lp")
        h = header(f.read_text(), f"{package}/{rid}.lp")
        out.append(RuleInfo(rid, h["name"], Kind(h["kind"]), h.get("sheet", h.get("legup", "")),
                            h["summary"], package=package, tier=h.get("tier", ""),
                            says=h.get("says", ""), legup_ref=h.get("legup", "")))
    return tuple(out)


@cache
def late(package: str, ids: tuple[str, ...]) -> frozenset[str]:
    """The rules whose header says ``stage: late``: evaluated only on a board where the
    others find nothing to do (rules that cost more to evaluate and are needed less often)."""
    out = set()
    for rid in ids:
        f = lp_file(package, f"{rid}.lp")
        if header(f.read_text(), f"{package}/{rid}.lp").get("stage", "") == "late":
            out.add(rid)
    return frozenset(out)


_PARTS: dict[str, list[str]] = {}
"""Each template split at its places: text, name, text, ... (split once per process: a step's
words are filled at every step of an explanation)."""


def places(template: str) -> frozenset[str]:
    """The names of the template's places (a type's words need make only those)."""
    parts = _PARTS.get(template)
    if parts is None:
        parts = _PARTS[template] = _PLACE.split(template)
    return frozenset(parts[1::2])


def fill(template: str, values: dict[str, str]) -> str:
    """The template with its ``{name}`` places filled (a place with no value is left as it
    is, so that a missing value shows in the tests rather than raising)."""
    parts = _PARTS.get(template)
    if parts is None:
        parts = _PARTS[template] = _PLACE.split(template)
    out = parts[:]
    for i in range(1, len(out), 2):
        name = out[i]
        out[i] = values.get(name, "{" + name + "}")
    return "".join(out)
