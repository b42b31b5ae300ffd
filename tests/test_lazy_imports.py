"""What the CLI and the package import before a command runs (issue 11: start-up time).

A test of which modules are imported, not a timed test: ``import aspuzzle.cli`` must not pull
in clingo, rich, the puzzle types, the explain engine, the generator's types or the web app,
which together cost most of a small solve's wall time.
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys

import pytest

import aspuzzle
from aspuzzle.puzzles import REGISTRY, TYPES

HEAVY = ("clingo", "rich", "aspuzzle.puzzles.tents", "aspuzzle.puzzles.futoshiki",
         "aspuzzle.puzzles.hitori", "aspuzzle.puzzles.logicgrid", "aspuzzle.explain",
         "aspuzzle.engine", "aspuzzle.api", "aspuzzle.web", "aspuzzle.batch", "lark")


def _imported_by(code: str) -> set[str]:
    out = subprocess.run(
        [sys.executable, "-c", f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"],
        capture_output=True, text=True, check=True).stdout
    return set(json.loads(out.splitlines()[-1]))


def _heavy(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY))


@pytest.mark.parametrize("code", [
    "import aspuzzle",
    "import aspuzzle.cli",
    "import aspuzzle.cli; aspuzzle.cli.build_parser()",
    "import aspuzzle.cli\n"
    "aspuzzle.cli.build_parser().parse_args(['solve', 'x', '--type', 'tents'])",
])
def test_cli_starts_without_heavy_modules(code: str) -> None:
    assert _heavy(_imported_by(code)) == []


def test_types_command_imports_no_puzzle_type() -> None:
    code = ("import contextlib, io, aspuzzle.cli\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            "    aspuzzle.cli.main(['types'])")
    assert _heavy(_imported_by(code)) == []


def test_a_type_given_by_name_imports_that_type_only() -> None:
    modules = _imported_by("import aspuzzle; aspuzzle.get_puzzle('unequal')")
    assert "aspuzzle.puzzles.futoshiki" in modules
    assert not {"aspuzzle.puzzles.tents", "aspuzzle.puzzles.hitori",
                "aspuzzle.puzzles.logicgrid"} & modules


def test_solving_a_puzzle_needs_no_rich() -> None:
    modules = _imported_by("import aspuzzle\n"
                           "aspuzzle.solve(aspuzzle.load('examples/tents/seed-6x6.txt'))")
    assert "clingo" in modules
    assert not [m for m in modules if m == "rich" or m.startswith("rich.")]


def test_the_registry_table_says_what_the_types_say() -> None:
    assert list(REGISTRY) == [t.name for t in TYPES]
    for t in TYPES:
        p = REGISTRY[t.name]
        assert p.name == t.name and p.aliases == t.aliases
        assert [(f.name, f.extensions, f.description) for f in p.formats.values()] == \
            [(f.name, f.extensions, f.description) for f in t.formats]


def test_lazy_names_are_the_modules_own() -> None:
    from aspuzzle import api, explain, generator

    assert aspuzzle.solve is api.solve
    assert aspuzzle.generate is generator.generate
    assert aspuzzle.explain is explain
    assert callable(aspuzzle.explain)
    importlib.import_module("aspuzzle.explain.loop")  # a submodule import keeps the function

    assert callable(aspuzzle.explain)
    assert set(aspuzzle.__all__) <= set(dir(aspuzzle))
    for name in aspuzzle.__all__:
        assert getattr(aspuzzle, name) is not None
    with pytest.raises(AttributeError):
        aspuzzle.no_such_name  # noqa: B018
