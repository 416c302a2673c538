"""At 60x20 nothing a scorer needs is cut: the sheet's keys take a second row, a hand
form narrows and keeps its fields, its buttons and the footer, and the standings keep
the final score."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from textual.widgets import Button
from waiting import until

from mjtui import paths
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.scorebook import Scorebook
from mjtui.private_api import screen_lines
from mjtui.systems.riichi import system as riichi
from mjtui.ui.app import MjtuiApp
from mjtui.ui.screens.hand_form import HandForm
from mjtui.ui.widgets.footer import rows_needed

NAMES = ("Alexandra", "Bartholomew", "Chen", "Dora")
SHEET_KEYS = ("1-4 Win", "0 Draw", "e Edit", "u Undo", "f Final", "g Chart", "x Dice")
SHEET_KEYS += ("r Rules", "t Table", "q Quit")


def app_at(tmp_path: Path, hands: int = 2) -> MjtuiApp:
    ruleset = RulesetLibrary(paths.ruleset_folders()).get("riichi-tenhou")
    session = Session(ruleset, NAMES, datetime(2026, 12, 1, 20))
    for i in range(hands):
        session.add(riichi.Win((riichi.Winner((i + 1) % 4, 3, 40),), i % 4, ()))
    return MjtuiApp(book=Scorebook(session, tmp_path / "s.toml"), sessions_dir=tmp_path)


def test_the_rows_keys_need() -> None:
    assert rows_needed([8, 8, 8], 24) == 1
    assert rows_needed([8, 8, 8], 23) == 2  # 2 columns: 8 + 8
    assert rows_needed([10, 2, 10, 2], 12) == 2  # columns as wide as their widest: 10 + 2
    assert rows_needed([10, 2, 2, 10], 12) == 3  # 10 + 10 in two rows and in three: cut
    assert rows_needed([30] * 9, 10) == 3  # at most three rows: past that, cut
    assert rows_needed([], 10) == 1


async def test_the_sheets_keys_all_show_at_60_columns_and_in_one_row_at_80(tmp_path) -> None:
    app = app_at(tmp_path)
    async with app.run_test(size=(60, 20)) as pilot:
        await until(pilot, lambda: "q Quit" in " ".join(screen_lines(app.screen)[-3:]), "the keys")
        foot = " ".join(screen_lines(app.screen)[-2:])
        for key in SHEET_KEYS:
            assert key in foot, (key, foot)
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: "q Quit" in screen_lines(app.screen)[-1], "the keys in one row")
        last = screen_lines(app.screen)[-1]
        for key in SHEET_KEYS:
            assert key in last, (key, last)


async def test_a_hand_form_at_60x20_keeps_its_fields_buttons_and_footer(tmp_path) -> None:
    app = app_at(tmp_path)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        await pilot.press("2")
        await until(pilot, lambda: isinstance(app.screen, HandForm), "the hand form")
        await pilot.press(*"3", "enter", *"40", "enter", "1")
        form = app.screen
        lines = screen_lines(form)
        text = "\n".join(lines)
        for word in ("Winner", "han 3", "fu 40", "yakuman", "Ron off", "Riichi"):
            assert word in text, (word, text)
        assert "^s Confirm" in " ".join(lines[-2:]), lines[-2:]
        assert "ctrl+t tiles" in text  # the keys the footer does not name stay said
        confirm = form.query_one("#ff-confirm", Button)
        assert confirm.region.bottom <= 19 and confirm.region.right <= 60, confirm.region
        assert all(len(line.rstrip()) <= 60 for line in lines)
        await pilot.press("ctrl+s")
        await until(pilot, lambda: len(app.book.session.hands) == 3, "the hand recorded")
        hand = app.book.session.hands[-1]
        assert isinstance(hand, riichi.Win) and hand.winners[0].han == 3
        assert hand.winners[0].seat == 1 and hand.discarder == 0


async def test_the_standings_at_60_columns_keep_the_final_score(tmp_path) -> None:
    app = app_at(tmp_path)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        await pilot.press("f")
        await until(
            pilot, lambda: "Standings" in " ".join(screen_lines(app.screen)), "the standings"
        )
        lines = screen_lines(app.screen)
        header = next(line for line in lines if "Rank" in line)
        assert "Final" in header and "Penalty" not in header, header  # no one has one


async def test_the_tick_boxes_wrap_at_60_columns_and_every_one_shows(tmp_path) -> None:
    """Hong Kong's five situations do not fit one line at 60 columns: they take two, each
    box whole inside the form (none cut off past its edge while still taking keys), and
    at 80 columns they are one line again."""
    from textual.widgets import Checkbox

    ruleset = RulesetLibrary(paths.ruleset_folders()).get("hk-common")
    session = Session(ruleset, NAMES, datetime(2026, 12, 1, 20))
    app = MjtuiApp(book=Scorebook(session, tmp_path / "s.toml"), sessions_dir=tmp_path)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        await pilot.press("2", "enter", *"123m456m789m11z[777z]")
        await until(pilot, lambda: isinstance(app.screen, HandForm), "the hand form")
        form = app.screen
        boxes = list(form.query(Checkbox))
        await until(pilot, lambda: all(b.region.width for b in boxes), "the boxes shown")
        inside = form.query_one("#ff").content_region
        for box in boxes:
            assert inside.contains_region(box.region), (box.label, box.region, inside)
        assert len({b.region.y for b in boxes}) == 2
        text = "\n".join(screen_lines(form))
        for word in ("Robbed kong", "Kong tile", "Last tile", "Heavenly", "Earthly"):
            assert word in text, (word, text)
        await pilot.resize_terminal(80, 24)
        await until(pilot, lambda: len({b.region.y for b in boxes}) == 1, "one line at 80")


async def test_the_fu_calculators_items_go_under_its_fields_at_60_columns(tmp_path) -> None:
    """Beside the fields they had a dozen columns, "(two-sid" / "ed)"; under them, each
    item and its fu on a line."""
    from mjtui.ui.screens.field_form import FieldForm

    app = app_at(tmp_path)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        await pilot.press("3")
        await until(pilot, lambda: isinstance(app.screen, HandForm), "the hand form")
        await pilot.press("2", "enter", "ctrl+f")
        await until(pilot, lambda: type(app.screen) is FieldForm, "the fu calculator")
        form = app.screen
        rows, lines = form.query_one("#ff-rows"), form.query_one("#ff-lines")
        await until(pilot, lambda: lines.region.height > 0, "the items")
        assert lines.region.y >= rows.region.bottom and lines.region.x == rows.region.x
        text = "\n".join(screen_lines(form))
        assert "ryanmen wait (two-sided)" in text
        await pilot.resize_terminal(80, 24)  # beside them again where there is room
        await until(pilot, lambda: lines.region.x >= rows.region.right, "beside at 80")


async def test_the_rules_reference_wraps_to_the_screen_it_is_on(tmp_path) -> None:
    """At 60 columns the sentences are wrapped for 60 columns, not for 80 and then cut
    again (a line of two words between); a resize lays them out anew."""
    from mjtui.ui.screens.reference import ReferenceScreen

    app = app_at(tmp_path)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await until(pilot, lambda: isinstance(app.screen, ReferenceScreen), "the rules")
        lines = lambda: [line.strip() for line in screen_lines(app.screen)]  # noqa: E731
        await until(
            pilot, lambda: any("round until someone has 30000." in x for x in lines()), "it"
        )
        assert "30000." not in lines()  # the sentence's end alone on a line: wrapped twice
        await pilot.resize_terminal(80, 24)
        await until(
            pilot,
            lambda: any(x.endswith("West round until someone has") for x in lines()),
            "wrapped for 80 columns",
        )
