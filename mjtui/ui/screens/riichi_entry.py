"""The riichi hand form: outcome, winners, han and fu, riichi, tenpai, chombo.

Every field is a short keyboard code, so a hand goes in as fast as it is
said at the table: the outcome is one letter (r ron, t tsumo, d draw,
a abortive, c chombo), seats are digits 1-4 (1-3 at a three-player table),
and the riichi, tenpai and nagashi fields take the seats as digits ("13":
seats 1 and 3; typing a seat again removes it); pao, beside the ron-off
seat, names the seat liable for a lone winner's yakuman. The keys are every
form's (:mod:`mjtui.ui.key_form`): an outcome letter works from any field;
ctrl+f opens the fu calculator, ctrl+t the tiles form, which fills han and fu
from the winner's tiles and keeps the yaku with the hand while han and fu stay
as it gave them.

What the fields make of the hand (the errors, the hand, the fields that can
still change the score, the payments) is :mod:`mjtui.core.systems.riichi.entry`'s;
this form collects the fields, shows what it reads and places the focus.
"""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Static

from mjtui.core.errors import HandError
from mjtui.core.ruleset import Ruleset
from mjtui.core.systems.riichi.entry import (
    OUTCOME_HELP,
    OUTCOME_KEYS,
    OUTCOMES,
    Entry,
    fields,
    kept_of,
    key_values,
    next_field,
    read_entry,
    row_of,
    score_values,
    tiles_context,
    values_of,
    winner_rows,
)
from mjtui.core.systems.riichi.system import Hand, Winner, state_text
from mjtui.core.systems.riichi.tiles_entry import TilesResult
from mjtui.ui.hand_form import HandForm, Submit
from mjtui.ui.key_form import CodeInput


class SeatSetInput(CodeInput):
    """Seats as digits; typing a seat that is already there takes it out (a toggle)."""

    def type_char(self, char: str) -> None:
        if char.isdigit() and char in self.value:
            self.value = self.value.replace(char, "")
            self.cursor_position = len(self.value)
        else:
            super().type_char(char)


class RiichiHandScreen(HandForm):
    """Returns the riichi hand entered, or None when cancelled."""

    STYLES = ("forms",)  # read when first shown (ui/styles.py), beyond mjtui.tcss

    BINDINGS = [
        Binding("ctrl+f", "fu_calculator", "Fu calculator", priority=True),
        Binding("ctrl+t", "tiles", "Tiles", priority=True),
    ]
    OUTCOMES = "".join(OUTCOMES)
    ERROR = "#re-error"
    GIVEN = ("re-outcome", "re-seat-0")

    def __init__(self, ruleset: Ruleset, players: tuple[str, ...], before: Any, title: str,
                 hand: Hand | None = None, winner: int | None = None, *,
                 submit: Submit | None = None) -> None:
        super().__init__(ruleset, players, before, title, hand, winner, submit=submit)
        self.max_winners = winner_rows(self.rules)
        self.field_names = fields(self.max_winners)
        # per winner row: the winner as the tiles form scored it (tiles and yaku kept)
        self.from_tiles: dict[int, Winner] = {}
        self.start = key_values(winner)
        if hand is not None:
            self.start = values_of(hand, self.max_winners)
            self.from_tiles = kept_of(hand, self.max_winners)
        self._inputs: dict[str, Input] = {}

    # ---------------------------------------------------------------- setup

    def _input(self, key: str, *, width: str, restrict: str, max_length: int = 0,
               cls: type[Input] = CodeInput, placeholder: str = "") -> Input:
        return cls(self.start.get(key, ""), id=f"re-{key}", restrict=restrict,
                   max_length=max_length, placeholder=placeholder, compact=True,
                   classes=f"re-field {width}")

    def _ron_off_row(self, seat: str) -> ComposeResult:
        with Horizontal(classes="re-row"):
            yield Label("Ron off", classes="re-label")
            yield self._input("from", width="w1", restrict=seat, max_length=1)
            yield Label("", id="re-from-name", classes="re-name", markup=False)
            yield Label("pao", classes="re-small re-pao")
            yield self._input("pao", width="w1", restrict=seat, max_length=1)
            yield Label("Offender", classes="re-small re-off")
            yield self._input("offender", width="w1", restrict=seat, max_length=1)
            yield Label("", id="re-offender-name", classes="re-name re-offender-name",
                        markup=False)

    def compose(self) -> ComposeResult:
        last = len(self.players)
        seat, seats = f"[1-{last}]?", f"[1-{last}]*"
        with Vertical(id="rentry"):
            yield Label(self.heading, id="re-title", markup=False)
            with Horizontal(classes="re-row"):
                yield Label("Outcome", classes="re-label")
                letters = self.OUTCOMES + self.OUTCOMES.upper()
                yield self._input("outcome", width="w1", restrict=f"[{letters}]?",
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
                    yield self._input(f"han-{n}", width="w3", restrict="[0-9]*", max_length=2)
                    yield Label("fu", classes="re-small")
                    yield self._input(f"fu-{n}", width="w3", restrict="[0-9]*", max_length=3)
                    yield Label("yakuman", classes="re-small re-yk")
                    yield self._input(f"yakuman-{n}", width="w1", restrict="[0-9]?",
                                      max_length=1)
            if self.max_winners == 1:
                yield from self._ron_off_row(seat)
            with Horizontal(classes="re-row"):
                yield Label("Tenpai", classes="re-label")
                yield self._input("tenpai", width="w4", restrict=seats, max_length=last,
                                  cls=SeatSetInput)
                yield Label("nagashi", classes="re-small")
                yield self._input("nagashi", width="w4", restrict=seats, max_length=last,
                                  cls=SeatSetInput)
                yield Label("", id="re-tenpai-names", classes="re-note", markup=False)
            with Horizontal(classes="re-row"):
                yield Label("Riichi", classes="re-label")
                yield self._input("riichi", width="w4", restrict=seats, max_length=last,
                                  cls=SeatSetInput)
                yield Label("", id="re-riichi-names", classes="re-note", markup=False)
            yield Static("", id="re-yaku", markup=False)
            yield Static("", id="re-preview")
            yield Static("", id="re-next", markup=False)
            yield Static("", id="re-error", markup=False)
            with Horizontal(id="re-buttons"):
                yield Button("Confirm", id="re-confirm", variant="primary", compact=True,
                             classes="form-confirm")
                yield Button("Cancel", id="re-cancel", compact=True, classes="form-cancel")
                yield Button("Fu calc", id="re-fucalc", compact=True)
            yield Static("Enter next · ctrl+s confirm · ctrl+t tiles · ctrl+f fu calculator · "
                         "Esc cancel", id="re-help")

    def is_outcome_field(self, widget: Widget) -> bool:
        return widget.id == "re-outcome"

    def set_outcome(self, letter: str) -> None:
        self.query_one("#re-outcome", Input).value = letter

    # ---------------------------------------------------------------- reading

    def _field(self, name: str) -> Input:
        if not self._inputs:
            self._inputs = {f: self.query_one(f"#re-{f}", Input) for f in self.field_names}
        return self._inputs[name]

    def entry(self) -> Entry:
        """The fields read by the riichi hand-input model."""
        values = {name: self._field(name).value for name in self.field_names}
        return read_entry(self.rules, self.before, values, len(self.players),
                          self.from_tiles)

    def read(self) -> tuple[list[str], Hand | None]:
        """(messages, the hand) from the fields; the hand is None while something is wrong."""
        entry = self.entry()
        return list(entry.errors), entry.hand

    # ---------------------------------------------------------------- showing

    def fields_changed(self) -> None:
        entry = self.entry()
        for name in self.field_names:
            self._field(name).disabled = name not in entry.active
        outcome = entry.outcome
        self.show("#re-outcome-name",
            f"{outcome}   ({OUTCOME_KEYS})" if outcome else f"? {OUTCOME_HELP}")
        for n in range(self.max_winners):
            self.show(f"#re-name-{n}", self._named(entry, f"seat-{n}"))
        self.show("#re-from-name", self._named(entry, "from"))
        self.show("#re-offender-name", self._named(entry, "offender"))
        self.show("#re-tenpai-names", self._draw_text(entry))
        deposit = self.rules.payments.riichi_deposit
        self.show("#re-riichi-names",
            (", ".join(self.players[s] for s in entry.riichi) + f" (-{deposit} each, on the table)")
            if entry.riichi else "nobody")
        self.show("#re-error", "\n".join(entry.errors))
        self.show("#re-yaku", self._won_text(entry))
        self._preview(entry)

    def _draw_text(self, entry: Entry) -> str:
        """Who was tenpai, and who made nagashi mangan, at an exhaustive draw."""
        if "tenpai" not in entry.active:
            return ""
        text = ", ".join(self.players[s] for s in entry.tenpai) or "nobody: all noten"
        if entry.nagashi:
            text += "; nagashi " + ", ".join(self.players[s] for s in entry.nagashi)
        return text

    def _won_text(self, entry: Entry) -> str:
        """A line per winner: the payment (on a line of its own, where it has room at
        80 columns), then the yaku kept from the tiles."""
        yaku = {row: (seat, kept) for row, seat, kept in entry.yaku}
        lines = []
        for row in sorted(set(entry.pays) | set(yaku)):
            seat = entry.seats.get(f"seat-{row}")
            if seat is None and row in yaku:
                seat = yaku[row][0]
            parts = [entry.pays[row]] if row in entry.pays else []
            if row in yaku:
                kept = yaku[row][1]
                parts.append(", ".join(kept) if kept is not None else
                             "han/fu typed over the tiles' (the yaku list is not kept)")
            if row == 0 and "pao" in entry.active and entry.seats.get("pao") is not None:
                liable = self.players[entry.seats["pao"]]  # type: ignore[index]
                parts.append(f"pao: {liable} pays " + (
                    "it all" if entry.outcome == "tsumo" else "half"))
            name = self.players[seat] if seat is not None else f"winner {row + 1}"
            lines.append(f"{name}: " + " · ".join(parts))
        return "\n".join(lines)

    def _named(self, entry: Entry, field: str) -> str:
        """The player a seat field names, while the field counts."""
        return self.who(entry.seats.get(field)) if field in entry.active else ""

    def _preview(self, entry: Entry) -> None:
        """Each seat: the total now (riichi deposits already off), the change, the total after."""
        playing, after = entry.playing, entry.after
        text = self.seat_lines(playing.totals, after.totals if after else None)
        text.append(f"\nOn the table now: {playing.honba} honba, {playing.deposits} in deposits",
                    style="dim")
        self.show("#re-preview", text)
        self.show("#re-next", "Next: " + state_text(after, self.players) if after else "")

    # ---------------------------------------------------------------- events

    def press_now(self, button: Button) -> None:
        if button.id == "re-fucalc":
            self.action_fu_calculator()
        else:
            super().press_now(button)

    @on(Button.Pressed, "#re-fucalc")
    def action_fu_calculator(self) -> None:
        from mjtui.ui.screens.fu_calculator import FuCalculatorScreen

        row = self._focused_row()
        tsumo = self.entry().outcome == "tsumo"

        def put(fu: int | None) -> None:
            if fu is not None:
                field = self._field(f"fu-{row}")
                field.value = str(fu)
                self.refresh_fields()
                self.focus_field(field)

        self.app.push_screen(FuCalculatorScreen(self.rules, tsumo=tsumo), put)

    def action_tiles(self) -> None:
        """Score the focused winner row (or the first) from the winner's tiles."""
        from mjtui.ui.screens.riichi_tiles import RiichiTilesScreen

        row, entry = self._focused_row(), self.entry()
        try:
            known, start = tiles_context(entry, self.before, row, self.players,
                                         self.from_tiles)
        except HandError as e:
            self.show("#re-error", str(e))
            self.app.bell()
            return
        seat = entry.seats[f"seat-{row}"]

        def put(result: TilesResult | None) -> None:
            if result is None:
                return
            winner = result.winner(seat)  # type: ignore[arg-type]  # tiles_context checked it
            self.from_tiles[row] = winner
            for name, value in score_values(row, winner).items():
                self._field(name).value = value
            self.refresh_fields()
            # On past the row's score, so a digit typed next cannot change it.
            name = next_field(self.entry().active, f"yakuman-{row}")
            self.focus_field(self._field(name) if name else self.confirm_button())

        self.app.push_screen(RiichiTilesScreen(self.rules, known, start), put)

    def _focused_row(self) -> int:
        """The winner row of the focused field, 0 when the focus is elsewhere."""
        focused = self.focused
        row = row_of(focused.id[3:]) if isinstance(focused, Input) and focused.id else None
        return row if row is not None and row < self.max_winners else 0
