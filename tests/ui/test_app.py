"""Pilot tests: the app driven from the keyboard as a person at the table would."""

from __future__ import annotations

from textual.widgets import Input, Static

from mjtui import paths
from mjtui.cli import entry
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.ledger import latest_session
from mjtui.core.sessions.scorebook import Scorebook
from mjtui.core.sessions.session_file import load_session
from mjtui.private_api import notifications
from mjtui.ui.app import MjtuiApp
from mjtui.ui.screens.confirm import ConfirmScreen
from mjtui.ui.screens.hand_form import HandForm
from mjtui.ui.screens.score import ScoreScreen
from mjtui.ui.widgets.scoreboard import Scoreboard

SIZE = (80, 24)  # the smallest terminal the app promises to work in


def library() -> RulesetLibrary:
    return RulesetLibrary(paths.ruleset_folders())


def new_app() -> MjtuiApp:
    lib = library()
    hp11c = lib.get("hp11c")
    return MjtuiApp(rulesets=[hp11c], ruleset=hp11c, sessions_dir=paths.sessions_dir())


def screen_totals(app: MjtuiApp) -> list[int]:
    """The totals column as the scoreboard shows it."""
    board = app.screen.query_one(Scoreboard)
    cells = [board.get_cell_at((row, 3)) for row in range(board.row_count)]
    return [int(str(cell).replace(",", "")) for cell in cells]


def screen_winds(app: MjtuiApp) -> list[str]:
    board = app.screen.query_one(Scoreboard)
    return [str(board.get_cell_at((row, 2))).split()[0] for row in range(board.row_count)]


async def type_text(pilot, text: str) -> None:
    await pilot.press(*list(text))


async def start_series(pilot, names=("Ann", "Bob", "Cy", "Di")) -> None:
    for name in names:
        await type_text(pilot, name)
        await pilot.press("enter")
    await pilot.pause()


async def enter_hand(pilot, winner_key: str, points: tuple[int, ...]) -> None:
    await pilot.press(winner_key)
    await pilot.pause()
    for p in points:
        await type_text(pilot, str(p))
        await pilot.press("enter")
    await pilot.press("enter")  # on Confirm
    await pilot.pause()


async def test_series_three_hands_undo_and_one_more() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await start_series(pilot)
        assert isinstance(app.screen, ScoreScreen)
        assert screen_totals(app) == [10000] * 4

        # Hand 1: Cy (seat 3) wins; East (Ann) pays and receives double.
        # Ann: +40 -180 = -140; Bob: +60 -90 = -30; Cy: +120; Di: +120 -70 = +50.
        await enter_hand(pilot, "3", (10, 20, 30, 40))
        assert screen_totals(app) == [9860, 9970, 10120, 10050]
        assert screen_winds(app) == ["North", "East", "South", "West"]

        # Hand 2: a draw; nothing changes and Bob stays East.
        await pilot.press("0")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert screen_totals(app) == [9860, 9970, 10120, 10050]

        # Hand 3, by letter key: Bob (East) wins 50; the others score 5, 0, 10.
        # Ann gets 5 from Cy and Di, pays 100 to Bob and 10 to Di: -100.
        # Bob gets 100 from each of three: +300.
        # Cy pays 5 to Ann, 100 to Bob, 10 to Di: -115.
        # Di gets 10 from Ann and Cy, pays 5 to Ann and 100 to Bob: -85.
        await enter_hand(pilot, "b", (5, 50, 0, 10))
        assert screen_totals(app) == [9760, 10270, 10005, 9965]

        await pilot.press("u")
        await pilot.pause()
        assert screen_totals(app) == [9860, 9970, 10120, 10050]

        # Hand 3 again: Di wins 20; Bob is East and pays double.
        # Ann (0) receives nothing; Bob (0) nothing; Cy (0) nothing;
        # Di receives 20 from Ann, 40 from Bob, 20 from Cy = +80.
        await enter_hand(pilot, "4", (0, 0, 0, 20))
        assert screen_totals(app) == [9840, 9930, 10100, 10130]
        assert screen_winds(app) == ["West", "North", "East", "South"]
        status = str(app.screen.query_one("#status", Static).render())
        assert "Hand 4 next" in status and "East: Cy" in status

    saved = load_session(latest_session(paths.sessions_dir()), library().get)
    assert saved.problems == []
    assert [h.winner for h in saved.session.hands] == [2, None, 3]
    assert saved.session.state.totals == (9840, 9930, 10100, 10130)


async def test_bad_points_are_refused_with_a_message_and_nothing_is_lost() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await start_series(pilot)
        await pilot.press("1")
        await pilot.pause()
        await type_text(pilot, "1x")
        await pilot.press("enter")
        await pilot.pause()
        entry = app.screen
        assert isinstance(entry, HandForm)
        assert app.focused.id == "ff-points-0"  # Enter did not move on
        error = str(entry.query_one("#ff-error", Static).render())
        assert "'1x' is not a whole number" in error
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, HandForm)  # not confirmed
        await pilot.press("backspace", "0", "enter")
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        assert app.screen.book.session.hands == []


async def test_edit_an_earlier_hand_refolds_the_rest() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await start_series(pilot)
        await enter_hand(pilot, "3", (10, 20, 30, 40))
        await enter_hand(pilot, "2", (0, 30, 0, 0))
        # Edit hand 1 into a win for Ann (East), who stays East for hand 2.
        await pilot.press("up")
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, HandForm)
        winner = app.screen.query_one("#ff-winner", Input)
        assert winner.value == "3"
        await pilot.press("backspace", "1", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)  # an edit has its own question
        await pilot.press("y")
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        # Hand 1 is now Ann's (East) win with 10/20/30/40 scored:
        # Ann +60 (20 from each); Bob +40 -90 = -50; Cy +60 -80 = -20;
        # Di +80 -70 = +10. Ann stays East, so hand 2 (Bob wins 30) has Ann
        # paying double: Ann -60, Bob +120, Cy -30, Di -30, and East passes to Bob.
        assert screen_totals(app) == [10000, 10070, 9950, 9980]
        assert screen_winds(app) == ["North", "East", "South", "West"]


async def test_resume_shows_the_saved_totals() -> None:
    first = new_app()
    async with first.run_test(size=SIZE) as pilot:
        await start_series(pilot)
        await enter_hand(pilot, "1", (40, 10, 10, 10))
    path = latest_session(paths.sessions_dir())
    loaded = load_session(path, library().get)
    again = MjtuiApp(book=Scorebook(loaded.session, path))
    async with again.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # Ann (East) won 40: she gets 80 from each of three (+240). Each of
        # the others scored 10: gets 10 from the two other losers, pays 80 to
        # Ann and 10 to each of the two others: 20 - 100 = -80.
        assert screen_totals(again) == [10240, 9920, 9920, 9920]


async def test_replay_steps_through_hands() -> None:
    app = new_app()
    async with app.run_test(size=SIZE) as pilot:
        await start_series(pilot)
        await enter_hand(pilot, "3", (10, 20, 30, 40))
        await enter_hand(pilot, "2", (0, 30, 0, 0))
    loaded = load_session(latest_session(paths.sessions_dir()), library().get)
    replay = MjtuiApp(replay=loaded.session, replay_name="x.toml")
    async with replay.run_test(size=SIZE) as pilot:
        await pilot.pause()
        states = loaded.session.states()
        assert screen_totals(replay) == list(states[2].totals)
        await pilot.press("home")
        await pilot.pause()
        assert screen_totals(replay) == [10000] * 4
        await pilot.press("right")
        await pilot.pause()
        assert screen_totals(replay) == [9860, 9970, 10120, 10050]
        assert screen_winds(replay) == ["North", "East", "South", "West"]
        await pilot.press("end")
        await pilot.pause()
        assert screen_totals(replay) == list(states[2].totals)
        await pilot.press("left", "left", "left")
        await pilot.pause()
        assert screen_totals(replay) == [10000] * 4


async def test_names_that_look_like_markup_are_shown_as_typed() -> None:
    app = new_app()
    names = ("[b]Ann", "Bob[/]", "[red]C", "D[/b]")
    async with app.run_test(size=SIZE) as pilot:
        await start_series(pilot, names)
        await enter_hand(pilot, "2", (1, 2, 3, 4))
        board = app.screen.query_one(Scoreboard)
        assert [str(board.get_cell_at((row, 1))) for row in range(4)] == list(names)
        status = str(app.screen.query_one("#status", Static).render())
        assert "East: Bob[/]" in status  # seat 2 won, so East passed to seat 2
        await pilot.press("e")
        await pilot.pause()
        assert isinstance(app.screen, HandForm)
        await pilot.press("escape")
        await pilot.pause()
    loaded = load_session(latest_session(paths.sessions_dir()), library().get)
    replay = MjtuiApp(replay=loaded.session, replay_name="x.toml")
    async with replay.run_test(size=SIZE) as pilot:
        await pilot.press("left")
        await pilot.pause()
        assert "Before the first hand" in str(replay.screen.query_one("#status", Static).render())


async def test_start_points_typed_on_the_form_are_the_rules_played() -> None:
    app = entry.new_series(entry.build_parser().parse_args([]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        points = app.screen.query_one("#start-points", Input)
        assert points.value == "10000"  # prefilled from the ruleset
        points.value = ""
        points.focus()
        await type_text(pilot, "25000")
        await pilot.press("enter", "enter")  # on through the time limit (none)
        await start_series(pilot)
        assert screen_totals(app) == [25000] * 4
        await enter_hand(pilot, "1", (10, 0, 0, 0))
    saved = load_session(latest_session(paths.sessions_dir()), library().get)
    assert saved.session.ruleset.start_points == 25000
    assert saved.session.state.totals == (25060, 24980, 24980, 24980)


async def test_resume_of_a_damaged_file_keeps_the_good_hands_and_a_backup() -> None:
    sessions = paths.sessions_dir()
    sessions.mkdir(parents=True)
    path = sessions / "club.toml"
    original = (
        'format = "mjtui-session/1"\n'
        'ruleset = "hp11c"\n'
        'players = ["Ann", "Bob", "Cy", "Di"]\n'
        "started = 2026-11-28T19:30:00\n"
        "[[hands]]\nwinner = 3\npoints = [10, 20, 30, 40]\n"
        "[[hands]]\nwinner = 9\npoints = [1, 2, 3, 4]\n"
        "[[hands]]\n"
    )
    path.write_text(original, encoding="utf-8")
    app = entry.resume(entry.build_parser().parse_args(["resume"]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        assert screen_totals(app) == [9860, 9970, 10120, 10050]
        assert len(app.screen.book.session.hands) == 2  # hand 2 was left out
        shown = [n.message for n in notifications(app)]
        assert any("hand 2 (line 8)" in m and "winner" in m for m in shown)
        assert any("club.toml.damaged" in m for m in shown)
        await enter_hand(pilot, "1", (0, 5, 0, 0))
    assert (sessions / "club.toml.damaged").read_text(encoding="utf-8") == original
    again = load_session(path, library().get)
    assert again.problems == [] and len(again.session.hands) == 3


async def test_the_other_rulesets_are_offered_once_the_form_is_shown(folders) -> None:
    from textual.widgets import Select

    folders["rulesets"].mkdir(parents=True)
    (folders["rulesets"] / "broken.toml").write_text("name = 'x'\nsystem = 'nope'\n")
    app = entry.new_series(entry.build_parser().parse_args(["--ruleset", "pocket"]))
    assert [r.id for r in app.rulesets] == ["pocket"]  # all the first frame needs
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        ids = [r.id for r in screen.rulesets.values()]
        assert ids == sorted(ids) and {"hp11c", "pocket", "riichi-tenhou"} <= set(ids)
        assert "broken" not in ids
        select = screen.query_one("#ruleset", Select)
        assert screen.ruleset.id == "pocket" and select.value == app.ruleset.origin
        assert any(
            "Ruleset not offered" in n.message and "broken" in n.message for n in notifications(app)
        )
        # Offered again (or late), what was chosen and typed stays.
        await pilot.press("1", "2", "3")
        typed = screen.query_one("#name-0", Input).value
        points = screen.query_one("#start-points", Input)
        points.value = "4321"
        screen.offer(list(screen.rulesets.values())[:2])
        await pilot.pause()
        assert screen.ruleset.id == "pocket" and points.value == "4321"
        assert screen.query_one("#name-0", Input).value == typed == "123"
