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

Each file's ``%!`` header says the rule's name, kind, source, summary and the sentence of its
steps (:mod:`aspuzzle.kit.rulefile`).
"""

from __future__ import annotations

from aspuzzle.difficulty import Tier
from aspuzzle.explain.rules import RuleInfo
from aspuzzle.explain.steps import Kind
from aspuzzle.kit.rulefile import catalogue
from aspuzzle.puzzles.base import lp_file

__all__ = ["BOARD", "CATALOGUE", "LATER", "REPROOF", "STRONG", "TIERS"]

IDS = ("naked_single", "hidden_single", "inequality_chain", "relative_size", "adjacent_bar",
       "no_bar", "naked_pair", "hidden_pair", "naked_subset", "hidden_subset", "positional_set",
       "forcing_chain", "no_candidate", "no_place", "digit_twice", "broken_sign", "broken_bar",
       "missing_bar", "cell_candidates", "digit_places")
"""The rule files in order of preference: an explanation uses the first direct rule that
applies."""

CATALOGUE: tuple[RuleInfo, ...] = catalogue(__name__, IDS)

TIERS: dict[str, Tier] = {r.id: Tier.CASE if r.kind is Kind.CASE else Tier.DIRECT
                          for r in CATALOGUE}
"""Each rule's tier (for :mod:`aspuzzle.difficulty`): case rules ``case``, the others
``direct``."""

LATER = frozenset({"naked_pair", "hidden_pair"})
"""The rules grounded in a program of their own, evaluated only when no other rule sets
anything new (a late stage of :class:`~aspuzzle.explain.staged.StagedReasoner`): they come
last in the catalogue, and their programs are larger than all the others
together."""

STRONG = frozenset({"naked_subset", "hidden_subset", "positional_set", "forcing_chain"})
"""The rules computed in Python (:mod:`.strong`), evaluated only when no rule of the programs
sets anything new: they come after the pairs in the catalogue."""

BOARD = lp_file(__name__, "board.lp")
REPROOF = lp_file(__name__, "reproof.lp")
