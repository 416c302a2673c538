"""The FX-602P hand form's wiring: fields to the core's reading and back, focus, preview.

What the fields mean (errors, active fields, scores) is tested without the app
in test_fx602p_entry_model.py.
"""

from __future__ import annotations

from textual.app import App
from textual.widgets import Input, Static

from mjtui import paths
from mjtui.core.ruleset import RulesetLibrary
from mjtui.core.systems.fx602p.system import Win
from mjtui.ui.key_form import OrderedKeys
from mjtui.ui.screens.confirm import ConfirmScreen
from mjtui.ui.screens.fx602p_entry import FX602PHandScreen
from mjtui.ui.styles import BASE, ScreenStyles
from mjtui.ui.widgets.checkbox import Checkbox


class _Form(OrderedKeys, ScreenStyles, App):
    CSS_PATH = str(BASE)

    def __init__(self, winner: int | None = None, hand: Win | None = None) -> None:
        super().__init__()
        self.ruleset = RulesetLibrary(paths.ruleset_folders()).get("fx602p")
        self.result = "not yet"
        self.winner, self.hand = winner, hand

    def on_mount(self) -> None:
        state = self.ruleset.system.start(self.ruleset.rules)
        self.push_screen(
            FX602PHandScreen(self.ruleset, ("You", "FX-602P"), state, "Hand 1",
                             hand=self.hand, winner=self.winner),
            lambda hand: setattr(self, "result", hand),
        )


def shown(app: _Form, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


async def test_tiles_typed_are_refused_or_previewed_and_enter_walks_the_active_fields() -> None:
    app = _Form(winner=1)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*"123456788", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, FX602PHandScreen) and app.result == "not yet"
        assert "is not three melds" in shown(app, "#entry-error")
        await pilot.press("backspace", "9")
        await pilot.pause()
        assert shown(app, "#entry-error") == ""
        preview = shown(app, "#preview")
        # Pinfu 1 + Ittsu 2 = 3 han, no triplets: 16 x 50 x 7 = 5600.
        assert "Pinfu, Ittsu" in preview and "5,600 points" in preview
        assert "You -5,600  FX-602P +5,600" in preview
        # The tiles leave the yaku and triplets out: Enter goes past them.
        assert app.screen.query_one("#fx-yaku", Input).disabled
        await pilot.press("enter", "enter", "enter")
        assert app.focused.id == "fx-tsumo"
        await pilot.press("t", "ctrl+s")
        await pilot.pause()
    assert app.result == Win(1, tiles=tuple(range(1, 10)), win_tile=9, tsumo=True)


async def test_an_edit_shows_the_recorded_hand_and_asks_before_replacing_it() -> None:
    hand = Win(0, yaku=("Toitoi", "Sanrenko"), triplets=3, tsumo=True)
    app = _Form(hand=hand)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert app.focused.id == "fx-winner"
        assert screen.query_one("#fx-yaku", Input).value == "Toitoi, Sanrenko"
        assert screen.query_one("#fx-triplets", Input).value == "3"
        assert screen.query_one("#fx-tsumo", Checkbox).value
        assert all(screen.query_one(f"#fx-{name}").disabled for name in ("win", "dora", "tenho"))
        assert "14,080 points" in shown(app, "#preview")
        await pilot.press("r", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
    assert app.result == Win(0, yaku=("Toitoi", "Sanrenko"), triplets=3)
