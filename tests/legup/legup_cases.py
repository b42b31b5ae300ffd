"""Tree Tent proof files whose LEGUP verdicts are recorded (``tests/data/tents/legup-view.jsonl``):
our exports, and copies of one changed the ways a student's file differs from ours. The files
are made here, the same way every time, for the test and for re-recording with LEGUP itself::

    python -m tests.legup.legup_cases OUTDIR      # writes OUTDIR/NAME.xml for every case
    LEGUP_MIRROR=... ../shared/tools/legup/legup_check.sh OUTDIR/*.xml > OUTDIR/legup.txt
    python -m tests.legup.legup_cases OUTDIR --record   # -> tests/data/tents/legup-view.jsonl

The record holds, per file, its sha256 and what LEGUP said: each transition ``valid``,
``INVALID`` or ``UNJUSTIFIED`` with its number of changes as LEGUP loaded it, whether it could
load the file, and whether its Check called the proof complete.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from collections.abc import Callable, Collection
from pathlib import Path

import aspuzzle
from aspuzzle.legup import export_proof
from tests.conftest import DATA, EXAMPLES, read_jsonl

SEED = EXAMPLES / "tents" / "seed-6x6.txt"
TATHAM = [r["id"] for r in read_jsonl(DATA / "tents" / "tatham.jsonl")
          if not r["id"].startswith("20x20")]


def _transition(text: str, rule: str, nth: int = 0) -> tuple[int, int]:
    """The span of the nth transition naming ``rule``."""
    starts = [m.start() for m in re.finditer(r"<transition [^>]*rule=\"" + re.escape(rule) + '"',
                                             text)]
    a = starts[nth]
    end = text.find("</transition>", a)
    close = text.find("/>", a)
    if close != -1 and (end == -1 or close < text.find(">", a) + 1):
        return a, close + 2
    return a, end + len("</transition>")


def fill_in_row(text: str) -> str:
    """A Tent or Grass split renamed Fill In row (LEGUP refuses every Fill In row)."""
    a, _ = _transition(text, "Tent or Grass")
    node = text.rindex("<node", 0, a)
    end = text.index("</node>", node)
    part = text[node:end].replace('rule="Tent or Grass" rule_id="TREE-CASE-0004"',
                                  'rule="Fill In row" rule_id="TREE-CASE-0001"')
    return text[:node] + part + text[end:]


def line_to_grass(text: str) -> str:
    """A Tent for Tree line moved to a grass cell next to its tree (LEGUP loads it unchecked)."""
    a, b = _transition(text, "Tent for Tree")
    m = re.search(r'<line x1="(\d+)" x2="(\d+)" y1="(\d+)" y2="(\d+)"/>', text[a:b])
    assert m is not None
    x1, x2, y1, y2 = map(int, m.groups())
    # the tree end stays; the other end goes to the tree's other neighbour on the same axis
    nx, ny = (2 * x1 - x2, y2) if x1 != x2 else (x2, 2 * y1 - y2)
    return text[:a] + text[a:b].replace(m.group(0), f'<line x1="{x1}" x2="{nx}" y1="{y1}" '
                                        f'y2="{ny}"/>', 1) + text[b:]


def wrong_cell(text: str) -> str:
    """The first Finish with Grass cell moved to a cell its rule does not give."""
    a, b = _transition(text, "Finish with Grass")
    m = re.search(r'<cell value="2" x="(\d+)" y="(\d+)"/>', text[a:b])
    assert m is not None
    x, y = map(int, m.groups())
    return text[:a] + text[a:b].replace(m.group(0), f'<cell value="2" x="{x}" '
                                        f'y="{(y + 3) % 6}"/>', 1) + text[b:]


def tents_for_grass(text: str) -> str:
    """The first Finish with Grass transition claims tents instead."""
    a, b = _transition(text, "Finish with Grass")
    return text[:a] + text[a:b].replace('value="2"', 'value="3"') + text[b:]


def unknown_rule(text: str) -> str:
    a, b = _transition(text, "Empty Field")
    return text[:a] + text[a:b].replace('rule="Empty Field" rule_id="TREE-BASC-0001"',
                                        'rule="Corner Grass" rule_id="TEACH-0001"') + text[b:]


def no_rule(text: str) -> str:
    a, b = _transition(text, "Empty Field")
    return text[:a] + text[a:b].replace(' rule="Empty Field" rule_id="TREE-BASC-0001"', "") \
        + text[b:]


def lines_at_the_end(text: str) -> str:
    """The solved branch goes on with Tent for Tree lines for every tree (lines on the final
    board: LEGUP's Check then finds No Tent for Tree)."""
    leaf = re.findall(r'<node id="(\d+)"/>', text)[-1]
    sol = aspuzzle.solve(aspuzzle.load(str(SEED))).solutions[0]
    pairs = sorted(sol.pairs)
    lines = []
    nid = int(leaf)
    nxt = 10_000
    for tree, tent in pairs:
        lines.append(f'                <node id="{nid}">\n'
                     f'                    <transition id="{nxt}" child="{nxt + 1}" '
                     f'rule="Tent for Tree" rule_id="TREE-BASC-0006">\n'
                     f'                        <line x1="{tree[1] - 1}" x2="{tent[1] - 1}" '
                     f'y1="{tree[0] - 1}" y2="{tent[0] - 1}"/>\n'
                     f'                    </transition>\n'
                     f'                </node>')
        nid, nxt = nxt + 1, nxt + 2
    lines.append(f'                <node id="{nid}"/>')
    return text.replace(f'                <node id="{leaf}"/>', "\n".join(lines), 1)


def links_split(text: str) -> str:
    """The solved branch goes on with a Links from tree split of a tree with two tents (each
    case only draws a line: LEGUP drops it on load, and refuses a case with no change that has
    a sibling)."""
    leaf = re.findall(r'<node id="(\d+)"/>', text)[-1]
    nxt = 10_000
    parts = [f'                <node id="{leaf}">']
    for tent in ((1, 2), (3, 2)):  # the tents above and below the tree at row 2, column 2
        parts += [f'                    <transition id="{nxt}" child="{nxt + 1}" '
                  f'rule="Links from tree" rule_id="TREE-CASE-0003">',
                  f'                        <line x1="1" x2="{tent[1] - 1}" y1="1" '
                  f'y2="{tent[0] - 1}"/>',
                  '                    </transition>']
        nxt += 2
    parts.append("                </node>")
    parts += [f'                <node id="{n}"/>' for n in (10_001, 10_003)]
    return text.replace(f'                <node id="{leaf}"/>', "\n".join(parts), 1)


CHANGES: dict[str, Callable[[str], str]] = {
    "fill_in_row": fill_in_row, "line_to_grass": line_to_grass, "wrong_cell": wrong_cell,
    "tents_for_grass": tents_for_grass, "unknown_rule": unknown_rule, "no_rule": no_rule,
    "lines_at_the_end": lines_at_the_end, "links_split": links_split,
}


def names() -> list[str]:
    """Every case: the seed puzzle's export, each change of it, and the export of each Tatham
    puzzle of ``tests/data/tents/tatham.jsonl`` up to 15x15 (``tatham-01`` is the first)."""
    return ["seed", *(f"seed-{n}" for n in CHANGES),
            *(f"tatham-{i:02d}" for i in range(1, len(TATHAM) + 1))]


def files(only: Collection[str] | None = None) -> dict[str, str]:
    """name -> file text, for every case or ``only`` these."""
    want = [n for n in names() if only is None or n in only]
    seed = export_proof(aspuzzle.load(str(SEED))) if any(n.startswith("seed") for n in want) \
        else ""
    out = {}
    for name in want:
        if name == "seed":
            out[name] = seed
        elif name.startswith("seed-"):
            out[name] = CHANGES[name[5:]](seed)
        else:
            out[name] = export_proof(aspuzzle.loads(TATHAM[int(name[7:]) - 1]))
    return out


RECORD = DATA / "tents" / "legup-view.jsonl"


def read_legup_output(text: str) -> dict[str, dict[str, object]]:
    """legup_check.sh's output (without -q) -> file stem -> what LEGUP said."""
    out: dict[str, dict[str, object]] = {}
    cur: dict[str, object] = {}
    for line in text.splitlines():
        if line.startswith("FILE "):
            cur = out.setdefault(Path(line.split()[1]).stem, {"transitions": {}})
        m = re.match(r"T (\S+) node=\S+ rule=.*?changes=(\d+)(?: lines_recheck=\S+)? : "
                     r"(valid|INVALID|UNJUSTIFIED)", line)
        if m:
            cur["transitions"][m.group(1)] = [m.group(3), int(m.group(2))]  # type: ignore[index]
        if line.startswith("SUMMARY "):
            cur["loaded"] = "LOAD_ERROR" not in line
            cur["complete"] = " complete=true" in line
    return out


if __name__ == "__main__":
    folder = Path(sys.argv[1])
    folder.mkdir(parents=True, exist_ok=True)
    made = files()
    if "--record" in sys.argv:
        said = read_legup_output((folder / "legup.txt").read_text())
        with RECORD.open("w") as f:
            for name, text in made.items():
                rec = {"name": name, "sha256": hashlib.sha256(text.encode()).hexdigest(),
                       **said[name]}
                f.write(json.dumps(rec) + "\n")
    else:
        for name, text in made.items():
            (folder / f"{name}.xml").write_text(text)
