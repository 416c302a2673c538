"""What the largest session mjtui reads costs, and what refusing a larger one costs.

Writes sessions at the reader's limits (core/files/reading.py: ``MAX_HANDS`` hands,
``MAX_BYTES`` bytes) in the layouts that cost the most, and files past them
(issue 26: 380,000 empty hands, 10^6 inline hands), then runs
``mjtui replay --json FILE`` on each as its own process, as a user would, and
reports its CPU time (user + system), wall time and peak memory (the child's
``ru_maxrss``, what ``/usr/bin/time -v`` calls "Maximum resident set size").
CPU time is the figure to compare: on a busy machine the wall time is
whatever the other processes leave (and a loaded machine's CPU time varies
by half between runs too). Targets: a file read, under 10 s of CPU and 200
MB; a file refused, under 2 s and 60 MB.

    python benchmarks/largest_session.py [--only NAME ...] [--keep DIR]
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from mjtui import paths
from mjtui.core.files.reading import MAX_BYTES, MAX_HANDS
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import load_ruleset
from mjtui.core.sessions.session_file import session_text
from mjtui.systems.east_doubling.system import Hand

READ_CPU, READ_MB = 10.0, 200  # a file at the limits
REFUSED_CPU, REFUSED_MB = 2.0, 60  # a file past them
NAMES = ("Ann", "Bob", "Chen", "Dora")
SHEET = (
    'format = "mjtui-session/1"\nruleset = "hp11c"\nplayers = ["Ann", "Bob", "Chen", '
    '"Dora"]\nstarted = 2026-11-29T20:15:00\n'
)


def session(rid: str, hands: list) -> str:
    # The shipped file, so a user's own ruleset cannot change the figures.
    ruleset = load_ruleset(paths.shipped_rulesets_dir() / f"{rid}.toml")
    return session_text(
        Session(
            ruleset, NAMES[: ruleset.players], datetime(2026, 11, 29, 20, 0).astimezone(), hands
        )
    )


def hp11c_hands() -> list:
    """A long series as the app writes it: mostly wins with table-like points, some draws."""
    rng = random.Random(10000)
    hands = []
    for _ in range(MAX_HANDS):
        if rng.random() < 0.1:
            hands.append(Hand(None, (0, 0, 0, 0)))
        else:
            hands.append(
                Hand(
                    rng.randrange(4),
                    tuple(
                        rng.choice([0, 2, 8, 16, 32, 64, 128, 500]) + rng.randint(0, 40)
                        for _ in range(4)
                    ),
                )
            )
    return hands


def from_record(rid: str, record: dict) -> list:
    ruleset = load_ruleset(paths.shipped_rulesets_dir() / f"{rid}.toml")
    return [ruleset.system.hand_from_record(ruleset.rules, record)] * MAX_HANDS


@dataclass(frozen=True)
class Case:
    name: str
    what: str
    text: Callable[[], str]
    read: bool  # read (exit 0, or 2 with problems), or refused whole


CASES = [
    Case(
        "hp11c",
        f"{MAX_HANDS:,} HP-11C hands as the app writes them",
        lambda: session("hp11c", hp11c_hands()),
        True,
    ),
    Case(
        "fx602p",
        f"{MAX_HANDS:,} FX-602P hands by their tiles (each evaluated)",
        lambda: session(
            "fx602p",
            from_record("fx602p", {"winner": 1, "tiles": "234567888", "win": 8, "dora": 2}),
        ),
        True,
    ),
    Case(
        "riichi-over",
        f"{MAX_HANDS:,} riichi hands, all but 4 after the game's end (a problem each)",
        lambda: session(
            "riichi-tenhou",
            from_record("riichi-tenhou", {"ron": 3, "from": 1, "han": 3, "fu": 40, "riichi": [2]}),
        ),
        True,
    ),
    Case(
        "empty",
        f"{MAX_HANDS:,} empty [[hands]] tables (draws)",
        lambda: SHEET + "\n[[hands]]\n" * MAX_HANDS,
        True,
    ),
    Case(
        "thorough",
        f"{MAX_HANDS:,} HP-11C hands with a comment each (read by tomllib)",
        lambda: session("hp11c", hp11c_hands()).replace("[[hands]]\n", "[[hands]]  # c\n"),
        True,
    ),
    Case(
        "empty-380k",
        "380,000 empty [[hands]] tables (issue 26: 18 s, 363 MB)",
        lambda: SHEET + "\n[[hands]]\n" * 380_000,
        False,
    ),
    Case(
        "inline-1m",
        "1,000,000 inline hands (issue 26: 10.8 s, 742 MB to load)",
        lambda: SHEET + "hands = [" + ", ".join(["{}"] * 1_000_000) + "]\n",
        False,
    ),
    Case(
        "indented-300k",
        "300,000 indented [[hands]] tables (past the tables' limit)",
        lambda: SHEET + "\n  [[hands]]\n" * 300_000,
        False,
    ),
]


@dataclass
class Run:
    status: int
    cpu: float
    wall: float
    rss_mb: float


def replay_json(path: Path, env: dict[str, str]) -> Run:
    start = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-m", "mjtui", "replay", "--json", str(path)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    rss = usage.ru_maxrss / (1024 * 1024) if sys.platform == "darwin" else usage.ru_maxrss / 1024
    return Run(child.returncode, usage.ru_utime + usage.ru_stime, wall, rss)


def measure(folder: Path, names: list[str]) -> int:
    """Replay the files written into ``folder``; run in a process of its own, small, as
    a child's peak memory counts its parent's until it starts the new program."""
    env = dict(
        os.environ, MJTUI_CONFIG_DIR=str(folder / "config"), MJTUI_DATA_DIR=str(folder / "data")
    )
    ok = True
    print(f"{'case':<15}{'MB':>6}{'exit':>6}{'CPU s':>8}{'wall s':>8}{'peak MB':>9}  target")
    for case in CASES:
        if case.name not in names:
            continue
        path = folder / f"{case.name}.toml"
        size = path.stat().st_size
        run = replay_json(path, env)
        cpu, mb = (READ_CPU, READ_MB) if case.read else (REFUSED_CPU, REFUSED_MB)
        # A file read exits 0, or 2 with its problems; one refused exits 2 with no hand.
        right = run.status in ((0, 2) if case.read else (2,))
        met = right and run.cpu < cpu and run.rss_mb < mb
        ok = ok and met
        fits = "" if size <= MAX_BYTES else " (past MAX_BYTES)"
        print(
            f"{case.name:<15}{size / 1e6:6.2f}{run.status:6d}{run.cpu:8.2f}{run.wall:8.2f}"
            f"{run.rss_mb:9.1f}  < {cpu:.0f} s, < {mb} MB: {'met' if met else 'MISSED'}"
            f"   {case.what}{fits}",
            flush=True,
        )
    return 0 if ok else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", nargs="*", choices=[c.name for c in CASES])
    parser.add_argument(
        "--keep", type=Path, metavar="DIR", help="write the files into DIR and leave them there"
    )
    parser.add_argument("--measure", type=Path, help=argparse.SUPPRESS)  # the second step
    args = parser.parse_args(argv)
    names = args.only or [c.name for c in CASES]
    if args.measure:
        return measure(args.measure, names)
    folder = args.keep or Path(tempfile.mkdtemp(prefix="mjtui-largest-"))
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for case in CASES:
        if case.name in names:
            path = folder / f"{case.name}.toml"
            path.write_bytes(case.text().encode("utf-8"))
            written.append(path)
    status = subprocess.call([sys.executable, __file__, "--measure", str(folder), "--only", *names])
    if not args.keep:
        for path in written:
            path.unlink()
    return status


if __name__ == "__main__":
    sys.exit(main())
