"""The history of hands: who won, what each player scored and what it paid."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import DataTable

from mjtui.ui import numbers

# A DataTable measures every cell it holds, so a long series is shown a
# window at a time; the window slides when the cursor reaches its edge.
WINDOW = 200


class HandsTable(DataTable):
    """One row per hand: the winner, then each seat's points scored and change."""

    BORDER_TITLE = "Hands: points scored, then the change"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(cursor_type="row", zebra_stripes=True, **kwargs)
        self.players: tuple[str, ...] = ()
        self.hands: list[Any] = []
        self.states: list[Any] = []
        self.first = 0  # index of the hand in the window's first row

    def show(self, players: tuple[str, ...], hands: list[Any], states: list[Any],
             focus: int | None = None) -> None:
        """``states`` holds the table before each hand, then after the last one.

        ``focus`` is the hand (0-based) to put the cursor on; the last by default.
        """
        self.players, self.hands, self.states = players, hands, states
        if not self.columns:
            self.add_column(Text("#", justify="right"), key="n")
            self.add_column("Winner", key="winner", width=10)
            for seat, name in enumerate(players):
                self.add_column(Text(name[:12], justify="right"), key=f"p{seat}")
            self.add_column("East", key="east", width=8)
        self._fill_around(len(hands) - 1 if focus is None else focus)

    @property
    def hand_index(self) -> int:
        """The hand (0-based) under the cursor."""
        return self.first + self.cursor_row

    def select_hand(self, index: int) -> None:
        if self.first <= index < self.first + self.row_count:
            self.move_cursor(row=index - self.first)
        else:
            self._fill_around(index)

    def _fill_around(self, focus: int) -> None:
        count = len(self.hands)
        self.first = max(0, min(focus - WINDOW // 2, count - WINDOW))
        last = min(count, self.first + WINDOW)
        self.clear()
        for i in range(self.first, last):
            self.add_row(*self._cells(i), key=str(i))
        self.border_subtitle = (
            f"hands {self.first + 1}-{last} of {count}" if last - self.first < count else ""
        )
        if count:
            self.move_cursor(row=max(focus, 0) - self.first, animate=False)

    def _cells(self, i: int) -> list[Text]:
        players, hand = self.players, self.hands[i]
        before, after = self.states[i], self.states[i + 1]
        winner = (Text("draw", style="dim") if hand.winner is None
                  else Text(players[hand.winner][:10]))
        cells = [Text(str(i + 1), justify="right"), winner]
        for seat, scored in enumerate(hand.points):
            if hand.winner is None:
                cells.append(Text("—", justify="right", style="dim"))
            else:
                delta = after.last_change[seat]
                style = "green" if delta > 0 else "red" if delta < 0 else "dim"
                cells.append(Text.assemble(f"{scored} ", (numbers.change(delta), style),
                                           justify="right"))
        cells.append(Text(players[before.east][:8]))
        return cells

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.cursor_row != self.cursor_row:
            return  # left over from refilling the window, which moved the cursor since
        at_top = event.cursor_row == 0 and self.first > 0
        at_bottom = (event.cursor_row == self.row_count - 1
                     and self.first + self.row_count < len(self.hands))
        if at_top or at_bottom:
            self._fill_around(self.first + event.cursor_row)
