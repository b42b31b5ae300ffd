"""Each Tree Tent rule file on its own: boards where it applies and boards where it must not.

A rule is grounded alone (with board.lp and show.lp), so that what it reports is its own doing.
Boards are written in the text format with the player's marks: ``A`` tent, ``x`` grass.
"""

from __future__ import annotations

import re
from importlib.resources import files
from typing import Any

import pytest

from aspuzzle.explain import Board, Evaluation, Kind
from aspuzzle.puzzles.tents.formats import read_text_marks
from aspuzzle.puzzles.tents.reasoning import TentsReasoner
from aspuzzle.puzzles.tents.rules import CATALOGUE, VOCABULARY, by_name

Cell = tuple[int, int]


def evaluate(rule: str, text: str, links: tuple[tuple[Cell, Cell], ...] = ()
             ) -> tuple[set[tuple[Cell, str]], set[tuple[Cell, Cell]], set[object]]:
    """(cells set, links made, keys where the contradiction fires) of one rule on a board."""
    info = by_name(rule)
    assert info is not None
    inst, marks = read_text_marks(text)
    rs = TentsReasoner(inst, rules=(info,))
    hits = rs.hits(Board(marks, frozenset(links)))
    assert all(h.rule.id == info.id for h in hits)
    sets = {s for h in hits for s in h.sets}
    made = {lk for h in hits for lk in h.links}
    fired = {h.key for h in hits if h.rule.kind is Kind.CONTRADICTION}
    return sets, made, fired


def grass(*cells: Cell) -> set[tuple[Cell, str]]:
    return {(c, "grass") for c in cells}


def tents(*cells: Cell) -> set[tuple[Cell, str]]:
    return {(c, "tent") for c in cells}


def test_every_rule_file_has_a_header_naming_its_predicates() -> None:
    pkg = files("aspuzzle.puzzles.tents.rules")
    names = ["board", "show", "places", "room"] + [r.id for r in CATALOGUE
                                                   if r.kind is not Kind.CASE]
    for name in names:
        text = pkg.joinpath(f"{name}.lp").read_text()
        assert text.startswith("% "), name
        assert "% Output" in text, name
        if name != "show":
            assert "% Input" in text, name


def test_a_rule_is_grounded_with_the_vocabulary_its_header_names() -> None:
    pkg = files("aspuzzle.puzzles.tents.rules")
    for r in CATALOGUE:
        if r.kind is Kind.CASE:
            continue
        header = pkg.joinpath(f"{r.id}.lp").read_text().split("% Output")[0]
        named = set(re.findall(r"(\w+)\.lp's", header)) - {"board"}
        assert named == set(VOCABULARY.get(r.id, ())), r.id


# --- direct rules -----------------------------------------------------------------------------

def test_finish_with_grass() -> None:
    # row 1 needs 1 tent and has it: its unknown cells are grass; column clues are missing
    sets, _, _ = evaluate("Finish with Grass", "  ? ? ? ?\n1 A . T .\n? . . . .\n")
    assert sets == grass((1, 2), (1, 4))
    # a zero clue: the whole line
    sets, _, _ = evaluate("finish_with_grass", "  0 ? ?\n? . T .\n? . . .\n")
    assert sets == grass((1, 1), (2, 1))


@pytest.mark.parametrize("text", [
    "  ? ? ? ?\n2 A . T .\n",     # needs 2, has 1
    "  ? ? ? ?\n1 A A T .\n",     # has more than its clue: a contradiction, not this rule
    "  ? ? ? ?\n? A . T .\n",     # no clue
    "  ? ? ? ?\n1 A x T x\n",     # nothing unknown left
])
def test_finish_with_grass_must_not_apply(text: str) -> None:
    assert evaluate("Finish with Grass", text)[0] == set()


def test_finish_with_tents() -> None:
    # row 1 needs 2, has none, and exactly two unknown cells
    sets, _, _ = evaluate("Finish with Tents", "  ? ? ? ?\n2 . x T .\n")
    assert sets == tents((1, 1), (1, 4))
    # counting the tent it has: needs 2, has 1, one unknown cell
    sets, _, _ = evaluate("Finish with Tents", "  ? ? ? ? ?\n2 A x T x .\n")
    assert sets == tents((1, 5))


@pytest.mark.parametrize("text", [
    "  ? ? ? ?\n2 . . T .\n",     # three unknown cells for two tents
    "  ? ? ? ?\n1 A . T .\n",     # already complete
    "  ? ? ? ?\n3 . x T .\n",     # not enough room: a contradiction, not this rule
])
def test_finish_with_tents_must_not_apply(text: str) -> None:
    assert evaluate("Finish with Tents", text)[0] == set()


def test_surround_tent_with_grass() -> None:
    sets, _, _ = evaluate("Surround Tent with Grass", "  ? ? ?\n? . x .\n? T A .\n? . . .\n")
    # the tree and the grass already there are left alone
    assert sets == grass((1, 1), (1, 3), (2, 3), (3, 1), (3, 2), (3, 3))
    assert evaluate("Surround Tent with Grass", "  ? ? ?\n? A x .\n? x T .\n")[0] == set()


def test_empty_field() -> None:
    sets, _, _ = evaluate("Empty Field", "  ? ? ? ?\n? T . . .\n? . . . .\n")
    # every cell not next to the tree
    assert sets == grass((1, 3), (1, 4), (2, 2), (2, 3), (2, 4))
    # a linked tree needs no tent: its other neighbours become empty fields
    sets, _, _ = evaluate("Empty Field", "  ? ? ?\n? T A .\n? . . .\n", links=(((1, 1), (1, 2)),))
    assert sets == grass((1, 3), (2, 1), (2, 2), (2, 3))
    # next to an unlinked tree: not an empty field
    assert evaluate("Empty Field", "  ? ?\n? T .\n? . .\n")[0] == grass((2, 2))


def test_last_camping_spot() -> None:
    # tree (1,1): the border, grass at (1,2), so its tent is at (2,1)
    sets, made, _ = evaluate("Last Camping Spot", "  ? ? ?\n? T x .\n? . . .\n")
    assert sets == tents((2, 1)) and made == {((1, 1), (2, 1))}
    # two places left: nothing
    assert evaluate("Last Camping Spot", "  ? ? ?\n? T . .\n? . . .\n")[:2] == (set(), set())
    # no place at all: a contradiction, not this rule
    assert evaluate("Last Camping Spot", "  ? ? ?\n? T x .\n? x . .\n")[:2] == (set(), set())


def test_last_camping_spot_counts_tents_of_other_trees_as_taken() -> None:
    # the tent (1,2) belongs to tree (1,3): tree (1,1) has only (2,1) left
    sets, made, _ = evaluate("Last Camping Spot", "  ? ? ?\n? T A T\n? . x .\n",
                             links=(((1, 3), (1, 2)),))
    assert sets == tents((2, 1)) and made == {((1, 1), (2, 1))}


def test_last_camping_spot_must_not_apply_with_an_unlinked_tent_next_to_the_tree() -> None:
    # spots: the unknown (2,1) and the unlinked tent (1,2): two places
    sets, made, _ = evaluate("Last Camping Spot", "  ? ? ?\n? T A .\n? . x .\n")
    assert sets == set() and made == set()


def test_tent_for_tree() -> None:
    _, made, _ = evaluate("Tent for Tree", "  ? ? ?\n? T A .\n? x x .\n")
    assert made == {((1, 1), (1, 2))}
    # the tent belongs to another tree: no link from this one
    _, made, _ = evaluate("Tent for Tree", "  ? ? ?\n? T A T\n? x x x\n",
                          links=(((1, 3), (1, 2)),))
    assert made == set()
    # an unknown neighbour is still open
    assert evaluate("Tent for Tree", "  ? ? ?\n? T A .\n? . x .\n")[1] == set()


def test_tree_for_tent() -> None:
    # tent (1,2) touches trees (1,1) and (1,3); (1,3) is linked to (2,3)
    _, made, _ = evaluate("Tree for Tent", "  ? ? ?\n? T A T\n? . . A\n",
                          links=(((1, 3), (2, 3)),))
    assert made == {((1, 1), (1, 2))}
    # two unlinked trees: no link
    assert evaluate("Tree for Tent", "  ? ? ?\n? T A T\n? . . .\n")[1] == set()
    # a linked tent needs nothing
    _, made, _ = evaluate("Tree for Tent", "  ? ?\n? T A\n", links=(((1, 1), (1, 2)),))
    assert made == set()


def test_only_placement() -> None:
    # row 1 needs 2 tents on a run of three unknown cells: the ends
    sets, _, _ = evaluate("Only Placement", "  ? ? ? ? ?\n2 . . . x T\n")
    assert sets == tents((1, 1), (1, 3)) | grass((1, 2))
    # runs of 1 and 3 (the cell next to the tent is no room), needs 1 + 2 = 3
    sets, _, _ = evaluate("Only Placement", "  ? ? ? ? ? ? ?\n4 . x . . . . A\n")
    assert sets == tents((1, 1), (1, 3), (1, 5)) | grass((1, 4), (1, 6))


def test_only_placement_looks_at_tents_in_the_next_row() -> None:
    # row 2 needs 1; (2,1) and (2,2) adjoin the tent (1,1): only (2,3) is room ... and (2,4)
    sets, _, _ = evaluate("Only Placement", "  ? ? ? ?\n? A x x x\n1 . . . x\n")
    assert sets == tents((2, 3)) | grass((2, 1), (2, 2))


@pytest.mark.parametrize("text", [
    "  ? ? ? ? ?\n2 . . . . T\n",     # a run of four for two tents: three ways
    "  ? ? ? ? ? ?\n2 . . x . . T\n",  # two runs of two: four ways
    "  ? ? ? ? ?\n1 . . . x T\n",     # needs fewer than fit
    "  ? ? ? ? ?\n? . . . x T\n",     # no clue
])
def test_only_placement_must_not_apply(text: str) -> None:
    assert evaluate("Only Placement", text)[0] == set()


# --- contradiction rules ----------------------------------------------------------------------

def test_too_many_tents() -> None:
    assert evaluate("Too Many Tents", "  ? ? ? ?\n1 A x A T\n")[2] == {("row", 1)}
    assert evaluate("Too Many Tents", "  1 ?\n? A T\n? A T\n")[2] == {("column", 1)}
    assert evaluate("Too Many Tents", "  ? ? ? ?\n2 A x A T\n")[2] == set()


def test_too_few_tents() -> None:
    # needs 2, has 0 and one unknown cell
    assert evaluate("Too Few Tents", "  ? ? ? ?\n2 . x x T\n")[2] == {("row", 1)}
    # nothing unknown left and short of the clue
    assert evaluate("Too Few Tents", "  ? ? ? ?\n2 A x x T\n")[2] == {("row", 1)}
    assert evaluate("Too Few Tents", "  ? ? ? ?\n2 . x . T\n")[2] == set()


def test_touching_tents() -> None:
    assert evaluate("Touching Tents", "  ? ? ?\n? A T .\n? T A .\n")[2] == {
        ("pair", ((1, 1), (2, 2)))}
    assert evaluate("Touching Tents", "  ? ? ?\n? A T A\n? T . T\n")[2] == set()


def test_no_tent_for_tree() -> None:
    assert evaluate("No Tent for Tree", "  ? ?\n? T x\n? x .\n")[2] == {("tree", (1, 1))}
    # its only neighbouring tent belongs to another tree
    fired = evaluate("No Tent for Tree", "  ? ? ?\n? T A T\n? x x x\n",
                     links=(((1, 3), (1, 2)),))[2]
    assert fired == {("tree", (1, 1))}
    assert evaluate("No Tent for Tree", "  ? ?\n? T .\n? x .\n")[2] == set()
    # a linked tree is fine whatever is around it
    assert evaluate("No Tent for Tree", "  ? ?\n? T A\n? x x\n",
                    links=(((1, 1), (1, 2)),))[2] == set()


def test_no_tree_for_tent() -> None:
    assert evaluate("No Tree for Tent", "  ? ? ?\n? A . .\n? . . T\n")[2] == {("tent", (1, 1))}
    # the only tree next to it has its tent elsewhere
    fired = evaluate("No Tree for Tent", "  ? ? ?\n? A T A\n", links=(((1, 2), (1, 3)),))[2]
    assert fired == {("tent", (1, 1))}
    assert evaluate("No Tree for Tent", "  ? ? ?\n? A T .\n")[2] == set()


def test_no_room_for_tents() -> None:
    # needs 2 on two neighbouring cells: only one fits
    assert evaluate("No Room for Tents", "  ? ? ? ?\n2 . . x T\n")[2] == {("row", 1)}
    # the cells next to a tent in the row above are no room either
    assert evaluate("No Room for Tents", "  ? ? ? ?\n? A x x T\n1 . . x x\n")[2] == {
        ("row", 2)}
    assert evaluate("No Room for Tents", "  ? ? ? ?\n2 . . . T\n")[2] == set()


# --- case rules: the branches they offer (each branch is then followed by the rules above) ---

def cases(text: str, rule: str, links: tuple[tuple[Cell, Cell], ...] = ()) -> list[Any]:
    inst, marks = read_text_marks(text)
    rs = TentsReasoner(inst)
    board = Board(marks, frozenset(links))
    return [c for c in rs.cases(Evaluation(board, (), ())) if c.rule == rule]


def test_tent_or_grass_offers_every_unknown_cell() -> None:
    found = cases("  ? ? ?\n? T x .\n", "Tent or Grass")
    assert [c.text for c in found] == ["(1,3) is a tent or grass"]
    assert [b[1] for b in found[0].branches] == [(((1, 3), "tent"),), (((1, 3), "grass"),)]


def test_links_from_tree() -> None:
    # the tree (2,2): an unknown cell, an unlinked tent; grass and a tree do not count
    found = cases("  ? ? ?\n? x A .\n? x T .\n? . T .\n", "Links from Tree")
    tree = [c for c in found if c.text.startswith("tree (2,2)")]
    assert len(tree) == 1
    assert [(b[1], b[2]) for b in tree[0].branches] == [
        ((), (((2, 2), (1, 2)),)), ((((2, 3), "tent"),), (((2, 2), (2, 3)),))]
    # a linked tree, or a tree with one place left (a direct rule), is no case split
    assert cases("  ? ?\n? T A\n? x .\n", "Links from Tree", links=(((1, 1), (1, 2)),)) == []
    assert cases("  ? ?\n? T x\n? . .\n", "Links from Tree") == []


def test_links_from_tent() -> None:
    found = cases("  ? ? ?\n? T A T\n", "Links from Tent")
    assert len(found) == 1
    assert [b[2] for b in found[0].branches] == [(((1, 1), (1, 2)),), (((1, 3), (1, 2)),)]
    # one of the trees is taken: Tree for Tent, not a split
    assert cases("  ? ? ?\n? T A T\n? . . A\n", "Links from Tent",
                 links=(((1, 3), (2, 3)),)) == []


def test_fill_in_row() -> None:
    # row 1 needs 2 tents on a run of four cells: (1,1)(1,3), (1,1)(1,4), (1,2)(1,4)
    found = cases("  ? ? ? ? ?\n2 . . . . T\n", "Fill In Row")
    assert len(found) == 1 and len(found[0].branches) == 3
    assert found[0].branches[0][1] == (((1, 1), "tent"), ((1, 2), "grass"), ((1, 3), "tent"),
                                       ((1, 4), "grass"))
    # complete lines, clueless lines and lines with one way only offer no split
    assert cases("  ? ? ? ? ?\n2 . . . x T\n", "Fill In Row") == []
    assert cases("  ? ? ? ? ?\n? . . . . T\n", "Fill In Row") == []
    assert cases("  ? ? ? ? ?\n0 . . . . T\n", "Fill In Row") == []
    # too many ways (more than MAX_FILL_IN_ROW) to be worth listing
    assert cases("  ? ? ? ? ? ? ? ? ? ?\n2 . . . . . . . . . T\n", "Fill In Row") == []
