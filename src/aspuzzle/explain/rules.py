"""Rule catalogues: the named reasoning rules of a puzzle type, one ``.lp`` file per rule.

Every puzzle type lists its rules as :class:`RuleInfo` records in order of preference (an
explanation takes the first direct rule that applies). Direct and contradiction rules are ASP
programs in the type's ``rules/`` package, named after the rule's id; case rules have no file:
the type's reasoner enumerates their branches.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from importlib.resources.abc import Traversable

from aspuzzle.explain.steps import Kind
from aspuzzle.puzzles.base import lp_file

__all__ = ["RuleInfo", "by_name", "norm", "rule_files"]


@dataclass(frozen=True)
class RuleInfo:
    id: str
    """A stable identifier, also the rule file's name: ``naked_single``."""
    name: str
    """The name human solvers use: "Naked Single"."""
    kind: Kind
    sheet: str
    """Where the rule comes from: LEGUP's rule-sheet number, Tatham's deduction name, ...
    ("" if nothing more to say)."""
    summary: str
    package: str = ""
    """The package that holds the rule's ``.lp`` file."""
    tier: str = ""
    """The rule's difficulty tier when its file says one (``direct``, ``case``, ``nested``);
    empty: as :func:`aspuzzle.difficulty.rule_tier` lists it, or by its kind."""
    says: str = ""
    """The sentence of a step of the rule, a template filled by the kit's reasoner
    (:mod:`aspuzzle.kit.rulefile`); empty for rules whose type words its steps in Python."""
    legup_ref: str = ""
    """The LEGUP rule this rule is (its id and name, ``LTUP-BASC-0004 Finish with Bulbs``)."""

    @property
    def file(self) -> Traversable | None:
        """The rule's ASP program (case rules have none: they enumerate branches)."""
        if self.kind is Kind.CASE or not self.package:
            return None
        return lp_file(self.package, f"{self.id}.lp")


def norm(name: str) -> str:
    return " ".join(name.replace("_", " ").replace("-", " ").lower().split())


def by_name(catalogue: Sequence[RuleInfo], name: str) -> RuleInfo | None:
    """A rule by its name or identifier, in any case ("Naked Single", "naked_single",
    "naked-single")."""
    key = norm(name)
    for r in catalogue:
        if key in (norm(r.id), norm(r.name)):
            return r
    return None


def rule_files(rules: Sequence[RuleInfo]) -> tuple[Traversable, ...]:
    """The ASP programs of the given rules (case rules have none)."""
    return tuple(f for r in rules if (f := r.file) is not None)
