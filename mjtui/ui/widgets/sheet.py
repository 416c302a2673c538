"""The score sheet's layout, shared by the live sheet and the replay."""

from __future__ import annotations

from typing import Unpack

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from mjtui.ui.widgets.hands_table import HandsTable
from mjtui.ui.widgets.options import WidgetOptions
from mjtui.ui.widgets.scoreboard import Scoreboard
from mjtui.ui.widgets.totals_chart import TotalsChart


class ScoreSheet(Vertical):
    """The scoreboard, a status line (#status), the totals chart and the hands."""

    def __init__(self, chart: bool = False, **kwargs: Unpack[WidgetOptions]) -> None:
        super().__init__(**kwargs)
        self.chart_shown = chart

    def compose(self) -> ComposeResult:
        yield Scoreboard(id="scoreboard")
        yield Static("", id="status")
        chart = TotalsChart(id="chart")
        chart.display = self.chart_shown
        yield chart
        yield HandsTable(id="hands")

    def toggle_chart(self) -> None:
        chart = self.query_one(TotalsChart)
        chart.display = not chart.display
