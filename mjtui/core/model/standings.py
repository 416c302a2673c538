"""The players of a session by their totals at the end: the standings every system has.

A system with standings of its own (riichi: uma, oka, penalties) gives them
beside these (:meth:`~mjtui.core.systems.base.ScoringSystem.standings`);
the exports, the library and the statistics read both.
"""

from __future__ import annotations

from dataclasses import dataclass

from mjtui.core.model.session import Session
from mjtui.core.systems.base import TableState


@dataclass(frozen=True)
class Standing:
    """A player's place at the end: rank 1 is the highest total; equal totals share a rank."""

    rank: int
    seat: int
    player: str
    total: int
    net: int  # total minus the start points


def standings(session: Session, states: list[TableState] | None = None) -> list[Standing]:
    """The players from the highest total down (seat order among equals)."""
    system = session.ruleset.system
    states = session.states() if states is None else states
    start = system.replay_fields(states[0])["totals"]
    final = system.replay_fields(states[-1])["totals"]
    order = sorted(range(len(final)), key=lambda seat: (-final[seat], seat))
    table: list[Standing] = []
    for place, seat in enumerate(order, 1):
        tied = table and table[-1].total == final[seat]
        rank = table[-1].rank if tied else place
        table.append(
            Standing(
                rank, seat, session.current_players[seat], final[seat], final[seat] - start[seat]
            )
        )
    return table
