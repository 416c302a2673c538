"""The new series form: a ruleset, the start points and the players' names."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.css.query import NoMatches
from textual.validation import Integer
from textual.widget import Widget
from textual.widgets import Button, Input, Static

from mjtui.core.errors import MjtuiError
from mjtui.core.files.reading import MAX_NUMBER
from mjtui.core.language import _
from mjtui.core.model.players import MAX_TABLE_NAME, clean_name, first_repeat
from mjtui.core.rulesets.ruleset import Ruleset, rules_problem
from mjtui.core.systems.base import WINDS
from mjtui.core.systems.winds import wind_name
from mjtui.ui.key_form import KeyForm
from mjtui.ui.stand_ins import drawn_like
from mjtui.ui.styles import StyledOnce
from mjtui.ui.widgets.digits_field import DigitsField
from mjtui.ui.widgets.text_field import TextField

if TYPE_CHECKING:
    from textual.widgets import Select

MAX_SEATS = len(WINDS)
MAX_MINUTES = 24 * 60


@dataclass(frozen=True)
class SeriesChoice:
    """What the form returns: the rules as they will be played and the names."""

    ruleset: Ruleset
    players: tuple[str, ...]
    table: str = ""  # the table's name, when a club keeps one ledger for several
    minutes: int = 0  # the game's time limit; 0: none


class NewSeriesScreen(StyledOnce, KeyForm):
    """Names typed fast land in their seats: the keys of every form (key_form)."""

    BINDINGS = [
        Binding("ctrl+s", "confirm", "Start series", priority=True),
        Binding("ctrl+l", "app.open_library", "Saved series", priority=True),
        Binding("ctrl+r", "draw_seats", "Draw seats", priority=True),
        Binding("escape", "cancel", "Quit"),
    ]
    CONFIRM_AFTER_LAST = True  # Enter on the last name starts
    COMPLETED_AFTER_FIRST_FRAME = True  # the list of rulesets comes after (complete)
    DEFAULT_CSS = "NewSeriesScreen { background: $background; }"  # a screen, not over one

    def __init__(
        self,
        rulesets: list[Ruleset],
        chosen: Ruleset,
        start: Callable[[SeriesChoice], None] | None = None,
        *,
        minutes: int = 0,
        table: str = "",
    ) -> None:
        super().__init__()
        self.minutes = minutes  # the time limit offered (config time_limit)
        self.table = table  # the table offered (config table: one laptop, one table)
        self.start = start  # opens the sheet at once, so keys typed next reach it
        self.rulesets = {r.origin: r for r in rulesets}
        self.rulesets.setdefault(chosen.origin, chosen)
        self.chosen = chosen
        self._origin = chosen.origin  # the ruleset chosen in the list
        self.seat_rng = random.Random()  # a test may put a seeded one in its place
        self._coming: list[Input] = []  # fields drawn by stand-ins until complete()
        self._saying_not_typed = False  # the message line says what a field did not take

    def compose(self) -> ComposeResult:
        # No header or footer: the title and the help line say it all, and the first
        # screen shows sooner without them (benchmarks/startup.py). The labels are
        # Statics, which draw them alike: Label's stylesheet, parsed and matched
        # against every widget, took 4 ms of the first frame.
        with Vertical(id="new-series"):
            yield Static(_("New series"), id="form-title")
            with Grid(id="form-grid"):
                yield Static(_("Ruleset"), classes="form-label")
                with Horizontal(id="ruleset-shown"):  # the list's look until it comes
                    yield Static(self._label(self.chosen), id="ruleset-name")
                    yield Static("▼", classes="arrow")
                yield Static(_("Table"), classes="form-label")
                yield self._later(
                    TextField(
                        self.table,
                        id="table",
                        placeholder=_("(a name, when the club plays at several)"),
                        max_length=MAX_TABLE_NAME,
                        compact=True,
                    )
                )
                yield Static(_("Start points"), classes="form-label")
                yield self._later(
                    DigitsField(
                        str(self.chosen.start_points),
                        label=_("Start points"),
                        id="start-points",
                        compact=True,
                        validators=[
                            Integer(
                                minimum=0,
                                failure_description=_(
                                    "Start points: type a whole number, 0 or more"
                                ),
                            )
                        ],
                    )
                )
                yield Static(_("Time limit (min)"), classes="form-label")
                yield self._later(
                    DigitsField(
                        str(self.minutes or ""),
                        label=_("Time limit (min)"),
                        id="time-limit",
                        placeholder=_("minutes a game may last (empty: none)"),
                        compact=True,
                    )
                )
                for seat in range(MAX_SEATS):
                    yield Static(
                        _("Seat {n} ({wind})").format(n=seat + 1, wind=wind_name(seat)),
                        id=f"seat-label-{seat}",
                        classes="form-label",
                    )
                    yield TextField(
                        placeholder=_("Player {n}").format(n=seat + 1),
                        id=f"name-{seat}",
                        max_length=24,
                        classes="name",
                        compact=True,
                    )
            yield Static("", id="seat-draw")
            yield Static("", id="form-error")
            yield Static(_("Start series"), id="start-shown")  # the button's look until it comes
            yield Static(
                _(
                    "Enter: next field · ctrl+s: start · ctrl+r: draw seats · "
                    "ctrl+l: saved series · Esc: quit. "
                    "Seat 1 is East in the first hand; an empty name is kept as shown."
                ),
                id="form-help",
            )

    def _later(self, field: Input) -> Static:
        """``field`` as the first frame draws it; :meth:`complete` puts it in its place."""
        self._coming.append(field)
        return drawn_like(field)

    async def complete(self) -> None:
        # The list of rulesets, the start button and the fields typed in least (the
        # names' are typed in every series) are the form's costliest widgets: some 30 ms
        # of the first frame of a plain Textual app drawing the form (benchmarks/
        # startup.py). That frame draws their lines with Statics, alike, and the
        # widgets take those lines' places now, before any key is taken.
        grid = self.query_one("#form-grid")
        if not grid.is_attached:
            return  # mjtui is ending before the form was complete
        from textual.widgets import Select  # its module too: 3 ms of the first frame

        rulesets = Select(
            self._options(), value=self._origin, allow_blank=False, id="ruleset", compact=True
        )
        await self._in_place_of("#ruleset-shown", rulesets)
        for field in self._coming:
            await self._in_place_of(f"#{field.id}-shown", field)
        await self._in_place_of(
            "#start-shown",
            Button(_("Start series"), id="start", variant="primary", classes="form-confirm"),
        )

    async def _in_place_of(self, stand_in: str, widget: Widget) -> None:
        shown = self.query_one(stand_in)
        parent = shown.parent
        assert isinstance(parent, Widget)  # the stand-in is on the form
        await parent.mount(widget, before=shown)
        await shown.remove()

    def offer(self, rulesets: list[Ruleset]) -> None:
        """Offer these rulesets too (read after the form was shown); what is chosen
        and typed stays as it is."""
        # Those already offered (the chosen one among them) are kept, not read again.
        merged = {**{r.origin: r for r in rulesets}, **self.rulesets}
        self.rulesets = dict(sorted(merged.items(), key=lambda item: item[1].id))
        from textual.widgets import Select

        try:
            select = self.query_one("#ruleset", Select)
        except NoMatches:
            return  # the list is still to come, and offers them all (complete)
        with select.prevent(Select.Changed):  # the list passes through other values
            select.set_options(self._options())
            select.value = self._origin

    def _options(self) -> list[tuple[Text, str]]:
        return [(self._label(r), origin) for origin, r in self.rulesets.items()]

    @staticmethod
    def _label(ruleset: Ruleset) -> Text:
        return Text(f"{ruleset.rules.name_said()} ({ruleset.id})")

    def first_field(self) -> Widget:
        return self.query_one("#name-0", Input)

    def fields_changed(self) -> None:
        self._show_seats()
        if self._saying_not_typed:  # the line says what another field still lacks, or nothing
            left = [f for f in self.query(DigitsField) if f.not_typed and f.said]
            self._saying_not_typed = bool(left)
            line = _not_typed_line(left[-1]) if left else ""
            self.query_one("#form-error", Static).update(Text(line))

    def refused(self, message: str) -> None:
        """A key or a value the form does not take: a bell, and why on the message line
        (the bell alone is not heard in most terminals)."""
        self.query_one("#form-error", Static).update(Text(message))  # typed text: not markup
        self.app.bell()

    def on_digits_field_refused(self, event: DigitsField.Refused) -> None:
        event.stop()
        field = event.field
        if not field.not_typed:
            return  # said already, on ctrl+s (it came before this message)
        field.said = self._saying_not_typed = True
        self.refused(_not_typed_line(field))

    def _not_typed(self) -> str | None:
        """What a number field refused and has not been typed over since it was said,
        said on ctrl+s: a person who typed 25k and ctrl+s at once has not seen the field
        say so, and 25 is not what they typed. The field holds what it holds; ctrl+s
        again starts with it."""
        for field in self.query(DigitsField):
            if field.not_typed:
                typed, field.not_typed = field.not_typed, ""
                return _(
                    "{field}: {typed} was not typed (digits only), so it holds {value}; "
                    "ctrl+s again starts with that"
                ).format(field=field.label, typed=_quoted(typed), value=_quoted(field.value))
        return None

    def walk(self) -> list[Widget]:
        # Every field in the order on screen, the list of rulesets first: a person who
        # goes back to the time limit or the list expects Enter to go on from there.
        return [w for w in self.query("Select, Input") if w.display]

    def take_key(self, event: events.Key) -> bool:
        if event.key == "enter" and self._chosen_from_open_list():
            return True
        return super().take_key(event)

    def _chosen_from_open_list(self) -> bool:
        """Enter in the open list of rulesets: choose the highlighted one and go on to
        the next field, as Enter does in every field, so the next Enter does not open
        the list again. Done here, at once: the list's own choosing gives it the
        focus back later, through the app's queue, where the next key would find it."""
        from textual.widgets import OptionList, Select

        try:
            rulesets = self.query_one("#ruleset", Select)
        except NoMatches:
            return False
        shown = self.focused
        if not (rulesets.expanded and isinstance(shown, OptionList) and shown.parent is rulesets):
            return False
        if shown.highlighted is None:
            return False
        self._choose(self._options()[shown.highlighted][1])
        with rulesets.prevent(Select.Changed):
            rulesets.value = self._origin
        rulesets.expanded = False
        self.enter()  # from the list: the field after it
        return True

    def action_draw_seats(self) -> None:
        """Shuffle the typed names into the seats, as players drawing wind tiles do, and
        say who sits where; the series starts only when confirmed."""
        inputs = [self.query_one(f"#name-{seat}", Input) for seat in range(self.ruleset.players)]
        note = self.query_one("#seat-draw", Static)
        from mjtui.core.table.draws import draw_seats  # ctrl+r: not needed to show the form

        try:
            seats = draw_seats([i.value for i in inputs], self.seat_rng)
        except MjtuiError as e:
            note.update(Text(_("Seats not drawn: {reason}").format(reason=e)))
            self.app.bell()
            return
        for field, name in zip(inputs, seats, strict=False):
            field.value = name
        note.update(
            Text(
                _("Seats drawn: ")
                + " · ".join(f"{wind_name(seat)} {name}" for seat, name in enumerate(seats))
            )
        )

    def action_cancel(self) -> None:
        self.app.exit()

    @property
    def ruleset(self) -> Ruleset:
        return self.rulesets[self._origin]

    def _show_seats(self) -> None:
        n = self.ruleset.players
        for seat in range(MAX_SEATS):
            for widget in (self.query_one(f"#seat-label-{seat}"), self.query_one(f"#name-{seat}")):
                widget.display = seat < n

    def on_select_changed(self, event: Select.Changed) -> None:
        # By its name, not @on(Select.Changed): the list's module is imported only when
        # the list comes (complete), 3 ms of the first frame.
        if event.select.id != "ruleset" or event.value == self._origin:
            return  # the list coming, or offering more: the typed points stay
        self._choose(str(event.value))

    def _choose(self, origin: str) -> None:
        """Play the ruleset read from ``origin``: its start points, its seats."""
        if origin == self._origin:
            return
        self._origin = origin
        self.query_one("#start-points", Input).value = str(self.ruleset.start_points)
        self._show_seats()

    def _choice(self) -> tuple[str | None, SeriesChoice | None]:
        not_typed = self._not_typed()
        if not_typed:
            return not_typed, None
        ruleset = self.ruleset
        text = self.query_one("#start-points", Input).value.strip()
        if not _digits(text):
            return _("Start points: type a whole number, 0 or more"), None
        if _beyond(text, MAX_NUMBER):  # the session would start, and never be saved
            return _(
                "Start points: at most {most}, the largest number mjtui reads back from its files"
            ).format(most=f"{MAX_NUMBER:,}"), None
        names = []
        for seat in range(ruleset.players):
            name = clean_name(self.query_one(f"#name-{seat}", Input).value)
            names.append(name or _("Player {n}").format(n=seat + 1))
        repeat = first_repeat(names)  # "Ann" and "ann " are one player, as in stats
        if repeat is not None:
            a, b = repeat
            return _(
                "Seats {a} and {b} are the same player ({first} and {second}): "
                "give each seat its own name"
            ).format(a=a + 1, b=b + 1, first=names[a], second=names[b]), None
        limit = self.query_one("#time-limit", Input).value.strip() or "0"
        if not _digits(limit) or _beyond(limit, MAX_MINUTES):
            return _("Time limit: minutes, up to {n}, or empty for none").format(
                n=MAX_MINUTES
            ), None
        points = _number(text)
        if points != ruleset.start_points:
            ruleset = ruleset.with_start_points(points)
            problem = rules_problem(ruleset)  # what follows the points (riichi's oka)
            if problem:
                return _(
                    "Start points: with {points} the rules could not be saved: {problem}"
                ).format(points=f"{points:,}", problem=problem), None
        table = clean_name(self.query_one("#table", Input).value)
        if len(table) > MAX_TABLE_NAME:  # max_length cuts what is typed, not what is given
            return _("Table: at most {n} characters, this one has {length}; shorten it").format(
                n=MAX_TABLE_NAME, length=len(table)
            ), None
        return None, SeriesChoice(ruleset, tuple(names), table, _number(limit))

    def action_confirm(self) -> None:
        error, choice = self._choice()
        self._saying_not_typed = False  # the line says what ctrl+s found
        self.query_one("#form-error", Static).update(Text(error or ""))  # names: not markup
        if choice is None:
            self.app.bell()
            return
        if self.start is not None:
            self.start(choice)  # the app puts the sheet in this form's place
        else:
            self.dismiss(choice)


def _not_typed_line(field: DigitsField) -> str:
    return _("{field}: {typed} not typed: digits only").format(
        field=field.label, typed=_quoted(field.not_typed)
    )


def _quoted(text: str) -> str:
    """Typed text for the message line, in quotes: its start, when it is long."""
    return repr(text if len(text) <= 16 else text[:12] + "…")


def _digits(text: str) -> bool:
    """Whether ``text`` is digits 0-9 alone (str.isdigit takes "²" and "٣" too)."""
    return text.isascii() and text.isdigit()


def _beyond(digits: str, most: int) -> bool:
    """Whether the number ``digits`` write is more than ``most``: counted before int()
    reads them, which refuses thousands of digits with a ValueError."""
    significant = digits.lstrip("0")
    return len(significant) > len(str(most)) or _number(significant) > most


def _number(digits: str) -> int:
    """The number ``digits`` write, leading zeros and all (int() counts them against its
    limit of 4,300 digits)."""
    return int(digits.lstrip("0") or "0")
