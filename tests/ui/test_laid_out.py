"""A screen is laid out once for a size (ui/laid_out.py), and again when the size changes."""

from __future__ import annotations

import pytest
from test_keys_at_once import _sheet
from textual import events
from textual.screen import Screen
from waiting import until

from mjtui.cli import entry
from mjtui.private_api import screen_lines
from mjtui.ui.screens.hand_form import HandForm
from mjtui.ui.screens.score import ScoreScreen

SIZE = (80, 24)


async def _layouts_after_a_resize_to_its_size(screen_of: str) -> int:
    """How many times a screen (the sheet, or a hand form over it), its first layouts
    done, is laid out again for a Resize to the size it has: the Resize its own first
    layout, and each return on top, send it."""
    app = entry.new_series(entry.build_parser().parse_args(["--ruleset", "hp11c"]))
    async with app.run_test(size=SIZE) as pilot:
        screen: Screen[object] = await _sheet(pilot)
        if screen_of == "form":
            await pilot.press("1")
            await until(pilot, lambda: isinstance(app.screen, HandForm), "the hand form")
            screen = app.screen
        for _ in range(4):
            await pilot.pause()
        layouts: list[object] = []
        screen.screen_layout_refresh_signal.subscribe(screen, layouts.append)
        size = screen.outer_size
        screen.post_message(events.Resize(size, size))
        for _ in range(4):
            await pilot.pause()
        return len(layouts)


@pytest.mark.parametrize("screen_of", ["sheet", "form"])
async def test_a_resize_to_the_size_laid_out_lays_out_nothing(
    screen_of: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert await _layouts_after_a_resize_to_its_size(screen_of) == 0
    from mjtui.ui.laid_out import LaidOutOnce

    monkeypatch.setattr(LaidOutOnce, "on_resize", lambda self, event: None)
    assert await _layouts_after_a_resize_to_its_size(screen_of) == 1  # as Textual does


async def test_a_new_size_lays_out_the_form_and_the_sheet_under_it() -> None:
    app = entry.new_series(entry.build_parser().parse_args(["--ruleset", "hp11c"]))
    async with app.run_test(size=SIZE) as pilot:
        sheet = await _sheet(pilot)
        await pilot.press("1")
        await until(pilot, lambda: isinstance(app.screen, HandForm), "the hand form")
        form = app.screen
        await pilot.resize_terminal(60, 20)
        await until(pilot, lambda: tuple(form.outer_size) == (60, 20), "the form at 60x20")
        await until(pilot, lambda: len(screen_lines(form)) == 20, "the form's 20 lines")
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is sheet, "the sheet")
        assert isinstance(sheet, ScoreScreen)
        await until(pilot, lambda: tuple(sheet.outer_size) == (60, 20), "the sheet at 60x20")
        await until(pilot, lambda: len(screen_lines(sheet)) == 20, "the sheet's 20 lines")
        await until(
            pilot, lambda: all(len(line) <= 60 for line in screen_lines(sheet)), "60 columns"
        )
