"""Without colour (NO_COLOR=1) every number and the focused field stay legible.

Textual draws a NO_COLOR app in the greys of its colours' luminance. These
tests read the greys out of the screenshot (the SVG's text fills and the
rectangles behind them) and ask for a contrast a tired eye can read.
"""

from __future__ import annotations

import re
from datetime import datetime
from pathlib import Path

import pytest
from textual.color import Color
from textual.geometry import Region

from mjtui import paths
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.scorebook import Scorebook
from mjtui.systems.east_doubling import system as east_doubling
from mjtui.ui import colours
from mjtui.ui.app import MjtuiApp

LEGIBLE = 80  # the least difference of grey (0-255) between a text and its background


def grey(hex_colour: str) -> int:
    return Color.parse(hex_colour).monochrome.r


def texts(svg: str) -> list[tuple[str, int, int]]:
    """Each text of the screenshot: its characters, its fill's grey and its background's."""
    fills = dict(re.findall(r"\.(terminal-[\w-]+) \{ fill: (#[0-9a-f]{6})", svg))
    rects = [
        (float(x), float(y), float(w), fill)
        for fill, x, y, w in re.findall(
            r'<rect fill="(#[0-9a-f]{6})" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)"', svg
        )
    ]
    found = []
    for cls, x, y, text in re.findall(
        r'<text class="(terminal-[\w-]+)" x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]*)</text>', svg
    ):
        if cls not in fills or not text.strip("&#160; "):
            continue
        # The line's rectangles run from y - the line height to y; take the one under x.
        under = [
            f for rx, ry, rw, f in rects if rx <= float(x) < rx + rw and 0 < float(y) - ry < 25
        ]
        found.append(
            (text.replace("&#160;", " "), grey(fills[cls]), grey(under[-1]) if under else 0)
        )
    return found


def test_every_colour_mjtui_draws_with_has_a_legible_grey() -> None:
    background = 30  # the darkest the sheet's panels are drawn
    for name in ("GAIN", "LOSS", "WARN"):
        assert grey(getattr(colours, name)) - background >= LEGIBLE, name
    for colour in colours.SERIES:
        assert grey(colour) - background >= LEGIBLE, colour


@pytest.fixture
def monochrome(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")


async def test_negative_numbers_are_legible_without_colour(
    monochrome: None, tmp_path: Path
) -> None:
    ruleset = RulesetLibrary(paths.ruleset_folders()).get("hp11c")
    session = Session(ruleset, ("Ann", "Bob", "Cy", "Di"), datetime(2026, 12, 1, 20))
    session.add(east_doubling.Hand(1, (8, 30, 4, 0)))
    book = Scorebook(session, tmp_path / "s.toml")
    app = MjtuiApp(book=book, sessions_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.no_color
        shown = texts(app.export_screenshot())
    negatives = [(t, fg, bg) for t, fg, bg in shown if re.fullmatch(r"\s*-[\d,]+\s*", t)]
    assert negatives, shown
    for text, fg, bg in negatives:
        assert abs(fg - bg) >= LEGIBLE, (text, fg, bg)


async def test_the_focused_field_is_seen_without_colour(monochrome: None, tmp_path: Path) -> None:
    """In the hand form, the focused field's background stands out from the others'."""
    from textual.widgets import Input

    ruleset = RulesetLibrary(paths.ruleset_folders()).get("hp11c")
    session = Session(ruleset, ("Ann", "Bob", "Cy", "Di"), datetime(2026, 12, 1, 20))
    book = Scorebook(session, tmp_path / "s.toml")
    app = MjtuiApp(book=book, sessions_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        await pilot.pause()
        fields = list(app.screen.query(Input))
        focused = app.focused
        assert focused in fields
        seen_at = focused.region  # type: ignore[union-attr]
        others = [f.region for f in fields if f is not focused and f.display]
        svg = app.export_screenshot()
    rects = re.findall(
        r'<rect fill="(#[0-9a-f]{6})" x="([\d.]+)" y="([\d.]+)" width="([\d.]+)"', svg
    )

    def background_at(region: Region) -> int:
        # Rich's SVG draws a cell 12.2 wide and 24.4 high (a font of 20), a line's
        # rectangles from 1.5 below its top; take the one under the field's second cell.
        xs, ys = 12.2 * (region.x + 1), 24.4 * region.y + 1.5
        near = [
            f
            for f, x, y, w in rects
            if float(x) <= xs < float(x) + float(w) and abs(float(y) - ys) < 1
        ]
        assert near, (region, rects[:5])
        return grey(near[0])

    seen = background_at(seen_at)
    assert others
    for other in others:
        assert abs(seen - background_at(other)) >= 25, (seen_at, other)
