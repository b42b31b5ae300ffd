"""Each Futoshiki rule file on its own: boards where it applies (exact sets) and boards where it
must not.

A rule is grounded alone (with board.lp and show.lp), so that what it reports is its own doing.
Puzzles are written in the text format; boards in the state format (the player's digits and
pencil marks such as ``[12]``).
"""

from __future__ import annotations

from importlib.resources import files

import pytest

from aspuzzle.explain import Board, Kind
from aspuzzle.explain.rules import by_name
from aspuzzle.puzzles.futoshiki.formats import read_text
from aspuzzle.puzzles.futoshiki.reasoning import FutoshikiReasoner, read_board
from aspuzzle.puzzles.futoshiki.rules import CATALOGUE, TIERS

Key = tuple[int, int, int]

EMPTY4 = ". . . .\n. . . .\n. . . .\n. . . .\n"


def evaluate(rule: str, puzzle: str, state: str | None = None
             ) -> tuple[set[tuple[Key, str]], set[object]]:
    """(keys set, where the contradiction fires) of one rule on a board of a puzzle."""
    info = by_name(CATALOGUE, rule)
    assert info is not None, rule
    inst = read_text(puzzle)
    board = read_board(state, inst)[0] if state is not None else Board({})
    rs = FutoshikiReasoner(inst, rules=(info,))
    hits = rs._all_hits(board, late=True)  # the late rules (pairs, sets, chains) too
    assert all(h.rule.id == info.id for h in hits)
    sets = {s for h in hits for s in h.sets if board.cells.get(s[0]) != s[1]}
    fired = {str(h.where) for h in hits if h.rule.kind is Kind.CONTRADICTION}
    return sets, fired


def no(*keys: Key) -> set[tuple[Key, str]]:
    return {(k, "no") for k in keys}


def yes(*keys: Key) -> set[tuple[Key, str]]:
    return {(k, "yes") for k in keys}


def test_every_rule_file_has_a_header_naming_its_predicates() -> None:
    pkg = files("aspuzzle.puzzles.futoshiki.rules")
    names = ["board", "reproof"] + [r.id for r in CATALOGUE if r.kind is not Kind.CASE]
    for name in names:
        text = pkg.joinpath(f"{name}.lp").read_text()
        assert text.startswith("% " if name in ("board", "reproof") else "%! name: "), name
        assert "% Input" in text and "% Output" in text, name


def test_the_catalogue_names_each_rule_once_and_tiers_them() -> None:
    ids = [r.id for r in CATALOGUE]
    assert len(ids) == len(set(ids))
    assert set(TIERS) == set(ids)
    assert {i for i, t in TIERS.items() if str(t) == "case"} == {"cell_candidates",
                                                                "digit_places"}
    assert all(r.sheet for r in CATALOGUE)


# --- direct rules -----------------------------------------------------------------------------

def test_naked_single_places_the_last_candidate_and_strikes_it_from_the_column() -> None:
    sets, _ = evaluate("Naked Single", "1 2 3 .\n. . . .\n. . . .\n. . . .\n")
    assert sets == yes((1, 4, 4)) | no((2, 4, 4), (3, 4, 4), (4, 4, 4))


def test_naked_single_reads_pencil_marks() -> None:
    sets, _ = evaluate("Naked Single", EMPTY4, "[3] . . .\n. . . .\n. . . .\n. . . .\n")
    # (1,1) is 3: its row and column lose 3
    assert sets == yes((1, 1, 3)) | no((1, 2, 3), (1, 3, 3), (1, 4, 3), (2, 1, 3), (3, 1, 3),
                                       (4, 1, 3))


def test_naked_single_does_not_fire_with_two_candidates_left() -> None:
    assert evaluate("Naked Single", "1 2 . .\n. . . .\n. . . .\n. . . .\n")[0] == set()
    assert evaluate("Naked Single", EMPTY4)[0] == set()


def test_hidden_single_in_a_row_and_a_column() -> None:
    # 1 is in rows 2-4 at columns 1-3: row 1 and column 4 have one place left for 1, (1,4)
    puzzle = ". . . .\n1 . . .\n. 1 . .\n. . 1 .\n"
    sets, _ = evaluate("Hidden Single", puzzle)
    assert sets == yes((1, 4, 1)) | no((1, 4, 2), (1, 4, 3), (1, 4, 4))
    info = by_name(CATALOGUE, "hidden_single")
    assert info is not None
    rs = FutoshikiReasoner(read_text(puzzle), rules=(info,))
    assert sorted(str(h.where) for h in rs.hits(Board({}))) == ["in(col(4),1)",
                                                                "in(row(1),1)"]


def test_hidden_single_does_not_fire_on_an_empty_grid() -> None:
    assert evaluate("Hidden Single", EMPTY4)[0] == set()


def test_inequality_chain_bounds_both_ends_of_a_chain_of_two_signs() -> None:
    sets, _ = evaluate("Inequality Chain", ". > . > . .\n. . . .\n. . . .\n. . . .\n")
    # (1,1) > (1,2) > (1,3): (1,1) >= 3 and (1,3) <= 2; the middle cell is left to other rules
    assert sets == no((1, 1, 1), (1, 1, 2), (1, 3, 3), (1, 3, 4))


def test_inequality_chain_follows_signs_around_corners() -> None:
    # (1,1) > (2,1) > (2,2) > (3,2): (1,1) is 4 at least, (3,2) 1 at most
    puzzle = ". . . .\nv\n. > . . .\n    v\n. . . .\n. . . .\n"
    sets, _ = evaluate("Inequality Chain", puzzle)
    assert no((1, 1, 1), (1, 1, 2), (1, 1, 3), (3, 2, 2), (3, 2, 3), (3, 2, 4)) <= sets


def test_inequality_chain_leaves_a_single_sign_alone() -> None:
    assert evaluate("Inequality Chain", ". > . . .\n. . . .\n. . . .\n. . . .\n")[0] == set()


def test_relative_size_across_a_sign() -> None:
    # (1,1) > (1,2), and (1,2) can only be 3 or 4: (1,1) is 4; and (1,2) < (1,1) <= 4
    puzzle = ". > . . .\n. . . .\n. . . .\n. . . .\n"
    sets, _ = evaluate("Relative Size", puzzle, "[1234] > [34] . .\n. . . .\n. . . .\n. . . .\n")
    assert sets == no((1, 1, 1), (1, 1, 2), (1, 1, 3), (1, 2, 4))


def test_relative_size_with_a_digit_on_one_side() -> None:
    sets, _ = evaluate("Relative Size", ". < 2 . .\n. . . .\n. . . .\n. . . .\n")
    assert sets == no((1, 1, 3), (1, 1, 4))


def test_relative_size_does_nothing_where_nothing_is_known() -> None:
    # a sign with every digit possible on both sides: only the extreme digits go
    sets, _ = evaluate("Relative Size", ". > . . .\n. . . .\n. . . .\n. . . .\n")
    assert sets == no((1, 1, 1), (1, 2, 4))
    assert evaluate("Relative Size", EMPTY4)[0] == set()


ADJ4 = "# futoshiki 4x4 adjacent\n1 | . . .\n. . . .\n. . . .\n. . . .\n"


def test_adjacent_bar_keeps_the_digits_next_to_the_neighbours() -> None:
    sets, _ = evaluate("Adjacent Bar", ADJ4)
    # (1,1) = 1 and a bar to (1,2): (1,2) is 2
    assert sets == no((1, 2, 3), (1, 2, 4))


def test_no_bar_rules_out_the_digits_next_to_the_neighbour() -> None:
    sets, _ = evaluate("No Bar", "# futoshiki 4x4 adjacent\n2 . . .\n. . . .\n. . . .\n"
                                 ". . . .\n")
    # (1,1) = 2 without bars: (1,2) and (2,1) are neither 1 nor 3
    assert sets == no((1, 2, 1), (1, 2, 3), (2, 1, 1), (2, 1, 3))


def test_bar_rules_need_adjacent_mode_and_marks() -> None:
    assert evaluate("No Bar", "2 . . .\n. . . .\n. . . .\n. . . .\n")[0] == set()
    assert evaluate("Adjacent Bar", "# futoshiki 4x4 adjacent\n" + EMPTY4)[0] == set()


def test_naked_pair() -> None:
    sets, _ = evaluate("Naked Pair", EMPTY4, "[12] [12] . .\n. . . .\n. . . .\n. . . .\n")
    assert sets == no((1, 3, 1), (1, 3, 2), (1, 4, 1), (1, 4, 2))


def test_naked_pair_needs_the_same_two_candidates() -> None:
    assert evaluate("Naked Pair", EMPTY4, "[12] [13] . .\n. . . .\n. . . .\n. . . .\n")[0] \
        == set()


def test_hidden_pair() -> None:
    # 3 and 4 can only go in (1,1) and (1,2) of row 1: those cells hold nothing else
    sets, _ = evaluate("Hidden Pair", EMPTY4, ". . [12] [12]\n. . . .\n. . . .\n. . . .\n")
    assert sets == no((1, 1, 1), (1, 1, 2), (1, 2, 1), (1, 2, 2))


def test_hidden_pair_needs_two_digits_with_the_same_two_places() -> None:
    assert evaluate("Hidden Pair", EMPTY4, ". . [12] [13]\n. . . .\n. . . .\n. . . .\n")[0] \
        == set()


# --- contradiction rules ----------------------------------------------------------------------

@pytest.mark.parametrize(("rule", "puzzle", "state", "where"), [
    ("No Candidate", EMPTY4, "[] . . .\n. . . .\n. . . .\n. . . .\n", "cell(1,1)"),
    ("No Place", EMPTY4, "[234] [234] [234] [234]\n. . . .\n. . . .\n. . . .\n",
     "in(row(1),1)"),
    ("Digit Twice", EMPTY4, "1 . . 1\n. . . .\n. . . .\n. . . .\n", "twice(row(1),1)"),
    ("Broken Sign", ". > . . .\n. . . .\n. . . .\n. . . .\n",
     "1 > 2 . .\n. . . .\n. . . .\n. . . .\n", "sign((1,1),(1,2))"),
    ("Broken Sign", ". > . . .\n. . . .\n. . . .\n. . . .\n",
     "[12] > [34] . .\n. . . .\n. . . .\n. . . .\n", "sign((1,1),(1,2))"),
    ("Broken Bar", "# futoshiki 4x4 adjacent\n. | . . .\n. . . .\n. . . .\n. . . .\n",
     "1 | 3 . .\n. . . .\n. . . .\n. . . .\n", "bar((1,1),(1,2))"),
    ("Missing Bar", "# futoshiki 5x5 adjacent\n" + ". . . . .\n" * 5,
     "1 2 . . .\n" + ". . . . .\n" * 4, "nobar((1,1),(1,2))"),
])
def test_contradiction_fires(rule: str, puzzle: str, state: str, where: str) -> None:
    sets, fired = evaluate(rule, puzzle, state)
    assert sets == set()
    assert fired == {where}


@pytest.mark.parametrize(("rule", "puzzle", "state"), [
    ("No Candidate", EMPTY4, "[1] . . .\n. . . .\n. . . .\n. . . .\n"),
    ("No Place", EMPTY4, "[234] [234] [234] .\n. . . .\n. . . .\n. . . .\n"),
    ("Digit Twice", EMPTY4, "1 . . 2\n. . . .\n. . . .\n. . . .\n"),
    ("Broken Sign", ". > . . .\n. . . .\n. . . .\n. . . .\n",
     "[13] > [23] . .\n. . . .\n. . . .\n. . . .\n"),
    ("Broken Bar", "# futoshiki 4x4 adjacent\n. | . . .\n. . . .\n. . . .\n. . . .\n",
     "1 | 2 . .\n. . . .\n. . . .\n. . . .\n"),
    ("Missing Bar", "# futoshiki 5x5 adjacent\n" + ". . . . .\n" * 5,
     "1 3 . . .\n" + ". . . . .\n" * 4),
    ("Missing Bar", "# futoshiki 5x5 adjacent\n. | . . . .\n" + ". . . . .\n" * 4,
     "1 | 2 . . .\n" + ". . . . .\n" * 4),
])
def test_contradiction_does_not_fire(rule: str, puzzle: str, state: str) -> None:
    assert evaluate(rule, puzzle, state)[1] == set()


def test_no_contradiction_on_an_empty_grid() -> None:
    for r in CATALOGUE:
        if r.kind is Kind.CONTRADICTION:
            assert evaluate(r.name, ". > . . .\n. . . .\n. . . .\n. . . .\n")[1] == set()
