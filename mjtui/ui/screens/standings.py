"""Final standings: rank, raw points, uma, oka, penalty and the final score.

Opened by itself after the hand that ends the game, and with `f` from the
score sheet at any time (then the standings are as they would be now).
Riichi's standings have those parts; another system's (MCR's table points) are
drawn from the fields of its standing, each titled by its ``title`` metadata or
its name, after the rank and the player.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import DataTable, Label, Static

from mjtui.core.language import N_, _, package_of, pgettext, say_in
from mjtui.ui import colours, numbers
from mjtui.ui.laid_out import LaidOutOnce

if TYPE_CHECKING:
    from mjtui.core.rulesets.ruleset import Ruleset

# The riichi columns' headers, said with the context "column" where shown.
COLUMNS = (
    N_("Rank"),
    N_("Player"),
    N_("Points"),
    N_("Base"),
    N_("Uma"),
    N_("Oka"),
    N_("Penalty"),
    N_("Final"),
)
RIICHI_PARTS = ("points", "base", "uma", "oka", "penalty", "score")


def score(value: float) -> str:
    """A final-score part in thousands, signed, one decimal: +15.0, -4.5, 0.0."""
    return "0.0" if abs(value) < 0.05 else f"{value:+.1f}"


def _cell(value: object) -> str:
    """A field of a system's standing: a float as it reads (4, 1.5, 2.33)."""
    return f"{value:.2f}".rstrip("0").rstrip(".") if isinstance(value, float) else str(value)


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
        # A system's own placings, read by their fields (riichi's: uma, oka...), which
        # the Placing protocol leaves open.
        self.entries: tuple[Any, ...] = tuple(ruleset.system.standings(ruleset.rules, state) or ())
        self.riichi = bool(self.entries) and all(
            hasattr(e, part) for e in self.entries for part in RIICHI_PARTS
        )

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
        if not self.riichi:
            return ""
        rules: Any = self.ruleset.rules  # a system with standings: its [final] and [table]
        uma = " / ".join(score(u / 1000) for u in rules.final.uma)
        parts = [
            _("target {points}").format(points=numbers.points(rules.table.target_points)),
            _("uma {uma}").format(uma=uma),
            _("oka {oka}").format(oka=score(rules.final.oka / 1000)),
        ]
        if rules.final.rounding != "exact":
            parts.append(
                _("points rounded {how} but first place's").format(how=rules.final.rounding)
            )
        if self.state.deposits:
            parts.append(_("{n} still on the table").format(n=self.state.deposits))
        if self.state.forfeited:
            parts.append(_("{n} in deposits left the game").format(n=self.state.forfeited))
        return " · ".join(parts)

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        if not self.riichi:
            self._fields(table)
            return
        # Narrower than 80 columns, a part no one has (a penalty, an oka of 0) gives way,
        # so that the final score, the column read, stays on screen.
        narrow = self.app.size.width < 80
        parts: dict[str, Callable[[Any], str]] = {
            "Points": lambda s: numbers.points(s.points),
            "Base": lambda s: score(s.base),
            "Uma": lambda s: score(s.uma),
            "Oka": lambda s: score(s.oka),
            "Penalty": lambda s: score(s.penalty),
        }
        if narrow:
            for name, field in (("Oka", "oka"), ("Penalty", "penalty")):
                if all(abs(getattr(s, field)) < 0.05 for s in self.entries):
                    del parts[name]
        for name in COLUMNS:
            if name in parts or name in ("Rank", "Player", "Final"):
                title = pgettext("column", name)  # "Final" is the sheet's key too, said otherwise
                table.add_column(
                    Text(title, justify="left" if name == "Player" else "right"), key=name
                )
        for s in self.entries:
            table.add_row(
                Text(str(s.rank), justify="right"),
                Text(self.players[s.seat]),
                *(Text(shown(s), justify="right") for shown in parts.values()),
                Text(
                    score(s.score),
                    justify="right",
                    style=f"bold {colours.signed(s.score)}".strip(),
                ),
                key=str(s.seat),
            )

    def _fields(self, table: DataTable[Text]) -> None:
        """A system's own standings: the rank, the player, then each other field."""
        fields = [
            f
            for f in (dataclasses.fields(self.entries[0]) if self.entries else ())
            if f.name not in ("rank", "seat")
        ]
        table.add_column(Text(_("Rank"), justify="right"), key="rank")
        table.add_column(Text(_("Player")), key="player")
        for f in fields:
            title = say_in(
                package_of(self.ruleset.system),
                f.metadata.get("title", f.name.replace("_", " ").capitalize()),
            )
            table.add_column(Text(title, justify="right"), key=f.name)
        for s in self.entries:
            cells = [Text(str(s.rank), justify="right"), Text(self.players[s.seat])]
            for f in fields:
                cells.append(Text(_cell(getattr(s, f.name)), justify="right"))
            table.add_row(*cells, key=str(s.seat))

    def action_close(self) -> None:
        self.dismiss(None)
