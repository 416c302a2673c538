"""Pilot tests of the session library, the trash, what-if and statistics screens.

Every figure is worked out by hand below. Names that look like markup
("[b]Ann", "Bob[/]") must show exactly as typed, on every screen.
"""

from __future__ import annotations

import os
from dataclasses import replace
from datetime import datetime
from pathlib import Path

import pytest
from textual.app import App
from textual.widgets import DataTable, Input, OptionList, Select, Static
from waiting import until

from mjtui import paths
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import Ruleset, load_ruleset
from mjtui.core.sessions.session_file import save_session
from mjtui.private_api import notifications
from mjtui.systems.east_doubling.system import Hand
from mjtui.ui.screens.confirm import ConfirmScreen
from mjtui.ui.screens.library import LibraryScreen, TrashScreen
from mjtui.ui.screens.replay import ReplayScreen
from mjtui.ui.screens.score import ScoreScreen
from mjtui.ui.screens.stats import StatsScreen
from mjtui.ui.screens.whatif import WhatIfScreen
from mjtui.ui.styles import BASE, ScreenStyles
from mjtui.ui.widgets.scoreboard import Scoreboard

REPO = Path(__file__).resolve().parents[2]
HP11C = REPO / "rulesets" / "hp11c.toml"
SIZE = (80, 24)  # the smallest terminal the app promises to work in

NAMES = ("[b]Ann", "Bob[/]", "Cy", "Di")
# Night 1 (start 10000, East x2; the hands of test_stats and test_whatif):
#   hand 1 East [b]Ann, Cy wins 10 4 50 6:  -80 -64 +200 -56
#   hand 2 a draw; Bob[/] (East since hand 1) stays East
#   hand 3 East Bob[/], [b]Ann wins 40 10 20 8: +160 -96 -8 -56
#   totals 10080 9840 10192 9888, nets +80 -160 +192 -112; Cy leads.
NIGHT1 = [Hand(2, (10, 4, 50, 6)), Hand(None, (0, 0, 0, 0)), Hand(0, (40, 10, 20, 8))]
# Night 2 ("[b]ann " Eve Cy Bob[/]): Eve wins 8 with "[b]ann " East:
#   Eve +32 (8 x2 from East, 8 each from Cy and Bob[/]); ann -16, Cy -8, Bob[/] -8.
NIGHT2 = [Hand(1, (0, 8, 0, 0))]

DAMAGED = """\
format = "mjtui-session/1"
ruleset = "hp11c"
players = ["Gus", "Hal", "Ida", "Jo"]
started = 2026-10-20T19:00:00

[[hands]]
winner = 3
points = [10, 4, 50, 6]

[[hands]]
winner = 7
points = [8, 0, 0, 0]
"""
UNREADABLE = 'format = "mjtui-session/9"\nruleset = "hp11c"\nplayers = ["Kim", "Lu", "Mo", "Ned"]\n'

CLUB_RULESET = """\
name = "Club [25k]"
system = "east-doubling"
description = "start 25000, East pays and receives triple"

[table]
players = 4
start_points = 25000

[payments]
east_multiplier = 3

[rotation]
on_east_win = "stay"
on_other_win = "next"
on_draw = "stay"
"""


class _App(ScreenStyles, App):
    """A bare app with the library on top, as `mjtui library` will show it."""

    CSS_PATH = str(BASE)
    ENABLE_COMMAND_PALETTE = False

    def on_mount(self) -> None:
        self.push_screen(LibraryScreen())


def hp11c(rid: str = "hp11c") -> Ruleset:
    return replace(load_ruleset(HP11C), id=rid)


def save(name: str, players, started: datetime, hands, ruleset: Ruleset | None = None) -> Path:
    session = Session(ruleset or hp11c(), tuple(players), started)
    for hand in hands:
        session.add(hand)
    path = paths.sessions_dir() / name
    save_session(session, path)
    return path


def write(name: str, text: str) -> Path:
    path = paths.sessions_dir() / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def library(folders) -> dict[str, Path]:
    """Newest first: night2 (club), night1, damaged, broken (no date: its file time, old)."""
    files = {
        "night1": save("night1.toml", NAMES, datetime(2026, 11, 1, 20), NIGHT1),
        "night2": save(
            "night2.toml",
            ("[b]ann ", "Eve", "Cy", "Bob[/]"),
            datetime(2026, 11, 8, 20),
            NIGHT2,
            ruleset=hp11c("club"),
        ),
        "damaged": write("damaged.toml", DAMAGED),
        "broken": write("broken.toml", UNREADABLE),
    }
    old = datetime(2020, 1, 1).timestamp()
    os.utime(files["broken"], (old, old))
    return files


def rows(table: DataTable) -> list[list[str]]:
    return [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


def text_of(screen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


def notices(app: App) -> list[str]:
    return [n.message for n in notifications(app)]


def totals(app: App) -> list[int]:
    board = app.screen.query_one(Scoreboard)
    return [int(str(board.get_cell_at((row, 3))).replace(",", "")) for row in range(4)]


async def go_to(pilot, name: str) -> None:
    """Put the library's cursor on a file."""
    table = pilot.app.screen.query_one("#library-table", DataTable)
    names = [s.path.name for s in table.summaries]
    table.move_cursor(row=names.index(name))
    await pilot.pause()


async def test_library_lists_good_damaged_and_unreadable_files(library) -> None:
    app = _App()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LibraryScreen)
        table = screen.query_one("#library-table", DataTable)
        assert rows(table) == [
            # "[b]ann " was saved with its space; the reader keeps names trimmed.
            [" ", "2026-11-08 20:00", "club", "[b]ann, Eve, Cy, Bob[/]", "1", "Eve"],
            [" ", "2026-11-01 20:00", "hp11c", "[b]Ann, Bob[/], Cy, Di", "3", "Cy"],
            ["!", "2026-10-20 19:00", "hp11c", "Gus, Hal, Ida, Jo", "1", "Ida"],
            ["✗", "?", "hp11c", "Kim, Lu, Mo, Ned", "?", "cannot read"],
        ]
        await pilot.press("down")
        detail = text_of(screen, "#library-detail")
        assert str(library["night1"]) in detail
        # The names show as typed, in the table and on the screen itself.
        assert "[b]Ann 10,080 · Bob[/] 9,840 · Cy 10,192 · Di 9,888 after 3 hands" in detail
        assert "[b]Ann,&#160;Bob[/]" in app.export_screenshot()

        await pilot.press("down")
        detail = text_of(screen, "#library-detail")
        assert "! damaged: " in detail and "hand 2 (line 10)" in detail
        assert "seat from 1 to 4, got 7" in detail

        await pilot.press("down")
        detail = text_of(screen, "#library-detail")
        assert "✗ cannot be read: " in detail and "key 'format'" in detail
        # Opening it says why, and the list stays.
        for key in ("enter", "r", "w"):
            await pilot.press(key)
            await pilot.pause()
            assert app.screen is screen
        assert sum("mjtui-session/9" in m for m in notices(app)) == 3

        # The damaged one opens without its bad hand, keeps a copy and says so.
        await pilot.press("up", "enter")
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        assert len(app.screen.book.session.hands) == 1
        # Said once the sheet is up, which a loaded machine may take a few pauses to reach.
        await until(
            pilot,
            lambda: (
                any("hand 2 (line 10)" in m for m in notices(app))
                and any("damaged.toml.damaged" in m for m in notices(app))
            ),
            "the warning of what was not loaded",
        )
        assert (library["damaged"].parent / "damaged.toml.damaged").read_text() == DAMAGED


async def test_an_empty_library_says_how_to_start(folders) -> None:
    app = _App()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        empty = app.screen.query_one("#library-empty", Static)
        assert empty.display and "Start one with the command mjtui" in str(empty.render())
        assert not app.screen.query_one("#library-table").display
        await pilot.press("enter", "r", "d")  # nothing to open: a notice, no crash
        await pilot.pause()
        assert isinstance(app.screen, LibraryScreen)


async def test_filter_by_player_as_typed_and_by_ruleset(library) -> None:
    app = _App()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        table = app.screen.query_one("#library-table", DataTable)

        def shown() -> list[str]:
            return [s.path.name for s in table.summaries]

        await pilot.press("slash")
        player = app.screen.query_one("#library-player", Input)
        assert app.focused is player
        await pilot.press("A", "N")
        await pilot.pause()
        assert shown() == ["night2.toml", "night1.toml"]  # "[b]ann " and "[b]Ann", any case
        player.value = "[b]"  # brackets are letters too
        await pilot.pause()
        assert shown() == ["night2.toml", "night1.toml"]
        player.value = "iDa"
        await pilot.pause()
        assert shown() == ["damaged.toml"]
        player.value = ""
        await pilot.press("enter")
        await pilot.pause()
        assert app.focused is table and len(shown()) == 4

        # The ruleset menu: all, then by id: club, hp11c.
        select = app.screen.query_one("#library-ruleset", Select)
        assert [str(option.prompt) for option in select.query_one(OptionList).options] == [
            "All rulesets",
            "HP-11C East doubling (club)",
            "HP-11C East doubling (hp11c)",
        ]
        await pilot.press("f", "enter", "down", "enter")
        await pilot.pause()
        assert select.value == "club" and shown() == ["night2.toml"]
        await pilot.press("enter", "down", "enter")
        await pilot.pause()
        assert shown() == ["night1.toml", "damaged.toml", "broken.toml"]
        await pilot.press("escape", "slash", "x")
        await pilot.pause()
        assert shown() == []
        assert "No series matches the filter (4 saved)" in text_of(app.screen, "#library-empty")


async def test_delete_asks_moves_to_the_trash_and_the_trash_restores(library) -> None:
    app = _App()
    trash = paths.trash_dir()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        library_screen = app.screen
        await go_to(pilot, "night1.toml")
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert "[b]Ann, Bob[/], Cy, Di" in text_of(app.screen, "#confirm-question")
        await pilot.press("n")  # no: nothing moves
        await pilot.pause()
        assert app.screen is library_screen and library["night1"].exists()
        await pilot.press("d", "enter")  # Enter is on "Keep"
        await pilot.pause()
        assert app.screen is library_screen and library["night1"].exists()

        await pilot.press("d", "y")
        await pilot.pause()
        assert app.screen is library_screen
        assert not library["night1"].exists()
        assert (trash / "night1.toml").is_file()
        assert any(f"Moved to the trash: {trash / 'night1.toml'}" in m for m in notices(app))
        names = [s.path.name for s in library_screen.query_one("#library-table").summaries]
        assert names == ["night2.toml", "damaged.toml", "broken.toml"]

        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, TrashScreen)
        trash_rows = rows(app.screen.query_one("#trash-table", DataTable))
        assert trash_rows == [
            [" ", "2026-11-01 20:00", "hp11c", "[b]Ann, Bob[/], Cy, Di", "3", "Cy"]
        ]
        await pilot.press("enter")
        await pilot.pause()
        assert library["night1"].is_file() and not (trash / "night1.toml").exists()
        assert any(f"Restored: {library['night1']}" in m for m in notices(app))
        assert app.screen.query_one("#trash-table").row_count == 0
        assert app.screen.query_one("#trash-empty").display
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is library_screen
        names = [s.path.name for s in library_screen.query_one("#library-table").summaries]
        assert names == ["night2.toml", "night1.toml", "damaged.toml", "broken.toml"]


async def test_enter_resumes_and_r_replays_with_the_right_totals(library) -> None:
    app = _App()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        library_screen = app.screen
        await go_to(pilot, "night1.toml")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        assert app.screen.book.path == library["night1"]
        assert totals(app) == [10080, 9840, 10192, 9888]
        # A hand played here (as the hand form would record it) is saved and
        # shows in the list on the way back.
        # Hand 4, East Cy (passed on in hand 3): Di wins 10 and gets 10 from
        # [b]Ann, 20 from Cy (East pays double), 10 from Bob[/]: +40; the others
        # scored 0: -10, -10, -20.
        app.screen.book.add(Hand(3, (0, 0, 0, 10)))
        app.screen.render_state()
        assert totals(app) == [10070, 9830, 10172, 9928]
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is library_screen
        assert rows(library_screen.query_one("#library-table", DataTable))[1][4] == "4"

        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert totals(app) == [10070, 9830, 10172, 9928]
        await pilot.press("home", "right")
        await pilot.pause()
        assert totals(app) == [9920, 9936, 10200, 9944]
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is library_screen


@pytest.fixture
def club_ruleset(folders) -> None:
    folders["rulesets"].mkdir(parents=True)
    (folders["rulesets"] / "club.toml").write_text(CLUB_RULESET, encoding="utf-8")


async def whatif_screen(pilot) -> WhatIfScreen:
    await pilot.pause()
    await go_to(pilot, "night1.toml")
    await pilot.press("w")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, WhatIfScreen)
    return screen


def field(screen: WhatIfScreen, key: str) -> Input:
    return screen.query_one(f"#whatif-rule-{screen.keys.index(key)}", Input)


async def test_whatif_start_points_25000_and_east_x3(library, club_ruleset) -> None:
    app = _App()
    async with app.run_test(size=SIZE) as pilot:
        screen = await whatif_screen(pilot)
        assert screen.keys == [
            "table.players",
            "table.start_points",
            "payments.east_multiplier",
            "rotation.on_east_win",
            "rotation.on_other_win",
            "rotation.on_draw",
        ]
        assert [field(screen, k).value for k in screen.keys] == [
            "4",
            "10000",
            "2",
            "stay",
            "next",
            "stay",
        ]
        assert app.focused is field(screen, "table.players")
        field(screen, "table.start_points").value = "25000"
        await pilot.press("tab", "tab", "3", "enter")  # Tab selects the old value: 3 replaces it
        await pilot.pause()
        # East x3 (worked in test_whatif):
        #   hand 1 East [b]Ann, Cy wins 10 4 50 6: -120 -70 +250 -60
        #   hand 3 East Bob[/], [b]Ann wins 40 10 20 8: +200 -144 +2 -58
        #   nets +80 -214 +252 -118 from 25000; as played +80 -160 +192 -112.
        assert rows(screen.query_one("#whatif-table", DataTable)) == [
            ["[b]Ann", "10,080", "25,080", "+80", "+80", "0"],
            ["Bob[/]", "9,840", "24,786", "-160", "-214", "-54"],
            ["Cy", "10,192", "25,252", "+192", "+252", "+60"],
            ["Di", "9,888", "24,882", "-112", "-118", "-6"],
        ]
        assert text_of(screen, "#whatif-diff") == (
            "Rules that differ: table.start_points 10000 → 25000 · payments.east_multiplier 2 → 3"
        )
        assert not screen.query_one("#whatif-error").display

        # The same from the installed ruleset "Club [25k]" (25000, x3), chosen as the base.
        await pilot.press("ctrl+r")  # back to the rules as played
        assert field(screen, "table.start_points").value == "10000"
        screen.query_one("#whatif-base", Select).focus()
        await pilot.press("enter", "down", "enter")
        await pilot.pause()
        assert field(screen, "table.start_points").value == "25000"
        assert field(screen, "payments.east_multiplier").value == "3"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert rows(screen.query_one("#whatif-table", DataTable))[1] == [
            "Bob[/]",
            "9,840",
            "24,786",
            "-160",
            "-214",
            "-54",
        ]
        shown = app.export_screenshot()
        assert "what&#160;if&#160;(Club&#160;[25k])" in shown  # the title, as typed
        assert "[b]Ann&#160;" in shown and "Bob[/]&#160;" in shown
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LibraryScreen)


async def test_whatif_bad_values_show_their_message_and_keep_the_form(library) -> None:
    app = _App()
    async with app.run_test(size=SIZE) as pilot:
        screen = await whatif_screen(pilot)
        error = screen.query_one("#whatif-error", Static)
        table = screen.query_one("#whatif-table", DataTable)
        await pilot.press("tab", "tab", "0", "enter")
        await pilot.pause()
        message = str(error.render())
        assert error.display
        assert (
            "[rules] (what-if changes): key 'payments.east_multiplier': expected an "
            "integer >= 1, got 0 (integer)" in message
        )
        assert field(screen, "payments.east_multiplier").value == "0"  # as typed
        assert not table.display

        field(screen, "payments.east_multiplier").value = "two"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert (
            "key 'payments.east_multiplier': expected an integer >= 1, got 'two' (string)"
            in str(error.render())
        )
        assert field(screen, "payments.east_multiplier").value == "two"

        # Fixed, it compares; another table size cannot score these hands.
        field(screen, "payments.east_multiplier").value = "2"
        await pilot.press("enter")
        await pilot.pause()
        assert table.display and not error.display
        field(screen, "table.players").value = "3"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "is for 3 players, but the session has 4 ([b]Ann, Bob[/], Cy, Di)" in str(
            error.render()
        )
        assert not table.display


async def test_whatif_a_bad_value_out_of_sight_is_pointed_at(library) -> None:
    """On a screen shorter than the form, the error under it is out of sight: the field
    it names takes the focus, in view, and the message is said in a notice too."""
    from mjtui.private_api import notifications

    app = _App()
    async with app.run_test(size=(80, 12)) as pilot:
        screen = await whatif_screen(pilot)
        last = field(screen, "rotation.on_draw")
        last.value = "sideways"
        field(screen, "table.players").focus()
        await pilot.press("ctrl+s")
        await until(pilot, lambda: app.focused is last, "the bad field focused")
        scroll = screen.query_one("#whatif")
        await until(pilot, lambda: scroll.region.contains_region(last.region), "it in view")
        await until(pilot, lambda: bool(notifications(app)), "the notice")
        said = " ".join(n.message for n in notifications(app))
        assert "rotation.on_draw" in said and "sideways" in said


async def test_stats_screen_per_player_and_per_ruleset(library) -> None:
    app = _App()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        table = screen.query_one("#stats-table", DataTable)
        # By net: Cy +200-8-8 = +184, "[b]ann " (= "[b]Ann") -80+160-16 = +64,
        # Eve +32, Di -56-56 = -112, Bob[/] -64-96-8 = -168. Average = net / hands.
        # Columns: player, series, won, hands, won, win %, average, best hand, swing
        # (where the best hand and the swing were played is in the detail line).
        assert rows(table) == [
            ["Cy", "2", "1", "4", "1", "25.0", "+46.0", "+200", "+200"],
            ["[b]ann", "2", "0", "4", "1", "25.0", "+16.0", "+160", "+160"],
            ["Eve", "1", "1", "1", "1", "100.0", "+32.0", "+32", "+32"],
            ["Di", "1", "0", "3", "0", "0.0", "-37.3", "—", "-56"],
            ["Bob[/]", "2", "0", "4", "0", "0.0", "-42.0", "—", "-96"],
        ]
        assert text_of(screen, "#stats-count") == "2 series counted"
        shown = app.export_screenshot()
        assert "[b]ann&#160;" in shown and "Bob[/]&#160;" in shown  # as typed, not read as markup
        assert text_of(screen, "#stats-detail") == (
            "Cy: net +184 over 4 hands · best hand +200: night1.toml, hand 1 · "
            "biggest swing +200: night1.toml, hand 1"
        )
        table.move_cursor(row=4)
        await pilot.pause()
        assert "Bob[/]: net -168 over 4 hands · biggest swing -96: night1.toml, hand 3" in text_of(
            screen, "#stats-detail"
        )
        skipped = text_of(screen, "#stats-skipped")
        assert skipped.startswith(f"2 files not counted (in {paths.sessions_dir()}")
        assert "skipped, cannot be read: broken.toml: key 'format'" in skipped
        assert "skipped, damaged: damaged.toml: hand 2 (line 10)" in skipped

        # Only the hp11c ruleset: night 1 alone.
        await pilot.press("f", "enter", "down", "down", "enter")
        await pilot.pause()
        assert screen.query_one("#stats-ruleset", Select).value == "east-doubling:hp11c"
        assert rows(table) == [
            ["Cy", "1", "1", "3", "1", "33.3", "+64.0", "+200", "+200"],
            ["[b]Ann", "1", "0", "3", "1", "33.3", "+26.7", "+160", "+160"],
            ["Di", "1", "0", "3", "0", "0.0", "-37.3", "—", "-56"],
            ["Bob[/]", "1", "0", "3", "0", "0.0", "-53.3", "—", "-96"],
        ]
        assert text_of(screen, "#stats-count") == "1 series counted"
        await pilot.press("escape", "escape")  # leave the menu, then the screen
        await pilot.pause()
        assert isinstance(app.screen, LibraryScreen)


async def test_the_library_opens_from_the_command_and_from_the_new_series_form() -> None:
    from mjtui.cli import entry
    from mjtui.ui.screens.library import LibraryScreen
    from mjtui.ui.screens.new_series import NewSeriesScreen

    app = entry.library(entry.build_parser().parse_args(["library"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LibraryScreen)

    app = entry.new_series(entry.build_parser().parse_args([]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, NewSeriesScreen)
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert isinstance(app.screen, LibraryScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, NewSeriesScreen)
