"""The processes of the simulated tournament (tests/core/test_tournament_simulation.py and
benchmarks/tournament.py): one per table, and a reader of the standings.

``python tests/tournament_processes.py tables FOLDER COUNT HANDS`` imports
mjtui once and forks COUNT processes, table 1 to COUNT; for each round number
read from standard input every table, at once, opens that round's game as
`mjtui tournament play` does (core/tournament/games.py ``table_session``, a
Scorebook holding the file's lock) and records its hands one at a time
through the score sheet's own save, HANDS of them (0: until the game ends);
once all are done it prints ``done R``. ``... read FOLDER STOPFILE`` computes the
standings over and over until STOPFILE appears, checking that every game it
counts is exactly the fold of the first hands written (never part of one),
and prints what it saw as JSON. Every hand of a table is known in advance
(:func:`hand_for`).
"""

from __future__ import annotations

import json
import sys
import time
from datetime import datetime
from pathlib import Path
from typing import Any

START = datetime(2026, 12, 5, 10, 0).astimezone()


def hand_record(number: int, table: int, n: int) -> dict[str, Any]:
    """The ``n``-th hand (0-based) of a table's game, as a session file holds it."""
    seed = number * 7919 + table * 104729 + n * 1299709
    w = seed % 4
    d = (w + 1 + (seed // 4) % 3) % 4
    han = 1 + (seed // 16) % 4
    kind = (seed // 64) % 7
    riichi = [w + 1] if (seed // 512) % 3 == 0 else []
    if kind in (0, 1, 2):
        record: dict[str, Any] = {"ron": w + 1, "from": d + 1, "han": han, "fu": 30}
    elif kind == 3:
        record = {"tsumo": w + 1, "han": han, "fu": 30}
    elif kind == 4:
        record = {"ron": w + 1, "from": d + 1, "han": 5 + han}
    elif kind == 5:
        record = {"draw": "exhaustive", "tenpai": sorted({w + 1, d + 1})}
    else:
        record = {"draw": "exhaustive", "tenpai": [w + 1]}
    if riichi:
        record["riichi"] = riichi
    if n % 11 == 7:
        record = {"chombo": d + 1}
    return record


def hand_for(ruleset: Any, number: int, table: int, n: int) -> Any:
    return ruleset.system.hand_from_record(ruleset.rules, hand_record(number, table, n))


def hands_of(session: Any, number: int, table: int, limit: int) -> list[Any]:
    """The hands the table records, up to ``limit`` (0: until its game ends), each one
    the table allows (a hand the fold refuses is passed over, as a table would)."""
    from mjtui.core.errors import HandError

    system, rules = session.ruleset.system, session.ruleset.rules
    state = system.start(rules)
    out = []
    n = 0
    while (not limit or len(out) < limit) and not state.finished and n < 200:
        hand = hand_for(session.ruleset, number, table, n)
        n += 1
        try:
            system.check_in_play(rules, state, hand)
        except HandError:
            continue
        out.append(hand)
        state = system.apply(rules, state, hand)
    return out


def play_table(folder: Path, number: int, table: int, hands: int) -> None:
    """Table ``table``'s game of round ``number``, a hand saved at a time."""
    from mjtui.core.sessions.lock import SessionLock
    from mjtui.core.sessions.scorebook import Scorebook
    from mjtui.core.tournament.games import table_session
    from mjtui.core.tournament.model import FILE_NAME, game_file
    from mjtui.core.tournament.tournament_file import load_tournament

    t = load_tournament(folder / FILE_NAME)
    path = folder / game_file(number, table)
    lock = SessionLock.take(path)
    session = table_session(t, number, table, START)
    book = Scorebook(session, path, lock)
    book.save()
    for hand in hands_of(session, number, table, hands):
        book.add(hand)
        if book.save_error:
            raise SystemExit(book.save_error)
    book.close()


def play_tables(folder: Path, count: int, hands: int) -> None:
    """One process a table, forked from this one (which has imported what they need)
    so that twenty start in the time of one; each round they play at the same time."""
    import os

    import mjtui.core.sessions.scorebook
    import mjtui.core.tournament.games
    import mjtui.core.tournament.tournament_file  # noqa: F401
    from mjtui.core.systems import SYSTEMS

    SYSTEMS["riichi"]  # the system itself, loaded once
    tables = []  # (rounds to the table, its reports back)
    for table in range(1, count + 1):
        down_read, down_write = os.pipe()
        up_read, up_write = os.pipe()
        if os.fork() == 0:  # the table's own process
            for fd in (
                down_write,
                up_read,
                *(f for pair in tables for f in (pair[0].fileno(), pair[1].fileno())),
            ):
                os.close(fd)
            status = 0
            with os.fdopen(down_read) as rounds, os.fdopen(up_write, "w") as reports:
                try:
                    for line in rounds:
                        play_table(folder, int(line), table, hands)
                        reports.write(f"{int(line)}\n")
                        reports.flush()
                except BaseException as e:
                    reports.write(f"table {table}: {type(e).__name__}: {e}\n")
                    status = 1
            os._exit(status)
        os.close(down_read)
        os.close(up_write)
        tables.append((os.fdopen(down_write, "w"), os.fdopen(up_read)))
    for line in sys.stdin:
        if line.strip() == "quit":
            break
        number = int(line)
        for rounds, _ in tables:
            rounds.write(f"{number}\n")
            rounds.flush()
        for _, reports in tables:
            said = reports.readline().strip()
            if said != str(number):
                print(said or "a table ended", flush=True)
                raise SystemExit(1)
        print(f"done {number}", flush=True)
    for rounds, _ in tables:
        rounds.close()
    failed = sum(os.waitstatus_to_exitcode(os.wait()[1]) != 0 for _ in tables)
    raise SystemExit(1 if failed else 0)


def read(folder: Path, stop: Path) -> None:
    from mjtui.core.model.session import Session
    from mjtui.core.tournament.games import GameReader
    from mjtui.core.tournament.model import FILE_NAME
    from mjtui.core.tournament.standings import compute
    from mjtui.core.tournament.tournament_file import load_tournament

    reader = GameReader(folder)
    reads = counted = most = 0
    slowest = 0.0
    expected: dict[tuple[int, int, int], list[float]] = {}
    while True:
        last = stop.exists()  # one more whole read after the tables are done
        if not (folder / FILE_NAME).exists():
            time.sleep(0.01)
            continue
        began = time.perf_counter()
        t = load_tournament(folder / FILE_NAME)
        games, notes = reader.read(t)
        standings = compute(t, games, START, notes=notes)
        slowest = max(slowest, time.perf_counter() - began)
        for game in games:
            if not game.results:
                continue
            key = (game.number, game.table, game.hands)
            if key not in expected:
                from mjtui.core.reports.export import final_standings

                seated = t.need_round(game.number).tables[game.table - 1]
                session = Session(t.ruleset, seated, START)
                for hand in hands_of(session, game.number, game.table, game.hands):
                    session.add(hand)
                if len(session.hands) != game.hands:
                    raise SystemExit(
                        f"{game.path}: {game.hands} hands counted, not the first hands written"
                    )
                by_seat = sorted(final_standings(session), key=lambda e: e["seat"])
                expected[key] = [float(e.get("score", e["net"])) for e in by_seat]
            if [r.score for r in game.results] != expected[key]:
                raise SystemExit(
                    f"{game.path}: counted {[r.score for r in game.results]}, "
                    f"the first {game.hands} hands give {expected[key]}"
                )
            counted += 1
            most = max(most, game.hands)
        assert len(standings.ranked) == len(t.players)
        reads += 1
        if last:
            break
        time.sleep(0.2)  # leave the tables most of the machine
    print(
        json.dumps(
            {
                "reads": reads,
                "counted": counted,
                "most_hands": most,
                "slowest": slowest,
                "files_read": reader.reads,
                "cpu": time.process_time(),
                "notes": standings.notes,
            }
        )
    )


if __name__ == "__main__":
    if sys.argv[1] == "tables":
        play_tables(Path(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]))
    else:
        read(Path(sys.argv[2]), Path(sys.argv[3]))
