"""The scoreboard: each seat's player, wind, total and last change."""

from __future__ import annotations

from typing import TYPE_CHECKING, Unpack

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.widgets import DataTable

from mjtui.core.language import _
from mjtui.core.systems.winds import WINDS, wind_name
from mjtui.ui import colours, numbers
from mjtui.ui.widgets.options import WidgetOptions

if TYPE_CHECKING:
    from mjtui.core.systems.base import TableState

EAST = "●"


def fit(columns: list[tuple[str, list[str]]], room: int) -> list[int]:
    """Each column as wide as its widest cell or header; the player's name
    (column 1) gives up width, down to 6 cells, when the rest would not fit."""
    widths = [max(cell_len(head), *(cell_len(c) for c in cells)) for head, cells in columns]
    over = sum(w + 2 for w in widths) - room
    if over > 0:
        widths[1] = max(6, widths[1] - over)
    return widths


def _wind(name: str) -> str:
    """A seat's wind as the table state names it, in the language spoken."""
    return wind_name(WINDS.index(name)) if name in WINDS else name


class Scoreboard(DataTable[str | Text]):
    """One row per seat; East is marked and the leader's total is bold.

    Narrow (beside a calculator pane), the seat column is headed "#" and the
    winds are their first letter, so every seat's total and last change stay
    in view.
    """

    DEFAULT_CSS = """
    Scoreboard { height: auto; }
    """

    BORDER_TITLE = "Scores"
    can_focus = False

    def __init__(self, **kwargs: Unpack[WidgetOptions]) -> None:
        super().__init__(cursor_type="none", zebra_stripes=True, **kwargs)
        self._shown: tuple[tuple[str, ...], TableState] | None = None
        self._laid_out_for = 0
        self.border_title = _(self.BORDER_TITLE)

    def _room(self) -> int:
        return self.size.width or self.app.size.width - self.styles.gutter.width

    def on_resize(self, event: events.Resize) -> None:
        if self._shown is not None and self._room() != self._laid_out_for:
            self.show(*self._shown)

    def show(self, players: tuple[str, ...], state: TableState) -> None:
        self._shown = (players, state)
        room = self._laid_out_for = self._room()
        top = max(state.totals)
        finished = state.finished
        winds = [_wind(state.wind(seat)) for seat in range(len(players))]
        totals = [numbers.points(t) for t in state.totals]
        lasts = [
            numbers.change(state.last_change[seat]) if state.last_change else ""
            for seat in range(len(players))
        ]
        # After the last hand nobody deals again.
        east = None if finished else state.east
        marked = [f"{w} {EAST}" if seat == east else w for seat, w in enumerate(winds)]
        columns = [
            (_("Seat"), [str(s + 1) for s in range(len(players))]),
            (_("Player"), list(players)),
            (_("Wind"), marked),
            (_("Total"), totals),
            (_("Last"), lasts),
        ]
        if sum(w + 2 for w in fit(columns, 10**6)) > room:
            short = [f"{w[:1]} {EAST}" if seat == east else w[:1] for seat, w in enumerate(winds)]
            columns[0], columns[2] = ("#", columns[0][1]), (_("Wind"), short)
        widths = fit(columns, room)
        self.clear(columns=True)
        for n, ((head, _cells), width) in enumerate(zip(columns, widths, strict=False)):
            self.add_column(
                Text(head, justify="right" if n >= 3 else "left"),
                key=("seat", "player", "wind", "total", "last")[n],
                width=width,
            )
        for seat, name in enumerate(players):
            is_east = seat == east
            last = state.last_change[seat] if state.last_change else None
            self.add_row(
                Text(str(seat + 1)),  # a str cell is read as markup: rich's emoji table loads
                Text(name, style="bold" if is_east else "", overflow="ellipsis", no_wrap=True),
                Text(columns[2][1][seat], style=colours.EAST if is_east else ""),
                Text(
                    totals[seat], justify="right", style="bold" if state.totals[seat] == top else ""
                ),
                Text(
                    lasts[seat],
                    justify="right",
                    style=colours.signed(last),
                ),
                key=str(seat),
            )
