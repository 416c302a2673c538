"""How long the session library takes to list a folder of sessions.

Writes SESSIONS hp11c sessions of HANDS hands each (as the app saves them),
then times ``core.library.scan`` over the folder: once reading every file,
as the library screen does when it opens, and once more through the
``SummaryCache`` it keeps, as after a delete or a restore.

    python benchmarks/library_scan.py [--sessions 200] [--hands 31]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

from mjtui import paths
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.library import SummaryCache, ruleset_finder, scan
from mjtui.core.sessions.session_file import new_session_path, save_session
from mjtui.systems.east_doubling.system import Hand

NAMES = ("Ann", "Bob", "Chen", "Dora", "Eve", "Finn")


def generate(folder: Path, sessions: int, hands: int, seed: int = 15) -> None:
    rng = random.Random(seed)
    ruleset = RulesetLibrary(paths.ruleset_folders()).get("hp11c")
    start = datetime(2026, 1, 5, 19, 0).astimezone()
    for n in range(sessions):
        session = Session(ruleset, tuple(rng.sample(NAMES, 4)), start + timedelta(days=n))
        for _ in range(hands):
            session.add(
                Hand(winner=rng.randrange(4), points=tuple(rng.randrange(0, 64) for _ in range(4)))
            )
        save_session(session, new_session_path(folder, session))


def timed(run, rounds: int) -> float:
    """The median of ``rounds`` runs, in ms."""
    took = []
    for _ in range(rounds):
        began = time.perf_counter()
        run()
        took.append(time.perf_counter() - began)
    return statistics.median(took) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=200)
    parser.add_argument("--hands", type=int, default=31)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        generate(folder, args.sessions, args.hands)
        find = ruleset_finder(paths.ruleset_folders())
        listed = scan(folder, find)
        assert len(listed) == args.sessions and all(s.hands == args.hands for s in listed)
        cold = timed(lambda: scan(folder, find), args.rounds)
        cache = SummaryCache()
        scan(folder, find, cache)
        warm = timed(lambda: scan(folder, find, cache), args.rounds)
    print(
        f"{args.sessions} sessions of {args.hands} hands: every file read {cold:.0f} ms "
        f"({cold / args.sessions:.2f} ms a file); from the cache {warm:.1f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
