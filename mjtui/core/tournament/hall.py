"""What the hall display shows, and the folder followed as the tables save their hands.

:class:`HallView` is the hall's screen in plain data: the round and its clock (each
table's extra time), the tables still playing, not started and finished, the
standings best first. :class:`HallFollower` follows a tournament's folder the way the
board follows a session file (core/reports/board.py): every :meth:`HallFollower.poll`
looks at ``tournament.toml`` and the games (their size and time: cheap), reads again
only the files that changed (core/tournament/games.py ``GameReader``) and says whether
the view changed. It never raises: a file that cannot be read is said in ``error``, and
the last view read whole stays.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from mjtui.core.errors import MjtuiError
from mjtui.core.language import _
from mjtui.core.model.players import same_player
from mjtui.core.sessions.ledger import Stamp, stamp
from mjtui.core.tournament.games import GameReader
from mjtui.core.tournament.model import FILE_NAME, Tournament, TournamentError
from mjtui.core.tournament.standings import Standings, compute, shows_raw
from mjtui.core.tournament.teams import team_standings
from mjtui.core.tournament.timer import RoundClock
from mjtui.core.tournament.tournament_file import load_tournament


@dataclass(frozen=True)
class HallLine:
    place: str  # "3", or "=3" for a place shared
    name: str
    total: float
    games: int
    playing: bool  # a game still being played counts as it stands
    in_cut: bool
    penalty: float = 0.0  # taken off the total (the standings list each with its reason)
    raw: int = 0  # the net points summed (shown where the system ranks by them)


@dataclass(frozen=True)
class HallTeam:
    place: str  # "2", or "=2" for a place shared
    name: str
    total: float
    players: int
    playing: bool
    raw: int = 0


@dataclass(frozen=True)
class HallView:
    name: str
    ruleset: str
    number: int  # the round shown: the last seated (0: none yet)
    rounds: int
    clock: RoundClock | None  # the round's, once the director has started it
    playing: tuple[int, ...]
    waiting: tuple[int, ...]  # no hand saved yet
    finished: tuple[int, ...]
    lines: tuple[HallLine, ...]  # the ranked players, best first
    cut: int
    notes: tuple[str, ...] = ()
    minutes: int = 0  # a round's length; 0: the tournament has no clock
    teams: tuple[HallTeam, ...] = ()  # the team standings, best first (none: no teams)
    raw: str = ""  # the raw's name where it is shown beside the total ("": not shown)


def hall_view(s: Standings) -> HallView:
    t = s.tournament
    ranked = s.ranked
    shared = {
        line.place for i, line in enumerate(ranked) if i and ranked[i - 1].place == line.place
    }
    lines = tuple(
        HallLine(
            ("=" if line.place in shared else "") + str(line.place),
            line.player.name,
            line.total,
            len(line.games),
            any(not g.finished and not g.fixed for g in line.games),
            line.in_cut,
            line.penalty,
            line.raw,
        )
        for line in ranked
    )
    teams = team_standings(s)
    team_places = [x.place for x in teams]
    team_lines = tuple(
        HallTeam(
            ("=" if team_places.count(x.place) > 1 else "") + str(x.place),
            x.team,
            x.total,
            len(x.players),
            x.playing,
            x.raw,
        )
        for x in teams
    )
    now_round = [x for x in s.tables if x.number == s.upto]
    return HallView(
        name=t.name,
        ruleset=t.ruleset.id,
        number=s.upto,
        rounds=t.rounds,
        clock=s.clock,
        playing=tuple(s.still_playing()),
        waiting=tuple(s.waiting()),
        finished=tuple(x.table for x in now_round if x.status == "finished"),
        lines=lines,
        cut=s.cut,
        notes=tuple(s.notes),
        minutes=t.minutes,
        teams=team_lines,
        raw=t.ranking.raw if shows_raw(t) else "",
    )


class HallFollower:
    """A tournament's folder, followed: :meth:`poll` reads what changed since the last."""

    def __init__(
        self,
        folder: Path,
        name: str,
        reader: GameReader | None = None,
        now: Callable[[], datetime] | None = None,
    ) -> None:
        self.folder = folder
        self.name = name
        self.reader = reader or GameReader(folder)
        self.now = now or (lambda: datetime.now().astimezone().replace(microsecond=0))
        self.tournament: Tournament | None = None
        self.standings: Standings | None = None
        self.view: HallView | None = None
        self.error = ""  # why the folder could not be read just now ("" when it could)
        self._stamp: Stamp | None = None

    def poll(self) -> bool:
        """Look at the folder; whether the view (or the error) changed. Never raises."""
        before = (self.view, self.error)
        try:
            self._read()
            self.error = ""
        except (MjtuiError, OSError, ValueError, RecursionError) as e:
            self.error = str(e) if isinstance(e, MjtuiError) else f"{self.folder}: {e}"
        return (self.view, self.error) != before

    def _read(self) -> None:
        path = self.folder / FILE_NAME
        now_stamp = stamp(path)
        if now_stamp is None:
            raise TournamentError(_("{path}: no tournament here").format(path=path))
        if now_stamp != self._stamp or self.tournament is None:
            t = load_tournament(path)
            if not same_player(t.name, self.name):
                raise TournamentError(
                    _("{path} is the tournament {name}, not {name2}").format(
                        path=path, name=repr(t.name), name2=repr(self.name)
                    )
                )
            self.tournament, self._stamp = t, now_stamp
        t = self.tournament
        games, notes = self.reader.read(t)
        self.standings = compute(t, games, self.now(), notes=notes)
        self.view = hall_view(self.standings)


def live_tables(s: Standings) -> frozenset[tuple[int, int]]:
    """The (round, table) whose links open their game now: every table of the last round
    seated, and the tables of the round before still playing (the director may seat the
    next round before every table has finished: a phone that lost its page must still
    get back to its game)."""
    last = s.upto
    return frozenset(
        (x.number, x.table)
        for x in s.tables
        if x.number == last or (x.number == last - 1 and x.status == "playing")
    )
