"""The four winds, in seat order from the dealer, and a wind as a person types it."""

from __future__ import annotations

from mjtui.core.language import _, pgettext

WINDS = ("East", "South", "West", "North")


def wind_name(wind: int) -> str:
    """Wind ``wind`` (0-3, East first) in the language spoken: East, 東, 东."""
    return pgettext("wind", WINDS[wind])


def wind_of(text: str) -> int:
    """A wind typed as E/S/W/N, the wind's name, or 1-4 (the seat, seat 1 East): 0-3;
    ValueError with what was expected."""
    typed = text.strip().lower()
    if typed in ("1", "2", "3", "4"):
        return int(typed) - 1
    for i, name in enumerate(WINDS):
        if typed in (name[0].lower(), name.lower()):
            return i
    raise ValueError(
        _("a wind is E, S, W or N (or the seat 1-4, seat 1 East), got {value}").format(
            value=repr(text)
        )
    )


__all__ = ["WINDS", "wind_name", "wind_of"]
