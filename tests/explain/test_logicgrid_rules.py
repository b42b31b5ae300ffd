"""Each logic-grid rule on its own: boards where it applies (exactly what it sets) and boards
where it must not.

A rule is grounded alone (with board.lp, and triples.lp for the rules over triples), so what
it reports is its own doing. The puzzle is small: three houses, three names, three colours.
"""

from __future__ import annotations

from importlib.resources import files

import pytest

from aspuzzle.explain import Board, Evaluation, Kind
from aspuzzle.explain.rules import by_name
from aspuzzle.puzzles.logicgrid.model import (
    Apart,
    Before,
    Category,
    Clue,
    LogicGridInstance,
    NotSame,
    OneOf,
    Ref,
    Same,
)
from aspuzzle.puzzles.logicgrid.reasoning import LogicGridReasoner, PairKey
from aspuzzle.puzzles.logicgrid.rules import CATALOGUE

HOUSE = Category("House", (1, 2, 3))
NAME = Category("Name", ("Ann", "Bob", "Cy"))
COLOR = Category("Color", ("red", "green", "blue"))
ORDER = {"House": 0, "Name": 1, "Color": 2}

ANN, BOB, CY = Ref("Name", "Ann"), Ref("Name", "Bob"), Ref("Name", "Cy")
RED, GREEN, BLUE = Ref("Color", "red"), Ref("Color", "green"), Ref("Color", "blue")


def h(n: int) -> Ref:
    return Ref("House", n)


def key(a: Ref, b: Ref) -> PairKey:
    x, y = (a.category, a.value), (b.category, b.value)
    return (x, y) if ORDER[x[0]] < ORDER[y[0]] else (y, x)


def true(*pairs: tuple[Ref, Ref]) -> set[tuple[PairKey, str]]:
    return {(key(a, b), "true") for a, b in pairs}


def false(*pairs: tuple[Ref, Ref]) -> set[tuple[PairKey, str]]:
    return {(key(a, b), "false") for a, b in pairs}


def puzzle(*clues: Clue, raw: str = "") -> LogicGridInstance:
    return LogicGridInstance((HOUSE, NAME, COLOR), clues, raw_asp=raw)


def board(yes: tuple[tuple[Ref, Ref], ...] = (), no: tuple[tuple[Ref, Ref], ...] = ()
          ) -> Board:
    return Board(dict(true(*yes) | false(*no)))


def evaluate(rule: str, inst: LogicGridInstance, b: Board
             ) -> tuple[set[tuple[PairKey, str]], list[str]]:
    """(what the rule sets, the texts of its contradictions) on the board, the rule alone."""
    info = by_name(CATALOGUE, rule)
    assert info is not None
    rs = LogicGridReasoner(inst, rules=(info,))
    steps = rs.applications(b, info.id)
    assert all(s.rule_id == info.id for s in steps)
    sets = {s for st in steps if st.kind is Kind.DIRECT for s in st.sets}
    assert len(sets) == sum(len(st.sets) for st in steps if st.kind is Kind.DIRECT)
    fired = [st.text for st in steps if st.kind is Kind.CONTRADICTION]
    return sets, fired


def test_every_rule_file_has_a_header_naming_its_predicates() -> None:
    pkg = files("aspuzzle.puzzles.logicgrid.rules")
    names = ["board", "triples", "pairs"] + [r.id for r in CATALOGUE if r.file is not None]
    for name in names:
        text = pkg.joinpath(f"{name}.lp").read_text()
        assert text.startswith(("% ", "%! name: ")), name  # a rule's %! header (kit.rulefile)
        assert "% Input" in text and "% Output" in text, name


def test_the_catalogue_has_rules_for_every_kind_of_clue_and_tiers() -> None:
    from aspuzzle.puzzles.logicgrid.rules import TIERS

    ids = [r.id for r in CATALOGUE]
    for rid in ("clue_same", "clue_not_same", "clue_before", "clue_before_by", "clue_apart",
                "clue_one_of", "clue_either_or", "bijectivity", "last_possibility",
                "transitivity", "clue_broken", "where_case"):
        assert rid in ids
    assert set(TIERS) == set(ids)
    assert TIERS["where_case"] == "case" and TIERS["clue_broken"] == "direct"


# --- clue rules -------------------------------------------------------------------------------

def test_clue_same() -> None:
    inst = puzzle(Same(1, "Ann is red.", ANN, RED))
    assert evaluate("clue_same", inst, board()) == (true((ANN, RED)), [])
    assert evaluate("clue_same", inst, board(yes=((ANN, RED),))) == (set(), [])


def test_clue_same_with_a_house() -> None:
    inst = puzzle(Same(1, "Ann is in house 2.", ANN, h(2)))
    assert evaluate("Clue: is", inst, board()) == (true((h(2), ANN)), [])


def test_clue_not_same() -> None:
    inst = puzzle(NotSame(1, "", BOB, GREEN))
    assert evaluate("clue_not_same", inst, board()) == (false((BOB, GREEN)), [])
    assert evaluate("clue_not_same", inst, board(no=((BOB, GREEN),))) == (set(), [])


def test_clue_before_somewhere() -> None:
    inst = puzzle(Before(1, "Ann is somewhere left of red.", ANN, RED, "House"))
    sets, _ = evaluate("clue_before", inst, board())
    assert sets == false((ANN, RED), (h(3), ANN), (h(1), RED))
    # red in house 2: Ann only in house 1
    sets, _ = evaluate("clue_before", inst, board(yes=((h(2), RED),), no=((ANN, RED),)))
    assert sets == false((h(3), ANN), (h(2), ANN))


def test_clue_before_by() -> None:
    inst = puzzle(Before(1, "Ann is directly left of red.", ANN, RED, "House", 1))
    sets, _ = evaluate("clue_before_by", inst, board(yes=((h(1), ANN),)))
    assert sets == false((ANN, RED), (h(1), RED), (h(3), RED))
    sets, _ = evaluate("clue_before_by", inst, board(no=((ANN, RED), (h(3), ANN), (h(1), RED))))
    assert sets == set()


def test_clue_apart() -> None:
    # two apart among three houses: houses 1 and 3, never 2
    inst = puzzle(Apart(1, "There is one house between Ann and red.", ANN, RED, "House", 2))
    sets, _ = evaluate("clue_apart", inst, board())
    assert sets == false((ANN, RED), (h(2), ANN), (h(2), RED))
    inst = puzzle(Apart(1, "Ann and red are next to each other.", ANN, RED, "House", 1))
    sets, _ = evaluate("clue_apart", inst, board(yes=((h(1), ANN),), no=((ANN, RED),)))
    assert sets == false((h(1), RED), (h(3), RED))


def test_clue_one_of() -> None:
    inst = puzzle(OneOf(1, "Ann is red or blue.", ANN, (RED, BLUE)))
    assert evaluate("clue_one_of", inst, board()) == (set(), [])
    assert evaluate("clue_one_of", inst, board(no=((ANN, RED),))) == (true((ANN, BLUE)), [])


def test_clue_either_or() -> None:
    inst = puzzle(OneOf(1, "Ann is either red or in house 3.", ANN, (RED, h(3)),
                        exclusive=True))
    # two options of an either-or are never the same person
    assert evaluate("clue_either_or", inst, board()) == (false((h(3), RED)), [])
    sets, _ = evaluate("clue_either_or", inst, board(yes=((ANN, RED),), no=((h(3), RED),)))
    assert sets == false((h(3), ANN))
    sets, _ = evaluate("clue_either_or", inst, board(no=((ANN, RED), (h(3), RED))))
    assert sets == true((h(3), ANN))


def test_clue_broken() -> None:
    same = puzzle(Same(1, "Ann is red.", ANN, RED))
    _, fired = evaluate("clue_broken", same, board(no=((ANN, RED),)))
    assert fired == ["clue 1: Ann is red. But Ann is not red on the board."]
    before = puzzle(Before(2, "Ann is left of red.", ANN, RED, "House"))
    _, fired = evaluate("clue_broken", before, board(yes=((h(1), RED),)))
    assert len(fired) == 1 and fired[0].startswith("clue 2: Ann is left of red. But no place")
    one = puzzle(OneOf(3, "", ANN, (RED, BLUE)))
    _, fired = evaluate("clue_broken", one, board(no=((ANN, RED), (ANN, BLUE))))
    assert len(fired) == 1
    assert evaluate("clue_broken", same, board(yes=((ANN, RED),))) == (set(), [])


# --- grid rules -------------------------------------------------------------------------------

def test_bijectivity() -> None:
    sets, _ = evaluate("bijectivity", puzzle(), board(yes=((h(1), ANN),)))
    assert sets == false((h(1), BOB), (h(1), CY), (h(2), ANN), (h(3), ANN))
    assert evaluate("bijectivity", puzzle(), board()) == (set(), [])


def test_bijectivity_puts_every_true_cell_in_one_step() -> None:
    rs = LogicGridReasoner(puzzle(), rules=(by_name(CATALOGUE, "bijectivity"),))  # type: ignore[arg-type]
    steps = rs.applications(board(yes=((h(1), ANN), (BOB, RED))), "bijectivity")
    assert len(steps) == 1
    assert steps[0].text.startswith("House 1 is Ann, so ")


def test_last_possibility() -> None:
    sets, _ = evaluate("last_possibility", puzzle(), board(no=((h(1), ANN), (h(1), BOB))))
    assert sets == true((h(1), CY))
    assert evaluate("last_possibility", puzzle(), board(no=((h(1), ANN),))) == (set(), [])


def test_transitivity() -> None:
    sets, _ = evaluate("transitivity", puzzle(), board(yes=((h(1), ANN), (ANN, RED))))
    assert sets == true((h(1), RED))
    sets, _ = evaluate("transitivity", puzzle(), board(yes=((h(1), ANN),), no=((ANN, RED),)))
    assert sets == false((h(1), RED))
    assert evaluate("transitivity", puzzle(), board(no=((h(1), ANN), (ANN, RED)))) == (set(),
                                                                                        [])


def test_cross_elimination() -> None:
    # Ann can only be in house 1, red only in houses 2 and 3: Ann is not red
    b = board(no=((h(2), ANN), (h(3), ANN), (h(1), RED)))
    assert evaluate("cross_elimination", puzzle(), b) == (false((ANN, RED)), [])
    # with Ann placed it is transitivity's, not cross elimination's
    b = board(yes=((h(1), ANN),), no=((h(1), RED),))
    assert evaluate("cross_elimination", puzzle(), b) == (set(), [])


# --- contradictions ---------------------------------------------------------------------------

def test_no_match() -> None:
    _, fired = evaluate("no_match", puzzle(), board(no=((h(1), ANN), (h(2), ANN), (h(3), ANN))))
    assert fired == ["Every House is ruled out for Ann."]


def test_two_matches() -> None:
    _, fired = evaluate("two_matches", puzzle(), board(yes=((h(1), ANN), (h(2), ANN))))
    assert fired == ["Ann is both House 1 and House 2."]


def test_transitivity_broken() -> None:
    b = board(yes=((h(1), ANN), (ANN, RED)), no=((h(1), RED),))
    _, fired = evaluate("transitivity_broken", puzzle(), b)
    assert fired == ["House 1 is Ann and red is Ann, but House 1 is not red."]


# --- raw ASP ----------------------------------------------------------------------------------

RAW_CATS = (Category("house", (1, 2, 3)), Category("name", ("ann", "bob", "cy")))


def test_raw_asp_is_proven_by_the_solver() -> None:
    inst = LogicGridInstance(RAW_CATS, (), raw_asp=":- assign(E, name, ann), E != 2.\n",
                             raw_asp_line=7)
    sets, _ = evaluate("clue_raw_asp", inst, Board({}))
    assert sets == {((("house", 2), ("name", "ann")), "true")}
    no_ann_2 = Board({(("house", 2), ("name", "ann")): "false"})
    _, fired = evaluate("raw_asp_broken", inst, no_ann_2)
    assert fired == ["The puzzle's raw ASP (line 7) has no answer with the marks on the board "
                     "(proven by the solver)."]


# --- the case split ---------------------------------------------------------------------------

def test_where_case_splits_on_the_key_category() -> None:
    rs = LogicGridReasoner(puzzle())
    b = board(no=((h(1), ANN),))
    cases = rs.cases(Evaluation(b, (), ()))
    # the lines with two cells left come first (fewest branches), in the puzzle's order; only
    # the lines of the key category's sub-grids are split on
    assert [c.text for c in cases[:2]] == ["House 1 is Bob or Cy", "Ann is House 2 or 3"]
    assert [br[1] for br in cases[1].branches] == [tuple(true((h(2), ANN))),
                                                    tuple(true((h(3), ANN)))]
    assert all(any(k[0][0] == "House" for k in c.uses[0].cells) for c in cases)
    assert len(cases) == 12 and [len(c.branches) for c in cases].count(2) == 2


@pytest.mark.parametrize("rule", [r.name for r in CATALOGUE if r.kind is not Kind.CASE])
def test_no_rule_fires_on_the_empty_board_of_a_puzzle_without_clues(rule: str) -> None:
    assert evaluate(rule, puzzle(), Board({})) == (set(), [])
