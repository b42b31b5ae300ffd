"""The ASGI app of ``aspuzzle serve``: the page (static files) and the JSON API under ``/api/``.

Handlers only decode the request and call :mod:`aspuzzle.web.service` (the library); every
call runs in a worker thread (clingo releases the GIL), so the server keeps answering while a
solve runs, and under a time limit: solves and counts get it as their clingo time limit, and
any request still running when it is over is answered ``504`` (the reasoning of explain, hint,
check, diagnose and generate stops itself at the limit too, checked before every step and
every case split tried; at most ``workers`` run at once, the next waits). Errors are JSON, one line:
``{"status": "error", "error": "<message>", "exit": 2}`` with 400 for a bad puzzle or request,
413 for a body over the size limit, 404 / 405 for a wrong address or method; never a traceback.
"""

from __future__ import annotations

import asyncio
import json
from importlib.resources import files
from typing import Any

import anyio
import anyio.to_thread
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from aspuzzle.errors import AspuzzleError
from aspuzzle.explain.loop import ExplainBug, TimeLimit
from aspuzzle.explain.loop import time_limit as time_limit_of_reasoning
from aspuzzle.web import service
from aspuzzle.web.openapi import openapi

__all__ = ["MAX_BODY_BYTES", "TIME_LIMIT", "create_app"]

MAX_BODY_BYTES = 1_000_000
"""The largest request body: a 60x60 LEGUP file with marks is about 200 KB."""
TIME_LIMIT = 20.0
"""Seconds one request may take."""

STATIC = files("aspuzzle.web").joinpath("static")


def _error(status: int, message: str, *, exit: int = 2) -> JSONResponse:
    return JSONResponse({"status": "error", "error": " ".join(message.splitlines()),
                         "exit": exit}, status_code=status)


class _BodyLimit:
    """Refuses a body whose declared length is over ``limit`` bytes (413) before the app
    reads it; a body without a length is counted as it is read (:func:`_read`)."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            length = dict(scope["headers"]).get(b"content-length")
            if length is not None and (not length.isdigit() or int(length) > self.limit):
                await _error(413, f"the request body is larger than {self.limit} bytes")(
                    scope, receive, send)
                return
        await self.app(scope, receive, send)


async def _read(request: Request, limit: int) -> bytes | None:
    """The body, or None as soon as it passes ``limit`` bytes."""
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
    return b"".join(chunks)


def create_app(*, time_limit: float = TIME_LIMIT, max_body: int = MAX_BODY_BYTES,
               workers: int = 4, grace: float = 2.0) -> ASGIApp:
    """The app. ``time_limit`` seconds per request (and ``grace`` more, for a solve to stop
    at its own limit and answer ``timeout``), bodies up to ``max_body`` bytes, at most
    ``workers`` library calls at once."""
    ctx = service.Context(time_limit)
    limiter = anyio.CapacityLimiter(workers)

    async def call(name: str, request: Request) -> Response:
        raw = await _read(request, max_body)
        if raw is None:
            return _error(413, f"the request body is larger than {max_body} bytes")
        try:
            body = json.loads(raw or b"{}")
        except (ValueError, UnicodeDecodeError) as e:
            return _error(400, f"the request body is not JSON: {e}")
        if not isinstance(body, dict):
            return _error(400, "the request body must be a JSON object")
        if name == "rules" and "type" in request.query_params:
            body.setdefault("type", request.query_params["type"])
        func = service.ENDPOINTS[name]

        def work() -> Any:
            # the reasoning (explain, hint, grades) stops itself at the limit, so that a
            # request given up does not keep its thread busy
            with time_limit_of_reasoning(time_limit):
                return func(body, ctx)

        try:
            async with asyncio.timeout(time_limit + grace):
                record = await anyio.to_thread.run_sync(work, limiter=limiter,
                                                        abandon_on_cancel=True)
        except (TimeoutError, TimeLimit):
            return _error(504, f"time limit reached ({time_limit:g} s)", exit=3)
        except AspuzzleError as e:
            return _error(400, str(e))
        except RecursionError:
            return _error(400, "the input is nested too deeply")
        except ExplainBug as e:  # a step its re-proof refuted: the CLI's exit status 4
            return _error(422, f"internal error: {type(e).__name__}: {e}", exit=4)
        except Exception as e:  # a bug: said in one line, never a traceback page
            return _error(500, f"internal error: {type(e).__name__}: {e}")
        return JSONResponse(record)

    def endpoint(name: str) -> Any:
        async def handle(request: Request) -> Response:
            return await call(name, request)
        handle.__name__ = name
        return handle

    async def png(request: Request) -> Response:
        """The picture as PNG (cairosvg): the same body as ``/api/render``."""
        from aspuzzle.render import svg_to_png

        response = await call("render", request)
        if response.status_code != 200:
            return response
        svg = json.loads(bytes(response.body))["svg"]
        try:
            data = await anyio.to_thread.run_sync(svg_to_png, svg, limiter=limiter)
        except AspuzzleError as e:
            return _error(400, str(e))
        return Response(data, media_type="image/png")

    async def examples(request: Request) -> Response:
        data = json.loads(files("aspuzzle.web").joinpath("examples.json").read_text("utf-8"))
        return JSONResponse(data)

    async def schema(request: Request) -> Response:
        return JSONResponse(openapi())

    async def index(request: Request) -> Response:
        from aspuzzle.puzzles import TYPES

        html = STATIC.joinpath("index.html").read_text("utf-8")
        # the types from the registry, so that a new type needs no edit of the page
        html = html.replace("<!--TYPES-->", "".join(f"<option>{t.name}</option>" for t in TYPES))
        return Response(html, media_type="text/html; charset=utf-8",
                        headers={"Cache-Control": "no-cache"})

    async def not_found(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        return _error(exc.status_code, f"{request.method} {request.url.path}: {exc.detail}")

    async def crashed(request: Request, exc: Exception) -> Response:
        return _error(500, f"internal error: {type(exc).__name__}: {exc}")

    routes: list[Any] = [Route("/", index), Route("/api/openapi.json", schema),
                         Route("/api/examples", examples),
                         Route("/api/rules", endpoint("rules"), methods=["GET", "POST"]),
                         Route("/api/png", png, methods=["POST"])]
    routes += [Route(f"/api/{name}", endpoint(name), methods=["POST"])
               for name in service.ENDPOINTS if name != "rules"]
    routes.append(Mount("/static", StaticFiles(directory=str(STATIC)), name="static"))
    app = Starlette(routes=routes, exception_handlers={HTTPException: not_found,
                                                       Exception: crashed})
    return _BodyLimit(app, max_body)
