"""The session library: summaries, damaged files, filters, the trash."""

from __future__ import annotations

import os
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from mjtui import paths
from mjtui.core.errors import SessionError
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import load_ruleset
from mjtui.core.sessions import library
from mjtui.core.sessions.session_file import save_session
from mjtui.systems.east_doubling.system import Hand

REPO = Path(__file__).resolve().parents[2]
HP11C = REPO / "rulesets" / "hp11c.toml"
CET = timezone(timedelta(hours=1))


def save(folder: Path, name: str, players, started, hands=(), ruleset=None) -> Path:
    session = Session(ruleset or load_ruleset(HP11C), tuple(players), started)
    for hand in hands:
        session.add(hand)
    path = folder / name
    save_session(session, path)
    return path


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


SHEET = """\
format = "mjtui-session/1"
ruleset = "hp11c"
players = ["Joanna", "Bob", "Cy", "Di"]
started = 2026-11-30T19:00:00

[[hands]]
winner = 4
points = [0, 0, 0, 10]
"""

DAMAGED = """\
format = "mjtui-session/1"
ruleset = "hp11c"
players = ["Ann", "Bob", "Cy", "Di"]
started = 2026-11-27T19:00:00

[[hands]]
winner = 3
points = [10, 4, 50, 6]

[[hands]]
winner = 7
points = [8, 0, 0, 0]
"""


@pytest.fixture
def sessions(folders) -> Path:
    """Three good sessions and three bad files in the sessions folder."""
    folder = paths.sessions_dir()
    # Cy wins 10 4 50 6 with Ann East: -80 -64 +200 -56 (test_session_file).
    save(
        folder,
        "a.toml",
        ["Ann", "Bob", "Cy", "Di"],
        datetime(2026, 11, 28, 20, 0, tzinfo=CET),
        [Hand(2, (10, 4, 50, 6))],
    )
    save(folder, "b.toml", ["Eve", "Ann", "Fay", "Gus"], datetime(2026, 11, 29, 20, 0, tzinfo=CET))
    write(folder / "sheet.toml", SHEET)  # no [rules], no zone: local time
    write(folder / "damaged.toml", DAMAGED)
    write(folder / "header.toml", DAMAGED.replace("mjtui-session/1", "mjtui-session/9"))
    (folder / "binary.toml").write_bytes(b"\xff\xff\x00garbage")  # no UTF-16 mark
    write(folder / "notes.txt", "not a session")
    return folder


def find():
    """The installed rulesets, as the CLI and the screens give them to the library."""
    return library.ruleset_finder(paths.ruleset_folders())


def scan(**kwargs) -> list[library.SessionSummary]:
    return library.scan(paths.sessions_dir(), find(), **kwargs)


def list_trash() -> list[library.SessionSummary]:
    return library.list_trash(paths.trash_dir(), find())


def by_name(summaries) -> dict[str, library.SessionSummary]:
    return {s.path.name: s for s in summaries}


def test_scan_summarises_each_session(sessions: Path) -> None:
    found = by_name(scan())
    a = found["a.toml"]
    assert a.readable and not a.damaged
    assert a.started == datetime(2026, 11, 28, 20, 0, tzinfo=CET)
    assert (a.ruleset_id, a.ruleset_name) == ("hp11c", "HP-11C East doubling")
    assert a.players == ("Ann", "Bob", "Cy", "Di")
    assert a.hands == 1
    assert a.totals == (9920, 9936, 10200, 9944)
    assert (a.leaders, a.leader, a.leader_total) == (("Cy",), "Cy", 10200)
    # Di (seat 4) wins 10 with Joanna East: Di receives 10 from Joanna (x2), Bob, Cy: +40.
    sheet = found["sheet.toml"]
    assert sheet.totals == (9980, 9990, 9990, 10040)
    assert sheet.leader == "Di" and sheet.leader_total == 10040
    # No hand played yet: nobody leads.
    b = found["b.toml"]
    assert b.hands == 0 and b.leaders == () and b.leader_total is None


def test_damaged_files_are_listed_with_their_problem_and_the_rest_still_shown(
    sessions: Path,
) -> None:
    summaries = scan()
    found = by_name(summaries)
    assert set(found) == {
        "a.toml",
        "b.toml",
        "sheet.toml",
        "damaged.toml",
        "header.toml",
        "binary.toml",
    }
    # Bad hand: the readable hand is summarised, the problem names hand and line.
    damaged = found["damaged.toml"]
    assert damaged.readable and damaged.damaged
    assert damaged.hands == 1 and damaged.leader == "Cy"
    assert len(damaged.problems) == 1
    assert str(sessions / "damaged.toml") in damaged.problems[0]
    assert "hand 2 (line 10)" in damaged.problems[0]
    assert "seat from 1 to 4" in damaged.problems[0]
    # Broken header: cannot be opened; listed with its error and what the header showed.
    header = found["header.toml"]
    assert not header.readable
    assert "key 'format'" in header.error and "mjtui-session/9" in header.error
    assert header.players == ("Ann", "Bob", "Cy", "Di")
    assert header.started == datetime(2026, 11, 27, 19, 0)
    assert header.ruleset_id == "hp11c" and header.hands == 0
    binary = found["binary.toml"]
    assert not binary.readable and "not UTF-8" in binary.error
    assert binary.players == () and binary.started is None
    # The good ones are untouched by their neighbours.
    assert found["a.toml"].problems == () and found["a.toml"].leader == "Cy"


def test_scan_sorts_newest_first(sessions: Path) -> None:
    old = datetime(2020, 1, 1).timestamp()
    os.utime(sessions / "binary.toml", (old, old))  # no date inside: its file time counts
    names = [s.path.name for s in scan()]
    # sheet 2026-11-30 19:00 local; b 11-29 20:00+01; a 11-28 20:00+01; damaged and
    # header 11-27 19:00 local (equal: by name); binary 2020 by its file time.
    assert names == ["sheet.toml", "b.toml", "a.toml", "damaged.toml", "header.toml", "binary.toml"]


def test_a_ruleset_that_cannot_be_found_is_an_error_naming_it(folders) -> None:
    write(paths.sessions_dir() / "lost.toml", SHEET.replace('"hp11c"', '"gone"'))
    (summary,) = scan()
    assert not summary.readable and "'gone'" in summary.error
    assert summary.players == ("Joanna", "Bob", "Cy", "Di") and summary.ruleset_id == "gone"


def test_no_sessions_folder_yet(folders) -> None:
    assert scan() == []
    assert list_trash() == []


def test_filter_by_player_substring_any_case_and_by_ruleset(sessions: Path) -> None:
    house = load_ruleset(HP11C)
    house = type(house)(id="house", origin="test", rules=house.rules)
    save(sessions, "house.toml", ["Zed", "Yan", "Xi", "Wu"], datetime(2026, 12, 1), ruleset=house)
    summaries = scan()
    names = lambda found: sorted(s.path.name for s in found)  # noqa: E731
    # "ANN" matches Ann and Joanna; the unreadable binary file has no names to match.
    assert names(library.filter_summaries(summaries, player="ANN")) == [
        "a.toml",
        "b.toml",
        "damaged.toml",
        "header.toml",
        "sheet.toml",
    ]
    assert names(library.filter_summaries(summaries, player="  wu ")) == ["house.toml"]
    assert names(library.filter_summaries(summaries, ruleset_id="house")) == ["house.toml"]
    assert names(library.filter_summaries(summaries, player="ann", ruleset_id="house")) == []
    assert len(library.filter_summaries(summaries)) == len(summaries) == 7
    assert library.ruleset_choices(summaries) == [
        ("house", "HP-11C East doubling"),
        ("hp11c", "HP-11C East doubling"),
    ]
    assert library.player_names(summaries)[:3] == ["Ann", "Bob", "Cy"]


def test_move_to_trash_and_restore_never_overwrite(folders) -> None:
    folder, trash = paths.sessions_dir(), paths.trash_dir()
    assert trash == folders["data"] / "trash"
    first = write(folder / "night.toml", SHEET)
    moved = library.move_to_trash(first, paths.trash_dir())
    assert moved == trash / "night.toml" and not first.exists()
    second = write(folder / "night.toml", SHEET.replace("Joanna", "Second"))
    moved2 = library.move_to_trash(second, paths.trash_dir())
    assert moved2 == trash / "night-2.toml"
    assert "Joanna" in moved.read_text(encoding="utf-8")
    assert "Second" in moved2.read_text(encoding="utf-8")
    assert scan() == []
    assert sorted(s.path.name for s in list_trash()) == ["night-2.toml", "night.toml"]

    # Restoring next to a file of the same name keeps both.
    write(folder / "night.toml", SHEET.replace("Joanna", "Third"))
    back = library.restore(moved, paths.sessions_dir())
    assert back == folder / "night-2.toml" and not moved.exists()
    assert "Joanna" in back.read_text(encoding="utf-8")
    assert "Third" in (folder / "night.toml").read_text(encoding="utf-8")
    assert [s.path.name for s in list_trash()] == ["night-2.toml"]
    assert library.empty_trash(paths.trash_dir()) == 1 and list_trash() == []


def test_trash_refusals_name_the_file(folders, tmp_path: Path) -> None:
    missing = paths.sessions_dir() / "nope.toml"
    with pytest.raises(
        SessionError,
        match=r"nope\.toml: cannot move it to the trash "
        r"\(no such file\)",
    ):
        library.move_to_trash(missing, paths.trash_dir())
    moved = library.move_to_trash(write(paths.sessions_dir() / "x.toml", SHEET), paths.trash_dir())
    with pytest.raises(SessionError, match="already in the trash"):
        library.move_to_trash(moved, paths.trash_dir())
    with pytest.raises(SessionError, match=r"gone\.toml: cannot restore it \(no such file\)"):
        library.restore(paths.trash_dir() / "gone.toml", paths.sessions_dir())


def test_cache_reuses_unchanged_files_and_rereads_changed_ones(folders) -> None:
    folder = paths.sessions_dir()
    path = save(folder, "a.toml", ["Ann", "Bob", "Cy", "Di"], datetime(2026, 11, 28))
    save(folder, "b.toml", ["Eve", "Ann", "Fay", "Gus"], datetime(2026, 11, 29))
    cache = library.SummaryCache()
    first = by_name(scan(cache=cache))
    again = by_name(scan(cache=cache))
    assert again["a.toml"] is first["a.toml"] and again["b.toml"] is first["b.toml"]
    save(
        folder,
        "a.toml",
        ["Ann", "Bob", "Cy", "Di"],
        datetime(2026, 11, 28),
        [Hand(2, (10, 4, 50, 6))],
    )
    stat = path.stat()  # the same second as before on a coarse clock: force a new time
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000))
    third = by_name(scan(cache=cache))
    assert third["a.toml"].hands == 1 and third["a.toml"].leader == "Cy"
    assert third["b.toml"] is first["b.toml"]


def test_a_few_hundred_files_are_each_summarized(folders) -> None:
    # How long it takes is benchmarks/library_scan.py's to say, not a test's.
    folder = paths.sessions_dir()
    hands = "".join(
        f"\n[[hands]]\nwinner = {1 + i % 4}\npoints = [{i}, 4, 8, 16]\n" for i in range(30)
    )
    for i in range(200):
        write(folder / f"s{i:03}.toml", SHEET.replace("[[hands]]", hands + "\n[[hands]]", 1))
    summaries = scan()
    assert len(summaries) == 200 and all(s.hands == 31 for s in summaries)
    assert sorted(s.path.name for s in summaries) == [f"s{i:03}.toml" for i in range(200)]


def test_a_date_the_clock_cannot_convert_sorts_by_file_time(folders) -> None:
    folder = paths.sessions_dir()
    write(folder / "ancient.toml", SHEET.replace("2026-11-30T19:00:00", "0001-01-01T00:00:00"))
    write(folder / "recent.toml", SHEET)
    old = datetime(2027, 1, 1).timestamp()  # the ancient file was touched after the recent one
    os.utime(folder / "ancient.toml", (old, old))
    summaries = scan()
    assert [s.path.name for s in summaries] == ["ancient.toml", "recent.toml"]
    assert summaries[0].started == datetime(1, 1, 1) and summaries[0].readable
