"""Clues between cells in the kit's grid model (GridInstance.between, GridSpec.between)."""

from __future__ import annotations

import pytest

from aspuzzle.errors import InputError
from aspuzzle.kit.model import facts_text, make, neighbour_pairs
from aspuzzle.kit.spec import Between, CellKind, GridSpec

SPEC = GridSpec(
    name="signs", title="Signs", package="aspuzzle.puzzles.skyscrapers",
    cells=(CellKind("given", "given", low=1, high=9, off="empty"),
           CellKind("empty", "empty", ".", playable=True)),
    marks=(), answer="value", solution_key="grid", rules=(), digits=True,
    between=(Between("greater", "greater_than"), Between("bar", "adjacent", ordered=False)))

E = ("empty", None)


def test_between_clues_are_kept_sorted_in_one_spelling_and_become_facts() -> None:
    inst = make(SPEC, [[E, E], [E, ("given", 1)]],
                between=[((2, 2), (2, 1), "bar"), ((1, 2), (1, 1), "greater")])
    assert inst.between == (((1, 2), (1, 1), "greater"), ((2, 1), (2, 2), "bar"))
    assert inst.pairs("bar") == {((2, 1), (2, 2))}
    facts = facts_text(SPEC, inst)
    assert "greater_than(1,2,1,1).\n" in facts and "adjacent(2,1,2,2).\n" in facts
    assert inst != inst._replace(between=())
    assert hash(inst) == hash(make(SPEC, [[E, E], [E, ("given", 1)]],
                                   between=[((2, 1), (2, 2), "bar"), ((1, 2), (1, 1), "greater")]))


@pytest.mark.parametrize(("between", "words"), [
    ([((1, 1), (2, 2), "greater")], "not orthogonal neighbours"),
    ([((1, 2), (1, 3), "greater")], "outside the 2x2 grid"),
    ([((1, 1), (1, 2), "dot")], "no 'dot' clue"),
    ([((1, 1), (1, 2), "greater"), ((1, 2), (1, 1), "bar")], "two clues between"),
])
def test_bad_between_clues_are_one_line_errors(between: list, words: str) -> None:
    with pytest.raises(InputError, match=words):
        make(SPEC, [[E, E], [E, E]], between=between)


def test_neighbour_pairs() -> None:
    assert neighbour_pairs(2, 2) == [((1, 1), (1, 2)), ((1, 1), (2, 1)), ((1, 2), (2, 2)),
                                     ((2, 1), (2, 2))]
