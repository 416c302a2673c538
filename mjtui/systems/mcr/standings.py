"""The standings of a game: table points by place, and the game score.

Players are placed by their score (the sum of what they won and paid, penalties
taken off). Place 1 to 4 earns ``standings.table_points`` (4, 2, 1, 0); players
with equal scores share the points of the places they hold (two tied first
take (4 + 2) / 2 = 3 each) and the same rank.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from mjtui.systems.mcr.rules import Rules

if TYPE_CHECKING:
    from mjtui.core.systems.base import TableState


@dataclass(frozen=True)
class Standing:
    rank: int  # 1 to 4; tied players share one
    seat: int  # 0-based
    score: int  # the game score: the total at the end
    table_points: Fraction  # a share of the places held, when tied


def final_standings(rules: Rules, state: TableState) -> tuple[Standing, ...]:
    """The players from first to last, by ``state.totals`` (provisional before the end)."""
    totals = state.totals
    order = sorted(range(len(totals)), key=lambda s: (-totals[s], s))
    points = rules.standings.table_points
    result = []
    place = 0
    while place < len(order):
        group = [s for s in order[place:] if totals[s] == totals[order[place]]]
        share = Fraction(sum(points[place : place + len(group)]), len(group))
        for seat in group:
            result.append(
                Standing(rank=place + 1, seat=seat, score=totals[seat], table_points=share)
            )
        place += len(group)
    return tuple(result)


__all__ = ["Standing", "final_standings"]
