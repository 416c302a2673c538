"""The MCR hand form with 13 tiles typed shows what they wait on, each wait's fan, as the
riichi and Hong Kong tiles forms do (mjtui/systems/mcr/form.py waits_text)."""

from __future__ import annotations

from test_mcr_screens import SIZE, assert_fits, book, screen_lines
from waiting import until_passes

from mjtui.ui.app import MjtuiApp
from mjtui.ui.screens.hand_form import HandForm


async def test_thirteen_tiles_show_the_waits_and_each_one_s_fan() -> None:
    app = MjtuiApp(book=book([]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("4")
        await until_passes(pilot, lambda: app.screen.query_one("#ff-tiles"))
        form = app.screen
        assert isinstance(form, HandForm)
        # 13 tiles: a closed wait on 5p, the middle of a Mixed Straight.
        form.set_values({"tiles": "123m46p789s11z [555z]", "from": "1"})
        form.refresh_fields()

        # The waits and the tiles field's help are drawn apart: wait for all of them (on a
        # loaded machine the help's line came a frame after the waits).
        def shown() -> list[str]:
            lines = screen_lines(app)
            text = "\n".join(lines)
            assert "Ready: waits on 5p (4 unseen)" in text, lines
            assert "5p  17 fan: Mixed Straight, All Types, Dragon Pung, Closed Wait" in text
            help_line = "Tiles: 13 tiles wait; type the winning tile to score the win on a discard"
            assert help_line in text, lines
            return lines

        lines = await until_passes(pilot, shown)
        assert_fits(lines)

        # Nine Gates' nine waits, self-drawn: each wait's fan alone, the form still whole.
        form.set_values({"outcome": "t", "tiles": "1112345678999m"})
        form.refresh_fields()

        def nine() -> list[str]:
            lines = screen_lines(app)
            assert any("Ready: waits on 1m 2m 3m 4m 5m 6m 7m 8m 9m" in line for line in lines)
            assert any("3m 4m 6m 7m 90 fan" in line for line in lines), lines
            return lines

        lines = await until_passes(pilot, nine)
        assert_fits(lines)
        text = "\n".join(lines)
        assert "Confirm" in text and "type the winning tile to score the self-draw" in text
        for said in ("1m 9m 107 fan", "2m 8m 93 fan", "5m  92 fan"):
            assert said in text, said
