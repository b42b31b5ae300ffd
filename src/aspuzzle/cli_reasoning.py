"""Subcommands that reason like a human solver: explain, hint, check, check-step, rules.

    aspuzzle explain INPUT... [--state STATE] [--tier direct|case|nested] [--json]
    aspuzzle hint INPUT [--state STATE] [--json]
    aspuzzle check INPUT [--state STATE] [--json]
    aspuzzle check-step INPUT [--state STATE] --rule NAME [--set KEY=VALUE ...]
                                [--link TREE-TENT ...] [--json]
    aspuzzle rules [--type T] [--json]

Every puzzle type brings its rules, its player's board and what ``--set`` takes through the
Puzzle protocol (``puzzle.reasoning()``); nothing here knows a type by name. STATE is a
player's board in the type's own format (Tents: the text grid with ``A`` / ``x`` marks, a
Tatham ID with marks, or a LEGUP file). Without ``--state`` the marks of INPUT itself are used
(hint, check, check-step).

Exit status: explain 0 (1 if the puzzle has no solution); hint 0; check 0 if no rule is broken,
1 otherwise; check-step 0 if the step is valid, 1 if not; 2 bad input or usage.

The CLI imports this module only to run one of its commands (``aspuzzle.cli.LAZY_COMMANDS``),
and ``register`` adds them; it imports the CLI module lazily, in the functions that use it.
"""

from __future__ import annotations

import argparse
import json
import os
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

_TENTS_VALUES = {"tent": "tent", "a": "tent", "t": "tent", "grass": "grass", "x": "grass",
                 "g": "grass"}


def parse_cells(items: list[str]) -> tuple[tuple[Cell, str], ...]:
    """Tents' ``["3,1=grass", "3,6=x"]`` -> ``(((3, 1), "grass"), ((3, 6), "grass"))``."""
    from aspuzzle.explain.parse import parse_cell_value

    out: dict[Cell, str] = {}
    for item in items:
        for part in item.split():
            cell, v = parse_cell_value(part, _TENTS_VALUES, "tent or grass")
            if out.get(cell, v) != v:
                raise UsageError(f"--set: ({cell[0]},{cell[1]}) is set to two values")
            out[cell] = v
    return tuple(sorted(out.items()))


def parse_links(items: list[str]) -> tuple[tuple[Cell, Cell], ...]:
    """Tents' ``["2,4-1,4"]`` -> ``(((2, 4), (1, 4)),)`` (tree first, then tent)."""
    from aspuzzle.explain.parse import parse_cell

    out: set[tuple[Cell, Cell]] = set()
    for item in items:
        for part in item.split():
            a, sep, b = part.partition("-")
            if not sep:
                raise UsageError(f"--link: '{part}' is not TREE_ROW,TREE_COL-ROW,COL "
                                 f"(e.g. 2,4-1,4)")
            out.add((parse_cell(a, "--link"), parse_cell(b, "--link")))
    return tuple(sorted(out))


def _sets(items: list[str], kit: Any, inst: Any) -> tuple[tuple[Any, str], ...]:
    out: dict[Any, str] = {}
    for item in items:
        for part in item.split():
            for key, v in kit.parse_set(part, inst):
                if out.get(key, v) != v:
                    raise UsageError(f"--set: '{part}' sets a value twice")
                out[key] = v
    return tuple(sorted(out.items()))


def _links(items: list[str], kit: Any, inst: Any) -> tuple[Any, ...]:
    if items and kit.parse_link is None:
        raise UsageError("--link is for Tents only (tree-tent links)")
    return tuple(sorted({kit.parse_link(part, inst) for item in items for part in item.split()}))


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


def _board(args: argparse.Namespace, loaded: Any, kit: Any, *, required: bool
           ) -> tuple[Any, list[Any], bool]:
    """The player's board (and problems found reading it) from --state, or INPUT's own marks,
    and whether its format can show links (LEGUP) or not."""
    from aspuzzle.explain import Board

    if args.state is None and not required:
        return Board({}), [], True
    if args.state is None and loaded.format not in kit.mark_formats:
        raise UsageError(f"give the player's board with --state (a {loaded.format} file "
                         f"holds no marks)")
    source = args.state if args.state is not None else loaded.source
    text = _state_text(args)
    try:
        board, problems = kit.read_state(text, loaded.instance)
    except InputError as e:
        raise e.with_source(e.source or source) from None
    return board, problems, kit.shows_links(text)


# --- commands ---------------------------------------------------------------------------------

def cmd_explain(args: argparse.Namespace) -> int:
    from aspuzzle import cli
    from aspuzzle.explain import explain

    if args.state is not None and len(args.inputs) > 1:
        raise UsageError("--state takes one INPUT")
    if args.to is not None and (args.to != "legup" or len(args.inputs) > 1):
        raise UsageError("explain --to takes 'legup' (a LEGUP proof file) and one INPUT")
    if args.to is not None and args.rules_dir is not None:
        raise UsageError("explain --to legup does not take --rules-dir (LEGUP does not know "
                         "a teacher's rules)")

    def handle(arg: str, loaded: Any) -> tuple[int, dict[str, Any] | None]:
        args.input = arg
        board, problems, _ = _board(args, loaded, loaded.puzzle.reasoning(), required=False)
        if problems:
            raise InputError(f"the board has a broken link: {problems[0].text}",
                             source=args.state)
        if args.to is not None and getattr(loaded.puzzle.reasoning().export_proof,
                                           "explains_itself", False):
            # Sudoku, Skyscrapers: the proof is explained with the rules LEGUP can judge, from
            # the puzzle; its explanation's status is the one reported (explained once)
            result, record = _explain_to(args, loaded, None)
            code = EXIT_NO if result.status == "contradiction" and not board.cells else EXIT_OK
            return code, record
        result = explain(loaded, board=board, tier=Tier(args.tier),
                         reasoner=_reasoner(args, loaded, None))
        code = EXIT_NO if result.status == "contradiction" and not board.cells else EXIT_OK
        if args.to is not None:
            return code, _explain_to(args, loaded, result)[1]
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


def _explain_to(args: argparse.Namespace, loaded: Any, result: Any
                ) -> tuple[Any, dict[str, Any] | None]:
    """The explanation as a LEGUP proof, printed or written to -o FILE (atomically); the
    explanation and the JSON record. ``result`` None: the type's export makes the explanation
    itself (``explains_itself``), and that one is returned."""
    from pathlib import Path

    from aspuzzle import cli

    export_proof = loaded.puzzle.reasoning().export_proof
    if export_proof is None:
        raise UsageError(f"explain --to legup: {loaded.puzzle.title} has no LEGUP proofs")
    if result is None:
        from aspuzzle.kit.legup_proof import explanations_made

        with explanations_made() as made:
            text = export_proof(loaded)
        result = made[0]
    else:
        text = export_proof(loaded, result)
    if args.output is None:
        sys.stdout.write(text)
        return result, {"status": result.status, "to": "legup", "text": text} if args.json \
            else None
    cli.write_atomic(Path(args.output), text)
    return result, {"status": result.status, "to": "legup", "output": args.output} \
        if args.json else None


def cmd_diagnose(args: argparse.Namespace) -> int:
    from aspuzzle import cli
    from aspuzzle.diagnosis import diagnose
    from aspuzzle.engine import Status

    if args.state is not None and len(args.inputs) > 1:
        raise UsageError("--state takes one INPUT")

    def handle(arg: str, loaded: Any) -> tuple[int, dict[str, Any] | None]:
        board = None
        if args.state is not None:
            args.input = arg
            board, problems, _ = _board(args, loaded, loaded.puzzle.reasoning(),
                                        required=True)
            if problems:
                raise InputError(f"the board has a broken link: {problems[0].text}",
                                 source=args.state)
        d = diagnose(loaded, board=board)
        broken = d.status is not Status.UNIQUE or (d.mistake is not None
                                                   and d.mistake.kind == "mistake")
        code = EXIT_NO if broken else EXIT_OK
        if args.json:
            return code, d.to_json(loaded.puzzle.solution_to_json)
        prefix = f"{loaded.source}: " if len(args.inputs) > 1 else ""
        _print(f"{prefix}{loaded.puzzle.title}: {d.text}")
        for s in d.solutions if d.status is Status.MULTIPLE else ():
            _print(loaded.puzzle.render(loaded.instance, s))
        return code, None

    return cli.run_each(args, handle, what="diagnosing")


def cmd_hint(args: argparse.Namespace) -> int:
    from aspuzzle.explain.player import hint

    loaded = _load(args)
    kit = loaded.puzzle.reasoning()
    board, problems, shows_links = _board(args, loaded, kit, required=True)
    rs = _reasoner(args, loaded, kit)
    h = hint(rs, board, max_depth=Tier(args.tier).max_depth,
             bad_links=problems, cells_only=not shows_links)
    if args.json:
        _json({"type": loaded.puzzle.name, **h.to_json(rs.encode)})
    else:
        _print(h.render())
    return EXIT_OK


def cmd_check(args: argparse.Namespace) -> int:
    from aspuzzle.explain.player import check

    loaded = _load(args)
    kit = loaded.puzzle.reasoning()
    board, problems, _ = _board(args, loaded, kit, required=True)
    result = check(kit.reasoner(loaded.instance), board, problems)
    if args.json:
        _json({"type": loaded.puzzle.name, **result.to_json()})
    else:
        _print(result.render())
    return EXIT_NO if result.broken else EXIT_OK


def cmd_check_step(args: argparse.Namespace) -> int:
    from aspuzzle.explain.player import check_step

    loaded = _load(args)
    kit = loaded.puzzle.reasoning()
    sets = _sets(args.set or [], kit, loaded.instance)
    links = _links(args.link or [], kit, loaded.instance)
    board, problems, _ = _board(args, loaded, kit, required=True)
    if problems:
        raise InputError(f"the board has a broken link: {problems[0].text}")
    rs = _reasoner(args, loaded, kit)
    verdict = check_step(rs, board, args.rule, sets, links,
                         max_depth=Tier(args.tier).max_depth)
    if args.json:
        _json({"type": loaded.puzzle.name, **verdict.to_json(rs.encode)})
    else:
        _print(verdict.render())
    return EXIT_OK if verdict.valid else EXIT_NO


def _reasoner(args: argparse.Namespace, loaded: Any, kit: Any) -> Any:
    """The type's reasoner; with --rules-dir the teacher's rules, each proven sound
    first, added after the bundled ones (None for explain's own default without it)."""
    if getattr(args, "rules_dir", None) is None:
        return kit.reasoner(loaded.instance) if kit is not None else None
    reasoning = loaded.puzzle.reasoning()
    if reasoning.load_teacher is None or reasoning.with_teacher is None:
        from aspuzzle.puzzles import REGISTRY

        able = [p.title for p in REGISTRY.values() if p.reasoning().load_teacher is not None]
        raise UsageError(f"--rules-dir: teachers' rules are {' or '.join(able)} rules, not "
                         f"{loaded.puzzle.title}")
    cache = getattr(args, "_teacher", None)
    if cache is None:
        cache = args._teacher = reasoning.load_teacher(args.rules_dir)
    return reasoning.with_teacher(loaded.instance, cache)


def _catalogues(type_: str | None) -> list[tuple[str, Any]]:
    """(type name, rule catalogue) of one type, or of every type that has rules."""
    from aspuzzle.puzzles import REGISTRY, get_puzzle

    puzzles = [get_puzzle(type_)] if type_ else list(REGISTRY.values())
    out = []
    for p in puzzles:
        try:
            out.append((p.name, p.reasoning().catalogue))
        except UsageError:
            if type_:
                raise
    return out


def parse_up_to(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*(\d{1,2})\s*[xX]\s*(\d{1,2})\s*", text)
    if not m or not (1 <= int(m[1]) <= 12 and 1 <= int(m[2]) <= 12):
        raise UsageError(f"--up-to: '{text[:20]}' is not a size such as 6x6 (at most 12x12)")
    return int(m[1]), int(m[2])


def cmd_rules_verify(args: argparse.Namespace) -> int:
    from aspuzzle.puzzles import TYPES, get_puzzle

    if args.file is None:
        raise UsageError("rules verify needs a rule file: aspuzzle rules verify FILE.lp")
    puzzle = get_puzzle(args.type or TYPES[0].name)  # the first type: Tree Tent, the sheet's
    verify = puzzle.reasoning().verify_rule
    if verify is None:
        able = [t.name for t in TYPES if get_puzzle(t.name).reasoning().verify_rule is not None]
        raise UsageError(f"rules verify: {puzzle.name} rule files cannot be verified yet "
                         f"({', '.join(able)} can)")
    v = verify(args.file, parse_up_to(args.up_to))
    if args.json:
        _json(v.to_json())
    else:
        _print(v.render())
    return EXIT_OK if v.sound else EXIT_NO


def cmd_rules_derive(args: argparse.Namespace) -> int:
    from aspuzzle.puzzles import TYPES, get_puzzle

    if args.file is None:
        raise UsageError("rules derive needs a rule name: aspuzzle rules derive "
                         "'Finish with Grass'")
    puzzle = get_puzzle(args.type or TYPES[0].name)  # the first type: Tree Tent, the sheet's
    derive = puzzle.reasoning().derive
    if derive is None:
        able = [t.name for t in TYPES if get_puzzle(t.name).reasoning().derive is not None]
        raise UsageError(f"rules derive: {puzzle.name} rules cannot be derived yet "
                         f"({', '.join(able)} can)")
    d = derive(args.file)
    if args.json:
        _json(d.to_json())
    else:
        _print(d.render())
    return EXIT_OK


def cmd_rules_mine(args: argparse.Namespace) -> int:
    from aspuzzle.kit.mine import parse_window
    from aspuzzle.puzzles import TYPES, get_puzzle

    if args.file is not None:
        raise UsageError(f"rules mine: unexpected argument '{args.file[:40]}' (the type is "
                         "--type T)")
    puzzle = get_puzzle(args.type or TYPES[0].name)  # the first type: Tree Tent, the sheet's
    mine = puzzle.reasoning().mine
    if mine is None:
        able = [t.name for t in TYPES if get_puzzle(t.name).reasoning().mine is not None]
        raise UsageError(f"rules mine: {puzzle.name} does not say what its patterns are made "
                         f"of yet ({', '.join(able)} does)")
    window = parse_window(args.window)
    if args.max_cells is not None and not 1 <= args.max_cells <= 6:
        raise UsageError(f"--max-cells: {args.max_cells} is not 1 to 6")
    for path in args.corpus or ():
        if not os.path.isfile(path):
            raise UsageError(f"--corpus: {path}: no such file")
    if args.corpus and args.out is None:
        raise UsageError("rules mine: --corpus needs --out DIR (the rules are ranked from "
                         "their files)")
    report = mine(window, out=args.out, corpus=args.corpus, max_cells=args.max_cells,
                  verify_up_to=parse_up_to(args.up_to),
                  progress=None if args.json else _print)
    if args.json:
        _json(report)
        return EXIT_OK
    _print(f"{puzzle.title}: {len(report['rules'])} minimal rules in a "
           f"{window[0]}x{window[1]} window (patterns of up to {report['max_cells']} cells: "
           f"{report['patterns']} looked at, {report['solves']} solves, "
           f"{report['mine_s']} s)")
    if report["verified_up_to"]:
        h, w = report["verified_up_to"]
        _print(f"each written to {args.out} and sound on every board up to {h}x{w} "
               f"(rules verify, {report['verify_s']} s)")
    corpus = report["corpus"]
    if corpus:
        _print(f"corpus: {corpus['puzzles']} puzzles; case splits with the full catalogue "
               f"{corpus['full']['splits']}, with the sheet's rules {corpus['sheet']['splits']}")
    _print(f"the sheet's derived rules found: {', '.join(report['sheet_found']) or 'none'}")
    for r in report["rules"]:
        concl = ("contradiction" if r["contradiction"] else
                 ", ".join(f"({i},{j}) {v}" for i, j, v in r["conclusions"]))
        sheet = f" = sheet {r['sheet']}" if r["sheet"] else ""
        removes = "".join(f", removes {n} split{'s' if n != 1 else ''} ({base})"
                          for base, n in r["removes"].items() if n)
        _print(f"  {r['name']}: {r['pattern']} -> {concl}{sheet}{removes}")
    return EXIT_OK


def cmd_rules(args: argparse.Namespace) -> int:
    from aspuzzle.difficulty import rule_tier

    if args.action == "mine":
        return cmd_rules_mine(args)
    if args.action == "verify":
        return cmd_rules_verify(args)
    if args.action == "derive":
        return cmd_rules_derive(args)
    if args.file is not None:
        raise UsageError(f"unexpected argument '{args.file[:40]}'")

    for name, catalogue in _catalogues(args.type):
        if args.json:
            _json({"type": name, "rules": [
                {"name": r.name, "id": r.id, "kind": str(r.kind), "sheet": r.sheet,
                 "tier": str(rule_tier(name, r)), "summary": r.summary} for r in catalogue]})
            continue
        _print(f"{name}:")
        for kind in ("direct", "case", "contradiction"):
            _print(f"  {kind.capitalize()} rules:")
            for r in catalogue:
                if str(r.kind) == kind:
                    sheet = f" [{r.sheet}]" if r.sheet else ""
                    _print(f"    {r.name}{sheet}: {r.summary}")
    return EXIT_OK


# --- registration -----------------------------------------------------------------------------

def _common(sp: argparse.ArgumentParser, *, state_required: bool, many: bool = False,
            tier: bool = True, state: str = "") -> None:
    if many:
        sp.add_argument("inputs", nargs="+", metavar="INPUT",
                        help="puzzle files, '-' for standard input, or inline puzzle strings")
    else:
        sp.add_argument("input", metavar="INPUT",
                        help="puzzle file, '-' for standard input, or an inline puzzle string")
    sp.add_argument("--type", "-t", help="puzzle type (default: detect)")
    sp.add_argument("--from", dest="from_", metavar="FORMAT",
                    help="input format (default: detect)")
    what = state or "the player's board" + ("" if state_required else " to start from")
    sp.add_argument("--state", metavar="STATE",
                    help=f"{what}, in the puzzle type's state format (docs: Explaining "
                         "and hinting)"
                    + (" (default: the marks of INPUT)" if state_required else ""))
    if tier:
        sp.add_argument("--tier", choices=[str(t) for t in Tier], default=str(Tier.NESTED),
                        type=str.lower,  # in any case, as the library's Tier.parse
                        help="hardest reasoning allowed (default: nested)")
    sp.add_argument("--json", action="store_true",
                    help="print JSON" + (" (one line per input)" if many else ""))
    from aspuzzle import cli

    cli.timeout_option(sp, None if many else "time limit in seconds: status 'timeout', "
                                             "exit status 3")


_RULES_DIR = ("Tents: a folder of a teacher's own rule files (*.lp with a '%% Rule: NAME' and "
              "'%% Kind: direct|contradiction' header), each proven sound up to 5x5 first")


def register(sub: Any) -> None:
    """Add the subcommands to the main parser's subparsers."""
    sp = sub.add_parser("explain", help="explain the solution step by step, with named rules")
    _common(sp, state_required=False, many=True)
    sp.add_argument("--to", choices=["legup"],
                    help="write the explanation as a LEGUP proof file (Tents)")
    sp.add_argument("-o", "--output", metavar="FILE", help="with --to: write it to FILE")
    sp.add_argument("--rules-dir", metavar="DIR", help=_RULES_DIR)
    sp.set_defaults(func=cmd_explain)

    sp = sub.add_parser("hint", help="the first mistake on a board, or the next step")
    _common(sp, state_required=True)
    sp.add_argument("--rules-dir", metavar="DIR", help=_RULES_DIR)
    sp.set_defaults(func=cmd_hint)

    sp = sub.add_parser("check", help="every broken rule on a board; is it complete and "
                                      "correct?")
    _common(sp, state_required=True)
    sp.set_defaults(func=cmd_check)

    sp = sub.add_parser("check-step", help="does a named rule justify setting these cells?")
    _common(sp, state_required=True)
    sp.add_argument("--rule", required=True, metavar="NAME",
                    help="the rule's name, e.g. 'Finish with Grass' (see 'aspuzzle rules')")
    sp.add_argument("--set", nargs="+", metavar="KEY=VALUE",
                    help="what the step sets: tents ROW,COL=tent|grass; hitori "
                         "ROW,COL=shaded|unshaded; futoshiki ROW,COL=D or ROW,COL!=D; "
                         "logicgrid 'CAT:VALUE=CAT:VALUE' or '...!=...'")
    sp.add_argument("--link", nargs="+", metavar="TREE-TENT",
                    help="links the step makes: TREE_ROW,TREE_COL-ROW,COL ...")
    sp.add_argument("--rules-dir", metavar="DIR", help=_RULES_DIR)
    sp.set_defaults(func=cmd_check_step)

    sp = sub.add_parser("diagnose", help="why a puzzle has no solution or several, and a "
                                         "repair; the first mistake on a player's board")
    _common(sp, state_required=False, many=True, tier=False,
            state="a player's board: its first wrong mark is named")
    sp.set_defaults(func=cmd_diagnose)

    sp = sub.add_parser("rules", help="list the reasoning rules of each puzzle type; "
                                      "'rules verify FILE.lp [--type T]': prove a rule file "
                                      "sound (Tents, or a kit type); "
                                      "'rules derive NAME': a derived rule from the basic ones")
    sp.add_argument("action", nargs="?", choices=["verify", "derive", "mine"],
                    help="verify: search every board up to --up-to for a counterexample; "
                         "derive: show a derived Tree Tent rule (sheet 5.a-5.e, 5.h) proven by the "
                         "basic rules on a small board; mine: find the minimal local rules of a "
                         "window (docs/rules-mine.md)")
    sp.add_argument("file", nargs="?", metavar="FILE.lp|NAME",
                    help="the rule file to verify, or the rule to derive")
    sp.add_argument("--up-to", default="6x6", metavar="RxC",
                    help="verify on every board up to this size (default 6x6)")
    sp.add_argument("--type", "-t", help="only this puzzle type")
    sp.add_argument("--window", default="2x2", metavar="RxC",
                    help="mine: the window the patterns fit in (default 2x2)")
    sp.add_argument("--max-cells", type=int, metavar="N",
                    help="mine: at most N cells of a pattern say something (default: the "
                         "window's, at most 5)")
    sp.add_argument("--out", metavar="DIR",
                    help="mine: write each rule there as a rule file (for --rules-dir), and "
                         "verify it up to --up-to")
    sp.add_argument("--corpus", nargs="+", metavar="FILE",
                    help="mine: JSON-lines files of puzzles ({\"id\": ...}); the rules are ranked "
                         "by the case splits each removes from their explanations")
    sp.add_argument("--json", action="store_true", help="print JSON (one line per type)")
    sp.set_defaults(func=cmd_rules)
