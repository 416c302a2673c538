"""Keys as a terminal delivers them are the keys typed: those typed while mjtui starts
(the terminal still in its line mode), and Esc with the key right behind it (read
by Textual as one key)."""

from __future__ import annotations

import io
import os
import select
import subprocess
import sys
import termios
import time
import tomllib
from pathlib import Path

import pytest

from mjtui.cli import entry
from mjtui.cli.typeahead import typeahead_kept
from mjtui.private_api import send_as_terminal
from mjtui.ui.screens.score import ScoreScreen

LINE_MODE = termios.ICANON | termios.ECHO


def test_inside_keys_come_as_typed_and_the_terminal_gets_its_mode_back() -> None:
    master, slave = os.openpty()
    try:
        before = termios.tcgetattr(slave)
        assert before[3] & LINE_MODE == LINE_MODE  # a fresh terminal is in its line mode
        with open(slave, closefd=False) as stream, typeahead_kept(stream):
            inside = termios.tcgetattr(slave)
            assert not inside[3] & LINE_MODE  # each key at once, nothing echoed
            assert not inside[0] & (termios.ICRNL | termios.IXON)  # Return, ctrl+s as keys
            assert inside[3] & termios.ISIG  # ctrl+c still stops the start-up
        assert termios.tcgetattr(slave) == before
        with (
            pytest.raises(KeyboardInterrupt),
            open(slave, closefd=False) as stream,
            typeahead_kept(stream),
        ):
            raise KeyboardInterrupt
        assert termios.tcgetattr(slave) == before  # given back on the way out, too
    finally:
        os.close(master)
        os.close(slave)


def test_without_a_terminal_nothing_is_changed() -> None:
    read, write = os.pipe()
    try:
        with open(read, closefd=False) as pipe, typeahead_kept(pipe):
            pass
    finally:
        os.close(read)
        os.close(write)
    with typeahead_kept(io.StringIO()):  # no file descriptor at all
        pass


def test_only_the_commands_that_open_the_app_change_the_terminal() -> None:
    parse = entry.build_parser().parse_args
    assert all(
        entry._opens_app(parse(argv))
        for argv in ([], ["new"], ["library"], ["resume"], ["replay", "f.toml"])
    )
    assert not any(
        entry._opens_app(parse(argv))
        for argv in (["replay", "f.toml", "--json"], ["rulesets"], ["folders"])
    )


async def test_a_newline_is_enter() -> None:
    """What a Return typed before the app set the terminal's mode arrives as."""
    app = entry.new_series(entry.build_parser().parse_args([]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"Ann", "ctrl+j", *"Bob", "ctrl+j", *"Cy", "ctrl+j", *"Di", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        assert app.screen.book.session.players == ("Ann", "Bob", "Cy", "Di")


def test_names_typed_before_mjtui_starts_are_the_names_saved(folders: dict[str, Path]) -> None:
    """The keys are in the terminal before the process exists, Returns and all, as
    when a person types on while the command starts: the Return after the last
    name starts the series."""
    master, slave = os.openpty()
    before = termios.tcgetattr(slave)
    os.write(master, b"Alice\rBob\rCara\rDan\r")
    env = dict(os.environ, TERM="xterm-256color")
    child = subprocess.Popen(
        [sys.executable, "-m", "mjtui"],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        start_new_session=True,
    )
    screen = bytearray()
    sessions = folders["data"] / "sessions"
    try:
        _read_until(master, screen, lambda: any(sessions.glob("*.toml")))
        os.write(master, b"q")  # quit, from the score sheet
        _read_until(master, screen, lambda: child.poll() is not None)
        assert child.returncode == 0
        saved = tomllib.loads(next(sessions.glob("*.toml")).read_text(encoding="utf-8"))
        assert saved["players"] == ["Alice", "Bob", "Cara", "Dan"]
        assert termios.tcgetattr(slave) == before  # the terminal's own mode is back
    finally:
        if child.poll() is None:
            child.kill()
        child.wait()
        os.close(master)
        os.close(slave)


def test_a_burst_typed_while_mjtui_starts_records_the_hands_typed(
    folders: dict[str, Path],
) -> None:
    """The names and four hands (ctrl+s, Enter, u and ctrl+y among them) in one burst
    as soon as mjtui has set the terminal's mode, long before its first frame: the
    driver reads them in one go, and the hands saved are the ones typed.

    Not sooner: until mjtui runs, the terminal itself takes ctrl+s as "stop output"
    and no program ever sees it (README, "The keys")."""
    master, slave = os.openpty()
    child = subprocess.Popen(
        [sys.executable, "-m", "mjtui"],  # the HP-11C ruleset
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=dict(os.environ, TERM="xterm-256color"),
        start_new_session=True,
    )
    screen = bytearray()
    try:
        _read_until(master, screen, lambda: not termios.tcgetattr(slave)[0] & termios.IXON)
        # As in tests/ui/test_keys_at_once.py STARTING, and q to quit from the sheet.
        os.write(
            master,
            b"Ann\rBob\rChen\rDora\r15\x132\x130\r112\r5\x133\r\r40\r8\x13u\x190\rq",
        )
        _read_until(master, screen, lambda: child.poll() is not None)
        assert child.returncode == 0
        (path,) = (folders["data"] / "sessions").glob("*.toml")
        saved = tomllib.loads(path.read_text(encoding="utf-8"))
        assert saved["players"] == ["Ann", "Bob", "Chen", "Dora"]
        assert saved["hands"] == [
            {"winner": 1, "points": [5, 0, 0, 0]},
            {"winner": 2, "points": [112, 5, 0, 0]},
            {"winner": 3, "points": [0, 0, 40, 8]},
            {"points": [0, 0, 0, 0]},
        ]
    finally:
        if child.poll() is None:
            child.kill()
        child.wait()
        os.close(master)
        os.close(slave)


def _read_until(master: int, screen: bytearray, done, timeout: float = 30.0) -> None:
    """Read what the app draws (so it never waits on a full terminal) until ``done()``."""
    deadline = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < deadline, bytes(screen[-2000:]).decode(errors="replace")
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            screen += os.read(master, 65536)


def test_esc_then_a_seat_typed_fast_on_the_sheet_is_that_seats_hand(
    folders: dict[str, Path],
) -> None:
    """Esc, then 3 40⏎2 ctrl+s at 30 ms a key: Textual reads Esc and the 3 as one
    key ("£"); the hand recorded is seat 3's, not seat 4's from the 4 of 40."""
    master, slave = os.openpty()
    child = subprocess.Popen(
        [sys.executable, "-m", "mjtui", "--ruleset", "hp11c"],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=dict(os.environ, TERM="xterm-256color"),
        start_new_session=True,
    )
    screen = bytearray()
    sessions = folders["data"] / "sessions"
    try:
        os.write(master, b"\r\r\r\r")  # the names as shown: the series starts
        _read_until(master, screen, lambda: any(sessions.glob("*.toml")))
        time.sleep(0.3)
        for key in (b"\x1b", b"3", b"4", b"0", b"\r", b"2", b"\x13"):
            os.write(master, key)
            time.sleep(0.03)
        path = next(sessions.glob("*.toml"))
        _read_until(master, screen, lambda: b"[[hands]]" in path.read_bytes())
        time.sleep(0.2)
        saved = tomllib.loads(path.read_text(encoding="utf-8"))
        assert saved["hands"] == [{"winner": 3, "points": [40, 2, 0, 0]}]
    finally:
        child.kill()
        child.wait()
        os.close(master)
        os.close(slave)


async def test_esc_then_u_read_as_alt_u_undoes_on_the_sheet() -> None:
    from textual import events

    app = entry.new_series(entry.build_parser().parse_args(["--ruleset", "hp11c"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "enter", "enter", "enter", "1", "4", "ctrl+s")
        await pilot.pause()
        sheet = app.screen
        assert len(sheet.book.session.hands) == 1
        send_as_terminal(app, events.Key("alt+u", "u"))  # Esc, then u
        await pilot.pause()
        assert sheet.book.session.hands == [] and app.screen is sheet


async def test_a_pound_sign_in_a_name_stays_a_pound_sign() -> None:
    """Where a field takes the character as text, it is the character typed."""
    from textual import events
    from textual.widgets import Input

    app = entry.new_series(entry.build_parser().parse_args(["--ruleset", "hp11c"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for key, char in (("A", "A"), ("pound_sign", "£"), ("alt+b", "b")):
            send_as_terminal(app, events.Key(key, char))
        await pilot.pause()
        assert app.screen.query_one("#name-0", Input).value == "A£b"


async def test_esc_then_a_seat_on_a_hand_form_cancels_it_and_opens_that_seats() -> None:
    """The points fields take any text and check it later: "¡" (Esc then 1) is not
    points, so it is Esc, which cancels the form, and 1, which opens seat 1's."""
    from textual import events

    from mjtui.ui.key_form import KeyForm

    app = entry.new_series(entry.build_parser().parse_args(["--ruleset", "hp11c"]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter", "enter", "enter", "enter", "2")
        await pilot.pause()
        for key, char in (
            ("inverted_exclamation_mark", "¡"),
            ("4", "4"),
            ("0", "0"),
            ("ctrl+s", None),
        ):
            send_as_terminal(app, events.Key(key, char))
        for _ in range(4):
            await pilot.pause()
        sheet = app.screen_stack[1]
        assert [(h.winner, h.points) for h in sheet.book.session.hands] == [(0, (40, 0, 0, 0))]
        assert not isinstance(app.screen, KeyForm)
