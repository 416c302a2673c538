"""The East-doubling rules reference: the rule, a worked hand, claims."""

from __future__ import annotations

from typing import TYPE_CHECKING

from mjtui.core.reports.reference import (
    NEAREST,
    claiming,
    wrap,
)
from mjtui.core.systems.base import WINDS, Section

if TYPE_CHECKING:
    from mjtui.systems.east_doubling.rules import Rules


def sections(rules: Rules) -> list[Section]:
    from mjtui.systems.east_doubling.table import settle

    n = rules.table.players
    m = rules.payments.east_multiplier
    moves = {"stay": "East stays", "next": "East passes to the next seat"}
    rule = [
        *wrap(
            f"Every player scores points in a hand. Each player pays every other player that "
            f"player's points, except that the winner pays nothing; an amount East pays or "
            f"receives is multiplied by {m}. A draw changes nothing."
        ),
        f"East wins: {moves[rules.rotation.on_east_win]}. Another player wins: "
        f"{moves[rules.rotation.on_other_win]}.",
        f"A draw: {moves[rules.rotation.on_draw]}.",
    ]
    # A worked hand: seat 2 wins, East is seat 1.
    points = (8, 30, 4, 0, 0)[:n]
    winner, east = 1, 0
    change = settle(points, winner, east, m)
    seats = [f"{WINDS[s]}" for s in range(n)]
    worked = [
        f"Worked hand: {seats[winner]} wins; points "
        + ", ".join(f"{seats[s]} {points[s]}" for s in range(n))
        + "."
    ]
    for receiver in range(n):
        for payer in range(n):
            if payer in (receiver, winner) or points[receiver] == 0:
                continue
            factor = m if east in (receiver, payer) else 1
            worked.append(
                f"  {seats[payer]} pays {seats[receiver]} {points[receiver]}"
                + (f" x {m} (East) = {points[receiver] * m}" if factor != 1 else "")
            )
    worked.append(
        "Changes: "
        + ", ".join(f"{seats[s]} {change[s]:+d}" for s in range(n))
        + " (they add up to 0)."
    )
    sections = [Section("East doubling", tuple(rule)), Section("A worked hand", tuple(worked))]
    if n > 2:
        sections.append(Section("Claiming a discard", tuple(claiming(NEAREST))))
    return sections
