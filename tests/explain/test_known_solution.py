"""Shortcuts the generators' grading takes must not change an explanation.

* A logic-grid reasoner given the puzzle's solution (proven unique, as the generator's attempt
  proves it) re-proves each step from that solution instead of solving: the explanation is the
  same, step by step, as the one whose every step clingo re-proves, and the game is not
  grounded for it.
* The Hitori reasoner reads the atoms its rules show from their text: explanations are the same
  as when every atom is read term by term (a case split included).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

import aspuzzle
from aspuzzle.explain import Explanation, explain, staged
from aspuzzle.generator import generate_one, make_request
from aspuzzle.puzzles.logicgrid.reasoning import LogicGridReasoner
from tests.conftest import EXAMPLES


def _steps(e: Explanation) -> list[Any]:
    return [s.to_json(e.encode) for s in e.steps]


@pytest.mark.parametrize(("size", "tier", "seed"), [("4x4", "direct", 1), ("4x4", "case", 2)])
def test_logicgrid_steps_re_proven_from_the_solution_are_the_same(size: str, tier: str,
                                                                   seed: int) -> None:
    g = generate_one(make_request("logicgrid", size=size, difficulty=tier), seed)
    inst = g.loaded.instance
    known = LogicGridReasoner(inst, solution=g.solution)
    with_solution = explain(g.loaded, reasoner=known)
    solved = explain(g.loaded, reasoner=LogicGridReasoner(inst))
    assert with_solution.solved and with_solution.tier == tier
    assert _steps(with_solution) == _steps(solved)
    if tier == "direct":  # every board agreed with the solution: no solve of the game
        assert known._game_program is None


def test_logicgrid_with_raw_asp_grounds_the_game_at_once() -> None:
    # (an error in the raw ASP is said when the reasoner is made; without raw ASP the game is
    # grounded when first solved)
    inst = aspuzzle.load(EXAMPLES / "logicgrid" / "boys-in-the-hood-seed.logic").instance
    assert LogicGridReasoner(inst)._game_program is not None
    inst = aspuzzle.load(EXAMPLES / "logicgrid" / "boys-in-the-hood.logic").instance
    assert LogicGridReasoner(inst)._game_program is None


@pytest.mark.parametrize("name", ["seed-6x6.txt", "tatham-10x10dk.txt"])
def test_hitori_atoms_read_from_text_or_term_by_term_alike(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    loaded = aspuzzle.load(EXAMPLES / "hitori" / name)
    from_text = explain(loaded)
    monkeypatch.setattr(staged, "_SHOWN", re.compile(r"(?!)"))  # matches nothing
    by_terms = explain(loaded)
    assert from_text.solved
    assert _steps(from_text) == _steps(by_terms)


def test_hitori_generated_case_puzzle_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    g = generate_one(make_request("hitori", size="5x5", difficulty="case"), 3)
    from_text = explain(g.loaded)
    monkeypatch.setattr(staged, "_SHOWN", re.compile(r"(?!)"))
    by_terms = explain(g.loaded)
    assert from_text.tier == "case"
    assert _steps(from_text) == _steps(by_terms)
