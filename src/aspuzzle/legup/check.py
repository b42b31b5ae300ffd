"""Judge the proof tree of a LEGUP file, whatever its puzzle: the file's type (found from its
``<puzzle name=...>`` by each type's LEGUP format) judges it with its own rules
(:attr:`aspuzzle.puzzles.base.Reasoning.check_proof`: Tree Tent in
:mod:`aspuzzle.puzzles.tents.proofs.check`, the kit types in :mod:`aspuzzle.kit.legup_proof`,
Sudoku in :mod:`aspuzzle.puzzles.sudoku.proof`).

An exercise's rules (``allowed``) are given as a tier (``direct``, ``case``, ``nested``) or as
rule names or identifiers, ours or LEGUP's; they are read against the file's type
(:func:`allowed_rules`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from aspuzzle.errors import InputError, UsageError
from aspuzzle.legup.report import ProofReport, Verdict

__all__ = ["ProofReport", "Verdict", "allowed_rules", "check_proof", "check_text",
           "legup_checker", "load_teacher"]

Allowed = str | Collection[str] | None
"""A tier or comma-separated rule names (a str), rule names or ids (a collection), or None
(every rule)."""


def check_text(text: str, *, allowed: Allowed = None, teacher: Any = None,
               earned: bool = False) -> ProofReport:
    """Judge the proof in a LEGUP file's text, by the puzzle type whose LEGUP puzzle it holds.
    ``allowed``: the rules an exercise allows (see :func:`allowed_rules`); ``teacher``: a
    teacher's verified rules (:func:`load_teacher`), always allowed; ``earned``: a derived rule
    counts only once earned (Tree Tent only: see
    :func:`aspuzzle.puzzles.tents.proofs.check.check_proof_tree`). InputError for a file that
    cannot be read or holds a puzzle no type checks proofs of; UsageError for rules the type
    does not have."""
    puzzle, hook = legup_checker(text)
    rules = allowed_rules(allowed, puzzle) if allowed is not None else None
    report: ProofReport = hook(text, allowed=rules, teacher=teacher, earned=earned)
    return report


def check_proof(source: str, *, allowed: Allowed = None, teacher: Any = None,
                earned: bool = False) -> ProofReport:
    """Judge the proof of a LEGUP file (a path, or ``-`` for standard input)."""
    from aspuzzle.api import read_input

    return check_text(read_input(source), allowed=allowed, teacher=teacher, earned=earned)


def _checkers() -> list[tuple[Any, Callable[..., ProofReport]]]:
    from aspuzzle.puzzles import REGISTRY

    out = []
    for p in REGISTRY.values():
        if p.formats.get("legup") is None:
            continue
        hook = p.reasoning().check_proof
        if hook is not None:
            out.append((p, hook))
    return out


def legup_checker(text: str) -> tuple[Any, Callable[..., ProofReport]]:
    """The type whose LEGUP puzzle the file holds (by its LEGUP format's detector) and its
    ``check_proof``; InputError naming the puzzle when no type checks its proofs."""
    checkers = _checkers()
    for p, hook in checkers:
        try:
            mine = bool(p.formats["legup"].detect(text))
        except Exception:  # a detector that cannot read the text does not own it
            mine = False
        if mine:
            return p, hook
    from aspuzzle.kit.legup import parse

    doc = parse(text)  # InputError at the line and column where the XML breaks
    puzzle = doc.root.find("puzzle") if doc.root.tag.lower() == "legup" else None
    if puzzle is None:
        raise InputError("LEGUP: no <puzzle> element in <Legup>: not a LEGUP puzzle file")
    raise InputError(f"LEGUP: this file holds a '{puzzle.get('name', '')[:40]}' puzzle; "
                     f"aspuzzle checks the LEGUP proofs of "
                     f"{', '.join(p.title for p, _ in checkers)}", doc.at(puzzle))


def allowed_rules(spec: Allowed, puzzle: Any = None) -> frozenset[str] | None:
    """The rule ids of ``puzzle``'s catalogue (default: the first type, Tree Tent) that an
    exercise allows: None (all); a tier (``direct``, ``case``, ``nested``: the type's rules of
    that tier and below); or rule names or identifiers, ours or LEGUP's, in any case, as a
    comma-separated string or a collection ("Finish with Grass,TREE-BASC-0001,tent_or_grass").
    UsageError for a name the type does not have."""
    from aspuzzle.difficulty import Tier, rule_tier
    from aspuzzle.explain.rules import norm
    from aspuzzle.kit.legup_proof import legup_refs
    from aspuzzle.puzzles import TYPES, get_puzzle

    if spec is None:
        return None
    puzzle = puzzle if puzzle is not None else get_puzzle(TYPES[0].name)
    reasoning = puzzle.reasoning()
    if isinstance(spec, str) and spec.strip().lower() in {str(t) for t in Tier}:
        top = Tier(spec.strip().lower())
        return frozenset(r.id for r in reasoning.catalogue
                         if rule_tier(puzzle.name, r).rank <= top.rank)
    known: dict[str, str] = {}
    for r in reasoning.catalogue:
        for name in (r.id, r.name, *(x for ref in legup_refs(r) for x in ref)):
            known.setdefault(norm(name), r.id)
    out = set()
    for item in spec.split(",") if isinstance(spec, str) else spec:
        if not item.strip():
            continue
        rid = known.get(norm(item))
        if rid is None and reasoning.rule_alias is not None:
            rid = reasoning.rule_alias(item)
        if rid is None:
            names = ", ".join(r.name for r in reasoning.catalogue)
            raise UsageError(f"--rules: unknown {puzzle.title} rule '{item.strip()[:40]}' "
                             f"(known: {names}; or a tier: direct, case, nested)")
        out.add(rid)
    if not out:
        raise UsageError("--rules: give rule names or a tier")
    return frozenset(out)


def load_teacher(folder: str) -> Any:
    """A teacher's rule files (``--rules-dir``), each proven sound first, by the type that has
    teachers' rules (:attr:`aspuzzle.puzzles.base.Reasoning.load_teacher`)."""
    from aspuzzle.puzzles import REGISTRY

    for p in REGISTRY.values():
        hook = p.reasoning().load_teacher
        if hook is not None:
            return hook(folder)
    raise UsageError("--rules-dir: no puzzle type takes teachers' rules")  # pragma: no cover
