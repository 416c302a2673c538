"""The FX-602P hand form: nine tiles typed give the yaku, the points and the settlement."""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.widgets import Static

import mjtui.ui
from mjtui import paths
from mjtui.core.ruleset import RulesetLibrary
from mjtui.ui.key_form import OrderedKeys
from mjtui.ui.screens.fx602p_entry import FX602PHandScreen


class _Form(OrderedKeys, App):
    CSS_PATH = str(Path(mjtui.ui.__file__).parent / "mjtui.tcss")

    def __init__(self, winner: int) -> None:
        super().__init__()
        self.ruleset = RulesetLibrary(paths.ruleset_folders()).get("fx602p")
        self.result = "not yet"
        self.winner = winner

    def on_mount(self) -> None:
        state = self.ruleset.system.start(self.ruleset.rules)
        self.push_screen(
            FX602PHandScreen(self.ruleset, ("You", "FX-602P"), state, "Hand 1",
                             winner=self.winner),
            lambda hand: setattr(self, "result", hand),
        )


async def test_nine_tiles_score_and_settle_as_typed() -> None:
    app = _Form(winner=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*"123456789")
        await pilot.pause()
        preview = str(app.screen.query_one("#preview", Static).render())
        # Pinfu 1 + Ittsu 2 = 3 han, no triplets: 16 x 50 x 7 = 5600.
        assert "Pinfu, Ittsu" in preview and "5,600 points" in preview
        assert "You -5,600  FX-602P +5,600" in preview
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert app.result.winner == 1 and app.result.tiles == tuple(range(1, 10))


async def test_tiles_that_do_not_win_are_refused_with_the_reason() -> None:
    app = _Form(winner=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*"123456788", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, FX602PHandScreen)
        assert str(app.screen.query_one("#entry-error", Static).render())
        assert app.result == "not yet"
