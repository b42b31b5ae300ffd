"""Map a function over many inputs, in this process, in local worker processes or on a Dask
cluster, with the results streamed back in input order.

This is the one module that knows about processes and clusters: a command that takes many
inputs hands a function and its inputs to :func:`imap` and prints what comes back.

>>> from aspuzzle.batch import Err, Ok, imap
>>> [r.value if isinstance(r, Ok) else r.message for r in imap(abs, [3, -1, "x"])]
[3, 1, "internal error: TypeError: bad operand type for abs(): 'str'"]

Each result is an :class:`Ok` holding what ``fn`` returned or an :class:`Err` holding what it
raised, one per input, in input order: one input's failure never stops the others.

- ``jobs=1`` (the default) calls ``fn`` here, one input after the other: no pool, no pickling.
- ``jobs=J > 1`` runs ``J`` worker processes (``jobs=0`` or ``None``: one per usable core),
  started with ``forkserver`` where the platform has it, else ``spawn``; never ``fork``, which
  copies a parent's threads' locks (clingo runs threads) in whatever state they are in.
- ``dask="tcp://host:port"`` submits to the workers of a running Dask scheduler (``pip install
  'aspuzzle[dask]'``); ``jobs`` is then ignored: the cluster's workers are the pool.

``fn``, the inputs and the results travel between processes by pickle: ``fn`` must be a
module-level function (not a lambda, not a local function) of a module the workers can import,
which on a Dask cluster means aspuzzle and that module installed on every worker.

Only a bounded window of tasks is in flight at a time (a few per worker), so an input
iterator of any length is read lazily and memory stays bounded; a result is yielded as soon as
it and every result before it are done. Leaving the loop early, an exception or Ctrl-C stops
the work at once: pending tasks are cancelled and local workers are terminated, not waited
for (they ignore SIGINT themselves, so a Ctrl-C on a terminal interrupts only this process,
which then ends them, rather than printing a traceback from each of them).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import pickle
import signal
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sized
from concurrent.futures import CancelledError, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from itertools import islice
from typing import Any, Generic, TypeAlias, TypeVar

from aspuzzle._cores import cpu_count
from aspuzzle.errors import AspuzzleError, UsageError

__all__ = [
    "DASK_INSTALL",
    "BatchError",
    "Err",
    "Ok",
    "Outcome",
    "cpu_count",
    "imap",
    "resolve_jobs",
]

T = TypeVar("T")
R = TypeVar("R")

DASK_INSTALL = "pip install 'aspuzzle[dask]'"
"""How to install what ``dask=`` needs (said in the error when it is missing)."""

CONNECT_TIMEOUT_S = 5.0
"""How long to try to reach a Dask scheduler before saying it cannot be reached."""

TASKS_PER_WORKER = 4
"""In-flight tasks per worker: enough that a worker finding its task done has the next one
queued; few enough that inputs are read lazily and finished results wait in a short queue."""


@dataclass(frozen=True, slots=True)
class Ok(Generic[R]):
    """The value ``fn`` returned for one input."""

    value: R


@dataclass(frozen=True, slots=True)
class Err:
    """What ``fn`` raised for one input, or why it could not be run on it.

    ``message`` is one line. ``exit`` is the exit status the CLI gives an input that failed
    (2, as for an input that cannot be read). ``kind`` is the exception's class name.
    ``internal`` is False for the package's own errors (:class:`aspuzzle.AspuzzleError`, whose
    message is meant for the user), True for anything else: a bug, or a worker that died.
    """

    message: str
    exit: int = 2
    kind: str = ""
    internal: bool = False


Outcome: TypeAlias = "Ok[R] | Err"


class BatchError(AspuzzleError):
    """The batch as a whole cannot go on (the Dask scheduler was lost); not one input's fault."""


def resolve_jobs(jobs: int | None) -> int:
    """The number of worker processes ``jobs`` asks for: 0 or None mean one per usable core."""
    if jobs is None or jobs == 0:
        return cpu_count()
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 0:
        raise UsageError(f"jobs must be 0 (one per core) or a positive number, not {jobs!r}")
    return jobs


def imap(fn: Callable[[T], R], items: Iterable[T], *, jobs: int | None = 1,
         dask: str | None = None, chunksize: int = 1, window: int | None = None,
         connect_timeout: float = CONNECT_TIMEOUT_S) -> Iterator[Ok[R] | Err]:
    """``fn`` applied to each of ``items``, as one :class:`Ok` or :class:`Err` per item, in the
    order of ``items``, each yielded as soon as it and all before it are done.

    ``jobs``: 1 runs here; J > 1 in J local processes; 0 or None one per core. ``dask``: the
    address of a Dask scheduler (``tcp://host:port``) to run on instead, reached within
    ``connect_timeout`` seconds. ``chunksize`` inputs go to a worker as one task (more per task
    costs less per input when ``fn`` is quick). ``window``: tasks in flight at most (default a
    few per worker).

    The arguments are checked now (:class:`UsageError`: a bad ``jobs``, Dask asked for but not
    installed); the scheduler is reached when the first result is asked for (a one-line
    :class:`UsageError` if it cannot be). With Sized ``items`` of one input or none no pool is
    started.
    """
    if chunksize < 1:
        raise UsageError(f"chunksize must be a positive number, not {chunksize!r}")
    if window is not None and window < 1:
        raise UsageError(f"window must be a positive number, not {window!r}")
    if dask is not None:
        _check_picklable(fn)
        return _dask_outcomes(fn, items, dask, _import_distributed(), chunksize, window,
                              connect_timeout)
    workers = resolve_jobs(jobs)
    if isinstance(items, Sized):
        workers = min(workers, len(items))
    if workers <= 1:
        return _local_outcomes(fn, items)
    _check_picklable(fn)
    return _pool_outcomes(fn, items, workers, chunksize, window or TASKS_PER_WORKER * workers)


def _call(fn: Callable[[T], R], item: T) -> Ok[R] | Err:
    try:
        return Ok(fn(item))
    except AspuzzleError as e:
        return Err(_one_line(str(e)), kind=type(e).__name__)
    except Exception as e:
        return Err(_one_line(f"internal error: {type(e).__name__}: {e}"),
                   kind=type(e).__name__, internal=True)


def _run_chunk(fn: Callable[[T], R], chunk: list[T]) -> list[Ok[R] | Err]:
    """One task on a worker: exceptions come back as results, so one input's failure is that
    input's alone and an exception that cannot be pickled never has to be."""
    return [_call(fn, item) for item in chunk]


def _one_line(text: str) -> str:
    return " ".join(text.split("\n")).strip() or "error"


def _check_picklable(fn: Callable[..., Any]) -> None:
    """A lambda or local function would fail for every input, each with the same message: say
    it once, now."""
    try:
        pickle.dumps(fn)
    except Exception as e:
        raise TypeError(f"batch: {fn!r} cannot be sent to worker processes (it must be a "
                        f"module-level function): {e}") from None


def _chunks(items: Iterable[T], size: int) -> Iterator[list[T]]:
    it = iter(items)
    while chunk := list(islice(it, size)):
        yield chunk


def _local_outcomes(fn: Callable[[T], R], items: Iterable[T]) -> Iterator[Ok[R] | Err]:
    for item in items:
        yield _call(fn, item)


# --- local worker processes ----------------------------------------------------------------

_DIED = ("the worker process died while handling this input (killed, out of memory, or a "
         "crash in native code)")


def _worker_init() -> None:
    # A Ctrl-C on a terminal reaches the whole process group: the parent alone handles it
    # (by terminating the workers), instead of each worker printing a traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _mp_context() -> multiprocessing.context.BaseContext:
    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    ctx = multiprocessing.get_context("forkserver")
    # The server imports aspuzzle (most of a second) once, before it forks any worker; by
    # default each worker would import it again, for every pool.
    ctx.set_forkserver_preload(["__main__", "aspuzzle.batch"])
    return ctx


def _new_pool(workers: int) -> ProcessPoolExecutor:
    return ProcessPoolExecutor(workers, mp_context=_mp_context(), initializer=_worker_init)


def _submit(pool: ProcessPoolExecutor, fn: Callable[[T], R],
            chunk: list[T]) -> Future[list[Ok[R] | Err]]:
    try:
        return pool.submit(_run_chunk, fn, chunk)
    except BrokenProcessPool as e:
        # Dealt with where results are taken, like the tasks in flight when the pool broke.
        failed: Future[list[Ok[R] | Err]] = Future()
        failed.set_exception(e)
        return failed


def _pool_outcomes(fn: Callable[[T], R], items: Iterable[T], workers: int, chunksize: int,
                   window: int) -> Iterator[Ok[R] | Err]:
    chunks = _chunks(items, chunksize)
    pending: deque[tuple[list[T], Future[list[Ok[R] | Err]]]] = deque()
    pool = _new_pool(workers)
    try:
        while True:
            while len(pending) < window and (chunk := next(chunks, None)) is not None:
                pending.append((chunk, _submit(pool, fn, chunk)))
            if not pending:
                break
            chunk, future = pending.popleft()
            try:
                outcomes = future.result()
            except BrokenProcessPool:
                # Every task in flight fails with the one that killed its worker; each of
                # them, this one first, is run again alone to find out which it was.
                pool.shutdown(wait=False, cancel_futures=True)
                pool = _new_pool(workers)
                suspects = [(chunk, future), *pending]
                pending.clear()
                for i, (c, f) in enumerate(suspects):
                    pool, outcomes = _settle(pool, workers, fn, c, f)
                    if i == 0:
                        yield from outcomes
                    else:
                        pending.append((c, _done(outcomes)))
                continue
            except Exception as e:
                # The task could not be pickled either way (an input or a result).
                err = Err(_one_line(f"internal error: {type(e).__name__}: {e}"),
                          kind=type(e).__name__, internal=True)
                outcomes = [err] * len(chunk)
            yield from outcomes
    except BaseException:
        _abort(pool, [f for _, f in pending])
        raise
    pool.shutdown(wait=True)


def _done(outcomes: list[Ok[R] | Err]) -> Future[list[Ok[R] | Err]]:
    future: Future[list[Ok[R] | Err]] = Future()
    future.set_result(outcomes)
    return future


def _settle(pool: ProcessPoolExecutor, workers: int, fn: Callable[[T], R], chunk: list[T],
            future: Future[list[Ok[R] | Err]],
            ) -> tuple[ProcessPoolExecutor, list[Ok[R] | Err]]:
    """The results of a task that was in flight when a worker died: its own if it finished,
    else those of running it again alone (a fresh pool, if it kills this one too)."""
    if future.done() and future.exception() is None:
        return pool, future.result()
    try:
        return pool, _submit(pool, fn, chunk).result()
    except BrokenProcessPool:
        pool.shutdown(wait=False, cancel_futures=True)
        died = Err(_DIED, kind="BrokenProcessPool", internal=True)
        return _new_pool(workers), [died] * len(chunk)


def _abort(pool: ProcessPoolExecutor, futures: list[Future[Any]]) -> None:
    """Stop now: cancel what has not started and end the workers running the rest."""
    for f in futures:
        f.cancel()
    terminate = getattr(pool, "terminate_workers", None)  # Python 3.14
    if terminate is not None:
        terminate()
        return
    # Before 3.14 an executor has no public way to end busy workers; shutdown(wait=False)
    # would leave them running their tasks to the end.
    processes = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for p in processes:
        with contextlib.suppress(Exception):
            p.terminate()
    for p in processes:
        with contextlib.suppress(Exception):
            p.join(1.0)


# --- Dask ----------------------------------------------------------------------------------

def _import_distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise UsageError(f"running on Dask needs the distributed package: {DASK_INSTALL}") \
            from None
    return distributed


def _connect(distributed: Any, address: str, timeout: float) -> Any:
    # Typed as Any: distributed is optional, and mypy must pass where it is not installed.
    try:
        client = distributed.Client(address, timeout=timeout, set_as_default=False)
    except Exception as e:
        reason = _one_line(str(e)) if str(e) else type(e).__name__
        raise UsageError(f"cannot reach the Dask scheduler at {address!r}: {reason[:200]}") \
            from None
    return client


def _dask_outcomes(fn: Callable[[T], R], items: Iterable[T], address: str, distributed: Any,
                   chunksize: int, window: int | None,
                   connect_timeout: float) -> Iterator[Ok[R] | Err]:
    client = _connect(distributed, address, connect_timeout)
    pending: deque[tuple[list[T], Any]] = deque()
    try:
        if window is None:
            threads = sum(client.nthreads().values())
            window = TASKS_PER_WORKER * max(1, threads)
        chunks = _chunks(items, chunksize)
        while True:
            while len(pending) < window and (chunk := next(chunks, None)) is not None:
                pending.append((chunk, client.submit(_run_chunk, fn, chunk, pure=False)))
            if not pending:
                break
            chunk, future = pending.popleft()
            try:
                outcomes: list[Ok[R] | Err] = future.result()
            except distributed.KilledWorker as e:
                died = Err(_one_line(f"the Dask workers running this input died: {e}"),
                           kind="KilledWorker", internal=True)
                outcomes = [died] * len(chunk)
            except (CancelledError, OSError, TimeoutError) as e:
                raise BatchError(f"lost the Dask scheduler at {address!r} "
                                 f"({type(e).__name__}: {_one_line(str(e))[:200]})") from None
            except Exception as e:
                outcomes = [Err(_one_line(f"internal error: {type(e).__name__}: {e}"),
                                kind=type(e).__name__, internal=True)] * len(chunk)
            yield from outcomes
    finally:
        if pending:
            with contextlib.suppress(Exception):
                client.cancel([f for _, f in pending])
        with contextlib.suppress(Exception):
            client.close(timeout=2)
