"""Keys typed in one instant act one after the other, each where the one before left it.

Each test puts its keys in the app's queue together, as a burst from the
keyboard or a paste does: a key behind the one that closes a screen over
the sheet is the sheet's (it opens the hand it names); e behind an arrow
edits the hand the arrow moved to; a ruleset chosen in the new-series list
in one burst is the one chosen.
"""

from __future__ import annotations

import pytest
from test_typing_fast import keys_of
from textual import events
from waiting import until

from mjtui.cli import entry
from mjtui.private_api import send_as_terminal
from mjtui.systems.east_doubling import system as east_doubling
from mjtui.systems.riichi import system as riichi
from mjtui.ui.key_form import KeyForm
from mjtui.ui.screens.board import BoardScreen
from mjtui.ui.screens.reference import ReferenceScreen
from mjtui.ui.screens.score import ScoreScreen
from mjtui.ui.screens.standings import StandingsScreen

SIZE = (80, 24)


def _at_once(app, *keys: str) -> None:
    """Put ``keys`` in the app's queue together, as typed in one instant."""
    for key in keys:
        char = " " if key == "space" else key if len(key) == 1 else None
        send_as_terminal(app, events.Key(key, char))


async def _settle(pilot) -> None:
    """Let keys put in at once (:func:`_at_once`) be handled, one after another."""
    for _ in range(4):
        await pilot.pause()


async def _sheet(pilot) -> ScoreScreen:
    """The sheet of a new series of Ann, Bob, Cy and Di."""
    await pilot.press(*"Ann", "enter", *"Bob", "enter", *"Cy", "enter", *"Di", "enter")
    await pilot.pause()
    assert isinstance(pilot.app.screen, ScoreScreen)
    return pilot.app.screen


async def _editing_hand_1(pilot) -> ScoreScreen:
    """The sheet with seat 1's hand of 4 points, its edit form open at 9 points."""
    sheet = await _sheet(pilot)
    await pilot.press("1", "4", "ctrl+s")
    await pilot.pause()
    await pilot.press("e", "1", "enter", "9")  # winner 1 again, 9 points
    await pilot.pause()
    return sheet


@pytest.mark.parametrize(
    ("ruleset", "opener", "screen", "closer"),
    [
        ("hp11c", "r", ReferenceScreen, "escape"),
        ("hp11c", "r", ReferenceScreen, "q"),
        ("hp11c", "t", BoardScreen, "escape"),
        ("riichi-tenhou", "f", StandingsScreen, "enter"),
    ],
)
async def test_the_key_behind_the_close_opens_a_hand(ruleset, opener, screen, closer) -> None:
    app = entry.new_series(entry.build_parser().parse_args(["--ruleset", ruleset]))
    async with app.run_test(size=SIZE) as pilot:
        await _sheet(pilot)
        await pilot.press(opener)
        await pilot.pause()
        assert isinstance(app.screen, screen)
        _at_once(app, closer, "2")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, KeyForm)  # seat 2's win
        assert isinstance(app.screen_stack[-2], ScoreScreen)


async def test_the_hand_edited_is_the_one_the_cursor_was_moved_to_at_once() -> None:
    """up and e typed in one instant edit the hand above the last, not the last."""
    app = entry.new_series(entry.build_parser().parse_args(["--ruleset", "hp11c"]))
    async with app.run_test(size=SIZE) as pilot:
        await _sheet(pilot)
        for points in ("1234", "5678"):
            await pilot.press("1", *[k for p in points for k in (p, "enter")], "ctrl+s")
            await pilot.pause()
        assert len(app.screen.book.session.hands) == 2
        _at_once(app, "up", "e")
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, KeyForm)
        assert "Edit hand 1" in str(app.screen.query_one("#ff-title").render())


async def test_a_ruleset_chosen_in_one_burst_is_the_one_chosen() -> None:
    """Back to the list, open it, four down, Enter, which chooses and goes on to the
    next field, and Enter again: typed in one instant, each key acts in order."""
    from textual.widgets import Input, Select

    app = entry.new_series(entry.build_parser().parse_args(["--ruleset", "hp11c"]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        origins = list(screen.rulesets)
        expected = screen.rulesets[origins[origins.index(screen.ruleset.origin) + 4]]
        _at_once(app, *("shift+tab",) * 4, "enter", *("down",) * 4, "enter", "enter")
        await _settle(pilot)
        assert screen.query_one("#ruleset", Select).value == expected.origin
        assert screen.ruleset == expected
        assert screen.query_one("#start-points", Input).value == str(expected.start_points)
        assert app.focused is screen.query_one("#start-points", Input)


async def test_a_key_that_never_arrives_holds_the_next_ones_back_only_a_moment() -> None:
    """Should a widget go away with a key in its queue, the keys behind that key go
    on after OrderedKeys.HANDLING_LIMIT."""
    app = entry.new_series(entry.build_parser().parse_args(["--ruleset", "hp11c"]))
    async with app.run_test(size=SIZE) as pilot:
        await _sheet(pilot)
        await pilot.press("1", "1", "ctrl+s")
        await pilot.pause()
        # Long enough that the pause below, slow on a loaded machine, ends within it.
        app.HANDLING_LIMIT = 0.5
        app._follow = lambda event, node: None  # every key is lost on its way
        _at_once(app, "up", "up", "e")
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)  # e waits behind the lost arrows
        await pilot.pause(1.2)
        assert isinstance(app.screen, KeyForm)  # and then acts, in order


async def test_a_screen_change_that_never_settles_holds_the_next_keys_back_only_a_moment() -> None:
    """The keys behind one that closed a form wait for the screen below to have had
    its turn; should it never get there, they go on after OrderedKeys.HANDLING_LIMIT."""
    app = entry.new_series(entry.build_parser().parse_args(["--ruleset", "hp11c"]))
    async with app.run_test(size=SIZE) as pilot:
        sheet = await _sheet(pilot)
        await pilot.press("1")
        await pilot.pause()
        assert isinstance(app.screen, KeyForm)
        # Long enough that the pause below, slow on a loaded machine, ends within it.
        app.HANDLING_LIMIT = 0.5
        call_later = sheet.call_later

        def lost(callback, *args, **kwargs):  # the sheet never has the app's turn
            return True if callback == app._settled else call_later(callback, *args, **kwargs)

        sheet.call_later = lost
        _at_once(app, "4", "ctrl+s", "2")
        await until(pilot, lambda: app.screen is sheet, "the hand recorded")
        assert app._held  # the 2 waits for the sheet's turn, which never comes
        await until(pilot, lambda: isinstance(app.screen, KeyForm), "seat 2's hand")
        assert [(h.winner, h.points) for h in sheet.book.session.hands] == [(0, (4, 0, 0, 0))]


async def test_enter_on_cancel_then_a_seat_opens_that_seats_hand() -> None:
    app = entry.new_series(entry.build_parser().parse_args(["--ruleset", "hp11c"]))
    async with app.run_test(size=SIZE) as pilot:
        await _sheet(pilot)
        await pilot.press("3")
        await pilot.pause()
        cancel = app.screen.query_one("#ff-cancel")
        app.screen.set_focus(cancel)
        _at_once(app, "enter", "2", "5", "ctrl+s")
        await _settle(pilot)
        assert isinstance(app.screen, ScoreScreen)
        assert [(h.winner, h.points) for h in app.screen.book.session.hands] == [
            (1, (5, 0, 0, 0))
        ]  # seat 2 (0-based 1) won: the 3's form was cancelled


async def test_enter_on_no_then_a_key_answers_once() -> None:
    """Editing a hand asks before replacing it; Enter on its No (the focus) and a
    key right behind it: the question is answered once, the form stays for edits."""
    from mjtui.ui.screens.confirm import ConfirmScreen

    app = entry.new_series(entry.build_parser().parse_args(["--ruleset", "hp11c"]))
    async with app.run_test(size=SIZE) as pilot:
        sheet = await _editing_hand_1(pilot)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        _at_once(app, "enter", "y")  # No, then a y that must not say yes to anything
        await _settle(pilot)
        assert isinstance(app.screen, KeyForm) and app.screen_stack[-2] is sheet
        assert [h.points for h in sheet.book.session.hands] == [(4, 0, 0, 0)]


async def test_enter_right_behind_the_question_never_says_yes() -> None:
    """ctrl+s on an edited hand asks before replacing it; an Enter typed in the same
    instant reaches the question as it opens and must find No, not Yes."""
    app = entry.new_series(entry.build_parser().parse_args(["--ruleset", "hp11c"]))
    async with app.run_test(size=SIZE) as pilot:
        sheet = await _editing_hand_1(pilot)
        _at_once(app, "ctrl+s", "enter")
        await _settle(pilot)
        assert isinstance(app.screen, KeyForm)  # still editing
        assert [h.points for h in sheet.book.session.hands] == [(4, 0, 0, 0)]


async def test_enter_on_fu_calc_then_keys_go_to_the_fu_calculator() -> None:
    from mjtui.ui.screens.field_form import FieldForm

    app = entry.new_series(entry.build_parser().parse_args(["--ruleset", "riichi-tenhou"]))
    async with app.run_test(size=SIZE) as pilot:
        await _sheet(pilot)
        await pilot.press("1")
        await pilot.pause()
        form = app.screen
        form.set_focus(form.query_one("#ff-action-fu"))
        _at_once(app, "enter", "escape")  # open it, and close it again
        await _settle(pilot)
        assert app.screen is form  # the Esc closed the calculator, not the hand form
        assert not any(type(s) is FieldForm for s in app.screen_stack)


async def test_the_keys_behind_the_tiles_forms_ctrl_s_act_on_the_hand_form() -> None:
    """The tiles form closes with ctrl+s and fills the hand form's han and fu, and its
    focus goes on to the discarder: typed in one burst with the tiles, the discarder's 2
    and the ctrl+s behind it record that hand (the 2 went into a field the tiles'
    result then overwrote, and the form stayed open), and the draw typed next is the
    sheet's."""
    keys = keys_of("3 ^t234m456p22678s555z^s 2^s 0 13^s")
    hands, _, screens = await _typed("riichi-tenhou", keys, at_once=True)
    assert screens == ["NewSeriesScreen", "ScoreScreen"], "a form was left open"
    win, draw = hands
    assert (win.discarder, win.riichi) == (1, ())
    assert (win.winners[0].seat, win.winners[0].han, win.winners[0].fu) == (2, 1, 40)
    assert draw == riichi.ExhaustiveDraw((0, 2), ())
    assert (hands, [], screens) == await _typed("riichi-tenhou", keys, at_once=False)


# The names, then hands: Ann wins 5; Bob's form asks about a hand worth nothing, 0 is
# no answer and Enter is its No; Ann 112 and Bob 5 for Bob's win; Chen's 40 and Dora's
# 8; undo, redo, a draw.
STARTING = "Ann⏎Bob⏎Chen⏎Dora⏎ 1 5^s 2^s 0⏎ 1 1 2⏎5^s 3 ⏎⏎40⏎8^s u ^y 0⏎"


async def test_a_burst_typed_while_mjtui_starts_is_kept_in_order() -> None:
    """The names and the hands behind them, in the app's queue before its first screen
    exists, as the driver reads them when a person (or a paste) types on while mjtui
    starts: every ctrl+s and Enter acts where the keys before it left the focus."""
    H = east_doubling.Hand
    app = entry.new_series(entry.build_parser().parse_args([]))  # the HP-11C ruleset
    first_screen = app.get_default_screen

    def typed_while_starting():  # the driver runs; the first screen is still to come
        _at_once(app, *keys_of(STARTING))
        return first_screen()

    app.get_default_screen = typed_while_starting
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, lambda: len(app.screen_stack) > 1, "the sheet")
        sheet = app.screen_stack[1]
        await until(pilot, lambda: not (app._held or app._handling), "every key to be handled")
        assert [type(s).__name__ for s in app.screen_stack] == ["NewSeriesScreen", "ScoreScreen"]
        assert sheet.book.session.players == ("Ann", "Bob", "Chen", "Dora")
        assert sheet.book.session.hands == [
            H(0, (5, 0, 0, 0)),
            H(1, (112, 5, 0, 0)),
            H(2, (0, 0, 40, 8)),
            H(None, (0, 0, 0, 0)),
        ]


# A random evening: the README's hands of each system, the sheet's other keys and
# stray keys between them (x, which rolls dice, and q, which quits, left out).
HANDS = {
    "hp11c": ["2 8⏎30⏎4^s", "0⏎", "3 10⏎20⏎5⏎⏎⏎⏎", "1 40⏎5^s"],
    "riichi-tenhou": [
        "3 3⏎40⏎2⏎⏎⏎⏎⏎",
        "4 t2⏎40⏎4^s",
        "0 13^s",
        "0 c2^s",
        "3 ^t234m456p22678s555z^s 2^s",
    ],
    "pocket": ["3 4⏎2⏎⏎⏎", "1 t3^s", "0⏎⏎", "0 c2^s"],
    "fx602p": ["1 123456789^s", "2 t123456789^s"],
}
BETWEEN = [
    "u",
    "esc",
    "⏎",
    "e 7^s y",
    "e 7^s ⏎",
    "e esc",
    "g g",
    "r esc",
    "t t",
    "f esc",
    "s 12^s",
    "s esc",
    "p 12 esc",
    "up e 5^s y",
    "u U",
]
STRAY = (
    "1",
    "2",
    "0",
    "5",
    "⏎",
    "^s",
    "esc",
    "up",
    "down",
    "tab",
    "u",
    "e",
    "y",
    "n",
    "space",
    "backspace",
    "left",
    "t",
    "d",
    "c",
    "p",
    "s",
    "r",
)


def evening(ruleset: str, seed: int) -> list[str]:
    import random

    rng = random.Random(seed)
    keys = keys_of(rng.choice(HANDS[ruleset]))  # a hand first, for e and u to act on
    for _ in range(8):
        keys += keys_of(rng.choice(HANDS[ruleset] * 2 + BETWEEN))
        if rng.random() < 0.4:
            stray = rng.choice(STRAY)
            keys += keys_of(stray) if stray in ("⏎", "^s", "esc") else [stray]
    return keys


async def _typed(ruleset: str, keys: list[str], *, at_once: bool) -> tuple[list, list, list]:
    """The hands recorded, the seat changes and the screens open after ``keys``,
    typed on a new sheet all at once, or each one after the one before has been
    handled."""
    app = entry.new_series(entry.build_parser().parse_args(["--ruleset", ruleset]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter", "enter", "enter", "enter")  # the names as shown
        await pilot.pause()
        sheet = app.screen
        for key in keys:
            _at_once(app, key)
            if not at_once:
                await pilot.pause()
        for _ in range(40):  # until every key has been handed on and has arrived
            await pilot.pause()
            if not (app._held or app._handling):
                break
        await pilot.pause()
        session = sheet.book.session
        return (
            list(session.hands),
            list(session.seat_changes),
            [type(s).__name__ for s in app.screen_stack],
        )


@pytest.mark.parametrize(
    ("ruleset", "seed"),
    [
        ("hp11c", 0),
        ("riichi-tenhou", 1),
        ("riichi-tenhou", 13),  # three hands through the tiles form
        ("pocket", 2),
        ("fx602p", 3),
    ],
)
async def test_an_evening_typed_in_one_burst_is_the_evening_typed_key_by_key(ruleset, seed) -> None:
    keys = evening(ruleset, seed)
    at_once = await _typed(ruleset, keys, at_once=True)
    assert at_once == await _typed(ruleset, keys, at_once=False), keys
    assert at_once[0], "the evening records hands"
