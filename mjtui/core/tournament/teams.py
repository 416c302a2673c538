"""The team standings: each team's players' standings summed (Pantheon #453's team
leagues).

A team is the players whose ``team`` is the same name (compared without case, as
names are); players without a team, and the substitute seats added to fill the
tables, are in no team. A team's **total** is the sum of its players' totals (their
penalties already off) and its **raw** the sum of their raws, as MahjongTournamentSuite
sums its teams (ernestovega/MahjongTournamentSuite, ``CalculateAndSortTeamsScores``: the
players' table points and scores added up). A team of fewer players than the others
sums the players it has: nothing makes up the seats it lacks.

**Places.** Higher totals first; equal totals are told apart by the raw where the
system ranks its players by it (``Ranking.then``) or the tournament's tiebreak has
``raw``; teams still equal share the place. The players' other tiebreaks (places,
best game) are a player's, not a team's, and do not part teams.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from mjtui.core.model.players import player_key
from mjtui.core.tournament.standings import PRECISION, Line, Standings


@dataclass(frozen=True)
class TeamLine:
    place: int
    team: str  # as the first of its players in the players' file spells it
    total: float
    raw: int
    penalty: float  # its players' penalties, summed
    players: tuple[Line, ...]  # its players, best first
    playing: bool  # a game of one of its players is still being played


def by_raw(s: Standings) -> bool:
    """Whether equal team totals are told apart by the raw."""
    t = s.tournament
    return "raw" in t.ranking.then or "raw" in t.tiebreak


def team_standings(s: Standings) -> list[TeamLine]:
    """The teams of the ranked players, best first (none when no player has a team)."""
    members: dict[str, list[Line]] = {}
    for line in s.ranked:  # best first, so each team's players are too
        if line.player.team:
            members.setdefault(player_key(line.player.team), []).append(line)
    raw = by_raw(s)
    teams = [
        TeamLine(
            0,
            lines[0].player.team,
            round(sum(x.total for x in lines), PRECISION) + 0.0,
            sum(x.raw for x in lines),
            round(sum(x.penalty for x in lines), PRECISION) + 0.0,
            tuple(lines),
            any(not g.finished and not g.fixed for x in lines for g in x.games),
        )
        for lines in members.values()
    ]

    def order(team: TeamLine) -> tuple[float, int]:
        return (-team.total, -team.raw if raw else 0)

    teams.sort(key=lambda team: (order(team), player_key(team.team)))
    out = []
    place = 0
    for i, team in enumerate(teams):
        if not i or order(team) != order(teams[i - 1]):
            place = i + 1
        out.append(replace(team, place=place))
    return out
