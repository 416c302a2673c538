"""Final standings: each player's rank and the parts of their result, by their system.

Opened by itself after the hand that ends the game, and with `f` from the
score sheet at any time (then the standings are as they would be now). The
columns are the fields of the system's placings after the rank and the player,
each titled and written as its metadata says (core/systems/base.py Placing);
under them, the system's note of how they were reckoned.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Label, Static

from mjtui.core.language import N_, _, package_of, say_in
from mjtui.core.numbers import signed_tenth
from mjtui.ui import colours, numbers
from mjtui.ui.laid_out import LaidOutOnce
from mjtui.ui.widgets.hands_table import seat_header

if TYPE_CHECKING:
    from mjtui.core.rulesets.ruleset import Ruleset

# Titles a system's placings give their fields, which the interface's catalogs say with
# the context "column" (as a table's heading reads) where the system's own has none.
COLUMN_TITLES = (N_("Points"), N_("Base"), N_("Uma"), N_("Oka"), N_("Penalty"), N_("Final"))


STANDINGS_WIDTH = 78  # #standings' width in forms.tcss, at most the screen's
STANDINGS_FRAME = 4  # its thick border and its padding, both sides
CELL_PADDING = 1  # DataTable's, each side of a cell
LEAST_NAME = 6  # a name is never cut shorter than this, whatever the others take


def _cell(value: object) -> str:
    """A field of a system's standing: a float as it reads (4, 1.5, 2.33)."""
    return f"{value:.2f}".rstrip("0").rstrip(".") if isinstance(value, float) else str(value)


def _shown(how: str | None, value: Any) -> Text:
    """A standing's value written as its field's ``shown`` metadata says."""
    if how == "points":
        return Text(numbers.points(value), justify="right")
    if how == "score":
        return Text(signed_tenth(value), justify="right")
    if how == "final":
        return Text(
            signed_tenth(value), justify="right", style=f"bold {colours.signed(value)}".strip()
        )
    return Text(_cell(value), justify="right")


class StandingsScreen(LaidOutOnce, ModalScreen[None]):
    """The standings of ``state`` under ``ruleset``; any of Esc, Enter, q or f closes it."""

    STYLES = ("forms",)  # read when first shown (ui/styles.py), beyond mjtui.tcss

    BINDINGS = [
        # priority: the table in it has a key of its own for Enter, which took it first.
        Binding("escape,enter,q,f", "close", "Close", priority=True),
    ]

    # ``state``: the table of a system with standings, read by the keys it has (deposits).
    def __init__(self, ruleset: Ruleset, players: tuple[str, ...], state: Any) -> None:
        super().__init__()
        self.ruleset = ruleset
        self.players = players
        self.state = state
        # A system's own placings, read by their fields, which the Placing protocol
        # leaves open.
        self.entries: tuple[Any, ...] = tuple(ruleset.system.standings(ruleset.rules, state) or ())

    def compose(self) -> ComposeResult:
        with Vertical(id="standings"):
            title = (
                _("Final standings") if self.state.finished else _("Standings now (provisional)")
            )
            yield Label(title, id="st-title")
            yield Static(self._why(), id="st-why", markup=False)
            yield DataTable(id="st-table", cursor_type="none", zebra_stripes=True)
            yield Static(self._extra(), id="st-extra", markup=False)
            yield Static(_("Esc, Enter or f: back to the sheet"), id="st-help")

    def _why(self) -> str:
        describe = self.ruleset.system.describe_state
        if self.state.finished:
            return describe(self.state, self.players)
        return _("After {n} hands; next: ").format(n=self.state.hands) + describe(
            self.state, self.players
        )

    def _extra(self) -> str:
        return self.ruleset.system.standings_note(self.ruleset.rules, self.state)

    def on_mount(self) -> None:
        """The rank, the player, then each other field of the system's standing."""
        table = self.query_one(DataTable)
        fields = [
            f
            for f in (dataclasses.fields(self.entries[0]) if self.entries else ())
            if f.name not in ("rank", "seat")
        ]
        if self.app.size.width < 80:  # what no one has gives way to what is read
            fields = [
                f
                for f in fields
                if f.metadata.get("narrow") != "drop-if-zero"
                or any(abs(getattr(s, f.name)) >= 0.05 for s in self.entries)
            ]
        package = package_of(self.ruleset.system)
        titles = [
            Text(_("Rank"), justify="right"),
            Text(_("Player")),
            *(
                Text(
                    say_in(
                        package,
                        f.metadata.get("title", f.name.replace("_", " ").capitalize()),
                        context="column",
                    ),
                    justify="right",
                )
                for f in fields
            ),
        ]
        rows = [
            [
                Text(str(s.rank), justify="right"),
                Text(self.players[s.seat]),
                *(_shown(f.metadata.get("shown"), getattr(s, f.name)) for f in fields),
            ]
            for s in self.entries
        ]
        # A long name gives way, with an ellipsis, so that the final score, the column
        # read, stays on screen: the player's column takes what the others leave.
        others = sum(
            max(title.cell_len, *(row[i].cell_len for row in rows)) + 2 * CELL_PADDING
            for i, title in enumerate(titles)
            if i != 1
        )
        inner = min(STANDINGS_WIDTH, self.app.size.width) - STANDINGS_FRAME
        room = max(inner - others - 2 * CELL_PADDING, titles[1].cell_len, LEAST_NAME)
        for row in rows:
            row[1] = Text(seat_header(row[1].plain, room, room))
        for i, title in enumerate(titles):
            table.add_column(title, key=("rank", "player", *(f.name for f in fields))[i])
        for s, row in zip(self.entries, rows, strict=True):
            table.add_row(*row, key=str(s.seat))

    def action_close(self) -> None:
        self.dismiss(None)
