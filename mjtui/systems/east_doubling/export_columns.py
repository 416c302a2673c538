"""East doubling's own columns in exports: the winner, East, and the points each seat
scored (what was typed and what the HP-11C program settles from)."""

from __future__ import annotations

from typing import Any

from mjtui.core.systems.base import HandColumns


def _cells(rules: Any, before: Any, hand: Any) -> dict[str, Any]:
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
