"""rules verify: every bundled Tents rule file is sound on every board up to 5x5 (6x6 takes
some 20 s for all: `aspuzzle rules verify FILE --up-to 6x6`), and a wrong rule is caught with
a smallest counterexample."""

from __future__ import annotations

from pathlib import Path

import pytest

from aspuzzle.cli_reasoning import parse_up_to as parse_size
from aspuzzle.errors import UsageError
from aspuzzle.puzzles.tents.rulecheck import verify
from aspuzzle.puzzles.tents.rules import CATALOGUE
from tests.conftest import ROOT, run_cli

RULES = ROOT / "src" / "aspuzzle" / "puzzles" / "tents" / "rules"
WRONG = """% A wrong rule: a cell next to a tree is a tent.
sets(next_to_tree, tree(TR, TC), TR + DR, TC + DC, tent) :- tree(TR, TC), neumann((DR, DC)),
    position(TR + DR, TC + DC), unknown(TR + DR, TC + DC).
"""


@pytest.mark.parametrize("rule", [r.id for r in CATALOGUE if str(r.kind) != "case"])
def test_bundled_rule_is_sound(rule: str) -> None:
    v = verify(RULES / f"{rule}.lp", up_to=(5, 5))
    assert v.sound, v.render()


def test_wrong_rule_is_caught(tmp_path: Path) -> None:
    f = tmp_path / "wrong.lp"
    f.write_text(WRONG)
    v = verify(f, up_to=(4, 4))
    assert not v.sound
    c = v.counterexample
    assert c is not None and (c.height, c.width) == (1, 3) and c.rules == ("next_to_tree",)
    assert c.trees == ((1, 2),) and c.solution in (((1, 1),), ((1, 3),))
    r = run_cli("rules", "verify", str(f), "--up-to", "3x3")
    assert r.returncode == 1 and "NOT sound: next_to_tree" in r.stdout
    r = run_cli("rules", "verify", str(RULES / "touching_tents.lp"), "--up-to", "3x3")
    assert (r.returncode, r.stdout.strip().endswith("sound on all boards up to 3x3")) == (0, True)


def test_bad_requests(tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="not a size"):
        parse_size("6by6")
    r = run_cli("rules", "verify")
    assert r.returncode == 2 and "needs a rule file" in r.stderr
    bad = tmp_path / "bad.lp"
    bad.write_text("sets(x :- .")
    r = run_cli("rules", "verify", str(bad), "--up-to", "2x2")
    assert r.returncode == 2 and r.stderr.count("\n") == 1


@pytest.mark.parametrize("text", [
    # per tent (applies/3): the unknown cells next to a *tree* are grass
    "applies(near_tree, tent(R, C), grass) :- tree(R, C).\n",
    # per line (applies/3): a line with an unknown cell is all tents
    "applies(all_tents, L, tent) :- line(L), at(L, _, R, C), unknown(R, C).\n",
])
def test_a_wrong_rule_said_per_line_or_per_tent_is_caught(tmp_path: Path, text: str) -> None:
    """Rule files may say an instance per line or per tent (applies, see rules/show.lp): the
    search reads what such an instance sets, so it checks those rules too."""
    f = tmp_path / "wrong.lp"
    f.write_text("% A wrong rule said per line or per tent.\n" + text)
    v = verify(f, up_to=(3, 3))
    assert not v.sound and v.counterexample is not None
