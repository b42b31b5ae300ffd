"""How fast this machine runs right now: a fixed pure-Python loop, timed beside the benchmarks.

The 2-core machine these benchmarks run on changes speed from one minute to the next (with
the load average near 0): a loop of 10**7 Python additions took 0.97 s of CPU in one minute
and 1.15 to 1.48 s three minutes later (2026-11-27). The goal tables print this loop's time
before and after their rows, so that a row measured in a slow minute can be told apart from a
slower program; it is no correction and changes no verdict.
"""

from __future__ import annotations

import time

FAST_S = 0.97
"""The loop's CPU time in the fastest minutes seen here."""


_LOOP = compile("total = 0\nfor i in range(10**7):\n    total += i\n", "<speed loop>", "exec")
"""At module level, on global names (as ``python -c`` runs it): the loop the figures above
were read with (in a function, on local names, it takes a third of the time)."""


def loop_s() -> float:
    """CPU seconds of 10**7 Python additions."""
    start = time.process_time()
    exec(_LOOP, {})
    return time.process_time() - start


def note(before: float, after: float) -> str:
    """One line for a benchmark's notes."""
    return (f"machine speed: 10**7 Python additions took {before:.2f} s of CPU before the rows "
            f"and {after:.2f} s after ({FAST_S:.2f} s in the fastest minutes seen here; a "
            f"slower loop means every row above ran that much slower too)")
