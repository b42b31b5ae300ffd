"""What LEGUP itself accepts (puzzles/tents/proofs/acceptance.py, from LEGUP's rule classes):
check-proof refuses what LEGUP refuses, and explain --to legup writes only what LEGUP accepts,
splitting the steps LEGUP's rules check more narrowly into the transitions they stand for."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import aspuzzle
from aspuzzle.explain import reasoner_for
from aspuzzle.explain.steps import Board
from aspuzzle.legup import check_text, export_proof
from aspuzzle.puzzles.tents.model import TentsInstance
from aspuzzle.puzzles.tents.proofs.acceptance import (
    case_problem,
    contradiction_problem,
    direct_problem,
)
from aspuzzle.puzzles.tents.proofs.export import _At, _Writer
from tests.conftest import EXAMPLES

# 3x3, a tree in the middle:    . . .
#                               . T .
#                               . . .
MIDDLE = TentsInstance(3, 3, frozenset({(2, 2)}), (1, 0, 0), (0, 1, 0))
LINKED = Board({(1, 2): "tent"}, frozenset({((2, 2), (1, 2))}))


@pytest.fixture(scope="module")
def direct_proof() -> str:
    return export_proof(aspuzzle.load(EXAMPLES / "tents" / "seed-6x6.txt"))


def test_direct_rules_as_legup_checks_them() -> None:
    # Empty Field: LEGUP wants no tree next to the cell, even one already linked
    assert "no tree next to the cell" in direct_problem(
        MIDDLE, LINKED, "TREE-BASC-0001", [((2, 1), "grass")], ())
    assert direct_problem(MIDDLE, LINKED, "TREE-BASC-0001", [((3, 1), "grass")], ()) == ""
    # Last Camping Spot sets the tent; its line is Tent for Tree's, in a transition of its own
    three = Board({(1, 2): "grass", (2, 1): "grass", (2, 3): "grass"})
    assert "draws no line" in direct_problem(MIDDLE, three, "TREE-BASC-0004",
                                             [((3, 2), "tent")], [((2, 2), (3, 2))])
    assert direct_problem(MIDDLE, three, "TREE-BASC-0004", [((3, 2), "tent")], ()) == ""
    placed = three.with_([((3, 2), "tent")])
    assert direct_problem(MIDDLE, placed, "TREE-BASC-0006", (), [((2, 2), (3, 2))]) == ""
    assert "only draws lines" in direct_problem(MIDDLE, placed, "TREE-BASC-0006",
                                                [((1, 1), "grass")], [((2, 2), (3, 2))])
    # Finish with Grass reads the parent board's tents
    assert direct_problem(MIDDLE, LINKED, "TREE-BASC-0002", [((1, 1), "grass")], ()) == ""
    assert "all its tents" in direct_problem(MIDDLE, Board({}), "TREE-BASC-0002",
                                             [((1, 2), "grass")], ())


def test_contradictions_and_cases_as_legup_checks_them() -> None:
    assert contradiction_problem(MIDDLE, LINKED, "TREE-CONT-0004") != ""
    two = Board({(1, 1): "tent", (1, 3): "tent"})
    assert contradiction_problem(MIDDLE, two, "TREE-CONT-0004") == ""  # row 1 has 2 of 1
    assert contradiction_problem(MIDDLE, two, "TREE-CONT-0005") != ""
    # Links from tree: LEGUP's cases are the tents already placed next to the tree
    blank = [((), [((2, 2), (1, 2))]), ([((2, 1), "tent")], [((2, 2), (2, 1))])]
    tents = Board({(1, 2): "tent", (2, 1): "tent"})
    assert "sets no cell" in case_problem(MIDDLE, tents, "TREE-CASE-0003", blank)
    lines = [((), [((2, 2), (1, 2))]), ((), [((2, 2), (2, 1))])]
    assert case_problem(MIDDLE, tents, "TREE-CASE-0003", lines) == ""
    assert "one line to each of" in case_problem(MIDDLE, tents, "TREE-CASE-0003", lines[:1])
    assert case_problem(MIDDLE, Board({}), "TREE-CASE-0004",
                        [([((1, 1), "tent")], ()), ([((1, 1), "grass")], ())]) == ""


def test_check_proof_refuses_a_line_drawn_by_last_camping_spot(direct_proof: str) -> None:
    """The form the export wrote before: LEGUP refuses it, and so does check-proof."""
    root = ET.fromstring(direct_proof)
    trees = {(int(c.get("x", -9)), int(c.get("y", -9)))
             for c in root.find("puzzle/board/cells") or [] if c.get("value") == "1"}
    camp = next(t for t in root.iter("transition") if t.get("rule") == "Last Camping Spot")
    cell = camp.find("cell")
    assert cell is not None
    x, y = int(cell.get("x", 0)), int(cell.get("y", 0))
    tx, ty = next(t for t in [(x, y - 1), (x - 1, y), (x, y + 1), (x + 1, y)] if t in trees)
    ET.SubElement(camp, "line", x1=str(tx), y1=str(ty), x2=str(x), y2=str(y))
    r = check_text(ET.tostring(root, encoding="unicode"))
    bad = [v.text for v in r.invalid]
    assert bad == ["Last Camping Spot: in LEGUP this rule draws no line (a line needs its own "
                   "transition, by Tent for Tree or Tree for Tent)"]


def test_export_writes_no_room_with_legup_rules() -> None:
    """No Room for Tents (5.h) is not a LEGUP rule: Tent or Grass on the line's cells, each
    case closed by Too Few Tents; never Fill In row (LEGUP refuses every Fill In row)."""
    text = export_proof(aspuzzle.loads("10x10dt:gbbdbdcifac_nabbbbede,5,0,2,2,1,3,1,1,4,1,3,"
                                       "0,4,0,3,2,1,3,1,3", type="tents"))
    assert "ASPUZZLE-" not in text
    assert 'rule_id="TREE-CASE-0001"' not in text
    assert text.count('rule_id="TREE-CONT-0003"') >= 2
    r = check_text(text)
    assert r.solved, r.render()


def test_export_splits_links_from_tree_over_blank_cells() -> None:
    """A tree's link split over blank cells: Tent or Grass on them first; a case with two or
    more tents next to the tree is explained again from its board, never split by LEGUP's
    Links from tree (LEGUP drops the lines of its cases on load and then refuses them all)."""
    loaded = aspuzzle.load(EXAMPLES / "tents" / "seed-6x6.txt")
    w = _Writer(loaded, reasoner_for(loaded))
    w.links_from_tree(_At(w.node(), Board({})), (2, 2))  # four blank cells around it
    root = ET.fromstring(w.xml(Board({})))
    assert [t for t in root.iter("transition") if t.get("rule") == "Tent or Grass"]
    assert not [t for t in root.iter("transition") if t.get("rule") == "Links from tree"]
    r = check_text(ET.tostring(root, encoding="unicode"))
    assert r.solved, r.render()
    assert r.legup == "solved", r.legup_text
