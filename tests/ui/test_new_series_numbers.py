"""The new-series form's numbers: start points mjtui could not save are refused on the
form, before the series starts (a series that starts is a series whose every hand is
saved), and the bound itself is played and read back; a key or a paste a number field
does not take is said on the form, naming the field, and a series does not start on a
number the person did not type without saying so first (25k stood as 25, -3 as 3)."""

from __future__ import annotations

import pytest
import waiting
from textual import events
from textual.pilot import Pilot
from textual.widgets import Input, Static

from mjtui import paths
from mjtui.cli import entry
from mjtui.core.files.reading import MAX_NUMBER
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.ledger import latest_session
from mjtui.core.sessions.session_file import load_session
from mjtui.private_api import send_as_terminal
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


def _latest_saved() -> Session:
    library = RulesetLibrary(paths.ruleset_folders())
    return load_session(latest_session(paths.sessions_dir()), library.get).session


async def test_a_key_a_number_field_does_not_take_is_said_and_ctrl_s_says_it_again() -> None:
    app = _app("riichi-tenhou")
    async with app.run_test(size=SIZE) as pilot:
        form = await _form(pilot)
        points = form.query_one("#start-points", Input)
        await pilot.press("shift+tab", "shift+tab", "2", "5", "k")
        said = "Start points: 'k' not typed: digits only"
        await waiting.until(pilot, lambda: _error(form) == said, "the field's refusal said")
        assert points.value == "25"
        # The person went on without typing over it: ctrl+s says what the field holds.
        await pilot.press("ctrl+s")
        await waiting.until(
            pilot,
            lambda: "'k' was not typed (digits only), so it holds '25'" in _error(form),
            "ctrl+s saying what was not typed",
        )
        assert app.screen is form and _saved() == []
        await pilot.press(*"000", "ctrl+s")  # corrected: 25000, as meant
        await waiting.until(pilot, lambda: isinstance(app.screen, ScoreScreen), "the sheet")
    assert _latest_saved().ruleset.start_points == 25000


async def test_a_refusal_typed_over_after_it_was_said_is_forgotten() -> None:
    app = _app("hp11c")
    async with app.run_test(size=SIZE) as pilot:
        form = await _form(pilot)
        await pilot.press("shift+tab", "-")  # the time limit
        said = "Time limit (min): '-' not typed: digits only"
        await waiting.until(pilot, lambda: _error(form) == said, "the field's refusal said")
        await pilot.press("9", "0")  # seen, and typed over: the line clears
        await waiting.until(pilot, lambda: _error(form) == "", "the line cleared")
        await pilot.press("ctrl+s")
        await waiting.until(pilot, lambda: isinstance(app.screen, ScoreScreen), "the sheet")
    assert _latest_saved().time_limit == 90


async def test_keys_typed_at_once_with_ctrl_s_do_not_start_on_what_was_not_typed() -> None:
    app = _app("hp11c")
    async with app.run_test(size=SIZE) as pilot:
        form = await _form(pilot)
        await pilot.press("shift+tab")  # the time limit
        for key, char in (("minus", "-"), ("3", "3"), ("ctrl+s", None)):
            send_as_terminal(app, events.Key(key, char))  # one burst, as typed fast
        await waiting.until(
            pilot,
            lambda: (
                "Time limit (min): '-' was not typed (digits only), so it holds '3'" in _error(form)
            ),
            "ctrl+s saying what was not typed",
        )
        assert app.screen is form and _saved() == []
        await pilot.press("ctrl+s")  # told: ctrl+s again starts with what it holds
        await waiting.until(pilot, lambda: isinstance(app.screen, ScoreScreen), "the sheet")
    assert _latest_saved().time_limit == 3


async def test_a_paste_a_number_field_does_not_take_is_said() -> None:
    app = _app("riichi-tenhou")
    async with app.run_test(size=SIZE) as pilot:
        form = await _form(pilot)
        await pilot.press("shift+tab", "shift+tab")
        points = form.query_one("#start-points", Input)
        assert app.focused is points
        points.post_message(events.Paste("25k"))
        said = "Start points: '25k' not typed: digits only"
        await waiting.until(pilot, lambda: _error(form) == said, "the paste's refusal said")
        assert points.value == "25000"  # as it was: nothing of the paste went in
        await pilot.press("ctrl+s")
        await waiting.until(
            pilot, lambda: "so it holds '25000'" in _error(form), "ctrl+s saying so"
        )
        assert app.screen is form


async def test_enter_on_empty_start_points_says_why_it_stays() -> None:
    app = _app("hp11c")
    async with app.run_test(size=SIZE) as pilot:
        form = await _form(pilot)
        await pilot.press("shift+tab", "shift+tab", "backspace", "enter")
        said = "Start points: type a whole number, 0 or more"
        await waiting.until(pilot, lambda: _error(form) == said, "Enter's refusal said")
        assert app.focused is form.query_one("#start-points", Input)
