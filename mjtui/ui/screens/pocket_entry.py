"""The Pocket Mahjong hand form: outcome, winner, discarder, then fan or tiles.

Every field is a short keyboard code, as in the riichi form: the outcome is
one letter (r win on a discard, t self-draw, d draw, c false win: the letters
of every system's form), typed in any field that takes no letters; seats are
digits 1-4. The fan is typed, or the winner's tiles are (mpsz notation,
``[...]`` open melds, ``(...)`` a closed kong) with the situations the tiles
cannot show ticked below them; each pattern found and its fan show as they
are typed. The seat and round wind come from the table. A hand under the
ruleset's minimum is refused with the reason. The keys are every form's
(:mod:`mjtui.ui.key_form`).
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Static

from mjtui.core.errors import HandError
from mjtui.core.ruleset import Ruleset
from mjtui.core.systems.pocket import Draw, FalseWin, Hand, Win, state_text
from mjtui.core.systems.pocket.patterns import Context, Score, score_hand
from mjtui.core.tiles import parse_hand
from mjtui.ui.hand_form import HandForm, Submit
from mjtui.ui.widgets.checkbox import Checkbox

OUTCOMES = {"r": "win on a discard", "t": "self-draw", "d": "draw", "c": "false win"}
OUTCOME_HELP = "r discard · t self-draw · d draw · c false win"
# The checkbox ids, the Win.context words and the Context fields, in one place.
SITUATIONS = (
    ("robbing-kong", "Robbed kong", "robbing_kong"),
    ("kong-replacement", "Kong tile", "kong_replacement"),
    ("last-tile", "Last tile", "last_tile"),
    ("heavenly", "Heavenly", "heavenly"),
    ("earthly", "Earthly", "earthly"),
)


class PocketHandScreen(HandForm):
    """Returns the Pocket Mahjong hand entered, or None when cancelled."""

    DEFAULT_CSS = """
    PocketHandScreen { align: center middle; }
    #pentry { width: 78; height: auto; max-height: 100%; border: thick $primary;
              background: $surface; padding: 0 1; }
    #pe-title { text-style: bold; height: 1; }
    .pe-name { width: 20; height: 1; padding: 0 0 0 1; }
    .re-field.pe-wide { width: 1fr; }
    #pe-situations { height: 1; }
    #pe-situations Checkbox { margin: 0 1 0 0; }
    #pe-patterns { height: auto; color: $success; }
    #pe-preview { height: auto; margin: 1 0 0 0; }
    #pe-next { height: auto; color: $success; }
    #pe-error { height: auto; color: $error; }
    #pe-buttons { height: 1; margin: 1 0 0 0; }
    #pe-buttons Button { margin: 0 1 0 0; }
    #pe-help { height: auto; color: $text-muted; }
    """
    OUTCOMES = "".join(OUTCOMES)
    ERROR = "#pe-error"

    def __init__(self, ruleset: Ruleset, players: tuple[str, ...], before: Any, title: str,
                 hand: Hand | None = None, winner: int | None = None, *,
                 submit: Submit | None = None) -> None:
        super().__init__(ruleset, players, before, title, hand, winner, submit=submit)
        self.start = self._fields_of(hand, winner)

    def _fields_of(self, hand: Hand | None, winner: int | None) -> dict[str, Any]:
        values: dict[str, Any] = {"outcome": "r" if winner is not None else "d"}
        if winner is not None:
            values["winner"] = str(winner + 1)
        if isinstance(hand, Draw):
            values["outcome"] = "d"
        elif isinstance(hand, FalseWin):
            values.update(outcome="c", offender=str(hand.offender + 1))
        elif isinstance(hand, Win):
            values.update(outcome="t" if hand.self_draw else "r", winner=str(hand.winner + 1))
            if hand.discarder is not None:
                values["from"] = str(hand.discarder + 1)
            if hand.guarantor is not None:
                values["guarantor"] = str(hand.guarantor + 1)
            if hand.tiles is not None:
                values["tiles"] = hand.tiles
                values.update({key: True for key in hand.context})
            else:
                values["fan"] = str(hand.fan)
        return values

    def _input(self, key: str, width: str, restrict: str, max_length: int = 1,
               placeholder: str = "") -> Input:
        return Input(self.start.get(key, ""), id=f"pe-{key}", restrict=restrict,
                     max_length=max_length, placeholder=placeholder, compact=True,
                     classes=f"re-field {width}")

    def compose(self) -> ComposeResult:
        seat = "[1-4]?"
        with Vertical(id="pentry"):
            yield Label(self.heading, id="pe-title", markup=False)
            with Horizontal(classes="re-row"):
                yield Label("Outcome", classes="re-label")
                yield self._input("outcome", "w1", "[rtdcRTDC]?")
                yield Label("", id="pe-outcome-name", classes="re-note", markup=False)
            # The score first, then who pays it: the order of every system's form.
            with Horizontal(classes="re-row"):
                yield Label("Winner", classes="re-label")
                yield self._input("winner", "w1", seat)
                yield Label("", id="pe-winner-name", classes="pe-name", markup=False)
                yield Label("fan", classes="re-small")
                yield self._input("fan", "w3", "[0-9]*", max_length=2)
                yield Label("", id="pe-fan-note", classes="re-note", markup=False)
            with Horizontal(classes="re-row"):
                yield Label("or the tiles", classes="re-label")
                yield self._input("tiles", "pe-wide", r"[0-9mpsz \[\]()]*", max_length=60,
                                  placeholder="e.g. 123m456p789s11z [555z]")
            with Horizontal(id="pe-situations"):
                for key, label, _ in SITUATIONS:
                    yield Checkbox(label, bool(self.start.get(key)), id=f"pe-{key}",
                                   compact=True)
            with Horizontal(classes="re-row"):
                yield Label("Discard from", classes="re-label")
                yield self._input("from", "w1", seat)
                yield Label("", id="pe-from-name", classes="pe-name", markup=False)
                yield Label("guarantor", classes="re-small")
                yield self._input("guarantor", "w1", seat)
                yield Label("", id="pe-guarantor-name", classes="pe-name", markup=False)
            with Horizontal(classes="re-row"):
                yield Label("False win by", classes="re-label")
                yield self._input("offender", "w1", seat)
                yield Label("", id="pe-offender-name", classes="pe-name", markup=False)
            yield Static("", id="pe-patterns", markup=False)
            yield Static("", id="pe-preview")
            yield Static("", id="pe-next", markup=False)
            yield Static("", id="pe-error", markup=False)
            with Horizontal(id="pe-buttons"):
                yield Button("Confirm", id="pe-confirm", variant="primary", compact=True,
                             classes="form-confirm")
                yield Button("Cancel", id="pe-cancel", compact=True, classes="form-cancel")
            yield Static(f"{OUTCOME_HELP} · Enter next · ctrl+s confirm · Esc cancel",
                         id="pe-help", markup=False)

    def first_field(self) -> Widget:
        # The outcome and the winner came with the key pressed on the sheet.
        given = () if self.editing else ("pe-outcome", "pe-winner")
        rest = [w for w in self.walk() if w.id not in given]
        return rest[0] if rest else self.confirm_button()

    def is_outcome_field(self, widget: Widget) -> bool:
        return widget.id == "pe-outcome"

    def set_outcome(self, letter: str) -> None:
        self.query_one("#pe-outcome", Input).value = letter

    # ---------------------------------------------------------------- reading

    def _value(self, key: str) -> str:
        return self.query_one(f"#pe-{key}", Input).value.strip()

    def _outcome(self) -> str | None:
        return OUTCOMES.get(self._value("outcome").lower())

    def _seat(self, key: str) -> int | None:
        text = self._value(key)
        return int(text) - 1 if text.isdigit() and 1 <= int(text) <= len(self.players) else None

    def _situations(self) -> tuple[str, ...]:
        return tuple(key for key, _, _ in SITUATIONS
                     if self.query_one(f"#pe-{key}", Checkbox).value)

    def _from_tiles(self, winner: int, self_draw: bool) -> Score:
        """The tiles' score, with the winds of the table before this hand."""
        ticked = self._situations()
        ctx = Context(seat_wind=self.before.seat_wind(winner),
                      round_wind=self.before.round_wind, self_draw=self_draw,
                      **{field: key in ticked for key, _, field in SITUATIONS})
        return score_hand(self.rules, parse_hand(self._value("tiles")), ctx)

    def _scored(self) -> tuple[str, Score | None, Hand | None]:
        """(what is wrong, the tiles' score, the hand); the hand is None while wrong."""
        outcome = self._outcome()
        if outcome is None:
            return f"Outcome: type {OUTCOME_HELP}", None, None
        score = None
        hand: Hand
        if outcome == "draw":
            hand = Draw()
        elif outcome == "false win":
            offender = self._seat("offender")
            if offender is None:
                return "Offender: type the seat (1-4) of the player who declared a false win", \
                    None, None
            hand = FalseWin(offender)
        else:
            winner = self._seat("winner")
            if winner is None:
                return "Winner: type the winner's seat, 1-4", None, None
            self_draw = outcome == "self-draw"
            discarder = None if self_draw else self._seat("from")
            guarantor = self._seat("guarantor") if self_draw else None
            if self._value("tiles"):
                try:
                    score = self._from_tiles(winner, self_draw)
                except HandError as e:
                    return str(e), None, None
                fan = score.fan
            elif self._value("fan"):
                fan = int(self._value("fan"))
            else:
                return "Fan: type the fan, or the winner's tiles below it", None, None
            if not self_draw and discarder is None:
                return "Discard from: type the seat (1-4) of the player who discarded the " \
                       "winning tile", score, None
            if score is not None:
                hand = Win(winner, fan, discarder, guarantor, tiles=self._value("tiles"),
                           context=self._situations())
            else:
                hand = Win(winner, fan, discarder, guarantor)
        problems = self.checked(hand)
        return ("\n".join(problems), score, None) if problems else ("", score, hand)

    def read(self) -> tuple[list[str], Hand | None]:
        error, _, hand = self._scored()
        return ([error] if error else []), hand

    # ---------------------------------------------------------------- showing

    def fields_changed(self) -> None:
        outcome = self._outcome()
        win = outcome in ("win on a discard", "self-draw")
        self.show("#pe-outcome-name", outcome or f"? {OUTCOME_HELP}")
        enabled = {
            "winner": win,
            "from": outcome == "win on a discard",
            "guarantor": outcome == "self-draw" and self.rules.payments.guarantee,
            "offender": outcome == "false win",
            # fan, or the tiles: whichever is typed leaves the other out
            "fan": win and not self._value("tiles"),
            "tiles": win and not self._value("fan"),
        }
        for key, on_ in enabled.items():
            self.query_one(f"#pe-{key}", Input).disabled = not on_
            if key != "fan" and key != "tiles":
                self.show(f"#pe-{key}-name", self.who(self._seat(key)) if on_ else "")
        for key, _, _ in SITUATIONS:  # they score only with the tiles
            self.query_one(f"#pe-{key}", Checkbox).disabled = not (win and self._value("tiles"))
        fan = self.rules.fan
        self.show("#pe-fan-note", f"at least {fan.minimum}, paid up to {fan.limit}")
        error, score, hand = self._scored()
        self.show("#pe-error", error)
        self.show("#pe-patterns", self._patterns(score) if win else "")
        self._preview(hand)

    def _patterns(self, score: Score | None) -> str:
        if score is None:
            return ""
        found = " · ".join(f"{p.name} {p.fan}" for p in score.patterns) or "no pattern"
        if score.limit_hand:
            return f"{score.reading}\n{found}: limit hand, {score.fan} fan"
        capped = f" (paid as {score.fan})" if score.total > score.fan else ""
        return f"{score.reading}\n{found} = {score.total} fan{capped}"

    def _preview(self, hand: Hand | None) -> None:
        """Each seat: the total now, the change, the total after."""
        after = None
        if hand is not None:
            after = self.ruleset.system.apply(self.rules, self.before, hand)
        text = self.seat_lines(self.before.totals, after.totals if after else None)
        self.show("#pe-preview", text)
        self.show("#pe-next", "Next: " + state_text(after, self.players) if after else "")
