"""The riichi hand form: outcome, winners, han and fu, riichi, tenpai, chombo.

Every field is a short keyboard code, so a hand goes in as fast as it is
said at the table: the outcome is one letter (r ron, t tsumo, d draw,
a abortive, c chombo), seats are digits 1-4, and the riichi and tenpai
fields take the seats as digits ("13": seats 1 and 3; typing a seat again
removes it). Enter walks the fields to Confirm, ctrl+s confirms, Esc
cancels; ctrl+f (or "f" in a fu field) opens the fu calculator, ctrl+t (or
"t" in a han field) the tiles form, which fills han and fu from the winner's
tiles and keeps the yaku with the hand while han and fu stay as it gave them.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import Key
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, Static

from mjtui.core.errors import HandError
from mjtui.core.ruleset import Ruleset
from mjtui.core.systems.riichi import (
    AbortiveDraw,
    Chombo,
    ExhaustiveDraw,
    Hand,
    Win,
    Winner,
    settle,
    state_text,
    with_riichi,
)
from mjtui.ui import numbers
from mjtui.ui.form_walk import enabled_fields, focus_after

OUTCOMES = {"r": "ron", "t": "tsumo", "d": "exhaustive draw", "a": "abortive draw",
            "c": "chombo"}
OUTCOME_HELP = "r ron · t tsumo · d draw · a abortive · c chombo"
OUTCOME_KEYS = "r/t/d/a/c"


def seats_of(text: str, players: int = 4) -> tuple[int, ...]:
    """The 0-based seats typed as digits ("31" -> (0, 2)), each once, sorted."""
    return tuple(sorted({int(c) - 1 for c in text if c.isdigit() and 1 <= int(c) <= players}))


def _int(text: str) -> int | None:
    text = text.strip()
    return int(text) if text.isdigit() else None


class FuInput(Input):
    """A fu field: "f" opens the fu calculator instead of being typed."""

    async def _on_key(self, event: Key) -> None:
        if event.key == "f":
            event.stop()
            event.prevent_default()
            self.screen.action_fu_calculator()  # type: ignore[attr-defined]
            return
        await super()._on_key(event)


class HanInput(Input):
    """A han field: "t" opens the tiles form instead of being typed."""

    async def _on_key(self, event: Key) -> None:
        if event.key == "t":
            event.stop()
            event.prevent_default()
            self.screen.action_tiles()  # type: ignore[attr-defined]
            return
        await super()._on_key(event)


class SeatSetInput(Input):
    """Seats as digits; typing a seat that is already there takes it out (a toggle)."""

    async def _on_key(self, event: Key) -> None:
        if event.character and event.character in "1234" and event.character in self.value:
            event.stop()
            event.prevent_default()
            self.value = self.value.replace(event.character, "")
            self.cursor_position = len(self.value)
            return
        await super()._on_key(event)


class RiichiHandScreen(ModalScreen[Hand | None]):
    """Returns the riichi hand entered, or None when cancelled."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
        Binding("ctrl+s", "confirm", "Confirm", priority=True),
        Binding("ctrl+f", "fu_calculator", "Fu calculator", priority=True),
        Binding("ctrl+t", "tiles", "Tiles", priority=True),
    ]

    def __init__(
        self,
        ruleset: Ruleset,
        players: tuple[str, ...],
        before: Any,
        title: str,
        hand: Hand | None = None,
        winner: int | None = None,
    ) -> None:
        super().__init__()
        self.ruleset = ruleset
        self.rules = ruleset.rules
        self.players = players
        self.before = before
        self.heading = title
        self.editing = hand is not None
        mode = self.rules.payments.multiple_ron
        self.max_winners = {"head-bump": 1, "double": 2}.get(mode, 3)
        # per winner row: the winner as the tiles form scored it (tiles and yaku kept)
        self.from_tiles: dict[int, Winner] = {}
        self.start = self._fields_of(hand, winner)
        self._shown: dict[str, str | Text] = {}

    # ---------------------------------------------------------------- setup

    def _fields_of(self, hand: Hand | None, winner: int | None) -> dict[str, str]:
        """The fields' first values: from the hand being edited, or the key pressed."""
        values: dict[str, str] = {"outcome": "r" if winner is not None else "d"}
        if winner is not None:
            values["seat-0"] = str(winner + 1)
        if hand is None:
            return values
        values["riichi"] = "".join(str(s + 1) for s in hand.riichi)
        if isinstance(hand, Win):
            values["outcome"] = "t" if hand.tsumo else "r"
            if hand.discarder is not None:
                values["from"] = str(hand.discarder + 1)
            for n, w in enumerate(hand.winners[: self.max_winners]):
                values[f"seat-{n}"] = str(w.seat + 1)
                values[f"han-{n}"] = str(w.han) if w.han else ""
                values[f"fu-{n}"] = "" if w.fu is None else str(w.fu)
                values[f"yakuman-{n}"] = str(w.yakuman) if w.yakuman else ""
                if w.tiles or w.yaku:
                    self.from_tiles[n] = w
        elif isinstance(hand, ExhaustiveDraw):
            values["outcome"] = "d"
            values["tenpai"] = "".join(str(s + 1) for s in sorted(hand.tenpai))
        elif isinstance(hand, AbortiveDraw):
            values["outcome"] = "a"
        else:
            values["outcome"] = "c"
            values["offender"] = str(hand.offender + 1)
        return values

    def _input(self, key: str, *, width: str, restrict: str, max_length: int = 0,
               cls: type[Input] = Input, placeholder: str = "") -> Input:
        return cls(self.start.get(key, ""), id=f"re-{key}", restrict=restrict,
                   max_length=max_length, placeholder=placeholder, compact=True,
                   classes=f"re-field {width}")

    def _ron_off_row(self, seat: str) -> ComposeResult:
        with Horizontal(classes="re-row"):
            yield Label("Ron off", classes="re-label")
            yield self._input("from", width="w1", restrict=seat, max_length=1)
            yield Label("", id="re-from-name", classes="re-name", markup=False)
            yield Label("Offender", classes="re-small re-off")
            yield self._input("offender", width="w1", restrict=seat, max_length=1)
            yield Label("", id="re-offender-name", classes="re-name", markup=False)

    def compose(self) -> ComposeResult:
        seat = "[1-4]?"
        with Vertical(id="rentry"):
            yield Label(self.heading, id="re-title", markup=False)
            with Horizontal(classes="re-row"):
                yield Label("Outcome", classes="re-label")
                yield self._input("outcome", width="w1", restrict="[rtdacRTDAC]?",
                                  max_length=1)
                yield Label("", id="re-outcome-name", classes="re-note", markup=False)
            for n in range(self.max_winners):
                if n == 1:
                    yield from self._ron_off_row(seat)
                with Horizontal(classes="re-row", id=f"re-winner-row-{n}"):
                    label = "Winner" if n == 0 else f"Winner {n + 1}"
                    yield Label(label, classes="re-label")
                    yield self._input(f"seat-{n}", width="w1", restrict=seat, max_length=1)
                    yield Label("", id=f"re-name-{n}", classes="re-name", markup=False)
                    yield Label("han", classes="re-small")
                    yield self._input(f"han-{n}", width="w3", restrict="[0-9]*", max_length=2,
                                      cls=HanInput)
                    yield Label("fu", classes="re-small")
                    yield self._input(f"fu-{n}", width="w3", restrict="[0-9]*", max_length=3,
                                      cls=FuInput)
                    yield Label("yakuman", classes="re-small re-yk")
                    yield self._input(f"yakuman-{n}", width="w1", restrict="[0-9]?",
                                      max_length=1)
                    yield Label("", id=f"re-pay-{n}", classes="re-pay", markup=False)
            if self.max_winners == 1:
                yield from self._ron_off_row(seat)
            with Horizontal(classes="re-row"):
                yield Label("Riichi (seats)", classes="re-label")
                yield self._input("riichi", width="w4", restrict="[1-4]*", max_length=4,
                                  cls=SeatSetInput)
                yield Label("", id="re-riichi-names", classes="re-note", markup=False)
            with Horizontal(classes="re-row"):
                yield Label("Tenpai (seats)", classes="re-label")
                yield self._input("tenpai", width="w4", restrict="[1-4]*", max_length=4,
                                  cls=SeatSetInput)
                yield Label("", id="re-tenpai-names", classes="re-note", markup=False)
            yield Static("", id="re-yaku", markup=False)
            yield Static("", id="re-preview")
            yield Static("", id="re-next", markup=False)
            yield Static("", id="re-error", markup=False)
            with Horizontal(id="re-buttons"):
                yield Button("Confirm", id="re-confirm", variant="primary", compact=True)
                yield Button("Cancel", id="re-cancel", compact=True)
                yield Button("Fu calc", id="re-fucalc", compact=True)
            yield Static("Enter next · ctrl+s confirm · ctrl+t tiles · ctrl+f fu calculator · "
                         "Esc cancel", id="re-help")

    def on_mount(self) -> None:
        self._refresh()
        if self.editing:
            self.query_one("#re-outcome", Input).focus()
        elif self.start.get("outcome") == "d":
            self.query_one("#re-tenpai", Input).focus()
        else:
            self.query_one("#re-han-0", Input).focus()

    # ---------------------------------------------------------------- reading

    def _value(self, key: str) -> str:
        return self.query_one(f"#re-{key}", Input).value.strip()

    def _outcome(self) -> str | None:
        return OUTCOMES.get(self._value("outcome").lower())

    def _seat(self, key: str) -> int | None:
        n = _int(self._value(key))
        return n - 1 if n is not None and 1 <= n <= len(self.players) else None

    def _winners(self, tsumo: bool) -> tuple[list[str], list[Winner]]:
        errors: list[str] = []
        result: list[Winner] = []
        rows = 1 if tsumo else self.max_winners
        for n in range(rows):
            seat = self._seat(f"seat-{n}")
            han, fu = _int(self._value(f"han-{n}")), _int(self._value(f"fu-{n}"))
            yakuman = _int(self._value(f"yakuman-{n}")) or 0
            if seat is None:
                if n == 0:
                    errors.append("Winner: type the winner's seat, 1-4")
                continue
            if yakuman:
                typed = Winner(seat, 0, None, yakuman)
            elif han is None:
                who = "" if n == 0 else f"winner {n + 1} "
                errors.append(f"{who}han: type the han (1 or more), or a yakuman count")
                continue
            else:
                typed = Winner(seat, han, fu, 0)
            result.append(self._kept_from_tiles(n) or typed)
        return errors, result

    def _kept_from_tiles(self, row: int) -> Winner | None:
        """The row's winner as the tiles form scored it (tiles and yaku kept), while the
        row's seat and score are still the tiles' own; None once either was typed over."""
        scored = self.from_tiles.get(row)
        if scored is None or self._seat(f"seat-{row}") != scored.seat:
            return None
        same = self._typed_score(row) == (scored.han, scored.fu, scored.yakuman)
        return scored if same else None

    def _hand(self) -> tuple[list[str], Hand | None]:
        """(messages, the hand) from the fields; the hand is None while something is wrong."""
        outcome = self._outcome()
        riichi = seats_of(self._value("riichi"))
        if outcome is None:
            return [f"Outcome: type {OUTCOME_HELP}"], None
        hand: Hand
        if outcome in ("ron", "tsumo"):
            tsumo = outcome == "tsumo"
            errors, won = self._winners(tsumo)
            discarder = None
            if not tsumo:
                discarder = self._seat("from")
                if discarder is None:
                    errors.append("Ron off: type the seat (1-4) of the player who discarded "
                                  "the winning tile")
            if errors:
                return errors, None
            hand = Win(tuple(won), discarder, riichi)
        elif outcome == "exhaustive draw":
            hand = ExhaustiveDraw(seats_of(self._value("tenpai")), riichi)
        elif outcome == "abortive draw":
            hand = AbortiveDraw(riichi)
        else:
            offender = self._seat("offender")
            if offender is None:
                return ["Offender: type the seat (1-4) of the player who made the chombo"], None
            hand = Chombo(offender, riichi)
        try:
            self.ruleset.system.check_in_play(self.rules, self.before, hand)
        except HandError as e:
            return [str(e)], None
        return [], hand

    # ---------------------------------------------------------------- showing

    def _show(self, selector: str, content: str | Text) -> None:
        """Update a label only when its text changes (each update costs a layout)."""
        if selector in self._shown and self._shown[selector] == content:
            return
        self._shown[selector] = content
        self.query_one(selector, Static).update(content)

    def _who(self, seat: int | None) -> str:
        if seat is None:
            return ""
        return f"{self.players[seat]} ({self.before.wind(seat)})"

    def _refresh(self) -> None:
        outcome = self._outcome()
        win = outcome in ("ron", "tsumo")
        self._show("#re-outcome-name",
            f"{outcome}   ({OUTCOME_KEYS})" if outcome else f"? {OUTCOME_HELP}")
        for n in range(self.max_winners):
            active = win and (n == 0 or outcome == "ron")
            scored = active and (n == 0 or self._seat(f"seat-{n}") is not None)
            self.query_one(f"#re-seat-{n}", Input).disabled = not active
            for key in ("han", "fu", "yakuman"):
                self.query_one(f"#re-{key}-{n}", Input).disabled = not scored
            self._show(f"#re-name-{n}",
                self._who(self._seat(f"seat-{n}")) if active else "")
            self._show(f"#re-pay-{n}", "")
        self.query_one("#re-from", Input).disabled = outcome != "ron"
        self._show("#re-from-name",
            self._who(self._seat("from")) if outcome == "ron" else "")
        self.query_one("#re-offender", Input).disabled = outcome != "chombo"
        self._show("#re-offender-name",
            self._who(self._seat("offender")) if outcome == "chombo" else "")
        self.query_one("#re-tenpai", Input).disabled = outcome != "exhaustive draw"
        tenpai = seats_of(self._value("tenpai"))
        self._show("#re-tenpai-names",
            (", ".join(self.players[s] for s in tenpai) or "nobody: all noten")
            if outcome == "exhaustive draw" else "")
        riichi = seats_of(self._value("riichi"))
        deposit = self.rules.payments.riichi_deposit
        self._show("#re-riichi-names",
            (", ".join(self.players[s] for s in riichi) + f" (-{deposit} each, on the table)")
            if riichi else "nobody")

        errors, hand = self._hand()
        self._show("#re-error", "\n".join(errors))
        self._show("#re-yaku", self._yaku_text())
        self._preview(hand, riichi)

    def _yaku_text(self) -> str:
        """The yaku of each winner scored from the tiles, or why they were dropped."""
        if self._outcome() not in ("ron", "tsumo"):
            return ""
        lines = []
        for row, scored in sorted(self.from_tiles.items()):
            if self._seat(f"seat-{row}") != scored.seat:
                continue
            name = self.players[scored.seat]
            if self._kept_from_tiles(row) is not None:
                lines.append(f"{name}: {', '.join(scored.yaku)}")
            else:
                lines.append(f"{name}: han/fu typed over the tiles' (the yaku list is not kept)")
        return "\n".join(lines)

    def _typed_score(self, row: int) -> tuple[int, int | None, int]:
        """(han, fu, yakuman) as the row's fields read, the way a Winner holds them."""
        yakuman = _int(self._value(f"yakuman-{row}")) or 0
        if yakuman:
            return 0, None, yakuman
        return _int(self._value(f"han-{row}")) or 0, _int(self._value(f"fu-{row}")), 0

    def _preview(self, hand: Hand | None, riichi: tuple[int, ...]) -> None:
        """Each seat: the total now (riichi deposits already off), the change, the total after."""
        playing = with_riichi(self.rules, self.before, riichi)
        after = None
        if hand is not None:
            after = self.ruleset.system.apply(self.rules, self.before, hand)
            settled = settle(self.rules, self.before, hand)
            rows = {seat: n for n, seat in enumerate(self._winner_rows())}
            for seat, pay in settled.payments:
                if seat in rows:
                    self._show(f"#re-pay-{rows[seat]}",
                        f"{pay.base.name} {pay.short()}".strip())
        text = Text()
        for seat, name in enumerate(self.players):
            line = Text(f"{seat + 1} {name[:14]:<14} {self.before.wind(seat)[:1]} ",
                        style="bold"
                        if seat == self.before.east else "")
            line.append(f"{numbers.points(playing.totals[seat]):>8}")
            if after is not None:
                change = after.totals[seat] - playing.totals[seat]
                style = "green" if change > 0 else "red" if change < 0 else ""
                line.append(f"  {numbers.change(change):>8}", style=style)
                line.append(f"  → {numbers.points(after.totals[seat]):>8}")
            text.append(line)
            text.append("\n")
        text.append(f"On the table now: {playing.honba} honba, {playing.deposits} in deposits",
                    style="dim")
        self._show("#re-preview", text)
        nxt = ""
        if after is not None:
            nxt = "Next: " + state_text(after, self.players)
        self._show("#re-next", nxt)

    def _winner_rows(self) -> list[int | None]:
        return [self._seat(f"seat-{n}") for n in range(self.max_winners)]

    # ---------------------------------------------------------------- events

    @on(Input.Changed)
    def _changed(self, event: Input.Changed) -> None:
        self._refresh()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        # Enter walks the fields a hand needs; the rare yakuman count is left to
        # Tab, so a seat typed one field too early cannot make a yakuman.
        fields = [w for w in enabled_fields(self)
                  if w is event.input or not (w.id or "").startswith("re-yakuman-")]
        focus_after(event.input, fields, self.query_one("#re-confirm", Button))

    @on(Button.Pressed, "#re-fucalc")
    def action_fu_calculator(self) -> None:
        from mjtui.ui.screens.fu_calculator import FuCalculatorScreen

        row = self._focused_row()
        tsumo = self._outcome() == "tsumo"

        def put(fu: int | None) -> None:
            if fu is not None:
                field = self.query_one(f"#re-fu-{row}", Input)
                field.value = str(fu)
                field.focus()

        self.app.push_screen(FuCalculatorScreen(self.rules, tsumo=tsumo), put)

    def action_tiles(self) -> None:
        """Score the focused winner row (or the first) from the winner's tiles."""
        from mjtui.ui.screens.riichi_tiles import RiichiTilesScreen, TilesContext, TilesResult

        row = self._focused_row()
        outcome = self._outcome()
        seat = self._seat(f"seat-{row}")
        if outcome not in ("ron", "tsumo") or seat is None:
            self._show("#re-error", "Tiles: first the outcome (r ron or t tsumo) and the "
                                    "winner's seat")
            self.app.bell()
            return
        known = TilesContext(
            winner=self.players[seat], tsumo=outcome == "tsumo",
            seat_wind=(seat - self.before.east) % len(self.players),
            round_wind=self.before.round_wind, riichi=seat in seats_of(self._value("riichi")),
            honba=self.before.honba)
        previous = self.from_tiles.get(row)
        start = previous.tiles if previous is not None and previous.seat == seat else ""

        def put(result: TilesResult | None) -> None:
            if result is None:
                return
            a = result.analysis
            winner = Winner(seat, a.han if not a.yakuman else 0,
                            a.fu if not a.yakuman else None, a.yakuman, result.tiles, result.yaku)
            self.from_tiles[row] = winner
            self.query_one(f"#re-yakuman-{row}", Input).value = str(a.yakuman) if a.yakuman \
                else ""
            self.query_one(f"#re-han-{row}", Input).value = str(winner.han) if winner.han else ""
            self.query_one(f"#re-fu-{row}", Input).value = "" if winner.fu is None \
                else str(winner.fu)
            self._refresh()
            self.query_one(f"#re-han-{row}", Input).focus()

        self.app.push_screen(RiichiTilesScreen(self.rules, known, start), put)

    def _focused_row(self) -> int:
        """The winner row of the focused field, 0 when the focus is elsewhere."""
        focused = self.focused
        if isinstance(focused, Input) and focused.id and focused.id[-2:-1] == "-" \
                and focused.id[-1].isdigit() and int(focused.id[-1]) < self.max_winners:
            return int(focused.id[-1])
        return 0

    @on(Button.Pressed, "#re-confirm")
    def action_confirm(self) -> None:
        errors, hand = self._hand()
        if hand is None:
            self._show("#re-error", "\n".join(errors))
            self.app.bell()
            return
        self.dismiss(hand)

    @on(Button.Pressed, "#re-cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)
