"""What a LEGUP proof check finds, for every puzzle type: one verdict per transition and the
report of a whole proof tree (``check-proof``, ``grade``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["ProofReport", "Verdict"]


@dataclass(frozen=True)
class Verdict:
    """The judgement of one transition."""

    node: str
    transition: str
    rule: str
    rule_id: str
    valid: bool
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"node": self.node, "transition": self.transition, "rule": self.rule,
                "rule_id": self.rule_id, "valid": self.valid, "text": self.text}


@dataclass(frozen=True)
class ProofReport:
    """What :func:`check_proof` found."""

    puzzle: str
    """"TreeTent 8x8"."""
    verdicts: tuple[Verdict, ...]
    complete: bool
    """Every branch ends solved or closed by a valid contradiction."""
    open_branches: tuple[str, ...]
    """Node ids where a branch ends neither solved nor closed."""
    depth: int
    """The most transitions on one path from the root."""
    notes: tuple[str, ...] = field(default=())

    @property
    def invalid(self) -> tuple[Verdict, ...]:
        return tuple(v for v in self.verdicts if not v.valid)

    @property
    def valid(self) -> bool:
        return not self.invalid

    @property
    def solved(self) -> bool:
        """A complete and valid proof."""
        return self.valid and self.complete

    def to_json(self) -> dict[str, Any]:
        return {"puzzle": self.puzzle, "solved": self.solved, "valid": self.valid,
                "complete": self.complete, "transitions": len(self.verdicts),
                "depth": self.depth, "invalid": len(self.invalid),
                "open_branches": list(self.open_branches), "notes": list(self.notes),
                "verdicts": [v.to_json() for v in self.verdicts]}

    def render(self) -> str:
        lines = [f"{self.puzzle}: {len(self.verdicts)} transitions, depth {self.depth}"]
        for v in self.verdicts:
            mark = "ok " if v.valid else "BAD"
            lines.append(f"  {mark} node {v.node} -> transition {v.transition} "
                         f"[{v.rule or 'no rule'}]: {v.text}")
        lines += [f"  note: {n}" for n in self.notes]
        for node in self.open_branches:
            lines.append(f"  unfinished: the branch ending at node {node} is neither solved "
                         "nor closed by a contradiction")
        if self.solved:
            lines.append("Verdict: the proof is valid and complete.")
        elif self.valid:
            lines.append("Verdict: every transition is valid, but the proof is not complete.")
        else:
            n = len(self.invalid)
            lines.append(f"Verdict: the proof is not valid ({n} invalid transition"
                         f"{'' if n == 1 else 's'})"
                         + ("." if self.complete else " and not complete."))
        return "\n".join(lines)
