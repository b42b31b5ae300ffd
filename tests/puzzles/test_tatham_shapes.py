"""Tatham game IDs of every shape his generators make (``tests/data/tatham-shapes.jsonl``):
rectangles long and flat, the smallest grids (Hitori 2x2, Futoshiki 3), adjacent Futoshiki of
every difficulty, his IDs as ``--generate`` prints them (without the difficulty). Each is solved
to its recorded answer and proven unique, accepted by the type's independent ``verify``, written
back byte for byte, and read back from every other format that can hold it."""

from __future__ import annotations

from typing import Any

import pytest

import aspuzzle
from aspuzzle.errors import AspuzzleError
from tests.conftest import DATA, read_jsonl

RECORDS = read_jsonl(DATA / "tatham-shapes.jsonl")
TYPE = {"tents": "tents", "singles": "hitori", "unequal": "futoshiki"}


def _label(rec: dict[str, Any]) -> str:
    return f"{rec['game']}-{rec['params']}-{rec['index']}"


def test_the_set_covers_every_game_and_many_shapes() -> None:
    assert {r["game"] for r in RECORDS} == set(TYPE)
    assert len({(r["game"], r["params"]) for r in RECORDS}) >= 60
    assert len({r["id"] for r in RECORDS}) == len(RECORDS)


@pytest.mark.parametrize("rec", RECORDS, ids=_label)
def test_solved_to_the_recorded_answer_unique_and_verified(rec: dict[str, Any]) -> None:
    loaded = aspuzzle.loads(rec["id"], type=TYPE[rec["game"]], fmt="tatham")
    result = aspuzzle.solve(loaded)
    assert result.status is aspuzzle.Status.UNIQUE
    (sol,) = result.solutions
    got = loaded.puzzle.solution_to_json(sol)
    assert {k: got[k] for k in rec["solution"]} == rec["solution"]
    assert loaded.puzzle.verify(loaded.instance, sol) == []


@pytest.mark.parametrize("rec", RECORDS, ids=_label)
def test_written_back_byte_for_byte_and_read_back_from_every_format(
        rec: dict[str, Any]) -> None:
    ptype = TYPE[rec["game"]]
    loaded = aspuzzle.loads(rec["id"], type=ptype, fmt="tatham")
    formats = loaded.puzzle.formats
    tatham = formats["tatham"].write
    assert tatham is not None
    assert tatham(loaded.instance, None).strip() == rec["id"]
    written = 0
    for name, fmt in formats.items():
        if fmt.write is None:
            continue
        try:
            text = fmt.write(loaded.instance, None)
        except AspuzzleError:
            continue  # a format that cannot hold this puzzle says so (e.g. LEGUP's sizes)
        again = aspuzzle.loads(text, type=ptype, fmt=name)
        assert tatham(again.instance, None) == tatham(loaded.instance, None), name
        written += 1
    assert written >= 2
