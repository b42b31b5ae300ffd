"""SVG pictures: golden files byte for byte for one small puzzle per type, and structural checks
(what is drawn, counted against the solution) on larger ones.

Set ``ASPUZZLE_UPDATE_GOLDEN=1`` to rewrite the golden files after a deliberate change of the
drawing, then look at them (e.g. ``aspuzzle render FILE --png -o x.png``) before committing.
"""

from __future__ import annotations

import json
import os
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import aspuzzle
from aspuzzle.explain import read_board
from aspuzzle.explain.steps import Board
from aspuzzle.render import render_svg
from tests.conftest import DATA, EXAMPLES

GOLDEN = DATA / "render"
NS = "{http://www.w3.org/2000/svg}"


def solved(path: Path) -> tuple[aspuzzle.Loaded, Any]:
    loaded = aspuzzle.load(path)
    result = aspuzzle.solve(loaded)
    assert result.status is aspuzzle.Status.UNIQUE
    return loaded, result.solutions[0]


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def classed(root: ET.Element, cls: str, tag: str | None = None) -> list[ET.Element]:
    """Elements whose class list holds ``cls``."""
    return [e for e in root.iter() if cls in e.get("class", "").split()
            and (tag is None or e.tag == f"{NS}{tag}")]


def cells(root: ET.Element) -> list[ET.Element]:
    return classed(root, "cell", "g")


def rc(e: ET.Element) -> tuple[int, int]:
    return int(e.get("data-r", "0")), int(e.get("data-c", "0"))


def golden(name: str, svg: str) -> None:
    path = GOLDEN / name
    if os.environ.get("ASPUZZLE_UPDATE_GOLDEN"):
        path.write_text(svg, encoding="utf-8")
    assert svg == path.read_text(encoding="utf-8"), f"{name} differs from its golden file"


# --- golden files ------------------------------------------------------------------------------

@pytest.mark.parametrize(("source", "name"), [
    ("tents-5x5.txt", "tents-5x5-solved.svg"),
    ("futoshiki-4x4.txt", "futoshiki-4x4-solved.svg"),
    ("hitori-4x4.txt", "hitori-4x4-solved.svg"),
    ("logicgrid-3x3.logic", "logicgrid-3x3-solved.svg"),
])
def test_solved_pictures_match_their_golden_files(source: str, name: str) -> None:
    loaded, solution = solved(GOLDEN / source)
    svg = render_svg(loaded, solution=solution)
    parse(svg)
    golden(name, svg)
    assert render_svg(loaded, solution=solution) == svg  # the same bytes every time


def test_unsolved_tents_with_missing_clues_matches_its_golden_file() -> None:
    loaded = aspuzzle.load(GOLDEN / "tents-5x5.txt")
    svg = render_svg(loaded)
    golden("tents-5x5.svg", svg)
    root = parse(svg)
    clues = {(e.get("class"), e.get("data-r") or e.get("data-c")): e
             for e in classed(root, "clue", "g")}
    # columns 2 - 0 - -, rows 1 - - - 1: a missing clue is blank (no text), not "?"
    texts = {k: [t.text for t in e.iter(f"{NS}text")] for k, e in clues.items()}
    assert texts[("clue column", "1")] == ["2"] and texts[("clue column", "2")] == []
    assert texts[("clue row", "5")] == ["1"] and texts[("clue row", "2")] == []
    assert not classed(root, "tent") and len(classed(root, "tree", "g")) == 5


def test_a_futoshiki_board_with_pencil_marks_matches_its_golden_file() -> None:
    loaded = aspuzzle.load(GOLDEN / "futoshiki-4x4.txt")
    board, _, _ = read_board(loaded, "\n".join([
        ". < 3 > [12]   .", "", ".   .   .   .", "        ^",
        "[134]   .   .   .", "v", ".   . > .   2", ""]))
    svg = render_svg(loaded, board=board, highlight={"hint": [(3, 1, 3)], "error": [(1, 2)]})
    golden("futoshiki-4x4-board.svg", svg)
    root = parse(svg)
    placed = classed(root, "placed", "text")
    assert [(t.text, t.get("fill")) for t in placed] == [("3", "#1d4ed8")]
    pencils = {rc(c): [t.text for t in classed(c, "pencil")] for c in cells(root)}
    assert pencils[(1, 3)] == ["1", "2"] and pencils[(3, 1)] == ["1", "3", "4"]
    assert pencils[(1, 1)] == []


# --- structure, checked against the solution on larger puzzles ---------------------------------

@pytest.mark.parametrize("path", [EXAMPLES / "tents" / "tatham-10x10dt.txt",
                                  EXAMPLES / "tents" / "seed-6x6.txt"])
def test_tents_picture_shows_trees_tents_grass_links_and_clues(path: Path) -> None:
    loaded, sol = solved(path)
    inst = loaded.instance
    root = parse(render_svg(loaded, solution=sol))
    by_value: dict[str, set[tuple[int, int]]] = {}
    for c in cells(root):
        by_value.setdefault(c.get("data-value", ""), set()).add(rc(c))
    assert by_value["tree"] == set(inst.trees)
    assert by_value["tent"] == set(sol.tents)
    assert len(by_value["grass"]) == inst.height * inst.width - 2 * len(inst.trees)
    assert len(classed(root, "tree", "g")) == len(inst.trees)
    assert len(classed(root, "tent", "g")) == len(sol.tents)
    links = {(tuple(json.loads(e.get("data-tree", ""))), tuple(json.loads(e.get("data-tent", ""))))
             for e in classed(root, "link")}
    assert links == set(sol.pairs) and len(links) == len(inst.trees)
    rows = {int(e.get("data-r", "")): e.get("data-value") for e in classed(root, "row", "g")}
    assert rows == {i: str(v) for i, v in enumerate(inst.row_clues, 1)}
    assert len(cells(root)) == inst.height * inst.width


@pytest.mark.parametrize("path", [EXAMPLES / "futoshiki" / "tatham-9dx.id",
                                  EXAMPLES / "futoshiki" / "adjacent-6x6.txt"])
def test_futoshiki_picture_shows_givens_solved_digits_signs_and_bars(path: Path) -> None:
    loaded, sol = solved(path)
    inst = loaded.instance
    root = parse(render_svg(loaded, solution=sol))
    given = {(r, c): d for r, c, d in inst.givens}
    for c in cells(root):
        (digit,) = classed(c, "digit", "text")
        assert int(digit.text or "") == sol.at(rc(c)) == int(c.get("data-value", ""))
        kind = "given" if rc(c) in given else "solved"
        assert kind in digit.get("class", "").split()
        assert (digit.get("font-weight") == "bold") == (kind == "given")
    assert len(classed(root, "given", "text")) == len(inst.givens)
    assert len(classed(root, "solved", "text")) == inst.size ** 2 - len(inst.givens)
    signs = {(tuple(json.loads(e.get("data-greater", ""))),
              tuple(json.loads(e.get("data-smaller", "")))) for e in classed(root, "sign")}
    assert signs == set(inst.greater)
    bars = {(tuple(json.loads(e.get("data-a", ""))), tuple(json.loads(e.get("data-b", ""))))
            for e in classed(root, "bar")}
    assert bars == set(inst.bars)
    assert bool(bars) == inst.adjacent


def test_unsolved_futoshiki_shows_only_the_givens() -> None:
    loaded = aspuzzle.load(EXAMPLES / "futoshiki" / "tatham-9dx.id")
    root = parse(render_svg(loaded))
    digits = [(rc(c), int(t.text or "")) for c in cells(root) for t in classed(c, "digit")]
    assert sorted((r, c, d) for (r, c), d in digits) == sorted(loaded.instance.givens)


def test_hitori_picture_shades_exactly_the_solution() -> None:
    loaded, sol = solved(EXAMPLES / "hitori" / "tatham-10x10dk.txt")
    inst = loaded.instance
    root = parse(render_svg(loaded, solution=sol))
    shaded = {rc(c) for c in cells(root) if c.get("data-value") == "shaded"}
    assert shaded == set(sol.shaded)
    for c in cells(root):
        (number,) = classed(c, "number")
        assert int(number.text or "") == inst.value(rc(c))
    assert not classed(root, "circle")  # circles are a player's marks, not the solution's


def test_logic_grid_picture_marks_every_pair_and_tables_the_groups() -> None:
    loaded, sol = solved(EXAMPLES / "logicgrid" / "zebra-lgp-test-5x6-16.txt")
    cats = loaded.instance.categories
    k, n = len(cats), len(cats[0].values)
    root = parse(render_svg(loaded, solution=sol))
    cs = cells(root)
    assert len(cs) == k * (k - 1) // 2 * n * n
    keys = [tuple(tuple(x) for x in json.loads(c.get("data-key", ""))) for c in cs]
    assert len(set(keys)) == len(keys)
    entity = {(cat, v): i for i, g in enumerate(sol.groups) for cat, v in g}
    for c, (a, b) in zip(cs, keys, strict=True):
        truth = entity[a] == entity[b]
        assert c.get("data-value") == ("true" if truth else "false")
        assert len(classed(c, "true" if truth else "false", "path")) == 1
    assert len(classed(root, "true", "path")) == k * (k - 1) // 2 * n
    rows = classed(root, "group", "g")
    assert [[t.text for t in classed(r, "group-value")] for r in rows] == \
        [[str(v) for _, v in g] for g in sol.groups]


def test_unsolved_logic_grid_has_empty_cells_and_no_table() -> None:
    root = parse(render_svg(aspuzzle.load(EXAMPLES / "logicgrid" / "boys-in-the-hood.logic")))
    assert len(cells(root)) == 6 * 25
    assert not classed(root, "mark") and not classed(root, "groups")
    labels = [t.text for t in classed(root, "category", "text")]
    assert Counter(labels) == Counter(["victim", "location", "disguise",
                                       "episode", "disguise", "location"])


# --- players' boards and highlights ------------------------------------------------------------

def test_tents_board_draws_marks_and_links() -> None:
    loaded = aspuzzle.load(EXAMPLES / "tents" / "legup-8x8.xml")
    board = Board({(1, 2): "tent", (2, 1): "grass"}, frozenset())
    root = parse(render_svg(loaded, board=board))
    values = {rc(c): c.get("data-value") for c in cells(root)}
    assert values[(1, 2)] == "tent" and values[(2, 1)] == "grass"
    assert len(classed(root, "tent", "g")) == 1 and len(classed(root, "grass", "g")) == 1
    tree = next(iter(sorted(loaded.instance.trees)))
    nb = next(c for c in [(tree[0] + 1, tree[1]), (tree[0] - 1, tree[1]),
                          (tree[0], tree[1] + 1), (tree[0], tree[1] - 1)]
              if c not in loaded.instance.trees)
    root = parse(render_svg(loaded, board=Board({nb: "tent"}, frozenset({(tree, nb)}))))
    (link,) = classed(root, "link")
    assert json.loads(link.get("data-tree", "")) == list(tree)


def test_hitori_board_circles_cells_marked_unshaded() -> None:
    loaded = aspuzzle.load(EXAMPLES / "hitori" / "seed-6x6.txt")
    board = Board({(1, 1): "shaded", (1, 2): "unshaded", (2, 2): "unshaded"})
    root = parse(render_svg(loaded, board=board))
    circled = {rc(c) for c in cells(root) if classed(c, "circle")}
    assert circled == {(1, 2), (2, 2)}
    assert {rc(c) for c in cells(root) if c.get("data-value") == "shaded"} == {(1, 1)}


def test_logic_grid_board_draws_the_players_marks() -> None:
    loaded = aspuzzle.load(EXAMPLES / "logicgrid" / "boys-in-the-hood.logic")
    key = (("episode", 1), ("victim", "Friar Tuck"))
    other = (("victim", "Much"), ("location", "inn"))
    board = Board({key: "true", other: "false"})
    root = parse(render_svg(loaded, board=board, highlight=[other]))
    by_key = {tuple(tuple(x) for x in json.loads(c.get("data-key", ""))): c for c in cells(root)}
    assert by_key[key].get("data-value") == "true" and classed(by_key[key], "true")
    assert by_key[other].get("data-value") == "false" and classed(by_key[other], "false")
    assert "highlight" in by_key[other].get("class", "").split()
    assert len(classed(root, "mark")) == 2


def test_highlight_classes_colour_cells_and_clues() -> None:
    loaded = aspuzzle.load(EXAMPLES / "tents" / "seed-6x6.txt")
    svg = render_svg(loaded, highlight={"hint": [(3, 1), (3, 2)], "error": [("row", 3), (3, 2)],
                                        "mine": [(6, 6)]})
    root = parse(svg)
    classes = {rc(c): c.get("class") for c in cells(root)}
    assert classes[(3, 1)] == "cell hint" and classes[(3, 2)] == "cell hint error"
    assert classes[(6, 6)] == "cell mine" and classes[(1, 1)] == "cell"
    fills = {rc(c): c.find(f"{NS}rect").get("fill") for c in cells(root)}  # type: ignore[union-attr]
    assert fills[(3, 1)] == "#bfdbfe" and fills[(6, 6)] == "#ffe08a" and fills[(1, 1)] == "#ffffff"
    (row3,) = [e for e in classed(root, "row", "g") if e.get("data-r") == "3"]
    assert "error" in row3.get("class", "").split()
    plain = parse(render_svg(loaded, highlight=[(2, 2)]))
    assert [rc(c) for c in classed(plain, "highlight", "g")] == [(2, 2)]


def test_ids_are_unique_and_optional() -> None:
    for path in (EXAMPLES / "tents" / "seed-6x6.txt",
                 EXAMPLES / "logicgrid" / "zebra-lgp-test-5x6-16.txt"):
        loaded = aspuzzle.load(path)
        root = parse(render_svg(loaded, id_prefix="p1-"))
        ids = [e.get("id") for e in root.iter() if e.get("id")]
        assert len(ids) == len(set(ids)) == len(cells(root))
        assert all(str(i).startswith("p1-") for i in ids)
        assert not [e for e in parse(render_svg(loaded, ids=False)).iter() if e.get("id")]
    assert parse(render_svg(aspuzzle.load(EXAMPLES / "tents" / "seed-6x6.txt"))) \
        .find(".//*[@id='cell-r2c5']") is not None


def test_bare_instances_and_bad_requests() -> None:
    loaded, sol = solved(EXAMPLES / "hitori" / "seed-6x6.txt")
    assert render_svg(loaded.instance, solution=sol) == render_svg(loaded, solution=sol)
    with pytest.raises(aspuzzle.UsageError, match="not both"):
        render_svg(loaded, solution=sol, board=Board({}))
    with pytest.raises(aspuzzle.UsageError, match="cannot draw"):
        render_svg("a string")
    with pytest.raises(aspuzzle.UsageError, match="one word"):
        render_svg(loaded, highlight={"two words": [(1, 1)]})


def test_text_is_escaped_and_the_picture_scales() -> None:
    text = ('categories:\n  who: "A & B", "<C>"\n  what: x, y\n'
            'clues:\n  1. "A & B" is y\n')
    loaded = aspuzzle.loads(text, type="logicgrid")
    svg = render_svg(loaded, solution=aspuzzle.solve(loaded).solutions[0])
    root = parse(svg)
    values = [t.text for t in classed(root, "value", "text")]
    assert "A & B" in values and "<C>" in values
    w, h = float(root.get("width", "")), float(root.get("height", ""))
    assert root.get("viewBox") == f"0 0 {root.get('width')} {root.get('height')}" and w > 0 < h


@pytest.mark.parametrize(("name", "source"), [
    ("tents", "tents/seed-6x6.txt"), ("futoshiki", "futoshiki/seed-4x4.txt"),
    ("hitori", "hitori/seed-6x6.txt"), ("logicgrid", "logicgrid/boys-in-the-hood.logic"),
])
def test_the_readme_pictures_are_what_the_command_makes(name: str, source: str) -> None:
    """docs/img holds ``aspuzzle solve examples/SOURCE --svg -o docs/img/NAME.svg``: remake
    them with that command when the drawing changes."""
    loaded, solution = solved(EXAMPLES / source)
    picture = EXAMPLES.parent / "docs" / "img" / f"{name}.svg"
    assert picture.read_text(encoding="utf-8") == render_svg(loaded, solution=solution)


def test_docstring_example() -> None:
    import doctest

    import aspuzzle.render.svg

    result = doctest.testmod(aspuzzle.render.svg)
    assert result.attempted > 0 and result.failed == 0


def test_a_picture_of_one_of_several_solutions_says_so(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """An empty 3x3 Futoshiki has many solutions: the picture is of the first one drawn, and
    stderr says that it is one of several and where the first two differ."""
    from aspuzzle import cli

    puzzle = tmp_path / "empty.txt"
    puzzle.write_text(".   .   .\n\n.   .   .\n\n.   .   .\n")
    out = tmp_path / "first.svg"
    assert cli.main(["solve", str(puzzle), "--type", "futoshiki", "--svg", "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert "several solutions; the first is drawn" in err and "differ at" in err
    parse(out.read_text())
    unique = tmp_path / "unique.svg"
    assert cli.main(["solve", str(EXAMPLES / "futoshiki" / "seed-4x4.txt"), "--svg",
                     "-o", str(unique)]) == 0
    assert "several" not in capsys.readouterr().err
