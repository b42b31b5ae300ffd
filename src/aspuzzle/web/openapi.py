"""The OpenAPI description of the JSON API (``GET /api/openapi.json``).

Written out here rather than derived: the records are the CLI's ``--json`` objects, described
in docs/reference/json.md, and Starlette has no models to derive them from.
"""

from __future__ import annotations

from typing import Any

__all__ = ["openapi"]

_PUZZLE = {
    "puzzle": {"type": "string", "description": "the puzzle: text, game ID or URL, as the CLI "
                                                "reads an inline puzzle string"},
    "type": {"type": "string", "description": "the puzzle type (tents, lightup, sudoku, ...: "
                                              "aspuzzle's type names; default: detected)"},
    "from": {"type": "string", "description": "the input format (default: detected)"},
}
_BOARD = {
    "board": {"type": "object", "description": "the player's board: {cells: [[KEY, VALUE]], "
                                               "links: [[TREE, TENT]]}"},
    "state": {"type": "string", "description": "the player's board as text, as --state takes "
                                               "it (instead of board)"},
}
_TIER = {"tier": {"type": "string", "enum": ["direct", "case", "nested"]}}

_ENDPOINTS: dict[str, tuple[str, dict[str, Any], list[str]]] = {
    "solve": ("The verdict and up to max solutions: the record of solve --json",
              {**_PUZZLE, "max": {"type": "integer", "minimum": 1, "maximum": 10},
               "pairing": {"type": "boolean"}}, ["puzzle"]),
    "count": ("The number of distinct answers: the record of count --json",
              {**_PUZZLE, "limit": {"type": "integer", "minimum": 0},
               "pairing": {"type": "boolean"}}, ["puzzle"]),
    "explain": ("The solution step by step: the record of explain --json",
                {**_PUZZLE, **_BOARD, **_TIER}, ["puzzle"]),
    "hint": ("The first mistake on the board, or the next step: hint --json",
             {**_PUZZLE, **_BOARD, **_TIER}, ["puzzle"]),
    "check": ("Every broken rule on the board: check --json", {**_PUZZLE, **_BOARD},
              ["puzzle"]),
    "diagnose": ("Why a puzzle has no solution or several, and a repair: diagnose --json",
                 {**_PUZZLE, **_BOARD}, ["puzzle"]),
    "generate": ("A new puzzle, proven unique, of the tier asked: a record of generate --json",
                 {"type": {"type": "string"}, "size": {"type": "string"},
                  "difficulty": {"type": "string", "enum": ["direct", "case", "nested"]},
                  "seed": {"type": "integer", "minimum": 1}, "minimal": {"type": "boolean"},
                  "adjacent": {"type": "boolean"}, "to": {"type": "string"},
                  "max_attempts": {"type": "integer", "minimum": 1, "maximum": 100}},
                 ["type"]),
    "convert": ("The puzzle in another format: convert --json",
                {**_PUZZLE, "to": {"type": "string"}}, ["puzzle", "to"]),
    "render": ("The SVG picture of the puzzle, a player's board or the solution",
               {**_PUZZLE, "board": _BOARD["board"], "solution": {"type": "boolean"},
                "highlight": {"type": "object", "description": "CSS class -> list of keys"}},
               ["puzzle"]),
    "png": ("The same picture as PNG (image/png)", {**_PUZZLE, "board": _BOARD["board"],
                                                    "solution": {"type": "boolean"}},
            ["puzzle"]),
    "open": ("What the page shows first: type, formats, share string, the input's own marks, "
             "how the board plays (marks, implied, counted, links, fixed, clueText, "
             "markFormats: the type's Play data) and the empty picture", dict(_PUZZLE), ["puzzle"]),
    "export": ("The puzzle in a format, with the player's marks where it holds them (Tents "
               "legup and tatham; state: the board text of any type)",
               {**_PUZZLE, "board": _BOARD["board"], "to": {"type": "string"}},
               ["puzzle", "to"]),
    "rules": ("The rule catalogue of a type: a record of rules --json",
              {"type": {"type": "string"}}, ["type"]),
}


def openapi() -> dict[str, Any]:
    paths: dict[str, Any] = {}
    error = {"description": "a bad request: {status: error, error: MESSAGE, exit: 2}",
             "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
    for name, (summary, props, required) in _ENDPOINTS.items():
        paths[f"/api/{name}"] = {"post": {
            "summary": summary, "operationId": name,
            "requestBody": {"required": True, "content": {"application/json": {"schema": {
                "type": "object", "properties": props, "required": required}}}},
            "responses": {"200": {"description": "the record"}, "400": error,
                          "413": {"description": "the body is too large"},
                          "504": {"description": "the time limit was reached"}}}}
    paths["/api/examples"] = {"get": {"summary": "The bundled example puzzles",
                                      "operationId": "examples",
                                      "responses": {"200": {"description": "a list"}}}}
    return {"openapi": "3.1.0",
            "info": {"title": "aspuzzle", "version": "0.1.0",
                     "description": "Solve, check, explain and generate logic puzzles with "
                                    "clingo. Records are the CLI's --json objects."},
            "paths": paths,
            "components": {"schemas": {"Error": {"type": "object", "properties": {
                "status": {"const": "error"}, "error": {"type": "string"},
                "exit": {"type": "integer"}}}}}}
