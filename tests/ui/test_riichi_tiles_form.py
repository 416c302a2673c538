"""Pilot tests of the tiles form (TilesForm in systems/riichi/form.py) from the hand form.

What the tiles read into, and which rows keep them, is tested without the app in
test_riichi_entry.py; these test the wiring.
"""

from __future__ import annotations

from datetime import datetime

import pytest
from test_riichi_screens import SIZE, field, sheet_app, totals
from textual.widgets import Static
from waiting import until

from mjtui import paths
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.ledger import latest_session
from mjtui.core.sessions.scorebook import Scorebook
from mjtui.core.sessions.session_file import load_session, new_session_path
from mjtui.systems.riichi.system import Win
from mjtui.ui.app import MjtuiApp
from mjtui.ui.screens.confirm import ConfirmScreen
from mjtui.ui.screens.field_form import FieldForm
from mjtui.ui.screens.hand_form import HandForm
from mjtui.ui.screens.score import ScoreScreen


def shown(app, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


def footer_says(app, action: str) -> list[str]:
    """What the footer of the screen on top names the key of ``action``."""
    from mjtui.private_api import footer_key_type

    return [k.description for k in app.screen.query(footer_key_type()) if k.action == action]


async def test_tiles_fill_han_and_fu_and_the_yaku_stay_with_the_hand() -> None:
    app = sheet_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # Bob (South) ron off Cy with riichi: riichi, pinfu, dora 1, a red five = 4 han 30 fu.
        await pilot.press("2")
        await pilot.pause()
        field(app, "riichi").value = "2"
        field(app, "from").value = "3"
        field(app, "han-0").focus()
        await pilot.press("ctrl+t")  # ctrl+t opens the tiles form
        await pilot.pause()
        assert type(app.screen) is FieldForm
        title = shown(app, "#ff-title")
        assert "Bob (South)" in title and "ron" in title and "riichi" in title
        await pilot.press(*"234m406p22s567s78", "enter")
        await pilot.pause()
        assert "no suit letter" in shown(app, "#ff-error")  # the caret says where
        app.screen.query_one("#ff-tiles").focus()
        await pilot.press("end", "s", "9", "s", "enter", "1", "m")  # dora indicator 1m: 2m
        await pilot.pause()
        preview = shown(app, "#ff-lines")
        assert "riichi" in preview and "pinfu" in preview and "red fives" in preview
        assert "= 4 han 30 fu" in preview and "7700" in preview
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, HandForm)
        assert (field(app, "han-0").value, field(app, "fu-0").value) == ("4", "30")
        assert "riichi, pinfu, dora 1, red fives 1" in shown(app, "#ff-lines")
        assert app.focused is field(app, "from")  # on past the row's score
        # Typed over, the yaku list is dropped; typed back, it is kept again.
        field(app, "han-0").value = "5"
        await pilot.pause()
        assert "not kept" in shown(app, "#ff-lines")
        field(app, "han-0").value = "4"
        await pilot.pause()
        assert "riichi, pinfu" in shown(app, "#ff-lines")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        assert totals(app) == [25000, 25000 + 7700, 25000 - 7700, 25000]
        library = RulesetLibrary(paths.ruleset_folders())
        saved = load_session(latest_session(paths.sessions_dir()), library.get).session
        hand = saved.hands[0]
        assert isinstance(hand, Win)
        assert hand.winners[0].yaku == ("riichi", "pinfu", "dora 1", "red fives 1")
        assert hand.winners[0].tiles == "234m406p2256778s 9s"


async def test_three_players_have_a_kita_field_reached_by_enter() -> None:
    from datetime import datetime

    from mjtui.core.model.session import Session
    from mjtui.core.sessions.scorebook import Scorebook
    from mjtui.core.sessions.session_file import new_session_path
    from mjtui.ui.app import MjtuiApp

    library = RulesetLibrary(paths.ruleset_folders())
    session = Session(
        library.get("riichi-sanma"),
        ("Ann", "Bob", "Cy"),
        datetime(2026, 11, 29, 22, 0).astimezone(),
    )
    app = MjtuiApp(book=Scorebook(session, new_session_path(paths.sessions_dir(), session)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("1", "t")  # Ann (East) tsumo
        await pilot.pause()
        field(app, "han-0").focus()
        await pilot.press("ctrl+t")
        await pilot.pause()
        form = app.screen
        assert type(form) is FieldForm
        kita = form.query_one("#ff-kita")
        assert kita.display and not kita.disabled
        # Tiles, Enter, no dora, Enter: no riichi, so no ura; the kita field.
        await pilot.press(*"123p456p789s111z99m", "enter", "enter")
        await pilot.pause()
        assert app.focused is kita
        await pilot.press("2")
        await pilot.pause()
        preview = shown(app, "#ff-lines")
        assert "kita" in preview and "= 5 han" in preview  # tsumo, double East, 2 kita
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, HandForm)
        assert field(app, "han-0").value == "5"
        assert "kita 2" in shown(app, "#ff-lines")


async def test_four_players_have_no_kita_field() -> None:
    app = sheet_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "t")
        await pilot.pause()
        field(app, "han-0").focus()
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert not app.screen.query("#ff-kita")  # not in the form at all
        await pilot.press(*"123p456p789s111z99m", "enter", "enter")
        await pilot.pause()
        assert app.focused is app.screen.query_one("#ff-extras")


async def test_the_draws_tenpai_check_fills_the_field_and_asks_about_a_noten_seat() -> None:
    from mjtui.systems.riichi.system import ExhaustiveDraw
    from mjtui.ui.screens.confirm import ConfirmScreen

    app = sheet_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("0")  # a draw
        await pilot.pause()
        await pilot.press("ctrl+t")  # the tenpai check
        await pilot.pause()
        assert type(app.screen) is FieldForm and "Tenpai check" in shown(app, "#ff-title")
        # ctrl+s uses the hands checked: the footer says so, as the button does
        assert footer_says(app, "confirm") == ["Use these"]
        await pilot.press(*"234m456p22678s55z", "enter", *"13579m2468p1357s")
        await pilot.pause()
        assert shown(app, "#ff-note-seat-1") == "noten: 4 shanten"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, HandForm) and field(app, "tenpai").value == "1"
        assert footer_says(app, "confirm") == ["Confirm"]
        field(app, "tenpai").value = "12"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)  # Bob's hand was checked noten
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, HandForm)
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        assert totals(app) == [26500, 26500, 23500, 23500]  # recorded as typed
        library = RulesetLibrary(paths.ruleset_folders())
        saved = load_session(latest_session(paths.sessions_dir()), library.get).session
        assert saved.hands == [ExhaustiveDraw((0, 1))]


@pytest.mark.parametrize(
    "ruleset,letters,said",
    [
        # Bob (South) tsumo with riichi and ippatsu: 5 han, not riichi's 4.
        ("riichi-tenhou", "ri", "= 5 han 30 fu  ·  mangan 2000/4000"),
        # Bob (South) tsumo on the last tile, three players: haitei, 2 kita.
        ("riichi-sanma", "l", "= 5 han 30 fu  ·  mangan 2000/4000"),
    ],
    ids=["tenhou-ri", "sanma-l"],
)
async def test_an_edit_opens_the_tiles_form_as_the_hand_was_scored(
    ruleset: str, letters: str, said: str
) -> None:
    """The letters typed in the Also field (and the kita) come back when the recorded
    hand is edited, so the tiles used unchanged record the same hand."""
    library = RulesetLibrary(paths.ruleset_folders())
    rules = library.get(ruleset)
    players = ("Ann", "Bob", "Cy", "Di")[: rules.rules.players]
    session = Session(rules, players, datetime(2026, 12, 7, 21, 0).astimezone())
    book = Scorebook(session, new_session_path(paths.sessions_dir(), session))
    app = MjtuiApp(book=book)
    three = rules.rules.players == 3
    tiles = "123p456p22789s 555z" if three else "234m406p22678s 555z"

    def preview() -> str:
        return shown(app, "#ff-lines")

    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: isinstance(app.screen, ScoreScreen), "the score sheet")
        await pilot.press("2", "t")  # Bob tsumo
        await until(pilot, lambda: isinstance(app.screen, HandForm), "the hand form")
        field(app, "han-0").focus()
        await pilot.press("ctrl+t")
        await until(pilot, lambda: type(app.screen) is FieldForm, "the tiles form")
        await pilot.press(*tiles)
        if three:
            app.screen.query_one("#ff-kita").focus()
            await pilot.press("2")
        app.screen.query_one("#ff-extras").focus()
        await pilot.press(*letters)
        await until(pilot, lambda: said in preview(), f"{said!r} in the tiles form")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, HandForm), "back on the hand form")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: len(book.session.hands) == 1, "the hand recorded")
        recorded = book.session.hands[0]
        assert isinstance(recorded, Win) and recorded.winners[0].han == 5

        # Edit it: the tiles form opens with the letters and kita it was scored with.
        await until(pilot, lambda: isinstance(app.screen, ScoreScreen), "the score sheet")
        await pilot.press("end", "e")
        await until(pilot, lambda: isinstance(app.screen, HandForm), "the hand form, editing")
        field(app, "han-0").focus()
        await pilot.press("ctrl+t")
        await until(pilot, lambda: type(app.screen) is FieldForm, "the tiles form again")
        await until(pilot, lambda: field(app, "tiles").value, "the tiles kept")
        assert field(app, "extras").value == letters
        if three:
            assert field(app, "kita").value == "2"
        await until(pilot, lambda: said in preview(), f"{said!r} again")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, HandForm), "back on the hand form")
        assert field(app, "han-0").value == "5"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, ConfirmScreen), "the replace question")
        await pilot.press("y")
        await until(pilot, lambda: isinstance(app.screen, ScoreScreen), "the score sheet")
        assert book.session.hands == [recorded]
        saved = load_session(latest_session(paths.sessions_dir()), library.get).session
        assert saved.hands == [recorded]
