"""LEGUP XML of kit types (kit/legup.py), proven on Light Up: LEGUP's LightUp importer and
exporter's layout, byte-exact round trips, one-line errors with line and column."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import aspuzzle
from aspuzzle.errors import InputError
from aspuzzle.kit.legup import letters, letters_number, read_solution, read_state, write_legup
from aspuzzle.kit.model import GridInstance, make
from aspuzzle.puzzles.lightup import PUZZLE as LIGHTUP
from aspuzzle.puzzles.lightup.type import SPEC
from tests.conftest import DATA, ROOT, read_jsonl, run_cli

CORPUS = read_jsonl(DATA / "lightup" / "tatham.jsonl")
SHARED = ROOT.parent / "shared" / "corpus" / "legup-lightup"
FMT = LIGHTUP.formats["legup"]

# The layout of a file LEGUP's LightUpExporter saves (PuzzleExporter: a tag, the <solved>
# hash; cells in board order, unknown ones left out). Written here by hand, not copied.
SAVED = """<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<Legup version="6.3.1">
    <puzzle name="LightUp" tag="mine">
        <board height="3" width="4">
            <cells>
                <cell value="1" x="1" y="0"/>
                <cell value="-1" x="3" y="1"/>
                <cell value="0" x="0" y="2"/>
            </cells>
        </board>
        <proof>
            <tree>
                <node id="1" root="true">
                    <transition child="2" id="3" rule="Finish with Bulbs" \
rule_id="LTUP-BASC-0004">
                        <cell value="-4" x="2" y="0"/>
                    </transition>
                </node>
                <node id="2">
                    <transition child="4" id="5" rule="Empty Cells in Light" \
rule_id="LTUP-BASC-0002">
                        <cell value="-3" x="3" y="0"/>
                        <cell value="-3" x="0" y="0"/>
                    </transition>
                </node>
                <node id="4"/>
            </tree>
        </proof>
    </puzzle>
    <solved isSolved="-1" lastSaved="2026-12-06 10:00:00"/>
</Legup>
"""


def test_a_saved_file_reads_as_legup_makes_it() -> None:
    loaded = aspuzzle.loads(SAVED)
    assert (loaded.puzzle.name, loaded.format) == ("lightup", "legup")
    inst = loaded.instance
    assert (inst.height, inst.width) == (3, 4)
    assert inst.at((1, 2)) == ("number", 1) and inst.at((2, 4)) == ("black", None)
    assert inst.at((3, 1)) == ("number", 0) and inst.at((1, 1)) == ("white", None)
    _, marks = read_state(SPEC, SAVED)
    assert marks == {(1, 3): "bulb", (1, 4): "empty", (1, 1): "empty"}
    assert FMT.write(inst, None) == (
        '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
        '<Legup version="2.0.0">\n'
        '    <puzzle name="LightUp">\n'
        '        <board height="3" width="4">\n'
        "            <cells>\n"
        '                <cell value="1" x="1" y="0"/>\n'
        '                <cell value="-1" x="3" y="1"/>\n'
        '                <cell value="0" x="0" y="2"/>\n'
        "            </cells>\n"
        "        </board>\n"
        "    </puzzle>\n"
        "</Legup>\n")


@pytest.mark.parametrize("rec", CORPUS, ids=[r["seed"] + r["id"][:6] for r in CORPUS])
def test_round_trips_are_byte_exact(rec: dict[str, object]) -> None:
    loaded = aspuzzle.loads(str(rec["id"]))
    inst = loaded.instance
    text = FMT.write(inst, None)
    assert FMT.read(text) == inst
    assert FMT.write(FMT.read(text), None) == text
    sol = aspuzzle.solve(loaded).solutions[0]
    solved = FMT.write(inst, sol)
    back, marks = read_solution(SPEC, solved)
    assert back == inst
    assert {c for c, m in marks.items() if m == "bulb"} == sol.marked
    assert len(marks) == sum(1 for _, (n, _) in inst.positions() if n == "white")
    assert FMT.write(back, sol) == solved


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6), st.data())
def test_any_grid_round_trips(h: int, w: int, data: st.DataObject) -> None:
    cell = st.one_of(st.just(("white", None)), st.just(("black", None)),
                     st.integers(0, 4).map(lambda n: ("number", n)))
    rows = [[data.draw(cell) for _ in range(w)] for _ in range(h)]
    inst: GridInstance = make(SPEC, rows)
    text = write_legup(SPEC, inst)
    assert FMT.read(text) == inst
    assert write_legup(SPEC, FMT.read(text)) == text


@pytest.mark.parametrize("text, message", [
    ('<Legup><puzzle name="LightUp"><board width="2" height="2"><cells>'
     '<cell value="1" x="0" y="0"></cells></board></puzzle></Legup>',
     "line 1, column 96: LEGUP: malformed XML: mismatched tag"),
    ('<?xml version="1.0"?>\n<!DOCTYPE x [<!ENTITY a "b">]>\n<Legup/>',
     "line 2, column 13: LEGUP: a document type declaration"),
    ('<Legup><puzzle name="TreeTent"><board width="2" height="2"><cells/></board>'
     '</puzzle></Legup>', "LEGUP: this file holds a 'TreeTent' puzzle, not LightUp"),
    ('<Legup><puzzle name="LightUp">\n<board width="2" height="2"><cells>\n'
     '<cell value="7" x="1" y="0"/></cells></board></puzzle></Legup>',
     "line 3, column 1, cell (1,2): LEGUP: cell x=1 y=0 has value 7, not one of -4..4"),
    ('<Legup><puzzle name="LightUp"><board width="2" height="2"><cells>\n'
     '<cell value="1" x="2" y="0"/></cells></board></puzzle></Legup>',
     "line 2, column 1: LEGUP: cell x=2 y=0 is outside the 2x2 board"),
    ('<Legup><puzzle name="LightUp"><board width="2" height="2"><cells>\n'
     '<cell value="a" x="1" y="0"/></cells></board></puzzle></Legup>',
     "line 2, column 1: LEGUP: <cell> attribute value=\"a\" is not a number"),
    ('<Legup><puzzle name="LightUp"><board width="2"><cells/></board></puzzle></Legup>',
     "LEGUP: <board> has no 'height' attribute"),
    ('<Legup><puzzle name="LightUp"><board size="2"></board></puzzle></Legup>',
     "LEGUP: <board> has no <cells> element"),
])
def test_bad_files_name_the_place(text: str, message: str) -> None:
    with pytest.raises(InputError) as err:
        FMT.read(text)
    assert message in str(err.value)
    assert "\n" not in str(err.value)


def test_a_mark_on_the_board_of_a_puzzle_file_is_no_given() -> None:
    text = SAVED.replace('<cell value="0" x="0" y="2"/>',
                         '<cell value="0" x="0" y="2"/>\n<cell value="-4" x="1" y="2"/>')
    assert FMT.read(text).at((3, 2)) == ("white", None)
    assert read_state(SPEC, text)[1][(3, 2)] == "bulb"


def test_the_sniff_tells_lightup_from_treetent(tmp_path: Path) -> None:
    path = tmp_path / "p.xml"
    path.write_text(SAVED)
    assert aspuzzle.load(path).puzzle.name == "lightup"
    tents = ROOT / "examples" / "tents"
    legup = sorted(tents.glob("*.xml"))
    for p in legup[:1]:
        assert aspuzzle.load(p).puzzle.name == "tents"


def test_cli_converts_to_and_from_legup(tmp_path: Path) -> None:
    out = tmp_path / "p.xml"
    rec = CORPUS[0]
    r = run_cli("convert", str(rec["id"]), "--to", "legup", "-o", str(out))
    assert r.returncode == 0, r.stderr
    r = run_cli("solve", str(out))
    assert r.returncode == 0, r.stderr
    assert "unique" in r.stdout
    r = run_cli("convert", str(out), "--to", "tatham")
    assert r.returncode == 0, r.stderr
    want = aspuzzle.loads(str(rec["id"])).instance
    assert aspuzzle.loads(r.stdout.strip(), type="lightup", fmt="tatham").instance == want
    bad = tmp_path / "bad.xml"
    bad.write_text('<Legup><puzzle name="LightUp"><board width="2" height="2"><cells>\n'
                   '<cell value="9" x="1" y="0"/></cells></board></puzzle></Legup>')
    r = run_cli("solve", str(bad), "--type", "lightup")
    assert r.returncode == 2 and r.stdout == ""
    assert len(r.stderr.strip().splitlines()) == 1 and "line 2, column 1" in r.stderr


def test_legups_own_lightup_files_when_present() -> None:
    """LEGUP's bundled puzzles (``puzzles files/lightup``, GPL: kept in ../shared, not here;
    see tests/data/lightup/README.md): every one is read, and written back it reads the same."""
    files = sorted(SHARED.glob("*.xml")) if SHARED.is_dir() else []
    if not files:
        pytest.skip("../shared/corpus/legup-lightup is not here")
    assert len(files) == 77
    for p in files:
        loaded = aspuzzle.load(p)
        assert loaded.format == "legup", p
        text = FMT.write(loaded.instance, None)
        assert FMT.read(text) == loaded.instance


def test_row_clue_letters_are_legups_bijective_base_26() -> None:
    assert [letters(n) for n in (1, 26, 27, 52, 703)] == ["A", "Z", "AA", "AZ", "AAA"]
    assert all(letters_number(letters(n)) == n for n in range(1, 2000))
    assert letters_number("ab") == 28
    assert letters_number("A1") is None and letters_number("ABCDE") is None
