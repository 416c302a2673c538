"""`mjtui tournament serve` in a real headless browser, as a hall with phones at the
tables uses it: two tables' links each open their own game, a hand is scored at each
from the keyboard, the hall page shows both in its standings; a third table's link
opens the third table's game, not the first's, and a second browser on the first
table's link, or a wrong link, gets a message. Chromium is driven over its debugging
pipe (tests/cdp_pipe.py); skipped only where no Chromium can be had.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from cdp_pipe import CATCH_TERMINAL, SCREEN_TEXT, Browser
from test_serve_browser import REPO, chromium, free_port, wait_for_server  # noqa: F401
from tournament_helpers import make, save, seated

from mjtui import paths
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.session_file import load_session
from mjtui.core.tournament.links import LINKS_FILE, Links, save_links
from mjtui.core.tournament.model import game_file

TABLES = [[f"P{4 * t + s}" for s in range(4)] for t in range(3)]
# Seat 3 wins 3 han 40 fu off seat 2 (the score sheet's keys, as a scorer types them):
# 5200 at EMA's rules, +5.2 and first place's uma +15: 20.2.
WIN = ("3",)
HAND = ("3", "Enter", "4", "0", "Enter", "2", "ctrl+s")
DEADLINE = 30.0  # seconds for what takes one or two on an idle machine


def screen(browser: Browser) -> str:
    return str(browser.evaluate(SCREEN_TEXT) or "")


def wait_screen(browser: Browser, *wanted: str) -> str:
    """The page's terminal once it shows every one of ``wanted``."""
    deadline = time.monotonic() + DEADLINE
    while not all(w in (text := screen(browser)) for w in wanted):
        assert time.monotonic() < deadline, (wanted, text)
        time.sleep(0.1)
    return text


def hands_in(folder: Path, table: int) -> int:
    path = folder / game_file(1, table)
    if not path.exists():
        return 0
    return len(load_session(path, RulesetLibrary(paths.ruleset_folders()).get).session.hands)


def wait_hands(folder: Path, table: int, count: int) -> None:
    deadline = time.monotonic() + DEADLINE
    while hands_in(folder, table) != count:
        assert time.monotonic() < deadline, f"table {table}'s hand never saved"
        time.sleep(0.1)


def tab(browser: Browser, url: str) -> str:
    """A new tab at ``url`` (its terminal caught); its session, to come back to it."""
    browser.open(url, CATCH_TERMINAL)
    # Each tab keeps its focus as if it were the one in front: the keys typed reach it.
    browser.send("Emulation.setFocusEmulationEnabled", {"enabled": True})
    return str(browser.session)


def show(browser: Browser, session: str) -> None:
    browser.session = session
    browser.send("Page.bringToFront")
    # Keys reach xterm.js through its own text area, focused as a click on it would.
    browser.evaluate("window.__terminal && window.__terminal.focus()")


def test_two_tables_score_at_their_links_and_the_hall_shows_both(
    chromium,  # noqa: F811
    tmp_path: Path,
) -> None:
    folder = tmp_path / "club-night"
    save(seated(make(12), 1, TABLES), folder)
    links = Links().made_for(1, 3)
    save_links(links, folder / LINKS_FILE)
    first, second, third = links.of(1)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "mjtui", "tournament", "serve", "Club Night"]
    command += ["--folder", str(folder), "--port", str(port)]
    server = subprocess.Popen(
        command,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )  # its own group: the processes it starts end with it
    browser = None
    try:
        wait_for_server(f"{base}/", server)
        browser = Browser(chromium)
        one = tab(browser, f"{base}/t/{first}")
        sheet = wait_screen(browser, "P0", "P3", "round-01_table-01")
        assert "P4" not in sheet and "P8" not in sheet
        two = tab(browser, f"{base}/t/{second}")
        wait_screen(browser, "P4", "P7", "round-01_table-02")
        for session, table in ((one, 1), (two, 2)):
            show(browser, session)
            browser.press(*WIN)
            wait_screen(browser, "Ron off")  # the hand's form, open before it is typed in
            browser.press(*HAND)
            wait_hands(folder, table, 1)
        hall = tab(browser, f"{base}/")
        # Both winners (table 1's seat 3, P2; table 2's, P6) lead the standings.
        text = wait_screen(browser, "Club Night", "P2", "P6", "Still playing: 1, 2")
        for winner in ("P2", "P6"):
            assert re.search(rf"=1 +{winner} +\+20\.2\*", text), text
        # The third table's link opens the third table's game, and no other.
        tab(browser, f"{base}/t/{third}")
        sheet = wait_screen(browser, "P8", "P11", "round-01_table-03")
        assert not re.search(r"\bP[0-7]\b", sheet)
        assert hands_in(folder, 1) == 1 and (folder / game_file(1, 3)).exists()
        # A second browser on table 1's link, and a wrong link: a message each.
        tab(browser, f"{base}/t/{first}")
        said = browser.wait_for(
            "document.body.innerText.includes('being scored') && document.body.innerText"
        )
        assert "Table 1 is being scored" in str(said)
        tab(browser, f"{base}/t/{'x' * 16}")
        said = browser.wait_for(
            "document.body.innerText.includes('link') && document.body.innerText"
        )
        assert "Not a table's link" in str(said)
        show(browser, hall)
        assert "P2" in screen(browser)
    finally:
        if browser is not None:
            browser.close()
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
