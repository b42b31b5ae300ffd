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
    legup: str = ""
    """What LEGUP itself will show for the transition when the file is opened: ``green``,
    ``red``, ``unchecked`` (shown green, but LEGUP drops the lines a transition draws when it
    loads the file, so it checks nothing), ``unjustified`` (no rule named); "" where the type
    does not predict LEGUP's verdict."""
    legup_text: str = ""
    """LEGUP's reason, in our words, when it is not green."""

    def to_json(self) -> dict[str, Any]:
        out = {"node": self.node, "transition": self.transition, "rule": self.rule,
               "rule_id": self.rule_id, "valid": self.valid, "text": self.text}
        if self.legup:
            out.update(legup=self.legup, legup_text=self.legup_text)
        return out


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
    legup: str = ""
    """What LEGUP's Check will say of the proof: ``solved``, ``not solved``, ``cannot open``
    (LEGUP refuses to load the file); "" where the type does not predict it."""
    legup_text: str = ""
    """Why LEGUP will not call it solved."""

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
                "verdicts": [v.to_json() for v in self.verdicts],
                **({"legup": self.legup, "legup_text": self.legup_text} if self.legup else {})}

    def render(self) -> str:
        lines = [f"{self.puzzle}: {len(self.verdicts)} transitions, depth {self.depth}"]
        for v in self.verdicts:
            mark = "ok " if v.valid else "BAD"
            seen = f"[LEGUP {v.legup}{': ' + v.legup_text if v.legup_text else ''}] " \
                if v.legup else ""
            lines.append(f"  {mark} {seen}node {v.node} -> transition {v.transition} "
                         f"[{v.rule or 'no rule'}]: {v.text}")
        lines += [f"  note: {n}" for n in self.notes]
        for node in self.open_branches:
            lines.append(f"  unfinished: the branch ending at node {node} is neither solved "
                         "nor closed by a contradiction")
        if self.legup == "solved":
            lines.append("LEGUP: every transition green, and its Check will say the puzzle is "
                         "solved.")
        elif self.legup:
            lines.append(f"LEGUP: {self.legup}: {self.legup_text}")
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
