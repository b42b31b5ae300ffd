"""Teachers' own Tree Tent rules: rule files from a folder, proven sound before they are used.

A teacher's rule is an ``.lp`` file written like the bundled ones
(``aspuzzle/puzzles/tents/rules/*.lp``: it reads board.lp's vocabulary, and places.lp's and
room.lp's) that opens with a header of ``% Key: value`` lines::

    % Rule:    Corner Grass                   the name a LEGUP transition writes (required)
    % Kind:    direct                         direct or contradiction (required)
    % Id:      TEACH-0001                     the rule_id a LEGUP transition writes (optional;
                                              default TEACHER-<FILE STEM>)
    % Summary: a corner cell whose two neighbours are grass is grass  (optional)

or with a kit rule file's ``%! name:``, ``%! kind:`` and ``%! summary:`` lines instead (as
``aspuzzle rules mine`` writes its rules; see :mod:`aspuzzle.kit.rulefile`).

The file's stem is the rule's aspuzzle id: its atoms are ``sets(STEM, Key, R, C, Value)`` and
``links(STEM, Key, TR, TC, R, C)`` (a direct rule; Value ``tent`` or ``grass``; a link from the
tree at (TR, TC) to the tent at (R, C)) or ``contradiction(STEM, Key)``, where Key is
``row(R)``, ``col(C)``, ``pair(R1, C1, R2, C2)`` or ``NAME(R, C)`` (``cell(R, C)``,
``tree(R, C)``, ...). Its own helper predicates should start with its id: in explain, hint and
check-step it is grounded beside the bundled contradiction rules. A link is proven sound like a
cell (see :mod:`aspuzzle.puzzles.tents.rulecheck`: every solution and pairing the board extends
draws it). Case rules stay the bundled ones.

Every file is verified with :func:`aspuzzle.puzzles.tents.rulecheck.verify` before it is used; an
unsound one is refused with its counterexample (a one-line UsageError).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aspuzzle.errors import UsageError
from aspuzzle.explain.rules import RuleInfo, norm
from aspuzzle.explain.steps import Board, Kind, Step, cells_text
from aspuzzle.puzzles.tents.model import TentsInstance
from aspuzzle.puzzles.tents.proofs.catalogue import LEGUP_RULES, LegupRule
from aspuzzle.puzzles.tents.reasoning import TentsReasoner
from aspuzzle.puzzles.tents.rules import CATALOGUE

__all__ = ["VERIFY_UP_TO", "TeacherRule", "TeacherRules", "load_rules_dir", "teacher_reasoner",
           "with_teacher_rules"]

VERIFY_UP_TO = (5, 5)
"""Teachers' rules are proven sound on every board up to this size before use."""

_KINDS = {"direct": Kind.DIRECT, "contradiction": Kind.CONTRADICTION}
_HEADER = re.compile(r"%\s*([A-Za-z]+)\s*:\s*(.*?)\s*$")
_KIT_HEADER = re.compile(r"%!\s*(name|kind|summary)\s*:\s*(.*?)\s*$")
_KIT_FIELDS = {"name": "rule", "kind": "kind", "summary": "summary"}


@dataclass(frozen=True)
class TeacherRule(RuleInfo):
    """A rule of the teacher's folder (its ASP program is ``path``)."""

    path: str = ""
    legup_id: str = ""

    @property
    def file(self) -> Any:
        return Path(self.path)

    @property
    def legup(self) -> LegupRule:
        return LegupRule(self.legup_id, self.name, self.id, self.kind, legup=False)


@dataclass(frozen=True)
class TeacherRules:
    """The verified rules of a folder (picklable: grade's workers get them as they are)."""

    rules: tuple[TeacherRule, ...] = ()

    def find(self, rule_id: str, name: str = "") -> TeacherRule | None:
        """By the rule_id a transition writes, else by name or aspuzzle id, in any case."""
        if rule_id.strip():
            key = rule_id.strip().upper()
            return next((r for r in self.rules if r.legup_id.upper() == key), None)
        key = norm(name)
        return next((r for r in self.rules if key and key in (norm(r.name), norm(r.id))), None)

    def by_id(self, rule_id: str) -> TeacherRule | None:
        return next((r for r in self.rules if r.id == rule_id), None)


def _header(path: Path, text: str) -> dict[str, str]:
    fields: dict[str, str] = {}
    for line in text.splitlines():
        if not line.startswith("%"):
            break
        kit = _KIT_HEADER.match(line)  # a kit rule file's header (rules mine writes one)
        if kit:
            fields.setdefault(_KIT_FIELDS[kit[1]], kit[2])
            continue
        m = _HEADER.match(line)
        if m and m[1].lower() in ("rule", "kind", "id", "summary"):
            fields.setdefault(m[1].lower(), m[2])
    return fields


def read_rule(path: Path) -> TeacherRule:
    """A rule file's header as a rule (not yet verified)."""
    try:
        text = path.read_text()
    except (OSError, UnicodeDecodeError) as e:
        raise UsageError(f"{path}: cannot read the rule file ({e.__class__.__name__})") from None
    h = _header(path, text)
    rid = path.stem
    if not re.fullmatch(r"[a-z][a-z0-9_]*", rid):
        raise UsageError(f"{path}: a rule file's name must be a lowercase identifier "
                         "(its atoms' first argument), e.g. corner_grass.lp")
    if any(r.id == rid for r in CATALOGUE):
        raise UsageError(f"{path}: '{rid}' is a bundled rule; name the file otherwise")
    if "rule" not in h or "kind" not in h:
        raise UsageError(f"{path}: the header needs '% Rule: NAME' and '% Kind: direct' "
                         "(or contradiction)")
    kind = _KINDS.get(h["kind"].lower())
    if kind is None:
        raise UsageError(f"{path}: Kind must be direct or contradiction, not "
                         f"'{h['kind'][:20]}'")
    code = re.sub(r"%.*", "", text)  # comments may name other rules
    heads = re.findall(r"\b(sets|links|contradiction)\s*\(\s*([A-Za-z_]\w*)", code)
    allowed = {"sets", "links"} if kind is Kind.DIRECT else {"contradiction"}
    if not heads or any(p not in allowed for p, _ in heads):
        what = "sets(...) or links(...)" if kind is Kind.DIRECT else "contradiction(...)"
        raise UsageError(f"{path}: a {kind} rule defines {what} named after the file and "
                         "nothing else of sets/links/contradiction")
    strange = sorted({(p, n) for p, n in heads if n != rid})
    if strange:
        pred, name = strange[0]
        raise UsageError(f"{path}: its atoms must be named after the file, {pred}({rid}, ...), "
                         f"not {pred}({name}, ...)")
    legup_id = h.get("id") or f"TEACHER-{rid.upper()}"
    return TeacherRule(rid, h["rule"], kind, "teacher", h.get("summary", ""), "",
                       path=str(path), legup_id=legup_id)


def load_rules_dir(folder: str | Path, *, up_to: tuple[int, int] = VERIFY_UP_TO
                   ) -> TeacherRules:
    """Every ``*.lp`` of the folder, each proven sound on every board up to ``up_to`` first.
    An unsound, unreadable or badly headed file, or a name taken twice: UsageError."""
    from aspuzzle.puzzles.tents.rulecheck import verify

    root = Path(folder)
    if not root.is_dir():
        raise UsageError(f"--rules-dir: {folder}: not a folder")
    rules = [read_rule(p) for p in sorted(root.glob("*.lp"))]
    if not rules:
        raise UsageError(f"--rules-dir: {folder}: no rule file (*.lp)")
    taken = {norm(r.name) for r in LEGUP_RULES} | {r.id.upper() for r in LEGUP_RULES}
    for r in rules:
        for key in (norm(r.name), r.legup_id.upper()):
            if key in taken:
                raise UsageError(f"{r.path}: the rule name or id '{key}' is already taken")
            taken.add(key)
    for r in rules:
        v = verify(r.path, up_to=up_to)
        c = v.counterexample
        if c is not None:
            board = " / ".join(line.strip() for line in c.render().splitlines())
            raise UsageError(f"{r.path}: rule '{r.name}' is not sound: on this "
                             f"{c.height}x{c.width} board it concludes what a solution denies "
                             f"(T tree, A tent, x grass): {board}")
    return TeacherRules(tuple(rules))


class _TeacherReasoner(TentsReasoner):
    """The Tents reasoner with some teacher's rules among its rules."""

    def __init__(self, inst: TentsInstance, rules: Sequence[RuleInfo],
                 teacher: TeacherRules) -> None:
        super().__init__(inst, rules)
        self.teacher = teacher
        for r in teacher.rules:
            self._order.setdefault(r.id, len(self._order))
            self._info.setdefault(r.id, r)

    def rule(self, name: str) -> RuleInfo | None:
        return self.teacher.find("", name) or super().rule(name)

    def rule_names(self) -> list[str]:
        return [*super().rule_names(), *(r.name for r in self.teacher.rules)]

    def describe(self, board: Board, h: Any) -> Step:
        rule = h.rule
        if not isinstance(rule, TeacherRule):
            return super().describe(board, h)
        sets, links = board.new_in(h.sets, h.links)
        kind, where = h.key
        if kind in ("row", "column"):
            at = f"{kind} {where}"
        elif kind == "pair":
            at = f"the cells {cells_text(list(where))}"
        else:
            at = f"the {kind} at {cells_text([where])}"
        if rule.kind is Kind.CONTRADICTION:
            text = f"the teacher's rule {rule.name} fires at {at}."
        else:
            tents = [c for c, v in sets if v == "tent"]
            grass = [c for c, v in sets if v == "grass"]
            said = [f"sets {cells_text(tents)} tent{'s' if len(tents) > 1 else ''}"] \
                if tents else []
            said += [f"sets {cells_text(grass)} grass"] if grass else []
            said += [f"links the tree at {cells_text([t])} to {cells_text([x])}"
                     for t, x in links]
            text = f"the teacher's rule {rule.name} at {at} {' and '.join(said)}."
        return Step(rule.name, rule.kind, sets, links, (), text, rule_id=rule.id,
                    sheet=rule.sheet)


def teacher_reasoner(inst: TentsInstance, rule: TeacherRule,
                     teacher: TeacherRules) -> TentsReasoner:
    """A reasoner that grounds one teacher's rule only, with the vocabulary a rule file may
    read: places.lp and room.lp come with two bundled contradiction rules that read them,
    grounded in the same program as the teacher's (the reasoner's last stage), whose
    conclusions are never asked for here."""
    from aspuzzle.puzzles.tents.rules import by_name

    vocabulary = tuple(r for r in (by_name("no_tent_for_tree"), by_name("no_room_for_tents"))
                       if r is not None)
    return _TeacherReasoner(inst, (*vocabulary, rule), teacher)


def with_teacher_rules(inst: TentsInstance, teacher: TeacherRules) -> TentsReasoner:
    """The whole Tents reasoner and the teacher's rules, which come after the bundled ones in
    its order of preference (for explain, hint and check-step)."""
    return _TeacherReasoner(inst, (*CATALOGUE, *teacher.rules), teacher)
