"""`mjtui tournament serve NAME [--host H] [--port P] [--max-clients N]`: one server for
a tournament's hall and tables, with every limit of `mjtui serve` (cli/serving.py).

- ``/``: the hall display (ui/screens/hall.py), public and read-only: each browser gets
  its own `mjtui tournament hall` process, at most ``--max-clients`` at once;
- ``/t/SECRET``: table T's score sheet of the round being played, behind its secret
  link (core/tournament/links.py): the app opened on that table's game exactly as
  `mjtui tournament play NAME --table T` opens it, with its session lock. A link opens
  its own table's game and no other. The tables' processes come on top of the hall's
  (``max_clients`` is the hall's plus one a table), so a crowd on the hall page never
  keeps a table from scoring.

**One scorer a table.** While a browser holds a table's game, a second one opening the
same link gets a page saying the table is being scored, and no process: not a read-only
view, because four phones a table watching would each cost a process (some 50 MB: 20
tables' worth would be 4 GB), and the hall page shows the standings to everyone. The
same is said when the game is open in a laptop's `mjtui tournament play` (its lock is
held). A wrong link, or a link of a round no longer played, gets a page with a message
and starts nothing. A link stays good for its round while that round is the last
seated, and for a table still playing the round before (core/tournament/hall.py
``live_tables``).

The links are read from ``links.toml`` as it is when a page or a websocket asks (it
changes only when the director seats a round); the rounds' state from the folder as the
hall follows it. Nothing a client sends is said back but escaped; the secret is never
written to the server's lines.
"""

from __future__ import annotations

import argparse
import html
import shlex
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from aiohttp import web

from mjtui.cli.serve_limits import Limits
from mjtui.cli.serving import BoardServer, Say, is_loopback, lan_address
from mjtui.core.errors import MjtuiError
from mjtui.core.language import _
from mjtui.core.sessions.ledger import Stamp, stamp
from mjtui.core.sessions.lock import SessionInUse, SessionLock
from mjtui.core.tournament.hall import HallFollower, live_tables
from mjtui.core.tournament.links import LINKS_FILE, SECRET, Links, link_path, load_links
from mjtui.core.tournament.model import Tournament, game_file

MOST_CLIENTS = 256
Command = Callable[[str, int, int], Sequence[str]]
"""The process for a page: ("hall", 0, 0), or ("table", round, table)."""

MESSAGE_PAGE = """<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>body {{ font-family: sans-serif; margin: 2em; max-width: 40em;
background: #0c181f; color: #eee; }} a {{ color: #9cf; }}</style>
</head><body><h1>{title}</h1><p>{text}</p>{more}</body></html>
"""
NO_REFERRER = {"Referrer-Policy": "no-referrer", "Cache-Control": "no-store"}


def message_page(status: int, title: str, text: str, hall: bool = True) -> web.Response:
    """A page that only says something (no process behind it)."""
    from mjtui.cli.tournament_sheet import html_lang

    link = html.escape(_("The standings: the hall page"))
    more = f'<p><a href="/">{link}</a></p>' if hall else ""
    body = MESSAGE_PAGE.format(
        title=html.escape(title), text=html.escape(text), more=more, lang=html_lang()
    )
    return web.Response(
        status=status, text=body, content_type="text/html", charset="utf-8", headers=NO_REFERRER
    )


def mjtui_command(name: str, folder: Path, language: str | None = None) -> Command:
    """The real processes: `mjtui tournament hall` and `mjtui tournament play`, in the
    ``language`` the server was told (--language) if it was told one."""
    spoken = ["--language", language] if language else []
    base = [sys.executable, "-m", "mjtui", *spoken, "tournament"]

    def command(kind: str, number: int, table: int) -> list[str]:
        if kind == "hall":
            return [*base, "hall", name, "--folder", str(folder)]
        return [
            *base,
            "play",
            name,
            "--folder",
            str(folder),
            "--table",
            str(table),
            "--round",
            str(number),
        ]

    return command


class HallServer(BoardServer):
    """`mjtui tournament serve`: the hall at ``/``, each table at ``/t/SECRET``."""

    def __init__(
        self,
        folder: Path,
        name: str,
        tables: int,
        *,
        host: str,
        port: int,
        hall_clients: int,
        command: Command | None = None,
        say: Say | None = None,
        limits: Limits | None = None,
        language: str | None = None,
    ) -> None:
        # Not "command": textual-serve's Server keeps its command line under that name.
        self.process_for = command or mjtui_command(name, folder, language)
        super().__init__(
            self.process_for("hall", 0, 0),
            host=host,
            port=port,
            title=_("{name} · the hall").format(name=name),
            limits=limits or Limits(max_clients=hall_clients + tables),
            say=say,
        )
        self.folder = folder
        self.name = name
        self.hall_clients = hall_clients
        self.halls = 0  # hall pages holding a process (or about to)
        self.scoring: set[tuple[int, int]] = set()  # (round, table) held by a browser
        self.follower = HallFollower(folder, name)
        self._links = Links()
        self._links_stamp: Stamp | None = None

    def routes(self) -> list[web.AbstractRouteDef]:
        return [
            web.get("/", self.page, name="index"),
            web.get("/ws", self.board_socket, name="websocket"),
            web.get("/t/{secret}", self.table_page),
            web.get("/t/{secret}/ws", self.table_socket),
            web.static("/static", self.statics_path, name="static"),
        ]

    # The hall

    def _hall_full(self) -> web.Response | None:
        if self.halls < self.hall_clients:
            return self.full()
        return message_page(
            503,
            _("The hall page is full"),
            _(
                "{n} browsers show the hall already, the most this server takes "
                "(--max-clients). Try again when one has left."
            ).format(n=self.halls),
            hall=False,
        )

    async def page(self, request: web.Request) -> web.StreamResponse:
        return self.terminal_page(request, "/ws", self._hall_full())

    async def board_socket(self, request: web.Request) -> web.StreamResponse:
        refused = self._hall_full()
        if refused is not None:
            self.say(
                "hall-full",
                _("refused a hall to {who}: the hall is full").format(who=request.remote or "?"),
            )
            return refused
        self.halls += 1  # before any await
        try:
            return await self.open_board(request, self.argv, "hall")
        finally:
            self.halls -= 1

    # The tables

    def links(self) -> Links:
        """links.toml as it is now (read again only when it changed)."""
        path = self.folder / LINKS_FILE
        now = stamp(path)
        if now != self._links_stamp:
            self._links = load_links(path)
            self._links_stamp = now
        return self._links

    def table_of(self, secret: str) -> tuple[tuple[int, int] | None, web.Response | None]:
        """The (round, table) a secret opens now, or the page that says why it opens
        nothing."""
        wrong = message_page(
            404,
            _("Not a table's link"),
            _(
                "This is not the link of a table of {name}. Open the link on your table's "
                "seating sheet (its QR code), or ask the director."
            ).format(name=self.name),
        )
        if not SECRET.fullmatch(secret):
            return None, wrong
        try:
            where = self.links().find(secret)
        except MjtuiError as e:
            self.say("links", _("the links cannot be read: {error}").format(error=e))
            return None, message_page(
                503, _("Not just now"), _("The tables' links cannot be read.")
            )
        if where is None:
            return None, wrong
        self.follower.poll()
        standings = self.follower.standings
        if standings is None:
            self.say(
                "folder",
                _("the tournament cannot be read: {error}").format(error=self.follower.error),
            )
            return None, message_page(503, _("Not just now"), _("The tournament cannot be read."))
        if where not in live_tables(standings):
            number, table = where
            return None, message_page(
                410,
                _("An old link"),
                _(
                    "This link was table {table}'s in round {n}; round {now} is being played "
                    "now. Open the link on this round's seating sheet."
                ).format(table=table, n=number, now=standings.upto),
            )
        return where, None

    def busy(self, where: tuple[int, int]) -> web.Response | None:
        """The page saying the table is being scored elsewhere, or None."""
        number, table = where
        if where in self.scoring:
            return message_page(
                409,
                _("Table {table} is being scored").format(table=table),
                _(
                    "Table {table}'s game (round {n}) is open in another browser: one scorer a "
                    "table. If this phone was scoring it a moment ago, reload this page in a "
                    "few seconds."
                ).format(table=table, n=number),
            )
        path = self.folder / game_file(number, table)
        try:
            SessionLock.take(path).release()  # a laptop's `tournament play` holds it?
        except SessionInUse as e:
            return message_page(
                409,
                _("Table {table} is being scored").format(table=table),
                _(
                    "Table {table}'s game (round {n}) is open in {holder}: it is scored there."
                ).format(table=table, n=number, holder=e.holder),
            )
        except MjtuiError:
            pass  # the process says why, when it opens the game
        return None

    async def table_page(self, request: web.Request) -> web.StreamResponse:
        secret = request.match_info["secret"]
        where, refused = self.table_of(secret)
        if where is not None:
            refused = self.busy(where) or self.full()
        title = (
            _("{name} · table {table}").format(name=self.name, table=where[1]) if where else None
        )
        page = self.terminal_page(request, f"{link_path(secret)}/ws", refused, title)
        page.headers.update(NO_REFERRER)
        return page

    async def table_socket(self, request: web.Request) -> web.StreamResponse:
        where, refused = self.table_of(request.match_info["secret"])
        if where is None:
            assert refused is not None
            return refused
        refused = self.busy(where)
        if refused is not None:
            self.say(
                "busy",
                _("refused table {table} to {who}: being scored").format(
                    table=where[1], who=request.remote or "?"
                ),
            )
            return refused
        self.scoring.add(where)  # before any await: one scorer a table
        try:
            return await self.open_board(request, self.process_for("table", *where), "table")
        finally:
            self.scoring.discard(where)


def serve_tournament(
    args: argparse.Namespace, t: Tournament, folder: Path, secrets: tuple[str, ...]
) -> int:
    """Serve until Ctrl+C: ``secrets`` are the last round's links, printed at the start."""
    if not 0 < args.port < 65536:
        raise MjtuiError(
            _("{option}: expected {least} to {most}, got {value}").format(
                option="--port", least=1, most=65535, value=args.port
            )
        )
    if not 1 <= args.max_clients <= MOST_CLIENTS:
        raise MjtuiError(
            _("{option}: expected {least} to {most}, got {value}").format(
                option="--max-clients", least=1, most=MOST_CLIENTS, value=args.max_clients
            )
        )
    server = HallServer(
        folder,
        t.name,
        t.tables,
        host=args.host,
        port=args.port,
        hall_clients=args.max_clients,
        language=getattr(args, "language", None),
    )
    if is_loopback(args.host):
        base = f"http://{'[' + args.host + ']' if ':' in args.host else args.host}:{args.port}"
        who = _("this machine only (--host 0.0.0.0 lets the tables' phones in)")
    else:
        base = f"http://{lan_address(args.host) or 'THIS-MACHINE'}:{args.port}"
        who = _("the network: anyone on it can open the hall, and a table's link opens its game")
    lines = [
        "mjtui: " + _("serving {name} to {who}").format(name=t.name, who=who),
        "  " + _("the hall: {url}").format(url=f"{base}/"),
    ]
    if secrets:
        sheet = f"mjtui tournament sheet {shlex.quote(t.name)} --url {base} --format html"
        lines.append(
            "  "
            + _("round {n}'s tables (the sheet to print: {command}):").format(
                n=t.last_round, command=sheet
            )
        )
        lines += [
            "  " + _("table {n}").format(n=f"{n:>2}") + f": {base}{link_path(s)}"
            for n, s in enumerate(secrets, 1)
        ]
    else:
        lines.append("  " + _("no round seated yet: the tables' links come with the seating"))
    lines.append(
        _("at most {n} on the hall page at once, one scorer a table; Ctrl+C stops").format(
            n=args.max_clients
        )
    )
    try:
        server.serve(ready=lambda: print("\n".join(lines), file=sys.stderr, flush=True))
    except OSError as error:
        raise MjtuiError(
            _("cannot serve on {host} port {port}: {error}").format(
                host=args.host, port=args.port, error=error.strerror or error
            )
        ) from None
    return 0
