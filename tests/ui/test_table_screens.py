"""Pilot tests of the table tools' wiring: the dice key on the sheet, the seat draw on
the new-series form, at 80x24."""

from __future__ import annotations

import random
from datetime import datetime

from textual.widgets import Input, Static
from waiting import until_passes

from mjtui import paths
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.scorebook import Scorebook
from mjtui.core.sessions.session_file import new_session_path
from mjtui.core.table.draws import draw_seats, roll
from mjtui.private_api import notifications, screen_strips
from mjtui.ui.app import MjtuiApp
from mjtui.ui.screens.score import ScoreScreen

SIZE = (80, 24)
NAMES = ("Alexandra", "Benjamin", "Catherine", "Dominique")


def library() -> RulesetLibrary:
    return RulesetLibrary(paths.ruleset_folders())


def book(ruleset_id: str, names=NAMES) -> Scorebook:
    session = Session(library().get(ruleset_id), names, datetime(2026, 11, 30, 20, 0).astimezone())
    return Scorebook(session, new_session_path(paths.sessions_dir(), session))


def footer_line(app: MjtuiApp) -> str:
    return screen_strips(app.screen)[-1].text


async def test_the_dice_key_rolls_and_names_the_wall_and_dealer() -> None:
    app = MjtuiApp(book=book("riichi-tenhou"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        sheet = app.screen
        assert isinstance(sheet, ScoreScreen)
        sheet.dice_rng = random.Random(11)
        expected = roll(random.Random(11))
        await pilot.press("x")
        await pilot.pause()
        (note,) = [n for n in notifications(app) if n.title == "Dice"]
        assert expected.line() in note.message and "dealer: Alexandra" in note.message


async def test_every_sheet_footer_fits_80_columns() -> None:
    for ruleset_id, names in (
        ("riichi-tenhou", NAMES),
        ("hp11c", NAMES),
        ("pocket", NAMES),
        ("fx602p", NAMES[:2]),
    ):
        app = MjtuiApp(book=book(ruleset_id, names))
        async with app.run_test(size=SIZE) as pilot:

            def footer_whole(app: MjtuiApp = app, ruleset_id: str = ruleset_id) -> None:
                footer = footer_line(app).rstrip()
                assert len(footer) < SIZE[0], (ruleset_id, footer)
                for key in ("x Dice", "r Rules", "t Table", "q Quit"):
                    assert key in footer, (ruleset_id, footer)

            await until_passes(pilot, footer_whole)


async def test_the_library_sheet_footer_fits_too() -> None:
    from mjtui.ui.screens.library import LibraryScoreScreen

    sheet = book("riichi-tenhou")
    app = MjtuiApp(book=sheet)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(LibraryScoreScreen(sheet))

        def footer_whole() -> None:
            footer = footer_line(app)
            for key in ("f Final", "x Dice", "r Rules", "t Table", "esc Library"):
                assert key in footer, footer

        await until_passes(pilot, footer_whole)


async def test_the_new_series_form_draws_seats_before_starting() -> None:
    hp11c = library().get("hp11c")
    app = MjtuiApp(rulesets=[hp11c], ruleset=hp11c, sessions_dir=paths.sessions_dir())
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        form = app.screen
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert "type every player's name" in str(form.query_one("#seat-draw", Static).render())
        for name in ("Ann", "Bob", "Cy"):
            await pilot.press(*name, "enter")
        await pilot.press(*"Di")
        form.seat_rng = random.Random(4)
        await pilot.press("ctrl+r")
        await pilot.pause()
        seats = draw_seats(["Ann", "Bob", "Cy", "Di"], random.Random(4))
        assert [form.query_one(f"#name-{i}", Input).value for i in range(4)] == list(seats)
        shown = str(form.query_one("#seat-draw", Static).render())
        assert shown == "Seats drawn: " + " · ".join(
            f"{w} {n}" for w, n in zip(("East", "South", "West", "North"), seats, strict=False)
        )
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        assert app.screen.book.session.players == seats


async def test_the_footer_names_the_winner_keys_of_the_table_and_1_opens_seat_1s_hand() -> None:
    from mjtui.ui.key_form import KeyForm

    for ruleset_id, seats in (("riichi-tenhou", 4), ("riichi-sanma", 3), ("fx602p", 2)):
        app = MjtuiApp(book=book(ruleset_id, NAMES[:seats]))
        async with app.run_test(size=SIZE) as pilot:

            def named(app: MjtuiApp = app, seats: int = seats) -> None:
                footer = footer_line(app)
                assert f"1-{seats} Win" in footer, footer
                assert [n for n in range(1, 5) if f"1-{n} " in footer] == [seats], footer

            await until_passes(pilot, named)
            await pilot.press("1")
            await pilot.pause()
            assert isinstance(app.screen, KeyForm), ruleset_id
            assert len(app.screen_stack) == 2  # one form: one of key 1's bindings acted
