"""Write the README's pictures of the table tools: the rules reference, the board, and
the board served to a browser.

    python screenshots/table_screenshots.py

Plays a short riichi series in a throw-away data folder. The two screens are saved as
SVG here (from the running app, 80x24) and as PNG in docs/ (cairosvg); the browser page
is a headless Chromium's screenshot of `mjtui serve` (docs/browser-board.png).
"""

from __future__ import annotations

import asyncio
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from datetime import datetime
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
DOCS = REPO / "docs"
NAMES = ("Ann", "Bob", "Chen", "Dora")


def series(path: Path):
    from mjtui import paths
    from mjtui.core.model.session import Session
    from mjtui.core.rulesets.ruleset import RulesetLibrary
    from mjtui.core.sessions.scorebook import Scorebook
    from mjtui.systems.riichi import system as riichi

    ruleset = RulesetLibrary(paths.ruleset_folders()).get("riichi-tenhou")
    book = Scorebook(Session(ruleset, NAMES, datetime(2026, 11, 30, 20).astimezone()), path)
    book.save()
    book.add(riichi.Win(winners=(riichi.Winner(seat=1, han=3, fu=30),), discarder=2, riichi=(1,)))
    book.add(riichi.ExhaustiveDraw(tenpai=(0, 3)))
    book.add(riichi.Win(winners=(riichi.Winner(seat=3, han=4, fu=30),), discarder=None))
    return book


def png(svg: Path, name: str) -> Path:
    import cairosvg

    out = DOCS / name
    cairosvg.svg2png(url=str(svg), write_to=str(out))
    return out


async def screens(book) -> list[Path]:
    from mjtui.ui.app import MjtuiApp

    app = MjtuiApp(book=book)
    shots = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        shots.append(Path(app.save_screenshot("rules-reference.svg", str(HERE))))
        await pilot.press("escape", "t")
        await pilot.pause()
        shots.append(Path(app.save_screenshot("board.svg", str(HERE))))
    return [png(shots[0], "rules-reference.png"), png(shots[1], "board.png")]


def browser(path: Path) -> Path:
    sys.path.insert(0, str(REPO / "tests"))
    from cdp_pipe import CATCH_TERMINAL, SCREEN_TEXT, Browser, find_chromium

    binary = find_chromium()
    if binary is None:
        raise SystemExit("no Chromium: apt-get install chromium")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
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
        env={**os.environ, "PYTHONPATH": str(REPO)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    page = None
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        page = Browser(binary, width=900, height=560)
        page.open(f"http://127.0.0.1:{port}/", CATCH_TERMINAL)
        page.wait_for(f"(() => {SCREEN_TEXT}.includes('Following'))()")
        time.sleep(0.5)  # the fade-in of the page
        out = DOCS / "browser-board.png"
        page.screenshot(out)
        return out
    finally:
        if page is not None:
            page.close()
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=10)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["MJTUI_DATA_DIR"] = str(Path(tmp) / "data")
        os.environ["MJTUI_CONFIG_DIR"] = str(Path(tmp) / "config")
        sys.path.insert(0, str(REPO))
        path = Path(tmp) / "club-night.toml"
        book = series(path)
        for out in [*asyncio.run(screens(book)), browser(path)]:
            print(out)


if __name__ == "__main__":
    main()
