"""The built documentation site in a real headless Chromium (Debian's ``chromium``, driven by
Playwright, as tests/web/test_browser.py drives the web app): starting from the home page,
every page the site links to is opened, every internal link leads to a page that loads, and
every link's anchor is an element of its page; no page logs an error."""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urldefrag, urlparse

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
pytestmark = pytest.mark.skipif(not os.path.exists(CHROMIUM),
                                reason="needs Debian's chromium (.ci/run installs it)")
sync_api = pytest.importorskip("playwright.sync_api")

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    handler = functools.partial(_Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def test_every_internal_link_of_the_site_works_in_chromium(served: str, tmp_path: Path) -> None:
    with sync_api.sync_playwright() as p:
        context = p.chromium.launch_persistent_context(
            str(tmp_path / "profile"), executable_path=CHROMIUM, headless=True, args=FLAGS)
        try:
            ids, links, errors = _crawl(context, served)
        finally:
            context.close()
    assert len(ids) >= 25  # every page of the nav
    broken = [f"{page}: {link}" for page, link in links
              if urldefrag(link)[0] not in ids
              or (urldefrag(link)[1] and urldefrag(link)[1] not in ids[urldefrag(link)[0]])]
    assert broken == []
    assert errors == []


def _crawl(context: Any, root: str) -> tuple[dict[str, set[str]], list[tuple[str, str]],
                                               list[str]]:
    """The ids of each page reached, every (page, internal link), and the errors logged."""
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    ids: dict[str, set[str]] = {}
    links: list[tuple[str, str]] = []
    todo = [root + "index.html"]
    while todo:
        url = todo.pop()
        if url in ids:
            continue
        response = page.goto(url)
        if response is None or response.status != 200:
            continue  # not a page: the links to it are reported as broken
        ids[url] = set(page.eval_on_selector_all("[id]", "els => els.map(e => e.id)"))
        for href in page.eval_on_selector_all("a[href]", "els => els.map(a => a.href)"):
            if not href.startswith(root):
                continue
            links.append((url, href))
            target = urldefrag(href)[0]
            if urlparse(target).path.endswith((".html", "/")) and target not in ids:
                todo.append(target if not target.endswith("/") else target + "index.html")
    page.close()
    # a link to a folder is to its index page
    for url in [u for u in ids if u.endswith("/index.html")]:
        ids.setdefault(url.removesuffix("index.html"), ids[url])
    return ids, links, errors
