"""Every registered puzzle type is complete: examples that solve uniquely and verify."""

from __future__ import annotations

from pathlib import Path

import pytest

import aspuzzle
from aspuzzle.puzzles import REGISTRY, get_puzzle
from tests.conftest import EXAMPLES

EXAMPLE_FILES = sorted(p for p in EXAMPLES.glob("*/*") if p.is_file() and p.suffix != ".md")


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_every_type_has_examples_and_formats(name: str) -> None:
    puzzle = REGISTRY[name]
    assert list((EXAMPLES / name).glob("*")), f"no examples for {name}"
    assert puzzle.formats, name
    assert get_puzzle(name) is puzzle
    for alias in puzzle.aliases:
        assert get_puzzle(alias) is puzzle


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_example_solves_uniquely_and_verifies(path: Path) -> None:
    loaded = aspuzzle.load(path)
    assert loaded.puzzle.name == path.parent.name
    result = aspuzzle.solve(loaded)
    assert result.status is aspuzzle.Status.UNIQUE, path
    assert loaded.puzzle.verify(loaded.instance, result.solutions[0]) == []
    # the JSON form reads back to the same solution
    data = loaded.puzzle.solution_to_json(result.solutions[0])
    assert loaded.puzzle.solution_from_json(loaded.instance, data) == result.solutions[0]
