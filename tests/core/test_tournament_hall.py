"""The tables' links (core/tournament/links.py) and what the hall shows
(core/tournament/hall.py): the links made once and kept, found only by their own
secret, read strictly; the hall's view of the standings and the round, the folder
followed as tables save hands, and which tables a link opens now."""

from __future__ import annotations

import os
from datetime import timedelta
from itertools import count
from pathlib import Path

import pytest
from tournament_helpers import START, TWO_HANDS, make, play, save, seated

from mjtui.core.tournament.hall import HallFollower, live_tables
from mjtui.core.tournament.links import Links, load_links, save_links
from mjtui.core.tournament.model import FILE_NAME, TournamentError

R1 = [["P0", "P1", "P2", "P3"], ["P4", "P5", "P6", "P7"]]
R2 = [["P0", "P4", "P2", "P6"], ["P1", "P5", "P3", "P7"]]


def numbered(size: int) -> str:
    return f"secret-{next(NUMBERS):09d}"


NUMBERS = count()


def test_a_round_s_links_are_made_once_and_kept_when_it_is_seated_again() -> None:
    links = Links().made_for(1, 3)
    assert len(links.of(1)) == 3 and len(set(links.of(1))) == 3
    assert all(len(s) == 16 for s in links.of(1))  # token_urlsafe(12)
    assert links.made_for(1, 3) is links  # seated again: the same links
    more = links.made_for(2, 3)
    assert more.of(1) == links.of(1) and not set(more.of(2)) & set(more.of(1))
    assert more.find(more.of(2)[1]) == (2, 2) and more.find(more.of(1)[0]) == (1, 1)
    for wrong in ("", more.of(1)[0][:-1], more.of(1)[0] + "x", more.of(1)[0].upper(), "é" * 16):
        assert more.find(wrong) is None, wrong


def test_a_secret_drawn_twice_is_drawn_again() -> None:
    drawn = iter(["a" * 16, "a" * 16, "b" * 16])
    links = Links().made_for(1, 2, token=lambda n: next(drawn))
    assert links.of(1) == ("a" * 16, "b" * 16)


def test_the_links_file_is_written_whole_and_read_strictly(tmp_path: Path) -> None:
    path = tmp_path / "links.toml"
    assert load_links(path) == Links()  # none yet
    links = Links().made_for(1, 2, token=numbered).made_for(2, 2, token=numbered)
    save_links(links, path)
    assert load_links(path) == links
    text = path.read_text()
    bad = {
        "format = 'mjtui-links/2'\n": "key 'format'",
        text.replace("round = 2", "round = 1"): "key 'round[1].round'",
        text.replace("secret-000000002", "secret-000000000"): "key 'round[1].tables[0]'",
        text.replace("secret-000000000", "short"): "key 'round[0].tables[0]'",
        text.replace("secret-000000000", "secret-00000\\u001b[2J"): "key 'round[0].tables[0]'",
        "extra = 1\n" + text: "key 'extra'",
        "format = 'mjtui-links/1'\nround = 3\n": "key 'round'",
        "format = [": "not valid TOML",
    }
    for content, said in bad.items():
        path.write_text(content)
        with pytest.raises(TournamentError, match=r"links\.toml: ") as e:
            load_links(path)
        assert said in str(e.value), (content, e.value)
    path.unlink()
    (tmp_path / "elsewhere.toml").write_text(text)
    path.symlink_to(tmp_path / "elsewhere.toml")
    with pytest.raises(TournamentError, match="a symbolic link"):
        load_links(path)


def test_the_hall_shows_the_round_the_standings_and_the_tables_as_they_play(
    tmp_path: Path,
) -> None:
    now = [START + timedelta(minutes=30)]
    t = seated(make(minutes=90), 1, R1, started=START, extra=(0, 7))
    t = t.with_penalty("P5", 1000, "late", 1)[0]
    save(t, tmp_path)
    hall = HallFollower(tmp_path, "club night", now=lambda: now[0])
    assert hall.poll() and hall.error == ""
    view = hall.view
    assert (view.name, view.number, view.rounds) == ("Club Night", 1, 4)
    assert (view.playing, view.waiting, view.finished) == ((), (1, 2), ())
    assert [c.extra for c in view.clock.tables] == [0, 7]
    assert view.lines[-1].name == "P5" and view.lines[-1].total == -1.0
    assert not hall.poll()  # nothing changed: nothing new to show
    play(t, tmp_path, 1, 1, [])  # its game opened, no hand scored: not started
    hall.poll()
    assert (hall.view.playing, hall.view.waiting) == ((), (1, 2))
    play(t, tmp_path, 1, 1, TWO_HANDS)
    assert hall.poll()
    view = hall.view
    assert view.playing == (1,) and view.waiting == (2,)
    top = view.lines[0]
    assert (top.place, top.name, top.total, top.games, top.playing) == ("1", "P0", 27.0, 1, True)
    assert [line.place for line in view.lines if line.total == 0.0] == ["=3"] * 3  # P4, P6, P7
    # Past table 1's time, its game saved after it: finished.
    now[0] = START + timedelta(minutes=95)
    path = play(t, tmp_path, 1, 1, [*TWO_HANDS, {"draw": "exhaustive", "tenpai": [1]}])
    saved = (START + timedelta(minutes=91)).timestamp()
    os.utime(path, (saved, saved))
    assert hall.poll() and hall.view.finished == (1,)
    assert hall.view.lines[0].playing is False


def test_the_hall_says_what_it_cannot_read_and_keeps_the_last_view(tmp_path: Path) -> None:
    hall = HallFollower(tmp_path, "Club Night")
    assert hall.poll() and "no tournament here" in hall.error and hall.view is None
    assert not hall.poll()  # the same error: nothing new
    t = seated(make(), 1, R1)
    save(t, tmp_path)
    assert hall.poll() and hall.error == "" and hall.view.number == 1
    kept = hall.view
    (tmp_path / FILE_NAME).write_text("format = [")
    assert hall.poll() and "not valid TOML" in hall.error and hall.view is kept
    save(t, tmp_path)
    assert hall.poll() and hall.error == ""
    other = HallFollower(tmp_path, "Another")
    assert other.poll() and "is the tournament 'Club Night', not 'Another'" in other.error


def test_a_link_opens_the_last_round_s_tables_and_the_round_before_s_still_playing(
    tmp_path: Path,
) -> None:
    t = seated(make(), 1, R1)
    save(t, tmp_path)
    hall = HallFollower(tmp_path, "Club Night")
    hall.poll()
    assert live_tables(hall.standings) == {(1, 1), (1, 2)}
    play(t, tmp_path, 1, 1, TWO_HANDS)  # table 1 plays on
    played_out(t, tmp_path, 1, 2)
    t = seated(t, 2, R2)
    save(t, tmp_path)
    hall.poll()
    assert [x.status for x in hall.standings.tables if x.number == 1] == ["playing", "finished"]
    assert live_tables(hall.standings) == {(2, 1), (2, 2), (1, 1)}
    t = seated(t, 3, R1)  # round 2's tables never began: their links are old
    save(t, tmp_path)
    hall.poll()
    assert live_tables(hall.standings) == {(3, 1), (3, 2)}


def played_out(t, folder: Path, number: int, table: int) -> None:
    """A table's game played to its end (the simulated tournament's hands)."""
    from tournament_processes import hands_of

    from mjtui.core.sessions.session_file import save_session
    from mjtui.core.tournament.games import table_session
    from mjtui.core.tournament.model import game_file

    session = table_session(t, number, table, START)
    for hand in hands_of(session, number, table, 0):
        session.add(hand)
    assert session.state.finished
    save_session(session, folder / game_file(number, table))
