"""Every file mjtui writes goes one way (core/files/writing.py): never through a planted link,
never over anything but a regular file, never past what the reader reads back, and never
over a session another mjtui has open."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest

from mjtui import paths
from mjtui.cli.entry import main
from mjtui.core.errors import ConfigError, HandError, SessionError
from mjtui.core.files.reading import MAX_BYTES
from mjtui.core.files.writing import kind_at, replace_file
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import RulesetLibrary, load_ruleset
from mjtui.core.sessions.lock import lock_path
from mjtui.core.sessions.scorebook import Scorebook, open_scorebook
from mjtui.core.sessions.session_file import (
    Unwritable,
    hand_text,
    load_session,
    save_session,
    session_text,
)
from mjtui.private_api import notifications
from mjtui.systems.east_doubling.system import Hand

REPO = Path(__file__).resolve().parents[2]
HP11C = REPO / "rulesets" / "hp11c.toml"
LOG = REPO / "tests" / "data" / "tenhou6" / "double_ron.json"
NAMES = ("Ann", "Bob", "Cy", "Di")
HAND = Hand(2, (10, 4, 50, 6))

# A second process that takes the lock as the app does, says so, and sleeps.
HOLDER = """\
import sys, time
from pathlib import Path
from mjtui.core.sessions.lock import SessionLock
lock = SessionLock.take(Path(sys.argv[1]))
print("locked", flush=True)
time.sleep(60)
"""


def find(name: str):
    return RulesetLibrary(paths.ruleset_folders()).get(name)


def session(hands: int = 1, **kw) -> Session:
    s = Session(load_ruleset(HP11C), kw.pop("players", NAMES), datetime(2026, 11, 29, 20, 15), **kw)
    for _ in range(hands):
        s.add(HAND)
    return s


def dead_pid() -> int:
    proc = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    return int(proc.stdout)


@pytest.fixture
def holder():
    """Start a process holding the lock of a file; it is killed at the end of the test."""
    started: list[subprocess.Popen] = []

    def start(path: Path) -> subprocess.Popen:
        env = dict(os.environ, PYTHONPATH=str(REPO))
        proc = subprocess.Popen(
            [sys.executable, "-c", HOLDER, str(path)], env=env, stdout=subprocess.PIPE, text=True
        )
        started.append(proc)
        assert proc.stdout.readline() == "locked\n"
        return proc

    yield start
    for proc in started:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=10)
        proc.stdout.close()


# --------------------------------------------------------------------------
# The temporary file of a whole save
# --------------------------------------------------------------------------


def test_a_link_planted_at_the_temporary_name_is_not_written_through(tmp_path: Path) -> None:
    sync = tmp_path / "synced"
    sync.mkdir()
    bashrc = tmp_path / ".bashrc"
    bashrc.write_text("the user's own\n")
    path = sync / "s.toml"
    save_session(session(1), path)
    # The next pids, as 400 links would cover them, and this process's own.
    planted = [sync / f".s.toml.{pid}.tmp" for pid in (os.getpid(), dead_pid(), os.getppid())]
    for link in planted:
        link.symlink_to(bashrc)
    save_session(session(2), path)
    assert bashrc.read_text() == "the user's own\n"
    assert not path.is_symlink() and path.is_file()
    assert len(load_session(path, find).session.hands) == 2
    assert sorted(p.name for p in sync.iterdir()) == ["s.toml"]  # the links gone as links


def test_an_append_removes_what_killed_saves_left(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    book = Scorebook(session(1), path)
    book.save()
    gone = dead_pid()
    left = tmp_path / f".s.toml.{gone}.tmp"
    left.write_text("half a save")
    link = tmp_path / f".s.toml.{os.getppid()}.tmp"  # a running pid, but a link is never ours
    link.symlink_to(tmp_path / "elsewhere")
    size = path.stat().st_size
    book.add(HAND)
    assert book.save_error is None
    assert path.stat().st_size > size  # appended: no whole save removed them
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.toml"]


def test_a_write_to_a_fresh_name_removes_what_a_killed_one_left(tmp_path: Path) -> None:
    out = tmp_path / "game.toml"
    left = tmp_path / f".game.toml.{dead_pid()}.tmp"
    left.write_text("half an import")
    assert main(["import", "tenhou6", str(LOG), "--output", str(out)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.toml"]


# --------------------------------------------------------------------------
# Only a regular file is replaced
# --------------------------------------------------------------------------


def test_import_force_never_replaces_a_fifo(tmp_path: Path, capsys) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert main(["import", "tenhou6", str(LOG), "--output", str(fifo), "--force"]) == 2
    err = capsys.readouterr().err
    assert "pipe" in err and "FIFO" in err and "Traceback" not in err
    assert kind_at(fifo) == "a FIFO (named pipe)"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]  # no lock, no temp file


def test_a_device_or_a_link_is_never_written_over(tmp_path: Path) -> None:
    # /dev/null is only looked at here: a check that failed must not replace it (root).
    assert kind_at(Path("/dev/null")) == "a device"
    target = tmp_path / "target.toml"
    target.write_text("kept")
    link = tmp_path / "link.toml"
    link.symlink_to(target)
    with pytest.raises(SessionError, match=r"link.toml: could not save it: it is a symbolic link"):
        replace_file(link, b"new", SessionError)
    with pytest.raises(SessionError, match="is a symbolic link"):
        save_session(session(1), link)
    assert link.is_symlink() and target.read_text() == "kept"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.toml", "target.toml"]


def test_export_output_is_never_a_fifo_or_a_link(tmp_path: Path, capsys) -> None:
    path = tmp_path / "s.toml"
    save_session(session(2), path)
    fifo = tmp_path / "out.csv"
    os.mkfifo(fifo)
    assert main(["export", str(path), "--format", "csv", "--output", str(fifo)]) == 2
    assert "FIFO" in capsys.readouterr().err
    other = tmp_path / "elsewhere.csv"
    other.write_text("kept")
    link = tmp_path / "link.csv"
    link.symlink_to(other)
    assert main(["export", str(path), "--output", str(link)]) == 2
    assert "symbolic link" in capsys.readouterr().err
    assert other.read_text() == "kept" and kind_at(fifo) == "a FIFO (named pipe)"
    out = tmp_path / "plain.csv"
    out.write_text("an old export")
    assert main(["export", str(path), "--output", str(out)]) == 0
    assert out.read_text().startswith("hand,")


# --------------------------------------------------------------------------
# A session another mjtui has open
# --------------------------------------------------------------------------


def test_import_force_refuses_a_session_in_use(tmp_path: Path, holder, capsys) -> None:
    path = tmp_path / "evening.toml"
    save_session(session(21), path)
    before = path.read_bytes()
    proc = holder(path)
    assert main(["import", "tenhou6", str(LOG), "--output", str(path), "--force"]) == 2
    err = capsys.readouterr().err
    assert f"in use by mjtui pid {proc.pid}" in err and "Traceback" not in err
    assert path.read_bytes() == before
    proc.kill()
    proc.wait(timeout=10)
    assert main(["import", "tenhou6", str(LOG), "--output", str(path), "--force"]) == 0
    assert len(load_session(path, find).session.hands) == 1
    assert not lock_path(path).exists()  # the import let go of it


# --------------------------------------------------------------------------
# Never what the reader would refuse
# --------------------------------------------------------------------------


def test_a_table_name_the_reader_refuses_is_never_saved(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    with pytest.raises(Unwritable, match=r"key 'table'.*at most 40 characters"):
        save_session(session(1, table="T" * 41), path)
    assert not path.exists() and list(tmp_path.iterdir()) == []
    save_session(session(1, table="T" * 40), path)
    assert load_session(path, find).session.table == "T" * 40


def test_a_table_name_over_the_limit_in_the_config_is_said(folders) -> None:
    from mjtui.config import load_config

    folders["config"].mkdir(parents=True, exist_ok=True)
    config = folders["config"] / "config.toml"
    config.write_text(f'table = "{"T" * 41}"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match=r"key 'table'.*at most 40 characters"):
        load_config(config)


async def test_the_form_refuses_a_table_name_it_was_given_too_long(folders) -> None:
    from textual.widgets import Input, Static

    from mjtui.ui.app import MjtuiApp

    chosen = find("hp11c")
    app = MjtuiApp(
        ruleset=chosen, rulesets=[chosen], sessions_dir=paths.sessions_dir(), table="T" * 41
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.query_one("#table", Input).value == "T" * 41
        for name in NAMES:
            for key in name:
                await pilot.press(key)
            await pilot.press("enter")
        await pilot.pause()
        error = str(app.screen.query_one("#form-error", Static).render())
        assert "Table" in error and "40" in error
    assert not paths.sessions_dir().exists() or not list(paths.sessions_dir().glob("*.toml"))


def test_a_note_past_the_readers_limit_is_refused(tmp_path: Path) -> None:
    from mjtui.systems.riichi.system import ExhaustiveDraw

    s = Session(find("riichi-tenhou"), NAMES, datetime(2026, 11, 29, 20, 15))
    s.add(ExhaustiveDraw(note="n" * 2000))
    path = tmp_path / "s.toml"
    save_session(s, path)
    s.add(ExhaustiveDraw(note="n" * 2001))
    with pytest.raises(Unwritable, match="hand 2: 'note' is 2001 characters long"):
        save_session(s, path)
    assert len(load_session(path, find).session.hands) == 1
    book, _ = open_scorebook(path, find)
    try:
        with pytest.raises(HandError, match="'note' is 2001 characters long"):
            book.add(ExhaustiveDraw(note="n" * 2001))
        assert len(book.session.hands) == 1
    finally:
        book.close()
    assert len(load_session(path, find).session.hands) == 1


def test_appends_stop_at_the_size_limit_and_say_how_to_go_on(tmp_path: Path) -> None:
    """A file near 4 MB (one long name fills it) takes hands until the next would pass
    the limit: that hand is refused, the file stays readable and whole."""
    path = tmp_path / "s.toml"
    room = 2 * len(hand_text({"winner": 3, "points": [10, 4, 50, 6]}).encode()) + 10
    head = len(session_text(session(0)).encode())
    players = ("A" * (MAX_BYTES - head - room), *NAMES[1:])
    book = Scorebook(session(0, players=players), path)
    book.save()
    assert book.save_error is None
    assert book.size_notice is not None and "start a new series" in book.size_notice
    book.add(HAND)
    book.add(HAND)
    assert book.save_error is None and path.stat().st_size <= MAX_BYTES
    with pytest.raises(HandError, match=r"4 MB.*new series") as refused:
        book.add(HAND)
    assert str(path) in str(refused.value)
    assert len(book.session.hands) == 2 and book.save_error is None
    again, warnings = open_scorebook(path, find)  # read whole, and the scorer told again
    again.close()
    assert len(again.session.hands) == 2
    assert any("s.toml is 99% of the 4 MB" in w and "new series" in w for w in warnings)


def test_the_scorer_is_told_before_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    head = len(session_text(session(0)).encode())
    players = ("A" * (MAX_BYTES * 9 // 10 - head - 5), *NAMES[1:])
    book = Scorebook(session(0, players=players), path)
    book.save()
    assert book.size_notice is None
    book.add(HAND)
    assert book.size_notice is not None and "90%" in book.size_notice


async def test_the_sheet_tells_the_scorer_as_the_file_nears_the_limit(folders, monkeypatch) -> None:
    from test_app import SIZE, enter_hand

    from mjtui.cli import entry
    from mjtui.core.sessions import scorebook

    path = paths.sessions_dir() / "club.toml"
    save_session(session(1), path)
    full_from = path.stat().st_size + 1  # the next hand takes the file past it
    monkeypatch.setattr(
        scorebook,
        "size_notice",
        lambda p, size: f"{p.name} is nearly full" if size >= full_from else None,
    )
    app = entry.resume(entry.build_parser().parse_args(["resume", str(path)]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not any("nearly full" in n.message for n in notifications(app))
        await enter_hand(pilot, "1", (10, 0, 0, 0))
        assert [n.title for n in notifications(app) if "nearly full" in n.message] == [
            "The file is nearly full"
        ]


def test_a_number_past_the_readers_limit_in_the_header_is_refused(tmp_path: Path) -> None:
    s = Session(load_ruleset(HP11C).with_start_points(10**10), NAMES, datetime(2026, 11, 29))
    with pytest.raises(Unwritable, match=r"key 'rules.*start_points': 10000000000 is beyond"):
        save_session(s, tmp_path / "s.toml")
    assert list(tmp_path.iterdir()) == []


def test_a_seat_change_the_file_cannot_hold_changes_nothing(tmp_path: Path) -> None:
    from mjtui.core.model.seats import MAX_CHANGES, SeatChange, Seating

    path = tmp_path / "s.toml"
    book = Scorebook(session(MAX_CHANGES + 2), path)
    book.save()
    before = path.read_bytes()
    swapped = ("Bob", "Ann", "Cy", "Di")
    changes = tuple(SeatChange(n, NAMES if n % 2 else swapped) for n in range(2, MAX_CHANGES + 3))
    with pytest.raises(HandError, match=f"at most {MAX_CHANGES}"):
        book.change_seats(Seating(NAMES, changes))
    assert book.session.seat_changes == () and book.save_error is None
    assert path.read_bytes() == before


def test_seats_refuses_a_session_in_use(tmp_path: Path, holder, capsys) -> None:
    path = tmp_path / "evening.toml"
    save_session(session(3), path)
    before = path.read_bytes()
    proc = holder(path)
    assert main(["seats", str(path), "--swap", "1", "2"]) == 2
    err = capsys.readouterr().err
    assert f"in use by mjtui pid {proc.pid}" in err and "s on the score sheet" in err
    assert path.read_bytes() == before


def test_a_session_behind_a_link_is_not_played(tmp_path: Path) -> None:
    target = tmp_path / "real.toml"
    save_session(session(2), target)
    link = tmp_path / "link.toml"
    link.symlink_to(target)
    with pytest.raises(SessionError, match=r"link.toml: could not play it: it is a symbolic link"):
        open_scorebook(link, find)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.toml", "real.toml"]


def test_the_trash_on_another_disk_gets_a_copy_with_its_times(tmp_path: Path, monkeypatch) -> None:
    import errno

    from mjtui.core.sessions import library

    folder, trash = tmp_path / "sessions", tmp_path / "trash"
    path = folder / "night.toml"
    save_session(session(2), path)
    os.utime(path, ns=(1_700_000_000 * 10**9, 1_700_000_000 * 10**9))
    data = path.read_bytes()
    real_replace = os.replace

    def across(src, dst):
        if Path(src) == path:  # the move itself: another disk
            raise OSError(errno.EXDEV, "Invalid cross-device link")
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", across)
    moved = library.move_to_trash(path, trash)
    assert moved == trash / "night.toml" and not path.exists()
    assert moved.read_bytes() == data and moved.stat().st_mtime_ns == 1_700_000_000 * 10**9
    assert sorted(p.name for p in trash.iterdir()) == ["night.toml"]


def test_the_seats_form_refuses_a_change_past_the_readers_most() -> None:
    from mjtui.core.model.seats import MAX_CHANGES, SeatChange, Seating

    swapped = ("Bob", "Ann", "Cy", "Di")
    changes = tuple(SeatChange(n, NAMES if n % 2 else swapped) for n in range(2, MAX_CHANGES + 2))
    seating = Seating(NAMES, changes)
    assert len(seating.changes) == MAX_CHANGES
    with pytest.raises(HandError, match=f"at most {MAX_CHANGES} seat changes"):
        seating.swap(0, 1, MAX_CHANGES + 2, MAX_CHANGES + 5)


def test_a_folder_at_the_temporary_name_is_said_and_left(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    save_session(session(1), path)
    before = path.read_bytes()
    (tmp_path / f".s.toml.{os.getpid()}.tmp").mkdir()
    with pytest.raises(SessionError, match=rf"\.s\.toml\.{os.getpid()}\.tmp is in the way"):
        save_session(session(2), path)
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [f".s.toml.{os.getpid()}.tmp", "s.toml"]
