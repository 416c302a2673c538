"""The new-series form's numbers: start points mjtui could not save are refused on the
form, before the series starts (a series that starts is a series whose every hand is
saved), and the bound itself is played and read back."""

from __future__ import annotations

import pytest
import waiting
from textual.pilot import Pilot
from textual.widgets import Input, Static

from mjtui import paths
from mjtui.cli import entry
from mjtui.core.files.reading import MAX_NUMBER
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.ledger import latest_session
from mjtui.core.sessions.session_file import load_session
from mjtui.ui.app import MjtuiApp
from mjtui.ui.screens.new_series import NewSeriesScreen
from mjtui.ui.screens.score import ScoreScreen

SIZE = (80, 24)


def _app(ruleset: str) -> MjtuiApp:
    return entry.new_series(entry.build_parser().parse_args(["--ruleset", ruleset]))


async def _form(pilot: Pilot[object]) -> NewSeriesScreen:
    """The form, once its fields have all come (complete)."""
    await waiting.until(
        pilot,
        lambda: isinstance(pilot.app.screen, NewSeriesScreen) and pilot.app.screen.ready,
        "the new-series form, complete",
    )
    form = pilot.app.screen
    assert isinstance(form, NewSeriesScreen)
    return form


async def _type_start_points(pilot: Pilot[object], digits: str) -> None:
    """From the first name back to the start points (its text selected: typing replaces
    it), the digits, then ctrl+s, as the tester did."""
    await pilot.press("shift+tab", "shift+tab", *digits, "ctrl+s")


def _error(form: NewSeriesScreen) -> str:
    return str(form.query_one("#form-error", Static).render())


def _saved() -> list[object]:
    folder = paths.sessions_dir()
    return list(folder.glob("*.toml")) if folder.exists() else []


@pytest.mark.parametrize(
    ("ruleset", "digits", "said"),
    [
        ("riichi-tenhou", "1000000001", "Start points: at most 1,000,000,000"),
        ("hp11c", "9" * 30, "Start points: at most 1,000,000,000"),
        # riichi's oka follows the start points: (30,000 - 300,000,000) x 4 is past the bound
        ("riichi-tenhou", "300000000", "key 'final.oka'"),
    ],
    ids=["riichi-by-one", "thirty-digits", "riichi-oka"],
)
async def test_start_points_that_could_not_be_saved_are_refused_on_the_form(
    ruleset: str, digits: str, said: str
) -> None:
    app = _app(ruleset)
    async with app.run_test(size=SIZE) as pilot:
        form = await _form(pilot)
        await _type_start_points(pilot, digits)
        await waiting.until(pilot, lambda: said in _error(form), f"the form saying {said!r}")
        assert app.screen is form
        assert form.query_one("#start-points", Input).value == digits  # kept, to correct
        # Corrected, the series starts and is saved.
        await pilot.press("ctrl+a", "ctrl+k", *"30000", "ctrl+s")
        await waiting.until(pilot, lambda: isinstance(app.screen, ScoreScreen), "the sheet")
    saved = load_session(
        latest_session(paths.sessions_dir()), RulesetLibrary(paths.ruleset_folders()).get
    )
    assert saved.session.ruleset.start_points == 30000


async def test_the_bound_itself_starts_a_series_that_is_saved_and_read_back() -> None:
    app = _app("hp11c")
    async with app.run_test(size=SIZE) as pilot:
        form = await _form(pilot)
        await _type_start_points(pilot, str(MAX_NUMBER))
        await waiting.until(pilot, lambda: isinstance(app.screen, ScoreScreen), "the sheet")
        assert _error(form) == ""
        await pilot.press("1", *"40", "ctrl+s")  # a hand: saved with the rules
        await waiting.until(
            pilot, lambda: len(app.screen.book.session.hands) == 1, "the hand recorded"
        )
        assert app.screen.book.save_error is None
    library = RulesetLibrary(paths.ruleset_folders())
    loaded = load_session(latest_session(paths.sessions_dir()), library.get)
    assert loaded.problems == [] and len(loaded.session.hands) == 1
    assert loaded.session.ruleset.start_points == MAX_NUMBER


@pytest.mark.parametrize("field", ["#start-points", "#time-limit"])
async def test_thousands_of_digits_are_refused_not_a_traceback(field: str) -> None:
    app = _app("hp11c")
    async with app.run_test(size=SIZE) as pilot:
        form = await _form(pilot)
        form.query_one(field, Input).value = "0" * 4400 + "9" * 5000  # a paste, say
        await pilot.press("ctrl+s")
        await waiting.until(pilot, lambda: _error(form) != "", "the form's refusal")
        assert app.screen is form
        assert _error(form).startswith("Start points" if "start" in field else "Time limit")
    assert _saved() == []
