"""The first screen is the only one at start-up: the form, the resumed sheet, the library."""

from __future__ import annotations

import asyncio
import contextlib
import re
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
from test_keys_at_once import _at_once
from textual.widgets import Button, Input, Select, Static
from waiting import until

from mjtui import paths
from mjtui.cli import entry
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.scorebook import Scorebook
from mjtui.core.sessions.session_file import save_session
from mjtui.private_api import notifications
from mjtui.systems.east_doubling.system import Hand
from mjtui.ui.screens.library import LibraryScreen
from mjtui.ui.screens.new_series import NewSeriesScreen
from mjtui.ui.screens.score import ScoreScreen

SIZE = (80, 24)


async def test_the_form_is_the_only_screen_and_its_help_line_names_every_key() -> None:
    app = entry.new_series(entry.build_parser().parse_args([]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen_stack == [app.screen] and isinstance(app.screen, NewSeriesScreen)
        # No footer on the form: its help line is where a person reads the keys.
        help_line = str(app.screen.query_one("#form-help", Static).render())
        for binding in NewSeriesScreen.BINDINGS:
            key = binding.key.replace("escape", "esc")
            assert re.search(rf"\b{re.escape(key)}\b", help_line, re.IGNORECASE), key
        await pilot.press(*"Ann", "enter", *"Bob", "enter", *"Cy", "enter", *"Di", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        assert app.screen.book.session.players == ("Ann", "Bob", "Cy", "Di")


def _saved(tmp_path: Path) -> Path:
    ruleset = RulesetLibrary(paths.ruleset_folders()).get("hp11c")
    from datetime import datetime

    session = Session(ruleset, ("Ann", "Bob", "Cy", "Di"), datetime(2026, 11, 30, 19))
    session.hands.append(Hand(0, (10, 20, 30, 40)))
    path = tmp_path / "evening.toml"
    save_session(session, path)
    return path


async def test_a_resumed_sheet_is_the_only_screen_and_still_warns(tmp_path: Path) -> None:
    path = _saved(tmp_path)
    missing = tmp_path / "missing.hp11c"
    app = entry.resume(
        entry.build_parser().parse_args(["--calc-program", str(missing), "resume", str(path)])
    )
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen_stack == [app.screen] and isinstance(app.screen, ScoreScreen)
        assert len(app.screen.book.session.hands) == 1
        # Warned once the sheet is up, though the sheet was made before the app ran.
        assert any("missing.hp11c" in n.message for n in notifications(app))
        await pilot.press("p")  # the pane, made now, runs without a program
        await pilot.pause()
        assert app.screen.query_one("#calculator").display


async def test_the_library_as_first_screen_quits_on_escape(tmp_path: Path) -> None:
    app = entry.library(entry.build_parser().parse_args(["library"]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LibraryScreen)
        await pilot.press("escape")
        await pilot.pause()
    assert app.return_code == 0 and not app.is_running


def test_a_book_is_what_the_app_resumes(tmp_path: Path) -> None:
    # The sheet made before the app runs holds the book it is given, nothing read again.
    from mjtui.core.sessions.session_file import load_session
    from mjtui.ui.app import MjtuiApp

    path = _saved(tmp_path)
    loaded = load_session(path, RulesetLibrary(paths.ruleset_folders()).get)
    book = Scorebook(loaded.session, path)
    app = MjtuiApp(book=book)
    assert app.get_default_screen().book is book


async def test_what_is_loaded_by_the_first_frame_is_kept_out_of_full_collections(
    tmp_path: Path,
) -> None:
    import gc

    gc.unfreeze()
    app = entry.resume(entry.build_parser().parse_args(["resume", str(_saved(tmp_path))]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # The loaded series is among the frozen objects, which no generation holds.
        assert gc.get_freeze_count() > 0
        hands = app.screen.book.session.hands
        assert not any(o is hands for o in gc.get_objects())


async def test_with_collection_off_at_start_up_the_first_frame_turns_it_on(tmp_path: Path) -> None:
    """`mjtui` starts with the cyclic collector off (cli/entry.py main): after the first
    frame the garbage of start-up is collected and the collector is on again."""
    import gc

    gc.unfreeze()
    app = entry.resume(entry.build_parser().parse_args(["resume", str(_saved(tmp_path))]))
    gc.disable()
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert gc.isenabled() and gc.get_freeze_count() > 0
    finally:
        gc.enable()


def test_a_headless_command_runs_with_collection_on(monkeypatch) -> None:
    import gc

    seen = []
    monkeypatch.setattr(entry, "folders", lambda args: seen.append(gc.isenabled()) or 0)
    assert entry.main(["folders"]) == 0 and seen == [True]
    assert gc.isenabled()


@contextlib.asynccontextmanager
async def _form_held() -> AsyncIterator[tuple[Any, Any, asyncio.Event]]:
    """The app on the new-series form, its pilot, and the event that lets the form
    complete (mount what its first frame drew with stand-ins): until it is set, the
    form is as its first frame shows it."""
    app = entry.new_series(entry.build_parser().parse_args([]))
    go_on = asyncio.Event()
    complete = NewSeriesScreen.complete

    async def held(screen: NewSeriesScreen) -> None:
        await go_on.wait()
        await complete(screen)

    NewSeriesScreen.complete = held  # type: ignore[method-assign]
    try:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert not app.screen.ready
            yield app, pilot, go_on
    finally:
        NewSeriesScreen.complete = complete  # type: ignore[method-assign]


async def _form_frames() -> tuple[str, str]:
    """The form's screenshot with its list of rulesets and its start button still to come,
    and once they are in."""
    async with _form_held() as (app, pilot, go_on):
        assert not app.screen.query("#ruleset")
        assert not app.screen.query(Button) and not app.screen.query("#table")
        before = app.export_screenshot()
        go_on.set()
        await pilot.pause()
        assert app.screen.ready and app.screen.query_one("#ruleset", Select)
        assert app.screen.query_one("#start", Button).label.plain == "Start series"
        assert not app.screen.query("#ruleset-shown, #start-shown, .input-shown")
        assert [i.id for i in app.screen.query(Input)][:3] == [
            "table",
            "start-points",
            "time-limit",
        ]
        for field in app.screen.query(Input):
            # The cursor shown, whatever the clock: blinking, it was off in the second
            # frame whenever a loaded machine took half a second between the two.
            field.cursor_blink = False
        await pilot.pause()
        return before, app.export_screenshot()


@pytest.mark.parametrize("colour", ["colour", "NO_COLOR"])
async def test_the_first_frame_draws_each_stand_in_as_its_widget_draws_it(
    colour: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The list of rulesets, the start button and the table, start points and time
    # limit fields. Each SVG's id is a hash of what it shows and of what the mouse
    # reads (which widget is where), so it is left out: the rest must be the same.
    if colour == "NO_COLOR":
        monkeypatch.setenv("NO_COLOR", "1")
    before, after = await _form_frames()
    assert "club" in before and "minutes" in before  # the fields are drawn
    assert re.sub(r"terminal-\d+", "terminal", before) == re.sub(r"terminal-\d+", "terminal", after)


async def test_keys_typed_before_the_list_comes_wait_for_it() -> None:
    app = entry.new_series(entry.build_parser().parse_args([]))
    async with app.run_test(size=SIZE) as pilot:
        # From the first name back past the time limit, the start points and the
        # table: the list of rulesets, there by the time these keys are taken.
        await pilot.press("shift+tab", "shift+tab", "shift+tab", "shift+tab")
        await pilot.pause()
        assert app.focused is app.screen.query_one("#ruleset", Select)


async def test_fields_drawn_by_stand_ins_take_the_keys_typed_before_they_came() -> None:
    async with _form_held() as (app, pilot, go_on):
        assert app.screen.query("#time-limit-shown")
        # Back from the first name to the time limit, 45, on to the names: typed
        # while the time limit is still its stand-in.
        keys = [
            "shift+tab",
            "4",
            "5",
            "tab",
            *"Ann",
            "enter",
            *"Bob",
            "enter",
            *"Cy",
            "enter",
            *"Di",
            "ctrl+s",
        ]
        _at_once(app, *keys)
        for _ in range(200):  # until the app holds them all, waiting for the form
            if len(app._held) == len(keys):
                break
            await asyncio.sleep(0.01)
        assert len(app._held) == len(keys)
        go_on.set()
        for _ in range(5):
            await pilot.pause()
        session = app.screen.book.session
        assert session.time_limit == 45
        assert session.players == ("Ann", "Bob", "Cy", "Di")


@contextlib.contextmanager
def _whole_screens_restyled(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[object]]:
    """The screens Textual restyles as a whole (each widget on them) while the app runs."""
    from textual.screen import Screen

    from mjtui.ui.app import MjtuiApp

    restyled: list[object] = []
    update_styles = MjtuiApp.update_styles

    def counted(self: MjtuiApp, node: Any, animate: bool = True) -> None:
        if isinstance(node, Screen):
            restyled.append(node)
        update_styles(self, node, animate)

    monkeypatch.setattr(MjtuiApp, "update_styles", counted)
    yield restyled


async def test_the_form_is_styled_once_before_its_first_frame(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Textual styles each widget as it mounts it; the restyle of the whole form that
    # its first showing asks for is left out (ui/styles.py StyledOnce).
    with _whole_screens_restyled(monkeypatch) as restyled:
        async with _form_held() as (app, pilot, go_on):
            before_complete = list(restyled)
            first = app.export_screenshot()
            go_on.set()  # the form completes, and the app may end
            await pilot.pause()
    assert before_complete == []
    # The same frame as with the restyle, which changes nothing.
    from mjtui.ui.styles import StyledOnce

    monkeypatch.setattr(StyledOnce, "on_screen_resume", lambda self, event: None)
    with _whole_screens_restyled(monkeypatch) as restyled:
        async with _form_held() as (app, pilot, go_on):
            before_complete = list(restyled)
            form = app.screen
            again = app.export_screenshot()
            go_on.set()
            await pilot.pause()
    assert before_complete == [form]
    assert _same_picture(first, again)


async def test_no_widget_of_the_form_is_styled_before_it_is_mounted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Textual styles an Input as its compact class is set, in its __init__, and again as
    # its value is checked: for fields the form makes and mounts later, or mounts and
    # styles anew (ui/styles.py StyledWhenMounted).
    from textual.css.stylesheet import Stylesheet

    unmounted: list[str] = []
    apply = Stylesheet.apply

    def counted(self: Stylesheet, node: Any, **kwargs: Any) -> None:
        if not node.is_attached and node is not node.app:
            unmounted.append(f"{type(node).__name__} {node.id}")
        apply(self, node, **kwargs)

    monkeypatch.setattr(Stylesheet, "apply", counted)
    async with _form_held() as (app, pilot, go_on):
        before_complete = list(unmounted)
        go_on.set()  # the fields the first frame drew with stand-ins come
        await pilot.pause()
        assert app.screen.ready and app.screen.query_one("#time-limit", Input).styles.height
    assert before_complete == []
    assert unmounted == []


async def test_a_resumed_sheet_is_styled_once_before_its_first_frame(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _saved(tmp_path)
    with _whole_screens_restyled(monkeypatch) as restyled:
        app = entry.resume(entry.build_parser().parse_args(["resume", str(path)]))
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            sheet = app.screen
            assert isinstance(sheet, ScoreScreen) and restyled == []
            first = app.export_screenshot()
    from mjtui.ui.styles import StyledOnce

    monkeypatch.setattr(StyledOnce, "on_screen_resume", lambda self, event: None)
    app = entry.resume(entry.build_parser().parse_args(["resume", str(path)]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert _same_picture(first, app.export_screenshot())


def _same_picture(one: str, other: str) -> bool:
    """Two screenshots alike but for their SVG ids (a hash of what the mouse reads too)."""
    return re.sub(r"terminal-\d+", "terminal", one) == re.sub(r"terminal-\d+", "terminal", other)


async def _forms_over_the_sheet(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bool, str]]:
    """Each form a sheet opens (a hand, the seats, the question before an edit replaces
    a hand): its name, whether it was restyled as a whole as it was first shown, and
    its picture."""
    from test_keys_at_once import _editing_hand_1

    from mjtui.ui.screens.confirm import ConfirmScreen
    from mjtui.ui.screens.hand_form import HandForm
    from mjtui.ui.screens.seats import SeatsScreen

    shown: list[tuple[str, bool, str]] = []

    async def seen(name: str, kind: type) -> None:
        await until(pilot, lambda: isinstance(app.screen, kind), name)
        await pilot.pause()
        shown.append((name, app.screen in restyled, app.export_screenshot()))

    with _whole_screens_restyled(monkeypatch) as restyled:
        app = entry.new_series(entry.build_parser().parse_args(["--ruleset", "hp11c"]))
        async with app.run_test(size=SIZE) as pilot:
            sheet = await _editing_hand_1(pilot)  # the second hand form of the series
            await seen("hand", HandForm)
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is sheet, "the sheet")
            await pilot.press("s")
            await seen("seats", SeatsScreen)
            await pilot.press("escape")
            await until(pilot, lambda: app.screen is sheet, "the sheet")
            await pilot.press("e", "enter", "9", "ctrl+s")
            await seen("question", ConfirmScreen)
    return shown


async def test_the_forms_over_the_sheet_are_styled_once_as_they_are_first_shown(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Textual styles each widget of a form as it mounts it, and then restyled the whole
    form as it was first shown (ui/styles.py StyledOnce): some 50 ms a form, every hand
    typed. Left out, the forms look the same."""
    once = await _forms_over_the_sheet(monkeypatch)
    assert [(name, whole) for name, whole, _ in once] == [
        (name, False) for name in ("hand", "seats", "question")
    ]
    from mjtui.ui.styles import StyledOnce

    monkeypatch.setattr(StyledOnce, "on_screen_resume", lambda self, event: None)
    twice = await _forms_over_the_sheet(monkeypatch)
    assert [whole for _, whole, _ in twice] == [True] * 3  # the restyle, where it is kept
    for (name, _, picture), (_, _, again) in zip(once, twice, strict=True):
        # The header names the session's file, by the second it was made.
        file = re.compile(r"\d{4}-\d\d-\d\d_\d{6}_")
        assert _same_picture(file.sub("", picture), file.sub("", again)), name
