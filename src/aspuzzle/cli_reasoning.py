"""Subcommands that reason like a human solver: explain, hint, check, check-step, rules.

    aspuzzle explain INPUT [--state STATE] [--tier direct|case|nested] [--json]
    aspuzzle hint INPUT [--state STATE] [--json]
    aspuzzle check INPUT [--state STATE] [--json]
    aspuzzle check-step INPUT [--state STATE] --rule NAME [--set CELL=VALUE ...]
                                [--link TREE-TENT ...] [--json]
    aspuzzle rules [--json]

STATE is a player's board: the plain-text grid with ``A`` (tent) and ``x`` (grass) marks, a
Tatham game ID with marks, or a LEGUP TreeTent file (marks and tree-tent lines). Without
``--state`` the marks of INPUT itself are used (hint, check, check-step).

CELLS for ``--set`` are ``ROW,COL=VALUE`` (1-based), VALUE ``tent`` / ``grass`` (or ``A`` /
``x``), e.g. ``--set 3,1=grass 3,6=grass``; links for ``--link`` are ``TREE_ROW,TREE_COL-ROW,COL``,
e.g. ``--link 2,4-1,4``.

Exit status: explain 0 (1 if the puzzle has no solution); hint 0; check 0 if no rule is broken,
1 otherwise; check-step 0 if the step is valid, 1 if not; 2 bad input or usage.

This module registers itself through ``aspuzzle.cli.EXTRA_COMMANDS``; it imports the CLI module
lazily, since it is itself imported at the end of that module.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from typing import Any

from aspuzzle.difficulty import Tier
from aspuzzle.errors import InputError, UsageError

__all__ = ["parse_cells", "parse_links", "register"]

EXIT_OK, EXIT_NO, EXIT_BAD = 0, 1, 2

Cell = tuple[int, int]


def _print(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def _json(obj: Any) -> None:
    _print(json.dumps(obj, ensure_ascii=False))


# --- arguments --------------------------------------------------------------------------------

_VALUES = {"tent": "tent", "a": "tent", "t": "tent", "grass": "grass", "x": "grass",
           "g": "grass"}


def _cell(text: str, where: str) -> Cell:
    m = re.fullmatch(r"\s*\(?\s*(\d+)\s*,\s*(\d+)\s*\)?\s*", text)
    if not m:
        raise UsageError(f"{where}: '{text}' is not a cell; write ROW,COL (e.g. 3,1)")
    return int(m.group(1)), int(m.group(2))


def parse_cells(items: list[str]) -> tuple[tuple[Cell, str], ...]:
    """``["3,1=grass", "3,6=x"]`` -> ``(((3, 1), "grass"), ((3, 6), "grass"))``."""
    out: dict[Cell, str] = {}
    for item in items:
        for part in item.split():
            cell_text, sep, value = part.partition("=")
            if not sep:
                raise UsageError(f"--set: '{part}' has no '='; write ROW,COL=tent or "
                                 f"ROW,COL=grass")
            cell = _cell(cell_text, "--set")
            v = _VALUES.get(value.strip().lower())
            if v is None:
                raise UsageError(f"--set: '{value}' is not a value; use tent or grass")
            if out.get(cell, v) != v:
                raise UsageError(f"--set: ({cell[0]},{cell[1]}) is set to two values")
            out[cell] = v
    return tuple(sorted(out.items()))


def parse_links(items: list[str]) -> tuple[tuple[Cell, Cell], ...]:
    """``["2,4-1,4"]`` -> ``(((2, 4), (1, 4)),)`` (tree first, then tent)."""
    out: set[tuple[Cell, Cell]] = set()
    for item in items:
        for part in item.split():
            a, sep, b = part.partition("-")
            if not sep:
                raise UsageError(f"--link: '{part}' is not TREE_ROW,TREE_COL-ROW,COL "
                                 f"(e.g. 2,4-1,4)")
            out.add((_cell(a, "--link"), _cell(b, "--link")))
    return tuple(sorted(out))


# --- loading ----------------------------------------------------------------------------------

def _load(args: argparse.Namespace) -> Any:
    from aspuzzle import cli

    return cli._load(args.input, args)


def _state_text(args: argparse.Namespace) -> str:
    from aspuzzle import api, cli

    arg: str = args.state if args.state is not None else args.input
    if arg == "-":
        if args.input == "-" and args.state is None:
            raise UsageError("give the board with --state when the puzzle comes from stdin")
        return api.decode_input(sys.stdin.buffer.read(), "<stdin>")
    if args.state is None and cli._inline_candidate(arg):
        return arg
    return api.read_input(arg)


def _board(args: argparse.Namespace, loaded: Any, *, required: bool
           ) -> tuple[Any, list[Any], bool]:
    """The player's board (and problems with its links) from --state, or INPUT's own marks,
    and whether its format can show links (LEGUP) or not (text, Tatham)."""
    from aspuzzle.explain import Board
    from aspuzzle.puzzles.tents.legup import detect_legup
    from aspuzzle.puzzles.tents.reasoning import board_of, read_state

    if loaded.puzzle.name != "tents":
        raise UsageError(f"explanations, hints and checks are not available for "
                         f"{loaded.puzzle.name} puzzles yet (only tents)")
    if args.state is None and not required:
        return Board({}), [], True
    if args.state is None and loaded.format not in ("text", "tatham", "legup"):
        raise UsageError(f"give the player's board with --state (a {loaded.format} file "
                         f"holds no marks)")
    source = args.state if args.state is not None else loaded.source
    text = _state_text(args)
    try:
        inst, marks, links = read_state(text)
    except InputError as e:
        raise e.with_source(e.source or source) from None
    if inst != loaded.instance:
        raise InputError("the board is not of this puzzle (its size, trees or clues differ)",
                         source=source)
    board, problems = board_of(inst, marks, links)
    return board, problems, detect_legup(text)


# --- commands ---------------------------------------------------------------------------------

def cmd_explain(args: argparse.Namespace) -> int:
    from aspuzzle import cli
    from aspuzzle.explain import explain

    if args.state is not None and len(args.inputs) > 1:
        raise UsageError("--state takes one INPUT")

    def handle(arg: str, loaded: Any) -> tuple[int, dict[str, Any] | None]:
        args.input = arg
        board, problems, _ = _board(args, loaded, required=False)
        if problems:
            raise InputError(f"the board has a broken link: {problems[0].text}",
                             source=args.state)
        result = explain(loaded, board=board, tier=Tier(args.tier))
        code = EXIT_NO if result.status == "contradiction" and not board.cells else EXIT_OK
        if args.json:
            return code, result.to_json()
        title = loaded.puzzle.title
        if len(args.inputs) > 1:
            title = f"{loaded.source}: {title}"
        n = len(result.steps)
        steps = f"{n} step{'' if n == 1 else 's'}"
        head = {"solved": f"solved in {steps}",
                "contradiction": f"no solution ({steps} to the contradiction)",
                "not unique": f"not unique; logic goes {steps}",
                "stuck": f"the rules stop after {steps}"}[result.status]
        _print(f"{title}: {head} (difficulty: {result.tier})")
        if result.steps:
            _print(result.render())
        if result.note:
            _print(result.note[0].upper() + result.note[1:]
                   + ("" if result.note.endswith(".") else "."))
        return code, None

    return cli.run_each(args, handle, what="explaining")


def cmd_hint(args: argparse.Namespace) -> int:
    from aspuzzle.explain import reasoner_for
    from aspuzzle.explain.player import hint

    loaded = _load(args)
    board, problems, shows_links = _board(args, loaded, required=True)
    h = hint(reasoner_for(loaded), board, max_depth=Tier(args.tier).max_depth,
             bad_links=problems, cells_only=not shows_links)
    if args.json:
        _json({"type": loaded.puzzle.name, **h.to_json()})
    else:
        _print(h.render())
    return EXIT_OK


def cmd_check(args: argparse.Namespace) -> int:
    from aspuzzle.explain import reasoner_for
    from aspuzzle.explain.player import check

    loaded = _load(args)
    board, problems, _ = _board(args, loaded, required=True)
    result = check(reasoner_for(loaded), board, problems)
    if args.json:
        _json({"type": loaded.puzzle.name, **result.to_json()})
    else:
        _print(result.render())
    return EXIT_NO if result.broken else EXIT_OK


def cmd_check_step(args: argparse.Namespace) -> int:
    from aspuzzle.explain import reasoner_for
    from aspuzzle.explain.player import check_step

    sets = parse_cells(args.set or [])
    links = parse_links(args.link or [])
    loaded = _load(args)
    board, problems, _ = _board(args, loaded, required=True)
    if problems:
        raise InputError(f"the board has a broken link: {problems[0].text}")
    inst = loaded.instance
    for cell in [c for c, _ in sets] + [c for lk in links for c in lk]:
        if not (1 <= cell[0] <= inst.height and 1 <= cell[1] <= inst.width):
            raise UsageError(f"({cell[0]},{cell[1]}) is outside the "
                             f"{inst.height}x{inst.width} grid")
    for cell, _ in sets:
        if cell in inst.trees:
            raise UsageError(f"({cell[0]},{cell[1]}) is a tree")
    for tree, tent in links:
        if tree not in inst.trees:
            raise UsageError(f"--link: ({tree[0]},{tree[1]}) is not a tree")
        if abs(tree[0] - tent[0]) + abs(tree[1] - tent[1]) != 1 or tent in inst.trees:
            raise UsageError(f"--link: ({tent[0]},{tent[1]}) is not a free cell next to the "
                             f"tree ({tree[0]},{tree[1]})")
    verdict = check_step(reasoner_for(loaded), board, args.rule, sets, links,
                         max_depth=Tier(args.tier).max_depth)
    if args.json:
        _json({"type": loaded.puzzle.name, **verdict.to_json()})
    else:
        _print(verdict.render())
    return EXIT_OK if verdict.valid else EXIT_NO


def cmd_rules(args: argparse.Namespace) -> int:
    from aspuzzle.difficulty import RULE_TIERS
    from aspuzzle.puzzles.tents.rules import CATALOGUE

    if args.json:
        _json({"type": "tents", "rules": [
            {"name": r.name, "id": r.id, "kind": str(r.kind), "sheet": r.sheet,
             "tier": str(RULE_TIERS["tents"][r.id]), "summary": r.summary} for r in CATALOGUE]})
        return EXIT_OK
    for kind in ("direct", "case", "contradiction"):
        _print(f"{kind.capitalize()} rules:")
        for r in CATALOGUE:
            if str(r.kind) == kind:
                sheet = f" [{r.sheet}]" if r.sheet else ""
                _print(f"  {r.name}{sheet}: {r.summary}")
    return EXIT_OK


# --- registration -----------------------------------------------------------------------------

def _common(sp: argparse.ArgumentParser, *, state_required: bool, many: bool = False) -> None:
    if many:
        sp.add_argument("inputs", nargs="+", metavar="INPUT",
                        help="puzzle files, '-' for standard input, or inline puzzle strings")
    else:
        sp.add_argument("input", metavar="INPUT",
                        help="puzzle file, '-' for standard input, or an inline puzzle string")
    sp.add_argument("--type", "-t", help="puzzle type (default: detect)")
    sp.add_argument("--from", dest="from_", metavar="FORMAT",
                    help="input format (default: detect)")
    what = "the player's board" + ("" if state_required else " to start from")
    sp.add_argument("--state", metavar="STATE",
                    help=f"{what}: text grid with A/x marks, Tatham ID, or LEGUP XML"
                    + (" (default: the marks of INPUT)" if state_required else ""))
    sp.add_argument("--tier", choices=[str(t) for t in Tier], default=str(Tier.NESTED),
                    help="hardest reasoning allowed (default: nested)")
    sp.add_argument("--json", action="store_true",
                    help="print JSON" + (" (one line per input)" if many else ""))


def register(sub: Any) -> None:
    """Add the subcommands to the main parser's subparsers."""
    sp = sub.add_parser("explain", help="explain the solution step by step, with named rules")
    _common(sp, state_required=False, many=True)
    sp.set_defaults(func=cmd_explain)

    sp = sub.add_parser("hint", help="the first mistake on a board, or the next step")
    _common(sp, state_required=True)
    sp.set_defaults(func=cmd_hint)

    sp = sub.add_parser("check", help="every broken rule on a board; is it complete and "
                                      "correct?")
    _common(sp, state_required=True)
    sp.set_defaults(func=cmd_check)

    sp = sub.add_parser("check-step", help="does a named rule justify setting these cells?")
    _common(sp, state_required=True)
    sp.add_argument("--rule", required=True, metavar="NAME",
                    help="the rule's name, e.g. 'Finish with Grass' (see 'aspuzzle rules')")
    sp.add_argument("--set", nargs="+", metavar="CELL=VALUE",
                    help="cells the step sets: ROW,COL=tent|grass ...")
    sp.add_argument("--link", nargs="+", metavar="TREE-TENT",
                    help="links the step makes: TREE_ROW,TREE_COL-ROW,COL ...")
    sp.set_defaults(func=cmd_check_step)

    sp = sub.add_parser("rules", help="list the reasoning rules (Tents, as in LEGUP)")
    sp.add_argument("--json", action="store_true", help="print JSON")
    sp.set_defaults(func=cmd_rules)
