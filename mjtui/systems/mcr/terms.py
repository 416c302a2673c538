"""MCR's fans and words in the language spoken, by the fan's key.

The fans' simplified names are the 2006 Chinese rules' own, ``name_zh`` in
:mod:`.fans`: they are given to :func:`mjtui.core.language.add_terms` from there,
not copied into a catalog. Traditional names and the words of the history are in
this package's ``locale/<language>/LC_MESSAGES/terms.po``, as are the fans' lines
for the reference (by key, ``<key>.description``).
"""

from __future__ import annotations

from mjtui.core import language
from mjtui.core.language import ENGLISH, add_terms, term
from mjtui.systems.mcr.fans import ALL_FANS, BY_KEY

PACKAGE = __package__ or "mjtui.systems.mcr"
add_terms(PACKAGE, "zh_Hans", {f.key: f.name_zh for f in ALL_FANS})


def say(english: str) -> str:
    """An MCR word or sentence (its catalog's id is the English) in the language spoken."""
    return term(PACKAGE, english, english)


def fan_name(key: str) -> str:
    """Fan ``key`` in the language spoken: its English name in English, its Chinese name
    in Chinese; where a language has no name of its own for it, both."""
    fan = BY_KEY[key]
    if language.current() == ENGLISH:
        return fan.name
    return term(PACKAGE, key, f"{fan.name} {fan.name_zh}")


def chinese_name(key: str) -> str:
    """Fan ``key`` in Chinese characters: traditional ones where they are spoken, else the
    2006 rules' simplified name."""
    fan = BY_KEY[key]
    if language.current() == "zh_Hant":
        return term(PACKAGE, key, fan.name_zh)
    return fan.name_zh


def description(key: str) -> str:
    """Fan ``key``'s line for the reference in the language spoken: the English of
    :mod:`.fans` where the catalog has none (its id is ``<key>.description``)."""
    return term(PACKAGE, f"{key}.description", BY_KEY[key].description)


__all__ = ["PACKAGE", "chinese_name", "description", "fan_name", "say"]
