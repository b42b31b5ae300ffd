"""The kit's facts format: the seed posts' style, one ground fact per cell.

::

    % lightup 7x7
    white(1, 1).
    number(1, 4, 2).
    bulb(1, 5).        % a solution's answer atoms, when written with one

Every cell has exactly one fact of its kind (the type's cell table says which), so the facts
tell the grid's size (``#const height`` and ``width`` may say it too, and are then checked);
the answer atoms of a solution are read as marks and left out of the puzzle. The comment
``% lightup`` (the type's name) tells the type; without it, the predicates of every cell
kind must be there.
"""

from __future__ import annotations

from aspuzzle.errors import InputError, Location
from aspuzzle.formats.asp_facts import Fact, format_facts, parse_facts
from aspuzzle.kit.model import Cell, CellValue, GridInstance, GridSolution, make
from aspuzzle.kit.spec import GridSpec

__all__ = ["detect_facts", "read_facts", "write_facts"]


def _predicates(spec: GridSpec) -> dict[str, int]:
    out = dict(k.predicate for k in spec.cells)
    out[spec.answer] = 3 if spec.digits else 2
    if spec.digits:
        out["size"] = 1
    if spec.regions:
        out["region"] = 3
    if spec.edge_clues:
        out[spec.edge_clues] = 3
    return out


def detect_facts(spec: GridSpec, text: str) -> bool:
    import re

    if re.search(rf"^\s*%\s*{re.escape(spec.name)}\b", text, re.MULTILINE):
        return True
    if spec.edge_clues and not re.search(rf"(^|[\s.]){re.escape(spec.edge_clues)}\s*\(", text):
        return False  # (a Sudoku's facts have the same cells, but no clues outside)
    return all(re.search(rf"(^|[\s.]){re.escape(k.fact)}\s*\(", text) for k in spec.cells)


def _int(f: Fact, i: int) -> int:
    v = f.args[i]
    if not isinstance(v, int):
        raise InputError(f"{f.name}: argument {i + 1} must be a number, got '{v}'",
                         Location(f.line, f.column))
    return v


def _read(spec: GridSpec, text: str) -> tuple[GridInstance, dict[Cell, int]]:
    ff = parse_facts(text, predicates=_predicates(spec), consts=("height", "width"))
    by_name = {k.predicate[0]: k for k in spec.cells}
    cells: dict[Cell, tuple[CellValue, Fact]] = {}
    answers: dict[Cell, int] = {}
    labels: dict[Cell, int] = {}
    size: Fact | None = None
    outside: dict[tuple[str, int], tuple[int, Fact]] = {}
    for f in ff.facts:
        if f.name == "size":
            size = f
            continue
        if spec.edge_clues and f.name == spec.edge_clues:
            from aspuzzle.kit.model import SIDES

            side = f.args[0]
            if side not in SIDES:
                raise InputError(f"{f.name}: the side must be one of {', '.join(SIDES)}, got "
                                 f"'{side}'", Location(f.line, f.column))
            place = (str(side), _int(f, 1))
            if place in outside:
                raise InputError(f"two clues at the {side} of line {place[1]}",
                                 Location(f.line, f.column))
            outside[place] = (_int(f, 2), f)
            continue
        cell = (_int(f, 0), _int(f, 1))
        where = Location(f.line, f.column, cell)
        if cell[0] < 1 or cell[1] < 1:
            raise InputError("rows and columns start at 1", where)
        if f.name == spec.answer:
            answers[cell] = _int(f, 2) if spec.digits else 1
            continue
        if f.name == "region":
            labels[cell] = _int(f, 2)
            continue
        kind = by_name[f.name]
        n = _int(f, 2) if kind.numbered else None
        if cell in cells:
            raise InputError(f"the cell has two facts ({cells[cell][1].name} on line "
                             f"{cells[cell][1].line} and {f.name})", where)
        cells[cell] = ((kind.name, n), f)
    if not cells:
        raise InputError(f"no cells: expected facts {', '.join(_predicates(spec))}")
    h = max(r for r, _ in cells)
    w = max(c for _, c in cells)
    for name, got in (("height", h), ("width", w)):
        if name in ff.consts:
            value, line, col = ff.consts[name]
            if value != got:
                raise InputError(f"#const {name} = {value}, but the cells reach {got}",
                                 Location(line, col))
            h, w = (value, w) if name == "height" else (h, value)
    rows = []
    for r in range(1, h + 1):
        row = []
        for c in range(1, w + 1):
            got_cell = cells.get((r, c))
            if got_cell is None:
                raise InputError("the cell has no fact (every cell needs one of "
                                 f"{', '.join(by_name)})", Location(cell=(r, c)))
            row.append(got_cell[0])
        rows.append(row)
    if size is not None and (_int(size, 0) != w or h != w):
        raise InputError(f"size({_int(size, 0)}) but the cells make a {h}x{w} grid",
                         Location(size.line, size.column))
    regions: list[int] = []
    if spec.regions:
        if labels:
            for r in range(1, h + 1):
                for c in range(1, w + 1):
                    if (r, c) not in labels:
                        raise InputError("the cell has no region/3 fact", Location(cell=(r, c)))
            first: dict[int, int] = {}
            regions = [first.setdefault(labels[(r, c)], len(first) + 1)
                       for r in range(1, h + 1) for c in range(1, w + 1)]
        elif h == w:
            from aspuzzle.kit.textgrid import boxes

            regions = boxes(w)
    edges: list[int | None] = []
    if spec.edge_clues:
        from aspuzzle.kit.model import edge_places

        places = edge_places(h, w)
        for place, (_, f) in outside.items():
            if place not in places:
                raise InputError(f"no {place[0]} line {place[1]} on a {h}x{w} grid",
                                 Location(f.line, f.column))
        edges = [outside[p][0] if p in outside else None for p in places]
    inst = make(spec, rows, regions=regions, edges=edges)
    playable = {k.name for k in spec.cells if k.playable}
    for cell in sorted(answers):
        if not inst.inside(cell) or inst.at(cell)[0] not in playable:
            raise InputError(f"{spec.answer} on a cell that cannot hold one",
                             Location(cell=cell))
    return inst, answers


def read_facts(spec: GridSpec, text: str) -> GridInstance:
    return _read(spec, text)[0]


def write_facts(spec: GridSpec, inst: GridInstance, solution: GridSolution | None = None) -> str:
    kinds = {k.name: k for k in spec.cells}
    facts: list[tuple[str, tuple[int | str, ...]]] = []
    if spec.digits:
        facts.append(("size", (inst.width,)))
    for (r, c), (name, n) in inst.positions():
        kind = kinds[name]
        facts.append((kind.predicate[0], (r, c, n) if kind.numbered and n is not None
                      else (r, c)))
    if inst.regions:
        facts += [("region", (r, c, inst.region((r, c)))) for (r, c), _ in inst.positions()]
    if spec.edge_clues:
        facts += [(spec.edge_clues, clue) for clue in inst.edge_clues()]
    if solution is not None and spec.digits:
        facts += [(spec.answer, (r, c, solution.digit((r, c), inst.width)))
                  for (r, c), (name, _) in inst.positions() if kinds[name].playable]
    elif solution is not None:
        facts += [(spec.answer, cell) for cell in sorted(solution.marked)]
    return format_facts({}, facts,
                        header=f"{spec.name} {inst.height}x{inst.width}")
