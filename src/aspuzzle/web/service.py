"""What the web API answers, as plain functions of a request's JSON body (no HTTP here).

Each function takes the decoded body (a dict) and returns the JSON record the matching CLI
command prints with ``--json`` (``solve``, ``count``, ``explain``, ``hint``, ``check``,
``diagnose``, ``generate``, ``convert``), built by the same library calls, or what the page needs
besides (``open``, ``render``, ``export``). Bad input raises :class:`aspuzzle.InputError` or
:class:`aspuzzle.UsageError` with a one-line message; the app turns them into a 400.

The page sends the player's board as JSON, ``{"cells": [[KEY, VALUE], ...], "links": [[TREE,
TENT], ...]}``, KEY being a cell's ``data-key`` in the SVG picture (``[r, c]``; Futoshiki
``[r, c, d]``; a logic grid ``[[cat, value], [cat, value]]``) and VALUE the board's value
(``tent`` / ``grass``, ``shaded`` / ``unshaded``, ``yes`` / ``no``, ``true`` / ``false``).
A script may give ``state`` instead, the board text exactly as ``--state`` takes it.

No function reads or writes a file: a puzzle is always the text of the request.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from typing import Any

from aspuzzle import api
from aspuzzle.difficulty import Tier
from aspuzzle.engine import SolveConfig
from aspuzzle.errors import InputError, UsageError
from aspuzzle.explain.steps import Board
from aspuzzle.puzzles import SolveOptions
from aspuzzle.puzzles.base import Play

__all__ = ["ENDPOINTS", "ReasonerCache", "board_from_json", "board_to_json", "load"]

JSON = dict[str, Any]

MAX_SOLUTIONS = 10
"""``max`` of solve: a page or a script needs a few solutions, never thousands."""
MAX_GENERATE_ATTEMPTS = 100
"""Attempts of one ``generate`` request (the CLI's default is larger; a request has a time
limit anyway)."""


# --- reading a request -------------------------------------------------------------------------

def _str(body: Mapping[str, Any], name: str, *, required: bool = False) -> str | None:
    value = body.get(name)
    if value is None:
        if required:
            raise UsageError(f"the request needs '{name}'")
        return None
    if not isinstance(value, str):
        raise UsageError(f"'{name}' must be a string")
    return value


def _int(body: Mapping[str, Any], name: str, default: int | None, low: int, high: int
         ) -> int | None:
    value = body.get(name, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise UsageError(f"'{name}' must be a whole number from {low} to {high}")
    return value


def _bool(body: Mapping[str, Any], name: str) -> bool:
    value = body.get(name, False)
    if not isinstance(value, bool):
        raise UsageError(f"'{name}' must be true or false")
    return value


def _tier(body: Mapping[str, Any]) -> Tier:
    value = _str(body, "tier") or str(Tier.NESTED)
    return Tier.parse(value)


def load(body: Mapping[str, Any]) -> api.Loaded:
    """The puzzle of a request: ``puzzle`` (text, game ID or URL, as the CLI reads an inline
    string), with ``type`` and ``from`` as ``--type`` and ``--from``."""
    text = _str(body, "puzzle", required=True)
    assert text is not None
    return api.loads(text, type=_str(body, "type"), fmt=_str(body, "from"), source="puzzle")


def _label(body: Mapping[str, Any]) -> str:
    return api.input_label(str(body.get("puzzle", "")))


def _with_notes(loaded: api.Loaded, record: JSON) -> JSON:
    notes = tuple(getattr(loaded.instance, "notes", ()))
    return {**record, "notes": list(notes)} if notes else record


# --- the player's board ------------------------------------------------------------------------

def _tuple(value: Any) -> Any:
    """A key from JSON: lists become tuples, all the way down."""
    if isinstance(value, list):
        return tuple(_tuple(v) for v in value)
    return value


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


def _keys(loaded: api.Loaded, reasoner: Any) -> Callable[[Any], bool]:
    """Is this a key of the puzzle's board? The reasoner's own keys when it lists them; else
    (Tents) a free cell of the grid."""
    keys = getattr(reasoner, "keys", None)
    if keys is not None:
        known = set(keys())
        return lambda k: k in known
    inst = loaded.instance
    trees: frozenset[Any] = getattr(inst, "trees", frozenset())
    return lambda k: (isinstance(k, tuple) and len(k) == 2
                      and all(isinstance(x, int) and not isinstance(x, bool) for x in k)
                      and 1 <= k[0] <= inst.height and 1 <= k[1] <= inst.width
                      and k not in trees)


def board_from_json(loaded: api.Loaded, data: Any, reasoner: Any) -> Board:
    """The player's board from its JSON (see the module's doc); a UsageError naming the first
    key or value that is not of this puzzle."""
    if not isinstance(data, dict):
        raise UsageError("'board' must be an object with 'cells' (and 'links')")
    cells, links = data.get("cells", []), data.get("links", [])
    if not isinstance(cells, list) or not isinstance(links, list):
        raise UsageError("'board': 'cells' and 'links' must be lists")
    is_key = _keys(loaded, reasoner)
    values_of = getattr(reasoner, "values", None)
    out: dict[Any, str] = {}
    for item in cells:
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[1], str)):
            raise UsageError("'board': each cell is [KEY, VALUE]")
        key = _tuple(item[0])
        try:
            ok = is_key(key)
        except TypeError:  # an unhashable key (a JSON object)
            ok = False
        if not ok:
            raise UsageError(f"'board': {item[0]!r} is not a cell of this puzzle")
        values = set(values_of(key)) if values_of is not None else {"tent", "grass"}
        if item[1] not in values:
            raise UsageError(f"'board': {item[1]!r} is not a value of {item[0]!r} (one of "
                             f"{', '.join(sorted(values))})")
        out[key] = item[1]
    pairs: set[Any] = set()
    for link in links:
        pair = _tuple(link)
        if not (isinstance(pair, tuple) and len(pair) == 2 and all(
                isinstance(c, tuple) and len(c) == 2
                and all(isinstance(x, int) and not isinstance(x, bool) for x in c)
                for c in pair)):
            raise UsageError("'board': each link is [[TREE_ROW, TREE_COL], [ROW, COL]]")
        tree, tent = pair
        if tree not in getattr(loaded.instance, "trees", frozenset()) or \
                abs(tree[0] - tent[0]) + abs(tree[1] - tent[1]) != 1 or not is_key(tent):
            raise UsageError(f"'board': {link!r} does not link a tree to a cell next to it")
        pairs.add(pair)
    for _, tent in pairs:  # a linked cell holds a tent, as a LEGUP line says
        out.setdefault(tent, "tent")
    return Board(out, frozenset(pairs))


def board_to_json(board: Board) -> JSON:
    return {"cells": [[_jsonable(k), v] for k, v in sorted(board.cells.items(), key=repr)],
            "links": [[list(a), list(b)] for a, b in sorted(board.links)]}


class ReasonerCache:
    """Reasoners (each type's rules grounded for one puzzle) kept for the last few puzzles:
    grounding costs more than a hint or a check, and a player asks many of the same puzzle.
    A reasoner is used by one request at a time (its lock)."""

    def __init__(self, size: int = 16) -> None:
        self._size = size
        self._lock = threading.Lock()
        self._items: OrderedDict[tuple[str, str], tuple[Any, threading.Lock]] = OrderedDict()

    @contextmanager
    def reasoner(self, loaded: api.Loaded) -> Iterator[Any]:
        key = (loaded.puzzle.name, repr(loaded.instance))
        with self._lock:
            item = self._items.get(key)
            if item is not None:
                self._items.move_to_end(key)
        if item is None:
            item = (loaded.puzzle.reasoning().reasoner(loaded.instance), threading.Lock())
            with self._lock:
                self._items[key] = item
                while len(self._items) > self._size:
                    self._items.popitem(last=False)
        with item[1]:
            yield item[0]


def _board(body: Mapping[str, Any], loaded: api.Loaded, reasoner: Any, *, required: bool
           ) -> tuple[Board, list[Any], bool]:
    """(board, problems found reading it, can it show links) from ``board`` or ``state``."""
    state, data = _str(body, "state"), body.get("board")
    if state is not None and data is not None:
        raise UsageError("give 'board' or 'state', not both")
    if state is not None:
        kit = loaded.puzzle.reasoning()
        try:
            board, problems = kit.read_state(state, loaded.instance)
        except InputError as e:
            raise e.with_source(e.source or "state") from None
        return board, list(problems), bool(kit.shows_links(state))
    if data is not None:
        return board_from_json(loaded, data, reasoner), [], True
    if required:
        raise UsageError("the request needs the player's board: 'board' (JSON) or 'state' "
                         "(text)")
    return Board({}), [], True


# --- the endpoints -----------------------------------------------------------------------------

def solve(body: Mapping[str, Any], ctx: Context) -> JSON:
    loaded = load(body)
    timeout = ctx.time_limit
    res = api.solve(loaded, max_solutions=_int(body, "max", 2, 1, MAX_SOLUTIONS) or 2,
                    config=SolveConfig(timeout=timeout),
                    options=SolveOptions(pairing=_bool(body, "pairing")))
    return _with_notes(loaded, {"input": _label(body), **res.to_json()})


def count(body: Mapping[str, Any], ctx: Context) -> JSON:
    loaded = load(body)
    res = api.count(loaded, limit=_int(body, "limit", 0, 0, 10**9) or 0,
                    config=SolveConfig(timeout=ctx.time_limit),
                    options=SolveOptions(pairing=_bool(body, "pairing")))
    return _with_notes(loaded, {"input": _label(body), **res.to_json()})


def explain(body: Mapping[str, Any], ctx: Context) -> JSON:
    from aspuzzle.explain import explain as run

    loaded = load(body)
    with ctx.reasoners.reasoner(loaded) as rs:
        board, problems, _ = _board(body, loaded, rs, required=False)
        if problems:
            raise InputError(f"the board has a broken link: {problems[0].text}", source="state")
        result = run(loaded, board=board, tier=_tier(body), reasoner=rs)
    return _with_notes(loaded, {"input": _label(body), **result.to_json()})


def hint(body: Mapping[str, Any], ctx: Context) -> JSON:
    from aspuzzle.explain import player

    loaded = load(body)
    with ctx.reasoners.reasoner(loaded) as rs:
        board, problems, links = _board(body, loaded, rs, required=True)
        h = player.hint(rs, board, max_depth=_tier(body).max_depth, bad_links=problems,
                        cells_only=not links)
        return {"type": loaded.puzzle.name, **h.to_json(rs.encode)}


def check(body: Mapping[str, Any], ctx: Context) -> JSON:
    from aspuzzle.explain import player

    loaded = load(body)
    with ctx.reasoners.reasoner(loaded) as rs:
        board, problems, _ = _board(body, loaded, rs, required=True)
        result = player.check(rs, board, problems)
    return {"type": loaded.puzzle.name, **result.to_json()}


def diagnose(body: Mapping[str, Any], ctx: Context) -> JSON:
    from aspuzzle.diagnosis import diagnose as run

    loaded = load(body)
    board = None
    if body.get("board") is not None or body.get("state") is not None:
        with ctx.reasoners.reasoner(loaded) as rs:
            board, problems, _ = _board(body, loaded, rs, required=True)
        if problems:
            raise InputError(f"the board has a broken link: {problems[0].text}", source="state")
    d = run(loaded, board=board, config=SolveConfig(timeout=ctx.time_limit))
    return _with_notes(loaded, {"input": _label(body),
                                **d.to_json(loaded.puzzle.solution_to_json)})


def generate(body: Mapping[str, Any], ctx: Context) -> JSON:
    """One puzzle, the record of ``generate --json`` (:meth:`Generated.to_json`, as the CLI
    writes it)."""
    from aspuzzle import generator

    type_ = _str(body, "type", required=True)
    assert type_ is not None
    to = _str(body, "to")
    request = generator.make_request(type_, size=_str(body, "size"),
                                     difficulty=_str(body, "difficulty"),
                                     minimal=_bool(body, "minimal"),
                                     adjacent=_bool(body, "adjacent"),
                                     options={"to": to} if to else None)
    seed = _int(body, "seed", None, 1, 2**63)
    if to is not None:
        from aspuzzle.puzzles import get_puzzle

        f = get_puzzle(request.type).formats.get(to)
        if f is None or f.write is None:
            raise UsageError(f"{request.type} cannot be written as '{to}'")
    attempts = _int(body, "max_attempts", MAX_GENERATE_ATTEMPTS, 1, MAX_GENERATE_ATTEMPTS)
    assert attempts is not None
    g = generator.generate_one(request, seed if seed is not None else generator.random_seed(),
                               max_attempts=attempts)
    return g.to_json(to)


def _writer(loaded: api.Loaded, to: str | None) -> Callable[[Any, Any], str]:
    p = loaded.puzzle
    names = ", ".join(n for n, f in p.formats.items() if f.write is not None)
    if to is None:
        raise UsageError(f"the request needs 'to'; {p.name} can be written as: {names}")
    f = p.formats.get(to)
    if f is None or f.write is None:
        raise UsageError(f"{p.name} cannot be written as '{to}' (choose from: {names})")
    return f.write


def convert(body: Mapping[str, Any], ctx: Context) -> JSON:
    loaded = load(body)
    to = _str(body, "to")
    text = _writer(loaded, to)(loaded.instance, None)
    text = text if text.endswith("\n") else text + "\n"
    return _with_notes(loaded, {"input": _label(body), "type": loaded.puzzle.name,
                                "from": loaded.format, "to": to, "text": text})


def _highlight(body: Mapping[str, Any]) -> dict[str, list[Any]]:
    data = body.get("highlight", {})
    if not isinstance(data, dict) or not all(isinstance(v, list) for v in data.values()):
        raise UsageError("'highlight' must map a CSS class to a list of keys")
    return {str(cls): [_tuple(k) for k in keys] for cls, keys in data.items()}


def render(body: Mapping[str, Any], ctx: Context) -> JSON:
    """The SVG picture: the puzzle, the player's ``board`` or, with ``"solution": true``, its
    first solution (and the verdict), with ``highlight`` (CSS class -> keys)."""
    from aspuzzle.render import render_svg

    loaded = load(body)
    highlight = _highlight(body)
    record: JSON = {"type": loaded.puzzle.name}
    if _bool(body, "solution"):
        res = api.solve(loaded, config=SolveConfig(timeout=ctx.time_limit))
        record["status"] = str(res.status)
        if res.differences():
            record["differences"] = res.differences()
        solution = res.solutions[0] if res.solutions else None
        record["svg"] = render_svg(loaded, solution=solution, highlight=highlight)
        return record
    board = None
    if body.get("board") is not None:
        with ctx.reasoners.reasoner(loaded) as rs:
            board = board_from_json(loaded, body["board"], rs)
    record["svg"] = render_svg(loaded, board=board, highlight=highlight)
    return record


def open_(body: Mapping[str, Any], ctx: Context) -> JSON:
    """What the page needs to show a puzzle: its type and format, the puzzle written back in
    a one-line form when one holds it (for share links) and in its text format, the formats
    it can be written in, the board of the input's own marks (a LEGUP file, a Tatham ID with
    marks, a text grid with marks) and the empty picture."""
    from aspuzzle.generator import default_format
    from aspuzzle.render import render_svg

    loaded = load(body)
    p, inst = loaded.puzzle, loaded.instance
    first = next(iter(p.formats))
    text = p.formats[first].write
    record: JSON = {"type": p.name, "title": p.title, "format": loaded.format,
                    "text": text(inst, None) if text is not None else body["puzzle"],
                    "formats": [n for n, f in p.formats.items() if f.write is not None]}
    record["share"] = record["text"]
    count = getattr(p, "digit_count", None)  # a type whose cells take digits: how many
    if count is not None and count(inst):
        record["digits"] = count(inst)
    play: Play = getattr(p, "play", Play())  # how the board plays: the type's data
    record["marks"] = list(play.marks)
    if play.implied is not None:
        record["implied"] = play.implied
    if play.counted is not None:
        record["counted"] = play.counted
    if play.links is not None:
        record["links"] = list(play.links)
    record["fixed"] = list(play.fixed)
    record["clueText"] = play.clue_text
    record["markFormats"] = [f for f in p.reasoning().mark_formats if f != "text"]
    inline = p.formats[default_format(p)]
    if inline.inline and inline.write is not None:
        # a Tents puzzle with a missing clue has no game ID: its text is shared instead
        with suppress(InputError, UsageError):
            record["share"] = inline.write(inst, None)
    board = Board({})
    kit = loaded.puzzle.reasoning()
    if loaded.format in kit.mark_formats or kit.shows_links(str(body["puzzle"])):
        try:
            board, _ = kit.read_state(str(body["puzzle"]), inst)
        except (InputError, UsageError):
            board = Board({})
    record["board"] = board_to_json(board)
    record["svg"] = render_svg(loaded, board=board)
    return _with_notes(loaded, record)


def export(body: Mapping[str, Any], ctx: Context) -> JSON:
    """The puzzle in format ``to`` with the player's ``board`` where the format holds marks
    (Tents: a LEGUP file with marks and links, a Tatham ID with ``!`` / ``-``; the other types:
    ``to: "state"``, the board text that ``--state`` reads)."""
    loaded = load(body)
    to = _str(body, "to")
    p, inst = loaded.puzzle, loaded.instance
    board = Board({})
    if body.get("board") is not None:
        with ctx.reasoners.reasoner(loaded) as rs:
            board = board_from_json(loaded, body["board"], rs)
    from aspuzzle.web import boards

    # a format that holds marks, other than the plain text, is written with the board
    with_marks = to == "state" or (to != "text" and to in p.reasoning().mark_formats)
    text = boards.write(loaded, board, to) if with_marks else _writer(loaded, to)(inst, None)
    text = text if text.endswith("\n") else text + "\n"
    return {"type": p.name, "to": to, "text": text}


def rules(body: Mapping[str, Any], ctx: Context) -> JSON:
    from aspuzzle.difficulty import rule_tier
    from aspuzzle.puzzles import get_puzzle

    p = get_puzzle(_str(body, "type", required=True) or "")
    return {"type": p.name, "rules": [
        {"name": r.name, "id": r.id, "kind": str(r.kind), "sheet": r.sheet,
         "tier": str(rule_tier(p.name, r)), "summary": r.summary}
        for r in p.reasoning().catalogue]}


class Context:
    """What the endpoints share: the time limit of one request and the reasoner cache."""

    def __init__(self, time_limit: float, reasoners: ReasonerCache | None = None) -> None:
        self.time_limit = time_limit
        self.reasoners = reasoners or ReasonerCache()


ENDPOINTS: dict[str, Callable[[Mapping[str, Any], Context], JSON]] = {
    "solve": solve, "count": count, "explain": explain, "hint": hint, "check": check,
    "diagnose": diagnose, "generate": generate, "convert": convert, "render": render,
    "open": open_, "export": export, "rules": rules,
}
