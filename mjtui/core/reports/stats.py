"""Statistics across sessions, per player and per ruleset: who leads the club.

Definitions (also in docs/export.md, under `mjtui stats`):

- A **series** is one session file with at least one hand; an empty file is
  not counted. **Series won**: the player finished with the highest total
  (a shared first place counts for each player in it).
- **Hands played** counts every hand the player sat in, draws included;
  **hands won** the hands the player won; **win rate** = won / played. A
  session's seat changes and substitutes (core/model/seats.py) decide who sat in
  each seat at each hand, so each person is credited with the hands they
  played, and counted in a series when they played a hand of it.
- **Net** is the sum of the player's changes of total over all hands (how
  far the player came out ahead of the start points, summed over series);
  **average** = net / hands played.
- **Best hand**: the largest single-hand gain (None if the player never
  gained). **Biggest swing**: the largest absolute single-hand change, gain
  or loss, kept with its sign. Both name the session and the hand number; on
  equal amounts the earlier hand is kept.

Players are matched by name as everywhere in mjtui (core/model/players.py: case,
extra spaces, NFC or NFD and full-width letters do not count, "ann " is
"Ann"); the most recent spelling is shown. Names drawn alike that are
different players ("Ann" and "Аnn" with a Cyrillic А) are counted apart and
named in ``warnings``. A file with any problem is
skipped with a note rather than counted from part of its hands, and so is a
file still arriving from another machine (core/sessions/ledger.py). A game
against the computer (``mjtui play``: the session's ``computer`` seats) is
not counted.

Each scoring system's sessions are counted apart (:func:`by_system`): a net of
riichi points and one of HP-11C points are in different units, so the screen
and ``mjtui stats`` never add them up.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Any

from mjtui.core.model.players import clean_name, look_alike_notes, player_key
from mjtui.core.model.session import Session
from mjtui.core.model.standings import standings
from mjtui.core.numbers import mean
from mjtui.core.reports.export import hand_rows
from mjtui.core.sessions.ledger import read_folder
from mjtui.core.sessions.library import FindRuleset, timestamp


@dataclass(frozen=True)
class HandRef:
    """One hand of one session, with the change it made to a player's total."""

    change: int
    path: Path | None
    started: datetime
    hand: int  # 1-based


@dataclass
class PlayerStats:
    name: str
    series: int = 0
    series_won: int = 0
    hands_played: int = 0
    hands_won: int = 0
    net: int = 0
    best_hand: HandRef | None = None
    biggest_swing: HandRef | None = None

    @property
    def win_rate(self) -> float:
        return self.hands_won / self.hands_played if self.hands_played else 0.0

    @property
    def average(self) -> float:
        """Net change per hand played."""
        return mean(self.net, self.hands_played)


@dataclass
class RulesetStats:
    id: str
    name: str
    series: int = 0
    players: list[PlayerStats] = field(default_factory=list)


@dataclass
class Statistics:
    players: list[PlayerStats]  # over every session counted, best net first
    rulesets: list[RulesetStats]  # the same, per ruleset id, by id
    series: int  # sessions counted
    skipped: list[str]  # why a file was not counted
    # Names drawn alike but counted as different players (core/model/players.py), to check.
    warnings: list[str] = field(default_factory=list)


@dataclass
class BySystem:
    """A folder's statistics, each scoring system's sessions apart (:func:`by_system`)."""

    systems: dict[str, Statistics]  # the latest played system first
    skipped: list[str]
    warnings: list[str] = field(default_factory=list)  # every system's, once each

    @property
    def series(self) -> int:
        return sum(stats.series for stats in self.systems.values())


class _Tally:
    def __init__(self) -> None:
        self.players: dict[str, PlayerStats] = {}
        self.series = 0

    def add(self, session: Session, path: Path | None) -> None:
        states = session.states()
        rows = hand_rows(session, states)
        self.series += 1
        # Each hand is credited to whoever sat in the seat then (seat changes and
        # substitutes: core/model/seats.py); the series to each who played a hand of it, and
        # won to those in first place's seat at its end.
        last = session.names_at(len(session.hands) - 1)
        winners = {player_key(last[s.seat]) for s in standings(session, states) if s.rank == 1}
        played: dict[str, PlayerStats] = {}
        for row in rows:
            for seat, name in enumerate(session.names_at(row.number - 1)):
                stats = self._player(name)
                played[player_key(name)] = stats
                change = row.change[seat]
                stats.hands_played += 1
                stats.hands_won += seat in row.winners
                stats.net += change
                if change > 0 and (stats.best_hand is None or change > stats.best_hand.change):
                    stats.best_hand = HandRef(change, path, session.started, row.number)
                if change and (
                    stats.biggest_swing is None or abs(change) > abs(stats.biggest_swing.change)
                ):
                    stats.biggest_swing = HandRef(change, path, session.started, row.number)
        for key, stats in played.items():
            stats.series += 1
            stats.series_won += key in winners

    def _player(self, name: str) -> PlayerStats:
        name = clean_name(name)
        stats = self.players.setdefault(player_key(name), PlayerStats(name))
        stats.name = name  # sessions come oldest first
        return stats

    def table(self) -> list[PlayerStats]:
        return sorted(self.players.values(), key=lambda p: (-p.net, player_key(p.name)))


def compute(
    sessions: Iterable[tuple[Path | None, Session]], skipped: list[str] | None = None
) -> Statistics:
    """Statistics of the given sessions (each with its file, or None)."""
    ordered = sorted(
        ((path, s) for path, s in sessions if s.hands),
        key=lambda item: (timestamp(item[1].started), str(item[0] or "")),
    )
    overall = _Tally()
    per_ruleset: dict[str, _Tally] = {}
    names: dict[str, str] = {}
    for path, session in ordered:
        overall.add(session, path)
        per_ruleset.setdefault(session.ruleset.id, _Tally()).add(session, path)
        names[session.ruleset.id] = session.ruleset.rules.name_said()
    return Statistics(
        players=overall.table(),
        rulesets=[
            RulesetStats(rid, names[rid], tally.series, tally.table())
            for rid, tally in sorted(per_ruleset.items())
        ],
        series=overall.series,
        skipped=list(skipped or []),
        warnings=look_alike_notes(p.name for p in overall.table()),
    )


def collect(
    folder: Path,
    find_ruleset: FindRuleset,
    ruleset_id: str | None = None,
    since: date | None = None,
    until: date | None = None,
) -> BySystem:
    """Statistics of every session in the folder, rulesets found with ``find_ruleset``,
    each system's apart as the statistics screen shows them.

    ``ruleset_id`` keeps only the sessions of that ruleset; ``since`` and
    ``until`` (inclusive) only those begun on those days, e.g. this month.
    """

    def keep(session: Session) -> bool:
        if session.computer:
            return False  # a game against the computer (mjtui play) is no club result
        day = session.started.date()
        if ruleset_id and session.ruleset.id != ruleset_id:
            return False
        return not ((since and day < since) or (until and day > until))

    read = read_folder(folder, find_ruleset, keep)
    systems = by_system(read.sessions, read.skipped)
    warnings = [w for stats in systems.values() for w in stats.warnings]
    return BySystem(systems, read.skipped, list(dict.fromkeys(warnings)))


def by_system(
    sessions: Iterable[tuple[Path | None, Session]], skipped: list[str] | None = None
) -> dict[str, Statistics]:
    """The statistics of each system's sessions apart, latest played system first:
    points of different systems are never added together. Games against the
    computer are left out."""
    kept = [(p, s) for p, s in sessions if s.hands and not s.computer]
    kept.sort(key=lambda item: timestamp(item[1].started), reverse=True)
    systems = list(dict.fromkeys(s.ruleset.rules.system for _, s in kept))
    return {
        name: compute([(p, s) for p, s in kept if s.ruleset.rules.system == name], skipped)
        for name in systems
    }


def to_plain(stats: BySystem) -> dict[str, Any]:
    """The statistics as JSON-ready data (``mjtui stats --json``), a system each."""
    return {
        "series": stats.series,
        "systems": [system_plain(name, each) for name, each in stats.systems.items()],
        "skipped": stats.skipped,
        "warnings": stats.warnings,
    }


def system_plain(system: str, stats: Statistics) -> dict[str, Any]:
    """One system's statistics as JSON-ready data: over its sessions, then per ruleset."""
    return {
        "system": system,
        "series": stats.series,
        "players": [_player(p) for p in stats.players],
        "rulesets": [
            {
                "id": r.id,
                "name": r.name,
                "series": r.series,
                "players": [_player(p) for p in r.players],
            }
            for r in stats.rulesets
        ],
    }


def _player(p: PlayerStats) -> dict[str, Any]:
    return {
        "name": p.name,
        "series": p.series,
        "series_won": p.series_won,
        "hands_played": p.hands_played,
        "hands_won": p.hands_won,
        "win_rate": round(p.win_rate, 4),
        "net": p.net,
        "average": round(p.average, 2),
        "best_hand": _ref(p.best_hand),
        "biggest_swing": _ref(p.biggest_swing),
    }


def _ref(ref: HandRef | None) -> dict[str, Any] | None:
    if ref is None:
        return None
    return {
        "change": ref.change,
        "file": str(ref.path) if ref.path else None,
        "started": ref.started.isoformat(),
        "hand": ref.hand,
    }
