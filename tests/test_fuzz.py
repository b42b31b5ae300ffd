"""Fuzzing every command that reads a puzzle (issue 33), short and deterministic: a fixed
number of mutants (characters deleted, inserted, replaced) of every bundled example and test
corpus input, through solve, count, convert, render --svg, check, hint, rate, diagnose,
explain and the web API, in process. ``benchmarks/fuzz.py --minutes N`` runs the same checks
for longer. What each answer must be: see ``tests/fuzzing.py``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzzing import (
    COMMANDS,
    SPECIAL,
    WEB,
    Edit,
    check_command,
    check_web,
    mutate,
    seeds,
    web_client,
)

EXAMPLES = 12
"""Mutants per command in CI (about 0.02 s each; the benchmark runs thousands)."""

_FUZZ = settings(max_examples=EXAMPLES, derandomize=True, database=None, deadline=None,
                 suppress_health_check=[HealthCheck.function_scoped_fixture,
                                        HealthCheck.too_slow])

_edits = st.lists(st.builds(Edit, st.sampled_from(("delete", "insert", "replace")),
                            st.floats(0, 1), st.sampled_from(sorted(SPECIAL))),
                  min_size=1, max_size=4)
_seed = st.sampled_from(seeds())


def test_the_seeds_cover_every_type_and_format() -> None:
    from aspuzzle import api
    from aspuzzle.puzzles import TYPES, get_puzzle

    found: dict[str, set[str]] = {}
    for s in seeds():
        loaded = api.loads(s.text)
        found.setdefault(loaded.puzzle.name, set()).add(loaded.format)
    assert set(found) == {t.name for t in TYPES}
    for name, formats in found.items():
        assert formats == set(get_puzzle(name).formats), name


@pytest.mark.parametrize("command", COMMANDS)
@_FUZZ
@given(seed=_seed, edits=_edits)
def test_every_command_answers_every_mutant(command: str, seed: Any, edits: list[Edit],
                                            tmp_path: Path) -> None:
    text = mutate(seed.text, edits)
    assert check_command(command, text, tmp_path, seed.suffix) == [], (seed.name, edits)


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    pytest.importorskip("starlette")
    with web_client() as c:
        yield c


@pytest.mark.parametrize("endpoint", WEB)
@_FUZZ
@given(seed=_seed, edits=_edits)
def test_the_web_api_answers_every_mutant(endpoint: str, seed: Any, edits: list[Edit],
                                          client: Any) -> None:
    text = mutate(seed.text, edits)
    assert check_web(client, endpoint, text) == [], (seed.name, edits)


def test_the_harness_sees_a_refuted_step(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                         ) -> None:
    """The issue's input with the engine's consequences as they were: the harness names the
    internal error (exit status 4), the web API's 422."""
    from aspuzzle.engine import Grounded
    from tests.cli.test_reproof_and_timeout import _consequences_on_the_projection

    monkeypatch.setattr(Grounded, "_consequences", _consequences_on_the_projection)
    seed = next(s for s in seeds() if s.name.endswith("boys-in-the-hood-seed.logic"))
    at = seed.text.rindex(":- story(2, maid_marian")
    text = mutate(seed.text, [Edit("insert", (at + 0.5) / len(seed.text), "n")])
    assert "\nn:- story(2, maid_marian, _, _)." in text
    assert check_command("explain", text, tmp_path, seed.suffix) == ["exit status 4"]
    pytest.importorskip("starlette")
    with web_client() as c:
        found = check_web(c, "explain", text)
    assert len(found) == 1 and found[0].startswith("HTTP 422")
