"""Players' names: how they are kept and when two names are the same player.

One rule everywhere (the new-series form, the session file reader and
stats):

- a name is kept **cleaned**: no spaces at either end, and any run of
  spaces, tabs or line breaks inside it made one space ("Ann  Lee " is kept
  as "Ann Lee"); the form does it as names are typed, the reader as a file
  is read, so the next save stores the clean name;
- two names are the **same player** when their cleaned forms are equal
  ignoring case (``str.casefold``): "Ann", "ann" and "Ann " are one player;
- two seats of one session may not hold the same player.
"""

from __future__ import annotations

from collections.abc import Iterable

MAX_TABLE_NAME = 40
"""The longest table name (docs/ledger.md), kept clean as a player's name is."""


def clean_name(name: str) -> str:
    """The name as it is kept: trimmed, inner runs of white space made one space."""
    return " ".join(name.split())


def player_key(name: str) -> str:
    """What two names of the same player have in common: the clean name, case folded."""
    return clean_name(name).casefold()


def same_player(a: str, b: str) -> bool:
    return player_key(a) == player_key(b)


def first_repeat(names: Iterable[str]) -> tuple[int, int] | None:
    """The 0-based seats of the first two names that are the same player, or None."""
    seen: dict[str, int] = {}
    for seat, name in enumerate(names):
        key = player_key(name)
        if key in seen:
            return seen[key], seat
        seen[key] = seat
    return None
