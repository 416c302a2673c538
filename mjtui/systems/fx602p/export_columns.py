"""The FX-602P game's own columns in exports: the winner, how, the yaku, triplets and
the han and points the program pays."""

from __future__ import annotations

from mjtui.core.systems.capabilities import Cell, HandColumns
from mjtui.systems.fx602p.events import Win, names, score
from mjtui.systems.fx602p.rules import Rules
from mjtui.systems.fx602p.table import State


def _cells(rules: Rules, before: State, hand: Win) -> dict[str, Cell]:
    yaku, triplets = names(hand)
    worth = score(rules, hand)
    return {
        "winner": hand.winner + 1,
        "how": "tenho" if hand.tenho else "tsumo" if hand.tsumo else "ron",
        "yaku": list(yaku),
        "triplets": triplets,
        "han": worth.han,
        "hand_points": worth.points,
        "dealer": before.east + 1,
    }


COLUMNS = HandColumns(
    fields=("winner", "how", "yaku", "triplets", "han", "hand_points", "dealer"),
    cells=_cells,
    seats=frozenset({"winner", "dealer"}),
    docs=(
        ("winner", "the winning seat (every FX-602P hand has one)"),
        ("how", "`tsumo`, `ron` or `tenho`"),
        ("yaku", "the yaku counted"),
        ("triplets", "the triplets in the hand"),
        ("han", "the han the yaku make"),
        ("hand_points", "what the hand is worth before it is paid"),
        ("dealer", "the dealer of the hand"),
    ),
)
