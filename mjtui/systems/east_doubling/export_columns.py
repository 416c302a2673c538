"""East doubling's own columns in exports: the winner, East, and the points each seat
scored (what was typed and what the HP-11C program settles from)."""

from __future__ import annotations

from mjtui.core.systems.capabilities import Cell, HandColumns
from mjtui.systems.east_doubling.events import Hand
from mjtui.systems.east_doubling.rules import Rules
from mjtui.systems.east_doubling.table import State


def _cells(rules: Rules, before: State, hand: Hand) -> dict[str, Cell]:
    return {
        "outcome": "draw" if hand.winner is None else "win",
        "winner": None if hand.winner is None else hand.winner + 1,
        "east": before.east + 1,
        "points": list(hand.points),
    }


COLUMNS = HandColumns(
    fields=("outcome", "winner", "east", "points"),
    cells=_cells,
    seats=frozenset({"winner", "east"}),
    per_seat=frozenset({"points"}),
    docs=(
        ("outcome", "`win` or `draw`"),
        ("winner", "the winning seat (empty for a draw)"),
        ("east", "the seat that was East during the hand"),
        ("points", "what each seat scored, as entered (CSV: `NAME points`, one per player)"),
    ),
)
