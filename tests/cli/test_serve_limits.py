"""`mjtui serve`'s limits (cli/serving.py): who may open a board, how many, how much they
may send, the terminal size they may ask, the board ended when they leave, and the server
kept up when connections or descriptors run out.

Most tests run the server in the test's own event loop with a stand-in board process
(tests/serve_fake_board.py, which says what reached it); the last runs `mjtui serve` and
a real board as a player would, lowers the server's descriptor limit under it, then kills
it. All traffic is to 127.0.0.1; every wait is for a condition, with a generous deadline.
"""

from __future__ import annotations

import asyncio
import io
import json
import logging
import os
import resource
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from mjtui import paths
from mjtui.cli.entry import build_parser, main
from mjtui.cli.serve_limits import (
    Limits,
    TokenBucket,
    connection_budget,
    same_origin,
    terminal_size,
)
from mjtui.cli.serving import BoardServer, OneLine, Say
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.scorebook import Scorebook
from mjtui.systems.riichi import system as riichi

REPO = Path(__file__).resolve().parents[2]
FAKE = Path(__file__).resolve().parents[1] / "serve_fake_board.py"
WAIT = 20.0  # seconds: a deadline for what takes milliseconds on an idle machine
SLOW = 60.0  # and for what a real `mjtui serve` and board do on a busy one
HALF_SENT = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"  # the headers never end


async def until(condition: Callable[[], Any], what: str, timeout: float = WAIT) -> Any:
    deadline = time.monotonic() + timeout
    while not (found := condition()):
        assert time.monotonic() < deadline, f"still waiting for {what}"
        await asyncio.sleep(0.02)
    return found


def running(pid: int) -> bool:
    """Whether ``pid`` is a process that has not ended (a zombie has)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def pids(tmp_path: Path) -> list[int]:
    """The stand-in boards started so far (each writes its pid at start)."""
    file = tmp_path / "pids"
    return [int(line) for line in file.read_text().split()] if file.exists() else []


@asynccontextmanager
async def serving(
    tmp_path: Path, mode: str = "plain", **limits: Any
) -> AsyncIterator[tuple[BoardServer, str, io.StringIO]]:
    said = io.StringIO()
    server = BoardServer(
        [sys.executable, "-I", str(FAKE), mode, str(tmp_path / "pids")],
        host="127.0.0.1",
        port=0,
        title="test",
        limits=Limits(**{"max_clients": 4, **limits}),
        say=Say(said),
    )
    port = await server.start()
    try:
        yield server, f"127.0.0.1:{port}", said
    finally:
        try:
            await asyncio.wait_for(server.close(), WAIT)
        finally:
            left = [pid for pid in pids(tmp_path) if running(pid)]
            for pid in left:
                os.kill(pid, signal.SIGKILL)
    assert not left  # close() ended them all


async def receive(ws: aiohttp.ClientWebSocketResponse, timeout: float = WAIT) -> aiohttp.WSMessage:
    """The next message, within ``timeout`` (not ws.receive(timeout=...): the server's
    heartbeat pings would start that timeout again)."""
    return await asyncio.wait_for(ws.receive(), timeout)


def connect(
    session: aiohttp.ClientSession, where: str, query: str = "", origin: str | None = "same"
) -> Any:
    headers = (
        {} if origin is None else {"Origin": f"http://{where}" if origin == "same" else origin}
    )
    return session.ws_connect(f"http://{where}/ws{query}", headers=headers)


async def report(
    ws: aiohttp.ClientWebSocketResponse, wanted: Callable[[dict], bool] = lambda r: True
) -> dict:
    """The stand-in board's next report that satisfies ``wanted`` (each within WAIT)."""
    while True:
        message = await receive(ws)
        assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), message
        if message.type == aiohttp.WSMsgType.BINARY:
            found = json.loads(message.data)
            if wanted(found):
                return found


async def test_a_websocket_from_another_page_is_refused_and_starts_no_board(tmp_path) -> None:
    async with serving(tmp_path) as (server, where, said), aiohttp.ClientSession() as http:
        port = where.rsplit(":", 1)[1]
        for origin in (
            "http://evil.example",
            None,
            "null",
            f"http://127.0.0.1:{int(port) + 1}",
            f"https://{where}",
            f"http://localhost:{port}",
        ):
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await connect(http, where, origin=origin)
            assert refused.value.status == 403, origin
        assert pids(tmp_path) == [] and server.clients == 0
        assert (
            "refused a websocket from 127.0.0.1: its page came from 'http://evil.example'"
            in said.getvalue()
        )
        async with connect(http, where) as ws:  # the page's own origin
            assert (await report(ws))["pid"] == pids(tmp_path)[0]


async def test_past_max_clients_the_page_and_the_websocket_say_so(tmp_path) -> None:
    async with (
        serving(tmp_path, max_clients=2) as (server, where, said),
        aiohttp.ClientSession() as http,
    ):
        first, second = await connect(http, where), await connect(http, where)
        for ws in (first, second):
            await report(ws)
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await connect(http, where)
        assert refused.value.status == 503
        async with http.get(f"http://{where}/") as page:
            assert page.status == 503 and "--max-clients" in await page.text()
        assert len(pids(tmp_path)) == 2  # no process for the one refused
        assert "refused a board to 127.0.0.1: 2 open already" in said.getvalue()
        await first.close()
        await until(lambda: server.clients == 1, "the first board to end")
        async with http.get(f"http://{where}/") as page:
            assert page.status == 200 and f"ws://{where}/ws" in await page.text()
        async with connect(http, where) as third:
            await report(third)
        await second.close()


async def test_a_message_too_big_closes_its_websocket_and_ends_its_board(tmp_path) -> None:
    async with (
        serving(tmp_path, max_message=4096) as (_server, where, said),
        aiohttp.ClientSession() as http,
    ):
        async with connect(http, where) as ws:
            pid = (await report(ws))["pid"]
            await ws.send_str(json.dumps(["stdin", "x" * 4096]))
            message = await receive(ws)
            while message.type == aiohttp.WSMsgType.BINARY:
                message = await receive(ws)
            assert message.type == aiohttp.WSMsgType.CLOSE and message.data == 1009
        await until(lambda: not running(pid), "the board to end")
        assert "a message of more than 4096 bytes" in said.getvalue()


async def test_keys_past_the_rate_are_dropped_whole(tmp_path) -> None:
    async with (
        serving(tmp_path, key_rate=1000, key_burst=2000) as (_server, where, said),
        aiohttp.ClientSession() as http,
    ):
        async with connect(http, where) as ws:
            await report(ws)
            started = time.monotonic()
            for _ in range(300):  # 300 kB at once: a board would take gigabytes for it
                await ws.send_str(json.dumps(["stdin", "k" * 1000]))
            await ws.send_str(json.dumps(["ping", "after"]))
            while (await receive(ws)).data != '["pong", "after"]':
                pass  # every key sent before the ping has been passed on or dropped
            allowed = 2000 + 1000 * (time.monotonic() - started)
            # A resize (not counted as keys) reaches the board after them: its report
            # counts every key the board was sent.
            await ws.send_str(json.dumps(["resize", {"width": 99, "height": 33}]))
            keys = (await report(ws, lambda r: r["size"] == [99, 33]))["keys"]
            assert 2000 <= keys <= allowed, (keys, allowed)
        await until(
            lambda: "bytes of keys from 127.0.0.1 (more than 1000 a second)" in said.getvalue(),
            "the server to say it",
        )  # once the browser has left


async def test_the_terminal_size_asked_is_clamped(tmp_path) -> None:
    async with (
        serving(tmp_path, resize_every=0.05) as (_server, where, _said),
        aiohttp.ClientSession() as http,
    ):
        async with connect(http, where, "?width=10000&height=10000") as ws:
            assert (await report(ws))["size"] == [400, 200]
            await ws.send_str(json.dumps(["resize", {"width": 5, "height": 10**9}]))
            await report(ws, lambda r: r["size"] == [20, 200])
            for bad in (
                {"width": "80", "height": 24},
                {"width": True, "height": 24},
                [80, 24],
                {"width": 80.5, "height": 24},
            ):
                await ws.send_str(json.dumps(["resize", bad]))  # not passed on
            await ws.send_str("not json")
            await ws.send_str(json.dumps(["resize", {"width": 120, "height": 40}]))
            final = await report(ws, lambda r: r["size"] != [20, 200])
            assert final["size"] == [120, 40] and final["packets"]["M"] == 2
        async with connect(http, where, "?width=abc&height=-5") as ws:
            assert (await report(ws))["size"] == [80, 10]


async def test_resizes_are_passed_on_at_most_every_interval_the_last_kept(tmp_path) -> None:
    async with (
        serving(tmp_path, resize_every=30.0) as (_server, where, _said),
        aiohttp.ClientSession() as http,
        connect(http, where) as ws,
    ):
        await report(ws)
        for width in range(100, 150):  # a window dragged: one resize passed on now
            await ws.send_str(json.dumps(["resize", {"width": width, "height": 30}]))
        await ws.send_str(json.dumps(["stdin", "k"]))
        seen = await report(ws, lambda r: r["keys"] == 1)
        assert seen["size"] == [100, 30] and seen["packets"]["M"] == 1


@pytest.mark.parametrize("mode", ["plain", "stubborn"])
async def test_a_board_ends_when_its_client_leaves(tmp_path, mode) -> None:
    # "stubborn" ignores quit and SIGTERM: it is killed after the two graces.
    async with (
        serving(tmp_path, mode, quit_grace=0.2, term_grace=0.2) as (server, where, _),
        aiohttp.ClientSession() as http,
    ):
        ws = await connect(http, where)
        pid = (await report(ws))["pid"]
        await ws.close()
        await until(lambda: not running(pid), "the board to end", timeout=10)
        await until(lambda: server.clients == 0 and not server.boards, "the server to know")


async def test_a_board_that_fails_closes_its_websocket_and_says_why_in_a_line(tmp_path) -> None:
    async with serving(tmp_path, "fails") as (server, where, said), aiohttp.ClientSession() as http:
        async with connect(http, where) as ws:
            assert (await receive(ws)).type == aiohttp.WSMsgType.CLOSE
        await until(lambda: not server.boards, "the board to be gone")
        assert (
            said.getvalue().splitlines()[-1]
            == "mjtui serve: a board ended: 'mjtui: s.toml: no such \\x1b[2Jsession file'"
        )


async def test_a_request_not_whole_in_time_is_closed(tmp_path) -> None:
    async with serving(tmp_path, request_timeout=0.3) as (_server, where, _said):
        host, port = where.rsplit(":", 1)
        reader, writer = await asyncio.open_connection(host, int(port))
        writer.write(HALF_SENT)
        assert await asyncio.wait_for(reader.read(), WAIT) == b""  # closed by the server
        writer.close()


async def test_connections_past_the_budget_get_a_503_and_the_rest_are_served(tmp_path) -> None:
    async with (
        serving(tmp_path, max_clients=1, connections_per_client=4) as (server, where, said),
        aiohttp.ClientSession() as http,
    ):
        assert server.max_connections == 4
        host, port = where.rsplit(":", 1)
        held = []
        for _ in range(4):
            reader, writer = await asyncio.open_connection(host, int(port))
            writer.write(HALF_SENT)
            held.append(writer)
        await until(lambda: server.open_connections == 4, "the four connections")
        reader, writer = await asyncio.open_connection(host, int(port))
        answer = await asyncio.wait_for(reader.read(), WAIT)
        assert answer.startswith(b"HTTP/1.1 503") and b"too many connections" in answer
        assert "4 connections open, the most this server takes" in said.getvalue()
        for one in held:
            one.close()
        await until(lambda: server.open_connections == 0, "the connections to close")
        async with http.get(f"http://{where}/") as page:
            assert page.status == 200


def test_the_limits_as_functions() -> None:
    limits = Limits(max_clients=16)
    assert terminal_size(10000, 10000, limits) == (400, 200)
    assert terminal_size(1, -3, limits) == (20, 10)
    assert terminal_size(True, 24, limits) is None and terminal_size("80", 24, limits) is None
    assert same_origin("http://192.168.1.5:8000", "http", "192.168.1.5:8000")
    assert same_origin("http://Board.local", "http", "board.local:80")
    assert not same_origin("http://192.168.1.5:8001", "http", "192.168.1.5:8000")
    assert not same_origin("http://evil.example", "http", "192.168.1.5:8000")
    assert not same_origin(None, "http", "192.168.1.5:8000")
    assert not same_origin("http://192.168.1.5:8000/x", "http", "192.168.1.5:8000")
    # 16 clients: 8 connections each, fewer where descriptors are few; none where they
    # cannot hold the boards' pipes.
    assert connection_budget(limits, 20000) == 128
    assert connection_budget(limits, 256) == (256 - 64 - 4 * 16) // 2
    assert connection_budget(limits, 100) == 0
    clock = [0.0]
    bucket = TokenBucket(100, 200, clock=lambda: clock[0])
    assert bucket.take(150) and not bucket.take(100) and bucket.take(50)
    clock[0] = 1.5  # 150 more, at most 200 in all
    assert not bucket.take(151) and bucket.take(150)


def test_what_the_server_says_is_one_line_each_and_not_too_often() -> None:
    out, clock = io.StringIO(), [0.0]
    say = Say(out, clock=lambda: clock[0])
    for _ in range(5):
        say("descriptors", "out of file descriptors")
    clock[0] = 10.0
    say("descriptors", "out of file descriptors")
    assert out.getvalue().splitlines() == [
        "mjtui serve: out of file descriptors",
        "mjtui serve: out of file descriptors (4 more like it since)",
    ]
    try:
        raise OSError(24, "Too many open files")
    except OSError:
        record = logging.LogRecord(
            "aiohttp.server",
            logging.ERROR,
            __file__,
            1,
            "Error handling request\x1b[2J",
            None,
            sys.exc_info(),
        )
    line = OneLine().format(record)
    assert line == (
        "mjtui serve: Error handling request\\x1b[2J: OSError: [Errno 24] Too many open files"
    )


def test_serve_listens_on_this_machine_unless_told_and_checks_max_clients(tmp_path, capsys) -> None:
    path = tmp_path / "s.toml"
    new_book(path)
    args = build_parser().parse_args(["serve", str(path)])
    assert (args.host, args.port, args.max_clients) == ("127.0.0.1", 8000, 16)
    for bad in ("0", "257"):
        assert main(["serve", str(path), "--max-clients", bad]) == 2
        assert "--max-clients: expected 1 to 256" in capsys.readouterr().err


def test_serve_s_boards_speak_the_language_it_was_told(tmp_path, monkeypatch) -> None:
    import mjtui.cli.serving as serving_module

    path = tmp_path / "s.toml"
    new_book(path)
    started: list[list[str]] = []

    class Recorded(BoardServer):
        def serve(self, debug: bool = False, ready: Any = None) -> None:
            started.append(self.argv)

    monkeypatch.setattr(serving_module, "BoardServer", Recorded)
    assert main(["--language", "ja", "serve", str(path)]) == 0
    assert main(["serve", str(path)]) == 0
    told, untold = started
    assert told[1:] == ["-m", "mjtui", "--language", "ja", "board", str(path.resolve())]
    assert untold[1:] == ["-m", "mjtui", "board", str(path.resolve())]


async def test_out_of_descriptors_a_connection_that_has_not_written_yet_is_refused_too(
    tmp_path,
) -> None:
    # Taken before its request arrives (the client connects, then writes), a connection
    # refused for want of descriptors still gets its 503, not a bare close.
    async with serving(tmp_path) as (server, where, said):
        host, port = where.rsplit(":", 1)
        with socket.create_connection((host, int(port))) as client:
            listener = server._listeners[0]
            listener.setblocking(True)
            try:
                assert server._refuse_one(listener)
            finally:
                listener.setblocking(False)
            client.settimeout(WAIT)
            answer = client.recv(4096)
        assert answer.startswith(b"HTTP/1.1 503") and b"out of file descriptors" in answer
        assert "out of file descriptors" in said.getvalue()


def new_book(path: Path) -> Scorebook:
    ruleset = RulesetLibrary(paths.ruleset_folders()).get("riichi-tenhou")
    book = Scorebook(
        Session(ruleset, ("A", "B", "C", "D"), datetime(2026, 11, 30, 20).astimezone()), path
    )
    book.save()
    return book


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def children(pid: int) -> list[int]:
    found = []
    for task in os.listdir(f"/proc/{pid}/task"):
        with open(f"/proc/{pid}/task/{task}/children") as listed:
            found += [int(child) for child in listed.read().split()]
    return found


async def screen_bytes(ws: aiohttp.ClientWebSocketResponse, at_least: int) -> None:
    """Wait for the board to draw: ``at_least`` bytes of screen."""
    got = 0
    while got < at_least:
        message = await receive(ws, SLOW)
        assert message.type in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT), message
        if message.type == aiohttp.WSMsgType.BINARY:
            got += len(message.data)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc and prlimit: Linux")
async def test_out_of_descriptors_the_server_stays_up_and_serves_the_boards_it_has(
    tmp_path,
) -> None:
    path = tmp_path / "s.toml"
    book = new_book(path)
    port = free_port()
    where = f"127.0.0.1:{port}"
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "mjtui",
            "serve",
            str(path),
            "--port",
            str(port),
            "--max-clients",
            "2",
        ],
        env={**os.environ, "PYTHONPATH": str(REPO)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    said: list[str] = []

    def collect(lines: Iterable[str]) -> None:
        for line in lines:
            said.append(line)

    assert server.stderr is not None
    reader = threading.Thread(target=collect, args=(server.stderr,), daemon=True)
    reader.start()
    held: list[socket.socket] = []
    board: list[int] = []
    try:
        await until(
            lambda: server.poll() is not None or any("serving" in s for s in said),
            "the server to listen",
            timeout=60,
        )
        assert server.poll() is None, said
        async with aiohttp.ClientSession() as http, connect(http, where) as ws:
            await screen_bytes(ws, 1000)  # a player's board, drawn
            board = await until(lambda: children(server.pid), "the board process", SLOW)
            descriptors = len(os.listdir(f"/proc/{server.pid}/fd"))
            # Past the connections the server takes (8 a client): a 503 at once.
            budget = 2 * 8
            for _ in range(budget + 3):  # the websocket is one of the budget
                held.append(socket.create_connection(("127.0.0.1", port)))
                held[-1].sendall(HALF_SENT)
            answers = await until(
                lambda: len(r := [a for s in held[budget - 1 :] if (a := peek(s))]) == 4 and r,
                "the refusals",
                timeout=SLOW,
            )
            assert all(a.startswith(b"HTTP/1.1 503") for a in answers), answers
            for s in held:
                s.close()
            held.clear()
            # Out of descriptors: a few left, then many more connections.
            soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
            await until(
                lambda: len(os.listdir(f"/proc/{server.pid}/fd")) <= descriptors,
                "the connections to close",
                timeout=SLOW,
            )
            open_now = len(os.listdir(f"/proc/{server.pid}/fd"))
            resource.prlimit(server.pid, resource.RLIMIT_NOFILE, (open_now + 3, hard))
            for _ in range(20):
                held.append(socket.create_connection(("127.0.0.1", port)))
                held[-1].sendall(HALF_SENT)
            # Three taken, then each refused at once (with a descriptor kept for that).
            refused = await until(
                lambda: len(r := [a for s in held if (a := peek(s))]) >= 12 and r,
                "the refusals",
                timeout=SLOW,
            )
            assert all(
                a.startswith(b"HTTP/1.1 503") and b"out of file descriptors" in a for a in refused
            ), refused
            await until(
                lambda: any(
                    "out of file descriptors: new connections are refused" in s for s in said
                ),
                "the server to say it",
                SLOW,
            )
            book.add(riichi.Win(winners=(riichi.Winner(seat=1, han=3, fu=30),), discarder=2))
            await screen_bytes(ws, 100)  # the board it had still shows the new hand
            await ws.send_str(json.dumps(["ping", "still"]))
            while (await receive(ws, SLOW)).data != '["pong", "still"]':
                pass
            assert server.poll() is None
            resource.prlimit(server.pid, resource.RLIMIT_NOFILE, (soft, hard))
            for s in held:
                s.close()
            held.clear()
            # Descriptors back: new connections are taken again (accept() is retried).
            page = await until(lambda: fetch(where), "a page again", SLOW)
            assert page.startswith(b"HTTP/1.1 200")
            # Killed, the server cannot end its boards: they end with it all the same.
            os.kill(server.pid, signal.SIGKILL)
            server.wait()
            await until(lambda: not any(running(pid) for pid in board), "the board to end", SLOW)
        reader.join(SLOW)  # all the server said
        assert not any("Traceback" in s for s in said), said
        assert sum("out of file descriptors" in s for s in said) <= 2, said
    finally:
        for s in held:
            s.close()
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
        for pid in board:
            if running(pid):
                os.kill(pid, signal.SIGKILL)


def peek(sock: socket.socket) -> bytes:
    """What the server sent on ``sock`` so far (nothing yet: b"")."""
    sock.setblocking(False)
    try:
        return sock.recv(4096, socket.MSG_PEEK)
    except BlockingIOError:
        return b""
    except ConnectionResetError:
        return b"reset"


def fetch(where: str) -> bytes:
    """The start of the answer to GET /, or b"" if there is none within a second."""
    host, port = where.rsplit(":", 1)
    try:
        with socket.create_connection((host, int(port)), timeout=1) as s:
            s.sendall(b"GET / HTTP/1.1\r\nHost: " + where.encode() + b"\r\n\r\n")
            return s.recv(64)
    except OSError:
        return b""
