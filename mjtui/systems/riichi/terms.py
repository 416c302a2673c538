"""Riichi's terms and sentences in the language spoken: yaku, yakuman, limits, outcomes
and the fu items, by the key a record or a ruleset gives them.

The names come from ``locale/<language>/LC_MESSAGES/terms.po`` in this package
(:func:`mjtui.core.language.term`); a name a catalog lacks stays English. The
records and the JSON keep the English keys: only what is shown is translated.
"""

from __future__ import annotations

import re

from mjtui.core import language
from mjtui.core.language import ENGLISH, term
from mjtui.core.systems.winds import WINDS, wind_name

PACKAGE = __package__ or "mjtui.systems.riichi"
_WIND_YAKU = (("seat wind ", "seat_wind"), ("round wind ", "round_wind"))
_WIND_PREFIXES = tuple(prefix for prefix, _ in _WIND_YAKU)
_DRAGONS = {
    "haku (white dragon)": "haku",
    "hatsu (green dragon)": "hatsu",
    "chun (red dragon)": "chun",
}
# The dora a hand counts, by the analysis's name for each kind, as a record names them
# beside the yaku with their count ("dora 2", "red fives 1").
DORA_NAMES = {"dora": "dora", "ura": "ura dora", "red": "red fives", "kita": "kita"}
_DORA_KINDS = frozenset(DORA_NAMES.values())


def say(english: str) -> str:
    """A riichi word or sentence (its catalog's id is the English) in the language spoken."""
    return term(PACKAGE, english, english)


def key_name(key: str, english: str | None = None) -> str:
    """A ruleset key of ``[yaku]`` (``sanankou``, ``seat_wind``) in the language spoken."""
    return term(PACKAGE, key, english if english is not None else key.replace("_", " "))


def yaku_name(name: str) -> str:
    """A yaku or yakuman as a hand's record names it (``sanankou``, ``seat wind East``,
    ``haku (white dragon)``, ``kokushi musou, thirteen-sided wait``) or the dora kept
    beside them (``dora 2``) in the language spoken; a name mjtui does not know (an
    imported game's) as it was recorded."""
    if name.startswith(_WIND_PREFIXES):  # one test for both, as most yaku are neither
        for prefix, key in _WIND_YAKU:
            if name.startswith(prefix) and name[len(prefix) :] in WINDS:
                wind = WINDS.index(name[len(prefix) :])
                return f"{key_name(key, prefix.strip())} {wind_name(wind)}"
    if language.current() == ENGLISH:
        return name
    kind, _, count = name.rpartition(" ")
    if kind in _DORA_KINDS and count.isdigit():
        return f"{say(kind)} {count}"
    # The analyzer's names, imported only in another language: the sheet's start-up
    # in English needs no analyzer.
    from mjtui.systems.riichi.hand.yaku import YAKU_KEYS, YAKUMAN_KEYS

    key = _DRAGONS.get(name) or YAKU_KEYS.get(name) or YAKUMAN_KEYS.get(name) or ""
    return term(PACKAGE, key, name) if key else name


def limit_name(name: str) -> str:
    """A limit as a payment names it (``mangan``, ``kazoe yakuman``, ``2x yakuman``)."""
    several = re.fullmatch(r"(\d+)x yakuman", name)
    if several:
        return say("{n}x yakuman").format(n=several[1])
    return say(name)


_WAIT = re.compile(r" \(wait: (\w+)\)$")


def reading(text: str) -> str:
    """A hand's reading (``123m 456p 789s 555z 11z (wait: ryanmen)``, ``... (seven
    pairs)``, ``thirteen orphans, pair 11z``) with its words in the language spoken."""
    if language.current() == ENGLISH:
        return text
    wait = _WAIT.search(text)
    if wait:
        return text[: wait.start()] + f" ({say('wait')}: {say(wait[1])})"
    if text.endswith(" (seven pairs)"):
        return text.removesuffix(" (seven pairs)") + f" ({say('seven pairs')})"
    if text.startswith("thirteen orphans, pair "):
        return say("thirteen orphans, pair {pair}").format(pair=text.rpartition(" ")[2])
    return text


_MELD = re.compile(r"meld (\d): (.*)")
_OPEN_NO_FU = re.compile(r"open hand with no fu: counts (\d+)")


def fu_item(label: str) -> str:
    """A line of the fu count (``base``, ``meld 2: closed triplet of simples``...)."""
    meld = _MELD.fullmatch(label)
    if meld:
        parts = meld[2].split(", ")
        return f"{say('meld')} {meld[1]}: " + ", ".join(say(p) for p in parts)
    no_fu = _OPEN_NO_FU.fullmatch(label)
    if no_fu:
        return say("open hand with no fu: counts {fu}").format(fu=no_fu[1])
    return say("tsumo fu") if label == "tsumo" and say("tsumo fu") != "tsumo fu" else say(label)


_ROUNDING = (
    (re.compile(r"(\d+) fu rounds up to (\d+)"), "{total} fu rounds up to {fu}"),
    (re.compile(r"(\d+) fu: a multiple of 10 already"), "{total} fu: a multiple of 10 already"),
    (re.compile(r"(\d+) fu: fixed for pinfu tsumo, not rounded"),
     "{total} fu: fixed for pinfu tsumo, not rounded"),
    (re.compile(r"(\d+) fu: fixed for seven pairs, not rounded"),
     "{total} fu: fixed for seven pairs, not rounded"),
)  # fmt: skip


def rounding(text: str) -> str:
    """How the fu total became the hand's fu, in words."""
    for pattern, message in _ROUNDING:
        found = pattern.fullmatch(text)
        if found:
            return say(message).format(total=found[1], fu=found.groups()[-1])
    return text


__all__ = [
    "DORA_NAMES",
    "PACKAGE",
    "fu_item",
    "key_name",
    "limit_name",
    "reading",
    "rounding",
    "say",
    "yaku_name",
]
