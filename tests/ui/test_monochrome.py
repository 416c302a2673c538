"""States that must read without colour: checkboxes, the running-totals chart."""

from __future__ import annotations

import ast
from pathlib import Path

from textual.app import App, ComposeResult

from mjtui.ui.widgets.checkbox import Checkbox
from mjtui.ui.widgets.totals_chart import MARKERS, TotalsChart, marker_cells

UI = Path(__file__).resolve().parents[2] / "mjtui" / "ui"


class Boxes(App):
    def compose(self) -> ComposeResult:
        yield Checkbox("Tenho", False, id="off")
        yield Checkbox("Tenho", True, id="on")
        yield TotalsChart(id="chart")


async def test_checked_and_unchecked_boxes_differ_in_their_text() -> None:
    app = Boxes()
    async with app.run_test(size=(80, 24)) as pilot:
        off, on = app.query_one("#off", Checkbox), app.query_one("#on", Checkbox)
        assert off.render().plain != on.render().plain
        assert "X" in on.render().plain and "X" not in off.render().plain
        off.toggle()
        await pilot.pause()
        assert off.render().plain == on.render().plain


def test_every_checkbox_in_the_ui_is_the_one_that_reads_without_colour() -> None:
    for path in UI.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("textual"):
                names = {alias.name for alias in node.names}
                if path.name != "checkbox.py":
                    assert not names & {"Checkbox", "ToggleButton"}, path


def test_tied_lines_still_show_each_marker() -> None:
    flat = [[0, 0, 0, 0]] * 4  # four equal totals: one line on top of the others
    marks = marker_cells(flat, width=40, height=4, low=0, high=0)
    assert set(marks.values()) == {0, 1, 2, 3}


async def test_the_chart_legend_and_lines_carry_a_marker_per_player() -> None:
    app = Boxes()
    async with app.run_test(size=(80, 24)) as pilot:
        chart = app.query_one(TotalsChart)
        totals = [(0, 0, 0, 0), (30, -10, -10, -10), (20, 20, -20, -20), (50, 10, -40, -20)]
        chart.plot(("Ann", "Bob", "Cat", "Dan"), totals)
        await pilot.pause()
        *plot, legend = chart.render().plain.rstrip("\n").split("\n")
        for marker, name in zip(MARKERS, ("Ann", "Bob", "Cat", "Dan"), strict=False):
            assert f"{marker} {name}" in legend
            assert any(marker in row for row in plot), marker
        assert len(set(MARKERS)) == len(MARKERS)


async def test_the_hands_cursor_row_reads_without_colour(tmp_path) -> None:
    from datetime import datetime

    from textual.color import Color
    from textual.filter import NoColor

    from mjtui import paths
    from mjtui.core.model.session import Session
    from mjtui.core.rulesets.ruleset import RulesetLibrary
    from mjtui.core.sessions.scorebook import Scorebook
    from mjtui.systems.east_doubling.system import Hand
    from mjtui.ui.app import MjtuiApp
    from mjtui.ui.widgets.hands_table import HandsTable

    ruleset = RulesetLibrary(paths.ruleset_folders()).get("hp11c")
    session = Session(ruleset, ("Ann", "Bob", "Cy", "Di"), datetime(2026, 11, 30))
    for i in range(4):
        session.add(Hand(i, (10, 20, 30, 40)))
    app = MjtuiApp(book=Scorebook(session, tmp_path / "s.toml"), sessions_dir=tmp_path)

    def bold_rows(table: HandsTable) -> list[bool]:
        """For each hand's line: whether all its words are bold, colours taken away."""
        rows = []
        for y in range(1, table.row_count + 1):
            segments = NoColor().apply(list(table.render_line(y)), Color(0, 0, 0))
            words = [s for s in segments if s.text.strip() and s.text.strip() != "●"]
            rows.append(all(s.style is not None and s.style.bold for s in words))
        return rows

    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        table = app.screen.query_one(HandsTable)
        assert bold_rows(table) == [False, False, False, True]
        await pilot.press("up")
        assert bold_rows(table) == [False, False, True, False]
        app.screen.set_focus(None)  # another pane has the keys: the cursor still shows
        await pilot.pause()
        assert bold_rows(table) == [False, False, True, False]
