"""The processes of the shared-folder test (tests/files/test_ledger.py): writers and a reader.

Run as ``python tests/ledger_processes.py write FOLDER TABLE SESSIONS HANDS`` or
``... read FOLDER STOPFILE``. Each writer plays its sessions through a
Scorebook, a hand appended at a time, as the app does. Every hand of table T's
session S is known in advance (:func:`hand_for`), so the reader can tell a
whole hand from a part of one: it checks every session it counts against
those hands and prints what it saw as JSON; any error is a traceback and a
non-zero exit.
"""

from __future__ import annotations

import json
import sys
from datetime import datetime, timedelta
from pathlib import Path

NAMES = ("Ann", "Bob", "Cy", "Di")
START = datetime(2026, 11, 30, 19, 0)


def hand_for(table: str, session: int, number: int):
    from mjtui.systems.east_doubling.system import Hand

    seed = sum(map(ord, table)) * 7 + session * 13 + number
    winner = seed % 4
    return Hand(
        winner, tuple((seed * (seat + 3)) % 97 if seat == winner else seat * 2 for seat in range(4))
    )


def write(folder: Path, table: str, sessions: int, hands: int) -> None:
    from mjtui.core.model.session import Session
    from mjtui.core.rulesets.ruleset import RulesetLibrary
    from mjtui.core.sessions.scorebook import Scorebook
    from mjtui.core.sessions.session_file import new_session_path
    from mjtui.paths import ruleset_folders

    ruleset = RulesetLibrary(ruleset_folders()).get("hp11c")
    for s in range(sessions):
        session = Session(ruleset, NAMES, START + timedelta(minutes=s), table=table)
        book = Scorebook(session, new_session_path(folder, session))
        book.save()
        for n in range(hands):
            book.add(hand_for(table, s, n))
            if book.save_error:
                raise SystemExit(book.save_error)
        book.close()


def read(folder: Path, stop: Path) -> None:
    from mjtui.core.reports.league import collect as league
    from mjtui.core.reports.stats import collect as stats
    from mjtui.core.sessions.ledger import read_folder
    from mjtui.core.sessions.library import ruleset_finder, scan
    from mjtui.paths import ruleset_folders

    find = ruleset_finder(ruleset_folders())
    reads, most, skipped, last = 0, 0, 0, False
    while True:
        last = stop.exists()  # one more whole read after the writers are done
        result = read_folder(folder, find)
        for path, session in result.sessions:
            minute = (session.started - START).seconds // 60
            expected = [hand_for(session.table, minute, n) for n in range(len(session.hands))]
            if session.hands != expected:
                raise SystemExit(f"{path}: a hand counted that was not written whole")
            most = max(most, len(session.hands))
        skipped += len(result.skipped)
        scan(folder, find)  # the library's list
        stats(folder, find)
        league(folder, find)
        reads += 1
        if last:
            break
    print(
        json.dumps(
            {
                "reads": reads,
                "most_hands": most,
                "skipped": skipped,
                "sessions": len(result.sessions),
                "hands": sorted(len(s.hands) for _, s in result.sessions),
                "final_skipped": result.skipped,
            }
        )
    )


if __name__ == "__main__":
    if sys.argv[1] == "write":
        write(Path(sys.argv[2]), sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))
    else:
        read(Path(sys.argv[2]), Path(sys.argv[3]))
