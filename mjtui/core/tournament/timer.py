"""A round's clock: the round's minutes from when the director started it, each table's
extra time on top.

The table's own sheet keeps the clock its game was opened with (the session's
``time_limit``, core/table/clock.py); extra time given after that shows here, in the
standings and in ``mjtui tournament timer``, not on that table's sheet.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from mjtui.core.language import _
from mjtui.core.tournament.model import Round, Tournament


@dataclass(frozen=True)
class TableClock:
    table: int
    extra: int  # minutes on top of the round's
    ends: datetime

    def left(self, now: datetime) -> timedelta:
        return max(self.ends - now, timedelta(0))


@dataclass(frozen=True)
class RoundClock:
    number: int
    started: datetime
    minutes: int
    tables: tuple[TableClock, ...]

    @property
    def ends(self) -> datetime:
        return self.started + timedelta(minutes=self.minutes)

    def table(self, table: int) -> TableClock:
        return self.tables[table - 1]


def round_clock(t: Tournament, seated: Round) -> RoundClock | None:
    """The round's clock, or None when the tournament has no time limit or the round
    has not been started."""
    if not t.minutes or seated.started is None:
        return None
    return RoundClock(
        seated.number,
        seated.started,
        t.minutes,
        tuple(
            TableClock(
                n,
                seated.extra_for(n),
                seated.started + timedelta(minutes=t.minutes + seated.extra_for(n)),
            )
            for n in range(1, len(seated.tables) + 1)
        ),
    )


def clock_text(left: timedelta) -> str:
    """ "42:10", "1:05:00", or "time is up"."""
    seconds = int(left.total_seconds())
    if seconds <= 0:
        return _("time is up")
    hours, rest = divmod(seconds, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"
