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
    """One row per hand: what happened, then each seat's change (and points scored)."""

    BORDER_TITLE = "Hands"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(cursor_type="row", zebra_stripes=True, **kwargs)
        self.system: Any = None
        self.players: tuple[str, ...] = ()
        self.hands: list[Any] = []
        self.states: list[Any] = []
        self.first = 0  # index of the hand in the window's first row

    def show(self, session: Any, states: list[Any], focus: int | None = None) -> None:
        """``states`` holds the table before each hand, then after the last one.

        ``focus`` is the hand (0-based) to put the cursor on; the last by default.
        """
        self.system = session.ruleset.system
        self.players, self.hands, self.states = session.players, session.hands, states
        if not self.columns:
            self.add_column(Text("#", justify="right"), key="n")
            self.add_column("Hand", key="what", width=20)
            for seat, name in enumerate(self.players):
                self.add_column(Text(name[:12], justify="right"), key=f"p{seat}")
            self.add_column("East", key="east", width=8)
        self._fill_around(len(self.hands) - 1 if focus is None else focus)

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
        scored = False
        for i in range(self.first, last):
            scored = scored or self.system.hand_scores(self.hands[i]) is not None
            self.add_row(*self._cells(i), key=str(i))
        self.border_title = "Hands: points scored, then the change" if scored else "Hands"
        self.border_subtitle = (
            f"hands {self.first + 1}-{last} of {count}" if last - self.first < count else ""
        )
        if count:
            self.move_cursor(row=max(focus, 0) - self.first, animate=False)

    def _cells(self, i: int) -> list[Text]:
        players, hand = self.players, self.hands[i]
        before, after = self.states[i], self.states[i + 1]
        what = self.system.describe_hand(hand, players)
        scores = self.system.hand_scores(hand)
        cells = [Text(str(i + 1), justify="right"),
                 Text(what, style="dim" if not any(after.last_change) else "")]
        for seat, delta in enumerate(after.last_change):
            style = "green" if delta > 0 else "red" if delta < 0 else "dim"
            if scores is None and not delta:
                cells.append(Text("—", justify="right", style="dim"))
            elif scores is None:
                cells.append(Text(numbers.change(delta), justify="right", style=style))
            else:
                cells.append(Text.assemble(f"{scores[seat]} ", (numbers.change(delta), style),
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
