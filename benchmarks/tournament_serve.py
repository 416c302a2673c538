"""The memory a served table takes: `mjtui tournament serve` with every table of a round
open at its link, as a hall with a phone at each table has it.

An 80-player tournament (20 tables) is made in a temporary folder and round 1 seated;
`mjtui tournament serve` is started on it, and one websocket opened at each table's
secret link (as textual-serve's page opens it: the page's Origin, an 80x24 terminal)
and one at the hall page. Once every process has drawn its first screen (the table's
file name, or the hall's standings, seen in what it sent) and a hand has been scored
at every table through its websocket, each process's memory is read from /proc: its
RSS (what `ps` shows) and its PSS (the RSS with the pages shared between processes,
the interpreter's and the libraries' code, split between them), and the server's own.
The target (issue #30): a hall of 20 tables fits on one laptop.

    python benchmarks/tournament_serve.py [--tables N]

Linux only (/proc).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import aiohttp

from mjtui.core.tournament.links import LINKS_FILE, load_links

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Za-z0-9]|\x1b[=>]")
# Seat 3 wins 3 han 40 fu off seat 2, as a scorer types it on the score sheet.
HAND = ("3", "3", "\r", "4", "0", "\r", "2", "\x13")
WAIT = 120.0  # seconds: a bound on a broken server, far above a busy machine's start


def mjtui(*args: str, env: dict[str, str]) -> None:
    done = subprocess.run([sys.executable, "-m", "mjtui", *args], env=env, capture_output=True)
    if done.returncode:
        raise SystemExit(f"mjtui {' '.join(args)}: {done.stderr.decode()}")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def memory_kb(pid: int) -> tuple[int, int]:
    """(RSS, PSS) of a process, in kB."""
    fields = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        key, value, *_ = line.split()
        fields[key.rstrip(":")] = int(value)
    return fields["Rss"], fields["Pss"]


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


class Client:
    """One websocket, as a browser's page holds it: what its process drew, kept."""

    def __init__(self, session: aiohttp.ClientSession, base: str, path: str) -> None:
        self.session, self.base, self.path = session, base, path
        self.screen = ""
        self.socket: aiohttp.ClientWebSocketResponse | None = None
        self.reader: asyncio.Task[None] | None = None

    async def open(self) -> None:
        url = f"{self.base.replace('http', 'ws', 1)}{self.path}?width=80&height=24"
        self.socket = await self.session.ws_connect(url, origin=self.base)
        self.reader = asyncio.ensure_future(self._read())

    async def _read(self) -> None:
        assert self.socket is not None
        async for message in self.socket:
            if message.type == aiohttp.WSMsgType.BINARY:
                self.screen = (self.screen + ANSI.sub("", message.data.decode("utf-8", "replace")))[
                    -20000:
                ]

    async def wait_for(self, text: str) -> None:
        deadline = time.monotonic() + WAIT
        while text not in self.screen:
            if time.monotonic() > deadline:
                raise TimeoutError(f"{self.path}: never showed {text!r}")
            await asyncio.sleep(0.1)

    async def type(self, *keys: str) -> None:
        assert self.socket is not None
        for key in keys:
            await self.socket.send_str(json.dumps(["stdin", key]))

    async def close(self) -> None:
        if self.socket is not None:
            await self.socket.close()
        if self.reader is not None:
            self.reader.cancel()


async def measure(base: str, secrets: list[str], server: int) -> None:
    async with aiohttp.ClientSession() as session:
        tables = [Client(session, base, f"/t/{s}/ws") for s in secrets]
        hall = Client(session, base, "/ws")
        began = time.monotonic()
        for client in [*tables, hall]:
            await client.open()
        for number, client in enumerate(tables, 1):
            await client.wait_for(f"round-01_table-{number:02d}")
        await hall.wait_for("Standings")
        opened = time.monotonic() - began
        for client in tables:  # a hand at every table, its form first
            await client.type("3")
            await client.wait_for("Ron off")
            await client.type(*HAND[1:])
        for client in tables:
            await client.wait_for("1 played")
        await asyncio.sleep(1.0)  # each process settled after its save
        boards = children(server)
        sizes = {pid: memory_kb(pid) for pid in boards}
        plays = [pid for pid in boards if b"\0play\0" in Path(f"/proc/{pid}/cmdline").read_bytes()]
        rss = [sizes[pid][0] / 1024 for pid in plays]
        pss = [sizes[pid][1] / 1024 for pid in plays]
        own_rss, own_pss = (x / 1024 for x in memory_kb(server))
        all_pss = sum(p for _, p in sizes.values()) / 1024 + own_pss
        all_rss = sum(r for r, _ in sizes.values()) / 1024 + own_rss
        print(
            f"{len(tables)} tables and the hall open and drawn in {opened:.1f} s, "
            f"a hand scored at each; {len(boards)} processes ({len(plays)} tables)"
        )
        print(
            f"  a table's process: RSS {statistics.mean(rss):.0f} MB "
            f"(min {min(rss):.0f}, max {max(rss):.0f}), PSS {statistics.mean(pss):.0f} MB"
        )
        print(f"  the server: RSS {own_rss:.0f} MB, PSS {own_pss:.0f} MB")
        print(
            f"  all together, the hall's process too: PSS {all_pss:.0f} MB (what the "
            f"machine gives them), RSS summed {all_rss:.0f} MB"
        )
        for client in [*tables, hall]:
            await client.close()


def wait_for_server(url: str, server: subprocess.Popen) -> None:
    deadline = time.monotonic() + WAIT
    while True:
        if server.poll() is not None:
            raise SystemExit(f"the server ended: {server.stderr.read() if server.stderr else ''}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            if time.monotonic() > deadline:
                raise SystemExit("the server never answered") from None
            time.sleep(0.2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=20, help="tables in the round (20)")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="mjtui-serve-bench-"))
    env = {**os.environ, "PYTHONPATH": str(REPO), "MJTUI_DATA_DIR": str(work / "data")}
    players = work / "players.csv"
    players.write_text("".join(f"Player {i:03d}\n" for i in range(4 * args.tables)))
    folder = work / "hall"
    where = ["--folder", str(folder)]
    made = ["--ruleset", "riichi-ema", "--rounds", "2", "--players", str(players)]
    mjtui("tournament", "new", "Bench", *made, *where, env=env)
    mjtui("tournament", "seat", "Bench", "--round", "1", *where, env=env)
    secrets = list(load_links(folder / LINKS_FILE).of(1))
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "mjtui", "tournament", "serve", "Bench", *where]
    server = subprocess.Popen(
        [*command, "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )  # its own group: its processes end with it
    try:
        wait_for_server(f"{base}/", server)
        asyncio.run(measure(base, secrets, server.pid))
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
