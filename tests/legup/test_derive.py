"""rules derive NAME: each derived rule that sets cells (sheet 5.a-5.d) shown on the smallest
board as Tent or Grass with the other case closed by the sheet's basic contradiction rule."""

from __future__ import annotations

import json

import pytest

from aspuzzle.explain.steps import Board
from aspuzzle.legup.derive import DERIVABLE, derive
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


@pytest.mark.parametrize("rule", sorted(DERIVABLE))
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


def test_cli() -> None:
    r = run_cli("rules", "derive", "Surround Tent with Grass")
    assert r.returncode == 0
    assert r.stdout.splitlines()[1:4] == ["  0 1 0", "1 T A .",
                                          "Surround Tent with Grass concludes that (1,3) is "
                                          "grass."]
    r = run_cli("rules", "derive", "finish-with-tents", "--json")
    out = json.loads(r.stdout)
    assert (out["cell"], out["value"], out["contradiction"]) == ([1, 2], "tent", "Too Few Tents")
    r = run_cli("rules", "derive", "Tent for Tree")
    assert r.returncode == 2 and "not a derived rule that sets cells" in r.stderr
    assert r.stderr.count("\n") == 1
    r = run_cli("rules", "derive")
    assert r.returncode == 2 and "needs a rule name" in r.stderr
