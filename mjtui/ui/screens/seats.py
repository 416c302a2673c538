"""The seats form: swap two seats' players, or put a substitute in a seat, from a hand on.

Opened from the score sheet (``s``). The fields are read by
:func:`mjtui.core.model.seats.read_change`, the same change ``mjtui seats`` makes;
confirming returns the new :class:`~mjtui.core.model.seats.Seating`, which the sheet
saves (the whole file). The points stay with the seats: only the names move.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Button, Input, Label, Static

from mjtui.core.errors import HandError
from mjtui.core.language import _, ngettext
from mjtui.core.model.seats import KINDS, SUBSTITUTE, SWAP, Seating, read_change
from mjtui.ui.key_form import KeyForm
from mjtui.ui.laid_out import LaidOutOnce
from mjtui.ui.styles import StyledOnce
from mjtui.ui.widgets.text_field import TextField

FIELDS = ("kind", "seat", "other", "name", "start")
NAME_LENGTH = 24  # as on the new-series form


def seat_line(names: tuple[str, ...]) -> str:
    return " · ".join(f"{seat} {name}" for seat, name in enumerate(names, 1))


class SeatsScreen(StyledOnce, LaidOutOnce, KeyForm):
    """Returns the new seating, or None when cancelled."""

    STYLES = ("forms",)  # read when first shown (ui/styles.py), beyond mjtui.tcss

    OUTCOMES = SWAP + SUBSTITUTE
    DEFAULT_CSS = """
    SeatsScreen { align: center middle; }
    #st {
        width: 78; max-width: 100%; height: auto; max-height: 100%;
        border: thick $primary; background: $surface; padding: 0 1;
    }
    #st-title { text-style: bold; height: 1; }
    .st-row { height: 1; }
    .st-label { width: 11; height: 1; }
    .st-field { background: $boost; width: 6; }
    #st-name { width: 26; }
    .st-note { width: 1fr; height: 1; padding: 0 0 0 1; color: $text-muted; }
    #st-now, #st-preview { height: auto; }
    #st-preview { margin: 1 0 0 0; }
    #st-error { height: auto; color: $error; }
    #st-buttons { height: 1; margin: 1 0 0 0; }
    #st-buttons Button { margin: 0 1 0 0; }
    #st-help { height: auto; color: $text-muted; }
    """

    def __init__(
        self,
        seating: Seating,
        hands: int,
        rule: Callable[[Seating], str | None] | None = None,
    ) -> None:
        super().__init__()
        self.seating = seating
        self.hands = hands  # hands recorded; the next is hands + 1
        self.rule = rule  # the book's own (Scorebook.seat_rule): said here, as typed
        self.result: Seating | None = None
        self._confirm_tried = False  # what is missing is said once typed, or asked for

    def compose(self) -> ComposeResult:
        seats = len(self.seating.players)
        with Vertical(id="st"):
            title = ngettext(
                "Seats · {n} hand played, the next is hand {next}",
                "Seats · {n} hands played, the next is hand {next}",
                self.hands,
            )
            yield Label(
                title.format(n=self.hands, next=self.hands + 1),
                id="st-title",
                markup=False,
            )
            yield Static(
                _("Now: {seats}").format(seats=seat_line(self.seating.at(self.hands))),
                id="st-now",
                markup=False,
            )
            with Horizontal(classes="st-row"):
                yield Label(_("Change"), classes="st-label")
                yield Input(
                    SWAP,
                    id="st-kind",
                    restrict=f"[{self.OUTCOMES}]?",
                    max_length=1,
                    compact=True,
                    classes="st-field",
                )
                yield Label("", id="st-kind-note", classes="st-note", markup=False)
            with Horizontal(classes="st-row"):
                yield Label(_("Seat"), classes="st-label")
                yield Input(
                    "",
                    id="st-seat",
                    restrict=f"[1-{seats}]?",
                    max_length=1,
                    compact=True,
                    classes="st-field",
                )
                yield Label(f"1-{seats}", classes="st-note")
            with Horizontal(classes="st-row"):
                yield Label(_("With seat"), classes="st-label")
                yield Input(
                    "",
                    id="st-other",
                    restrict=f"[1-{seats}]?",
                    max_length=1,
                    compact=True,
                    classes="st-field",
                )
                yield Label(_("the seat it swaps with"), classes="st-note")
            with Horizontal(classes="st-row"):
                yield Label(_("Substitute"), classes="st-label")
                yield TextField(
                    "",
                    id="st-name",
                    max_length=NAME_LENGTH,
                    compact=True,
                    classes="st-field",
                    placeholder=_("name"),
                )
            with Horizontal(classes="st-row"):
                yield Label(_("From hand"), classes="st-label")
                yield Input(
                    str(self.hands + 1),
                    id="st-start",
                    restrict=r"[0-9]{0,6}",
                    compact=True,
                    classes="st-field",
                )
                yield Label("", id="st-start-note", classes="st-note", markup=False)
            yield Static("", id="st-preview", markup=False)
            yield Static("", id="st-error", markup=False)
            with Horizontal(id="st-buttons"):
                yield Button(
                    _("Change seats"),
                    id="st-ok",
                    variant="primary",
                    compact=True,
                    classes="form-confirm",
                )
                yield Button(_("Cancel"), id="st-cancel", compact=True, classes="form-cancel")
            yield Static(
                _("Enter next · ctrl+s change · Esc cancel · w swap, s substitute")
                + "\n"
                + _(
                    "The points stay with the seats. u does not take this back: "
                    "change the seats again here."
                ),
                id="st-help",
                markup=False,
            )

    def first_field(self) -> Widget:
        return self.query_one("#st-seat", Input)  # w is there already; s typed here too

    def is_outcome_field(self, widget: Widget) -> bool:
        return widget.id == "st-kind"

    def set_outcome(self, letter: str) -> None:
        self.query_one("#st-kind", Input).value = letter

    def values(self) -> dict[str, str]:
        return {name: self.query_one(f"#st-{name}", Input).value for name in FIELDS}

    def fields_changed(self) -> None:
        values = self.values()
        kind = values["kind"].lower()
        self.query_one("#st-kind-note", Label).update(
            # KINDS are the core's words, said by its own catalog's entries.
            _(KINDS[kind]) if kind in KINDS else _("w swap two seats · s a substitute")
        )
        self.query_one("#st-other", Input).disabled = kind != SWAP
        self.query_one("#st-name", Input).disabled = kind != SUBSTITUTE
        start = values["start"].strip()
        note = (
            _("1: the whole session (a correction)")
            if start == "1"
            else _("1 to {last}; empty: the next hand").format(last=self.hands + 1)
        )
        self.query_one("#st-start-note", Label).update(note)
        try:
            self.result = read_change(self.seating, self.hands, values)
            problem = self.rule(self.result) if self.rule is not None else None
            if problem is not None:
                raise HandError(problem)
        except HandError as e:
            self.result = None
            self.query_one("#st-preview", Static).update("")
            # Before anything is typed a missing seat is no mistake yet: not said in red.
            said = self.typed_in() or self._confirm_tried
            self.query_one("#st-error", Static).update(str(e) if said else "")
            return
        first = int(start) if start else self.hands + 1
        self.query_one("#st-error", Static).update("")
        self.query_one("#st-preview", Static).update(
            _("From hand {n}: {seats}").format(n=first, seats=seat_line(self.result.at(first - 1)))
        )

    def refused(self, message: str) -> None:
        self.query_one("#st-error", Static).update(message)
        self.app.bell()

    def action_confirm(self) -> None:
        self._confirm_tried = True
        self.refresh_fields()
        if self.result is None:
            self.app.bell()
            return
        self.dismiss(self.result)
