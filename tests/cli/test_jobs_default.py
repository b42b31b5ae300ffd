"""``--jobs`` left out: inputs are handled here until the first ones show that a worker pool
saves time, then the rest go to one worker per core; the bytes printed never change."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from aspuzzle import cli
from tests.conftest import ROOT

CORPUS = ROOT.parent / "shared" / "corpus" / "tatham.jsonl"
PREFIX = {"singles": "hitori", "unequal": "futoshiki", "tents": "tents"}


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    if not CORPUS.exists():
        pytest.skip("shared corpus not found")
    folder = tmp_path_factory.mktemp("many")
    records = [json.loads(line) for line in CORPUS.read_text().splitlines()][:24]
    paths = []
    for i, rec in enumerate(records):
        path = folder / f"{i:02d}.txt"
        path.write_text(f"{PREFIX[rec['game']]}:{rec['id']}\n")
        paths.append(str(path))
    bad = folder / "bad.txt"
    bad.write_text("tents:4x4:zz\n")
    return [*paths[:12], str(bad), str(Path(folder, "missing.txt")), *paths[12:]]


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = cli.main(list(args))
    out, err = capsys.readouterr()
    return code, re.sub(r'"time_s": [0-9.e-]+', '"time_s": _', out), err


@pytest.mark.parametrize("extra", [[], ["--json"]])
def test_default_gives_the_bytes_of_jobs_1_when_a_pool_starts(
        inputs: list[str], extra: list[str], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    here = _run(capsys, "solve", *extra, "--jobs", "1", *inputs)
    started: list[int] = []
    in_workers = cli._in_workers

    def spy(args: object, rest: list[str], jobs: int | None, dask: str | None) -> object:
        started.append(len(rest))
        return in_workers(args, rest, jobs, dask)  # type: ignore[arg-type]

    monkeypatch.setattr(cli, "POOL_START_S", 0.0)  # any work left is worth a pool
    monkeypatch.setattr(cli, "_in_workers", spy)
    monkeypatch.setattr("aspuzzle._cores.cpu_count", lambda: 2)
    default = _run(capsys, "solve", *extra, *inputs)
    assert started == [len(inputs) - 2]  # after the first two inputs (the first is not timed)
    if not extra:  # the text output shows each solve's time: compare without it
        here = (here[0], re.sub(r"\([0-9.]+ s\)", "", here[1]), here[2])
        default = (default[0], re.sub(r"\([0-9.]+ s\)", "", default[1]), default[2])
    assert default == here
    assert here[0] == 2  # the bad and the missing input


def test_no_pool_when_it_would_not_pay(inputs: list[str], capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    def fail(*args: object) -> None:
        raise AssertionError("a pool was started")

    monkeypatch.setattr(cli, "_in_workers", fail)
    monkeypatch.setattr("aspuzzle._cores.cpu_count", lambda: 2)
    monkeypatch.setattr(cli, "POOL_START_S", 1e9)  # a pool slower than any work left
    code, out, _ = _run(capsys, "solve", "--json", *inputs)
    assert code == 2 and len(out.splitlines()) == len(inputs)
    monkeypatch.setattr(cli, "POOL_START_S", 0.0)  # too few inputs: never a pool
    code, out, _ = _run(capsys, "solve", "--json", *inputs[:cli.AUTO_MIN_INPUTS - 1])
    assert code == 2 and len(out.splitlines()) == cli.AUTO_MIN_INPUTS - 1
