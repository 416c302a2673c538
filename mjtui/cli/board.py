"""`mjtui board FILE` and `mjtui serve FILE [--host H] [--port P] [--max-clients N]`: the
table display.

``board`` opens the large-digit board of a session read-only and follows the
file as the scorer's mjtui saves hands (no lock is taken, so the series is
played on in another window meanwhile). ``serve`` serves that board to web
browsers with textual-serve: each browser that opens the page gets its own
read-only board process; the scorer's mjtui keeps the only write access. It listens on
127.0.0.1 unless --host says otherwise (a laptop on a club's wifi is not open to it by
default), and keeps to the limits of cli/serving.py.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from mjtui import paths
from mjtui.cli.serve_limits import SERVED_BY
from mjtui.core.errors import MjtuiError, SessionError
from mjtui.core.language import _

if TYPE_CHECKING:
    from mjtui.cli.entry import Subparsers
    from mjtui.ui.screens.board import BoardApp

PR_SET_PDEATHSIG = 1  # prctl(2)
MAX_CLIENTS = 16  # browsers served at once by default: a board process is 40 MB
MOST_CLIENTS = 256


def add_board_commands(subparsers: Subparsers) -> None:
    board = subparsers.add_parser(
        "board", help=_("the table display of a session: large totals, read-only, kept up to date")
    )
    board.add_argument("file", type=Path, metavar="FILE", help=_("the session file to follow"))
    serve = subparsers.add_parser(
        "serve", help=_("serve the table display of a session to browsers on the network")
    )
    serve.add_argument("file", type=Path, metavar="FILE", help=_("the session file to follow"))
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        metavar="H",
        help=_(
            "the address to listen on (default 127.0.0.1: this machine "
            "only; 0.0.0.0: every network of this machine, for the "
            "players' phones: anyone on those networks can open the board)"
        ),
    )
    serve.add_argument(
        "--port", type=int, default=8000, metavar="P", help=_("the port (default 8000)")
    )
    serve.add_argument(
        "--max-clients",
        type=int,
        default=MAX_CLIENTS,
        metavar="N",
        help=_(
            "the most browsers served at once, each with its own board "
            "process of about 40 MB (default {n})"
        ).format(n=MAX_CLIENTS),
    )


def _check_file(path: Path) -> Path:
    """The file as given, if it is a file at all (what is in it, the board says)."""
    if not path.is_file():
        raise SessionError(_("{path}: no such session file").format(path=path))
    return path


def board_command(args: argparse.Namespace) -> BoardApp:
    from mjtui.core.rulesets.ruleset import RulesetLibrary
    from mjtui.ui.screens.board import BoardApp

    path = _check_file(args.file)
    end_with_the_server()
    return BoardApp(path, RulesetLibrary(paths.ruleset_folders()).get)


def end_with_the_server() -> None:
    """A board `mjtui serve` started (or a hall or a table's game `mjtui tournament serve`
    started) is sent SIGTERM when the server ends, even killed (Linux's parent-death
    signal): else it would go on for nobody. The server ends its boards itself when it
    can; this is for when it cannot."""
    served_by = os.environ.get(SERVED_BY)
    if served_by is None or not sys.platform.startswith("linux"):
        return
    import ctypes

    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    except (OSError, AttributeError):
        return
    if str(os.getppid()) != served_by:  # the server ended before the signal was asked
        raise MjtuiError(_("the `mjtui serve` that started this board has ended"))


def serve_command(args: argparse.Namespace) -> int:
    path = _check_file(args.file).resolve()
    if not 0 < args.port < 65536:
        raise MjtuiError(_("--port: expected 1 to 65535, got {port}").format(port=args.port))
    if not 1 <= args.max_clients <= MOST_CLIENTS:
        raise MjtuiError(
            _("--max-clients: expected 1 to {most}, got {max_clients}").format(
                most=MOST_CLIENTS, max_clients=args.max_clients
            )
        )
    try:
        from mjtui.cli.serve_limits import Limits
        from mjtui.cli.serving import BoardServer, is_loopback, lan_address
    except ImportError:
        raise MjtuiError(
            _("`mjtui serve` needs the textual-serve package: pip install textual-serve")
        ) from None

    # Each board in the language the server was told; else it chooses as the server did
    # (the same config and locale).
    spoken = ["--language", args.language] if getattr(args, "language", None) else []
    argv = [sys.executable, "-m", "mjtui", *spoken, "board", str(path)]
    server = BoardServer(
        argv,
        host=args.host,
        port=args.port,
        title=_("mjtui board · {name}").format(name=path.name),
        limits=Limits(max_clients=args.max_clients),
    )
    if is_loopback(args.host):
        serving = _(
            "mjtui: serving the board of {name} on http://{host}:{port} to this machine only "
            "(--host 0.0.0.0 lets the players' phones in); at most {max_clients} at once; "
            "Ctrl+C stops"
        ).format(name=path.name, host=args.host, port=args.port, max_clients=args.max_clients)
    else:
        serving = _(
            "mjtui: serving the board of {name} to the network: players open "
            "http://{address}:{port} (and anyone on the network can); at most {max_clients} "
            "at once; Ctrl+C stops"
        ).format(
            name=path.name,
            address=lan_address(args.host) or "THIS-MACHINE",
            port=args.port,
            max_clients=args.max_clients,
        )
    try:
        server.serve(
            ready=lambda: print(
                serving,
                file=sys.stderr,
                flush=True,
            )
        )
    except OSError as error:
        raise MjtuiError(
            _("cannot serve on {host} port {port}: {why}").format(
                host=args.host, port=args.port, why=error.strerror or error
            )
        ) from None
    return 0
