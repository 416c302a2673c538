"""The footer lets go of the keys it showed before: a long evening holds no more of them.

Textual's Footer makes its keys anew each time a hand form opens over the
sheet and closes, and kept every old key alive through the data binding of
its ``compact`` (Textualize/textual#6666); mjtui's Footer drops those
watchers (ui/widgets/footer.py).
"""

from __future__ import annotations

import gc

from textual.widgets._footer import FooterKey

from mjtui.cli import entry
from mjtui.ui.screens.score import ScoreScreen
from mjtui.ui.widgets.footer import Footer

SIZE = (80, 24)


def footer_keys() -> tuple[int, int]:
    """The footer keys alive, and those of them no longer on a screen."""
    gc.collect()
    keys = [o for o in gc.get_objects() if isinstance(o, FooterKey)]
    return len(keys), sum(not k.is_attached for k in keys)


async def test_hands_entered_leave_no_old_footer_keys_alive() -> None:
    app = entry.new_series(entry.build_parser().parse_args(["--ruleset", "hp11c"]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*"Ann", "enter", *"Bob", "enter", *"Cy", "enter", *"Di", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        assert isinstance(app.screen.query_one("Footer"), Footer)
        for n in range(8):
            await pilot.press("2", *str(10 + n), "enter", "8", "ctrl+s")
            await pilot.pause()
        alive, detached = footer_keys()
        assert len(app.screen.book.session.hands) == 8
        assert detached == 0, f"{detached} of {alive} footer keys are kept off screen"
