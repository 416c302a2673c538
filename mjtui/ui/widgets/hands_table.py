"""The history of hands: who won, what each player scored and what it paid."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import events
from textual.widgets import DataTable

from mjtui.ui import numbers

# A DataTable measures every cell it holds, so a long series is shown a
# window at a time, twice the screen's height and at least WINDOW rows; it
# slides when the cursor reaches its edge. Filling it is most of the time a
# resumed long series takes to show.
WINDOW = 60
HAND_MIN = 12  # the narrowest the description gets before the table scrolls sideways
EAST = "●"  # marks the seat that was East (the dealer) for the hand, as on the scoreboard


def column_widths(rows: list[list[Text]], headers: list[str], width: int) -> list[int]:
    """Each column's width: the figures and their header as wide as the widest,
    the description (column 1) the rest of ``width`` (at least HAND_MIN).

    ``width`` is the room inside the table; every column takes 2 more for
    its padding.
    """
    widths = [max([len(h), *(row[c].cell_len for row in rows)])
              for c, h in enumerate(headers)]
    others = sum(w + 2 for c, w in enumerate(widths) if c != 1)
    widths[1] = max(HAND_MIN, width - others - 2)
    return widths


def seat_header(name: str, figures: int) -> str:
    """A player's name over their column; only a name wider than both the
    column's figures and 10 cells is shortened, with an ellipsis."""
    room = max(figures, 10)
    return name if len(name) <= room else name[:room - 1] + "…"


class HandsTable(DataTable):
    """One row per hand: what happened, then each seat's change (and points scored).

    The columns follow the hands shown: the figures take what they need and
    the description the rest, wrapped over as many lines as it needs.
    """

    BORDER_TITLE = "Hands"

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(cursor_type="row", zebra_stripes=True, **kwargs)
        self.system: Any = None
        self.players: tuple[str, ...] = ()
        self.seat_changes: tuple = ()
        self.names_at = lambda index: self.players
        self.hands: list[Any] = []
        self.states: list[Any] = []
        self.first = 0  # index of the hand in the window's first row
        self._laid_out_for = 0  # the room the columns were last laid out for
        # What the window's rows were made from (hands, and the states around
        # them), to tell a hand added at the end from any other change.
        self._shown_hands: list[Any] = []
        self._shown_states: list[Any] = []
        self._widths: list[int] = []

    def show(self, session: Any, states: list[Any], focus: int | None = None) -> None:
        """``states`` holds the table before each hand, then after the last one.

        ``focus`` is the hand (0-based) to put the cursor on; the last by default.
        """
        same_table = self.system is session.ruleset.system \
            and self.players == session.current_players \
            and self.seat_changes == session.seat_changes
        self.system = session.ruleset.system
        # The columns name who sits there now; each row, who sat there in that hand.
        self.players, self.hands, self.states = session.current_players, session.hands, states
        self.seat_changes, self.names_at = session.seat_changes, session.names_at
        if focus is None and same_table and self._append_last():
            return
        self._fill_around(len(self.hands) - 1 if focus is None else focus)

    def _append_last(self) -> bool:
        """Add the one hand recorded since the window was filled as a row of its own,
        when that is all that changed and its cells fit the columns (False otherwise).

        A long series then costs one row per hand, not a refill of the window.
        """
        count, shown = len(self.hands), len(self._shown_hands)
        first, last = self.first, self.first + shown
        if not shown or last != count - 1 or self.row_count != shown:
            return False
        if any(a is not b for a, b in zip(self.hands[first:last], self._shown_hands)) \
                or any(a is not b for a, b in zip(self.states[first:last + 1],
                                                   self._shown_states)):
            return False
        cells = self._cells(last)
        widths = self._widths
        # Figures that fit their columns leave the headers as they are too.
        if self._room() != self._laid_out_for or any(
                cell.cell_len > width
                for c, (cell, width) in enumerate(zip(cells, widths)) if c != 1):
            return False  # the columns change: laid out again
        height = len(cells[1].wrap(self.app.console, widths[1]))
        self.add_row(*cells, key=str(last), height=max(1, height))
        self._shown_hands.append(self.hands[last])
        self._shown_states.append(self.states[last + 1])
        if len(self._shown_hands) > self._window():  # the window slides by one
            self.remove_row(str(self.first))
            del self._shown_hands[0], self._shown_states[0]
            self.first += 1
        self._titles(count)
        self.move_cursor(row=self.row_count - 1, animate=False)
        return True

    @property
    def hand_index(self) -> int:
        """The hand (0-based) under the cursor."""
        return self.first + self.cursor_row

    def select_hand(self, index: int) -> None:
        if self.first <= index < self.first + self.row_count:
            self.move_cursor(row=index - self.first)
        else:
            self._fill_around(index)

    def _window(self) -> int:
        return max(WINDOW, 2 * self.app.size.height)

    def _room(self) -> int:
        """The width inside the border, a vertical scrollbar's width kept free."""
        width = self.size.width or self.app.size.width - self.styles.gutter.width
        return width - self.styles.scrollbar_size_vertical

    def on_resize(self, event: events.Resize) -> None:
        if self.system is not None and self._room() != self._laid_out_for:
            self._fill_around(self.hand_index if self.row_count else len(self.hands) - 1)

    def _fill_around(self, focus: int) -> None:
        count = len(self.hands)
        window = self._window()
        self.first = max(0, min(focus - window // 2, count - window))
        last = min(count, self.first + window)
        rows = [self._cells(i) for i in range(self.first, last)]
        names = [seat_header(name, max((row[seat + 2].cell_len for row in rows), default=0))
                 for seat, name in enumerate(self.players)]
        room = self._room()
        self._laid_out_for = room
        widths = column_widths(rows, ["#", "Hand", *names], room)
        self.clear(columns=True)
        self.add_column(Text("#", justify="right"), key="n", width=widths[0])
        self.add_column("Hand", key="what", width=widths[1])
        for seat, name in enumerate(names):
            self.add_column(Text(name, justify="right"), key=f"p{seat}", width=widths[seat + 2])
        console = self.app.console
        for i, cells in zip(range(self.first, last), rows):
            height = len(cells[1].wrap(console, widths[1]))
            self.add_row(*cells, key=str(i), height=max(1, height))
        self._widths = widths
        self._shown_hands = self.hands[self.first:last]
        self._shown_states = self.states[self.first:last + 1]
        self._titles(count)
        if count:
            self.move_cursor(row=max(focus, 0) - self.first, animate=False)

    def _titles(self, count: int) -> None:
        first, last = self.first, self.first + len(self._shown_hands)
        scored = any(self.system.hand_scores(hand) is not None for hand in self._shown_hands)
        self.border_title = self._title(scored, bool(count), self._laid_out_for)
        self.border_subtitle = f"hands {first + 1}-{last} of {count}" if last - first < count \
            else ""

    @staticmethod
    def _title(scored: bool, marked: bool, room: int) -> str:
        """The longest title that fits the border: what the cells hold, and the East mark."""
        east = f" · {EAST} East" if marked else ""
        titles = [f"Hands: points scored, then the change{east}",
                  f"Hands: points, change{east}"] if scored else []
        titles += [f"Hands{east}", "Hands"]
        return next((t for t in titles if len(t) + 4 <= room), titles[-1])

    def _cells(self, i: int) -> list[Text]:
        players, hand = self.names_at(i), self.hands[i]
        before, after = self.states[i], self.states[i + 1]
        what = self.system.describe_hand(hand, players)
        scores = self.system.hand_scores(hand)
        cells = [Text(str(i + 1), justify="right"),
                 Text(what, style="dim" if not any(after.last_change) else "")]
        for seat, delta in enumerate(after.last_change):
            style = "green" if delta > 0 else "red" if delta < 0 else "dim"
            if scores is None and not delta:
                cell = Text("—", justify="right", style="dim")
            elif scores is None:
                cell = Text(numbers.change(delta), justify="right", style=style)
            else:
                cell = Text.assemble(f"{scores[seat]} ", (numbers.change(delta), style),
                                     justify="right")
            if seat == before.east:
                cell = Text.assemble((f"{EAST} ", "bold yellow"), cell, justify="right")
            cells.append(cell)
        return cells

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.cursor_row != self.cursor_row:
            return  # left over from refilling the window, which moved the cursor since
        at_top = event.cursor_row == 0 and self.first > 0
        at_bottom = (event.cursor_row == self.row_count - 1
                     and self.first + self.row_count < len(self.hands))
        if at_top or at_bottom:
            self._fill_around(self.first + event.cursor_row)
