"""Text measured in terminal cells: a wide (East Asian) character takes two.

Japanese and Chinese names, yaku and fans are laid out by the cells they take,
never by ``len()``: 三暗刻 is three characters and six cells. (The screens have
rich's ``cell_len``; the core and the systems, which import no rich, use these.)
"""

from __future__ import annotations

import textwrap
import unicodedata
from functools import lru_cache


@lru_cache(maxsize=4096)
def _wide(c: str) -> int:
    if unicodedata.combining(c):
        return 0
    return 2 if unicodedata.east_asian_width(c) in "WF" else 1


def cells(text: str) -> int:
    """The terminal cells ``text`` takes."""
    if text.isascii():
        return len(text)
    return sum(_wide(c) for c in text)


def ljust(text: str, width: int) -> str:
    """``text`` and spaces to ``width`` cells."""
    return text + " " * max(0, width - cells(text))


def rjust(text: str, width: int) -> str:
    """Spaces and ``text`` to ``width`` cells."""
    return " " * max(0, width - cells(text)) + text


def wrap(text: str, width: int, indent: str = "") -> list[str]:
    """``text`` in lines of at most ``width`` cells, each after ``indent``: broken at
    spaces, and a run without one (Japanese, Chinese) between any two characters."""
    if text.isascii():
        return textwrap.wrap(text, width, initial_indent=indent, subsequent_indent=indent)
    room = max(1, width - cells(indent))
    lines: list[str] = []
    line = ""
    for word in text.split():
        joined = f"{line} {word}" if line else word
        if cells(joined) <= room:
            line = joined
            continue
        if line:
            lines.append(line)
            line = ""
        while cells(word) > room:
            cut = _fitting(word, room)
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    if line:
        lines.append(line)
    return [indent + line for line in lines]


def _fitting(word: str, room: int) -> int:
    """How many of ``word``'s characters fit ``room`` cells (one at least)."""
    used = 0
    for i, c in enumerate(word):
        used += _wide(c)
        if used > room:
            return max(1, i)
    return len(word)


__all__ = ["cells", "ljust", "rjust", "wrap"]
