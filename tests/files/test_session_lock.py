"""One running mjtui per session file, damaged-file copies that never overwrite
each other, and the temporary files of killed saves cleaned up."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from datetime import datetime
from pathlib import Path

import pytest

from mjtui import paths
from mjtui.core.errors import SessionError
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import RulesetLibrary, load_ruleset
from mjtui.core.sessions.lock import Holder, SessionInUse, SessionLock, lock_path
from mjtui.core.sessions.scorebook import Scorebook, create_scorebook, keep_damaged, open_scorebook
from mjtui.core.sessions.session_file import load_session, save_session
from mjtui.private_api import notifications
from mjtui.systems.east_doubling.system import Hand

REPO = Path(__file__).resolve().parents[2]
HP11C = REPO / "rulesets" / "hp11c.toml"
NAMES = ("Ann", "Bob", "Cy", "Di")

# A second process that takes the lock as the app does, says so, and sleeps.
HOLDER = """\
import sys, time
from pathlib import Path
from mjtui.core.sessions.lock import SessionLock
lock = SessionLock.take(Path(sys.argv[1]))
print("locked", flush=True)
time.sleep(60)
"""


def find_ruleset(name: str):
    return RulesetLibrary(paths.ruleset_folders()).get(name)


ONE_HAND = (Hand(2, (10, 4, 50, 6)),)


def saved(path: Path, hands: tuple[Hand, ...] = ONE_HAND) -> Path:
    session = Session(load_ruleset(HP11C), NAMES, datetime(2026, 11, 29, 20, 15))
    for hand in hands:
        session.add(hand)
    save_session(session, path)
    return path


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


def test_a_second_resume_names_the_holder_and_offers_replay(run_mjtui, folders, holder) -> None:
    path = saved(folders["data"] / "sessions" / "s.toml")
    before = path.read_bytes()
    proc = holder(path)
    result = run_mjtui("resume", str(path))
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    started = Holder.from_text(lock_path(path).read_text()).started
    assert f"in use by mjtui pid {proc.pid} on host " in result.stderr
    assert f"since {started:%H:%M};" in result.stderr
    assert f"mjtui replay {path}" in result.stderr
    assert path.read_bytes() == before
    # The replay it suggests works while the file is held.
    replay = run_mjtui("replay", str(path), "--json")
    assert replay.returncode == 0 and '"totals"' in replay.stdout


def test_a_killed_holder_leaves_the_file_resumable(folders, holder) -> None:
    path = saved(folders["data"] / "sessions" / "s.toml")
    proc = holder(path)
    with pytest.raises(SessionInUse):
        open_scorebook(path, find_ruleset)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    assert lock_path(path).exists()  # left behind, but no longer locked
    book, warnings = open_scorebook(path, find_ruleset)
    assert warnings == [] and book.session.hands == [Hand(2, (10, 4, 50, 6))]
    assert f'"pid": {os.getpid()}' in lock_path(path).read_text()
    book.close()
    assert not lock_path(path).exists()  # a clean exit leaves nothing


def test_one_book_per_file_within_a_process_too(tmp_path: Path) -> None:
    path = saved(tmp_path / "s.toml")
    book, _ = open_scorebook(path, find_ruleset)
    with pytest.raises(SessionInUse) as caught:
        open_scorebook(path, find_ruleset)
    assert caught.value.holder.pid == os.getpid()
    book.close()
    book.close()  # twice does no harm
    again, _ = open_scorebook(path, find_ruleset)
    again.close()


def test_a_file_that_cannot_be_read_is_not_left_locked(tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text('format = "mjtui-session/9"\n')
    with pytest.raises(SessionError, match="key 'format'"):
        open_scorebook(path, find_ruleset)
    assert not lock_path(path).exists()
    with pytest.raises(SessionError, match="no such file"):
        open_scorebook(tmp_path / "no" / "such.toml", find_ruleset)
    assert not (tmp_path / "no").exists()  # a mistyped path makes no folder


def test_without_flock_the_file_opens_with_a_warning(tmp_path: Path, monkeypatch) -> None:
    import errno

    import mjtui.core.sessions.lock as lock_module

    def no_locks(fd, how):
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(lock_module.fcntl, "flock", no_locks)
    path = saved(tmp_path / "s.toml")
    book, warnings = open_scorebook(path, find_ruleset)
    assert not book.lock.held
    assert len(warnings) == 1 and "open without a lock" in warnings[0]
    assert "No locks available" in warnings[0] and "at the same time" in warnings[0]


def test_holder_text_reads_back_and_survives_garbage() -> None:
    me = Holder(1234, "ada", datetime(2020, 1, 2, 20, 14))
    read = Holder.from_text(me.to_text())
    assert str(read) == "mjtui pid 1234 on host ada since 2020-01-02 20:14"
    today = Holder(1234, "ada", datetime.now().replace(hour=20, minute=14))
    assert str(today) == "mjtui pid 1234 on host ada since 20:14"
    for junk in ("", "{", "[1]", '{"pid": "x", "host": 3, "started": "noon"}'):
        assert str(Holder.from_text(junk)) == "another mjtui"


def test_new_series_names_pass_over_a_name_in_use(tmp_path: Path, holder, monkeypatch) -> None:
    monkeypatch.setenv("MJTUI_MACHINE_ID", "m1")
    session = Session(load_ruleset(HP11C), NAMES, datetime(2026, 11, 29, 20, 15))
    taken = tmp_path / "2026-11-29_201500_hp11c_m1.toml"
    holder(taken)  # another app has just locked that name, and not saved yet
    book, warnings = create_scorebook(session, tmp_path)
    assert warnings == [] and book.save_error is None
    assert book.path == tmp_path / "2026-11-29_201500_hp11c_m1-2.toml" and book.path.exists()
    assert book.lock.held
    book.close()


def test_fx602p_play_holds_its_game_file(run_mjtui, folders, holder) -> None:
    from mjtui.cli.entry import GAME_FILE, build_parser, play

    path = folders["data"] / "sessions" / GAME_FILE
    app = play(build_parser().parse_args(["play"]))  # makes and locks the game file
    assert path.exists() and app.game.lock.held
    result = run_mjtui("play")
    assert result.returncode == 2
    assert f"in use by mjtui pid {os.getpid()}" in result.stderr
    assert "mjtui replay" in result.stderr
    app.release_sessions()
    assert not lock_path(path).exists()


async def test_the_library_opens_a_file_in_use_as_a_replay(folders, holder) -> None:
    from mjtui.ui.app import MjtuiApp
    from mjtui.ui.screens.library import LibraryReplayScreen, LibraryScoreScreen

    path = saved(paths.sessions_dir() / "s.toml")
    proc = holder(path)
    app = MjtuiApp(library=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LibraryReplayScreen)
        (notice,) = [n.message for n in notifications(app) if n.title == "In use"]
        assert f"in use by mjtui pid {proc.pid}" in notice and "read-only" in notice
        # Once the other window has gone, Enter resumes it, and Esc lets go of it.
        proc.kill()
        proc.wait(timeout=10)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, LibraryScoreScreen)
        assert app.screen.book.lock.held
        await pilot.press("escape")
        await pilot.pause()
        assert not lock_path(path).exists()
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen.book.lock.held
    assert not lock_path(path).exists()  # the app let go of it as it ended


async def test_the_app_holds_a_new_series_file_until_it_ends(folders) -> None:
    from mjtui.ui.app import MjtuiApp

    app = MjtuiApp(
        rulesets=[load_ruleset(HP11C)],
        ruleset=load_ruleset(HP11C),
        sessions_dir=paths.sessions_dir(),
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press(*"Ann", "enter", *"ann ", "enter", *"Cy", "enter", *"Di")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.book is None  # "Ann" and "ann ": one player, not two seats
        form = app.screen
        error = str(form.query_one("#form-error").render())
        assert error == (
            "Seats 1 and 2 are the same player (Ann and ann): give each seat its own name"
        )
        form.query_one("#name-1").value = "Bob"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.book is not None and app.book.lock.held
        assert lock_path(app.book.path).exists()
        with pytest.raises(SessionInUse):
            SessionLock.take(app.book.path)
    assert not app.book.lock.held and not lock_path(app.book.path).exists()


# --------------------------------------------------------------------------
# Damaged-file copies
# --------------------------------------------------------------------------

DAMAGED = """\
format = "mjtui-session/1"
ruleset = "hp11c"
players = ["Ann", "Bob", "Cy", "Di"]

[[hands]]
winner = 7
points = [8, 0, 0, 0]
"""


def test_damaged_copies_never_overwrite_each_other(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    texts = [DAMAGED + f"# version {n}\n" for n in range(3)]
    kept = []
    for text in texts:
        path.write_text(text)
        book, warnings = open_scorebook(path, find_ruleset)
        kept.append(warnings[-1])
        book.save()  # the resumed series rewrites the file without the bad hand
        book.close()
    assert kept == [
        f"The file as it was is kept as {tmp_path / name}."
        for name in ("s.toml.damaged", "s.toml.damaged.1", "s.toml.damaged.2")
    ]
    assert (tmp_path / "s.toml.damaged").read_text() == texts[0]
    assert (tmp_path / "s.toml.damaged.1").read_text() == texts[1]
    assert (tmp_path / "s.toml.damaged.2").read_text() == texts[2]
    assert load_session(path, find_ruleset).problems == []


def test_a_damaged_file_opened_again_unsaved_keeps_one_copy(tmp_path: Path) -> None:
    """Resumed and left without a hand saved, twice: the file is as it was, and so is the
    one copy of it; a link where the copy would be is no copy of it."""
    path = tmp_path / "s.toml"
    path.write_text(DAMAGED)
    for _ in range(2):
        book, warnings = open_scorebook(path, find_ruleset)
        book.close()
        assert warnings[-1] == f"The file as it was is kept as {tmp_path / 's.toml.damaged'}."
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.toml", "s.toml.damaged"]
    (tmp_path / "s.toml.damaged").unlink()
    (tmp_path / "s.toml.damaged").symlink_to(path)
    assert keep_damaged(path) == tmp_path / "s.toml.damaged.1"


def test_a_copy_that_cannot_be_made_is_said_and_the_file_not_opened(
    tmp_path: Path, monkeypatch
) -> None:
    from mjtui.core.files import writing

    path = tmp_path / "s.toml"
    path.write_text(DAMAGED)

    def full_disk(fd: int, data: bytes) -> None:
        """A new file on a disk with no room left: it opens, the write fails."""
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(writing, "_write_all", full_disk)
    with pytest.raises(SessionError, match=r"could not keep a copy.*No space left"):
        keep_damaged(path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.toml"]  # no empty copy


# --------------------------------------------------------------------------
# Temporary files left by killed saves
# --------------------------------------------------------------------------


def dead_pid() -> int:
    proc = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    return int(proc.stdout)


def test_a_save_removes_the_temporary_files_killed_saves_left(tmp_path: Path) -> None:
    path = saved(tmp_path / "s.toml")
    gone = dead_pid()
    left = [tmp_path / f".s.toml.{gone}.tmp", tmp_path / ".s.toml.9999999999.tmp"]
    for tmp in left:
        tmp.write_text("half a save")
    kept = [
        tmp_path / f".s.toml.{os.getppid()}.tmp",  # a running process: may be saving
        tmp_path / f".other.toml.{gone}.tmp",  # another session's
        tmp_path / f".s.toml.{gone}.tmp.bak",  # not the pattern
        tmp_path / f"s.toml.{gone}.tmp",
        tmp_path / ".s.toml.x.tmp",
    ]
    for other in kept:
        other.write_text("not ours")
    book = Scorebook(load_session(path, find_ruleset).session, path)
    book.add(Hand(None, (0, 0, 0, 0)))
    assert book.save_error is None
    assert not any(tmp.exists() for tmp in left)
    assert all(other.read_text() == "not ours" for other in kept)
    assert len(load_session(path, find_ruleset).session.hands) == 2


def test_a_killed_save_leaves_a_temp_file_the_next_save_removes(tmp_path: Path) -> None:
    # A real kill during a save: the writer stops between writing and renaming.
    path = saved(tmp_path / "s.toml")
    writer = f"""\
import os, sys, time
from pathlib import Path
from mjtui.core.rulesets.ruleset import load_ruleset
from mjtui.core.sessions.session_file import load_session, save_session
path = Path(sys.argv[1])
session = load_session(path, lambda name: load_ruleset(Path({str(HP11C)!r}))).session
def stuck(src, dst):
    print("written", flush=True)
    time.sleep(60)
os.replace = stuck
save_session(session, path)
"""
    env = dict(os.environ, PYTHONPATH=str(REPO))
    proc = subprocess.Popen(
        [sys.executable, "-c", writer, str(path)], env=env, stdout=subprocess.PIPE, text=True
    )
    try:
        assert proc.stdout.readline() == "written\n"
        tmp = tmp_path / f".s.toml.{proc.pid}.tmp"
        assert tmp.exists()
    finally:
        proc.kill()
        proc.wait(timeout=10)
        proc.stdout.close()
    saved(path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s.toml"]


@pytest.mark.parametrize("given", ["", ".", "sessions"])
def test_resume_of_a_folder_is_a_clear_error(given: str, run_mjtui, folders) -> None:
    (folders["config"].parent / "sessions").mkdir(exist_ok=True)
    done = run_mjtui("resume", given)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "this is a folder" in done.stderr


def test_a_series_in_use_is_not_moved_to_the_trash(folders, holder) -> None:
    from mjtui.core.sessions.library import move_to_trash

    path = saved(folders["data"] / "sessions" / "s.toml")
    trash = folders["data"] / "trash"
    holder(path)
    with pytest.raises(SessionInUse, match="in use by mjtui pid"):
        move_to_trash(path, trash)
    assert path.exists() and not (trash / "s.toml").exists()


def test_a_series_no_window_holds_goes_to_the_trash_without_its_lock_file(folders) -> None:
    from mjtui.core.sessions.library import move_to_trash

    path = saved(folders["data"] / "sessions" / "s.toml")
    where = move_to_trash(path, folders["data"] / "trash")
    assert where.exists() and not path.exists()
    assert sorted(p.name for p in path.parent.iterdir()) == []
