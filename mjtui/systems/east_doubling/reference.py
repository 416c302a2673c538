"""The East-doubling rules reference: the rule, a worked hand, claims."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjtui.core.reports.reference import (
    NEAREST,
    claiming,
    wrap,
)
from mjtui.core.systems.capabilities import Section
from mjtui.core.systems.winds import wind_name
from mjtui.systems.east_doubling.terms import say

if TYPE_CHECKING:
    from mjtui.systems.east_doubling.rules import Rules


def sections(rules: Rules) -> list[Section]:
    from mjtui.systems.east_doubling.table import settle

    n = rules.table.players
    m = rules.payments.east_multiplier
    moves = {"stay": say("East stays"), "next": say("East passes to the next seat")}
    rule = [
        *wrap(
            say(
                "Every player scores points in a hand. Each player pays every other player "
                "that player's points, except that the winner pays nothing; an amount East "
                "pays or receives is multiplied by {m}. A draw changes nothing."
            ).format(m=m)
        ),
        *wrap(
            say("East wins: {east}. Another player wins: {other}.").format(
                east=moves[rules.rotation.on_east_win], other=moves[rules.rotation.on_other_win]
            )
        ),
        *wrap(say("A draw: {move}.").format(move=moves[rules.rotation.on_draw])),
    ]
    # A worked hand: seat 2 wins, East is seat 1.
    points = (8, 30, 4, 0, 0)[:n]
    winner, east = 1, 0
    change = settle(points, winner, east, m)
    seats = [wind_name(s) for s in range(n)]
    worked = wrap(
        say("Worked hand: {winner} wins; points {points}.").format(
            winner=seats[winner], points=", ".join(f"{seats[s]} {points[s]}" for s in range(n))
        )
    )
    for receiver in range(n):
        for payer in range(n):
            if payer in (receiver, winner) or points[receiver] == 0:
                continue
            factor = m if east in (receiver, payer) else 1
            paid = say("{payer} pays {receiver} {points}").format(
                payer=seats[payer], receiver=seats[receiver], points=points[receiver]
            )
            if factor != 1:
                paid += say(" x {m} (East) = {points}").format(m=m, points=points[receiver] * m)
            worked.append("  " + paid)
    worked += wrap(
        say("Changes: {changes} (they add up to 0).").format(
            changes=", ".join(f"{seats[s]} {change[s]:+d}" for s in range(n))
        )
    )
    sections = [Section("East doubling", tuple(rule)), Section("A worked hand", tuple(worked))]
    if n > 2:
        sections.append(Section("Claiming a discard", tuple(claiming(NEAREST))))
    return sections
