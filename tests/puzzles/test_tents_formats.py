"""Tents external formats: Simon Tatham game IDs, puzz.link URLs and LEGUP XML.

Exact encodings at the edges (end of the grid, long runs, clues of 16 and more), a player's
marks and links, conversions between every pair of formats, the command line, precise errors,
and property tests (random and damaged input gives InputError only; decode(encode(x)) == x).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from itertools import product
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import aspuzzle
from aspuzzle.errors import InputError
from aspuzzle.puzzles.tents import PUZZLE as TENTS
from aspuzzle.puzzles.tents import TentsInstance, TentsSolution
from aspuzzle.puzzles.tents.legup import read_legup, read_legup_state, write_legup
from aspuzzle.puzzles.tents.model import Cell, Pair, neighbours4
from aspuzzle.puzzles.tents.puzzlink import read_puzzlink, write_puzzlink
from aspuzzle.puzzles.tents.tatham import read_tatham, read_tatham_marks, write_tatham
from tests.conftest import DATA, mutate, read_jsonl, run_cli

SETTINGS = settings(max_examples=100, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

ID_6X6 = "6x6de:gaegabcc,2,0,0,3,0,2,1,1,1,1,2,1"
URL_5X5 = "https://puzz.link/p?tents/5/5/2g0h1i1j82323"
FORMATS = ("text", "facts", "tatham", "puzzlink", "legup")


def _empty(h: int, w: int, trees: set[Cell] | None = None, clue: int | None = 0) -> TentsInstance:
    return TentsInstance(h, w, frozenset(trees or ()), (clue,) * h, (clue,) * w)


def _solve(inst: TentsInstance) -> TentsSolution:
    result = aspuzzle.solve(aspuzzle.loads(write_tatham(inst)))
    assert result.status is aspuzzle.Status.UNIQUE
    return result.solutions[0]


# --- Tatham game IDs ----------------------------------------------------------------------------

@pytest.mark.parametrize("inst, ident", [
    # no tree: the end of the grid is the only "tree"; 16 empty cells -> 'p'
    (_empty(4, 4), "4x4:p,0,0,0,0,0,0,0,0"),
    # exactly 25 empty cells then the end: 'y'; 30: 'z' (25) then 'e' (5 and the end)
    (_empty(5, 5), "5x5:y,0,0,0,0,0,0,0,0,0,0"),
    (_empty(6, 5), "5x6:ze,0,0,0,0,0,0,0,0,0,0,0"),
    # a tree in the last cell: '_' reaches the end right after it
    (_empty(4, 4, {(4, 4)}), "4x4:o_,0,0,0,0,0,0,0,0"),
    # 50 empty cells and a tree, 49 more and the end
    (_empty(10, 10, {(6, 1)}), "10x10:zyzx,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0"),
    # a tree in the first cell
    (_empty(4, 4, {(1, 1)}), "4x4:_o,0,0,0,0,0,0,0,0"),
])
def test_tatham_run_lengths_at_the_edges(inst: TentsInstance, ident: str) -> None:
    assert write_tatham(inst) == ident
    assert read_tatham(ident) == inst


def test_tatham_reads_what_his_reader_accepts_but_his_writer_never_writes() -> None:
    canonical = read_tatham("5x5:y,0,0,0,0,0,0,0,0,0,0")
    assert read_tatham("5x5:z_,0,0,0,0,0,0,0,0,0,0") == canonical  # 25 empty, then the end
    assert read_tatham("5x5:y,0,0,0,0,,0,0,0,0,0") == canonical  # an empty clue is 0 (atoi)
    assert read_tatham("5:y,0,0,0,0,0,0,0,0,0,0") == canonical  # "5" is 5x5
    assert read_tatham("5x5:y,00,0,0,0,0,0,0,0,0,0") == canonical


def test_tatham_difficulty_is_kept_when_known() -> None:
    inst = read_tatham(ID_6X6)
    assert inst.difficulty == "e"
    assert write_tatham(inst) == ID_6X6
    plain = read_tatham(ID_6X6.replace("de:", ":"))
    assert plain.difficulty is None and plain == inst
    assert write_tatham(plain) == ID_6X6.replace("de:", ":")
    assert read_tatham(ID_6X6.replace("de:", "dt:")).difficulty == "t"


def test_tatham_marks_tents_and_grass_as_his_program_reads_them() -> None:
    # '_!' a tree turned into a tent; 'c' 3 empty cells and a tree; '_-' a tree turned grass
    inst, marks = read_tatham_marks("4x4:_!c_-j,0,0,0,0,0,0,0,0")
    assert inst.trees == frozenset({(2, 1)})
    assert marks == {(1, 1): "tent", (2, 2): "grass"}
    assert write_tatham(inst, None, marks) == "4x4:_!c_-j,0,0,0,0,0,0,0,0"
    assert write_tatham(inst) == "4x4:dk,0,0,0,0,0,0,0,0"


def test_tatham_with_a_solution_marks_every_tent() -> None:
    inst = read_tatham(ID_6X6)
    sol = _solve(inst)
    ident = write_tatham(inst, sol)
    assert ident.count("!") == len(sol.tents) == 7
    back, marks = read_tatham_marks(ident)
    assert back == inst
    assert marks == {t: "tent" for t in sol.tents}


@pytest.mark.parametrize("text, message, column", [
    ("8x8:abc,1", "run-length string covers 8 of 64 cells", 8),
    ("3x3:_,0,0,0,0,0,0", "a 3x3 grid is too small: width and height must both be at least 4",
     1),
    ("8x8dq:p,1", "unknown difficulty 'q' after 'd' (e = easy, t = tricky)", 5),
    ("10x10dt#1234", "this is a random-seed ID ('#'), not a game ID", 8),
    (ID_6X6[:-2], "11 clues, expected 12 (6 columns, then 6 rows)", 37),
    (ID_6X6 + ",5", "13 clues, expected 12", 40),
    (ID_6X6[:-1] + "x", "clue 12 'x' is not a number", 38),
    (ID_6X6.replace(":gaegabcc,2", ":gaegabcc,9"), "column 1 clue 9 is more than its 6 cells",
     16),
    (ID_6X6.replace("gaeg", "gae3g"), "unexpected '3' in the run-length string", 10),
    (ID_6X6.replace("gaeg", "gaeQg"), "unexpected 'Q' in the run-length string", 10),
    (ID_6X6.replace(":g", ":!g"), "'!' marks a cell off the grid", 7),
    (ID_6X6.replace("bcc,", "bccz,"), "runs past the 36 cells of the 6x6 grid", 15),
    (ID_6X6.replace("bcc,", "bcc_,"), "runs past the 36 cells of the 6x6 grid", 15),
    ("6x6de:gaegabcc", "no clues after the grid", 15),
    ("6x6de", "no ':' between the parameters and the description", 1),
    ("x6:p,0", "parameters 'x6' are not WxH", 1),
    ("\u0664x\u0664:p,0", "are not WxH", 1),  # digits of another script are not digits here
    ("99999999x9:p,0", "grid size '99999999' is far too large", 1),
    ("201x4:p,0", "a 201x4 grid is too large", 1),
    (ID_6X6.replace(",1,1,1,2,1", ",1,1,1,2," + "9" * 40), "far too large", 38),
])
def test_tatham_errors_name_the_problem_and_the_place(text: str, message: str,
                                                      column: int) -> None:
    with pytest.raises(InputError) as err:
        read_tatham(text)
    assert message in str(err.value)
    assert err.value.where.line == 1 and err.value.where.column == column
    assert str(err.value).startswith(f"line 1, column {column}: tents ID: ")


def test_tatham_in_a_file_with_comments_reports_the_right_line() -> None:
    text = "# my puzzle\n\n  8x8:abc,1\n"
    with pytest.raises(InputError, match=r"^line 3, column 10: tents ID: run-length"):
        read_tatham(text)
    with pytest.raises(InputError, match=r"line 2, column 1: .*found more lines"):
        read_tatham(ID_6X6 + "\n" + ID_6X6)


def test_tatham_cannot_write_what_his_program_cannot_read() -> None:
    with pytest.raises(InputError, match="need every clue; row 2 has none"):
        write_tatham(TentsInstance(4, 4, frozenset(), (0, None, 0, 0), (0, 0, 0, 0)))
    with pytest.raises(InputError, match="cannot hold a 3x4 grid"):
        write_tatham(_empty(4, 3))


# --- puzz.link URLs ------------------------------------------------------------------------------

def test_puzzlink_long_runs_of_missing_clues_and_of_empty_cells() -> None:
    # 9 missing clues -> 'o'; 18 empty cells -> 'z', 1 empty -> 'i', a tree and the end -> '0'
    inst = TentsInstance(5, 4, frozenset({(5, 4)}), (None,) * 5, (None,) * 4)
    url = "https://puzz.link/p?tents/4/5/ozi0"
    assert write_puzzlink(inst) == url
    assert read_puzzlink(url) == inst
    # 41 missing clues: 'z' 'z' (20 each) 'g' (1); a tree and 17 empty cells -> 'h', then 18
    # empty cells -> 'z', 3 -> 'k', the last tree and the end -> '0'
    inst = TentsInstance(1, 40, frozenset({(1, 1), (1, 40)}), (None,), (None,) * 40)
    url = "https://puzz.link/p?tents/40/1/zzghzk0"
    assert write_puzzlink(inst) == url
    assert read_puzzlink(url) == inst


def test_puzzlink_clues_of_16_and_more() -> None:
    cols = (16, None, 10, *([None] * 20), 0, 17)
    rows = (25, 3) + (None,) * 28
    inst = TentsInstance(30, 25, frozenset({(30, 25)}), rows, cols)
    url = write_puzzlink(inst)
    body = url.split("/", 6)[-1]
    # 16 -> '-10', missing -> 'g', 10 -> 'a', 20 missing -> 'z', 0, 17 -> '-11', 25 -> '-19'
    assert body.startswith("-10ga" + "z" + "0-11" + "-193")
    assert read_puzzlink(url) == inst


def test_puzzlink_question_mark_clues_read_as_missing() -> None:
    inst = read_puzzlink("tents/5/5/2.0..1...1j82323")
    assert inst == read_puzzlink(URL_5X5)


def test_puzzlink_accepts_other_hosts_and_the_bare_body() -> None:
    for url in ("http://pzv.jp/p.html?tents/5/5/2g0h1i1j82323",
                "https://pzprxs.vercel.app/p?tents/5/5/2g0h1i1j82323",
                "tents/5/5/2g0h1i1j82323"):
        assert read_puzzlink(url) == read_puzzlink(URL_5X5)


@pytest.mark.parametrize("text, message, column", [
    ("https://puzz.link/p?hitori/4/4/1114", "expected a tents URL", 21),
    ("tents/5", "the grid size is missing", 8),
    ("tents/5/x/1", "number of rows 'x' is not a number", 9),
    ("tents/0/5/1", "0 columns is out of range (1..200)", 7),
    ("tents/5/5/9", "column 1 clue 9 is more than its 5 cells", 11),
    ("tents/5/5/-1", "'-' must be followed by 2 hex digits", 11),
    ("tents/5/5/2gA", "unexpected character 'A' in the URL's body", 13),
    ("tents/5/5/2g0h1i1j8+", "unexpected character '+' in the URL's body", 20),
    ("tents/5/5/2g0h1i1j82323zz", "unexpected data 'zz' after the grid", 24),
])
def test_puzzlink_errors_name_the_problem_and_the_place(text: str, message: str,
                                                        column: int) -> None:
    with pytest.raises(InputError) as err:
        read_puzzlink(text)
    assert message in str(err.value)
    assert (err.value.where.line, err.value.where.column) == (1, column)


# --- LEGUP ---------------------------------------------------------------------------------------

def test_legup_export_import_round_trip_with_marks_and_links() -> None:
    inst = read_tatham(ID_6X6)
    marks = {(1, 1): "grass", (2, 1): "tent", (6, 6): "tent", (3, 3): "grass"}
    links = frozenset({((2, 2), (2, 1)), ((4, 6), (3, 6))})
    text = write_legup(inst, None, marks, links)
    back, back_marks, back_links = read_legup_state(text)
    assert back == inst
    assert back_marks == marks
    assert back_links == links
    assert read_legup(text) == inst


def test_legup_solved_board_has_every_cell_and_the_links() -> None:
    inst = read_tatham(ID_6X6)
    sol = _solve(inst)
    text = write_legup(inst, sol)
    back, marks, links = read_legup_state(text)
    assert back == inst
    assert {c for c, m in marks.items() if m == "tent"} == sol.tents
    assert len(marks) == 36 - len(inst.trees)
    assert links == sol.pairs
    # without the solver's pairing, the writer finds one
    text = write_legup(inst, TentsSolution(sol.tents))
    assert read_legup_state(text)[2] == sol.pairs  # this puzzle's pairing is unique
    assert text.count("<line ") == 7


def test_legup_file_layout_follows_legup() -> None:
    inst = TentsInstance(2, 3, frozenset({(1, 2)}), (1, 0), (1, 0, 0))
    text = write_legup(inst, TentsSolution(frozenset({(1, 1)})))
    assert '<board height="2" width="3">' in text
    assert '<cell value="1" x="1" y="0"/>' in text and '<cell value="3" x="0" y="0"/>' in text
    assert '<axis side="east">' in text and '<clue index="B" value="0"/>' in text
    assert '<axis side="south">' in text and '<clue index="3" value="0"/>' in text
    assert '<line x1="1" x2="0" y1="0" y2="0"/>' in text


def test_legup_row_indexes_beyond_z() -> None:
    inst = TentsInstance(28, 4, frozenset({(28, 4)}), (0,) * 27 + (1,), (0, 0, 1, 0))
    text = write_legup(inst)
    assert '<clue index="Z" value="0"/>' in text
    assert '<clue index="AA" value="0"/>' in text and '<clue index="AB" value="1"/>' in text
    assert read_legup(text) == inst


def test_legup_player_board_follows_the_proof_until_it_branches() -> None:
    text = (DATA / "tents" / "legup-player-6x6.xml").read_text()
    inst, marks, links = read_legup_state(text)
    assert inst == read_tatham(ID_6X6)
    # given grass at (1,2); grass (3,2), (4,2); (6,2) marked and cleared; the tent (2,1)
    # linked to its tree; the case split on (3,6) is not the player's board
    assert marks == {(1, 2): "grass", (3, 2): "grass", (4, 2): "grass", (2, 1): "tent"}
    assert links == frozenset({((2, 2), (2, 1))})
    assert read_legup(text) == inst


def test_legup_missing_clues_cannot_be_written() -> None:
    with pytest.raises(InputError, match="need every clue; column 2 has none"):
        write_legup(TentsInstance(1, 2, frozenset(), (0,), (0, None)))


_BOARD = (DATA / "tents" / "legup-player-6x6.xml").read_text()


@pytest.mark.parametrize("edit, message", [
    (lambda t: t[:200], "malformed XML: unclosed token"),
    (lambda t: t.replace("</cells>", "</cell>"), "malformed XML: mismatched tag"),
    (lambda t: t.replace("<Legup", "<!DOCTYPE Legup [<!ENTITY a \"aaaa\">]>\n<Legup"),
     "document type declaration (<!DOCTYPE ...>) is not allowed"),
    (lambda t: t.replace("<Legup", "<!DOCTYPE Legup SYSTEM \"file:///etc/passwd\">\n<Legup"),
     "document type declaration"),
    (lambda t: t.replace("TreeTent", "&xxe;"), "malformed XML: undefined entity"),
    (lambda t: t.replace("Legup", "Legop"), "the root element is <Legop>, expected <Legup>"),
    (lambda t: t.replace('name="TreeTent"', 'name="Nurikabe"'),
     "holds a 'Nurikabe' puzzle, not TreeTent"),
    (lambda t: t.replace('height="6"', 'height="six"'), 'height="six" is not a number'),
    (lambda t: t.replace('height="6"', 'height="0"'), "board size 6x0 is out of range"),
    (lambda t: t.replace('<cells>', '<cells><cell value="1" x="6" y="0"/>'),
     "cell x=6 y=0 is outside the 6x6 board"),
    (lambda t: t.replace('value="2" x="1" y="0"', 'value="5" x="1" y="0"'),
     "cell x=1 y=0 has value 5"),
    (lambda t: t.replace('<cells>', '<cells><cell value="1" x="1" y="0"/>'),
     "cell x=1 y=0 is given twice"),
    (lambda t: t.replace('<cell value="1" x="1" y="1"/>', '<cell value="1" y="1"/>'),
     "<cell> has no 'x' attribute"),
    (lambda t: t.replace('side="south"', 'side="west"'), "two <axis> elements"),
    (lambda t: t.replace('<clue index="F" value="1"/>', ''), "5 row clues for 6 rows"),
    (lambda t: t.replace('index="F"', 'index="E"'), "row clue E is given twice"),
    (lambda t: t.replace('index="F"', 'index="G"'), "row clue index G is outside A..F"),
    (lambda t: t.replace('index="F"', 'index="6"'), "row clue index '6' is not a letter index"),
    (lambda t: t.replace('<clue index="6" value="2"/>', '<clue index="0" value="2"/>'),
     "column clue index 0 is outside 1..6"),
    (lambda t: t.replace('<clue index="6" value="2"/>', '<clue index="6" value="7"/>'),
     "column 6 clue 7 is out of range 0..6"),
    (lambda t: t.replace('<cells>', ''), "malformed XML"),
    (lambda t: t.replace('<cells>', '<cellz>').replace('</cells>', '</cellz>'),
     "<board> has no <cells> element"),
    (lambda t: t.replace('x1="1" x2="0" y1="1" y2="1"', 'x1="0" x2="0" y1="1" y2="2"'),
     "a line must join a tree and a tent"),
    (lambda t: t.replace('x1="1" x2="0" y1="1" y2="1"', 'x1="1" x2="0" y1="1" y2="0"'),
     "does not join neighbouring cells"),
    (lambda t: t.replace('x1="1" x2="0" y1="1" y2="1"', 'x1="1" x2="9" y1="1" y2="1"'),
     "line end x2=9 y2=1 is outside the 6x6 board"),
    (lambda t: t.replace('<cell value="0" x="1" y="5"/>', '<cell value="0" x="1" y="1"/>'),
     "a proof step changes the tree at x=1 y=1"),
    (lambda t: t.replace('<cell value="0" x="1" y="5"/>', '<cell value="1" x="1" y="5"/>'),
     "a proof step plants a tree at x=1 y=5"),
    (lambda t: t.replace('<node id="101">', '<node id="100">'), "proof node id 100 is used twice"),
])
def test_legup_errors_name_the_problem_and_the_place(edit: Callable[[str], str],
                                                     message: str) -> None:
    text = edit(_BOARD)
    assert text != _BOARD
    with pytest.raises(InputError) as err:
        read_legup_state(text)
    assert message in str(err.value)
    assert err.value.where.line is not None and err.value.where.column is not None
    assert "\n" not in str(err.value)


def test_legup_entity_expansion_is_refused_before_it_starts() -> None:
    lol = "".join(f'<!ENTITY l{i} "{f"&l{i - 1};" * 10}">' for i in range(1, 10))
    bomb = f'<?xml version="1.0"?><!DOCTYPE Legup [<!ENTITY l0 "lol">{lol}]><Legup>&l9;</Legup>'
    with pytest.raises(InputError, match="document type declaration"):
        read_legup(bomb)


# --- conversions between every pair of formats ---------------------------------------------------

def _hop(inst: TentsInstance, fmt: str) -> TentsInstance:
    write = TENTS.formats[fmt].write
    assert write is not None
    return aspuzzle.loads(write(inst, None), type="tents", fmt=fmt).instance


@pytest.mark.parametrize("src, dst", list(product(FORMATS, FORMATS)))
def test_convert_between_every_pair_of_formats(src: str, dst: str) -> None:
    full = read_tatham(ID_6X6)
    a = _hop(full, src)
    b = _hop(a, dst)
    assert a == full and b == full
    # missing clues: text, facts and puzz.link carry them; Tatham IDs and LEGUP cannot
    partial = read_puzzlink(URL_5X5)
    if src in ("tatham", "legup"):
        return
    a = _hop(partial, src)
    assert a == partial
    if dst in ("tatham", "legup"):
        with pytest.raises(InputError, match="need every clue"):
            _hop(a, dst)
    else:
        assert _hop(a, dst) == partial


def test_format_detection_needs_no_hints() -> None:
    inst = read_tatham(ID_6X6)
    for fmt in FORMATS:
        write = TENTS.formats[fmt].write
        assert write is not None
        loaded = aspuzzle.loads(write(inst, None))
        assert (loaded.puzzle.name, loaded.format, loaded.instance) == ("tents", fmt, inst)


# --- command line --------------------------------------------------------------------------------

def test_cli_solves_inline_tatham_ids_and_urls() -> None:
    record = read_jsonl(DATA / "tents" / "tatham.jsonl")[0]
    for arg, extra in ((record["id"], ["--type", "tents"]), ("tents:" + record["id"], []),
                       (URL_5X5, []), ("tents/5/5/2g0h1i1j82323", [])):
        out = run_cli("solve", arg, "--json", *extra)
        assert out.returncode == 0, out.stderr
        data = json.loads(out.stdout)
        assert data["status"] == "unique"
        if "dt:" in arg:
            assert data["solutions"][0]["tents"] == record["solution"]["tents"]
        else:
            assert data["solutions"][0]["tents"] == [[1, 2], [2, 5], [3, 1], [4, 5], [5, 1]]


def test_cli_bad_inline_id_is_one_line_and_exit_2() -> None:
    out = run_cli("solve", "8x8:abc,1", "--type", "tents")
    assert out.returncode == 2
    assert out.stderr.strip().count("\n") == 0
    assert "line 1, column 8: tents ID: run-length string covers 8 of 64 cells" in out.stderr


def test_cli_solve_to_legup_prints_a_solved_legup_file() -> None:
    out = run_cli("solve", ID_6X6, "--to", "legup")
    assert out.returncode == 0, out.stderr
    inst, marks, links = read_legup_state(out.stdout)
    assert inst == read_tatham(ID_6X6)
    tents = {c for c, m in marks.items() if m == "tent"}
    assert TENTS.verify(inst, TentsSolution(frozenset(tents), links)) == []
    out = run_cli("solve", ID_6X6, "--to", "tatham")
    assert out.returncode == 0 and out.stdout.count("!") == 7


@pytest.mark.parametrize("fmt", ["text", "facts"])
def test_cli_solve_to_text_and_facts_from_a_tatham_id(fmt: str) -> None:
    out = run_cli("solve", ID_6X6, "--to", fmt)
    assert out.returncode == 0, out.stderr
    tents = [(1, 4), (2, 1), (3, 6), (4, 4), (5, 1), (5, 6), (6, 4)]
    if fmt == "text":
        rows = [line.split()[1:] for line in out.stdout.splitlines()[2:]]
        assert sorted((r, c) for r, row in enumerate(rows, 1)
                      for c, cell in enumerate(row, 1) if cell == "A") == tents
    else:
        assert sorted((int(r), int(c)) for r, c in re.findall(r"\btent\((\d+),\s*(\d+)\)",
                                                              out.stdout)) == tents
    assert aspuzzle.loads(out.stdout, type="tents", fmt=fmt).instance == read_tatham(ID_6X6)


def test_cli_convert_writes_the_file(tmp_path: Path) -> None:
    target = tmp_path / "puzzle.xml"
    url = URL_5X5.replace("2g0h1i1", "2203101111")
    out = run_cli("convert", url, "--to", "legup", "-o", str(target))
    assert out.returncode == 0, out.stderr
    assert read_legup(target.read_text()).col_clues == (2, 2, 0, 3, 1)
    back = run_cli("convert", str(target), "--to", "puzzlink")
    assert back.returncode == 0
    assert back.stdout.strip() == url


@pytest.mark.parametrize("dst", ["tatham", "legup"])
def test_cli_convert_is_atomic_on_error(tmp_path: Path, dst: str) -> None:
    target = tmp_path / "out.txt"
    out = run_cli("convert", URL_5X5, "--to", dst, "-o", str(target))
    assert out.returncode == 2
    assert re.search(r"need every clue; (column|row) 2 has none", out.stderr)
    assert not target.exists()
    assert list(tmp_path.iterdir()) == []  # no temporary file left behind either


# --- properties ----------------------------------------------------------------------------------

@st.composite
def instances(draw: st.DrawFn, min_size: int = 1, max_size: int = 9,
              missing: bool = True) -> TentsInstance:
    h = draw(st.integers(min_size, max_size))
    w = draw(st.integers(min_size, max_size))
    cells = [(r, c) for r in range(1, h + 1) for c in range(1, w + 1)]
    density = draw(st.sampled_from([0.0, 0.05, 0.2, 0.5, 1.0]))
    trees = {c for c in cells if draw(st.floats(0, 1)) < density} if density else set()

    def clue(n: int) -> st.SearchStrategy[int | None]:
        values: st.SearchStrategy[int | None] = st.integers(0, n)
        return st.one_of(st.none(), values) if missing else values

    rows = tuple(draw(clue(w)) for _ in range(h))
    cols = tuple(draw(clue(h)) for _ in range(w))
    return TentsInstance(h, w, frozenset(trees), rows, cols)


@SETTINGS
@given(instances(min_size=4, max_size=12, missing=False),
       st.sampled_from([None, "e", "t"]))
def test_tatham_round_trip(inst: TentsInstance, difficulty: str | None) -> None:
    inst = TentsInstance(inst.height, inst.width, inst.trees, inst.row_clues, inst.col_clues,
                         difficulty)
    ident = write_tatham(inst)
    back = read_tatham(ident)
    assert back == inst and back.difficulty == difficulty
    assert write_tatham(back) == ident


@SETTINGS
@given(instances(max_size=45))
def test_puzzlink_round_trip(inst: TentsInstance) -> None:
    url = write_puzzlink(inst)
    assert read_puzzlink(url) == inst
    assert write_puzzlink(read_puzzlink(url)) == url


@st.composite
def boards(draw: st.DrawFn) -> tuple[TentsInstance, dict[Cell, str], frozenset[Pair]]:
    inst = draw(instances(max_size=8, missing=False))
    free = [(r, c) for r in range(1, inst.height + 1) for c in range(1, inst.width + 1)
            if (r, c) not in inst.trees]
    chosen = draw(st.lists(st.sampled_from(free), max_size=12)) if free else []
    marks = {c: draw(st.sampled_from(["tent", "grass"])) for c in chosen}
    links = {(t, n) for t in sorted(inst.trees) for n in neighbours4(t)
             if n in marks and draw(st.booleans())}
    return inst, marks, frozenset(links)


@SETTINGS
@given(boards())
def test_legup_round_trip(board: tuple[TentsInstance, dict[Cell, str], frozenset[Pair]]) -> None:
    inst, marks, links = board
    assert read_legup_state(write_legup(inst, None, marks, links)) == (inst, marks, links)


READERS: dict[str, Callable[[str], Any]] = {
    "tatham": read_tatham, "puzzlink": read_puzzlink, "legup": read_legup_state,
}


def _only_input_errors(read: Callable[[str], Any], text: str) -> None:
    try:
        read(text)
    except InputError as e:
        assert str(e) and "\n" not in str(e)


@SETTINGS
@given(st.sampled_from(sorted(READERS)), st.text(max_size=120))
def test_random_text_gives_input_error_only(fmt: str, text: str) -> None:
    _only_input_errors(READERS[fmt], text)


_PREFIXES = {"tatham": ["8x8:", "6x6de:", "5:", "4x4dt:p"],
             "puzzlink": ["tents/5/5/", "https://puzz.link/p?tents/", "tents/"],
             "legup": ['<Legup><puzzle name="TreeTent"><board height="3" width="3">']}
_ALPHABETS = {"tatham": "_abyz!-,0123456789xd:#Q\n",
              "puzzlink": "0123456789abcdefghijz.-+/?Aé",
              "legup": '<>/="cellvalueaxisidetreproofnodlin 0123-&;!?'}


@SETTINGS
@given(st.sampled_from(sorted(READERS)), st.data())
def test_random_text_in_the_formats_alphabet_gives_input_error_only(
        fmt: str, data: st.DataObject) -> None:
    prefix = data.draw(st.sampled_from(_PREFIXES[fmt]))
    tail = data.draw(st.text(alphabet=_ALPHABETS[fmt], max_size=80))
    _only_input_errors(READERS[fmt], prefix + tail)


def _mutate(text: str, data: st.DataObject, alphabet: str) -> str:
    return mutate(text, data, alphabet)


@SETTINGS
@given(instances(min_size=4, max_size=8, missing=False), st.sampled_from(sorted(READERS)),
       st.data())
def test_damaged_encodings_give_input_error_or_a_valid_instance(
        inst: TentsInstance, fmt: str, data: st.DataObject) -> None:
    write = TENTS.formats[fmt].write
    assert write is not None
    text = _mutate(write(inst, None), data, _ALPHABETS[fmt])
    try:
        loaded = aspuzzle.loads(text, type="tents", fmt=fmt)
    except InputError as e:
        assert str(e) and "\n" not in str(e)
        return
    TENTS.validate(loaded.instance)

