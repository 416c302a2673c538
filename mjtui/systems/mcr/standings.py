"""The standings of a game: table points by place, and the game score.

Players are placed by their game score (the total: what they won and paid,
penalties taken off). Place 1 to 4 earns ``standings.table_points`` (4, 2, 1,
0); players with equal scores share the points of the places they hold (two
tied first take (4 + 2) / 2 = 3 each) and the same rank. The table points are
a float (a three-way tie shares 7 / 3), as exports write numbers. They are the
game's ``score``, the name every system's final score has (the league and the
tournaments add it up, exports write it): the game score is ``points``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING

from mjtui.systems.mcr.rules import Rules

if TYPE_CHECKING:
    from mjtui.core.systems.base import TableState


@dataclass(frozen=True)
class Standing:
    rank: int  # 1 to 4; tied players share one
    seat: int  # 0-based
    points: int  # the game score: the total at the end
    # The table points: the place's, or a share of the places held when tied.
    score: float = field(metadata={"title": "Table points"})

    @property
    def table_points(self) -> float:
        return self.score


def final_standings(rules: Rules, state: TableState) -> tuple[Standing, ...]:
    """The players from first to last, by ``state.totals`` (provisional before the end)."""
    totals = state.totals
    order = sorted(range(len(totals)), key=lambda s: (-totals[s], s))
    points = rules.standings.table_points
    result = []
    place = 0
    while place < len(order):
        group = [s for s in order[place:] if totals[s] == totals[order[place]]]
        share = float(Fraction(sum(points[place : place + len(group)]), len(group)))
        for seat in group:
            result.append(Standing(rank=place + 1, seat=seat, points=totals[seat], score=share))
        place += len(group)
    return tuple(result)


def standings_line(rules: Rules, state: TableState, players: tuple[str, ...]) -> str:
    """The standings in a line, first to last: "Table points: Ann 4 (+106) · Cy 2 (-2) ..."."""
    parts = [
        f"{players[s.seat]} {_points(s.table_points)} ({s.points:+})"
        for s in final_standings(rules, state)
    ]
    from mjtui.systems.mcr.terms import say

    return say("Table points: ") + " · ".join(parts)


def _points(value: float) -> str:
    """Table points as they read: 4, 1.5, 2.33."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


__all__ = ["Standing", "final_standings", "standings_line"]
