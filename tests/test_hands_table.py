"""The history table after each hand shows what a table filled afresh would show,
whether the hand was added as one row or the window was laid out again."""

from __future__ import annotations

from datetime import datetime

import pytest

from mjtui import paths
from mjtui.core.ruleset import RulesetLibrary
from mjtui.core.scorebook import Scorebook
from mjtui.core.session import Session
from mjtui.core.systems.east_doubling import Hand
from mjtui.ui.app import MjtuiApp
from mjtui.ui.screens.score import ScoreScreen
from mjtui.ui.widgets.hands_table import HandsTable


def rows(table: HandsTable) -> list[list[str]]:
    return [[str(cell) for cell in table.get_row_at(r)] for r in range(table.row_count)]


def shown(table: HandsTable) -> tuple:
    return (rows(table), table.first, table.border_title, table.border_subtitle,
            table.hand_index)


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
    hands = [Hand(0, (8, 2, 0, 0)), Hand(1, (4, 16, 0, 0)), Hand(2, (0, 2, 30, 0)),
             Hand(3, (2, 2, 2, 50)), Hand(0, (9000, 2, 0, 0)), Hand(1, (4, 8, 0, 0)),
             Hand(2, (0, 0, 8, 4)), Hand(None, (0, 0, 0, 0)), Hand(3, (2, 2, 2, 2))]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ScoreScreen)
        table = screen.query_one(HandsTable)
        appended, fills = [], []
        real_fill = table._fill_around
        monkeypatch.setattr(table, "_fill_around",
                            lambda focus: (fills.append(focus), real_fill(focus))[1])
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
            assert all(a >= b for i, (a, b) in enumerate(zip(now_widths, fresh)) if i != 1)
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
