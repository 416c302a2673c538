"""Read-only replay: step through a saved session hand by hand."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Header, Static

from mjtui.core.language import _
from mjtui.core.model.session import Session
from mjtui.core.text import shown
from mjtui.ui.laid_out import LaidOutOnce
from mjtui.ui.widgets.footer import Footer
from mjtui.ui.widgets.hands_table import HandsTable
from mjtui.ui.widgets.scoreboard import Scoreboard
from mjtui.ui.widgets.sheet import ScoreSheet
from mjtui.ui.widgets.totals_chart import TotalsChart


class ReplayScreen(LaidOutOnce, Screen[None]):
    BINDINGS = [
        # Priority: the hands table would otherwise take the arrow keys.
        Binding("left", "step(-1)", "Back", priority=True),
        Binding("right", "step(1)", "Forward", priority=True),
        Binding("home", "jump(0)", "Start", priority=True),
        Binding("end", "jump(-1)", "End", priority=True),
        Binding("pageup", "step(-10)", "-10", priority=True),
        Binding("pagedown", "step(10)", "+10", priority=True),
        Binding("g", "chart", "Chart"),
        Binding("q,escape", "app.quit", "Quit"),
    ]

    position: reactive[int] = reactive(0, init=False)  # hands played so far, 0 = the start

    def __init__(self, session: Session, name: str) -> None:
        super().__init__()
        self.session = session
        self.file_name = shown(name)  # a file name: anything but a control goes
        self.states = session.states()

    def compose(self) -> ComposeResult:
        yield Header()
        yield ScoreSheet(chart=True, id="sheet")
        yield Footer()

    def on_mount(self) -> None:
        self.title = _("Replay · {ruleset}").format(ruleset=self.session.ruleset.rules.name_said())
        self.sub_title = self.file_name.removesuffix(".toml")
        self.query_one(HandsTable).show(self.session, self.states)
        self.query_one(TotalsChart).plot(
            self.session.current_players, [s.totals for s in self.states]
        )
        self.query_one(HandsTable).focus()
        self.position = len(self.session.hands)
        self.watch_position(self.position)

    def watch_position(self, position: int) -> None:
        # Seat changes: the names of the next hand, the hand just played its own.
        players = self.session.names_at(position)
        state = self.states[position]
        self.query_one(Scoreboard).show(players, state)
        self.query_one(TotalsChart).position = position
        total = len(self.session.hands)
        if position == 0:
            where = Text.assemble(
                (_("Before the first hand"), "bold"),
                " " + _("({n} in the file)").format(n=total),
            )
        else:
            hand = self.session.hands[position - 1]
            played = self.session.names_at(position - 1)
            east = played[self.states[position - 1].east]
            won = self.session.ruleset.system.describe_hand(hand, played)
            where = Text.assemble(
                (_("After hand {n} of {total}").format(n=position, total=total), "bold"),
                " " + _("({hand}, East {player})").format(hand=won, player=east),
            )
        self.query_one("#status", Static).update(
            Text.assemble(where, " · " + _("next East:") + " ", (players[state.east], "bold"))
        )
        table = self.query_one(HandsTable)
        table.show_cursor = position > 0
        if position > 0:
            table.select_hand(position - 1)

    def action_step(self, delta: int) -> None:
        self.position = max(0, min(len(self.session.hands), self.position + delta))

    def action_chart(self) -> None:
        self.query_one(ScoreSheet).toggle_chart()

    def on_totals_chart_picked(self, message: TotalsChart.Picked) -> None:
        self.position = message.position

    def action_jump(self, where: int) -> None:
        self.position = len(self.session.hands) if where < 0 else where
