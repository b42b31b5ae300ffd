"""LEGUP puzzle files (XML) of a kit grid type, read and written as LEGUP's importer and
exporter for that puzzle do, driven by the type's :class:`~aspuzzle.kit.spec.LegupSpec`.

::

    <?xml version="1.0" encoding="UTF-8" standalone="no"?>
    <Legup version="2.0.0">
        <puzzle name="LightUp">
            <board height="7" width="7">
                <cells>
                    <cell value="1" x="2" y="0"/>     <!-- a number: its value -->
                    <cell value="-1" x="4" y="0"/>    <!-- a kind or mark: LegupSpec.values -->
                </cells>
            </board>
        </puzzle>
    </Legup>

Coordinates are 0-based, ``x`` the column and ``y`` the row; a cell LEGUP calls unknown is
left out (LightUp's exporter writes only cells whose value is not -2, and its importer makes
the cells it does not find unknown). ``size="N"`` is read for a square board, as LEGUP does.
A player's saved file also has a ``proof`` tree (``<node>``s holding ``<transition>``s whose
``<cell>``s are what the step changes, see :mod:`aspuzzle.kit.legup_proof`); reading the
puzzle ignores it, :func:`read_state` follows it from the root for as long as it does not
branch.

The XML is parsed with expat into :mod:`xml.etree.ElementTree` elements; a document type
declaration (and with it every entity declaration) is refused, and malformed XML is reported
as one line with its line and column.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
import xml.parsers.expat as expat
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from aspuzzle.errors import InputError, Location
from aspuzzle.kit.model import Cell, CellValue, GridInstance, GridSolution, make, playable
from aspuzzle.kit.spec import GridSpec, LegupSpec

__all__ = ["Doc", "LegupBoard", "ProofNode", "ProofTransition", "board_size", "cells_lines",
           "children", "detect_legup", "detect_name", "document", "letters", "letters_number",
           "one", "parse",
           "proof_path", "proof_tree", "puzzle_board", "read_board", "read_legup", "read_state",
           "unknown_change", "write_legup"]

_INT = re.compile(r"-?[0-9]{1,6}")
IND = "    "


class _Reject(Exception):
    def __init__(self, message: str, where: Location) -> None:
        super().__init__(message)
        self.message, self.where = message, where


@dataclass
class Doc:
    root: ET.Element
    places: dict[int, tuple[int, int]] = field(default_factory=dict)

    def at(self, elem: ET.Element, cell: Cell | None = None) -> Location:
        place = self.places.get(id(elem))
        if place is None:
            return Location(cell=cell)
        return Location(place[0], place[1], cell=cell)


def parse(text: str) -> Doc:
    """The document, every element's start position kept; InputError for bad XML."""
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    builder = ET.TreeBuilder()
    places: dict[int, tuple[int, int]] = {}

    def here() -> Location:
        return Location(parser.CurrentLineNumber, parser.CurrentColumnNumber + 1)

    def doctype(*_: object) -> None:
        raise _Reject("LEGUP: a document type declaration (<!DOCTYPE ...>) is not allowed "
                      "in a puzzle file", here())

    def entity(*_: object) -> None:
        raise _Reject("LEGUP: entity declarations are not allowed in a puzzle file", here())

    def start(tag: str, attrs: dict[str, str]) -> None:
        places[id(builder.start(tag, attrs))] = (parser.CurrentLineNumber,
                                                 parser.CurrentColumnNumber + 1)

    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = entity
    parser.StartElementHandler = start
    parser.EndElementHandler = builder.end
    try:
        parser.Parse(text, True)
    except _Reject as e:
        raise InputError(e.message, e.where) from None
    except expat.ExpatError as e:
        raise InputError(f"LEGUP: malformed XML: {expat.ErrorString(e.code)}",
                         Location(e.lineno, e.offset + 1)) from None
    return Doc(builder.close(), places)


def children(elem: ET.Element, tag: str) -> list[ET.Element]:
    """The children named ``tag`` (LEGUP compares element names ignoring case)."""
    return [c for c in elem if c.tag.lower() == tag]


def one(doc: Doc, parent: ET.Element, tag: str, what: str) -> ET.Element:
    found = children(parent, tag)
    if not found:
        raise InputError(f"LEGUP: <{parent.tag}> has no <{tag}> element ({what})",
                         doc.at(parent))
    if len(found) > 1:
        raise InputError(f"LEGUP: <{parent.tag}> has more than one <{tag}> element",
                         doc.at(found[1]))
    return found[0]


def attr_int(doc: Doc, elem: ET.Element, name: str) -> int:
    raw = elem.get(name)
    if raw is not None and raw.isascii() and raw.isdigit() and len(raw) <= 6:
        return int(raw)  # the common case, as LEGUP writes it
    if raw is None:
        raise InputError(f"LEGUP: <{elem.tag}> has no '{name}' attribute", doc.at(elem))
    value = raw.strip()
    if not _INT.fullmatch(value):
        raise InputError(f"LEGUP: <{elem.tag}> attribute {name}=\"{raw[:20]}\" is not a "
                         "number", doc.at(elem))
    return int(value)


def _legup(spec: GridSpec) -> LegupSpec:
    if spec.legup is None:
        raise InputError(f"{spec.name} has no LEGUP format")
    return spec.legup


@dataclass
class LegupBoard:
    """A board as a LEGUP file gives it: LEGUP values of the cells it names (1-based)."""

    height: int
    width: int
    values: dict[Cell, int]
    puzzle: ET.Element


def read_board(spec: GridSpec, doc: Doc) -> LegupBoard:
    """The ``<board>`` of a file of the type's LEGUP puzzle."""
    puzzle, board = puzzle_board(doc, _legup(spec).puzzle)
    height, width = board_size(doc, board)
    lo, hi = spec.min_size, spec.max_size
    if not (lo <= height <= hi and lo <= width <= hi):
        raise InputError(f"LEGUP: board size {width}x{height} is out of range ({lo}..{hi} "
                         "rows and columns)", doc.at(board))
    cells = one(doc, board, "cells", "LEGUP needs it even when it is empty")
    values: dict[Cell, int] = {}
    for elem in children(cells, "cell"):
        cell, value = read_cell(spec, doc, elem, height, width)
        if cell in values:
            raise InputError(f"LEGUP: cell x={cell[1] - 1} y={cell[0] - 1} is given twice",
                             doc.at(elem, cell))
        values[cell] = value
    return LegupBoard(height, width, values, puzzle)


def board_size(doc: Doc, board: ET.Element) -> tuple[int, int]:
    """(height, width) of a ``<board>``: its ``size`` (a square board, as LEGUP reads it), else
    its ``height`` and ``width``."""
    if board.get("size") is not None:
        n = attr_int(doc, board, "size")
        return n, n
    return attr_int(doc, board, "height"), attr_int(doc, board, "width")


def letters(n: int) -> str:
    """LEGUP's ``colNumToString``, the index of a row clue: 1 -> A, 26 -> Z, 27 -> AA."""
    out = ""
    n -= 1
    while n >= 0:
        out = chr(ord("A") + n % 26) + out
        n = n // 26 - 1
    return out


def letters_number(raw: str) -> int | None:
    """LEGUP's ``colStringToColNum`` (bijective base 26, the inverse of :func:`letters`), of
    one to four letters in either case; None for anything else."""
    if not re.fullmatch(r"[A-Za-z]{1,4}", raw):
        return None
    n = 0
    for ch in raw.upper():
        n = n * 26 + ord(ch) - ord("A") + 1
    return n


def puzzle_board(doc: Doc, name: str) -> tuple[ET.Element, ET.Element]:
    """The ``<puzzle>`` and its ``<board>`` of a file of LEGUP's puzzle ``name``."""
    root = doc.root
    if root.tag.lower() != "legup":
        raise InputError(f"LEGUP: the root element is <{root.tag}>, expected <Legup>",
                         doc.at(root))
    puzzle = one(doc, root, "puzzle", "the puzzle")
    found = puzzle.get("name", "")
    if found.lower() != name.lower():
        raise InputError(f"LEGUP: this file holds a '{found[:30]}' puzzle, not {name}",
                         doc.at(puzzle))
    return puzzle, one(doc, puzzle, "board", "the grid")


def _value_range(spec: GridSpec) -> tuple[int, int]:
    lspec = _legup(spec)
    numbers = [v for k in spec.cells if k.numbered for v in (k.low, k.high) if v is not None]
    every = [*lspec.values.values(), *numbers]
    return min(every), max(every)


def read_cell(spec: GridSpec, doc: Doc, elem: ET.Element, height: int,
              width: int) -> tuple[Cell, int]:
    value, x, y = (attr_int(doc, elem, "value"), attr_int(doc, elem, "x"),
                   attr_int(doc, elem, "y"))
    if not (0 <= x < width and 0 <= y < height):
        raise InputError(f"LEGUP: cell x={x} y={y} is outside the {width}x{height} board",
                         doc.at(elem))
    lo, hi = _value_range(spec)
    if not lo <= value <= hi:
        raise InputError(f"LEGUP: cell x={x} y={y} has value {value}, not one of "
                         f"{lo}..{hi}", doc.at(elem, (y + 1, x + 1)))
    return (y + 1, x + 1), value


def _names(spec: GridSpec) -> tuple[dict[int, str], dict[int, str]]:
    """LEGUP value -> cell kind name, LEGUP value -> mark name."""
    lspec = _legup(spec)
    kinds = {k.name for k in spec.cells}
    marks = {m.value for m in spec.marks}
    return ({v: n for n, v in lspec.values.items() if n in kinds},
            {v: n for n, v in lspec.values.items() if n in marks})


def _split(spec: GridSpec, doc: Doc, board: LegupBoard, elems: dict[Cell, ET.Element] | None
           ) -> tuple[GridInstance, dict[Cell, str]]:
    """The puzzle and the marks a board holds."""
    kind_of, mark_of = _names(spec)
    numbered = next((k for k in spec.cells if k.numbered), None)
    plain = next(k for k in spec.cells if k.playable)
    unknown = _legup(spec).values.get("unknown")
    marks: dict[Cell, str] = {}
    rows: list[list[CellValue]] = []
    for r in range(1, board.height + 1):
        row: list[CellValue] = []
        for c in range(1, board.width + 1):
            v = board.values.get((r, c))
            if v is None or v == unknown:
                row.append((plain.name, None))
            elif v in kind_of:
                row.append((kind_of[v], None))
            elif v in mark_of:
                marks[(r, c)] = mark_of[v]
                row.append((plain.name, None))
            elif numbered is not None:
                row.append((numbered.name, v))
            else:  # pragma: no cover - _value_range keeps values in range
                raise InputError(f"LEGUP: cell x={c - 1} y={r - 1} has value {v}")
        rows.append(row)
    try:
        inst = make(spec, rows)
    except InputError as e:
        cell = e.where.cell
        elem = (elems or {}).get(cell) if cell is not None else None
        if elem is not None:
            raise InputError(f"LEGUP: {e.message}", doc.at(elem, cell)) from None
        raise
    return inst, marks


def read_legup(spec: GridSpec, text: str) -> GridInstance:
    """The puzzle of a LEGUP file of the type (marks and the proof left out)."""
    doc = parse(text)
    board = read_board(spec, doc)
    return _split(spec, doc, board, _cell_elems(doc, board))[0]


def read_solution(spec: GridSpec, text: str) -> tuple[GridInstance, dict[Cell, str]]:
    """The puzzle and the marks on its board (as :func:`write_legup` writes a solution)."""
    doc = parse(text)
    board = read_board(spec, doc)
    return _split(spec, doc, board, _cell_elems(doc, board))


def _cell_elems(doc: Doc, board: LegupBoard) -> dict[Cell, ET.Element]:
    cells = children(board.puzzle, "board")[0]
    out: dict[Cell, ET.Element] = {}
    for group in children(cells, "cells"):
        for e in children(group, "cell"):
            try:
                out[(int(e.get("y", "")) + 1, int(e.get("x", "")) + 1)] = e
            except ValueError:
                continue
    return out


def read_state(spec: GridSpec, text: str) -> tuple[GridInstance, dict[Cell, str]]:
    """The puzzle and the player's marks: the board's own, then the proof's transitions from
    the root for as long as the proof does not branch (a case split is a hypothesis, not the
    player's board)."""
    doc = parse(text)
    board = read_board(spec, doc)
    inst, marks = _split(spec, doc, board, _cell_elems(doc, board))
    _, mark_of = _names(spec)
    keys = set(playable(spec, inst))
    unknown = _legup(spec).values.get("unknown")
    for t in proof_path(doc, board.puzzle):
        for ch in children(t, "cell"):
            cell, v = read_cell(spec, doc, ch, board.height, board.width)
            if cell not in keys:
                raise InputError(f"LEGUP: a proof step changes the given cell x={cell[1] - 1} "
                                 f"y={cell[0] - 1}", doc.at(ch, cell))
            if v == unknown:
                marks.pop(cell, None)
            elif v in mark_of:
                marks[cell] = mark_of[v]
            else:
                raise InputError(f"LEGUP: a proof step writes value {v} on the cell "
                                 f"x={cell[1] - 1} y={cell[0] - 1}", doc.at(ch, cell))
    return inst, marks


def proof_path(doc: Doc, puzzle: ET.Element) -> list[ET.Element]:
    proofs = children(puzzle, "proof")
    trees = children(proofs[0], "tree") if proofs else []
    if not trees:
        return []
    nodes: dict[str, ET.Element] = {}
    root: ET.Element | None = None
    for node in children(trees[0], "node"):
        nid = node.get("id", "")
        if not nid:
            raise InputError("LEGUP: a proof <node> has no id", doc.at(node))
        if nid in nodes:
            raise InputError(f"LEGUP: proof node id {nid[:20]} is used twice", doc.at(node))
        nodes[nid] = node
        if node.get("root", "").lower() == "true":
            if root is not None:
                raise InputError("LEGUP: the proof has two root nodes", doc.at(node))
            root = node
    path: list[ET.Element] = []
    seen: set[str] = set()
    current = root
    while current is not None and current.get("id", "") not in seen:
        seen.add(current.get("id", ""))
        ts = children(current, "transition")
        if len(ts) != 1:
            break
        path.append(ts[0])
        current = nodes.get(ts[0].get("child", ""))
    return path


T = TypeVar("T")


@dataclass(frozen=True)
class ProofTransition(Generic[T]):
    """A ``<transition>`` of a proof tree, as the file has it."""

    id: str
    child: str
    """The child node's id ("" if none)."""
    rule: str
    rule_id: str
    changes: tuple[T, ...]
    """What each element inside it writes, as the type reads it."""
    where: Location


@dataclass(frozen=True)
class ProofNode(Generic[T]):
    id: str
    transitions: tuple[ProofTransition[T], ...]
    where: Location


def unknown_change(doc: Doc, elem: ET.Element) -> InputError:
    """The error for an element inside a transition that the type does not write."""
    return InputError(f"LEGUP: unknown element <{elem.tag[:20]}> in a transition", doc.at(elem))


def proof_tree(doc: Doc, tree: ET.Element | None, change: Callable[[ET.Element], T]
               ) -> tuple[dict[str, ProofNode[T]], str | None]:
    """The nodes (by id) of a proof ``<tree>`` and the root's id (None: no tree, or a tree
    without nodes). ``change`` reads each element inside a transition (raising
    :func:`unknown_change` for one the type does not write). InputError for a tree that is
    not one: ids missing or given twice, no root or two, a child that is not there, merges,
    cycles."""
    nodes: dict[str, ProofNode[T]] = {}
    root: str | None = None
    seen: set[str] = set()
    for elem in children(tree, "node") if tree is not None else []:
        nid = elem.get("id", "").strip()
        if not nid:
            raise InputError("LEGUP: a proof <node> has no id", doc.at(elem))
        if nid in nodes:
            raise InputError(f"LEGUP: proof node id {nid[:20]} is used twice", doc.at(elem))
        if elem.get("root", "").lower() == "true":
            if root is not None:
                raise InputError("LEGUP: the proof has two root nodes", doc.at(elem))
            root = nid
        transitions = []
        for t in children(elem, "transition"):
            tid = t.get("id", "").strip()
            if not tid:
                raise InputError("LEGUP: a proof <transition> has no id", doc.at(t))
            if tid in seen:
                raise InputError(f"LEGUP: transition id {tid[:20]} is used twice "
                                 "(merges are not supported)", doc.at(t))
            seen.add(tid)
            transitions.append(ProofTransition(tid, t.get("child", "").strip(),
                                               t.get("rule", ""), t.get("rule_id", ""),
                                               tuple(change(ch) for ch in t), doc.at(t)))
        nodes[nid] = ProofNode(nid, tuple(transitions), doc.at(elem))
    if nodes and root is None:
        assert tree is not None
        raise InputError("LEGUP: the proof has no root node (root=\"true\")", doc.at(tree))
    parent: set[str] = set()
    for node in nodes.values():
        for tr in node.transitions:
            if not tr.child:
                continue
            if tr.child not in nodes:
                raise InputError(f"LEGUP: transition {tr.id[:20]} leads to node "
                                 f"{tr.child[:20]}, which the file does not have", tr.where)
            if tr.child in parent or tr.child == root:
                raise InputError(f"LEGUP: node {tr.child[:20]} is the child of two "
                                 "transitions (merges are not supported) or of a cycle",
                                 tr.where)
            parent.add(tr.child)
    return nodes, root


# --- writing ----------------------------------------------------------------------------------

def cell_value(spec: GridSpec, inst: GridInstance, cell: Cell, mark: str | None) -> int | None:
    """LEGUP's value of a cell (None: unknown, not written)."""
    lspec = _legup(spec)
    name, n = inst.at(cell)
    if n is not None:
        return n
    if mark is not None:
        return lspec.values[mark]
    v = lspec.values.get(name)
    return None if v is None or v == lspec.values.get("unknown") else v


def cell_xml(value: int, cell: Cell) -> str:
    return f'<cell value="{value}" x="{cell[1] - 1}" y="{cell[0] - 1}"/>'


def write_legup(spec: GridSpec, inst: GridInstance, solution: GridSolution | None = None,
                marks: dict[Cell, str] | None = None, proof: list[str] | None = None) -> str:
    """A LEGUP file of the puzzle; with a solution every playable cell is marked (the answer
    mark or the other), else the player's ``marks`` if any. ``proof``: the lines of a
    ``<proof>`` element, indented as its place in the file."""
    lspec = _legup(spec)
    shown = dict(marks or {})
    if solution is not None:
        shown = {cell: spec.answer_mark.value if cell in solution.marked
                 else spec.other_mark.value for cell in playable(spec, inst)}
    values = []
    for cell, _ in inst.positions():  # row by row, as LEGUP's board lists its cells
        v = cell_value(spec, inst, cell, shown.get(cell))
        if v is not None:
            values.append((cell, v))
    return document(lspec.puzzle, inst.height, inst.width, cells_lines(values), proof)


def cells_lines(values: Sequence[tuple[Cell, int]]) -> list[str]:
    """The ``<cells>`` element of a board, a ``<cell>`` per (cell, LEGUP value), in that order."""
    return [f"{IND * 3}<cells>", *(IND * 4 + cell_xml(v, cell) for cell, v in values),
            f"{IND * 3}</cells>"]


def document(puzzle: str, height: int, width: int, board: Sequence[str],
             proof: Sequence[str] | None = None) -> str:
    """A LEGUP file of the puzzle named ``puzzle``: its ``<board>`` with the lines inside it,
    then the lines of a ``<proof>`` element (each indented as its place in the file)."""
    out = ['<?xml version="1.0" encoding="UTF-8" standalone="no"?>',
           '<Legup version="2.0.0">',
           f'{IND}<puzzle name="{puzzle}">',
           f'{IND * 2}<board height="{height}" width="{width}">',
           *board, f"{IND * 2}</board>", *(proof or []), f"{IND}</puzzle>", "</Legup>"]
    return "\n".join(out) + "\n"


def detect_legup(spec: GridSpec, text: str) -> bool:
    return detect_name(_legup(spec).puzzle, text)


def detect_name(puzzle: str, text: str) -> bool:
    """Is the text a LEGUP file of the puzzle named ``puzzle``?"""
    head = text[:4096]
    name = re.escape(puzzle)
    return bool(re.search(r"<\s*legup\b", head, re.I)
                and re.search(rf"<\s*puzzle\b[^>]*\bname\s*=\s*[\"']{name}[\"']", head, re.I))
