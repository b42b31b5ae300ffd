"""Tents: the rules, the seed example, and the formats of the core issue."""

from __future__ import annotations

import pytest

import aspuzzle
from aspuzzle.errors import InputError
from aspuzzle.puzzles.tents import PUZZLE as TENTS
from aspuzzle.puzzles.tents import TentsInstance, TentsSolution
from tests.conftest import EXAMPLES

SEED_TENTS = [(1, 2), (1, 5), (3, 2), (3, 4), (3, 6), (5, 1), (5, 4), (6, 6)]


@pytest.mark.parametrize("name", ["seed-6x6.txt", "seed-6x6.lp"])
def test_seed_example_is_unique_with_the_right_tents(name: str) -> None:
    result = aspuzzle.solve(aspuzzle.load(EXAMPLES / "tents" / name))
    assert result.status is aspuzzle.Status.UNIQUE
    (sol,) = result.solutions
    assert sorted(sol.tents) == SEED_TENTS
    # the post's printed board has a tent at (6,1), next to no tree: ours must not
    assert (6, 1) not in sol.tents
    assert TENTS.verify(result.instance, sol) == []
    assert len(sol.pairs) == 8


def test_both_seed_formats_give_the_same_instance() -> None:
    a = aspuzzle.load(EXAMPLES / "tents" / "seed-6x6.txt").instance
    b = aspuzzle.load(EXAMPLES / "tents" / "seed-6x6.lp").instance
    assert a == b


def _solve_text(text: str, **kw: object) -> aspuzzle.Result:
    return aspuzzle.solve(aspuzzle.loads(text, type="tents"), **kw)  # type: ignore[arg-type]


def test_tent_never_on_a_tree_and_rectangular_grid() -> None:
    # 1x3: T . T with one tent per... the only free cell is the middle
    r = _solve_text("  ? ? ?\n? T . .\n")
    assert r.status is aspuzzle.Status.UNIQUE
    assert r.solutions[0].tents == frozenset({(1, 2)})


def test_one_tree_cannot_take_two_tents_in_a_line() -> None:
    # The post's disjunctive head "R1 = R2, C1 = C2" lets one tree own two tents.
    # One tree, row clue 2: two tents would be needed, but a tree takes exactly one.
    r = _solve_text("  ? ? ?\n2 . T .\n")
    assert r.status is aspuzzle.Status.NONE


def test_touching_tents_are_rejected_even_diagonally() -> None:
    # two trees; their only free neighbours touch diagonally
    r = _solve_text("  ? ?\n? T .\n? . T\n")
    # tents on (1,2) and (2,1) touch diagonally -> no solution
    assert r.status is aspuzzle.Status.NONE


def test_every_tent_has_its_own_tree() -> None:
    # one tree, two tents demanded in total by the column clues
    r = _solve_text("  1 1 ?\n? . T .\n? . . .\n")
    assert r.status is aspuzzle.Status.NONE


def test_missing_clues_put_no_constraint_on_the_line() -> None:
    r = _solve_text("  ? ?\n? T .\n")
    assert r.status is aspuzzle.Status.UNIQUE  # only (1,2) is free
    r = _solve_text("  ? ? ?\n? . T .\n")
    assert r.status is aspuzzle.Status.MULTIPLE
    assert len(r.solutions) == 2
    assert r.differences() == "tents differ at (1,1) (1,3)"


def test_pairing_uniqueness_counts_pairings() -> None:
    # two trees side by side around one... T . T in a row with clue 1: the tent between them
    # cannot serve both, so pairings matter only with two tents; use a 2x3 board
    text = "  ? ? ?\n? T . T\n? . ? .\n".replace("? . ? .", "? . . .")
    plain = aspuzzle.count(aspuzzle.loads(text, type="tents"))
    paired = aspuzzle.count(aspuzzle.loads(text, type="tents"),
                            options=aspuzzle.SolveOptions(pairing=True))
    assert paired.count >= plain.count
    assert plain.exact and paired.exact


def test_verify_rejects_broken_solutions() -> None:
    inst = aspuzzle.load(EXAMPLES / "tents" / "seed-6x6.txt").instance
    assert TENTS.verify(inst, TentsSolution(frozenset(SEED_TENTS))) == []
    bad = set(SEED_TENTS) - {(6, 6)} | {(6, 1)}
    assert TENTS.verify(inst, TentsSolution(frozenset(bad)))


@pytest.mark.parametrize("text, message", [
    ("  1 1\n3 . T\n", "row 1: clue 3 is out of range"),
    ("  1 x\n0 . T\n", "clue 'x'"),
    ("  1 1\n0 . T .\n", "row 1 has 3 cells"),
    ("  1 1\n0 . Q\n", "unknown cell 'Q'"),
    ("  1 1\n", "no grid rows"),
])
def test_bad_text_gives_clear_errors(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message.replace("(", r"\(")):
        aspuzzle.loads(text, type="tents", fmt="text")


@pytest.mark.parametrize("text, message", [
    ("#const width=2. #const height=2. tree(3,1).", "outside the 2x2 grid"),
    ("tree(1,1). tent_row(1, 5).", "out of range"),
    ("tree(1,1). tents(1,2).", "unknown predicate 'tents/2'"),
    ("tree(1,1) tree(1,2).", "cannot read fact"),
    ("tree(1,1). q :- p.", "only facts are allowed"),
    ("tree(1,1", "not terminated"),
])
def test_bad_facts_give_clear_errors(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        aspuzzle.loads(text, type="tents", fmt="facts")


def test_text_round_trip() -> None:
    inst = aspuzzle.load(EXAMPLES / "tents" / "seed-6x6.txt").instance
    for fmt in ("text", "facts"):
        f = TENTS.formats[fmt]
        assert f.write is not None
        assert aspuzzle.loads(f.write(inst, None), type="tents", fmt=fmt).instance == inst


def test_instance_is_hashable_and_frozen() -> None:
    inst = TentsInstance(1, 2, frozenset({(1, 1)}), (1,), (None, 1))
    assert hash(inst)


def test_render_writes_two_digit_column_clues_downwards() -> None:
    """Side by side, the clues 7 and 10 of neighbouring columns would read "710"."""
    from aspuzzle.puzzles.tents import PUZZLE, TentsInstance

    inst = TentsInstance(2, 3, frozenset({(1, 1)}), (1, 10), (7, 10, None))
    lines = PUZZLE.render(inst, None, ascii=True).splitlines()
    assert lines[:2] == ["      1", "    7 0 ?"]  # the 1 above the 0
    assert lines[2:] == [" 1  T . .", "10  . . ."]
    small = TentsInstance(2, 2, frozenset({(1, 1)}), (1, 0), (0, 1))
    assert PUZZLE.render(small, None, ascii=True).splitlines()[0] == "   0 1"
