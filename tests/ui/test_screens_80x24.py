"""At 80x24 nothing is cut: the score sheet (with and without a calculator pane),
the history after an edit, and the statistics, read from the screen as drawn."""

from __future__ import annotations

from datetime import datetime

from rich.text import Text
from waiting import until_passes

from mjtui import paths
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.scorebook import Scorebook
from mjtui.core.sessions.session_file import new_session_path, save_session
from mjtui.private_api import screen_strips
from mjtui.systems.east_doubling import system as east_doubling
from mjtui.systems.pocket import system as pocket
from mjtui.systems.riichi import system as riichi
from mjtui.ui import numbers
from mjtui.ui.app import MjtuiApp
from mjtui.ui.screens.score import ScoreScreen
from mjtui.ui.screens.stats import StatsScreen
from mjtui.ui.widgets.hands_table import HAND_MIN, HandsTable, column_widths
from mjtui.ui.widgets.scoreboard import Scoreboard

SIZE = (80, 24)
NAMES = ("Alexandra", "Benjamin", "Catherine", "Dominique")
STARTED = datetime(2026, 11, 29, 22, 0).astimezone()

RIICHI_HANDS = [
    riichi.Win(
        winners=(
            riichi.Winner(seat=1, han=4, fu=30, yaku=("riichi", "ippatsu", "pinfu", "tanyao")),
        ),
        discarder=2,
        riichi=(1, 3),
    ),
    riichi.ExhaustiveDraw(tenpai=(0, 2)),
    riichi.Win(winners=(riichi.Winner(seat=0, han=3, fu=40),), discarder=None),
]
POCKET_HANDS = [
    pocket.Win(winner=3, fan=5, guarantor=2),
    pocket.Win(winner=1, fan=3, discarder=2),
]


def book(ruleset_id: str, hands: list) -> Scorebook:
    ruleset = RulesetLibrary(paths.ruleset_folders()).get(ruleset_id)
    session = Session(ruleset=ruleset, players=NAMES, started=STARTED)
    for hand in hands:
        session.add(hand)
    return Scorebook(session, new_session_path(paths.sessions_dir(), session))


def screen_lines(app: MjtuiApp) -> list[str]:
    """The screen as drawn, one string a line (from Textual's compositor)."""
    return [strip.text for strip in screen_strips(app.screen)]


def words(text: str) -> str:
    return " ".join(text.split())


def hand_column(app: MjtuiApp) -> str:
    """What the history's description column shows, its wrapped lines joined."""
    table = app.screen.query_one(HandsTable)
    number, width = table.widths[:2]
    left = table.region.x + 1 + (number + 2) + 1  # the border, the # column, the padding
    rows = screen_lines(app)[table.region.y + 2 : table.region.bottom - 1]
    return words(" ".join(line[left : left + width] for line in rows))


def region_text(app: MjtuiApp, widget) -> str:
    region = widget.region
    return words(
        " ".join(
            line[region.x : region.right] for line in screen_lines(app)[region.y : region.bottom]
        )
    )


def assert_sheet_whole(app: MjtuiApp, sheet: Scorebook) -> None:
    session = sheet.session
    shown = hand_column(app)
    for hand in session.hands:
        assert words(session.ruleset.system.describe_hand(hand, NAMES)) in shown
    board = region_text(app, app.screen.query_one(Scoreboard))
    state = session.state
    for seat, name in enumerate(NAMES):
        assert name in board
        assert numbers.points(state.totals[seat]) in board
        assert numbers.change(state.last_change[seat]) in board
    status = region_text(app, app.screen.query_one("#status"))
    assert words(session.ruleset.system.describe_state(state, NAMES)) in status
    assert screen_lines(app)[-1].rstrip().endswith("q Quit")


async def test_score_sheets_show_every_description_and_total() -> None:
    tenhou = book("riichi-tenhou", RIICHI_HANDS)
    app = MjtuiApp(book=tenhou)
    async with app.run_test(size=SIZE) as pilot:
        await until_passes(pilot, lambda: assert_sheet_whole(app, tenhou))

        for sheet in (
            book("pocket", POCKET_HANDS),
            book("hp11c", [east_doubling.Hand(winner=1, points=(20, 5, 10, 40))]),
        ):
            app.push_screen(ScoreScreen(sheet))
            await until_passes(pilot, lambda sheet=sheet: assert_sheet_whole(app, sheet))
        # An edit that widens a figure: the columns follow (+12,000 shown whole).
        sheet.replace(0, east_doubling.Hand(winner=0, points=(2000, 4, 8, 16)))
        app.screen.render_state()
        await until_passes(pilot, lambda: assert_sheet_whole(app, sheet))
        row = next(line for line in screen_lines(app) if "Alexandra won" in line)
        assert "2000 +12,000" in row  # East wins: 2,000 doubled, from each of three
        # The pane open: the scoreboard narrows, every seat's total stays in view.
        await pilot.press("p")
        await pilot.pause()
        board = region_text(app, app.screen.query_one(Scoreboard))
        for seat, name in enumerate(NAMES):
            assert name in board and numbers.points(sheet.session.state.totals[seat]) in board
        assert (
            app.screen.query_one(Scoreboard).region.right
            <= app.screen.query_one("#calculator").region.x
        )


def test_the_description_takes_the_width_the_figures_leave() -> None:
    rows = [[Text("1"), Text("x" * 50), Text("+12,000"), Text("● -4,000")]]
    # 60 - (1 + 2) - (9 + 2) - (8 + 2) - 2 for the description's own padding
    assert column_widths(rows, ["#", "Hand", "Alexandra", "Bo"], 60) == [1, 34, 9, 8]
    assert column_widths(rows, ["#", "Hand", "Alexandra", "Bo"], 20)[1] == HAND_MIN


async def test_statistics_columns_whole_at_80x24() -> None:
    for ruleset_id, hands in (("riichi-tenhou", RIICHI_HANDS), ("pocket", POCKET_HANDS)):
        session = book(ruleset_id, hands).session
        save_session(session, new_session_path(paths.sessions_dir(), session))
    app = MjtuiApp(book=book("pocket", []))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = StatsScreen()
        app.push_screen(screen)
        await pilot.pause()
        lines = screen_lines(app)
        for player in screen.shown:
            row = next(line for line in lines if line.startswith(f" {player.name} "))
            assert row.rstrip().endswith(numbers.change(player.biggest_swing.change))
            best = numbers.change(player.best_hand.change) if player.best_hand else "—"
            assert best in row.split()
