"""A round's tables held while the director changes what their games are made with.

Seating a round again, or naming a substitute for it, changes the players a table's
game starts with (games.py ``table_session``). A table that has begun (games.py
``begun``: a hand recorded) keeps its game, so the change is refused. A table only
opened (its game saved at once by `tournament play` or its link, with no hand) has
not begun; but its file names the players of the seating as it was, and the next
`play` would resume it with them. Such a file holds nothing but what the seating
made, so it is removed and the table's game is made again, from the new seating,
when it is next opened.

:func:`hold_unbegun` takes each such game's lock (core/sessions/lock.py) and keeps it
until the change is saved, so no window opens the game meanwhile; a game open in a
window now cannot be removed under it (its next hand would be written with the old
players), so that table is said instead. A file is removed only after it is read
again, under its lock, holding no hand: one that cannot be read whole, or that
holds anything of a hand, is the table's and counts as begun.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from mjtui.core.errors import MjtuiError, SessionError
from mjtui.core.sessions.lock import SessionInUse, SessionLock
from mjtui.core.sessions.session_file import load_session
from mjtui.core.tournament.games import begun, games_rules
from mjtui.core.tournament.model import Tournament, game_file

# How a session file starts a hand, and the gap byte of one being appended
# (core/sessions/session_file.py): either is a hand, whole or not.
HAND_MARKS = (b"[[hands]]", b"\0")


@dataclass
class HeldTables:
    """Some tables of a round, as a change of their seating finds them: those that have
    begun, those open in a window with no hand yet, and the rest, whose games (no hand)
    are held, locked, until :meth:`clear` removes them or :meth:`release` lets go."""

    begun: list[int] = field(default_factory=list)
    open: list[tuple[int, str]] = field(default_factory=list)  # the table, who has it
    _held: list[tuple[int, Path, SessionLock]] = field(default_factory=list)

    def clear(self, t: Tournament) -> list[int]:
        """Remove the held games, each read once more first: the tables that have begun
        meanwhile (a hand synced from another machine), with nothing removed, or none."""
        late = [table for table, path, _lock in self._held if file_begun(t, path)]
        if late:
            return late
        for _table, path, _lock in self._held:
            path.unlink(missing_ok=True)  # under its lock; the game is made again on opening
        return []

    def release(self) -> None:
        held, self._held = self._held, []
        for _table, _path, lock in held:
            lock.release()

    def __enter__(self) -> HeldTables:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


def hold_unbegun(t: Tournament, folder: Path, number: int, tables: Iterable[int]) -> HeldTables:
    """Round ``number``'s ``tables`` found and those with a game and no hand held (the
    caller releases them: :meth:`HeldTables.release`, or ``with``)."""
    found = HeldTables()
    try:
        for table in tables:
            path = folder / game_file(number, table)
            if not path.is_symlink() and not path.exists():
                continue
            if path.is_symlink():  # a link, not a game of the folder's own: never removed
                found.begun.append(table)
                continue
            try:
                lock = SessionLock.take(path)
            except SessionInUse as e:
                if file_begun(t, path):
                    found.begun.append(table)
                else:
                    found.open.append((table, str(e.holder)))
                continue
            except SessionError as e:  # a lock that cannot be had: the file is left alone
                found.open.append((table, str(e)))
                continue
            # Without file locks (lock.held False) a window may have it: its next hand
            # is then saved whole, the file made again, so nothing of it is lost.
            if file_begun(t, path):
                lock.release()
                found.begun.append(table)
            else:
                found._held.append((table, path, lock))
    except BaseException:
        found.release()
        raise
    return found


def file_begun(t: Tournament, path: Path) -> bool:
    """Whether a table's game file holds a hand (games.py ``begun``), or anything that
    may be one: a hand's mark, a part that cannot be read, a file that cannot be read."""
    with contextlib.suppress(OSError):
        raw = path.read_bytes()
        if any(mark in raw for mark in HAND_MARKS):
            return True
    try:
        loaded = load_session(path, games_rules(t))
    except (MjtuiError, OSError):
        return path.exists() or path.is_symlink()
    return bool(loaded.problems or loaded.repairs) or begun(loaded.session)
