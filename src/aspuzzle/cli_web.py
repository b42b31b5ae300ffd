"""The ``serve`` command: the web app on a local address (thin: the app is
:mod:`aspuzzle.web`).

    aspuzzle serve [--host 127.0.0.1] [--port 8000] [--open]

It binds to localhost unless told otherwise, prints the address and serves until Ctrl-C.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from aspuzzle.errors import UsageError

__all__ = ["register"]


def _app() -> Any:
    try:
        import uvicorn  # noqa: F401

        from aspuzzle.web import create_app
        app = create_app()
    except ModuleNotFoundError as e:
        raise UsageError(f"the web app needs {e.name}: pip install 'aspuzzle[web]'") from None
    return app


def cmd_serve(args: argparse.Namespace) -> int:
    import socket

    app = _app()
    import uvicorn

    try:  # bind first, so that a port in use is a one-line error and the address is known
        sock = socket.create_server((args.host, args.port))
    except OSError as e:
        raise UsageError(f"cannot listen on {args.host}:{args.port}: {e.strerror}") from None
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}/"
    sys.stdout.write(f"aspuzzle: serving on {url} (Ctrl-C to stop)\n")
    sys.stdout.flush()
    if args.open:
        import webbrowser

        webbrowser.open(url)
    config = uvicorn.Config(app, log_level="warning")
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
    return 0


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        port = -1
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"'{text}' is not a port number (0..65535)")
    return port


def register(sub: Any) -> None:
    """Add ``serve`` to the main parser's subparsers."""
    sp = sub.add_parser("serve", help="the web app: play, check, hint, explain and export "
                                      "puzzles in a browser")
    sp.add_argument("--host", default="127.0.0.1",
                    help="address to listen on (default 127.0.0.1: this machine only)")
    sp.add_argument("--port", type=_port, default=8000,
                    help="port (default 8000; 0 picks a free one)")
    sp.add_argument("--open", action="store_true", help="open the page in a browser")
    sp.set_defaults(func=cmd_serve)
