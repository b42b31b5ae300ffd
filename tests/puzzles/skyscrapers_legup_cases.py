"""The Skyscrapers LEGUP proofs whose verdicts LEGUP itself gave are recorded in
``tests/data/skyscrapers/legup-view.jsonl``: our exports of fixed puzzles and changed copies of
one. Re-record (needs Java and LEGUP's source, see ``shared/tools/legup/README.md``)::

    LEGUP_MIRROR=/path/to/LEGUP/.git python -m tests.puzzles.skyscrapers_legup_cases
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from tests.conftest import DATA

RECORD = DATA / "skyscrapers" / "legup-view.jsonl"
CHECKER = Path(os.environ.get("LEGUP_CHECKER", "/work/shared/tools/legup/legup_check.sh"))

PUZZLES = {
    # Tatham's towers (tests/data/skyscrapers/tatham.jsonl): easy ones have every clue
    "4de-1": "4de:2/4/2/1/2/1/2/4/3/1/3/2/1/2/2/3",
    "4de-2": "4de:3/1/2/2/1/2/3/2/2/2/3/1/2/2/1/3",
    "5de-1": "5de:1/4/2/3/2/3/2/3/1/3/1/5/3/2/3/3/1/2/3/2",
    "5de-2": "5de:1/5/2/2/3/4/1/2/3/2/1/2/3/3/2/4/2/3/1/2",
    "4dx-1": "4dx:////3////2///3/2/2//",
    "4du-2": "4du:////2//////4//3///2",
    # aspuzzle generate skyscrapers --size 4x4 --difficulty direct --count 2 --seed 1
    "gen-1": "4:///////4///3/////,l3c",
    "gen-2": "4:////////1///2////,b2f1d3a",
}


def _export(puzzle_id: str) -> str:
    import aspuzzle
    from aspuzzle.puzzles.skyscrapers.proof import export_proof

    return export_proof(aspuzzle.loads(puzzle_id))


def _span(text: str, rule: str, nth: int = 0) -> tuple[int, int]:
    """The span of the nth transition by ``rule`` (with its cells)."""
    i = -1
    for _ in range(nth + 1):
        i = text.index(f'rule="{rule}"', i + 1)
    a = text.rindex("<transition", 0, i)
    return a, text.index("</transition>", i) + len("</transition>")


def wrong_digit(text: str) -> str:
    a, b = _span(text, "Last Number for Cell")
    m = re.search(r'value="(\d)"', text[a:b])
    assert m is not None
    wrong = str(int(m.group(1)) % 4 + 1)
    return text[:a] + text[a:b].replace(m.group(0), f'value="{wrong}"', 1) + text[b:]


def wrong_rule(text: str) -> str:
    """A Last Cell for Number step named N Edge (no clue 4 on its lines)."""
    a, b = _span(text, "Last Cell for Number")
    return text[:a] + text[a:b].replace('rule="Last Cell for Number" rule_id="SKYS-BASC-0002"',
                                        'rule="N Edge" rule_id="SKYS-BASC-0004"') + text[b:]


def unknown_rule(text: str) -> str:
    a, b = _span(text, "Last Cell for Number")
    return text[:a] + text[a:b].replace('rule_id="SKYS-BASC-0002"', 'rule_id="SKYS-BASC-0099"') \
        + text[b:]


def dupe_off(text: str) -> str:
    """LEGUP's cases of Number For Cell become all the digits: our splits (the digits a cell
    can still take) are red for LEGUP, valid for us."""
    return text.replace('<flags dupe="true" view="false"/>', '<flags dupe="false" view="false"/>')


def drop_case(text: str) -> str:
    """A Number For Cell split with one of its cases left out (the node's last)."""
    a, b = _span(text, "Number For Cell", 1)
    return text[:a] + text[b:]


def cell_for_number(text: str) -> str:
    """The first split renamed Cell For Number (the same cells: not one digit of one line)."""
    a, _ = _span(text, "Number For Cell")
    node_end = text.index("</node>", a)
    part = text[a:node_end].replace('rule="Number For Cell" rule_id="SKYS-CASE-0001"',
                                    'rule="Cell For Number" rule_id="SKYS-CASE-0002"')
    return text[:a] + part + text[node_end:]


CHANGES: dict[str, Callable[[str], str]] = {
    "wrong_digit": wrong_digit, "wrong_rule": wrong_rule, "unknown_rule": unknown_rule,
    "dupe_off": dupe_off, "drop_case": drop_case, "cell_for_number": cell_for_number,
}
BASE = "4de-2"
"""The export the changes are made to (it has a split and a contradiction)."""


def files() -> dict[str, str]:
    out = {name: _export(pid) for name, pid in PUZZLES.items()}
    for change, f in CHANGES.items():
        out[f"{BASE}-{change}"] = f(out[BASE])
    return out


def _legup(path: Path) -> dict[str, object]:
    res = subprocess.run([str(CHECKER), str(path)], capture_output=True, text=True,
                         check=False)
    ts: dict[str, list[object]] = {}
    summary = ""
    for line in res.stdout.splitlines():
        m = re.match(r"T (\S+) node=\S+ rule=.* changes=(\d+) : (valid|INVALID|UNJUSTIFIED)",
                     line)
        if m:
            ts[m.group(1)] = [m.group(3), int(m.group(2))]
        if line.startswith("SUMMARY"):
            summary = line
    error = summary.split("LOAD_ERROR", 1)[1].split(":")[0].strip() if "LOAD_ERROR" in summary \
        else ""
    out: dict[str, object] = {"transitions": ts, "loaded": bool(summary) and not error,
                              "complete": "complete=true" in summary}
    if error:
        out["load_error"] = error
    return out


def record() -> None:  # pragma: no cover - needs Java and LEGUP's source
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in files().items():
            path = Path(tmp) / f"{name}.xml"
            path.write_text(text)
            rows.append({"name": name, "sha256": hashlib.sha256(text.encode()).hexdigest(),
                         **_legup(path)})
            print(name, rows[-1]["complete"], file=sys.stderr)
    RECORD.write_text("".join(json.dumps(r) + "\n" for r in rows))


if __name__ == "__main__":  # pragma: no cover
    record()
