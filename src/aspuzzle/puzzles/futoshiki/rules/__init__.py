"""The Futoshiki reasoning rules, one ``.lp`` file per direct or contradiction rule.

``board.lp`` computes the vocabulary every rule uses (the candidates left in each cell, the
places left for each digit in each line, the least and greatest digit possible in a cell) from
the board, given as externals; each rule file reports ``sets/4`` or ``contradiction/2`` (see
``aspuzzle/explain/show.lp``). A rule that places a digit reports ``fill/5`` instead, and
``board.lp`` adds what writing the digit strikes out, as Simon Tatham's solver does. Case rules
have no file: the reasoner (:mod:`aspuzzle.puzzles.futoshiki.reasoning`) lists their branches.

The names are those human solvers use (Naked / Hidden Single, Naked / Hidden Pair, as in
Sudoku and in pzl.org.uk's Futoshiki helper, whose "Relative Size" is the sign rule);
``sheet`` names the deduction of Tatham's ``unequal`` / ``latin.c`` solver and its difficulty
level (Trivial, Easy, Tricky, Extreme, Recursive).

Tatham's set elimination finds subsets of any size; the rules here stop at pairs, whose
programs stay small (a triple's program would be larger than all the others together, and
every rule program is evaluated at every step). What larger subsets, X-wings (Tatham's
positional set elimination) and forcing chains find, the case rules find: a split on the
candidates of a cell, or on the places of a digit in a line, each case followed with the
direct rules to a contradiction.
"""

from __future__ import annotations

from dataclasses import replace

from aspuzzle.difficulty import Tier
from aspuzzle.explain.rules import RuleInfo
from aspuzzle.explain.steps import Kind
from aspuzzle.puzzles.base import lp_file

__all__ = ["BOARD", "CATALOGUE", "LATER", "REPROOF", "TIERS"]

_D, _C, _X = Kind.DIRECT, Kind.CASE, Kind.CONTRADICTION

# In order of preference: an explanation uses the first direct rule that applies.
_RULES: tuple[RuleInfo, ...] = (
    RuleInfo("naked_single", "Naked Single", _D,
             "Tatham: numeric elimination (Trivial)",
             "an empty cell with one candidate left holds that digit"),
    RuleInfo("hidden_single", "Hidden Single", _D,
             "Tatham: positional elimination (Trivial)",
             "a digit with one place left in a row or column goes there"),
    RuleInfo("inequality_chain", "Inequality Chain", _D,
             "Tatham: link elimination along a chain (Easy)",
             "a cell at the top of a chain of k >= 2 signs is at least k+1, one at the bottom "
             "at most n-k"),
    RuleInfo("relative_size", "Relative Size", _D,
             "Tatham: link elimination (Easy); pzl.org.uk: Relative Size",
             "across a sign, the greater cell is above the least digit possible in the other, "
             "the lesser cell below the greatest digit possible in the other"),
    RuleInfo("adjacent_bar", "Adjacent Bar", _D,
             "Tatham: adjacent elimination (Easy), adjacent possible elimination (Tricky)",
             "adjacent mode: a cell joined by a bar keeps a digit only if its neighbour can be "
             "one more or one less"),
    RuleInfo("no_bar", "No Bar", _D,
             "Tatham: adjacent elimination (Easy), adjacent possible elimination (Tricky)",
             "adjacent mode: neighbours without a bar never differ by 1, so a cell keeps a "
             "digit only if its neighbour can be a digit at least 2 away"),
    RuleInfo("naked_pair", "Naked Pair", _D,
             "Tatham: set elimination (Tricky); AB elimination",
             "two cells of a line with the same two candidates only: no other cell of the "
             "line holds either digit"),
    RuleInfo("hidden_pair", "Hidden Pair", _D,
             "Tatham: set elimination (Tricky)",
             "two digits with the same two places only in a line: those cells hold no other "
             "digit"),
    RuleInfo("no_candidate", "No Candidate", _X,
             "Tatham: numeric elimination finds no possibility",
             "an empty cell has no candidate left"),
    RuleInfo("no_place", "No Place", _X,
             "Tatham: positional elimination finds no possibility",
             "a digit missing from a row or column has no place left in it"),
    RuleInfo("digit_twice", "Digit Twice", _X,
             "the Latin square rule",
             "a row or column holds the same digit twice"),
    RuleInfo("broken_sign", "Broken Sign", _X,
             "Tatham: an inequality shown in error",
             "no digit possible in the greater cell of a sign is above one possible in the "
             "lesser cell"),
    RuleInfo("broken_bar", "Broken Bar", _X,
             "Tatham: a bar shown in error (adjacent mode)",
             "two cells joined by a bar cannot differ by 1"),
    RuleInfo("missing_bar", "Missing Bar", _X,
             "Tatham: neighbours differ by 1 without a bar (adjacent mode)",
             "two neighbours without a bar must differ by 1"),
    RuleInfo("cell_candidates", "Cell Candidates", _C,
             "Tatham: forcing chain (Extreme) for two candidates, recursion (Recursive)",
             "an empty cell holds one of its candidates: each is tried in turn"),
    RuleInfo("digit_places", "Digit Places", _C,
             "Tatham: positional set elimination (Extreme), recursion (Recursive)",
             "a digit missing from a line goes in one of its places there: each is tried"),
)

CATALOGUE: tuple[RuleInfo, ...] = tuple(replace(r, package=__name__) for r in _RULES)

TIERS: dict[str, Tier] = {r.id: Tier.CASE if r.kind is _C else Tier.DIRECT for r in CATALOGUE}
"""Each rule's tier (for :mod:`aspuzzle.difficulty`): case rules ``case``, the others
``direct``."""

LATER = frozenset({"naked_pair", "hidden_pair"})
"""The rules grounded in a program of their own, evaluated only when no other rule applies or
fires: they come last in the catalogue, and their programs are larger than all the others
together."""

BOARD = lp_file(__name__, "board.lp")
REPROOF = lp_file(__name__, "reproof.lp")
