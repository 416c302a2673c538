"""`mjtui board FILE` and `mjtui serve FILE [--host H] [--port P]`: the table display.

``board`` opens the large-digit board of a session read-only and follows the
file as the scorer's mjtui saves hands (no lock is taken, so the series is
played on in another window meanwhile). ``serve`` serves that board to web
browsers with textual-serve: each browser that opens the page gets its own
read-only board process; the scorer's mjtui keeps the only write access.
"""

from __future__ import annotations

import argparse
import shlex
import sys
from pathlib import Path
from typing import Any

from mjtui import paths
from mjtui.core.errors import MjtuiError, SessionError


def add_board_commands(subparsers: Any) -> None:
    board = subparsers.add_parser(
        "board", help="the table display of a session: large totals, read-only, kept up to date"
    )
    board.add_argument("file", type=Path, metavar="FILE", help="the session file to follow")
    serve = subparsers.add_parser(
        "serve", help="serve the table display of a session to browsers on the network"
    )
    serve.add_argument("file", type=Path, metavar="FILE", help="the session file to follow")
    serve.add_argument(
        "--host",
        default="0.0.0.0",
        metavar="H",
        help="the address to listen on (default 0.0.0.0: every network "
        "of this machine; 127.0.0.1: this machine only)",
    )
    serve.add_argument(
        "--port", type=int, default=8000, metavar="P", help="the port (default 8000)"
    )


def _check_file(path: Path) -> Path:
    """The file as given, if it is a file at all (what is in it, the board says)."""
    if not path.is_file():
        raise SessionError(f"{path}: no such session file")
    return path


def board_command(args: argparse.Namespace) -> Any:
    from mjtui.core.rulesets.ruleset import RulesetLibrary
    from mjtui.ui.screens.board import BoardApp

    path = _check_file(args.file)
    return BoardApp(path, RulesetLibrary(paths.ruleset_folders()).get)


def serve_command(args: argparse.Namespace) -> int:
    path = _check_file(args.file).resolve()
    if not 0 < args.port < 65536:
        raise MjtuiError(f"--port: expected 1 to 65535, got {args.port}")
    try:
        from textual_serve.server import Server
    except ImportError:
        raise MjtuiError(
            "`mjtui serve` needs the textual-serve package: pip install textual-serve"
        ) from None

    class BoardServer(Server):
        """Pages name the address the browser used, so phones on the network reach the
        board's websocket whatever --host is (0.0.0.0 is no address to connect to)."""

        async def handle_index(self, request: Any) -> Any:
            self.public_url = f"{request.scheme}://{request.host}"
            return await super().handle_index(request)

    command = shlex.join([sys.executable, "-m", "mjtui", "board", str(path)])
    server = BoardServer(
        command, host=args.host, port=args.port, title=f"mjtui board · {path.name}"
    )
    where = "this machine" if args.host in ("127.0.0.1", "localhost") else "the network"
    print(
        f"mjtui: serving the board of {path.name} to {where} on port {args.port}; Ctrl+C stops",
        file=sys.stderr,
    )
    server.serve()
    return 0
