"""`mjtui serve` in a real headless browser: the page loads, shows the totals (in the
board's large digits, read from the terminal the page draws) and the session it follows,
and shows a hand appended to the file. Chromium is driven over its debugging pipe
(tests/cdp_pipe.py). Skipped only where no Chromium can be had (.ci/run installs it).
"""

from __future__ import annotations

import io
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from datetime import datetime
from pathlib import Path

import pytest
from cdp_pipe import CATCH_TERMINAL, SCREEN_TEXT, Browser, find_chromium
from rich.console import Console
from textual.renderables.digits import Digits

from mjtui import paths
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.scorebook import Scorebook
from mjtui.systems.riichi import system as riichi

REPO = Path(__file__).resolve().parents[2]
NAMES = ("Alexandra", "Benjamin", "Catherine", "Dominique")
RON = riichi.Win(winners=(riichi.Winner(seat=1, han=3, fu=30),), discarder=2)
TSUMO = riichi.Win(winners=(riichi.Winner(seat=3, han=4, fu=30),), discarder=None)


def big(total: int) -> list[str]:
    """The three lines the board's Digits draw for ``total`` (bold, as the board has it)."""
    out = io.StringIO()
    Console(file=out, width=200, color_system=None).print(Digits(f"{total:,}", style="bold"))
    return [line.rstrip() for line in out.getvalue().splitlines()]


def shows(screen: str, total: int) -> bool:
    """Whether the screen has ``total`` drawn in large digits: its three lines one under
    the other, in the same columns."""
    lines, drawn = screen.splitlines(), big(total)
    return any(
        all(lines[i + k][x : x + len(drawn[k])] == drawn[k] for k in range(3))
        for i in range(len(lines) - 2)
        for x in range(len(lines[i]) - len(drawn[0]) + 1)
    )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_server(url: str, process: subprocess.Popen, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"mjtui serve ended: {process.stderr.read()}")
        try:
            with urllib.request.urlopen(url, timeout=1) as page:
                if page.status == 200:
                    return
        except OSError:
            time.sleep(0.1)
    raise AssertionError("mjtui serve did not answer")


@pytest.fixture
def chromium() -> str:
    binary = find_chromium()
    if binary is None:
        pytest.skip(
            "no Chromium on this machine (Debian: apt-get install chromium; .ci/run installs it)"
        )
    return binary


def test_the_served_board_loads_shows_the_totals_and_follows_the_file(
    chromium, tmp_path, folders
) -> None:
    path = tmp_path / "club-night.toml"
    ruleset = RulesetLibrary(paths.ruleset_folders()).get("riichi-tenhou")
    book = Scorebook(Session(ruleset, NAMES, datetime(2026, 11, 30, 20).astimezone()), path)
    book.save()
    book.add(RON)
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "mjtui",
            "serve",
            str(path),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
        ],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )  # its own group: the board processes end with it
    browser = None
    try:
        wait_for_server(f"http://127.0.0.1:{port}/", server)
        browser = Browser(chromium)
        browser.open(f"http://127.0.0.1:{port}/", CATCH_TERMINAL)
        assert "club-night.toml" in browser.wait_for("document.body.innerText")
        screen = browser.wait_for(
            f"(() => {{ const s = {SCREEN_TEXT}; return s.includes('Following') ? s : ''; }})()"
        )
        assert "Following club-night.toml (read-only)" in screen
        for name in NAMES:
            assert name in screen
        assert "East ● dealer  Benjamin" in screen
        for total in (25000, 28900, 21100):
            assert shows(screen, total), (total, screen)
        assert not shows(screen, 32900)

        book.add(TSUMO)  # the scorer saves a hand: Dominique's tsumo, 4 han 30 fu
        totals = book.session.state.totals
        assert totals[3] == 25000 + 7900  # 2000 / 3900
        deadline = time.monotonic() + 60  # a bound on a page that never updates, not a timing
        # The page may be caught drawing: wait until every total is there.
        while not all(
            shows(screen := browser.evaluate(SCREEN_TEXT) or "", total) for total in totals
        ):
            assert time.monotonic() < deadline, (totals, screen)
            time.sleep(0.2)
        assert "2 played" in screen and not shows(screen, 28900)
    finally:
        if browser is not None:
            browser.close()
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=5)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
