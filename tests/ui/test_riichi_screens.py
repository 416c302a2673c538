"""Pilot tests of the riichi screens: the hand form, the fu calculator, the standings."""

from __future__ import annotations

from datetime import datetime

from textual.widgets import DataTable, Input, Static
from waiting import until

from mjtui import paths
from mjtui.core.model.session import Session
from mjtui.core.reports.whatif import variant
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.scorebook import Scorebook
from mjtui.core.sessions.session_file import new_session_path
from mjtui.ui.app import MjtuiApp
from mjtui.ui.screens.field_form import FieldForm
from mjtui.ui.screens.hand_form import HandForm
from mjtui.ui.screens.score import ScoreScreen
from mjtui.ui.screens.standings import StandingsScreen
from mjtui.ui.widgets.scoreboard import Scoreboard

SIZE = (80, 24)


def east_only():
    tenhou = RulesetLibrary(paths.ruleset_folders()).get("riichi-tenhou")
    return variant(tenhou, {"length.rounds": 1, "length.extra_rounds": 0}, name="Tenhou east")


def sheet_app(ruleset=None) -> MjtuiApp:
    """The score sheet of a new series straight away (the new-series form is tested above)."""
    ruleset = ruleset or east_only()
    session = Session(
        ruleset=ruleset,
        players=("[b]Ann", "Bob", "Cy", "Di"),
        started=datetime(2026, 11, 29, 22, 0).astimezone(),
    )
    return MjtuiApp(book=Scorebook(session, new_session_path(paths.sessions_dir(), session)))


def new_app() -> MjtuiApp:
    rules = east_only()
    return MjtuiApp(rulesets=[rules], ruleset=rules, sessions_dir=paths.sessions_dir())


def totals(app: MjtuiApp) -> list[int]:
    board = app.screen.query_one(Scoreboard)
    return [
        int(str(board.get_cell_at((row, 3))).replace(",", "")) for row in range(board.row_count)
    ]


def status(app: MjtuiApp) -> str:
    return str(app.screen.query_one("#status", Static).render())


def field(app: MjtuiApp, key: str) -> Input:
    return app.screen.query_one(f"#ff-{key}", Input)


def error(app: MjtuiApp) -> str:
    return str(app.screen.query_one("#ff-error", Static).render())


async def start(pilot, names=("[b]Ann", "Bob", "Cy", "Di")) -> None:
    for name in names:
        await pilot.press(*name, "enter")
    await pilot.pause()


async def test_east_only_game_to_final_standings() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot)
        assert isinstance(app.screen, ScoreScreen)
        assert totals(app) == [25000] * 4
        assert "East 1 · dealer [b]Ann · 0 honba · 0 on the table" in status(app)

        # E1: Cy ron off Bob, 3 han 40 fu: 5200; walked with Enter to Confirm.
        await pilot.press("3")
        await pilot.pause()
        assert isinstance(app.screen, HandForm)
        assert field(app, "outcome").value == "r" and field(app, "seat-0").value == "3"
        await pilot.press("3", "enter", "4", "0", "enter", "2", "enter")  # han, fu, ron off
        # Enter skips the yakuman count; winner 2 (empty), riichi (nobody): Confirm.
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert app.focused.id == "ff-confirm"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        assert totals(app) == [25000, 19800, 30200, 25000]
        assert "East 2 · dealer Bob · 0 honba" in status(app)

        # E2: Di tsumo 2 han 40 fu with riichi (700/1300); the deposit leaves Di's
        # total at once in the preview, and comes back with the win.
        await pilot.press("4")
        await pilot.pause()
        await pilot.press("t", "2", "enter", "4", "0")  # the outcome letter from the han field
        field(app, "riichi").focus()
        await pilot.press("4")
        await pilot.pause()
        preview = str(app.screen.query_one("#ff-preview", Static).render())
        assert "24,000" in preview  # Di's 25,000 less the deposit
        assert "1000 in deposits" in preview
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert totals(app) == [24300, 18500, 29500, 27700]
        assert "East 3 · dealer Cy · 0 honba · 0 on the table" in status(app)

        # E3: exhaustive draw, Ann and Cy tenpai: 1500 each from Bob and Di; Cy deals again.
        await pilot.press("0")
        await pilot.pause()
        assert field(app, "outcome").value == "d"
        assert app.focused is field(app, "tenpai")
        await pilot.press("1", "3", "ctrl+s")
        await pilot.pause()
        assert totals(app) == [25800, 17000, 31000, 26200]
        assert "East 3 · dealer Cy · 1 honba · 0 on the table" in status(app)

        # E3 1 honba: Bob ron off Ann, 1 han 30 fu + 300. A hand the model refuses (Bob
        # off himself; every message is tested in test_riichi_entry.py) shows why and
        # keeps the form open.
        await pilot.press("2")
        await pilot.pause()
        await pilot.press("1", "enter", "3", "0", "enter", "2")  # han, fu, ron off
        await pilot.pause()
        assert "cannot win on a tile they discarded" in error(app)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, HandForm)  # refused, still open
        await pilot.press("backspace", "1")
        await pilot.pause()
        assert error(app) == ""
        assert "1300" in str(app.screen.query_one("#ff-lines").render())
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert totals(app) == [24500, 18300, 31000, 26200]
        assert "East 4 · dealer Di · 0 honba" in status(app)

        # E4: Ann ron off Cy, 4 han 30 fu: 7700 (no kiriage). The last hand: game over,
        # and the final standings open by themselves.
        await pilot.press("1")
        await pilot.pause()
        await pilot.press("4", "enter", "3", "0", "enter", "3", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, StandingsScreen)
        table = app.screen.query_one(DataTable)
        rows = [[str(c) for c in table.get_row_at(r)] for r in range(table.row_count)]
        assert [r[1] for r in rows] == ["[b]Ann", "Di", "Cy", "Bob"]
        assert [r[2] for r in rows] == ["32,200", "26,200", "23,300", "18,300"]
        assert [r[4] for r in rows] == ["+20.0", "+10.0", "-10.0", "-20.0"]  # uma
        assert [r[5] for r in rows] == ["+20.0", "0.0", "0.0", "0.0"]  # oka
        assert [r[7] for r in rows] == ["+42.2", "+6.2", "-16.7", "-31.7"]
        assert "East 4 was the last hand" in str(app.screen.query_one("#st-why").render())

        await pilot.press("escape")
        await pilot.pause()
        assert "Game over" in status(app) and "f: final standings" in status(app)
        await pilot.press("2")  # a hand key now shows the standings, not a form
        await pilot.pause()
        assert isinstance(app.screen, StandingsScreen)
        await pilot.press("escape", "u")
        await pilot.pause()
        assert totals(app) == [24500, 18300, 31000, 26200]
        assert "East 4" in status(app)


async def test_standings_key_any_time_and_chombo() -> None:
    app = sheet_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("f")
        await pilot.pause()
        assert isinstance(app.screen, StandingsScreen)
        assert "provisional" in str(app.screen.query_one("#st-title").render())
        await pilot.press("escape", "0")
        await pilot.pause()
        await pilot.press("ctrl+t")  # a draw: the tenpai check, not a winner's tiles
        await pilot.pause()
        assert "Tenpai check" in str(app.screen.query_one("#ff-title", Static).render())
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HandForm)
        field(app, "tenpai").focus()
        assert field(app, "offender").disabled
        await pilot.press("c")  # the outcome letter from the tenpai field
        await pilot.pause()
        assert app.focused is field(app, "offender")
        await pilot.press("2", "ctrl+s")
        await pilot.pause()
        # Bob (non-dealer) pays a mangan tsumo: 4000 to Ann (dealer), 2000 to the others.
        assert totals(app) == [29000, 17000, 27000, 27000]
        assert "East 1 · dealer [b]Ann" in status(app)


async def test_fu_calculator_fills_the_fu_field() -> None:
    app = sheet_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("3")
        await pilot.pause()
        await pilot.press("2", "enter", "ctrl+f")  # ctrl+f opens the fu calculator
        await pilot.pause()
        assert type(app.screen) is FieldForm
        # Kanchan wait (the codes are read by fu_entry, tested in test_riichi_entry.py):
        # 20 + 10 + 2 = 32, rounded up to 40.
        await pilot.press("enter", "enter", "k")
        await pilot.pause()
        result = str(app.screen.query_one("#ff-lines", Static).render())
        assert "32 fu rounds up to 40" in result and "kanchan" in result
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, HandForm)
        assert field(app, "fu-0").value == "40" and app.focused is field(app, "fu-0")
        await pilot.press("ctrl+f")
        await pilot.pause()
        await pilot.press("escape")  # cancelled: the field keeps its fu
        await pilot.pause()
        assert field(app, "fu-0").value == "40"


async def test_the_fu_calculator_is_not_for_a_draw() -> None:
    """ctrl+f at a draw says why nothing opens, as a draw has no fu; ctrl+t still
    opens the tenpai check there."""
    app = sheet_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("0")
        await until(pilot, lambda: isinstance(app.screen, HandForm), "the draw's form")
        form = app.screen
        await pilot.press("ctrl+f")
        await until(pilot, lambda: "not for this hand" in error(app), "the refusal")
        assert app.screen is form and "Fu calc is not for this hand" in error(app)
        await pilot.press("ctrl+t")
        await until(pilot, lambda: type(app.screen) is FieldForm, "the tenpai check")


async def test_double_ron_and_editing_it() -> None:
    app = sheet_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # Bob 1 han 30 fu and Cy 2 han 30 fu, both off Ann (Tenhou plays double ron).
        await pilot.press("2")
        await pilot.pause()
        for key, value in (
            ("han-0", "1"),
            ("fu-0", "30"),
            ("from", "1"),
            ("seat-1", "3"),
            ("han-1", "2"),
            ("fu-1", "30"),
        ):
            field(app, key).value = value  # the Enter walk is played in the game above
        await pilot.pause()
        assert error(app) == ""
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert totals(app) == [22000, 26000, 27000, 25000]

        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, HandForm)
        assert field(app, "seat-1").value == "3" and field(app, "from").value == "1"
        field(app, "han-1").value = "3"
        await pilot.press("ctrl+s", "y")
        await pilot.pause()
        assert totals(app) == [20100, 26000, 28900, 25000]


def test_the_note_is_read_in_the_hand_description() -> None:
    from mjtui.systems.riichi.system import AbortiveDraw, Win, Winner, describe

    names = ("Ann", "Bob", "Cy", "Di")
    win = Win((Winner(1, han=2, fu=30),), discarder=0, riichi=(1,), note="立直(1飜) 平和(1飜)")
    assert (
        describe(win, names)
        == "Bob ron off Ann, 2 han 30 fu; riichi: Bob; note: 立直(1飜) 平和(1飜)"
    )
    assert (
        describe(AbortiveDraw(note="九種九牌 (nine terminals)"), names)
        == "abortive draw: 九種九牌 (nine terminals)"
    )
    assert describe(AbortiveDraw(), names) == "abortive draw"


async def test_the_note_is_shown_said_once_by_an_edit_and_kept() -> None:
    from dataclasses import replace

    from mjtui.ui.screens.confirm import ConfirmScreen
    from mjtui.ui.widgets.hands_table import HandsTable

    app = sheet_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        for key, value in (("han-0", "1"), ("fu-0", "30"), ("from", "1")):
            field(app, key).value = value
        await pilot.press("ctrl+s")
        await pilot.pause()
        book = app.screen.book
        # As `mjtui import` records a game's yaku.
        book.replace(0, replace(book.session.hands[0], note="立直(1飜) 平和(1飜)"))
        app.screen.render_state()
        await pilot.pause()
        table = app.screen.query_one(HandsTable)
        assert "note: 立直(1飜) 平和(1飜)" in str(table.get_row_at(0)[1])
        await pilot.press("e")
        await pilot.pause()
        field(app, "han-0").value = "2"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        question = " ".join(str(w.render()) for w in app.screen.query(Static))
        assert question.count("立直(1飜)") == 1 and "note (kept)" in question
        await pilot.press("y")
        await pilot.pause()
        edited = book.session.hands[0]
        assert edited.winners[0].han == 2 and edited.note == "立直(1飜) 平和(1飜)"


async def test_head_bump_form_has_one_winner_row() -> None:
    wrc = RulesetLibrary(paths.ruleset_folders()).get("riichi-wrc")
    app = sheet_app(wrc)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, HandForm)
        assert field(app, "seat-0").value == "2"
        assert not app.screen.query("#ff-seat-1")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)


async def test_nagashi_and_pao_are_typed_in_the_form() -> None:
    app = sheet_app()
    async with app.run_test(size=SIZE) as pilot:
        # E1: a draw, Bob tenpai, Cy's nagashi mangan: 2000/4000, no noten payments.
        await pilot.press("0")
        await pilot.pause()
        # Tenpai, riichi, nagashi: the order of every ruleset, nagashi last.
        await pilot.press("2", "enter")
        assert app.focused is field(app, "riichi")
        await pilot.press("enter")
        assert app.focused is field(app, "nagashi")
        await pilot.press("3")
        await pilot.pause()
        assert str(app.screen.query_one("#ff-note-nagashi").render()) == "Cy"
        region = field(app, "nagashi").region  # inside the 80x24 screen
        assert region.right <= 80 and region.bottom <= 24 and region.width > 0
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert totals(app) == [21000, 23000, 33000, 23000]
        # E1 1 honba: Di's yakuman by tsumo, Cy liable: Cy pays 32000 and the 300 honba.
        await pilot.press("4")
        await pilot.pause()
        await pilot.press("t")
        field(app, "yakuman-0").focus()
        await pilot.press("1", "enter")
        assert app.focused is field(app, "pao")
        region = field(app, "pao").region  # inside the 80x24 screen
        assert region.right <= 80 and region.bottom <= 24 and region.width > 0
        await pilot.press("3")
        await pilot.pause()
        assert "pao: Cy pays it all" in str(app.screen.query_one("#ff-lines").render())
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert totals(app) == [21000, 23000, 33000 - 32300, 23000 + 32300]


async def test_a_three_player_series_at_the_table() -> None:
    sanma = RulesetLibrary(paths.ruleset_folders()).get("riichi-sanma")
    app = MjtuiApp(rulesets=[sanma], ruleset=sanma, sessions_dir=paths.sessions_dir())
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, names=("Ann", "Bob", "Cy"))
        assert isinstance(app.screen, ScoreScreen)
        assert totals(app) == [35000] * 3
        # E1: Bob's mangan tsumo, tsumo loss: 4000 from the dealer, 2000 from Cy.
        await pilot.press("2")
        await pilot.pause()
        await pilot.press("t", "5")
        await pilot.pause()
        assert "2000/4000" in str(app.screen.query_one("#ff-lines").render())
        assert field(app, "riichi").restrict == "[1-3]*"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert totals(app) == [31000, 41000, 33000]
        assert "East 2 · dealer Bob" in status(app)
        # E2: a draw, Cy tenpai alone: 1000 from each of the two others (Tenhou's 2000).
        await pilot.press("0")
        await pilot.pause()
        await pilot.press("3", "ctrl+s")
        await pilot.pause()
        assert totals(app) == [30000, 40000, 35000]
        assert "East 3 · dealer Cy · 1 honba" in status(app)


def test_the_standings_say_when_the_points_are_rounded() -> None:
    from dataclasses import replace

    from mjtui.systems.riichi.system import SYSTEM

    rs = RulesetLibrary(paths.ruleset_folders()).get("riichi-tenhou")
    state = SYSTEM.start(rs.rules)
    assert "rounded" not in SYSTEM.standings_note(rs.rules, state)
    old = replace(
        rs, rules=replace(rs.rules, final=replace(rs.rules.final, rounding="4-down-5-up"))
    )
    assert "points rounded 4-down-5-up but first place's" in SYSTEM.standings_note(old.rules, state)
