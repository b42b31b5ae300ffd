"""The deadline of the reasoning in this context (a command's ``--timeout``, a web request's
limit): set by :func:`time_limit`, asked by the reasoning loops (:func:`check_time`) and by
the engine's solver calls (:func:`remaining`), which stop at it with
:class:`~aspuzzle.errors.TimeLimit`. Its own module, so that the engine need not import the
explainer."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from aspuzzle.errors import TimeLimit

__all__ = ["check_time", "remaining", "time_limit"]

_DEADLINE: ContextVar[float | None] = ContextVar("aspuzzle_reasoning_deadline", default=None)


@contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Stop the reasoning run in this context (explanations, hints, case searches, grades,
    diagnoses, generators) with :class:`TimeLimit` once ``seconds`` have passed: checked
    before every step and every case split tried, and by every solver call without a time
    limit of its own, so a server can give a request up and have its thread stop too."""
    token = _DEADLINE.set(None if seconds is None else time.monotonic() + seconds)
    try:
        yield
    finally:
        _DEADLINE.reset(token)


def remaining() -> float | None:
    """Seconds left before the deadline (``None``: no deadline)."""
    deadline = _DEADLINE.get()
    return None if deadline is None else deadline - time.monotonic()


def check_time() -> None:
    """Raise :class:`TimeLimit` if the time of the current :func:`time_limit` is over."""
    deadline = _DEADLINE.get()
    if deadline is not None and time.monotonic() > deadline:
        raise TimeLimit("time limit reached while reasoning")
