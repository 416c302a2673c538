"""Write the README's screenshots (SVG) from the running app.

    python screenshots/make_screenshots.py [--png]

Plays a short series in a throw-away data folder, so the user's sessions are
never touched. With --png, also converts each SVG to PNG (needs cairosvg).
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
SIZE = (80, 24)
NAMES = ("Ann", "Bob", "Chen", "Dora")
FX602P_LISTING = HERE.parents[1] / "shared" / "seeds" / "001_5ccb119688289e7f.txt"
HANDS = [
    ("3", (10, 20, 30, 40)),
    ("0", ()),
    ("b", (5, 50, 0, 10)),
    ("4", (8, 16, 0, 32)),
    ("2", (0, 24, 12, 4)),
]


async def play(pilot, key: str, points: tuple[int, ...]) -> None:
    await pilot.press(key)
    await pilot.pause()
    for p in points:
        await pilot.press(*str(p), "enter")
    await pilot.press("enter")
    await pilot.pause()


async def fx602p_pane(ruleset) -> str:
    """The FX-602P pane after two hands of the 1986 program, played by a simple player."""
    from mjtui import paths
    from mjtui.calc.fx602p.machine import State
    from mjtui.systems.fx602p.evaluate import is_complete
    from mjtui.ui.app import MjtuiApp
    from mjtui.ui.widgets.fx602p_pane import FX602PPane

    app = MjtuiApp(
        rulesets=[ruleset],
        ruleset=ruleset,
        sessions_dir=paths.sessions_dir(),
        calc_program=str(FX602P_LISTING),
    )
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.press(*"Ann", "enter", *"Bob", "enter")
        await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
        pane = app.screen.query_one(FX602PPane)
        pane.display_seconds, pane.pause_seconds = 0.0, 30.0
        pane.machine.random.seed(5)
        while len(pane.results) < 2:
            await pilot.press("g", "0")
            hands = len(pane.results)
            while len(pane.results) == hands:
                await asyncio.sleep(0.01)
                if pane.state is not State.PAUSE and (pane.busy or pane.state is not State.HALT):
                    continue
                if pane.state is State.PAUSE:  # let the calculator's discard go
                    await pilot.press("enter")
                    continue
                lcd = [int(c) for c in str(pane.query_one("#fx-lcd").render()) if c.isdigit()]
                if is_complete(tuple(lcd)):
                    await pilot.press("enter")  # EXE alone: tsumo
                else:
                    await pilot.press(str(lcd[-1]), "enter")
        await pilot.pause()
        return app.save_screenshot("fx602p-pane.svg", str(HERE))


async def main(png: bool) -> None:
    from mjtui import paths
    from mjtui.core.rulesets.ruleset import RulesetLibrary
    from mjtui.core.sessions.ledger import latest_session
    from mjtui.core.sessions.session_file import load_session
    from mjtui.ui.app import MjtuiApp

    library = RulesetLibrary(paths.ruleset_folders())
    hp11c = library.get("hp11c")
    shots = []

    app = MjtuiApp(rulesets=[hp11c], ruleset=hp11c, sessions_dir=paths.sessions_dir())
    async with app.run_test(size=SIZE) as pilot:
        for name in NAMES[:3]:
            await pilot.press(*name, "enter")
        await pilot.press(*NAMES[3])
        await pilot.pause()
        shots.append(app.save_screenshot("new-series.svg", str(HERE)))
        await pilot.press("enter")
        await pilot.pause()
        for key, points in HANDS:
            await play(pilot, key, points)
        await pilot.pause(0.5)  # let the notifications fade from the shot
        shots.append(app.save_screenshot("scoreboard.svg", str(HERE)))
        await pilot.press("p")
        await pilot.pause()
        shots.append(app.save_screenshot("calculator.svg", str(HERE)))
        await pilot.press("p")
        await pilot.press("1", *"12", "enter", *"4", "enter")
        await pilot.pause()
        shots.append(app.save_screenshot("hand-entry.svg", str(HERE)))

    loaded = load_session(latest_session(paths.sessions_dir()), library.get)
    replay = MjtuiApp(replay=loaded.session, replay_name="2026-11-29_203000_hp11c.toml")
    async with replay.run_test(size=SIZE) as pilot:
        await pilot.press("left", "left")
        await pilot.pause()
        shots.append(replay.save_screenshot("replay.svg", str(HERE)))

    riichi = library.get("riichi-tenhou")
    app = MjtuiApp(rulesets=[riichi], ruleset=riichi, sessions_dir=paths.sessions_dir())
    async with app.run_test(size=SIZE) as pilot:
        for name in NAMES:
            await pilot.press(*name, "enter")
        await pilot.pause()
        await pilot.press("3")  # Chen wins 2 han 40 fu off Ann; the form left open
        await pilot.pause(0.5)
        await pilot.press("2", "enter", "4", "0", "enter", "1")
        await pilot.pause()
        shots.append(app.save_screenshot("riichi-hand.svg", str(HERE)))
        # the same win from the tiles: pinfu, a red five and dora
        await pilot.press("ctrl+t")
        await pilot.pause()
        await pilot.press(*"234m406p22s567s78s9s", "enter", *"1m")
        await pilot.pause()
        shots.append(app.save_screenshot("riichi-tiles.svg", str(HERE)))

    pocket = library.get("pocket")
    app = MjtuiApp(rulesets=[pocket], ruleset=pocket, sessions_dir=paths.sessions_dir())
    async with app.run_test(size=SIZE) as pilot:
        for name in NAMES:
            await pilot.press(*name, "enter")
        await pilot.pause()
        await pilot.press("2")  # Bob wins on Chen's discard; the fan from his tiles
        await pilot.pause(0.5)
        await pilot.press("enter", *"123m456m789m11z[777z]", "enter", "3")
        await pilot.pause()
        shots.append(app.save_screenshot("pocket-hand.svg", str(HERE)))

    if FX602P_LISTING.is_file():  # the published listing is not ours to ship
        shots.append(await fx602p_pane(library.get("fx602p")))

    browser = MjtuiApp(library=True)
    async with browser.run_test(size=SIZE) as pilot:
        await pilot.pause()
        shots.append(browser.save_screenshot("library.svg", str(HERE)))
        await pilot.press("w")
        await pilot.pause()
        await pilot.press("tab", "tab", "backspace", "3", "enter")
        await pilot.pause()
        shots.append(browser.save_screenshot("what-if.svg", str(HERE)))

    for shot in shots:
        print(shot)
        if png:
            import cairosvg

            cairosvg.svg2png(url=shot, write_to=shot.removesuffix(".svg") + ".png", scale=1.5)


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["MJTUI_DATA_DIR"] = str(Path(tmp) / "data")
        os.environ["MJTUI_CONFIG_DIR"] = str(Path(tmp) / "config")
        asyncio.run(main("--png" in sys.argv))
