"""The table display: what the board shows, and a session file followed as it is saved.

:func:`board_view` reads a session's state into what the board shows the
whole table: each seat's name, wind, total and last change, the dealer, and
the round with its sticks (the system's own words, ``describe_state``).

:class:`SessionFollower` watches a session file that another mjtui writes:
``poll`` reloads it when its size, modification time or inode changed, and
never raises. The file may be caught half-way through an append, or be
damaged: the hands that can be read are shown (load_session keeps them and
lists the rest as problems), and when nothing can be read the last good
reading stays with a note saying why. No lock is taken: the scorer's mjtui
keeps the only write access, the board only reads.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from mjtui.core.language import _
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import Ruleset


@dataclass(frozen=True)
class Seat:
    name: str
    wind: str
    total: int
    change: int | None  # in the last hand; None before the first
    dealer: bool
    leader: bool


@dataclass(frozen=True)
class BoardView:
    ruleset: str
    round: str  # "East 3", "Hand 12"
    line: str  # the table in a line: dealer, sticks... (the system's describe_state)
    hands: int
    finished: bool
    seats: tuple[Seat, ...]


def board_view(session: Session) -> BoardView:
    state = session.state
    system = session.ruleset.system
    top = max(state.totals)
    names = session.current_players  # seat changes: who sits there now
    seats = tuple(
        Seat(
            name,
            state.wind(seat),
            total,
            state.last_change[seat] if state.last_change else None,
            seat == state.east,
            total == top and state.hands > 0,
        )
        for seat, (name, total) in enumerate(zip(names, state.totals, strict=False))
    )
    return BoardView(
        session.ruleset.rules.name_said(),
        system.round_said(state),
        system.describe_state(state, names),
        state.hands,
        state.finished,
        seats,
    )


@dataclass
class Followed:
    """The latest good reading of the file, and what is wrong now (if anything)."""

    session: Session | None = None
    problems: list[str] = field(default_factory=list)  # hands that could not be read
    error: str | None = None  # why the file could not be read at all just now


Signature = tuple[int, int, int]  # size, modification time (ns), inode
TAIL = 4096  # bytes looked at for an append under way: more than one hand's text


class SessionFollower:
    def __init__(
        self,
        path: Path,
        find_ruleset: Callable[[str], Ruleset],
        *,
        stat: Callable[[Path], os.stat_result] = os.stat,
    ) -> None:
        self.path = path
        self.find_ruleset = find_ruleset
        self.stat = stat
        self.seen: Signature | None = None
        self.pending: Signature | None = None  # a file seen ending mid-line, once
        self.followed = Followed()

    def poll(self) -> bool:
        """Reload the file if it changed since the last poll; True when it was read again
        (``followed`` then says what was read, or why not). Never raises."""
        try:
            st = self.stat(self.path)
            signature = (st.st_size, st.st_mtime_ns, st.st_ino)
        except OSError as e:
            return self._failed(f"{self.path}: cannot read it ({e.strerror or e})", None)
        if signature == self.seen:
            return False
        if signature != self.pending and not self._settled():
            # Most likely caught mid-append: read it at the next poll, when the append
            # is finished or, if the file stays so, as it is (the reader then says
            # what it could not read).
            self.pending = signature
            return False
        self.seen = signature
        return self._load()

    def _settled(self) -> bool:
        """Whether the file looks written to the end: its last line ended, and no gap
        (a zero byte) of an append under way in the text of a hand (session_file)."""
        try:
            with open(self.path, "rb") as f:
                size = f.seek(0, os.SEEK_END)
                f.seek(max(0, size - TAIL))
                tail = f.read(TAIL)
        except OSError:
            return True  # gone or unreadable: load_session says what it is
        return tail.endswith(b"\n") and b"\0" not in tail

    def _load(self) -> bool:
        from mjtui.core.sessions.session_file import load_session

        try:
            loaded = load_session(self.path, self.find_ruleset)
        except Exception as e:
            return self._failed(_message(e), self.seen)
        self.followed = Followed(loaded.session, list(loaded.problems))
        return True

    def _failed(self, error: str, seen: Signature | None) -> bool:
        changed = error != self.followed.error
        self.followed = Followed(self.followed.session, self.followed.problems, error)
        self.seen = seen  # a file that could not be stat'ed is read again once it can
        return changed


def _message(error: Exception) -> str:
    from mjtui.core.errors import MjtuiError

    if isinstance(error, MjtuiError):
        return str(error)
    return _("could not read the file just now ({kind}: {error})").format(
        kind=type(error).__name__, error=error
    )
