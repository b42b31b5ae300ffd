"""The logic-grid generator: every puzzle is read back from its printed form, proven unique with
the printed solution, graded at the tier asked; seeds reproduce puzzles byte for byte;
``--minimal`` is checked clue by clue; impossible requests are refused before any attempt."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

import aspuzzle
from aspuzzle.api import Loaded
from aspuzzle.difficulty import Tier, grade
from aspuzzle.engine import Status
from aspuzzle.errors import InputError, UsageError
from aspuzzle.generator import Generated, generate, generate_one, make_request
from aspuzzle.generator.base import Request
from aspuzzle.puzzles.logicgrid import PUZZLE
from aspuzzle.puzzles.logicgrid.generate import GENERATOR
from aspuzzle.puzzles.logicgrid.model import Category, LogicGridInstance, Ref, Same
from aspuzzle.puzzles.logicgrid.vocabulary import (
    bundled,
    categories_of,
    load_categories,
    read_categories,
)
from aspuzzle.puzzles.logicgrid.zebralogic import read_zebralogic, write_zebralogic

ROOT = Path(__file__).resolve().parents[2]

USER_CATEGORIES = """\
# a dinner party: the guests are the key (no order); sizes are ordered
Guest: Ann, Bruno, Chiara, Dev, Emeka
Dish: soup, salad, risotto, curry, stew, pie
Size: tiny < small < medium < large < huge
Year: 1990, 1995, 2000, 2005, 2010
"""


def _text(g: Generated, fmt: str = "text") -> str:
    write = PUZZLE.formats[fmt].write
    assert write is not None
    return write(g.loaded.instance, None)


def _check_printed(g: Generated, tier: Tier, fmt: str = "text") -> str:
    """The puzzle as printed reads back, has exactly the printed solution, and grades at the
    tier asked; returns the printed text."""
    text = _text(g, fmt)
    back = aspuzzle.loads(text, type="logicgrid", fmt=fmt)
    res = aspuzzle.solve(back)
    assert res.status is Status.UNIQUE
    assert PUZZLE.solution_to_json(res.solutions[0]) == PUZZLE.solution_to_json(g.solution)
    assert PUZZLE.verify(back.instance, g.solution) == []
    assert g.grade.tier is tier
    again = grade(back)
    assert again.graded and again.tier is tier
    return text


@pytest.fixture(scope="module")
def direct_4x4() -> Generated:
    return generate("logicgrid", size="4x4", difficulty="direct", seed=11)


@pytest.fixture(scope="module")
def case_4x4() -> Generated:
    return generate("logicgrid", size="4x4", difficulty="case", seed=5)


def test_direct_puzzle_reads_back_unique_and_graded(direct_4x4: Generated) -> None:
    _check_printed(direct_4x4, Tier.DIRECT)
    cats = direct_4x4.loaded.instance.categories
    assert len(cats) == 4 and all(len(c.values) == 4 for c in cats)
    assert cats[0].name == "House" and cats[0].values == (1, 2, 3, 4)


def test_case_puzzle_reads_back_unique_and_graded(case_4x4: Generated) -> None:
    _check_printed(case_4x4, Tier.CASE)


@pytest.mark.parametrize(("size", "tier", "seed"), [("4x4", Tier.DIRECT, 2), ("4x4", Tier.CASE, 3),
                                                    ("3x5", Tier.CASE, 1)])
def test_zebralogic_output_reads_back_as_the_same_puzzle(size: str, tier: Tier,
                                                         seed: int) -> None:
    request = replace(make_request("logicgrid", size=size, difficulty=tier),
                      options={"to": "zebralogic"})
    GENERATOR.check(request)
    g = generate_one(request, seed)
    text = _check_printed(g, tier, "zebralogic")
    assert text.startswith(f"There are {request.size[1]} houses")
    back = read_zebralogic(text)
    assert back.categories == g.loaded.instance.categories
    assert back.clues == g.loaded.instance.clues


def test_same_seed_same_text_also_in_a_fresh_process(direct_4x4: Generated) -> None:
    text = _text(direct_4x4)
    assert _text(generate("logicgrid", size="4x4", difficulty="direct", seed=11)) == text
    code = ("import aspuzzle.generator as g, aspuzzle.puzzles.logicgrid as lg; "
            "x = g.generate('logicgrid', size='4x4', difficulty='direct', seed=11); "
            "print(lg.PUZZLE.formats['text'].write(x.loaded.instance, None), end='')")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, timeout=120, check=True).stdout
    assert out == text
    other = generate("logicgrid", size="4x4", difficulty="direct", seed=12)
    assert _text(other) != text


def test_same_seed_same_text_with_user_categories_whatever_the_string_hash(
        tmp_path: Path) -> None:
    """Two ordered categories: the request's random source must not depend on the order of a
    set of names (Python's string hash differs from process to process)."""
    path = tmp_path / "party.txt"
    path.write_text(USER_CATEGORIES, encoding="utf-8")
    code = ("import sys, aspuzzle.generator as g, aspuzzle.puzzles.logicgrid as lg; "
            "from aspuzzle.puzzles.logicgrid.vocabulary import load_categories as load; "
            "x = g.generate('logicgrid', size='3x4', difficulty='direct', seed=3, "
            "vocabulary=load(sys.argv[1])); "
            "print(lg.PUZZLE.formats['text'].write(x.loaded.instance, None), end='')")
    outs = {subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True,
                           text=True, cwd=ROOT, timeout=120, check=True,
                           env={**os.environ, "PYTHONHASHSEED": h}).stdout
            for h in ("1", "2")}
    assert len(outs) == 1


@pytest.mark.parametrize(("tier", "seed"), [(Tier.DIRECT, 4), (Tier.CASE, 2)])
def test_minimal_every_clue_is_needed(tier: Tier, seed: int) -> None:
    g = generate("logicgrid", size="4x4", difficulty=tier, seed=seed, minimal=True)
    _check_printed(g, tier)
    inst = g.loaded.instance
    assert inst.clues
    for i in range(len(inst.clues)):
        fewer = inst._replace(clues=inst.clues[:i] + inst.clues[i + 1:])
        res = aspuzzle.solve(Loaded(PUZZLE, fewer, "generated"))
        assert res.status is Status.MULTIPLE, f"clue {i + 1} can be left out"


def test_user_categories_file(tmp_path: Path) -> None:
    path = tmp_path / "party.txt"
    path.write_text(USER_CATEGORIES, encoding="utf-8")
    vocab = load_categories(path)
    assert [name for name, _ in vocab.categories] == ["Guest", "Dish", "Size", "Year"]
    assert vocab.ordered == {"Size", "Year"}
    g = generate("logicgrid", size="3x4", difficulty="case", seed=1, vocabulary=vocab)
    _check_printed(g, Tier.CASE)
    cats = g.loaded.instance.categories
    assert cats[0].name == "Guest"
    names = {c.name: c for c in categories_of(vocab)}
    for c in cats:
        assert set(c.values) <= set(names[c.name].values)
        assert c.has_order == names[c.name].has_order
    # the values of an ordered category keep their order
    for c in cats:
        if c.name == "Size":
            order = names["Size"].values
            assert list(c.values) == sorted(c.values, key=order.index)


def test_categories_file_in_json_and_with_the_language_header() -> None:
    as_json = json.dumps({"categories": [
        {"name": "Day", "ordered": True, "values": [1, 2, 3]},
        {"name": "Pet", "values": ["cat", "dog", "owl"]}]})
    v = read_categories(as_json)
    assert v.categories == (("Day", ("1", "2", "3")), ("Pet", ("cat", "dog", "owl")))
    assert categories_of(v)[0].values == (1, 2, 3)
    logic = "title: x\ncategories:\n  Day: 1..3\n  Pet: cat, dog, owl\nclues:\n  1. cat is 1\n"
    assert read_categories(logic) == v


@pytest.mark.parametrize(("text", "message"), [
    ("House: 1..4\nName Alice, Bob\n", "line 2"),
    ("House: 1..4\nPet: cat, dog, cat\n", "line 2"),
    ("House: 1..4\n", "at least two categories"),
    ("House: 1..4\nPet: cat\n", "at least two"),
    ("House: 1..4\nPet: cat, dog\nPet: owl, ant\n", "line 3"),
    ('{"categories": [{"name": "A", "values": [1, 2]}, {"name": "B"}]}', "category 2"),
    ('{"categories": [', "not JSON"),
])
def test_malformed_categories_file(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InputError) as e:
        load_categories(path)
    assert message in str(e.value) and str(path) in str(e.value)
    assert "\n" not in str(e.value)


def test_missing_categories_file(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="cannot read the categories file"):
        load_categories(tmp_path / "nope.txt")


@pytest.mark.parametrize(("size", "tier", "message"), [
    ("4x1", "direct", "at least 2 values"),
    ("1x4", "direct", "at least 2 categories"),
    ("13x4", "direct", "at most 8 categories"),
    ("4x9", "direct", "at most 8 values"),
    ("4x2", "case", "always solved by direct rules"),
    ("4x4", "nested", "cannot be made at tier nested"),
    ("four", "direct", "bad size"),
])
def test_impossible_requests(size: str, tier: str, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        make_request("logicgrid", size=size, difficulty=tier)


def test_more_than_the_vocabulary_holds() -> None:
    small = read_categories(USER_CATEGORIES)
    with pytest.raises(UsageError, match="has 4 categories of at least 5 values"):
        make_request("logicgrid", size="5x5", vocabulary=small)
    with pytest.raises(UsageError, match="'Guest', not 6"):
        make_request("logicgrid", size="2x6", vocabulary=small)
    request = Request("logicgrid", (3, 4), Tier.DIRECT, vocabulary=small,
                      options={"to": "zebralogic"})
    with pytest.raises(UsageError, match="houses numbered 1 to 4"):
        GENERATOR.check(request)


def test_bundled_vocabulary_is_written_and_read_in_zebralogic_english() -> None:
    """Every value of every bundled category, all in one puzzle, is described in ZebraLogic
    English so that it reads back as itself (no word is shared between categories)."""
    cats = categories_of(bundled())
    assert cats[0].name == "House" and cats[0].values == tuple(range(1, 9))
    assert len(cats) >= 9 and all(len(c.values) >= 8 for c in cats)
    for shift in (0, 2):
        chosen = (cats[0], *(Category(c.name, c.values[shift:shift + 8]) for c in cats[1:]))
        clues = tuple(Same(k, "", Ref(c.name, v), Ref("House", e + 1))
                      for k, (c, e, v) in enumerate(
                          ((c, e, v) for c in chosen[1:] for e, v in enumerate(c.values)), 1))
        inst = LogicGridInstance(chosen, clues)
        back = read_zebralogic(write_zebralogic(inst))
        assert back.categories == inst.categories and back.clues == inst.clues
