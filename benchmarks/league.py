"""How long the league takes over a club's folder: two tables, many evenings.

Generates a folder of riichi sessions from two tables (each written as its
own machine would name it, with its table in the header), played to the end
of the game with random hands, then times ``mjtui league`` over the folder
(``core.reports.league.collect``: reading every file through the ledger's reader,
the final standings and the openskill ratings game by game) and prints the
best players.

    python benchmarks/league.py [--sessions 60] [--players 10] [--keep DIR]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

from mjtui import paths
from mjtui.core.errors import HandError
from mjtui.core.model.session import Session
from mjtui.core.reports.league import collect
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.library import ruleset_finder
from mjtui.core.sessions.session_file import new_session_path, save_session
from mjtui.systems.riichi.events import ExhaustiveDraw, Win, Winner

NAMES = ["Ann", "Bob", "Chen", "Dora", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jun", "Kai", "Lea"]
TABLES = ("Table 1", "Table 2")
MAX_HANDS = 40  # a game that has not ended by then is left as it is


def random_hand(rng: random.Random) -> Win | ExhaustiveDraw:
    if rng.random() < 0.15:
        return ExhaustiveDraw(tenpai=tuple(sorted(rng.sample(range(4), rng.randrange(5)))))
    seat = rng.randrange(4)
    han = rng.choice((1, 1, 2, 2, 3, 3, 4, 5, 6, 8))
    fu = rng.choice((30, 40)) if han < 5 else None
    discarder = None if rng.random() < 0.35 else rng.choice([s for s in range(4) if s != seat])
    return Win(winners=(Winner(seat=seat, han=han, fu=fu),), discarder=discarder)


def generate(folder: Path, sessions: int, players: int, seed: int = 19) -> int:
    """Write the sessions; returns the hands written."""
    rng = random.Random(seed)
    ruleset = RulesetLibrary(paths.ruleset_folders()).get("riichi-tenhou")
    pool = NAMES[:players]
    start = datetime(2026, 9, 1, 19, 0).astimezone()
    hands = 0
    for n in range(sessions):
        table = TABLES[n % 2]
        os.environ["MJTUI_MACHINE_ID"] = f"laptop{n % 2 + 1}"  # one machine per table
        evening = start + timedelta(days=7 * (n // 4), minutes=(n % 4 // 2) * 90)
        session = Session(ruleset, tuple(rng.sample(pool, 4)), evening, table=table)
        while not session.state.finished and len(session.hands) < MAX_HANDS:
            try:
                session.add(random_hand(rng))
            except HandError:
                continue  # not possible at this table (past the end...): another hand
        hands += len(session.hands)
        save_session(session, new_session_path(folder, session))
    os.environ.pop("MJTUI_MACHINE_ID", None)
    return hands


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=60)
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument(
        "--keep",
        type=Path,
        metavar="DIR",
        help="write the sessions in DIR (kept) instead of a temporary folder",
    )
    args = parser.parse_args()
    if not 4 <= args.players <= len(NAMES):
        parser.error(f"--players: from 4 to {len(NAMES)}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        hands = generate(folder, args.sessions, args.players)
        t0 = time.perf_counter()
        leagues = collect(folder, ruleset_finder(paths.ruleset_folders()))
        elapsed = time.perf_counter() - t0
        (league,) = leagues.leagues  # four-player riichi only: one league
        tables = sorted({g.table for g in league.games})
        print(
            f"{len(league.games)} sessions ({hands} hands) from {len(tables)} tables "
            f"({', '.join(tables)}) in {folder if args.keep else 'a temporary folder'}"
        )
        print(
            f"league computed in {elapsed * 1000:.0f} ms "
            f"({elapsed * 1000 / max(len(league.games), 1):.1f} ms per session)"
        )
        if leagues.skipped:
            print(f"skipped: {len(leagues.skipped)}", file=sys.stderr)
        for place, p in enumerate(league.players[:5], 1):
            print(
                f"  {place}. {p.name:<6} rating {p.rating:6.2f}  games {p.games:3d}  "
                f"avg rank {p.average_rank:.2f}  points {p.points:+.1f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
