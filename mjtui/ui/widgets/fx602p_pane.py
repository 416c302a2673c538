"""The FX-602P pane: the 1986 game's own program, played beside the score sheet.

Type the path of an FX-602P listing (the program areas P0-P9 as printed) and
press Enter to load it, or start the app with ``--calc-program FILE``. Then
``g 0`` presses P0 and the game runs in a worker thread: its displays appear
as the calculator showed them (the deal, ``■dora■ total``, the calculator's
discard, ``Ron``/``Tsumo``, both hands, the yaku names, the points,
``total/hands``, ``Ave``). At HLT key a tile digit and Enter (EXE) to discard
it, Enter alone or 0 Enter to win by self-draw; during the PAUSE after the
calculator's discard, 0 wins on it (Enter lets it pass). Every hand the
program scores is scored again by mjtui's own evaluator, shown beside it.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Unpack

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Input, Static
from textual.worker import get_current_worker

from mjtui import paths
from mjtui.calc.fx602p.check import default_rules, program_names
from mjtui.calc.fx602p.listing import Listing, read_listing
from mjtui.calc.fx602p.machine import Machine, State
from mjtui.calc.fx602p.play import HandResult, finish_hand, note_displays
from mjtui.core.cells import ljust, rjust
from mjtui.core.errors import MjtuiError
from mjtui.core.language import N_, _
from mjtui.ui import colours
from mjtui.ui.widgets.options import WidgetOptions

HELP = N_(
    "g 0 P0 (a new hand) · at HLT: tile digit + enter discards, enter or 0 enter "
    "wins · at PAUSE: 0 wins on the discard, enter goes on · l listing file · "
    "esc back · p hide"
)
CHUNK = 2000  # steps the worker runs between looks at the display and cancellation


NO_LISTING = N_(
    "no listing loaded: mjtui does not ship K. Miyahara's 1986 program. Save the page "
    "that published it as text, then press l, type that file's path and Enter "
    "(or start with mjtui --calc-program FILE); docs/fx602p-emulator.md says more"
)


class FX602PPane(VerticalScroll, can_focus=True):
    """A Casio FX-602P running a game listing."""

    DEFAULT_CSS = """
    FX602PPane {
        dock: right; width: 46; height: 100%; display: none;
        border: round $secondary; padding: 0 1; background: $surface;
        scrollbar-size-vertical: 1;
    }
    FX602PPane:focus-within, FX602PPane:focus { border: round $accent; }
    FX602PPane #fx-lcd {
        background: #9db38a; color: #1d2618; text-style: bold;
        content-align: right middle; height: 1; padding: 0 1;
    }
    FX602PPane #fx-path { margin: 0 0 1 0; }
    FX602PPane .fx-part { height: auto; margin: 1 0 0 0; }
    """
    BORDER_TITLE = "FX-602P"

    def __init__(
        self,
        listing_path: Path | str | None = None,
        *,
        seed: int | None = None,
        pause_seconds: float = 2.0,
        display_seconds: float = 0.35,
        **kwargs: Unpack[WidgetOptions],
    ) -> None:
        super().__init__(**kwargs)
        self.listing_path = str(listing_path) if listing_path else ""
        self.seed = seed
        self.pause_seconds = pause_seconds  # how long a PAUSE waits for a key
        self.display_seconds = display_seconds  # how long each display stays
        self.listing: Listing | None = None
        self.machine: Machine | None = None
        self.state = State.IDLE  # the machine's state as the UI last saw it
        self.busy = False  # a worker is running the program
        self.keyed = ""
        self.results: list[HandResult] = []
        self.hand: HandResult | None = None  # the hand being played
        self.hand8: tuple[int, ...] | None = None
        self.claimed = False
        self._lcd = ""
        self._log: deque[str] = deque(maxlen=10)
        self._pending_program = False
        self._ready = False  # the parts exist (set in on_mount)
        self._status = ""
        self._pause_event = threading.Event()
        self._pause_answer: int | None = None

    def compose(self) -> ComposeResult:
        yield Input(self.listing_path, placeholder=_("listing file; enter loads it"), id="fx-path")
        yield Static("", id="fx-lcd", markup=False)
        yield Static("", id="fx-status", markup=False)
        yield Static("", id="fx-mine", markup=False)
        yield Static("", id="fx-shown", classes="fx-part")
        yield Static("", id="fx-hands", classes="fx-part")
        yield Static(_(HELP), id="fx-help", classes="fx-part", markup=False)

    def on_mount(self) -> None:
        self._ready = True
        if self.listing_path:
            self.load(self.listing_path)
        else:
            # mjtui does not ship the program (someone else's): say where it comes from.
            self._set_status(_(NO_LISTING))
        self.show()

    # ------------------------------------------------------------------
    # Loading

    def load(self, path: str) -> bool:
        """Read the listing at ``path`` into a fresh calculator (INV MAC done)."""
        try:
            listing = read_listing(Path(path).expanduser())
        except MjtuiError as e:
            self.notify(str(e), title="FX-602P", severity="error", markup=False)
            self._set_status(_("not loaded: {error}").format(error=e))
            return False
        if self.busy:
            self.workers.cancel_group(self, "fx602p")
            self._pause_event.set()
        self.listing_path = path
        self.listing = listing
        self.machine = Machine(listing, seed=self.seed)
        self.machine.clear_memories()
        self.state, self.busy, self.keyed = State.IDLE, False, ""
        self.results.clear()
        self.hand = None
        self._lcd = "0"
        self._log.clear()
        counts = " ".join(f"{k} {v}" for k, v in listing.step_counts().items())
        self._set_status(
            _("loaded {n} steps ({counts}) · g 0 plays").format(
                n=listing.total_steps, counts=counts
            )
        )
        self.show()
        return True

    @on(Input.Submitted, "#fx-path")
    def _path_entered(self, event: Input.Submitted) -> None:
        event.stop()
        if self.load(event.value.strip()):
            self.focus()

    # ------------------------------------------------------------------
    # Keys

    def on_key(self, event: events.Key) -> None:
        if isinstance(self.screen.focused, Input):
            return  # typing a path
        key = event.key
        if key in ("escape", "p"):
            return  # the screen's keys: give the focus back, hide the pane
        event.stop()
        event.prevent_default()
        if key == "l":
            self.query_one("#fx-path", Input).focus()
            return
        if self._pending_program:
            self._pending_program = False
            if key.isdigit():
                self.press_program(int(key))
            else:
                self.app.bell()
            self.show()
            return
        if key == "g":
            self._pending_program = True
            self._set_status(_("P: type an area 0-9"))
            return
        if self.state is State.PAUSE and self.busy:
            if key.isdigit() or key == "enter":
                self.answer_pause(int(key) if key.isdigit() else None)
            return
        if self.state is State.HALT and not self.busy:
            if key.isdigit() and len(self.keyed) < 10:
                self.keyed += key
            elif key == "backspace":
                self.keyed = self.keyed[:-1]
            elif key == "enter":
                self.exe()
                return
            else:
                self.app.bell()
            self.show()
            return
        self.app.bell()

    def press_program(self, area: int) -> None:
        """Pn: start area ``area`` (P0 plays a hand)."""
        if self.machine is None:
            self.notify(
                _("Load an FX-602P listing first (l, then the file's path)"), severity="warning"
            )
            return
        if self.busy:
            self.app.bell()
            return
        machine = self.machine
        if area == 0:
            self.hand = HandResult(len(self.results) + 1)
            self.hand8, self.claimed = None, False
        self._go(lambda: machine.start(area, run=False))

    def exe(self) -> None:
        """EXE at HLT: the keyed number (none: X = 0, a win by self-draw)."""
        if self.machine is None or self.busy or self.state is not State.HALT:
            return
        number = int(self.keyed) if self.keyed else None
        self.claimed = not number
        if number:  # the tiles kept: the nine on the display less the discard
            nine = [int(c) for c in self._lcd if c.isdigit()]
            if number in nine:
                nine.remove(number)
                self.hand8 = tuple(sorted(nine))
        self.keyed = ""
        machine = self.machine
        self._go(lambda: machine.resume(number, run=False))

    def answer_pause(self, number: int | None) -> None:
        """A key during PAUSE: 0 claims the calculator's discard; enter goes on."""
        self._pause_answer = number
        if number == 0:
            self.claimed = True
        self._pause_event.set()

    # ------------------------------------------------------------------
    # The worker

    def _go(self, begin: Callable[[], State]) -> None:
        self.busy = True
        self.state = begin()
        self._set_status(_("running"))
        self.run_worker(
            self._work, thread=True, exclusive=True, group="fx602p", exit_on_error=False
        )

    def on_unmount(self) -> None:
        self.workers.cancel_group(self, "fx602p")
        self._pause_event.set()

    def _work(self) -> None:
        worker = get_current_worker()
        machine = self.machine
        assert machine is not None

        def post(callback: Callable[..., None], *args: object) -> bool:
            if worker.is_cancelled:
                return False
            try:
                self.app.call_from_thread(callback, *args)
            except RuntimeError:  # the app has closed
                return False
            return True

        while not worker.is_cancelled:
            state = machine.run(budget=CHUNK)
            shown = machine.take_shown()
            if self.display_seconds:
                for text in shown:  # each display stays a moment, as on the calculator
                    if not post(self._shown, [text]):
                        return
                    time.sleep(self.display_seconds)
            elif shown and not post(self._shown, shown):
                return
            if state is State.RUNNING:
                continue
            if state is State.PAUSE:
                self._pause_answer = None
                self._pause_event.clear()
                if not post(self._stopped, state, True):
                    return
                self._pause_event.wait(self.pause_seconds)
                if worker.is_cancelled:
                    return
                machine.resume(self._pause_answer, run=False)
                if not post(self._stopped, State.RUNNING, True):
                    return
                continue
            post(self._stopped, state, False)
            return

    def _shown(self, texts: list[str]) -> None:
        self._lcd = texts[-1]
        self._log.extend(texts)
        if self.hand is not None:
            self.hand8 = note_displays(self.hand, texts, self.hand8)
        self.show()

    def _stopped(self, state: State, busy: bool) -> None:
        self.state, self.busy = state, busy
        machine = self.machine
        if machine is not None and state is not State.RUNNING:
            self._lcd = machine.display
        if state is State.IDLE and self.hand is not None:
            if any(t.startswith(("Ron", "Tsumo")) for t in self.hand.displays):
                rules = default_rules(paths.shipped_rulesets_dir())
                self.results.append(finish_hand(self.hand, self.claimed, rules))
            self.hand = None
        if state in (State.ERROR, State.LIMIT) and machine is not None:
            self.notify(
                machine.message or state.value, title="FX-602P", severity="error", markup=False
            )
        self._set_status(_(_STATUS[state]) if state in _STATUS else state.value)
        self.show()

    # ------------------------------------------------------------------
    # Drawing

    def _set_status(self, text: str) -> None:
        self._status = text
        if self._ready:
            self.query_one("#fx-status", Static).update(Text(text, style="dim"))

    def show(self) -> None:
        if not self._ready:
            return
        lcd = self._lcd
        if self.state is State.HALT and self.keyed:
            lcd = self.keyed
        self.query_one("#fx-lcd", Static).update(lcd)
        self.query_one("#fx-status", Static).update(Text(self._status, style="dim"))
        mine = Text()
        if self.hand is not None and self.hand8 is not None:
            mine.append(_("your tiles") + " ", style="dim")
            mine.append("".join(map(str, self.hand8)), style="bold")
            if self.hand.dora is not None:
                mine.append(" · " + _("dora {tile}").format(tile=self.hand.dora), style="dim")
        self.query_one("#fx-mine", Static).update(mine)
        shown = Text(_("displays, newest last") + "\n", style="dim")
        for text in self._log:
            shown.append(f"  {text}\n")
        self.query_one("#fx-shown", Static).update(shown)
        self.query_one("#fx-hands", Static).update(self._hands_text())

    def _hands_text(self) -> Text:
        if not self.results:
            return Text(_("no hand scored yet"), style="dim")
        # The headings over the columns below, laid out by cells (CJK: two a character).
        heading = " ".join(
            (
                ljust(_("hand"), 5),
                ljust(_("winner"), 10),
                rjust(_("program"), 8),
                rjust(_("native"), 7),
            )
        )
        text = Text(heading + "\n", style="dim")
        for r in self.results[-8:]:
            if r.status != "finished" or r.points is None:
                text.append(f"{r.number:>4}  {r.message or r.status}\n", style=colours.LOSS)
                continue
            native = r.check.native if r.check else "?"
            text.append(f"{r.number:>4}  {r.winner or '?':<10} {r.points:>+8} {native!s:>7} ")
            if r.verdict == "agree":
                text.append("✓\n", style=colours.GAIN)
            elif r.verdict == "quirk":
                text.append(
                    _("quirk: {quirk}").format(quirk=r.check.quirk) + "\n"
                    if r.check
                    else _("quirk") + "\n",
                    style=colours.WARN,
                )
            else:
                text.append("✗ " + _("differs") + "\n", style=f"bold {colours.LOSS}")
            names = ", ".join(program_names(r.yaku)) or _("no yaku")
            how = HOW.get(r.how or "")
            said = _(how) if how else r.how
            text.append(f"      {said} {r.win_tile} {r.hand} · {names}\n", style="dim")
        last = self.results[-1]
        text.append(
            _("total {total}/{hands} · Ave {average}").format(
                total=last.total, hands=last.hands, average=last.average
            ),
            style="bold",
        )
        return text


HOW = {"ron": N_("ron"), "tsumo": N_("tsumo")}
"""A scored hand's win (calc/fx602p/play.py HandResult.how) as the pane says it."""
_STATUS = {
    State.IDLE: N_("stopped · g 0 plays a hand"),
    State.RUNNING: N_("running"),
    State.HALT: N_("HLT: a tile digit + enter discards · enter alone wins (tsumo)"),
    State.PAUSE: N_("PAUSE: 0 wins on this discard (ron) · enter goes on"),
    State.ERROR: N_("-E-: the program stopped on an error"),
    State.LIMIT: N_("stopped: the step limit"),
}
"""The status line in each state the calculator stops in, said in the language spoken."""
