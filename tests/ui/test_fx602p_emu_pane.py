"""The FX-602P pane: load the seed listing, press P0 and play hands through the keys."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
from textual.widgets import Input, Static

from mjtui import paths
from mjtui.calc.fx602p.machine import State
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.systems.fx602p.evaluate import is_complete
from mjtui.ui.app import MjtuiApp
from mjtui.ui.widgets.calc_pane import CalcPane
from mjtui.ui.widgets.fx602p_pane import FX602PPane

SEED = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "001_5ccb119688289e7f.txt"
SIZE = (120, 48)


def seed() -> Path:
    if not SEED.is_file():
        pytest.skip(f"the seed listing is not at {SEED}")
    return SEED


def new_app(**kwargs) -> MjtuiApp:
    hp11c = RulesetLibrary(paths.ruleset_folders()).get("hp11c")
    return MjtuiApp(rulesets=[hp11c], ruleset=hp11c, sessions_dir=paths.sessions_dir(), **kwargs)


def on_show(app, kind: type) -> bool:
    """Whether a calculator pane is on the sheet (one is made when first shown)."""
    return any(pane.display for pane in app.screen.query(kind))


def text(pane: FX602PPane, part: str) -> str:
    return str(pane.query_one(part, Static).render())


async def open_sheet(pilot) -> None:
    for _ in range(4):
        await pilot.press("enter")  # the default names
    await pilot.pause()


async def settle(pilot, pane: FX602PPane, timeout: float = 20.0) -> None:
    """Wait until the program stops at HLT, at a PAUSE, or at its end."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        await asyncio.sleep(0.005)
        if pane.state is State.PAUSE and pane.busy:
            return
        if not pane.busy and pane.state is not State.RUNNING:
            return
    raise AssertionError(f"the program did not stop: {pane.state}")


async def play_hand(pilot, pane: FX602PPane) -> None:
    """Answer as a player who wins whenever it can and otherwise throws away its draw."""
    hands_before = len(pane.results)
    await pilot.press("g", "0")
    for _ in range(400):
        await settle(pilot, pane)
        if pane.state is State.IDLE:
            break
        if pane.state is State.PAUSE:
            discard = text(pane, "#fx-lcd").strip()
            hand = pane.hand8 or ()
            win = discard.isdigit() and is_complete(tuple(sorted((*hand, int(discard)))))
            await pilot.press("0" if win else "enter")
            continue
        assert pane.state is State.HALT, pane.state
        nine = tuple(int(c) for c in text(pane, "#fx-lcd") if c.isdigit())
        assert len(nine) == 9
        if is_complete(nine):
            await pilot.press("enter")  # EXE alone: tsumo
        else:
            before = pane.hand8 or ()
            drawn = [t for t in set(nine) if nine.count(t) > before.count(t)]
            await pilot.press(str(drawn[0] if drawn else nine[-1]), "enter")
    assert len(pane.results) == hands_before + 1


async def test_the_pane_loads_the_listing_given_and_plays_hands() -> None:
    app = new_app(calc_program=str(seed()))
    async with app.run_test(size=SIZE) as pilot:
        await open_sheet(pilot)
        await pilot.press("p")  # --calc-program is an FX-602P listing: p opens its pane
        await pilot.pause()
        pane = app.screen.query_one(FX602PPane)
        assert pane.display and not on_show(app, CalcPane)
        assert "loaded 510 steps" in text(pane, "#fx-status")
        pane.display_seconds = 0.0
        pane.pause_seconds = 30.0  # the test answers every PAUSE itself
        pane.machine.random.seed(2)  # the same deals on every run
        for _ in range(2):
            await play_hand(pilot, pane)
        shown = text(pane, "#fx-shown")
        assert "Ave " in shown
        hands = text(pane, "#fx-hands")
        first, second = pane.results
        for r in (first, second):
            assert r.status == "finished" and r.winner in ("human", "calculator")
            assert r.verdict in ("agree", "quirk")
            assert f"{r.points:+}" in hands
        assert second.hands == 2 and second.total == first.points + second.points
        assert f"total {second.total}/2" in hands
        # The sheet never saw these keys.
        assert len(app.screen.book.session.hands) == 0


async def test_choosing_the_fx602p_and_typing_a_listing_path(tmp_path: Path) -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_sheet(pilot)
        await pilot.press("P")  # choose the FX-602P (no listing yet)
        await pilot.pause()
        pane = app.screen.query_one(FX602PPane)
        assert pane.display and pane.machine is None
        await pilot.press("g", "0")  # nothing loaded: a warning, no crash
        await pilot.press("l")
        field = pane.query_one("#fx-path", Input)
        assert field.has_focus
        bad = tmp_path / "bad.txt"
        bad.write_text("no program here\n", encoding="utf-8")
        field.value = str(bad)
        await pilot.press("enter")
        await pilot.pause()
        assert pane.machine is None and "not an FX-602P listing" in text(pane, "#fx-status")
        field.value = str(seed())
        await pilot.press("enter")
        await pilot.pause()
        assert pane.machine is not None and pane.has_focus
        pane.display_seconds, pane.pause_seconds = 0.0, 30.0
        pane.machine.random.seed(3)
        await play_hand(pilot, pane)
        assert pane.results[0].status == "finished"
        await pilot.press("p")  # p hides it again; the HP-11C pane stays hidden
        await pilot.pause()
        assert not pane.display and not on_show(app, CalcPane)


async def test_p_on_an_fx602p_sheet_opens_the_fx602p_pane() -> None:
    fx = RulesetLibrary(paths.ruleset_folders()).get("fx602p")
    app = MjtuiApp(rulesets=[fx], ruleset=fx, sessions_dir=paths.sessions_dir())
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(4):
            await pilot.press("enter")
            await pilot.pause()
            if app.screen.query(FX602PPane):
                break
        await pilot.press("p")
        await pilot.pause()
        pane = app.screen.query_one(FX602PPane)
        assert pane.display and pane.has_focus
        assert not on_show(app, CalcPane)
        assert "no hand scored yet" in text(pane, "#fx-hands")


async def test_the_pane_without_a_listing_says_where_to_get_one() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_sheet(pilot)
        await pilot.press("P")  # beside the HP-11C: the FX-602P pane
        await pilot.pause()
        pane = app.screen.query_one(FX602PPane)
        status = text(pane, "#fx-status")
        assert "does not ship" in status and "press l" in status
