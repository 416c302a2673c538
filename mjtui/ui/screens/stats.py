"""Statistics across the saved series: per player, over one system's rulesets or one ruleset.

Points of different systems are never added: the screen opens on the system
played last, and offers each system and each of its rulesets."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import DataTable, Header, Label, Select, Static

from mjtui import paths
from mjtui.core.language import _, ngettext
from mjtui.core.reports.stats import HandRef, PlayerStats, Statistics, by_system
from mjtui.core.sessions.ledger import read_folder
from mjtui.core.sessions.library import FindRuleset, ruleset_finder
from mjtui.core.text import shown
from mjtui.ui import colours, numbers
from mjtui.ui.laid_out import LaidOutOnce
from mjtui.ui.widgets.footer import Footer
from mjtui.ui.widgets.skipped import skipped_notes

ALL = ""  # the Select's value before the folder is read, or when it holds no series


def where(ref: HandRef) -> str:
    file = (
        shown(ref.path.name)
        if ref.path
        else _("the series of {started}").format(started=f"{ref.started:%Y-%m-%d %H:%M}")
    )
    return _("{file}, hand {n}").format(file=file, n=ref.hand)


def player_detail(p: PlayerStats | None) -> Text:
    if p is None:
        return Text("")
    net = ngettext("net {net} over {n} hand", "net {net} over {n} hands", p.hands_played)
    out = Text.assemble(
        (p.name, "bold"), ": " + net.format(net=numbers.change(p.net), n=p.hands_played)
    )
    if p.best_hand:
        best = _("best hand {change}: {where}")
        out.append(
            " · " + best.format(change=numbers.change(p.best_hand.change), where=where(p.best_hand))
        )
    if p.biggest_swing:
        swing = _("biggest swing {change}: {where}")
        change = numbers.change(p.biggest_swing.change)
        out.append(" · " + swing.format(change=change, where=where(p.biggest_swing)))
    return out


class StatsScreen(LaidOutOnce, Screen[None]):
    STYLES = ("library",)  # read when first shown (ui/styles.py), beyond mjtui.tcss
    BINDINGS = [
        Binding("f", "ruleset", "Ruleset"),
        Binding("escape", "back", "Back"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, folder: Path | None = None, find_ruleset: FindRuleset | None = None) -> None:
        super().__init__()
        self.folder = paths.sessions_dir() if folder is None else folder
        self.find_ruleset = find_ruleset or ruleset_finder(paths.ruleset_folders())
        self.stats: Statistics | None = None
        self.systems: dict[str, Statistics] = {}  # each system's own, latest played first
        self.shown: list[PlayerStats] = []

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="stats-filters"):
            yield Label(_("Count"), classes="library-filter-label")
            yield Select(
                [(_("(reading)"), ALL)],
                value=ALL,
                allow_blank=False,
                id="stats-ruleset",
                compact=True,
            )
            yield Static("", id="stats-count")
        yield DataTable(id="stats-table", cursor_type="row", zebra_stripes=True)
        yield Static("", id="stats-detail")
        yield Static("", id="stats-skipped")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "mjtui"
        self.sub_title = _("statistics")
        table = self.query_one("#stats-table", DataTable)
        read = read_folder(self.folder, self.find_ruleset)
        self.systems = by_system(read.sessions, read.skipped)
        options: list[tuple[Text | str, str]] = []
        for name, stats in self.systems.items():
            options.append((Text(_("System: {name}, all its rulesets").format(name=name)), name))
            options += [(Text(f"  {r.name} ({r.id})"), f"{name}:{r.id}") for r in stats.rulesets]
        select = self.query_one("#stats-ruleset", Select)
        with select.prevent(Select.Changed):
            select.set_options(options or [(_("No series yet"), ALL)])
            select.value = options[0][1] if options else ALL
        self.stats = next(iter(self.systems.values()), None) or Statistics([], [], 0, read.skipped)
        notes = self.query_one("#stats-skipped", Static)
        notes.update(self.skipped_notes())
        notes.display = bool(self.stats.skipped)
        self.show_players()
        for warning in self.stats.warnings:  # names drawn alike, counted apart
            self.notify(
                warning,
                title=_("Names that look alike"),
                severity="warning",
                timeout=20,
                markup=False,
            )
        table.focus()

    @staticmethod
    def _add_columns(table: DataTable[Text]) -> None:
        # Where the best hand and the biggest swing were played is in the
        # line under the table (the row's detail), so their columns stay narrow.
        table.add_column(_("Player"), key="player")
        for label, key in (
            (_("Series"), "series"),
            (_("1st"), "series_won"),
            (_("Hands"), "hands"),
            (_("Won"), "hands_won"),
            (_("Win%"), "rate"),
            (_("Avg"), "average"),
            (_("Best hand"), "best"),
            (_("Swing"), "swing"),
        ):
            table.add_column(Text(label, justify="right"), key=key)

    def skipped_notes(self) -> Text:
        """The files not counted, one a line, named without their (common) folder."""
        assert self.stats is not None
        return skipped_notes(self.stats.skipped, self.folder, "", _("the library shows each"))

    @property
    def ruleset_id(self) -> str:
        value = self.query_one("#stats-ruleset", Select).value
        return value if isinstance(value, str) else ALL

    def show_players(self) -> None:
        stats = self.stats
        if stats is None:
            return
        system, _sep, rid = self.ruleset_id.partition(":")
        stats = self.systems.get(system, stats)
        chosen = next((r for r in stats.rulesets if r.id == rid), None)
        players, series = (
            (chosen.players, chosen.series) if chosen else (stats.players, stats.series)
        )
        self.shown = players
        table = self.query_one("#stats-table", DataTable)
        table.clear(columns=True)  # the columns fit the rows shown now
        self._add_columns(table)
        for p in players:
            avg = p.average
            table.add_row(
                Text(p.name),
                Text(str(p.series), justify="right"),
                Text(str(p.series_won), justify="right"),
                Text(str(p.hands_played), justify="right"),
                Text(str(p.hands_won), justify="right"),
                Text(f"{100 * p.win_rate:.1f}", justify="right"),
                Text(
                    f"{avg:+,.1f}" if avg else "0.0",
                    justify="right",
                    style=colours.signed(avg),
                ),
                Text(numbers.change(p.best_hand.change) if p.best_hand else "—", justify="right"),
                Text(
                    numbers.change(p.biggest_swing.change) if p.biggest_swing else "—",
                    justify="right",
                ),
            )
        count = (
            _("{n} series counted").format(n=series)
            if players
            else _("No series with hands to count yet")
        )
        self.query_one("#stats-count", Static).update(count)
        self.show_detail()

    def show_detail(self) -> None:
        table = self.query_one("#stats-table", DataTable)
        row = table.cursor_row
        current = self.shown[row] if 0 <= row < len(self.shown) else None
        self.query_one("#stats-detail", Static).update(player_detail(current))

    @on(DataTable.RowHighlighted, "#stats-table")
    def _highlighted(self) -> None:
        self.show_detail()

    @on(Select.Changed, "#stats-ruleset")
    def _ruleset_changed(self) -> None:
        self.show_players()

    def action_ruleset(self) -> None:
        self.query_one("#stats-ruleset", Select).focus()

    def action_back(self) -> None:
        table = self.query_one("#stats-table", DataTable)
        if self.focused is not table:
            table.focus()  # Esc leaves the ruleset menu first
        else:
            self.dismiss()
