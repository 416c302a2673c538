"""Pilot tests of the Pocket Mahjong hand form on the score sheet, at 80x24."""

from __future__ import annotations

from datetime import datetime

from textual.widgets import Checkbox, Input, Select, Static

from mjtui import paths
from mjtui.cli import entry
from mjtui.core.ruleset import RulesetLibrary
from mjtui.core.scorebook import Scorebook
from mjtui.core.session import Session
from mjtui.core.session_file import new_session_path
from mjtui.core.systems import SYSTEMS
from mjtui.core.systems.pocket import Draw, FalseWin, Win
from mjtui.ui.app import MjtuiApp
from mjtui.ui.forms import form_class
from mjtui.ui.screens.pocket_entry import PocketHandScreen
from mjtui.ui.screens.score import ScoreScreen
from mjtui.ui.widgets.scoreboard import Scoreboard

SIZE = (80, 24)
NAMES = ("[b]Ann", "Bob", "Cy", "Di")


def sheet_app(name: str = "pocket") -> MjtuiApp:
    ruleset = RulesetLibrary(paths.ruleset_folders()).get(name)
    session = Session(ruleset=ruleset, players=NAMES,
                      started=datetime(2026, 11, 29, 23, 0).astimezone())
    return MjtuiApp(book=Scorebook(session, new_session_path(paths.sessions_dir(), session)))


def totals(app: MjtuiApp) -> list[int]:
    board = app.screen.query_one(Scoreboard)
    return [int(str(board.get_cell_at((row, 3))).replace(",", ""))
            for row in range(board.row_count)]


def winds(app: MjtuiApp) -> list[str]:
    board = app.screen.query_one(Scoreboard)
    return [str(board.get_cell_at((row, 2))).split()[0] for row in range(board.row_count)]


def text(app: MjtuiApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


def field(app: MjtuiApp, key: str) -> Input:
    return app.screen.query_one(f"#pe-{key}", Input)


async def outcome(pilot, app: MjtuiApp, letter: str) -> None:
    field(app, "outcome").focus()
    await pilot.press("backspace", letter)


def test_the_sheet_picks_the_pocket_form() -> None:
    assert form_class(SYSTEMS["pocket"]) is PocketHandScreen


async def test_new_series_offers_pocket_with_its_start_points() -> None:
    app = entry.new_series(entry.build_parser().parse_args(["--ruleset", "pocket"]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        offered = [str(label) for label, _ in app.screen.query_one(Select)._options]
        assert any("(pocket)" in o for o in offered)
        assert any("(pocket-3fan)" in o for o in offered)
        assert app.screen.query_one("#start-points", Input).value == "5000"
        for name in ("Ann", "Bob", "Cy", "Di"):
            await pilot.press(*name, "enter")
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        assert totals(app) == [5000] * 4
        assert "East round · starter Ann" in text(app, "#status")


async def test_fan_typed_discard_draw_and_false_win() -> None:
    app = sheet_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # Cy wins off Bob with 4 fan: portion 16; Bob 16, Ann and Di 8 each.
        await pilot.press("3")
        await pilot.pause()
        assert isinstance(app.screen, PocketHandScreen)
        assert app.focused is field(app, "fan")  # the score first, then who pays it
        await pilot.press("4", "enter")
        assert app.focused is field(app, "from")  # the tiles are out once fan is typed
        await pilot.press("2")
        await pilot.pause()
        assert "Next: East round · starter Bob" in text(app, "#pe-next")
        await pilot.press("enter")  # past the last field to Confirm
        await pilot.pause()
        assert app.focused.id == "pe-confirm"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        assert totals(app) == [4992, 4984, 5032, 4992]
        assert winds(app) == ["North", "East", "South", "West"]
        assert "East round · starter Bob" in text(app, "#status")

        # Under the minimum: refused with the reason, the form stays open.
        await pilot.press("1")
        await pilot.pause()
        await pilot.press("2", "enter", "3")  # fan, then the discarder
        await pilot.pause()
        assert "2 fan is under the minimum of 3 fan" in text(app, "#pe-error")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, PocketHandScreen)
        await pilot.press("escape")
        await pilot.pause()

        # A draw: the starter stays.
        await pilot.press("0")
        await pilot.pause()
        assert field(app, "outcome").value == "d"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert "starter Bob (hand 2 as starter)" in text(app, "#status")

        # A false win by Di: the limit (128) to each other player.
        await pilot.press("0")
        await pilot.pause()
        await outcome(pilot, app, "c")
        field(app, "offender").focus()
        await pilot.press("4", "ctrl+s")
        await pilot.pause()
        assert totals(app) == [5120, 5112, 5160, 4608]
    hands = app.book.session.hands
    assert hands == [Win(2, 4, discarder=1), Draw(), FalseWin(3)]


async def test_tiles_show_each_pattern_and_edit_back() -> None:
    app = sheet_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # Ann (the starter, seat wind East, East round) self-draws a semi-pure hand
        # with an East triplet on the last tile.
        await pilot.press("1")
        await pilot.pause()
        await outcome(pilot, app, "t")
        field(app, "tiles").focus()
        await pilot.press(*"123m456m789m111z55m")
        await pilot.pause()
        assert field(app, "fan").disabled
        patterns = text(app, "#pe-patterns")
        assert "Chi Mo (self-draw) 1" in patterns and "Semi-Pure Hand 3" in patterns
        assert "Round Wind (East) 1 · Seat Wind (East) 1 = 7 fan" in patterns
        await pilot.press("tab", "tab", "tab", "space")  # the Last tile box
        await pilot.pause()
        assert app.screen.query_one("#pe-last-tile", Checkbox).value
        assert "Win on the Last Tile 1 = 8 fan" in text(app, "#pe-patterns")
        # A typo in the tiles: the reason, with a caret, and no hand.
        field(app, "tiles").focus()
        await pilot.press("end", "x", "5", "m")  # x is not a tile character: not typed
        await pilot.pause()
        assert "a complete hand has 14 tiles" in text(app, "#pe-error")
        assert text(app, "#pe-patterns") == ""
        await pilot.press("backspace", "backspace")
        await pilot.pause()
        assert text(app, "#pe-error") == ""
        await pilot.press("ctrl+s")
        await pilot.pause()
        # 8 fan half-spicy: 64 from each.
        assert totals(app) == [5192, 4936, 4936, 4936]
        hand = app.book.session.hands[0]
        assert hand == Win(0, 8, tiles="123m456m789m111z55m", context=("last-tile",))

        # Editing shows the tiles and the box as they were typed.
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, PocketHandScreen)
        assert field(app, "tiles").value == "123m456m789m111z55m"
        assert field(app, "outcome").value == "t"
        assert app.screen.query_one("#pe-last-tile", Checkbox).value
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.book.session.hands == [hand]


async def test_guarantor_pays_all() -> None:
    app = sheet_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        await outcome(pilot, app, "t")
        await pilot.press("enter", "enter", "5", "enter")  # winner, fan, then the guarantor
        assert app.focused is field(app, "guarantor")
        await pilot.press("4", "ctrl+s")
        await pilot.pause()
        assert totals(app) == [5000, 5072, 5000, 4928]  # 5 fan: 3 x 24 from Di
