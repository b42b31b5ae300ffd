"""Web app fixtures: the app in process (Starlette's test client)."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    with warnings.catch_warnings():  # starlette suggests httpx2; httpx is what it runs on
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from aspuzzle.web import create_app

    with TestClient(create_app()) as c:
        yield c
