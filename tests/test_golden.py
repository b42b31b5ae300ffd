"""What the program says about a fixed set of puzzles stays what it said (``tests/golden.py``):
explanations and LEGUP proofs of every example and corpus puzzle, and seeded generator output.
A deliberate change re-records them (``python -m tests.golden --record``) and names itself in
its commit message."""

from __future__ import annotations

from tests.golden import compare


def test_explanations_proofs_and_generated_puzzles_are_as_recorded() -> None:
    diffs = compare()
    assert not diffs, "\n".join(diffs[:20]) + \
        "\n(a deliberate change: python -m tests.golden --record, and say so in the commit)"
