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


def _answers(nogoods: list[tuple[int, ...] | reuse.AtMostOne], fast: bool,
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
    guard, assumed = reuse._add_nogoods(ctl, ground)
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


@pytest.mark.parametrize("seed", range(20))
def test_fast_and_plain_add_the_same_nogoods(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # nogoods of one to three literals, and "at most one of" one to five literals
    rng = random.Random(seed)
    nogoods: list[tuple[int, ...] | reuse.AtMostOne] = [
        tuple(rng.choice((1, -1)) * x for x in rng.sample(range(1, 6), rng.choice((1, 2, 2, 3))))
        for _ in range(rng.randint(1, 6))]
    nogoods += [reuse.AtMostOne(tuple(rng.choice((1, -1)) * x
                                      for x in rng.sample(range(1, 6), rng.randint(1, 5))))
                for _ in range(rng.randint(0, 2))]
    rng.shuffle(nogoods)
    plain = [two for n in nogoods
             for two in (itertools.combinations(n.literals, 2)
                         if isinstance(n, reuse.AtMostOne) else [n])]
    expected = {frozenset(f"a({x})" for x in chosen)
                for k in range(6) for chosen in itertools.combinations(range(1, 6), k)
                if not any(all((abs(x) in chosen) == (x > 0) for x in n) for n in plain)}
    assert _answers(nogoods, True, monkeypatch) == expected
    assert _answers(nogoods, False, monkeypatch) == expected
