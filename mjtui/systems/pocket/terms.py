"""The Hong Kong patterns and the Pocket table's words in the language spoken, by the
pattern's ruleset key (``pure_hand``: 清一色), from this package's
``locale/<language>/LC_MESSAGES/terms.po``; a term a catalog lacks is the ruleset's
English name. Records and JSON keys stay English."""

from __future__ import annotations

from mjtui.core.language import term
from mjtui.core.systems.winds import WINDS, wind_name

PACKAGE = __package__ or "mjtui.systems.pocket"


def say(english: str) -> str:
    """A Pocket word or sentence (its catalog's id is the English) in the language spoken."""
    return term(PACKAGE, english, english)


def pattern_name(key: str, english: str, detail: str = "") -> str:
    """Pattern ``key`` as shown (``english``: the ruleset's name), with the tile or the
    bonus tiles it was counted for (``detail``: "East", "Red", "flower 2") in brackets."""
    name = term(PACKAGE, key, english)
    if not detail:
        return name
    kind, _, number = detail.partition(" ")
    if detail in WINDS:
        shown = wind_name(WINDS.index(detail))
    else:
        shown = f"{say(kind)} {number}" if number.isdigit() else say(detail)
    return f"{name} ({shown})"


__all__ = ["PACKAGE", "pattern_name", "say"]
