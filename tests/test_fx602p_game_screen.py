"""A pilot test plays an FX-602P hand against the computer to its end."""

from __future__ import annotations

import random

from textual.widgets import Static

from mjtui import paths
from mjtui.cli import entry
from mjtui.ui.screens.fx602p_game import YOU, FX602PGameScreen


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
