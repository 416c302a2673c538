"""What the tournament tests share: a tournament made in the core, and table games
written as the tables write them."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from mjtui import paths
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.session_file import save_session
from mjtui.core.tournament.games import table_session
from mjtui.core.tournament.model import FILE_NAME, Player, Round, Tournament, game_file
from mjtui.core.tournament.tournament_file import save_tournament

START = datetime(2026, 12, 5, 10, 0).astimezone()


def make(
    count: int = 8, ruleset: str = "riichi-ema", rounds: int = 4, **changes: Any
) -> Tournament:
    players = tuple(
        Player(f"P{i}", team=f"T{i % 2}", country="NL", ema=f"{i:08d}") for i in range(count)
    )
    return Tournament(
        name="Club Night",
        ruleset=RulesetLibrary(paths.ruleset_folders()).get(ruleset),
        rounds=rounds,
        players=players,
        created=START,
        **changes,
    )


def seated(t: Tournament, number: int, tables: list[list[str]], **changes: Any) -> Tournament:
    return t.with_round(Round(number, "csv", tuple(map(tuple, tables)), **changes))


def save(t: Tournament, folder: Path) -> Path:
    save_tournament(t, folder / FILE_NAME)
    return folder / FILE_NAME


def play(
    t: Tournament, folder: Path, number: int, table: int, records: list[dict], seats: Any = None
) -> Path:
    """Table ``table`` of round ``number`` with these hands (records as a file holds
    them); ``seats`` a core/model/seats.py Seating to put in the session first."""
    session = table_session(t, number, table, START)
    if seats is not None:
        session.players, session.seat_changes = seats(session)
    system, rules = session.ruleset.system, session.ruleset.rules
    for record in records:
        session.add(system.hand_from_record(rules, record))
    path = folder / game_file(number, table)
    save_session(session, path)
    return path


# East (seat 1) wins a mangan off South, then West a 3 han 30 fu ron off North.
TWO_HANDS = [{"ron": 1, "from": 2, "han": 5}, {"ron": 3, "from": 4, "han": 3, "fu": 30}]
