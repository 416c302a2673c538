"""How fast a long session opens in the replay: write, load, fold, first frame.

Writes a 10,000-hand session with the app's own saver, then times reading it
back (``load_session``), folding it (``Session.states()``) and the replay
screen's first frame (``MjtuiApp(replay=...)`` under ``run_test()``,
headless, until the first ``await pilot.pause()``), and reports the peak
memory of the process. Targets: load + fold + first frame under 1 second,
peak memory under 200 MB.

    python benchmarks/replay.py [--hands 10000] [--tracemalloc] [--keep DIR]

``--tracemalloc`` also reports the Python allocations' peak of each step
(tracing slows everything down, so those runs' times are not comparable).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import resource
import sys
import tempfile
import time
import tracemalloc
from datetime import datetime
from pathlib import Path

from mjtui import paths
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import RulesetLibrary, load_ruleset
from mjtui.core.sessions.session_file import load_session, save_session
from mjtui.systems.east_doubling.system import Hand

TIME_TARGET = 1.0  # seconds: load + fold + first frame
MEMORY_TARGET = 200  # MB, peak resident memory of the whole process
NAMES = ("Ann", "Bob", "Chen", "Dora")


def make_session(hands: int, seed: int = 10000) -> Session:
    """A long series: mostly wins with table-like points, some draws."""
    # The shipped file, so a user's own hp11c.toml cannot change the figures.
    ruleset = load_ruleset(paths.shipped_rulesets_dir() / "hp11c.toml")
    session = Session(ruleset, NAMES, datetime(2026, 11, 29, 20, 0).astimezone())
    rng = random.Random(seed)
    for _ in range(hands):
        if rng.random() < 0.1:
            session.hands.append(Hand(None, (0, 0, 0, 0)))
        else:
            points = tuple(
                rng.choice([0, 2, 8, 16, 32, 64, 128, 500]) + rng.randint(0, 40) for _ in range(4)
            )
            session.hands.append(Hand(rng.randrange(4), points))
    return session


def peak_rss_mb() -> float:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024  # bytes / KiB


class Steps:
    """Times (and, when tracing, the allocation peak of) each step."""

    def __init__(self, trace: bool) -> None:
        self.trace = trace
        self.rows: list[tuple[str, float, float | None]] = []

    def __enter__(self) -> Steps:
        if self.trace:
            tracemalloc.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.trace:
            tracemalloc.stop()

    def start(self) -> float:
        if self.trace:
            tracemalloc.reset_peak()
        return time.perf_counter()

    def done(self, name: str, started: float) -> float:
        took = time.perf_counter() - started
        peak = tracemalloc.get_traced_memory()[1] / 2**20 if self.trace else None
        self.rows.append((name, took, peak))
        return took


async def first_frame(session: Session, name: str) -> None:
    from mjtui.ui.app import MjtuiApp

    app = MjtuiApp(replay=session, replay_name=name)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.screen.__class__.__name__ == "ReplayScreen", app.screen


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument(
        "--tracemalloc",
        action="store_true",
        help="also report each step's peak of Python allocations (slower)",
    )
    parser.add_argument(
        "--keep",
        type=Path,
        metavar="DIR",
        help="write the session file into DIR and leave it there",
    )
    args = parser.parse_args(argv)

    folder = args.keep or Path(tempfile.mkdtemp(prefix="mjtui-bench-"))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"bench-{args.hands}.toml"
    rss_start = peak_rss_mb()

    with Steps(args.tracemalloc) as steps:
        session = make_session(args.hands)
        t = steps.start()
        save_session(session, path)
        steps.done("write", t)
        size = path.stat().st_size

        find = RulesetLibrary(paths.ruleset_folders()).get
        t = steps.start()
        loaded = load_session(path, find)
        load = steps.done("load", t)
        assert loaded.problems == [] and len(loaded.session.hands) == args.hands

        t = steps.start()
        states = loaded.session.states()
        fold = steps.done("fold", t)
        assert len(states) == args.hands + 1

        t = steps.start()
        import mjtui.ui.app  # noqa: F401 - the replay command imports Textual when it opens

        imports = steps.done("import the app (Textual)", t)

        t = steps.start()
        asyncio.run(first_frame(loaded.session, path.name))
        frame = steps.done("first frame of the replay", t)

    if not args.keep:
        path.unlink()
        folder.rmdir()

    size_mb = size / 2**20
    print(
        f"session: {args.hands} hands, {size_mb:.1f} MB"
        + (f", kept as {path}" if args.keep else "")
    )
    for name, took, peak in steps.rows:
        extra = f"   python allocations peak {peak:7.1f} MB" if peak is not None else ""
        print(f"  {name:<28} {took * 1000:8.0f} ms{extra}")
    total = load + fold + frame
    rss = peak_rss_mb()
    time_ok = total < TIME_TARGET
    memory_ok = rss < MEMORY_TARGET
    print(
        f"  {'load + fold + first frame':<28} {total * 1000:8.0f} ms   target < "
        f"{TIME_TARGET * 1000:.0f} ms: {'met' if time_ok else 'MISSED'}"
        + ("  (timed under tracemalloc)" if args.tracemalloc else "")
    )
    print(f"  {'... with the Textual import':<28} {(total + imports) * 1000:8.0f} ms")
    print(
        f"  {'peak memory (process RSS)':<28} {rss:8.1f} MB   target < {MEMORY_TARGET} MB: "
        f"{'met' if memory_ok else 'MISSED'} (after the imports: {rss_start:.1f} MB"
        + ("; tracemalloc's own bookkeeping included)" if args.tracemalloc else ")")
    )
    return 0 if time_ok and memory_ok else 1


if __name__ == "__main__":
    sys.exit(main())
