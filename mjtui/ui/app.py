"""The Textual application: opens on a new series, a resumed one, or a replay."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from textual.app import App

from mjtui.core.language import _, ngettext
from mjtui.core.text import shown
from mjtui.private_api import withdraw_notifications
from mjtui.ui.key_form import KeyForm, OrderedKeys
from mjtui.ui.styles import BASE, ScreenStyles, StyledWhenMounted, add_styles

# Each screen, and the calculators behind the sheet, is imported when it is
# first opened: the new-series form must not wait for the score sheet, the
# library or the emulators to load.
if TYPE_CHECKING:
    from textual.screen import Screen

    from mjtui.calc.link import CalculatorLink
    from mjtui.core.model.session import Session
    from mjtui.core.rulesets.ruleset import Ruleset
    from mjtui.core.sessions.scorebook import Scorebook
    from mjtui.core.table.clock import GameClock
    from mjtui.ui.screens.new_series import SeriesChoice


class MjtuiApp(OrderedKeys, ScreenStyles, StyledWhenMounted, App[None]):
    CSS_PATH = str(BASE)  # the other screens' stylesheets come with them (ui/styles.py)
    TITLE = "mjtui"
    ENABLE_COMMAND_PALETTE = False

    def __init__(
        self,
        *,
        rulesets: list[Ruleset] | None = None,
        ruleset: Ruleset | None = None,
        sessions_dir: Path | None = None,
        book: Scorebook | None = None,
        replay: Session | None = None,
        replay_name: str = "",
        warnings: list[str] | None = None,
        calc_program: str | None = None,
        library: bool = False,
        game: Scorebook | None = None,
        more_rulesets: Callable[[], tuple[list[Ruleset], list[str]]] | None = None,
        time_limit: int = 0,
        time_warning: int = 10,
        table: str = "",
    ) -> None:
        """``more_rulesets`` gives the rest of the rulesets to offer on the new-series
        form (and why some are not offered); it is asked once that form is shown."""
        super().__init__()
        self.rulesets = rulesets or []
        self.more_rulesets = more_rulesets
        self.startup_error: str | None = None  # why the app stopped at start-up (exit 2)
        self.ruleset = ruleset
        self.sessions_dir = sessions_dir
        self.book = book
        self.replay = replay
        self.replay_name = replay_name
        self.warnings = warnings or []
        self.calc_program = calc_program
        self.library = library
        self.game = game
        # The time limit the new-series form offers (minutes, 0: none; the series keeps
        # the one it starts with), and how many minutes before its end the sheet warns.
        self.time_limit = time_limit
        self.time_warning = time_warning
        self.table = table  # the table the new-series form offers
        # Every book this app has opened holds its file's lock (core/sessions/lock.py)
        # until the app ends; a book left from the library lets go earlier.
        self._books = [b for b in (book, game) if b is not None]

    def hold(self, book: Scorebook) -> Scorebook:
        """Keep ``book``'s file locked for as long as this app runs."""
        self._books.append(book)
        return book

    def release_sessions(self) -> None:
        """Let go of every session file this app holds (done again does nothing)."""
        for book in self._books:
            book.close()

    def on_unmount(self) -> None:
        self.release_sessions()

    def get_default_screen(self) -> Screen[None]:
        """The first screen (the game, the library, a replay, the resumed sheet or the
        new-series form): the app styles and shows it alone at start-up, not over an
        empty one."""
        screen = self._first_screen()
        add_styles(self, screen)  # as push_screen does for the screens that follow
        return screen

    def _first_screen(self) -> Screen[None]:
        if self.game is not None:
            from mjtui.ui.screens.fx602p_game import FX602PGameScreen

            return FX602PGameScreen(self.game)
        if self.library:
            return self._library_screen()
        if self.replay is not None:
            from mjtui.ui.screens.replay import ReplayScreen

            return ReplayScreen(self.replay, self.replay_name)
        if self.book is not None:
            return self._sheet(self.book)
        from mjtui.ui.screens.new_series import NewSeriesScreen

        assert self.ruleset is not None and self.sessions_dir is not None
        self._new_series = NewSeriesScreen(
            self.rulesets,
            self.ruleset,
            self._start_series,
            minutes=self.time_limit,
            table=self.table,
        )
        return self._new_series

    def on_mount(self) -> None:
        self._warn(*self.warnings)
        self.call_after_refresh(self._after_first_frame)

    def _warn(self, *warnings: str) -> None:
        """The warnings in one notification, one a line (each would replace the last)."""
        if warnings:
            n = len(warnings)
            title = _("Warning") if n == 1 else ngettext("{n} warning", "{n} warnings", n)
            title = title.format(n=n)
            self.notify(
                "\n".join(warnings), title=title, severity="warning", timeout=20, markup=False
            )

    def notify(self, message: str, *, title: str = "", **kwargs: Any) -> None:
        """Every notification, of every screen, shown with no raw control character: a
        message may quote a file (core/text.py ``shown``).

        A new one takes the place of the passing news shown (undo after undo never
        piles boxes over the history; mjtui.tcss puts them over the empty right of
        the scores); a warning or an error stays its time, to be read."""
        self._clear_passing()
        super().notify(shown(str(message), lines=True), title=shown(title), **kwargs)

    def push_screen(self, screen: Any, *args: Any, **kwargs: Any) -> Any:
        # Passing news belongs to the screen it was given on: it leaves with it.
        self._clear_passing()
        return super().push_screen(screen, *args, **kwargs)

    def _clear_passing(self) -> None:
        """Take away the notifications of severity "information"."""
        withdraw_notifications(self, lambda notice: notice.severity == "information")

    def _after_first_frame(self) -> None:
        """What the first screen does not need waits until it is shown: a person sees
        it at once, and keys typed meanwhile wait in order (OrderedKeys).

        Every scoring system is loaded and checked here, so one that is broken
        stops mjtui at start-up (exit 2, ``startup_error``), never at the first hand.
        """
        from mjtui.core.errors import MjtuiError
        from mjtui.core.systems import check_systems

        try:
            check_systems()
        except MjtuiError as e:
            self.startup_error = str(e)
            self.exit(return_code=2)
            return
        if self.more_rulesets is not None:
            rulesets, warnings = self.more_rulesets()
            self._new_series.offer(rulesets)
            self._warn(*warnings)
        keep_out_of_collections()

    def _start_series(self, choice: SeriesChoice) -> None:
        from mjtui.core.model.players import look_alike_notes
        from mjtui.core.model.session import Session
        from mjtui.core.sessions.scorebook import create_scorebook

        started = datetime.now().astimezone().replace(microsecond=0)
        session = Session(
            ruleset=choice.ruleset,
            players=choice.players,
            started=started,
            table=choice.table,
            time_limit=choice.minutes,
        )
        assert self.sessions_dir is not None
        self.book, warnings = create_scorebook(session, self.sessions_dir)
        self.hold(self.book)
        self._open_sheet(self.book)  # over the form, which stays below unseen
        self._warn(*warnings, *look_alike_notes(choice.players))
        if self.book.save_error:  # after the warnings: shown in their place (notify)
            self.notify(
                self.book.save_error,
                title=_("Not saved"),
                severity="error",
                timeout=15,
                markup=False,
            )

    async def action_quit(self) -> None:
        """ctrl+q: at once, unless a form holds what was typed and is not yet saved."""
        form = self.screen
        if not (isinstance(form, KeyForm) and form.typed_in()):
            self.exit()
            return
        from mjtui.ui.screens.confirm import ConfirmScreen

        def answered(yes: bool | None) -> None:
            if yes:
                self.exit()

        self.push_screen(
            ConfirmScreen(
                _(
                    "Quit mjtui? What this form holds is not saved and would be lost "
                    "(every recorded hand is saved)."
                ),
                yes=_("Quit"),
                no=_("Back to the form"),
            ),
            answered,
        )

    def action_open_library(self) -> None:
        self.push_screen(self._library_screen())

    def _library_screen(self) -> Screen[None]:
        """The saved series; a series resumed from there gets its calculator too."""
        from mjtui.ui.screens.library import LibraryScoreScreen, LibraryScreen

        return LibraryScreen(
            open_sheet=lambda book: LibraryScoreScreen(
                self.hold(book),
                partial(self._calculator_for, book.session),
                fx602p=self._fx602p_listing(),
                clock=self._clock(book),
            )
        )

    def _open_sheet(self, book: Scorebook) -> None:
        self.push_screen(self._sheet(book))

    def _sheet(self, book: Scorebook) -> Screen[None]:
        from mjtui.ui.screens.score import ScoreScreen

        # The calculator is made once the sheet is shown, so what it warns of is said
        # then, the app running.
        return ScoreScreen(
            book,
            partial(self._calculator_for, book.session),
            fx602p=self._fx602p_listing(),
            clock=self._clock(book),
        )

    def _clock(self, book: Scorebook) -> GameClock | None:
        """The game's clock, from the series' start and the limit it was started with
        (the session file keeps it); None without a limit."""
        minutes = book.session.time_limit
        if minutes <= 0:
            return None
        from mjtui.core.table.clock import GameClock

        return GameClock(minutes, book.session.started, warning=self.time_warning)

    def _fx602p_listing(self) -> Path | None:
        """--calc-program when it is an FX-602P listing (told by its content)."""
        if self.calc_program is None:
            return None
        from mjtui.calc.fx602p.listing import is_listing_file

        path = Path(self.calc_program).expanduser()
        return path if is_listing_file(path) else None

    def _calculator_for(self, session: Session) -> CalculatorLink | None:
        """The calculator that follows the sheet: --calc-program, else the ruleset's."""
        system, rules = session.ruleset.system, session.ruleset.rules
        if self._fx602p_listing() is not None:
            return None  # the FX-602P pane plays its listing instead
        if system.emulator != "hp11c":
            return None  # only East-doubling hands are keyed into the HP-11C
        name = self.calc_program or system.calculator_program(rules)
        if name is None:
            return None
        from mjtui.calc.link import CalculatorLink
        from mjtui.calc.programs import load_program
        from mjtui.core.errors import MjtuiError

        try:
            program = load_program(name)
        except MjtuiError as e:
            self._warn(
                _("Calculator: {error}. The calculator runs without a program.").format(error=e)
            )
            return None
        return CalculatorLink(program, session.ruleset.players, session.ruleset.start_points)


def keep_out_of_collections() -> None:
    """Leave what is loaded by now (Textual, the series and its folded states) out of
    the cyclic garbage collector's full passes.

    A resumed series of 10,000 hands holds some hundreds of thousands of
    objects, and each full pass walked them all: a pass falling between ctrl+s
    and the new totals made that hand's entry take 100 ms and more. What is
    frozen is still freed by reference counting; only cycles among it stay.

    When mjtui started with the collector off (cli/entry.py), the cycles that
    start-up left are collected first, in one pass, and the collector is on
    again from here.
    """
    import gc

    if not gc.isenabled():
        gc.collect()
        gc.enable()
    gc.freeze()
