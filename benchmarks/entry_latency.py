"""Entry latency: ctrl+s on a hand to its new totals on the sheet, by session length.

    python benchmarks/entry_latency.py [--lengths 0 1000 10000] [--hands 15]
    python benchmarks/entry_latency.py --lengths 0 --hands 200    # a long evening

A series of that many East-doubling hands is built in the core and saved,
then opened in the app (headless, 80x24); hands are typed into the form and
two times are taken from ctrl+s reaching the app: until the scoreboard holds
the new totals (the hand recorded and saved, the sheet's widgets updated:
mjtui's own work), and until the benchmark, which waits on the app's event
loop, next sees them (after Textual has closed the form and repainted the
sheet: what a person waits for). The median and the largest of each are
printed (the goal: under 30 ms at any length). With 40 hands or more typed,
the memory the process holds (resident, after a full collection) is taken
after the 20th hand and after the last, and its growth a hand printed: what
a long evening adds.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import random
import statistics
import tempfile
import time
from datetime import datetime
from pathlib import Path

from textual import events

from mjtui import paths
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.scorebook import Scorebook
from mjtui.private_api import send_as_terminal
from mjtui.systems.east_doubling.system import Hand
from mjtui.ui.app import MjtuiApp
from mjtui.ui.widgets.scoreboard import Scoreboard


def series(length: int, folder: Path) -> Scorebook:
    ruleset = RulesetLibrary(paths.ruleset_folders()).get("hp11c")
    session = Session(ruleset, ("Ann", "Bob", "Cy", "Di"), datetime(2026, 11, 30))
    rng = random.Random(length)
    for _ in range(length):
        winner = rng.randrange(4)
        session.hands.append(Hand(winner, tuple(rng.randrange(0, 60) for _ in range(4))))
    book = Scorebook(session, folder / f"latency-{length}.toml")
    book.save()
    return book


def _first_total(board: Scoreboard) -> int | None:
    """Seat 1's total as the scoreboard holds it for its next paint."""
    for cell in board.get_row_at(0):
        text = str(cell).replace(",", "").strip()
        if text.lstrip("-").isdigit() and len(text.lstrip("-")) >= 3:
            return int(text)
    return None


def resident_mb() -> float:
    """The process's resident memory, after a full collection (Linux)."""
    gc.collect()
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


async def latencies(book: Scorebook, hands: int) -> tuple[list[float], list[float], list[float]]:
    app = MjtuiApp(book=book, sessions_dir=book.path.parent)
    held, took, memory = [], [], []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.query_one(Scoreboard)
        shown_at: list[float] = []
        show = board.show

        def timed_show(*args, **kwargs):
            show(*args, **kwargs)
            shown_at.append(time.perf_counter())

        board.show = timed_show
        for n in range(hands):
            await pilot.press("2", *str(10 + n), "enter", "8")
            await pilot.pause()
            played = len(book.session.hands)
            start = time.perf_counter()
            send_as_terminal(app, events.Key("ctrl+s", None))
            total = None
            while total is None or total != book.session.state.totals[0]:
                await asyncio.sleep(0.0002)
                if len(book.session.hands) > played and board.row_count:
                    total = _first_total(board)
            took.append(time.perf_counter() - start)
            held.append(shown_at[-1] - start)
            await pilot.pause()
            if hands >= 40 and n + 1 in (20, hands) and os.path.exists("/proc/self/statm"):
                memory.append(resident_mb())
    return held, took, memory


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lengths", type=int, nargs="+", default=[0, 1000, 10000])
    parser.add_argument("--hands", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        for length in args.lengths:
            held, took, memory = asyncio.run(latencies(series(length, Path(folder)), args.hands))
            print(
                f"{length:>6} hands before ({args.hands} hands): ctrl+s to new totals held "
                f"median {statistics.median(held) * 1000:.1f} ms (max "
                f"{max(held) * 1000:.1f}); on screen median "
                f"{statistics.median(took) * 1000:.1f} ms (max {max(took) * 1000:.1f}; "
                f"goal < 30 ms)"
            )
            if len(memory) == 2:
                print(
                    f"{'':>6} memory held: {memory[0]:.1f} MB after the 20th hand, "
                    f"{memory[1]:.1f} MB after the last: "
                    f"{(memory[1] - memory[0]) * 1024 / (args.hands - 20):.0f} KB a hand"
                )


if __name__ == "__main__":
    main()
