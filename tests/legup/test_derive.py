"""rules derive NAME: each derived rule of the sheet (5.a-5.e, 5.h) shown on the smallest board
as one basic case split whose cases the sheet's basic contradiction rule closes, every step
checked again here with the rule files."""

from __future__ import annotations

import json

import pytest

from aspuzzle.explain.steps import Board
from aspuzzle.puzzles.tents.proofs.derive import DERIVABLE, derive
from aspuzzle.puzzles.tents.reasoning import TentsReasoner
from aspuzzle.puzzles.tents.rules import by_name
from tests.conftest import run_cli

EXPECTED = {  # rule: (height, width, cell, value, contradiction)
    "finish_with_grass": (1, 1, (1, 1), "grass", "Too Many Tents"),
    "finish_with_tents": (1, 2, (1, 2), "tent", "Too Few Tents"),
    "surround_tent_with_grass": (1, 3, (1, 3), "grass", "Touching Tents"),
    "last_camping_spot": (1, 2, (1, 1), "tent", "No Tent for Tree"),
    "empty_field": (1, 1, (1, 1), "grass", "No Tree for Tent"),
}


@pytest.mark.parametrize("rule", sorted(EXPECTED))
def test_derivation(rule: str) -> None:
    d = derive(rule)
    assert (d.inst.height, d.inst.width, d.cell, d.value, d.contradiction) == EXPECTED[rule]
    # checked again with the rule files: the rule concludes the cell, and the other value
    # breaks the basic contradiction rule
    info, basic = by_name(rule), by_name(DERIVABLE[rule])
    assert info is not None and basic is not None
    got = {s for a in TentsReasoner(d.inst, (info,)).applications(d.board, rule)
           for s in a.sets}
    assert (d.cell, d.value) in got
    other = "tent" if d.value == "grass" else "grass"
    flipped = Board({**d.board.cells, d.cell: other}, d.board.links)
    assert TentsReasoner(d.inst, (basic,)).applications(flipped, basic.id)
    assert d.render().splitlines()[-1].endswith(f"as {info.name} says.")


def test_every_derived_rule_of_the_sheet() -> None:
    assert set(DERIVABLE) == set(EXPECTED) | {"tent_for_tree", "too_few_tents",
                                              "no_room_for_tents"}


def test_tent_for_tree_from_links_from_tent() -> None:
    """5.c (a link): the tent's other tree taken, the rule's tree has no tent left (3.d.i)."""
    d = derive("Tent for Tree")
    assert (d.case_rule, d.contradiction) == ("Links from Tent", "No Tent for Tree")
    assert d.conclusion == "the tree at (1,1) is linked to (1,2)"
    assert [(c.links, c.closed_by) for c in d.cases] == [
        ((((1, 1), (1, 2)),), ""), ((((1, 3), (1, 2)),), "No Tent for Tree")]
    basic = by_name("no_tent_for_tree")
    assert basic is not None
    rs = TentsReasoner(d.inst, (basic,))
    assert rs.applications(d.board.with_((), [((1, 3), (1, 2))]), basic.id)
    assert not rs.applications(d.board.with_((), [((1, 1), (1, 2))]), basic.id)


@pytest.mark.parametrize("rule", ["too_few_tents", "no_room_for_tents"])
def test_contradiction_rules_every_case_closed(rule: str) -> None:
    """5.e: Tent or Grass on the line's last unknown cell, both cases 3.b.ii; 5.h: Fill In row,
    every way to place the line's tents touching a tent (3.c.i)."""
    d = derive(rule)
    info = by_name(rule)
    assert info is not None
    assert TentsReasoner(d.inst, (info,)).applications(d.board, rule)
    assert d.cases and all(c.closed_by for c in d.cases) and not d.conclusion
    basic = by_name(DERIVABLE[rule])
    assert basic is not None
    rs = TentsReasoner(d.inst, (basic,))
    for c in d.cases:
        assert rs.applications(d.board.with_(c.sets, c.links), basic.id)
    assert d.render().splitlines()[-1] == (f"Every case is closed: the board breaks the game "
                                           f"rules, as {info.name} says.")


def test_cli() -> None:
    r = run_cli("rules", "derive", "Surround Tent with Grass")
    assert r.returncode == 0
    assert r.stdout.splitlines()[1:4] == ["  0 1 0", "1 T A .",
                                          "Surround Tent with Grass concludes that (1,3) is "
                                          "grass."]
    r = run_cli("rules", "derive", "finish-with-tents", "--json")
    out = json.loads(r.stdout)
    assert (out["cell"], out["value"], out["contradiction"]) == ([1, 2], "tent", "Too Few Tents")
    r = run_cli("rules", "derive", "No Room for Tents", "--json")
    out = json.loads(r.stdout)
    assert (out["cell"], out["case_rule"], out["contradiction"]) == (None, "Fill In Row",
                                                                    "Touching Tents")
    assert out["cases"] and all(c["closed_by"] == "Touching Tents" for c in out["cases"])
    r = run_cli("rules", "derive", "Too Many Tents")
    assert r.returncode == 2 and "not a derived rule of the sheet" in r.stderr
    assert r.stderr.count("\n") == 1
    r = run_cli("rules", "derive")
    assert r.returncode == 2 and "needs a rule name" in r.stderr
