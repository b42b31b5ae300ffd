"""aspuzzle: solve, check, explain and generate logic puzzles with Answer Set Programming.

The names below are imported when first used (PEP 562): ``import aspuzzle`` (and so every
``aspuzzle.*`` module, the CLI's included) stays cheap, while ``aspuzzle.solve`` imports the
solver, ``aspuzzle.generate`` the generator, and so on.
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from aspuzzle.api import Count, Loaded, Result, count, detect, load, loads, program, solve
    from aspuzzle.diagnosis import Diagnosis, diagnose
    from aspuzzle.engine import SolveConfig, Status
    from aspuzzle.errors import AspuzzleError, InputError, Location, UsageError
    from aspuzzle.explain import check, check_step, explain, hint
    from aspuzzle.generator import Generated, generate, generate_many
    from aspuzzle.puzzles import REGISTRY, Puzzle, SolveOptions, get_puzzle

__all__ = [
    "REGISTRY",
    "AspuzzleError",
    "Count",
    "Diagnosis",
    "Generated",
    "InputError",
    "Loaded",
    "Location",
    "Puzzle",
    "Result",
    "SolveConfig",
    "SolveOptions",
    "Status",
    "UsageError",
    "check",
    "check_step",
    "count",
    "detect",
    "diagnose",
    "explain",
    "generate",
    "generate_many",
    "get_puzzle",
    "hint",
    "load",
    "loads",
    "program",
    "solve",
]

__version__ = "0.1.0"

_HOME: dict[str, str] = {
    **dict.fromkeys(("Count", "Loaded", "Result", "count", "detect", "load", "loads", "program",
                     "solve"), "aspuzzle.api"),
    **dict.fromkeys(("Diagnosis", "diagnose"), "aspuzzle.diagnosis"),
    **dict.fromkeys(("SolveConfig", "Status"), "aspuzzle.engine"),
    **dict.fromkeys(("AspuzzleError", "InputError", "Location", "UsageError"), "aspuzzle.errors"),
    **dict.fromkeys(("check", "check_step", "explain", "hint"), "aspuzzle.explain"),
    **dict.fromkeys(("Generated", "generate", "generate_many"), "aspuzzle.generator"),
    **dict.fromkeys(("REGISTRY", "Puzzle", "SolveOptions", "get_puzzle"), "aspuzzle.puzzles"),
}
"""The module each public name comes from."""


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'aspuzzle' has no attribute '{name}'")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


class _Package(types.ModuleType):
    """``aspuzzle.explain`` is the function, as when this module imported it eagerly: importing
    the subpackage of the same name (``import aspuzzle.explain.loop``) sets the package's
    attribute to the subpackage, and is turned into the function it defines."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "explain" and isinstance(value, types.ModuleType):
            value = value.explain
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
