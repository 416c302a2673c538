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
    spaces, and a run without one (Japanese, Chinese) between any two characters, a
    sentence flowing on from the line before it (a term goes down whole), never starting
    a line with a closing mark (、。，：) as Japanese and Chinese typesetting has it."""
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
            rest = room - cells(line) - 1
            width = cells(word)
            prose = width > _TERM and width > len(word)  # a long run with wide characters
            cut = _fitting(word, rest, 0) if prose and rest > 1 else 0
            if cut:  # a sentence of wide characters fills the line it starts on
                line, word = f"{line} {word[:cut]}", word[cut:]
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


_TERM = 24
"""The cells of the longest run of wide characters kept whole on a line (a term: 国士無双十三面
待ち, a name in a list); a longer run is prose, and flows on from the line before it."""

_BREAK_AFTER = "、。，；："
_NEAR = 8  # how far back a line looks for one of them

_NO_LINE_START = frozenset(
    "、。，．・：；？！）」』】〕〉》’”ー々ぁぃぅぇぉっゃゅょァィゥェォッャュョ,.:;?!)]}%"
)
"""What Japanese and Chinese typesetting never starts a line with (kinsoku): closing
marks, small kana, the long vowel mark."""


def _fitting(word: str, room: int, least: int = 1) -> int:
    """How many of ``word``'s characters fit ``room`` cells (``least`` at least), the
    next line not starting with a closing mark."""
    used = 0
    for i, c in enumerate(word):
        used += _wide(c)
        if used > room:
            cut = max(least, i)
            # After a comma or a full stop of the last few characters, if there is one: a
            # list of names breaks between them.
            mark = max(word.rfind(c, max(least, cut - _NEAR), cut) for c in _BREAK_AFTER)
            if mark >= max(least, 1) - 1 and mark + 1 > least:
                return mark + 1
            while cut > max(least, 1) and word[cut] in _NO_LINE_START:
                cut -= 1
            return cut
    return len(word)


__all__ = ["cells", "ljust", "rjust", "wrap"]
