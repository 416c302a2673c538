"""The riichi tiles form: type the winning hand, read its yaku, han, fu and payment.

Opened from the riichi hand form (ctrl+t) for one winner, who already has a
seat; how the hand was won (ron or tsumo, seat and round wind, riichi, honba)
comes from that form, so only what the tiles do not show is asked here: dora
indicators, ura dora, kita (three players only: North tiles set aside), and one
letter for each rare situation. Confirm returns
the analysis; the hand form fills han, fu and yakuman with it and keeps the
yaku list with the hand. Reading the fields is
:mod:`mjtui.core.systems.riichi.tiles_entry`'s; this form shows what it reads.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Static

from mjtui.core.systems.base import WINDS
from mjtui.core.systems.riichi.hand import Analysis
from mjtui.core.systems.riichi.hand.context import SITUATION_HELP, SITUATION_LETTERS
from mjtui.core.systems.riichi.rules import Rules
from mjtui.core.systems.riichi.tiles_entry import (
    TILES_FIELDS,
    TilesContext,
    TilesEntry,
    TilesResult,
    read_tiles,
    score_lines,
)
from mjtui.core.tiles.render import hand_text
from mjtui.ui.key_form import KeyForm


class RiichiTilesScreen(KeyForm):
    """Returns the analysed hand, or None when cancelled."""

    DEFAULT_CSS = """
    RiichiTilesScreen { align: center middle; }
    #rt {
        width: 78; height: auto; max-height: 100%;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    #rt-title { text-style: bold; height: 1; }
    .rt-row { height: 1; }
    .rt-label { width: 10; height: 1; }
    .rt-field { background: $boost; }
    #rt-tiles { width: 1fr; }
    #rt-dora, #rt-ura { width: 14; }
    .rt-short { width: 6; height: 1; }
    #rt-kita { width: 3; }
    #rt-extras { width: 8; }
    .rt-note { width: 1fr; height: 1; padding: 0 0 0 1; color: $text-muted; }
    #rt-extras-note { height: auto; padding: 0 0 0 10; color: $text-muted; }
    #rt-preview { height: auto; margin: 1 0 0 0; }
    #rt-error { height: auto; color: $error; }
    #rt-buttons { height: 1; margin: 1 0 0 0; }
    #rt-buttons Button { margin: 0 1 0 0; }
    #rt-help { height: auto; color: $text-muted; }
    """

    def __init__(self, rules: Rules, known: TilesContext, tiles: str = "") -> None:
        super().__init__()
        self.rules = rules
        self.known = known
        self.start_tiles = tiles
        self.result: TilesResult | None = None

    def compose(self) -> ComposeResult:
        k = self.known
        how = "tsumo" if k.tsumo else "ron"
        riichi = " · riichi" if k.riichi else ""
        title = (f"Tiles: {k.winner} ({WINDS[k.seat_wind]}) · {how} · "
                 f"{WINDS[k.round_wind]} round{riichi} · {k.honba} honba")
        with Vertical(id="rt"):
            yield Label(title, id="rt-title", markup=False)
            with Horizontal(classes="rt-row"):
                yield Label("Tiles", classes="rt-label")
                yield Input(self.start_tiles, id="rt-tiles", compact=True,
                            classes="rt-field",
                            placeholder="123m456p789s11z [567s] (1111z), winning tile last")
            with Horizontal(classes="rt-row"):
                yield Label("Dora", classes="rt-label")
                yield Input("", id="rt-dora", compact=True, classes="rt-field",
                            restrict=r"[0-9mpsz ]*", placeholder="indicators")
                yield Label("Ura", classes="rt-label")
                yield Input("", id="rt-ura", compact=True, classes="rt-field",
                            restrict=r"[0-9mpsz ]*",
                            placeholder="with riichi")
                # Three players only: North tiles set aside, each a dora (hidden for four).
                yield Label("Kita", id="rt-kita-label", classes="rt-label rt-short")
                yield Input("", id="rt-kita", compact=True, classes="rt-field",
                            restrict=r"[0-4]?", max_length=1, placeholder="0")
            with Horizontal(classes="rt-row"):
                yield Label("Also", classes="rt-label")
                yield Input("", id="rt-extras", compact=True, classes="rt-field",
                            restrict=f"[{SITUATION_LETTERS}{SITUATION_LETTERS.upper()}]*",
                            max_length=len(SITUATION_LETTERS), placeholder="letters")
            # Under the row, where the whole list has room to wrap at 80 columns.
            yield Static(SITUATION_HELP, id="rt-extras-note", markup=False)
            yield Static("", id="rt-preview", markup=False)
            yield Static("", id="rt-error", markup=False)
            with Horizontal(id="rt-buttons"):
                yield Button("Use this hand", id="rt-ok", variant="primary", compact=True,
                             classes="form-confirm")
                yield Button("Cancel", id="rt-cancel", compact=True,
                             classes="form-cancel")
            yield Static("Enter next · ctrl+s use han and fu · Esc cancel · "
                         "[ ] open meld, ( ) closed kan, 0 red five", id="rt-help",
                         markup=False)

    def first_field(self) -> Widget:
        return self.query_one("#rt-tiles", Input)

    def on_mount(self) -> None:
        three = self.rules.players == 3
        self.query_one("#rt-kita", Input).display = three
        self.query_one("#rt-kita-label", Label).display = three
        super().on_mount()

    # ---------------------------------------------------------------- reading

    def read(self) -> TilesEntry:
        return read_tiles(self.rules, self.known,
                          {name: self.query_one(f"#rt-{name}", Input).value
                           for name in TILES_FIELDS})

    # ---------------------------------------------------------------- showing

    def fields_changed(self) -> None:
        entry = self.read()
        self.query_one("#rt-extras-note", Static).update(", ".join(entry.picked)
                                                        or SITUATION_HELP)
        for name in TILES_FIELDS:
            self.query_one(f"#rt-{name}", Input).disabled = name not in entry.active
        self.result = entry.result
        self.query_one("#rt-error", Static).update("\n".join(entry.errors))
        text = Text()
        if entry.hand is not None:
            # words, not the Unicode tiles: terminals disagree on those glyphs' width
            text.append(hand_text(entry.hand) + "\n")
        if self.result is not None:
            text.append_text(self._score_text(self.result.analysis))
        self.query_one("#rt-preview", Static).update(text)

    @staticmethod
    def _score_text(a: Analysis) -> Text:
        text = Text(f"{a.reading}\n", style="dim")
        for name, value, unit in score_lines(a):
            text.append(f"  {name:<26} {value:>2} {unit}\n")
        if a.yakuman:
            text.append(f"= {a.yakuman} yakuman", style="bold")
        else:
            items = " + ".join(f"{fu} {label}" for label, fu in a.fu_items if fu)
            if items and a.fu_result is not None:
                text.append(f"  fu: {items}; {a.fu_result.rounding}\n", style="dim")
            fu = "" if a.fu is None else f" {a.fu} fu"
            text.append(f"= {a.han} han{fu}", style="bold")
        # the limit's name (mangan...), except "yakuman", which the total says already
        words = [a.payment.short()] if a.yakuman or not a.payment.base.name \
            else [a.payment.base.name, a.payment.short()]
        text.append("  ·  " + " ".join(words), style="green")
        return text

    # ---------------------------------------------------------------- events

    def action_confirm(self) -> None:
        self.refresh_fields()
        if self.result is None:
            self.app.bell()
            return
        self.dismiss(self.result)
