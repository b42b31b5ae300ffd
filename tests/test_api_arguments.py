"""A library caller's arguments of the wrong kind or out of range get an AspuzzleError that
names them (or a TypeError for a puzzle that is not text), never a wrong answer or a crash deep
inside: a count limit of -1 once reported -1 answers."""

from __future__ import annotations

from typing import Any

import pytest

import aspuzzle
from aspuzzle.difficulty import Tier
from tests.conftest import ROOT

SEED = ROOT / "examples" / "tents" / "seed-6x6.txt"


@pytest.fixture(scope="module")
def loaded() -> aspuzzle.Loaded:
    return aspuzzle.load(SEED)


@pytest.mark.parametrize("limit", [-1, -100, 1.5, "3", True, None])
def test_a_count_limit_is_a_whole_number_0_or_more(loaded: aspuzzle.Loaded, limit: Any) -> None:
    with pytest.raises(aspuzzle.UsageError, match="limit"):
        aspuzzle.count(loaded, limit=limit)


def test_a_count_limit_of_0_means_no_limit(loaded: aspuzzle.Loaded) -> None:
    assert aspuzzle.count(loaded, limit=0).count == 1
    assert aspuzzle.count(loaded, limit=0).exact


@pytest.mark.parametrize(("config", "field"), [
    (aspuzzle.SolveConfig(timeout=-1), "timeout"), (aspuzzle.SolveConfig(timeout=0), "timeout"),
    (aspuzzle.SolveConfig(timeout=float("nan")), "timeout"),
    (aspuzzle.SolveConfig(timeout=float("inf")), "timeout"),
    (aspuzzle.SolveConfig(timeout="10"), "timeout"),  # type: ignore[arg-type]
    (aspuzzle.SolveConfig(threads=0), "threads"), (aspuzzle.SolveConfig(threads=1.5), "threads"),  # type: ignore[arg-type]
    (aspuzzle.SolveConfig(seed=-1), "seed"), (aspuzzle.SolveConfig(seed=2**40), "seed"),
])
def test_a_solve_configuration_that_makes_no_sense_is_refused(
        loaded: aspuzzle.Loaded, config: aspuzzle.SolveConfig, field: str) -> None:
    with pytest.raises(aspuzzle.UsageError, match=field):
        aspuzzle.solve(loaded, config=config)
    with pytest.raises(aspuzzle.UsageError, match=field):
        aspuzzle.count(loaded, config=config)


def test_a_sensible_configuration_solves(loaded: aspuzzle.Loaded) -> None:
    for config in (aspuzzle.SolveConfig(timeout=5), aspuzzle.SolveConfig(threads=2, seed=3),
                   aspuzzle.SolveConfig(timeout=1.5, seed=0)):
        assert aspuzzle.solve(loaded, config=config).status is aspuzzle.Status.UNIQUE


@pytest.mark.parametrize("tier", ["hard", "", "tricky", 3])
def test_an_unknown_tier_names_the_tiers(loaded: aspuzzle.Loaded, tier: Any) -> None:
    with pytest.raises(aspuzzle.UsageError, match="direct, case, nested"):
        aspuzzle.explain(loaded, tier=tier)


@pytest.mark.parametrize("tier", ["Direct", " case", "NESTED", Tier.CASE])
def test_a_tier_is_read_in_any_case(loaded: aspuzzle.Loaded, tier: Any) -> None:
    assert aspuzzle.explain(loaded, tier=tier).solved


def test_loads_reads_bytes_as_utf8_like_a_file() -> None:
    data = SEED.read_bytes()
    assert aspuzzle.loads(data).instance == aspuzzle.load(SEED).instance
    assert aspuzzle.loads(b"\xef\xbb\xbf" + data).instance == aspuzzle.load(SEED).instance
    with pytest.raises(aspuzzle.InputError, match="not UTF-8"):
        aspuzzle.loads(b"\xff\xfe 6x6")
    with pytest.raises(aspuzzle.InputError, match="empty"):
        aspuzzle.loads(b"  \n")


@pytest.mark.parametrize("text, kind", [("8x8de#123456", "tents"), ("tents:8x8de#1", None),
                                        (" 5dt#42\n", "futoshiki"), ("10x10dk#x", "hitori")])
def test_a_tatham_random_seed_is_refused_saying_what_it_is(text: str, kind: str | None) -> None:
    with pytest.raises(aspuzzle.InputError, match=r"a Tatham random seed \(PARAMS#SEED\)"):
        aspuzzle.loads(text, type=kind)


@pytest.mark.parametrize("value", [None, 42, ["2 1"]])
def test_loads_of_something_not_text_is_a_type_error_naming_it(value: Any) -> None:
    with pytest.raises(TypeError, match="str or bytes"):
        aspuzzle.loads(value)


@pytest.mark.parametrize("seed", ["abc", 1.5, True])
def test_a_generator_seed_is_a_whole_number(seed: Any) -> None:
    with pytest.raises(aspuzzle.UsageError, match="seed"):
        aspuzzle.generate("tents", size="6x6", seed=seed)


@pytest.mark.parametrize("call", [aspuzzle.solve, aspuzzle.count])
def test_solving_a_path_instead_of_a_loaded_puzzle_says_so(call: Any) -> None:
    with pytest.raises(aspuzzle.UsageError, match="give a loaded puzzle"):
        call(str(SEED))


def test_solving_a_bare_instance_works_as_explain_does(loaded: aspuzzle.Loaded) -> None:
    assert aspuzzle.solve(loaded.instance).status is aspuzzle.Status.UNIQUE
    assert aspuzzle.count(loaded.instance).count == 1


@pytest.mark.parametrize("count", [-1, "3", 2.0])
def test_generate_many_needs_a_count_of_0_or_more(count: Any) -> None:
    with pytest.raises(aspuzzle.UsageError, match="count"):
        aspuzzle.generate_many("tents", count, size="6x6", seed=1)


def test_diagnose_reads_a_board_given_as_text_like_hint() -> None:
    from aspuzzle.explain import read_board

    hitori = aspuzzle.load(ROOT / "examples" / "hitori" / "seed-6x6.txt")
    solution = aspuzzle.solve(hitori).solutions[0]
    text = hitori.puzzle.render(hitori.instance, None, ascii=True)
    as_text = aspuzzle.diagnose(hitori, board=text)
    as_board = aspuzzle.diagnose(hitori, board=read_board(hitori, text)[0])
    assert as_text.text == as_board.text
    assert solution is not None
    with pytest.raises(aspuzzle.InputError):
        aspuzzle.diagnose(hitori, board="xx")


def test_the_command_line_takes_a_tier_in_any_case_as_the_library_does() -> None:
    """``--tier`` (explain, hint, check-step) and ``generate --difficulty`` read a tier as
    ``Tier.parse`` does; a word that is no tier is still a usage error (exit 2)."""
    from tests.conftest import run_cli

    shown = run_cli("explain", str(SEED), "--tier", "Direct")
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout == run_cli("explain", str(SEED), "--tier", "direct").stdout
    made = run_cli("generate", "tents", "--size", "6x6", "--difficulty", "CASE", "--seed", "3")
    assert made.returncode == 0, made.stderr
    assert made.stdout == run_cli("generate", "tents", "--size", "6x6", "--difficulty", "case",
                                  "--seed", "3").stdout
    for args in (("explain", str(SEED), "--tier", "hard"),
                 ("generate", "tents", "--size", "6x6", "--difficulty", "hard")):
        bad = run_cli(*args)
        assert bad.returncode == 2 and "Traceback" not in bad.stderr
        assert len(bad.stderr.strip().splitlines()) == 1
