"""The score sheet: scoreboard, hand count and history; keys enter hands."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Header, Static

from mjtui.core.errors import HandError
from mjtui.core.language import _
from mjtui.core.sessions.scorebook import Scorebook
from mjtui.core.text import shown
from mjtui.ui.laid_out import LaidOutOnce
from mjtui.ui.styles import StyledOnce
from mjtui.ui.widgets.footer import Footer
from mjtui.ui.widgets.hands_table import HandsTable
from mjtui.ui.widgets.scoreboard import Scoreboard
from mjtui.ui.widgets.sheet import ScoreSheet
from mjtui.ui.widgets.totals_chart import TotalsChart

# The hand form (with the systems' form declarations and the question screen) is
# imported by the first hand entered: the resumed sheet's first frame does not wait.
if TYPE_CHECKING:
    from textual.widget import Widget

    from mjtui.calc.link import CalculatorLink, KeyedHand
    from mjtui.core.systems.base import TableState
    from mjtui.core.table.clock import GameClock
    from mjtui.ui.screens.hand_form import HandForm, Submit
    from mjtui.ui.widgets.calc_pane import CalcPane

SEAT_KEYS: dict[str, int | None] = {
    "0": None,
    "1": 0,
    "2": 1,
    "3": 2,
    "4": 3,
    "a": 0,
    "b": 1,
    "c": 2,
    "d": 3,
}
"""A key on the sheet -> the seat that won (the calculator's A-D keys too), None a draw."""
MOST_SEATS = 4  # the seats SEAT_KEYS has keys for

# The calculator panes, by their ids: each is imported and made when first shown.
PANES = {
    "calculator": ("mjtui.ui.widgets.calc_pane", "CalcPane"),
    "fx602p": ("mjtui.ui.widgets.fx602p_pane", "FX602PPane"),
}

# The sheet's keys act as soon as they are read (priority), so a hand form is
# open before the next key arrives; while a calculator pane has the focus
# they are the pane's (check_action).
SHEET_KEYS = [
    # Key 1 is bound once for each size of table, each naming in the footer the
    # winner keys of that size ("1-4", "1-3"...); check_action keeps this table's.
    *[
        Binding("1", f"winner('1', {n})", "Win", key_display=f"1-{n}", priority=True)
        for n in range(MOST_SEATS, 0, -1)
    ],
    *[Binding(k, f"winner('{k}')", show=False, priority=True) for k in "234abcd"],
    Binding("0", "winner('0')", "Draw", priority=True),
    Binding("e", "edit", "Edit", priority=True),
    Binding("u,ctrl+z", "undo", "Undo", priority=True),
    Binding("ctrl+y,U", "redo", "Redo", show=False, priority=True),
    Binding("f", "standings", "Final", priority=True),
    Binding("g", "chart", "Chart", priority=True),
    Binding("p", "calculator", "Calc", priority=True),
    Binding("P", "fx602p", "FX-602P", show=False, priority=True),
    Binding("x", "dice", "Dice", priority=True),
    # Not in the footer, which is full at 80 columns (README, "The keys", lists it).
    Binding("s", "seats", "Seats", show=False, priority=True),
    Binding("r,question_mark", "rules", "Rules", key_display="r", priority=True),
    Binding("t", "board", "Table", priority=True),
    Binding("q", "app.quit", "Quit", priority=True),
]


COLLECT_AFTER = 0.2  # seconds after the sheet is back on top


def _collect_garbage() -> None:
    import gc

    gc.collect()


class ScoreScreen(StyledOnce, LaidOutOnce, Screen[None]):
    AUTO_FOCUS = "HandsTable"  # never a calculator pane, which would take the sheet's keys
    BINDINGS = [
        *SHEET_KEYS,
        Binding("escape", "leave_calculator", show=False),
    ]

    def __init__(
        self,
        book: Scorebook,
        calculator: Callable[[], CalculatorLink | None] = lambda: None,
        *,
        fx602p: Path | None = None,
        clock: GameClock | None = None,
    ) -> None:
        super().__init__()
        self.clock = clock  # the game's time limit, or None
        self.book = book
        self._calculator = calculator  # makes the HP-11C that follows the sheet, if any
        self.fx602p = fx602p  # an FX-602P listing for its pane (--calc-program)
        self.dice_rng = random.Random()  # a test may put a seeded one in its place
        # The notice of a file nearing its size limit last shown (once a percent, not a hand);
        # the one a resumed file opens with is among the app's warnings.
        self._size_told = book.size_notice
        # Whether the system has standings does not change with the hands; asked once,
        # not on every footer refresh.
        session = book.session
        self.has_standings = (
            session.ruleset.system.standings(session.ruleset.rules, session.state) is not None
        )

    @cached_property
    def link(self) -> CalculatorLink | None:
        """The HP-11C keyed with the hands (None without a program).

        Made just after the first frame (on_mount), or sooner if a key asks for it:
        the emulator and its program took 7 ms of a resumed series' first frame.
        """
        return self._calculator()

    def compose(self) -> ComposeResult:
        yield Header()
        yield ScoreSheet(id="sheet")
        yield Footer()

    def _file_label(self) -> str:
        """The file's stem without the ruleset's id, which the title beside it names
        (2026-12-01_200000_a1b2c3 for ..._riichi-sanma_a1b2c3.toml): the whole of a
        new file's name with a long ruleset's did not fit 80 columns."""
        stem = self.book.path.stem
        label = stem.replace(f"_{self.book.session.ruleset.id}", "", 1)
        return shown(label or stem)

    def on_mount(self) -> None:
        session = self.book.session
        # The ruleset and the file: both fit the header at 80 columns.
        self.title = session.ruleset.rules.name_said()
        self.sub_title = self._file_label()
        self.render_state()
        self.set_focus(self.query_one(HandsTable))
        if self.clock is not None:
            self.set_interval(1, self._tick)
        self.call_after_refresh(lambda: self.link)  # its warnings come with the sheet

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        # A form (or the rules, the standings...) has just closed over the sheet: its
        # widgets are cycles only the collector's full pass frees, and one of those
        # passes, 20-40 ms, fell between a ctrl+s and the new totals now and then.
        # Done here, a moment after the sheet is back, nobody is waiting for it.
        self.set_timer(COLLECT_AFTER, _collect_garbage)

    def render_state(self) -> None:
        session = self.book.session
        states = session.states()
        state = states[-1]
        names = session.current_players  # seat changes and substitutes: who sits there now
        self.query_one(Scoreboard).show(names, state)
        chart = self.query_one(TotalsChart)
        chart.plot(names, [s.totals for s in states])
        chart.position = len(session.hands)
        table = self.query_one(HandsTable)
        table.show(session, states)
        self._sync_calculator()
        described = session.ruleset.system.describe_state(state, names)
        # The footer lists the keys; once the game is over it says what is left to do.
        keys = " · " + _("f: final standings · u: undo") if state.finished else ""
        played = _("{n} played").format(n=state.hands)
        self._status_line = Text.assemble((described, "bold"), f" · {played}{keys}")
        for line in session.ruleset.system.sheet_lines(session.ruleset.rules, state, names):
            self._status_line.append(f"\n{line}")
        self._tick()

    def _tick(self) -> None:
        """The status line, the clock under the scores, and the clock's notice when it
        has one."""
        self.query_one("#status", Static).update(self._status_line)
        if self.clock is None:
            return
        hands = len(self.book.session.hands)
        shown = self.clock.status(hands)
        late = shown.phase in ("warning", "last-hand", "over")
        # Reversed, so it stands out without colour too.
        self.query_one(Scoreboard).border_subtitle = Text(
            " " + _("time: {left}").format(left=shown.short()) + " ",
            style="bold reverse" if late else "",
        )
        notice = self.clock.notice(hands)
        if notice:
            self.notify(notice, title=_("Time"), severity="warning", timeout=30)

    def _sync_calculator(self) -> None:
        """Key the hands into the HP-11C while its pane is shown: keying a long
        series takes seconds, so a hidden pane catches up when it is opened."""
        pane = self._pane("calculator")
        if pane is None or not pane.display:
            return
        session = self.book.session
        if self.link is not None:
            # A link is made for East-doubling sessions alone (app.py): their hands.
            self.link.follow(cast("list[KeyedHand]", session.hands))
        state = session.state
        cast("CalcPane", pane).compare(state.totals, state.east)  # PANES["calculator"]

    def _form(
        self,
        players: tuple[str, ...],
        before: TableState,
        title: str,
        submit: Submit,
        *,
        hand: object | None = None,
        winner: int | None = None,
        check: Submit | None = None,
    ) -> HandForm:
        """The hand form of the series' system, for a new hand or ``hand`` to edit."""
        from mjtui.ui.screens.hand_form import HandForm

        return HandForm.of(
            self.book.session.ruleset,
            players,
            before,
            title,
            hand=hand,
            winner=winner,
            submit=submit,
            check=check,
        )

    def _pane_has_focus(self) -> bool:
        focused = self.focused
        return focused is not None and any(
            node.parent is self and node.id in PANES and node.display
            for node in focused.ancestors_with_self
        )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action not in ("leave_calculator", "calculator", "fx602p") and self._pane_has_focus():
            return False  # the pane's own keys
        # Keys a system has no use for stay out of the footer.
        system = self.book.session.ruleset.system
        if action == "standings" and not self.has_standings:
            return False
        if action == "winner" and parameters == ("0",) and not system.draws:
            return False
        if action == "winner" and len(parameters) == 2:  # key 1, one binding a table size
            return parameters[1] == self.winner_keys
        hp11c = system.emulator == "hp11c"  # the systems a link is made for (app.py)
        if action == "calculator":
            return hp11c or self.fx602p is not None or system.emulator is not None
        if action == "fx602p":
            return hp11c  # a second pane beside the HP-11C; else p opens the FX-602P
        return True

    def on_key(self, event: events.Key) -> None:
        # f is kept out of the footer where a system has no standings (check_action),
        # which also stops its action: say why here rather than nothing at all.
        if event.key == "f" and not self.has_standings:
            event.stop()
            self.action_standings()

    def action_standings(self) -> None:
        """The final standings, or the standings as they would be now."""
        session = self.book.session
        if not self.has_standings:
            self.notify(
                _("This system has no final standings; the totals are the result"),
                severity="warning",
            )
            return
        from mjtui.ui.screens.standings import StandingsScreen  # not needed before f

        self.app.push_screen(
            StandingsScreen(session.ruleset, session.current_players, session.state)
        )

    async def action_calculator(self) -> None:
        """Show the calculator and give it the keys, or hide it.

        The FX-602P pane when an FX-602P listing was given or the sheet is
        the FX-602P game's and no HP-11C program follows it; else the HP-11C.
        """
        fx = self.fx602p is not None or (
            self.link is None and self.book.session.ruleset.system.emulator == "fx602p"
        )
        shown = self._pane("fx602p")
        await self._toggle(
            "fx602p" if fx or (shown is not None and shown.display) else "calculator"
        )

    async def action_fx602p(self) -> None:
        """Show or hide the FX-602P pane (P: choose the FX-602P)."""
        await self._toggle("fx602p")

    def _pane(self, name: str) -> Widget | None:
        """The calculator pane ``name`` (a key of PANES), once it has been shown."""
        return next((w for w in self.children if w.id == name), None)

    async def _toggle(self, name: str) -> None:
        """Show the pane ``name`` (hiding the other calculator), or hide it."""
        other = self._pane("calculator" if name == "fx602p" else "fx602p")
        if other is not None:
            other.display = False
        pane = self._pane(name)
        if pane is None:
            # Made the first time it is shown: a sheet opens sooner without the
            # emulators, and most evenings never open them.
            module, cls = PANES[name]
            kind = getattr(importlib.import_module(module), cls)
            pane = kind(self.link if name == "calculator" else self.fx602p, id=name)
            pane.display = True  # hidden by its own style until asked for
            await self.mount(pane, before=self.query_one("#sheet"))
        else:
            pane.display = not pane.display
        # Beside a pane the header has half the width: the ruleset's name alone fits.
        self.sub_title = "" if pane.display else self._file_label()
        # Focus now, not once the app is idle (Widget.focus): keys typed right after
        # p are the calculator's, and after Esc the sheet's.
        if pane.display:
            self._sync_calculator()
            self.set_focus(pane)
        else:
            self.set_focus(self.query_one(HandsTable))

    def action_leave_calculator(self) -> None:
        self.set_focus(self.query_one(HandsTable))

    def action_board(self) -> None:
        """The table display: large totals for the whole table (t or Esc comes back)."""
        from mjtui.core.reports.board import board_view
        from mjtui.ui.screens.board import BoardScreen

        self.app.push_screen(BoardScreen(board_view(self.book.session)))

    def action_rules(self) -> None:
        """The rules reference of the series' ruleset."""
        from mjtui.ui.screens.reference import ReferenceScreen

        self.app.push_screen(ReferenceScreen(self.book.session.ruleset))

    def action_dice(self) -> None:
        """Roll two dice for the wall break, counted from the dealer of the next hand."""
        from mjtui.core.table.draws import roll

        session = self.book.session
        rolled = roll(self.dice_rng)
        dealer = session.current_players[session.state.east]
        self.notify(
            _("{roll} (dealer: {dealer})").format(roll=rolled.line(), dealer=dealer),
            title=_("Dice"),
            timeout=20,
            markup=False,
        )

    def action_chart(self) -> None:
        self.query_one(ScoreSheet).toggle_chart()

    @property
    def winner_keys(self) -> int:
        """How many winner keys this table has (1 to that): the footer's "1-3" on three seats."""
        return min(len(self.book.session.players), MOST_SEATS)

    def action_winner(self, key: str, table_size: int | None = None) -> None:
        """A hand won from seat ``key`` (a draw for 0). ``table_size`` is the size of
        table key 1's binding was declared for, the label check_action chose."""
        session = self.book.session
        seat = SEAT_KEYS[key]
        if seat is not None and seat >= len(session.players):
            self.notify(
                _("There are only {n} seats").format(n=len(session.players)), severity="warning"
            )
            return
        state = session.state
        if state.finished:
            self.action_standings()
            return
        title = session.ruleset.system.hand_title(state, session.current_players)
        self.app.push_screen(
            self._form(session.current_players, state, title, self._record, winner=seat)
        )

    def _record(self, hand: object) -> None:
        """Record a confirmed hand at once (a HandError keeps the form open with it)."""
        self.book.add(hand)
        self._changed()
        if self.book.session.state.finished:
            self.call_after_refresh(self.action_standings)

    def _changed(self) -> None:
        self.render_state()
        if self.book.save_error:
            self.notify(
                _("{error}. The hands are kept here; the next change tries again.").format(
                    error=self.book.save_error
                ),
                title=_("Not saved"),
                severity="error",
                timeout=15,
                markup=False,
            )
        notice = self.book.size_notice
        if notice and notice != self._size_told:
            self.notify(
                notice,
                title=_("The file is nearly full"),
                severity="warning",
                timeout=20,
                markup=False,
            )
        self._size_told = notice

    def action_edit(self) -> None:
        session = self.book.session
        if not session.hands:
            self.notify(_("No hand to edit yet"), severity="warning")
            return
        index = self.query_one(HandsTable).hand_index
        if not 0 <= index < len(session.hands):
            return
        before = session.states()[index]
        title = _("Edit hand {n} · East: {player}").format(
            n=index + 1, player=session.names_at(index)[before.east]
        )

        def replace(hand: object) -> None:
            self.book.replace(index, hand)
            self._changed()
            self.notify(
                _(
                    "Hand {n} changed; the totals after it were recomputed "
                    "(u takes the change back)"
                ).format(n=index + 1)
            )

        def check(hand: object) -> None:
            session.states_with(index, hand)

        self.app.push_screen(
            self._form(
                session.names_at(index),
                before,
                title,
                replace,
                hand=session.hands[index],
                check=check,
            )
        )

    def action_seats(self) -> None:
        """Swap two seats' players or put a substitute in a seat, from a hand on."""
        from mjtui.core.model.seats import Seating
        from mjtui.ui.screens.seats import SeatsScreen

        session = self.book.session
        hands = len(session.hands)

        def change(seating: Seating | None) -> None:
            if seating is None:
                return
            try:
                self.book.change_seats(seating)
            except HandError as e:  # the file could not hold it: nothing changed
                self.notify(
                    str(e), title=_("Seats not changed"), severity="error", timeout=15, markup=False
                )
                return
            self._changed()
            self.notify(
                _(
                    "Seats changed; the points stay with the seats "
                    "(u does not take it back: s again)"
                ),
                title=_("Seats"),
                markup=False,
            )

        self.app.push_screen(
            SeatsScreen(Seating(session.players, session.seat_changes), hands, self.book.seat_rule),
            change,
        )

    @on(HandsTable.Selected)
    def _row_selected(self, event: HandsTable.Selected) -> None:
        # Enter on the history never edits: one Enter too many must not open a
        # recorded hand for the next hand's keys. Editing is `e`.
        event.stop()

    def action_undo(self) -> None:
        change = self.book.undo()
        if change is None:
            self.notify(_("Nothing to undo"), severity="warning")
            return
        self._changed()
        self.notify(_("{change} taken back (ctrl+y or U puts it back)").format(change=change))

    def action_redo(self) -> None:
        try:
            change = self.book.redo()
        except HandError as e:
            self.notify(str(e), title=_("Not put back"), severity="error", timeout=10, markup=False)
            return
        if change is None:
            self.notify(_("Nothing to redo"), severity="warning")
            return
        self._changed()
        self.notify(_("{change} put back").format(change=change))
