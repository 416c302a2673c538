"""The director's app: the hall display with the director's keys, ``s`` the seating,
``p`` the penalties, ``t`` the round's clock and ``u`` a substitute (`mjtui tournament
director NAME`).

What the screens change goes through a :class:`Desk` the command line gives
(cli/tournament.py ``TournamentDesk``): the same steps as ``mjtui tournament seat`` and
``penalty``, tournament.toml written whole under its lock, so the app and the command
line can never change it differently. The screens show what the desk says, a refusal
included, and the hall below follows the file as it changes.

- :class:`SeatingScreen`: a round's tables East first, the seating's cost beside its
  lower bound and the winds (as `seat` prints them); ``←``/``→`` the round before and
  after, ``n`` seats the next round (:class:`SeatForm`);
- :class:`PenaltiesScreen`: every penalty, ``a`` gives one (:class:`PenaltyForm`),
  ``c`` cancels the one under the cursor;
- :class:`ClockForm`: the round's clock started, and a table's extra time (as `timer
  --start --extra` sets them);
- :class:`SubstituteForm`: someone in a player's seat for some rounds (`substitute`).
"""

from __future__ import annotations

import shlex
from typing import Protocol

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, DataTable, Input, Label, Static

from mjtui.core.errors import MjtuiError
from mjtui.core.language import N_, _
from mjtui.core.model.players import player_key
from mjtui.core.text import shown
from mjtui.core.tournament.hall import HallFollower
from mjtui.core.tournament.model import Player, Tournament
from mjtui.ui.key_form import KeyForm, OrderedKeys
from mjtui.ui.laid_out import LaidOutOnce
from mjtui.ui.screens.confirm import ConfirmScreen
from mjtui.ui.screens.hall import HallApp
from mjtui.ui.styles import StyledOnce
from mjtui.ui.widgets.checkbox import Checkbox
from mjtui.ui.widgets.footer import Footer
from mjtui.ui.widgets.text_field import TextField

METHODS = {"r": "random", "s": "swiss", "i": "interval"}
METHOD_NAMES = {"random": N_("random"), "swiss": N_("swiss"), "interval": N_("interval")}
"""Each method as the form names it (the desk is given METHODS' own words)."""


class Desk(Protocol):
    """What the director's screens may do; each raises MjtuiError saying why not."""

    def tournament(self) -> Tournament: ...

    def seating_text(self, number: int) -> str:
        """A seated round's cost beside its lower bound, then its tables (as `seat` prints
        them, the cost first)."""
        ...

    def seat(self, number: int, method: str, force: bool) -> str: ...

    def penalty(self, player: str, amount: int, reason: str, number: int) -> str: ...

    def cancel(self, penalty: int) -> str: ...

    def clock(self, number: int, start: bool, extra: tuple[int, int] | None) -> str:
        """Round ``number``'s clock started now, and/or (table, minutes) of extra time."""
        ...

    def substitute(self, player: str, by: str, first: int, last: int) -> str:
        """``by`` in ``player``'s seat in rounds ``first`` to ``last``."""
        ...


def matching(players: tuple[Player, ...], typed: str) -> list[Player]:
    """The players a typed name means: the one named so, else those whose name holds it
    (case ignored)."""
    key = player_key(typed)
    if not key:
        return []
    exact = [p for p in players if p.key == key]
    return exact or [p for p in players if key in p.key and not p.substitute]


FORM_CSS = """
{name} {{ align: center middle; }}
{name} > Vertical {{
    width: 76; max-width: 100%; height: auto; max-height: 100%;
    border: thick $primary; background: $surface; padding: 0 1;
}}
{name} .df-title {{ text-style: bold; height: 1; }}
{name} .df-row {{ height: 1; }}
{name} .df-label {{ width: 10; height: 1; }}
{name} .df-field {{ background: $boost; width: 8; }}
{name} .df-wide {{ width: 1fr; }}
{name} .df-note {{ width: 1fr; height: 1; padding: 0 0 0 1; color: $text-muted; }}
{name} .df-error {{ height: auto; color: $error; }}
{name} .df-buttons {{ height: 1; margin: 1 0 0 0; }}
{name} .df-buttons Button {{ margin: 0 1 0 0; }}
{name} .df-help {{ height: auto; color: $text-muted; }}
"""


class _DeskForm(StyledOnce, LaidOutOnce, KeyForm):
    """A form that asks the desk when confirmed: closes with the desk's answer, or stays
    open saying why the desk refused."""

    def __init__(self, desk: Desk) -> None:
        super().__init__()
        self.desk = desk

    def ask_desk(self) -> str | None:
        raise NotImplementedError

    def problem(self) -> str:
        """What is wrong with the fields before the desk is asked ("" when nothing)."""
        return ""

    def refused(self, message: str) -> None:
        self.query_one(".df-error", Static).update(Text(message))
        self.app.bell()

    def action_confirm(self) -> None:
        self.refresh_fields()
        error = self.query_one(".df-error", Static)
        wrong = self.problem()
        if wrong:
            error.update(Text(wrong))
            self.app.bell()
            return
        try:
            answer = self.ask_desk()
        except MjtuiError as e:
            error.update(Text(shown(str(e), lines=True)))
            self.app.bell()
            return
        self.dismiss(answer)

    def buttons(self, confirm: str) -> ComposeResult:
        yield Static("", classes="df-error", markup=False)
        with Horizontal(classes="df-buttons"):
            yield Button(confirm, variant="primary", compact=True, classes="form-confirm")
            yield Button(_("Cancel"), compact=True, classes="form-cancel")


class SeatForm(_DeskForm):
    """Seat a round: its number (the next by default), the method's letter, and whether
    to seat it again or before the round before has finished (--force)."""

    DEFAULT_CSS = FORM_CSS.format(name="SeatForm")
    OUTCOMES = "rsi"

    def __init__(self, desk: Desk, number: int) -> None:
        super().__init__(desk)
        self.number = number

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(_("Seat a round"), classes="df-title")
            with Horizontal(classes="df-row"):
                yield Label(_("Round"), classes="df-label")
                yield Input(
                    str(self.number),
                    id="sf-round",
                    restrict=r"[0-9]{0,2}",
                    compact=True,
                    classes="df-field",
                )
            with Horizontal(classes="df-row"):
                yield Label(_("Method"), classes="df-label")
                yield Input(
                    "s" if self.number > 1 else "r",
                    id="sf-method",
                    restrict="[rsi]?",
                    max_length=1,
                    compact=True,
                    classes="df-field",
                )
                yield Label("", id="sf-method-note", classes="df-note", markup=False)
            with Horizontal(classes="df-row"):
                yield Label("", classes="df-label")
                yield Checkbox(
                    _("again, or before the round before has finished (--force)"),
                    id="sf-force",
                    compact=True,
                )
            yield from self.buttons(_("Seat it"))
            yield Static(
                _("r random · s swiss (by the standings) · i interval")
                + "\n"
                + _("Enter next · ctrl+s seat · Esc cancel"),
                classes="df-help",
                markup=False,
            )

    def is_outcome_field(self, widget: Widget) -> bool:
        return widget.id == "sf-method"

    def set_outcome(self, letter: str) -> None:
        self.query_one("#sf-method", Input).value = letter

    def fields_changed(self) -> None:
        method = METHODS.get(self.query_one("#sf-method", Input).value, "")
        self.query_one("#sf-method-note", Label).update(
            _(METHOD_NAMES[method]) if method else _("r, s or i")
        )

    def problem(self) -> str:
        if not self.query_one("#sf-round", Input).value:
            return _("Which round?")
        if self.query_one("#sf-method", Input).value not in METHODS:
            return _("The method: r, s or i")
        return ""

    def ask_desk(self) -> str:
        return self.desk.seat(
            int(self.query_one("#sf-round", Input).value),
            METHODS[self.query_one("#sf-method", Input).value],
            self.query_one("#sf-force", Checkbox).value,
        )


class PenaltyForm(_DeskForm):
    """Give a penalty: the player (a part of the name will do when only one has it), the
    table points, the reason and the round."""

    DEFAULT_CSS = FORM_CSS.format(name="PenaltyForm")

    def __init__(self, desk: Desk, t: Tournament) -> None:
        super().__init__(desk)
        self.t = t
        self.player: Player | None = None

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(
                _("A penalty · {tournament}").format(tournament=self.t.name),
                classes="df-title",
                markup=False,
            )
            with Horizontal(classes="df-row"):
                yield Label(_("Player"), classes="df-label")
                yield TextField("", id="pf-player", compact=True, classes="df-field df-wide")
            yield Static("", id="pf-who", classes="df-note", markup=False)
            with Horizontal(classes="df-row"):
                yield Label(_("Points"), classes="df-label")
                yield Input(
                    "", id="pf-amount", restrict=r"[0-9]{0,9}", compact=True, classes="df-field"
                )
                yield Label("", id="pf-unit", classes="df-note", markup=False)
            with Horizontal(classes="df-row"):
                yield Label(_("Reason"), classes="df-label")
                yield TextField(
                    "", id="pf-reason", max_length=200, compact=True, classes="df-field df-wide"
                )
            with Horizontal(classes="df-row"):
                yield Label(_("Round"), classes="df-label")
                yield Input(
                    str(self.t.last_round or 1),
                    id="pf-round",
                    restrict=r"[0-9]{0,2}",
                    compact=True,
                    classes="df-field",
                )
            yield from self.buttons(_("Give it"))
            yield Static(
                _("Enter next · ctrl+s give · Esc cancel"), classes="df-help", markup=False
            )

    def fields_changed(self) -> None:
        typed = self.query_one("#pf-player", Input).value
        found = matching(self.t.players, typed)
        self.player = found[0] if len(found) == 1 else None
        who = (
            ""
            if not typed.strip()
            else f"→ {found[0].name}"
            if len(found) == 1
            else _("{n} players:").format(n=len(found)) + " " + ", ".join(p.name for p in found[:4])
            if found
            else _("no player has that name")
        )
        self.query_one("#pf-who", Static).update(who)
        amount = self.query_one("#pf-amount", Input).value
        self.query_one("#pf-unit", Label).update(
            _("points: {off}").format(off=self.t.penalty_off(int(amount), _))
            if amount
            else _("points")
        )

    def problem(self) -> str:
        if self.player is None:
            return _("Which player? Type the name, or a part only one player's name has.")
        if not self.query_one("#pf-amount", Input).value:
            return _("How many points?")
        if not self.query_one("#pf-reason", Input).value.strip():
            return _("A penalty needs its reason.")
        if not self.query_one("#pf-round", Input).value:
            return _("Which round?")
        return ""

    def ask_desk(self) -> str:
        assert self.player is not None
        return self.desk.penalty(
            self.player.name,
            int(self.query_one("#pf-amount", Input).value),
            self.query_one("#pf-reason", Input).value,
            int(self.query_one("#pf-round", Input).value),
        )


class ClockForm(_DeskForm):
    """The round's clock: started now (the box, ticked while it has not been), and a
    table's extra minutes (0 takes them back)."""

    DEFAULT_CSS = FORM_CSS.format(name="ClockForm")

    def __init__(self, desk: Desk, t: Tournament) -> None:
        super().__init__(desk)
        self.t = t

    def compose(self) -> ComposeResult:
        number = self.t.last_round
        round_ = self.t.round(number) if number else None
        started = round_ is not None and round_.started is not None
        with Vertical():
            yield Label(
                _("The round's clock · {tournament}").format(tournament=self.t.name),
                classes="df-title",
                markup=False,
            )
            with Horizontal(classes="df-row"):
                yield Label(_("Round"), classes="df-label")
                yield Input(
                    str(number or 1),
                    id="cf-round",
                    restrict=r"[0-9]{0,2}",
                    compact=True,
                    classes="df-field",
                )
                yield Label(_("{n} minutes a round").format(n=self.t.minutes), classes="df-note")
            with Horizontal(classes="df-row"):
                yield Label("", classes="df-label")
                yield Checkbox(
                    _("start it now") + (" " + _("(again: it was started)") if started else ""),
                    not started,
                    id="cf-start",
                    compact=True,
                )
            with Horizontal(classes="df-row"):
                yield Label(_("Table"), classes="df-label")
                yield Input(
                    "", id="cf-table", restrict=r"[0-9]{0,3}", compact=True, classes="df-field"
                )
                yield Label(_("extra time for a table (blank: none)"), classes="df-note")
            with Horizontal(classes="df-row"):
                yield Label(_("Minutes"), classes="df-label")
                yield Input(
                    "", id="cf-minutes", restrict=r"[0-9]{0,3}", compact=True, classes="df-field"
                )
                yield Label(_("more for that table; 0 takes them back"), classes="df-note")
            yield from self.buttons(_("Set it"))
            yield Static(_("Enter next · ctrl+s set · Esc cancel"), classes="df-help", markup=False)

    def problem(self) -> str:
        value = self.query_one
        if not value("#cf-round", Input).value:
            return _("Which round?")
        table, minutes = value("#cf-table", Input).value, value("#cf-minutes", Input).value
        if bool(table) != bool(minutes):
            return _("Extra time needs the table and its minutes.")
        if not table and not value("#cf-start", Checkbox).value:
            return _("Nothing to set: tick the box to start the clock, or give a table's minutes.")
        return ""

    def ask_desk(self) -> str:
        value = self.query_one
        table, minutes = value("#cf-table", Input).value, value("#cf-minutes", Input).value
        return self.desk.clock(
            int(value("#cf-round", Input).value),
            value("#cf-start", Checkbox).value,
            (int(table), int(minutes)) if table else None,
        )


class SubstituteForm(_DeskForm):
    """A substitute: the player (a part of the name will do when only one has it), who
    plays the seat (the player's own name takes it back), and the rounds."""

    DEFAULT_CSS = FORM_CSS.format(name="SubstituteForm")

    def __init__(self, desk: Desk, t: Tournament) -> None:
        super().__init__(desk)
        self.t = t
        self.player: Player | None = None

    def compose(self) -> ComposeResult:
        number = str(min(self.t.last_round + 1, self.t.rounds))
        with Vertical():
            yield Label(
                _("A substitute · {tournament}").format(tournament=self.t.name),
                classes="df-title",
                markup=False,
            )
            with Horizontal(classes="df-row"):
                yield Label(_("Player"), classes="df-label")
                yield TextField("", id="uf-player", compact=True, classes="df-field df-wide")
            yield Static("", id="uf-who", classes="df-note", markup=False)
            with Horizontal(classes="df-row"):
                yield Label(_("By"), classes="df-label")
                yield TextField("", id="uf-by", compact=True, classes="df-field df-wide")
            with Horizontal(classes="df-row"):
                yield Label(_("Round"), classes="df-label")
                yield Input(
                    number, id="uf-round", restrict=r"[0-9]{0,2}", compact=True, classes="df-field"
                )
                yield Label(_("the first round the substitute plays"), classes="df-note")
            with Horizontal(classes="df-row"):
                yield Label(_("To"), classes="df-label")
                yield Input(
                    number, id="uf-to", restrict=r"[0-9]{0,2}", compact=True, classes="df-field"
                )
                yield Label(_("the last round the substitute plays"), classes="df-note")
            yield from self.buttons(_("Seat them"))
            yield Static(
                _("the player's own name as By takes the seat back")
                + "\n"
                + _("Enter next · ctrl+s seat · Esc cancel"),
                classes="df-help",
                markup=False,
            )

    def fields_changed(self) -> None:
        typed = self.query_one("#uf-player", Input).value
        found = matching(self.t.players, typed)
        self.player = found[0] if len(found) == 1 else None
        who = (
            ""
            if not typed.strip()
            else f"→ {found[0].name}"
            if len(found) == 1
            else _("{n} players:").format(n=len(found)) + " " + ", ".join(p.name for p in found[:4])
            if found
            else _("no player has that name")
        )
        self.query_one("#uf-who", Static).update(who)

    def problem(self) -> str:
        if self.player is None:
            return _("Which player? Type the name, or a part only one player's name has.")
        if not self.query_one("#uf-by", Input).value.strip():
            return _("Who plays the seat?")
        if (
            not self.query_one("#uf-round", Input).value
            or not self.query_one("#uf-to", Input).value
        ):
            return _("Which rounds?")
        return ""

    def ask_desk(self) -> str:
        assert self.player is not None
        return self.desk.substitute(
            self.player.name,
            self.query_one("#uf-by", Input).value,
            int(self.query_one("#uf-round", Input).value),
            int(self.query_one("#uf-to", Input).value),
        )


class SeatingScreen(LaidOutOnce, Screen[None]):
    """A round's seating with its cost, and the next round seated from here."""

    DEFAULT_CSS = """
    SeatingScreen #seating-scroll { height: 1fr; }
    SeatingScreen #seating { height: auto; padding: 0 1; }
    SeatingScreen #seating-note { height: auto; padding: 0 1; color: $text-muted; }
    """
    BINDINGS = [
        Binding("escape,s", "close", "Back", key_display="esc"),
        # Shown with the one below, so that the footer fits 80 columns.
        Binding("left", "round(-1)", "Round before", key_display="←", show=False),
        Binding("right", "round(1)", "Round after (← before)", key_display="→"),
        # The tables scroll under the screen's own keys: a focused scroll would take ← →.
        Binding("up", "scroll(-1)", "Up", show=False),
        Binding("down", "scroll(1)", "Down", show=False),
        Binding("pageup", "scroll(-10)", "Page up", show=False),
        Binding("pagedown", "scroll(10)", "Page down", show=False),
        Binding("n", "seat", "Seat a round"),
    ]

    def __init__(self, desk: Desk) -> None:
        super().__init__()
        self.desk = desk
        self.number = 0

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="seating-scroll", can_focus=False):  # 20 tables and more
            yield Static("", id="seating")
        yield Static("", id="seating-note")
        yield Footer()

    def on_mount(self) -> None:
        self.title = _("Seating")
        t = self._tournament()
        self.show(t.last_round if t else 0)

    def _tournament(self) -> Tournament | None:
        try:
            return self.desk.tournament()
        except MjtuiError as e:
            self.query_one("#seating-note", Static).update(Text(shown(str(e), lines=True)))
            return None

    def show(self, number: int) -> None:
        t = self._tournament()
        if t is None:
            return
        self.number = number
        area = self.query_one("#seating", Static)
        if not number:
            area.update(
                Text(
                    _("{tournament}: no round seated yet. n seats round 1.").format(
                        tournament=t.name
                    )
                )
            )
            return
        try:
            area.update(Text(self.desk.seating_text(number)))
        except MjtuiError as e:
            area.update(Text(shown(str(e), lines=True)))
        self.query_one("#seating-scroll", VerticalScroll).scroll_home(animate=False)

    def action_round(self, step: int) -> None:
        t = self._tournament()
        if t is None:
            return
        seated = [r.number for r in t.seatings]
        if not seated:
            return
        at = seated.index(self.number) if self.number in seated else len(seated) - 1
        self.show(seated[max(0, min(len(seated) - 1, at + step))])

    def action_seat(self) -> None:
        t = self._tournament()
        if t is None:
            return
        number = min(t.last_round + 1, t.rounds)

        def seated(answer: str | None) -> None:
            if not answer:
                return
            t = self._tournament()
            if t is not None:
                # The new round's links are on its sheet, which the tables need printed.
                command = (
                    f"mjtui tournament sheet {shlex.quote(t.name)} "
                    f"--round {t.last_round} --format html"
                )
                answer += "\n" + _("Its sheet, with each table's link: {command}").format(
                    command=command
                )
                self.show(t.last_round)
            self.query_one("#seating-note", Static).update(Text(shown(answer, lines=True)))

        self.app.push_screen(SeatForm(self.desk, number), seated)

    def action_scroll(self, lines: int) -> None:
        self.query_one("#seating-scroll", VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


class PenaltiesScreen(LaidOutOnce, Screen[None]):
    """Every penalty: given, cancelled; ``a`` gives one, ``c`` cancels the one chosen."""

    DEFAULT_CSS = """
    PenaltiesScreen #penalties { height: 1fr; }
    PenaltiesScreen #penalties-note { height: auto; padding: 0 1; color: $text-muted; }
    """
    BINDINGS = [
        Binding("escape,p", "close", "Back", key_display="esc"),
        Binding("a", "add", "Give a penalty"),
        Binding("c", "cancel_penalty", "Cancel it"),
    ]

    def __init__(self, desk: Desk) -> None:
        super().__init__()
        self.desk = desk

    def compose(self) -> ComposeResult:
        yield DataTable(id="penalties", cursor_type="row", zebra_stripes=True)
        yield Static("", id="penalties-note")
        yield Footer()

    def on_mount(self) -> None:
        self.title = _("Penalties")
        table = self.query_one(DataTable)
        for name in ("#", N_("Player"), N_("Round"), N_("Points"), N_("Reason"), ""):
            table.add_column(_(name) if name not in ("#", "") else name, key=name)
        self.fill()

    def say(self, text: str) -> None:
        self.query_one("#penalties-note", Static).update(Text(shown(text, lines=True)))

    def fill(self) -> None:
        table = self.query_one(DataTable)
        table.clear()
        try:
            t = self.desk.tournament()
        except MjtuiError as e:
            self.say(str(e))
            return
        for p in t.penalties:
            table.add_row(
                str(p.id),
                Text(p.player),
                str(p.round),
                Text(f"{p.amount} ({-p.amount / t.unit:g})", justify="right"),
                Text(p.reason),
                _("cancelled") if p.cancelled else "",
                key=str(p.id),
            )
        if not t.penalties:
            self.say(_("{tournament}: no penalties. a gives one.").format(tournament=t.name))

    def action_add(self) -> None:
        try:
            t = self.desk.tournament()
        except MjtuiError as e:
            self.say(str(e))
            return

        def given(answer: str | None) -> None:
            if answer:
                self.fill()
                self.say(answer)

        self.app.push_screen(PenaltyForm(self.desk, t), given)

    def action_cancel_penalty(self) -> None:
        table = self.query_one(DataTable)
        if not table.row_count:
            self.app.bell()
            return
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        number = int(str(key))

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            try:
                self.say(self.desk.cancel(number))
            except MjtuiError as e:
                self.say(str(e))
                self.app.bell()
            self.fill()

        self.app.push_screen(ConfirmScreen(_("Cancel penalty #{n}?").format(n=number)), answered)

    def action_close(self) -> None:
        self.dismiss(None)


HALL_ACTIONS = frozenset({"seating", "penalties", "clock", "substitute"})


class DirectorApp(OrderedKeys, HallApp):
    """`mjtui tournament director NAME`: the hall, and the director's screens over it."""

    TITLE = "mjtui director"
    MODE = N_("the director's: the keys below")
    BINDINGS = [
        Binding("s", "seating", "Seating"),
        Binding("p", "penalties", "Penalties"),
        Binding("t", "clock", "Clock"),
        Binding("u", "substitute", "Substitute"),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(self, follower: HallFollower, desk: Desk) -> None:
        super().__init__(follower)
        self.desk = desk

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The hall's keys only on the hall: not in the footer of the screens over it."""
        if action in HALL_ACTIONS and not isinstance(self.screen, type(self.hall)):
            return False
        return super().check_action(action, parameters)

    def action_seating(self) -> None:
        if isinstance(self.screen, type(self.hall)):
            self.push_screen(SeatingScreen(self.desk))

    def action_penalties(self) -> None:
        if isinstance(self.screen, type(self.hall)):
            self.push_screen(PenaltiesScreen(self.desk))

    def action_clock(self) -> None:
        self._open_form(ClockForm)

    def action_substitute(self) -> None:
        self._open_form(SubstituteForm)

    def _open_form(self, form: type[ClockForm] | type[SubstituteForm]) -> None:
        """Over the hall, a form of the tournament as it is now; what it did is said, and
        the hall drawn again. A tournament that cannot be read is said on the hall."""
        if not isinstance(self.screen, type(self.hall)):
            return
        try:
            t = self.desk.tournament()
        except MjtuiError as e:
            self.hall.show(self.follower.view, shown(str(e)))
            return

        def done(answer: str | None) -> None:
            if answer:
                self.refresh_hall(force=True)
                self.notify(answer, timeout=6, markup=False)

        self.push_screen(form(self.desk, t), done)
