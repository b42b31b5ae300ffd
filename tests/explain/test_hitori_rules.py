"""Each Hitori rule file alone, on small boards where it must fire (exact cells) or must not.

A board is written in the player's text format (``5#`` shaded, ``5o`` unshaded, a bare number
unknown). Every step a rule offers is also re-proven against the game's rules here.
"""

from __future__ import annotations

from aspuzzle.explain import Board, Kind, Step
from aspuzzle.explain.rules import by_name
from aspuzzle.puzzles.hitori.reasoning import HitoriReasoner, read_marks
from aspuzzle.puzzles.hitori.rules import CATALOGUE, TIERS

Cell = tuple[int, int]
S, U = "shaded", "unshaded"


def _run(text: str, rule_id: str) -> tuple[HitoriReasoner, Board, list[Step], list[Step]]:
    inst, marks = read_marks(text)
    rule = by_name(CATALOGUE, rule_id)
    assert rule is not None and rule.id == rule_id
    rs = HitoriReasoner(inst, rules=[rule])
    board = Board(marks)
    ev = rs.evaluate(board)
    return rs, board, list(ev.direct), list(ev.contradictions)


def fires(text: str, rule_id: str) -> set[tuple[Cell, str]]:
    """What the rule sets on the board (the union of its instances), each instance re-proven."""
    rs, board, direct, contradictions = _run(text, rule_id)
    assert not contradictions
    out: set[tuple[Cell, str]] = set()
    for step in direct:
        assert step.rule_id == rule_id and step.kind is Kind.DIRECT and step.text
        assert rs.entails(board, step.sets), step.text
        out |= set(step.sets)
    return out


def broken(text: str, rule_id: str) -> list[Step]:
    rs, board, direct, contradictions = _run(text, rule_id)
    assert not direct
    for step in contradictions:
        assert step.kind is Kind.CONTRADICTION and step.text
        assert rs.refutes(board), step.text
    return contradictions


def test_the_catalogue_has_a_file_per_direct_and_contradiction_rule_and_tiers() -> None:
    for rule in CATALOGUE:
        if rule.kind is Kind.CASE:
            assert rule.file is None
            assert TIERS[rule.id] == "case"
        else:
            assert rule.file is not None and rule.file.is_file()
            text = rule.file.read_text()
            assert "% Input" in text and "% Output" in text
            assert TIERS[rule.id] == "direct"
        assert rule.sheet and rule.summary
    assert {r.id for r in CATALOGUE} == set(TIERS)


# --- patterns of the numbers ------------------------------------------------------------------

def test_unique_number() -> None:
    assert fires("1 1 2\n3 1 4", "unique_number") == {((1, 3), U), ((2, 1), U), ((2, 3), U)}
    assert fires("1 1 2o\n3 1 4", "unique_number") == {((2, 1), U), ((2, 3), U)}
    assert fires("1 1\n1 1", "unique_number") == set()


def test_adjacent_triplet_in_a_row_and_a_column() -> None:
    assert fires("2 2 2 1\n1 3 4 2", "triplet") == {
        ((1, 1), S), ((1, 3), S), ((1, 2), U), ((2, 1), U), ((2, 3), U), ((1, 4), U)}
    assert fires("5 1\n5 2\n5 3", "triplet") == {((1, 1), S), ((3, 1), S), ((2, 1), U),
                                                  ((1, 2), U), ((3, 2), U)}
    assert fires("2 2 3 2\n1 3 4 2", "triplet") == set()


def test_sandwich() -> None:
    assert fires("1 2 1\n3 4 5", "sandwich") == {((1, 2), U)}
    assert fires("1 2\n3 4\n1 5", "sandwich") == {((2, 1), U)}
    assert fires("1 1 2\n3 4 5", "sandwich") == set()
    assert fires("1 2o 1\n3 4 5", "sandwich") == set()


def test_pair_induction() -> None:
    assert fires("3 3 1 3\n1 2 4 5", "pair_induction") == {((1, 4), S), ((1, 3), U),
                                                              ((2, 4), U)}
    assert fires("3 3 1 4\n1 2 4 5", "pair_induction") == set()
    # the copy is in the column of a vertical pair
    assert fires("7 1\n7 2\n3 4\n7 5", "pair_induction") == {((4, 1), S), ((3, 1), U),
                                                             ((4, 2), U)}


def test_quad_corner() -> None:
    assert fires("1 1 2\n3 3 4\n5 6 7", "quad_corner") == {
        ((1, 1), S), ((2, 2), S), ((1, 2), U), ((2, 1), U), ((2, 3), U), ((3, 2), U)}
    assert fires("1 3 2\n1 3 4\n5 6 7", "quad_corner") == {
        ((1, 1), S), ((2, 2), S), ((1, 2), U), ((2, 1), U), ((2, 3), U), ((3, 2), U)}
    assert fires("1 2 2\n3 3 4\n5 6 7", "quad_corner") == set()


def test_triple_corner_with_the_apex_in_the_corner_or_inside() -> None:
    assert fires("1 1 2\n1 3 4\n5 6 7", "triple_corner") == {((1, 1), S), ((1, 2), U),
                                                             ((2, 1), U)}
    assert fires("2 1 3\n1 1 4\n5 6 7", "triple_corner") == {
        ((2, 2), S), ((1, 2), U), ((2, 1), U), ((2, 3), U), ((3, 2), U)}
    # the bottom right corner
    assert fires("7 6 5\n4 3 1\n2 1 1", "triple_corner") == {((3, 3), S), ((3, 2), U),
                                                             ((2, 3), U)}
    assert fires("1 1 2\n3 1 4\n5 6 7", "triple_corner") == set()


def test_double_corner() -> None:
    assert fires("1 1 2\n3 4 5\n6 7 8", "double_corner") == {((2, 1), U)}
    # a domino of the corner's neighbour and the inner cell, seen from both top corners
    assert fires("2 1 3\n4 1 5\n6 7 8", "double_corner") == {((2, 1), U), ((2, 3), U)}
    assert fires("1 2 3\n4 5 6\n7 8 9", "double_corner") == set()
    assert fires("1 1 2\n3o 4 5\n6 7 8", "double_corner") == set()


def test_offset_pair() -> None:
    # 1s at (1,1) (1,5), 7s at (2,1) (2,4): (1,4) and (2,5) touch both far ends
    assert fires("1 2 3 4 1 6\n7 8 9 7 5 10", "offset_pair") == {((1, 4), U), ((2, 5), U)}
    # the pair itself side by side is fine as long as the offset copy is not b1
    assert fires("1 1 2\n3 4 3", "offset_pair") == {((1, 3), U), ((2, 2), U)}
    assert fires("1 2 1\n3 4 5", "offset_pair") == set()


# --- rules on the marks ---------------------------------------------------------------------

def test_next_to_shaded() -> None:
    assert fires("1 2 3\n4 5# 6\n7 8 9", "next_to_shaded") == {
        ((1, 2), U), ((2, 1), U), ((2, 3), U), ((3, 2), U)}
    assert fires("1 2o 3\n4 5# 6\n7 8 9", "next_to_shaded") == {
        ((2, 1), U), ((2, 3), U), ((3, 2), U)}
    assert fires("1 2 3\n4 5o 6\n7 8 9", "next_to_shaded") == set()


def test_shade_the_copies_and_unshade_around_them() -> None:
    assert fires("1o 2 1\n3 4 5\n1 6 7", "shade_copies") == {
        ((1, 3), S), ((3, 1), S), ((1, 2), U), ((2, 3), U), ((2, 1), U), ((3, 2), U)}
    assert fires("1o 2 1#\n3 4 5o\n1 6 7", "shade_copies") == {
        ((3, 1), S), ((2, 1), U), ((3, 2), U)}
    assert fires("1 2 1\n3 4 5\n1 6 7", "shade_copies") == set()


def test_one_way_out() -> None:
    assert fires("1 2# 3 4\n5# 6o 7# 8o\n9 10 11 12", "one_way_out") == {((3, 2), U)}
    # the only unshaded cell may be the whole unshaded area: nothing follows
    assert fires("1 2# 3 4\n5# 6o 7# 8\n9 10 11 12", "one_way_out") == set()
    assert fires("1 2# 3 4\n5 6o 7# 8o\n9 10 11 12", "one_way_out") == set()


def test_no_isolation_against_the_border() -> None:
    grid = "1 2 3 4\n5# 6 7 8\n9 10 11 12\n13 14 15 16"
    assert fires(grid, "no_isolation") == {((1, 2), U)}
    chain = "1 2# 3 4 5\n6 7 8# 9 10\n11 12 13 14 15\n16 17 18 19 20\n21 22 23 24 25"
    assert fires(chain, "no_isolation") == {((1, 4), U), ((2, 1), U)}
    # in a grid of two rows a diagonal of two shaded cells crosses from edge to edge
    assert fires("1 2 3 4\n5# 6 7 8", "no_isolation") == {((1, 2), U)}


def test_no_isolation_does_not_look_for_rings_inside_the_grid() -> None:
    ring = "1 2 3 4 5\n6 7 8# 9 10\n11 12# 13 14# 15\n16 17 18 19 20\n21 22 23 24 25"
    assert fires(ring, "no_isolation") == set()
    assert fires("1 2 3\n4 5 6\n7 8 9", "no_isolation") == set()


# a ring of shaded cells inside the grid, one corner short: shading (4,3) would close it around
# (3,3) (each shaded number has a copy in its row, so a solution agrees with the board)
RING = "1 2 3 4 5\n6 7 6# 9 10\n11 11# 13 14# 14\n16 17 18 19 20\n21 22 23 24 25"


LONG_RING = ("1 2 3 4 5 6 7\n8 9 10 8# 12 13 14\n15 16 15# 18 15# 20 21\n22 28# 24 25 26 27 28\n"
             "29 30 29# 32 29# 34 35\n36 37 38 36# 40 41 42\n43 44 45 46 47 48 49")


def test_closed_ring_inside_the_grid() -> None:
    assert fires(RING, "closed_ring") == {((4, 3), U)}
    assert fires(RING, "no_isolation") == set()
    # a longer chain: (3,5) (2,4) (3,3) (4,2) (5,3) (6,4) (5,5) around five cells; (4,4), with
    # four shaded corners, would close smaller rings
    assert fires(LONG_RING, "closed_ring") == {((4, 4), U), ((4, 6), U)}
    assert fires(LONG_RING, "no_isolation") == set()
    # two shaded corners that no chain joins close nothing
    apart = "1 2 3 4 5\n6 7 6# 9 10\n11 12 13 14# 14\n16 17 18 19 20\n21 22 23 24 25"
    assert fires(apart, "closed_ring") == set()
    assert fires("1 2 3\n4 5 6\n7 8 9", "closed_ring") == set()


def test_closed_ring_words() -> None:
    _, _, direct, _ = _run(RING, "closed_ring")
    (step,) = direct
    assert step.rule_id == "closed_ring" and step.sets == (((4, 3), U),)
    assert step.text == ("shading (4,3) would join the shaded cells (2,3) (3,2) (3,4) into a "
                         "ring around (3,3), which would be cut off from the rest of the "
                         "unshaded area; so (4,3) is unshaded.")
    _, _, direct, _ = _run(LONG_RING, "closed_ring")
    (step,) = [s for s in direct if s.sets == (((4, 6), U),)]
    assert step.text == ("shading (4,6) would join the shaded cells (2,4) (3,3) (3,5) (4,2) "
                         "(5,3) (5,5) (6,4) into a ring around (3,4) (4,3) (4,4) (4,5) (5,4), "
                         "which would be cut off from the rest of the unshaded area; so (4,6) "
                         "is unshaded.")
    assert [u.cells for u in step.uses] == [
        ((4, 6),), ((2, 4), (3, 3), (3, 5), (4, 2), (5, 3), (5, 5), (6, 4)),
        ((3, 4), (4, 3), (4, 4), (4, 5), (5, 4))]


# --- contradictions ---------------------------------------------------------------------------

def test_touching_shaded_cells() -> None:
    (step,) = broken("1# 2#\n3 4", "touching_shaded")
    assert step.uses[0].cells == ((1, 1), (1, 2))
    assert broken("1# 2\n3 4#", "touching_shaded") == []


def test_repeated_number() -> None:
    (step,) = broken("1o 2\n1o 3", "repeated_number")
    assert "column 1" in step.text
    assert broken("1o 1#\n2 3", "repeated_number") == []


def test_cut_off_area() -> None:
    (step,) = broken("1 2# 3\n4# 5 6\n7 8 9", "cut_off")
    assert step.uses[0].cells == ((1, 1),)
    assert broken("1 2# 3\n4 5 6\n7 8 9", "cut_off") == []
    # a lone unknown cell walled in is cut off too (it ends unshaded: it touches a shaded cell)
    (step,) = broken("1 2 3\n4 5# 6\n7# 8 9#\n10 11# 12", "cut_off")
    assert step.uses[0].cells == ((3, 2),)


# --- the case rule ----------------------------------------------------------------------------

def test_cases_split_unknown_cells_most_constrained_first() -> None:
    from aspuzzle.explain import Evaluation

    inst, marks = read_marks("1 1 2\n3 4# 5\n6 7 8")
    rs = HitoriReasoner(inst)
    board = Board(marks)
    cases = rs.cases(Evaluation(board, (), ()))
    assert len(cases) == 8 and all(c.rule_id == "shaded_or_unshaded" for c in cases)
    assert [len(c.branches) for c in cases] == [2] * 8
    # (1,2) repeats and touches the shaded cell: it comes first
    assert cases[0].branches[0][1] == (((1, 2), S),)
    assert cases[0].branches[1][1] == (((1, 2), U),)
