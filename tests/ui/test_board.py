"""The table display: the board's view of a state, a session file followed while it is
written (mid-append, damaged, gone: never a crash), the sheet's t key and `mjtui board`."""

from __future__ import annotations

import os
from datetime import datetime
from pathlib import Path

from textual.widgets import Digits

from mjtui import paths
from mjtui.cli import entry
from mjtui.core.model.session import Session
from mjtui.core.reports.board import SessionFollower, board_view
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.scorebook import Scorebook
from mjtui.private_api import screen_strips
from mjtui.systems.riichi import system as riichi
from mjtui.ui.app import MjtuiApp
from mjtui.ui.screens.board import BoardApp, BoardScreen

SIZE = (80, 24)
NAMES = ("Alexandra", "Benjamin", "Catherine", "Dominique")
RON = riichi.Win(winners=(riichi.Winner(seat=1, han=3, fu=30),), discarder=2)
TSUMO = riichi.Win(winners=(riichi.Winner(seat=0, han=2, fu=30),), discarder=None)


def find(rid: str):
    return RulesetLibrary(paths.ruleset_folders()).get(rid)


def new_book(path: Path) -> Scorebook:
    session = Session(find("riichi-tenhou"), NAMES, datetime(2026, 11, 30, 20).astimezone())
    book = Scorebook(session, path)
    book.save()
    return book


def test_the_view_names_dealer_leader_winds_and_sticks(tmp_path) -> None:
    book = new_book(tmp_path / "s.toml")
    view = board_view(book.session)
    assert [s.total for s in view.seats] == [25000] * 4 and view.round == "East 1"
    assert [s.dealer for s in view.seats] == [True, False, False, False]
    assert not any(s.leader for s in view.seats)  # nobody leads before a hand
    book.add(RON)
    view = board_view(book.session)
    assert [s.total for s in view.seats] == [25000, 28900, 21100, 25000]
    assert [s.change for s in view.seats] == [0, 3900, -3900, 0]
    assert [s.leader for s in view.seats] == [False, True, False, False]
    assert [s.wind for s in view.seats] == ["North", "East", "South", "West"]
    assert view.seats[1].dealer and view.line == book.session.ruleset.system.describe_state(
        book.session.state, NAMES
    )


def test_the_follower_reloads_on_change_only(tmp_path) -> None:
    path = tmp_path / "s.toml"
    book = new_book(path)
    follower = SessionFollower(path, find)
    assert follower.poll() and follower.followed.session.state.hands == 0
    assert not follower.poll()  # unchanged: not read again
    book.add(RON)
    assert follower.poll() and follower.followed.session.state.hands == 1
    book.undo()  # a rewrite of the whole file
    assert follower.poll() and follower.followed.session.state.hands == 0


def test_a_file_caught_mid_append_shows_the_whole_hands(tmp_path) -> None:
    path = tmp_path / "s.toml"
    book = new_book(path)
    book.add(RON)
    whole = path.read_bytes()
    book.add(TSUMO)
    raw = path.read_bytes()[len(whole) :]  # the appended hand's text
    path.write_bytes(whole)
    follower = SessionFollower(path, find)
    assert follower.poll()
    # An append as mjtui makes it (session_file.append_hands): a zero byte where the
    # hand begins until the rest is on disk, at every length of the rest.
    for cut in range(1, len(raw) + 1, 3):
        path.write_bytes(whole)
        os.utime(path, ns=(cut, cut))
        assert follower.poll() and follower.followed.problems == []
        path.write_bytes(whole + b"\0" + raw[1:cut])
        os.utime(path, ns=(cut + 1, cut + 1))  # a new signature for each state
        assert not follower.poll()  # under way: the board waits for the next look
        followed = follower.followed
        assert followed.error is None and followed.problems == [], cut
        assert [s.total for s in board_view(followed.session).seats][1] == 28900, cut
        # Still so at the next look (mjtui stopped mid-save): read as it is, the whole
        # hands shown and the cut one reported.
        assert follower.poll()
        assert [s.total for s in board_view(follower.followed.session).seats][1] == 28900
        assert "cut short" in follower.followed.problems[0]
    path.write_bytes(whole + raw)
    assert follower.poll() and follower.followed.session.state.hands == 2


def test_a_header_cut_mid_line_waits_for_the_next_poll(tmp_path) -> None:
    path = tmp_path / "s.toml"
    book = new_book(path)
    book.add(RON)
    whole = path.read_bytes()
    follower = SessionFollower(path, find)
    follower.poll()
    path.write_bytes(whole + b"\n[[han")
    assert not follower.poll()  # not read yet: the writer is most likely mid-append
    assert follower.followed.session.state.hands == 1
    book.add(TSUMO)  # the append finished
    assert follower.poll() and follower.followed.session.state.hands == 2
    assert follower.followed.problems == []


def test_a_damaged_or_missing_file_keeps_the_last_good_reading(tmp_path) -> None:
    path = tmp_path / "s.toml"
    book = new_book(path)
    book.add(RON)
    follower = SessionFollower(path, find)
    follower.poll()
    path.write_bytes(b"\xff\xfe not a session \x00")
    assert not follower.poll()  # it might be an append under way: looked at again
    assert follower.poll()
    assert follower.followed.error and follower.followed.session.state.hands == 1
    path.unlink()
    follower.poll()
    assert "cannot read" in follower.followed.error
    assert follower.followed.session.state.hands == 1
    book.save()  # the file is back
    assert follower.poll() and follower.followed.error is None


async def test_t_on_the_sheet_shows_the_board_and_t_goes_back(tmp_path) -> None:
    book = new_book(tmp_path / "s.toml")
    book.add(RON)
    app = MjtuiApp(book=book)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        sheet = app.screen
        await pilot.press("t")
        await pilot.pause()
        board = app.screen
        assert isinstance(board, BoardScreen)
        lines = [s.text for s in screen_strips(board)]
        assert all(len(line) <= 80 for line in lines) and len(lines) == 24
        text = "\n".join(lines)
        for name in NAMES:
            assert name in text
        assert "East ● dealer  Benjamin" in text  # the dealer reads without colour
        digits = [d.value for d in board.query(Digits) if d.display]
        assert digits == ["25,000", "28,900", "21,100", "25,000"]
        for digit in board.query(Digits):
            assert digit.region.height == 3 and digit.region.right <= 80
        await pilot.press("t")
        await pilot.pause()
        assert app.screen is sheet


async def test_mjtui_board_follows_the_file_read_only(tmp_path) -> None:
    path = tmp_path / "s.toml"
    book = new_book(path)
    app = entry.build_parser().parse_args(["board", str(path)])
    app = entry._command("board")(app)
    assert isinstance(app, BoardApp)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = app.board
        assert [d.value for d in board.query(Digits) if d.display] == ["25,000"] * 4
        assert "Following s.toml (read-only)" in str(board.query_one("#board-note").render())
        book.add(RON)
        app.refresh_board()
        await pilot.pause()
        assert [d.value for d in board.query(Digits) if d.display] == [
            "25,000",
            "28,900",
            "21,100",
            "25,000",
        ]
        path.write_text("garbage = [\n")
        app.refresh_board()
        await pilot.pause()
        assert "not read just now" in str(board.query_one("#board-note").render())
        assert [d.value for d in board.query(Digits) if d.display][1] == "28,900"
        await pilot.press("escape")  # nothing to go back to: the board stays
        assert app.screen is board
    assert not (tmp_path / "s.toml.lock").exists()


def test_board_of_no_file_is_a_message(run_mjtui, tmp_path) -> None:
    done = run_mjtui("board", str(tmp_path / "none.toml"))
    assert done.returncode == 2 and "no such session file" in done.stderr


def test_serve_refuses_a_missing_file_and_a_bad_port(tmp_path, capsys) -> None:
    from mjtui.cli.entry import main

    assert main(["serve", str(tmp_path / "none.toml")]) == 2
    assert "no such session file" in capsys.readouterr().err
    path = tmp_path / "s.toml"
    new_book(path)
    assert main(["serve", str(path), "--port", "70000"]) == 2
    assert "--port" in capsys.readouterr().err


async def test_a_finished_game_s_board_says_game_over_the_lead_first_in_digits_with_commas(
    tmp_path,
) -> None:
    path = tmp_path / "s.toml"
    book = new_book(path)
    book.add(riichi.Win(winners=(riichi.Winner(seat=1, yakuman=1),), discarder=2))  # Cy below 0
    assert book.session.state.finished
    app = BoardApp(path, find)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        board = app.board
        heading = str(board.query_one("#board-round").render())
        assert heading.startswith(" Game over ") and book.session.state.round_label not in heading
        changes = [str(s.render()) for s in board.query(".seat-change")]
        assert changes[1].startswith("leads · last hand +32,000")
        assert [d.value for d in board.query(Digits) if d.display][1] == "57,000"
