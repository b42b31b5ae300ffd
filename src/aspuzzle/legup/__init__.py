"""LEGUP proofs for teachers, for every puzzle type that has them: write our explanation as a
LEGUP proof tree, judge a student's proof transition by transition, grade a class folder.

>>> import aspuzzle
>>> from aspuzzle.legup import check_text, export_proof
>>> proof = export_proof(aspuzzle.load("examples/tents/seed-6x6.txt"))
>>> report = check_text(proof)
>>> report.solved, len(report.verdicts)
(True, 16)

Each type brings its own writer and judge (:class:`aspuzzle.puzzles.base.Reasoning`'s
``export_proof`` and ``check_proof``): Tree Tent in :mod:`aspuzzle.puzzles.tents.proofs`, the
kit types in :mod:`aspuzzle.kit.legup_proof`, Sudoku in :mod:`aspuzzle.puzzles.sudoku.proof`.
"""

from __future__ import annotations

from typing import Any

from aspuzzle.errors import UsageError
from aspuzzle.legup.check import allowed_rules, check_proof, check_text, load_teacher
from aspuzzle.legup.report import ProofReport, Verdict

__all__ = ["ProofReport", "Verdict", "allowed_rules", "check_proof", "check_text",
           "export_proof", "load_teacher"]


def export_proof(loaded: Any, explanation: Any = None, *, reasoner: Any = None) -> str:
    """A LEGUP file of the loaded puzzle whose proof tree is its explanation (made here when
    not given). UsageError for a type without LEGUP proofs."""
    hook = loaded.puzzle.reasoning().export_proof
    if hook is None:
        raise UsageError(f"{loaded.puzzle.title} has no LEGUP proofs")
    text: str = hook(loaded, explanation, reasoner=reasoner)
    return text
