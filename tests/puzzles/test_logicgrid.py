"""Logic grids: the seed's magazine puzzle, every clue kind, the language's errors, JSON."""

from __future__ import annotations

import json

import clingo
import pytest

import aspuzzle
from aspuzzle.errors import InputError
from aspuzzle.puzzles import get_puzzle
from aspuzzle.puzzles.logicgrid import PUZZLE as LOGICGRID
from aspuzzle.puzzles.logicgrid import language
from aspuzzle.puzzles.logicgrid.model import (
    Apart,
    Before,
    Category,
    LogicGridInstance,
    LogicGridSolution,
    NotSame,
    OneOf,
    Ref,
    Same,
)
from tests.conftest import EXAMPLES, run_cli

BOYS = EXAMPLES / "logicgrid" / "boys-in-the-hood.logic"
BOYS_SEED = EXAMPLES / "logicgrid" / "boys-in-the-hood-seed.logic"

BOYS_GROUPS = [
    {"episode": 1, "victim": "Friar Tuck", "location": "inn", "disguise": "abbot"},
    {"episode": 2, "victim": "Much", "location": "gaol", "disguise": "washerwoman"},
    {"episode": 3, "victim": "Little John", "location": "stocks", "disguise": "shepherd"},
    {"episode": 4, "victim": "Maid Marian", "location": "dungeon", "disguise": "Prince John"},
    {"episode": 5, "victim": "Will Scarlet", "location": "lodge",
     "disguise": "phantom horseman"},
]
# The seed file spells values as the post's ASP constants, so that its rules can name them.
BOYS_SEED_GROUPS = [
    {"episode": 1, "victim": "friar_tuck", "location": "inn", "disguise": "abbot"},
    {"episode": 2, "victim": "much", "location": "gaol", "disguise": "washerwoman"},
    {"episode": 3, "victim": "little_john", "location": "stocks", "disguise": "shepherd"},
    {"episode": 4, "victim": "maid_marian", "location": "dungeon", "disguise": "prince_john"},
    {"episode": 5, "victim": "will_scarlet", "location": "lodge", "disguise": "phantom"},
]


def _solve(text: str, **kw: object) -> aspuzzle.Result:
    return aspuzzle.solve(aspuzzle.loads(text, type="logicgrid"), **kw)  # type: ignore[arg-type]


def _read(text: str) -> LogicGridInstance:
    inst: LogicGridInstance = aspuzzle.loads(text, type="logicgrid").instance
    return inst


# --- the seed's magazine puzzle -------------------------------------------------------------

@pytest.mark.parametrize("path, groups", [(BOYS, BOYS_GROUPS), (BOYS_SEED, BOYS_SEED_GROUPS)])
def test_boys_in_the_hood_is_unique_with_the_magazine_answer(path: object,
                                                              groups: object) -> None:
    loaded = aspuzzle.load(path)  # type: ignore[arg-type]
    assert loaded.puzzle is LOGICGRID and loaded.format == "text"
    result = aspuzzle.solve(loaded)
    assert result.status is aspuzzle.Status.UNIQUE
    (sol,) = result.solutions
    assert LOGICGRID.solution_to_json(sol) == {"groups": groups}
    assert LOGICGRID.verify(loaded.instance, sol) == []
    count = aspuzzle.count(loaded)
    assert (count.count, count.exact) == (1, True)


def test_boys_in_the_hood_states_all_seven_clues_in_the_language() -> None:
    inst = aspuzzle.load(BOYS).instance
    assert inst.raw_asp == ""
    assert sorted({c.number for c in inst.clues}) == [1, 2, 3, 4, 5, 6, 7]
    kinds = {type(c) for c in inst.clues}
    assert kinds == {Same, NotSame, Before}
    # clue 1 in full: Prince John rescued from the dungeon, the episode after Little John's
    assert [c for c in inst.clues if c.number == 1] == [
        Same(1, a=Ref("disguise", "Prince John"), b=Ref("location", "dungeon")),
        Before(1, a=Ref("victim", "Little John"), b=Ref("location", "dungeon"),
               on="episode", distance=1),
    ]


def test_seed_file_keeps_the_posts_rules_verbatim() -> None:
    inst = aspuzzle.load(BOYS_SEED).instance
    assert inst.clues == ()
    assert "E2 = E1 + 1 :-\n    story(E1, little_john, _, _),\n    story(E2, _, dungeon, _)." \
        in inst.raw_asp
    assert ":- story(2, maid_marian, _, _)." in inst.raw_asp
    # without the post's rules the grid alone has 5!^3 answers
    bare = inst._replace(raw_asp="")
    loaded = aspuzzle.api.Loaded(LOGICGRID, bare, "text")
    assert aspuzzle.count(loaded, limit=50).count == 50


def test_each_seed_clue_is_needed_or_implied() -> None:
    """Dropping the magazine's clues one at a time never gives a wrong answer."""
    inst = aspuzzle.load(BOYS).instance
    for n in range(1, 8):
        fewer = inst._replace(clues=tuple(c for c in inst.clues if c.number != n))
        res = aspuzzle.solve(aspuzzle.api.Loaded(LOGICGRID, fewer, "text"))
        assert res.status in (aspuzzle.Status.UNIQUE, aspuzzle.Status.MULTIPLE)
        for sol in res.solutions:
            assert LOGICGRID.verify(fewer, sol) == []


def test_facts_are_symbols_with_one_clue_fact_per_part() -> None:
    inst = aspuzzle.load(BOYS).instance
    facts = LOGICGRID.to_facts(inst)
    assert all(isinstance(f, clingo.Symbol) for f in facts)
    names = [f.name for f in facts]
    assert names.count("clue") == len(inst.clues) == 12
    assert names.count("same") == 5 and names.count("before_by") == 2
    assert clingo.Function("value", [clingo.Function("victim"), clingo.String("Little John")]) \
        in facts
    assert clingo.Function("position", [clingo.Function("episode"), clingo.Number(3),
                                        clingo.Number(3)]) in facts
    assert LOGICGRID.answer_signatures(aspuzzle.SolveOptions()) == (("assign", 3),)


# --- every clue kind decides a tiny puzzle, and its violation is rejected --------------------

BASE = "categories:\n  n: 1..3\n  x: a, b, c\n  y: p, q, r\nclues:\n"


def _grid(text: str) -> list[tuple[str, str]]:
    res = _solve(BASE + text)
    assert res.status is aspuzzle.Status.UNIQUE, res.status
    (sol,) = res.solutions
    return [(str(g["x"]), str(g["y"])) for g in sol.as_dicts()]


@pytest.mark.parametrize("clues, without, grid", [
    # X is Y
    ("a is 2\nb is 3\np is a\nq is b", "a is 2\nb is 3\np is a",
     [("c", "r"), ("a", "p"), ("b", "q")]),
    # X is not Y
    ("a is not 1\na is not 2\nb is not 1\np is 1\nq is 2", "a is not 1\nb is not 1\np is 1\nq is 2",
     [("c", "p"), ("b", "q"), ("a", "r")]),
    # neither ... nor
    ("a is neither 1 nor 2\nb is 2\np is 1\nq is 2", "b is 2\np is 1\nq is 2",
     [("c", "p"), ("b", "q"), ("a", "r")]),
    # before / after, somewhere
    ("a is before b\nc is after b\np is 1\nq is 2", "a is before b\np is 1\nq is 2",
     [("a", "p"), ("b", "q"), ("c", "r")]),
    # exactly k before / after
    ("a is exactly 2 before b\np is 1\nq is 2", "a is before b\np is 1\nq is 2",
     [("a", "p"), ("c", "q"), ("b", "r")]),
    ("a is 2 after b\np is 1\nq is 2", "a is after b\np is 1\nq is 2",
     [("b", "p"), ("c", "q"), ("a", "r")]),
    ("b is immediately after a\nc is not 1\np is 1\nq is 2",
     "b is after a\nc is not 1\np is 1\nq is 2", [("a", "p"), ("b", "q"), ("c", "r")]),
    # adjacent
    ("a is next to b\na is 1\np is 1\nq is 2", "a is 1\np is 1\nq is 2",
     [("a", "p"), ("b", "q"), ("c", "r")]),
    ("a and b are adjacent\na is 3\np is 1\nq is 2", "a is 3\np is 1\nq is 2",
     [("c", "p"), ("b", "q"), ("a", "r")]),
    # k apart, either direction
    ("a and b are 2 apart\nb is 3\np is 1\nq is 2", "b is 3\np is 1\nq is 2",
     [("a", "p"), ("c", "q"), ("b", "r")]),
    # one of (at least one)
    ("a is one of 1, 2\na is not 1\nb is 1\np is 1\nq is 2", "a is not 1\nb is 1\np is 1\nq is 2",
     [("b", "p"), ("a", "q"), ("c", "r")]),
    # either ... or: exactly one, across categories
    ("a is 1\nb is 2\nq is b\na is either 1 or p", "a is 1\nb is 2\nq is b\na is one of 1, p",
     [("a", "r"), ("b", "q"), ("c", "p")]),
])
def test_each_clue_kind_decides_the_answer(clues: str, without: str,
                                           grid: list[tuple[str, str]]) -> None:
    assert _grid(clues) == grid
    assert _solve(BASE + without).status is aspuzzle.Status.MULTIPLE


@pytest.mark.parametrize("clues", [
    "a is 2\na is 3",
    "a is not 1\na is 1",
    "a is neither 1 nor 2\na is 2",
    "a is before b\na is 3",
    "b is after a\nb is 1",
    "a is exactly 2 before b\na is 2",
    "a is 1 after b\nb is 3",
    "a is next to b\na is 1\nb is 3",
    "a and b are 2 apart\na is 2",
    "a is one of 1, 2\na is 3",
    "a is either 1 or p\na is 1\np is 1",
    "a is either 1 or p\na is 2\np is 3",
])
def test_each_clue_kinds_violation_is_rejected(clues: str) -> None:
    assert _solve(BASE + clues).status is aspuzzle.Status.NONE


def test_verify_checks_every_clue_kind_in_python() -> None:
    inst = _read(BASE)
    sol = LOGICGRID.solution_from_json(inst, {"groups": [
        {"n": 1, "x": "a", "y": "p"}, {"n": 2, "x": "b", "y": "q"}, {"n": 3, "x": "c", "y": "r"}]})
    A, B, C = Ref("x", "a"), Ref("x", "b"), Ref("x", "c")
    P, R = Ref("y", "p"), Ref("y", "r")
    true = [Same(1, a=A, b=P), NotSame(2, a=A, b=B), Before(3, a=A, b=C, on="n"),
            Before(4, a=A, b=C, on="n", distance=2), Apart(5, a=C, b=B, on="n"),
            Apart(6, a=C, b=A, on="n", distance=2), OneOf(7, a=A, options=(R, P)),
            OneOf(8, a=A, options=(P, C), exclusive=True)]
    false = [Same(1, a=A, b=R), NotSame(2, a=A, b=P), Before(3, a=C, b=A, on="n"),
             Before(4, a=A, b=B, on="n", distance=2), Apart(5, a=C, b=A, on="n"),
             Apart(6, a=C, b=B, on="n", distance=2), OneOf(7, a=A, options=(R, C)),
             OneOf(8, a=A, options=(P, Ref("n", 1)), exclusive=True)]
    assert LOGICGRID.verify(inst._replace(clues=tuple(true)), sol) == []
    for clue in false:
        problems = LOGICGRID.verify(inst._replace(clues=(clue,)), sol)
        assert problems == [f"clue {clue.number} is false: {clue}"]


def test_verify_checks_the_grid_is_one_to_one() -> None:
    inst = _read(BASE)
    good = [(("n", 1), ("x", "a"), ("y", "p")), (("n", 2), ("x", "b"), ("y", "q")),
            (("n", 3), ("x", "c"), ("y", "r"))]
    assert LOGICGRID.verify(inst, LogicGridSolution(tuple(good))) == []
    twice = [*good[:2], (("n", 3), ("x", "a"), ("y", "r"))]
    assert LOGICGRID.verify(inst, LogicGridSolution(tuple(twice))) == [
        "the values of 'x' are not each used exactly once"]
    assert "2 groups" in LOGICGRID.verify(inst, LogicGridSolution(tuple(good[:2])))[0]
    swapped = [good[1], good[0], good[2]]
    assert "key category's order" in LOGICGRID.verify(inst, LogicGridSolution(tuple(swapped)))[0]


def test_raw_asp_is_ignored_by_verify_but_not_by_the_solver() -> None:
    text = BASE + "a is 1\nb is 2\np is 1\nq is 2\nasp:\n:- assign(_, y, r).\n"
    assert _solve(text).status is aspuzzle.Status.NONE
    inst = _read(text)
    sol = _solve(text.split("asp:")[0]).solutions[0]
    assert LOGICGRID.verify(inst, sol) == []


# --- ordered categories ---------------------------------------------------------------------

def test_numeric_distances_are_differences_and_named_order_counts_steps() -> None:
    text = """categories:
  year: 1990, 1995, 2000
  size: small < medium < large
  x: a, b, c
clues:
  1. a is exactly 10 before b on year
  2. c is immediately before a on size
  3. b is small
"""
    res = _solve(text)
    assert res.status is aspuzzle.Status.UNIQUE
    assert res.solutions[0].as_dicts() == [
        {"year": 1990, "size": "large", "x": "a"},
        {"year": 1995, "size": "medium", "x": "c"},
        {"year": 2000, "size": "small", "x": "b"},
    ]


def test_with_two_orders_the_clue_must_say_which() -> None:
    head = "categories:\n  n: 1..3\n  size: S < M < L\nclues:\n"
    with pytest.raises(InputError, match=r"^<input>: line 5, clue 1: say which order: "
                                         r"add 'on n' or 'on size'$"):
        _read(head + "1. S is before M")
    assert _read(head + "1. S is before M on n").clues[0] == Before(
        1, a=Ref("size", "S"), b=Ref("size", "M"), on="n")


# --- statuses -------------------------------------------------------------------------------

def test_no_clues_has_every_permutation() -> None:
    text = "categories:\n  n: 1..3\n  x: a, b, c\n  y: p, q, r\n"
    assert aspuzzle.count(aspuzzle.loads(text, type="logicgrid")).count == 36
    res = _solve(text)
    assert res.status is aspuzzle.Status.MULTIPLE and len(res.solutions) == 2
    assert res.differences() is not None and res.differences().startswith("n ")


def test_differences_name_entity_and_category() -> None:
    inst = _read(BASE)
    a = LOGICGRID.solution_from_json(inst, {"groups": [
        {"n": 1, "x": "a", "y": "p"}, {"n": 2, "x": "b", "y": "q"}, {"n": 3, "x": "c", "y": "r"}]})
    b = LOGICGRID.solution_from_json(inst, {"groups": [
        {"n": 1, "x": "a", "y": "q"}, {"n": 2, "x": "b", "y": "p"}, {"n": 3, "x": "c", "y": "r"}]})
    assert LOGICGRID.differences(inst, a, b) == "n 1: y p / q; n 2: y q / p"


def test_contradiction_has_no_solution() -> None:
    res = _solve(BASE + "a is 1\nb is 1\n")
    assert res.status is aspuzzle.Status.NONE and res.exit_code == 1


# --- bad input ------------------------------------------------------------------------------

CATS = "categories:\n  n: 1..3\n  x: a, b, c\n"


@pytest.mark.parametrize("text, message", [
    # contradictory declarations
    ("categories:\n  n: 1..3\n  x: a, b, a\n",
     "line 3: category 'x': value 'a' is declared twice"),
    ("categories:\n  n: 1..3\n  x: a, b\n",
     "line 3: category 'x' has 2 values but 'n' (line 2) has 3: every category needs the "
     "same number"),
    ("categories:\n  n: 1..3\n  n: a, b, c\n",
     "line 3: category 'n' is already declared on line 2"),
    ("categories:\n  n: 1..3\n  x:\n", "line 3: category 'x' has no values"),
    ("categories:\n  n: 1..3\n  x: a, , c\n", "line 3: empty value"),
    ("categories:\n  n: 3..1\n  x: a\n", "line 2: empty range 3..1 in category 'n'"),
    ("categories:\n  n: 1..3\n  x: a, 2, c\n",
     "line 3: category 'x' mixes numbers and names (quote the numbers to make them names)"),
    ("categories:\n  n: 1..3\n  x: a < b, c\n",
     "line 3: category 'x': separate values either by ',' or by '<' (in order), not both"),
    ("categories:\n  n: 1..3\n", "line 2: a logic grid needs at least two categories"),
    ("categories:\n  n: 1..500\n  x: a\n", "line 2: category 'n' has 500 values (at most 100)"),
    ("categories:\n  n: 1..3\n  x a b c\n", "line 3: expected 'name: values' (a category)"),
    ("hello\ncategories:\n  n: 1..3\n", "line 1: expected 'title: ...' or 'categories:'"),
    ("clues:\n  a is b\ncategories:\n", "line 1: 'clues:' comes before any category"),
    ("title: x\n", "no categories (declare them after a line 'categories:')"),
    # clues: orders and distances
    (CATS + "  y: p, q, r\nclues:\n  1. a is before p on x\n",
     "line 6, clue 1: category 'x' has no order, so 'before/after' does not apply"),
    (CATS + "clues:\n  1. a is 3 before b\n",
     "line 5, clue 1: distance 3 is out of range: no two values of 'n' (positions 1..3) "
     "are 3 apart"),
    (CATS + "clues:\n  1. a and b are 0 apart\n",
     "line 5, clue 1: distance 0 is out of range"),
    (CATS + "clues:\n  1. a is before b on y\n", "line 5, clue 1: unknown category 'y'"),
    # unknown and ambiguous names
    (CATS + "clues:\n  1. a is 1\n  2. d is 2\n",
     "line 6, clue 2: unknown name 'd'"),
    (CATS + "clues:\n  4. aa is 2\n", "line 5, clue 4: unknown name 'aa' (did you mean 'a'?)"),
    (CATS + "clues:\n  1. a is bfore b\n",
     "line 5, clue 1: unknown name 'bfore b' (did you mean 'before' instead of 'bfore'?)"),
    ("categories:\n  n: 1..3\n  m: 1..3\nclues:\n  1. 1 is 2\n",
     "line 5, clue 1: '1' is ambiguous: 'n 1' or 'm 1' (write the category first)"),
    ("categories:\n  n: 1..3\n  x: Little John, b, c\n  y: Little John, q, r\n"
     "clues:\n  1. b is little john\n",
     "line 6, clue 1: 'little john' is ambiguous: 'x Little John' or 'y Little John'"),
    (CATS + "clues:\n  1. a is one of 1,, 2\n", "line 5, clue 1: an option is missing"),
    (CATS + "clues:\n  1. a is either 1\n", "line 5, clue 1: 'either' needs at least 2 options"),
    (CATS + "clues:\n  1. a is either 1 or 1\n", "line 5, clue 1: an option is listed twice"),
    (CATS + "clues:\n  1. a is \"b\n", "line 5, column 11, clue 1: unterminated quote"),
    (CATS + "clues:\n  1. a b c\n", "line 5, clue 1: cannot read 'a b c': expected a sentence"),
    (CATS + "clues:\n  0. a is 1\n", "line 5: clue numbers start at 1"),
    # raw ASP that would run code or read files
    (CATS + "asp:\n#script (python)\nimport os\n#end.\n", "line 5: raw ASP may not use #script"),
    (CATS + "asp:\na.\n%* #include *%\n#include \"/etc/passwd\".\n",
     "line 7: raw ASP may not use #include"),
    (CATS + "asp:\n#minimize { 1, E : assign(E, x, a) }.\n",
     "line 5: raw ASP may not use #minimize"),
    (CATS + "asp:\n\"a:~\".\n:~ assign(E, x, a). [E]\n",
     "line 6: raw ASP may not use weak constraints (:~)"),
    # clingo reads no string at a quote followed by '\t' (its escapes are \" \\ \n): what
    # follows is code to it, and it reads the #include once it has reported the quote
    (CATS + "asp:\n\"\\t. #include \"/etc/passwd\".\n",
     "line 5: raw ASP may not use #include"),
    (CATS + "asp:\na.\n%* %* *% *% #include \"x\".\n",
     "line 6: raw ASP may not use #include"),  # block comments nest
    # characters clingo cannot be given (a byte order mark inside a name aborted the process:
    # clingo's message quoted half a UTF-8 sequence; a NUL hid the rules after it)
    (CATS + "asp:\na.\nb :- sto\ufeffry.\n",
     "line 6, column 9: raw ASP: the character U+FEFF is not ASP"),
    (CATS + "asp:\n% caf\u00e9\np(\"caf\u00e9\").\np(\"a\nb\u00e9\").\n",
     "line 8, column 2: raw ASP: the character '\u00e9' (U+00E9) is not ASP"),
    (CATS + "asp:\na.\n% here \x00 there\n:- a.\n", "binary data (a NUL byte)"),
    ("categories:\n  n: 1..3\n  x: a\n",
     "line 3: category 'x' has 1 value but 'n' (line 2) has 3"),
])
def test_bad_input_gives_a_precise_one_line_error(text: str, message: str) -> None:
    with pytest.raises(InputError) as err:
        aspuzzle.loads(text, type="logicgrid")
    assert str(err.value).startswith("<input>: " + message), str(err.value)
    assert "\n" not in str(err.value)


def test_directives_in_comments_and_strings_are_not_code() -> None:
    text = CATS + ("asp:\n%* %* *% #include \"x\". *%\n#! #script\np(\"#include\").\n"
                   "% caf\u00e9 #minimize\n:- assign(1, x, a).\n")
    assert language.read(text).raw_asp.count("#include") == 2
    result = aspuzzle.solve(aspuzzle.loads(text, type="logicgrid"))
    assert str(result.status) == "multiple"


def test_long_clues_are_refused_quickly_and_named_briefly() -> None:
    with pytest.raises(InputError, match=r"clue 1: clue is too long \(more than 60 words\)"):
        _read(CATS + "clues:\n  1. " + "a is " * 40 + "\n")
    with pytest.raises(InputError) as err:
        _read(CATS + "clues:\n  1. " + "a b " * 20 + "is c\n")
    assert "unknown name 'a b a b a b" in str(err.value) and "...'" in str(err.value)


def test_empty_file_is_an_input_error(tmp_path: object) -> None:
    with pytest.raises(InputError, match="empty input"):
        aspuzzle.loads("  \n", type="logicgrid")
    with pytest.raises(InputError, match="no categories"):
        language.read("# only a comment\n")


def test_raw_asp_errors_are_one_line_input_errors_with_the_file_line() -> None:
    bad = CATS + "asp:\n% a comment\nfoo(X) :- bar.\n"
    with pytest.raises(InputError) as err:
        _solve(bad)
    msg = str(err.value)
    assert "\n" not in msg and "line 6, column 1" in msg and "unsafe" in msg
    with pytest.raises(InputError) as err:
        _solve(CATS + "asp:\n\n:- assign(E, x, a)\n")
    msg = str(err.value)
    assert "\n" not in msg and "parse" in msg and "line 7," in msg


def test_validate_names_the_clue_for_instances_from_other_readers() -> None:
    inst = _read(BASE)
    for clue, message in [
        (Same(3, a=Ref("x", "z"), b=Ref("y", "p")), "clue 3: 'z' is not a value of category 'x'"),
        (Same(3, a=Ref("w", "a"), b=Ref("y", "p")), "clue 3: unknown category 'w'"),
        (Before(4, a=Ref("x", "a"), b=Ref("y", "p"), on="x"), "clue 4: category 'x' has no "
                                                                "order"),
        (Apart(5, a=Ref("x", "a"), b=Ref("y", "p"), on="n", distance=7), "clue 5: distance 7"),
        (OneOf(6, a=Ref("x", "a")), "clue 6: 'one of' needs at least 1 option"),
    ]:
        with pytest.raises(InputError) as err:
            LOGICGRID.validate(inst._replace(clues=(clue,)))
        assert str(err.value).startswith(message)
    with pytest.raises(InputError, match="category 'n' is declared twice"):
        LOGICGRID.validate(LogicGridInstance((Category("n", (1, 2)), Category("n", ("a", "b"))),
                                             ()))
    with pytest.raises(InputError, match="has no values"):
        LOGICGRID.validate(LogicGridInstance((Category("n", (1,)), Category("m", ())), ()))


# --- the language: names, quotes, writer ----------------------------------------------------

def test_names_with_spaces_quotes_articles_and_categories() -> None:
    text = """categories:
  house: 1..3
  "the name": Is Not, "a, b", "3"
  size: small < medium < large
clues:
  1. "Is Not" is either 1 or small
  - "a, b" is one of 2, house 3, or large;
    house 3 is neither medium nor the name 3
  3) the name "3" is after small on size
  4. the large is house 2
"""
    inst = _read(text)
    assert inst.categories[1] == Category("the name", ("Is Not", "a, b", "3"))
    assert inst.categories[2] == Category("size", ("small", "medium", "large"), ordered=True)
    assert [c.number for c in inst.clues] == [1, 2, 2, 2, 3, 4]
    assert inst.clues[0] == OneOf(1, a=Ref("the name", "Is Not"),
                                  options=(Ref("house", 1), Ref("size", "small")),
                                  exclusive=True)
    assert inst.clues[1].options == (Ref("house", 2), Ref("house", 3),  # type: ignore[attr-defined]
                                     Ref("size", "large"))
    assert inst.clues[3] == NotSame(2, a=Ref("house", 3), b=Ref("the name", "3"))
    assert inst.clues[4] == Before(3, a=Ref("size", "small"), b=Ref("the name", "3"), on="size")
    assert inst.clues[5] == Same(4, a=Ref("size", "large"), b=Ref("house", 2))
    assert language.read(language.write(inst)) == inst


def test_writer_keeps_the_users_wording_and_falls_back_to_canonical_text() -> None:
    inst = aspuzzle.load(BOYS).instance
    text = language.write(inst)
    assert "1. Prince John is the dungeon; the dungeon is immediately after Little John" in text
    assert language.read(text) == inst
    plain = inst._replace(clues=tuple(c._replace(text="") for c in inst.clues))
    canonical = language.write(plain)
    assert "1. Prince John is dungeon; Little John is exactly 1 before dungeon" in canonical
    assert "6. stocks is 3; 3 is not Will Scarlet" in canonical
    assert language.read(canonical) == inst
    # wording from another reader (ZebraLogic's English) is kept as a comment
    english = inst._replace(clues=(inst.clues[2]._replace(text="Friar Tuck was rescued\nfrom "
                                                                 "the inn."),))
    text = language.write(english)
    assert "  # Friar Tuck was rescued from the inn.\n  2. Friar Tuck is inn\n" in text
    assert language.read(text) == english


def test_writer_quotes_what_needs_quoting() -> None:
    inst = LogicGridInstance(
        (Category("n", (1, 2, 3), ordered=True),
         Category("odd: name", ("is", 'say "x"', "a, b")),
         Category("p", ("-", "1..2", "#"), ordered=True)),
        (Same(1, a=Ref("odd: name", "is"), b=Ref("p", "#")),
         OneOf(2, a=Ref("p", "1..2"), options=(Ref("n", 1), Ref("odd: name", "a, b")))),
        raw_asp="% raw\n:- assign(1, p, \"-\").")
    text = language.write(inst)
    assert '"odd: name": is, "say \\"x\\"", "a, b"' in text
    assert 'p: - < 1..2 < "#"' in text and '1. "is" is "#"' in text
    assert language.read(text) == inst


def test_convert_round_trips_both_examples() -> None:
    for path in (BOYS, BOYS_SEED):
        inst = aspuzzle.load(path).instance
        again = language.read(language.write(inst))
        assert again == inst and again.title == inst.title


def test_detection_and_aliases() -> None:
    text = BOYS.read_text()
    assert aspuzzle.loads(text).puzzle is LOGICGRID
    for alias in ("zebra", "logic-grid", "logic", "LogicGrid"):
        assert get_puzzle(alias) is LOGICGRID
    assert "text" in LOGICGRID.formats and ".logic" in LOGICGRID.formats["text"].extensions


# --- JSON and rendering ---------------------------------------------------------------------

def test_solution_json_round_trip_and_bad_json() -> None:
    inst = aspuzzle.load(BOYS).instance
    sol = LOGICGRID.solution_from_json(inst, {"groups": BOYS_GROUPS})
    assert LOGICGRID.solution_to_json(sol) == {"groups": BOYS_GROUPS}
    assert LOGICGRID.verify(inst, sol) == []
    for bad in ({}, {"groups": 3}, {"groups": [{"episode": 1}]},
                {"groups": [{**BOYS_GROUPS[0], "episode": "1"}]},
                {"groups": [{**BOYS_GROUPS[0], "victim": "Robin"}]}):
        with pytest.raises(InputError):
            LOGICGRID.solution_from_json(inst, bad)


def test_render_solution_table_and_unsolved_clues() -> None:
    inst = aspuzzle.load(BOYS).instance
    sol = LOGICGRID.solution_from_json(inst, {"groups": BOYS_GROUPS})
    table = LOGICGRID.render(inst, sol)
    assert "│ episode │ victim       │ location │ disguise         │" in table
    assert "│ 4       │ Maid Marian  │ dungeon  │ Prince John      │" in table
    plain = LOGICGRID.render(inst, sol, ascii=True)
    assert plain.splitlines()[0] == "episode  victim        location  disguise"
    assert plain.splitlines()[3] == "2        Much          gaol      washerwoman"
    assert plain.isascii()
    puzzle = LOGICGRID.render(inst, None)
    assert "victim:   Friar Tuck, Little John, Maid Marian, Much, Will Scarlet" in puzzle
    assert "7. the shepherd is immediately before Maid Marian; Maid Marian is not episode 2" \
        in puzzle
    seed = LOGICGRID.render(aspuzzle.load(BOYS_SEED).instance, None)
    assert "Raw ASP: 63 lines" in seed


# --- the command line -----------------------------------------------------------------------

def test_cli_solve_json_and_count() -> None:
    r = run_cli("solve", str(BOYS), "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["type"] == "logicgrid" and out["status"] == "unique"
    assert out["solutions"] == [{"groups": BOYS_GROUPS}]
    r = run_cli("count", str(BOYS_SEED), "--json")
    assert r.returncode == 0 and json.loads(r.stdout)["count"] == 1


def test_cli_convert_round_trip_and_bad_input(tmp_path: object) -> None:
    r = run_cli("convert", str(BOYS), "--to", "text")
    assert r.returncode == 0, r.stderr
    assert language.read(r.stdout) == aspuzzle.load(BOYS).instance
    bad = CATS + "clues:\n  1. a is d\n"
    r = run_cli("solve", "-", "--type", "zebra", stdin=bad)
    assert r.returncode == 2
    assert r.stderr.strip().endswith("line 5, clue 1: unknown name 'd'")
    assert len(r.stderr.strip().splitlines()) == 1
