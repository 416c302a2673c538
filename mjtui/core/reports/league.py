"""The league: games, average rank, points and a skill rating per player, across sessions.

Each session with at least one hand is one **game**. Its result is the
final standings as its ruleset scores them (core/reports/export.py
``final_standings``): each player's **rank** (ties as the ruleset says) and
**points**: the final score where the system has one (riichi: points back
from the target, uma, oka and penalties, in thousands), else the net (the
total at the end minus the start points).

The **rating** is a Plackett-Luce rating from the openskill library
(``openskill.models.PlackettLuce``, its defaults: mu 25, sigma 25/3). Every
player starts at mu 25, sigma 25/3; the games are taken in the order they
began (then by file name), and after each one the players of that game are
updated from their ranks in it (a tie is rated as the average over the
orders the tied players could have finished in: :func:`rate`). The rating shown is openskill's
**ordinal**, mu - 3 sigma: a skill the player is very likely above. It starts
at 0 and rises as games show the player's skill and sigma shrinks, so a
player with few games is not ranked above a proven one by luck.
docs/league.md explains it for players.

Players are matched by name as everywhere in mjtui (core/model/players.py: case,
extra spaces, NFC or NFD and full-width letters do not count); the most
recent spelling is shown. Names drawn alike that are different players
("Ann" and "Аnn" with a Cyrillic А) are counted apart and named in
``warnings``. This module imports openskill only when a
league is computed.

A league is of one scoring system at tables of one size (:func:`apart`):
points of two systems are in different units, and a second place of three
is not one of four, so the screen and ``mjtui league`` never add them up.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date, datetime
from itertools import permutations
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mjtui.core.language import ngettext
from mjtui.core.model.players import clean_name, look_alike_notes, player_key
from mjtui.core.model.session import Session
from mjtui.core.reports.export import final_standings, session_table
from mjtui.core.rulesets.ruleset import Ruleset
from mjtui.core.sessions.ledger import read_folder
from mjtui.core.sessions.library import timestamp

if TYPE_CHECKING:
    from openskill.models import PlackettLuce

PRECISION = 3  # decimals kept of ratings and points in plain data


@dataclass(frozen=True)
class Game:
    """One session's result: per seat, the rank and the points the league counts."""

    path: Path | None
    started: datetime
    table: str
    ruleset_id: str
    system: str
    players: tuple[str, ...]
    ranks: tuple[int, ...]
    points: tuple[float, ...]

    @property
    def kind(self) -> tuple[str, int]:
        """Which games it can share a league with: its system and its table's size."""
        return (self.system, len(self.players))


@dataclass(frozen=True)
class RatingPoint:
    """A player's rating after one game."""

    started: datetime
    rating: float
    mu: float
    sigma: float


@dataclass
class Player:
    name: str
    games: int = 0
    rank_sum: int = 0
    firsts: int = 0
    points: float = 0.0
    mu: float = 25.0
    sigma: float = 25.0 / 3
    history: list[RatingPoint] = field(default_factory=list)

    @property
    def rating(self) -> float:
        return self.mu - 3 * self.sigma

    @property
    def average_rank(self) -> float:
        return self.rank_sum / self.games if self.games else 0.0


@dataclass
class League:
    players: list[Player]  # best rating first
    games: list[Game]  # in the order they were rated
    skipped: list[str]
    # Names drawn alike but counted as different players (core/model/players.py), to check.
    warnings: list[str] = field(default_factory=list)
    # What its games have in common when :func:`apart` made it (else "" and 0).
    system: str = ""
    seats: int = 0  # the players at each table


@dataclass
class Leagues:
    """Every league of a folder, one per system and table size (:func:`apart`)."""

    leagues: list[League]  # the latest played first
    skipped: list[str]
    warnings: list[str] = field(default_factory=list)  # every league's, once each


def game_of(session: Session, path: Path | None = None) -> Game | None:
    """The session's result, or None before its first hand."""
    if not session.hands:
        return None
    table = final_standings(session)
    by_seat = sorted(table, key=lambda r: r["seat"])
    return Game(
        path=path,
        started=session.started,
        table=session_table(session),
        ruleset_id=session.ruleset.id,
        system=session.ruleset.rules.system,
        # With seat changes, each seat's result is credited to who sat there at the end.
        players=tuple(clean_name(p) for p in session.current_players),
        ranks=tuple(r["rank"] for r in by_seat),
        points=tuple(float(r.get("score", r["net"])) for r in by_seat),
    )


def compute(games: Iterable[Game], skipped: list[str] | None = None) -> League:
    """Rate the games in the order they began, one after the other."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ordered = sorted(games, key=lambda g: (timestamp(g.started), str(g.path or "")))
    players: dict[str, Player] = {}
    for game in ordered:
        seats = [players.setdefault(player_key(name), Player(name)) for name in game.players]
        after = rate(model, [(p.mu, p.sigma) for p in seats], game.ranks)
        for p, name, rank, points, new in zip(
            seats, game.players, game.ranks, game.points, after, strict=True
        ):
            p.name = clean_name(name)  # the games come oldest first: the latest spelling stays
            p.games += 1
            p.rank_sum += rank
            p.firsts += rank == 1
            p.points += points
            p.mu, p.sigma = new
            p.history.append(RatingPoint(game.started, p.rating, p.mu, p.sigma))
    table = sorted(players.values(), key=lambda p: (-p.rating, -p.games, player_key(p.name)))
    return League(table, ordered, list(skipped or []), look_alike_notes(p.name for p in table))


def apart(games: Iterable[Game], skipped: list[str] | None = None) -> list[League]:
    """One league per scoring system and table size, the latest played first.

    Points of two systems are in different units (riichi's thousands, HP-11C's
    points) and ranks at a table of three are not ranks at a table of four
    (riichi and riichi-sanma are one system), so a league never mixes them.
    """
    ordered = sorted(games, key=lambda g: (timestamp(g.started), str(g.path or "")), reverse=True)
    kinds = dict.fromkeys(g.kind for g in ordered)
    leagues = []
    for system, seats in kinds:
        league = compute([g for g in ordered if g.kind == (system, seats)], skipped)
        league.system, league.seats = system, seats
        leagues.append(league)
    return leagues


def kind_said(league: League) -> str:
    """The league's system and table size as a heading or a menu says them: "riichi, 4 players"."""
    return ngettext("{system}, {n} player", "{system}, {n} players", league.seats).format(
        system=league.system, n=league.seats
    )


def rate(
    model: PlackettLuce, ratings: list[tuple[float, float]], ranks: tuple[int, ...]
) -> list[tuple[float, float]]:
    """Each seat's (mu, sigma) after a game with these ranks (1 best; equal ranks tie).

    Plackett-Luce in openskill rates a tie for first below a clear third
    (ranks 1, 1, 3, 4), so ties are rated as the average over every order the
    tied players could have finished in: tied players get the same rating,
    between what each order would have given, and the others as if the tie
    had been broken either way.
    """
    orders: list[list[int]] = [[]] if ranks else []
    for rank in sorted(set(ranks)):
        group = [seat for seat, r in enumerate(ranks) if r == rank]
        orders = [order + list(perm) for order in orders for perm in permutations(group)]
    sums = [[0.0, 0.0] for _ in ratings]
    for order in orders:
        place = {seat: i + 1 for i, seat in enumerate(order)}
        teams = [[model.rating(mu=mu, sigma=sigma)] for mu, sigma in ratings]
        result = model.rate(teams, ranks=[place[seat] for seat in range(len(ratings))])
        for seat, (new,) in enumerate(result):
            sums[seat][0] += new.mu
            sums[seat][1] += new.sigma
    return [(mu / len(orders), sigma / len(orders)) for mu, sigma in sums]


def chooser(
    ruleset_id: str | None = None, system: str | None = None, since: date | None = None
) -> Callable[[Session], bool]:
    """Which sessions a league counts: of a ruleset, of a system, begun on or after a day;
    never a game against the computer."""

    def keep(session: Session) -> bool:
        if session.computer:
            return False
        if ruleset_id and session.ruleset.id != ruleset_id:
            return False
        if system and session.ruleset.rules.system != system:
            return False
        return not (since and session.started.date() < since)

    return keep


def collect(
    folder: Path,
    find_ruleset: Callable[[str], Ruleset],
    ruleset_id: str | None = None,
    system: str | None = None,
    since: date | None = None,
) -> Leagues:
    """The leagues of the settled sessions in the folder (core/sessions/ledger.py says
    which are): one per system and table size, as the league screen offers them."""
    read = read_folder(folder, find_ruleset, chooser(ruleset_id, system, since))
    games = [g for g in (game_of(s, p) for p, s in read.sessions) if g is not None]
    leagues = apart(games, read.skipped)
    warnings = list(dict.fromkeys(w for league in leagues for w in league.warnings))
    return Leagues(leagues, read.skipped, warnings)


def _round(x: float) -> float:
    return round(x, PRECISION) + 0.0  # no -0.0


def to_plain(leagues: Leagues) -> dict[str, Any]:
    """The leagues as JSON-ready data (``mjtui league --json``), each best first."""
    return {
        "leagues": [league_plain(league) for league in leagues.leagues],
        "skipped": leagues.skipped,
        "warnings": leagues.warnings,
    }


def league_plain(league: League) -> dict[str, Any]:
    """One league as JSON-ready data: its system and table size, then its players."""
    return {
        "system": league.system,
        "seats": league.seats,
        "rulesets": sorted({g.ruleset_id for g in league.games}),
        "games": len(league.games),
        "tables": sorted({g.table for g in league.games if g.table}),
        "players": [
            {
                "name": p.name,
                "rating": _round(p.rating),
                "games": p.games,
                "average_rank": _round(p.average_rank),
                "firsts": p.firsts,
                "points": _round(p.points),
                "mu": _round(p.mu),
                "sigma": _round(p.sigma),
                "history": [
                    {"started": h.started.isoformat(), "rating": _round(h.rating)}
                    for h in p.history
                ],
            }
            for p in league.players
        ],
    }
