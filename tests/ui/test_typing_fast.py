"""What is typed is what is saved: the README's key sequences, 10 ms a key.

Each sequence goes from the score sheet to the recorded hand, typed as fast
as a practised scorer (or a paste) into the running app through its driver,
with one Enter too many after some hands; the hands in the session and in
its file must be exactly the ones meant, in every system.
"""

from __future__ import annotations

import asyncio
from datetime import datetime
from pathlib import Path

import pytest
from textual import events
from waiting import until

from mjtui import paths
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.scorebook import Scorebook
from mjtui.core.sessions.session_file import load_session
from mjtui.private_api import send_as_terminal
from mjtui.systems.east_doubling import system as east_doubling
from mjtui.systems.fx602p import system as fx602p
from mjtui.systems.pocket import system as pocket
from mjtui.systems.riichi import system as riichi
from mjtui.ui.app import MjtuiApp
from mjtui.ui.screens.score import ScoreScreen

KEY_NAMES = {"⏎": "enter", "^s": "ctrl+s", "^t": "ctrl+t", "^y": "ctrl+y", "esc": "escape"}


def keys_of(sequence: str) -> list[str]:
    """``"3 40⏎ 2 ^s"`` -> the keys: characters one by one, ⏎ Enter, ^s ctrl+s."""
    keys: list[str] = []
    for word in sequence.split():
        while word:
            name = next((n for n in KEY_NAMES if word.startswith(n)), None)
            if name:
                keys.append(KEY_NAMES[name])
                word = word[len(name) :]
            else:
                keys.append(word[0])
                word = word[1:]
    return keys


async def typed(ruleset_id: str, sequence: str, tmp_path: Path) -> list:
    """The hands saved after typing ``sequence`` on a new sheet, 10 ms a key."""
    ruleset = RulesetLibrary(paths.ruleset_folders()).get(ruleset_id)
    players = ("Ann", "Bob", "Cy", "Di")[: ruleset.players]
    book = Scorebook(Session(ruleset, players, datetime(2026, 11, 30)), tmp_path / "s.toml")
    app = MjtuiApp(book=book, sessions_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key in keys_of(sequence):
            send_as_terminal(app, events.Key(key, key if len(key) == 1 else None))
            await asyncio.sleep(0.01)
        for _ in range(20):
            await pilot.pause(0.02)
        assert isinstance(app.screen, ScoreScreen), "a form was left open"
    if not book.session.hands and not book.path.exists():
        return []  # nothing recorded: nothing saved
    on_disk = load_session(book.path, lambda name: ruleset)
    assert on_disk.problems == [] and on_disk.session.hands == book.session.hands
    return book.session.hands


def test_keys_of() -> None:
    assert keys_of("3 40⏎ 2^s") == ["3", "4", "0", "enter", "2", "ctrl+s"]


async def test_east_doubling(tmp_path: Path) -> None:
    H = east_doubling.Hand
    hands = await typed("hp11c", "2 8⏎30⏎4⏎⏎⏎⏎ 0⏎⏎ 3 10⏎20⏎5⏎⏎⏎⏎ 1 40⏎5^s", tmp_path)
    assert hands == [
        H(1, (8, 30, 4, 0)),
        H(None, (0, 0, 0, 0)),
        H(2, (10, 20, 5, 0)),
        H(0, (40, 5, 0, 0)),
    ]


async def test_riichi(tmp_path: Path) -> None:
    W = riichi.Winner
    hands = await typed(
        "riichi-tenhou",
        "3 3⏎40⏎2⏎⏎⏎⏎⏎"  # ron: han, fu, ron off, (winner 2), (riichi), Confirm, one Enter more
        " 4 t2⏎40⏎4^s"  # tsumo with riichi: the outcome letter from the han field
        " 0 13^s"  # exhaustive draw, seats 1 and 3 tenpai
        " 0 c2^s",  # chombo from the draw form's tenpai field
        tmp_path,
    )
    assert hands == [
        riichi.Win((W(2, 3, 40, 0),), 1, ()),
        riichi.Win((W(3, 2, 40, 0),), None, (3,)),
        riichi.ExhaustiveDraw((0, 2), ()),
        riichi.Chombo(1, ()),
    ]


async def test_the_tiles_first_then_the_discarder(tmp_path: Path) -> None:
    # The natural order: the winner's key, ctrl+t, the tiles, the dora, the riichi as a
    # letter there; Use fills han and fu and the riichi field, and the focus goes on to
    # the discarder.
    hands = await typed("riichi-tenhou", "3 ^t234m406p2256778s9s⏎1m⏎r^s 2^s", tmp_path)
    (win,) = hands
    assert win.discarder == 1 and win.riichi == (2,)
    assert (win.winners[0].seat, win.winners[0].han, win.winners[0].fu) == (2, 4, 30)
    assert win.winners[0].dora == "1m" and "riichi" in win.winners[0].yaku


@pytest.mark.parametrize("ruleset_id", ["riichi-tenhou", "riichi-wrc"])
async def test_the_seats_a_draw_names_mean_the_same_in_every_ruleset(
    ruleset_id: str, tmp_path: Path
) -> None:
    # Tenpai, then riichi: nagashi (played by Tenhou, not by the WRC) comes after both.
    hands = await typed(ruleset_id, "0 24⏎24^s", tmp_path)
    assert hands == [riichi.ExhaustiveDraw((1, 3), (1, 3))]


async def test_a_digit_typed_on_a_checkbox_goes_on_to_the_discarder(tmp_path: Path) -> None:
    # The tiles, Enter onto the first situation box, then the discarder's seat.
    hands = await typed("pocket", "3 ⏎19m19p19s1234567z1m⏎2^s", tmp_path)
    assert hands == [pocket.Win(2, 10, 1, None, tiles="19m19p19s1234567z1m")]  # the limit


async def test_pocket(tmp_path: Path) -> None:
    hands = await typed("pocket", "3 4⏎2⏎⏎⏎ 1 t3^s 0⏎⏎ 0 c2^s", tmp_path)
    assert hands == [
        pocket.Win(2, 4, 1, None),
        pocket.Win(0, 3, None, None),
        pocket.Draw(),
        pocket.FalseWin(1),
    ]


async def test_fx602p(tmp_path: Path) -> None:
    hands = await typed("fx602p", "1 123456789^s⏎ 2 t123456789^s", tmp_path)
    assert hands == [
        fx602p.Win(winner=0, tiles=tuple(range(1, 10)), win_tile=9),
        fx602p.Win(winner=1, tiles=tuple(range(1, 10)), win_tile=9, tsumo=True),
    ]


async def test_a_win_worth_nothing_is_asked_before_it_is_recorded(tmp_path: Path) -> None:
    # A tired scorer's slip: the winner's key and ctrl+s. The form asks; n goes back to
    # it, Esc leaves it, and only y records such a hand.
    assert await typed("hp11c", "a^s n esc", tmp_path) == []
    hands = await typed("hp11c", "a^s y", tmp_path / "again")
    assert hands == [east_doubling.Hand(0, (0, 0, 0, 0))]
    assert await typed("fx602p", "2^s n esc", tmp_path / "fx") == []


@pytest.mark.parametrize("sequence", ["2 8⏎30⏎4⏎⏎⏎⏎⏎⏎", "2 8⏎30⏎4⏎⏎⏎ ⏎ e esc"])
async def test_extra_keys_never_change_a_recorded_hand(sequence: str, tmp_path: Path) -> None:
    hands = await typed("hp11c", sequence, tmp_path)
    assert hands == [east_doubling.Hand(1, (8, 30, 4, 0))]


async def test_names_and_the_first_hand_typed_in_one_go(folders: dict[str, Path]) -> None:
    from mjtui.cli import entry

    app = entry.new_series(entry.build_parser().parse_args(["--ruleset", "hp11c"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key in keys_of("Ann⏎Bob⏎Cy⏎Di⏎ 2 8⏎30^s"):
            send_as_terminal(app, events.Key(key, key if len(key) == 1 else None))
            await asyncio.sleep(0.01)
        for _ in range(20):
            await pilot.pause(0.02)
        assert app.book.session.players == ("Ann", "Bob", "Cy", "Di")
        assert app.book.session.hands == [east_doubling.Hand(1, (8, 30, 0, 0))]


async def test_the_new_series_form_walks_every_field_in_the_order_on_screen(
    folders: dict[str, Path],
) -> None:
    """Back to the list of rulesets, choose one, then Enter through the table, the
    start points and the time limit to the names: each value lands where it is typed."""
    from mjtui.cli import entry

    app = entry.new_series(entry.build_parser().parse_args(["--ruleset", "hp11c"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: app.screen.query("#ruleset"), "the list of rulesets")
        origins = list(app.screen.rulesets)
        wanted = next(o for o in origins if app.screen.rulesets[o].id == "riichi-tenhou")
        down = origins.index(wanted) - origins.index(app.screen.ruleset.origin)
        keys = ["shift+tab"] * 4 + ["enter"] + ["down"] * down + ["enter"]
        keys += keys_of("Club⏎ 30000⏎ 90⏎ Ann⏎Bob⏎Chen⏎Dora⏎")
        for key in keys:
            send_as_terminal(app, events.Key(key, key if len(key) == 1 else None))
            await asyncio.sleep(0.01)
        await until(
            pilot,
            lambda: isinstance(app.screen, ScoreScreen) and app.screen.is_mounted,
            "the sheet",
        )
        await pilot.pause()
        session = app.book.session
        assert session.ruleset.id == "riichi-tenhou"
        assert session.players == ("Ann", "Bob", "Chen", "Dora")
        assert (session.table, session.time_limit) == ("Club", 90)
        assert session.ruleset.start_points == 30000
        assert session.hands == []


async def test_ctrl_q_with_a_half_typed_hand_asks_and_f_without_standings_says_why(
    tmp_path: Path,
) -> None:
    ruleset = RulesetLibrary(paths.ruleset_folders()).get("hp11c")
    book = Scorebook(
        Session(ruleset, ("Ann", "Bob", "Cy", "Di"), datetime(2026, 12, 1)), tmp_path / "s.toml"
    )
    app = MjtuiApp(book=book, sessions_dir=tmp_path)
    told: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.notify = lambda message, **kw: told.append(message)  # type: ignore[method-assign]
        await pilot.press("f")
        await until(pilot, lambda: told, "a word on f")
        assert "no final standings" in told[0]
        await pilot.press("2", "8")
        await until(pilot, lambda: app.screen.query("#ff-points-0"), "the hand form")
        await pilot.press("ctrl+q")
        await until(pilot, lambda: app.screen.query("#confirm-no"), "the question")
        await pilot.press("n")  # back to the form, the 8 still there
        await until(pilot, lambda: app.screen.query("#ff-points-0"), "the form again")
        assert app.is_running
        assert "8" in [w.value for w in app.screen.query("Input")]
        await pilot.press("ctrl+q", "y")
        await until(pilot, lambda: not app.is_running, "the quit")


async def test_an_edit_asks_with_the_points_that_change(tmp_path: Path) -> None:
    """HP-11C: "recorded: Ann won / new: Ann won" said nothing; the points say it."""
    ruleset = RulesetLibrary(paths.ruleset_folders()).get("hp11c")
    session = Session(ruleset, ("Ann", "Bob", "Cy", "Di"), datetime(2026, 12, 1))
    session.add(east_doubling.Hand(0, (8, 30, 4, 0)))
    book = Scorebook(session, tmp_path / "s.toml")
    app = MjtuiApp(book=book, sessions_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("e", "enter", "9", "ctrl+s")
        await until(pilot, lambda: app.screen.query("#confirm-question"), "the question")
        question = str(app.screen.query_one("#confirm-question").render())
        lines = question.splitlines()
        assert lines[0] == "Edit hand 1: replace the recorded hand?"
        assert "recorded: Ann won · points 8 30 4 0" in question
        assert "new:      Ann won · points 9 30 4 0" in question


async def test_an_edit_that_cannot_be_made_is_said_before_any_question(tmp_path: Path) -> None:
    """Riichi: hand 1 made a dealer's 13-han ron off seat 2 ends the game (tobi), so hand 2
    could not have been played. The form says so on ctrl+s; it asks nothing first (a "y"
    answered for a change then refused)."""
    ruleset = RulesetLibrary(paths.ruleset_folders()).get("riichi-tenhou")
    session = Session(ruleset, ("Ann", "Bob", "Cy", "Di"), datetime(2026, 12, 1))
    session.add(riichi.ExhaustiveDraw(tenpai=(0,)))
    session.add(riichi.ExhaustiveDraw(tenpai=(1,), riichi=(1,)))
    hands = list(session.hands)
    book = Scorebook(session, tmp_path / "s.toml")
    app = MjtuiApp(book=book, sessions_dir=tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("home", "e")
        await until(pilot, lambda: app.screen.query("#ff-outcome"), "the edit form")
        await pilot.press("r", "enter", "1", "enter", "1", "3", "enter", "4", "0", "enter")
        await pilot.press("2", "ctrl+s")
        error = lambda: str(app.screen.query_one("#ff-error").render())  # noqa: E731
        await until(pilot, lambda: "could not have been played" in error(), "the refusal")
        assert not app.screen.query("#confirm-question")
        assert "hand 2 could not have been played" in error()
        assert book.session.hands == hands
