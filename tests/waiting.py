"""Waiting on what a screen shows, never on the clock.

A pilot test's one ``pause()`` lets the app handle what is queued, but on a
busy machine a screen's first paint (its footer, a table filled after mount)
can come a few pauses later. These helpers pause until the screen shows what
the test expects, and fail with the test's own assertion when it never does
within a bound far above any machine's paint.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

LIMIT = 30.0
"""Seconds before a wait gives up: a bound on a broken screen, not a timing."""


async def until_passes(pilot: Any, check: Callable[[], T], limit: float = LIMIT) -> T:
    """``check()``'s value once it raises nothing; its last error after ``limit``.

    Any error counts as "not yet": a screen still being composed has no widgets
    to query (NoMatches) and no lines drawn (IndexError)."""
    end = time.monotonic() + limit
    while True:
        try:
            return check()
        except Exception:
            if time.monotonic() > end:
                raise
        await pilot.pause()


async def until(
    pilot: Any, condition: Callable[[], object], what: str, limit: float = LIMIT
) -> None:
    """Pause until ``condition()`` is true; fail naming ``what`` after ``limit`` seconds."""

    def check() -> None:
        assert condition(), f"waited {limit:.0f} s for {what}"

    await until_passes(pilot, check, limit)
