"""The hand form of every system: the system's fields, the preview, recording, editing.

The system's model (:meth:`~mjtui.core.systems.base.ScoringSystem.entry`)
says what the form asks and what the values make; this form draws it
(:class:`~mjtui.ui.screens.field_form.FieldForm`), shows each seat's total, change
and total after, and on confirm hands the hand to ``submit``, which records
it at once: the score sheet is up to date before the next key is read, and a
hand the table refuses keeps the form open with the reason. Editing a
recorded hand ends in its own question, the old and the new settlement side
by side, so no stray key replaces a hand.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from rich.cells import cell_len, set_cell_size
from rich.text import Text
from textual.widget import Widget

from mjtui.core.errors import HandError
from mjtui.core.language import _
from mjtui.core.rulesets.ruleset import Ruleset
from mjtui.core.systems.base import TableState
from mjtui.core.systems.fields import FormModel, Reading
from mjtui.core.systems.winds import WINDS, wind_name
from mjtui.ui import colours, numbers
from mjtui.ui.screens.confirm import ConfirmScreen
from mjtui.ui.screens.field_form import FieldForm

Submit = Callable[[object], None]
"""Records a hand; raises HandError when the table refuses it."""


class HandForm(FieldForm):
    """A hand form: returns the hand recorded, or None when cancelled."""

    STYLES = ("modal",)  # read when first shown (ui/styles.py), beyond mjtui.tcss

    def __init__(
        self,
        ruleset: Ruleset,
        players: tuple[str, ...],
        before: TableState,
        title: str,
        model: FormModel[object],
        *,
        hand: object | None = None,
        submit: Submit | None = None,
        check: Submit | None = None,
    ) -> None:
        self.ruleset, self.rules = ruleset, ruleset.rules
        self.players, self.before = players, before
        self.old = hand
        self.editing = hand is not None
        self.submit = submit
        # What submit would refuse, asked before the question to replace a hand.
        self.check = check
        super().__init__(model, title, len(players))

    @classmethod
    def of(
        cls,
        ruleset: Ruleset,
        players: tuple[str, ...],
        before: TableState,
        title: str,
        *,
        hand: object | None = None,
        winner: int | None = None,
        submit: Submit | None = None,
        check: Submit | None = None,
    ) -> HandForm:
        """The form of the ruleset's system for a new hand (``winner`` from the sheet's
        key, None for a draw) or ``hand`` to edit."""
        model = ruleset.system.entry(ruleset.rules, before, players, hand, winner)
        return cls(ruleset, players, before, title, model, hand=hand, submit=submit, check=check)

    def first_field(self) -> Widget:
        if self.editing:  # an edit starts at the top
            walk = self.walk()
            return walk[0] if walk else self.confirm_button()
        return super().first_field()

    # ------------------------------------------------------------ showing

    def show_preview(self, reading: Reading[object]) -> None:
        text = self.seat_lines(reading.now or self.before.totals, reading.after)
        if reading.table:
            text.append(f"\n{reading.table}", style="dim")
        self.show("#ff-preview", text)
        self.show("#ff-next", reading.next)

    def seat_lines(self, now: tuple[int, ...], after: tuple[int, ...] | None) -> Text:
        """Each seat: the total now, and with a hand, the change and the total after."""
        text = Text()
        for seat, name in enumerate(self.players):
            line = Text(
                f"{seat + 1} {set_cell_size(name, 14)} {_wind(self.before.wind(seat))[:1]} ",
                style="bold" if seat == self.before.east else "",
            )
            line.append(f"{numbers.points(now[seat]):>8}")
            if after is not None:
                change = after[seat] - now[seat]
                style = colours.signed(change)
                line.append(f"  {numbers.change(change):>8}", style=style)
                line.append(f"  → {numbers.points(after[seat]):>8}")
            text.append(line)
            if seat + 1 < len(self.players):
                text.append("\n")
        return text

    # ------------------------------------------------------------ confirming

    def action_confirm(self) -> None:
        self.refresh_fields()
        reading = self.reading
        hand = reading.value
        if hand is None:
            self.refused("\n".join(reading.errors))
            return
        if self.editing:
            hand = _keep_note(self.old, hand)
            if self.check is not None:
                try:  # a change that cannot be made is said before any question
                    self.check(hand)
                except HandError as e:
                    self.refused(str(e))
                    return
            self.app.push_screen(
                ConfirmScreen(self._replace_question(hand), yes=_("Replace"), no=_("Keep editing")),
                lambda yes: self._record(hand) if yes else None,
            )
            return
        if reading.question:
            question = Text(f"{reading.question}\n", style="bold")
            question.append(_("y records it, n or Esc goes back to the form."))
            self.app.push_screen(
                ConfirmScreen(question, yes=_("Record it"), no=_("Back to the form")),
                lambda yes: self._record(hand) if yes else None,
            )
            return
        self._record(hand)

    def _record(self, hand: object) -> None:
        if self.submit is not None:
            try:
                self.submit(hand)
            except HandError as e:
                self.refused(str(e))
                return
        self.dismiss(hand)

    def _replace_question(self, new: object) -> Text:
        """The old and the new settlement of the hand, seat by seat."""
        system, rules = self.ruleset.system, self.rules
        old_after = system.apply(rules, self.before, self.old)
        new_after = system.apply(rules, self.before, new)
        width = max(cell_len(p) for p in self.players) + 1
        # "Edit hand 12", without the dealer: the question must fit one line.
        text = Text(
            _("{hand}: replace the recorded hand?").format(hand=self.heading.split(" · ")[0])
            + "\n",
            style="bold",
        )
        # The note goes with the new hand too (_keep_note): said once, so that a long
        # one (an imported game's yaku) leaves the question on an 80x24 screen.
        note = getattr(new, "note", "")
        old, shown = (_without_note(self.old), _without_note(new)) if note else (self.old, new)

        def described(hand: object) -> str:
            # A system whose hands are points per seat (HP-11C) shows them: "Ann won"
            # twice would hide what changed.
            scores = system.hand_scores(hand)
            points = (
                " · " + _("points {points}").format(points=" ".join(str(p) for p in scores))
                if scores
                else ""
            )
            return system.describe_hand(hand, self.players) + points

        said = [_("recorded:"), _("new:")]
        lead = max(cell_len(s) for s in said) + 1
        text.append(f"{set_cell_size(said[0], lead)}{described(old)}\n")
        text.append(f"{set_cell_size(said[1], lead)}{described(shown)}\n")
        if note:
            text.append(_("note (kept): {note}").format(note=note) + "\n", style="dim")
        heads = [_("recorded"), _("new")]
        text.append(
            " " * (width + 1) + " ".join(" " * (10 - cell_len(h)) + h for h in heads) + "\n"
        )
        for seat, name in enumerate(self.players):
            old_c = old_after.totals[seat] - self.before.totals[seat]
            new_c = new_after.totals[seat] - self.before.totals[seat]
            mark = "" if old_c == new_c else "  " + _("changed")
            text.append(
                f"{set_cell_size(name, width)} {numbers.change(old_c):>10} "
                f"{numbers.change(new_c):>10}{mark}\n"
            )
        text.append(_("The totals after it are recomputed. y replaces, n or Esc goes back."))
        return text


def _without_note(hand: object) -> object:
    if not dataclasses.is_dataclass(hand) or isinstance(hand, type):
        return hand  # a hand is a dataclass instance; a note is a field of one
    return dataclasses.replace(hand, note="") if getattr(hand, "note", "") else hand


def _keep_note(old: object, new: object) -> object:
    """The new hand with the free-text note the recorded one carries (an imported
    game's yaku, say): no field shows it, so an edit must not drop it."""
    note = getattr(old, "note", "")
    if not dataclasses.is_dataclass(new) or isinstance(new, type):
        return new
    if note and not getattr(new, "note", "note"):
        return dataclasses.replace(new, note=note)
    return new


def _wind(name: str) -> str:
    """A seat's wind as the table state names it, in the language spoken."""
    return wind_name(WINDS.index(name)) if name in WINDS else name
