"""ZebraLogic grid-mode text: the benchmark's own puzzles solve to their published solutions,
every clue template and description style reads as it should, bad input gets a precise
InputError, and write -> read is the identity."""

from __future__ import annotations

import json
import re
from itertools import permutations
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import aspuzzle
from aspuzzle.errors import InputError
from aspuzzle.puzzles.logicgrid import PUZZLE as LOGICGRID
from aspuzzle.puzzles.logicgrid.model import (
    Apart,
    Before,
    Category,
    Clue,
    LogicGridInstance,
    LogicGridSolution,
    NotSame,
    OneOf,
    Ref,
    Same,
    Value,
)
from aspuzzle.puzzles.logicgrid.zebralogic import (
    category_name,
    detect_zebralogic,
    read_zebralogic,
    write_zebralogic,
)
from tests.conftest import DATA, EXAMPLES, mutate, read_jsonl, run_cli

ZDATA = DATA / "zebralogic"
PUBLISHED = read_jsonl(ZDATA / "published.jsonl")
CONSTRUCTED = read_jsonl(ZDATA / "constructed.jsonl")
RECORDS = PUBLISHED + CONSTRUCTED

INTRO = ("There are {n} houses, numbered 1 to {n} from left to right, as seen from across the "
         "street. Each house is occupied by a different person. Each house has a unique "
         "attribute for each of the following characteristics:")


def puzzle(n: int, lines: list[str], clues: list[str]) -> str:
    body = "\n".join(f" - {line}" for line in lines)
    numbered = "\n".join(f"{i}. {c}" for i, c in enumerate(clues, 1))
    return f"{INTRO.format(n=n)}\n{body}\n\n## Clues:\n{numbered}\n"


def table(inst: LogicGridInstance, sol: LogicGridSolution) -> dict[str, Any]:
    """A solution in the benchmark's own form: header and rows of strings."""
    header = [c.name for c in inst.categories]
    rows = [[str(dict(g)[c]) for c in header] for g in sol.groups]
    return {"header": header, "rows": rows}


# --- an independent checker: plain Python search over permutations, no clingo -----------------

def _house(assign: dict[str, dict[Value, int]], ref: Ref, key: str) -> int | None:
    if ref.category == key:
        return int(ref.value)
    return assign.get(ref.category, {}).get(ref.value)


def _holds(clue: Clue, assign: dict[str, dict[Value, int]], key: str) -> bool | None:
    assert isinstance(clue, Same | NotSame | Before | Apart)
    a, b = _house(assign, clue.a, key), _house(assign, clue.b, key)
    if a is None or b is None:
        return None
    if isinstance(clue, Same):
        return a == b
    if isinstance(clue, NotSame):
        return a != b
    if isinstance(clue, Before):
        return b - a == clue.distance if clue.distance else a < b
    return abs(a - b) == clue.distance


def brute_force(inst: LogicGridInstance, limit: int = 2) -> list[dict[str, Any]]:
    """Up to ``limit`` solutions as tables: each category is a permutation of the houses; a
    category's possible permutations shrink as the others are placed (forward checking)."""
    key, *cats = inst.categories
    houses = list(key.values)

    def cats_of(c: Clue) -> set[str]:
        assert isinstance(c, Same | NotSame | Before | Apart)
        return {c.a.category, c.b.category} - {key.name}

    domains: dict[str, list[dict[Value, int]]] = {}
    for cat in cats:
        own = [c for c in inst.clues if cats_of(c) == {cat.name}]
        domains[cat.name] = []
        for perm in permutations(houses):
            placement = dict(zip(cat.values, perm, strict=True))
            if all(_holds(c, {cat.name: placement}, key.name) for c in own):
                domains[cat.name].append(placement)
    between = {(x.name, y.name): [c for c in inst.clues if cats_of(c) == {x.name, y.name}]
               for x in cats for y in cats if x != y}
    found: list[dict[str, Any]] = []

    def search(assign: dict[str, dict[Value, int]],
               domains: dict[str, list[dict[Value, int]]]) -> None:
        if len(found) >= limit:
            return
        if not domains:
            rows = [[str(h)] + [next(v for v, hh in assign[c.name].items() if hh == h)
                                for c in cats] for h in houses]
            found.append({"header": [key.name] + [c.name for c in cats], "rows": rows})
            return
        name = min(sorted(domains), key=lambda n: len(domains[n]))
        for placement in domains[name]:
            assign[name] = placement
            rest: dict[str, list[dict[Value, int]]] = {}
            for other, options in domains.items():
                if other == name:
                    continue
                clues = between[(name, other)]
                rest[other] = [p for p in options
                               if all(_holds(c, {name: placement, other: p}, key.name)
                                      for c in clues)] if clues else options
                if not rest[other]:
                    break
            else:
                search(assign, rest)
            del assign[name]

    search({}, domains)
    return found


# --- the benchmark's own puzzles and ours ---------------------------------------------------

@pytest.mark.parametrize("rec", RECORDS, ids=lambda r: r["id"])
def test_puzzle_solves_to_its_known_solution(rec: dict[str, Any]) -> None:
    loaded = aspuzzle.loads(rec["puzzle"])  # detected: no type or format given
    assert (loaded.puzzle.name, loaded.format) == ("logicgrid", "zebralogic")
    inst = loaded.instance
    # the category names are the benchmark's solution-table header
    assert [c.name for c in inst.categories] == rec["solution"]["header"]
    result = aspuzzle.solve(loaded)
    assert result.status is aspuzzle.Status.UNIQUE
    (sol,) = result.solutions
    assert table(inst, sol) == rec["solution"]
    assert LOGICGRID.verify(inst, sol) == []
    # and the independent search finds that one solution and no other
    assert brute_force(inst) == [rec["solution"]]


def test_published_records_carry_their_provenance() -> None:
    assert len(PUBLISHED) == 9
    published = [r for r in PUBLISHED if r["solution_source"] == "published"]
    assert {r["id"] for r in published} >= {"lgp-test-5x6-16", "lgp-test-2x3-13"}
    assert all(r["provenance"] for r in RECORDS)


def test_multiple_choice_record_matches_its_published_answer() -> None:
    (rec,) = [r for r in PUBLISHED if "published_answer" in r]
    result = aspuzzle.solve(aspuzzle.loads(rec["puzzle"]))
    answer = rec["published_answer"]
    group = result.solutions[0].as_dicts()[answer["House"] - 1]
    assert group["Smoothie"] == answer["Smoothie"] == "cherry"


def test_json_contract_form() -> None:
    rec = PUBLISHED[0]
    data = aspuzzle.solve(aspuzzle.loads(rec["puzzle"])).to_json()
    assert data["type"] == "logicgrid" and data["status"] == "unique"
    groups = data["solutions"][0]["groups"]
    assert groups[0] == {"House": 1, "Name": "Bob", "Nationality": "german",
                         "BookGenre": "mystery", "Food": "grilled cheese", "Color": "yellow",
                         "Animal": "dog"}
    assert [g["House"] for g in groups] == [1, 2, 3, 4, 5]


def test_constructed_puzzles_cover_sizes_2_to_6() -> None:
    sizes = {r["size"] for r in CONSTRUCTED}
    assert sizes >= {"2*2", "3*3", "4*5", "5*5", "6*6"}


# --- clue templates ------------------------------------------------------------------------

FOUR = [
    "Each person has a unique name: `Peter`, `Alice`, `Bob`, `Eric`",
    "The people are of nationalities: `norwegian`, `brit`, `swede`, `dane`",
    "The people keep unique animals: `cat`, `horse`, `bird`, `fish`",
    "Everyone has something unique for lunch: `stir fry`, `pizza`, `grilled cheese`, `stew`",
]
H = "House"
N, NAT, ANI, FOOD = "Name", "Nationality", "Animal", "Food"


def one_clue(sentence: str, lines: list[str] = FOUR, n: int = 4) -> Clue:
    (clue,) = read_zebralogic(puzzle(n, lines, [sentence])).clues
    return clue


@pytest.mark.parametrize(("sentence", "expected"), [
    ("Peter is the cat lover.", Same(1, "", Ref(N, "Peter"), Ref(ANI, "cat"))),
    ("The cat lover is not Peter.", NotSame(1, "", Ref(ANI, "cat"), Ref(N, "Peter"))),
    ("The Norwegian is in the second house.", Same(1, "", Ref(NAT, "norwegian"), Ref(H, 2))),
    ("The Norwegian is not in the fourth house.",
     NotSame(1, "", Ref(NAT, "norwegian"), Ref(H, 4))),
    ("The Norwegian is in house 3.", Same(1, "", Ref(NAT, "norwegian"), Ref(H, 3))),
    ("The Norwegian is in the 1st house.", Same(1, "", Ref(NAT, "norwegian"), Ref(H, 1))),
    ("The Norwegian is not in the 3rd house.",
     NotSame(1, "", Ref(NAT, "norwegian"), Ref(H, 3))),
    ("Bob is directly left of the fish enthusiast.",
     Before(1, "", Ref(N, "Bob"), Ref(ANI, "fish"), H, 1)),
    ("Bob is directly right of the fish enthusiast.",
     Before(1, "", Ref(ANI, "fish"), Ref(N, "Bob"), H, 1)),
    ("Bob is immediately to the left of Eric.", Before(1, "", Ref(N, "Bob"), Ref(N, "Eric"), H, 1)),
    ("Bob is somewhere to the left of the Dane.",
     Before(1, "", Ref(N, "Bob"), Ref(NAT, "dane"), H, None)),
    ("Bob is somewhere to the right of the Dane.",
     Before(1, "", Ref(NAT, "dane"), Ref(N, "Bob"), H, None)),
    ("The bird keeper and Alice are next to each other.",
     Apart(1, "", Ref(ANI, "bird"), Ref(N, "Alice"), H, 1)),
    ("The bird keeper is next to Alice.", Apart(1, "", Ref(ANI, "bird"), Ref(N, "Alice"), H, 1)),
    ("There is one house between the bird keeper and Alice.",
     Apart(1, "", Ref(ANI, "bird"), Ref(N, "Alice"), H, 2)),
    ("There are two houses between Peter and the person who loves stir fry.",
     Apart(1, "", Ref(N, "Peter"), Ref(FOOD, "stir fry"), H, 3)),
    ("There are 2 houses between Peter and Eric.",
     Apart(1, "", Ref(N, "Peter"), Ref(N, "Eric"), H, 3)),
])
def test_clue_templates(sentence: str, expected: Clue) -> None:
    clue = one_clue(sentence)
    assert clue == expected
    assert clue.text == sentence  # kept for explanations and error messages


def test_three_and_four_houses_between_on_six_houses() -> None:
    lines = ["Each person has a unique name: `A1`, `B2`, `C3`, `D4`, `E5`, `F6`"]
    clue = one_clue("There are three houses between A1 and E5.", lines, 6)
    assert clue == Apart(1, "", Ref(N, "A1"), Ref(N, "E5"), H, 4)
    clue = one_clue("There are four houses between A1 and F6.", lines, 6)
    assert clue == Apart(1, "", Ref(N, "A1"), Ref(N, "F6"), H, 5)
    clue = one_clue("A1 is in the sixth house.", lines, 6)
    assert clue == Same(1, "", Ref(N, "A1"), Ref(H, 6))


# --- descriptions ------------------------------------------------------------------------

MANY = [
    "Each person has a unique name: `Alice`, `Bob`, `Carol`, `Eric`",
    "The people are of nationalities: `brit`, `swede`, `dane`, `norwegian`",
    "People have unique hair colors: `red`, `black`, `gray`, `blonde`",
    "Each person has a favorite color: `red`, `blue`, `white`, `green`",
    "Each mother is accompanied by their child: `Alice`, `Fred`, `Bella`, `Timothy`",
    "Each person has a unique birthday month: `sept`, `jan`, `feb`, `april`",
    "Each person has a unique level of education: `associate`, `master`, `high school`, "
    "`doctorate`",
    "People have unique favorite music genres: `hip hop`, `jazz`, `rock`, `pop`",
    "People have unique heights: `very tall`, `tall`, `short`, `very short`",
    "They all have a unique favorite flower: `roses`, `lilies`, `tulips`, `iris`",
    "People own unique car models: `ford f150`, `tesla model 3`, `honda civic`, `audi a4`",
    "Everyone has a unique favorite cigar: `blue master`, `prince`, `pall mall`, `dunhill`",
    "Everyone has a favorite smoothie: `watermelon`, `lime`, `cherry`, `desert`",
    "Each person prefers a unique type of vacation: `cruise`, `city`, `beach`, `camping`",
]


@pytest.mark.parametrize(("description", "expected"), [
    ("Bob", ("Name", "Bob")),
    ("bob", ("Name", "Bob")),
    ("Alice", ("Name", "Alice")),  # not the child Alice: that one is always 'child ...'
    ("the person's child is named Alice", ("Children", "Alice")),
    ("the person who is the mother of Timothy", ("Children", "Timothy")),
    ("the British person", ("Nationality", "brit")),
    ("the Swedish person", ("Nationality", "swede")),
    ("the Dane", ("Nationality", "dane")),
    ("The NORWEGIAN", ("Nationality", "norwegian")),
    ("the person who has red hair", ("HairColor", "red")),
    ("the person whose favorite color is red", ("Color", "red")),
    ("the person who loves red", ("Color", "red")),
    ("the person who loves blue", ("Color", "blue")),  # not Blue Master
    ("the person who smokes Blue Master", ("Cigar", "blue master")),
    ("the person whose birthday is in September", ("Birthday", "sept")),
    ("the person whose birthday is in January", ("Birthday", "jan")),
    ("the person with an associate's degree", ("Education", "associate")),
    ("the person with a master's degree", ("Education", "master")),
    ("the person with a high school diploma", ("Education", "high school")),
    ("the person who loves hip-hop music", ("MusicGenre", "hip hop")),
    ("the person who is very tall", ("Height", "very tall")),
    ("the person who is tall", ("Height", "tall")),
    ("the person who loves the rose bouquet", ("Flower", "roses")),
    ("the person who loves the boquet of iris", ("Flower", "iris")),
    ("the person who owns a Ford F-150", ("CarModel", "ford f150")),
    ("the person who owns an Audi A4", ("CarModel", "audi a4")),
    ("The Watermelon smoothie lover", ("Smoothie", "watermelon")),
    ("the person who drinks Lime smoothies", ("Smoothie", "lime")),
    ("the Desert smoothie lover", ("Smoothie", "desert")),
    ("the person who likes going on cruises", ("Vacation", "cruise")),
    ("the person who prefers city breaks", ("Vacation", "city")),
    ("the person partial to Pall Mall", ("Cigar", "pall mall")),
])
def test_descriptions(description: str, expected: tuple[str, str]) -> None:
    clue = one_clue(f"{description} is in the first house.", MANY)
    assert isinstance(clue, Same)
    assert (clue.a.category, clue.a.value) == expected


# --- every characteristic's own phrasings (issue 7) --------------------------------------

PHRASINGS = json.loads((ZDATA / "phrasings.json").read_text())
# characteristics read together: those that share a value (or a word of one) in one puzzle
TOGETHER = [
    ["Name", "Children", "Mother", "Animal", "Pet", "Color", "HairColor", "Cigar"],
    ["Nationality", "Birthday", "Flower", "Food", "Vacation", "Smoothie"],
    ["HouseStyle", "Drink", "Hobby", "Education", "BookGenre", "Occupation"],
    ["Height", "MusicGenre", "PhoneModel", "FavoriteSport", "CarModel"],
]


def _published_lines(cats: list[str]) -> list[str]:
    return [f"{PHRASINGS['lines'][c]}: " + ", ".join(f"`{v}`" for v in PHRASINGS["descriptions"][c])
            for c in cats]


def _published_cases() -> list[tuple[list[str], str, str, str]]:
    return [(cats, c, v, d) for cats in TOGETHER for c in cats
            for v, d in PHRASINGS["descriptions"][c].items()]


def test_phrasings_cover_every_characteristic_of_the_benchmark() -> None:
    assert sorted(c for cats in TOGETHER for c in cats) == sorted(PHRASINGS["descriptions"])
    assert all(category_name(line) == c for c, line in PHRASINGS["lines"].items())


@pytest.mark.parametrize(("cats", "category", "value", "description"), _published_cases(),
                         ids=lambda x: x if isinstance(x, str) else "")
def test_every_published_phrasing_names_its_value(cats: list[str], category: str, value: str,
                                                  description: str) -> None:
    """Six values per characteristic, read beside the characteristics that share values with it
    (`cat` an Animal and a Pet, `red` a Color and a HairColor, `Alice` a Name and a child)."""
    text = puzzle(6, _published_lines(cats), [f"{description} is in the first house."])
    inst = read_zebralogic(text)
    (clue,) = inst.clues
    assert isinstance(clue, Same)
    assert (clue.a.category, clue.a.value) == (category, value)
    assert inst.notes == ()  # decided by the phrasing, not by the solver


ACTIVITIES = ["Each person has a unique name: `Alice`, `Bob`, `Carol`, `Eric`, `Peter`, `Arnold`",
              "Each person has a unique hobby: `painting`, `cooking`, `gardening`, `photography`, "
              "`knitting`, `woodworking`",
              "People have unique favorite sports: `swimming`, `tennis`, `soccer`, `baseball`, "
              "`basketball`, `volleyball`",
              "Each person prefers a unique type of vacation: `camping`, `cruise`, `beach`, "
              "`city`, `cultural`, `mountain`",
              "The people keep unique animals: `cat`, `dog`, `bird`, `fish`, `horse`, `rabbit`",
              "Each person has a unique type of pet: `cat`, `dog`, `bird`, `fish`, `hamster`, "
              "`rabbit`",
              "Each person has a unique level of education: `associate`, `bachelor`, `master`, "
              "`doctorate`, `high school`, `trade school`",
              "They all have a unique favorite flower: `roses`, `lilies`, `tulips`, `iris`, "
              "`daffodils`, `carnations`"]


@pytest.mark.parametrize(("description", "expected"), [
    # verb forms of activities, and their agent nouns
    ("the person who paints as a hobby", ("Hobby", "painting")),
    ("the person who paints", ("Hobby", "painting")),
    ("the painter", ("Hobby", "painting")),
    ("the person who loves painting", ("Hobby", "painting")),
    ("the painting enthusiast", ("Hobby", "painting")),
    ("the person who cooks", ("Hobby", "cooking")),
    ("the person who loves to cook", ("Hobby", "cooking")),
    ("the person who gardens in their free time", ("Hobby", "gardening")),
    ("the gardener", ("Hobby", "gardening")),
    ("the photographer", ("Hobby", "photography")),
    ("the person whose hobby is photography", ("Hobby", "photography")),
    ("the person who likes to knit", ("Hobby", "knitting")),
    ("the person who knits", ("Hobby", "knitting")),
    ("the woodworker", ("Hobby", "woodworking")),
    ("the person who swims", ("FavoriteSport", "swimming")),
    ("the swimmer", ("FavoriteSport", "swimming")),
    ("the person who plays tennis", ("FavoriteSport", "tennis")),
    ("the soccer fan", ("FavoriteSport", "soccer")),
    ("the person who enjoys camping", ("Vacation", "camping")),
    ("the person who goes camping", ("Vacation", "camping")),
    # plural, singular and possessive forms
    ("the person who keeps a horse", ("Animal", "horse")),
    ("the person who loves dogs", ("Animal", "dog")),
    ("the birds' keeper", ("Animal", "bird")),
    ("the rabbit's owner", ("Animal", "rabbit")),
    ("the person who owns fish", ("Pet", "fish")),
    ("the person whose pet is a cat", ("Pet", "cat")),
    ("the person with a pet rabbit", ("Pet", "rabbit")),
    ("the person who has a pet dog", ("Pet", "dog")),
    ("the person who owns two cats", None),
    ("the person who loves roses", ("Flower", "roses")),
    ("the person who loves a tulip bouquet", ("Flower", "tulips")),
    ("the person who loves a bouquet of lily", ("Flower", "lilies")),
    ("the person with a bachelor degree", ("Education", "bachelor")),
    ("the person with the master's", ("Education", "master")),
    ("the person who went to trade school", ("Education", "trade school")),
])
def test_more_phrasings(description: str, expected: tuple[str, str] | None) -> None:
    text = puzzle(6, ACTIVITIES, [f"{description} is in the first house."])
    if expected is None:  # no phrasing fits: Animal or Pet, and no clue to choose by
        with pytest.raises(InputError):
            read_zebralogic(text)
        return
    (clue,) = read_zebralogic(text).clues
    assert isinstance(clue, Same)
    assert (clue.a.category, clue.a.value) == expected


def test_verb_form_of_an_activity_in_a_puzzle() -> None:
    """The first kind of unread puzzle in issue 7: a hobby described by its verb."""
    rec = next(r for r in CONSTRUCTED if r["id"] == "constructed-hobbies-6x3")
    assert "The person who paints as a hobby" in rec["puzzle"]
    sol = aspuzzle.solve(aspuzzle.loads(rec["puzzle"])).solutions[0]
    assert sol.as_dicts()[1]["Hobby"] == "painting"


def test_value_of_two_characteristics_read_by_each_ones_phrasing() -> None:
    """The second kind: `cat` an animal kept and a pet; 'the cat lover' is the animal."""
    rec = next(r for r in CONSTRUCTED if r["id"] == "constructed-animals-and-pets-6x4")
    inst = read_zebralogic(rec["puzzle"])
    assert inst.notes == ()
    cat_lover = next(c for c in inst.clues if c.text.startswith("The cat lover"))
    has_cat = next(c for c in inst.clues if c.text.startswith("The person who has a cat"))
    assert isinstance(cat_lover, NotSame) and cat_lover.a == Ref(ANI, "cat")
    assert isinstance(has_cat, NotSame) and has_cat.a == Ref("Pet", "cat")


# --- what the phrasings leave ambiguous, the solver decides -------------------------------

CATS = ["Each person has a unique name: `Peter`, `Eric`",
        "The people keep unique animals: `cat`, `dog`",
        "Each person has a unique type of pet: `cat`, `fish`"]


def test_solver_chooses_the_only_reading_with_one_solution() -> None:
    rec = next(r for r in CONSTRUCTED if r["id"] == "constructed-ambiguous-cat-4x3")
    loaded = aspuzzle.loads(rec["puzzle"])
    inst = loaded.instance
    (note,) = inst.notes
    number = next(c.number for c in inst.clues if c.text.startswith("The cat person"))
    assert note == (f"clue {number}: 'The cat person' may mean Animal 'cat' or Pet 'cat'; read "
                    "as Animal 'cat', the only reading under which the puzzle has exactly one "
                    "solution")
    assert Same(number, "", Ref(ANI, "cat"), Ref(N, "Eric")) in inst.clues
    # the rejected reading leaves the puzzle several solutions
    other = rec["puzzle"].replace("The cat person", "The person who has a cat")
    assert aspuzzle.solve(aspuzzle.loads(other)).status is aspuzzle.Status.MULTIPLE
    result = aspuzzle.solve(loaded)
    assert result.status is aspuzzle.Status.UNIQUE
    assert table(inst, result.solutions[0]) == rec["solution"]


def test_solver_notes_when_every_reading_gives_the_same_solution() -> None:
    text = puzzle(2, CATS, ["Peter is in the first house.", "The cat person is Eric.",
                            "The cat lover is the person who has a cat."])
    inst = read_zebralogic(text)
    assert inst.notes == ("clue 2: 'The cat person' may mean Animal 'cat' or Pet 'cat'; read as "
                          "Animal 'cat', every reading gives the same single solution",)
    result = aspuzzle.solve(aspuzzle.loads(text))
    assert result.status is aspuzzle.Status.UNIQUE
    assert result.solutions[0].as_dicts() == [
        {"House": 1, "Name": "Peter", "Animal": "dog", "Pet": "fish"},
        {"House": 2, "Name": "Eric", "Animal": "cat", "Pet": "cat"}]


def test_readings_with_different_single_solutions_are_an_error() -> None:
    msg = error(puzzle(2, CATS, ["Peter is in the first house.", "The cat person is Eric.",
                                 "The cat lover is not the person who has a cat."]))
    assert msg == ("clue 2: 'The cat person' may mean Animal 'cat' or Pet 'cat'; the puzzle has "
                   "a different single solution under 2 of these readings, so the text does "
                   "not say which it is")


def test_two_ambiguous_clues_are_decided_together() -> None:
    text = puzzle(2, CATS, ["The cat person is Eric.", "The cat person is not in the first house.",
                            "The dog owner is not in the second house.",
                            "The person with an aquarium of fish is Peter."])
    inst = read_zebralogic(text)
    assert len(inst.notes) == 2 and inst.notes[0].startswith("clue 1: ")
    assert inst.notes[1].startswith("clue 2: ")
    assert aspuzzle.solve(aspuzzle.loads(text)).status is aspuzzle.Status.UNIQUE


def test_descriptions_containing_is_and_and() -> None:
    lines = ["Each person has a unique name: `Arnold`, `Eric`",
             "The mothers' names in different houses are unique: `Aniya`, `Holly`",
             "Each person has a unique birthday month: `april`, `sept`",
             "Everyone has a unique favorite game: `Stop and Swap`, `Fetch`"]
    assert one_clue("The person whose mother's name is Holly is Arnold.", lines, 2) == \
        Same(1, "", Ref("Mother", "Holly"), Ref(N, "Arnold"))
    assert one_clue("The person whose birthday is in April is not in the second house.",
                    lines, 2) == NotSame(1, "", Ref("Birthday", "april"), Ref(H, 2))
    assert one_clue("Arnold is The person whose mother's name is Holly.", lines, 2) == \
        Same(1, "", Ref(N, "Arnold"), Ref("Mother", "Holly"))
    assert one_clue("The one who plays Stop and Swap and Eric are next to each other.",
                    lines, 2) == Apart(1, "", Ref("Game", "Stop and Swap"), Ref(N, "Eric"), H, 1)


@pytest.mark.parametrize(("phrase", "name"), [
    ("Each person has a unique name", "Name"),
    ("The people are of nationalities", "Nationality"),
    ("People have unique favorite book genres", "BookGenre"),
    ("Everyone has something unique for lunch", "Food"),
    ("Each person has a favorite color", "Color"),
    ("The people keep unique animals", "Animal"),
    ("Each person has a unique level of education", "Education"),
    ("The mothers' names in different houses are unique", "Mother"),
    ("Each mother is accompanied by their child", "Children"),
    ("Each person has a unique type of pet", "Pet"),
    ("People have unique favorite sports", "FavoriteSport"),
    ("People have unique hair colors", "HairColor"),
    ("Each person lives in a unique style of house", "HouseStyle"),
    ("People use unique phone models", "PhoneModel"),
    ("Each person prefers a unique type of vacation", "Vacation"),
    ("Everyone has a unique favorite gemstone", "Gemstone"),
    ("Each person has a unique Toy", "Toy"),
])
def test_characteristic_names(phrase: str, name: str) -> None:
    assert category_name(phrase) == name


def test_values_without_backquotes_and_with_a_final_full_stop() -> None:
    text = puzzle(3, ["Each person has a unique name: `Peter`, `Eric`, `Arnold`.",
                      "People use different phone models: google pixel 6, iphone 13, and "
                      "oneplus 9"],
                  ["Peter is the person who uses an iPhone 13."])
    inst = read_zebralogic(text)
    assert inst.categories[1].values == ("Peter", "Eric", "Arnold")
    assert inst.categories[2].values == ("google pixel 6", "iphone 13", "oneplus 9")


def test_zeroeval_prompt_is_cut_down_to_the_puzzle_to_solve() -> None:
    example = next(r for r in PUBLISHED if r["id"] == "zeroeval-example-3x2")["puzzle"]
    real = next(r for r in PUBLISHED if r["id"] == "lgp-test-5x6-16")["puzzle"]
    prompt = ("\n# Example Puzzle \n\n" + example + "\n## Answer to the Example Puzzle\n\n"
              '{\n    "reasoning": "...",\n    "solution": {}\n}\n\n# Puzzle to Solve \n\n'
              + real + "\n\n# Instruction\n\nNow please solve the above puzzle.\n{\n}\n")
    assert read_zebralogic(prompt) == read_zebralogic(real)


def test_multiple_choice_question_after_the_clues_is_not_a_clue() -> None:
    text = puzzle(2, ["Each person has a unique name: `Peter`, `Eric`"],
                  ["Peter is in the first house."]) + "\nWho lives in House 2?\n"
    assert len(read_zebralogic(text).clues) == 1


def test_detection() -> None:
    for rec in RECORDS:
        assert detect_zebralogic(rec["puzzle"])
    assert not detect_zebralogic("  1 2\n1 T .\n1 . .\n")
    assert not detect_zebralogic((EXAMPLES / "logicgrid" / "boys-in-the-hood.logic").read_text())


# --- bad input --------------------------------------------------------------------------

def error(text: str) -> str:
    with pytest.raises(InputError) as e:
        read_zebralogic(text)
    return str(e.value)


TWO = ["Each person has a unique name: `Peter`, `Eric`",
       "Each person has a favorite color: `red`, `blue`"]


def test_unknown_value_names_the_clue() -> None:
    msg = error(puzzle(2, TWO, ["Peter is red.", "The person who loves purple is Eric."]))
    assert msg == ("clue 2: cannot understand 'The person who loves purple is Eric': 'The "
                   "person who loves purple' names no value of any characteristic")


def test_unknown_value_in_a_position_clue() -> None:
    msg = error(puzzle(2, TWO, ["The person who loves purple is in the first house."]))
    assert msg == "clue 1: 'The person who loves purple' names no value of any characteristic"


def test_ambiguous_description_names_the_clue() -> None:
    lines = ["Each person has a unique name: `Peter`, `Eric`",
             "Each person has a favorite color: `red`, `blue`",
             "People have unique favorite foods: `red`, `pie`"]
    msg = error(puzzle(2, lines, ["Peter is not in the second house.",
                                  "The person who loves red is Eric."]))
    # both readings leave the other characteristic free: the solver cannot choose either
    assert msg == ("clue 2: 'The person who loves red' may mean Color 'red' or Food 'red'; the "
                   "puzzle has exactly one solution under none of these readings")


def test_two_values_in_one_description_is_ambiguous() -> None:
    msg = error(puzzle(2, TWO, ["The person who loves red and blue is in the first house."]))
    assert msg.startswith("clue 1: 'The person who loves red and blue' is ambiguous")


def test_clue_that_cannot_be_understood() -> None:
    msg = error(puzzle(2, TWO, ["Peter likes Eric."]))
    assert msg == "clue 1: cannot understand 'Peter likes Eric'"


def test_house_out_of_range() -> None:
    msg = error(puzzle(2, TWO, ["Peter is in the fifth house."]))
    assert msg == "clue 1: there is no house 5 (houses are numbered 1 to 2)"


def test_distance_out_of_range() -> None:
    msg = error(puzzle(2, TWO, ["There are two houses between Peter and Eric."]))
    assert msg.startswith("clue 1: distance 3 is out of range")


@pytest.mark.parametrize(("text", "message"), [
    ("Hello\n## Clues:\n1. Bob is Bob.\n",
     "line 1: not ZebraLogic text: no sentence 'There are N houses, numbered 1 to N ...'"),
    (INTRO.format(n=2) + "\n - Each person has a unique name: `A`, `B`\n\nClue 1: A is first.\n",
     "line 1: no '## Clues:' section"),
    (INTRO.format(n=2) + "\n\n## Clues:\n",
     "line 1: no characteristics: expected lines such as ' - Each person has a unique name: "
     "`Peter`, `Alice`'"),
    ("There are 3 houses, numbered 1 to 4.\n - Each person has a unique name: `A`, `B`, `C`\n"
     "## Clues:\n", "line 1: 3 houses cannot be numbered 1 to 4"),
    ("There are 0 houses.\n## Clues:\n", "line 1: there must be 1 to 100 houses, not 0"),
    (puzzle(2, ["Each person has a unique name: `A`, `B`, `C`"], []),
     "line 2: 'Each person has a unique name' lists 3 values, expected 2 (one per house)"),
    (puzzle(2, ["Each person has a unique name: `A`, `a`"], []),
     "line 2: value 'a' is listed twice in 'Each person has a unique name'"),
    (puzzle(2, ["The people keep unique animals: `cat`, `dog`",
                "The people keep unique animals: `fish`, `bird`"], []),
     "line 3: characteristic 'Animal' is listed twice (lines 2 and 3)"),
    (puzzle(2, ["Each person has a unique name `A`, `B`"], []),
     "line 2: a characteristic line reads '- <description>: `value`, `value`, ...'"),
    (puzzle(2, ["Each person has a unique name: `A`, `B"], []),
     "line 2: unbalanced backquote in the list of values"),
    (puzzle(2, ["Each person has a unique name: `A`, ``"], []),
     "line 2: empty value in the list of values"),
    (puzzle(2, ["Each person has a unique name: `A` or maybe `B`"], []),
     "line 2: text outside the backquoted values: 'maybe'"),
    (puzzle(2, TWO, []) + "Peter is red.\n",
     "line 7: expected a numbered clue ('7. ...'), found 'Peter is red.'"),
    (puzzle(2, TWO, ["Peter is red.", "Eric is blue."]).replace("2. Eric", "1. Eric"),
     "line 7: clue number 1 is repeated or zero"),
])
def test_malformed_text(text: str, message: str) -> None:
    assert error(text) == message


def test_errors_in_a_zeroeval_prompt_name_the_prompt_line() -> None:
    bad = puzzle(2, TWO, ["Peter is in the fifth house."])
    prompt = "# Example Puzzle\n\nskipped\n\n# Puzzle to Solve\n\n" + bad.replace(
        " - Each person has a favorite color: `red`, `blue`", " - Each person: `red`")
    assert error(prompt) == "line 9: 'Each person' lists 1 values, expected 2 (one per house)"


def test_cli_bad_input_is_one_line_and_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(puzzle(2, TWO, ["Peter is red.", "The person who loves purple is Eric."]))
    r = run_cli("solve", str(path), "--type", "logicgrid", "--from", "zebralogic")
    assert r.returncode == 2
    assert r.stdout == ""
    assert len(r.stderr.strip().splitlines()) == 1
    assert "clue 2: cannot understand 'The person who loves purple is Eric'" in r.stderr


# --- command line ----------------------------------------------------------------------

def test_cli_solve_prints_the_table_and_json() -> None:
    path = EXAMPLES / "logicgrid" / "zebra-lgp-test-5x6-16.txt"
    r = run_cli("solve", str(path), "--ascii")
    assert r.returncode == 0, r.stderr
    assert "unique" in r.stdout
    assert re.search(r"^1\s+Bob\s+german\s+mystery\s+grilled cheese\s+yellow\s+dog$", r.stdout,
                     re.M)
    r = run_cli("solve", str(path), "--type", "logicgrid", "--from", "zebralogic", "--json")
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["status"] == "unique"
    rec = next(x for x in PUBLISHED if x["id"] == "lgp-test-5x6-16")
    rows = [[str(g[h]) for h in rec["solution"]["header"]] for g in data["solutions"][0]["groups"]]
    assert rows == rec["solution"]["rows"]


def test_cli_reads_standard_input() -> None:
    rec = next(x for x in PUBLISHED if x["id"] == "lgp-test-2x3-13")
    r = run_cli("solve", "-", "--json", stdin=rec["puzzle"])
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["solutions"][0]["groups"] == [
        {"House": 1, "Name": "Arnold", "Education": "associate", "Mother": "Holly"},
        {"House": 2, "Name": "Eric", "Education": "high school", "Mother": "Aniya"}]


# --- writer -------------------------------------------------------------------------------

@pytest.mark.parametrize("rec", RECORDS, ids=lambda r: r["id"])
def test_write_then_read_is_the_identity(rec: dict[str, Any]) -> None:
    inst = read_zebralogic(rec["puzzle"])
    text = write_zebralogic(inst, None)
    assert read_zebralogic(text) == inst
    assert write_zebralogic(read_zebralogic(text), None) == text


def test_writer_text() -> None:
    inst = read_zebralogic(puzzle(3, [
        "Each person has a unique name: `Peter`, `Eric`, `Arnold`",
        "The people are of nationalities: `dane`, `brit`, `swede`",
        "Each person has a unique favorite drink: `tea`, `water`, `milk`"], [
        "Peter is in the second house.", "Arnold is directly left of the one who only drinks "
        "water.", "The Dane and the British person are next to each other.",
        "The tea drinker is somewhere to the right of the Swedish person.",
        "There is one house between Eric and the Dane.", "Eric is not the person who likes milk.",
        "Arnold is not in the third house."]))
    assert write_zebralogic(inst, None).split("## Clues:\n")[1] == (
        "1. Peter is in the second house.\n"
        "2. Arnold is directly left of the person whose favorite drink is water.\n"
        "3. The Dane and the Brit are next to each other.\n"
        "4. The Swede is somewhere to the left of the person whose favorite drink is tea.\n"
        "5. There is one house between Eric and the Dane.\n"
        "6. Eric is not the person whose favorite drink is milk.\n"
        "7. Arnold is not in the third house.\n")


def _grid(clues: tuple[Clue, ...], raw_asp: str = "") -> LogicGridInstance:
    return LogicGridInstance(
        (Category("House", (1, 2, 3), ordered=True), Category("Name", ("A", "B", "C")),
         Category("Rank", ("low", "mid", "high"), ordered=True)), clues, raw_asp)


@pytest.mark.parametrize(("clue", "message"), [
    (OneOf(1, "", Ref("Name", "A"), (Ref("House", 1), Ref("House", 3))),
     "clue 1: cannot be written in ZebraLogic text: OneOf clues have no ZebraLogic template"),
    (Before(2, "", Ref("Name", "A"), Ref("Name", "B"), "House", 2),
     "clue 2: cannot be written in ZebraLogic text: 'exactly 2 houses to the left' has no "
     "template"),
    (Before(3, "", Ref("Name", "A"), Ref("Name", "B"), "Rank", None),
     "clue 3: cannot be written in ZebraLogic text: order on 'Rank': ZebraLogic text orders "
     "the houses only"),
    (Same(4, "", Ref("House", 1), Ref("House", 1)),
     "clue 4: cannot be written in ZebraLogic text: a house number can only be said with 'is "
     "(not) in the k-th house'"),
    (Apart(5, "", Ref("House", 1), Ref("Name", "A"), "House", 1),
     "clue 5: cannot be written in ZebraLogic text: a house number can only be said with 'is "
     "(not) in the k-th house'"),
])
def test_writer_refuses_clues_without_a_template(clue: Clue, message: str) -> None:
    with pytest.raises(InputError) as e:
        write_zebralogic(_grid((clue,)), None)
    assert str(e.value) == message


def test_writer_refuses_what_the_format_cannot_hold() -> None:
    with pytest.raises(InputError, match="raw ASP rules cannot be written"):
        write_zebralogic(_grid((), raw_asp=":- assign(1, \"Name\", \"A\")."), None)
    bad_key = LogicGridInstance((Category("Year", (1990, 1995), ordered=True),
                                 Category("Name", ("A", "B"))), ())
    with pytest.raises(InputError, match="houses numbered 1 to N as the first category"):
        write_zebralogic(bad_key, None)
    spaced = LogicGridInstance((Category("House", (1, 2), ordered=True),
                                Category("Book genre", ("x", "y"))), ())
    with pytest.raises(InputError, match="category 'Book genre' cannot be named"):
        write_zebralogic(spaced, None)
    numbers = LogicGridInstance((Category("House", (1, 2), ordered=True),
                                 Category("Age", (7, 8))), ())
    with pytest.raises(InputError, match="value 7 cannot be written"):
        write_zebralogic(numbers, None)
    clash = LogicGridInstance((Category("House", (1, 2), ordered=True),
                               Category("Name", ("Rose", "Ivy")),
                               Category("Nickname", ("Rose", "Bud"))),
                              (Same(1, "", Ref("Name", "Rose"), Ref("House", 1)),))
    with pytest.raises(InputError, match=r"^clue 1: cannot be written in ZebraLogic text: "
                                         r"'Rose' may mean Name 'Rose' or Nickname 'Rose'$"):
        write_zebralogic(clash, None)


def test_writer_accepts_another_name_for_the_houses() -> None:
    inst = LogicGridInstance((Category("Position", (1, 2), ordered=True),
                              Category("Name", ("A", "B"))),
                             (Before(1, "", Ref("Name", "B"), Ref("Name", "A"), "Position", 1),))
    back = read_zebralogic(write_zebralogic(inst, None))
    assert back.clues == (Before(1, "", Ref("Name", "B"), Ref("Name", "A"), "House", 1),)


# --- properties ---------------------------------------------------------------------------

SETTINGS = settings(max_examples=120, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

PEOPLE = ["Peter", "Alice", "Bob", "Eric", "Arnold", "Carol"]
WORDS = ["red", "blue", "green", "tea", "milk", "jazz", "rock", "cat", "horse", "pizza",
         "stew", "tulips", "iris", "tall", "short", "very short", "grilled cheese", "hip hop",
         "audi a4", "stir fry"]
CATEGORY_NAMES = ["Color", "HairColor", "Drink", "MusicGenre", "Animal", "Food", "Flower",
                  "Height", "Gem", "Toy", "Tool"]


@st.composite
def instances(draw: st.DrawFn) -> LogicGridInstance:
    n = draw(st.integers(1, 6))
    cats = [Category("House", tuple(range(1, n + 1)), ordered=True),
            Category("Name", tuple(draw(st.permutations(PEOPLE))[:n]))]
    for name in draw(st.lists(st.sampled_from(CATEGORY_NAMES), max_size=3, unique=True)):
        cats.append(Category(name, tuple(draw(st.permutations(WORDS))[:n])))
    people = [Ref(c.name, v) for c in cats[1:] for v in c.values]
    person = st.sampled_from(people)
    kinds = ["same", "not_same", "at", "not_at"] + (["left", "before", "apart"] if n > 1 else [])
    clues: list[Clue] = []
    for number in range(1, draw(st.integers(0, 8)) + 1):
        kind = draw(st.sampled_from(kinds))
        a, b = draw(person), draw(person)
        house = Ref("House", draw(st.integers(1, n)))
        if kind == "same":
            clues.append(Same(number, "", a, b))
        elif kind == "not_same":
            clues.append(NotSame(number, "", a, b))
        elif kind == "at":
            clues.append(Same(number, "", a, house))
        elif kind == "not_at":
            clues.append(NotSame(number, "", a, house))
        elif kind == "left":
            clues.append(Before(number, "", a, b, "House", 1))
        elif kind == "before":
            clues.append(Before(number, "", a, b, "House", None))
        else:
            clues.append(Apart(number, "", a, b, "House", draw(st.integers(1, n - 1))))
    return LogicGridInstance(tuple(cats), tuple(clues))


@SETTINGS
@given(instances())
def test_round_trip(inst: LogicGridInstance) -> None:
    text = write_zebralogic(inst, None)
    assert detect_zebralogic(text)
    assert read_zebralogic(text) == inst


def _reads_or_input_error(text: str) -> None:
    try:
        inst = read_zebralogic(text)
    except InputError:
        return
    LOGICGRID.validate(inst)  # whatever reads is a well-formed instance


@SETTINGS
@given(st.text(max_size=400))
def test_random_text_gives_only_input_error(text: str) -> None:
    _reads_or_input_error(text)


@SETTINGS
@given(st.lists(st.sampled_from([*"ThereAisn0123456789 houses`-:#.,\nClue", "There are 3 houses",
                                 "## Clues:", " is ", " and ", " - Name: ", "`Bob`", "1. ",
                                 "\n - Each person has a unique name: `A`, `B`",
                                 " is in the first house", " are next to each other"]),
                max_size=40).map("".join))
def test_text_made_of_format_pieces_gives_only_input_error(text: str) -> None:
    _reads_or_input_error(text)


_PIECES = ["`", " is ", " not ", " and ", "\n", "3", "the ", " house", "## Clues:", "-", ":",
              "1. ", "There are 9 houses", " left of ", "Bob", "?", "\u0130", "\x00"]


def _mutate(text: str, data: st.DataObject) -> str:
    return mutate(text, data, _PIECES)


@SETTINGS
@given(st.sampled_from(RECORDS), st.data())
def test_mutated_puzzles_give_only_input_error(rec: dict[str, Any], data: st.DataObject) -> None:
    _reads_or_input_error(_mutate(rec["puzzle"], data))
