"""The FX-602P hand form: who won, then the nine tiles (or the yaku as read).

Two people playing the 1986 game with real tiles type the winner's nine
tiles; the evaluator finds the yaku and the points, shown as they type.
Players who read the yaku off the table can give those and the triplets.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Label, Static

from mjtui.core.errors import HandError
from mjtui.core.ruleset import Ruleset
from mjtui.core.systems.fx602p import ALL_YAKU, Win
from mjtui.ui import numbers

WINNER_KEYS = {"1": 0, "2": 1, "a": 0, "b": 1}


class FX602PHandScreen(ModalScreen[Win | None]):
    """Returns the hand entered, or None when cancelled."""

    DEFAULT_CSS = """
    FX602PHandScreen { align: center middle; }
    #fx-grid { grid-size: 2; grid-columns: 18 30; grid-rows: 1; height: auto; }
    #fx-flags { height: 1; margin: 1 0 0 0; }
    #fx-flags Checkbox { margin: 0 2 0 0; }
    """
    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+s", "confirm", "Confirm", priority=True),
    ]

    def __init__(self, ruleset: Ruleset, players: tuple[str, ...], before: Any, title: str,
                 hand: Win | None = None, winner: int | None = None) -> None:
        super().__init__()
        self.ruleset, self.players, self.before, self.heading = ruleset, players, before, title
        self.hand = hand
        self.start_winner = hand.winner if hand else (winner if winner in (0, 1) else 0)

    def compose(self) -> ComposeResult:
        hand = self.hand
        tiles = "".join(map(str, hand.tiles)) if hand and hand.tiles else ""
        with Vertical(id="entry"):
            yield Label(self.heading, id="entry-title", markup=False)
            with Grid(id="fx-grid"):
                yield Label("Winner (1 or 2)", classes="entry-label")
                yield Input(str(self.start_winner + 1), id="fx-winner", max_length=1,
                            compact=True)
                yield Label("Nine tiles", classes="entry-label")
                yield Input(tiles, id="fx-tiles", placeholder="e.g. 223334567",
                            restrict=r"[1-9]*", max_length=9, compact=True)
                yield Label("Won on (tile)", classes="entry-label")
                yield Input(str(hand.win_tile or "") if hand else "", id="fx-win",
                            placeholder="the last tile", restrict=r"[1-9]?", compact=True)
                yield Label("Dora", classes="entry-label")
                yield Input(str(hand.dora or "") if hand else "", id="fx-dora",
                            restrict=r"[1-9]?", compact=True)
                yield Label("or the yaku", classes="entry-label")
                yield Input(", ".join(hand.yaku) if hand else "", id="fx-yaku",
                            placeholder="e.g. Tanyao, Iipeiko", compact=True)
                yield Label("and triplets", classes="entry-label")
                yield Input(str(hand.triplets) if hand and not hand.tiles else "",
                            id="fx-triplets", restrict=r"[0-3]?", compact=True)
            with Horizontal(id="fx-flags"):
                yield Checkbox("Self-draw (tsumo)", hand.tsumo if hand else False, id="fx-tsumo",
                               compact=True)
                yield Checkbox("Tenho", hand.tenho if hand else False, id="fx-tenho",
                               compact=True)
            yield Static("", id="preview", markup=False)
            yield Static("", id="entry-error", markup=False)
            with Horizontal(id="entry-buttons"):
                yield Button("Confirm", id="confirm", variant="primary", compact=True)
                yield Button("Cancel", id="cancel", compact=True)
            yield Static("Enter: next field · ctrl+s: confirm · Esc: cancel. Yaku: "
                         + ", ".join(ALL_YAKU), id="entry-help", markup=False)

    def on_mount(self) -> None:
        self._refresh()
        self.query_one("#fx-tiles", Input).focus()

    def _value(self, name: str) -> str:
        return self.query_one(f"#{name}", Input).value.strip()

    def _hand(self) -> tuple[str | None, Win | None]:
        winner = WINNER_KEYS.get(self._value("fx-winner").lower())
        if winner is None:
            return "Winner: type 1 or 2", None
        tiles = self._value("fx-tiles")
        flags = dict(tsumo=self.query_one("#fx-tsumo", Checkbox).value,
                     tenho=self.query_one("#fx-tenho", Checkbox).value)
        if tiles:
            if len(tiles) != 9:
                return f"Nine tiles: {len(tiles)} typed so far", None
            win, dora = self._value("fx-win"), self._value("fx-dora")
            hand = Win(winner=winner, tiles=tuple(sorted(int(t) for t in tiles)),
                       win_tile=int(win) if win else int(tiles[-1]),
                       dora=int(dora) if dora else None, **flags)
        else:
            typed = [y.strip() for y in self._value("fx-yaku").split(",") if y.strip()]
            by_name = {y.casefold(): y for y in ALL_YAKU}
            unknown = [y for y in typed if y.casefold() not in by_name]
            if unknown:
                return f"Unknown yaku {unknown[0]!r}", None
            triplets = self._value("fx-triplets")
            hand = Win(winner=winner, yaku=tuple(by_name[y.casefold()] for y in typed),
                       triplets=int(triplets) if triplets else 0, tsumo=flags["tsumo"])
        try:
            self.ruleset.system.check_in_play(self.ruleset.rules, self.before, hand)
        except HandError as e:
            return str(e), None
        return None, hand

    def _refresh(self) -> None:
        error, hand = self._hand()
        self.query_one("#entry-error", Static).update(error or "")
        preview = self.query_one("#preview", Static)
        if hand is None:
            preview.update("")
            return
        score = self.ruleset.system.score(self.ruleset.rules, hand)
        after = self.ruleset.system.apply(self.ruleset.rules, self.before, hand)
        changes = "  ".join(f"{name} {numbers.change(c)}"
                            for name, c in zip(self.players, after.last_change))
        preview.update(Text(f"{', '.join(score.yaku) or 'no yaku'} · {score.han} han · "
                            f"{score.triplets} triplets · {numbers.points(score.points)} points\n"
                            f"Settlement: {changes}"))

    @on(Input.Changed)
    @on(Checkbox.Changed)
    def _changed(self) -> None:
        self._refresh()

    @on(Input.Submitted)
    def _next(self, event: Input.Submitted) -> None:
        event.stop()
        fields = list(self.query(Input))
        index = fields.index(event.input)
        if event.input.id == "fx-dora" or index + 1 == len(fields):
            self.query_one("#confirm", Button).focus()
        else:
            fields[index + 1].focus()

    @on(Button.Pressed, "#confirm")
    def action_confirm(self) -> None:
        error, hand = self._hand()
        if hand is None:
            self.query_one("#entry-error", Static).update(error or "")
            self.app.bell()
            return
        self.dismiss(hand)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
