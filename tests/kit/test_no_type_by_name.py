"""The kit's promise: no module outside ``aspuzzle/puzzles/`` imports a puzzle type by name;
the cross-cutting parts reach every type through the Puzzle protocol and the registry."""

from __future__ import annotations

import ast

from tests.conftest import ROOT

SRC = ROOT / "src" / "aspuzzle"
TYPES = {p.name for p in (SRC / "puzzles").iterdir() if (p / "__init__.py").exists()}


def _imports(tree: ast.AST) -> list[tuple[int, str]]:
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.append((node.lineno, node.module))
            out += [(node.lineno, f"{node.module}.{a.name}") for a in node.names]
    return out


def test_no_module_outside_puzzles_imports_a_type() -> None:
    assert {"tents", "lightup", "sudoku"} <= TYPES
    found = []
    for path in SRC.rglob("*.py"):
        if (SRC / "puzzles") in path.parents:
            continue
        for line, name in _imports(ast.parse(path.read_text(), str(path))):
            parts = name.split(".")
            if parts[:2] == ["aspuzzle", "puzzles"] and len(parts) > 2 and parts[2] in TYPES:
                found.append(f"{path.relative_to(ROOT)}:{line}: {name}")
    assert not found, "\n".join(found)
