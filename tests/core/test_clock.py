"""The game clock with an injected time: warning, last hand, over; never a sleep."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from mjtui.core.table.clock import GameClock

START = datetime(2026, 11, 30, 20, 0).astimezone()


class Time:
    def __init__(self) -> None:
        self.at = START

    def __call__(self) -> datetime:
        return self.at

    def go(self, **delta: float) -> None:
        self.at += timedelta(**delta)


def test_the_clock_runs_warns_calls_the_last_hand_then_ends() -> None:
    time = Time()
    clock = GameClock(60, START, warning=10, now=time)
    assert clock.status(0).phase == "running" and clock.status(0).short() == "1:00:00 left"
    assert clock.notice(0) is None
    time.go(minutes=49, seconds=30)
    assert clock.status(5).phase == "running"
    assert clock.status(5).short() == "10:30 left"
    time.go(seconds=31)
    assert clock.status(5).phase == "warning"
    assert clock.status(5).short() == "9:59 left!"
    assert clock.notice(5) == "10 minutes left in this game"
    assert clock.notice(5) is None  # said once
    time.go(minutes=10)
    status = clock.status(6)
    assert status.phase == "last-hand" and status.left == timedelta(0)
    assert "LAST HAND" in status.short()
    assert clock.notice(6) == "Time is up: the hand being played is the last one"
    assert clock.status(6).phase == "last-hand"  # still the same hand
    assert clock.status(7).phase == "over"
    assert clock.notice(7).endswith("the game is over")
    assert clock.notice(8) is None


def test_undoing_the_last_hand_makes_it_the_last_hand_again() -> None:
    time = Time()
    clock = GameClock(30, START, now=time)
    time.go(minutes=31)
    assert clock.status(4).phase == "last-hand"
    assert clock.status(5).phase == "over"
    assert clock.status(4).phase == "last-hand"
    assert clock.status(3).phase == "last-hand"  # fewer hands: the last hand is still to play
    assert clock.status(4).phase == "over"


def test_the_hours_show_and_the_warning_never_exceeds_the_limit() -> None:
    time = Time()
    clock = GameClock(90, START, warning=10, now=time)
    assert clock.status(0).short() == "1:30:00 left"
    short = GameClock(5, START, warning=10, now=time)
    assert short.status(0).phase == "warning"
    assert short.notice(0) == "5 minutes left in this game"


def test_a_time_up_seen_late_still_gives_one_last_hand_notice() -> None:
    time = Time()
    clock = GameClock(20, START, now=time)
    time.go(hours=2)  # the sheet was not looked at: the warning is skipped, not stacked
    assert clock.notice(3) == "Time is up: the hand being played is the last one"
    assert clock.notice(3) is None


@pytest.mark.parametrize("minutes", [0, -5])
def test_a_limit_is_a_minute_or_more(minutes) -> None:
    with pytest.raises(ValueError):
        GameClock(minutes, START)


# ------------------------------------------------------------------ config and sheet

from mjtui import paths  # noqa: E402
from mjtui.config import load_config  # noqa: E402
from mjtui.core.errors import ConfigError  # noqa: E402
from mjtui.core.rulesets.ruleset import RulesetLibrary  # noqa: E402
from mjtui.private_api import notifications  # noqa: E402
from mjtui.ui.app import MjtuiApp  # noqa: E402
from mjtui.ui.screens.score import ScoreScreen  # noqa: E402
from mjtui.ui.widgets.scoreboard import Scoreboard  # noqa: E402


def test_the_config_sets_the_time_limit_strictly(tmp_path) -> None:
    path = tmp_path / "config.toml"
    assert load_config(path).time_limit == 0
    path.write_text("time_limit = 90\ntime_warning = 15\n")
    config = load_config(path)
    assert (config.time_limit, config.time_warning) == (90, 15)
    path.write_text("time_limit = -1\n")
    with pytest.raises(ConfigError, match="time_limit"):
        load_config(path)


async def test_a_time_limit_from_the_form_shows_on_the_sheet_and_calls_the_last_hand() -> None:
    hp11c = RulesetLibrary(paths.ruleset_folders()).get("hp11c")
    app = MjtuiApp(
        rulesets=[hp11c], ruleset=hp11c, sessions_dir=paths.sessions_dir(), time_limit=45
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        form = app.screen
        assert form.query_one("#time-limit").value == "45"  # the config's, offered
        form.query_one("#time-limit").value = "30"
        await pilot.press(*"Ann", "enter", *"Bob", "enter", *"Cy", "enter", *"Di", "enter")
        await pilot.pause()
        sheet = app.screen
        assert isinstance(sheet, ScoreScreen) and sheet.clock.minutes == 30
        time = Time()
        time.at = sheet.book.session.started
        sheet.clock.now = time
        board = sheet.query_one(Scoreboard)
        sheet._tick()
        assert "time: 30:00 left" in str(board.border_subtitle)
        time.go(minutes=31)
        sheet._tick()
        await pilot.pause()
        assert "LAST HAND" in str(board.border_subtitle)
        assert any(n.title == "Time" and "last one" in n.message for n in notifications(app))
        await pilot.press("0", "enter")  # a draw: the last hand is recorded
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen) and len(sheet.book.session.hands) == 1
        assert "time is up" in str(board.border_subtitle)
        assert any("game is over" in n.message for n in notifications(app))


async def test_a_bad_time_limit_is_refused_on_the_form() -> None:
    hp11c = RulesetLibrary(paths.ruleset_folders()).get("hp11c")
    app = MjtuiApp(rulesets=[hp11c], ruleset=hp11c, sessions_dir=paths.sessions_dir())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        form = app.screen
        for _ in range(200):  # until the fields first drawn by stand-ins are in (complete)
            if form.ready:
                break
            await pilot.pause()
        assert form.query_one("#time-limit").value == ""
        form.query_one("#time-limit").value = "99999"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form
        assert "Time limit" in str(form.query_one("#form-error").render())


async def test_a_resumed_series_keeps_the_time_limit_it_began_with(tmp_path) -> None:
    from datetime import datetime, timedelta

    from mjtui import paths
    from mjtui.core.model.session import Session
    from mjtui.core.rulesets.ruleset import RulesetLibrary
    from mjtui.core.sessions.scorebook import open_scorebook
    from mjtui.core.sessions.session_file import load_session, save_session
    from mjtui.ui.app import MjtuiApp
    from mjtui.ui.screens.score import ScoreScreen

    library = RulesetLibrary(paths.ruleset_folders())
    began = datetime.now().astimezone().replace(microsecond=0) - timedelta(minutes=20)
    session = Session(library.get("hp11c"), ("Ann", "Bob", "Cy", "Di"), began, time_limit=90)
    path = tmp_path / "clocked.toml"
    save_session(session, path)
    assert "time_limit = 90" in path.read_text()
    assert load_session(path, library.get).session.time_limit == 90
    book, _ = open_scorebook(path, library.get)
    app = MjtuiApp(book=book, time_warning=10)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ScoreScreen) and screen.clock is not None
        assert screen.clock.minutes == 90
    book.close()
    # A file without the key has no clock, whatever the config offers new series.
    save_session(
        Session(library.get("hp11c"), ("Ann", "Bob", "Cy", "Di"), began), tmp_path / "plain.toml"
    )
    assert "time_limit" not in (tmp_path / "plain.toml").read_text()


@pytest.mark.parametrize("bad", ['"90"', "-1", "100000", "true"])
def test_a_bad_time_limit_in_a_file_is_named(tmp_path, bad) -> None:
    from datetime import datetime

    from mjtui import paths
    from mjtui.core.errors import SessionError
    from mjtui.core.model.session import Session
    from mjtui.core.rulesets.ruleset import RulesetLibrary
    from mjtui.core.sessions.session_file import load_session, save_session

    library = RulesetLibrary(paths.ruleset_folders())
    path = tmp_path / "s.toml"
    save_session(
        Session(library.get("hp11c"), ("A", "B", "C", "D"), datetime(2026, 11, 30), time_limit=60),
        path,
    )
    path.write_text(path.read_text().replace("time_limit = 60", f"time_limit = {bad}"))
    with pytest.raises(SessionError, match="key 'time_limit': expected the minutes"):
        load_session(path, library.get)


def test_one_minute_is_said_as_one() -> None:
    clock = GameClock(30, START, warning=1, now=Time())
    assert clock.notice(0) is None
    one = GameClock(1, START, warning=1, now=Time())
    assert one.notice(0) == "1 minute left in this game"
