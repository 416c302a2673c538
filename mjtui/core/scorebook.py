"""The session being played: every change is saved before it is shown."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any, Callable

from mjtui.core.errors import SessionError
from mjtui.core.ruleset import Ruleset
from mjtui.core.session import Session
from mjtui.core.session_file import load_session, save_session


class Scorebook:
    """A session bound to its file, with redo for hands taken back by undo.

    A failed save (a full disk, a folder made read-only) does not undo the
    change: the hands stay in memory, ``save_error`` says why the file is
    behind, and the next change tries again.
    """

    def __init__(self, session: Session, path: Path) -> None:
        self.session = session
        self.path = path
        self.save_error: str | None = None
        self._undone: list[Any] = []

    def save(self) -> None:
        try:
            save_session(self.session, self.path)
        except SessionError as e:
            self.save_error = str(e)
        else:
            self.save_error = None

    def add(self, hand: Any) -> None:
        """Record a new hand (HandError, nothing changed, when the table refuses it)."""
        self.session.add(hand)
        self._undone.clear()
        self.save()

    def undo(self) -> Any | None:
        hand = self.session.undo()
        if hand is not None:
            self._undone.append(hand)
            self.save()
        return hand

    def redo(self) -> Any | None:
        """Put back the last hand taken back (None when there is none).

        The hand goes through the same checks as a new one: when the table now
        refuses it (an earlier hand was edited since), HandError says why and
        nothing changes, the hand staying first to redo.
        """
        if not self._undone:
            return None
        hand = self._undone[-1]
        self.session.add(hand)
        self._undone.pop()
        self.save()
        return hand

    def replace(self, index: int, hand: Any) -> None:
        """Edit hand ``index`` (0-based); HandError, nothing changed, when refused."""
        self.session.replace(index, hand)
        self.save()

    @property
    def can_redo(self) -> bool:
        return bool(self._undone)


def open_scorebook(
    path: Path, find_ruleset: Callable[[str], Ruleset]
) -> tuple[Scorebook, list[str]]:
    """Reopen a saved session to go on playing it, with what the user must be told.

    The next save rewrites the file without the hands that could not be read,
    so a damaged file is first copied as it was to ``FILE.damaged``.
    """
    loaded = load_session(path, find_ruleset)
    warnings = list(loaded.problems)
    if loaded.problems:
        backup = path.with_name(path.name + ".damaged")
        try:
            shutil.copy2(path, backup)
        except OSError as e:
            raise SessionError(f"{path}: could not keep a copy of the damaged file "
                               f"as {backup} ({e.strerror or e}); it was not opened") from None
        warnings.append(f"The file as it was is kept as {backup}.")
    return Scorebook(loaded.session, path), warnings
