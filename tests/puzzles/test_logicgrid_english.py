"""Logic grids with clues in English as printed (issue 29): every puzzle of
tests/data/logicgrid/english/ has exactly its known answer."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import aspuzzle
from aspuzzle.errors import InputError
from aspuzzle.puzzles.logicgrid.model import LogicGridSolution

DATA = Path(__file__).parent.parent / "data" / "logicgrid" / "english"
PUZZLES = sorted(DATA.glob("*.logic"))


def _answer(text: str) -> list[list[str]]:
    return [[v.strip() for v in line.split(":", 1)[1].split("|")]
            for line in text.splitlines() if line.startswith("# answer:")]


def test_there_are_enough_puzzles() -> None:
    assert len(PUZZLES) >= 41  # 40 of our own and the seed post's


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


# --- aspuzzle read ----------------------------------------------------------------------------

def test_read_prints_each_clue_with_its_reading(capsys: pytest.CaptureFixture[str]) -> None:
    from aspuzzle.cli import main

    assert main(["read", str(DATA / "boys-in-the-hood.logic")]) == 0
    out = capsys.readouterr().out
    assert "7. The \"shepherd\" was the rescuer in the episode before Maid Marian's.\n" \
           "   -> shepherd is exactly 1 before Maid Marian\n" in out
    assert "   -> Prince John is dungeon\n   -> Little John is exactly 1 before Prince John\n" \
        in out


def test_read_json(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from aspuzzle.cli import main

    assert main(["read", "--json", str(DATA / "e01-drinks.logic")]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["clues"][2] == {"clue": 3, "text": "Ana paid 2 dollars more than Olga.",
                                  "reading": ["Olga is exactly 200 before Ana"]}


def test_read_of_a_type_without_clues_is_a_clear_error(
        capsys: pytest.CaptureFixture[str]) -> None:
    from aspuzzle.cli import main

    examples = Path(__file__).parent.parent.parent / "examples" / "tents"
    tents = sorted(examples.glob("*.txt"))[0]
    assert main(["read", str(tents)]) == 2
    err = capsys.readouterr().err
    assert "'read' shows how clues were read: Tents puzzles have no written clues" in err
    assert len(err.strip().splitlines()) == 1


# --- clues that cannot be read ----------------------------------------------------------------

CATS = ("categories:\n  customer: Kim, Ravi, Ana\n  drink: tea, cola, milk\n"
        "  price: $4, $5, $6\nclues:\n")


@pytest.mark.parametrize(("clue", "message"), [
    ("Kim sat beside the one who ordered tea.",
     "line 6, clue 1: cannot read 'Kim sat beside the one who ordered tea.': words not "
     "understood: 'beside'"),
    ("Kim ordered the wafles.",
     "line 6, clue 1: cannot read 'Kim ordered the wafles.': words not understood: "
     "'ordered the wafles' (no name of the puzzle after them)"),
    ("Kim paid 3 liters more than Ravi.",
     "line 6, clue 1: cannot read 'Kim paid 3 liters more than Ravi.': no category of the "
     "puzzle is measured in 'liters'"),
])
def test_a_clue_that_cannot_be_read_is_named_with_the_words(clue: str, message: str) -> None:
    with pytest.raises(InputError) as err:
        aspuzzle.loads(CATS + "  " + clue + "\n", type="logicgrid")
    assert str(err.value) == "<input>: " + message


def test_cli_error_for_a_clue_that_cannot_be_read(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    from aspuzzle.cli import main

    f = tmp_path / "bad.logic"
    f.write_text(CATS + "  1. Kim is Ravi's neighbour.\n", encoding="utf-8")
    assert main(["solve", str(f)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith("line 6, clue 1: cannot read 'Kim is Ravi's neighbour.': words not "
                        "understood: 'neighbour'"), err
    assert "\n" not in err and "Traceback" not in err


def test_an_ambiguous_comparison_keeps_the_reading_with_one_solution_and_says_so() -> None:
    loaded = aspuzzle.loads((DATA / "e15-climbers.logic").read_text(encoding="utf-8"),
                            type="logicgrid")
    assert loaded.instance.notes == (
        "clue 1: 'Ali climbed higher than Cyd.' may be read as 'Cyd is before Ali on height' | "
        "'Cyd is before Ali on day'; read as 'Cyd is before Ali on height', the only reading "
        "under which the puzzle has exactly one solution",)


# --- malformed text: a clean error, never a traceback ----------------------------------------

_WORDS = ["Kim", "Ravi", "Ana", "tea", "cola", "milk", "$4", "$5", "$6", "is", "not", "was",
          "either", "or", "neither", "nor", "of", "and", "one", "the", "other", "than", "more",
          "less", "after", "before", "3", "dollars", "paid", "ordered", "who", "'s", ",", ";",
          "all", "different", "next", "immediately", "cheapest", "this", "beside", "\"", ".",
          "sometime", "behind", "ahead", "of", "a", "person", "price", "drink", "2", "#", ":",
          "n't", "did", "four"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.one_of(st.sampled_from(_WORDS), st.text(max_size=6)), min_size=1,
                max_size=14))
def test_random_clue_text_gives_a_clean_error_or_a_reading(words: list[str]) -> None:
    clue = " ".join(words).replace("\n", " ").replace("\r", " ")
    try:
        aspuzzle.loads(CATS + "  1. " + clue + "\n", type="logicgrid")
    except InputError as e:
        assert "\n" not in str(e)


def test_the_pasted_layout_is_detected_without_a_type(tmp_path: Path) -> None:
    text = (DATA / "e18-pasted.logic").read_text(encoding="utf-8")
    for name in ("puzzle.logic", "puzzle.txt"):
        f = tmp_path / name
        f.write_text(text, encoding="utf-8")
        loaded = aspuzzle.load(f)
        assert loaded.puzzle.name == "logicgrid"
        assert [c.name for c in loaded.instance.categories] == ["customers", "drinks", "prices"]
        assert len(loaded.instance.clues) == 7


def test_pasted_layout_keeps_the_errors_of_the_language() -> None:
    with pytest.raises(InputError, match=r"line 3: category 'b' has 2 values but 'a' "):
        aspuzzle.loads("a: x, y, z\n\nb: p, q\n1. x is p\n", type="logicgrid")
    with pytest.raises(InputError, match=r"line 1: expected 'title: \.\.\.' or 'categories:'"):
        aspuzzle.loads("hello\ncategories:\n  n: 1..3\n", type="logicgrid")


@pytest.mark.parametrize("clue", [
    "Kim sat to the left of Ravi.",
    "Kim paid twice as much as Ravi.",
    "Only Kim ordered tea.",
    "If Kim ordered tea, Ravi paid $5.",
    "Kim didn't pay more than Ravi.",
    "Neither Kim nor Ravi paid more than Ana.",
    "The person who didn't order tea paid $5.",
    "Kim ordered tea or Ravi paid $5.",
    "Kim and Ravi ordered the tea and the cola respectively.",
    "Kim paid 3 liters more than Ravi.",
    "Kim sat between Ravi and Ana.",
    "Kim's brother ordered tea.",
])
def test_what_is_not_understood_is_refused_never_guessed(clue: str) -> None:
    with pytest.raises(InputError, match=r"^<input>: line 6, clue 1: "):
        aspuzzle.loads(CATS + "  " + clue + "\n", type="logicgrid")


@pytest.mark.parametrize(("clue", "reading"), [
    ("Kim ordered tea but not cola.", ["Kim is tea", "Kim is not cola"]),
    ("Kim is not the cheapest or the one who got the tea.", ["Kim is not $4",
                                                             "Kim is not tea"]),
    ("Kim didn't pay the least.", ["Kim is not $4"]),
    ("Kim, who ordered tea, paid $5.", ["Kim is tea", "Kim is $5"]),
    ("Kim paid $1 more than Ravi and $2 more than Ana.",
     ["Ravi is exactly 1 before Kim", "Ana is exactly 2 before Kim"]),
    ("The one who got the milk paid the most.", ["milk is $6"]),
    ("Kim looks after the milk.", ["Kim is milk"]),
    ("Kim's drink was cheaper than Ravi's.", ["Kim is before Ravi"]),
    ("Of Kim and Ana, one paid $6 and the other had the tea.",
     ["Kim is either $6 or tea", "Ana is either $6 or tea", "Kim is not Ana",
      "$6 is not tea"]),
])
def test_readings(clue: str, reading: list[str]) -> None:
    inst = aspuzzle.loads(CATS + "  " + clue + "\n", type="logicgrid").instance
    assert PUZZLE_TYPE.clue_readings(inst)[0]["reading"] == reading


PUZZLE_TYPE = aspuzzle.loads(CATS, type="logicgrid").puzzle


def test_thousands_separators_in_amounts_of_money() -> None:
    inst = aspuzzle.loads("categories:\n  person: Ann, Bo, Cy\n"
                          "  limit: $25,000, $30,000, $1,250,000\n"
                          "clues:\n  1. Ann's limit is $5,000 more than Bo's.\n"
                          "  2. Cy has the highest limit.\n", type="logicgrid").instance
    assert inst.categories[1].values == ("$25,000", "$30,000", "$1,250,000")
    assert [PUZZLE_TYPE.clue_readings(inst)[i]["reading"] for i in (0, 1)] == [
        ["Bo is exactly 5000 before Ann"], ['Cy is "$1,250,000"']]


@pytest.mark.parametrize("path", PUZZLES, ids=[p.stem for p in PUZZLES])
def test_convert_to_text_writes_the_readings_with_the_english_as_comments(path: Path) -> None:
    loaded = aspuzzle.loads(path.read_text(encoding="utf-8"), type="logicgrid")
    text = loaded.puzzle.formats["text"].write(loaded.instance, None)
    again = aspuzzle.loads(text, type="logicgrid").instance
    assert again.clues == loaded.instance.clues and again.notes == ()
    for clue in loaded.instance.clues:  # English above its reading, or the clue itself
        words = " ".join(clue.text.split())
        assert f"  # {words}\n" in text or f". {words}\n" in text or f"; {words}" in text


def test_a_line_of_category_names_then_one_line_of_values_each(tmp_path: Path) -> None:
    f = tmp_path / "puzzle.txt"
    f.write_text((DATA / "e45-names-line.logic").read_text(encoding="utf-8"), encoding="utf-8")
    loaded = aspuzzle.load(f)
    assert loaded.puzzle.name == "logicgrid"
    assert [c.name for c in loaded.instance.categories] == ["gardeners", "trees", "heights"]
    assert len(loaded.instance.clues) == 7


def test_the_web_app_takes_an_english_puzzle_pasted_as_text() -> None:
    from aspuzzle.web import service

    for name in ("e18-pasted.logic", "e45-names-line.logic", "e01-drinks.logic"):
        loaded = service.load({"puzzle": (DATA / name).read_text(encoding="utf-8")})
        assert loaded.puzzle.name == "logicgrid"
        assert str(aspuzzle.solve(loaded).status) == "unique"


def test_an_ordinal_word_names_a_number() -> None:
    inst = aspuzzle.loads("categories:\n  tenant: Ann, Bo, Cy\n  floor: 1..3\n"
                          "clues:\n  1. Ann lives on the third floor.\n", type="logicgrid").instance
    assert PUZZLE_TYPE.clue_readings(inst)[0]["reading"] == ["Ann is 3"]


def test_a_family_name_in_the_plural() -> None:
    inst = aspuzzle.loads("categories:\n  family: Gillespie, Kirby, Pratt\n"
                          "  home: 95 sq ft, 110 sq ft, 125 sq ft\nclues:\n"
                          "  1. The 110 sq ft home is for the Gillespies.\n",
                          type="logicgrid").instance
    assert PUZZLE_TYPE.clue_readings(inst)[0]["reading"] == ["110 sq ft is Gillespie"]
