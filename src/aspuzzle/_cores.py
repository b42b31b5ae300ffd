"""How many cores this process may use: apart from :mod:`aspuzzle.batch`, so that the CLI can
ask before deciding to start workers without importing multiprocessing and
concurrent.futures (some 30 ms, paid by every ``aspuzzle solve`` of 20 or more inputs)."""

from __future__ import annotations

import os


def cpu_count() -> int:
    """The cores this process may run on (its affinity mask where the platform has one)."""
    process_cpu_count = getattr(os, "process_cpu_count", None)  # Python 3.13
    if process_cpu_count is not None:
        return max(1, int(process_cpu_count() or 1))
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:
        return os.cpu_count() or 1
