"""Arithmetic on totals that never fails, whatever size the numbers reach, and a part of a
final score written as every standings writes it."""

from __future__ import annotations

import sys


def mean(total: int, count: int) -> float:
    """``total / count`` as a float (0.0 when ``count`` is 0).

    Totals are whole numbers of any size; one beyond what a float holds
    gives the largest float of its sign rather than an OverflowError (the
    file reader bounds every number, so this is a last guard, not a result).
    """
    if not count:
        return 0.0
    try:
        return total / count
    except OverflowError:
        positive = (total > 0) == (count > 0)
        return sys.float_info.max if positive else -sys.float_info.max


def signed_tenth(value: float) -> str:
    """A final score or a part of one (thousands of points, table points), signed to one
    decimal as the standings write it: +15.0, -4.5, and 0.0 for what rounds to nothing."""
    return "0.0" if abs(value) < 0.05 else f"{value:+.1f}"
