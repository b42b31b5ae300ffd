"""The page in a real headless Chromium (Debian's ``chromium``, driven by Playwright): play
each type by clicks and keys, Check, Hint, Explain, open a Tatham ID, export LEGUP XML; a
screenshot per type in the test's temporary folder; no console errors.

The server is the real command, ``aspuzzle serve --port 0``, in a subprocess.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

import aspuzzle
from tests.conftest import EXAMPLES, ROOT

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM),
                                reason="needs Debian's chromium (.ci/run installs it)")
sync_api = pytest.importorskip("playwright.sync_api")

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
TIMEOUT_MS = 20_000


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    proc = subprocess.Popen([sys.executable, "-m", "aspuzzle", "serve", "--port", "0"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        m = re.search(r"http://127\.0\.0\.1:\d+/", line)
        assert m, (line, proc.stderr.read() if proc.poll() is not None else "")
        yield m.group(0)
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture(scope="module")
def browser(tmp_path_factory: Any) -> Iterator[Any]:
    profile = tmp_path_factory.mktemp("chromium-profile")
    with sync_api.sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(profile), executable_path=CHROMIUM, headless=True, args=FLAGS,
            viewport={"width": 1280, "height": 900})
        yield context
        context.close()


@pytest.fixture
def page(browser: Any, server: str) -> Iterator[Any]:
    page = browser.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_default_timeout(TIMEOUT_MS)
    page.goto(server)
    # the page may reopen the last test's puzzle (and store it again) as it starts: clear the
    # storage only once it is ready, so that the next load starts empty
    page.wait_for_selector("body[data-ready='1']")
    page.evaluate("localStorage.clear()")
    yield page
    page.close()
    assert errors == [], errors


def open_url(page: Any, server: str, puzzle: str, type_: str) -> None:
    page.goto(f"{server}?puzzle={quote(puzzle)}&type={type_}")
    page.wait_for_selector("body[data-ready='1']")
    page.wait_for_selector("#board svg g.cell")


def settle(page: Any) -> None:
    """Wait until the picture shows the board the page holds (every render answered)."""
    page.wait_for_load_state("networkidle")


def apply_hints(page: Any, most: int) -> None:
    """Ask for a hint and apply it, at most ``most`` times, until the page says solved or a
    hint has nothing to apply."""
    for _ in range(most):
        if page.locator("#status.solved").count():
            return
        page.click("#hint-button")
        page.wait_for_function("!document.querySelector('#apply-button').disabled || "
                               "/solved|complete and correct/i.test("
                               "document.querySelector('#message').textContent)")
        if page.locator("#apply-button").is_disabled():
            return
        page.click("#apply-button")
        settle(page)


def click_cell(page: Any, key: Any, times: int = 1) -> None:
    for _ in range(times):
        before = page.inner_html("#board")
        spaced = isinstance(key[0], list)  # a logic grid's keys are written with spaces
        text = json.dumps(key) if spaced else json.dumps(key, separators=(",", ":"))
        page.click(f"#board g.cell[data-key='{text}']")
        page.wait_for_function("before => document.querySelector('#board').innerHTML !== before",
                               arg=before)


TENTS = (EXAMPLES / "tents" / "seed-6x6.txt").read_text()


def test_tents_play_to_the_end_check_hint_explain_export(page: Any, server: str,
                                                         tmp_path: Path) -> None:
    loaded = aspuzzle.loads(TENTS)
    tatham = loaded.puzzle.formats["tatham"].write(loaded.instance, None)
    open_url(page, server, tatham, "tents")  # a Tatham ID, as a share link carries it
    assert "tatham" in page.inner_text("#title")
    # a hint on the empty board: a named rule, its cells highlighted
    page.click("#hint-button")
    page.wait_for_selector("#board g.cell.hint")
    assert "Finish with Grass" in page.inner_text("#message")
    # a wrong move: a tent at (1,1), next to no tree; Check names the broken rule
    click_cell(page, [1, 1])
    page.click("#check-button")
    page.wait_for_selector("#board g.cell.error[data-key='[1,1]']")
    assert "No Tree for Tent" in page.inner_text("#message")
    page.click("#undo-button")
    page.wait_for_function("!document.querySelector(\"#board g.cell[data-key='[1,1]']\")"
                           ".dataset.value")
    # what Check said was about the board before the undo: no longer shown
    assert "No Tree for Tent" not in page.inner_text("#message")
    # play to the end: one click a tent, two clicks grass
    sol = aspuzzle.solve(loaded).solutions[0]
    for r in range(1, 7):
        for c in range(1, 7):
            if (r, c) not in loaded.instance.trees:
                click_cell(page, [r, c], 1 if (r, c) in sol.tents else 2)
    page.wait_for_selector("#status.solved")
    assert "Solved" in page.inner_text("#status")
    # every line clue counts its tents: all done, none wrong (the type's Play.counted)
    assert page.locator("#board g.clue.done").count() == 12
    assert page.locator("#board g.clue.wrong").count() == 0
    # a link drawn by a drag from a tree to its tent
    tree, tent = sorted(sol.pairs)[0]
    drag(page, tree, tent)
    page.wait_for_selector("#board line.link", state="attached")
    page.screenshot(path=str(tmp_path / "tents.png"))
    # export LEGUP XML with the marks and the link, and read it back with the library
    page.click("#export-panel summary")
    page.select_option("#export-format", "legup")
    page.click("#export-button")
    page.wait_for_function("document.querySelector('#export-output').value.includes('Legup')")
    xml = page.input_value("#export-output")
    from aspuzzle.puzzles.tents.legup import read_legup_state

    inst, marks, links = read_legup_state(xml)
    assert inst == loaded.instance and links == {(tree, tent)}
    assert {c for c, v in marks.items() if v == "tent"} == set(sol.tents)
    assert aspuzzle.check(aspuzzle.loads(xml), xml).correct
    # the board survives a reload
    page.reload()
    page.wait_for_selector("#status.solved")
    # explain: walk forwards and backwards
    page.click("#explain-button")
    page.wait_for_selector("#step-list li.current")
    first = page.inner_text("#step-count")
    page.click("#next-step")
    page.wait_for_function(f"document.querySelector('#step-count').textContent !== {first!r}")
    page.click("#prev-step")
    page.wait_for_function(f"document.querySelector('#step-count').textContent === {first!r}")
    page.click("#close-explain")
    settle(page)


def drag(page: Any, a: Any, b: Any) -> None:
    def centre(cell: Any) -> tuple[float, float]:
        box = page.locator(f"#board g.cell[data-key='[{cell[0]},{cell[1]}]']").bounding_box()
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    (x1, y1), (x2, y2) = centre(a), centre(b)
    page.mouse.move(x1, y1)
    page.mouse.down()
    page.mouse.move(x2, y2, steps=4)
    page.mouse.up()


def test_futoshiki_play_and_check(page: Any, server: str, tmp_path: Path) -> None:
    text = (EXAMPLES / "futoshiki" / "seed-4x4.txt").read_text()
    page.goto(server)
    page.wait_for_selector("body[data-ready='1']")
    page.fill("#puzzle-input", text)
    page.click("#open-button")
    page.wait_for_selector("#board svg.aspuzzle-futoshiki g.cell")
    loaded = aspuzzle.loads(text)
    sol = aspuzzle.solve(loaded).solutions[0]
    given = {(r, c) for r, c, _ in loaded.instance.givens}
    free = [(r, c) for r in range(1, 5) for c in range(1, 5) if (r, c) not in given]
    # a digit by keyboard, then taken away
    r, c = free[0]
    page.click(f"#board g.cell[data-key='[{r},{c}]']")
    page.keyboard.press("4")
    page.wait_for_selector(f"#board g.cell[data-key='[{r},{c}]'] text.placed")
    page.keyboard.press("Backspace")
    page.wait_for_selector(f"#board g.cell[data-key='[{r},{c}]'] text.placed", state="detached")
    # pencil marks through the digit pad
    page.check("#pencil")
    page.click("#digits button[data-digit='1']")
    page.wait_for_selector(f"#board g.cell[data-key='[{r},{c}]'] text.pencil")
    page.uncheck("#pencil")
    for (r, c) in free:
        page.click(f"#board g.cell[data-key='[{r},{c}]']")
        page.keyboard.press(str(sol.at((r, c))))
        page.wait_for_selector(f"#board g.cell[data-key='[{r},{c}]'] text.placed")
    page.click("#check-button")
    page.wait_for_selector("#status.solved")
    page.screenshot(path=str(tmp_path / "futoshiki.png"))


def test_hitori_play_and_check(page: Any, server: str, tmp_path: Path) -> None:
    text = (EXAMPLES / "hitori" / "seed-6x6.txt").read_text()
    page.goto(server)
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#example-select", label="Hitori 6x6 (seed post)")
    page.wait_for_selector("#board svg.aspuzzle-hitori g.cell")
    # two touching shaded cells: Check names the rule
    click_cell(page, [1, 1])
    click_cell(page, [1, 2])
    page.click("#check-button")
    page.wait_for_selector("#board g.cell.error")
    assert "Touching Shaded Cells" in page.inner_text("#message")
    page.click("#clear-button")
    settle(page)
    sol = aspuzzle.solve(aspuzzle.loads(text)).solutions[0]
    for cell in sorted(sol.shaded):
        click_cell(page, list(cell))
    page.click("#check-button")
    page.wait_for_selector("#status.solved")
    page.screenshot(path=str(tmp_path / "hitori.png"))


def test_lightup_a_kit_type_plays_with_its_own_marks(page: Any, server: str,
                                                     tmp_path: Path) -> None:
    # a kit type: the type lists, the example, the click cycle and the board all come from
    # its declaration
    text = (EXAMPLES / "lightup" / "tatham-7x7.txt").read_text()
    page.goto(server)
    page.wait_for_selector("body[data-ready='1']")
    assert "lightup" in page.inner_text("#gen-type")
    page.select_option("#example-select", label="Light Up 7x7 easy (Tatham)")
    page.wait_for_selector("#board svg.aspuzzle-lightup g.cell")
    # two bulbs in one row: Check names LEGUP's rule
    click_cell(page, [1, 1])
    click_cell(page, [1, 2])
    page.click("#check-button")
    page.wait_for_selector("#board g.cell.error")
    assert "Bulbs in Path" in page.inner_text("#message")
    click_cell(page, [1, 2])  # a second click: empty
    assert page.get_attribute("#board g.cell[data-r='1'][data-c='2']", "data-value") == "empty"
    page.click("#clear-button")
    settle(page)
    sol = aspuzzle.solve(aspuzzle.loads(text)).solutions[0]
    for cell in sorted(sol.marked):
        click_cell(page, list(cell))
    page.click("#check-button")
    page.wait_for_selector("#status.solved")
    page.screenshot(path=str(tmp_path / "lightup.png"))


def test_sudoku_a_kit_digit_type_takes_digits_and_pencil_marks(page: Any, server: str,
                                                               tmp_path: Path) -> None:
    text = (EXAMPLES / "sudoku" / "wikipedia-9x9.txt").read_text()
    page.goto(server)
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#example-select", label="Sudoku 9x9 (Wikipedia)")
    page.wait_for_selector("#board svg.aspuzzle-sudoku g.cell")
    assert page.is_visible("#digits button[data-digit='9']")
    loaded = aspuzzle.loads(text)
    sol = aspuzzle.solve(loaded).solutions[0]
    free = [cell for cell, (name, _) in loaded.instance.positions() if name == "empty"]
    r, c = free[0]
    page.click(f"#board g.cell[data-key='[{r},{c}]']")
    wrong = next(d for d in range(1, 10) if d != sol.digit((r, c), 9))
    page.keyboard.press(str(wrong))
    page.wait_for_selector(f"#board g.cell[data-key='[{r},{c}]'] text.placed")
    page.click("#hint-button")
    page.wait_for_function("document.querySelector('#message').innerText.length > 0")
    assert f"({r},{c})" in page.inner_text("#message")  # the hint names the wrong digit
    page.click(f"#board g.cell[data-key='[{r},{c}]']")
    page.keyboard.press("Backspace")
    page.wait_for_selector(f"#board g.cell[data-key='[{r},{c}]'] text.placed", state="detached")
    page.check("#pencil")
    page.click("#digits button[data-digit='1']")
    page.wait_for_selector(f"#board g.cell[data-key='[{r},{c}]'] text.pencil")
    page.uncheck("#pencil")
    for (r, c) in free:
        page.click(f"#board g.cell[data-key='[{r},{c}]']")
        page.keyboard.press(str(sol.digit((r, c), 9)))
    settle(page)
    page.click("#check-button")
    page.wait_for_selector("#status.solved")
    page.screenshot(path=str(tmp_path / "sudoku.png"))


def test_logicgrid_play_hint_and_check(page: Any, server: str, tmp_path: Path) -> None:
    text = (EXAMPLES / "logicgrid" / "boys-in-the-hood.logic").read_text()
    open_url(page, server, text, "logicgrid")
    assert "Friar Tuck" in page.inner_text("#clues")
    # a wrong mark: Friar Tuck was the inn (clue 2), so "not the inn" is a mistake
    key = [["victim", "Friar Tuck"], ["location", "inn"]]
    click_cell(page, key)  # one click: false
    page.click("#hint-button")
    page.wait_for_selector("#board g.cell.error")
    assert "Mistake" in page.inner_text("#message")
    page.click("#apply-button")  # takes the wrong mark away
    page.wait_for_function("!document.querySelector('#board g.cell.error')")
    # hints applied one after another solve it (the engine's steps, on the player's board)
    apply_hints(page, 60)
    page.click("#check-button")
    page.wait_for_selector("#status.solved")
    page.screenshot(path=str(tmp_path / "logicgrid.png"))


def test_upload_a_file_and_make_a_new_puzzle(page: Any, server: str) -> None:
    page.goto(server)
    page.wait_for_selector("body[data-ready='1']")
    # a puzzle of another type open first: the upload's type is detected, not taken from it
    page.fill("#puzzle-input", (EXAMPLES / "logicgrid" / "boys-in-the-hood.logic").read_text())
    page.click("#open-button")
    page.wait_for_selector("#board svg.aspuzzle-logicgrid")
    page.set_input_files("#file-input", str(EXAMPLES / "tents" / "legup-8x8.xml"))
    page.wait_for_function("document.querySelector('#title').textContent.includes('legup')")
    page.wait_for_selector("#board svg.aspuzzle-tents g.cell")
    assert page.locator("#board svg.aspuzzle-tents g.cell").count() == 64
    page.select_option("#gen-type", "logicgrid")
    page.fill("#gen-size", "3x4")
    page.click("#generate-button")
    page.wait_for_function("/difficulty direct/.test(document.querySelector('#message')"
                           ".textContent)")
    page.wait_for_selector("#board svg.aspuzzle-logicgrid")
    share = page.input_value("#share-link")
    assert "type=logicgrid" in share


def test_a_tap_on_a_touch_screen_marks_a_cell(page: Any, server: str) -> None:
    """Touch: a real touch event (Chromium's touch emulation through the DevTools protocol)
    goes through the same pointer events as a click."""
    loaded = aspuzzle.loads(TENTS)
    open_url(page, server, loaded.puzzle.formats["tatham"].write(loaded.instance, None), "tents")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    cell = "#board g.cell[data-key='[1,1]']"
    box = page.locator(cell).bounding_box()
    point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    before = page.inner_html("#board")
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.wait_for_function("before => document.querySelector('#board').innerHTML !== before",
                           arg=before)
    assert page.get_attribute(cell, "data-value") == "tent"


def test_skyscrapers_a_kit_type_with_outside_clues_plays_with_digits(page: Any, server: str,
                                                                    tmp_path: Path) -> None:
    text = (EXAMPLES / "skyscrapers" / "tatham-5de.txt").read_text()
    page.goto(server)
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#example-select", label="Skyscrapers 5x5 easy (Tatham)")
    page.wait_for_selector("#board svg.aspuzzle-skyscrapers g.cell")
    loaded = aspuzzle.loads(text)
    sol = aspuzzle.solve(loaded).solutions[0]
    for r in range(1, 6):
        for c in range(1, 6):
            page.click(f"#board g.cell[data-key='[{r},{c}]']")
            page.keyboard.press(str(sol.digit((r, c), 5)))
    settle(page)
    page.click("#check-button")
    page.wait_for_selector("#status.solved")
    page.screenshot(path=str(tmp_path / "skyscrapers.png"))


def test_an_english_logic_grid_pasted_as_text(page: Any, server: str) -> None:
    """Issue 29: a puzzle pasted as printed, in the one-line-per-category layout and English
    clues, opens, shows its clues and is played to "solved" with the hints."""
    page.goto(server)
    page.wait_for_selector("body[data-ready='1']")
    page.fill("#puzzle-input", "prices: $4.99, $5.99, $6.99, $7.99\n"
              "customers: Irene, Oliver, Pam, Quinn\n"
              "drinks: iced tea, root beer, lemonade, cola\n\n"
              "1. Oliver paid 1 dollar more than Irene.\n"
              "2. The one who got the iced tea paid $6.99.\n"
              "3. Pam didn't order the root beer.\n"
              "4. The person who paid $4.99 is either Quinn or the one who got the lemonade.\n"
              "5. Quinn paid more than the person who ordered the iced tea.\n"
              "6. Of Irene and Quinn, one got the cola and the other paid $4.99.\n")
    page.click("#open-button")
    page.wait_for_selector("#board svg g.cell")
    assert "Oliver paid 1 dollar more than Irene" in page.inner_text("#clues")
    apply_hints(page, 40)
    page.click("#check-button")
    page.wait_for_selector("#status.solved")
    # the answer the page reached is the one the clues have (Irene $4.99 lemonade, ...)
    key = [["prices", "$4.99"], ["customers", "Irene"]]
    cell = page.locator(f"#board g.cell[data-key='{json.dumps(key)}']")
    assert cell.get_attribute("data-value") == "true"
    key = [["prices", "$4.99"], ["customers", "Oliver"]]
    cell = page.locator(f"#board g.cell[data-key='{json.dumps(key)}']")
    assert cell.get_attribute("data-value") == "false"
