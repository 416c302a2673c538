"""The session library: every saved series, to resume, replay, compare or delete.

Every file is listed, damaged ones too: a file with hands that could not be
read is marked ``!`` and its problem is shown under the list when it is
highlighted; a file that cannot be read at all is marked ``✗``, and trying
to open it says why. Deleting moves the file to the trash folder, from
which the trash view (``t``) puts it back.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Unpack

from rich.cells import cell_len
from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import DataTable, Header, Input, Label, Select, Static

from mjtui import paths
from mjtui.core.errors import MjtuiError
from mjtui.core.language import N_, _, ngettext
from mjtui.core.model.session import Session
from mjtui.core.sessions.library import (
    FindRuleset,
    SessionSummary,
    SummaryCache,
    filter_summaries,
    list_trash,
    move_to_trash,
    restore,
    ruleset_choices,
    ruleset_finder,
    scan,
)
from mjtui.core.sessions.lock import SessionInUse
from mjtui.core.sessions.scorebook import Scorebook, open_scorebook
from mjtui.core.sessions.session_file import load_session
from mjtui.core.text import shown
from mjtui.ui import colours, numbers
from mjtui.ui.laid_out import LaidOutOnce
from mjtui.ui.screens.confirm import ConfirmScreen
from mjtui.ui.screens.league import LeagueScreen
from mjtui.ui.screens.replay import ReplayScreen
from mjtui.ui.screens.score import ScoreScreen
from mjtui.ui.screens.stats import StatsScreen
from mjtui.ui.screens.whatif import WhatIfScreen
from mjtui.ui.widgets.footer import Footer
from mjtui.ui.widgets.hands_table import HandsTable
from mjtui.ui.widgets.options import WidgetOptions
from mjtui.ui.widgets.text_field import TextField

ALL = ""  # the ruleset filter's "all rulesets" value
COLUMNS = (
    (" ", "mark"),
    (N_("Date"), "date"),
    (N_("Ruleset"), "ruleset"),
    (N_("Players"), "players"),
    (N_("Hands"), "hands"),
    (N_("Leader"), "leader"),
)
"""The list's columns: each heading (said in the language spoken) and its key."""
PLAYERS_MIN = 12  # the players' column gets at least this, the list scrolls sideways if need be
LEADER_MAX = 12  # a longer lead (a tie of long names) wraps

EMPTY_LIBRARY = N_(
    "No saved series yet. Start one with the command mjtui (the new series form): "
    "every series is saved from its first moment and shows up here."
)
EMPTY_TRASH = N_("The trash is empty: deleted series are kept here until you restore them.")


def when(summary: SessionSummary) -> str:
    return f"{summary.started:%Y-%m-%d %H:%M}" if summary.started else "?"


def detail(summary: SessionSummary | None) -> Text:
    """The lines under the list for the highlighted file: where it is, the totals, the
    problem. Names and paths go in as plain text, never as markup."""
    if summary is None:
        return Text("")
    out = Text(shown(str(summary.path)), style="dim")
    if summary.table:
        out.append(f" · {summary.table}")
    if summary.readable:
        out.append("\n")
        if summary.ruleset_name:
            out.append(f"{summary.ruleset_name}: ")
        if summary.hands:
            for seat, (name, total) in enumerate(
                zip(summary.players, summary.totals, strict=False)
            ):
                if seat:
                    out.append(" · ")
                style = "bold" if name in summary.leaders else ""
                out.append(f"{name} {numbers.points(total)}", style=style)
            out.append(" ")
            out.append(
                ngettext("after {n} hand", "after {n} hands", summary.hands).format(n=summary.hands)
            )
        else:
            out.append(
                _("{players}: no hand played yet").format(players=", ".join(summary.players))
            )
    if summary.error is not None:
        out.append("\n✗ " + _("cannot be read:") + " ", style=f"bold {colours.LOSS}")
        out.append(shown(summary.error, lines=True), style=colours.LOSS)
    elif summary.problems:
        more = len(summary.problems) - 1
        out.append("\n! " + _("damaged:") + " ", style=f"bold {colours.WARN}")
        out.append(shown(summary.problems[0], lines=True), style=colours.WARN)
        if more:
            out.append(
                " "
                + ngettext("(and {n} more problem)", "(and {n} more problems)", more).format(
                    n=more
                ),
                style=colours.WARN,
            )
    return out


class SessionList(DataTable[Text]):
    """One row per session file: a mark, the date, ruleset, players, hands and leader."""

    BINDINGS = [Binding("enter", "select_cursor", "Resume")]

    def __init__(self, **kwargs: Unpack[WidgetOptions]) -> None:
        super().__init__(cursor_type="row", zebra_stripes=True, **kwargs)
        self.summaries: list[SessionSummary] = []
        self._laid_out_for = 0

    def on_resize(self, event: events.Resize) -> None:
        if self.summaries and self._room() != self._laid_out_for:
            current = self.current
            self.show(self.summaries, current.path if current else None)

    def _room(self) -> int:
        """The width inside the border, a vertical scrollbar's width kept free."""
        width = self.size.width or self.app.size.width - self.styles.gutter.width
        return width - self.styles.scrollbar_size_vertical

    def show(self, summaries: list[SessionSummary], keep: Path | None = None) -> None:
        """List the summaries, keeping the cursor on ``keep`` (or its row) if possible.

        The columns fit what they hold; the players take the rest of the width
        and, like a shared lead, wrap rather than being cut.
        """
        row = self.cursor_row
        self.summaries = summaries
        rows = [self._cells(s) for s in summaries]
        room = self._laid_out_for = self._room()
        heads = [_(head) if head.strip() else head for head, _key in COLUMNS]
        widths = [
            max([cell_len(head), *(r[c].cell_len for r in rows)]) for c, head in enumerate(heads)
        ]
        widths[5] = min(widths[5], LEADER_MAX)
        widths[3] = max(PLAYERS_MIN, room - sum(w + 2 for c, w in enumerate(widths) if c != 3) - 2)
        self.clear(columns=True)
        for head, (_head, key), width in zip(heads, COLUMNS, widths, strict=False):
            label = Text(head, justify="right") if key == "hands" else head
            self.add_column(label, key=key, width=width)
        console = self.app.console
        for s, cells in zip(summaries, rows, strict=False):
            height = max(len(cells[c].wrap(console, widths[c])) for c in (3, 5))
            self.add_row(*cells, key=str(s.path), height=height)
        if not summaries:
            return
        where = [s.path for s in summaries]
        if keep in where:
            row = where.index(keep)
        self.move_cursor(row=max(0, min(row, len(summaries) - 1)), animate=False)

    @property
    def current(self) -> SessionSummary | None:
        if not self.summaries or not 0 <= self.cursor_row < len(self.summaries):
            return None
        return self.summaries[self.cursor_row]

    @staticmethod
    def _cells(s: SessionSummary) -> list[Text]:
        if s.error is not None:
            mark = Text("✗", style=f"bold {colours.LOSS}")
        elif s.problems:
            mark = Text("!", style=f"bold {colours.WARN}")
        else:
            mark = Text(" ")
        # The id, short and exact (two rulesets may share a name); the detail
        # under the list names it in full.
        ruleset = s.ruleset_id or s.ruleset_name or "?"
        if not s.readable:
            hands = Text("?", justify="right", style="dim")
            leader = Text(_("cannot read"), style=colours.LOSS)
        else:
            hands = Text(str(s.hands), justify="right")
            leader = Text(s.leader) if s.leaders else Text("—", style="dim")
        return [
            mark,
            Text(when(s), style="" if s.started else "dim"),
            Text(ruleset),
            Text(", ".join(s.players) if s.players else "?"),
            hands,
            leader,
        ]


class TrashList(SessionList):
    BINDINGS = [Binding("enter", "select_cursor", "Restore")]


# Opened from the library, the score sheet and the replay go back to it with
# Esc (after a first Esc has put the keys back on the hands, as the score
# sheet's own Esc does from the calculator); q still quits, but its footer
# place goes to Esc, and the footer is drawn compact so that Esc fits in 80 columns.
class _BackToLibrary:
    def on_mount(self: Any) -> None:  # runs beside the screen's own on_mount
        self.query_one(Footer).compact = True

    def action_back(self: Any) -> None:
        hands = self.query_one(HandsTable)
        if self.focused is not hands and hands.display:
            hands.focus()
        else:
            self.dismiss()


class LibraryScoreScreen(_BackToLibrary, ScoreScreen):
    """The score sheet of a series resumed from the library; Esc goes back to the list."""

    BINDINGS = [
        Binding("escape", "back", "Library"),
        Binding("q", "app.quit", "Quit", show=False),
    ]


class LibraryReplayScreen(_BackToLibrary, ReplayScreen):
    """A replay opened from the library; Esc goes back to the list (q still quits)."""

    BINDINGS = [
        Binding("escape", "back", "Library"),
        Binding("q", "app.quit", "Quit", show=False),
    ]


class LibraryScreen(LaidOutOnce, Screen[None]):
    """Every saved session, newest first, with a player and a ruleset filter."""

    STYLES = ("library",)  # read when first shown (ui/styles.py), beyond mjtui.tcss

    BINDINGS = [
        Binding("r", "replay", "Replay"),
        Binding("w", "whatif", "What if"),
        Binding("s", "stats", "Stats"),
        Binding("l", "league", "League"),
        Binding("d,delete", "delete", "Delete"),
        Binding("t", "trash", "Trash"),
        Binding("slash", "filter_player", "Filter", key_display="/"),
        Binding("f", "filter_ruleset", "Ruleset"),
        Binding("escape", "back", "Back", show=False),
        # Quit is the one key every screen has (q, ctrl+q): it gives its place in the
        # footer to the league, so the library's own keys fit 80 columns.
        Binding("q", "app.quit", "Quit", show=False),
    ]

    def __init__(
        self,
        folder: Path | None = None,
        trash: Path | None = None,
        find_ruleset: FindRuleset | None = None,
        open_sheet: Callable[[Scorebook], Screen[None]] | None = None,
    ) -> None:
        """``open_sheet`` makes the score sheet for a resumed series (by default a
        LibraryScoreScreen of the book alone)."""
        super().__init__()
        self.open_sheet = open_sheet or LibraryScoreScreen
        self.folder = paths.sessions_dir() if folder is None else folder
        self.trash = paths.trash_dir() if trash is None else trash
        self.find_ruleset = find_ruleset or ruleset_finder(paths.ruleset_folders())
        self.cache = SummaryCache()
        self.summaries: list[SessionSummary] = []
        self.choices: list[tuple[str, str]] = []

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="library-filters"):
            yield Label(_("Player"), classes="library-filter-label")
            yield TextField(placeholder=_("part of a name"), id="library-player", compact=True)
            yield Label(_("Ruleset"), classes="library-filter-label")
            yield Select(
                [(_("All rulesets"), ALL)],
                value=ALL,
                allow_blank=False,
                id="library-ruleset",
                compact=True,
            )
        yield SessionList(id="library-table")
        yield Static("", id="library-empty", classes="session-empty")
        yield Static("", id="library-detail", classes="session-detail")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.title = "mjtui"
        self.sub_title = _("saved series")
        self.refresh_list()
        self.query_one(SessionList).focus()

    def on_screen_resume(self) -> None:
        # Back from a score sheet, a replay or the trash: files may have changed.
        if self.is_mounted:
            self.refresh_list()

    # -- the list ---------------------------------------------------------

    def refresh_list(self, keep: Path | None = None) -> None:
        self.summaries = scan(self.folder, self.find_ruleset, self.cache)
        choices = ruleset_choices(self.summaries)
        if choices != self.choices:
            self.choices = choices
            select = self.query_one("#library-ruleset", Select)
            chosen = select.value
            select.set_options(
                [(_("All rulesets"), ALL)]
                + [(Text(f"{name} ({rid})" if name else rid), rid) for rid, name in choices]
            )
            if chosen in {rid for rid, _name in choices}:
                select.value = chosen
        self.apply_filter(keep)

    def apply_filter(self, keep: Path | None = None) -> None:
        table = self.query_one(SessionList)
        current = table.current
        player = self.query_one("#library-player", Input).value
        ruleset = self.query_one("#library-ruleset", Select).value
        listed = filter_summaries(
            self.summaries, player, ruleset if isinstance(ruleset, str) and ruleset else None
        )
        table.show(listed, keep or (current.path if current else None))
        empty = self.query_one("#library-empty", Static)
        if not self.summaries:
            empty.update(_(EMPTY_LIBRARY))
        elif not listed:
            empty.update(
                _("No series matches the filter ({n} saved).").format(n=len(self.summaries))
            )
        empty.display = not listed
        table.display = bool(listed)
        self.show_detail()

    def show_detail(self) -> None:
        self.query_one("#library-detail", Static).update(
            detail(self.query_one(SessionList).current)
        )

    @on(DataTable.RowHighlighted, "#library-table")
    def _highlighted(self) -> None:
        self.show_detail()

    @on(Input.Changed, "#library-player")
    @on(Select.Changed, "#library-ruleset")
    def _filter_changed(self) -> None:
        self.apply_filter()

    @on(Input.Submitted, "#library-player")
    def _filter_done(self, event: Input.Submitted) -> None:
        event.stop()
        self.query_one(SessionList).focus()

    def action_filter_player(self) -> None:
        self.query_one("#library-player", Input).focus()

    def action_filter_ruleset(self) -> None:
        self.query_one("#library-ruleset", Select).focus()

    def action_back(self) -> None:
        if self.focused is not self.query_one(SessionList):
            self.query_one(SessionList).focus()  # Esc leaves the filter first
        elif len(self.app.screen_stack) > 1:
            self.dismiss()  # opened from another screen (the new-series form): back to it
        else:
            self.app.exit()  # mjtui's first screen

    # -- opening ----------------------------------------------------------

    def _selected(self) -> SessionSummary | None:
        summary = self.query_one(SessionList).current
        if summary is None:
            self.notify(_("No session to open here"), severity="warning")
        return summary

    def _cannot(self, summary: SessionSummary, error: Exception | str) -> None:
        message = error if isinstance(error, str) else str(error)
        if not isinstance(error, (str, MjtuiError)):
            message = _("{path}: could not be opened ({kind}: {error})").format(
                path=summary.path, kind=type(error).__name__, error=error
            )
        self.notify(message, title=_("Cannot open"), severity="error", timeout=15, markup=False)

    def load(self, summary: SessionSummary) -> Session | None:
        """The session of a file to replay or compare (its readable hands), or None."""
        try:
            loaded = load_session(summary.path, self.find_ruleset)
        except Exception as e:
            self._cannot(summary, e)
            return None
        for repair in loaded.repairs:  # every hand is there
            self.notify(
                repair, title=_("Damaged file"), severity="warning", timeout=15, markup=False
            )
        for problem in loaded.problems:
            self.notify(
                _("{problem} (shown without it)").format(problem=problem),
                title=_("Damaged file"),
                severity="warning",
                timeout=15,
                markup=False,
            )
        return loaded.session

    @on(DataTable.RowSelected, "#library-table")
    def _row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_resume()

    def action_resume(self) -> None:
        summary = self._selected()
        if summary is None:
            return
        try:
            book, warnings = open_scorebook(summary.path, self.find_ruleset)
        except SessionInUse as e:
            # Played in another window: look at it here without changing it.
            self.notify(
                _(
                    "{error}; it can be played in one window at a time, so it opens "
                    "read-only here, as a replay"
                ).format(error=e),
                title=_("In use"),
                severity="warning",
                timeout=20,
                markup=False,
            )
            self.action_replay()
            return
        except Exception as e:
            self._cannot(summary, e)
            return
        # Back in the list, the series is free for another window to resume.
        self.app.push_screen(self.open_sheet(book), lambda _: book.close())
        for warning in warnings:
            self.notify(warning, title=_("Warning"), severity="warning", timeout=20, markup=False)

    def action_replay(self) -> None:
        summary = self._selected()
        session = self.load(summary) if summary else None
        if summary is not None and session is not None:
            self.app.push_screen(LibraryReplayScreen(session, summary.path.name))

    def action_whatif(self) -> None:
        summary = self._selected()
        session = self.load(summary) if summary else None
        if summary is not None and session is not None:
            self.app.push_screen(WhatIfScreen(session, summary.path.name))

    def action_stats(self) -> None:
        self.app.push_screen(StatsScreen(self.folder, self.find_ruleset))

    # -- delete and the trash ---------------------------------------------

    def action_league(self) -> None:
        self.app.push_screen(LeagueScreen(self.folder, self.find_ruleset))

    def action_delete(self) -> None:
        summary = self._selected()
        if summary is None:
            return
        players = ", ".join(summary.players) or _("players unknown")
        question = Text.assemble(
            _("Delete this series?") + "\n\n",
            (shown(summary.path.name), "bold"),
            f"\n{when(summary)} · {players}\n\n",
            (_("It is moved to the trash folder, and t then Enter puts it back."), "dim"),
        )

        def answered(yes: bool | None) -> None:
            if yes:
                self._delete(summary)

        self.app.push_screen(ConfirmScreen(question, yes=_("Delete"), no=_("Keep")), answered)

    def _delete(self, summary: SessionSummary) -> None:
        try:
            where = move_to_trash(summary.path, self.trash)
        except MjtuiError as e:
            self.notify(str(e), title=_("Not deleted"), severity="error", timeout=15, markup=False)
            return
        self.notify(
            _("Moved to the trash: {where} (t shows the trash, Enter there restores it)").format(
                where=where
            ),
            title=_("Deleted"),
            timeout=10,
            markup=False,
        )
        self.refresh_list()

    def action_trash(self) -> None:
        self.app.push_screen(TrashScreen(self.folder, self.trash, self.find_ruleset))


class TrashScreen(LaidOutOnce, Screen[None]):
    """The deleted sessions; Enter puts the highlighted one back in the library."""

    STYLES = ("library",)  # read when first shown (ui/styles.py), beyond mjtui.tcss

    BINDINGS = [
        Binding("u", "restore", "Restore", show=False),
        Binding("escape,t", "back", "Back to the library"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, folder: Path, trash: Path, find_ruleset: FindRuleset) -> None:
        super().__init__()
        self.folder, self.trash, self.find_ruleset = folder, trash, find_ruleset

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="trash-where")
        yield TrashList(id="trash-table")
        yield Static("", id="trash-empty", classes="session-empty")
        yield Static("", id="trash-detail", classes="session-detail")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "mjtui"
        self.sub_title = _("trash")
        self.query_one("#trash-where", Static).update(
            Text.assemble(_("Deleted series, kept in") + " ", (str(self.trash), "bold"))
        )
        self.refresh_list()
        self.query_one(SessionList).focus()

    def refresh_list(self) -> None:
        table = self.query_one(SessionList)
        table.show(list_trash(self.trash, self.find_ruleset))
        empty = self.query_one("#trash-empty", Static)
        empty.update(_(EMPTY_TRASH))
        empty.display = not table.summaries
        table.display = bool(table.summaries)
        self.show_detail()

    def show_detail(self) -> None:
        self.query_one("#trash-detail", Static).update(detail(self.query_one(SessionList).current))

    @on(DataTable.RowHighlighted, "#trash-table")
    def _highlighted(self) -> None:
        self.show_detail()

    @on(DataTable.RowSelected, "#trash-table")
    def _row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_restore()

    def action_restore(self) -> None:
        summary = self.query_one(SessionList).current
        if summary is None:
            self.notify(_("Nothing to restore"), severity="warning")
            return
        try:
            where = restore(summary.path, self.folder)
        except MjtuiError as e:
            self.notify(str(e), title=_("Not restored"), severity="error", timeout=15, markup=False)
            return
        self.notify(
            _("Restored: {where}").format(where=where),
            title=_("Restored"),
            timeout=10,
            markup=False,
        )
        self.refresh_list()

    def action_back(self) -> None:
        self.dismiss()
