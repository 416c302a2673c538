"""What every hand form shares: the table before the hand, recording, editing.

A form reads its fields into a hand (:meth:`HandForm.read`), shows labels and
a preview as they change (:meth:`KeyForm.fields_changed`), and on confirm
hands the hand to ``submit``, which records it at once: the score sheet is up
to date before the next key is read, and a hand the table refuses keeps the
form open with the reason. Editing a recorded hand ends in its own question,
the old and the new settlement side by side, so no stray key replaces a hand.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.widget import Widget
from textual.widgets import Static

from mjtui.core.errors import HandError
from mjtui.core.ruleset import Ruleset
from mjtui.ui import numbers
from mjtui.ui.key_form import KeyForm
from mjtui.ui.screens.confirm import ConfirmScreen

Submit = Callable[[Any], None]
"""Records a hand; raises HandError when the table refuses it."""


class HandForm(KeyForm):
    """A hand form: subclasses compose the fields, read them, and show a preview."""

    ERROR = "#entry-error"  # the Static that shows what is wrong
    GIVEN: tuple[str, ...] = ()
    """The ids of the fields the sheet's key fills (the outcome, the winner): a new
    hand starts at the first field after them, an edit at the top."""

    def __init__(self, ruleset: Ruleset, players: tuple[str, ...], before: Any, title: str,
                 hand: Any | None = None, winner: int | None = None, *,
                 submit: Submit | None = None) -> None:
        super().__init__()
        self.ruleset, self.rules = ruleset, ruleset.rules
        self.players, self.before, self.heading = players, before, title
        self.old = hand
        self.editing = hand is not None
        self.submit = submit
        self._shown: dict[str, str | Text] = {}

    def read(self) -> tuple[list[str], Any | None]:
        """(what is wrong, the hand) from the fields; the hand is None while anything is."""
        raise NotImplementedError

    def checked(self, hand: Any) -> list[str]:
        """What the table would refuse in ``hand`` (the core's own check), for a form
        whose system has no input model of its own (docs/adding-a-system.md)."""
        try:
            self.ruleset.system.check_in_play(self.rules, self.before, hand)
        except HandError as e:
            return [str(e)]
        return []

    def first_field(self) -> Widget:
        given = () if self.editing else self.GIVEN
        rest = [w for w in self.walk() if w.id not in given]
        return rest[0] if rest else self.confirm_button()

    # ------------------------------------------------------------ showing

    def show(self, selector: str, content: str | Text) -> None:
        """Update a label only when its text changes (each update costs a layout)."""
        if self._shown.get(selector) == content and selector in self._shown:
            return
        self._shown[selector] = content
        self.query_one(selector, Static).update(content)

    def who(self, seat: int | None) -> str:
        return "" if seat is None else f"{self.players[seat]} ({self.before.wind(seat)})"

    def seat_lines(self, now: tuple[int, ...], after: tuple[int, ...] | None) -> Text:
        """Each seat: the total now, and with a hand, the change and the total after."""
        text = Text()
        for seat, name in enumerate(self.players):
            line = Text(f"{seat + 1} {name[:14]:<14} {self.before.wind(seat)[:1]} ",
                        style="bold" if seat == self.before.east else "")
            line.append(f"{numbers.points(now[seat]):>8}")
            if after is not None:
                change = after[seat] - now[seat]
                style = "green" if change > 0 else "red" if change < 0 else ""
                line.append(f"  {numbers.change(change):>8}", style=style)
                line.append(f"  → {numbers.points(after[seat]):>8}")
            text.append(line)
            if seat + 1 < len(self.players):
                text.append("\n")
        return text

    # ------------------------------------------------------------ confirming

    def action_confirm(self) -> None:
        errors, hand = self.read()
        if hand is None:
            self.show(self.ERROR, "\n".join(errors))
            self.app.bell()
            return
        if self.editing:
            hand = _keep_note(self.old, hand)
            self.app.push_screen(ConfirmScreen(self._replace_question(hand), yes="Replace",
                                               no="Keep editing"),
                                 lambda yes: self._record(hand) if yes else None)
            return
        self._record(hand)

    def _record(self, hand: Any) -> None:
        if self.submit is not None:
            try:
                self.submit(hand)
            except HandError as e:
                self.show(self.ERROR, str(e))
                self.app.bell()
                return
        self.dismiss(hand)

    def _replace_question(self, new: Any) -> Text:
        """The old and the new settlement of the hand, seat by seat."""
        system, rules = self.ruleset.system, self.rules
        old_after = system.apply(rules, self.before, self.old)
        new_after = system.apply(rules, self.before, new)
        width = max(len(p) for p in self.players) + 1
        text = Text(f"{self.heading}: replace the recorded hand?\n", style="bold")
        # The note goes with the new hand too (_keep_note): said once, so that a long
        # one (an imported game's yaku) leaves the question on an 80x24 screen.
        note = getattr(new, "note", "")
        old, shown = (_without_note(self.old), _without_note(new)) if note else (self.old, new)
        text.append(f"recorded: {system.describe_hand(old, self.players)}\n")
        text.append(f"new:      {system.describe_hand(shown, self.players)}\n")
        if note:
            text.append(f"note (kept): {note}\n", style="dim")
        text.append(f"{'':<{width}} {'recorded':>10} {'new':>10}\n")
        for seat, name in enumerate(self.players):
            old_c = old_after.totals[seat] - self.before.totals[seat]
            new_c = new_after.totals[seat] - self.before.totals[seat]
            mark = "" if old_c == new_c else "  changed"
            text.append(f"{name:<{width}} {numbers.change(old_c):>10} "
                        f"{numbers.change(new_c):>10}{mark}\n")
        text.append("The totals after it are recomputed. y replaces, n or Esc goes back.")
        return text


def _without_note(hand: Any) -> Any:
    return dataclasses.replace(hand, note="") if dataclasses.is_dataclass(hand) \
        and getattr(hand, "note", "") else hand


def _keep_note(old: Any, new: Any) -> Any:
    """The new hand with the free-text note the recorded one carries (an imported
    game's yaku, say): no field shows it, so an edit must not drop it."""
    note = getattr(old, "note", "")
    if note and not getattr(new, "note", "note") and dataclasses.is_dataclass(new):
        return dataclasses.replace(new, note=note)
    return new
