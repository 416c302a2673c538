"""The score sheet's layout, shared by the live sheet and the replay."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Static

from mjtui.ui.widgets.hands_table import HandsTable
from mjtui.ui.widgets.scoreboard import Scoreboard


class ScoreSheet(Vertical):
    """The scoreboard, a status line (#status) and the history of hands."""

    def compose(self) -> ComposeResult:
        yield Scoreboard(id="scoreboard")
        yield Static("", id="status")
        yield HandsTable(id="hands")
