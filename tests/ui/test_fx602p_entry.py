"""The FX-602P hand form's wiring: fields to the core's reading and back, focus, preview.

What the fields mean (errors, active fields, scores) is tested without the app
in test_fx602p_entry_model.py.
"""

from __future__ import annotations

from textual.app import App
from textual.widgets import Input, Static

from mjtui import paths
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.systems.fx602p.system import Win
from mjtui.ui.key_form import OrderedKeys
from mjtui.ui.screens.confirm import ConfirmScreen
from mjtui.ui.screens.hand_form import HandForm
from mjtui.ui.styles import BASE, ScreenStyles


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
            HandForm.of(
                self.ruleset,
                ("You", "FX-602P"),
                state,
                "Hand 1",
                hand=self.hand,
                winner=self.winner,
            ),
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
        assert isinstance(app.screen, HandForm) and app.result == "not yet"
        assert "is not three melds" in shown(app, "#ff-error")
        await pilot.press("backspace", "9")
        await pilot.pause()
        assert shown(app, "#ff-error") == ""
        found, preview = shown(app, "#ff-lines"), " ".join(shown(app, "#ff-preview").split())
        # Pinfu 1 + Ittsu 2 = 3 han, no triplets: 16 x 50 x 7 = 5600.
        assert "Pinfu, Ittsu" in found and "5,600 points" in found
        assert "You E 0 -5,600 → -5,600" in preview and "FX-602P S 0 +5,600 → 5,600" in preview
        # The tiles leave the yaku and triplets out: Enter goes past them.
        assert app.screen.query_one("#ff-yaku", Input).disabled
        await pilot.press("enter", "enter", "enter")
        assert app.focused.id == "ff-tenho"
        await pilot.press("t", "ctrl+s")  # t: the outcome, typed on the box
        await pilot.pause()
    assert app.result == Win(1, tiles=tuple(range(1, 10)), win_tile=9, tsumo=True)


async def test_an_edit_shows_the_recorded_hand_and_asks_before_replacing_it() -> None:
    hand = Win(0, yaku=("Toitoi", "Sanrenko"), triplets=3, tsumo=True)
    app = _Form(hand=hand)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert app.focused.id == "ff-outcome"  # an edit starts at the top
        assert screen.query_one("#ff-yaku", Input).value == "Toitoi, Sanrenko"
        assert screen.query_one("#ff-triplets", Input).value == "3"
        assert screen.query_one("#ff-outcome", Input).value == "t"
        assert all(screen.query_one(f"#ff-{name}").disabled for name in ("win", "dora", "tenho"))
        assert "14,080 points" in shown(app, "#ff-lines")
        await pilot.press("r", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
    assert app.result == Win(0, yaku=("Toitoi", "Sanrenko"), triplets=3)
