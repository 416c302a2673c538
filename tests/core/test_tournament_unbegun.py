"""A round's tables held while their seating changes (core/tournament/unbegun.py): a
game only opened (no hand) is held and removed, one with a hand or anything that may be
one is the table's and counts as begun, one open in a window is said."""

from __future__ import annotations

import os
import time
from pathlib import Path

from tournament_helpers import TWO_HANDS, make, play, seated

from mjtui.core.sessions.lock import SessionLock, lock_path
from mjtui.core.tournament.model import game_file
from mjtui.core.tournament.unbegun import file_begun, hold_unbegun

R1 = [["P0", "P1", "P2", "P3"], ["P4", "P5", "P6", "P7"]]


def test_only_a_game_with_no_hand_is_held_and_removed(tmp_path: Path) -> None:
    t = seated(make(), 1, R1)
    opened = play(t, tmp_path, 1, 1, [])
    scored = play(t, tmp_path, 1, 2, TWO_HANDS[:1])
    with hold_unbegun(t, tmp_path, 1, [1, 2]) as held:
        assert (held.begun, held.open) == ([2], [])
        assert held.clear(t) == []
    assert not opened.exists() and scored.is_file()
    assert not lock_path(opened).exists() and not lock_path(scored).exists()
    with hold_unbegun(t, tmp_path, 1, [1, 2]) as held:  # no file: nothing to hold
        assert (held.begun, held.open, held.clear(t)) == ([2], [], [])


def test_a_hand_arriving_while_held_keeps_the_file(tmp_path: Path) -> None:
    t = seated(make(), 1, R1)
    play(t, tmp_path, 1, 1, [])
    with hold_unbegun(t, tmp_path, 1, [1]) as held:
        path = play(t, tmp_path, 1, 1, TWO_HANDS[:1])  # synced in from another machine
        assert held.clear(t) == [1]
    assert path.is_file()


def test_a_game_open_in_a_window_is_said_not_removed(tmp_path: Path) -> None:
    t = seated(make(), 1, R1)
    path = play(t, tmp_path, 1, 1, [])
    window = SessionLock.take(path)
    try:
        if not window.held:  # a folder that cannot hold locks: nothing to say
            return
        with hold_unbegun(t, tmp_path, 1, [1]) as held:
            assert held.begun == [] and [table for table, _who in held.open] == [1]
            assert f"pid {os.getpid()}" in held.open[0][1]
            assert held.clear(t) == []
        assert path.is_file()
    finally:
        window.release()


def test_whatever_may_be_a_hand_counts_as_begun(tmp_path: Path) -> None:
    t = seated(make(), 1, R1)
    path = play(t, tmp_path, 1, 1, [])
    assert not file_begun(t, path)
    header = path.read_text(encoding="utf-8")
    old = time.time() - 3600
    for text in (
        header + "\0[hands]]\nron = 1\n",  # an append a crash cut short
        header + "\n[[hands]]\nron = 1\nfrom = 2\nhan",  # a hand cut short, no gap byte
        "this is not a session\n",
    ):
        path.write_text(text, encoding="utf-8")
        os.utime(path, (old, old))
        assert file_begun(t, path), text
        with hold_unbegun(t, tmp_path, 1, [1]) as held:
            assert held.begun == [1]
        assert path.is_file()
    path.unlink()
    path.symlink_to(play(t, tmp_path, 1, 2, []))  # not a game of the folder's own
    with hold_unbegun(t, tmp_path, 1, [1]) as held:
        assert held.begun == [1]
    assert path.is_symlink() and (tmp_path / game_file(1, 2)).is_file()
