"""The scoreboard: each seat's player, wind, total and last change."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import DataTable

from mjtui.ui import numbers


class Scoreboard(DataTable):
    """One row per seat; East is marked and the leader's total is bold."""

    DEFAULT_CSS = """
    Scoreboard { height: auto; }
    """

    BORDER_TITLE = "Scores"
    can_focus = False

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(cursor_type="none", zebra_stripes=True, **kwargs)

    def on_mount(self) -> None:
        self.add_column("Seat", key="seat")
        self.add_column("Player", key="player", width=16)
        self.add_column("Wind", key="wind", width=8)
        self.add_column(Text("Total", justify="right"), key="total", width=10)
        self.add_column(Text("Last", justify="right"), key="last", width=8)

    def show(self, players: tuple[str, ...], state: Any) -> None:
        self.clear()
        top = max(state.totals)
        for seat, name in enumerate(players):
            wind = state.wind(seat)
            # After the last hand nobody deals again.
            is_east = seat == state.east and not getattr(state, "finished", False)
            last = state.last_change[seat] if state.last_change else None
            self.add_row(
                str(seat + 1),
                Text(name, style="bold" if is_east else ""),
                Text(f"{wind} ●" if is_east else wind, style="bold yellow" if is_east else ""),
                Text(numbers.points(state.totals[seat]), justify="right",
                     style="bold" if state.totals[seat] == top else ""),
                Text(numbers.change(last), justify="right",
                     style="green" if last and last > 0 else "red" if last and last < 0 else ""),
                key=str(seat),
            )
