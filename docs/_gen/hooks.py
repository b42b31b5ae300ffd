"""MkDocs hooks: the reference pages' generated parts, made from the code at every build so
that they cannot drift from it.

A page asks for one by a line of its own, ``<!-- aspuzzle:NAME -->``:

* ``cli``: every command and option, from ``aspuzzle.cli.build_parser()``, in the order
  ``--help`` prints them, with each command's examples;
* ``types``: the types and their formats, from the registry (as ``aspuzzle types``);
* ``rules``: every type's rule catalogue, read from its rule files (as ``aspuzzle rules``).
"""

from __future__ import annotations

import argparse
import os
import re
from collections.abc import Callable
from typing import Any

MARKER = re.compile(r"^<!-- aspuzzle:(\w+) -->$", re.M)
WIDTH = 90
"""The width of the usage lines and help texts shown (the terminal's, for ``--help``)."""


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    def made(m: re.Match[str]) -> str:
        try:
            return GENERATORS[m.group(1)]()
        except KeyError:
            raise ValueError(f"{page.file.src_path}: unknown generated part "
                             f"'{m.group(1)}'") from None
    return MARKER.sub(made, markdown)


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|").replace("[", "\\[")


def _subcommands(parser: argparse.ArgumentParser) -> list[tuple[str, str, Any]]:
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return [(a.dest, a.help or "", action.choices[a.dest]) for a in action._choices_actions]


def _argument(action: argparse.Action) -> str:
    if not action.option_strings:
        name = action.metavar or action.dest
        return f"`{name}{' ...' if action.nargs in ('+', '*') else ''}`"
    if action.nargs == 0:
        return ", ".join(f"`{o}`" for o in action.option_strings)
    if action.choices is not None and action.metavar is None:
        value = "{" + ",".join(str(c) for c in action.choices) + "}"
    else:
        value = str(action.metavar or action.dest.upper())
    if action.nargs in ("+", "*"):
        value += " ..."
    return ", ".join(f"`{o} {value}`" for o in action.option_strings)


def cli_reference() -> str:
    os.environ["COLUMNS"] = str(WIDTH + 2)  # the help formatter's width
    from aspuzzle import cli

    parser = cli.build_parser()
    out = ["The commands, in the order of `aspuzzle --help`, each as `aspuzzle COMMAND --help` "
           "prints it.", "", "```", parser.format_help().rstrip(), "```", ""]
    out += ["| command | what it does |", "|---|---|"]
    out += [f"| [`{name}`](#aspuzzle-{name}) | {_cell(line)} |"
            for name, line, _ in _subcommands(parser)]
    for name, line, sp in _subcommands(parser):
        formatter = sp._get_formatter()
        out += ["", f"## aspuzzle {name}", "", line[0].upper() + line[1:] + ".", "",
                "```", sp.format_usage().rstrip(), "```", "",
                "| argument | what it says |", "|---|---|"]
        for action in (a for group in sp._action_groups for a in group._group_actions):
            if isinstance(action, argparse._HelpAction):
                continue
            text = formatter._expand_help(action) if action.help else ""
            out.append(f"| {_argument(action)} | {_cell(text)} |")
        if sp.epilog:
            out += ["", "Examples:", "", "```sh"]
            out += [ln.strip() for ln in sp.epilog.splitlines() if ln.startswith("  ")]
            out += ["```"]
    return "\n".join(out) + "\n"


def types_table() -> str:
    from aspuzzle.puzzles import TYPES

    out = ["| type | also called | format | extensions | what it is |", "|---|---|---|---|---|"]
    for t in TYPES:
        for i, f in enumerate(t.formats):
            first = (f"`{t.name}`", ", ".join(t.aliases)) if i == 0 else ("", "")
            out.append(f"| {first[0]} | {first[1]} | `{f.name}` | "
                       f"{' '.join(f'`{e}`' for e in f.extensions)} | {_cell(f.description)} |")
    return "\n".join(out) + "\n"


def rules_reference() -> str:
    from aspuzzle.difficulty import rule_tier
    from aspuzzle.errors import UsageError
    from aspuzzle.puzzles import REGISTRY, get_puzzle

    out: list[str] = []
    for name in REGISTRY:
        try:
            catalogue = get_puzzle(name).reasoning().catalogue
        except UsageError:
            continue
        out += ["", f"## {name}", "", f"`aspuzzle rules --type {name}`; the order is the order in "
                "which an explanation tries them.", ""]
        for kind in ("direct", "case", "contradiction"):
            rules = [r for r in catalogue if str(r.kind) == kind]
            if not rules:
                continue
            out += [f"### {name}: {kind} rules", "",
                    "| rule | id | from | tier | what it says | file |",
                    "|---|---|---|---|---|---|"]
            for r in rules:
                out.append(f"| {_cell(r.name)} | `{r.id}` | {_cell(r.sheet)} | "
                           f"{rule_tier(name, r)} | {_cell(r.summary)} | {_file(r)} |")
            out.append("")
    return "\n".join(out) + "\n"


def _file(rule: Any) -> str:
    """The rule's file (a case rule's may hold its header alone)."""
    from aspuzzle.puzzles.base import lp_file

    f = rule.file
    if f is None and rule.package:
        f = lp_file(rule.package, f"{rule.id}.lp")
    if f is None or not f.is_file():
        return ""
    path = str(f).replace(os.sep, "/")
    i = path.rfind("/aspuzzle/")
    return f"`src{path[i:]}`" if i >= 0 else f"`{path}`"


GENERATORS: dict[str, Callable[[], str]] = {
    "cli": cli_reference, "types": types_table, "rules": rules_reference}
