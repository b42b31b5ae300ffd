"""The documentation site builds with warnings as errors, every page is in it, and no internal
link of the built site is broken: its target page exists and so does its anchor (read from the
HTML here; tests/docs/test_browser.py follows them in Chromium)."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urldefrag, urljoin, urlparse

from tests.conftest import ROOT


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.add(str(a["id"]))
        for name in ("href", "src"):
            if a.get(name) and tag in ("a", "img", "link", "script"):
                self.links.append(str(a[name]))


def _read(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def internal_links(site: Path) -> list[tuple[str, str]]:
    """(page, link) of every link that stays in the site."""
    out = []
    for html in sorted(site.rglob("*.html")):
        for link in _read(html).links:
            if urlparse(link).scheme or link.startswith(("//", "mailto:")):
                continue
            out.append((str(html.relative_to(site)), link))
    return out


def broken_links(site: Path) -> list[str]:
    pages: dict[Path, _Page] = {}
    broken = []
    for page, link in internal_links(site):
        url, anchor = urldefrag(urljoin(page, link))
        target = site / unquote(url).lstrip("/") if url else site / page
        if target.is_dir():
            target = target / "index.html"
        if not target.exists():
            broken.append(f"{page}: {link} (no such file)")
        elif anchor and target.suffix == ".html":
            ids = pages.setdefault(target, _read(target)).ids
            if unquote(anchor) not in ids:
                broken.append(f"{page}: {link} (no such anchor)")
    return broken


def test_the_site_builds_strict_and_has_every_page(site: Path) -> None:
    sources = {p.relative_to(ROOT / "docs").with_suffix(".html")
               for p in (ROOT / "docs").rglob("*.md") if "_gen" not in p.parts}
    built = {p.relative_to(site) for p in site.rglob("*.html")}
    assert sources <= built
    nav = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    missing = [str(p.with_suffix(".md")) for p in sources
               if f" {p.with_suffix('.md').as_posix()}\n" not in nav]
    assert missing == [], "pages not in mkdocs.yml's nav"


def test_no_internal_link_is_broken(site: Path) -> None:
    assert len(internal_links(site)) > 500
    assert broken_links(site) == []


def test_the_generated_references_are_there(site: Path) -> None:
    from aspuzzle import cli

    page = (site / "reference" / "cli.html").read_text(encoding="utf-8")
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if a.__class__.__name__ == "_SubParsersAction")
    for name, command in sub.choices.items():
        assert f'id="aspuzzle-{name}"' in page, name
        for action in command._actions[1:]:  # after -h, --help
            for option in action.option_strings:
                assert f"<code>{option}" in page, (name, option)
    rules = (site / "reference" / "rules.html").read_text(encoding="utf-8")
    assert "Finish with Grass" in rules and "Naked Single" in rules
    assert re.search(r"src/aspuzzle/puzzles/\w+/rules/\w+\.lp", rules)
    formats = (site / "reference" / "formats.html").read_text(encoding="utf-8")
    assert "<code>zebralogic</code>" in formats
    api = (site / "reference" / "api.html").read_text(encoding="utf-8")
    assert 'id="aspuzzle.api.solve"' in api and 'id="aspuzzle.explain.hint"' in api
