"""LEGUP proofs for teachers: judge a student's Tree Tent proof tree transition by transition,
grade a class folder, and write our explanations as LEGUP proofs.

>>> import aspuzzle
>>> from aspuzzle.legup import check_text, export_proof
>>> proof = export_proof(aspuzzle.load("examples/tents/seed-6x6.txt"))
>>> report = check_text(proof)
>>> report.solved, len(report.verdicts)
(True, 16)

The XML format itself (the puzzle, a player's board) is :mod:`aspuzzle.puzzles.tents.legup`.
"""

from __future__ import annotations

from aspuzzle.legup.catalogue import LEGUP_RULES, LegupRule
from aspuzzle.legup.check import ProofReport, Verdict, check_proof, check_text
from aspuzzle.legup.export import export_proof

__all__ = ["LEGUP_RULES", "LegupRule", "ProofReport", "Verdict", "check_proof", "check_text",
           "export_proof"]
