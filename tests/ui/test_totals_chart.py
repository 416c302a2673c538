"""The running-totals chart: its dot plotting, and clicking it to scrub a replay."""

from __future__ import annotations

from datetime import datetime

from mjtui import paths
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.systems.east_doubling.system import Hand
from mjtui.ui.app import MjtuiApp
from mjtui.ui.widgets.totals_chart import TotalsChart, braille_lines


def test_a_rising_line_goes_from_the_bottom_left_to_the_top_right() -> None:
    cells = braille_lines([[0, 10]], width=2, height=2, low=0, high=10)
    # 4x8 dots: (0, 7) bottom left ... (3, 0) top right.
    assert cells[1][0][0] & 0x40  # bottom-left dot of the bottom-left cell
    assert cells[0][1][0] & 0x08  # top-right dot of the top-right cell
    assert not cells[0][0][0] & 0x01  # the top-left corner stays empty
    assert not cells[1][1][0] & 0x80  # and so does the bottom-right one
    assert all(owner in (-1, 0) for row in cells for _, owner in row)


def test_each_series_owns_the_cells_it_crosses() -> None:
    cells = braille_lines([[10, 10], [0, 0]], width=3, height=2, low=0, high=10)
    owners = {owner for row in cells for bits, owner in row if bits}
    assert owners == {0, 1}
    assert {owner for bits, owner in cells[0] if bits} == {0}  # the high line is on top
    assert {owner for bits, owner in cells[1] if bits} == {1}


def session_of(hands: int) -> Session:
    ruleset = RulesetLibrary(paths.ruleset_folders()).get("hp11c")
    session = Session(ruleset, ("A", "B", "C", "D"), datetime(2026, 11, 29, 20, 0))
    for i in range(hands):
        session.add(Hand(i % 4, (10, 20, 30, 40)))
    return session


async def test_clicking_the_chart_moves_the_replay() -> None:
    session = session_of(40)
    app = MjtuiApp(replay=session, replay_name="x.toml")
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        chart = app.screen.query_one(TotalsChart)
        assert chart.position == 40
        assert any(ch not in " \n" and ord(ch) > 0x2800 for ch in str(chart.render()))
        # The left edge of the plotting area is hand 0, before the first hand.
        await pilot.click(TotalsChart, offset=(9, 2))
        await pilot.pause()
        assert app.screen.position == 0 and chart.position == 0
        await pilot.press("pagedown")
        await pilot.pause()
        assert app.screen.position == 10


async def test_a_long_series_shows_a_window_that_follows_the_cursor() -> None:
    from mjtui.core.sessions.scorebook import Scorebook
    from mjtui.ui.screens.hand_form import HandForm
    from mjtui.ui.widgets.hands_table import WINDOW, HandsTable

    count = 3 * WINDOW + 150
    session = session_of(count)
    book = Scorebook(session, paths.sessions_dir() / "long.toml")
    app = MjtuiApp(book=book)
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        table = app.screen.query_one(HandsTable)
        window = table._window()  # twice the screen's height: more than WINDOW here
        assert window == 72 > WINDOW
        assert table.row_count == window and table.hand_index == count - 1
        first = table.first
        for _ in range(window):  # walk up past the window's top edge
            await pilot.press("up")
        await pilot.pause()
        assert table.first < first
        assert table.hand_index == count - 1 - window
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, HandForm)
        assert f"Edit hand {count - window}" in app.screen.heading

    replay = MjtuiApp(replay=session, replay_name="x.toml")
    async with replay.run_test(size=(100, 36)) as pilot:
        await pilot.press("home", "right")
        await pilot.pause()
        table = replay.screen.query_one(HandsTable)
        assert table.first == 0 and table.hand_index == 0


def test_a_long_series_draws_the_same_strokes_as_its_outline() -> None:
    import random

    rng = random.Random(7)
    values = [rng.randint(-500, 500) for _ in range(3000)]
    cells = braille_lines([values], width=20, height=4, low=-500, high=500)
    # Every dot column a hand falls into has a stroke from its lowest to its highest value.
    lit = sum(bin(bits).count("1") for row in cells for bits, _ in row)
    assert lit > 20 * 2 * 4  # far more than one dot per column: the spikes are kept
    assert cells[0] and any(bits for bits, _ in cells[0])  # the top row (highest values)
    assert any(bits for bits, _ in cells[-1])  # and the bottom row (lowest values)
