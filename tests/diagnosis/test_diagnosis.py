"""Diagnosis of broken puzzles, checked independently of the diagnosis engine.

* A puzzle of the corpus with one clue changed so that it has no solution gets a core: the
  puzzle with only the core's clues has no solution, and leaving out any one of them gives a
  puzzle with a solution (each checked by solving a rebuilt instance, not by the diagnosis's
  guards). The core holds the changed clue: every set of clues without it is part of the
  original, solvable puzzle.
* A puzzle with clues taken away until it has several solutions gets a repair, and the puzzle
  with the repair added (to the instance, or to the puzzle's text) has exactly one solution.
"""

from __future__ import annotations

import random
from typing import Any

import clingo
import pytest

import aspuzzle
from aspuzzle import Status
from aspuzzle.diagnosis import Clue, diagnose
from aspuzzle.puzzles.futoshiki.model import FutoshikiInstance
from aspuzzle.puzzles.futoshiki.tatham import read_tatham as read_unequal
from aspuzzle.puzzles.hitori.model import HitoriInstance
from aspuzzle.puzzles.hitori.tatham import read_tatham as read_singles
from aspuzzle.puzzles.logicgrid import language
from aspuzzle.puzzles.logicgrid.model import LogicGridInstance
from aspuzzle.puzzles.tents.model import TentsInstance
from aspuzzle.puzzles.tents.tatham import read_tatham as read_tents
from tests.conftest import DATA, EXAMPLES, read_jsonl

UNEQUAL = read_jsonl(DATA / "futoshiki" / "unequal.jsonl")
SINGLES = read_jsonl(DATA / "hitori" / "tatham.jsonl")
TENTS = read_jsonl(DATA / "tents" / "tatham.jsonl")
ZEBRA = read_jsonl(DATA / "zebralogic" / "published.jsonl")


def _status(inst: Any) -> Status:
    return aspuzzle.solve(inst if isinstance(inst, aspuzzle.Loaded) else _loaded(inst)).status


def _loaded(inst: Any) -> aspuzzle.Loaded:
    from aspuzzle.explain import _loaded as loaded

    return loaded(inst)  # type: ignore[no-any-return]


def _args(sym: clingo.Symbol) -> list[Any]:
    return [a.number if a.type is clingo.SymbolType.Number else a for a in sym.arguments]


# --- rebuilding an instance from a set of clues (independent of the guards) ------------------

def _futoshiki_only(inst: FutoshikiInstance, keep: list[Clue]) -> FutoshikiInstance:
    givens, greater, bars = set(), set(), set()
    for c in keep:
        for f in c.facts:
            a = _args(f)
            if f.name == "cell_has_number":
                givens.add((a[0], a[1], a[2]))
            elif f.name == "greater_than":
                greater.add(((a[0], a[1]), (a[2], a[3])))
            else:
                bars.add(((a[0], a[1]), (a[2], a[3])))
    return inst._replace(givens=frozenset(givens), greater=frozenset(greater),
                         bars=frozenset(bars))


def _hitori_only(inst: HitoriInstance, keep: list[Clue], every: list[Clue]) -> HitoriInstance:
    kept = {tuple(_args(f)[:2]) for c in keep for f in c.facts}
    left_out = [tuple(_args(f)[:2]) for c in every for f in c.facts
                if tuple(_args(f)[:2]) not in kept]
    fresh = {cell: 9999 - i for i, cell in enumerate(left_out)}  # numbers no other cell has
    return inst._replace(grid=tuple(tuple(fresh.get((r, c), v) for c, v in enumerate(row, 1))
                                    for r, row in enumerate(inst.grid, 1)))


def _logicgrid_only(inst: LogicGridInstance, keep: list[Clue]) -> LogicGridInstance:
    numbers = {int(c.id.split()[1]) for c in keep}
    return inst._replace(clues=tuple(c for c in inst.clues if c.number in numbers))


def _plain_solvable(inst: Any, keep: list[Clue]) -> bool:
    """Plain clingo, no guards: the type's encodings and the diagnosis program, the facts
    that belong to no clue, and the facts of the kept clues (trees left out of a Tents
    puzzle become optional trees, pairs left out in Futoshiki's adjacent mode are free)."""
    loaded = _loaded(inst)
    clues = loaded.puzzle.clues(inst)
    owned = {f for c in clues.items for f in c.facts} | set(clues.drop)
    kept = {c.id for c in keep}
    facts = [f for f in loaded.puzzle.to_facts(inst) if f not in owned]
    for c in clues.items:
        facts += c.facts if c.id in kept else c.off
    consts = loaded.puzzle.constants(inst)
    ctl = clingo.Control([f"--const={k}={v}" for k, v in consts])
    for enc in (*loaded.puzzle.encodings(aspuzzle.SolveOptions(), inst), *clues.program):
        ctl.add("base", [], enc.read_text())
    ctl.add("base", [], "".join(f"{f}.\n" for f in facts))
    ctl.ground([("base", [])])
    return bool(ctl.solve().satisfiable)


def _solvable(inst: Any, keep: list[Clue], every: list[Clue]) -> bool:
    if isinstance(inst, TentsInstance) or getattr(inst, "adjacent", False):
        return _plain_solvable(inst, keep)
    if isinstance(inst, FutoshikiInstance):
        other = _futoshiki_only(inst, keep)
    elif isinstance(inst, HitoriInstance):
        other = _hitori_only(inst, keep, every)
    else:
        other = _logicgrid_only(inst, keep)
    return _status(other) is not Status.NONE


def _check_core(inst: Any, changed: str) -> list[str]:
    d = diagnose(inst)
    assert d.status is Status.NONE, d.text
    core = list(d.core)
    every = list(_loaded(inst).puzzle.clues(inst).items)
    assert core and changed in [c.id for c in core], (changed, d.text)
    assert not _solvable(inst, core, every)
    for c in core:
        assert _solvable(inst, [x for x in core if x != c], every), (c.id, d.text)
    assert d.text.startswith("No solution: ")
    return [c.id for c in core]


# --- no solution: one clue changed -----------------------------------------------------------

def _futoshiki_breaks(rec: dict[str, Any]) -> tuple[FutoshikiInstance, str] | None:
    inst = read_unequal(rec["id"])
    for r, c, d in sorted(inst.givens):  # a given changed
        for other in range(1, inst.size + 1):
            broken = inst._replace(givens=(inst.givens - {(r, c, d)}) | {(r, c, other)})
            if other != d and _status(broken) is Status.NONE:
                return broken, f"given ({r},{c})"
    for a, b in sorted(inst.greater):  # a sign turned round
        broken = inst._replace(greater=(inst.greater - {(a, b)}) | {(b, a)})
        if _status(broken) is Status.NONE:
            return broken, f"sign ({b[0]},{b[1]})>({a[0]},{a[1]})"
    for a, b in sorted(inst.bars):  # a bar taken away: now a pair without a bar
        broken = inst._replace(bars=inst.bars - {(a, b)})
        if _status(broken) is Status.NONE:
            return broken, f"no bar ({a[0]},{a[1]})-({b[0]},{b[1]})"
    return None


@pytest.mark.parametrize("rec", UNEQUAL[::6], ids=lambda r: r["id"][:12])
def test_futoshiki_with_a_changed_given_gets_a_minimal_core_holding_it(rec: dict[str, Any]
                                                                       ) -> None:
    found = _futoshiki_breaks(rec)
    if found is None:
        pytest.skip("no single change of a given, sign or bar breaks this puzzle")
    _check_core(*found)


def test_futoshiki_core_names_the_clues_in_words() -> None:
    inst = FutoshikiInstance(3, frozenset({(1, 1, 1), (1, 2, 1)}))
    d = diagnose(inst)
    assert [c.id for c in d.core] == ["given (1,1)", "given (1,2)"]
    assert d.text == ("No solution: the given 1 at (1,1) and the given 1 at (1,2) cannot all "
                      "hold; leave out any one of them and the rest can.")


@pytest.mark.parametrize("rec", SINGLES[::5], ids=lambda r: r["id"][:12])
def test_hitori_with_a_changed_number_gets_a_minimal_core_holding_it(rec: dict[str, Any]
                                                                     ) -> None:
    inst = read_singles(rec["id"])
    rng = random.Random(rec["id"])
    cells = [(r, c) for r in range(1, inst.height + 1) for c in range(1, inst.width + 1)]
    rng.shuffle(cells)
    for r, c in cells:
        row = list(inst.grid[r - 1])
        for v in sorted(set(row) - {row[c - 1]}):
            row2 = row.copy()
            row2[c - 1] = v
            broken = inst._replace(grid=(*inst.grid[:r - 1], tuple(row2), *inst.grid[r:]))
            if _status(broken) is Status.NONE:
                _check_core(broken, f"cell ({r},{c})")
                return
    pytest.skip("no change of one number breaks this puzzle")


@pytest.mark.parametrize("rec", TENTS[::8], ids=lambda r: r["id"][:12])
def test_tents_with_a_changed_line_clue_gets_a_minimal_core_holding_it(rec: dict[str, Any]
                                                                       ) -> None:
    inst = read_tents(rec["id"])
    for r, n in enumerate(inst.row_clues, 1):
        clues = list(inst.row_clues)
        clues[r - 1] = (n or 0) + 1
        broken = inst._replace(row_clues=tuple(clues))
        if _status(broken) is Status.NONE:
            _check_core(broken, f"row {r}")
            return
    raise AssertionError("a row clue one higher always breaks a unique puzzle's count")


def test_tents_core_can_name_a_tree() -> None:
    # the tree at (1,1) has no free neighbour: it cannot have its tent
    inst = aspuzzle.loads("  ? ?\n? T T\n? T .", type="tents").instance
    d = diagnose(inst)
    assert d.status is Status.NONE
    assert [c.id for c in d.core] == ["tree (1,1)"]
    assert d.text == "No solution: the tree at (1,1) cannot hold."


def _zebra(rec: dict[str, Any]) -> LogicGridInstance:
    inst = aspuzzle.loads(rec["puzzle"], type="logicgrid").instance
    assert isinstance(inst, LogicGridInstance)
    return inst


@pytest.mark.parametrize("rec", ZEBRA[:4], ids=lambda r: r["id"])
def test_logic_grid_with_a_clue_made_false_gets_a_minimal_core_holding_it(rec: dict[str, Any]
                                                                          ) -> None:
    from aspuzzle.puzzles.logicgrid.model import Same

    inst = _zebra(rec)
    (solution,) = aspuzzle.solve(_loaded(inst)).solutions
    entity = {v: i for i, g in enumerate(solution.groups) for v in g}
    for clue in inst.clues:
        subject = clue.a  # type: ignore[attr-defined]
        for cat in inst.categories:
            if cat.name == subject.category:
                continue
            for v in cat.values:
                if entity[(cat.name, v)] == entity[(subject.category, subject.value)]:
                    continue
                # clue n now says the subject is a value of another entity
                from aspuzzle.puzzles.logicgrid.model import Ref

                false = Same(clue.number, "made false", subject, Ref(cat.name, v))
                broken = inst._replace(clues=tuple(
                    c for c in inst.clues if c.number != clue.number or c is clue))
                broken = broken._replace(clues=tuple(false if c is clue else c
                                                     for c in broken.clues))
                if _status(broken) is Status.NONE:
                    ids = _check_core(broken, f"clue {clue.number}")
                    assert all(i.startswith("clue ") for i in ids)
                    return
    raise AssertionError("no clue made false breaks this puzzle")


# --- several solutions: a repair -------------------------------------------------------------

def _check_repair(inst: Any, apply: Any) -> Clue | None:
    """A puzzle one clue short of a unique one: a verified one-clue repair when it has at most
    256 solutions (each is tried as the one to keep, the original among them); with more, at
    least a verified set of clues."""
    d = diagnose(inst)
    assert d.status is Status.MULTIPLE, d.text
    assert len(d.solutions) == 2 and d.solutions[0] != d.solutions[1]
    if not d.single_repair:
        assert aspuzzle.count(_loaded(inst), limit=256).count > 255, d.text
        assert "more than 256 solutions" in d.text and len(d.repair) > 1
        return None
    (fix,) = d.repair
    assert apply(inst, fix), d.text
    return fix


def _unique_with(inst: Any, fix: Clue) -> bool:
    """Exactly one solution of the puzzle satisfies the revealed cell (all enumerated)."""
    res = aspuzzle.solve(_loaded(inst), max_solutions=0)
    assert fix.holds is not None
    return sum(1 for s in res.solutions if fix.holds(s)) == 1


def _futoshiki_add(inst: FutoshikiInstance, fix: Clue) -> bool:
    both = _futoshiki_only(inst, [*inst_clues(inst), fix])
    return _status(both) is Status.UNIQUE


def inst_clues(inst: Any) -> list[Clue]:
    return list(_loaded(inst).puzzle.clues(inst).items)


@pytest.mark.parametrize("rec", [r for r in UNEQUAL if "a" not in r["id"].split(":")[0]][::7],
                         ids=lambda r: r["id"][:12])
def test_futoshiki_with_clues_taken_away_gets_a_verified_one_clue_repair(
        rec: dict[str, Any]) -> None:
    inst = read_unequal(rec["id"])
    rng = random.Random(rec["id"])
    givens, signs = sorted(inst.givens), sorted(inst.greater)
    while _status(inst) is Status.UNIQUE:
        if givens and (not signs or rng.random() < 0.5):
            givens.remove(rng.choice(givens))
        else:
            signs.remove(rng.choice(signs))
        inst = inst._replace(givens=frozenset(givens), greater=frozenset(signs))
    fix = _check_repair(inst, _futoshiki_add)
    assert fix is None or fix.id.startswith(("sign ", "given "))


# random grids with several solutions (random Hitori grids almost never have one)
HITORI_SEVERAL = [((3, 3, 4, 4), (2, 1, 5, 3), (1, 5, 2, 2), (2, 2, 3, 3)),
                  ((3, 5, 2, 1), (2, 3, 3, 5), (4, 2, 3, 1), (2, 3, 5, 1)),
                  ((3, 5, 4, 2), (5, 3, 1, 2), (2, 4, 5, 1), (2, 4, 3, 5))]


@pytest.mark.parametrize("grid", HITORI_SEVERAL)
def test_hitori_with_several_solutions_gets_a_verified_given_cell(grid: Any) -> None:
    fix = _check_repair(HitoriInstance(grid), _unique_with)
    assert fix is not None and fix.text.startswith("a given ") and fix.require


def test_hitori_with_two_independent_choices_needs_two_cells_and_says_so() -> None:
    inst = HitoriInstance(((5, 3, 2, 1), (1, 3, 4, 3), (3, 1, 5, 4), (4, 4, 3, 3)))
    d = diagnose(inst)
    assert d.status is Status.MULTIPLE and not d.single_repair and len(d.repair) == 2
    assert "No single added clue makes the solution unique; these 2 together do" in d.text
    # no single given cell does it (all solutions enumerated), the two together do
    sols = aspuzzle.solve(_loaded(inst), max_solutions=0).solutions
    assert 2 < len(sols) < 256
    for r in range(1, 5):
        for c in range(1, 5):
            for shaded in (True, False):
                assert sum(((r, c) in s.shaded) == shaded for s in sols) != 1
    a, b = d.repair
    assert a.holds and b.holds and sum(a.holds(s) and b.holds(s) for s in sols) == 1


@pytest.mark.parametrize("rec", TENTS[:30:10], ids=lambda r: r["id"][:12])
def test_tents_without_line_clues_gets_a_verified_repair(rec: dict[str, Any]) -> None:
    inst = read_tents(rec["id"])
    inst = inst._replace(row_clues=(None,) * inst.height, col_clues=(None,) * inst.width)
    if _status(inst) is Status.UNIQUE:
        pytest.skip("unique without line clues")

    def apply(inst: TentsInstance, fix: Clue) -> bool:
        (f,) = fix.facts
        line, n = _args(f)
        if f.name == "tent_row":
            clues = list(inst.row_clues)
            clues[line - 1] = n
            return _status(inst._replace(row_clues=tuple(clues))) is Status.UNIQUE
        clues = list(inst.col_clues)
        clues[line - 1] = n
        return _status(inst._replace(col_clues=tuple(clues))) is Status.UNIQUE

    d = diagnose(inst)
    if d.single_repair:
        (fix,) = d.repair
        assert apply(inst, fix) if fix.facts else _unique_with(inst, fix)
    else:  # several clues: the puzzle with all of them is unique, and each is needed
        assert len(d.repair) > 1 and "No single added clue" in d.text


def test_logic_grid_repair_is_a_clue_of_the_language_that_reads_back() -> None:
    text = (EXAMPLES / "logicgrid" / "boys-in-the-hood.logic").read_text()
    inst = aspuzzle.loads(text).instance
    assert isinstance(inst, LogicGridInstance)
    rng = random.Random(3)
    clues = list(inst.clues)
    while _status(inst._replace(clues=tuple(clues))) is Status.UNIQUE:
        number = rng.choice(sorted({c.number for c in clues}))
        clues = [c for c in clues if c.number != number]
    fewer = inst._replace(clues=tuple(clues))

    def apply(inst: LogicGridInstance, fix: Clue) -> bool:
        clue_line = fix.text.removeprefix('the clue "').removesuffix('"')
        fixed = language.write(inst).rstrip("\n") + "\n" + clue_line + "\n"
        return _status(aspuzzle.loads(fixed)) is Status.UNIQUE

    fix = _check_repair(fewer, apply)
    assert fix is not None and fix.id.startswith("clue ")


def test_a_unique_puzzle_is_sound() -> None:
    d = diagnose(aspuzzle.load(EXAMPLES / "futoshiki" / "seed-4x4.txt"))
    assert d.status is Status.UNIQUE and not d.core and not d.repair
    assert d.text == "The puzzle is sound: it has exactly one solution."
