"""Key strings: ``"GSB 9 A 10 R/S 20 R/S"`` read as the keys a person presses.

Words are separated by spaces. A key spelled in several words (``GSB 9``,
``STO + 1``, ``x <=> y``) is read whole: the longest run of up to five words
that spells a key wins. A number word (``10``, ``2.5``, ``-3``, ``1.5e3``)
stands for its digit keys, with CHS for a minus sign and EEX for ``e``.
"""

from __future__ import annotations

import re

from mjtui.calc.errors import KeyWordError
from mjtui.calc.hp11c.keys import Key, UnknownKey, parse_key

# One way to match a run of digits, so a long word that is no number fails in linear time.
_NUMBER = re.compile(r"(-?)([0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE](-?)([0-9]+))?")
_LONGEST = 5


def number_keys(word: str) -> list[Key] | None:
    """The keys that type the number ``word``, or None when it is no number."""
    m = _NUMBER.fullmatch(word)
    if not m:
        return None
    negative, mantissa, exp_negative, exponent = m.groups()
    keys = [Key("point") if c == "." else Key("digit", c) for c in mantissa]
    if negative:
        keys.append(Key("chs"))
    if exponent is not None:
        keys.append(Key("eex"))
        keys += [Key("digit", c) for c in exponent]
        if exp_negative:
            keys.append(Key("chs"))
    return keys


def parse_key_words(text: str, origin: str = "--keys") -> list[Key]:
    """The keys of a key string; an unknown word is a :class:`KeyWordError` naming it."""
    words = text.split()
    keys: list[Key] = []
    i = 0
    while i < len(words):
        for n in range(min(_LONGEST, len(words) - i), 0, -1):
            if n == 1 and (typed := number_keys(words[i])) is not None:
                keys += typed
                break
            try:
                keys.append(parse_key(" ".join(words[i : i + n]), keyboard=True))
                break
            except UnknownKey as e:
                if n == 1:
                    raise KeyWordError(f"{origin}: word {i + 1}: {e}") from None
        i += n
    return keys
