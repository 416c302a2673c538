"""The league: per player games, average rank, points and rating, with the ratings' history.

Read from the library (``l``). The folder is read once when the screen
opens (files still arriving are skipped and said, core/sessions/ledger.py); the
filter (one system at one table size, or one ruleset) chooses among the
leagues of what was read: points of different systems are never added
together, nor ranks at tables of three and four (core/reports/league.py
``apart``, as ``mjtui league`` does), so it opens on the league of the latest
game. Games against the computer (``mjtui play``)
are not counted (core/reports/league.py). The chart follows the best players
and the highlighted one.
"""

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
from mjtui.core.language import N_, _, ngettext
from mjtui.core.model.players import player_key
from mjtui.core.reports.league import (
    Game,
    League,
    Player,
    apart,
    chooser,
    compute,
    game_of,
    kind_said,
)
from mjtui.core.sessions.ledger import FolderRead, read_folder
from mjtui.core.sessions.library import FindRuleset, ruleset_finder
from mjtui.ui import colours
from mjtui.ui.laid_out import LaidOutOnce
from mjtui.ui.widgets.footer import Footer
from mjtui.ui.widgets.skipped import skipped_notes
from mjtui.ui.widgets.totals_chart import TotalsChart

ALL = ""  # the filter's value before the folder is read
RANKED_BY = N_(
    "Ranked by rating: OpenSkill's estimate of skill less three times its "
    "uncertainty (mu - 3 sigma), so a player with few games ranks low until the "
    "games show more; average rank and points do not rank."
)
CHART_LINES = 4  # the chart's colours and markers
SCALE = 100  # ratings are charted in hundredths (the chart draws whole numbers)


class RatingChart(TotalsChart):
    """Ratings after each game of the league, for a few players."""

    BORDER_TITLE = N_("Rating after each game")

    def label(self, value: int) -> str:
        return f"{value / SCALE:.1f}"


class LeagueScreen(LaidOutOnce, Screen[None]):
    STYLES = ("library",)  # read when first shown (ui/styles.py), beyond mjtui.tcss
    BINDINGS = [
        Binding("f", "filter", "Filter"),
        Binding("escape", "back", "Back"),
        Binding("q", "app.quit", "Quit"),
    ]

    def __init__(self, folder: Path | None = None, find_ruleset: FindRuleset | None = None) -> None:
        super().__init__()
        self.folder = paths.sessions_dir() if folder is None else folder
        self.find_ruleset = find_ruleset or ruleset_finder(paths.ruleset_folders())
        self.read: FolderRead | None = None
        self.games: list[Game] = []  # every game read
        self.leagues: list[League] = []  # one per system and table size, latest played first
        self.league: League | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="league-filters"):
            yield Label(_("Count"), classes="library-filter-label")
            yield Select(
                [(_("(reading)"), ALL)],
                value=ALL,
                allow_blank=False,
                id="league-filter",
                compact=True,
            )
            yield Static("", id="league-count")
        yield DataTable(id="league-table", cursor_type="row", zebra_stripes=True)
        yield Static(_(RANKED_BY), id="league-ranked-by")
        yield RatingChart(id="league-chart")
        yield Static("", id="league-skipped")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "mjtui"
        self.sub_title = _("league")
        self.read = read = read_folder(self.folder, self.find_ruleset, chooser())
        self.games = [g for g in (game_of(s, p) for p, s in read.sessions) if g]
        self.leagues = apart(self.games)
        rulesets = sorted(
            {(s.ruleset.id, s.ruleset.rules.name_said()) for _path, s in read.sessions}
        )
        options = [
            (Text(_("System: {name}").format(name=kind_said(league))), league_value(league))
            for league in sorted(self.leagues, key=lambda league: (league.system, league.seats))
        ] + [
            (Text(_("Ruleset: {name} ({id})").format(name=name, id=rid)), f"ruleset:{rid}")
            for rid, name in rulesets
        ]
        select = self.query_one("#league-filter", Select)
        with select.prevent(Select.Changed):
            if options and self.leagues:
                select.set_options(options)
                select.value = league_value(self.leagues[0])  # the latest game's
            else:
                select.set_options([(_("No games yet"), ALL)])
        notes = self.query_one("#league-skipped", Static)
        notes.update(self.skipped_notes())
        notes.display = bool(self.read.skipped)
        self.show_league()
        assert self.league is not None
        for warning in self.league.warnings:  # names drawn alike, counted apart
            self.notify(
                warning,
                title=_("Names that look alike"),
                severity="warning",
                timeout=20,
                markup=False,
            )
        self.query_one("#league-table", DataTable).focus()

    def skipped_notes(self) -> Text:
        assert self.read is not None
        return skipped_notes(
            self.read.skipped,
            self.folder,
            _("; read again when the league is opened again"),
            _("mjtui league lists each"),
        )

    @property
    def choice(self) -> str:
        value = self.query_one("#league-filter", Select).value
        return value if isinstance(value, str) else ALL

    def show_league(self) -> None:
        if self.read is None:
            return
        kind, _sep, name = self.choice.partition(":")
        if kind == "ruleset":  # a ruleset is of one system and one table size
            league = compute([g for g in self.games if g.ruleset_id == name])
        else:
            chosen = (league for league in self.leagues if league_value(league) == self.choice)
            league = next(chosen, None) or compute([])
        self.league = league
        table = self.query_one("#league-table", DataTable)
        table.clear(columns=True)
        table.add_column("#", key="place")
        table.add_column(_("Player"), key="player")
        for label, key in (
            (_("Rating"), "rating"),
            (_("Games"), "games"),
            (_("Avg rank"), "rank"),
            (_("1st"), "firsts"),
            (_("Points"), "points"),
        ):
            table.add_column(Text(label, justify="right"), key=key)
        for place, p in enumerate(league.players, 1):
            table.add_row(
                Text(str(place), justify="right"),
                Text(p.name),
                Text(f"{p.rating:.2f}", justify="right"),
                Text(str(p.games), justify="right"),
                Text(f"{p.average_rank:.2f}", justify="right"),
                Text(str(p.firsts), justify="right"),
                Text(
                    points_text(p.points),
                    justify="right",
                    style=colours.signed(p.points),
                ),
            )
        tables = sorted({g.table for g in league.games if g.table})
        games_n = len(league.games)
        count = (
            ngettext("{n} game", "{n} games", games_n).format(n=games_n)
            + (" " + _("at {n} tables").format(n=len(tables)) if len(tables) > 1 else "")
            if league.games
            else _("No series with hands to count yet")
        )
        self.query_one("#league-count", Static).update(count)
        self.show_chart()

    def charted(self) -> list[Player]:
        """The best players, and the highlighted one in place of the last if he is not."""
        assert self.league is not None
        players = self.league.players
        shown = players[:CHART_LINES]
        row = self.query_one("#league-table", DataTable).cursor_row
        if 0 <= row < len(players) and players[row] not in shown:
            shown = [*shown[: CHART_LINES - 1], players[row]]
        return shown

    def show_chart(self) -> None:
        chart = self.query_one("#league-chart", RatingChart)
        if self.league is None or not self.league.games:
            chart.plot((), [])
            return
        players = self.charted()
        chart.plot(tuple(p.name for p in players), history_lines(self.league, players))
        chart.position = len(self.league.games)

    @on(DataTable.RowHighlighted, "#league-table")
    def _highlighted(self) -> None:
        self.show_chart()

    @on(Select.Changed, "#league-filter")
    def _filter_changed(self) -> None:
        self.show_league()

    def action_filter(self) -> None:
        self.query_one("#league-filter", Select).focus()

    def action_back(self) -> None:
        table = self.query_one("#league-table", DataTable)
        if self.focused is not table:
            table.focus()  # Esc leaves the filter menu first
        else:
            self.dismiss()


def league_value(league: League) -> str:
    """The filter's value that chooses this league: "system:riichi:4"."""
    return f"system:{league.system}:{league.seats}"


def points_text(x: float) -> str:
    text = f"{x:+,.1f}" if round(x, 1) else "0"
    return text[:-2] if text.endswith(".0") else text


def history_lines(league: League, players: list[Player]) -> list[tuple[int, ...]]:
    """Each player's rating (in hundredths) before the first game, then after each game
    of the league; through the games a player missed his rating stays as it was."""
    keys = [player_key(p.name) for p in players]
    next_point = [0] * len(players)
    current = [0] * len(players)
    lines = [tuple(current)]
    for game in league.games:
        in_game = {player_key(n) for n in game.players}
        for i, p in enumerate(players):
            if keys[i] in in_game:
                current[i] = round(p.history[next_point[i]].rating * SCALE)
                next_point[i] += 1
        lines.append(tuple(current))
    return lines
