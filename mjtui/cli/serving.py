"""The web server behind `mjtui serve`: textual-serve's page, script and protocol, with limits.

textual-serve starts one process of the app for each websocket and passes on what the
browser sends. On its own it takes a websocket from any page on the web, any number of
them (a board process is 40 MB), messages of 4 MB of keys (the board needs 2 KB of memory
for each byte of keys it is sent), any terminal size the URL asks (10000x10000: 560 MB),
leaves a busy process running after its client left, and exits when the descriptors run
out. :class:`BoardServer` keeps what it serves and adds the limits of :class:`Limits`
(cli/serve_limits.py):

- a websocket is taken only from the server's own page (its Origin names the Host the
  page was served from); any other is refused (403) before a process is started;
- at most ``max_clients`` board processes at once: past that, the page and the
  websocket are answered 503 with a message, and no process is started;
- a message of more than ``max_message`` bytes closes its websocket (1009); keys reach
  the board at ``key_rate`` bytes a second at most (more are dropped whole), resizes at
  ``resize_every`` seconds at most (the last one is kept), and nothing waits on a board
  that stops reading;
- the terminal size a URL or a resize asks is clamped to ``columns`` and ``rows``;
- when its client leaves, a board is asked to quit, then sent SIGTERM, then SIGKILL;
- at most ``connections_per_client`` connections for each of the ``max_clients`` are
  open at once, fewer if the descriptor limit (``ulimit -n``) is low: past that a
  connection is answered 503 and closed; a request must be whole within
  ``request_timeout`` seconds;
- when the descriptors run out all the same, a new connection is taken with one kept
  spare for this, answered 503 and closed: one line says so, and the server goes on
  serving the connections it has (asyncio's own accept loop would retry in a storm, and
  textual-serve's logging died importing a module with no descriptor left).

Everything the server says is one line on stderr, never a traceback, with what a client
sent shown escaped.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import ipaddress
import json
import logging
import os
import re
import shlex
import signal
import socket
import sys
import time
import weakref
from collections.abc import Awaitable, Callable, Sequence
from functools import partial
from typing import Any, Literal

import aiohttp_jinja2
import jinja2
from aiohttp import WSCloseCode, WSMsgType, web
from aiohttp.web_server import Server as WebServer
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from mjtui.cli.serve_limits import (
    SERVED_BY,
    Limits,
    TokenBucket,
    clamp,
    connection_budget,
    descriptor_limit,
    same_origin,
    terminal_size,
)
from mjtui.core.language import _
from mjtui.private_api import serve_environment

KEYS_WAITING = 16 * 1024  # bytes not yet read by a board, past which nothing more is sent
BACKLOG = 128  # connections the kernel holds before the server accepts them
ACCEPTS_AT_ONCE = 64  # each time the socket is ready: a flood cannot hold the loop
ERROR_TAIL = 2048  # bytes of a board's stderr kept, for the line said when it fails
SAY_EVERY = 10.0  # seconds between two lines of the same kind
HOST = re.compile(r"[A-Za-z0-9.\-]+(:[0-9]{1,5})?|\[[0-9A-Fa-f:.]+\](:[0-9]{1,5})?")
FULL = (
    "This board has {n} viewers already, the most this `mjtui serve` takes "
    "(--max-clients). Try again when one has left."
)


def is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return host == "localhost"


def lan_address(host: str) -> str | None:
    """The address phones on the network reach this machine at, for the line `mjtui
    serve` prints: ``host`` itself if it is one, else the one the default route leaves
    from (a UDP socket connected sends nothing), or None where there is none."""
    if host not in ("0.0.0.0", "::", ""):
        return f"[{host}]" if ":" in host else host
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: routed as any address would be
            address = probe.getsockname()[0]
    except OSError:
        return None
    return None if address.startswith(("0.", "127.")) else address


def shown(text: str, most: int = 80) -> str:
    """What a client sent, fit for a terminal line: escaped and cut short."""
    return ascii(text[:most]) + ("..." if len(text) > most else "")


class Say:
    """One line on stderr for each kind of event, at most every SAY_EVERY seconds; a line
    says how many were left unsaid since the last. Writes to a stream already open (no
    file to open, no module to import when descriptors have run out)."""

    def __init__(self, stream: Any = None, clock: Callable[[], float] = time.monotonic) -> None:
        self.stream, self.clock = stream, clock
        self.last: dict[str, tuple[float, int]] = {}  # kind: (when said, left unsaid since)

    def __call__(self, kind: str, line: str) -> None:
        now = self.clock()
        said, unsaid = self.last.get(kind, (-SAY_EVERY, 0))
        if now - said < SAY_EVERY:
            self.last[kind] = (said, unsaid + 1)
            return
        self.last[kind] = (now, 0)
        more = f" ({unsaid} more like it since)" if unsaid else ""
        with contextlib.suppress(OSError, ValueError):  # stderr gone: nothing else to tell
            # English: the server's log of what it turned away, read by whoever runs it
            print(f"mjtui serve: {line}{more}", file=self.stream or sys.stderr, flush=True)


class OneLine(logging.Formatter):
    """A library's log record as one line: the message and the exception's name and words,
    never the traceback."""

    def format(self, record: logging.LogRecord) -> str:
        line = record.getMessage().splitlines()[0] if record.getMessage() else ""
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            line = (
                f"{line}: {type(error).__name__}: {error}"
                if line
                else f"{type(error).__name__}: {error}"
            )
        return "mjtui serve: " + "".join(
            c if c.isprintable() else ascii(c)[1:-1] for c in line
        )  # no control to a terminal

    def formatException(self, ei: Any) -> str:
        return ""


class _Counted(asyncio.Protocol):
    """An accepted connection's protocol (aiohttp's), kept in ``known`` until it is lost:
    the count the budget is checked against, exact even for connections accepted in the
    same turn of the loop (aiohttp counts them only once connection_made has run)."""

    inner: asyncio.Protocol

    def __init__(self, inner: asyncio.Protocol, known: weakref.WeakSet[_Counted]) -> None:
        self.inner, self.known = inner, known
        known.add(self)  # weakly: one never made (its transport failed) leaves with itself

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.inner.connection_made(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        self.known.discard(self)
        self.inner.connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received()

    def pause_writing(self) -> None:
        self.inner.pause_writing()

    def resume_writing(self) -> None:
        self.inner.resume_writing()


def refusal(why: bytes) -> bytes:
    """A whole HTTP answer 503 that says ``why``, for a connection refused before it was
    read."""
    body = b"mjtui serve: %s just now; try again in a moment\n" % why
    return (
        b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8"
        b"\r\nContent-Length: %d\r\nConnection: close\r\nRetry-After: 5\r\n\r\n%s"
        % (len(body), body)
    )


class _Refused(asyncio.Protocol):
    """A connection past the budget: a 503 that says why, then closed. What the client
    sends meanwhile is read and dropped for up to LINGER seconds, so that closing with it
    unread does not reset the connection before the 503 is read (at most LINGERING such
    connections at once; past that, closed at once)."""

    LINGER = 2.0
    LINGERING = 32
    lingering = 0  # connections of this kind open now

    def __init__(self) -> None:
        self.transport: asyncio.Transport | None = None
        self.timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        transport.write(refusal(b"too many connections open"))
        if _Refused.lingering >= self.LINGERING:
            transport.close()
            return
        _Refused.lingering += 1
        transport.write_eof()
        self.timer = asyncio.get_running_loop().call_later(self.LINGER, transport.close)

    def data_received(self, data: bytes) -> None:
        pass  # the request: not read

    def eof_received(self) -> bool:
        assert self.transport is not None
        self.transport.close()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        if self.timer is not None:
            _Refused.lingering -= 1
            self.timer.cancel()


def _same(protocol: asyncio.Protocol) -> asyncio.Protocol:
    return protocol


def _closed_if_failed(conn: socket.socket, task: asyncio.Future[Any]) -> None:
    """A connection asyncio could not take on (its transport failed): closed, said nowhere
    (the client sees it closed)."""
    if task.cancelled() or task.exception() is not None:
        conn.close()


def listening_sockets(host: str, port: int) -> list[socket.socket]:
    """Sockets listening on ``host`` (every address it resolves to) and ``port``."""
    found = socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    sockets: list[socket.socket] = []
    try:
        for family, kind, proto, _name, address in dict.fromkeys(found):
            listener = socket.socket(family, kind, proto)
            sockets.append(listener)
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:  # as asyncio does: "::" is IPv6 only
                listener.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            listener.bind(address)
            listener.listen(BACKLOG)
            listener.setblocking(False)
    except OSError:
        for listener in sockets:
            listener.close()
        raise
    return sockets


class BoardProcess(AppService):
    """One board process for one websocket: started from an argument list (no shell, so
    the process signalled is the board itself), sent to without ever waiting on it, and
    ended for sure by :meth:`stop`."""

    def __init__(
        self,
        argv: Sequence[str],
        limits: Limits,
        say: Say,
        *,
        write_bytes: Callable[[bytes], Awaitable[None]],
        write_str: Callable[[str], Awaitable[None]],
        close: Callable[[], Awaitable[Any]],
        download_manager: Any,
    ) -> None:
        super().__init__(
            shlex.join(argv),
            write_bytes=write_bytes,
            write_str=write_str,
            close=close,
            download_manager=download_manager,
        )
        self.argv = list(argv)
        self.limits = limits
        self.say = say
        self.process: asyncio.subprocess.Process | None = None
        self.running: asyncio.Task[None] | None = None  # run(), from start() on
        self.stopping: asyncio.Task[None] | None = None

    async def start(self, width: int, height: int) -> None:
        """Start the board in the environment textual-serve gives an app, then pass its
        screen on (:meth:`run`)."""
        # The board ends with the server, even one killed (cli/board.py: SERVED_BY).
        environment = {**serve_environment(self, width, height), SERVED_BY: str(os.getpid())}
        self.process = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=environment,
        )
        self.running = asyncio.create_task(self.run())

    def write_packet(self, kind: Literal[b"D", b"M"], payload: bytes) -> bool:
        """Send a packet if the board keeps up (what it has not read yet is small); never
        waits: a board that stops reading cannot hold up its websocket or the server."""
        stdin = self.process.stdin if self.process is not None else None
        if (
            stdin is None
            or stdin.is_closing()
            or stdin.transport.get_write_buffer_size() > KEYS_WAITING
        ):
            return False
        stdin.write(self.encode_packet(kind, payload))
        return True

    async def send_bytes(self, data: bytes) -> bool:
        return self.write_packet(b"D", data)

    async def send_meta(self, data: dict[str, str | int | bool | None]) -> bool:
        return self.write_packet(b"M", json.dumps(data).encode("utf-8"))

    async def run(self) -> None:
        """Pass the board's screen to the websocket until the board ends, then close the
        websocket (a page whose board ended says so rather than freeze)."""
        process = self.process
        assert process is not None and process.stdout is not None
        stdout = process.stdout
        handlers = {b"D": self.on_data, b"M": self.on_meta, b"P": self.on_packed}
        errors = asyncio.ensure_future(self._last_error_line())
        try:
            for _line in range(10):  # the driver's first line says it is a Textual app
                line = await stdout.readline()
                if not line or line == b"__GANGLION__\n":
                    break
            while True:
                kind = await stdout.readexactly(1)
                size = int.from_bytes(await stdout.readexactly(4), "big")
                payload = await stdout.readexactly(size)
                if kind in handlers:
                    await handlers[kind](payload)
        except (asyncio.IncompleteReadError, ConnectionError):
            pass  # the board ended
        finally:
            with contextlib.suppress(Exception):  # the websocket may be gone already
                await self.remote_close()
            last = await errors
            if await process.wait() not in (0, -signal.SIGTERM, -signal.SIGKILL) and last:
                self.say("board-ended", f"a board ended: {shown(last, 200)}")

    async def _last_error_line(self) -> str:
        """The last line the board wrote on stderr (mjtui says why it stopped there), read
        to the end so the board never blocks on a full pipe; only the tail is kept."""
        assert self.process is not None and self.process.stderr is not None
        tail = b""
        while chunk := await self.process.stderr.read(4096):
            tail = (tail + chunk)[-ERROR_TAIL:]
        lines = tail.decode("utf-8", "replace").strip().splitlines()
        return lines[-1] if lines else ""

    async def stop(self) -> None:
        """End the board: ask it to quit, then SIGTERM, then SIGKILL, each after a grace;
        reaped before this returns. Called again, it waits for the first call's end."""
        if self.stopping is None:
            self.stopping = asyncio.ensure_future(self._end())
        await asyncio.shield(self.stopping)

    async def _end(self) -> None:
        process = self.process
        if process is None:
            return
        if process.returncode is None:
            await self.send_meta({"type": "quit"})
            for grace, then in (
                (self.limits.quit_grace, process.terminate),
                (self.limits.term_grace, process.kill),
                (None, None),
            ):
                try:
                    await asyncio.wait_for(process.wait(), grace)
                    break
                except TimeoutError:
                    if then is not None:
                        with contextlib.suppress(ProcessLookupError):
                            then()
        if process.stdin is not None:
            process.stdin.close()
        if self.running is not None:
            await self.running


class BoardServer(Server):
    """`mjtui serve`: textual-serve's server with :class:`Limits` (see the module)."""

    def __init__(
        self,
        argv: Sequence[str],
        *,
        host: str,
        port: int,
        title: str,
        limits: Limits,
        say: Say | None = None,
    ) -> None:
        super().__init__(shlex.join(argv), host=host, port=port, title=title)
        self.argv = list(argv)
        self.limits = limits
        self.say = say or Say()
        self.clients = 0  # websockets holding a board (or about to): the cap counts these
        self.boards: set[BoardProcess] = set()
        self.max_connections = 0
        self._web: WebServer | None = None
        self._open: weakref.WeakSet[_Counted] = weakref.WeakSet()  # connections accepted
        self._runner: web.AppRunner | None = None
        self._listeners: list[socket.socket] = []
        self._spare: int | None = None  # a descriptor kept to refuse with when none is left

    # Start and stop

    def serve(self, debug: bool = False, ready: Callable[[], None] | None = None) -> None:
        """Serve until SIGINT or SIGTERM; ``ready`` is called once listening (textual-serve's
        own serve() is not used: it exits when accept() runs out of descriptors, and
        leaves busy boards running)."""
        self._quiet_the_libraries()
        asyncio.run(self._serve_until_stopped(ready))

    async def _serve_until_stopped(self, ready: Callable[[], None] | None) -> None:
        loop = asyncio.get_running_loop()
        stop = asyncio.Event()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        await self.start()
        if ready is not None:
            ready()
        try:
            await stop.wait()
        finally:
            await self.close()

    async def start(self) -> int:
        """Listen; the port listened on (the one asked, or the one given for port 0)."""
        asyncio.get_running_loop().set_exception_handler(self._loop_exception)
        budget = connection_budget(self.limits, descriptor_limit())
        if budget <= self.limits.max_clients:
            raise OSError(
                errno.EMFILE,
                _("the descriptor limit (ulimit -n) of {limit} is too low for {n} clients").format(
                    limit=descriptor_limit(), n=self.limits.max_clients
                ),
            )
        self.max_connections = budget
        self._runner = web.AppRunner(
            self._make_application(),
            handle_signals=False,
            access_log=None,
            keepalive_timeout=self.limits.request_timeout,
            shutdown_timeout=1.0,
        )
        try:
            await self._runner.setup()
            self._web = self._runner.server
            self._spare = os.open(os.devnull, os.O_RDONLY | os.O_CLOEXEC)
            self._listeners = listening_sockets(self.host, self.port)
        except BaseException:
            await self.close()
            raise
        loop = asyncio.get_running_loop()
        for listener in self._listeners:
            loop.add_reader(listener, self._accept, listener)
        self.port = self._listeners[0].getsockname()[1]
        return self.port

    async def close(self) -> None:
        """Stop listening, end every board (each for sure), close the connections."""
        loop = asyncio.get_running_loop()
        for listener in self._listeners:
            loop.remove_reader(listener)
            listener.close()
        self._listeners = []
        await asyncio.gather(*(board.stop() for board in list(self.boards)), return_exceptions=True)
        if self._runner is not None:
            await self._runner.cleanup()
        if self._spare is not None:
            os.close(self._spare)
            self._spare = None

    # Connections, accepted here rather than by asyncio's create_server: where accept()
    # fails for want of descriptors, asyncio 3.11 schedules a retry for each of the 128
    # accepts it tries at once, every retry does the same, and the retries swamp the loop.

    def _accept(self, listener: socket.socket) -> None:
        loop = asyncio.get_running_loop()
        for _attempt in range(ACCEPTS_AT_ONCE):
            try:
                conn, _peer = listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except ConnectionAbortedError:
                continue
            except OSError as error:
                if error.errno in (errno.EMFILE, errno.ENFILE) and self._spare is not None:
                    if self._refuse_one(listener):
                        continue
                    return  # none was waiting (Linux fails for want of a descriptor first)
                self.say(
                    "accept",
                    f"accept() failed ({error.strerror}): new connections "
                    f"wait a second; those open are still served",
                )
                loop.remove_reader(listener)
                loop.call_later(1.0, self._listen_again, listener)
                return
            conn.setblocking(False)
            protocol: asyncio.Protocol
            if len(self._open) >= self.max_connections:
                self.say(
                    "connections",
                    f"{self.max_connections} connections open, the "
                    "most this server takes: a new one was refused",
                )
                protocol = _Refused()
            else:
                assert self._web is not None
                protocol = _Counted(self._web(), self._open)  # counted from now on
            task = asyncio.ensure_future(
                loop.connect_accepted_socket(partial(_same, protocol), conn)
            )
            task.add_done_callback(partial(_closed_if_failed, conn))

    def _listen_again(self, listener: socket.socket) -> None:
        if listener in self._listeners:
            asyncio.get_running_loop().add_reader(listener, self._accept, listener)

    def _refuse_one(self, listener: socket.socket) -> bool:
        """Out of descriptors: take one connection waiting with the spare descriptor kept
        for this, answer it 503 and close it, so that it is refused at once rather than
        left to wait; False if there was none waiting."""
        assert self._spare is not None
        self.say(
            "descriptors",
            "out of file descriptors: new connections are refused; those open are still served",
        )
        os.close(self._spare)
        self._spare = None
        try:
            conn, _peer = listener.accept()
        except OSError:
            return False
        else:
            with conn:
                conn.setblocking(False)
                # What the client sent: closed unread, it could reset. Nothing yet (taken
                # before the client wrote) is refused all the same.
                with contextlib.suppress(OSError):
                    conn.recv(65536)
                try:
                    conn.send(refusal(b"out of file descriptors"))
                    conn.shutdown(socket.SHUT_WR)
                except OSError:
                    pass
            return True
        finally:
            try:
                self._spare = os.open(os.devnull, os.O_RDONLY | os.O_CLOEXEC)
            except OSError:
                self._spare = None  # taken meanwhile: accept() waits a second instead

    def _quiet_the_libraries(self) -> None:
        """The libraries' log records as one line each, warnings and worse only."""
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(OneLine())
        for name in ("aiohttp", "textual-serve", "asyncio"):
            logger = logging.getLogger(name)
            logger.handlers[:] = [handler]
            logger.setLevel(logging.WARNING)
            logger.propagate = False

    def _loop_exception(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """asyncio's reports as one line each (its own handler logs a traceback, and dies
        if the logger must import a module when no descriptor is left)."""
        error = context.get("exception")
        if isinstance(error, OSError) and error.errno in (errno.EMFILE, errno.ENFILE):
            self.say(
                "descriptors",
                "out of file descriptors: new connections are refused; those open are still served",
            )
            return
        words = context.get("message", "")
        if error is not None:
            words = f"{words}: {type(error).__name__}: {error}"
        self.say(f"loop:{context.get('message', '')}", shown(words, 200))

    @property
    def open_connections(self) -> int:
        return len(self._open)

    def _make_application(self) -> web.Application:
        app = web.Application(client_max_size=self.limits.max_message)
        aiohttp_jinja2.setup(
            app, loader=jinja2.FileSystemLoader(self.templates_path), autoescape=True
        )
        app.add_routes(self.routes())
        return app

    def routes(self) -> list[web.AbstractRouteDef]:
        """What is served: the page, its websocket and textual-serve's static files (a
        server of more pages adds its own, each websocket through :meth:`open_board`)."""
        return [
            web.get("/", self.page, name="index"),
            web.get("/ws", self.board_socket, name="websocket"),
            web.static("/static", self.statics_path, name="static"),
        ]

    # The page

    def full(self) -> web.Response | None:
        """The answer 503 when ``max_clients`` boards are open, else None."""
        if self.clients < self.limits.max_clients:
            return None
        return web.Response(
            status=503, text=FULL.format(n=self.clients) + "\n", headers={"Retry-After": "30"}
        )

    async def page(self, request: web.Request) -> web.StreamResponse:
        return self.terminal_page(request, "/ws", self.full())

    def terminal_page(
        self,
        request: web.Request,
        socket_path: str,
        refused: web.StreamResponse | None = None,
        title: str | None = None,
    ) -> web.StreamResponse:
        """textual-serve's page for the websocket at ``socket_path``, its links naming the
        address the browser used (so a phone reaches the websocket whatever --host is:
        0.0.0.0 is no address to connect to); ``refused`` instead, when given, once the
        Host is known to be one."""
        host = request.host
        if not HOST.fullmatch(host):
            return web.Response(
                status=400, text="mjtui serve: a Host header of a name or an address was expected\n"
            )
        if refused is not None:
            return refused
        base = f"{request.scheme}://{host}"
        socket_scheme = "wss" if request.scheme == "https" else "ws"
        context = {
            "font_size": clamp(to_int(request.query.get("fontsize", "16"), 16), (6, 64)),
            "app_websocket_url": f"{socket_scheme}://{host}{socket_path}",
            "config": {"static": {"url": f"{base}/static/"}},
            "application": {"name": title or self.title},
        }
        return aiohttp_jinja2.render_template("app_index.html", request, context)

    # The websocket: one board process

    async def board_socket(self, request: web.Request) -> web.StreamResponse:
        return await self.open_board(request, self.argv)

    async def open_board(
        self, request: web.Request, argv: Sequence[str], what: str = "board"
    ) -> web.StreamResponse:
        """The websocket of one process started from ``argv``, within every limit: from
        the server's own page only, at most ``max_clients`` at once."""
        peer = request.remote or "?"
        origin = request.headers.get("Origin")
        if not same_origin(origin, request.scheme, request.host):
            self.say(
                "origin",
                f"refused a websocket from {peer}: its page came from "
                f"{shown(origin or 'nowhere said')}, not from this server",
            )
            return web.Response(
                status=403,
                text=f"mjtui serve: the {what}'s websocket is for the {what}'s own page only\n",
            )
        full = self.full()
        if full is not None:
            self.say(
                "full",
                f"refused a {what} to {peer}: {self.clients} open already, "
                "the most --max-clients allows",
            )
            return full
        self.clients += 1  # before any await: two at once cannot both take the last place
        try:
            return await self._board_for(request, peer, argv, what)
        finally:
            self.clients -= 1

    async def _board_for(
        self, request: web.Request, peer: str, argv: Sequence[str], what: str
    ) -> web.WebSocketResponse:
        limits = self.limits
        size = terminal_size(
            to_int(request.query.get("width", "80"), 80),
            to_int(request.query.get("height", "24"), 24),
            limits,
        )
        assert size is not None
        websocket = web.WebSocketResponse(
            heartbeat=limits.heartbeat, max_msg_size=limits.max_message
        )
        await websocket.prepare(request)
        board = BoardProcess(
            argv,
            limits,
            self.say,
            write_bytes=websocket.send_bytes,
            write_str=websocket.send_str,
            close=websocket.close,
            download_manager=self.download_manager,
        )
        try:
            await board.start(*size)
        except OSError as error:
            self.say("start", f"could not start a {what} for {peer}: {error.strerror or error}")
            await websocket.close(code=WSCloseCode.TRY_AGAIN_LATER, message=b"server busy")
            return websocket
        self.boards.add(board)
        self.say(f"open:{peer}", f"a {what} for {peer} ({self.clients} of {limits.max_clients})")
        try:
            await self._relay(websocket, board, peer)
        finally:
            try:
                await board.stop()
            finally:
                self.boards.discard(board)
        return websocket

    async def _relay(
        self, websocket: web.WebSocketResponse, board: BoardProcess, peer: str
    ) -> None:
        """Pass the browser's messages on, within the limits, until it leaves."""
        limits = self.limits
        keys = TokenBucket(limits.key_rate, limits.key_burst)
        dropped, too_big = 0, False
        resizes = _Resizes(board, limits.resize_every)
        try:
            async for message in websocket:
                if message.type == WSMsgType.ERROR:  # aiohttp closes the websocket then
                    too_big = getattr(message.data, "code", None) == WSCloseCode.MESSAGE_TOO_BIG
                if message.type != WSMsgType.TEXT:
                    continue
                envelope = _envelope(message.data)
                if envelope is None:
                    continue
                kind, *rest = envelope
                if kind == "stdin" and len(rest) == 1 and isinstance(rest[0], str):
                    data = rest[0].encode("utf-8", "replace")
                    if not (keys.take(len(data)) and board.write_packet(b"D", data)):
                        dropped += len(data)
                elif kind == "resize" and len(rest) == 1 and isinstance(rest[0], dict):
                    size = terminal_size(rest[0].get("width"), rest[0].get("height"), limits)
                    if size is not None:
                        resizes.ask(size)
                elif kind == "ping" and len(rest) == 1 and isinstance(rest[0], str):
                    await websocket.send_json(["pong", rest[0]])
                elif kind in ("focus", "blur") and keys.take(64):
                    board.write_packet(b"M", json.dumps({"type": kind}).encode())
        finally:
            resizes.cancel()
        if too_big:
            self.say(
                f"big:{peer}",
                f"closed the board of {peer}: a message of more than {limits.max_message} bytes",
            )
        if dropped:
            self.say(
                f"keys:{peer}",
                f"dropped {dropped} bytes of keys from {peer} (more "
                f"than {limits.key_rate} a second)",
            )


class _Resizes:
    """A board's resizes, passed on at most every ``every`` seconds; the last one asked
    meanwhile is sent when the time has come (a window dragged ends at its last size)."""

    def __init__(self, board: BoardProcess, every: float) -> None:
        self.board, self.every = board, every
        self.sent_at = -every
        self.waiting: tuple[int, int] | None = None
        self.timer: asyncio.TimerHandle | None = None

    def ask(self, size: tuple[int, int]) -> None:
        self.waiting = size
        if self.timer is None:
            wait = self.sent_at + self.every - time.monotonic()
            if wait <= 0:
                self._send()
            else:
                self.timer = asyncio.get_running_loop().call_later(wait, self._send)

    def _send(self) -> None:
        self.timer = None
        if self.waiting is not None:
            width, height = self.waiting
            self.waiting, self.sent_at = None, time.monotonic()
            self.board.write_packet(
                b"M", json.dumps({"type": "resize", "width": width, "height": height}).encode()
            )

    def cancel(self) -> None:
        if self.timer is not None:
            self.timer.cancel()


def _envelope(text: str) -> list[Any] | None:
    """A browser message: a JSON list that begins with its kind, or None."""
    try:
        envelope = json.loads(text)
    except ValueError:
        return None
    if isinstance(envelope, list) and envelope and isinstance(envelope[0], str):
        return envelope
    return None
