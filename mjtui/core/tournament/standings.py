"""The standings: each player's games summed, penalties taken off, the tables still
playing.

A player's **total** is the sum of the final scores of his games as their
ruleset scores them (core/reports/export.py ``final_standings``: riichi counts points
back from the target, uma, oka and chombo penalties, in thousands; the other
systems their own ``score``, table points say, else the net points), less the
director's penalties (table points, in the same units: a riichi penalty of 2000 takes
2.0). A game still being played counts as it stands. How a system's players rank
is the system's to say (core/systems/base.py ``Ranking``): its unit, tiebreaks tried
before the tournament's own (the raw: the net points summed, where the total is
table points), and whether a penalty comes off the raw instead.

**Substitutes.** A seat a substitute played (the director's substitute for a
round, or a seat change at the table, core/model/seats.py) counts for the seated
player; where the ruleset fixes a substitute's result (riichi
``final.substitute``: EMA's -15.0 points and -15 uma) the player's game counts
that instead, in the total and in the raw alike (the fixed result's raw part, EMA's
-15000: the points the substitute won are not the player's). Seats added to fill
the tables (players marked ``substitute``) always count the fixed result, and are
not ranked.

**Places.** Higher totals first; equal totals are told apart by the
tournament's ``tiebreak`` orders in turn (model.py ``TIEBREAKS``), and players
still equal share the place. The EMA ranking's base rank of place ``p`` among
``N`` ranked players is 1000 x (N - p) / (N - 1).

**Tables.** A table is waiting (no file yet, or one with no hand: the game only
opened, games.py ``begun``), playing, or finished: its game ended by the rules,
or the round's time (with the table's extra time) is up and the file was saved
after that: a hand recorded after the time, which the table's clock makes the
last (core/table/clock.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from mjtui.core.model.players import player_key, same_player
from mjtui.core.tournament.games import Game, saved_at
from mjtui.core.tournament.model import Penalty, Player, Tournament
from mjtui.core.tournament.timer import RoundClock, round_clock

PRECISION = 3


@dataclass(frozen=True)
class GameLine:
    """One player's game as the standings count it."""

    number: int  # the round
    table: int
    seat: int  # 0-based; 0 is East
    score: float  # what counts
    rank: int
    raw: int  # the seat's net points (the fixed result's raw part, where it counts)
    finished: bool
    fixed: bool = False  # a substitute's fixed result counted in place of the seat's
    sat: tuple[str, ...] = ()  # who sat in the seat, when not (only) the player


@dataclass
class Line:
    player: Player
    place: int = 0  # 0: not ranked (a substitute seat)
    total: float = 0.0
    games: list[GameLine] = field(default_factory=list)
    penalties: list[Penalty] = field(default_factory=list)  # the active ones
    penalty: float = 0.0  # taken off, in the standings' units (or the raw's: ``penalised``)
    base_rank: float | None = None
    in_cut: bool = False
    penalised: str = "total"  # what the penalties come off: "total" or "raw" (Ranking)

    @property
    def raw(self) -> int:
        """The net points of the games (less the penalties, where they come off it)."""
        off = round(self.penalty) if self.penalised == "raw" else 0
        return sum(g.raw for g in self.games) - off

    def places(self, seats: int) -> tuple[int, ...]:
        """How many games the player finished first, second..."""
        return tuple(sum(1 for g in self.games if g.rank == r) for r in range(1, seats + 1))


@dataclass(frozen=True)
class TableLine:
    number: int
    table: int
    status: str  # waiting, playing, finished, unreadable
    hands: int
    next_hand: str
    players: tuple[str, ...]


@dataclass
class Standings:
    tournament: Tournament
    lines: list[Line]  # ranked, best first; then the substitute seats
    tables: list[TableLine]
    notes: list[str]
    upto: int  # the last round counted
    clock: RoundClock | None  # the last round's, when it runs
    computed: datetime
    cut: int = 0  # the first this many go on; 0: no cut

    @property
    def ranked(self) -> list[Line]:
        return [line for line in self.lines if line.place]

    def still_playing(self, number: int | None = None) -> list[int]:
        n = self.upto if number is None else number
        return [t.table for t in self.tables if t.number == n and t.status == "playing"]

    def waiting(self, number: int | None = None) -> list[int]:
        n = self.upto if number is None else number
        return [t.table for t in self.tables if t.number == n and t.status == "waiting"]


def base_rank(place: int, ranked: int) -> float:
    """The EMA ranking's base rank of ``place`` (1 best) among ``ranked`` players."""
    if ranked <= 1:
        return 1000.0
    return 1000 * (ranked - place) / (ranked - 1)


def compute(
    t: Tournament,
    games: list[Game],
    now: datetime,
    upto: int | None = None,
    cut: int | None = None,
    notes: list[str] | None = None,
) -> Standings:
    """The standings from the games read (core/tournament/games.py ``GameReader``)."""
    last = t.last_round if upto is None else min(upto, t.last_round)
    lines = {p.key: Line(p) for p in t.players}
    fixed = t.ranking.substitute  # a substitute's game, where the ruleset fixes it
    out_notes = list(notes or [])
    table_lines = []
    for game in games:
        if game.number > last:
            continue
        seated = t.need_round(game.number)
        names = seated.tables[game.table - 1]
        status = _status(t, game, now)
        table_lines.append(
            TableLine(game.number, game.table, status, game.hands, game.next_hand, names)
        )
        out_notes += game.notes
        for result in game.results:
            player = t.need_player(result.player)
            substituted = any(not same_player(name, player.name) for name in result.sat)
            score, raw, use_fixed = result.score, result.raw, False
            if fixed is not None and (player.substitute or substituted):
                # The raw too: the seat's is the points the substitute won, which
                # would be the EMA file's Score and --tiebreak raw of a game the
                # total counts as fixed.
                score, raw, use_fixed = fixed.score / t.unit, fixed.raw, True
            lines[player.key].games.append(
                GameLine(
                    game.number,
                    game.table,
                    result.seat,
                    score,
                    result.rank,
                    raw,
                    status == "finished",
                    use_fixed,
                    result.sat if substituted else (),
                )
            )
    off_raw = t.ranking.penalties == "raw"
    for p in t.penalties:
        if p.cancelled or p.round > last:
            continue
        line = lines[player_key(p.player)]
        line.penalties.append(p)
        line.penalty += p.amount if off_raw else p.amount / t.unit
    for line in lines.values():
        line.games.sort(key=lambda g: g.number)
        line.penalised = "raw" if off_raw else "total"
        line.total = _round(sum(g.score for g in line.games) - (0 if off_raw else line.penalty))
        line.penalty = _round(line.penalty)
    ranked = [line for line in lines.values() if not line.player.substitute]
    ranked.sort(key=lambda line: (_order(t, line), player_key(line.player.name)))
    place = 0
    for i, line in enumerate(ranked):
        if not i or _order(t, line) != _order(t, ranked[i - 1]):
            place = i + 1
        line.place = place
    n = len(ranked)
    limit = t.cut if cut is None else cut
    for line in ranked:
        line.base_rank = round(base_rank(line.place, n), 2)
        line.in_cut = bool(limit) and line.place <= limit
    others = sorted(
        (line for line in lines.values() if line.player.substitute),
        key=lambda line: player_key(line.player.name),
    )
    clock = None
    last_round = t.round(last)
    if last_round is not None:
        clock = round_clock(t, last_round)
    return Standings(t, ranked + others, table_lines, out_notes, last, clock, now, limit)


def shows_raw(t: Tournament) -> bool:
    """Whether the standings show the raw beside the total: where it ranks equal totals
    (a game score beside table points), or takes the penalties."""
    r = t.ranking
    return "raw" in r.then or r.penalties == "raw"


def _order(t: Tournament, line: Line) -> tuple[float | tuple[int, ...], ...]:
    """The key that ranks a line: the total, then the tiebreaks, best first."""
    key: list[float | tuple[int, ...]] = [-line.total]
    for name in dict.fromkeys((*t.ranking.then, *t.tiebreak)):
        if name == "places":
            key.append(tuple(-c for c in line.places(t.seats)))
        elif name == "best":
            key.append(-max((g.score for g in line.games), default=0.0))
        elif name == "raw":
            key.append(-line.raw)
    return tuple(key)


def _status(t: Tournament, game: Game, now: datetime) -> str:
    if game.status != "playing":
        return game.status
    seated = t.need_round(game.number)
    clock = round_clock(t, seated)
    saved = saved_at(game)
    if clock is not None and saved is not None:
        ends = clock.table(game.table).ends
        if now >= ends and saved >= ends:
            return "finished"
    return "playing"


def _round(x: float) -> float:
    return round(x, PRECISION) + 0.0  # no -0.0
