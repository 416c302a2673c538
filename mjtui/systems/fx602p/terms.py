"""The FX-602P game's words in the language spoken, from this package's
``locale/<language>/LC_MESSAGES/terms.po``: its yaku by their ruleset key (``pinfu``:
ピンフ, as the 1986 program's page writes them, seed 001) and its sentences by their
English. Records, the JSON and the ruleset keys stay English."""

from __future__ import annotations

from mjtui.core.language import term

PACKAGE = __package__ or "mjtui.systems.fx602p"


def say(english: str) -> str:
    """An FX-602P word or sentence (its catalog's id is the English) as spoken."""
    return term(PACKAGE, english, english)


def yaku_name(name: str) -> str:
    """A yaku as the game names it (``Pinfu``, ``Chinroto``) in the language spoken."""
    return term(PACKAGE, name.lower(), name)


def yaku_list(names: tuple[str, ...] | list[str]) -> str:
    """Yaku in a list, as the language spoken lists them; "no yaku" for none."""
    return say(", ").join(yaku_name(n) for n in names) or say("no yaku")


__all__ = ["PACKAGE", "say", "yaku_list", "yaku_name"]
