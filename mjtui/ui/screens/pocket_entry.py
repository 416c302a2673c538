"""The Pocket Mahjong hand form: outcome, winner, discarder, then fan or tiles.

Every field is a short keyboard code, as in the riichi form: the outcome is
one letter (r win on a discard, t self-draw, d draw, c false win: the letters
of every system's form), typed in any field that takes no letters; seats are
digits 1-4. The fan is typed, or the winner's tiles are (mpsz notation,
``[...]`` open melds, ``(...)`` a closed kong) with the situations the tiles
cannot show ticked below them; each pattern found and its fan show as they
are typed. Where the ruleset plays the bonus tiles, the winner's flowers and
seasons are typed by number below them. The seat and round wind come from
the table. A hand under the ruleset's minimum, or situations that cannot go
together, are refused with the reason. The keys are every form's
(:mod:`mjtui.ui.key_form`).

What the fields make of a hand, which of them count and every message come
from :mod:`mjtui.core.systems.pocket.entry`; this screen lays the fields out,
shows what that model says and places the focus.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Static

from mjtui.core.ruleset import Ruleset
from mjtui.core.systems.pocket.entry import (
    FIELDS,
    OUTCOME_HELP,
    OUTCOMES,
    SEATS,
    TICKED,
    Entry,
    bonus_note,
    fan_note,
    patterns_text,
    read_entry,
    values_of,
)
from mjtui.core.systems.pocket.events import SITUATIONS
from mjtui.core.systems.pocket.system import Hand, state_text
from mjtui.ui.hand_form import HandForm, Submit
from mjtui.ui.widgets.checkbox import Checkbox


class PocketHandScreen(HandForm):
    """Returns the Pocket Mahjong hand entered, or None when cancelled."""

    STYLES = ("forms",)  # read when first shown (ui/styles.py), beyond mjtui.tcss

    DEFAULT_CSS = """
    PocketHandScreen { align: center middle; }
    #pentry { width: 78; height: auto; max-height: 100%; border: thick $primary;
              background: $surface; padding: 0 1; }
    #pe-title { text-style: bold; height: 1; }
    .pe-name { width: 20; height: 1; padding: 0 0 0 1; }
    .re-field.pe-wide { width: 1fr; }
    #pe-situations { height: 1; }
    #pe-situations Checkbox { margin: 0 1 0 0; }
    #pe-bonus.pe-no-bonus { display: none; }
    #pe-patterns { height: auto; color: $success; }
    #pe-preview { height: auto; margin: 1 0 0 0; }
    #pe-next { height: auto; color: $success; }
    #pe-error { height: auto; color: $error; }
    #pe-buttons { height: 1; margin: 1 0 0 0; }
    #pe-buttons Button { margin: 0 1 0 0; }
    #pe-help { height: auto; color: $text-muted; }
    """
    OUTCOMES = "".join(OUTCOMES)  # the model's letters
    ERROR = "#pe-error"
    GIVEN = ("pe-outcome", "pe-winner")

    def __init__(self, ruleset: Ruleset, players: tuple[str, ...], before: Any, title: str,
                 hand: Hand | None = None, winner: int | None = None, *,
                 submit: Submit | None = None) -> None:
        super().__init__(ruleset, players, before, title, hand, winner, submit=submit)
        self.start = values_of(hand, winner)
        self.entry = self._read(self.start)
        self._fields: dict[str, Widget] = {}

    def _input(self, key: str, width: str, restrict: str, max_length: int = 1,
               placeholder: str = "") -> Input:
        return Input(self.start[key], id=f"pe-{key}", restrict=restrict,
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
                for situation in SITUATIONS:
                    yield Checkbox(situation.label, self.start[situation.word] == TICKED,
                                   id=f"pe-{situation.word}", compact=True)
            # The bonus tiles, where the ruleset plays them (bonus.tiles).
            with Horizontal(id="pe-bonus", classes="re-row" + (
                    "" if self.rules.bonus.tiles else " pe-no-bonus")):
                yield Label("Flowers", classes="re-label")
                yield self._input("flowers", "w4", "[0-9 ,]*", max_length=7)
                yield Label("seasons", classes="re-small")
                yield self._input("seasons", "w4", "[0-9 ,]*", max_length=7)
                yield Label("", id="pe-bonus-note", classes="re-note", markup=False)
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

    def is_outcome_field(self, widget: Widget) -> bool:
        return widget.id == "pe-outcome"

    def set_outcome(self, letter: str) -> None:
        self.query_one("#pe-outcome", Input).value = letter

    # ---------------------------------------------------------------- reading

    def _field(self, key: str) -> Widget:
        if key not in self._fields:  # the same widgets for the life of the form
            self._fields[key] = self.query_one(f"#pe-{key}")
        return self._fields[key]

    def _values(self) -> dict[str, str]:
        values = {}
        for key in FIELDS:
            widget = self._field(key)
            if isinstance(widget, Checkbox):
                values[key] = TICKED if widget.value else ""
            elif isinstance(widget, Input):
                values[key] = widget.value
        return values

    def _read(self, values: dict[str, str]) -> Entry:
        return read_entry(self.rules, self.before, values, len(self.players))

    def read(self) -> tuple[list[str], Hand | None]:
        entry = self._read(self._values())
        return list(entry.errors), entry.hand

    # ---------------------------------------------------------------- showing

    def fields_changed(self) -> None:
        self.entry = entry = self._read(self._values())
        self.show("#pe-outcome-name", entry.outcome or f"? {OUTCOME_HELP}")
        for key in FIELDS[1:]:
            self._field(key).disabled = key not in entry.active
        for key in SEATS:
            self.show(f"#pe-{key}-name", self.who(entry.seats.get(key)))
        self.show("#pe-fan-note", fan_note(self.rules))
        if self.rules.bonus.tiles:
            self.show("#pe-bonus-note", bonus_note(self.before, entry.seats.get("winner")))
        self.show("#pe-error", "\n".join(entry.errors))
        self.show("#pe-patterns", patterns_text(entry.score))
        self._preview(entry)

    def _preview(self, entry: Entry) -> None:
        """Each seat: the total now, the change, the total after."""
        after = entry.after
        self.show("#pe-preview", self.seat_lines(self.before.totals,
                                                 after.totals if after else None))
        self.show("#pe-next", "Next: " + state_text(after, self.players) if after else "")
