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


async def _layouts_after_a_resize_to_its_size() -> tuple[int, int]:
    """How many times the sheet, then a hand form over it, their first layouts done,
    are laid out again for a Resize to the size they have: the Resize a screen's own
    first layout, and each return on top, send it. One app for both."""
    app = entry.new_series(entry.build_parser().parse_args(["--ruleset", "hp11c"]))
    counts: list[int] = []
    async with app.run_test(size=SIZE) as pilot:
        screen: Screen[object] = await _sheet(pilot)
        for _ in range(2):
            for _ in range(4):
                await pilot.pause()
            layouts: list[object] = []
            screen.screen_layout_refresh_signal.subscribe(screen, layouts.append)
            size = screen.outer_size
            screen.post_message(events.Resize(size, size))
            for _ in range(4):
                await pilot.pause()
            counts.append(len(layouts))
            if isinstance(screen, HandForm):
                break
            await pilot.press("1")
            await until(pilot, lambda: isinstance(app.screen, HandForm), "the hand form")
            screen = app.screen
    return counts[0], counts[1]


async def test_a_resize_to_the_size_laid_out_lays_out_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    assert await _layouts_after_a_resize_to_its_size() == (0, 0)  # the sheet, the form
    from mjtui.ui.laid_out import LaidOutOnce

    monkeypatch.setattr(LaidOutOnce, "on_resize", lambda self, event: None)
    assert await _layouts_after_a_resize_to_its_size() == (1, 1)  # as Textual does


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
