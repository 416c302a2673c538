"""Notifications never pile up over the history's numbers and leave with their screen."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from textual.widgets import DataTable
from waiting import until

from mjtui import paths
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.scorebook import Scorebook
from mjtui.private_api import notifications
from mjtui.systems.riichi import system as riichi
from mjtui.ui.app import MjtuiApp


def _book(tmp_path: Path) -> Scorebook:
    ruleset = RulesetLibrary(paths.ruleset_folders()).get("riichi-tenhou")
    session = Session(ruleset, ("Ann", "Bob", "Cy", "Di"), datetime(2026, 12, 1, 20))
    for seat in range(4):
        session.add(riichi.Win((riichi.Winner(seat, 3, 40, 0),), (seat + 1) % 4, ()))
    return Scorebook(session, tmp_path / "s.toml")


async def test_one_notification_at_a_time_clear_of_the_numbers(tmp_path: Path) -> None:
    app = MjtuiApp(book=_book(tmp_path), sessions_dir=tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("u", "u", "U", "x")
        await until(
            pilot,
            lambda: any("Dice" in str(t.render()) for t in app.screen.query("Toast")),
            "the dice's toast",
        )
        toasts = list(app.screen.query("Toast"))
        assert len(toasts) == 1
        (toast,) = toasts
        history = app.screen.query_one("#hands")
        assert not toast.region.overlaps(history.region)
        board = app.screen.query_one("Scoreboard", DataTable)
        # Over the scores, only where their columns leave the rows empty.
        used = sum(column.get_render_width(board) for column in board.ordered_columns)
        assert toast.region.x >= board.content_region.x + used


async def test_a_notification_leaves_with_its_screen(tmp_path: Path) -> None:
    app = MjtuiApp(book=_book(tmp_path), sessions_dir=tmp_path)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("u")
        await until(pilot, lambda: app.screen.query("Toast"), "undo's toast")
        await pilot.press("r")  # the rules reference
        await until(pilot, lambda: app.screen.id != "sheet" and app.screen.is_mounted, "rules")
        await pilot.pause()
        assert not app.screen.query("Toast")
        assert not notifications(app)
