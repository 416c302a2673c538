"""What recording one hand costs, by session length: Scorebook.add, the save included.

    python benchmarks/save_cost.py [--lengths 10 1000 10000] [--repeat 7] [--dir DIR]

For each length a series of that many HP-11C hands is saved whole, then
``--repeat`` more hands are recorded one at a time through the Scorebook, as
the app records them (the table's check, the fold, the save with its fsync);
the median and the largest time of one hand are printed. The goal: the same
cost at 10 hands as at 10,000. ``--dir`` puts the files on another disk (the
fsync is most of the cost, and it depends on the disk); by default they go
to a temporary folder, removed after.
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

from mjtui import paths
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import load_ruleset
from mjtui.core.sessions.scorebook import Scorebook
from mjtui.systems.east_doubling.system import Hand


def some_hand(rng: random.Random) -> Hand:
    if rng.random() < 0.1:
        return Hand(None, (0, 0, 0, 0))
    return Hand(
        rng.randrange(4),
        tuple(rng.choice([0, 2, 8, 16, 32, 64, 128, 500]) + rng.randint(0, 40) for _ in range(4)),
    )


def cost(length: int, repeat: int, folder: Path) -> list[float]:
    """Seconds per recorded hand, ``repeat`` hands after ``length`` saved ones."""
    # The shipped file, so a user's own hp11c.toml cannot change the figures.
    ruleset = load_ruleset(paths.shipped_rulesets_dir() / "hp11c.toml")
    rng = random.Random(length)
    session = Session(ruleset, ("Ann", "Bob", "Cy", "Di"), datetime(2026, 11, 30).astimezone())
    session.hands.extend(some_hand(rng) for _ in range(length))
    book = Scorebook(session, folder / f"cost-{length}.toml")
    book.save()
    _ = session.state  # folded, as a loaded series is: what is timed is the new hand alone
    took = []
    for _ in range(repeat):
        hand = some_hand(rng)
        start = time.perf_counter()
        book.add(hand)
        took.append(time.perf_counter() - start)
        if book.save_error:
            raise SystemExit(f"save_cost: {book.save_error}")
    return took


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lengths", type=int, nargs="+", default=[10, 1_000, 10_000])
    parser.add_argument("--repeat", type=int, default=7, help="hands recorded per length")
    parser.add_argument("--dir", type=Path, help="where to write the files (kept)")
    args = parser.parse_args(argv)
    folder = args.dir or Path(tempfile.mkdtemp(prefix="mjtui-save-cost-"))
    folder.mkdir(parents=True, exist_ok=True)
    try:
        print(f"one hand recorded (Scorebook.add, fsync included), {args.repeat} hands each:")
        medians = []
        for length in args.lengths:
            took = cost(length, args.repeat, folder)
            medians.append(statistics.median(took))
            print(
                f"  after {length:>6,} hands: median {medians[-1] * 1000:7.2f} ms, "
                f"largest {max(took) * 1000:7.2f} ms"
            )
        if len(medians) > 1 and medians[0] > 0:
            print(f"  longest / shortest series: {medians[-1] / medians[0]:.1f}x")
    finally:
        if not args.dir:
            shutil.rmtree(folder, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
