"""The riichi tiles form: type the winning hand, read its yaku, han, fu and payment.

Opened from the riichi hand form (ctrl+t, or "t" in a han field) for one
winner, who already has a seat; how the hand was won (ron or tsumo, seat and
round wind, riichi, honba) comes from that form, so only what the tiles do
not show is asked here: dora indicators, ura dora, and one letter for each
rare situation. Confirm returns the analysis; the hand form fills han, fu and
yakuman with it and keeps the yaku list with the hand.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Static

from mjtui.core.errors import HandError
from mjtui.core.systems.base import WINDS
from mjtui.core.systems.riichi.hand import Analysis, WinContext, analyze
from mjtui.core.systems.riichi.rules import Rules
from mjtui.core.tiles.notation import TileHand, parse_hand, parse_tiles
from mjtui.core.tiles.render import format_hand, hand_text
from mjtui.ui.key_form import KeyForm

# letter -> (WinContext field, words); "l" and "h" depend on how the hand was won
EXTRAS: dict[str, tuple[str, str]] = {
    "d": ("double_riichi", "double riichi"),
    "i": ("ippatsu", "ippatsu"),
    "l": ("last", "last tile (haitei / houtei)"),
    "k": ("rinshan", "on a kan's replacement tile (rinshan)"),
    "c": ("chankan", "robbing a kan (chankan)"),
    "h": ("first", "first draw (tenhou / chiihou)"),
}
EXTRAS_HELP = "d double riichi · i ippatsu · l last tile · k rinshan · c chankan · h tenhou"


@dataclass(frozen=True)
class TilesContext:
    """What the hand form already knows about the win."""

    winner: str  # the winner's name, for the title
    tsumo: bool
    seat_wind: int
    round_wind: int
    riichi: bool
    honba: int


@dataclass(frozen=True)
class TilesResult:
    """What the form takes back: the score, and the hand to keep with it."""

    analysis: Analysis
    tiles: str  # the hand in mpsz notation, as written back by the analyzer

    @property
    def yaku(self) -> tuple[str, ...]:
        """The yaku and dora as kept with the hand: "riichi", "pinfu", "dora 2"."""
        return tuple(f"{name} {value}" if name in DORA_NAMES.values() else name
                     for name, value, _ in score_lines(self.analysis))


DORA_NAMES = {"dora": "dora", "ura": "ura dora", "red": "red fives"}


def score_lines(a: Analysis) -> list[tuple[str, int, str]]:
    """(name, value, unit) for each yaku, then each kind of dora the hand has."""
    unit = "yakuman" if a.yakuman else "han"
    lines = [(name, value, unit) for name, value in a.yaku]
    if not a.yakuman:
        lines += [(DORA_NAMES[kind], getattr(a.dora, kind), "han") for kind in DORA_NAMES
                  if getattr(a.dora, kind)]
    return lines


def win_context(known: TilesContext, extras: str, dora: tuple[int, ...],
                ura: tuple[int, ...]) -> WinContext:
    """The analyzer's context from the hand form's facts and the letters typed here."""
    picked = {EXTRAS[c][0] for c in extras.lower() if c in EXTRAS}
    ctx = WinContext(
        tsumo=known.tsumo, seat_wind=known.seat_wind, round_wind=known.round_wind,
        dora=dora, ura=ura, honba=known.honba,
        riichi=known.riichi and "double_riichi" not in picked,
        double_riichi="double_riichi" in picked,
        ippatsu="ippatsu" in picked, rinshan="rinshan" in picked, chankan="chankan" in picked,
    )
    if "last" in picked:
        ctx = replace(ctx, haitei=known.tsumo, houtei=not known.tsumo)
    if "first" in picked:
        ctx = replace(ctx, tenhou=known.seat_wind == 0, chiihou=known.seat_wind != 0)
    return ctx


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
    #rt-extras { width: 8; }
    .rt-note { width: 1fr; height: 1; padding: 0 0 0 1; color: $text-muted; }
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
                            restrict=r"[0-9mpsz ]*", disabled=not k.riichi,
                            placeholder="with riichi")
            with Horizontal(classes="rt-row"):
                yield Label("Also", classes="rt-label")
                yield Input("", id="rt-extras", compact=True, classes="rt-field",
                            restrict=f"[{''.join(EXTRAS)}{''.join(EXTRAS).upper()}]*",
                            max_length=len(EXTRAS), placeholder="letters")
                yield Label(EXTRAS_HELP, id="rt-extras-note", classes="rt-note",
                            markup=False)
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

    # ---------------------------------------------------------------- reading

    def _value(self, key: str) -> str:
        return self.query_one(f"#rt-{key}", Input).value.strip()

    def _indicators(self, key: str, label: str) -> tuple[int, ...]:
        text = self._value(key)
        if not text:
            return ()
        try:
            return parse_tiles(text)[0]
        except HandError as e:
            raise HandError(f"{label}: {e}") from None

    def _analyse(self) -> tuple[TileHand | None, TilesResult | None, str]:
        """(the hand parsed, the result, the message); the message says what is wrong."""
        text = self._value("tiles")
        if not text:
            return None, None, "Tiles: type the winner's hand, e.g. 234m456p2267s [777z] 5s"
        try:
            hand = parse_hand(text)
        except HandError as e:
            return None, None, str(e)
        try:
            ctx = win_context(self.known, self._value("extras"),
                              self._indicators("dora", "Dora"), self._indicators("ura", "Ura"))
            analysis = analyze(self.rules, hand, ctx)
        except HandError as e:
            return hand, None, str(e)
        return hand, TilesResult(analysis, format_hand(hand)), ""

    # ---------------------------------------------------------------- showing

    def fields_changed(self) -> None:
        picked = [EXTRAS[c][1] for c in dict.fromkeys(self._value("extras").lower())
                  if c in EXTRAS]
        self.query_one("#rt-extras-note", Label).update(", ".join(picked) or EXTRAS_HELP)
        hand, self.result, error = self._analyse()
        self.query_one("#rt-error", Static).update(error)
        text = Text()
        if hand is not None:
            # words, not the Unicode tiles: terminals disagree on those glyphs' width
            text.append(hand_text(hand) + "\n")
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
        self.fields_changed()
        if self.result is None:
            self.app.bell()
            return
        self.dismiss(self.result)
