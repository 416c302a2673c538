"""The HP-11C East-doubling table's words in the language spoken, from this package's
``locale/<language>/LC_MESSAGES/terms.po`` (an English sentence a catalog lacks stays
English). Records, exports' cells and JSON keys stay English."""

from __future__ import annotations

from mjtui.core.language import term
from mjtui.core.systems.base import WINDS
from mjtui.core.systems.winds import wind_name

PACKAGE = __package__ or "mjtui.systems.east_doubling"


def say(english: str) -> str:
    """An East-doubling word or sentence (its catalog's id is the English) as spoken."""
    return term(PACKAGE, english, english)


def wind_words(wind: str) -> str:
    """A seat wind as the state names it ("East") in the language spoken."""
    return wind_name(WINDS.index(wind))


__all__ = ["PACKAGE", "say", "wind_words"]
