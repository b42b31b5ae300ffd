"""aspuzzle: solve, check, explain and generate logic puzzles with Answer Set Programming."""

from __future__ import annotations

from aspuzzle.api import Count, Loaded, Result, count, detect, load, loads, program, solve
from aspuzzle.diagnosis import Diagnosis, diagnose
from aspuzzle.engine import SolveConfig, Status
from aspuzzle.errors import AspuzzleError, InputError, Location, UsageError
from aspuzzle.explain import explain
from aspuzzle.puzzles import REGISTRY, Puzzle, SolveOptions, get_puzzle

__all__ = [
    "REGISTRY",
    "AspuzzleError",
    "Count",
    "Diagnosis",
    "InputError",
    "Loaded",
    "Location",
    "Puzzle",
    "Result",
    "SolveConfig",
    "SolveOptions",
    "Status",
    "UsageError",
    "count",
    "detect",
    "diagnose",
    "explain",
    "get_puzzle",
    "load",
    "loads",
    "program",
    "solve",
]

__version__ = "0.1.0"
