"""aspuzzle: solve, check, explain and generate logic puzzles with Answer Set Programming."""

from __future__ import annotations

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
