"""``aspuzzle generate``: seeds, JSON Lines, formats, -o, --jobs, bounded attempts; and the
driver's checks (every puzzle unique with its own solution, of the tier asked).

The types' own generators are tested in tests/generator/; here a small logic grid (fast to
make) stands for all of them."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import aspuzzle
from aspuzzle import Status, cli, generator
from aspuzzle.difficulty import Tier
from aspuzzle.errors import UsageError
from aspuzzle.generator import GenerationFailed, Proposal, Request, generate_one, make_request
from tests.conftest import run_cli

GRID = ("logicgrid", "--size", "3x4")


def test_generate_json_records_are_unique_puzzles_of_the_tier_asked() -> None:
    r = run_cli("generate", *GRID, "--seed", "5", "--count", "2", "--json")
    assert r.returncode == 0, r.stderr
    recs = [json.loads(line) for line in r.stdout.splitlines()]
    assert [rec["seed"] for rec in recs] == [5, 6]
    for rec in recs:
        assert set(rec) >= {"type", "format", "puzzle", "solution", "tier", "score", "rules",
                            "seed", "time_s"}
        assert rec["tier"] == "direct"  # the default difficulty
        back = aspuzzle.loads(rec["puzzle"], type="logicgrid", fmt=rec["format"])
        res = aspuzzle.solve(back)
        assert res.status is Status.UNIQUE
        assert back.puzzle.solution_to_json(res.solutions[0]) == rec["solution"]
        assert str(aspuzzle.difficulty.grade(back).tier) == rec["tier"]


def test_puzzle_i_is_made_from_seed_plus_i_alone_and_jobs_give_the_same_bytes() -> None:
    three = run_cli("generate", *GRID, "--seed", "40", "--count", "3", "--json")
    assert three.returncode == 0, three.stderr
    third = run_cli("generate", *GRID, "--seed", "42", "--json")
    assert json.loads(three.stdout.splitlines()[2])["puzzle"] == \
        json.loads(third.stdout)["puzzle"]
    three = run_cli("generate", *GRID, "--seed", "40", "--count", "3")
    parallel = run_cli("generate", *GRID, "--seed", "40", "--count", "3", "--jobs", "2")
    assert parallel.returncode == 0, parallel.stderr
    assert parallel.stdout == three.stdout


def test_without_a_seed_one_is_chosen_and_said(tmp_path: Path) -> None:
    r = run_cli("generate", *GRID)
    assert r.returncode == 0, r.stderr
    seed = int(r.stderr.split("seed ")[1].split()[0])
    again = run_cli("generate", *GRID, "--seed", str(seed))
    assert again.stdout == r.stdout


def test_output_file_is_written_whole(tmp_path: Path) -> None:
    out = tmp_path / "grids.jsonl"
    r = run_cli("generate", *GRID, "--seed", "1", "--count", "2", "--json", "-o", str(out))
    assert r.returncode == 0, r.stderr
    assert r.stdout == "" and len(out.read_text().splitlines()) == 2
    assert [p.name for p in tmp_path.iterdir()] == ["grids.jsonl"]  # no temporary file left


@pytest.mark.parametrize("argv, words", [
    (("generate", "futoshiki", "--size", "13"), "13"),
    (("generate", "tents", "--size", "2x2"), "2x2"),
    (("generate", "logicgrid", "--size", "3x1"), "1"),
    (("generate", "tents", "--difficulty", "impossible"), "difficulty"),
    (("generate", "hitori", "--adjacent"), "--adjacent"),
    (("generate", "chess"), "chess"),
    (("generate", *GRID, "--to", "tatham"), "tatham"),
])
def test_impossible_requests_are_one_line_exit_2(argv: tuple[str, ...], words: str) -> None:
    r = run_cli(*argv)
    assert r.returncode == 2, r.stdout + r.stderr
    assert len(r.stderr.splitlines()) == 1 and words in r.stderr
    assert "Traceback" not in r.stderr


class _Hopeless:
    """A generator whose every attempt fails (the driver must stop, not loop)."""

    type = "logicgrid"
    default_size = (3, 3)
    tiers = (Tier.DIRECT,)
    calls = 0

    def parse_size(self, text: str) -> tuple[int, int]:
        return (3, 3)

    def check(self, request: Request) -> None:
        pass

    def propose(self, request: Request, rng: random.Random) -> Proposal | None:
        self.calls += 1
        return None

    def removable(self, request: Request, clue: Any) -> bool:
        return True


def test_attempts_are_bounded_and_failure_is_exit_3(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str],
                                                     tmp_path: Path) -> None:
    hopeless = _Hopeless()
    monkeypatch.setattr(generator, "generator_for", lambda name: hopeless)
    req = make_request("logicgrid")
    with pytest.raises(GenerationFailed, match="in 7 attempts"):
        generate_one(req, 1, max_attempts=7)
    assert hopeless.calls == 7
    out = tmp_path / "never.txt"
    code = cli.main(["generate", "logicgrid", "--seed", "1", "--max-attempts", "5", "-o",
                     str(out)])
    assert code == 3 and not out.exists()
    assert "could not make a 3x3 logicgrid puzzle" in capsys.readouterr().err


def test_the_driver_refuses_a_proposal_that_is_not_unique(monkeypatch: pytest.MonkeyPatch
                                                            ) -> None:
    loose = aspuzzle.loads("categories:\n  A: a1, a2\n  B: b1, b2\n\nclues:\n", type="logicgrid")
    sol = aspuzzle.solve(loose).solutions[0]

    class Loose(_Hopeless):
        def propose(self, request: Request, rng: random.Random) -> Proposal | None:
            self.calls += 1
            return Proposal(loose.instance, sol)

    gen = Loose()
    monkeypatch.setattr(generator, "generator_for", lambda name: gen)
    with pytest.raises(GenerationFailed):
        generate_one(make_request("logicgrid"), 1, max_attempts=3)
    assert gen.calls == 3


def test_library_entry_points() -> None:
    g = aspuzzle.generate("logicgrid", size="3x3", seed=11)
    assert isinstance(g, aspuzzle.Generated) and g.seed == 11
    assert aspuzzle.solve(g.loaded).status is Status.UNIQUE
    many = list(aspuzzle.generate_many("logicgrid", 2, size="3x3", seed=11))
    assert [m.seed for m in many] == [11, 12]
    assert many[0].to_json() == {**g.to_json(), "time_s": many[0].to_json()["time_s"],
                                 "attempts": many[0].attempts}
    with pytest.raises(UsageError):
        aspuzzle.generate("logicgrid", size="1x3")


def test_python_dash_m_aspuzzle_is_the_same_command_line() -> None:
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-m", "aspuzzle", "rate", "--json",
                        "examples/tents/seed-6x6.txt"], capture_output=True, text=True,
                       cwd=Path(__file__).resolve().parents[2], timeout=120)
    assert r.returncode == 0 and json.loads(r.stdout)["tier"] == "direct"


def test_a_minimal_tents_puzzle_is_written_in_a_format_that_holds_missing_counts() -> None:
    r = run_cli("generate", "tents", "--size", "6x6", "--minimal", "--seed", "3", "--json")
    assert r.returncode == 0, r.stderr
    rec = json.loads(r.stdout)
    back = aspuzzle.loads(rec["puzzle"], type="tents", fmt=rec["format"])
    inst = back.instance
    if rec["format"] == "tatham":  # every count survived: Tatham's IDs hold it
        assert None not in (*inst.row_clues, *inst.col_clues)
    res = aspuzzle.solve(back)
    assert res.status is Status.UNIQUE
    assert back.puzzle.solution_to_json(res.solutions[0])["tents"] == rec["solution"]["tents"]
    bad = run_cli("generate", "tents", "--size", "6x6", "--minimal", "--seed", "3", "--to",
                  "tatham")
    if rec["format"] != "tatham":
        assert bad.returncode == 2 and "cannot hold this puzzle" in bad.stderr
