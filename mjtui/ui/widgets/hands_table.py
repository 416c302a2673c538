"""The history of hands: who won, what each player scored and what it paid."""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable
from typing import TYPE_CHECKING, ClassVar, Unpack

from rich.cells import cell_len, set_cell_size
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from mjtui.core.language import _
from mjtui.core.model.seats import seat_labels
from mjtui.ui import colours, numbers
from mjtui.ui.widgets.options import WidgetOptions

if TYPE_CHECKING:
    from mjtui.core.model.seats import SeatChange
    from mjtui.core.model.session import Session
    from mjtui.core.systems.base import AnySystem, TableState

# Each hand in the window is formatted (its cells, its height) when the window
# is filled, so a long series is shown a window at a time, twice the screen's
# height and at least WINDOW rows; it slides when the cursor reaches its edge.
WINDOW = 60
HAND_MIN = 12  # the narrowest the description gets before the table scrolls sideways
HAND_NARROWEST = 6  # ... and beside the calculator pane, where every seat must fit
EAST = "●"  # marks the seat that was East (the dealer) for the hand, as on the scoreboard
PAD = Segment(" ")  # a cell's padding, each side


def column_widths(
    rows: list[list[Text]],
    headers: list[str],
    width: int,
    hand_min: int = HAND_MIN,
    pad: int = 2,
) -> list[int]:
    """Each column's width: the figures and their header as wide as the widest,
    the description (column 1) the rest of ``width`` (at least HAND_MIN).

    ``width`` is the room inside the table; every column takes ``pad`` more for
    its padding (a space each side, or only before it where room is short).
    """
    widths = [max([cell_len(h), *(row[c].cell_len for row in rows)]) for c, h in enumerate(headers)]
    others = sum(w + pad for c, w in enumerate(widths) if c != 1)
    widths[1] = max(hand_min, width - others - pad)
    return widths


WORD = re.compile(r"\S+")
NUMBER = re.compile(r"[+-]?[\d,.]+")


def by_words(cell: Text, width: int) -> Text:
    """``cell`` broken into lines of ``width`` between words, never between a number
    and the word after it: "3 han 40 fu" breaks as "3 han" / "40 fu", never "40" / "fu"
    (rich breaks at any space). A word wider than ``width`` is left to rich."""
    plain = cell.plain
    words: list[tuple[int, int]] = []
    for match in WORD.finditer(plain):
        glued = words and plain[words[-1][1] : match.start()] == " "
        if glued and NUMBER.fullmatch(plain[words[-1][0] : words[-1][1]]):
            words[-1] = (words[-1][0], match.end())  # a number keeps its unit
            continue
        words.append((match.start(), match.end()))
    breaks: list[int] = []
    line = words[0][0] if words else 0
    for start, end in words:
        if start > line and cell_len(plain[line:end]) > width:
            breaks.append(start)
            line = start
    if not breaks:
        return cell
    lines = cell.divide(breaks)
    for part in lines:
        part.rstrip()
    joined = Text("\n", style=cell.style).join(lines)
    joined.justify = cell.justify
    return joined


def _one_line(cell: Text, width: int) -> bool:
    """Whether ``cell`` is one line of at most ``width`` cells, justified left or right."""
    return (
        cell.justify in (None, "left", "right")
        and cell.cell_len <= width
        and "\n" not in cell.plain
        and "\t" not in cell.plain
    )


def seat_header(name: str, figures: int, least: int = 10) -> str:
    """A player's name over their column; only a name wider than both the
    column's figures and ``least`` cells is shortened, with an ellipsis."""
    room = max(figures, least)
    if cell_len(name) <= room:
        return name
    return set_cell_size(name, room - 1).rstrip() + "…"  # cells, not characters: 陳 is two


class HandsTable(ScrollView, can_focus=True):
    """One row per hand: what happened, then each seat's change (and points scored).

    The columns follow the hands shown: the figures take what they need and
    the description the rest, wrapped over as many lines as it needs.

    Each row is rendered to lines once for the columns' widths and kept; the
    stripes and the cursor are styles laid over those lines as they are drawn,
    so a new hand renders one row and a cursor move renders none.
    """

    BORDER_TITLE = "Hands"
    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "hands-table--header",
        "hands-table--even-row",
        "hands-table--cursor",
    }
    # DataTable's look: a header bar, zebra stripes, a block cursor that is
    # bold too, so that it shows without colour.
    DEFAULT_CSS = """
    HandsTable {
        background: $surface;
        color: $foreground;
        &:focus {
            background-tint: $foreground 5%;
            & > .hands-table--cursor {
                background: $block-cursor-background;
                color: $block-cursor-foreground;
                text-style: bold;
            }
            & > .hands-table--header {
                background-tint: $foreground 5%;
            }
        }
        &:dark > .hands-table--even-row {
            background: $surface-darken-1 40%;
        }
        & > .hands-table--header {
            text-style: bold;
            background: $panel;
            color: $foreground;
        }
        &:ansi > .hands-table--header {
            background: ansi_bright_blue;
            color: ansi_default;
        }
        & > .hands-table--even-row {
            background: $surface-lighten-1 50%;
        }
        & > .hands-table--cursor {
            background: $block-cursor-blurred-background;
            color: $block-cursor-blurred-foreground;
            text-style: bold;
        }
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "select", "Select", show=False),
        Binding("up", "cursor(-1)", show=False),
        Binding("down", "cursor(1)", show=False),
        Binding("pageup", "page(-1)", show=False),
        Binding("pagedown", "page(1)", show=False),
        Binding("home,ctrl+home", "first", show=False),
        Binding("end,ctrl+end", "last", show=False),
    ]

    class Selected(Message):
        """Enter on a hand, or a click on the hand under the cursor."""

        def __init__(self, table: HandsTable, index: int) -> None:
            super().__init__()
            self.table = table
            self.index = index  # the hand (0-based)

        @property
        def control(self) -> HandsTable:
            return self.table

    def __init__(self, **kwargs: Unpack[WidgetOptions]) -> None:
        super().__init__(**kwargs)
        self.system: AnySystem | None = None
        self.players: tuple[str, ...] = ()
        self._scores_shown = True  # the points scored beside each change (if there is room)
        self._east_shown = True  # the dealer's mark beside the dealer's change (likewise)
        self.seat_changes: tuple[SeatChange, ...] = ()
        self.names_at: Callable[[int], tuple[str, ...]] = lambda index: self.players
        self.hands: list[object] = []
        self.states: list[TableState] = []
        self.first = 0  # index of the hand in the window's first row
        self._laid_out_for = 0  # the room the columns were last laid out for
        # What the window's rows were made from (hands, and the states around
        # them), to tell a hand added at the end from any other change.
        self._shown_hands: list[object] = []
        self._shown_states: list[TableState] = []
        self._widths: list[int] = []
        self._pad = 2  # the padding of each column: a space each side, or one before
        self._names: list[str] = []  # the seats' headers
        self._sat: tuple[str, ...] = ()  # who sat in each seat in the window's hands
        self._rows: list[list[Text]] = []  # the window's cells, a list a row
        self._tops: list[int] = []  # each row's first line below the header
        self._heights: list[int] = []
        # A hand's lines for the current widths, by hand index: kept until the
        # widths or the window's contents change.
        self._lines: dict[int, list[Strip]] = {}
        self._header: Strip | None = None
        self._cursor = 0
        self._show_cursor = True

    # The public surface: what the screens and tests use.

    @property
    def row_count(self) -> int:
        return len(self._rows)

    @property
    def cursor_row(self) -> int:
        return self._cursor

    @property
    def widths(self) -> list[int]:
        """The columns' widths, their padding left out: #, the description, each seat."""
        return list(self._widths)

    @property
    def show_cursor(self) -> bool:
        return self._show_cursor

    @show_cursor.setter
    def show_cursor(self, shown: bool) -> None:
        if shown != self._show_cursor:
            self._show_cursor = shown
            self._refresh_row(self._cursor)

    @property
    def hand_index(self) -> int:
        """The hand (0-based) under the cursor."""
        return self.first + self._cursor

    def get_row_at(self, row: int) -> list[Text]:
        """The cells of the window's row ``row``."""
        return list(self._rows[row])

    def show(self, session: Session, states: list[TableState], focus: int | None = None) -> None:
        """``states`` holds the table before each hand, then after the last one.

        ``focus`` is the hand (0-based) to put the cursor on; the last by default.
        """
        same_table = (
            self.system is session.ruleset.system
            and self.players == session.current_players
            and self.seat_changes == session.seat_changes
        )
        self.system = session.ruleset.system
        # The columns name who sits there now; each row, who sat there in that hand.
        self.players, self.hands, self.states = session.current_players, session.hands, states
        self.seat_changes, self.names_at = session.seat_changes, session.names_at
        if focus is None and same_table and self._append_last():
            return
        self._fill_around(len(self.hands) - 1 if focus is None else focus)

    def select_hand(self, index: int) -> None:
        if self.first <= index < self.first + self.row_count:
            self.move_cursor(row=index - self.first)
        else:
            self._fill_around(index)

    def move_cursor(self, *, row: int, animate: bool = False, scroll: bool = True) -> None:
        """Put the cursor on the window's row ``row``; at the window's edge, with
        more hands beyond it, the window is filled again around that hand."""
        if not self._rows:
            return
        row = max(0, min(row, len(self._rows) - 1))
        old, self._cursor = self._cursor, row
        if old != row:
            self._refresh_row(old)
            self._refresh_row(row)
        at_top = row == 0 and self.first > 0
        at_bottom = row == len(self._rows) - 1 and self.first + len(self._rows) < len(self.hands)
        if at_top or at_bottom:
            self._fill_around(self.first + row)
        elif scroll:
            self._scroll_to_cursor(animate)

    # The window: which hands have rows, and their cells.

    def _seats_named(self, first: int, last: int) -> tuple[str, ...]:
        """Each seat named by who sat there in hands ``first`` to ``last`` (excluded)."""
        return seat_labels(self.names_at, first, last) or self.players

    def _append_last(self) -> bool:
        """Add the one hand recorded since the window was filled as a row of its own,
        when that is all that changed and its cells fit the columns (False otherwise).

        A long series then costs one row per hand, not a refill of the window.
        """
        count, shown = len(self.hands), len(self._shown_hands)
        first, last = self.first, self.first + shown
        if not shown or last != count - 1 or self.row_count != shown:
            return False
        if any(
            a is not b for a, b in zip(self.hands[first:last], self._shown_hands, strict=False)
        ) or any(
            a is not b
            for a, b in zip(self.states[first : last + 1], self._shown_states, strict=False)
        ):
            return False
        if self.seat_changes and self._seats_named(first, last + 1) != self._sat:
            return False  # the new hand was played by another in a seat: headers anew
        cells = self._cells(last)
        widths = self._widths
        # Figures that fit their columns leave the headers as they are too.
        if self._room() != self._laid_out_for or any(
            cell.cell_len > width
            for c, (cell, width) in enumerate(zip(cells, widths, strict=False))
            if c != 1
        ):
            return False  # the columns change: laid out again
        self._rows.append(cells)
        self._heights.append(self._height(cells))
        self._shown_hands.append(self.hands[last])
        self._shown_states.append(self.states[last + 1])
        if len(self._shown_hands) > self._window():  # the window slides by one
            del self._rows[0], self._heights[0]
            del self._shown_hands[0], self._shown_states[0]
            self._lines.pop(self.first, None)
            self.first += 1
            self._cursor = max(0, self._cursor - 1)
        self._laid_out()
        self._titles(count)
        self.move_cursor(row=self.row_count - 1)
        return True

    def _window(self) -> int:
        return max(WINDOW, 2 * self.app.size.height)

    def _room(self) -> int:
        """The width inside the border, a vertical scrollbar's width kept free."""
        width = self.size.width or self.app.size.width - self.styles.gutter.width
        return width - self.styles.scrollbar_size_vertical

    def on_resize(self, event: events.Resize) -> None:
        if self.system is not None and self._room() != self._laid_out_for:
            self._fill_around(self.hand_index if self.row_count else len(self.hands) - 1)
        else:
            self._scroll_to_cursor(False)

    def _fill_around(self, focus: int) -> None:
        count = len(self.hands)
        window = self._window()
        self.first = max(0, min(focus - window // 2, count - window))
        last = min(count, self.first + window)
        # Each column names who sat there in the hands shown ("Chen/Eve" across a
        # substitute), never only who sits there now over another's hands.
        sat = self._sat = self._seats_named(self.first, last)
        room = self._room()
        # Where there is room, names up to 10 cells and the points scored beside each
        # change; on a narrow screen (60 columns, or beside the calculator pane) names
        # as wide as the figures, then the changes alone: no seat's column falls off
        # the right edge.
        # Beside the calculator pane (38 columns) the description narrows and the
        # dealer's mark goes too (the scores above show the dealer); last, with
        # five-digit changes, the columns keep one space between them, not two.
        for least, scores, hand_min, pad in (
            (10, True, HAND_MIN, 2),
            (3, True, HAND_MIN, 2),
            (3, False, HAND_MIN, 2),
            (3, False, HAND_NARROWEST, 2),
            (3, False, HAND_NARROWEST, 1),
        ):
            self._pad = pad
            self._scores_shown = scores
            self._east_shown = hand_min == HAND_MIN
            rows = [self._cells(i) for i in range(self.first, last)]
            figures = [
                max((row[seat + 2].cell_len for row in rows), default=0)
                for seat in range(len(self.players))
            ]
            self._names = [
                seat_header(sat[seat], figures[seat], least) for seat in range(len(self.players))
            ]
            self._widths = column_widths(rows, ["#", _("Hand"), *self._names], room, hand_min, pad)
            if sum(w + pad for w in self._widths) <= room:
                break
        self._laid_out_for = room
        self._rows = rows
        self._heights = [self._height(cells) for cells in rows]
        self._lines.clear()
        self._header = None
        self._shown_hands = self.hands[self.first : last]
        self._shown_states = self.states[self.first : last + 1]
        self._laid_out()
        self._titles(count)
        self._cursor = max(0, min(focus - self.first, len(rows) - 1))
        self._scroll_to_cursor(False)

    def _height(self, cells: list[Text]) -> int:
        width = self._widths[1]
        if _one_line(cells[1], width):  # the window's rows are measured as it is filled
            return 1
        return max(1, len(by_words(cells[1], width).wrap(self.app.console, width)))

    def _laid_out(self) -> None:
        """The rows' places and the room they take, after rows came or went."""
        tops, top = [], 0
        for height in self._heights:
            tops.append(top)
            top += height
        self._tops = tops
        self.virtual_size = Size(sum(w + self._pad for w in self._widths), 1 + top)
        self.refresh()

    def _titles(self, count: int) -> None:
        first, last = self.first, self.first + len(self._shown_hands)
        system = self.system  # None only before the first show, with no hand shown
        scored = (
            self._scores_shown
            and system is not None
            and any(system.hand_scores(hand) is not None for hand in self._shown_hands)
        )
        self.border_title = self._title(
            scored, bool(count) and self._east_shown, self._laid_out_for
        )
        self.border_subtitle = (
            _("hands {first}-{last} of {count}").format(first=first + 1, last=last, count=count)
            if last - first < count
            else ""
        )

    @staticmethod
    def _title(scored: bool, marked: bool, room: int) -> str:
        """The longest title that fits the border: what the cells hold, and the East mark."""
        east = f" · {EAST} " + _("East") if marked else ""
        titles = (
            [_("Hands: points scored, then the change") + east, _("Hands: points, change") + east]
            if scored
            else []
        )
        titles += [_("Hands") + east, _("Hands")]
        return next((t for t in titles if cell_len(t) + 4 <= room), titles[-1])

    def _cells(self, i: int) -> list[Text]:
        players, hand = self.names_at(i), self.hands[i]
        before, after = self.states[i], self.states[i + 1]
        # A hand is shown once show() has set the system; a state after a hand has its change.
        assert self.system is not None and after.last_change is not None
        what = self.system.describe_hand(hand, players)
        scores = self.system.hand_scores(hand) if self._scores_shown else None
        cells = [
            Text(str(i + 1), justify="right"),
            Text(what, style="dim" if not any(after.last_change) else ""),
        ]
        for seat, delta in enumerate(after.last_change):
            style = colours.signed(delta, "dim")
            if scores is None and not delta:
                cell = Text("—", justify="right", style="dim")
            elif scores is None:
                cell = Text(numbers.change(delta), justify="right", style=style)
            else:
                cell = Text.assemble(
                    f"{scores[seat]} ", (numbers.change(delta), style), justify="right"
                )
            if seat == before.east and self._east_shown:
                cell = Text.assemble((f"{EAST} ", colours.EAST), cell, justify="right")
            cells.append(cell)
        return cells

    # Drawing: rows rendered once, styled as they are drawn.

    def _render_cells(self, cells: list[Text], height: int) -> list[Strip]:
        """``cells`` side by side over ``height`` lines, each padded to its column."""
        console = self.app.console
        columns = []
        for c, (cell, width) in enumerate(zip(cells, self._widths, strict=False)):
            if _one_line(cell, width):
                # A figure fits its column on one line (its width is the widest's), and
                # most descriptions do: padded to the column as wrap would, without wrap's
                # dividing and justifying, which took most of the resumed sheet's rows'
                # drawing.
                line = cell.copy()
                line.align("right" if cell.justify == "right" else "left", width)
                lines = [line]
            else:
                if c == 1:
                    cell = by_words(cell, width)
                lines = cell.wrap(console, width, justify=cell.justify or "left")[:height]
            blank = [Segment(" " * width)]
            # A Text's own style lies under its spans' (Text.render leaves it out).
            columns.append(
                [
                    list(Segment.apply_style(line.render(console), console.get_style(line.style)))
                    for line in lines
                ]
                + [blank] * (height - len(lines))
            )
        strips = []
        for y in range(height):
            segments: list[Segment] = []
            for column in columns:
                segments += [PAD, *column[y], PAD] if self._pad == 2 else [PAD, *column[y]]
            strips.append(Strip(segments, sum(w + self._pad for w in self._widths)))
        return strips

    def _render_row(self, index: int) -> list[Strip]:
        """Hand ``index``'s lines, unstyled (the stripe and cursor come when drawn)."""
        row = index - self.first
        return self._render_cells(self._rows[row], self._heights[row])

    def _row_lines(self, row: int) -> list[Strip]:
        index = self.first + row
        lines = self._lines.get(index)
        if lines is None:
            lines = self._lines[index] = self._render_row(index)
        return lines

    def _header_line(self) -> Strip:
        if self._header is None:
            headers = [
                Text("#", justify="right"),
                Text(_("Hand")),
                *(Text(name, justify="right") for name in self._names),
            ]
            self._header = self._render_cells(headers, 1)[0]
        return self._header

    def _row_style(self, row: int) -> tuple[Style, Style | None]:
        """The style under a row's own (a stripe, the cursor), and over it (the
        cursor's colours, which win over the figures' as on DataTable's cursor)."""
        # The widget's own style only under the odd rows: it is worked out through every
        # ancestor at each call, for each line of the resumed sheet's first frame.
        if (self.first + row) % 2 == 0:
            base = self.get_component_rich_style("hands-table--even-row")
        else:
            base = self.rich_style
        if row != self._cursor or not self._show_cursor:
            return base, None
        cursor = self.get_component_rich_style("hands-table--cursor")
        return base + cursor, Style.from_color(cursor.color, cursor.bgcolor)

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        scroll_x, scroll_y = self.scroll_offset
        if y == 0:  # the header stays on top while the rows scroll
            strip = self._header_line()
            under, over = self.get_component_rich_style("hands-table--header"), None
        else:
            line = scroll_y + y - 1
            row = bisect_right(self._tops, line) - 1
            if not self._rows or row < 0 or line >= self._tops[-1] + self._heights[-1]:
                return Strip.blank(width, self.rich_style)
            strip = self._row_lines(row)[line - self._tops[row]]
            under, over = self._row_style(row)
        # The row's style reaches the widget's edge, past the last column.
        strip = strip.crop_extend(scroll_x, scroll_x + width, None)
        return Strip(Segment.apply_style(strip, under, over), width).simplify()

    def _refresh_row(self, row: int) -> None:
        if 0 <= row < len(self._tops):
            self.refresh_lines(1 + self._tops[row], self._heights[row])

    def _scroll_to_cursor(self, animate: bool) -> None:
        """Scroll the least that shows the whole cursor row under the header."""
        view = self.scrollable_content_region.height - 1
        if not self._rows or view <= 0:
            return
        top = self._tops[self._cursor]
        bottom = top + self._heights[self._cursor]
        y = self.scroll_y
        if top < y:
            y = top
        elif bottom > y + view:
            y = min(top, bottom - view)
        if y != self.scroll_y:
            self.scroll_to(y=y, animate=animate, force=True)

    # Keys and the mouse.

    def action_cursor(self, step: int) -> None:
        self.move_cursor(row=self._cursor + step)

    def action_page(self, direction: int) -> None:
        """Move a screenful of lines up or down."""
        if not self._rows:
            return
        view = max(1, self.scrollable_content_region.height - 1)
        line = self._tops[self._cursor] + direction * view
        self.move_cursor(row=max(0, bisect_right(self._tops, line) - 1))

    def action_first(self) -> None:
        if self.hands:
            self.select_hand(0)

    def action_last(self) -> None:
        if self.hands:
            self.select_hand(len(self.hands) - 1)

    def action_select(self) -> None:
        if self._rows and self._show_cursor:
            self.post_message(self.Selected(self, self.hand_index))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None or offset.y == 0 or not self._rows or not self._show_cursor:
            return
        line = self.scroll_offset.y + offset.y - 1
        row = bisect_right(self._tops, line) - 1
        if row < 0 or line >= self._tops[-1] + self._heights[-1]:
            return
        event.stop()
        if row == self._cursor:
            self.post_message(self.Selected(self, self.hand_index))
        else:
            self.move_cursor(row=row)
