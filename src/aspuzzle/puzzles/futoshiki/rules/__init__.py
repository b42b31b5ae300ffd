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

Tatham's set elimination finds subsets of any size: pairs here are Naked / Hidden Pair, in
programs of their own; larger sets (Naked / Hidden Subset), his positional set elimination
(Positional Set: X-Wing, Swordfish, ...) and his forcing chains (Forcing Chain) have rule files
too, proven sound with ``rules verify``, but their programs would enumerate every set of
digits, lines or chain, larger than all the others together: the reasoner computes them with
their Python transcription (:mod:`.strong`, tested equal to the files), only where every other
direct rule stalls (:data:`STRONG`). Every puzzle Tatham's generator makes up to Extreme is so
explained with direct rules only; the case rules remain for harder ones.
"""

from __future__ import annotations

from dataclasses import replace

from aspuzzle.difficulty import Tier
from aspuzzle.explain.rules import RuleInfo
from aspuzzle.explain.steps import Kind
from aspuzzle.puzzles.base import lp_file

__all__ = ["BOARD", "CATALOGUE", "LATER", "REPROOF", "STRONG", "TIERS"]

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
    RuleInfo("naked_subset", "Naked Subset", _D,
             "Tatham: set elimination (Tricky); Naked Triple, Quad, ...",
             "k >= 3 cells of a line whose candidates are k digits between them: no other "
             "cell of the line holds any of those digits"),
    RuleInfo("hidden_subset", "Hidden Subset", _D,
             "Tatham: set elimination (Tricky); Hidden Triple, Quad, ...",
             "k >= 3 digits with at most k places between them in a line: those cells hold no "
             "other digit"),
    RuleInfo("positional_set", "Positional Set", _D,
             "Tatham: positional set elimination (Extreme); X-Wing, Swordfish, ...",
             "k >= 2 rows in which a digit has its places in k columns only: no other row "
             "holds the digit in those columns (and so with rows and columns swapped)"),
    RuleInfo("forcing_chain", "Forcing Chain", _D,
             "Tatham: forcing chain (Extreme)",
             "along a path of cells with two candidates each, in line one with the next, if "
             "the first is not its digit d the last is d: a cell in line with both is not d"),
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
             "Tatham: recursion (Recursive)",
             "an empty cell holds one of its candidates: each is tried in turn"),
    RuleInfo("digit_places", "Digit Places", _C,
             "Tatham: recursion (Recursive)",
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

STRONG = frozenset({"naked_subset", "hidden_subset", "positional_set", "forcing_chain"})
"""The rules computed in Python (:mod:`.strong`), evaluated only when no rule of the programs
applies or fires: they come after the pairs in the catalogue."""

BOARD = lp_file(__name__, "board.lp")
REPROOF = lp_file(__name__, "reproof.lp")
