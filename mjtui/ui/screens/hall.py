"""The hall display: a tournament's round, its clock in large digits, the tables still
playing and the standings, to be read from across a hall (a projector, a phone).

:class:`HallScreen` shows a :class:`~mjtui.core.tournament.hall.HallView`: the clock
counts down every second, the standings fill the screen in as many columns as its
width holds and turn their pages every :data:`PAGE_SECONDS` when they do not fit (the
arrows turn them too). ``mjtui tournament hall NAME`` runs it alone in :class:`HallApp`,
read-only, following the tournament's folder as the tables save their hands
(``mjtui tournament serve`` serves that page to browsers); the director's app
(ui/screens/director.py) is this app with the director's keys.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import datetime

from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Digits, Static

from mjtui.core.language import N_, _, ngettext
from mjtui.core.numbers import signed_tenth
from mjtui.core.text import shown
from mjtui.core.tournament.hall import HallFollower, HallLine, HallTeam, HallView
from mjtui.core.tournament.timer import clock_text
from mjtui.ui.laid_out import LaidOutOnce
from mjtui.ui.widgets.footer import Footer

PAGE_SECONDS = 12.0  # a page of the standings stays this long before the next
PLACE_WIDTH = 5  # "▸=12": the cut's mark and a shared place
NAME_WIDTH = 24
# One group of standings: place, name, total, penalty and games, each cell padded by one
# column each side; groups side by side are parted by a column of 2 (4 with its padding).
GROUP_WIDTH = PLACE_WIDTH + NAME_WIDTH + 7 + 5 + 2 + 2 * 5
GROUP_GAP = 4
RAW_WIDTH = 6  # the raw beside the total, where the system ranks by it (a game score)

CSS = """
HallScreen { background: $background; }
HallScreen #hall-title { height: 1; padding: 0 1; }
HallScreen #hall-top { height: auto; padding: 0 1; }
HallScreen #hall-clock { width: auto; min-width: 20; text-style: bold; margin: 0 2 0 0; }
HallScreen #hall-tables { width: 1fr; height: auto; }
HallScreen #hall-standings { height: 1fr; padding: 0 1; }
HallScreen #hall-note { height: auto; max-height: 3; padding: 0 1; color: $text-muted; }
"""


def tables_text(numbers: tuple[int, ...]) -> str:
    return ", ".join(map(str, numbers)) if numbers else _("none")


class HallScreen(LaidOutOnce, Screen[None]):
    DEFAULT_CSS = CSS
    BINDINGS = [
        Binding("right,pagedown", "page(1)", "Next page (← back)", key_display="→"),
        # Shown with the one above, so the director's keys fit an 80-column footer too.
        Binding("left,pageup", "page(-1)", "Page before", key_display="←", show=False),
    ]

    def __init__(self, now: Callable[[], datetime] | None = None) -> None:
        super().__init__()
        self.view: HallView | None = None
        self.note = ""
        self.page = 0
        self.now = now or (lambda: datetime.now().astimezone())
        self.ready = False

    def compose(self) -> ComposeResult:
        yield Static("", id="hall-title")
        with Horizontal(id="hall-top"):
            yield Digits("", id="hall-clock")
            yield Static("", id="hall-tables")
        yield Static("", id="hall-standings")
        yield Static("", id="hall-note")
        yield Footer()

    def on_mount(self) -> None:
        self.ready = True
        self.show(self.view, self.note)

    def on_resize(self, event: events.Resize | None = None) -> None:
        self.call_after_refresh(self._show_standings)

    def action_page(self, step: int) -> None:
        self.turn_page(step)

    def turn_page(self, step: int = 1) -> None:
        pages = self.pages()
        self.page = (self.page + step) % pages if pages > 1 else 0
        self._show_standings()

    def show(self, view: HallView | None, note: str = "") -> None:
        self.view, self.note = view, note
        if not self.ready:
            return
        self.query_one("#hall-note", Static).update(Text(shown(note)))
        if view is None:
            self.query_one("#hall-title", Static).update(Text(_("Nothing to show yet")))
            self.query_one("#hall-tables", Static).update("")
            self.query_one("#hall-standings", Static).update("")
            self.query_one("#hall-clock", Digits).update("")
            return
        of = (
            _("round {n} of {rounds}").format(n=view.number, rounds=view.rounds)
            if view.number
            else _("no round seated yet")
        )
        self.query_one("#hall-title", Static).update(
            Text.assemble((f" {view.name} ", "bold reverse"), f"  {of} · {view.ruleset}")
        )
        self.tick()
        self._show_standings()

    def tick(self) -> None:
        """The clock and the tables' times, as of now (every second)."""
        view = self.view
        if not self.ready or view is None:
            return
        found = self.query("#hall-clock").results(Digits)
        digits = next(found, None)
        if digits is None:
            return  # the screen is closing: its timer's last tick finds no clock to set
        now = self.now()
        clock = view.clock
        lines = Text()
        digits.display = bool(view.minutes)  # no clock at all: no digits waiting for one
        if not view.minutes:
            lines.append(_("No round clock (the tournament has no round length)") + "\n", "bold")
        elif clock is None:
            digits.update("--:--")
            lines.append(_("The round's clock has not been started") + "\n", "bold")
        else:
            left = clock.ends - now
            digits.update(clock_text(left) if left.total_seconds() > 0 else "0:00")
            said = (
                _("Round {n}: {left} left (from {start}, {minutes} min)")
                if left.total_seconds() > 0
                else _("Round {n}: {left} (from {start}, {minutes} min)")
            )
            lines.append(
                said.format(
                    n=view.number,
                    left=clock_text(left),
                    start=f"{clock.started:%H:%M}",
                    minutes=clock.minutes,
                )
                + "\n",
                "bold",
            )
            for c in clock.tables:
                if c.extra:
                    lines.append(
                        _("Table {n} +{extra} min: {left}").format(
                            n=c.table, extra=c.extra, left=clock_text(c.left(now))
                        )
                        + "\n",
                        "bold",
                    )
        if view.number:
            lines.append(_("Still playing:") + " ", "bold")
            lines.append(tables_text(view.playing) + "\n")
            if view.waiting:
                lines.append(_("Not started:") + " ", "bold")
                lines.append(tables_text(view.waiting) + "\n")
            lines.append(_("Finished:") + " ", "bold")
            lines.append(tables_text(view.finished))
        self.query_one("#hall-tables", Static).update(lines)

    # The standings, in pages

    def _gone(self) -> bool:
        """Whether the standings' area has been taken away (the screen is closing): a
        page timer or a resize that comes after finds nothing to draw."""
        return next(self.query("#hall-standings").results(Static), None) is None

    def _fit(self) -> tuple[int, int]:
        """Rows and groups of columns the standings' space holds (at least one each)."""
        area = self.query_one("#hall-standings", Static)
        width = max(area.size.width, area.content_size.width)
        rows = max(1, area.content_size.height - 2)  # less the heading and the columns
        group = GROUP_WIDTH + (RAW_WIDTH + 2 if self.view is not None and self.view.raw else 0)
        return rows, max(1, (width + GROUP_GAP) // (group + GROUP_GAP))

    def _together(self, rows: int) -> bool:
        """Whether the teams fit under the players on one page (a heading and the
        columns' names between), the players in one column."""
        view = self.view
        return (
            view is not None
            and bool(view.teams)
            and (len(view.lines) + 2 + len(view.teams) <= rows)
        )

    def _page_counts(self) -> tuple[int, int]:
        """The pages of the players' standings, and then of the teams' (0: no teams, or
        the teams under the players on their page)."""
        if self.view is None or not self.ready or self._gone():
            return 1, 0
        rows, groups = self._fit()
        if self._together(rows):
            return 1, 0
        per_page = rows * groups
        return (
            max(1, math.ceil(len(self.view.lines) / per_page)),
            math.ceil(len(self.view.teams) / per_page),
        )

    def pages(self) -> int:
        return sum(self._page_counts())

    def _show_standings(self) -> None:
        view = self.view
        if not self.ready or view is None or self._gone():
            return
        rows, groups = self._fit()
        per_page = rows * groups
        players, teams = self._page_counts()
        pages = players + teams
        self.page = min(self.page, pages - 1)
        on_teams = self.page >= players
        rows_of: tuple[HallLine, ...] | tuple[HallTeam, ...] = (
            view.teams if on_teams else view.lines
        )
        start = (self.page - players if on_teams else self.page) * per_page
        shown_lines = rows_of[start : start + per_page]
        page = (
            " · " + _("page {n} of {pages}").format(n=self.page + 1, pages=pages)
            if pages > 1
            else ""
        )
        parts: list[Text | Table] = [self._heading(view, shown_lines, on_teams, page)]
        if shown_lines:
            parts.append(self._table(shown_lines, rows, groups, bool(view.raw)))
        if not on_teams and self._together(rows):
            parts += [
                self._heading(view, view.teams, True, ""),
                self._table(view.teams, rows, 1, bool(view.raw)),
            ]
        from rich.console import Group

        self.query_one("#hall-standings", Static).update(Group(*parts))

    def _heading(
        self,
        view: HallView,
        lines: tuple[HallLine, ...] | tuple[HallTeam, ...],
        teams: bool,
        page: str,
    ) -> Text:
        return Text.assemble(
            (_("Team standings") if teams else _("Standings"), "bold"),
            " " + _("after round {n}").format(n=view.number) + page if view.number else "",
            "  * " + _("still playing") if any(x.playing for x in lines) else "",
            "  ▸ " + _("the first {n} go on").format(n=view.cut) if view.cut and not teams else "",
        )

    def _table(
        self,
        lines: tuple[HallLine, ...] | tuple[HallTeam, ...],
        rows: int,
        groups: int,
        raw: bool,
    ) -> Table:
        """``lines`` in columns of ``rows``, at most ``groups`` of them side by side."""
        on_teams = bool(lines) and isinstance(lines[0], HallTeam)
        groups = max(1, min(groups, math.ceil(len(lines) / rows)))
        table = Table(box=None, padding=(0, 1), show_edge=False, expand=False)
        for g in range(groups):
            table.add_column("#", justify="right", width=PLACE_WIDTH)
            table.add_column(
                _("Team") if on_teams else _("Player"),
                width=NAME_WIDTH,
                no_wrap=True,
                overflow="ellipsis",
            )
            table.add_column(_("Total"), justify="right", width=7)
            if raw and self.view is not None:
                table.add_column(self.view.raw, justify="right", width=RAW_WIDTH)
            # Abbreviations: the players of a team; a player's penalty and games.
            table.add_column(_("Pl.") if on_teams else _("Pen."), justify="right", width=5)
            table.add_column("" if on_teams else _("G"), justify="right", width=2)
            if g < groups - 1:
                table.add_column("", width=2)
        for i in range(min(rows, len(lines))):
            cells: list[Text | str] = []
            for g in range(groups):
                at = g * rows + i
                line = lines[at] if at < len(lines) else None
                cells += self._cells(line, raw)
                if g < groups - 1:
                    cells.append("")
            table.add_row(*cells)
        return table

    def _cells(self, line: HallLine | HallTeam | None, raw: bool) -> list[Text | str]:
        if line is None:
            return [""] * (6 if raw else 5)
        in_cut = isinstance(line, HallLine) and line.in_cut
        style = "bold green" if in_cut else "bold"
        cells: list[Text | str] = [
            # The cut marked in any colour or none (a projector may show no green).
            Text(("▸" if in_cut else "") + line.place, style=style),
            Text(line.name, style="bold"),
            Text(signed_tenth(line.total) + ("*" if line.playing else " "), style="bold"),
        ]
        if raw:
            cells.append(Text(f"{line.raw:+d}" if line.raw else "0"))
        if isinstance(line, HallTeam):
            return [*cells, Text(str(line.players)), ""]
        return [
            *cells,
            Text(f"{-line.penalty:.1f}" if line.penalty else ""),
            Text(str(line.games)),
        ]


class HallApp(App[None]):
    """`mjtui tournament hall NAME`: the hall display alone, read-only, following the
    tournament's folder."""

    TITLE = "mjtui hall"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("q", "quit", "Quit")]
    POLL = 1.0  # seconds between looks at the folder (sizes and times: cheap)
    MODE = N_("read-only")  # said on the note line

    startup_error: str | None = None  # what `mjtui` says when the app stopped at start-up

    def __init__(self, follower: HallFollower, served: bool = False) -> None:
        super().__init__()
        self.follower = follower
        self.hall = HallScreen()
        # The hall page of `tournament serve` (a projector's, anyone's): no key ends it,
        # a stray q would leave the hall blank; closing the page is how one leaves.
        self.served = served

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "quit" and self.served:
            return False
        return super().check_action(action, parameters)

    def release_sessions(self) -> None:
        """Nothing to let go of: the hall takes no lock."""

    def on_mount(self) -> None:
        self.push_screen(self.hall)
        self.refresh_hall(force=True)
        self.set_interval(self.POLL, self.refresh_hall)
        self.set_interval(1.0, self.hall.tick)
        self.set_interval(PAGE_SECONDS, self.hall.turn_page)

    def refresh_hall(self, force: bool = False) -> None:
        """Look at the folder; show it again if anything changed (never raises)."""
        if not self.follower.poll() and not force:
            return
        when = datetime.now().strftime("%H:%M:%S")
        note = _("{folder}: read at {when} ({mode})").format(
            folder=self.follower.folder.name, when=when, mode=_(self.MODE)
        )
        if self.follower.error:
            note += " · " + _("not read just now: {error}").format(error=self.follower.error)
        view = self.follower.view
        if view is not None and view.notes:
            note += " · " + ngettext(
                "{n} note: {note}", "{n} notes: {note}", len(view.notes)
            ).format(n=len(view.notes), note=view.notes[0])
        self.hall.show(view, note)
