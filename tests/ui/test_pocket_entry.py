"""Pilot tests of the Pocket Mahjong hand form on the score sheet, at 80x24."""

from __future__ import annotations

from datetime import datetime

from textual.widgets import Checkbox, Input, OptionList, Select, Static

from mjtui import paths
from mjtui.cli import entry
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.scorebook import Scorebook
from mjtui.core.sessions.session_file import new_session_path
from mjtui.systems.pocket.system import Win
from mjtui.ui.app import MjtuiApp
from mjtui.ui.screens.hand_form import HandForm
from mjtui.ui.screens.score import ScoreScreen
from mjtui.ui.widgets.scoreboard import Scoreboard

SIZE = (80, 24)
NAMES = ("[b]Ann", "Bob", "Cy", "Di")


def sheet_app(name: str = "pocket") -> MjtuiApp:
    ruleset = RulesetLibrary(paths.ruleset_folders()).get(name)
    session = Session(
        ruleset=ruleset, players=NAMES, started=datetime(2026, 11, 29, 23, 0).astimezone()
    )
    return MjtuiApp(book=Scorebook(session, new_session_path(paths.sessions_dir(), session)))


def totals(app: MjtuiApp) -> list[int]:
    board = app.screen.query_one(Scoreboard)
    return [
        int(str(board.get_cell_at((row, 3))).replace(",", "")) for row in range(board.row_count)
    ]


def winds(app: MjtuiApp) -> list[str]:
    board = app.screen.query_one(Scoreboard)
    return [str(board.get_cell_at((row, 2))).split()[0] for row in range(board.row_count)]


def text(app: MjtuiApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


def field(app: MjtuiApp, key: str) -> Input:
    return app.screen.query_one(f"#ff-{key}", Input)


async def test_new_series_offers_pocket_with_its_start_points() -> None:
    app = entry.new_series(entry.build_parser().parse_args(["--ruleset", "pocket"]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        offered = [
            str(o.prompt) for o in app.screen.query_one(Select).query_one(OptionList).options
        ]
        assert any("(pocket)" in o for o in offered)
        assert any("(pocket-3fan)" in o for o in offered)
        assert app.screen.query_one("#start-points", Input).value == "5000"
        for name in ("Ann", "Bob", "Cy", "Di"):
            await pilot.press(*name, "enter")
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        assert totals(app) == [5000] * 4
        assert "East round · starter Ann" in text(app, "#status")


async def test_the_form_shows_the_model_and_walks_its_fields() -> None:
    """Wiring only: what is typed and what it means is tests/systems/test_pocket_entry_model.py."""
    app = sheet_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # Cy off Bob, fan typed: the focus starts on the fan; the tiles are then left out.
        await pilot.press("3")
        await pilot.pause()
        assert isinstance(app.screen, HandForm)
        assert app.focused is field(app, "fan")
        await pilot.press("2", "enter")
        assert field(app, "tiles").disabled and app.focused is field(app, "from")
        await pilot.press("2")
        await pilot.pause()
        assert text(app, "#ff-name-winner") == "Cy (West)"
        assert text(app, "#ff-name-from") == "Bob (South)"
        # Under the minimum: the reason shows and confirming keeps the form open.
        assert "2 fan is under the minimum of 3 fan" in text(app, "#ff-error")
        assert text(app, "#ff-next") == ""
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, HandForm)
        field(app, "fan").focus()
        await pilot.press("backspace", "4")
        await pilot.pause()
        assert text(app, "#ff-error") == ""
        assert "Next: East round · starter Bob" in text(app, "#ff-next")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        assert totals(app) == [4992, 4984, 5032, 4992]
        assert winds(app) == ["North", "East", "South", "West"]

        # Bob (now the starter) self-draws on the last tile, from his tiles: Enter
        # walks from the fan to the tiles, then the situations a self-draw can have.
        await pilot.press("2", "t", "enter")
        assert app.focused is field(app, "tiles")
        await pilot.press(*"123m456m789m111z55m")
        await pilot.pause()
        assert field(app, "fan").disabled
        assert app.screen.query_one("#ff-robbing-kong", Checkbox).disabled
        assert "Seat Wind (East) 1 = 7 fan" in text(app, "#ff-lines")
        await pilot.press("enter")
        assert app.focused.id == "ff-kong-replacement"
        await pilot.press("enter", "space")
        await pilot.pause()
        assert app.screen.query_one("#ff-last-tile", Checkbox).value
        assert text(app, "#ff-lines").endswith("Win on the Last Tile 1 = 8 fan")
        await pilot.press("ctrl+s")
        await pilot.pause()
        hand = Win(1, 8, tiles="123m456m789m111z55m", context=("last-tile",))
        assert app.book.session.hands == [Win(2, 4, discarder=1), hand]

        # Editing shows the hand as it was typed.
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, HandForm)
        assert field(app, "outcome").value == "t" and field(app, "winner").value == "2"
        assert field(app, "tiles").value == "123m456m789m111z55m"
        assert app.screen.query_one("#ff-last-tile", Checkbox).value
        assert app.focused is field(app, "outcome")
        await pilot.press("escape")
        await pilot.pause()
        assert app.book.session.hands == [Win(2, 4, discarder=1), hand]


async def test_flowers_and_seasons_are_typed_after_the_tiles() -> None:
    """Wiring only: hk-common plays the bonus tiles; Enter walks from the tiles and
    the situations to the flowers and seasons, and the hand keeps them."""
    app = sheet_app("hk-common")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # Cy (West, own number 3) self-draws: tiles, then the flowers and seasons.
        await pilot.press("3", "t", "enter")
        assert app.focused is field(app, "tiles")
        await pilot.press(*"111m999p[111z]555z99s", "enter")
        while app.focused is not field(app, "flowers"):  # the situations' boxes
            assert isinstance(app.focused, Checkbox)
            await pilot.press("enter")
        await pilot.press(*"13", "enter", "3")
        await pilot.pause()
        assert text(app, "#ff-note-bonus") == "1-4 each · own: 3 (West)"
        assert "Own Flower (flower 3) 1 · Own Flower (season 3) 1" in text(app, "#ff-lines")
        # A flower typed twice is refused with the reason; Enter does not confirm it.
        field(app, "flowers").focus()
        await pilot.press("1")
        await pilot.pause()
        assert text(app, "#ff-error") == (
            "Flowers: flower 1 is given twice: there is one flower of each number"
        )
        await pilot.press("backspace", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        hand = app.book.session.hands[-1]
        assert (hand.winner, hand.flowers, hand.seasons) == (2, (1, 3), (3,))
        # Self-draw, round wind (East), all triplets, a dragon, mixed orphans, two own.
        assert hand.fan == 1 + 1 + 3 + 1 + 1 + 2


async def test_the_pocket_form_has_no_bonus_fields() -> None:
    app = sheet_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("3", "t")
        await pilot.pause()
        assert not app.screen.query("#ff-row-bonus")  # not in the form at all
        assert not app.screen.query("#ff-flowers")
