"""The web app of ``aspuzzle serve``: a page to play, check, hint, explain and export puzzles
of every type, and a JSON API under ``/api/`` that answers the CLI's ``--json`` records.

Needs the ``web`` extra (``pip install 'aspuzzle[web]'``: Starlette and uvicorn).
"""

from __future__ import annotations

from typing import Any

__all__ = ["create_app"]


def create_app(**options: Any) -> Any:
    """The ASGI app (:func:`aspuzzle.web.app.create_app`)."""
    from aspuzzle.web.app import create_app as make

    return make(**options)
