"""aspuzzle.batch: results in input order, one per input, errors included, on every backend.

The mapped functions are module-level, so worker processes (local or Dask) import them from
here by name.
"""

from __future__ import annotations

import doctest
import itertools
import os
import signal
import socket
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psutil
import pytest

import aspuzzle
from aspuzzle import batch
from aspuzzle.batch import Err, Ok, imap

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted(str(p) for p in (ROOT / "examples").glob("*/*") if p.suffix != ".xml")


def nap(seconds: float) -> tuple[float, int]:
    time.sleep(seconds)
    return seconds, os.getpid()


def picky(x: int) -> int:
    if x == 3:
        raise aspuzzle.InputError("three is not\nallowed", aspuzzle.Location(line=3))
    if x == 5:
        return x // 0
    return x * 10


def die_on(x: int) -> int:
    if x == 3:
        os._exit(9)  # as if killed, or a crash in native code
    time.sleep(0.05)
    return x


def lock_for_one(x: int) -> Any:
    return threading.Lock() if x == 1 else x


def solve_summary(path: str) -> dict[str, Any]:
    """The real library on a worker: load, solve, the JSON record without its timing."""
    result = aspuzzle.solve(aspuzzle.load(path)).to_json()
    del result["time_s"]
    return {"path": path, **result}


def values(outcomes: Iterator[Ok[Any] | Err]) -> list[Any]:
    return [o.value if isinstance(o, Ok) else o for o in outcomes]


def test_docstring_example() -> None:
    assert doctest.testmod(batch, optionflags=doctest.ELLIPSIS).failed == 0


def test_in_process_by_default_with_errors_per_item() -> None:
    out = values(imap(picky, [1, 2, 3, 4, 5, 6]))
    assert out[:2] == [10, 20] and out[3] == 40 and out[5] == 60
    assert out[2] == Err("line 3: three is not allowed", exit=2, kind="InputError",
                         internal=False)
    assert out[4] == Err("internal error: ZeroDivisionError: integer division or modulo by zero",
                         exit=2, kind="ZeroDivisionError", internal=True)
    # jobs=1 starts no process; neither does a pool asked for a single input.
    assert {pid for _, pid in values(imap(nap, [0.0, 0.0]))} == {os.getpid()}
    assert values(imap(nap, [0.0], jobs=2))[0][1] == os.getpid()


def test_arguments_checked_before_any_work() -> None:
    with pytest.raises(aspuzzle.UsageError, match="jobs must be 0"):
        imap(nap, [0.0], jobs=-1)
    with pytest.raises(aspuzzle.UsageError, match="chunksize"):
        imap(nap, [0.0], chunksize=0)
    with pytest.raises(TypeError, match="module-level function"):
        imap(lambda x: x, [1, 2], jobs=2)
    assert batch.resolve_jobs(0) == batch.resolve_jobs(None) == batch.cpu_count() >= 1
    assert batch.resolve_jobs(3) == 3


def test_two_processes_keep_input_order_when_tasks_finish_out_of_order() -> None:
    sleeps = [0.8, 0.0, 0.4, 0.0, 0.2, 0.0, 0.0]
    start = time.perf_counter()
    out = values(imap(nap, sleeps, jobs=2))
    elapsed = time.perf_counter() - start
    assert [s for s, _ in out] == sleeps
    pids = {pid for _, pid in out}
    assert len(pids) == 2 and os.getpid() not in pids
    # Later inputs ran while the first slept: the run takes about the first one's time, not
    # the sum of all (generous bound: the machine is shared).
    assert elapsed < 0.8 + 0.6 + 5


def test_jobs_1_and_2_give_the_same_results_on_real_puzzles() -> None:
    inputs = [*EXAMPLES, str(ROOT / "no-such-file.txt")]
    here = list(imap(solve_summary, inputs))
    assert all(isinstance(o, Ok) for o in here[:-1]) and len(here) == len(inputs)
    assert [o.value["path"] for o in here[:-1] if isinstance(o, Ok)] == EXAMPLES
    assert here[-1] == Err(f"{inputs[-1]}: no such file", kind="InputError")
    assert list(imap(solve_summary, inputs, jobs=2, chunksize=2)) == here


def test_a_worker_that_dies_fails_its_own_input_only() -> None:
    out = values(imap(die_on, range(10), jobs=2))
    assert out[:3] == [0, 1, 2] and out[4:] == list(range(4, 10))
    assert isinstance(out[3], Err) and out[3].internal and "worker process died" in out[3].message


def test_an_input_or_result_that_cannot_be_pickled_fails_alone() -> None:
    out = values(imap(lock_for_one, [0, 1, 2, threading.Lock(), 4], jobs=2))
    assert out[0::2] == [0, 2, 4]
    assert isinstance(out[1], Err) and out[1].internal and "pickle" in out[1].message
    assert isinstance(out[3], Err) and out[3].internal and "pickle" in out[3].message


def test_inputs_read_lazily_and_stopping_early_ends_the_workers() -> None:
    taken = 0

    def endless() -> Iterator[float]:
        nonlocal taken
        for i in itertools.count():
            taken += 1
            yield 0.0 if i == 0 else 30.0

    results = imap(nap, endless(), jobs=2, window=4)
    first = next(results)
    assert isinstance(first, Ok) and first.value[0] == 0.0
    assert taken <= 4 + 1  # the window, refilled once
    start = time.perf_counter()
    results.close()  # type: ignore[attr-defined]
    assert time.perf_counter() - start < 5
    assert not psutil.pid_exists(first.value[1])


INTERRUPTED = textwrap.dedent("""
    import sys
    from aspuzzle.batch import imap
    from tests.test_batch import nap
    if __name__ == "__main__":
        try:
            for outcome in imap(nap, [0.0, 30.0, 30.0], jobs=3):
                print("ready", flush=True)
        except KeyboardInterrupt:
            print("interrupted", flush=True)
            sys.exit(130)
""")


def test_ctrl_c_stops_the_pool_at_once_without_worker_tracebacks(tmp_path: Path) -> None:
    script = tmp_path / "interrupted.py"
    script.write_text(INTERRUPTED)
    # A session of its own: the signal goes to every process in it, as a terminal's Ctrl-C.
    proc = subprocess.Popen([sys.executable, str(script)], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
        time.sleep(0.3)  # the other tasks under way
        start = time.perf_counter()
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=20)
        assert time.perf_counter() - start < 10
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 130 and out == "interrupted\n"
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and _session_alive(proc.pid):
        time.sleep(0.1)
    assert not _session_alive(proc.pid)


def _session_alive(sid: int) -> bool:
    for p in psutil.process_iter():
        try:
            if os.getsid(p.pid) == sid and p.status() != psutil.STATUS_ZOMBIE:
                return True
        except (ProcessLookupError, psutil.Error):
            continue
    return False


def test_dask_cluster_same_results_in_order() -> None:
    from distributed import LocalCluster

    inputs = [*EXAMPLES, str(ROOT / "no-such-file.txt")]
    with LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                      dashboard_address=None) as cluster:
        address = cluster.scheduler_address
        assert list(imap(solve_summary, inputs, dask=address)) == list(
            imap(solve_summary, inputs))
        sleeps = [0.6, 0.0, 0.3, 0.0]
        out = values(imap(nap, sleeps, dask=address, jobs=1))  # jobs: the cluster decides
        assert [s for s, _ in out] == sleeps and os.getpid() not in {p for _, p in out}
        assert values(imap(picky, [3, 4, 5], dask=address, chunksize=2)) == values(
            imap(picky, [3, 4, 5]))


def test_dask_unreachable_scheduler_is_one_line_and_quick() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    address = f"tcp://127.0.0.1:{port}"
    results = imap(nap, [0.0], dask=address, connect_timeout=1)
    start = time.perf_counter()
    with pytest.raises(aspuzzle.UsageError, match="cannot reach the Dask scheduler") as info:
        next(results)
    assert time.perf_counter() - start < 5
    assert address in str(info.value) and "\n" not in str(info.value)


def test_dask_missing_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    with pytest.raises(aspuzzle.UsageError, match=r"pip install 'aspuzzle\[dask\]'"):
        imap(nap, [0.0], dask="tcp://127.0.0.1:8786")
