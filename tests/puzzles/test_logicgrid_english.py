"""Logic grids with clues in English as printed (issue 29): every puzzle of
tests/data/logicgrid/english/ has exactly its known answer."""

from __future__ import annotations

from pathlib import Path

import pytest

import aspuzzle
from aspuzzle.puzzles.logicgrid.model import LogicGridSolution

DATA = Path(__file__).parent.parent / "data" / "logicgrid" / "english"
PUZZLES = sorted(DATA.glob("*.logic"))


def _answer(text: str) -> list[list[str]]:
    return [[v.strip() for v in line.split(":", 1)[1].split("|")]
            for line in text.splitlines() if line.startswith("# answer:")]


def test_there_are_enough_puzzles() -> None:
    assert len(PUZZLES) >= 1


@pytest.mark.parametrize("path", PUZZLES, ids=[p.stem for p in PUZZLES])
def test_english_puzzle_has_exactly_its_known_answer(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    want = _answer(text)
    assert want, f"{path.name} has no '# answer:' lines"
    loaded = aspuzzle.loads(text, type="logicgrid")
    result = aspuzzle.solve(loaded)
    assert str(result.status) == "unique", (path.name, str(result.status))
    got = [[str(v) for _, v in group] for group in result.solutions[0].groups]
    assert got == want
    # the independent checker agrees that every clue, as read, is true of the answer
    inst = loaded.instance
    sol = LogicGridSolution(tuple(
        tuple((c.name, c.values[[str(v) for v in c.values].index(x)])
              for c, x in zip(inst.categories, row, strict=True)) for row in want))
    assert loaded.puzzle.verify(inst, sol) == []
