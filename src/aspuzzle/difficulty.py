"""Difficulty tiers: the weakest kind of reasoning that explains a puzzle (as in Tatham's
collection, where a puzzle's level is the weakest set of deductions that solves it).

The tiers, easiest first, kept in this one place for the explainer and the generators:

* ``direct``: direct rules only (each step follows from the board by one named rule);
* ``case``: at least one case split whose branches need only direct rules;
* ``nested``: a case split inside a branch of another case split.

A rule's own tier is what its record says (:func:`rule_tiers`, from the type's catalogue: a kit
rule file's ``tier`` field, else ``case`` for a case rule and ``direct`` for any other); the tier
of an explanation is the deepest case split nesting among its steps (:func:`tier_of`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

__all__ = ["SCORE_WEIGHTS", "Grade", "Tier", "grade", "rate", "rule_counts",
           "rule_tier", "rule_tiers", "score", "tier_of"]


class Tier(StrEnum):
    DIRECT = "direct"
    CASE = "case"
    NESTED = "nested"

    @property
    def rank(self) -> int:
        return _ORDER.index(self)

    @property
    def max_depth(self) -> int:
        """How deeply case splits may nest at this tier."""
        return self.rank

    @classmethod
    def parse(cls, value: Tier | str) -> Tier:
        """A tier by its name, in any case (``Tier.parse("Case")``); a UsageError naming the
        tiers for anything else."""
        if isinstance(value, Tier):
            return value
        try:
            return cls(str(value).strip().lower())
        except ValueError:
            from aspuzzle.errors import UsageError

            raise UsageError(f"unknown tier {value!r}; choose one of "
                             + ", ".join(str(t) for t in _ORDER)) from None

    @classmethod
    def from_depth(cls, depth: int) -> Tier:
        return _ORDER[min(depth, len(_ORDER) - 1)]


_ORDER = (Tier.DIRECT, Tier.CASE, Tier.NESTED)

_RULE_TIERS: dict[str, dict[str, Tier]] = {}


def _own_tier(rule: Any) -> Tier:
    """A rule's tier as its record says it (the kit's rule files may), else by its kind:
    ``case`` for a case rule, ``direct`` for any other (contradiction rules close branches and
    are available at every tier)."""
    own = getattr(rule, "tier", "")
    if own:
        return Tier.parse(own)
    return Tier.CASE if str(rule.kind) == "case" else Tier.DIRECT


def rule_tiers(type_name: str) -> dict[str, Tier]:
    """The tier of every rule of a puzzle type, read from its catalogue (empty for a type
    without rules)."""
    if type_name not in _RULE_TIERS:
        from aspuzzle.errors import UsageError
        from aspuzzle.puzzles import get_puzzle

        try:
            catalogue = get_puzzle(type_name).reasoning().catalogue
        except UsageError:
            catalogue = ()
        _RULE_TIERS[type_name] = {r.id: _own_tier(r) for r in catalogue}
    return _RULE_TIERS[type_name]


def rule_tier(type_name: str, rule: Any) -> Tier:
    """The tier of one rule (an object with ``id`` and ``kind``): as listed for its type
    (:func:`rule_tiers`), else ``case`` for a case rule and ``direct`` for any other."""
    listed = rule_tiers(type_name).get(rule.id)
    if listed is not None:
        return listed
    return _own_tier(rule)


def tier_of(steps: Iterable[Any], type_name: str | None = None) -> Tier:
    """The tier of a list of explanation steps (objects with a ``depth``: nesting of splits):
    the deepest nesting of splits, and with ``type_name`` at least the tier of every rule
    applied (:func:`rule_tiers`, inside branches too), so that a puzzle that needs a rule of
    tier ``case`` is not called ``direct`` when it takes no split: the tier stays the weakest
    set of rules that explains the puzzle, which the generator's tiers compare."""
    steps = list(steps)
    tier = Tier.from_depth(max((int(s.depth) for s in steps), default=0))
    if type_name is not None:
        listed = rule_tiers(type_name)
        for s in _walk(steps):
            own = listed.get(s.rule_id or s.rule)
            if own is not None and own.rank > tier.rank:
                tier = own
    return tier


def rate(loaded: Any) -> Tier | None:
    """The tier needed to explain a loaded puzzle completely; ``None`` if no tier suffices
    (the explanation gets stuck, or the puzzle has no unique solution)."""
    g = grade(loaded)
    return g.tier if g.graded else None


@dataclass(frozen=True)
class Grade:
    """How hard a puzzle is, measured with the explain engine (see :func:`grade`)."""

    status: str
    """The explanation's status: ``solved`` (graded), ``not unique``, ``contradiction`` (no
    solution), ``stuck`` (unique, but beyond every tier's rules)."""
    tier: Tier | None
    """The weakest tier whose rules explain the puzzle completely (``None`` unless solved)."""
    rules: dict[str, int]
    """How often each rule (by id) was applied, inside case splits' branches too."""
    score: int
    """Orders puzzles within a tier (see :func:`score`); 0 unless solved."""
    steps: int
    """Steps of the explanation at the top level."""
    explanation: Any = None
    """The :class:`aspuzzle.explain.Explanation` graded."""

    @property
    def graded(self) -> bool:
        return self.status == "solved"

    def to_json(self) -> dict[str, Any]:
        return {"status": self.status, "tier": str(self.tier) if self.tier else None,
                "score": self.score, "steps": self.steps, "rules": dict(sorted(self.rules.items()))}


def _walk(steps: Iterable[Any]) -> Iterable[Any]:
    for s in steps:
        yield s
        for b in getattr(s, "branches", ()):
            yield from _walk(b.steps)
            if b.closed_by is not None:
                yield b.closed_by


def rule_counts(steps: Iterable[Any]) -> dict[str, int]:
    """How often each rule (by id) is applied in the steps, branches and their closing
    contradictions included."""
    out: dict[str, int] = {}
    for s in _walk(steps):
        key = s.rule_id or s.rule
        out[key] = out.get(key, 0) + 1
    return out


SCORE_WEIGHTS = {"direct": 1, "case": 10, "nested": 100}
"""Points per applied rule by the kind of reasoning: a direct step 1, a case split 10, a case
split nested inside another's branch 100 (see :func:`score`)."""


def score(steps: Iterable[Any]) -> int:
    """A number that orders puzzles of one tier by how much reasoning they take: every direct
    step and every contradiction that closes a branch counts 1, every case split 10, and a case
    split inside a branch of another case split 100 (:data:`SCORE_WEIGHTS`). Steps inside
    branches count too, so a split whose branches take long to close costs more."""
    total = 0

    def visit(items: Iterable[Any], inside: bool) -> None:
        nonlocal total
        for s in items:
            if str(s.kind) == "case":
                total += SCORE_WEIGHTS["nested" if inside else "case"]
                for b in s.branches:
                    visit(b.steps, True)
                    if b.closed_by is not None:
                        total += SCORE_WEIGHTS["direct"]
            else:
                total += SCORE_WEIGHTS["direct"]

    visit(steps, False)
    return total


def grade(loaded: Any, *, reasoner: Any = None, at_most: Tier | str = Tier.NESTED) -> Grade:
    """Grade a loaded puzzle with the explain engine: explain it at the hardest tier (which
    takes the weakest reasoning that works at every point, so the tier it reports is the
    weakest that explains the whole puzzle), count the rules it applied and score it.

    ``at_most``: explain with the reasoning of this tier at most (a generator that wants one
    tier need not search the deeper case splits of a puzzle beyond it). A puzzle of this tier
    or below gets exactly the grade it gets at the hardest tier: the explanation takes the same
    step at every point (the first direct step, else the shallowest case split, searched alike
    whatever deeper splits are allowed); a puzzle beyond it is not graded (status ``stuck``).

    >>> import aspuzzle
    >>> g = grade(aspuzzle.load("examples/tents/seed-6x6.txt"))
    >>> g.status, str(g.tier), g.score > 0
    ('solved', 'direct', True)
    """
    from aspuzzle.explain import explain

    e = explain(loaded, reasoner=reasoner, tier=at_most)
    steps = list(e.steps)
    if not e.solved:
        return Grade(e.status, None, rule_counts(steps), 0, len(steps), e)
    return Grade(e.status, Tier(e.tier), rule_counts(steps), score(steps), len(steps), e)
