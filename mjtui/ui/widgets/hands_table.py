"""The history of hands: who won, what each player scored and what it paid."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import DataTable

from mjtui.ui import numbers


class HandsTable(DataTable):
    """One row per hand: the winner, then each seat's points scored and change."""

    BORDER_TITLE = "Hands: points scored, then the change"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(cursor_type="row", zebra_stripes=True, **kwargs)

    def show(self, players: tuple[str, ...], hands: list[Any], states: list[Any]) -> None:
        """``states`` holds the table before each hand, then after the last one."""
        if not self.columns:
            self.add_column(Text("#", justify="right"), key="n")
            self.add_column("Winner", key="winner", width=10)
            for seat, name in enumerate(players):
                self.add_column(Text(name[:12], justify="right"), key=f"p{seat}")
            self.add_column("East", key="east", width=8)
        self.clear()
        for i, hand in enumerate(hands):
            before, after = states[i], states[i + 1]
            if hand.winner is None:
                winner = Text("draw", style="dim")
            else:
                winner = Text(players[hand.winner][:10])
            cells = []
            for seat, scored in enumerate(hand.points):
                if hand.winner is None:
                    cells.append(Text("—", justify="right", style="dim"))
                else:
                    delta = after.last_change[seat]
                    style = "green" if delta > 0 else "red" if delta < 0 else "dim"
                    cells.append(Text.assemble(f"{scored} ", (numbers.change(delta), style),
                                               justify="right"))
            east = Text(players[before.east][:8])
            self.add_row(Text(str(i + 1), justify="right"), winner, *cells, east, key=str(i))
