"""The JSON API: every endpoint answers the CLI's --json record; bad requests are one-line
JSON errors (400), oversized bodies 413, a request over the time limit 504."""

from __future__ import annotations

import json
import threading
import time
import warnings
from typing import Any

import pytest

import aspuzzle
from aspuzzle import cli
from tests.conftest import DATA, EXAMPLES, read_jsonl

TENTS = (EXAMPLES / "tents" / "seed-6x6.txt").read_text()
TENTS_10 = (EXAMPLES / "tents" / "tatham-10x10dt.txt").read_text().strip().splitlines()[-1]
TENTS_20 = next(r["id"] for r in read_jsonl(DATA / "tents" / "tatham.jsonl")
                if r["id"].startswith("20x20"))
FUTOSHIKI = (EXAMPLES / "futoshiki" / "seed-4x4.txt").read_text()
HITORI = (EXAMPLES / "hitori" / "seed-6x6.txt").read_text()
GRID = (EXAMPLES / "logicgrid" / "boys-in-the-hood.logic").read_text()
# the seed Tents puzzle with a tent at (1,1): next to no tree
WRONG = TENTS.replace("2 . . . T . .", "2 A . . T . .")


def cli_json(capsys: Any, *args: str) -> dict[str, Any]:
    capsys.readouterr()
    cli.main(list(args))
    out = capsys.readouterr().out
    record: dict[str, Any] = json.loads(out.splitlines()[0])
    return record


def same(a: dict[str, Any], b: dict[str, Any]) -> None:
    """Equal records but for the time taken."""
    def strip(r: Any) -> Any:
        if isinstance(r, dict):
            return {k: strip(v) for k, v in r.items() if k != "time_s"}
        if isinstance(r, list):
            return [strip(v) for v in r]
        return r
    assert strip(a) == strip(b)


def post(client: Any, name: str, **body: Any) -> dict[str, Any]:
    r = client.post(f"/api/{name}", json=body)
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


@pytest.mark.parametrize("text", [TENTS, FUTOSHIKI, HITORI, GRID])
def test_solve_and_count_answer_the_cli_records(client: Any, capsys: Any, text: str) -> None:
    same(post(client, "solve", puzzle=text), cli_json(capsys, "solve", text, "--json"))
    same(post(client, "count", puzzle=text), cli_json(capsys, "count", text, "--json"))


def test_reasoning_endpoints_answer_the_cli_records(client: Any, capsys: Any,
                                                    tmp_path: Any) -> None:
    wrong = tmp_path / "wrong.txt"  # --state names a file
    wrong.write_text(WRONG)
    same(post(client, "explain", puzzle=TENTS), cli_json(capsys, "explain", TENTS, "--json"))
    same(post(client, "hint", puzzle=TENTS, state=WRONG),
         cli_json(capsys, "hint", TENTS, "--state", str(wrong), "--json"))
    same(post(client, "check", puzzle=TENTS, state=WRONG),
         cli_json(capsys, "check", TENTS, "--state", str(wrong), "--json"))
    same(post(client, "diagnose", puzzle=FUTOSHIKI),
         cli_json(capsys, "diagnose", FUTOSHIKI, "--json"))
    same(post(client, "convert", puzzle=TENTS, to="puzzlink"),
         cli_json(capsys, "convert", TENTS, "--to", "puzzlink", "--json"))
    futoshiki_state = FUTOSHIKI.replace(". < . > .   .", "1 < . > .   .", 1)
    state = tmp_path / "f.txt"
    state.write_text(futoshiki_state)
    same(post(client, "hint", puzzle=FUTOSHIKI, state=futoshiki_state),
         cli_json(capsys, "hint", FUTOSHIKI, "--state", str(state), "--json"))


def test_a_json_board_is_the_same_board_as_its_text(client: Any) -> None:
    check = post(client, "check", puzzle=TENTS, board={"cells": [[[1, 1], "tent"]]})
    assert check == post(client, "check", puzzle=TENTS, state=WRONG)
    assert [b["rule"] for b in check["broken"]] == ["No Tree for Tent"]
    assert check["broken"][0]["cells"] == [[1, 1]]
    hint = post(client, "hint", puzzle=TENTS, board={"cells": []})
    assert hint["kind"] == "step" and hint["step"]["rule"] == "Finish with Grass"
    # a whole solution, with its links, is complete and correct
    sol = aspuzzle.solve(aspuzzle.loads(TENTS)).solutions[0]
    cells = [[[r, c], "tent" if (r, c) in sol.tents else "grass"]
             for r in range(1, 7) for c in range(1, 7)
             if (r, c) not in aspuzzle.loads(TENTS).instance.trees]
    links = [[list(a), list(b)] for a, b in sol.pairs]
    done = post(client, "check", puzzle=TENTS, board={"cells": cells, "links": links})
    assert done["correct"] is True and done["broken"] == []


def test_boards_of_every_type(client: Any) -> None:
    f = post(client, "check", puzzle=FUTOSHIKI, board={"cells": [[[1, 1, 1], "yes"]]})
    assert f["type"] == "futoshiki" and not f["complete"]
    h = post(client, "check", puzzle=HITORI,
             board={"cells": [[[1, 1], "shaded"], [[1, 2], "shaded"]]})
    assert [b["rule"] for b in h["broken"]] == ["Touching Shaded Cells"]
    g = post(client, "hint", puzzle=GRID, board={"cells": [
        [[["episode", 1], ["victim", "Friar Tuck"]], "true"]]})
    assert g["type"] == "logicgrid" and g["kind"] in ("mistake", "step")


def test_open_render_export(client: Any) -> None:
    legup = (EXAMPLES / "tents" / "legup-8x8.xml").read_text()
    opened = post(client, "open", puzzle=legup)
    assert opened["type"] == "tents" and opened["format"] == "legup"
    assert opened["svg"].startswith("<svg") and 'data-key="[1,1]"' in opened["svg"]
    assert aspuzzle.loads(opened["share"]).instance == aspuzzle.loads(legup).instance
    board = {"cells": [[[1, 1], "grass"]], "links": []}
    svg = post(client, "render", puzzle=TENTS, board=board, highlight={"hint": [[1, 1]]})["svg"]
    assert 'class="cell hint"' in svg and 'data-value="grass"' in svg
    solved = post(client, "render", puzzle=TENTS, solution=True)
    assert solved["status"] == "unique" and solved["svg"].count('data-value="tent"') == 8
    # the player's marks and links in a LEGUP file read back with the library
    sol = aspuzzle.solve(aspuzzle.loads(TENTS)).solutions[0]
    tree, tent = sorted(sol.pairs)[0]
    text = post(client, "export", puzzle=TENTS, to="legup",
                board={"cells": [[[2, 1], "grass"]], "links": [[list(tree), list(tent)]]})["text"]
    from aspuzzle.puzzles.tents.legup import read_legup_state

    inst, marks, links = read_legup_state(text)
    assert inst == aspuzzle.loads(TENTS).instance
    assert marks == {(2, 1): "grass", tent: "tent"} and links == {(tree, tent)}
    state = post(client, "export", puzzle=HITORI, to="state",
                 board={"cells": [[[1, 1], "shaded"]]})["text"]
    assert aspuzzle.check(aspuzzle.loads(HITORI), state).complete is False
    r = client.post("/api/png", json={"puzzle": TENTS})
    assert r.status_code == 200 and r.headers["content-type"] == "image/png"
    assert r.content.startswith(b"\x89PNG")


def test_generate_is_the_cli_record(client: Any, capsys: Any) -> None:
    record = post(client, "generate", type="logicgrid", size="3x4", seed=3)
    same(record, cli_json(capsys, "generate", "logicgrid", "--size", "3x4", "--seed", "3",
                          "--json"))
    assert aspuzzle.solve(aspuzzle.loads(record["puzzle"], type="logicgrid")).status.value \
        == "unique"


def test_examples_rules_and_schema(client: Any) -> None:
    examples = client.get("/api/examples").json()
    from aspuzzle.puzzles import REGISTRY

    types = {e["type"] for e in examples}
    assert {"tents", "futoshiki", "hitori", "logicgrid", "lightup", "sudoku"} <= types
    assert types <= set(REGISTRY)
    for e in examples:
        assert aspuzzle.loads(e["puzzle"], type=e["type"]).puzzle.name == e["type"]
    rules = client.get("/api/rules?type=hitori").json()
    assert rules["type"] == "hitori" and rules["rules"]
    schema = client.get("/api/openapi.json").json()
    assert {"/api/solve", "/api/hint", "/api/generate", "/api/convert"} <= set(schema["paths"])
    page = client.get("/")
    assert page.status_code == 200 and "text/html" in page.headers["content-type"]


@pytest.mark.parametrize(("name", "body", "words"), [
    ("solve", {"puzzle": "not a puzzle at all"}, "cannot tell what puzzle"),
    ("solve", {}, "needs 'puzzle'"),
    ("solve", {"puzzle": 5}, "'puzzle' must be a string"),
    ("solve", {"puzzle": TENTS, "type": "kakuro"}, "kakuro"),
    ("solve", {"puzzle": TENTS, "type": "sudoku"}, "not a sudoku grid: the header names 'tents'"),
    ("solve", {"puzzle": TENTS, "max": 10**6}, "'max'"),
    ("solve", {"puzzle": "6x6de:bf_ggdba,2,1,1", "type": "tents"}, ""),
    ("hint", {"puzzle": TENTS}, "needs the player's board"),
    ("hint", {"puzzle": TENTS, "board": {"cells": [[[1, 4], "tent"]]}}, "not a cell"),
    ("hint", {"puzzle": TENTS, "board": {"cells": [[[1, 1], "sky"]]}}, "not a value"),
    ("hint", {"puzzle": TENTS, "board": {"cells": [[{"a": 1}, "tent"]]}}, "not a cell"),
    ("hint", {"puzzle": TENTS, "board": {"links": [[[1, 1], [1, 2]]]}}, "does not link"),
    ("hint", {"puzzle": TENTS, "board": [1]}, "'board' must be"),
    ("check", {"puzzle": TENTS, "state": "1 2\n3 4"}, ""),
    ("explain", {"puzzle": TENTS, "tier": "hard"}, "unknown tier"),
    ("convert", {"puzzle": TENTS, "to": "pdf"}, "cannot be written as 'pdf'"),
    ("generate", {"type": "logicgrid", "size": "1x1"}, ""),
    ("generate", {"type": "hitori", "difficulty": "impossible"}, "unknown difficulty"),
    ("render", {"puzzle": TENTS, "highlight": {"two words": [[1, 1]]}}, "one word"),
])
def test_bad_requests_are_one_line_400s(client: Any, name: str, body: Any, words: str) -> None:
    r = client.post(f"/api/{name}", json=body)
    assert r.status_code == 400, r.text
    err = r.json()
    assert err["status"] == "error" and err["exit"] == 2 and words in err["error"]
    assert "\n" not in err["error"] and "Traceback" not in r.text


def test_bad_bodies(client: Any) -> None:
    for content in (b"{not json", b"[1, 2]", b"\xff\xfe", b'"text"'):
        r = client.post("/api/solve", content=content)
        assert r.status_code == 400 and r.json()["status"] == "error"
    r = client.get("/api/solve")
    assert r.status_code == 405 and r.json()["status"] == "error"
    r = client.get("/api/nothing")
    assert r.status_code == 404 and r.json()["status"] == "error"


def test_oversized_bodies_are_refused(client: Any) -> None:
    from aspuzzle.web.app import MAX_BODY_BYTES

    r = client.post("/api/solve", content=b"x" * (MAX_BODY_BYTES + 1))
    assert r.status_code == 413 and "larger than" in r.json()["error"]

    def chunks() -> Any:  # no Content-Length: cut off as the bytes arrive
        for _ in range(MAX_BODY_BYTES // 50_000 + 2):
            yield b" " * 50_000
    r = client.post("/api/solve", content=chunks())
    assert r.status_code == 413


def test_a_request_over_the_time_limit_is_a_504() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from aspuzzle.web import create_app

    with TestClient(create_app(time_limit=0.05, grace=0)) as c:
        start = time.perf_counter()  # a 20x20 explanation takes longer than 50 ms
        r = c.post("/api/explain", json={"puzzle": TENTS_20, "type": "tents"})
        assert r.status_code == 504 and r.json() == {
            "status": "error", "error": "time limit reached (0.05 s)", "exit": 3}
        assert time.perf_counter() - start < 1
    # the explanation given up stops itself too (its thread is not left computing)
    from aspuzzle import explain, loads
    from aspuzzle.explain.loop import TimeLimit, time_limit

    with time_limit(0.05), pytest.raises(TimeLimit):
        explain(loads(TENTS_20, type="tents"))
    with TestClient(create_app(time_limit=0.001)) as c:
        # a solve stops at the limit itself, within the grace time: a record, as the CLI's
        r = c.post("/api/solve", json={"puzzle": TENTS_10, "type": "tents"})
        assert r.status_code == 200 and r.json()["status"] in ("unique", "timeout")


def test_two_requests_at_once_both_answer(client: Any) -> None:
    out: list[int] = []

    def ask() -> None:
        out.append(client.post("/api/explain", json={"puzzle": TENTS_10,
                                                     "type": "tents"}).status_code)
    threads = [threading.Thread(target=ask) for _ in range(2)]
    for t in threads:
        t.start()
    assert client.get("/api/examples").status_code == 200  # not blocked meanwhile
    for t in threads:
        t.join()
    assert out == [200, 200]


def test_serve_prints_its_address_and_answers() -> None:
    import re
    import subprocess
    import sys

    import httpx

    from tests.conftest import ROOT

    proc = subprocess.Popen([sys.executable, "-m", "aspuzzle", "serve", "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert proc.stdout is not None
        m = re.fullmatch(r"aspuzzle: serving on (http://127\.0\.0\.1:\d+/) \(Ctrl-C to stop\)\n",
                         proc.stdout.readline())
        assert m
        r = httpx.post(m.group(1) + "api/solve", json={"puzzle": TENTS}, timeout=30)
        assert r.status_code == 200 and r.json()["status"] == "unique"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_open_says_how_the_board_plays(client: Any) -> None:
    """The page names no type: what a click, a drag and the verdict "solved" do comes from
    the type's Play data in the open record."""
    tents = post(client, "open", puzzle=TENTS)
    assert (tents["marks"], tents["counted"], tents["links"], tents["fixed"]) == (
        ["tent", "grass"], "tent", ["tree", "tent"], ["tree"])
    assert "implied" not in tents and not tents["clueText"]
    assert sorted(tents["markFormats"]) == ["legup", "tatham"]
    hitori = post(client, "open", puzzle=HITORI)
    assert (hitori["marks"], hitori["implied"], hitori["markFormats"]) == (
        ["shaded", "unshaded"], "unshaded", [])
    assert "links" not in hitori and "counted" not in hitori
    grid = post(client, "open", puzzle=GRID)
    assert grid["marks"] == ["false", "true"] and grid["clueText"] is True
    lightup = post(client, "open", puzzle="7x7b20s4d0:b2f1aBc2cB2c1cB2cBc1aBf1b")
    assert lightup["marks"][-1] == lightup["implied"] and not lightup["fixed"]
