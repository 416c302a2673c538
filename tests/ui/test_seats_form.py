"""The seats form of the score sheet (s): what its fields mean (core/model/seats.py read_change)
and its wiring: the change is the one `mjtui seats` makes, saved, and the sheet shows it."""

from __future__ import annotations

from datetime import datetime

import pytest
from textual.widgets import Input, Static
from waiting import until

from mjtui import paths
from mjtui.core.errors import HandError
from mjtui.core.model.seats import SeatChange, Seating, read_change
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.scorebook import Scorebook
from mjtui.core.sessions.session_file import load_session, new_session_path
from mjtui.systems.riichi.system import ExhaustiveDraw, Win, Winner
from mjtui.ui.app import MjtuiApp
from mjtui.ui.screens.score import ScoreScreen
from mjtui.ui.screens.seats import SeatsScreen
from mjtui.ui.widgets.scoreboard import Scoreboard

NAMES = ("Ann", "Bob", "Chen", "Dora")


def library() -> RulesetLibrary:
    return RulesetLibrary(paths.ruleset_folders())


def fields(**given: str) -> dict[str, str]:
    return {"kind": "w", "seat": "", "other": "", "name": "", "start": "", **given}


def test_the_fields_read_as_the_command_line_reads_its_options():
    seating = Seating(NAMES)
    assert read_change(seating, 3, fields(seat="1", other="3", start="2")) == seating.swap(
        0, 2, 2, 3
    )
    assert read_change(seating, 3, fields(seat="1", other="3", start="1")) == Seating(
        ("Chen", "Bob", "Ann", "Dora")
    )
    # An empty start: the next hand.
    assert read_change(seating, 3, fields(kind="s", seat="2", name=" Eve ")) == Seating(
        NAMES, (SeatChange(4, ("Ann", "Eve", "Chen", "Dora")),)
    )


@pytest.mark.parametrize(
    "given, message",
    [
        (fields(kind=""), "type w to swap"),
        (fields(), "the seat is missing"),
        (fields(seat="1"), "the other seat is missing"),
        (fields(seat="1", other="1"), "seat 1 twice"),
        (fields(seat="5", other="1"), "seats are 1 to 4"),
        (fields(seat="1", other="2", start="9"), "hand 9 is not in this session"),
        (fields(kind="s", seat="1"), "needs a name"),
        (fields(kind="s", seat="1", name="ann"), "Ann sits in seat 1 already"),
        (fields(kind="s", seat="1", name="Bob"), "cannot sit in two seats"),
    ],
)
def test_what_is_missing_or_wrong_is_said(given, message):
    with pytest.raises(HandError, match=message):
        read_change(Seating(NAMES), 3, given)


def book() -> Scorebook:
    session = Session(
        library().get("riichi-tenhou"), NAMES, datetime(2026, 11, 30, 20, 0).astimezone()
    )
    for hand in (Win((Winner(2, han=3, fu=40),), discarder=0), ExhaustiveDraw(tenpai=(1,))):
        session.add(hand)
    sheet = Scorebook(session, new_session_path(paths.sessions_dir(), session))
    sheet.save()
    return sheet


async def test_s_on_the_sheet_swaps_seats_and_puts_in_a_substitute() -> None:
    sheet = book()
    totals = list(sheet.session.state.totals)
    app = MjtuiApp(book=sheet)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        # Swap seats 1 and 3 from hand 2 on: seat, Enter, the other seat, "2" over the
        # next hand's number, confirm.
        await pilot.press("s", "1", "enter", "3", "enter", "2", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        saved = load_session(sheet.path, library().get).session
        assert saved.players == NAMES
        assert saved.seat_changes == (SeatChange(2, ("Chen", "Bob", "Ann", "Dora")),)
        assert list(saved.state.totals) == totals  # the points stay with the seats
        board = app.screen.query_one(Scoreboard)
        assert [str(board.get_row_at(r)[1]) for r in range(4)] == ["Chen", "Bob", "Ann", "Dora"]

        # Eve takes over seat 2 from the next hand: s in the seat field picks the
        # substitute, the name field comes after the seat, the start is the next hand.
        await pilot.press("s", "s", "2", "enter", *"Eve", "enter", "enter", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        saved = load_session(sheet.path, library().get).session
        assert saved.names_at(1) == ("Chen", "Bob", "Ann", "Dora")
        assert saved.current_players == ("Chen", "Eve", "Ann", "Dora")
        assert [str(board.get_row_at(r)[1]) for r in range(4)] == ["Chen", "Eve", "Ann", "Dora"]

        # A wrong change is refused in the form and nothing is saved; Esc leaves it.
        await pilot.press("s", "1", "enter", "1", "ctrl+s")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, SeatsScreen)
        assert "seat 1 twice" in str(form.query_one("#st-error", Static).render())
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        assert load_session(sheet.path, library().get).session.seat_changes == saved.seat_changes


async def test_the_seats_form_fits_80x24() -> None:
    app = MjtuiApp(book=book())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, SeatsScreen)
        # Nothing typed yet: nothing is wrong yet, and nothing is said in red.
        assert str(form.query_one("#st-error", Static).render()) == ""
        for widget in form.query("#st-help, #st-ok, #st-start, #st-title"):
            region = widget.region
            assert region.height and region.bottom <= 24 and region.right <= 80, widget
        assert form.query_one("#st-name", Input).disabled
        await pilot.press("ctrl+s")  # asked for: now it is said
        await pilot.pause()
        assert "the seat is missing" in str(form.query_one("#st-error", Static).render())


async def test_the_replay_names_the_seats_as_they_were_at_each_step() -> None:
    sheet = book()
    sheet.change_seats(Seating(NAMES).swap(0, 2, 2, 2))
    app = MjtuiApp(replay=sheet.session, replay_name=sheet.path.name)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.query_one(Scoreboard)
        names = lambda: [str(board.get_row_at(r)[1]) for r in range(4)]  # noqa: E731
        assert names() == ["Chen", "Bob", "Ann", "Dora"]  # after hand 2, seats swapped
        await pilot.press("home")
        await pilot.pause()
        assert names() == list(NAMES)
        status = str(app.screen.query_one("#status", Static).render())
        assert "next East: Ann" in status


async def test_the_history_names_each_seat_as_it_was_in_the_hands_shown() -> None:
    """After a substitute (Eve for Bob from hand 3), the column over Bob's hands is
    not headed by Eve alone."""
    sheet = book()
    session = sheet.session
    session.seat_changes = (SeatChange(3, ("Ann", "Eve", "Chen", "Dora")),)
    session.add(ExhaustiveDraw(tenpai=(1,)))
    sheet.save()
    app = MjtuiApp(book=sheet)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        from mjtui.ui.widgets.hands_table import HandsTable

        table = app.screen.query_one(HandsTable)
        assert table._names[1] == "Bob/Eve"
        assert table._names[0] == "Ann"


def test_the_library_names_a_leading_seat_by_everyone_who_played_it() -> None:
    from mjtui.core.sessions.library import summarize

    sheet = book()  # Chen (seat 3) leads after a 3 han 40 fu ron
    sheet.session.seat_changes = (SeatChange(2, ("Ann", "Bob", "Eve", "Dora")),)
    sheet.save()
    assert summarize(sheet.path, library().get).leader == "Chen/Eve"


async def test_a_hand_after_a_swap_renames_the_columns_it_is_shown_in() -> None:
    """Seats swapped on the sheet for the next hand, then that hand typed: the columns
    over it say who sat there since, not only who sat there before."""
    from mjtui.ui.widgets.hands_table import HandsTable

    sheet = book()
    app = MjtuiApp(book=sheet)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen.query_one(HandsTable)
        await pilot.press("s", "1", "enter", "2", "ctrl+s")  # from the next hand
        await until(pilot, lambda: sheet.session.seat_changes != (), "the swap")
        assert table._names[:2] == ["Ann", "Bob"]  # the hands shown were played so
        count = len(sheet.session.hands)
        await pilot.press("0", "ctrl+s")  # a draw, all noten
        await until(pilot, lambda: len(sheet.session.hands) == count + 1, "the hand")
        await until(pilot, lambda: table.row_count == count + 1, "its row")
        assert table._names[:2] == ["Ann/Bob", "Bob/Ann"]


async def test_a_letter_in_a_seats_number_field_is_said_not_dropped() -> None:
    """The seat and the first hand are digits: a letter typed there is refused with why
    on the form's message line (a bell alone is quiet in most terminals)."""
    app = MjtuiApp(book=book())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, SeatsScreen), "the seats form")
        await pilot.press("x")
        error = app.screen.query_one("#st-error", Static)
        await until(pilot, lambda: "'x' does not go into this field" in str(error.render()), "it")
        assert app.screen.query_one("#st-seat", Input).value == ""
        await pilot.press("2")  # a digit still goes in, and the message is the form's again
        await until(pilot, lambda: app.screen.query_one("#st-seat", Input).value == "2", "2")


async def test_a_letter_in_a_hand_forms_number_field_is_said(tmp_path) -> None:
    from mjtui.ui.screens.hand_form import HandForm

    app = MjtuiApp(book=book())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("3")
        await until(pilot, lambda: isinstance(app.screen, HandForm), "the hand form")
        await pilot.press("3", "q")  # han 3, then a letter that is no outcome
        error = app.screen.query_one("#ff-error", Static)
        await until(pilot, lambda: "'q' does not go into this field" in str(error.render()), "q")
        assert app.screen.query_one("#ff-han-0", Input).value == "3"
