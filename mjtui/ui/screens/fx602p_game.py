"""Play the FX-602P game of 1986 against the computer.

You hold eight tiles and draw to nine; type a tile's digit to discard it, 0
or Enter to win on your draw. When the computer's discard completes your
hand the game stops and names that tile: 0 or Enter wins on it (ron), ``-``
lets it go. Any other key there only repeats the question, so a digit typed
ahead to discard never throws a win away. Each hand ends with both hands
shown, the yaku, the points, and your running total, hands and average, as
the calculator showed them; ``n`` deals the next one. Every hand is recorded
in a session file, so the statistics carry over from one evening to the
next (and show in the library).

Every key is handled at once, in the order typed (there is no field to move
focus to), and a key that does nothing in the present state says so instead
of doing something else.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import cast

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Header, Static

from mjtui.core.errors import HandError
from mjtui.core.language import _
from mjtui.core.sessions.scorebook import Scorebook
from mjtui.core.text import shown
from mjtui.systems.fx602p.computer import Computer
from mjtui.systems.fx602p.game import WIN, Result, Round
from mjtui.systems.fx602p.rules import Rules
from mjtui.systems.fx602p.table import State
from mjtui.ui import numbers
from mjtui.ui.laid_out import LaidOutOnce
from mjtui.ui.widgets.footer import Footer

YOU, CALCULATOR = 0, 1
WIN_KEYS = ("0", "enter")
LET_GO_KEY = "minus"
TILE_KEYS = tuple(str(t) for t in range(1, 10))


def tiles(values: tuple[int, ...] | list[int]) -> str:
    return "".join(map(str, values))


class FX602PGameScreen(LaidOutOnce, Screen[None]):
    """You against the computer player; the hands go into ``book``.

    The bindings are there for the footer (which shows only the keys that act
    now) and for clicks on it; typed keys are handled in :meth:`on_key`.
    """

    BINDINGS = [
        Binding("1", "discard", "Discard", key_display="1-9"),
        Binding("0", "win", "Win", key_display="0/⏎"),
        Binding("minus", "let_go", "Let it go", key_display="-"),
        Binding("n", "next_hand", "Next hand"),
        Binding("q", "app.quit", "Quit"),
    ]
    DEFAULT_CSS = """
    FX602PGameScreen #fx-lcd {
        background: #9db38a; color: #1d2618; text-style: bold;
        height: auto; padding: 0 2; margin: 1 2;
    }
    FX602PGameScreen .fx-line { height: auto; padding: 0 2; }
    """

    def __init__(self, book: Scorebook, rng: random.Random | None = None) -> None:
        super().__init__()
        self.book = book
        self.rng = rng or random.Random()
        self.rules = cast(Rules, book.session.ruleset.rules)  # the game opens an fx602p session
        self.computer = Computer(self.rules)
        self.round: Round | None = None
        self.message = ""

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="fx-lcd")
        yield Static("", id="fx-table", classes="fx-line")
        yield Static("", id="fx-message", classes="fx-line")
        yield Static("", id="fx-stats", classes="fx-line")
        yield Footer()

    def on_mount(self) -> None:
        self.title = _("mjtui · FX-602P mahjong")
        self.sub_title = shown(self.book.path.name)
        self.action_next_hand()

    # -- what may be done now ------------------------------------------------

    @property
    def state(self) -> str:
        """``"discard"`` (your turn), ``"claim"`` (you may win on a discard) or ``"over"``."""
        game = self.round
        if game is None or game.phase == "over":
            return "over"
        return "claim" if game.phase == "claim" else "discard"

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        wanted = {
            "discard": ("discard",),
            "win": ("discard", "claim"),
            "let_go": ("claim",),
            "next_hand": ("over",),
        }.get(action)
        return wanted is None or self.state in wanted

    # -- the flow of a hand --------------------------------------------------

    def action_next_hand(self) -> None:
        if self.state != "over":
            return
        dealer = self.book.session.state.east  # the last winner deals
        self.round = Round(self.rules, self.rng, dealer)
        self.message = _("You deal.") if dealer == YOU else _("The FX-602P deals.")
        if dealer == CALCULATOR:
            self._computer_turn()
        self._offer_or_draw()
        self.show()

    def action_win(self) -> None:
        game = self.round
        assert game is not None
        self._act(lambda: self._finish(game.ron(YOU) if game.phase == "claim" else game.tsumo(YOU)))

    def action_let_go(self) -> None:
        self._act(self._let_go)

    def action_discard(self, tile: int | None = None) -> None:
        if tile is None:  # a click on the footer: no tile is thrown away for you
            self.message = _("Type the tile's digit (1-9) to discard it.")
            self.show()
            return
        self._act(lambda: self._discard(tile))

    def _act(self, move: Callable[[], None]) -> None:
        try:
            move()
        except HandError as e:
            self.message = str(e)
            self.app.bell()
        self.show()

    def _let_go(self) -> None:
        game = self.round
        assert game is not None
        tile = game.last_discard
        game.pass_claim(YOU)
        self.message = _("You let the {tile} go.").format(tile=tile)

    def _discard(self, tile: int) -> None:
        game = self.round
        assert game is not None
        game.discard(YOU, tile)
        self.message = _("You discard {tile}.").format(tile=tile)
        self._after_your_discard()

    def _computer_turn(self) -> None:
        game = self.round
        assert game is not None
        choice = self.computer.discard(game.view(CALCULATOR))
        if choice == WIN:
            self._finish(game.tsumo(CALCULATOR))
            return
        game.discard(CALCULATOR, choice)
        discards = _("The FX-602P discards {tile}.").format(tile=choice)
        self.message = f"{self.message} {discards}".strip()

    def _offer_or_draw(self) -> None:
        """After the computer's discard: wait if you can win on it, else draw."""
        game = self.round
        if game is None or game.phase != "claim":
            return
        if not game.view(YOU).can_win():
            game.pass_claim(YOU)

    def _after_your_discard(self) -> None:
        game = self.round
        assert game is not None
        view = game.view(CALCULATOR)
        if view.can_win() and self.computer.claim(view):
            self._finish(game.ron(CALCULATOR))
            return
        game.pass_claim(CALCULATOR)
        self._computer_turn()
        self._offer_or_draw()

    def _finish(self, result: Result) -> None:
        self.book.add(result.event)
        won = (
            _("{how} {tile}! You won with {tiles}: {yaku} · {points} points.")
            if result.winner == YOU
            else _("{how} {tile}! The FX-602P won with {tiles}: {yaku} · {points} points.")
        )
        self.message = (
            won.format(
                how=_("Tsumo") if result.tsumo else _("Ron"),
                tile=result.win_tile,
                tiles=tiles(result.tiles),
                yaku=", ".join(result.score.yaku) or _("no yaku"),
                points=numbers.points(result.score.points),
            )
            + "\n"
            + _("Your hand {yours} · the FX-602P held {its}. n: next hand.").format(
                yours=tiles(result.hands[YOU]), its=tiles(result.hands[CALCULATOR])
            )
        )
        if self.book.save_error:
            self.notify(self.book.save_error, title=_("Not saved"), severity="error", markup=False)

    # -- keys ------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        """Each key acts on the state it was typed in, or says why it does not."""
        key, state = event.key, self.state
        if key == "q" or (key == "n" and state == "over"):
            return  # the bindings: quit, next hand
        if not (event.is_printable or key in WIN_KEYS or key == "escape"):
            return  # ctrl keys, Tab: the app's own bindings
        event.stop()
        if key in WIN_KEYS and state != "over":
            self.action_win()
        elif key == LET_GO_KEY and state == "claim":
            self.action_let_go()
        elif key in TILE_KEYS and state == "discard":
            self.action_discard(int(key))
        else:
            self.message = self._why_not(state)
            self.app.bell()
            self.show()

    def _why_not(self, state: str) -> str:
        """What a key that does nothing now would have been expected to be."""
        game = self.round
        if state == "claim" and game is not None:
            return _("First decide on the {tile}: 0 or Enter wins, - lets it go.").format(
                tile=game.last_discard
            )
        if state == "discard":
            return _("That key does nothing now: a tile 1-9 discards it, 0 or Enter wins.")
        return _("The hand is over: n for the next hand.")

    # -- the display ---------------------------------------------------------

    def show(self) -> None:
        game = self.round
        assert game is not None
        view = game.view(YOU)
        lcd = Text()
        if game.phase == "over" and game.result is not None:
            lcd.append(
                (_("Tsumo") if game.result.tsumo else _("Ron")) + f"  {game.result.win_tile}    "
                f"{tiles(game.result.tiles)}"
            )
        else:
            lcd.append(tiles(view.hand))
            if view.drawn is not None:
                lcd.append("   " + _("drew {tile}").format(tile=view.drawn))
        lcd.append(f"\n■{game.dora}■  " + _("dora"))
        self.query_one("#fx-lcd", Static).update(lcd)
        table = Text()
        # The two labels end in line, right-aligned by cells (CJK takes two a character).
        theirs, yours = _("FX-602P discards"), _("Your discards")
        width = max(cell_len(theirs), cell_len(yours))
        table.append(" " * (width - cell_len(theirs)) + theirs + " ", style="dim")
        table.append(" ".join(map(str, view.discards[CALCULATOR])) or "-")
        table.append("\n" + " " * (width - cell_len(yours)) + yours + " ", style="dim")
        table.append(" ".join(map(str, view.discards[YOU])) or "-")
        if self.state == "discard":
            table.append(
                "\n" + _("Your turn: type a tile to discard it, 0 or Enter to win."), "bold"
            )
        elif self.state == "claim":
            table.append(
                "\n"
                + _("You can win on the {tile}: 0 or Enter to win, - to let it go.").format(
                    tile=game.last_discard
                ),
                "bold",
            )
        self.query_one("#fx-table", Static).update(table)
        self.query_one("#fx-message", Static).update(Text(self.message))
        state = cast(State, self.book.session.state)
        self.query_one("#fx-stats", Static).update(
            Text(
                _("Total {total} · hands {n} · Ave {average}").format(
                    total=numbers.change(state.running_total(YOU)) or "0",
                    n=state.hands,
                    average=f"{state.average(YOU):+,.0f}",
                ),
                style="dim",
            )
        )
        self.refresh_bindings()
