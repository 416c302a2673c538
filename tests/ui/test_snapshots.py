"""Every hand form, the score sheet and the calculator panes at 80x24, as SVG snapshots.

Each screen is compared with the SVG kept in tests/snapshots/. A change that
moves a single character fails the test and leaves the new picture beside
the old one (NAME.actual.svg) to look at; when the change is meant, run

    MJTUI_UPDATE_SNAPSHOTS=1 pytest tests/ui/test_snapshots.py

and look at the pictures before committing them. The series are built in the
core and the keys typed are few, so the whole file runs in a few seconds.
"""

from __future__ import annotations

import os
import re
from datetime import datetime
from pathlib import Path

import pytest
from textual.widgets import Input

from mjtui import paths
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.scorebook import Scorebook
from mjtui.systems.east_doubling import system as east_doubling
from mjtui.systems.fx602p import system as fx602p
from mjtui.systems.pocket import system as pocket
from mjtui.systems.riichi import system as riichi
from mjtui.ui.app import MjtuiApp

SNAPSHOTS = Path(__file__).resolve().parents[1] / "snapshots"
SIZE = (80, 24)
NAMES = ("Alexandra", "Bartholomew", "Cy", "Di")
UPDATE = os.environ.get("MJTUI_UPDATE_SNAPSHOTS") == "1"


def normal(svg: str) -> str:
    """The SVG without what changes from run to run (the ids Textual hashes)."""
    return re.sub(r"terminal-\d+", "terminal", svg)


def matches(name: str, svg: str) -> None:
    kept, actual = SNAPSHOTS / f"{name}.svg", SNAPSHOTS / f"{name}.actual.svg"
    if UPDATE or not kept.exists():
        SNAPSHOTS.mkdir(exist_ok=True)
        kept.write_text(normal(svg))
        actual.unlink(missing_ok=True)
        if not UPDATE:
            pytest.fail(f"{kept} was missing and has been written: look at it, then commit it")
        return
    if normal(svg) != kept.read_text():
        actual.write_text(normal(svg))
        pytest.fail(
            f"{name} differs from {kept}: compare {actual} with it; "
            "MJTUI_UPDATE_SNAPSHOTS=1 keeps the new one"
        )
    actual.unlink(missing_ok=True)


def book(ruleset_id: str, hands: list, tmp_path: Path) -> Scorebook:
    ruleset = RulesetLibrary(paths.ruleset_folders()).get(ruleset_id)
    players = NAMES if ruleset.players == 4 else ("You", "FX-602P")
    session = Session(ruleset, players, datetime(2026, 11, 30, 20, 0))
    for hand in hands:
        session.add(hand)
    return Scorebook(session, tmp_path / f"2026-11-30_200000_{ruleset_id}.toml")


async def shots(scorebook: Scorebook, steps: list[tuple[str, list[str]]]) -> None:
    """Type each step's keys, then compare the screen with the snapshot of its name."""
    app = MjtuiApp(book=scorebook, sessions_dir=scorebook.path.parent)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for name, keys in steps:
            await pilot.press(*keys)
            for field in app.screen.query(Input):
                field.cursor_blink = False  # the cursor shown, whatever the clock
            await pilot.pause()
            matches(name, app.export_screenshot())


W = riichi.Winner


async def test_east_doubling(tmp_path: Path) -> None:
    await shots(
        book(
            "hp11c",
            [
                east_doubling.Hand(1, (8, 30, 4, 0)),
                east_doubling.Hand(None, (0, 0, 0, 0)),
                east_doubling.Hand(3, (120, 40, 0, 2000)),
            ],
            tmp_path,
        ),
        [
            ("hp11c-sheet", []),
            ("hp11c-hand", ["2", "8", "enter", "3", "0"]),
            ("hp11c-pane", ["escape", "p"]),
        ],
    )


async def test_riichi(tmp_path: Path) -> None:
    await shots(
        book(
            "riichi-tenhou",
            [
                riichi.Win((W(2, 3, 40, 0),), 1, (0, 2)),
                riichi.ExhaustiveDraw((0, 2), ()),
                riichi.Win((W(1, 0, None, 1),), None, ()),
            ],
            tmp_path,
        ),
        [
            ("riichi-sheet", []),
            ("riichi-ron", ["3", "3", "enter", "4", "0", "enter", "2"]),
            ("riichi-tiles", ["ctrl+t", *"234m406p22345s[555z]"]),
            ("riichi-fu", ["escape", "ctrl+f"]),
            ("riichi-draw", ["escape", "escape", "0", "1", "3"]),
            ("riichi-standings", ["escape", "f"]),
        ],
    )


async def test_pocket(tmp_path: Path) -> None:
    await shots(
        book("pocket", [pocket.Win(2, 4, 1, None), pocket.Draw(), pocket.FalseWin(3)], tmp_path),
        [
            ("pocket-sheet", []),
            ("pocket-discard", ["3", "4", "enter", "2"]),
            ("pocket-tiles", ["escape", "1", "t", "enter", *"123m456p789s11z[555z]"]),
        ],
    )


async def test_fx602p(tmp_path: Path) -> None:
    await shots(
        book("fx602p", [fx602p.Win(winner=0, tiles=tuple(range(1, 10)), win_tile=9)], tmp_path),
        [
            ("fx602p-sheet", []),
            ("fx602p-hand", ["1", *"123456789"]),
            ("fx602p-pane", ["escape", "p"]),
        ],
    )
