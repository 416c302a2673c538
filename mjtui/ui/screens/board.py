"""The table display: each seat's total in large digits, its wind and the dealer, the
round and the sticks, to be read from across the table.

:class:`BoardScreen` shows a :class:`~mjtui.core.reports.board.BoardView`. The score sheet
opens it with `t` (and `t` or Esc goes back); ``mjtui board FILE`` runs it alone in
:class:`BoardApp`, read-only, following the file as the scorer's mjtui saves hands
(``mjtui serve`` serves that to browsers).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Vertical
from textual.screen import Screen
from textual.widgets import Digits, Header, Static

from mjtui.core.language import _, ngettext
from mjtui.core.reports.board import BoardView, Seat, SessionFollower, board_view
from mjtui.core.rulesets.ruleset import Ruleset
from mjtui.core.systems.winds import WINDS, wind_name
from mjtui.core.text import shown
from mjtui.ui import numbers
from mjtui.ui.laid_out import LaidOutOnce
from mjtui.ui.widgets.footer import Footer

DEALER = "●"
SEATS = 4  # panels made; a table of fewer seats hides the rest

CSS = """
BoardScreen { background: $background; }
BoardScreen #board-round { height: 2; padding: 0 1; }
BoardScreen #board-seats {
    grid-size: 2; grid-gutter: 0 1; grid-rows: 1fr; height: 1fr; padding: 0 1;
}
/* The panels share the height below the round, their figures in the middle: the
   lower part of a tall window is not left empty. */
BoardScreen .seat {
    border: round $primary; height: 1fr; padding: 0 1; align-vertical: middle;
}
BoardScreen .seat.dealer { border: double $accent; }
BoardScreen .seat-name { height: 1; text-align: center; }
BoardScreen .seat-total { width: 1fr; text-align: center; text-style: bold; }
BoardScreen .seat-change { height: 1; color: $text-muted; text-align: center; }
BoardScreen #board-note { height: auto; padding: 0 1; color: $text-muted; }
"""


class SeatPanel(Vertical):
    def compose(self) -> ComposeResult:
        yield Static("", classes="seat-name")
        yield Digits("", classes="seat-total")
        yield Static("", classes="seat-change")


class BoardScreen(LaidOutOnce, Screen[None]):
    DEFAULT_CSS = CSS
    BINDINGS = [Binding("t,escape", "close", "Back to the sheet", key_display="esc")]

    def __init__(
        self, view: BoardView | None = None, *, closable: bool = True, following: str = ""
    ) -> None:
        super().__init__()
        self.following = following  # the file followed, named in the header
        self.view = view
        self.closable = closable  # from the sheet; `mjtui board` has nothing to go back to
        self.note = ""
        self.ready = False  # composed: show() paints at once

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="board-round")
        with Grid(id="board-seats"):
            for seat in range(SEATS):
                yield SeatPanel(classes="seat", id=f"seat-{seat}")
        yield Static("", id="board-note")
        yield Footer()

    def on_mount(self) -> None:
        self.title = _("Board")
        self.ready = True
        self.show(self.view, self.note)

    def on_resize(self, event: events.Resize) -> None:
        self.show(self.view, self.note)  # the dealer's mark is drawn for the width

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.closable if action == "close" else True

    def action_close(self) -> None:
        self.dismiss(None)

    def show(self, view: BoardView | None, note: str = "") -> None:
        self.view, self.note = view, note
        if not self.ready:
            return
        self.query_one("#board-note", Static).update(Text(note))
        if view is None:
            self.query_one("#board-round", Static).update(Text(_("Nothing to show yet")))
            for seat in range(SEATS):
                self.query_one(f"#seat-{seat}").display = False
            return
        self.sub_title = " · ".join(filter(None, (view.ruleset, self.following)))
        line = view.line.removeprefix(view.round).removeprefix(" · ")  # the round is above
        said_round = view.round
        if line == view.line and " · " in line:  # the line says the round in its language
            said_round, _sep, line = line.partition(" · ")
        # Once over, the round a state would play next is none: the board says so.
        shown_round = _("Game over") if view.finished else said_round
        self.query_one("#board-round", Static).update(
            Text.assemble(
                (f" {shown_round} ", "bold reverse"),
                "  " + _("{n} played").format(n=view.hands) + "\n",
                (line, "bold"),
            )
        )
        for seat in range(SEATS):
            panel = self.query_one(f"#seat-{seat}", SeatPanel)
            panel.display = seat < len(view.seats)
            if seat < len(view.seats):
                self._show_seat(panel, view.seats[seat])

    def _show_seat(self, panel: SeatPanel, seat: Seat) -> None:
        panel.set_class(seat.dealer, "dealer")
        # Narrower than 80 columns (a phone) the mark alone: with the word, the name
        # would take a second line and push the last hand's change out of the panel.
        word = " " + _("dealer") if self.app.size.width >= 80 else ""
        mark = f" {DEALER}{word}" if seat.dealer else ""
        wind = wind_name(WINDS.index(seat.wind)) if seat.wind in WINDS else seat.wind
        panel.query_one(".seat-name", Static).update(
            Text.assemble(
                (f"{wind}{mark}", "bold reverse" if seat.dealer else "bold"),
                "  ",
                Text(
                    seat.name,
                    style="bold" if seat.leader else "",
                    overflow="ellipsis",
                    no_wrap=True,
                ),
            )
        )
        panel.query_one(Digits).update(numbers.points(seat.total))  # 25,000 read at a glance
        # The lead first: on a phone's narrow line the last hand's change may be cut.
        parts = [_("leads")] if seat.leader else []
        if seat.change is not None:
            parts.append(_("last hand {change}").format(change=numbers.change(seat.change)))
        panel.query_one(".seat-change", Static).update(Text(" · ".join(parts)))


class BoardApp(App[None]):
    """`mjtui board FILE`: the board alone, read-only, following the file."""

    TITLE = "mjtui board"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("q", "quit", "Quit")]
    POLL = 0.5  # seconds between looks at the file (its size and time: cheap)

    startup_error: str | None = None  # what `mjtui` says when the app stopped at start-up

    def __init__(
        self,
        path: Path,
        find_ruleset: Callable[[str], Ruleset],
        *,
        follower: SessionFollower | None = None,
    ) -> None:
        super().__init__()
        self.path = path
        self.follower = follower or SessionFollower(path, find_ruleset)
        self.board = BoardScreen(closable=False, following=shown(path.name))

    def release_sessions(self) -> None:
        """Nothing to let go of: the board takes no lock."""

    def on_mount(self) -> None:
        self.push_screen(self.board)
        self.refresh_board()
        self.set_interval(self.POLL, self.refresh_board)

    def refresh_board(self) -> None:
        """Look at the file; show it again if it changed (never raises)."""
        if not self.follower.poll() and self.board.view is not None:
            return
        followed = self.follower.followed
        view = board_view(followed.session) if followed.session is not None else None
        when = datetime.now().strftime("%H:%M:%S")
        note = _("Following {file} (read-only) · read at {when}").format(
            file=self.path.name, when=when
        )
        if followed.problems:
            n = len(followed.problems)
            note += " · " + ngettext(
                "{n} hand not read: {problem}", "{n} hands not read: {problem}", n
            ).format(n=n, problem=followed.problems[0])
        if followed.error:
            note += " · " + _("not read just now: {error}").format(error=followed.error)
        self.board.show(view, shown(note))  # the file's name and its problems
