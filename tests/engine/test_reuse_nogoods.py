"""The nogoods a shared program takes for one solve (engine.reuse._add_nogoods): clingo's C
rule function called directly, or Backend.add_rule where that is not found, add the same;
an AtMostOne is the nogoods of each two of its literals."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import clingo
import pytest

from aspuzzle.engine import reuse


def _answers(nogoods: list[tuple[int, ...] | reuse.AtMostOne], fast: bool, sort: bool,
             monkeypatch: pytest.MonkeyPatch) -> set[frozenset[str]]:
    if not fast:
        monkeypatch.setattr(reuse, "_RULE", None)
    ctl = clingo.Control(["0"])
    ctl.add("base", [], "{ a(1..5) }.")
    ctl.ground([("base", [])])
    lit = {sa.symbol.arguments[0].number: sa.literal
           for sa in ctl.symbolic_atoms.by_signature("a", 1)}

    def solver(n: Sequence[int]) -> tuple[int, ...]:
        return tuple(lit[abs(x)] if x > 0 else -lit[abs(x)] for x in n)

    ground = [reuse.AtMostOne(solver(n.literals)) if isinstance(n, reuse.AtMostOne)
              else solver(n) for n in nogoods]
    given: list[Sequence[int] | reuse.AtMostOne] | reuse.Sorted = [*ground]
    if sort:  # as reuse.Sorted: nogoods of three literals as two of them (and so in expected)
        given = reuse.Sorted([(n[0], n[1]) for n in ground
                              if not isinstance(n, reuse.AtMostOne) and len(n) > 1],
                             [n[0] for n in ground if not isinstance(n, reuse.AtMostOne)
                              and len(n) == 1],
                             [n for n in ground if isinstance(n, reuse.AtMostOne)])
    guard, assumed = reuse._add_nogoods(ctl, given)
    found: set[frozenset[str]] = set()
    ctl.solve(assumptions=[guard, *assumed],
              on_model=lambda m: found.add(frozenset(map(str, m.symbols(shown=True)))))
    ctl.release_external(guard)
    everything: set[frozenset[str]] = set()
    ctl.solve(on_model=lambda m: everything.add(frozenset(map(str, m.symbols(shown=True)))))
    assert len(everything) == 32  # released: the nogoods are gone
    monkeypatch.undo()
    return found


def test_c_rule_is_found() -> None:
    assert reuse._RULE is not None  # clingo 5's package: the fast path is the one used


@pytest.mark.parametrize("sort", [False, True])
@pytest.mark.parametrize("seed", range(20))
def test_fast_and_plain_add_the_same_nogoods(seed: int, sort: bool,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    # nogoods of one to three literals, and "at most one of" one to five literals
    rng = random.Random(seed)
    nogoods: list[tuple[int, ...] | reuse.AtMostOne] = [
        tuple(rng.choice((1, -1)) * x for x in rng.sample(range(1, 6), rng.choice((1, 2, 2, 3))))
        for _ in range(rng.randint(1, 6))]
    nogoods += [reuse.AtMostOne(tuple(rng.choice((1, -1)) * x
                                      for x in rng.sample(range(1, 6), rng.randint(1, 5))))
                for _ in range(rng.randint(0, 2))]
    rng.shuffle(nogoods)
    if sort:
        nogoods = [n if isinstance(n, reuse.AtMostOne) else n[:2] for n in nogoods]
    plain = [two for n in nogoods
             for two in (itertools.combinations(n.literals, 2)
                         if isinstance(n, reuse.AtMostOne) else [n])]
    expected = {frozenset(f"a({x})" for x in chosen)
                for k in range(6) for chosen in itertools.combinations(range(1, 6), k)
                if not any(all((abs(x) in chosen) == (x > 0) for x in n) for n in plain)}
    assert _answers(nogoods, True, sort, monkeypatch) == expected
    assert _answers(nogoods, False, sort, monkeypatch) == expected
