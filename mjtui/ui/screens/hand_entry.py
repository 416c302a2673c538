"""The hand entry form: the winner, each seat's points, a preview, confirm.

Built for speed at the table: the winner comes from the key pressed on the
score sheet, Enter walks through the points fields to Confirm, and the
settlement is previewed as the numbers are typed.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.containers import Grid, Horizontal, Vertical
from textual.validation import ValidationResult, Validator
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Static

from mjtui.core.ruleset import Ruleset
from mjtui.core.systems.east_doubling import Hand
from mjtui.ui import numbers
from mjtui.ui.hand_form import HandForm, Submit

WINNER_KEYS = {"0": None, "1": 0, "2": 1, "3": 2, "4": 3, "a": 0, "b": 1, "c": 2, "d": 3}
MAX_POINTS = 10**9


class Points(Validator):
    """A whole number of points, 0 or more; an empty field counts as 0."""

    def validate(self, value: str) -> ValidationResult:
        text = value.strip()
        if not text:
            return self.success()
        if not text.isdigit():
            return self.failure(f"{value!r} is not a whole number of points (digits only)")
        if int(text) > MAX_POINTS:
            return self.failure(f"{text} is more points than any hand scores")
        return self.success()


class WinnerKey(Validator):
    def __init__(self, players: int) -> None:
        super().__init__()
        self.players = players

    def validate(self, value: str) -> ValidationResult:
        seat = WINNER_KEYS.get(value.strip().lower(), "bad")
        if seat == "bad" or (seat is not None and seat >= self.players):
            letters = "abcd"[: self.players]
            return self.failure(
                f"winner: type 1-{self.players} (or {letters[0]}-{letters[-1]}), or 0 for a draw"
            )
        return self.success()


def winner_text(value: str) -> str:
    return value.strip().lower() if value.strip() else ""


class HandEntryScreen(HandForm):
    """The East-doubling hand: the winner and each seat's points."""

    def __init__(self, ruleset: Ruleset, players: tuple[str, ...], before: Any, title: str,
                 hand: Hand | None = None, winner: int | None = None, *,
                 submit: Submit | None = None) -> None:
        super().__init__(ruleset, players, before, title, hand, winner, submit=submit)
        self.start_winner = hand.winner if hand else winner
        self.start_points = hand.points if hand else None

    def compose(self) -> ComposeResult:
        with Vertical(id="entry"):
            yield Label(self.heading, id="entry-title", markup=False)
            with Horizontal(classes="entry-row"):
                yield Label("Winner", classes="entry-label")
                yield Input(
                    "0" if self.start_winner is None else str(self.start_winner + 1),
                    id="winner", max_length=1, validators=[WinnerKey(len(self.players))],
                    classes="entry-field", compact=True,
                )
                yield Label("", id="winner-name", markup=False)
            with Grid(id="points-grid"):
                for seat, name in enumerate(self.players):
                    yield Label(f"{name} ({self.before.wind(seat)})", classes="entry-label",
                                markup=False)
                    value = str(self.start_points[seat]) if self.start_points else ""
                    yield Input(value, placeholder="0", id=f"points-{seat}",
                                validators=[Points()], classes="entry-field", compact=True)
            yield Static("", id="preview", markup=False)
            yield Static("", id="entry-error", markup=False)
            with Horizontal(id="entry-buttons"):
                yield Button("Confirm", id="confirm", variant="primary", compact=True,
                             classes="form-confirm")
                yield Button("Cancel", id="cancel", compact=True, classes="form-cancel")
            yield Static("Enter: next field, then Confirm · ctrl+s: confirm · Esc: cancel",
                         id="entry-help")

    def first_field(self) -> Widget:
        # The winner came with the key pressed on the sheet; an edit starts at the top.
        if self.editing:
            return self.query_one("#winner", Input)
        return self.walk()[1] if len(self.walk()) > 1 else self.confirm_button()

    def _winner(self) -> tuple[bool, int | None]:
        """(valid, seat) from the winner field."""
        text = winner_text(self.query_one("#winner", Input).value)
        seat = WINNER_KEYS.get(text, "bad")
        if seat == "bad" or (seat is not None and seat >= len(self.players)):
            return False, None
        return True, seat

    def _points(self) -> tuple[list[str], tuple[int, ...]]:
        """(errors, points) from the points fields."""
        errors, values = [], []
        for seat, name in enumerate(self.players):
            field = self.query_one(f"#points-{seat}", Input)
            text = field.value.strip()
            result = Points().validate(field.value)
            if not result.is_valid:
                errors.append(f"{name}: {result.failure_descriptions[0]}")
                values.append(0)
            else:
                values.append(int(text) if text else 0)
        return errors, tuple(values)

    def read(self) -> tuple[list[str], Hand | None]:
        ok, winner = self._winner()
        errors, points = self._points()
        if not ok:
            n = len(self.players)
            errors.insert(0, f"Winner: type 1-{n} (or a-{'abcd'[n - 1]}), or 0 for a draw")
        if winner is None:
            points = (0,) * len(self.players)
        if errors:
            return errors, None
        hand = Hand(winner=winner, points=points)
        problems = self.checked(hand)
        return (problems, None) if problems else ([], hand)

    def fields_changed(self) -> None:
        ok, winner = self._winner()
        if not ok:
            self.show("#winner-name", "?")
        elif winner is None:
            self.show("#winner-name", "draw: no points change hands, East stays")
        else:
            self.show("#winner-name", f"{self.players[winner]} ({self.before.wind(winner)})")
        for seat in range(len(self.players)):
            self.query_one(f"#points-{seat}", Input).disabled = ok and winner is None
        errors, hand = self.read()
        self.show("#entry-error", "\n".join(errors))
        if hand is None:
            self.show("#preview", "")
            return
        after = self.ruleset.system.apply(self.ruleset.rules, self.before, hand)
        parts = [
            f"{name} {numbers.change(c)}" for name, c in zip(self.players, after.last_change)
        ]
        self.show("#preview", "Settlement: " + "  ".join(parts))
