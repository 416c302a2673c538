"""Play the FX-602P game of 1986 against the computer.

You hold eight tiles and draw to nine; type a tile's digit to discard it, 0
or Enter to win (on your draw, or on the computer's discard when it
completes your hand). Each hand ends with both hands shown, the yaku, the
points, and your running total, hands and average, as the calculator showed
them. Every hand is recorded in a session file, so the statistics carry over
from one evening to the next (and show in the library).
"""

from __future__ import annotations

import random

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import Footer, Header, Static

from mjtui.core.errors import HandError
from mjtui.core.scorebook import Scorebook
from mjtui.core.systems.fx602p.computer import Computer
from mjtui.core.systems.fx602p.game import WIN, Result, Round
from mjtui.ui import numbers

YOU, CALCULATOR = 0, 1


def tiles(values: tuple[int, ...] | list[int]) -> str:
    return "".join(map(str, values))


class FX602PGameScreen(Screen):
    """You against the computer player; the hands go into ``book``."""

    BINDINGS = [
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
        self.rules = book.session.ruleset.rules
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
        self.title = "mjtui · FX-602P mahjong"
        self.sub_title = self.book.path.name
        self.action_next_hand()

    # -- the flow of a hand --------------------------------------------------

    def action_next_hand(self) -> None:
        if self.round is not None and self.round.phase != "over":
            return
        dealer = self.book.session.state.east  # the last winner deals
        self.round = Round(self.rules, self.rng, dealer)
        self.message = "You deal." if dealer == YOU else "The FX-602P deals."
        if dealer == CALCULATOR:
            self._computer_turn()
        self._offer_or_draw()
        self.show()

    def _computer_turn(self) -> None:
        game = self.round
        assert game is not None
        choice = self.computer.discard(game.view(CALCULATOR))
        if choice == WIN:
            self._finish(game.tsumo(CALCULATOR))
            return
        game.discard(CALCULATOR, choice)
        self.message = f"The FX-602P discards {choice}."

    def _offer_or_draw(self) -> None:
        """After the computer's discard: wait if you can win on it, else draw."""
        game = self.round
        if game is None or game.phase != "claim":
            return
        if game.view(YOU).can_win():
            self.message += f" You can win on the {game.last_discard}: 0 to win, - to go on."
            return
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
        who = "You" if result.winner == YOU else "The FX-602P"
        how = "Tsumo" if result.tsumo else "Ron"
        self.message = (f"{how} {result.win_tile}! {who} won with {tiles(result.tiles)}: "
                        f"{', '.join(result.score.yaku) or 'no yaku'} · "
                        f"{numbers.points(result.score.points)} points.\n"
                        f"Your hand {tiles(result.hands[YOU])} · the FX-602P held "
                        f"{tiles(result.hands[CALCULATOR])}. n: next hand.")
        if self.book.save_error:
            self.notify(self.book.save_error, title="Not saved", severity="error",
                        markup=False)

    # -- keys ------------------------------------------------------------------

    def on_key(self, event: events.Key) -> None:
        game = self.round
        char = event.character or ""
        if game is None or game.phase == "over" or not (char.isdigit() or char in "-"
                                                        or event.key == "enter"):
            return
        event.stop()
        try:
            if game.phase == "claim":
                if char == "0" or event.key == "enter":
                    self._finish(game.ron(YOU))
                else:
                    game.pass_claim(YOU)
                    self.message = ""
            elif char == "0" or event.key == "enter":
                self._finish(game.tsumo(YOU))
            elif char != "-":
                game.discard(YOU, int(char))
                self._after_your_discard()
        except HandError as e:
            self.message = str(e)
            self.app.bell()
        self.show()

    # -- the display ---------------------------------------------------------

    def show(self) -> None:
        game = self.round
        assert game is not None
        view = game.view(YOU)
        lcd = Text()
        if game.phase == "over" and game.result is not None:
            lcd.append(f"{'Tsumo' if game.result.tsumo else 'Ron'}  {game.result.win_tile}    "
                       f"{tiles(game.result.tiles)}")
        else:
            lcd.append(tiles(view.hand))
            if view.drawn is not None:
                lcd.append(f"   drew {view.drawn}")
        lcd.append(f"\n■{game.dora}■  dora")
        self.query_one("#fx-lcd", Static).update(lcd)
        table = Text()
        table.append("FX-602P discards ", style="dim")
        table.append(" ".join(map(str, view.discards[CALCULATOR])) or "-")
        table.append("\n   Your discards ", style="dim")
        table.append(" ".join(map(str, view.discards[YOU])) or "-")
        if game.phase == "discard" and game.turn == YOU:
            table.append("\nYour turn: type a tile to discard it, 0 or Enter to win.", "bold")
        self.query_one("#fx-table", Static).update(table)
        self.query_one("#fx-message", Static).update(Text(self.message))
        state = self.book.session.state
        self.query_one("#fx-stats", Static).update(Text(
            f"Total {numbers.change(state.running_total(YOU)) or '0'} · "
            f"hands {state.hands} · Ave {state.average(YOU):+.0f}",
            style="dim"))
