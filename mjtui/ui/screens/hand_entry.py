"""The hand entry form: the winner, each seat's points, a preview, confirm.

Built for speed at the table: the winner comes from the key pressed on the
score sheet, Enter walks through the points fields to Confirm, and the
settlement is previewed as the numbers are typed. What the fields mean, what
is wrong with them and which take part is read by the core
(:mod:`mjtui.core.systems.east_doubling_entry`); this form shows it.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Grid, Horizontal, Vertical
from textual.validation import ValidationResult, Validator
from textual.widgets import Button, Input, Label, Static

from mjtui.core.ruleset import Ruleset
from mjtui.core.systems.east_doubling import Hand
from mjtui.core.systems.east_doubling_entry import (
    WINNER_KEYS,
    Entry,
    blank,
    fields,
    points_problem,
    read_entry,
    values_of,
    winner_problem,
)
from mjtui.ui import numbers
from mjtui.ui.hand_form import HandForm, Submit

__all__ = ["HandEntryScreen", "Points", "WINNER_KEYS", "WinnerKey"]  # the sheet reads the keys


class Points(Validator):
    """A seat's points as the model reads them: Enter does not leave a wrong entry."""

    def validate(self, value: str) -> ValidationResult:
        problem = points_problem(value)
        return self.failure(problem) if problem else self.success()


class WinnerKey(Validator):
    def __init__(self, players: int) -> None:
        super().__init__()
        self.players = players

    def validate(self, value: str) -> ValidationResult:
        problem = winner_problem(value, self.players)
        return self.failure(problem) if problem else self.success()


class HandEntryScreen(HandForm):
    """The East-doubling hand: the winner and each seat's points."""

    GIVEN = ("winner",)

    def __init__(self, ruleset: Ruleset, players: tuple[str, ...], before: Any, title: str,
                 hand: Hand | None = None, winner: int | None = None, *,
                 submit: Submit | None = None) -> None:
        super().__init__(ruleset, players, before, title, hand, winner, submit=submit)
        self.start = values_of(hand) if hand else blank(len(players), winner)
        self.fields = fields(len(players))

    def compose(self) -> ComposeResult:
        with Vertical(id="entry"):
            yield Label(self.heading, id="entry-title", markup=False)
            with Horizontal(classes="entry-row"):
                yield Label("Winner", classes="entry-label")
                yield Input(self.start["winner"], id="winner", max_length=1,
                            validators=[WinnerKey(len(self.players))],
                            classes="entry-field", compact=True)
                yield Label("", id="winner-name", markup=False)
            with Grid(id="points-grid"):
                for seat, name in enumerate(self.players):
                    yield Label(f"{name} ({self.before.wind(seat)})", classes="entry-label",
                                markup=False)
                    yield Input(self.start[f"points-{seat}"], placeholder="0",
                                id=f"points-{seat}", validators=[Points()],
                                classes="entry-field", compact=True)
            yield Static("", id="preview", markup=False)
            yield Static("", id="entry-error", markup=False)
            with Horizontal(id="entry-buttons"):
                yield Button("Confirm", id="confirm", variant="primary", compact=True,
                             classes="form-confirm")
                yield Button("Cancel", id="cancel", compact=True, classes="form-cancel")
            yield Static("Enter: next field, then Confirm · ctrl+s: confirm · Esc: cancel",
                         id="entry-help")

    def _read(self) -> Entry:
        values = {name: self.query_one(f"#{name}", Input).value for name in self.fields}
        return read_entry(self.rules, self.before, values, self.players)

    def read(self) -> tuple[list[str], Hand | None]:
        entry = self._read()
        return list(entry.errors), entry.hand

    def fields_changed(self) -> None:
        entry = self._read()
        if not entry.winner_known:
            self.show("#winner-name", "?")
        elif entry.draw:
            self.show("#winner-name", "draw: no points change hands, East stays")
        else:
            self.show("#winner-name", self.who(entry.winner))
        for name in self.fields:
            self.query_one(f"#{name}", Input).disabled = name not in entry.active
        self.show("#entry-error", "\n".join(entry.errors))
        change = entry.after.last_change if entry.after else None
        if change is None:
            self.show("#preview", "")
            return
        parts = [f"{name} {numbers.change(c)}" for name, c in zip(self.players, change)]
        self.show("#preview", "Settlement: " + "  ".join(parts))
