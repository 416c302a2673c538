"""A tournament at full size: the seating of 300 players, the standings of 80 players over
8 rounds after each hand, and the simulated tournament with every table in its own process.

Three parts, each printed with its figures (targets from issue #30):

1. ``seating``: 300 players (75 tables) seated for 8 rounds (random; random, then
   swiss by a shuffled standings; the same with interval), teams of 10 kept apart;
   the time of each round, the repeats beside the lower bound and the winds
   (target: under 5 s a round); and 16 players over 8 rounds, where repeats cannot
   be avoided, beside the lower bound.
2. ``standings``: 80 players at 20 tables, 8 rounds of full games (each played to
   its end, about ten hands) written hand by hand through the score sheet's save
   in one process; after every hand the standings are computed again as
   `mjtui tournament standings` computes them (the tournament file read, the
   changed game file read, everything summed), timed; and once from nothing, every
   file read (target: under 1 s after each hand).
3. ``simulation``: the same tournament, each of the 20 tables in its own process
   (tests/tournament_processes.py) writing its game into one folder at the same
   time round after round, swiss seating between rounds, a reader process
   computing the standings all along; then the standings checked against a fold
   of every file. The wall time, the reader's slowest read and the hands written.

    python benchmarks/tournament.py [seating|standings|simulation ...] [--keep DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

from tournament_processes import START, hands_of  # noqa: E402

from mjtui import paths  # noqa: E402
from mjtui.core.reports.export import final_standings  # noqa: E402
from mjtui.core.rulesets.ruleset import RulesetLibrary  # noqa: E402
from mjtui.core.sessions.library import ruleset_finder  # noqa: E402
from mjtui.core.sessions.scorebook import Scorebook  # noqa: E402
from mjtui.core.sessions.session_file import load_session  # noqa: E402
from mjtui.core.tournament.games import GameReader, table_session  # noqa: E402
from mjtui.core.tournament.model import (  # noqa: E402
    FILE_NAME,
    Player,
    Round,
    Tournament,
    game_file,
)
from mjtui.core.tournament.seating import seat_round  # noqa: E402
from mjtui.core.tournament.standings import compute  # noqa: E402
from mjtui.core.tournament.tournament_file import load_tournament, save_tournament  # noqa: E402


def tournament(players: int, rounds: int = 8) -> Tournament:
    ruleset = RulesetLibrary(paths.ruleset_folders()).get("riichi-ema2025")
    return Tournament(
        name="Benchmark Open",
        ruleset=ruleset,
        rounds=rounds,
        players=tuple(
            Player(f"Player {i:03d}", team=f"Club {i % (players // 10)}") for i in range(players)
        ),
        created=START,
        keep_apart=("team",),
        seed=2026,
    )


def seating() -> None:
    t = tournament(300)
    rng = random.Random(5)
    print("seating 300 players (75 tables), teams of 10 kept apart:")
    worst = 0.0
    for method in ("random", "swiss", "interval"):
        history: list[Round] = []
        for number in range(1, 9):
            order = [p.name for p in t.players]
            rng.shuffle(order)  # a standings as made up as any
            how = "random" if number == 1 else method
            began = time.perf_counter()
            s = seat_round(t.players, history, number, how, 4, t.seed + number, t.keep_apart, order)
            took = time.perf_counter() - began
            worst = max(worst, took)
            history.append(Round(number, how, s.tables))
            c = s.cost
            print(
                f"  round {number} {how:8} {took:5.2f} s  repeats {c.repeats} (bound "
                f"{c.lower_bound}), together though apart {c.apart}, winds spread "
                f"{c.winds} (best {c.winds_best}, {c.winds_off} players above)"
            )
    print(f"  slowest round: {worst:.2f} s (target < 5 s)")
    small = tournament(16)
    history = []
    line = []
    for number in range(1, 9):
        s = seat_round(small.players, history, number, "random", 4, number)
        history.append(Round(number, "random", s.tables))
        line.append(f"{s.cost.repeats}/{s.cost.lower_bound}")
    print("  16 players, rounds 1-8, repeats/lower bound: " + "  ".join(line))


def standings(keep: Path | None) -> None:
    t = tournament(80)
    folder = keep or Path(tempfile.mkdtemp(prefix="mjtui-tournament-"))
    folder.mkdir(parents=True, exist_ok=True)
    reader = GameReader(folder)
    times: list[float] = []
    hands = 0
    for number in range(1, 9):
        s = seat_round(t.players, t.seatings, number, "random", 4, t.seed + number, t.keep_apart)
        t = t.with_round(Round(number, "random", s.tables, t.seed + number))
        save_tournament(t, folder / FILE_NAME)
        books = []
        for table in range(1, 21):
            session = table_session(t, number, table, START)
            book = Scorebook(session, folder / game_file(number, table))
            book.save()
            books.append((book, hands_of(session, number, table, 0)))
        # The tables' hands interleaved, as twenty tables play at once.
        while any(todo for _, todo in books):
            for book, todo in books:
                if not todo:
                    continue
                book.add(todo.pop(0))
                hands += 1
                began = time.perf_counter()
                current = load_tournament(folder / FILE_NAME)
                games, notes = reader.read(current)
                compute(current, games, START, notes=notes)
                times.append(time.perf_counter() - began)
    began = time.perf_counter()
    games, notes = GameReader(folder).read(load_tournament(folder / FILE_NAME))
    result = compute(t, games, START, notes=notes)
    cold = time.perf_counter() - began
    times.sort()
    print(f"standings of 80 players, 8 rounds, {hands} hands in {len(games)} games:")
    print(
        f"  after each hand: median {statistics.median(times) * 1000:.1f} ms, 99th "
        f"{times[int(len(times) * 0.99)] * 1000:.1f} ms, slowest {times[-1] * 1000:.1f} ms "
        f"(target < 1 s)"
    )
    print(
        f"  from nothing, every file read: {cold * 1000:.0f} ms; leader "
        f"{result.ranked[0].player.name} {result.ranked[0].total:+.1f}"
    )
    # `mjtui tournament standings` as a director types it: a new process each time,
    # keeping what it read in the cache folder.
    command = [
        sys.executable,
        "-m",
        "mjtui",
        "tournament",
        "standings",
        t.name,
        "--folder",
        str(folder),
        "--json",
    ]
    # As installed: the byte code written by a first run, then used.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}

    def typed() -> float:
        began = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True, env=env)
        return time.perf_counter() - began

    typed()
    for kept_file in (Path(os.environ["MJTUI_DATA_DIR"]) / "cache" / "tournaments").glob("*"):
        kept_file.unlink()
    empty = typed()  # every file read (the cache is empty)
    kept = min(typed() for _ in range(3))
    one = []
    for table in (3, 9, 17):  # one table's file saved again, as after a hand
        path = folder / game_file(8, table)
        session = load_session(path, ruleset_finder(paths.ruleset_folders())).session
        from mjtui.core.sessions.session_file import save_session

        save_session(session, path)
        one.append(typed())
    print(
        f"  `mjtui tournament standings --json`, a new process: {empty * 1000:.0f} ms "
        f"with the cache empty, {min(one) * 1000:.0f}-{max(one) * 1000:.0f} ms after "
        f"one table's file changed, {kept * 1000:.0f} ms when none did"
    )
    if keep is None:
        print(f"  (the folder: {folder})")


def simulation(keep: Path | None) -> None:
    t = tournament(80)
    folder = keep or Path(tempfile.mkdtemp(prefix="mjtui-simulation-"))
    folder.mkdir(parents=True, exist_ok=True)
    save_tournament(t, folder / FILE_NAME)
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(HERE.parent), str(HERE.parent / "tests")]),
    }
    script = str(HERE.parent / "tests" / "tournament_processes.py")
    stop = folder / ".stop"
    began = time.perf_counter()
    tables = subprocess.Popen(
        [sys.executable, script, "tables", str(folder), "20", "0"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    reader = subprocess.Popen(
        [sys.executable, script, "read", str(folder), str(stop)],
        stdout=subprocess.PIPE,
        text=True,
        env=env,
    )
    director = GameReader(folder)
    assert tables.stdin is not None and tables.stdout is not None
    for number in range(1, 9):
        order = None
        if number > 1:
            games, _ = director.read(t)
            order = [line.player.name for line in compute(t, games, START).lines]
        s = seat_round(
            t.players,
            t.seatings,
            number,
            "swiss" if number > 1 else "random",
            4,
            t.seed + number,
            t.keep_apart,
            order,
        )
        t = t.with_round(Round(number, "swiss", s.tables, t.seed + number))
        save_tournament(t, folder / FILE_NAME)
        tables.stdin.write(f"{number}\n")
        tables.stdin.flush()
        said = tables.stdout.readline().strip()
        if said != f"done {number}":
            raise SystemExit(f"round {number}: {said}")
    tables.stdin.write("quit\n")
    tables.stdin.flush()
    tables.wait()
    stop.touch()
    seen = json.loads(reader.communicate()[0])
    wall = time.perf_counter() - began
    games, notes = GameReader(folder).read(t)
    result = compute(t, games, START, notes=notes)
    find = ruleset_finder(paths.ruleset_folders())
    folded = {p.name: 0.0 for p in t.players}
    hands = 0
    for seated in t.seatings:
        for n, names in enumerate(seated.tables, 1):
            session = load_session(folder / game_file(seated.number, n), find).session
            hands += len(session.hands)
            for entry in final_standings(session):
                folded[names[entry["seat"] - 1]] += entry["score"]
    agree = all(abs(line.total - folded[line.player.name]) < 1e-6 for line in result.lines)
    finished = sum(g.status == "finished" for g in games)
    print(
        f"simulation: 80 players, 20 table processes, 8 rounds, {hands} hands, "
        f"{finished} of {len(games)} games played to their end, in {wall:.1f} s"
    )
    print(
        f"  the reader: {seen['reads']} standings computed while the tables wrote, the "
        f"slowest {seen['slowest'] * 1000:.0f} ms, {seen['counted']} games counted, each "
        f"the fold of its first hands; notes {seen['notes']}"
    )
    print(
        f"  the standings against a fold of every file: "
        f"{'the same' if agree else 'DIFFERENT'}; leader {result.ranked[0].player.name} "
        f"{result.ranked[0].total:+.1f}"
    )
    if not agree:
        raise SystemExit(1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "parts",
        nargs="*",
        metavar="PART",
        help="seating, standings or simulation (default: all three)",
    )
    parser.add_argument(
        "--keep",
        type=Path,
        metavar="DIR",
        help="write the standings' and the simulation's folders under DIR",
    )
    args = parser.parse_args()
    os.environ.setdefault("MJTUI_DATA_DIR", tempfile.mkdtemp(prefix="mjtui-data-"))
    parts = args.parts or ["seating", "standings", "simulation"]
    wrong = [p for p in parts if p not in ("seating", "standings", "simulation")]
    if wrong:
        parser.error(f"no part {wrong[0]!r}: seating, standings or simulation")
    for part in parts:
        if part == "seating":
            seating()
        elif part == "standings":
            standings(args.keep / "standings" if args.keep else None)
        else:
            simulation(args.keep / "simulation" if args.keep else None)


if __name__ == "__main__":
    main()
