"""``rules verify --type futoshiki``: the rule files over sets and chains are sound on small
boards, and a deliberately broken copy of each is refused with a counterexample.

(Naked and Hidden Subset, sets of at least 3 digits in at most half a line's empty cells, fire
only from 6x6 up, where proving them sound takes the search too long for a test: their broken
copy is refused at 6x6, and tests/explain/test_futoshiki_strong.py holds them equal to their
Python transcription, whose every step the solver re-proves.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aspuzzle.puzzles.futoshiki.rulecheck import verify
from tests.conftest import ROOT, run_cli

RULES_DIR = ROOT / "src/aspuzzle/puzzles/futoshiki/rules"


@pytest.mark.parametrize(("rule", "size"), [("positional_set", 4), ("forcing_chain", 3),
                                            ("relative_size", 4), ("naked_pair", 4)])
def test_rule_files_are_sound_on_small_boards(rule: str, size: int) -> None:
    assert verify(RULES_DIR / f"{rule}.lp", up_to=(size, size)).sound


def broken(tmp_path: Path, rule: str, old: str, new: str) -> Path:
    text = (RULES_DIR / f"{rule}.lp").read_text()
    assert old in text
    path = tmp_path / f"broken_{rule}.lp"
    path.write_text(text.replace(old, new))
    return path


@pytest.mark.parametrize(("rule", "old", "new", "size"), [
    # the third cell need only be in line with one end of the chain
    ("forcing_chain", "fc_peer(S, T), fc_peer(X, T)", "fc_peer(X, T), T != S", 3),
    # K rows with their places in K + 1 columns taken for a fish
    ("positional_set", "#count { J : fish_cover(D, W, M, J) } <= K.",
     "#count { J : fish_cover(D, W, M, J) } <= K + 1.", 4),
    # K cells with K + 1 digits between them taken for a naked subset
    ("naked_subset", "#count { R, C : within(L, M, R, C) } >= K.",
     "#count { R, C : within(L, M, R, C) } >= K - 1.", 6),
    # K digits with K + 1 places taken for a hidden subset
    ("hidden_subset", "#count { R, C : hidden_place(L, M, R, C) } <= K.",
     "#count { R, C : hidden_place(L, M, R, C) } <= K + 1.", 6),
])
def test_a_broken_copy_is_refused(tmp_path: Path, rule: str, old: str, new: str,
                                  size: int) -> None:
    v = verify(broken(tmp_path, rule, old, new), up_to=(size, size))
    assert not v.sound and v.counterexample is not None
    assert v.counterexample.rules == (rule,)
    assert v.counterexample.board.startswith("# futoshiki ")


def test_the_cli_verifies_a_futoshiki_rule_file(tmp_path: Path) -> None:
    path = broken(tmp_path, "forcing_chain", "fc_peer(S, T), fc_peer(X, T)",
                  "fc_peer(X, T), T != S")
    out = run_cli("rules", "verify", str(path), "--type", "futoshiki", "--up-to", "3x3",
                  "--json")
    assert out.returncode == 1, out.stderr
    rec = json.loads(out.stdout)
    assert rec["sound"] is False and rec["type"] == "futoshiki"
    out = run_cli("rules", "verify", str(RULES_DIR / "positional_set.lp"), "--type",
                  "futoshiki", "--up-to", "4x4")
    assert out.returncode == 0 and "sound on all boards up to 4x4" in out.stdout
