"""Session files: round trip, hand-written sheets, damaged files, atomic saves."""

from __future__ import annotations

import os
import re
import tempfile
import time
import tomllib
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjtui import paths
from mjtui.core.errors import SessionError
from mjtui.core.model.players import clean_name, first_repeat
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import RulesetLibrary, load_ruleset
from mjtui.core.sessions.ledger import latest_session
from mjtui.core.sessions.scorebook import Scorebook
from mjtui.core.sessions.session_file import (
    FORMAT,
    load_session,
    new_session_path,
    save_session,
    session_text,
)
from mjtui.systems.east_doubling.system import Hand

REPO = Path(__file__).resolve().parents[2]
HP11C = REPO / "rulesets" / "hp11c.toml"
NAMES = ("Ann", "Bob", "Cy", "Di")
STARTED = datetime(2026, 11, 29, 20, 15, 0, tzinfo=timezone(timedelta(hours=1)))


def find_ruleset(name: str):
    return RulesetLibrary(paths.ruleset_folders()).get(name)


def new_session(hands=()) -> Session:
    session = Session(load_ruleset(HP11C), NAMES, STARTED)
    for hand in hands:
        session.add(hand)
    return session


HANDS = [Hand(2, (10, 4, 50, 6)), Hand(None, (0, 0, 0, 0)), Hand(0, (40, 10, 20, 8))]


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def line_of(text: str, needle: str, occurrence: int = 1) -> int:
    """1-based line number of the n-th line that starts with ``needle``."""
    found = [i for i, line in enumerate(text.splitlines(), 1) if line.startswith(needle)]
    return found[occurrence - 1]


# --------------------------------------------------------------------------
# Round trip
# --------------------------------------------------------------------------


def test_round_trip(folders, tmp_path: Path) -> None:
    session = new_session(HANDS)
    path = tmp_path / "s.toml"
    save_session(session, path)
    loaded = load_session(path, find_ruleset)
    assert loaded.problems == []
    assert loaded.session.players == NAMES
    assert loaded.session.started == STARTED
    assert loaded.session.ruleset.id == "hp11c"
    assert loaded.session.ruleset.rules == session.ruleset.rules
    assert loaded.session.hands == HANDS
    assert loaded.session.state == session.state


def test_saved_file_layout(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    save_session(new_session(HANDS), path)
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[0].startswith("#") and FORMAT in lines[0]
    first_key = next(line for line in lines if line.strip() and not line.startswith("#"))
    assert first_key == f'format = "{FORMAT}"'
    assert "\n[rules]\n" in text
    assert text.count("[[hands]]") == 3
    assert text.index("[rules]") < text.index("[[hands]]")
    data = tomllib.loads(text)
    assert data["ruleset"] == "hp11c"
    assert data["players"] == list(NAMES)
    assert data["rules"]["payments"]["east_multiplier"] == 2
    assert data["rules"]["table"] == {"players": 4, "start_points": 10000}
    assert data["hands"][0] == {"winner": 3, "points": [10, 4, 50, 6]}
    assert "winner" not in data["hands"][1]
    assert data["hands"][2]["winner"] == 1


def test_empty_session_round_trips(folders, tmp_path: Path) -> None:
    path = tmp_path / "empty.toml"
    save_session(new_session(), path)
    loaded = load_session(path, find_ruleset)
    assert loaded.problems == [] and loaded.session.hands == []


names = st.text(
    alphabet=st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=12
).filter(lambda s: s.strip() != "")
# Names as kept (core/model/players.py): clean (so never only control characters), and four
# different players.
kept = names.map(clean_name).filter(bool)
seated = st.tuples(*[kept] * 4).filter(lambda p: first_repeat(p) is None)
hands4 = st.builds(
    Hand,
    winner=st.one_of(st.none(), st.integers(0, 3)),
    points=st.tuples(*[st.integers(0, 100000)] * 4),
)


@settings(
    max_examples=100,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(players=seated, hands=st.lists(hands4, max_size=15), start=st.integers(0, 10**6))
def test_round_trip_property(players, hands, start) -> None:
    ruleset = load_ruleset(HP11C).with_start_points(start)
    session = Session(ruleset, players, datetime(2026, 1, 2, 3, 4, 5))
    session.hands.extend(hands)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "s.toml"
        save_session(session, path)

        asked = []

        def lookup(name):  # the file carries its rules: the library is asked only for
            asked.append(name)  # the id's system, to check that they agree
            return load_ruleset(HP11C)

        loaded = load_session(path, lookup)
    assert asked == ["hp11c"]
    assert loaded.problems == []
    assert loaded.session.players == players
    assert loaded.session.hands == hands
    assert loaded.session.ruleset.start_points == start
    assert loaded.session.started == datetime(2026, 1, 2, 3, 4, 5)
    assert loaded.session.state == session.state


# --------------------------------------------------------------------------
# Hand-written files
# --------------------------------------------------------------------------

SHEET = """\
# Saturday's sheet, typed in from paper.
format = "mjtui-session/1"
ruleset = "hp11c"
players = ["Ann", "Bob", "Cy", "Di"]

[[hands]]   # Cy won; Ann was East
winner = 3
points = [10, 4, 50, 6]

[[hands]]   # a draw: nothing written

[[hands]]
winner = 4
points = [12, 20, 0, 30]
"""


def test_sheet_without_rules_scores_with_installed_ruleset(folders) -> None:
    path = write(folders["data"] / "sheet.toml", SHEET)
    loaded = load_session(path, find_ruleset)
    assert loaded.problems == []
    session = loaded.session
    assert session.ruleset.rules == load_ruleset(HP11C).rules
    assert session.hands[1] == Hand(None, (0, 0, 0, 0))
    states = session.states()
    # Hand 1: East = Ann (seat 0), Cy wins, points 10 4 50 6 (see test_east_doubling):
    #   -80 -64 +200 -56; Cy is not East, so Bob becomes East.
    assert states[1].totals == (9920, 9936, 10200, 9944) and states[1].east == 1
    # Hand 2: a draw: nothing changes, Bob stays East.
    assert states[2].totals == states[1].totals and states[2].east == 1
    # Hand 3: East = Bob (seat 1), Di wins, points 12 20 0 30.
    #   Di receives 30 from Ann, Bob (East: 60), Cy: +120.
    #   Ann receives 12 from Bob (East: 24) and Cy (12): +36.
    #   Bob (East) receives 20 from Ann and Cy, doubled: +80.
    #   Cy scored 0.
    #   Ann: -30 + 36 - 40 = -34; Bob: -60 - 24 + 80 = -4; Cy: -30 - 12 - 40 = -82; Di: +120.
    assert states[3].last_change == (-34, -4, -82, 120)
    assert states[3].totals == (9886, 9932, 10118, 10064) and states[3].east == 2
    # The file does not say when it began: the file's time stands in.
    assert session.started.date() == datetime.fromtimestamp(path.stat().st_mtime).date()


def test_sheet_without_rules_follows_a_user_override(folders) -> None:
    text = HP11C.read_text(encoding="utf-8").replace("start_points = 10000", "start_points = 500")
    write(folders["config"] / "rulesets" / "hp11c.toml", text)
    path = write(folders["data"] / "sheet.toml", SHEET)
    loaded = load_session(path, find_ruleset)
    assert loaded.session.states()[1].totals == (420, 436, 700, 444)


RULES = """
[rules]
name = "House rules"
system = "east-doubling"

[rules.table]
players = 4
start_points = {start}

[rules.payments]
east_multiplier = {multiplier}

[rules.rotation]
on_east_win = "stay"
on_other_win = "next"
on_draw = "stay"
"""


@pytest.mark.parametrize(
    ("start", "multiplier", "after_first"),
    [
        # East multiplier 3, East = Ann, Cy wins, points 10 4 50 6:
        #   Cy receives 50 from Ann (x3: 150), Bob 50, Di 50: +250.
        #   Ann (East) receives 10 from Bob and Di, x3: +60.
        #   Bob receives 4 from Ann (12) and Di (4): +16.
        #   Di receives 6 from Ann (18) and Bob (6): +24.
        #   Ann: -150 + 60 - 12 - 18 = -120; Bob: -50 - 30 + 16 - 6 = -70;
        #   Cy: +250; Di: -50 - 30 - 4 + 24 = -60.
        (10000, 3, (9880, 9930, 10250, 9940)),
        # Start 25000, multiplier 2: the changes of test_east_doubling (-80 -64 +200 -56).
        (25000, 2, (24920, 24936, 25200, 24944)),
    ],
)
def test_file_rules_win_over_installed(folders, start, multiplier, after_first) -> None:
    first_hand_only = SHEET.split("\n[[hands]]   # a draw")[0]
    text = first_hand_only + RULES.format(start=start, multiplier=multiplier)
    path = write(folders["data"] / "house.toml", text)
    loaded = load_session(path, find_ruleset)
    assert loaded.problems == []
    assert loaded.session.ruleset.start_points == start
    assert loaded.session.ruleset.rules.payments.east_multiplier == multiplier
    assert loaded.session.state.totals == after_first
    assert load_ruleset(HP11C).rules.payments.east_multiplier == 2  # the installed one differs


def test_rules_placed_after_the_hands_still_count(folders) -> None:
    text = SHEET + RULES.format(start=25000, multiplier=2)
    path = write(folders["data"] / "late.toml", text)
    loaded = load_session(path, find_ruleset)
    assert loaded.problems == []
    assert loaded.session.states()[1].totals == (24920, 24936, 25200, 24944)


# --------------------------------------------------------------------------
# Damaged files
# --------------------------------------------------------------------------


def test_hand_with_bad_winner_is_left_out_and_reported(folders) -> None:
    text = SHEET.replace("winner = 4", "winner = 7")
    path = write(folders["data"] / "bad.toml", text)
    loaded = load_session(path, find_ruleset)
    assert len(loaded.problems) == 1
    problem = loaded.problems[0]
    assert str(path) in problem
    assert "hand 3" in problem
    assert f"line {line_of(text, '[[hands]]', 3)}" in problem
    assert "got 7" in problem
    assert loaded.session.hands == [Hand(2, (10, 4, 50, 6)), Hand(None, (0, 0, 0, 0))]


def test_bad_hand_in_the_middle_keeps_the_later_ones(folders) -> None:
    text = SHEET.replace("winner = 3\n", "winner = 3\nwinner_ = 1\n")
    path = write(folders["data"] / "bad.toml", text)
    loaded = load_session(path, find_ruleset)
    assert len(loaded.problems) == 1
    assert "hand 1" in loaded.problems[0]
    assert f"line {line_of(text, '[[hands]]', 1)}" in loaded.problems[0]
    assert "'winner_'" in loaded.problems[0]
    assert loaded.session.hands == [Hand(None, (0, 0, 0, 0)), Hand(3, (12, 20, 0, 30))]


def test_toml_syntax_error_in_third_hand_is_salvaged(folders) -> None:
    text = SHEET + "\n[[hands]]\nwinner = 1\npoints = [2, 2, 2, 2]\n"
    text = text.replace("winner = 4", "winner = = 4")
    bad_line = line_of(text, "winner = = 4")
    path = write(folders["data"] / "syntax.toml", text)
    loaded = load_session(path, find_ruleset)
    assert len(loaded.problems) == 1
    problem = loaded.problems[0]
    assert str(path) in problem
    assert "hand 3" in problem
    assert "not valid TOML" in problem
    assert f"at line {bad_line}" in problem  # the line in the file, not in the block
    assert loaded.session.hands == [
        Hand(2, (10, 4, 50, 6)),
        Hand(None, (0, 0, 0, 0)),
        Hand(0, (2, 2, 2, 2)),
    ]
    assert loaded.session.players == NAMES


HEADER_CASES = {
    "format missing": (
        lambda t: t.replace('format = "mjtui-session/1"\n', ""),
        ["key 'format'", "missing"],
    ),
    "format wrong": (
        lambda t: t.replace("mjtui-session/1", "mjtui-session/9"),
        ["key 'format'", "mjtui-session/9"],
    ),
    "players wrong count": (
        lambda t: t.replace('"Ann", "Bob", "Cy", "Di"', '"Ann", "Bob", "Cy"'),
        ["key 'players'", "4 names"],
    ),
    "player name empty": (
        lambda t: t.replace('"Cy"', '"  "'),
        ["key 'players'", "non-empty"],
    ),
    "ruleset missing": (
        lambda t: t.replace('ruleset = "hp11c"\n', ""),
        ["key 'ruleset'"],
    ),
    "unknown ruleset without [rules]": (
        lambda t: t.replace('ruleset = "hp11c"', 'ruleset = "nosuch"'),
        ["'nosuch'", "[rules]", "no ruleset named"],
    ),
    "bad [rules]": (
        lambda t: t + RULES.format(start=10000, multiplier=0),
        ["key 'rules.payments.east_multiplier'", "expected an integer >= 1"],
    ),
    "stray key in [rules.calculator]": (  # was "expected a table, got a table"
        lambda t: (
            t
            + RULES.format(start=10000, multiplier=2)
            + '\n[rules.calculator]\nprogram = "east_doubling.hp11c"\nprogramme = "x"\n'
        ),
        ["key 'rules.calculator.programme': unknown key (known here: program)"],
    ),
    "started not a date": (
        lambda t: t.replace("players =", 'started = "yesterday"\nplayers ='),
        ["key 'started'", "'yesterday'"],
    ),
    "hands not an array": (
        lambda t: t.split("\n[[hands]]")[0] + '\nhands = "none"\n',
        ["key 'hands'"],
    ),
    "syntax error in the header": (
        lambda t: t.replace('ruleset = "hp11c"', "ruleset = hp11c"),
        ["not valid TOML", "line 3"],
    ),
}


@pytest.mark.parametrize("case", list(HEADER_CASES), ids=list(HEADER_CASES))
def test_broken_header_raises(folders, case: str) -> None:
    change, words = HEADER_CASES[case]
    path = write(folders["data"] / "broken.toml", change(SHEET))
    with pytest.raises(SessionError) as caught:
        load_session(path, find_ruleset)
    message = str(caught.value)
    assert str(path) in message
    for word in words:
        assert word in message, message


def test_missing_file(folders) -> None:
    with pytest.raises(SessionError, match="no such file"):
        load_session(folders["data"] / "nope.toml", find_ruleset)


def test_unhashable_rules_system_is_a_session_error(folders) -> None:
    text = SHEET + RULES.format(start=10000, multiplier=2).replace(
        'system = "east-doubling"', 'system = ["east-doubling"]'
    )
    path = write(folders["data"] / "odd.toml", text)
    with pytest.raises(SessionError, match=r"rules.system"):
        load_session(path, find_ruleset)


def test_syntax_error_in_rules_after_the_hands_is_not_blamed_on_a_hand(folders) -> None:
    text = SHEET + RULES.format(start=25000, multiplier=2).replace(
        "east_multiplier = 2", "east_multiplier = = 2"
    )
    bad_line = line_of(text, "east_multiplier = = 2")
    path = write(folders["data"] / "late.toml", text)
    # The rules of the series cannot be read: scoring it by other rules (and
    # dropping hand 3, which is fine) would be wrong, so the file is refused.
    try:
        loaded = load_session(path, find_ruleset)
    except SessionError as e:
        assert str(path) in str(e)
        assert f"line {bad_line}" in str(e)
    else:
        raise AssertionError(
            f"read with start {loaded.session.ruleset.start_points}, hands "
            f"{loaded.session.hands}, problems {loaded.problems}"
        )


# --------------------------------------------------------------------------
# Atomic saves and the scorebook
# --------------------------------------------------------------------------


def test_failed_replace_keeps_the_old_file(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "sessions" / "s.toml"
    book = Scorebook(new_session(), path)
    book.add(HANDS[0])
    book.add(HANDS[1])
    assert book.save_error is None
    before = path.read_bytes()
    assert tomllib.loads(before.decode())["hands"][0]["winner"] == 3

    calls = []

    def failing_replace(src, dst):
        calls.append((Path(src), Path(dst)))
        assert Path(src).exists()  # the new content was written beside it
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", failing_replace)
    book.undo()  # an undo rewrites the whole file
    assert calls and calls[0][1] == path
    assert book.save_error is not None
    assert str(path) in book.save_error and "No space left" in book.save_error
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == ["s.toml"]
    assert book.session.hands == HANDS[:1]  # the undo is kept in memory

    monkeypatch.undo()
    book.add(HANDS[2])  # the next change tries again, and catches up
    assert book.save_error is None
    assert tomllib.loads(path.read_text())["hands"] == [
        {"winner": 3, "points": [10, 4, 50, 6]},
        {"winner": 1, "points": [40, 10, 20, 8]},
    ]
    assert path.read_text() == session_text(book.session)
    assert sorted(p.name for p in path.parent.iterdir()) == ["s.toml"]


def test_save_session_raises_session_error(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "s.toml"
    path.write_text("old")

    def failing_replace(src, dst):
        raise OSError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", failing_replace)
    with pytest.raises(SessionError) as caught:
        save_session(new_session(HANDS), path)
    assert str(path) in str(caught.value)
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["s.toml"]


def test_scorebook_keeps_hands_when_the_folder_cannot_be_made(tmp_path: Path) -> None:
    (tmp_path / "data").write_text("a file where the sessions folder should be")
    path = tmp_path / "data" / "sessions" / "s.toml"
    book = Scorebook(new_session(), path)
    book.add(HANDS[0])
    assert book.save_error is not None and "could not save" in book.save_error
    assert book.session.hands == [HANDS[0]]


def test_scorebook_undo_redo_saves(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    book = Scorebook(new_session(), path)
    book.add(HANDS[0])
    book.add(HANDS[2])

    def hands_on_disk():
        return load_session(path, lambda name: load_ruleset(HP11C)).session.hands

    assert book.undo().new == HANDS[2]
    assert hands_on_disk() == [HANDS[0]] and book.can_redo
    assert book.redo().new == HANDS[2]
    assert hands_on_disk() == [HANDS[0], HANDS[2]] and not book.can_redo
    book.replace(1, HANDS[1])
    assert hands_on_disk() == [HANDS[0], HANDS[1]]
    # undo takes back the edit, not a hand; redo makes the edit again
    assert str(book.undo()) == "The edit of hand 2"
    assert hands_on_disk() == [HANDS[0], HANDS[2]]
    assert str(book.redo()) == "The edit of hand 2"
    assert hands_on_disk() == [HANDS[0], HANDS[1]]


def test_scorebook_undo_of_a_resumed_series_takes_back_its_last_hand(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    first = Scorebook(new_session(), path)
    first.add(HANDS[0])
    first.add(HANDS[1])
    resumed = Scorebook(load_session(path, lambda name: load_ruleset(HP11C)).session, path)
    assert str(resumed.undo()) == "Hand 2"
    assert resumed.session.hands == [HANDS[0]]


# --------------------------------------------------------------------------
# Finding and naming session files
# --------------------------------------------------------------------------


def test_latest_session_picks_the_newest(tmp_path: Path) -> None:
    folder = tmp_path / "sessions"
    assert latest_session(folder) is None
    folder.mkdir()
    assert latest_session(folder) is None
    now = time.time()
    for name, age in [("b.toml", 300), ("a.toml", 10), ("c.toml", 100)]:
        (folder / name).write_text("")
        os.utime(folder / name, (now - age, now - age))
    (folder / "z.toml.damaged").write_text("")  # not a session
    (folder / "zz.txt").write_text("")
    (folder / "sub.toml").mkdir()
    assert latest_session(folder) == folder / "a.toml"
    os.utime(folder / "c.toml", (now, now))
    assert latest_session(folder) == folder / "c.toml"


def test_new_session_path_never_collides(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("MJTUI_MACHINE_ID", "m1")
    session = new_session()
    first = new_session_path(tmp_path, session)
    assert first == tmp_path / "2026-11-29_201500_hp11c_m1.toml"
    seen = set()
    for _ in range(4):
        path = new_session_path(tmp_path, session)
        assert not path.exists()
        assert path not in seen
        seen.add(path)
        save_session(session, path)
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "2026-11-29_201500_hp11c_m1-2.toml",
        "2026-11-29_201500_hp11c_m1-3.toml",
        "2026-11-29_201500_hp11c_m1-4.toml",
        "2026-11-29_201500_hp11c_m1.toml",
    ]


def test_two_tables_on_two_machines_never_pick_the_same_name(tmp_path: Path, monkeypatch) -> None:
    from dataclasses import replace

    session = new_session()
    names = set()
    for machine in ("a1b2c3", "d4e5f6"):
        monkeypatch.setenv("MJTUI_MACHINE_ID", machine)
        for table in ("Table 1", "Table 2", ""):
            names.add(new_session_path(tmp_path, replace(session, table=table)).name)
    assert len(names) == 6  # no file seen: each machine picks among its own names
    assert "2026-11-29_201500_hp11c_table-1_a1b2c3.toml" in names
    monkeypatch.delenv("MJTUI_MACHINE_ID")
    drawn = new_session_path(tmp_path, session).name  # from the machine's address
    assert re.fullmatch(r"2026-11-29_201500_hp11c_[0-9a-f]{6}\.toml", drawn)


def test_winner_zero_is_read_as_a_draw(folders) -> None:
    path = folders["data"] / "sheet.toml"
    path.parent.mkdir(parents=True)
    path.write_text(
        'format = "mjtui-session/1"\nruleset = "hp11c"\nplayers = ["A", "B", "C", "D"]\n'
        "[[hands]]\nwinner = 0\npoints = [5, 5, 5, 5]\n"
        "[[hands]]\nwinner = 2\npoints = [0, 10, 0, 0]\n",
        encoding="utf-8",
    )
    loaded = load_session(path, RulesetLibrary(paths.ruleset_folders()).get)
    assert loaded.problems == []
    assert [h.winner for h in loaded.session.hands] == [None, 1]
    # The draw changed nothing and East stayed, so B's win passes East to seat 2.
    assert loaded.session.state.totals == (9980, 10040, 9990, 9990)
    assert loaded.session.state.east == 1


def test_each_hand_is_checked_once_on_load_and_on_edit(tmp_path: Path, monkeypatch) -> None:
    from mjtui.systems.east_doubling import records
    from mjtui.systems.east_doubling.system import SYSTEM

    path = tmp_path / "s.toml"
    save_session(new_session(HANDS), path)
    checked = []
    real = SYSTEM.check

    def counted(rules, hand):
        checked.append(hand)
        real(rules, hand)

    # The system's check, as a session calls it and as reading an unusual record does.
    monkeypatch.setattr(SYSTEM, "check", counted)
    monkeypatch.setattr(records, "check", counted)
    session = load_session(path, find_ruleset).session
    # The usual records are checked as they are read, by hand_from_record's quick way
    # (the same refusals as check's: tests/systems/test_east_doubling.py), and the
    # session checks none of them again.
    assert session.hands == HANDS and checked == []
    write(path, path.read_text(encoding="utf-8").replace("winner = 3", "winner = 0", 1))
    session = load_session(path, find_ruleset).session  # a draw's winner 0: read by the record
    assert session.hands == [Hand(None, HANDS[0].points), *HANDS[1:]]
    assert checked == [Hand(None, HANDS[0].points)]
    checked.clear()
    session.replace(0, HANDS[2])  # the later hands only meet the table again
    assert checked == [HANDS[2]]
    checked.clear()
    session.add(HANDS[0])  # a new hand: checked alone and at the table
    assert checked == [HANDS[0]]
