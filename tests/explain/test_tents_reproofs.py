"""Tents re-proofs answered from a proof of uniqueness give the answers of a solve each.

A step on a board that extends one with exactly one solution S is re-proven without a solve of
its own: its cells by S, its links by the links every pairing of S's tents has (proven once by
the solver). These tests compare every such answer with the solve it saves.
"""

from __future__ import annotations

from typing import Any

import pytest

from aspuzzle.explain import Board, explain
from aspuzzle.explain.steps import Link
from aspuzzle.puzzles.tents.model import TentsInstance
from aspuzzle.puzzles.tents.reasoning import Sets, TentsReasoner
from aspuzzle.puzzles.tents.tatham import read_tatham
from tests.conftest import DATA, read_jsonl

# Four trees around a grass cell, a tent in each corner: the tents are unique, each tree has
# two tents next to it, and they pair in two ways (clockwise or not).
RING = TentsInstance(3, 3, frozenset({(1, 2), (2, 3), (3, 2), (2, 1)}), (2, 0, 2), (2, 0, 2))


class _Solving(TentsReasoner):
    """Never answers from a known solution: every re-proof is a solve."""

    def _known_solution(self, board: Board) -> tuple[bool, Board | None]:
        return False, None


class _Compared(TentsReasoner):
    """Checks every re-proof against a reasoner that solves for each."""

    def __init__(self, inst: TentsInstance) -> None:
        super().__init__(inst)
        self.plain = _Solving(inst)
        self.links_checked = 0

    def entails(self, board: Board, sets: Sets, links: tuple[Link, ...]) -> bool:
        got = super().entails(board, sets, links)
        assert got == self.plain.entails(board, sets, links), (board, sets, links)
        self.links_checked += bool(links)
        return got

    def refutes(self, board: Board) -> bool:
        got = super().refutes(board)
        assert got == self.plain.refutes(board)
        return got


def test_links_of_a_pairing_that_is_not_unique_are_not_forced() -> None:
    rs = TentsReasoner(RING)
    sol = rs.solution_hint(Board({}))
    assert sol is not None and len(sol.links) == 4
    assert rs._forced_links(sol) == frozenset()
    board = Board(dict(sol.cells))
    for link in sorted(sol.links):
        assert not rs.entails(board, (), (link,))
        # one link fixes the pairing: the others then follow
        fixed = Board(dict(sol.cells), frozenset({link}))
        assert rs.entails(fixed, (), tuple(sorted(sol.links - {link})))


def test_a_unique_pairing_is_forced_link_by_link() -> None:
    record = next(r for r in read_jsonl(DATA / "tents" / "tatham.jsonl")
                  if r["id"].startswith("10x10"))
    inst = read_tatham(record["id"])
    rs, plain = TentsReasoner(inst), _Solving(inst)
    sol = rs.solution_hint(Board({}))
    assert sol is not None
    forced = rs._forced_links(sol)
    board = Board(dict(sol.cells))
    for link in sorted(sol.links):
        assert (link in forced) == plain.entails(board, (), (link,))


@pytest.mark.parametrize("size", ["8x8", "10x10"])
def test_every_reproof_of_an_explanation_is_what_a_solve_says(size: str) -> None:
    record: dict[str, Any] = next(r for r in read_jsonl(DATA / "tents" / "tatham.jsonl")
                                  if r["id"].startswith(size))
    inst = read_tatham(record["id"])
    rs = _Compared(inst)
    e = explain(inst, reasoner=rs)
    assert e.solved and rs.links_checked > 0
    assert e.steps == explain(inst, reasoner=_Solving(inst)).steps
