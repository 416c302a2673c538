"""The calculator pane: typed keys reach the HP-11C, and it checks the sheet."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static
from waiting import until

from mjtui import paths
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.private_api import notifications, send_as_terminal
from mjtui.ui.app import MjtuiApp
from mjtui.ui.widgets.calc_pane import CalcPane

SIZE = (100, 36)


def new_app(**kwargs) -> MjtuiApp:
    hp11c = RulesetLibrary(paths.ruleset_folders()).get("hp11c")
    return MjtuiApp(rulesets=[hp11c], ruleset=hp11c, sessions_dir=paths.sessions_dir(), **kwargs)


def text(pane: CalcPane, part: str) -> str:
    return str(pane.query_one(part, Static).render())


async def start_and_play(pilot, points=(10, 20, 30, 40), names: bool = True) -> None:
    for _ in range(4 if names else 0):
        await pilot.press("enter")  # the default names
    await pilot.pause()
    await pilot.press("3")
    await pilot.pause()
    for p in points:
        await pilot.press(*str(p), "enter")
    await pilot.press("enter")
    await pilot.pause()


async def test_the_pane_follows_the_sheet_and_takes_keys() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await start_and_play(pilot)
        assert not app.screen.query(CalcPane)  # made when first shown
        await pilot.press("p")
        await pilot.pause()
        pane = app.screen.query_one(CalcPane)
        assert pane.display and pane.has_focus
        # Player 3 won, so the program ends showing the next East: player 2.
        assert text(pane, "#lcd") == "2.0000"
        assert "agrees with the sheet" in text(pane, "#calc-link")
        assert "9,860.0000" in text(pane, "#calc-registers")  # R1, seat 1's total
        # Keys typed now go to the calculator, not to the sheet's winner keys.
        await pilot.press("7", "enter", "5", "*")
        await pilot.pause()
        assert text(pane, "#lcd") == "35.0000"
        assert len(app.screen.book.session.hands) == 1
        # Stepping through the program moves the calculator away from the
        # sheet; k keys the hands again.
        await pilot.press("s", "s", "s")
        await pilot.pause()
        assert "▶ 004" in text(pane, "#calc-program")  # three steps run, 004 next
        await pilot.press("k")
        await pilot.pause()
        assert text(pane, "#lcd") == "2.0000"
        await pilot.press("p")  # hides the pane and gives the keys back to the sheet
        await pilot.pause()
        assert not pane.display
        await pilot.press("p", "escape", "0")  # escape also gives them back: 0 is a draw
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert len(app.screen.book.session.hands) == 2
        assert "2 hands keyed" in text(pane, "#calc-link")


async def test_a_program_that_settles_differently_is_flagged(tmp_path: Path) -> None:
    # It asks for the four points as a settlement program should, but moves
    # no points and always shows player 1 as the next East.
    listing = tmp_path / "lazy.hp11c"
    listing.write_text(
        "LBL 9\nRTN\nLBL C\n1\nR/S\n2\nR/S\n3\nR/S\n4\nR/S\n1\nRTN\n", encoding="utf-8"
    )
    app = new_app(calc_program=str(listing))
    async with app.run_test(size=SIZE) as pilot:
        await start_and_play(pilot)
        await pilot.press("p")
        await pilot.pause()
        link = text(app.screen.query_one(CalcPane), "#calc-link")
        assert "differs from the sheet" in link
        rows = link.splitlines()
        assert rows[1].split() == ["1", "9,860", "0.0000", "✗"]
        assert rows[5].split() == ["East", "2", "1", "✗"]


async def test_a_missing_program_leaves_a_bare_calculator(tmp_path: Path) -> None:
    app = new_app(calc_program=str(tmp_path / "missing.hp11c"))
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(4):
            await pilot.press("enter")  # the default names: the sheet opens, and warns
        # Looked for as soon as it is said: it leaves after its timeout, which a
        # loaded machine can pass while the hand is still being typed.
        await until(
            pilot,
            lambda: any("missing.hp11c" in n.message for n in notifications(app)),
            "the warning that the program is missing",
        )
        await start_and_play(pilot, names=False)
        await pilot.press("p")
        await pilot.pause()
        pane = app.screen.query_one(CalcPane)
        assert pane.link is None
        assert "not linked" in text(pane, "#calc-link")


async def test_a_hidden_pane_keys_the_hands_when_it_is_opened() -> None:
    # Keying a long series into the emulator takes seconds: a resumed or growing
    # series is keyed only once someone looks at the calculator.
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await start_and_play(pilot)
        link = app.screen.link
        assert link is not None and link.keyed == []
        await pilot.press("p")
        await pilot.pause()
        assert len(link.keyed) == 1
        assert "agrees with the sheet" in text(app.screen.query_one(CalcPane), "#calc-link")


async def test_keys_typed_at_once_after_p_and_after_esc() -> None:
    # All in the app's queue before the pane exists: it is made, shown and given
    # the focus before the next key is read, so no digit opens a hand form.
    # Esc then gives the sheet the focus back; the key right behind it is routed
    # only once the pane has taken the Esc, so it opens a hand rather than reaching
    # the calculator.
    from textual import events

    from mjtui.ui.key_form import KeyForm
    from mjtui.ui.screens.score import ScoreScreen

    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await start_and_play(pilot)
        for key in ("p", "1", "2"):
            send_as_terminal(app, events.Key(key, key))
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        assert text(app.screen.query_one(CalcPane), "#lcd") == "12"
        for key, char in (("escape", None), ("3", "3")):
            send_as_terminal(app, events.Key(key, char))
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, KeyForm)  # seat 3's win, in its form
        assert text(app.screen_stack[-2].query_one(CalcPane), "#lcd") == "12"
