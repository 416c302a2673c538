"""The session being played: every change is saved before it is shown."""

from __future__ import annotations

import contextlib
import os
import shutil
import stat
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from mjtui.core.errors import HandError, SessionError
from mjtui.core.files.reading import read_bytes
from mjtui.core.files.writing import create_file, kind_at
from mjtui.core.language import _
from mjtui.core.model.seats import Seating
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import Ruleset
from mjtui.core.sessions.lock import SessionInUse, SessionLock
from mjtui.core.sessions.session_file import (
    NotAsWritten,
    Unwritable,
    Written,
    append_hands,
    hand_problem,
    load_session,
    new_session_path,
    save_session,
    size_notice,
)

MAX_BACKUPS = 1000  # FILE.damaged, FILE.damaged.1 ... FILE.damaged.999


@dataclass(frozen=True)
class Change:
    """One change to the hands, as undo takes it back: an added hand or an edit."""

    index: int  # 0-based
    new: object
    old: object | None = None  # the hand before an edit; None when the hand was added

    def __str__(self) -> str:
        n = self.index + 1
        return (
            _("Hand {n}").format(n=n) if self.old is None else _("The edit of hand {n}").format(n=n)
        )


class Scorebook:
    """A session bound to its file, with undo and redo of each change, edits included.

    A new hand is appended to the file; an undo or an edit rewrites it whole
    (core/sessions/session_file.py). A failed save (a full disk, a folder made
    read-only) does not undo the change: the hands stay in memory,
    ``save_error`` says why the file is behind, and the next change tries
    again, writing the whole file.

    ``lock``, when given, is this book's hold on its file (core/sessions/lock.py),
    let go by :meth:`close`. ``on_disk``, when given, is the file as it was
    read, holding exactly the session's hands (and ready for an append:
    ``Loaded.appendable``); without it the first save writes the whole file.
    """

    def __init__(
        self,
        session: Session,
        path: Path,
        lock: SessionLock | None = None,
        on_disk: Written | None = None,
    ) -> None:
        self.session = session
        self.path = path
        self.lock = lock
        self.save_error: str | None = None
        # Why a new seating cannot be this book's beyond the session's own rules, or
        # None (a tournament's table: a person playing at another table of the round).
        self.seat_rule: Callable[[Seating], str | None] | None = None
        self._done: list[Change] = []
        self._undone: list[Change] = []
        # The hands the file holds and the file as this book left it; None: unknown.
        self._saved: tuple[int, Written] | None = (
            None if on_disk is None else (len(session.hands), on_disk)
        )

    def close(self) -> None:
        """Let go of the file: another mjtui may open it now."""
        if self.lock is not None:
            self.lock.release()

    def save(self) -> None:
        """Write the whole file (atomically); a failure is kept in ``save_error``."""
        try:
            self._save_whole()
        except Unwritable as e:  # the file as it was, behind the session: the next is whole
            self._failed(e)

    def _save_whole(self) -> None:
        """Write the whole file; Unwritable, the file as it was, when the reader would
        refuse what it holds (the change that made it so is the caller's to take back)."""
        try:
            # Every hand of a book has passed hand_problem: read from the file, or
            # checked as it came (add, replace).
            written = save_session(self.session, self.path, hands_checked=True)
        except Unwritable:
            raise
        except SessionError as e:
            self._failed(e)
        else:
            self._saved = (len(self.session.hands), written)
            self.save_error = None

    def _save_added(self) -> None:
        """Save after hands were added at the end: appended to the file when it is still
        as this book left it, else written whole. Unwritable as :meth:`_save_whole`."""
        if self._saved is None or self._saved[0] > len(self.session.hands):
            self._save_whole()
            return
        saved, written = self._saved
        try:
            written = append_hands(self.session, self.path, saved, written)
        except NotAsWritten:
            self._save_whole()
        except Unwritable:
            raise
        except SessionError as e:
            self._failed(e)
        else:
            self._saved = (len(self.session.hands), written)
            self.save_error = None

    def _failed(self, e: SessionError) -> None:
        self.save_error = str(e)
        self._saved = None  # what the file holds now is not known: the next save is whole

    @property
    def size_notice(self) -> str | None:
        """What to tell the scorer when the file nears the largest session mjtui reads."""
        return None if self._saved is None else size_notice(self.path, self._saved[1].size)

    def _check(self, hand: object) -> None:
        problem = hand_problem(self.session, hand)
        if problem:
            raise HandError(
                _("{problem}: mjtui would not read this hand back from the file").format(
                    problem=problem
                )
            )

    def add(self, hand: object) -> None:
        """Record a new hand (HandError, nothing changed, when the table refuses it, or
        the file could not hold it: the reader would refuse it, or it is full)."""
        self._check(hand)
        self._add(hand)
        self._done.append(Change(len(self.session.hands) - 1, hand))
        self._undone.clear()

    def _add(self, hand: object) -> None:
        self.session.add(hand)
        try:
            self._save_added()
        except Unwritable as e:
            self.session.undo()
            raise HandError(str(e)) from None

    def replace(self, index: int, hand: object) -> None:
        """Edit hand ``index`` (0-based); undo puts the old one back. HandError, nothing
        changed, when the table refuses the new hand or a later one with it, or the
        file could not hold it."""
        self._check(hand)
        old = self.session.hands[index] if 0 <= index < len(self.session.hands) else None
        self.session.replace(index, hand)
        try:
            self._save_whole()
        except Unwritable as e:
            assert old is not None  # session.replace refused a hand that is not there
            self.session.replace(index, old)
            raise HandError(str(e)) from None
        self._done.append(Change(index, hand, old))
        self._undone.clear()

    def change_seats(self, seating: Seating) -> None:
        """Put the names of a new seating (core/model/seats.py ``Seating``) in the session and
        save the whole file. The hands and their points stay; undo does not take it back
        (another change of the seats does). HandError, nothing changed, when the file
        could not hold it."""
        problem = self.seat_rule(seating) if self.seat_rule is not None else None
        if problem is not None:
            raise HandError(problem)
        before = self.session.players, self.session.seat_changes
        self.session.players, self.session.seat_changes = seating.players, seating.changes
        try:
            self._save_whole()
        except Unwritable as e:
            self.session.players, self.session.seat_changes = before
            raise HandError(str(e)) from None

    def undo(self) -> Change | None:
        """Take back the last change (a resumed series: its last hand); None if none."""
        if self._done:
            change = self._done.pop()
        elif self.session.hands:
            change = Change(len(self.session.hands) - 1, self.session.hands[-1])
        else:
            return None
        self._apply(change, undo=True)
        self._undone.append(change)
        return change

    def redo(self) -> Change | None:
        """Make the last change undone again; None if there is none.

        It goes through the same checks as a new change: when the table now
        refuses it, HandError says why and nothing changes, the change staying
        first to redo.
        """
        if not self._undone:
            return None
        change = self._undone[-1]
        self._apply(change, undo=False)  # a HandError leaves it to be tried again
        self._undone.pop()
        self._done.append(change)
        return change

    def _apply(self, change: Change, *, undo: bool) -> None:
        if change.old is not None:
            self.session.replace(change.index, change.old if undo else change.new)
            self.save()
        elif undo:
            self.session.undo()
            self.save()
        else:
            self._add(change.new)

    @property
    def can_redo(self) -> bool:
        return bool(self._undone)


def open_scorebook(
    path: Path, find_ruleset: Callable[[str], Ruleset]
) -> tuple[Scorebook, list[str]]:
    """Reopen a saved session to go on playing it, with what the user must be told.

    The file is locked for this book first (SessionInUse, naming the holder,
    when another running mjtui has it). The next save rewrites the file
    without the hands that could not be read (a hand a crash cut short as it
    was saved among them: nothing is appended to a damaged file) and with its
    header as it was repaired when read (``Loaded.repairs``), so such a file
    is first copied as it was to ``FILE.damaged``
    (``FILE.damaged.1``, ``.2``... when earlier copies are there: none is
    ever overwritten).
    """
    if not path.name or path.is_dir():
        raise SessionError(f"{path}: " + _("this is a folder; give a session file (a .toml file)"))
    # A series is played only in a file its saves can replace: not through a link (a
    # FIFO or a device the reader refuses, saying so).
    if kind_at(path) == "a symbolic link":
        raise SessionError(
            _(
                "{path}: could not play it: it is a symbolic link, and mjtui saves only over a "
                "regular file; resume the file it points to"
            ).format(path=path)
        )
    lock = SessionLock.take(path)
    try:
        before = Written.at(path)
        loaded = load_session(path, find_ruleset)
        # Unchanged while it was read (the size and time agree), the file is the one read.
        on_disk = before if loaded.appendable and Written.at(path) == before else None
        warnings = [w for w in (lock.warning,) if w] + loaded.warnings + loaded.repairs
        warnings += loaded.problems
        if loaded.problems or loaded.repairs:
            backup = keep_damaged(path)
            warnings.append(_("The file as it was is kept as {backup}.").format(backup=backup))
    except BaseException:
        lock.release()
        raise
    book = Scorebook(loaded.session, path, lock, on_disk)
    notice = size_notice(path, before.size) if before is not None else None
    if notice:
        warnings.append(notice)
    return book, warnings


def create_scorebook(session: Session, folder: Path) -> tuple[Scorebook, list[str]]:
    """A new series in a new file of ``folder``, locked and saved at once.

    The file's name comes from its start and ruleset; a name another mjtui
    has just taken (locked or written) is passed over for the next one.
    ``book.save_error`` says when the first save failed.
    """
    with contextlib.suppress(OSError):  # if it cannot be made, the save says so
        folder.mkdir(parents=True, exist_ok=True)
    passed: set[Path] = set()
    while True:
        path = new_session_path(folder, session, avoid=passed)
        try:
            lock = SessionLock.take(path)
        except SessionInUse:
            passed.add(path)
            continue
        if os.path.lexists(path):  # written (or a link put) between the choice and the lock
            lock.release()
            passed.add(path)
            continue
        book = Scorebook(session, path, lock)
        book.save()
        return book, [w for w in (lock.warning,) if w]


def keep_damaged(path: Path) -> Path:
    """Copy ``path`` as it is to the first free ``FILE.damaged[.N]``; that name. A copy
    already kept of the same bytes is that name: a damaged file opened again and again
    without a hand saved (nothing rewritten) leaves one copy, not one an opening."""
    base = path.with_name(path.name + ".damaged")
    data = read_bytes(path, SessionError)  # the reader's checks: a regular file, bounded
    for n in range(MAX_BACKUPS):
        backup = base if n == 0 else base.with_name(f"{base.name}.{n}")
        try:
            create_file(backup, data)  # never over a copy; a copy cut short is removed
        except FileExistsError:
            if _holds(backup, data):
                return backup
            continue
        except OSError as e:
            raise SessionError(
                _(
                    "{path}: could not keep a copy of the damaged file as {backup} ({why}); it "
                    "was not opened"
                ).format(path=path, backup=backup, why=e.strerror or e)
            ) from None
        with contextlib.suppress(OSError):
            shutil.copystat(path, backup)
        return backup
    raise SessionError(
        _(
            "{path}: {max_backups} copies of the damaged file are kept already ({base} and on); "
            "move some away, it was not opened"
        ).format(path=path, max_backups=MAX_BACKUPS, base=base)
    )


def _holds(copy: Path, data: bytes) -> bool:
    """Whether ``copy`` is a regular file of exactly ``data`` (a link or worse is not)."""
    try:
        return stat.S_ISREG(os.lstat(copy).st_mode) and read_bytes(copy, SessionError) == data
    except (OSError, SessionError):
        return False
