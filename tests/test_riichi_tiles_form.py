"""Pilot tests of the tiles form (screens/riichi_tiles.py) from the riichi hand form."""

from __future__ import annotations

from test_riichi_screens import SIZE, error, field, sheet_app, totals
from textual.widgets import Static

from mjtui import paths
from mjtui.core.ruleset import RulesetLibrary
from mjtui.core.session_file import latest_session, load_session
from mjtui.core.systems.riichi import Win
from mjtui.core.systems.riichi.tiles_entry import TilesContext, win_context
from mjtui.ui.screens.riichi_entry import RiichiHandScreen
from mjtui.ui.screens.riichi_tiles import RiichiTilesScreen
from mjtui.ui.screens.score import ScoreScreen


def shown(app, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


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
        assert isinstance(app.screen, RiichiTilesScreen)
        title = shown(app, "#rt-title")
        assert "Bob (South)" in title and "ron" in title and "riichi" in title
        await pilot.press(*"234m406p22s567s78", "enter")
        await pilot.pause()
        assert "no suit letter" in shown(app, "#rt-error")  # the caret says where
        app.screen.query_one("#rt-tiles").focus()
        await pilot.press("end", "s", "9", "s", "enter", "1", "m")  # dora indicator 1m: 2m
        await pilot.pause()
        preview = shown(app, "#rt-preview")
        assert "riichi" in preview and "pinfu" in preview and "red fives" in preview
        assert "= 4 han 30 fu" in preview and "7700" in preview
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, RiichiHandScreen)
        assert (field(app, "han-0").value, field(app, "fu-0").value) == ("4", "30")
        assert "riichi, pinfu, dora 1, red fives 1" in shown(app, "#re-yaku")
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


async def test_typing_over_the_tiles_score_drops_the_yaku() -> None:
    app = sheet_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("1")  # Ann, the dealer, tsumo
        await pilot.pause()
        field(app, "outcome").value = "t"
        await pilot.press("ctrl+t")
        await pilot.pause()
        await pilot.press(*"123m456p789s1122z2z", "ctrl+s")  # menzen tsumo, 40 fu
        await pilot.pause()
        assert isinstance(app.screen, RiichiHandScreen)
        han = field(app, "han-0").value
        assert field(app, "fu-0").value == "40"
        assert "Ann: " in shown(app, "#re-yaku") and "not kept" not in shown(app, "#re-yaku")
        field(app, "han-0").value = str(int(han) + 1)
        await pilot.pause()
        assert "not kept" in shown(app, "#re-yaku")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        hand = app.screen.book.session.hands[0]  # type: ignore[attr-defined]
        assert hand.winners[0].yaku == () and hand.winners[0].tiles == ""


async def test_the_tiles_form_needs_a_winner_first() -> None:
    app = sheet_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("0")  # a draw form: no winner to score
        await pilot.pause()
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert isinstance(app.screen, RiichiHandScreen)
        assert "first the outcome" in error(app)


def test_situation_letters_follow_how_the_hand_was_won() -> None:
    ron = TilesContext("Bob", tsumo=False, seat_wind=1, round_wind=0, riichi=True, honba=2)
    ctx = win_context(ron, "ilh", (0,), ())
    assert ctx.houtei and not ctx.haitei and ctx.ippatsu and ctx.riichi
    assert ctx.chiihou and not ctx.tenhou and ctx.honba == 2 and ctx.dora == (0,)
    dealer = TilesContext("Ann", tsumo=True, seat_wind=0, round_wind=1, riichi=True, honba=0)
    ctx = win_context(dealer, "dLH", (), ())
    assert ctx.double_riichi and not ctx.riichi and ctx.haitei and ctx.tenhou


async def test_a_yakuman_from_the_tiles_keeps_its_name_while_the_form_is_unfinished() -> None:
    app = sheet_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("1")  # Ann ron; the discarder not typed yet
        await pilot.pause()
        await pilot.press("ctrl+t")
        await pilot.pause()
        await pilot.press(*"19m19p19s1234567z1z")
        await pilot.pause()
        assert "= 1 yakuman" in shown(app, "#rt-preview")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert field(app, "yakuman-0").value == "1" and field(app, "han-0").value == ""
        assert "Ron off" in error(app)
        assert "kokushi" in shown(app, "#re-yaku") and "not kept" not in shown(app, "#re-yaku")
        field(app, "from").value = "2"
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("escape")  # the 48,000 busts Bob: the standings are shown first
        await pilot.pause()
        hand = app.screen.book.session.hands[0]  # type: ignore[attr-defined]
        assert hand.winners[0].yakuman == 1 and "kokushi" in hand.winners[0].yaku[0]
