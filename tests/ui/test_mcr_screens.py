"""Every MCR screen at 80x24, read as drawn: nothing cut, and the Chinese names (two cells
a character) leave every frame and column where it belongs: the hand form with the
longest list of fans, the sheet with the points-needed lines and at the end of a game,
the rules reference, the board."""

from __future__ import annotations

from datetime import datetime

from rich.cells import cell_len
from waiting import until_passes

from mjtui import paths, private_api
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.scorebook import Scorebook
from mjtui.core.sessions.session_file import new_session_path
from mjtui.systems.mcr.events import Draw, Win
from mjtui.systems.mcr.fans import ALL_FANS
from mjtui.ui.app import MjtuiApp
from mjtui.ui.screens.hand_form import HandForm
from mjtui.ui.screens.reference import ReferenceScreen
from mjtui.ui.screens.standings import StandingsScreen

SIZE = (80, 24)
NAMES = ("Alexandra", "Benjamin", "Catherine", "Dominique")
STARTED = datetime(2026, 12, 1, 20, 0).astimezone()
# The hand of the most lines among 40,000 random hands (tests/mcr_hand_gen.py): nine fans.
MANY_FANS = "12399m999p13s2s (9999s)"


def book(hands: list) -> Scorebook:
    ruleset = RulesetLibrary(paths.ruleset_folders()).get("mcr")
    session = Session(ruleset=ruleset, players=NAMES, started=STARTED)
    for hand in hands:
        session.add(hand)
    return Scorebook(session, new_session_path(paths.sessions_dir(), session))


def screen_lines(app: MjtuiApp) -> list[str]:
    return private_api.screen_lines(app.screen)


def assert_fits(lines: list[str]) -> None:
    assert len(lines) == SIZE[1]
    assert all(cell_len(line) == SIZE[0] for line in lines), [
        (cell_len(line), line) for line in lines if cell_len(line) != SIZE[0]
    ]


def frame_columns(lines: list[str], mark: str) -> set[tuple[int, int]]:
    """The cells of the first and the last ``mark`` of every line that has two."""
    found = set()
    for line in lines:
        if line.count(mark) >= 2:
            first, last = line.index(mark), line.rindex(mark)
            found.add((cell_len(line[:first]), cell_len(line[:last])))
    return found


async def test_the_form_with_the_most_fans_is_whole() -> None:
    app = MjtuiApp(book=book([]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("4")
        await until_passes(pilot, lambda: app.screen.query_one("#ff-tiles"))
        form = app.screen
        assert isinstance(form, HandForm)
        form.set_values({"tiles": MANY_FANS, "from": "1"})
        form.refresh_fields()

        def shown() -> list[str]:
            lines = screen_lines(app)
            assert any("No Honors 无字 1 · Closed Wait 坎张 1" in line for line in lines)
            return lines

        lines = await until_passes(pilot, shown)
        assert_fits(lines)
        text = "\n".join(lines)
        for words in (
            "Hand 1 of 16 · East 1 · dealer Alexandra",
            "Outcome      r   discard · t self-draw d draw c false win p penalty",
            "Pung of Terminals or Honors 幺九刻 1×2",
            "Next: East 2 · dealer Benjamin",
            "Confirm",
            "Enter next · ctrl+s confirm · Esc cancel",
        ):
            assert words in text, words
        # The form's frame: its left and right edges in the same cells on every line.
        assert frame_columns(lines, "█") == {(1, 78)}
        assert sum(1 for line in lines if "▀▀▀▀" in line) == 1
        assert sum(1 for line in lines if "▄▄▄▄" in line) == 1


async def test_the_sheet_shows_what_each_player_behind_needs() -> None:
    sheet = book([Win(2, 12, discarder=1), Win(0, 30)])
    app = MjtuiApp(book=sheet)
    async with app.run_test(size=SIZE) as pilot:

        def shown() -> list[str]:
            lines = screen_lines(app)
            assert any("Benjamin needs" in line for line in lines)
            assert lines[-1].rstrip().endswith("q Quit")  # the footer painted too
            return lines

        lines = await until_passes(pilot, shown)
        assert_fits(lines)
        for line in sheet.session.ruleset.system.sheet_lines(
            sheet.session.ruleset.rules, sheet.session.state, NAMES
        ):
            assert any(line in shown_line for shown_line in lines), line
        # The history keeps its hands in view below them.
        history = " ".join(" ".join(line.split()) for line in lines)
        assert "Catherine off Benjamin," in history and "12 fan" in history
        assert "Alexandra self-draw," in history and "30 fan" in history


async def test_the_end_of_a_game_shows_the_table_points() -> None:
    sheet = book([Win(1, 40)] + [Draw()] * 15)
    app = MjtuiApp(book=sheet)
    async with app.run_test(size=SIZE) as pilot:
        expected = "Table points: Benjamin 4 (+144) · Alexandra 1 (-48) · Catherine 1 (-48)"

        def shown() -> list[str]:
            lines = screen_lines(app)
            assert any(expected in line for line in lines)
            return lines

        assert_fits(await until_passes(pilot, shown))


async def test_the_reference_aligns_the_chinese_names() -> None:
    app = MjtuiApp(book=book([]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await until_passes(pilot, lambda: app.screen.query_one("#reference-text"))
        screen = app.screen
        assert isinstance(screen, ReferenceScreen)
        seen: set[str] = set()
        for _ in range(40):  # page down through it all
            lines = screen_lines(app)
            assert_fits(lines)
            for line in lines:
                for fan in ALL_FANS:
                    if line.startswith(f"   {fan.name_zh} ") and f"{fan.name}: " in line:
                        # the English name starts at the same cell for every fan
                        assert cell_len(line[: line.index(fan.name + ": ")]) == 15, line
                        seen.add(fan.key)
            if len(seen) == len(ALL_FANS):
                break
            await pilot.press("space")
            await pilot.pause()
        assert len(seen) == len(ALL_FANS)


async def test_the_board_at_80x24() -> None:
    app = MjtuiApp(book=book([Win(2, 12, discarder=1)]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("t")

        def shown() -> list[str]:
            lines = screen_lines(app)
            assert any("dealer" in line for line in lines)
            assert any("Catherine" in line for line in lines)
            return lines

        lines = await until_passes(pilot, shown)
        assert_fits(lines)
        assert "East 2" in "\n".join(lines)


async def test_the_hand_that_ends_the_game_opens_the_standings_with_table_points() -> None:
    # The sixteenth hand typed (a draw, 0 Enter): the standings open by themselves, drawn
    # from MCR's own standing (the game score, the table points), not riichi's parts.
    app = MjtuiApp(book=book([Win(1, 40), Win(2, 8, discarder=0)] + [Draw()] * 13))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for key in ("0", "enter"):
            await pilot.press(key)
            await pilot.pause()

        def shown() -> list[str]:
            assert isinstance(app.screen, StandingsScreen)
            lines = screen_lines(app)
            text = "\n".join(lines)
            assert "Final standings" in text and "Table points" in text
            return lines

        lines = await until_passes(pilot, shown)
        assert_fits(lines)
        rows = [line.strip(" █│╭╮╰╯").split() for line in lines if "█" in line]
        assert ["Rank", "Player", "Points", "Table", "points"] in rows
        assert [r for r in rows if r[:1] in (["1"], ["2"], ["3"], ["4"])] == [
            ["1", "Benjamin", "136", "4"],
            ["2", "Catherine", "-16", "2"],
            ["3", "Dominique", "-56", "1"],
            ["4", "Alexandra", "-64", "0"],
        ]


async def test_a_false_win_with_flowers_keeps_every_line_whole() -> None:
    # The form's lines are 74 cells wide (#ff is 78: a thick border and a padding each
    # side): a line packed to 76 was wrapped by the screen, its last fan cut in two.
    app = MjtuiApp(book=book([]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("3")
        await until_passes(pilot, lambda: app.screen.query_one("#ff-tiles"))
        form = app.screen
        assert isinstance(form, HandForm)
        form.set_values({"tiles": "789m123s789s55s [123m]", "from": "1", "flowers": "3"})
        form.refresh_fields()
        wanted = [line.text for line in form.reading.lines]
        assert len(wanted) == 5 and "7 fan: under the minimum of 8" in wanted[0]

        def shown() -> list[str]:
            lines = screen_lines(app)
            for text in wanted:
                assert any(text in line for line in lines), text
            return lines

        assert_fits(await until_passes(pilot, shown))
