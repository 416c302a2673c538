"""Seat correction and substitutes: the names move, the seats' points stay, statistics credit
each person with the hands they played, and the file keeps it (appends included)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from mjtui import paths
from mjtui.cli.entry import main
from mjtui.core.errors import HandError, SessionError
from mjtui.core.model.seats import SeatChange, Seating, from_tables
from mjtui.core.model.session import Session
from mjtui.core.reports.export import hand_rows, standings
from mjtui.core.reports.stats import compute
from mjtui.core.rulesets.ruleset import RulesetLibrary
from mjtui.core.sessions.scorebook import open_scorebook
from mjtui.core.sessions.session_file import load_session, save_session, session_text
from mjtui.systems.riichi.system import ExhaustiveDraw, Win, Winner

NAMES = ("Ann", "Bob", "Chen", "Dora")
STARTED = datetime(2026, 11, 30, 19, 0)


def find(name: str):
    return RulesetLibrary(paths.ruleset_folders()).get(name)


def hands() -> list:
    return [
        Win((Winner(2, han=3, fu=40),), discarder=0),  # Chen 5200 off Ann
        ExhaustiveDraw(tenpai=(1,)),  # Bob tenpai: +3000
        Win((Winner(3, han=1, fu=30),), discarder=None),  # Dora tsumo 300/500 (+1 honba)
    ]


def session(changes=()) -> Session:
    s = Session(find("riichi-tenhou"), NAMES, STARTED, seat_changes=tuple(changes))
    for hand in hands():
        s.add(hand)
    return s


# --------------------------------------------------------------------------
# The seating
# --------------------------------------------------------------------------


def test_a_swap_for_the_whole_session_is_a_correction_of_players():
    seating = Seating(NAMES).swap(0, 2, None, 3)
    assert seating == Seating(("Chen", "Bob", "Ann", "Dora"))


def test_a_swap_from_a_hand_on():
    seating = Seating(NAMES).swap(0, 2, 3, 3)
    assert seating.players == NAMES
    assert seating.changes == (SeatChange(3, ("Chen", "Bob", "Ann", "Dora")),)
    assert seating.at(1) == NAMES and seating.at(2) == ("Chen", "Bob", "Ann", "Dora")


def test_a_substitute_from_a_hand_on_and_a_later_swap_carries_them():
    seating = Seating(NAMES).substitute(1, "Eve", 2, 3)
    assert seating.at(0) == NAMES and seating.at(1) == ("Ann", "Eve", "Chen", "Dora")
    seating = seating.swap(1, 3, None, 3)  # the seats were 2 and 4 all along
    assert seating.at(0) == ("Ann", "Dora", "Chen", "Bob")
    assert seating.at(2) == ("Ann", "Dora", "Chen", "Eve")


def test_a_substitute_only_replaces_the_player_it_replaces():
    seating = Seating(NAMES).substitute(1, "Eve", 3, 3).substitute(1, "Fay", 2, 3)
    # Fay sits in for Bob at hand 2; Eve still takes over from hand 3.
    assert [seating.at(i)[1] for i in range(4)] == ["Bob", "Fay", "Eve", "Eve"]


def test_a_change_that_changes_nothing_is_dropped():
    assert Seating(NAMES).swap(0, 1, 2, 3).swap(0, 1, 2, 3).changes == ()


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda s: s.swap(0, 0, None, 3), "seat 1 twice"),
        (lambda s: s.swap(0, 5, None, 3), "seats are 1 to 4, got 6"),
        (lambda s: s.swap(0, 1, 9, 3), "hand 9 is not in this session"),
        (lambda s: s.substitute(0, "chen ", 2, 3), "cannot sit in two seats"),
        (lambda s: s.substitute(0, "ann", 2, 3), "sits in seat 1 already"),
        (lambda s: s.substitute(0, "  ", 2, 3), "needs a name"),
    ],
)
def test_changes_that_cannot_be(change, words):
    with pytest.raises(HandError, match=words):
        change(Seating(NAMES))


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ({"from": 2}, "expected an array"),
        ([{"from": 2}], "exactly 'from'"),
        ([{"from": 1, "players": list(NAMES)}], "from 2 on"),
        ([{"from": 3, "players": list(NAMES)}, {"from": 2, "players": list(NAMES)}], "grow"),
        ([{"from": 2, "players": ["a", "b"]}], "4 names"),
        ([{"from": 2, "players": ["a", "b", "A", "c"]}], "same player"),
    ],
)
def test_bad_seat_changes_are_refused(value, words):
    with pytest.raises(ValueError, match=words):
        from_tables(value, 4)


# --------------------------------------------------------------------------
# The session, its file and what is shown
# --------------------------------------------------------------------------


def test_the_fold_is_the_same_and_the_names_move():
    plain, changed = session(), session([SeatChange(2, ("Ann", "Eve", "Chen", "Dora"))])
    assert plain.state.totals == changed.state.totals
    assert changed.current_players == ("Ann", "Eve", "Chen", "Dora")
    rows = hand_rows(changed)
    assert "Bob" not in rows[1].what and "Eve" in rows[1].what
    assert [s.player for s in standings(changed) if s.seat == 1] == ["Eve"]


def test_the_file_keeps_the_changes_and_hands_are_still_appended(tmp_path: Path):
    path = tmp_path / "s.toml"
    s = session([SeatChange(3, ("Ann", "Bob", "Eve", "Dora"))])
    s.hands.pop()
    s.forget()
    save_session(s, path)
    text = path.read_text()
    assert "[[seat_changes]]\nfrom = 3\n" in text
    assert text.index("[[seat_changes]]") < text.index("[[hands]]")
    loaded = load_session(path, find)
    assert loaded.appendable and loaded.session.seat_changes == s.seat_changes
    inode = path.stat().st_ino
    book, _ = open_scorebook(path, find)
    try:
        book.add(hands()[2])
    finally:
        book.close()
    assert path.stat().st_ino == inode  # appended, not saved whole (a rename)
    assert path.read_text() == session_text(session([SeatChange(3, ("Ann", "Bob", "Eve", "Dora"))]))
    again = load_session(path, find)
    assert not again.problems and again.appendable and len(again.session.hands) == 3


def test_a_file_with_a_broken_seat_change_says_which_key(tmp_path: Path):
    path = tmp_path / "s.toml"
    save_session(session(), path)
    path.write_text(
        path.read_text().replace(
            "\n[[hands]]",
            '\n[[seat_changes]]\nfrom = 0\nplayers = ["a", "b", "c", "d"]\n\n[[hands]]',
            1,
        )
    )
    with pytest.raises(SessionError, match="key 'seat_changes': entry 1: 'from' must be"):
        load_session(path, find)


def test_statistics_credit_each_person_with_their_hands():
    s = session([SeatChange(2, ("Ann", "Eve", "Chen", "Dora"))])
    stats = {p.name: p for p in compute([(None, s)]).players}
    assert stats["Bob"].hands_played == 1 and stats["Bob"].net == 0
    assert stats["Eve"].hands_played == 2
    assert stats["Eve"].net == 3000 - 500 - 100  # tenpai as dealer, then pays Dora 500 + honba
    assert stats["Bob"].series == stats["Eve"].series == 1
    assert stats["Ann"].hands_played == 3
    assert sum(p.net for p in stats.values()) == sum(s.state.totals) - 4 * 25000


# --------------------------------------------------------------------------
# The command
# --------------------------------------------------------------------------


def test_seats_command(tmp_path: Path, capsys):
    path = tmp_path / "s.toml"
    save_session(session(), path)
    assert main(["seats", str(path), "--substitute", "2", "Eve", "--from", "2"]) == 0
    assert "hands 2-3: 1: Ann, 2: Eve, 3: Chen, 4: Dora" in capsys.readouterr().out
    assert main(["seats", str(path), "--swap", "1", "3"]) == 0
    out = capsys.readouterr().out
    assert "hand 1: 1: Chen, 2: Bob, 3: Ann, 4: Dora" in out
    assert main(["seats", str(path)]) == 0
    assert load_session(path, find).session.current_players == ("Chen", "Eve", "Ann", "Dora")
    assert main(["seats", str(path), "--substitute", "2", "Eve", "--from", "9"]) == 2
    assert "hand 9 is not in this session" in capsys.readouterr().err
    with pytest.raises(SystemExit):  # argparse: one change at a time
        main(["seats", str(path), "--swap", "1", "2", "--substitute", "1", "x"])


# --------------------------------------------------------------------------
# What-if and the exports keep the seat changes
# --------------------------------------------------------------------------


def changed_session() -> Session:
    """Seats 1 and 3 swapped from hand 2; Eve in seat 2 from hand 3."""
    return session(
        [
            SeatChange(2, ("Chen", "Bob", "Ann", "Dora")),
            SeatChange(3, ("Chen", "Eve", "Ann", "Dora")),
        ]
    )


def test_what_if_keeps_the_names_of_each_hand():
    from mjtui.core.reports.whatif import rescore_with

    what = rescore_with(changed_session(), {"table.start_points": 30000})
    assert what.rescored.seat_changes == changed_session().seat_changes
    played, other = what.rows()
    assert [r.what for r in played] == [r.what for r in other]
    assert "Chen" in other[0].what and "Dora" in other[2].what
    assert {c.player for c in what.comparison()} == {"Chen", "Eve", "Ann", "Dora"}
    assert {s.player for s in what.standings()[1]} == {"Chen", "Eve", "Ann", "Dora"}


def test_exports_name_each_seat_as_it_was_then():
    from mjtui.core.reports.export import (
        ExportError,
        export_document,
        final_standings,
        to_csv,
        to_markdown,
        to_results,
    )
    from mjtui.systems.riichi.pantheon import to_pantheon

    s = changed_session()
    s.add(Win((Winner(1, han=1, fu=30),), discarder=0))  # seat 2 off seat 1
    lines = to_csv(s).splitlines()
    # A seat's columns name everyone who sat there; a seat in a hand is named as then.
    assert "Ann/Chen change" in lines[0] and "Bob/Eve total" in lines[0]
    assert "Chen/Ann change" in lines[0]
    assert lines[1].startswith("1,ron,Chen,Ann,") and lines[4].startswith("4,ron,Eve,Chen,")
    document = export_document(s)
    assert document["players"] == list(NAMES)
    assert document["seat_changes"] == [
        {"from": 2, "players": ["Chen", "Bob", "Ann", "Dora"]},
        {"from": 3, "players": ["Chen", "Eve", "Ann", "Dora"]},
    ]
    # The standings credit the person in each seat at the end, in every export.
    assert {r["player"] for r in final_standings(s)} == {"Chen", "Eve", "Ann", "Dora"}
    assert "Eve" in to_results(s) and "Bob" not in to_results(s)
    md = to_markdown(s)
    assert "- Seats changed from hand 3: Chen, Eve, Ann, Dora" in md
    assert "| # | Round | Hand | Ann/Chen | Bob/Eve | Chen/Ann | Dora |" in md
    with pytest.raises(ExportError, match="seats change"):
        to_pantheon(s)


def test_the_table_display_names_who_sits_there_now():
    from mjtui.core.reports.board import board_view

    assert [seat.name for seat in board_view(changed_session()).seats] == [
        "Chen",
        "Eve",
        "Ann",
        "Dora",
    ]


@pytest.mark.parametrize("spoken", ["ja", "zh_Hans", "zh_Hant"])
def test_the_forms_kinds_of_change_are_said_in_the_language(spoken: str) -> None:
    """The seats form's note names the kind typed (w, s) with _(KINDS[kind])."""
    import re

    from mjtui.core import language
    from mjtui.core.model.seats import KINDS

    language.install(spoken)
    said = [language._(kind) for kind in KINDS.values()]
    assert [s for s in said if re.search("[A-Za-z]", s)] == []
    assert len(set(said)) == len(KINDS)
