"""Fixtures of the puzzle type tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from aspuzzle.engine import reuse


@pytest.fixture
def fresh_programs(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Shared programs (aspuzzle.engine.reuse) built on a size's first solve, none left from
    other tests."""
    monkeypatch.setattr(reuse, "BUILD_AFTER_AT_MOST", 0)
    reuse.clear()
    yield
    reuse.clear()
