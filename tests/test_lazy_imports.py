"""What the CLI and the package import before a command runs (issue 11: start-up time).

A test of which modules are imported, not a timed test: ``import aspuzzle.cli`` must not pull
in clingo, rich, the puzzle types, the explain engine, the generator's types or the web app,
which together cost most of a small solve's wall time.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import aspuzzle
from aspuzzle.puzzles import REGISTRY, TYPES

HEAVY = ("clingo", "rich", "aspuzzle.puzzles.tents", "aspuzzle.puzzles.futoshiki",
         "aspuzzle.puzzles.hitori", "aspuzzle.puzzles.logicgrid", "aspuzzle.explain",
         "aspuzzle.engine", "aspuzzle.api", "aspuzzle.web", "aspuzzle.batch", "lark")


_ROOT = Path(__file__).resolve().parent.parent


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


def _modules_after_cli(argv: list[str], env: dict[str, str] | None = None) -> set[str]:
    """The modules a fresh process has imported after ``aspuzzle.cli.main(argv)`` (stdout
    caught), run in the repository."""
    code = ("import contextlib, io, sys, aspuzzle.cli\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            f"    aspuzzle.cli.main({argv!r})\n"
            "print(' '.join(sorted(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=_ROOT, env=env).stdout
    return set(out.split())


@pytest.mark.parametrize("example", ["tents/seed-6x6.txt", "hitori/seed-6x6.txt",
                                     "futoshiki/seed-4x4.txt",
                                     "logicgrid/boys-in-the-hood-seed.logic"])
def test_a_plain_solve_imports_neither_json_nor_shutil_nor_dataclasses(example: str) -> None:
    """None is needed to solve and print a board (each is a few per cent of a small solve's
    run): argparse imports ``shutil`` to size its help unless given the width, and the
    records on the solve path are ``NamedTuple`` classes: ``dataclasses`` costs ~5 ms to import
    and ~0.75 ms a class; encoding files are ``PackageFile``s, not ``pathlib`` paths (~4 ms
    with the ``urllib.parse`` and ``ipaddress`` it imports)."""
    modules = _modules_after_cli(["solve", f"examples/{example}"])
    assert f"aspuzzle.puzzles.{example.split('/')[0]}" in modules
    assert not {"json", "shutil", "dataclasses", "pathlib"} & modules


def test_many_small_inputs_start_no_pool_and_import_none(tmp_path: Path) -> None:
    """``aspuzzle solve`` of 20 or more inputs without ``--jobs`` asks how many cores there are
    before deciding on a pool; that question alone must not import multiprocessing and
    concurrent.futures (some 30 ms, 0.3 ms a puzzle over 100 small ones)."""
    inputs = []
    for i in range(25):
        f = tmp_path / f"{i}.txt"
        f.write_text((_ROOT / "examples/tents/seed-6x6.txt").read_text())
        inputs.append(str(f))
    modules = _modules_after_cli(["solve", *inputs])
    assert "aspuzzle._cores" in modules
    assert not {"multiprocessing", "concurrent.futures", "aspuzzle.batch"} & modules


@pytest.mark.parametrize("force", [False, True])
def test_a_corpus_into_a_pipe_imports_rich_only_for_a_terminal(force: bool) -> None:
    """``solve --json`` of several inputs shows a progress bar on stderr when rich finds it a
    terminal (here: FORCE_COLOR set); with stderr a pipe rich is not even imported to ask."""
    inputs = ["examples/tents/seed-6x6.txt", "examples/hitori/seed-6x6.txt"]
    env = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "TTY_COMPATIBLE")}
    if force:
        env["FORCE_COLOR"] = "1"
    assert ("rich.progress" in _modules_after_cli(["solve", "--json", *inputs], env)) is force


def test_a_logic_grid_solve_draws_its_table_without_rich_console() -> None:
    """rich's console and table take ~30 ms to import (the table is drawn by
    ``logicgrid.box_table``), and a file in the logic-grid language needs no ZebraLogic reader;
    a table of printable ASCII needs not even ``rich.cells`` to measure its columns."""
    code = ("import contextlib, io, sys, aspuzzle.cli\n"
            "with contextlib.redirect_stdout(io.StringIO()) as out:\n"
            "    aspuzzle.cli.main(['solve', 'examples/logicgrid/boys-in-the-hood.logic'])\n"
            "assert '╭' in out.getvalue()\n"
            "print(' '.join(sorted(sys.modules)))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=_ROOT).stdout
    modules = set(out.split())
    assert "aspuzzle.puzzles.logicgrid" in modules
    assert not {"rich.console", "rich.table", "rich.cells",
                "aspuzzle.puzzles.logicgrid.zebralogic"} & modules


def test_help_is_as_wide_as_columns_says() -> None:
    from aspuzzle import cli

    for columns in ("50", "120"):
        env = {**os.environ, "COLUMNS": columns}
        out = subprocess.run([sys.executable, "-m", "aspuzzle.cli", "solve", "--help"],
                             capture_output=True, text=True, check=True, env=env).stdout
        widest = max(len(line) for line in out.splitlines())
        assert int(columns) - 12 <= widest <= int(columns) - 2, columns
    assert cli._terminal_columns() > 0


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


START_UP = ("dataclasses", "inspect", "aspuzzle.generator", "aspuzzle.cli_reasoning",
            "aspuzzle.cli_generate", "aspuzzle.cli_legup", "aspuzzle.cli_web",
            "aspuzzle.difficulty", "aspuzzle.puzzles.base")
"""What ``aspuzzle --help`` and ``aspuzzle types`` do without (issue 11: under 80 ms)."""


@pytest.mark.parametrize("argv", [["--help"], ["types"]])
def test_help_and_types_import_no_command_modules_nor_dataclasses(argv: list[str]) -> None:
    code = ("import contextlib, io, aspuzzle.cli\n"
            "with contextlib.redirect_stdout(io.StringIO()), "
            "contextlib.suppress(SystemExit):\n"
            f"    aspuzzle.cli.main({argv!r})")
    modules = _imported_by(code)
    assert _heavy(modules) == []
    assert sorted(m for m in START_UP if m in modules) == []


def test_a_command_imports_its_own_module_only() -> None:
    code = ("import contextlib, io, aspuzzle.cli\n"
            "with contextlib.redirect_stdout(io.StringIO()), "
            "contextlib.suppress(SystemExit):\n"
            "    aspuzzle.cli.main(['generate', '--help'])")
    modules = _imported_by(code)
    assert "aspuzzle.cli_generate" in modules
    assert not {"aspuzzle.cli_reasoning", "aspuzzle.cli_legup", "aspuzzle.cli_web"} & modules


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, str | None]:
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return {a.dest: a.help for a in action._choices_actions}


def test_lazy_commands_are_listed_with_their_modules_own_help_lines() -> None:
    from aspuzzle import cli

    full = _subcommands(cli.build_parser())
    named = _subcommands(cli.build_parser(None))
    assert named == full
    for module, commands in cli.LAZY_COMMANDS:
        sub = argparse.ArgumentParser().add_subparsers()
        importlib.import_module(module).register(sub)
        assert {a.dest: a.help for a in sub._choices_actions} == commands, module


def test_a_tents_file_is_read_without_importing_the_other_types() -> None:
    modules = _imported_by("import aspuzzle\n"
                           "aspuzzle.solve(aspuzzle.load('examples/tents/seed-6x6.txt'))")
    assert "aspuzzle.puzzles.tents" in modules
    assert not {"aspuzzle.puzzles.futoshiki", "aspuzzle.puzzles.hitori",
                "aspuzzle.puzzles.logicgrid"} & modules


@pytest.mark.parametrize(("path", "unused"), [
    ("examples/tents/seed-6x6.txt", ("legup", "puzzlink", "tatham", "xml.etree", "asp_facts")),
    ("examples/hitori/seed-6x6.txt", ("puzzlink", "tatham", "asp_facts")),
    ("examples/futoshiki/seed-4x4.txt", ("tatham", "asp_facts")),
])
def test_a_text_file_is_read_without_the_other_formats_modules(path: str,
                                                               unused: tuple[str, ...]) -> None:
    modules = _imported_by(f"import aspuzzle\naspuzzle.solve(aspuzzle.load({path!r}))")
    assert not [m for m in modules for u in unused
                if m.startswith(u) or m.endswith("." + u)]


def test_a_lazily_read_format_reads_as_before() -> None:
    from aspuzzle.puzzles.tents import tatham

    tid = "10x10dt:efhe_dhe__ecb_kaefae_,2,2,2,2,3,1,3,1,2,2,1,3,1,3,2,2,2,1,2,3"
    loaded = aspuzzle.loads(tid)
    assert loaded.format == "tatham"
    assert loaded.instance == tatham.read_tatham(tid)
    assert loaded.puzzle.formats["tatham"].write(loaded.instance, None) == \
        tatham.write_tatham(loaded.instance, None)


@pytest.mark.parametrize("path", ["examples/tents/seed-6x6.txt", "examples/hitori/seed-6x6.txt",
                                  "examples/futoshiki/seed-4x4.txt"])
def test_a_loaded_puzzle_still_pickles(path: str) -> None:
    """Lazily read formats pickle as their module and name: a loaded puzzle goes to another
    process (``--jobs``, a Dask worker) as before."""
    import pickle

    loaded = aspuzzle.load(path)
    again = pickle.loads(pickle.dumps(loaded))
    assert again.instance == loaded.instance
    assert [f.name for f in again.puzzle.formats.values()] == list(loaded.puzzle.formats)
    written = {n: f.write(loaded.instance, None) for n, f in loaded.puzzle.formats.items()
               if f.write is not None}
    assert {n: again.puzzle.formats[n].write(again.instance, None) for n in written} == written
