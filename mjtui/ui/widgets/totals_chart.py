"""A line chart of each player's running total, drawn with braille dots.

Each terminal cell holds a 2x4 grid of braille dots, so an 80-column pane
gives about 150 points across: enough to see the shape of a long series.
Each player's line also carries its own marker every few columns, the same
one as in the legend, so the chart reads without colour too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Unpack

from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from mjtui.core.language import N_, _
from mjtui.ui import colours, numbers
from mjtui.ui.widgets.options import WidgetOptions

COLORS = colours.SERIES
MARKERS = ("●", "■", "▲", "◆")  # one per seat, on the line and in the legend
_MARK_EVERY = 12  # columns between two markers of one line
# Braille dot bits by (column, row) inside one cell.
_DOT = ((0x01, 0x02, 0x04, 0x40), (0x08, 0x10, 0x20, 0x80))
_LEFT = 8  # columns kept for the axis labels


def braille_lines(
    series: Sequence[Sequence[int]], width: int, height: int, low: int, high: int
) -> list[list[tuple[int, int]]]:
    """Rows of (dot bits, series index of the last line through the cell)."""
    cells = [[(0, -1) for _x in range(width)] for _y in range(height)]
    px_w, px_h = width * 2, height * 4
    span = max(high - low, 1)

    def dot(x: int, y: int, owner: int) -> None:
        if 0 <= x < px_w and 0 <= y < px_h:
            bits, _owner = cells[y // 4][x // 2]
            cells[y // 4][x // 2] = (bits | _DOT[x % 2][y % 4], owner)

    for owner, values in enumerate(series):
        points = [(x, round((high - v) * (px_h - 1) / span)) for x, v in _per_column(values, px_w)]
        for (x0, y0), (x1, y1) in zip(points, points[1:] or points, strict=False):
            steps = max(abs(x1 - x0), abs(y1 - y0), 1)
            for s in range(steps + 1):
                dot(x0 + (x1 - x0) * s // steps, y0 + (y1 - y0) * s // steps, owner)
    return cells


def marker_cells(
    series: Sequence[Sequence[int]], width: int, height: int, low: int, high: int
) -> dict[tuple[int, int], int]:
    """{(row, column): series index} where each line shows its marker.

    The lines' markers are staggered across the columns, so lines that run
    together (equal totals) still show each of their markers in turn.
    """
    marks: dict[tuple[int, int], int] = {}
    if not series or width < 1:
        return marks
    px_w, px_h = width * 2, height * 4
    span = max(high - low, 1)
    every = max(min(_MARK_EVERY, width // 2), len(series))
    step = every / len(series)
    for owner, values in enumerate(series):
        count = max(len(values) - 1, 1)
        column = round(owner * step + step / 2)
        while column < width:
            i = min(round(column * 2 * count / max(px_w - 1, 1)), len(values) - 1)
            row = round((high - values[i]) * (px_h - 1) / span) // 4
            marks.setdefault((row, column), owner)
            column += every
    return marks


def _per_column(values: Sequence[int], px_w: int) -> list[tuple[int, int]]:
    """(dot column, value) points to draw; where many hands share a column, only
    the first, lowest, highest and last of them, which draw the same strokes."""
    count = max(len(values) - 1, 1)
    points: list[tuple[int, int]] = []
    column: list[tuple[int, int]] = []
    for i, v in enumerate(values):
        x = round(i * (px_w - 1) / count)
        if column and column[0][0] != x:
            points += _outline(column)
            column = []
        column.append((x, v))
    return points + _outline(column)


def _outline(column: list[tuple[int, int]]) -> list[tuple[int, int]]:
    if len(column) <= 4:
        return column
    low = min(range(len(column)), key=lambda i: column[i][1])
    high = max(range(len(column)), key=lambda i: column[i][1])
    keep = sorted({0, low, high, len(column) - 1})
    return [column[i] for i in keep]


class TotalsChart(Widget):
    """Running totals per player; the hand shown in the replay is marked."""

    DEFAULT_CSS = """
    TotalsChart { height: 1fr; min-height: 5; border: round $primary-darken-2; }
    """
    BORDER_TITLE = N_("Running totals")  # said in the language spoken (__init__)
    position: reactive[int] = reactive(0)

    class Picked(Message):
        """The user clicked the chart at a hand (0 = before the first)."""

        def __init__(self, position: int) -> None:
            super().__init__()
            self.position = position

    def __init__(self, **kwargs: Unpack[WidgetOptions]) -> None:
        super().__init__(**kwargs)
        self.border_title = _(self.BORDER_TITLE)
        self.names: tuple[str, ...] = ()
        self.totals: list[tuple[int, ...]] = []

    def plot(self, names: tuple[str, ...], totals: list[tuple[int, ...]]) -> None:
        """``totals`` holds the table's totals before the first hand, then after each."""
        self.names, self.totals = names, totals
        self.refresh()

    def label(self, value: int) -> str:
        """A value on the axis, as the chart's numbers are read."""
        return numbers.points(value)

    def watch_position(self) -> None:
        self.refresh()

    def on_click(self, event: events.Click) -> None:
        width = self.content_size.width - _LEFT
        if self.totals and width > 0:
            column = min(max(event.x - _LEFT, 0), width - 1)
            count = len(self.totals) - 1
            self.post_message(self.Picked(round(column * count / max(width - 1, 1))))

    def render(self) -> Text:
        width, height = self.content_size.width - _LEFT, self.content_size.height - 1
        if not self.totals or width < 4 or height < 2:
            return Text("")
        series = [[t[seat] for t in self.totals] for seat in range(len(self.names))]
        low = min(min(s) for s in series)
        high = max(max(s) for s in series)
        cells = braille_lines(series, width, height, low, high)
        marks = marker_cells(series, width, height, low, high)
        count = max(len(self.totals) - 1, 1)
        marker = round(self.position * (width * 2 - 1) / count) // 2
        out = Text(no_wrap=True, overflow="crop")
        for row, line in enumerate(cells):
            label = self.label(high) if row == 0 else (self.label(low) if row == height - 1 else "")
            out.append(f"{label:>{_LEFT - 1}} ", style="dim")
            for col, (bits, owner) in enumerate(line):
                char = chr(0x2800 + bits)
                if (row, col) in marks:
                    owner = marks[row, col]
                    char = MARKERS[owner % len(MARKERS)]
                style = Style(color=COLORS[owner % len(COLORS)]) if owner >= 0 else Style()
                if col == marker:
                    style += Style(bgcolor="grey23")
                out.append(char, style)
            out.append("\n")
        out.append(" " * _LEFT)
        for seat, name in enumerate(self.names):
            color = COLORS[seat % len(COLORS)]
            out.append(f"{MARKERS[seat % len(MARKERS)]} ", Style(color=color, bold=True))
            out.append(f"{name}  ")
        return out
