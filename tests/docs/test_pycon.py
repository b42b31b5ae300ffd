"""The docs' Python sessions (```` ```pycon ```` blocks) run as doctests, from the repository's
root (so that ``examples/`` is there), and print what they show (``...`` leaves a part out).
Plain ```` ```python ```` blocks are run by tests/test_readme.py."""

from __future__ import annotations

import doctest
import os
import re
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.test_readme import DOCS


def _sessions() -> list[tuple[str, str]]:
    out = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        for m in re.finditer(r"^```pycon\n(.*?)^```", text, re.S | re.M):
            out.append((f"{doc.relative_to(ROOT)}:{text[:m.start()].count(chr(10)) + 1}",
                        m.group(1)))
    return out


SESSIONS = _sessions()


def test_the_docs_have_python_sessions() -> None:
    assert SESSIONS


@pytest.mark.parametrize(("where", "code"), SESSIONS, ids=[s[0] for s in SESSIONS])
def test_a_python_session_prints_what_it_shows(where: str, code: str,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    test = doctest.DocTestParser().get_doctest(code, {}, where, where, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report: list[str] = []
    runner.run(test, out=report.append)
    assert runner.failures == 0, "".join(report)
    assert Path(os.getcwd()) == ROOT
