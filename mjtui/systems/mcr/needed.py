"""The "points needed" line: the smallest hand that puts a player ahead of everyone.

For a player who is not strictly first, three ways to win the next hand:
self-drawn (each of the three pays base + fan), off the leader (the leader
pays base + fan, the two others base), and off another player (that player
pays base + fan). The answer is the smallest fan, at least the ruleset's
minimum, after which the player's score is above every other player's; fan
here is what the table pays on, so flowers count in it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from mjtui.systems.mcr.rules import PLAYERS, Rules
from mjtui.systems.mcr.wording import cells

WIDTH = 78  # the sheet's status lines at 80 columns

if TYPE_CHECKING:
    from mjtui.core.systems.base import TableState


@dataclass(frozen=True)
class Needed:
    seat: int
    leader: int  # the first of the players ahead (the lowest seat among equals)
    self_draw: int  # the fan a self-draw needs
    off_leader: int  # the fan a win on the leader's discard needs
    off_other: dict[int, int]  # by discarder (neither the player nor the leader)

    @property
    def off_another(self) -> int | None:
        """The least fan a win off a player other than the leader needs."""
        return min(self.off_other.values(), default=None)


def _least(minimum: int, bounds: list[tuple[int, int]]) -> int:
    """The smallest fan >= minimum with ``k * fan > c`` for every (k, c) in ``bounds``."""
    fan = minimum
    for k, c in bounds:
        fan = max(fan, c // k + 1)
    return fan


def needed(rules: Rules, totals: tuple[int, ...] | list[int], seat: int) -> Needed | None:
    """What ``seat`` needs to go ahead of everyone, or None if he is ahead already."""
    me = totals[seat]
    others = [s for s in range(PLAYERS) if s != seat]
    if all(me > totals[s] for s in others):
        return None
    b, m = rules.payments.base, rules.win.minimum
    leader = min(others, key=lambda s: (-totals[s], s))
    # Self-draw: I gain 3(b + F), everyone loses b + F, so 4(b + F) > their lead.
    self_draw = _least(m, [(4, totals[s] - me - 4 * b) for s in others])

    def off(d: int) -> int:
        # I gain b + F + 2b; the discarder loses b + F, the two others b.
        bounds = [(2, totals[d] - me - 4 * b)]
        bounds += [(1, totals[s] - me - 4 * b) for s in others if s != d]
        return _least(m, bounds)

    return Needed(
        seat=seat,
        leader=leader,
        self_draw=self_draw,
        off_leader=off(leader),
        off_other={d: off(d) for d in others if d != leader},
    )


def all_needed(rules: Rules, state: TableState) -> tuple[Needed, ...]:
    """:func:`needed` for every player behind the leader (below the highest total), in
    seat order: none while everyone is level."""
    top = max(state.totals)
    found = (needed(rules, state.totals, s) for s in range(PLAYERS) if state.totals[s] < top)
    return tuple(n for n in found if n is not None)


def needed_lines(rules: Rules, state: TableState, players: tuple[str, ...]) -> tuple[str, ...]:
    """The sheet's "points needed" lines: for each player behind, the least fan that puts
    him ahead self-drawn, off the leader's discard and off another player's, e.g. "Bob
    needs 12 fan self-drawn, 30 off Ann, 18 off Cy or Di" (names too long for a line:
    "18 off another"); none once the game is over. Off either other player it is the
    same: the leader, who does not pay the fan then, sets it."""
    from mjtui.systems.mcr.terms import say

    if state.finished:
        return ()
    lines = []
    for n in all_needed(rules, state):
        head = say("{player} needs {fan} fan self-drawn, {off} off {leader}").format(
            player=players[n.seat], fan=n.self_draw, off=n.off_leader, leader=players[n.leader]
        )
        others = say(" or ").join(players[d] for d in sorted(n.off_other))
        line = head + say(", {fan} off {others}").format(fan=n.off_another, others=others)
        if cells(line) > WIDTH:
            line = head + say(", {fan} off another").format(fan=n.off_another)
        lines.append(line)
    return tuple(lines)


__all__ = ["Needed", "all_needed", "needed", "needed_lines"]
