"""A pilot test plays an FX-602P hand against the computer to its end."""

from __future__ import annotations

import random

from textual.widgets import Static

from mjtui import paths
from mjtui.cli import entry
from mjtui.systems.fx602p.game import Round
from mjtui.ui.screens.fx602p_game import CALCULATOR, YOU, FX602PGameScreen


async def test_a_hand_against_the_computer_is_played_to_its_end_and_recorded() -> None:
    app = entry.play(entry.build_parser().parse_args(["play"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, FX602PGameScreen)
        screen.rng = random.Random(1986)
        screen.round = None
        screen.action_next_hand()  # a hand from the seeded tiles
        for _ in range(200):
            game = screen.round
            if game.phase == "over":
                break
            view = game.view(YOU)
            if game.phase == "claim" or view.can_win():
                await pilot.press("0" if view.can_win() else "minus")
            else:
                # Keep the hand simple: throw away the tile just drawn.
                await pilot.press(str(view.drawn))
            await pilot.pause()
        assert game.phase == "over"
        message = str(screen.query_one("#fx-message", Static).render())
        assert "points" in message and "Your hand" in message and "the FX-602P held" in message
        stats = str(screen.query_one("#fx-stats", Static).render())
        assert "hands 1" in stats
        book = screen.book
        assert len(book.session.hands) == 1
        # The statistics persist: the next run opens the same file.
        assert book.path == paths.sessions_dir() / entry.GAME_FILE
        first = book.session.hands[0]
        winner = first.winner
        total = book.session.state.running_total(YOU)
        assert (total > 0) == (winner == YOU)

    again = entry.play(entry.build_parser().parse_args(["play"]))
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        # The hand played before is there. (When the computer won it, the
        # computer deals the new hand and may win on its very first draw.)
        hands = again.screen.book.session.hands
        assert hands[0] == first and len(hands) in (1, 2)
        stats = str(again.screen.query_one("#fx-stats", Static).render())
        assert f"hands {len(hands)}" in stats


class Deal(random.Random):
    """A tile source that deals the given tiles in order."""

    def __init__(self, tiles: list[int]) -> None:
        super().__init__()
        self.tiles = tiles

    def randint(self, a: int, b: int) -> int:
        return self.tiles.pop(0)


def at_the_ron_prompt(screen: FX602PGameScreen) -> Round:
    """You (11122233) threw a 7; the FX-602P throws a 3, which completes your hand."""
    game = Round(screen.rules, Deal([1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 7, 3, 9]))
    game.discard(YOU, 7)
    game.pass_claim(CALCULATOR)
    game.discard(CALCULATOR, 3)
    screen.round, screen.message = game, ""
    screen.show()
    return game


async def test_the_ron_prompt_names_the_tile_and_only_its_own_keys_act() -> None:
    app = entry.play(entry.build_parser().parse_args(["play"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        game = at_the_ron_prompt(screen)
        table = lambda: str(screen.query_one("#fx-table", Static).render())  # noqa: E731
        message = lambda: str(screen.query_one("#fx-message", Static).render())  # noqa: E731
        assert "You can win on the 3: 0 or Enter to win, - to let it go." in table()
        before = game.view(YOU)
        for key in ("5", "n", "escape", "x", "space"):  # typed ahead or astray
            await pilot.press(key)
            assert game.phase == "claim" and game.view(YOU) == before, key
            assert message() == "First decide on the 3: 0 or Enter wins, - lets it go."
        await pilot.press("minus")
        assert game.phase == "discard" and game.turn == YOU and message() == "You let the 3 go."
        assert not screen.book.session.hands

        for win in ("0", "enter"):
            game = at_the_ron_prompt(screen)
            await pilot.press(win)
            assert game.result is not None and not game.result.tsumo
            assert game.result.win_tile == 3 and message().startswith("Ron 3! You won")
        assert len(screen.book.session.hands) == 2
        # after the hand only n deals again; a digit says so and does nothing
        await pilot.press("4")
        assert screen.round is game and message() == "The hand is over: n for the next hand."
        await pilot.press("n")
        assert screen.round is not game
