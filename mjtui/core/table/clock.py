"""A time limit for a game, the way clubs and tournaments play one.

The game has ``minutes`` from its start. ``warning`` minutes before the end
the table is warned; when the time is up the hand being played is the last
one; once a hand has been recorded after that, the time is over. The clock
only says so: whether the game really ends is the table's call (a system's
own end, a hand still to finish), so nothing is refused because of it.

The time comes from ``now`` (a function), so the logic is tested with an
injected clock, never by waiting.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal

from mjtui.core.language import N_, _, ngettext

Phase = Literal["running", "warning", "last-hand", "over"]


@dataclass(frozen=True)
class ClockStatus:
    phase: Phase
    left: timedelta  # time left (zero once the time is up)

    def short(self) -> str:
        """What the sheet shows: '42:10 left', 'LAST HAND (time)', 'time is up'."""
        if self.phase == "last-hand":
            return _("LAST HAND (time is up)")
        if self.phase == "over":
            return _("time is up")
        seconds = int(self.left.total_seconds())
        hours, rest = divmod(seconds, 3600)
        clock = (
            f"{hours}:{rest // 60:02d}:{rest % 60:02d}"
            if hours
            else f"{rest // 60}:{rest % 60:02d}"
        )
        return _("{clock} left").format(clock=clock) + ("!" if self.phase == "warning" else "")


NOTICES: dict[Phase, str] = {
    "last-hand": N_("Time is up: the hand being played is the last one"),
    "over": N_("Time is up and the last hand is recorded: the game is over"),
}


class GameClock:
    def __init__(
        self,
        minutes: int,
        started: datetime,
        *,
        warning: int = 10,
        now: Callable[[], datetime] | None = None,
    ) -> None:
        if minutes <= 0:
            raise ValueError(_("a time limit is 1 minute or more"))
        self.minutes = minutes
        self.warning = min(warning, minutes)
        self.ends = started + timedelta(minutes=minutes)
        self.now = now or (lambda: datetime.now().astimezone())
        self.hands_when_up: int | None = None  # hands recorded when the time ran out
        self._told: set[Phase] = set()

    def status(self, hands: int) -> ClockStatus:
        """The clock after ``hands`` hands recorded (the count since the game started)."""
        left = self.ends - self.now()
        if left > timedelta(0):
            self.hands_when_up = None  # an earlier look-ahead does not count
            phase: Phase = "warning" if left <= timedelta(minutes=self.warning) else "running"
            return ClockStatus(phase, left)
        if self.hands_when_up is None or hands < self.hands_when_up:
            self.hands_when_up = hands  # undo before the last hand: it is the last again
        return ClockStatus("over" if hands > self.hands_when_up else "last-hand", timedelta(0))

    def notice(self, hands: int) -> str | None:
        """A message the first time the clock reaches a phase that needs one, else None."""
        phase = self.status(hands).phase
        if phase == "running" or phase in self._told:
            return None
        self._told.add(phase)
        if phase == "over":
            self._told.add("last-hand")
        if phase == "warning":
            return ngettext(
                "{minutes} minute left in this game",
                "{minutes} minutes left in this game",
                self.warning,
            ).format(minutes=self.warning)
        return _(NOTICES[phase])
