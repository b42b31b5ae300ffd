"""The logic-grid solution table is drawn without importing rich's table and console (a third of
a small ``aspuzzle solve``): it must be the same text rich draws."""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st
from rich import box
from rich.console import Console
from rich.table import Table

from aspuzzle.puzzles.logicgrid import box_table

# what a value's text can be: ASP constants, numbers, quoted strings with spaces, accents and
# wide characters (rich reads "[" as markup and ":name:" as an emoji code: not in values here)
_CHARS = st.sampled_from(list("abcxyzAZ019_-'.é漢字ｗ😀 "))
_TEXT = st.text(_CHARS, min_size=1, max_size=12).map(str.strip).filter(bool)


def _rich(head: list[str], rows: list[list[str]]) -> str:
    table = Table(box=box.ROUNDED, show_header=True, header_style="bold")
    for name in head:
        table.add_column(name, no_wrap=True)
    for r in rows:
        table.add_row(*r)
    buf = io.StringIO()
    Console(file=buf, width=1000, color_system=None, force_terminal=False,
            legacy_windows=False).print(table)
    return "\n".join(line.rstrip() for line in buf.getvalue().rstrip("\n").split("\n"))


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 6).flatmap(lambda k: st.tuples(
    st.lists(_TEXT, min_size=k, max_size=k),
    st.lists(st.lists(_TEXT, min_size=k, max_size=k), min_size=1, max_size=8))))
def test_the_table_is_the_one_rich_draws(table: tuple[list[str], list[list[str]]]) -> None:
    head, rows = table
    assert box_table(head, rows) == _rich(head, rows)


def test_a_table() -> None:
    assert box_table(["n", "name"], [["1", "Friar Tuck"], ["2", "漢字"]]).splitlines() == [
        "╭───┬────────────╮",
        "│ n │ name       │",
        "├───┼────────────┤",
        "│ 1 │ Friar Tuck │",
        "│ 2 │ 漢字       │",
        "╰───┴────────────╯",
    ]
