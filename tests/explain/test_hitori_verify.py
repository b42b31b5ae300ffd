"""``rules verify --type hitori``: every Hitori rule file is sound on small boards, and a
deliberately broken copy is refused with a counterexample."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aspuzzle.puzzles.hitori.rulecheck import verify
from aspuzzle.puzzles.hitori.rules import CATALOGUE
from tests.conftest import ROOT, run_cli

RULES_DIR = ROOT / "src/aspuzzle/puzzles/hitori/rules"


@pytest.mark.parametrize("rule", [r.id for r in CATALOGUE if r.file is not None])
def test_rule_files_are_sound_on_small_boards(rule: str) -> None:
    assert verify(RULES_DIR / f"{rule}.lp", up_to=(4, 4)).sound


def test_closed_ring_is_sound_up_to_6x6() -> None:
    assert verify(RULES_DIR / "closed_ring.lp", up_to=(6, 6)).sound


def broken(tmp_path: Path, rule: str, old: str, new: str) -> Path:
    text = (RULES_DIR / f"{rule}.lp").read_text()
    assert old in text
    path = tmp_path / f"broken_{rule}.lp"
    path.write_text(text.replace(old, new))
    return path


@pytest.mark.parametrize(("rule", "old", "new"), [
    # a corner "joined" to itself: any cell with two shaded corners
    ("closed_ring", "J > I.", "J >= I."),
    # one wall at a corner taken for two
    ("no_isolation", "} >= 2.", "} >= 1."),
    # the unshaded cell's two ways out taken for one
    ("one_way_out", "} <= 1.", "} <= 2."),
])
def test_a_broken_copy_is_refused(tmp_path: Path, rule: str, old: str, new: str) -> None:
    v = verify(broken(tmp_path, rule, old, new), up_to=(4, 4))
    assert not v.sound and v.counterexample is not None
    assert v.counterexample.rules == (rule,)
    assert v.counterexample.board.startswith("# hitori ")


def test_the_cli_verifies_a_hitori_rule_file(tmp_path: Path) -> None:
    path = broken(tmp_path, "closed_ring", "J > I.", "J >= I.")
    out = run_cli("rules", "verify", str(path), "--type", "hitori", "--up-to", "4x4", "--json")
    assert out.returncode == 1, out.stderr
    rec = json.loads(out.stdout)
    assert rec["sound"] is False and rec["type"] == "hitori"
    assert rec["counterexample"]["rules"] == ["closed_ring"]
    out = run_cli("rules", "verify", str(RULES_DIR / "closed_ring.lp"), "--type", "hitori",
                  "--up-to", "4x4")
    assert out.returncode == 0 and "sound on all boards up to 4x4" in out.stdout
