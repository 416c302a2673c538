"""The history table after each hand shows what a table filled afresh would show,
whether the hand was added as one row or the window was laid out again."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

import pytest

from mjtui import paths
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.scorebook import Scorebook
from mjtui.private_api import screen_lines, screen_strips
from mjtui.systems.east_doubling.system import Hand
from mjtui.ui import colours
from mjtui.ui.app import MjtuiApp
from mjtui.ui.screens.score import ScoreScreen
from mjtui.ui.widgets.hands_table import HandsTable


def rows(table: HandsTable) -> list[list[str]]:
    return [[str(cell) for cell in table.get_row_at(r)] for r in range(table.row_count)]


def shown(table: HandsTable) -> tuple:
    return (rows(table), table.first, table.border_title, table.border_subtitle, table.hand_index)


def widths(table: HandsTable) -> list[int]:
    return table.widths


@pytest.mark.parametrize("window", [4, 200])
async def test_each_added_hand_shows_as_a_fresh_fill_would(tmp_path, monkeypatch, window) -> None:
    monkeypatch.setattr(HandsTable, "_window", lambda self: window)
    ruleset = RulesetLibrary(paths.ruleset_folders()).get("hp11c")
    session = Session(ruleset, ("Ann", "Bob", "Cy", "Di"), datetime(2026, 11, 30))
    book = Scorebook(session, tmp_path / "s.toml")
    app = MjtuiApp(book=book, sessions_dir=tmp_path)
    # Small hands, then one whose figures widen the columns, then small again.
    hands = [
        Hand(0, (8, 2, 0, 0)),
        Hand(1, (4, 16, 0, 0)),
        Hand(2, (0, 2, 30, 0)),
        Hand(3, (2, 2, 2, 50)),
        Hand(0, (9000, 2, 0, 0)),
        Hand(1, (4, 8, 0, 0)),
        Hand(2, (0, 0, 8, 4)),
        Hand(None, (0, 0, 0, 0)),
        Hand(3, (2, 2, 2, 2)),
    ]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ScoreScreen)
        table = screen.query_one(HandsTable)
        appended, fills = [], []
        real_fill = table._fill_around
        monkeypatch.setattr(
            table, "_fill_around", lambda focus: (fills.append(focus), real_fill(focus))[1]
        )
        for hand in hands:
            fills.clear()
            screen._record(hand)
            await pilot.pause()
            appended.append(not fills)
            now, now_widths = shown(table), widths(table)
            table._fill_around(len(session.hands) - 1)  # what a fresh fill shows
            await pilot.pause()
            assert now == shown(table), f"after hand {len(session.hands)}"
            # A row gone off the top may leave a column wider than it need be now,
            # never narrower; and the description takes the rest of the room.
            fresh = widths(table)
            assert all(
                a >= b for i, (a, b) in enumerate(zip(now_widths, fresh, strict=False)) if i != 1
            )
            assert sum(now_widths) == sum(fresh)
        # Once the columns are as wide as the figures need, each hand is one row.
        assert appended[5:] == [True] * (len(hands) - 5)
        # An undo lays the window out again, and the next hand is one row again.
        screen.action_undo()
        await pilot.pause()
        before = shown(table)
        table._fill_around(len(session.hands) - 1)
        await pilot.pause()
        assert before == shown(table)


def started(tmp_path, hands: list) -> tuple[MjtuiApp, Session]:
    ruleset = RulesetLibrary(paths.ruleset_folders()).get("hp11c")
    session = Session(ruleset, ("Ann", "Bob", "Cy", "Di"), datetime(2026, 11, 30))
    for hand in hands:
        session.add(hand)
    return MjtuiApp(book=Scorebook(session, tmp_path / "s.toml"), sessions_dir=tmp_path), session


def drawn(app: MjtuiApp) -> list[str]:
    """The screen's lines, drawn now (every widget's lines are asked for)."""
    return [strip.text for strip in screen_strips(app.screen)]


async def test_a_new_hand_renders_its_own_row_and_a_cursor_move_renders_none(
    tmp_path, monkeypatch
) -> None:
    hands = [Hand(i % 4, (10, 20, 30, 40)) for i in range(8)]
    app, _session = started(tmp_path, hands)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        table = screen.query_one(HandsTable)
        drawn(app)
        rendered: list[int] = []
        real_render = table._render_row
        monkeypatch.setattr(
            table, "_render_row", lambda index: (rendered.append(index), real_render(index))[1]
        )
        screen._record(Hand(0, (10, 20, 30, 40)))
        await pilot.pause()
        lines = drawn(app)
        assert table.row_count == 9 and any(line.startswith("│ 9  Ann won") for line in lines)
        assert rendered == [8]  # the new hand's row; the eight above it are kept
        rendered.clear()
        before = [list(strip) for strip in screen_strips(app.screen)]
        await pilot.press("up", "up", "down")
        assert table.hand_index == 7
        after = [list(strip) for strip in screen_strips(app.screen)]
        assert rendered == []  # the cursor is a style over kept lines
        assert after != before  # yet it moved on the screen


async def test_keys_and_clicks_move_the_cursor_and_select_the_hand_under_it(tmp_path) -> None:
    app, _session = started(tmp_path, [Hand(i % 4, (10, 20, 30, 40)) for i in range(30)])
    selected: list[int] = []
    seen: list = []

    def hook(message) -> None:  # called at each widget the message bubbles through
        if isinstance(message, HandsTable.Selected) and all(m is not message for m in seen):
            seen.append(message)
            selected.append(message.index)

    async with app.run_test(size=(80, 24), message_hook=hook) as pilot:
        await pilot.pause()
        table = app.screen.query_one(HandsTable)
        assert table.hand_index == 29 and app.screen.focused is table
        await pilot.press("home")
        assert table.hand_index == 0 and table.scroll_y == 0
        await pilot.press("pagedown")
        assert table.hand_index > 5
        await pilot.press("end")
        assert table.hand_index == 29
        # The last row drawn is the cursor's; the line above it holds hand 29.
        lines = drawn(app)
        bottom = table.region.bottom - 2  # the last line inside the border
        assert lines[bottom].startswith("│ 30 ")
        await pilot.click(HandsTable, offset=(5, table.region.height - 3))
        assert table.hand_index == 28 and selected == []
        await pilot.click(HandsTable, offset=(5, table.region.height - 3))
        assert selected == [28]
        await pilot.click(HandsTable, offset=(5, 1))  # the header: nothing happens
        assert table.hand_index == 28 and selected == [28]
        await pilot.press("enter")
        assert selected == [28, 28]
        assert isinstance(app.screen, ScoreScreen)  # Enter on the sheet never edits


async def test_rows_keep_their_cells_styles_under_the_stripes(tmp_path) -> None:
    app, _session = started(
        tmp_path,
        [
            Hand(0, (10, 20, 30, 40)),
            Hand(None, (0, 0, 0, 0)),
            Hand(1, (10, 20, 30, 40)),
            Hand(2, (10, 20, 30, 40)),
        ],
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen.query_one(HandsTable)

        def styles(y: int) -> dict[str, Any]:
            """The style of each word on line ``y`` (of its first character)."""
            line = table.render_line(y)
            at = [seg.style for seg in line for _ in seg.text]
            text = line.text
            return {m.group(): at[m.start()] for m in re.finditer(r"\S+", text)}

        won, draw = styles(1), styles(2)
        assert won["+60"].color.name == colours.GAIN and won["-50"].color.name == colours.LOSS
        assert won["●"].bold and won["●"].color.name == colours.WARN
        assert draw["draw"].dim and draw["—"].dim
        # Stripes: the first and the third hand share a background, the second not;
        # the cursor (on the fourth) has its own.
        assert won["+60"].bgcolor == styles(3)["+80"].bgcolor != draw["draw"].bgcolor
        assert styles(4)["4"].bgcolor not in (won["+60"].bgcolor, draw["draw"].bgcolor)


async def test_at_60_columns_every_seat_keeps_its_column(tmp_path) -> None:
    from datetime import datetime

    from mjtui import paths
    from mjtui.core.model.session import Session
    from mjtui.core.rulesets.ruleset import RulesetLibrary
    from mjtui.core.sessions.scorebook import Scorebook
    from mjtui.systems.riichi import system as riichi

    ruleset = RulesetLibrary(paths.ruleset_folders()).get("riichi-tenhou")
    names = ("Alexandra", "Bartholomew", "Cy", "Di")
    session = Session(ruleset, names, datetime(2026, 12, 1, 20))
    for i in range(5):
        session.add(riichi.Win((riichi.Winner((i + 1) % 4, 3, 40, 0),), i % 4, ()))
    app = MjtuiApp(book=Scorebook(session, tmp_path / "s.toml"), sessions_dir=tmp_path)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        table = app.screen.query_one(HandsTable)
        lines = screen_lines(app.screen)
        header = next(line for line in lines if "Hand " in line and "#" in line)
        for name in ("Alexand", "Barthol", "Cy", "Di"):
            assert name in header, header
        assert sum(w + 2 for w in table._widths) <= table._laid_out_for


async def test_beside_the_calculator_pane_every_seat_keeps_its_column(tmp_path) -> None:
    from datetime import datetime

    from mjtui import paths
    from mjtui.core.model.session import Session
    from mjtui.core.rulesets.ruleset import RulesetLibrary
    from mjtui.core.sessions.scorebook import Scorebook
    from mjtui.systems.east_doubling import system as east_doubling

    ruleset = RulesetLibrary(paths.ruleset_folders()).get("hp11c")
    session = Session(ruleset, ("Alexandra", "Bartholomew", "Cy", "Di"), datetime(2026, 12, 1))
    for i in range(5):
        session.add(east_doubling.Hand(i % 4, (8, 30, 4, 0)))
    app = MjtuiApp(book=Scorebook(session, tmp_path / "s.toml"), sessions_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
        await pilot.pause()
        table = app.screen.query_one(HandsTable)
        assert table.region.width < 50  # the pane is beside it
        assert sum(w + 2 for w in table._widths) <= table._laid_out_for
        lines = screen_lines(app.screen)
        header = next(line for line in lines if "Hand " in line and "#" in line)
        assert "Cy" in header and "Di" in header, header
        assert "East" not in str(table.border_title)  # the mark is not drawn: not named


async def test_beside_the_calculator_pane_five_digit_changes_keep_every_seat_on_screen(
    tmp_path,
) -> None:
    ruleset = RulesetLibrary(paths.ruleset_folders()).get("hp11c")
    names = ("Alexandra", "Bartholomew", "Chen", "Dora")
    session = Session(ruleset, names, datetime(2026, 12, 1))
    for hand in (Hand(3, (120, 40, 0, 2000)), Hand(0, (3000, 100, 200, 16))):
        session.add(hand)
    app = MjtuiApp(book=Scorebook(session, tmp_path / "s.toml"), sessions_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
        await pilot.pause()
        table = app.screen.query_one(HandsTable)
        assert table.region.width < 50  # the pane is beside it
        rows_shown = [table.get_row_at(r) for r in range(table.row_count)]
        lines = screen_lines(app.screen)
        # Every change of both hands is on screen, whole, the fourth seat's included.
        for row in rows_shown:
            for cell in row[2:]:
                assert any(str(cell) in line for line in lines), (str(cell), lines)
        assert any("+8,000" in line for line in lines), lines
        assert table.virtual_size.width <= table._laid_out_for  # no sideways scroll


@pytest.mark.parametrize("size", [(80, 24), (60, 20)])
async def test_rows_drawn_without_wrap_are_the_lines_wrap_makes(
    tmp_path, monkeypatch, size
) -> None:
    # A figure that fits its column is padded to it directly (hands_table._one_line);
    # every line of the sheet is the same as when each cell goes through rich's wrap.
    import mjtui.ui.widgets.hands_table as hands_table

    ruleset = RulesetLibrary(paths.ruleset_folders()).get("hp11c")
    session = Session(ruleset, ("陳大文", "Bartholomew", "Cy", "Di"), datetime(2026, 11, 30))
    for hand in (Hand(0, (8, 2, 0, 0)), Hand(None, (0, 0, 0, 0)), Hand(3, (2, 2, 2, 90000))):
        session.add(hand)

    async def lines() -> list[Any]:
        app = MjtuiApp(book=Scorebook(session, tmp_path / "s.toml"), sessions_dir=tmp_path)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            table = app.screen.query_one(HandsTable).region  # the table's lines alone
            return [list(strip) for strip in screen_strips(app.screen)[table.y : table.bottom]]

    direct = await lines()
    monkeypatch.setattr(hands_table, "_one_line", lambda cell, width: False)
    assert direct == await lines()
