"""Tree Tent reasoning: LEGUP's rules on a board, for explanations, hints and checks.

Two clingo programs are grounded once per puzzle and then queried many times:

* the **rules** (``rules/*.lp``): the board is given as externals; one solve yields every
  direct rule that applies and every contradiction rule that fires, with the cells each sets;
* the **game** (``encoding.lp`` with ``rules/reproof.lp``): the board as assumptions on
  ``tent/2`` and ``attached/4``; a step is re-proven by checking that the board plus the
  negation of what it claims is unsatisfiable.

Case splits are searched with :mod:`aspuzzle.puzzles.tents.fast`, a Python transcription of the
same direct rules that only predicts which branches die; the chosen split is then followed with
the ASP rules, so every emitted step comes from a rule file and is re-proven. (The twin also
says which rule programs have nothing to find on a board, so that they are not solved there.)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from math import comb
from typing import TYPE_CHECKING, Any, ClassVar, cast

import clingo

from aspuzzle.engine import AtomLiterals, Grounded, Program, SolveConfig, symbol_handles
from aspuzzle.explain.loop import Case, Evaluation, Probe, ReasonerBase
from aspuzzle.explain.staged import counted
from aspuzzle.explain.steps import Board, Cell, FirstThenEvery, Kind, Link, Step, Use, cells_text
from aspuzzle.kit.rulefile import fill
from aspuzzle.puzzles.base import SolveOptions, lp_file
from aspuzzle.puzzles.tents import PUZZLE
from aspuzzle.puzzles.tents.model import TentsInstance, TentsSolution, neighbours4, neighbours8
from aspuzzle.puzzles.tents.rules import CATALOGUE, RuleInfo, by_name, rule_files

if TYPE_CHECKING:
    from aspuzzle.puzzles.tents.fast import FastBoard

__all__ = ["Hit", "LineKey", "TentsReasoner", "line_cells"]

_F, _N = clingo.Function, clingo.Number
_DOUBT = _F("doubt", [])
REPROOF = lp_file("aspuzzle.puzzles.tents.rules", "reproof.lp")
Sets = tuple[tuple[Cell, str], ...]
LineKey = tuple[str, int]
"""("row", r) or ("column", c)."""

MAX_FILL_IN_ROW = 6
"""Fill In Row is offered only for lines whose missing tents fit in at most this many ways."""


@dataclass
class Hit:
    """One instance of a rule on a board: the rule, where (its key), what it sets."""

    rule: RuleInfo
    key: tuple[str, object]
    sets: list[tuple[Cell, str]] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)


@dataclass(frozen=True)
class BoardFacts:
    """What board.lp computes that the case rules need."""

    unknown: frozenset[Cell]
    spots: dict[Cell, list[Cell]]
    owners: dict[Cell, list[Cell]]
    room: dict[LineKey, list[Cell]]


def line_cells(inst: TentsInstance, line: LineKey) -> list[Cell]:
    kind, j = line
    if kind == "row":
        return [(j, c) for c in range(1, inst.width + 1)]
    return [(r, j) for r in range(1, inst.height + 1)]


def _line_name(line: LineKey) -> str:
    return f"{line[0]} {line[1]}"


def _clue(inst: TentsInstance, line: LineKey) -> int | None:
    kind, j = line
    return inst.row_clues[j - 1] if kind == "row" else inst.col_clues[j - 1]


def _are(cells: Sequence[Cell], what: str) -> str:
    return f"{cells_text(cells)} {'is' if len(cells) == 1 else 'are'} {what}"


def _are_tents(cells: Sequence[Cell]) -> str:
    return _are(cells, "a tent" if len(cells) == 1 else "tents")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


_PARSED: dict[int, tuple[Any, ...]] = {}
"""Each shown atom read so far, by its handle in clingo (see :meth:`TentsReasoner._read`)."""
_PARSED_KEPT = 100_000


def _value(text: str) -> int | str:
    """A number or a constant, as the text of a symbol writes it."""
    return int(text) if text.lstrip("-").isdigit() else text


def _parse(text: str) -> tuple[Any, ...]:
    """A shown atom (show.lp), from its text, as Python values: the predicate, the rule, the
    key (a line, a pair of tents, a cell: ``row(3)`` as ``("row", 3)``, ``col(3)`` as
    ``("column", 3)``, ``tent(2,4)`` as ``("tent", (2, 4))``) and the other arguments (numbers
    and constants), e.g. ``sets(finish_with_grass,row(3),3,5,grass)`` as ``("sets",
    "finish_with_grass", ("row", 3), 3, 5, "grass")``. (The text is one call into clingo; the
    arguments read one by one are a few calls each.)"""
    name, _, inner = text.partition("(")
    rid, _, rest = inner[:-1].partition(",")
    kname, _, rest = rest.partition("(")
    kargs, _, tail = rest.partition(")")
    args = [int(a) for a in kargs.split(",")]
    key: tuple[str, object]
    if kname == "row":
        key = ("row", args[0])
    elif kname == "col":
        key = ("column", args[0])
    elif kname == "pair":
        key = ("pair", ((args[0], args[1]), (args[2], args[3])))
    else:
        key = (kname, (args[0], args[1]))
    others = tuple(_value(a) for a in tail[1:].split(",")) if tail else ()
    return (name, rid, key, *others)


FULL = 1 << 30
"""A rank beyond every rule's (see _Known.upto)."""


@dataclass(frozen=True)
class _Known:
    """The hits a stage last found, kept to answer for a board that adds to it."""

    board: Board
    hits: list[Hit]
    upto: int
    """The hits of the rules ranked before this (their place in CATALOGUE) are exactly what
    the rule files say on ``board``; the others are not known."""


class _Grounding:
    """A stage's rules grounded for every board (``board`` None: every mark an external), or
    baked for the boards that hold ``board`` (its marks and links facts: see board.lp), and the
    board its externals were last set to."""

    def __init__(self, source: Program, board: Board | None) -> None:
        self._source = source
        self.board = board
        self.fixed_trees = frozenset(t for t, _ in board.links) if board is not None \
            else frozenset()
        self.fixed_unknown = 1 << 30
        """The unknown cells of ``board`` (see :meth:`TentsReasoner._fix`)."""
        self._program: Grounded | None = None
        self._atoms: AtomLiterals | None = None
        self.cell_lits: dict[Cell, tuple[int | None, int | None]] = {}
        """The solver literals of tent and grass of each cell, as far as looked up."""
        self.link_lits: dict[Link, int | None] = {}
        # clingo's externals start false: the empty board, or the baked board
        self.last: Board = Board({}) if board is None else board

    def holds(self, board: Board) -> bool:
        """Can the program evaluate ``board``? (Always, unless baked: then the board must hold
        the baked board, and link no tree the baked board links: those links are facts.)"""
        baked = self.board
        if baked is None:
            return True
        if not _adds_to(board, baked):
            return False
        fixed = self.fixed_trees
        return all(t not in fixed for t, _ in board.links - baked.links)

    @property
    def grounded(self) -> bool:
        return self._program is not None

    @property
    def program(self) -> Grounded:
        """The program, grounded when first solved: a run that never asks for a stage (the
        contradictions of a puzzle solved by direct rules alone) never grounds it."""
        if self._program is None:
            # the one answer set is found by propagation alone, with no decision to make: a
            # decision heuristic only costs its set-up at every solve (some 8% of a solve)
            self._program = Grounded(self._source, extra_args=("--heuristic=None",))
            _no_cleanup(self._program)
            # one answer set is asked for, always: said once here, not before every solve
            # (a configuration value is looked up by name at each setting)
            conf: Any = self._program.ctl.configuration.solve
            conf.models, conf.enum_mode = "1", "auto"
        return self._program

    def literal(self, atom: clingo.Symbol) -> int | None:
        """The solver literal of an external of the program (None if it has none)."""
        if self._atoms is None:
            # through clingo's C functions: a look-up through ctl.symbolic_atoms costs some
            # 10 us, and a puzzle looks up a thousand or more (15x15: 5% of a generation)
            self._atoms = AtomLiterals(self.program.ctl)
        return self._atoms.literal(atom, external=True)

    def model(self) -> Sequence[clingo.Symbol]:
        """The shown atoms of the program's one answer set on the externals as set."""
        found: list[Sequence[clingo.Symbol]] = []
        self.program.ctl.solve(on_model=lambda m: found.append(m.symbols(shown=True)))
        if not found:  # the rule programs always have exactly one answer set
            raise RuntimeError("the Tents rule programs have no answer set")
        return found[0]


_FIX_AT = 0.95
"""A grounded stage program has the marks of a case split's board made facts
(:meth:`TentsReasoner._fix`, about 1 ms a stage on a 25x25 grid) once the board has at most
this share of the unknown cells of the board it was last fixed to: each solve after it costs
less (on a 25x25 board with 70% of its cells marked, 20-40% less). Grounding the program again
with the marks as facts (:meth:`_Stage.bake`) makes a solve 60-75% cheaper there, but at
10-30 ms a grounding it paid only for programs not grounded yet (on 25x25 case seed 1,
instructions for the whole generation: fixed at 0.95 7.72 G, at 1.0 7.86 G; baked again at
0.3 of the unknown cells and fixed at 0.9 8.83 G; neither 9.06 G)."""


class _Stage:
    """Some of the rules, grounded in a program of their own (with the vocabulary they read),
    and what it last found."""

    def __init__(self, rules: tuple[RuleInfo, ...], facts: str,
                 consts: tuple[tuple[str, str], ...]) -> None:
        self.rules = rules
        self.rule_ids = frozenset(r.id for r in rules)
        self._facts = facts
        self._consts = consts
        self._general = Program(rule_files(rules), (), (), constants=consts, facts_text=facts)
        self.main = _Grounding(self._general, None)
        """The program most boards are evaluated on: baked for, and perhaps fixed to, the board
        of a case split (see :meth:`bake` and :meth:`TentsReasoner._fix`)."""
        self.spare: _Grounding | None = None
        """The rules grounded for every board, for a board that does not hold ``main``'s."""
        self.known: _Known | None = None
        self.at_split: _Known | None = None
        """What it had found when a case split was last searched for (on the split's board):
        the split's branches start from that board, and the explanation goes on from it after
        them, not from the branches' boards (see :meth:`TentsReasoner._reused`)."""

    def bake(self, board: Board, unknown: int) -> bool:
        """If ``main`` is not grounded yet (a stage first asked for after a case split, as
        the contradictions' usually are), have it grounded (when first solved) for the boards
        that hold ``board``, with its marks and links as facts (board.lp), and say so. Those
        boards are evaluated on that program, others on a general one; both find the same on
        a board (the same rules, some of the atoms they read given as facts)."""
        if self.main.grounded:
            return False
        facts = [self._facts]
        for (r, c), v in sorted(board.cells.items()):
            facts.append(f"{v}({r},{c}). fixed({r},{c}).\n")
        for (tr, tc), (r, c) in sorted(board.links):
            facts.append(f"link({tr},{tc},{r},{c}). fixed_tree({tr},{tc}).\n")
        source = Program(rule_files(self.rules), (), (), constants=self._consts,
                         facts_text="".join(facts))
        self.main = _Grounding(source, board)
        self.main.fixed_unknown = unknown
        return True

    def grounding(self, board: Board) -> _Grounding:
        """The program to evaluate ``board`` on: ``main`` if it holds the board."""
        if self.main.holds(board):
            return self.main
        if self.spare is None:
            self.spare = _Grounding(self._general, None)
        return self.spare


def _adds_to(board: Board, old: Board) -> bool:
    """Does ``board`` hold every mark and link of ``old``? (Known at once of a board made
    from ``old`` by adding marks, see :meth:`Board.added_to`.)"""
    return board.added_to(old) is not None or (
        old.links <= board.links and old.cells.items() <= board.cells.items())


def _no_cleanup(program: Grounded) -> None:
    """Keep clingo from tidying the program up after each solve: the program never changes
    (only its externals do), there is nothing to tidy, and the tidying costs about a sixth of
    each of the hundreds of solves of an explanation."""
    program.ctl.enable_cleanup = False


_CELL_ATOMS: dict[Cell, tuple[clingo.Symbol, clingo.Symbol]] = {}
_LINK_ATOMS: dict[Link, tuple[clingo.Symbol, clingo.Symbol]] = {}


def _board_atoms(free: Sequence[Cell], links: Sequence[Link]
                 ) -> tuple[dict[Cell, tuple[clingo.Symbol, clingo.Symbol]],
                            dict[Link, tuple[clingo.Symbol, clingo.Symbol]]]:
    """The atoms of a board: ``tent/2`` and ``grass/2`` of each cell, ``link/4`` and
    ``attached/4`` of each link. Each is made once in a process (a symbol costs a few calls into
    clingo: a reasoner took 3-8 ms for them on a 15x15 to 25x25 grid, and a generator makes a
    reasoner for every layout it grades)."""
    cells, pairs = _CELL_ATOMS, _LINK_ATOMS
    for cell in free:
        if cell not in cells:
            row, col = _N(cell[0]), _N(cell[1])
            cells[cell] = (_F("tent", [row, col]), _F("grass", [row, col]))
    for lk in links:
        if lk not in pairs:
            (tr, tc), (xr, xc) = lk
            args = [_N(tr), _N(tc), _N(xr), _N(xc)]
            pairs[lk] = (_F("link", args), _F("attached", args))
    return ({cell: cells[cell] for cell in free}, {lk: pairs[lk] for lk in links})


# The stages of an evaluation of the direct rules, cheapest first (see TentsReasoner.evaluate);
# the contradiction rules make one more stage.
_STAGES = (("finish_with_grass", "surround_tent_with_grass", "empty_field"),
           ("tree_for_tent", "tent_for_tree", "last_camping_spot", "finish_with_tents"),
           ("only_placement",),
           ("corner_of_two_spots", "all_placements_agree", "touched_by_every_placement"))

_UNTWINNED = frozenset({"corner_of_two_spots", "all_placements_agree",
                        "touched_by_every_placement"})
"""Direct rules the Python twin (fast.py) does not follow: their stage is always solved, and
a case-split search probes with the other rules only (weaker, still sound: every step of the
split found is followed again with the rule files)."""
TWINNED = tuple(r for r in CATALOGUE if r.id not in _UNTWINNED)
"""The rules the Python twin follows (the tests compare it with these)."""

# What a step may add to the board (grass, tents, links) and leave the instances of a rule as
# they were, less the cells it sets: the rule's conditions do not read it. (What the direct rules
# set is always unknown cells.) The rules not named are changed by anything.
_STABLE_UNDER: dict[str, frozenset[str]] = {
    "finish_with_grass": frozenset({"grass", "link"}),  # reads the tents of the line
    "surround_tent_with_grass": frozenset({"grass", "link"}),  # reads the tent
    "empty_field": frozenset({"grass", "tent"}),  # reads which trees are linked
    "tree_for_tent": frozenset({"grass"}),  # reads tents and links
    "finish_with_tents": frozenset({"link"}),  # reads grass and tents of the line
    "only_placement": frozenset({"link"}),  # reads unknown cells and tents near the line
}


class TentsReasoner(ReasonerBase):
    """The rules of Tree Tent on the boards of one puzzle (see the module docstring).

    ``rules`` chooses the rule files to ground; the tests evaluate one rule at a time with it.
    Explanations need the whole catalogue (the case-split search assumes every direct rule).
    """

    type = "tents"
    nouns: ClassVar[dict[str, tuple[str, str]]] = {"tent": ("a tent", "tents")}
    min_probe_rounds = 1
    """Every probe is counted as one round at least (see :meth:`probe`), so that the
    case-split search can stop at the first split that closes in one round."""
    check_twin = False
    """Solve the stages that the Python twin says find nothing on a board anyway, and check
    its word against the rule files (see :meth:`_twin_empty`, :meth:`_twin_quiet`): for tests."""

    def __init__(self, inst: TentsInstance, rules: Sequence[RuleInfo] = CATALOGUE, *,
                 reuse: bool = True) -> None:
        self.inst = inst
        self.rules = tuple(rules)
        self.reuse = reuse
        """Evaluate the rules in stages and take what a stage found on an earlier board when it
        is sure to be the same (see :meth:`evaluate`); off, every evaluation solves every rule,
        as :meth:`hits` does."""
        facts = PUZZLE.facts_text(inst)  # (as text, written once for every program)
        consts = PUZZLE.constants(inst)
        stage_of = {rid: i for i, ids in enumerate(_STAGES) for rid in ids}
        self._stages: list[_Stage] = []
        """The direct rules' stages, then the contradiction rules'."""
        for i in range(len(_STAGES) + 1):
            rules_i = tuple(r for r in self.rules if r.kind is not Kind.CASE
                            and stage_of.get(r.id, len(_STAGES)) == i)
            if rules_i:
                self._stages.append(_Stage(rules_i, facts, consts))
        self._contradiction_stages = [st for st in self._stages
                                      if any(r.kind is Kind.CONTRADICTION for r in st.rules)]
        self._direct_stages = [st for st in self._stages
                               if any(r.kind is Kind.DIRECT for r in st.rules)]
        # the game is solved hundreds of times, each in milliseconds: a plain blocking call
        # costs less than a solve thread
        self._game = Grounded(Program((*PUZZLE.encodings(SolveOptions(), inst), REPROOF), (),
                                      (("tent", 2),), constants=consts, facts_text=facts),
                              SolveConfig(interruptible=False))
        _no_cleanup(self._game)
        self._claims: set[clingo.Symbol] = set()
        self._forced: dict[int, tuple[Board, frozenset[Link]]] = {}
        self._game_lits: tuple[dict[Cell, int | None], dict[Link, int | None]] | None = None
        self.free = [(r, c) for r in range(1, inst.height + 1) for c in range(1, inst.width + 1)
                     if (r, c) not in inst.trees]
        self.possible_links = [(t, x) for t in sorted(inst.trees) for x in neighbours4(t)
                               if self.inside(x) and x not in inst.trees]
        self._cell_atoms, link_atoms = _board_atoms(self.free, self.possible_links)
        self._link_atoms = {lk: atoms[0] for lk, atoms in link_atoms.items()}
        self._attached_atoms = {lk: atoms[1] for lk, atoms in link_atoms.items()}
        self._order = {r.id: i for i, r in enumerate(CATALOGUE)}
        self._info = {r.id: r for r in CATALOGUE}
        self.lines: list[LineKey] = [("row", i) for i in range(1, inst.height + 1)]
        self.lines += [("column", j) for j in range(1, inst.width + 1)]
        self._line_cells = {line: line_cells(inst, line) for line in self.lines}
        free = self._free_set = frozenset(self.free)
        self._reach: dict[tuple[str, object], list[Cell]] = {
            line: [c for c in cells if c in free] for line, cells in self._line_cells.items()}
        """The free cells of each line and next to each free cell, by the key of a rule instance
        (("row", 1), ("tent", (1, 2))): an instance said by ``applies/3`` sets the unknown ones
        (show.lp)."""
        self._reach.update((("tent", x), [n for n in neighbours8(x) if n in free])
                           for x in self.free)
        self._tree_sides = [(t, [x for x in neighbours4(t) if x in free])
                            for t in sorted(inst.trees)]
        """Each tree, in order, with its free neighbours (in neighbours4's order)."""
        self._tent_sides = {x: [t for t in neighbours4(x) if t in inst.trees] for x in free}
        """Each free cell with the trees next to it (in neighbours4's order)."""
        self._cases: dict[tuple[Any, ...], Case | None] = {}
        """The case splits made so far, by what they depend on (None: no split there)."""
        self._cell_cases: dict[Cell, Case] = {}
        """The splits of Tent or Grass, by cell."""
        self._fast: FastBoard | None = None
        self._hint: tuple[Board, Board | None] | None = None
        self._unique: list[tuple[Board, Board]] = []
        """Boards found to have exactly one solution, with it (see solution_hint)."""
        self._last_known: tuple[Board, int, tuple[bool, Board | None]] | None = None
        """The last board :meth:`_known_solution` answered for (it is asked several times of
        one board), how many boards were known then, and the answer."""
        self._asked_solution = False
        self._split_searched = False
        """Has a case split been searched for yet? (Until then every board evaluated adds to
        the ones before it: see :meth:`_solve`.)"""
        self.evaluations = 0
        """Solves of rule programs so far."""
        self._monotone = self.rules == CATALOGUE
        """The rules are the bundled ones, whose contradictions cannot stop firing as the direct
        rules add to a board (see :meth:`quiet`; a teacher's rules, or some of the rules, may
        not keep that)."""

    def inside(self, cell: Cell) -> bool:
        return 1 <= cell[0] <= self.inst.height and 1 <= cell[1] <= self.inst.width

    # --- evaluating the rule files ------------------------------------------------------------

    def _changed_externals(self, stage: _Grounding, board: Board) -> list[tuple[int, bool]]:
        """The externals (solver literals) whose value differs from the last board the
        program evaluated."""
        cell_lits, link_lits = stage.cell_lits, stage.link_lits
        out: list[tuple[int, bool]] = []
        cells = board.cells
        last, last_links = stage.last.cells, stage.last.links
        added = board.added_to(stage.last)
        if added is not None:  # (most boards add a step or a few to the last)
            changed: Any = [c for c, _ in added[0]]
            links: Any = added[1]
        else:
            changed = {c for c, _ in cells.items() ^ last.items()}
            links = board.links ^ last_links
        for cell in changed:
            v, was = cells.get(cell), last.get(cell)
            lits = cell_lits.get(cell)
            if lits is None:
                tent_atom, grass_atom = self._cell_atoms[cell]
                lits = cell_lits[cell] = (stage.literal(tent_atom), stage.literal(grass_atom))
            tent_lit, grass_lit = lits
            # only the externals whose value changes (a cell marked grass leaves tent/2 false):
            # each call costs some 14 us on a 25x25 grid
            if tent_lit is not None and (v == "tent") != (was == "tent"):
                out.append((tent_lit, v == "tent"))
            if grass_lit is not None and (v == "grass") != (was == "grass"):
                out.append((grass_lit, v == "grass"))
        for lk in links:
            if lk not in link_lits:
                link_lits[lk] = stage.literal(self._link_atoms[lk])
            lit = link_lits[lk]
            if lit is not None:
                out.append((lit, lk in board.links))
        stage.last = board
        return out

    def _fix(self, g: _Grounding, board: Board, unknown: int) -> None:
        """Make the marks and links of ``board`` (a case split's board, which every board
        evaluated later holds) facts of a grounded program: the externals that are true
        become facts, the others are released (false for good), and the solver settles what
        follows from them once, not at every solve (cheaper than grounding again: some 1 ms
        for a 25x25 stage against 10-30)."""
        ctl = g.program.ctl
        for lit, value in self._changed_externals(g, board):
            ctl.assign_external(lit, value)
        old_cells = {} if g.board is None else g.board.cells
        old_links = frozenset() if g.board is None else g.board.links
        true: list[int] = []
        false: list[int] = []
        for cell, v in board.cells.items():
            if cell in old_cells:
                continue
            lits = g.cell_lits.get(cell)
            if lits is None:
                tent_atom, grass_atom = self._cell_atoms[cell]
                lits = g.cell_lits[cell] = (g.literal(tent_atom), g.literal(grass_atom))
            for cell_lit, on in zip(lits, (v == "tent", v == "grass"), strict=True):
                if cell_lit is not None:
                    (true if on else false).append(cell_lit)
        new_links = board.links - old_links
        trees = {t for t, _ in new_links}
        for lk in self.possible_links:
            if lk[0] in trees:
                if lk not in g.link_lits:
                    g.link_lits[lk] = g.literal(self._link_atoms[lk])
                link_lit = g.link_lits[lk]
                if link_lit is not None:
                    (true if lk in new_links else false).append(link_lit)
        with ctl.backend() as backend:
            for lit in true:
                backend.add_rule([lit])
        for lit in false:
            ctl.release_external(lit)
        g.board = board
        g.fixed_trees = frozenset(t for t, _ in board.links)
        g.fixed_unknown = unknown

    def _bake_on_line(self, stage: _Stage, board: Board) -> None:
        """Have a stage first asked for before any case split was searched grounded for the
        boards that hold this one (:meth:`_Stage.bake`: its marks and links facts), if the
        board agrees with the solution. Until a split is searched every board evaluated adds to
        the ones before it, and after it the split's branches and the rest of the explanation
        add to the split's board, which adds to this one. A stage first asked for after the
        first steps (the second and third: once the cheaper rules run out, with 36-83% of the
        cells of a 15x15 case puzzle marked) is then grounded smaller and cheaper, and each of
        its solves until the next split costs less: a solve costs in proportion to the
        program (the grounding for every board had been used there, fixed at the first split).
        Instructions for whole generations: 15x15 case seeds 1-3 -3.8%, 25x25 seed 1 -3.4%."""
        known, sol = self._known_solution(board)
        if known and sol is not None:
            stage.bake(board, len(self.free) - len(board.cells))

    def _read(self, model: Sequence[clingo.Symbol]) -> list[tuple[Any, ...]]:
        """The shown atoms of a model as Python values (:func:`_parse`), each read once in a
        process: by the symbol's handle in clingo (``Symbol._rep``: clingo 5 keeps one copy of
        each symbol, for good), the handles read in one call from the array clingo filled
        (:func:`aspuzzle.engine.symbol_handles`). The same atoms recur at every evaluation and in
        every puzzle of a size; reading one through clingo's Python wrapper (a Symbol, then its
        arguments one by one) had cost 12 ms of a 15x15 case generation's 260."""
        parsed = _PARSED
        reps = symbol_handles(model)
        if reps is None:
            reps = [s._rep for s in model]
        out: list[tuple[Any, ...]] = []
        for i, rep in enumerate(reps):
            got = parsed.get(rep)
            if got is None:
                if len(parsed) >= _PARSED_KEPT:
                    parsed.clear()
                got = parsed[rep] = _parse(str(model[i]))
            out.append(got)
        return out

    def _solve(self, stage: _Stage, board: Board) -> list[Hit]:
        """Every instance of the stage's rules on the board, as its rule files say."""
        known = stage.known
        if known is not None and known.board is board and known.upto == FULL:
            return known.hits
        if not stage.main.grounded and board.cells and self.reuse and not self._split_searched:
            self._bake_on_line(stage, board)
        grounding = stage.grounding(board)
        ctl = grounding.program.ctl
        for lit, value in self._changed_externals(grounding, board):
            ctl.assign_external(lit, value)
        model = grounding.model()
        self.evaluations += 1
        cells = board.cells
        by_key: dict[tuple[str, tuple[str, object]], Hit] = {}
        applied: list[tuple[Hit, str]] = []
        for name, rid, key, *rest in self._read(model):
            if name == "touches":  # Touching Tents: each pair of adjoining tents the tent is in
                a = cast(Cell, key[1])
                for b in self._reach[key]:
                    pair = ("pair", (min(a, b), max(a, b)))
                    if cells.get(b) == "tent" and (rid, pair) not in by_key:
                        by_key[(rid, pair)] = Hit(self._info[rid], pair)
                continue
            hit = by_key.get((rid, key))
            if hit is None:
                hit = by_key[(rid, key)] = Hit(self._info[rid], key)
            if name == "sets":
                r, c, v = rest
                hit.sets.append(((r, c), v))
            elif name == "links":
                tr, tc, r, c = rest
                hit.links.append(((tr, tc), (r, c)))
            elif name == "applies":
                applied.append((hit, rest[0]))
        for hit, mark in applied:  # the other unknown cells of the line, next to the tent
            taken = {c for c, _ in hit.sets}
            hit.sets.extend((n, mark) for n in self._reach[hit.key]
                            if n not in cells and n not in taken)
        hits = sorted(by_key.values(), key=lambda h: (self._order[h.rule.id],
                                                      h.key[0] == "column", h.key[1]))
        for h in hits:
            h.sets.sort()
            h.links.sort()
        stage.known = _Known(board, hits, FULL)
        return hits

    def hits(self, board: Board) -> list[Hit]:
        """Every rule instance that applies or fires on the board, as the rule files say."""
        return [h for stage in self._stages for h in self._solve(stage, board)]

    def board_facts(self, board: Board) -> BoardFacts:
        """What the case rules split on, as board.lp defines it: unknown cells, the possible
        places of each unlinked tree's tent, the possible trees of each unlinked tent, and the
        room for tents in each line (unknown cells that adjoin no tent)."""
        cells = board.cells
        unknown = frozenset(self._free_set.difference(cells))
        linked_trees = {t for t, _ in board.links}
        linked_tents = {x for _, x in board.links}
        spots: dict[Cell, list[Cell]] = {}
        for t, around in self._tree_sides:  # (the trees in order, their free neighbours)
            if t not in linked_trees:
                spots[t] = [x for x in around if x in unknown
                            or (cells.get(x) == "tent" and x not in linked_tents)]
        tents = sorted(x for x, v in cells.items() if v == "tent")
        owners: dict[Cell, list[Cell]] = {}
        for x in tents:
            if x not in linked_tents:
                sides = self._tent_sides.get(x)
                if sides is None:  # (not a free cell: a board no reading lets through)
                    sides = [t for t in neighbours4(x) if t in self.inst.trees]
                owners[x] = [t for t in sides if t not in linked_trees]
        reach = self._reach
        near_tent = {n for x in tents for n in reach.get(("tent", x)) or neighbours8(x)}
        open_cells = unknown - near_tent  # (near_tent: the free cells next to a tent)
        room: dict[LineKey, list[Cell]] = {}
        for line in self.lines:
            room[line] = [c for c in self._line_cells[line] if c in open_cells]
        return BoardFacts(unknown, spots, owners, room)

    def evaluate(self, board: Board) -> Evaluation:
        """The rules on the board: its direct steps and contradictions, as the rule files say.

        A run of the rules asks whether a contradiction fires, and if not for the first direct
        step; so the rules are solved in stages, as far as asked (:data:`_STAGES`): the direct
        rules ranked first (Finish with Grass, Surround Tent with Grass, Empty Field), then the
        next four, then Only Placement; the contradiction rules are one more stage. Each stage
        is a program of its own, and a solve costs in proportion to the program, so the first
        step often costs a fraction of a solve of every rule.

        A stage need not be solved again when the board only adds to the board it last saw,
        in ways that its rules do not read (:data:`_STABLE_UNDER`): e.g. Surround Tent with
        Grass has the same instances after some grass is set, less the cells now known. If the
        first of those still sets something, it is the first step here too.

        Contradictions: on a board that agrees with the one solution of the puzzle (the solver
        found it once: :meth:`solution_hint`), no contradiction rule can fire, and none is
        solved for. Elsewhere (in a case split's branches) their stage is solved first.

        A stage (or the contradictions) that the Python twin says has nothing on the board is
        not solved for (:meth:`_twin_empty`, :meth:`_twin_quiet`): what is found, and shown, is
        always what a solve of the rule files found.
        """
        if not self.reuse:
            hits = self.hits(board)
            direct, contradictions = self._groups(board, hits)
            return Evaluation(board, FirstThenEvery(board, lambda: direct[0] if direct else None,
                                            lambda: direct, self.describe_group),
                              FirstThenEvery(board, lambda: contradictions[0] if contradictions
                                     else None, lambda: contradictions, self.describe_group))

        def every_direct() -> list[list[Hit]]:
            return self._groups(board, self.hits(board))[0]

        def every_contradiction() -> list[list[Hit]]:
            if self._consistent(board) or self._twin_quiet(board):
                return []
            return [g for st in self._contradiction_stages
                    for g in self._groups(board, self._solve(st, board))[1]]

        return Evaluation(board,
                          FirstThenEvery(board, lambda: self._first_direct(board), every_direct,
                                         self.describe_group),
                          FirstThenEvery(board, lambda: next(iter(every_contradiction()), None),
                                 every_contradiction, self.describe_group))

    def _consistent(self, board: Board) -> bool:
        """Does the board agree with the one solution of the puzzle, as far as known? (The
        solution is asked for once.)"""
        known, solution = self._known_solution(board)
        if not known and not self._asked_solution:
            self._asked_solution = True
            self.solution_hint(board)
            known, solution = self._known_solution(board)
        return solution is not None

    def _first_direct(self, board: Board) -> list[Hit] | None:
        """The hits of the first direct step on the board (see :meth:`evaluate`)."""
        for stage in self._direct_stages:
            reused = self._reused(stage, board)
            if reused is not None:
                hits, upto = reused
                group = self._first_group(board, hits, upto)
                if group is not None:
                    return group
                if all(self._order[r.id] < upto for r in stage.rules
                       if r.kind is not Kind.CONTRADICTION):
                    continue  # the stage is known to have no direct step here
            if self._twin_empty(stage, board):
                continue  # nothing to find: not solved for
            group = self._first_group(board, self._solve(stage, board), FULL)
            if group is not None:
                return group
        return None

    def _twin_empty(self, stage: _Stage, board: Board) -> bool:
        """Has the stage no instance on the board, as the Python twin says (with the bundled
        rules only)? Then the stage is known to find nothing there, as a solve would (the
        solve is spared: 475 of the 1,350 stage solves of a 30x30 case generation found
        nothing, a third of them on boards where no direct rule applies, before a case
        split). With :attr:`check_twin` the stage is solved anyway and the twin's answer
        checked, both ways."""
        if not self._monotone or any(r.id in _UNTWINNED for r in stage.rules):
            return False
        ids = stage.rule_ids
        empty = not self._fast_board().applies(board, ids)
        if self.check_twin:
            hits = self._solve(stage, board)
            if empty != (not hits):
                raise AssertionError(f"the twin says {ids} {'do not ' if empty else ''}apply "
                                     f"on {board!r}, the rule files find {hits!r}")
        if empty:
            stage.known = _Known(board, [], FULL)
        return empty

    def _twin_quiet(self, board: Board) -> bool:
        """Does no contradiction rule fire on the board, as the Python twin says (with the
        bundled rules only: see :meth:`quiet`)? Then the rule files find none there either,
        and are not solved for (a run's boards passed unasked, looked at again when it
        dies or stops: 100 of the 245 contradiction solves of a 30x30 case generation found
        nothing). A contradiction that fires is still the rule files' (solved for where the
        twin says one fires) and refuted by the solver. With :attr:`check_twin` the
        contradictions are solved anyway and the twin's answer checked, both ways."""
        if not self._monotone:
            return False
        quiet = not self._fast_board().fires(board)
        if self.check_twin:
            hits = [h for st in self._contradiction_stages for h in self._solve(st, board)]
            if quiet != (not hits):
                raise AssertionError(f"the twin says {'no' if quiet else 'some'} contradiction "
                                     f"fires on {board!r}, the rule files find {hits!r}")
        return quiet

    def _first_group(self, board: Board, hits: list[Hit], upto: int) -> list[Hit] | None:
        """The first direct step among hits known below rank ``upto``, if any."""
        for i, h in enumerate(hits):
            if self._order[h.rule.id] >= upto or h.rule.kind is Kind.CONTRADICTION:
                return None
            if h.rule.id == "empty_field":  # every Empty Field cell in one step
                return [g for g in hits[i:] if g.rule.id == "empty_field"]
            sets, links = board.new_in(h.sets, h.links)
            if sets or links:
                return [h]
        return None

    def _reused(self, stage: _Stage, board: Board) -> tuple[list[Hit], int] | None:
        """What the stage found on an earlier board that ``board`` adds to, as it holds here:
        the hits (less what is known now) and the rank below which they are sure (see
        :meth:`evaluate`). None if nothing is known."""
        known = stage.known
        if known is None:
            return None
        if known.board is board:
            return known.hits, known.upto
        grown = board.added_to(known.board)
        if grown is None and not _adds_to(board, known.board):
            # after a case split: what was found on its board (a split that concludes grass
            # leaves the first stage's instances as they were; some 30 solves of its program
            # in a 25x25 puzzle)
            known = stage.at_split
            if known is None:
                return None
            grown = board.added_to(known.board)
            if grown is None and not _adds_to(board, known.board):
                return None
        cells = board.cells
        if grown is not None:
            added = {v for _, v in grown[0]}
        else:
            added = {v for _, v in cells.items() - known.board.cells.items()}  # (it holds it)
        if board.links != known.board.links:
            added.add("link")
        upto = known.upto
        for r in stage.rules:
            if not added <= _STABLE_UNDER.get(r.id, frozenset()):
                upto = min(upto, self._order[r.id])
                break
        kept: list[Hit] = []
        for h in known.hits:
            if self._order[h.rule.id] >= upto:
                break
            sets = [(c, v) for c, v in h.sets if c not in cells]
            links = [lk for lk in h.links if lk not in board.links]
            if sets or links:
                kept.append(Hit(h.rule, h.key, sets, links))
        stage.known = _Known(board, kept, upto)
        return kept, upto

    def _groups(self, board: Board, hits: list[Hit]) -> tuple[list[list[Hit]], list[list[Hit]]]:
        """The hits as steps: direct ones that set something new, every Empty Field cell in
        one step; contradictions."""
        direct: list[list[Hit]] = []
        contradictions: list[list[Hit]] = []
        fields: list[Hit] = []
        for h in hits:
            if h.rule.kind is Kind.CONTRADICTION:
                contradictions.append([h])
            elif h.rule.id == "empty_field":
                if not fields:
                    direct.append(fields)  # every Empty Field cell in one step
                fields.append(h)
            else:
                sets, links = board.new_in(h.sets, h.links)
                if sets or links:
                    direct.append([h])
        return direct, contradictions

    # --- the game rules: re-proofs, solutions ------------------------------------------------

    def assumptions(self, board: Board) -> list[tuple[clingo.Symbol, bool]]:
        out = [(self._cell_atoms[cell][0], v == "tent") for cell, v in board.cells.items()]
        out += [(self._attached_atoms[lk], True) for lk in board.links]
        return out

    def entails(self, board: Board, sets: Sets, links: tuple[Link, ...]) -> bool:
        """Do the board and the game rules force these cells and links? (rules/reproof.lp:
        the claims are set as externals; the board plus ``doubt`` must be unsatisfiable)

        A board that extends one the solver proved to have exactly one solution S (see
        :meth:`_known_solution`) needs no solve of its own: its solutions are S or none, so
        it forces a cell exactly when S agrees (or it has none); and a link when every pairing
        of S's tents with the trees has it, which the solver proved once for S
        (:meth:`_forced_links`). Other links are solved for: a solution's tents may be paired
        with its trees in more than one way."""
        known, sol = self._known_solution(board)
        if known:
            if sol is None:
                return True
            if all(sol.cells.get(c) == v for c, v in sets) and (
                    not links or set(links) <= self._forced_links(sol)):
                return True
            if not links:
                return False
        claims = {_F("claim_" + v, [_N(r), _N(c)]) for (r, c), v in sets}
        claims |= {_F("claim_link", [_N(t[0]), _N(t[1]), _N(x[0]), _N(x[1])]) for t, x in links}
        if any(self._game.literal(a) is None for a in claims):
            # a claim about a cell that is not free (a tree): it cannot hold on any solution
            return self.refutes(board)
        self._claim(claims)
        return self._game_model(self._doubting(board)) is None

    def _claim(self, claims: set[clingo.Symbol]) -> None:
        """Set the claims of reproof.lp (the others off)."""
        self._game.assign_externals([(a, False) for a in self._claims - claims]
                                    + [(a, True) for a in claims - self._claims])
        self._claims = claims

    def _forced_links(self, sol: Board) -> frozenset[Link]:
        """The links of ``sol`` that every pairing of its tents with the trees has, as the
        solver proves: claim them all; while some solution with those tents breaks a claim,
        the claims it breaks are not forced; once none does, the rest are. (Asked once per
        solution; each round drops a link, and a puzzle has few other pairings.)"""
        got = self._forced.get(id(sol))
        if got is not None and got[0] is sol:
            return got[1]
        forced = set(sol.links)
        cells = Board(sol.cells)
        while forced:
            self._claim({_F("claim_link", [_N(t[0]), _N(t[1]), _N(x[0]), _N(x[1])])
                         for t, x in forced})
            model = self._game_model(self._doubting(cells), shown=True)
            if model is None:
                break
            forced = {lk for lk in forced if self._attached_atoms[lk] in model}
        self._forced[id(sol)] = (sol, frozenset(forced))
        return frozenset(forced)

    def _board_lits(self, board: Board) -> list[int] | None:
        """The board as assumptions of the game: solver literals, looked up once per cell and
        link rather than per solve (:meth:`assumptions` gives them as atoms). None if the
        board puts a tent where the game has none (no tree next to it): no solution."""
        lits = self._game_lits
        if lits is None:
            # every cell and link at once, through clingo's C functions (see AtomLiterals)
            look = AtomLiterals(self._game.ctl).literal
            lits = self._game_lits = (
                {cell: look(atoms[0]) for cell, atoms in self._cell_atoms.items()},
                {lk: look(a) for lk, a in self._attached_atoms.items()})
        tent, attached = lits
        out: list[int] = []
        for cell, v in board.cells.items():
            lit = tent[cell]
            if lit is not None:
                out.append(lit if v == "tent" else -lit)
            elif v == "tent":
                return None
        for lk in board.links:
            lit = attached[lk]
            if lit is None:
                return None
            out.append(lit)
        return out

    def _game_model(self, lits: list[int] | None, *, shown: bool = False
                    ) -> frozenset[clingo.Symbol] | None:
        """One solution of the game under these assumptions (its shown atoms if ``shown``),
        or None if there is none. (The game's solve, on literals: the board's atoms need no
        look-up at each of the hundreds of re-proofs.)"""
        if lits is None:
            return None
        ctl = self._game.ctl
        conf: Any = ctl.configuration.solve
        conf.models, conf.enum_mode = "1", "auto"
        found: list[frozenset[clingo.Symbol]] = []

        def on_model(m: clingo.Model) -> None:
            found.append(frozenset(m.symbols(shown=True)) if shown else frozenset())

        ctl.solve(assumptions=lits, on_model=on_model)
        return found[0] if found else None

    def _doubting(self, board: Board) -> list[int] | None:
        """The board plus ``doubt`` (some claim fails) as assumptions; None if no solution
        can have them (a board without one, or no claim that can fail)."""
        lits = self._board_lits(board)
        doubt = self._game.literal(_DOUBT)
        return None if lits is None or doubt is None else [*lits, doubt]

    def refutes(self, board: Board) -> bool:
        """Has the board no solution? (On a board that extends one with exactly one solution
        S, as :meth:`entails` says: exactly when it disagrees with S.)"""
        known, sol = self._known_solution(board)
        if known:
            return sol is None
        return self._game_model(self._board_lits(board)) is None

    def consistent_with(self, board: Board, sets: Sets, links: tuple[Link, ...] = ()) -> bool:
        """Is there a solution that agrees with the board plus these cells and links?"""
        extra = [(_F("tent", [_N(r), _N(c)]), v == "tent") for (r, c), v in sets]
        extra += [(_F("attached", [_N(t[0]), _N(t[1]), _N(x[0]), _N(x[1])]), True)
                  for t, x in links]
        return self._game.satisfiable([*self.assumptions(board), *extra]) is not False

    def solutions(self, board: Board, n: int = 2) -> list[TentsSolution]:
        res = self._game.solve(n, assumptions=self.assumptions(board))
        return [PUZZLE.from_model(self.inst, sorted(a)) for a in res.answers]

    def solution_hint(self, board: Board) -> Board | None:
        """The solved board if exactly one solution agrees with ``board``, else None."""
        if self._hint is not None and self._hint[0] is board:
            return self._hint[1]
        known, hint = self._known_solution(board)
        if not known:
            sols = self.solutions(board, 2)
            hint = self.solution_board(sols[0]) if len(sols) == 1 else None
            if hint is not None:
                self._unique.append((board, hint))
        self._hint = (board, hint)
        return hint

    def _known_solution(self, board: Board) -> tuple[bool, Board | None]:
        """What a board found earlier to have one solution says of ``board``, without a solve:
        ``(True, solution)`` or ``(True, None)`` (no solution) if ``board`` extends it, else
        ``(False, None)``. A board with more marks has fewer solutions: if it extends a board
        with the one solution S, its solutions are S if it agrees with S, none if not."""
        last = self._last_known
        if last is not None and last[1] == len(self._unique):
            if last[0] is board:
                return last[2]
            if last[1] == 1 and last[2][0]:
                # the board adds a few marks to the last one, which extends the one board
                # known (as the board does then): only the marks added need a look
                grown = board.added_to(last[0])
                if grown is not None:
                    got = self._known_solution_grown(last[2][1], *grown)
                    self._last_known = (board, 1, got)
                    return got
        got = self._known_solution_of(board)
        self._last_known = (board, len(self._unique), got)
        return got

    @staticmethod
    def _known_solution_grown(sol: Board | None, cells: list[tuple[Cell, str]],
                              links: list[Link]) -> tuple[bool, Board | None]:
        """:meth:`_known_solution_of` a board that adds ``cells`` and ``links`` to one found
        to extend the one board known to have one solution, with the answer ``(True, sol)``
        there."""
        if sol is None:
            return True, None  # it still disagrees with the solution
        known = sol.cells
        if not all(known.get(c) == v for c, v in cells):
            return True, None
        if all(lk in sol.links for lk in links):
            return True, sol
        return False, None

    def _known_solution_of(self, board: Board) -> tuple[bool, Board | None]:
        cells = board.cells
        for base, sol in self._unique:
            if not (base.links <= board.links and len(base.cells) <= len(cells)
                    and base.cells.items() <= cells.items()):
                continue
            if not cells.items() <= sol.cells.items():
                return True, None
            if board.links <= sol.links:
                return True, sol
            # the links may still fit another pairing of the same tents: ask the solver
        return False, None

    def solution_board(self, sol: TentsSolution) -> Board:
        """The complete board of a solution (its links too, when it has its pairing)."""
        return Board({c: "tent" if c in sol.tents else "grass" for c in self.free}, sol.pairs)

    def progress_possible(self, board: Board) -> bool:
        """Is some unknown cell the same in every solution from ``board``? (If not, as on a
        puzzle with several solutions that logic has taken as far as it goes, no case split
        can conclude anything, and none need be searched.)"""
        if self.solution_hint(board) is not None:
            return True
        known, _ = self._known_solution(board)
        if known:  # no solution: a contradiction is there to be found
            return True
        base = self.assumptions(board)
        cautious = self._game.cautious(base)
        if cautious is None:  # no solution: a contradiction is there to be found
            return True
        brave = self._game.brave(base) or frozenset()
        for (r, c) in self.free:
            if (r, c) in board.cells:
                continue
            atom = _F("tent", [_N(r), _N(c)])
            if atom in cautious or atom not in brave:
                return True
        return False

    def complete(self, board: Board) -> bool:
        # (fewer marks than free cells: some free cell is unknown, no need to look)
        return len(board.cells) >= len(self.free) and all(c in board.cells for c in self.free)

    def final_check(self, board: Board) -> Step | None:
        """On a complete board: trees and tents that cannot be paired one to one.

        Every local rule may hold while the pairing fails (two trees whose only tent is the
        same). A Hall set shows it: some trees with fewer unlinked tents next to them than
        trees, or the same for tents; it is reported under No Tent for Tree / No Tree for Tent,
        the rules it generalises."""
        linked_trees = {t for t, _ in board.links}
        linked_tents = {x for _, x in board.links}
        trees = [t for t in sorted(self.inst.trees) if t not in linked_trees]
        tents = [c for c, v in sorted(board.cells.items()) if v == "tent"
                 and c not in linked_tents]
        tree_set, tent_set = set(trees), set(tents)
        group, shared = _hall_set(trees, {t: [x for x in neighbours4(t) if x in tent_set]
                                          for t in trees})
        if group:
            info = by_name("no_tent_for_tree")
            text = (f"the trees {cells_text(group)} have only "
                    f"{_plural(len(shared), 'unlinked tent')} {cells_text(shared)} next to "
                    f"them: one of them gets no tent.")
            uses = (Use("trees", tuple(group)), Use("tent", tuple(shared)))
        else:
            group, shared = _hall_set(tents, {x: [t for t in neighbours4(x) if t in tree_set]
                                              for x in tents})
            if not group:
                return None
            info = by_name("no_tree_for_tent")
            text = (f"the tents {cells_text(group)} have only "
                    f"{_plural(len(shared), 'unlinked tree')} {cells_text(shared)} next to "
                    f"them: one of them gets no tree.")
            uses = (Use("tent", tuple(group)), Use("trees", tuple(shared)))
        assert info is not None
        return Step(info.name, Kind.CONTRADICTION, uses=uses, text=text, rule_id=info.id,
                    sheet=info.sheet)

    # --- rules by name (check-step) ------------------------------------------------------------

    def rule(self, name: str) -> RuleInfo | None:
        return by_name(name)

    def rule_names(self) -> list[str]:
        return [r.name for r in CATALOGUE]

    def applications(self, board: Board, rule_id: str) -> list[Step]:
        """Every instance of a direct or contradiction rule on the board, described."""
        hits = self.hits(board)
        return [self.describe(board, h) if h.rule.id != "empty_field"
                else self._empty_field(board, [h]) for h in hits if h.rule.id == rule_id]

    # --- case splits --------------------------------------------------------------------------

    def cases(self, ev: Evaluation) -> list[Case]:
        """The case splits on the board, in the catalogue's order. (A case depends only on the
        few facts it names, and boards share most of them: cases are kept and used again.)"""
        board = ev.board
        self._split_searched = True
        for stage in self._direct_stages:
            stage.at_split = stage.known
        facts = self.board_facts(board)
        if self.reuse and self._consistent(board):
            # the split's branches and the explanation after it add to this board (where it
            # agrees with the solution: not a board inside a branch)
            unknown = len(facts.unknown)
            for stage in self._stages:
                if not stage.bake(board, unknown) and stage.main.holds(board) and \
                        unknown <= stage.main.fixed_unknown * _FIX_AT:
                    self._fix(stage.main, board, unknown)
        info = self._info
        known = self._cases
        out: list[Case] = []
        r = info["tent_or_grass"]
        unknown_cells, by_cell = facts.unknown, self._cell_cases
        for cell in self.free:  # (in order)
            if cell not in unknown_cells:
                continue
            case = by_cell.get(cell)
            if case is None:
                case = by_cell[cell] = Case(
                    r.name, r.id, r.sheet, fill(r.says, {"at": cells_text([cell])}),
                    (Use("cell", (cell,)),),
                    ((f"{cells_text([cell])} is a tent", ((cell, "tent"),), ()),
                     (f"{cells_text([cell])} is grass", ((cell, "grass"),), ())))
            out.append(case)
        r = info["links_from_tree"]
        for tree, spots in sorted(facts.spots.items()):
            if len(spots) < 2:
                continue
            key: tuple[Any, ...] = ("links_from_tree", tree,
                                    tuple((x, x in board.cells) for x in spots))
            case = known.get(key)
            if case is None:
                branches = []
                for x in spots:
                    sets: Sets = ((x, "tent"),) if x not in board.cells else ()
                    branches.append((f"tree {cells_text([tree])} is linked to "
                                     f"{cells_text([x])}", sets, ((tree, x),)))
                case = known[key] = Case(
                    r.name, r.id, r.sheet,
                    fill(r.says, {"tree": cells_text([tree]), "spots": cells_text(spots)}),
                    (Use("tree", (tree,)), Use("cells", tuple(spots))), tuple(branches))
            out.append(case)
        r = info["links_from_tent"]
        for tent, owners in sorted(facts.owners.items()):
            if len(owners) < 2:
                continue
            key = ("links_from_tent", tent, tuple(owners))
            case = known.get(key)
            if case is None:
                case = known[key] = Case(
                    r.name, r.id, r.sheet,
                    fill(r.says, {"tent": cells_text([tent]), "trees": cells_text(owners)}),
                    (Use("tent", (tent,)), Use("trees", tuple(owners))),
                    tuple((f"tent {cells_text([tent])} is linked to tree {cells_text([t])}",
                           (), ((t, tent),)) for t in owners))
            out.append(case)
        r = info["fill_in_row"]
        tents: dict[LineKey, int] = {}  # the tents of each line, in one pass over the board
        for (row, col), v in board.cells.items():
            if v == "tent":
                tents[("row", row)] = tents.get(("row", row), 0) + 1
                tents[("column", col)] = tents.get(("column", col), 0) + 1
        for line in self.lines:
            case = self._fill_in_row(board, facts, line, r, tents.get(line, 0))
            if case is not None:
                out.append(case)
        return out

    def _fill_in_row(self, board: Board, facts: BoardFacts, line: LineKey,
                     r: RuleInfo, tents: int) -> Case | None:
        clue = _clue(self.inst, line)
        if clue is None:
            return None
        cells = self._line_cells[line]
        need = clue - tents
        room = facts.room.get(line, [])
        if need <= 0 or need > len(room):
            return None
        unknown = facts.unknown
        key = ("fill_in_row", line, need, tuple(room), tuple([c for c in cells if c in unknown]))
        cases = self._cases
        if key in cases:  # (the split, or None if the tents fit in too few or too many ways)
            return cases[key]
        case = None
        if 2 <= _count_placements(room, need) <= MAX_FILL_IN_ROW:
            case = self._fill_in_row_case(line, clue, need, room, facts, r)
        cases[key] = case
        return case

    def _fill_in_row_case(self, line: LineKey, clue: int, need: int, room: list[Cell],
                          facts: BoardFacts, r: RuleInfo) -> Case:
        cells = self._line_cells[line]
        ways = placements(room, need, MAX_FILL_IN_ROW + 1)
        unknown = [c for c in cells if c in facts.unknown]
        branches = []
        for way in ways:
            sets = tuple(sorted([(c, "tent") for c in way] +
                                [(c, "grass") for c in unknown if c not in way]))
            branches.append((f"the tents of {_line_name(line)} are {cells_text(way)}", sets, ()))
        return Case(r.name, r.id, r.sheet,
                    fill(r.says, {"line": _line_name(line), "more": _plural(need, "more tent"),
                                  "ways": str(len(ways))}),
                    (Use(line[0], index=line[1], clue=clue, value=clue - need),
                     Use("cells", tuple(room))), tuple(branches))

    def _fast_board(self) -> FastBoard:
        fast = self._fast
        if fast is None:  # (imported here once: an import statement costs at every call)
            from aspuzzle.puzzles.tents.fast import FastBoard

            fast = self._fast = FastBoard(self.inst)
        return fast

    def quiet(self, board: Board) -> bool:
        """A guess that no contradiction rule fires on the board, from the Python twin, for
        boards the solution does not vouch for (on those, asking the rules costs nothing): the
        step engine then passes the board without asking (see :func:`aspuzzle.explain.loop.run`).

        That is sound because the contradictions of the rule files cannot stop firing as the
        direct rules add to a board: Too Many Tents, Touching Tents and Too Few Tents count
        tents, or cells that are not grass, and a mark only adds to the one and takes from the
        other; a tree with no place left (No Tent for Tree) or a tent with no tree left (No Tree
        for Tent) gets no link later (a direct rule links only an unlinked tree and an unlinked
        tent next to each other, a place and an owner), and no cell becomes unknown again; No
        Room for Tents: grass only takes room away, a tent in the room takes its own place and
        its neighbours in the line (the packing of the line falls by one at least, as its
        count of tents grows by one), and a tent outside the room touches a tent (Touching
        Tents fires). That holds of the bundled rules together (:data:`CATALOGUE`), the only
        ones with which the guess is made."""
        if not self._monotone or self._consistent(board):
            return False
        return not self._fast_board().fires(board)

    def probe(self, board: Board, sets: Sets, links: tuple[Link, ...]) -> Probe:
        p = self._fast_board().probe(board, sets, links)
        # the case-split search counts on every probe taking a round (min_probe_rounds); only
        # an assumption that clashes with the board itself could die before one
        return p if p.rounds >= 1 else Probe(p.dead, p.board, 1)

    def probe_within(self, board: Board, sets: Sets, links: tuple[Link, ...], rounds: int
                     ) -> Probe | None:
        """What :meth:`probe` finds if it counts at most ``rounds`` rounds, else None (cheaper
        than probing: it stops there)."""
        if rounds < 1:
            return None  # every probe counts a round at least (see probe)
        p = self._fast_board().probe_within(board, sets, links, rounds)
        return p if p is None or p.rounds >= 1 else Probe(p.dead, p.board, 1)

    def dies_within(self, board: Board, sets: Sets, links: tuple[Link, ...], rounds: int
                    ) -> bool:
        """Would :meth:`probe` find the assumption dead within ``rounds`` rounds? (Cheaper than
        probing: it stops there.)"""
        return self._fast_board().dies_within(board, sets, links, max(rounds, 1))

    def first_dies_within(self, board: Board, assumptions: Sequence[tuple[Sets, tuple[Link, ...]]],
                          rounds: int) -> int | None:
        """The index of the first assumption that :meth:`dies_within` ``rounds`` rounds, if any
        (asked at once of the twin: the case search asks hundreds on each board)."""
        return self._fast_board().first_dies_within(board, assumptions, max(rounds, 1))

    # --- words --------------------------------------------------------------------------------

    def _empty_field(self, board: Board, hits: list[Hit]) -> Step:
        rule = hits[0].rule
        cells = sorted(c for h in hits for c, _ in h.sets)
        linked = sorted({(t, x) for c in cells for t in neighbours4(c) if t in self.inst.trees
                         for (t2, x) in board.links if t2 == t})
        uses = [Use("cells", tuple(cells))] + [Use("link", (t, x)) for t, x in linked]
        values = counted("cells", cells)
        values["why"] = "next to no tree that still needs a tent" if linked else "next to no tree"
        return Step(rule.name, rule.kind, tuple((c, "grass") for c in cells), (), tuple(uses),
                    fill(rule.says, values), rule_id=rule.id, sheet=rule.sheet)

    def describe_group(self, board: Board, hits: list[Hit]) -> Step:
        """The step of one rule instance, or of every Empty Field cell at once."""
        if hits[0].rule.id == "empty_field":
            return self._empty_field(board, hits)
        return self.describe(board, hits[0])

    def describe(self, board: Board, h: Hit) -> Step:
        """The step (with its words and the facts it used) of one rule instance: its rule
        file's sentence (``says``) filled with the values of :meth:`_say`."""
        rule = h.rule
        if rule.id == "empty_field":
            return self._empty_field(board, [h])
        sets, links = board.new_in(h.sets, h.links)
        said = self._say(board, h, sets, links) if rule.says else None
        if said is None:
            raise RuntimeError(f"no words for {rule.id} at {h.key[0]}")
        values, uses = said
        return Step(rule.name, rule.kind, sets, links, tuple(uses), fill(rule.says, values),
                    rule_id=rule.id, sheet=rule.sheet)

    def _say(self, board: Board, h: Hit, sets: Sets, links: tuple[Link, ...]
             ) -> tuple[dict[str, str], list[Use]] | None:
        """The values of a rule instance's sentence, and the facts it used (None: a rule this
        reasoner has no words for). Each list of cells ``X`` gives ``{X}`` and its grammar
        (``{X_is}``, ... :func:`~aspuzzle.explain.staged.counted`)."""
        rid, (kind, where) = h.rule.id, h.key
        uses: list[Use] = []
        values: dict[str, str] = {}
        new_tents = [c for c, v in sets if v == "tent"]
        grass = [c for c, v in sets if v == "grass"]
        if kind in ("row", "column"):
            assert isinstance(where, int)
            line: LineKey = (kind, where)
            cells = line_cells(self.inst, line)
            clue = _clue(self.inst, line)
            tents = [c for c in cells if board.cells.get(c) == "tent"]
            unknown = [c for c in cells if c not in board.cells and c not in self.inst.trees]
            uses.append(Use(kind, index=where, clue=clue, value=len(tents)))
            if tents:
                uses.append(Use("tent", tuple(tents)))
            values.update(line=_line_name(line), n_tents=_plural(clue or 0, "tent"),
                          has=str(len(tents)), unknown=_plural(len(unknown), "unknown cell"),
                          tents=cells_text(tents))
            if rid in ("finish_with_tents", "too_few_tents", "no_room_for_tents",
                       "all_placements_agree", "touched_by_every_placement"):
                uses.append(Use("unknown", tuple(unknown)))
            if rid == "finish_with_grass":
                grass = [c for c, _ in sets]
            elif rid == "finish_with_tents":
                new_tents = [c for c, _ in sets]
            elif rid == "only_placement":
                values["others"] = _plural(len(new_tents), "tent")
                values["and_grass"] = f" and {_are(grass, 'grass')}" if grass else ""
            elif rid in ("all_placements_agree", "touched_by_every_placement"):
                need = (clue or 0) - len(tents)
                other = "other " if tents else ""
                values["missing"] = f"{other}tent fits" if need == 1 else \
                    f"{other}{need} tents fit"
                found = ([f"puts a tent on {cells_text(new_tents)}"] if new_tents else []) + \
                    ([f"leaves {cells_text(grass)} empty"] if grass else [])
                values["found"] = " and ".join(found)
                values["so"] = " and ".join(([_are_tents(new_tents)] if new_tents else [])
                                            + ([_are(grass, "grass")] if grass else []))
            elif rid == "no_room_for_tents":
                values["room"] = str(_max_packing(self, board, line))
            elif rid not in ("too_many_tents", "too_few_tents"):
                return None
        elif kind == "tent":
            tent = cast(Cell, where)
            uses.append(Use("tent", (tent,)))
            values["at"] = cells_text([tent])
            if rid == "surround_tent_with_grass":
                grass = [c for c, _ in sets]
                values["adjoin"] = "they adjoin" if len(sets) > 1 else "it adjoins"
            elif rid == "tree_for_tent":
                (owner, _), = links
                taken = self._taken_trees(board, tent)
                uses.append(Use("tree", (owner,)))
                values["tree"] = cells_text([owner])
                if taken:
                    uses.append(Use("trees", tuple(taken)))
            elif rid == "no_tree_for_tent":
                taken = self._taken_trees(board, tent)
                if taken:
                    uses.append(Use("trees", tuple(taken)))
                values["no_tree"] = f"has no tree: {_are(taken, 'linked to other tents')}" \
                    if taken else "is next to no tree"
            else:
                return None
        elif kind == "tree":
            tree = cast(Cell, where)
            uses.append(Use("tree", (tree,)))
            values["at"] = cells_text([tree])
            blocked = self._blocked(board, tree)
            if blocked:
                uses.append(Use("cells", tuple(blocked)))
            if rid in ("last_camping_spot", "tent_for_tree"):
                (_, spot), = links
                values["spot"] = cells_text([spot])
            elif rid == "corner_of_two_spots":
                grass = [c for c, _ in sets]
                spots = self._spots(board, tree)
                uses.append(Use("cells", tuple(spots)))
                values.update(spot1=cells_text(spots[:1]), spot2=cells_text(spots[1:]))
            elif rid != "no_tent_for_tree":
                return None
        elif kind == "pair":
            a, b = cast(tuple[Cell, Cell], where)
            uses.append(Use("tent", (a, b)))
            values.update(a=cells_text([a]), b=cells_text([b]))
        else:
            return None
        values.update(counted("grass", grass))
        values.update(counted("tent", new_tents))
        values["tent_tents"] = "a tent" if len(new_tents) == 1 else "tents"
        return values, uses

    def _spots(self, board: Board, tree: Cell) -> list[Cell]:
        """The places left for the tree's tent: unknown neighbours, unlinked tents."""
        linked = {x for _, x in board.links}
        return [x for x in neighbours4(tree) if x in self._free_set
                and (x not in board.cells or (board.cells[x] == "tent" and x not in linked))]

    def _taken_trees(self, board: Board, tent: Cell) -> list[Cell]:
        linked = {t for t, _ in board.links}
        return [t for t in neighbours4(tent) if t in self.inst.trees and t in linked
                and (t, tent) not in board.links]

    def _blocked(self, board: Board, tree: Cell) -> list[Cell]:
        """Neighbours of a tree that cannot hold its tent (grass, linked elsewhere)."""
        linked_tents = {x for _, x in board.links}
        return [x for x in neighbours4(tree) if self.inside(x) and (
            board.cells.get(x) == "grass" or (board.cells.get(x) == "tent"
                                              and x in linked_tents))]


def _max_packing(reasoner: TentsReasoner, board: Board, line: LineKey) -> int:
    room = []
    for c in line_cells(reasoner.inst, line):
        if c in board.cells or c in reasoner.inst.trees:
            continue
        if any(board.cells.get(n) == "tent" for n in neighbours8(c)):
            continue
        room.append(c)
    return _packing_size(room)


def _packing_size(room: Sequence[Cell]) -> int:
    taken, prev = 0, None
    for c in room:
        if prev is None or abs(c[0] - prev[0]) + abs(c[1] - prev[1]) != 1:
            taken += 1
            prev = c
        else:
            prev = None
    return taken


def _count_placements(room: Sequence[Cell], need: int) -> int:
    """How many ways :func:`placements` has (without listing them)."""
    runs: list[int] = []
    prev: Cell | None = None
    for c in room:
        if prev is not None and abs(c[0] - prev[0]) + abs(c[1] - prev[1]) == 1:
            runs[-1] += 1
        else:
            runs.append(1)
        prev = c
    return _count_in_runs(tuple(runs), need)


@lru_cache(maxsize=4096)
def _count_in_runs(runs: tuple[int, ...], need: int) -> int:
    """Ways to choose ``need`` cells, no two consecutive, in runs of these lengths: a run of m
    cells holds j of them in C(m - j + 1, j) ways, and the runs multiply."""
    ways = [1] + [0] * need  # ways[k]: k cells chosen in the runs so far
    for m in runs:
        ways = [sum(ways[k - j] * comb(m - j + 1, j) for j in range(min(k, (m + 1) // 2) + 1))
                for k in range(need + 1)]
    return ways[need]


def placements(room: Sequence[Cell], need: int, limit: int) -> list[tuple[Cell, ...]]:
    """Ways to choose ``need`` cells of ``room`` (cells of one line, in order) with no two
    consecutive; stops after ``limit`` ways."""
    out: list[tuple[Cell, ...]] = []

    def adjacent(a: Cell, b: Cell) -> bool:
        return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1

    def go(start: int, chosen: list[Cell]) -> None:
        if len(out) >= limit:
            return
        if len(chosen) == need:
            out.append(tuple(chosen))
            return
        for i in range(start, len(room)):
            if len(room) - i < need - len(chosen):
                return
            c = room[i]
            if chosen and adjacent(chosen[-1], c):
                continue
            chosen.append(c)
            go(i + 1, chosen)
            chosen.pop()

    go(0, [])
    return out


def _hall_set(left: list[Cell], adj: dict[Cell, list[Cell]]) -> tuple[list[Cell], list[Cell]]:
    """A set of ``left`` items with fewer neighbours than items (Hall's condition fails), and
    those neighbours; ``([], [])`` if every item can have its own neighbour."""
    match: dict[Cell, Cell] = {}  # right -> left

    def augment(u: Cell, seen: set[Cell]) -> bool:
        for v in adj[u]:
            if v in seen:
                continue
            seen.add(v)
            if v not in match or augment(match[v], seen):
                match[v] = u
                return True
        return False

    for u in left:
        if not augment(u, set()):
            # the items reachable from u by alternating paths: |their neighbours| = |them| - 1
            reach, frontier, shared = {u}, [u], set()
            while frontier:
                w = frontier.pop()
                for v in adj[w]:
                    shared.add(v)
                    other = match.get(v)
                    if other is not None and other not in reach:
                        reach.add(other)
                        frontier.append(other)
            return sorted(reach), sorted(shared)
    return [], []


# --- a player's board -------------------------------------------------------------------------

def read_state(text: str) -> tuple[TentsInstance, dict[Cell, str], frozenset[Link]]:
    """A player's board: plain text with ``A``/``x`` marks, a Tatham game ID with marks, or a
    LEGUP TreeTent file (marks and tree-tent lines)."""
    from aspuzzle.puzzles.tents import formats, legup, tatham

    if legup.detect_legup(text):
        return legup.read_legup_state(text)
    if tatham.detect_tatham(text) and not formats.detect_text(text):
        inst, marks = tatham.read_tatham_marks(text)
        return inst, marks, frozenset()
    inst, marks = formats.read_text_marks(text)
    return inst, marks, frozenset()


def board_of(inst: TentsInstance, marks: dict[Cell, str],
             links: frozenset[Link]) -> tuple[Board, list[Step]]:
    """The board of a player's marks and links, and the links that break the rules of links
    (two links on one tree or tent, a link to grass): those are left off the board."""
    cells = dict(marks)
    problems: list[Step] = []
    kept: list[Link] = []

    def bad(text: str, involved: tuple[Cell, ...]) -> None:
        problems.append(Step("Invalid Link", Kind.CONTRADICTION, uses=(Use("link", involved),),
                             text=text, rule_id="invalid_link", sheet="2.d"))

    for tree, tent in sorted(links):
        if cells.get(tent) == "grass":
            bad(f"the tree at {cells_text([tree])} is linked to {cells_text([tent])}, which is "
                f"grass.", (tree, tent))
            continue
        for t2, x2 in kept:
            if t2 == tree:
                bad(f"the tree at {cells_text([tree])} is linked to two tents, "
                    f"{cells_text([x2])} and {cells_text([tent])}.", (tree, x2, tent))
                break
            if x2 == tent:
                bad(f"the tent at {cells_text([tent])} is linked to two trees, "
                    f"{cells_text([t2])} and {cells_text([tree])}.", (t2, tree, tent))
                break
        else:
            kept.append((tree, tent))
            cells[tent] = "tent"
    return Board(cells, frozenset(kept)), problems


# --- the reasoning kit: what the CLI and the library reach through the Puzzle protocol -------

_VALUES = {"tent": "tent", "a": "tent", "t": "tent", "grass": "grass", "x": "grass",
           "g": "grass"}


def _inside(inst: TentsInstance, cell: Cell) -> None:
    from aspuzzle.errors import UsageError

    if not (1 <= cell[0] <= inst.height and 1 <= cell[1] <= inst.width):
        raise UsageError(f"({cell[0]},{cell[1]}) is outside the {inst.height}x{inst.width} grid")


def parse_set(item: str, inst: TentsInstance) -> list[tuple[Cell, str]]:
    """``"3,1=grass"`` -> ``[((3, 1), "grass")]``, a free cell of the grid."""
    from aspuzzle.errors import UsageError
    from aspuzzle.explain.parse import parse_cell_value

    cell, value = parse_cell_value(item, _VALUES, "tent or grass")
    _inside(inst, cell)
    if cell in inst.trees:
        raise UsageError(f"({cell[0]},{cell[1]}) is a tree")
    return [(cell, value)]


def parse_link(item: str, inst: TentsInstance) -> Link:
    """``"2,4-1,4"`` -> ``((2, 4), (1, 4))``: a tree and a free cell next to it."""
    from aspuzzle.errors import UsageError
    from aspuzzle.explain.parse import parse_cell

    a, sep, b = item.partition("-")
    if not sep:
        raise UsageError(f"--link: '{item}' is not TREE_ROW,TREE_COL-ROW,COL (e.g. 2,4-1,4)")
    tree, tent = parse_cell(a, "--link"), parse_cell(b, "--link")
    _inside(inst, tree)
    _inside(inst, tent)
    if tree not in inst.trees:
        raise UsageError(f"--link: ({tree[0]},{tree[1]}) is not a tree")
    if abs(tree[0] - tent[0]) + abs(tree[1] - tent[1]) != 1 or tent in inst.trees:
        raise UsageError(f"--link: ({tent[0]},{tent[1]}) is not a free cell next to the "
                         f"tree ({tree[0]},{tree[1]})")
    return tree, tent


def read_board(text: str, inst: TentsInstance) -> tuple[Board, list[Step]]:
    """A player's board of this puzzle, and the links that break the rules of links."""
    from aspuzzle.errors import InputError

    state_inst, marks, links = read_state(text)
    if state_inst != inst:
        raise InputError("the board is not of this puzzle (its size, trees or clues differ)")
    return board_of(inst, marks, links)


def reasoning() -> Any:
    from aspuzzle.puzzles.base import Reasoning, lazy
    from aspuzzle.puzzles.tents.legup import detect_legup

    proofs = "aspuzzle.puzzles.tents.proofs"
    return Reasoning(
        reasoner=TentsReasoner, catalogue=CATALOGUE, read_state=read_board,
        parse_set=parse_set, parse_link=parse_link, shows_links=detect_legup,
        mark_formats=("text", "tatham", "legup"),
        verify_rule=lazy("aspuzzle.puzzles.tents.rulecheck", "verify"),
        export_proof=lazy(f"{proofs}.export", "export_proof"),
        check_proof=lazy(f"{proofs}.check", "check_proof"),
        rule_alias=_rule_alias, load_teacher=lazy(f"{proofs}.teacher", "load_rules_dir"),
        with_teacher=lazy(f"{proofs}.teacher", "with_teacher_rules"),
        derive=lazy(f"{proofs}.derive", "derive"),
        mine=lazy("aspuzzle.puzzles.tents.mine", "mine_tents"),
        state_help="text grid with A (tent) / x (grass) marks, Tatham ID, or LEGUP XML",
        set_help="ROW,COL=tent|grass (or A / x)")


def _rule_alias(name: str) -> str | None:
    from aspuzzle.puzzles.tents.proofs import catalogue

    r = catalogue.find(name, "") or catalogue.find("", name)
    return r.ours if r is not None else None
