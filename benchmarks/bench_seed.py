"""The seed posts' encodings as a baseline, run through ``aspuzzle.engine`` like ours.

For each puzzle type: the seed encoding file (``seed_encodings/<type>.lp``), the instance
written as facts in the seed's own predicates, the ``#const`` values it needs, and the
projection on the seed's answer atoms, so that both programs enumerate *distinct answers* the
same way (up to two: one answer and the proof that there is no other).

Answers from both sides are reduced to the same comparable key (the answer part of the JSON
contract: tent cells, the digit grid, the shaded cells) so that verdicts can be compared.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import clingo

from aspuzzle.engine import Program

SEED_DIR = Path(__file__).resolve().parent / "seed_encodings"

_N = clingo.Number
_F = clingo.Function

Facts = tuple[tuple[clingo.Symbol, ...], tuple[tuple[str, str], ...]]


@dataclass(frozen=True)
class SeedEncoding:
    type: str
    post: str
    """The seed post the encoding is copied from."""
    file: Path
    project: tuple[tuple[str, int], ...]
    facts: Callable[[Any], Facts]
    """Instance -> (facts in the seed's predicates, #const values)."""
    answer: Callable[[Iterable[clingo.Symbol]], dict[str, Any]]
    """Shown atoms of one seed answer -> the answer part of the JSON contract."""

    def program(self, instance: Any) -> Program:
        facts, constants = self.facts(instance)
        return Program(encodings=(self.file,), facts=facts, project=self.project,
                       constants=constants)


def answer_key(answer: dict[str, Any]) -> str:
    """A canonical string of an answer, for comparing answers of different programs."""
    return json.dumps(answer, sort_keys=True)


def our_answer(ptype: str, solution_json: dict[str, Any]) -> dict[str, Any]:
    """The part of our JSON solution that the seed encodings also decide (no tent pairing)."""
    keep = {"tents": ("tents",), "futoshiki": ("grid",), "hitori": ("shaded",)}[ptype]
    return {k: solution_json[k] for k in keep}


# --- Tents ("Tent Game in Answer Set Programming") ------------------------------------------

def _tents_facts(inst: Any) -> Facts:
    facts = [_F("tree", [_N(r), _N(c)]) for r, c in sorted(inst.trees)]
    facts += [_F("tent_row", [_N(r), _N(n)])
              for r, n in enumerate(inst.row_clues, 1) if n is not None]
    facts += [_F("tent_column", [_N(c), _N(n)])
              for c, n in enumerate(inst.col_clues, 1) if n is not None]
    return tuple(facts), (("width", str(inst.width)), ("height", str(inst.height)))


TENT_SYMBOL = "⛺"


def _tents_answer(symbols: Iterable[clingo.Symbol]) -> dict[str, Any]:
    tents = sorted([s.arguments[0].number, s.arguments[1].number] for s in symbols
                   if s.match("cell", 3) and s.arguments[2].type == clingo.SymbolType.String
                   and s.arguments[2].string == TENT_SYMBOL)
    return {"tents": tents}


# --- Futoshiki (blog post with the futoshiki.org 4x4 example) -------------------------------

def _futoshiki_facts(inst: Any) -> Facts:
    if inst.adjacent:
        raise ValueError("the seed Futoshiki encoding has no adjacent mode")
    facts = [_F("cell_has_number", [_N(r), _N(c), _N(d)]) for r, c, d in sorted(inst.givens)]
    facts += [_F("greater_than", [_N(a[0]), _N(a[1]), _N(b[0]), _N(b[1])])
              for a, b in sorted(inst.greater)]
    return tuple(facts), (("n", str(inst.size)),)


def _futoshiki_answer(symbols: Iterable[clingo.Symbol]) -> dict[str, Any]:
    cells = {(s.arguments[0].number, s.arguments[1].number): s.arguments[2].number
             for s in symbols if s.match("cell_has_number", 3)}
    n = max((r for r, _ in cells), default=0)
    return {"grid": [[cells.get((r, c), 0) for c in range(1, n + 1)] for r in range(1, n + 1)]}


# --- Hitori ("Hitori in ASP") ----------------------------------------------------------------

def _hitori_facts(inst: Any) -> Facts:
    facts = [_F("written", [_N(r), _N(c), _N(int(v))])
             for r, row in enumerate(inst.grid, 1) for c, v in enumerate(row, 1)]
    return tuple(facts), ()


def _hitori_answer(symbols: Iterable[clingo.Symbol]) -> dict[str, Any]:
    shaded = sorted([s.arguments[0].number, s.arguments[1].number] for s in symbols
                    if s.match("blacked", 2))
    return {"shaded": shaded}


SEEDS: dict[str, SeedEncoding] = {
    "tents": SeedEncoding("tents", "Tent Game in Answer Set Programming (seed 000)",
                          SEED_DIR / "tents.lp", (("cell", 3),), _tents_facts, _tents_answer),
    "futoshiki": SeedEncoding("futoshiki", "Futoshiki in clingo (seed 001)",
                              SEED_DIR / "futoshiki.lp", (("cell_has_number", 3),),
                              _futoshiki_facts, _futoshiki_answer),
    "hitori": SeedEncoding("hitori", "Hitori in ASP (seed 004)", SEED_DIR / "hitori.lp",
                           (("blacked", 2),), _hitori_facts, _hitori_answer),
}
