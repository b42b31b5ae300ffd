"""The kit's number grid (kit/numbergrid.py): numbers with a mark after them, read and written
back byte for byte; errors name the place."""

from __future__ import annotations

import pytest

from aspuzzle.errors import InputError
from aspuzzle.kit.numbergrid import NumberGrid

GRID = NumberGrid("demo", ("demo",), {"*": "on", "-": "off", "_": "off"}, "on",
                  "an 'on' one followed by '*'", 99, 5)


def test_read_and_write_back() -> None:
    text = "# demo 2x3\n 1*  2- 10\n12   3*  4-\n"
    rows, marks = GRID.read(text)
    assert rows == [[1, 2, 10], [12, 3, 4]]
    assert marks == {(1, 1): "on", (1, 2): "off", (2, 2): "on", (2, 3): "off"}
    assert GRID.write(rows, marks) == text
    assert GRID.read("1_ 2\n")[1] == {(1, 1): "off"}
    assert GRID.write([[1, 2]], {}, pad=False) == "# demo 1x2\n1 2\n"
    assert GRID.detect(text) and GRID.detect("1 2\n3 4*\n") and not GRID.detect("a b\n")


@pytest.mark.parametrize(("text", "error"), [
    ("1 x\n", "line 1, column 3, cell (1,2): 'x' is not a number (numbers are written with "
              "digits 0-9, an 'on' one followed by '*')"),
    ("1 * 2\n", "line 1, column 3, cell (1,2): '*' must follow a number (a on 5 is written "
                "'5*')"),
    ("1 100\n", "line 1, column 3, cell (1,2): number 100 is out of range 1..99"),
    ("1 0\n", "line 1, column 3, cell (1,2): number 0 is out of range 1..99"),
    ("1 2\n3\n", "line 2: row 2 has 1 numbers, expected 2 like row 1"),
    ("1 1 1 1 1 1\n", "line 1: the grid is too large (at most 5 rows and columns)"),
    ("# demo\n", "empty demo puzzle: no rows of numbers"),
])
def test_errors(text: str, error: str) -> None:
    with pytest.raises(InputError) as e:
        GRID.read(text)
    assert str(e.value).startswith(error)


def test_same_grid() -> None:
    NumberGrid.same_grid([[1, 2]], [[1, 2]])
    with pytest.raises(InputError, match=r"cell \(1,2\): the board has 3 where the puzzle has 2"):
        NumberGrid.same_grid([[1, 3]], [[1, 2]])
    with pytest.raises(InputError, match=r"cell \(1,3\): the board is 1x3 but the puzzle is 1x2: "
                                         r"the puzzle has no such cell"):
        NumberGrid.same_grid([[1, 2, 3]], [[1, 2]])


def test_the_answer_cells() -> None:
    grid = [[1, 22], [3, 4]]
    assert GRID.picture(grid, {(1, 2)}) == " 1 \u2588\u2588\n 3  4"
    assert GRID.picture(grid, {(1, 2)}, ascii=True) == " 1 ##\n 3  4"
    assert GRID.facts_text(grid, "n") == "n(1,1,1).\nn(1,2,22).\nn(2,1,3).\nn(2,2,4).\n"
    assert [str(f) for f in GRID.facts(grid, "n")] == ["n(1,1,1)", "n(1,2,22)", "n(2,1,3)",
                                                        "n(2,2,4)"]
    assert GRID.cells_to_json({(2, 1), (1, 2)}) == {"on": [[1, 2], [2, 1]]}
    assert GRID.cells_from_json({"on": [[1, 2]]}, 2, 2) == {(1, 2)}
    with pytest.raises(InputError, match=r"cell \(3,1\): on cell outside the 2x2 grid"):
        GRID.cells_from_json({"on": [[3, 1]]}, 2, 2)
    with pytest.raises(InputError, match="not a demo solution"):
        GRID.cells_from_json({}, 2, 2)
    assert GRID.differences({(1, 1)}, {(1, 2), (1, 1)}) == "on cells differ at (1,2)"


def test_svg() -> None:
    from aspuzzle.render.svg import RenderOptions

    grid = [[1, 2], [2, 1]]
    svg = GRID.svg("Demo 2x2", grid, {(1, 1): "on", (1, 2): "off"}, True,
                   RenderOptions(marks={(1, 1): ("highlight",)}))
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" class="aspuzzle aspuzzle-demo"')
    assert "<title>Demo 2x2</title>" in svg
    assert svg.count('class="circle"') == 1 and svg.count('class="frame"') == 1
    assert 'data-value="on"' in svg and 'data-value="off"' in svg
    solved = GRID.svg("Demo", grid, {(1, 1): "on", (1, 2): "off"}, False, RenderOptions())
    assert 'class="circle"' not in solved
