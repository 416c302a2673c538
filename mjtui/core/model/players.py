"""Players' names: how they are kept and when two names are the same player.

One rule everywhere (the new-series form, the session file reader, seats,
stats and the league):

- a name is kept **cleaned**: no control, bidirectional or invisible
  character (core/text.py ``clean_line``: an escape sequence, a NUL, a
  right-to-left override, a zero-width space are taken out), no spaces at
  either end, and any run of spaces, tabs or line breaks inside it made one
  space ("Ann  Lee " is kept as "Ann Lee"); the form does it as names are
  typed, the reader as a file is read, so the next save stores the clean name;
- two names are the **same player** when their keys are equal
  (core/text.py ``fold``: NFKC, case folded): "Ann", "ann", "Ann " and
  "Ａｎｎ" are one player, and so are "Chén" written composed (NFC) and
  decomposed (NFD);
- two names that are drawn alike but are not the same player ("Ann" and
  "Аnn" with a Cyrillic А), and a name that mixes such letters of two
  scripts, are **kept apart and reported** (:func:`look_alike_notes`): which
  person was meant is for the players to say, never guessed;
- two seats of one session may not hold the same player.
"""

from __future__ import annotations

from collections.abc import Iterable

from mjtui.core.language import _
from mjtui.core.text import clean_line, fold, look_alike, mixed_script, odd_letters, skeleton

MAX_TABLE_NAME = 40
"""The longest table name (docs/ledger.md), kept clean as a player's name is."""


def clean_name(name: str) -> str:
    """The name as it is kept: no control, bidirectional or invisible character, trimmed,
    inner runs of white space made one space."""
    return " ".join(clean_line(name).split())


def player_key(name: str) -> str:
    """What two names of the same player have in common: the clean name's fold."""
    return fold(clean_name(name))


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


CORRECT = "mjtui seats FILE --substitute SEAT NAME --from 1"


def look_alike_notes(names: Iterable[str]) -> list[str]:
    """What to warn of in these players' names, one note each: two (or more) different
    players whose names are drawn alike, with the letters that tell them apart, then
    each other name that mixes look-alike letters of two scripts. Empty for most tables."""
    players: dict[str, str] = {}
    for name in names:
        players.setdefault(player_key(name), clean_name(name))
    by_look: dict[str, list[str]] = {}
    for name in players.values():
        by_look.setdefault(skeleton(name), []).append(name)
    notes, told = [], set()
    for group in by_look.values():
        if len(group) > 1 and all(look_alike(group[0], other) for other in group[1:]):
            which = "; ".join(
                _("{name} has {letters}").format(name=repr(n), letters=_letters(n))
                for n in group
                if odd_letters(n)
            )
            notes.append(
                _(
                    "{names} look alike but are different names, counted as {n} players "
                    "({which}); if they are one player, correct the name ({correct})"
                ).format(
                    names=_(" and ").join(repr(n) for n in group),
                    n=len(group),
                    which=which,
                    correct=CORRECT,
                )
            )
            told.update(group)
    for name in players.values():
        scripts = mixed_script(name)
        if scripts and name not in told:
            notes.append(
                _(
                    "the name {name} mixes {scripts} letters that look alike ({letters}): it "
                    "is not the same player as a name spelt in one script; if it should be, "
                    "correct it ({correct})"
                ).format(
                    name=repr(name),
                    scripts=_(" and ").join(scripts),
                    letters=_letters(name),
                    correct=CORRECT,
                )
            )
    return notes


def _letters(name: str) -> str:
    return ", ".join(odd_letters(name)) or _("no letter of another script")
