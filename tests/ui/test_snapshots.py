"""Every hand form, the score sheet and the calculator panes at 80x24, as SVG snapshots.

Each screen's SVG is compared, by syrupy with pytest-textual-snapshot's SVG
extension, with the one kept beside this file in __snapshots__/test_snapshots/. A
change that moves a single character fails the test, and the run ends by naming
snapshot_report.html, which shows the kept picture and the new one side by side.
When the change is meant, run

    pytest tests/ui/test_snapshots.py --snapshot-update

and look at the pictures before committing them. One app a system shows all its
screens in turn, as a scorer reaches them (an app for each screen, with the keys of
the screens before it typed again, took twice as long); the test names the screens
that differ.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input
from waiting import LIMIT

from mjtui import paths
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.scorebook import Scorebook
from mjtui.private_api import work_pending
from mjtui.systems.east_doubling import system as east_doubling
from mjtui.systems.fx602p import system as fx602p
from mjtui.systems.pocket import system as pocket
from mjtui.systems.riichi import system as riichi
from mjtui.ui.app import MjtuiApp

SIZE = (80, 24)  # unless the series' name says another: "riichi-tenhou@60x20"
NAMES = ("Alexandra", "Bartholomew", "Cy", "Di")
W = riichi.Winner

# A series by its ruleset: the hands played before the screens are taken.
SERIES: dict[str, list[object]] = {
    "hp11c": [
        east_doubling.Hand(1, (8, 30, 4, 0)),
        east_doubling.Hand(None, (0, 0, 0, 0)),
        east_doubling.Hand(3, (120, 40, 0, 2000)),
    ],
    "riichi-tenhou": [
        riichi.Win((W(2, 3, 40, 0),), 1, (0, 2)),
        riichi.ExhaustiveDraw((0, 2), ()),
        riichi.Win((W(1, 0, None, 1),), None, ()),
    ],
    "pocket": [pocket.Win(2, 4, 1, None), pocket.Draw(), pocket.FalseWin(3)],
    "fx602p": [fx602p.Win(winner=0, tiles=tuple(range(1, 10)), win_tile=9)],
}

# The screens of each series, in the order they are reached: a screen's name and the
# keys typed on the screen before it to reach it.
STEPS: dict[str, list[tuple[str, list[str]]]] = {
    "hp11c": [
        ("hp11c-sheet", []),
        ("hp11c-hand", ["2", "8", "enter", "3", "0"]),
        ("hp11c-pane", ["escape", "p"]),
    ],
    "riichi-tenhou": [
        ("riichi-sheet", []),
        ("riichi-ron", ["3", "3", "enter", "4", "0", "enter", "2"]),
        ("riichi-tiles", ["ctrl+t", *"234m406p22345s[555z]"]),
        ("riichi-fu", ["escape", "ctrl+f"]),
        ("riichi-draw", ["escape", "escape", "0", "1", "3"]),
        ("riichi-standings", ["escape", "f"]),
    ],
    "pocket": [
        ("pocket-sheet", []),
        ("pocket-discard", ["3", "4", "enter", "2"]),
        ("pocket-tiles", ["escape", "1", "t", "enter", *"123m456p789s11z[555z]"]),
    ],
    # At 60x20: the footer in two rows, a hand form narrowed, the standings' final
    # score kept, and the board.
    "riichi-tenhou@60x20": [
        ("narrow-riichi-sheet", []),
        ("narrow-riichi-ron", ["3", "3", "enter", "4", "0", "enter", "2"]),
        ("narrow-riichi-standings", ["escape", "f"]),
        ("narrow-board", ["escape", "t"]),
    ],
    "fx602p": [
        ("fx602p-sheet", []),
        ("fx602p-hand", ["1", *"123456789"]),
        ("fx602p-pane", ["escape", "p"]),
    ],
}


def book(ruleset_id: str, tmp_path: Path) -> Scorebook:
    ruleset = RulesetLibrary(paths.ruleset_folders()).get(ruleset_id)
    players = NAMES if ruleset.players == 4 else ("You", "FX-602P")
    session = Session(ruleset, players, datetime(2026, 11, 30, 20, 0))
    for hand in SERIES[ruleset_id]:
        session.add(hand)
    return Scorebook(session, tmp_path / f"2026-11-30_200000_{ruleset_id}.toml")


def size_of(series: str) -> tuple[int, int]:
    _, _, size = series.partition("@")
    width, _, height = size.partition("x")
    return (int(width), int(height)) if size else SIZE


def typing(steps: list[list[str]]) -> Callable[[Pilot[object]], object]:
    """For snap_compare's run_before: each step's keys, then a pause (a screen taken
    alone, as the new-series form is)."""

    async def typed(pilot: Pilot[object]) -> None:
        await pilot.pause()
        for keys in steps:
            await pilot.press(*keys)
            for screen in pilot.app.screen_stack:
                for field in screen.query(Input):
                    field.cursor_blink = False  # the cursor shown, whatever the clock
            await pilot.pause()

    return typed


async def settled_screenshot(pilot: Pilot[object], app: MjtuiApp) -> str:
    """The screen once two pauses in a row leave it the same and nothing that could
    change it is still queued: on a busy machine a sheet's scroll to its last hand (a
    deferred scroll_to), or its cursor's focus, can land a few pauses after the keys,
    and a pause of a starved process can come back before it. A screen that never
    settles is taken as it is after LIMIT seconds (and then differs)."""
    shot = app.export_screenshot(simplify=True)
    end = time.monotonic() + LIMIT
    while time.monotonic() < end:
        await pilot.pause()
        again = app.export_screenshot(simplify=True)
        if again == shot and not work_pending(app):
            break
        shot = again
    return shot


async def screens(
    app: MjtuiApp,
    steps: list[tuple[str, list[str]]],
    size: tuple[int, int] = SIZE,
    each: Callable[[str, MjtuiApp], None] | None = None,
) -> list[tuple[str, str]]:
    """Each step's screen as SVG, taken after its keys, in one run of ``app``: the screens
    of a system follow one another as a scorer reaches them, so one app shows them all."""
    taken: list[tuple[str, str]] = []
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        for name, keys in steps:
            await pilot.press(*keys)
            for screen in app.screen_stack:
                for field in screen.query(Input):
                    field.cursor_blink = False  # the cursor shown, whatever the clock
            await pilot.pause()
            await pilot.wait_for_scheduled_animations()
            taken.append((name, await settled_screenshot(pilot, app)))
            if each is not None:
                each(name, app)
    return taken


@pytest.mark.parametrize("series", list(STEPS))
async def test_screens(series: str, kept: Callable[[str, str], bool], tmp_path: Path) -> None:
    """Every screen of the system, after its keys, as kept in __snapshots__."""
    ruleset_id = series.partition("@")[0]
    app = MjtuiApp(book=book(ruleset_id, tmp_path), sessions_dir=tmp_path)
    taken = await screens(app, STEPS[series], size_of(series))
    differ = [name for name, svg in taken if not kept(name, svg)]
    assert not differ, f"screens unlike their snapshots: {differ} (see snapshot_report.html)"
