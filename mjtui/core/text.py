"""Text from files, made safe: cleaned where it is read, escaped where it is shown.

Every file may be hostile, and a terminal obeys what it is sent: an ESC or a
C1 control in a player's name could set the window's title, clear the
screen, write to the clipboard (OSC 52), or reach the players' browsers
through ``mjtui serve``; a right-to-left override makes a name read
backwards; invisible characters make two names look the same. So:

- :func:`clean_line` is applied once, where a one-line text (a name, a
  table, a ruleset's name, a note) is read from a file or typed. It removes
  terminal control sequences whole (CSI ``ESC [``/``U+009B`` ... final byte;
  OSC, DCS, SOS, PM, APC strings up to their BEL or ST; two-character ESC
  sequences), then every other C0 and C1 control, DEL, lone surrogates, the
  bidirectional controls (U+061C, U+200E, U+200F, U+202A-U+202E,
  U+2066-U+2069) and the characters that show nothing (:data:`INVISIBLE`:
  zero-width space, word joiner, zero-width no-break space / BOM, soft
  hyphen, the Hangul fillers...). A tab or line break (U+0009-U+000D,
  U+001C-U+001F, U+0085, U+2028, U+2029) becomes a space. The zero-width
  joiner and non-joiner are kept only between two characters beyond the
  Latin, Greek and Cyrillic letters (emoji sequences, Indic and Arabic
  script), where they change what is drawn; anywhere else they show nothing
  and are removed. Nothing else is changed: the text is not normalised.
- :func:`fold` is the key two texts are compared by: NFKC, without the
  default-ignorable code points, case folded, white space made single
  spaces. NFC and NFD "Chén", "Ａｎｎ" (full width) and "Ann" compare as
  the same text.
- :func:`look_alike` and :func:`mixed_script` find what cleaning cannot
  decide: "Аnn" (Cyrillic А) and "Ann" are two different names drawn the
  same. Callers report it as a warning and never merge the two. The map
  (:data:`CONFUSABLE`) covers the Cyrillic and Greek letters drawn as a
  Latin letter in common fonts (Unicode's confusables.txt has many more,
  across every script; Latin-only pairs such as "l" and "I", or "rn" and
  "m", are not looked for).
- :func:`shown` escapes, where a text is printed to a terminal or drawn on
  a screen, what must never reach one raw: C0 and C1 controls, DEL, lone
  surrogates, U+2028/U+2029 and the bidirectional controls become
  ``\\uXXXX`` (which is also what JSON writes, so it is safe inside JSON
  text too: :func:`json_text`). File names cannot be cleaned (they name
  the file), so every message naming a file found in a folder shows its
  name through :func:`shown`, a newline in it included.
"""

from __future__ import annotations

import bisect
import functools
import re

# ECMA-48: CSI (parameters, intermediates, a final byte), the control strings (OSC,
# DCS, SOS, PM, APC) up to their terminator, and two-character escape sequences.
_SEQUENCE = (
    r"(?:\x1b\[|\x9b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e]"
    r"|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]*(?:\x07|\x1b\\|\x9c)"
    r"|\x1b[\x20-\x2f]*[\x30-\x7e]"
)

BIDI = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
"""The bidirectional controls (marks, embeddings, overrides, isolates), as a class."""

INVISIBLE = (
    "\u00ad\u115f\u1160\u17b4\u17b5\u180e\u200b\u2060-\u2065\u206a-\u206f\u3164"
    "\ufeff\uffa0\ufff9-\ufffb"
)
"""Characters that draw nothing (or a blank that is no space), removed from names."""

_SHOWN_BLANK = frozenset("\u115f\u1160\u17b4\u17b5\u3164\uffa0")
"""The invisible characters str.isprintable() calls printable (letters and marks)."""

# Character classes, each compiled when first used (:func:`_pattern`).
_SPACE = "[\t\n\v\f\r\x1c-\x1f\x85\u2028\u2029]"
_DROP = f"[\x00-\x1f\x7f-\x9f\ud800-\udfff{BIDI}{INVISIBLE}]"
_JOINER = "[\u200c\u200d]"
_UNSAFE = f"[\x00-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029{BIDI}]"
_UNSAFE_LINES = f"[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\u2028\u2029{BIDI}]"
_UNSAFE_ASCII = "[\x00-\x1f\x7f]"  # the same for a text of ASCII alone
_UNSAFE_ASCII_LINES = "[\x00-\x08\x0b-\x1f\x7f]"
# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt, 15.1): nothing
# to see, so nothing to tell two names apart by. First and last of each range, in order
# (looked up with bisect: a regex of them took 5 ms to compile).
_IGNORABLE = (
    0x00AD,
    0x00AD,
    0x034F,
    0x034F,
    0x061C,
    0x061C,
    0x115F,
    0x1160,
    0x17B4,
    0x17B5,
    0x180B,
    0x180F,
    0x200B,
    0x200F,
    0x202A,
    0x202E,
    0x2060,
    0x206F,
    0x3164,
    0x3164,
    0xFE00,
    0xFE0F,
    0xFEFF,
    0xFEFF,
    0xFFA0,
    0xFFA0,
    0xFFF0,
    0xFFF8,
    0x1BCA0,
    0x1BCA3,
    0x1D173,
    0x1D17A,
    0xE0000,
    0xE0FFF,
)


@functools.cache
def _pattern(pattern: str) -> re.Pattern[str]:
    """``pattern`` compiled, once: a class reaching beyond Latin-1 takes 0.5 ms to
    compile, and a command such as `mjtui points` needs none of them."""
    return re.compile(pattern)


def clean_line(text: str) -> str:
    """A one-line text as it is kept: no control, bidirectional or invisible character
    (the module's docstring lists them), a tab or line break made a space."""
    if text.isprintable() and (text.isascii() or _SHOWN_BLANK.isdisjoint(text)):
        return text  # nearly every text: nothing to do, no pattern compiled
    text = _pattern(_SEQUENCE).sub("", text)
    text = _pattern(_SPACE).sub(" ", text)
    text = _pattern(_DROP).sub("", text)
    if "\u200c" in text or "\u200d" in text:
        text = _pattern(_JOINER).sub(lambda m: _joiner(m.string, m.start()), text)
    return text


def _joiner(text: str, at: int) -> str:
    """The joiner at ``at``, kept only between two characters it can join."""
    before, after = text[at - 1 : at], text[at + 1 : at + 2]
    return text[at] if _joins(before) and _joins(after) else ""


def _joins(ch: str) -> bool:
    # Beyond Latin, Greek and Cyrillic (and their extensions and full-width forms).
    return (
        bool(ch)
        and ord(ch) > 0x52F
        and not (0x1E00 <= ord(ch) <= 0x1FFF)
        and not (0xFF00 <= ord(ch) <= 0xFFEF)
        and not ch.isspace()
    )


def fold(text: str) -> str:
    """The key texts are compared by: NFKC, no default-ignorable code point, case
    folded, white space made single spaces ("Chén" in NFC or NFD, "ＡＮＮ" and "ann"
    have one key each)."""
    if text.isascii():  # NFKC leaves ASCII as it is, and nothing in it is ignorable
        return " ".join(text.casefold().split())
    import unicodedata  # here: cleaning and escaping (all `mjtui points` does) need none

    text = "".join(ch for ch in unicodedata.normalize("NFKC", text) if not _ignorable(ch))
    text = unicodedata.normalize("NFKC", text.casefold())
    return " ".join(text.split())


def _ignorable(ch: str) -> bool:
    return bisect.bisect_right(_IGNORABLE, ord(ch)) % 2 == 1 or ord(ch) in _IGNORABLE


# --------------------------------------------------------------------------
# Look-alikes across scripts
# --------------------------------------------------------------------------

CONFUSABLE = str.maketrans(
    {
        # Cyrillic, capital and small
        "А": "A",
        "В": "B",
        "Е": "E",
        "Ѕ": "S",
        "І": "I",
        "Ј": "J",
        "К": "K",
        "М": "M",
        "Н": "H",
        "О": "O",
        "Р": "P",
        "С": "C",
        "Т": "T",
        "Х": "X",
        "У": "Y",
        "Ү": "Y",
        "Һ": "H",
        "Ӏ": "I",
        "Ԛ": "Q",
        "Ԝ": "W",
        "а": "a",
        "е": "e",
        "ѕ": "s",
        "і": "i",
        "ј": "j",
        "о": "o",
        "р": "p",
        "с": "c",
        "у": "y",
        "х": "x",
        "һ": "h",
        "ӏ": "l",
        "ԁ": "d",
        "ԛ": "q",
        "ԝ": "w",
        # Greek, capital and small
        "Α": "A",
        "Β": "B",
        "Ε": "E",
        "Ζ": "Z",
        "Η": "H",
        "Ι": "I",
        "Κ": "K",
        "Μ": "M",
        "Ν": "N",
        "Ο": "O",
        "Ρ": "P",
        "Τ": "T",
        "Υ": "Y",
        "Χ": "X",
        "ο": "o",
        "ν": "v",
        "ρ": "p",
        "ι": "i",
        "α": "a",
        "υ": "u",
    }
)
"""Cyrillic and Greek letters drawn as a Latin letter, to that letter."""

_SCRIPTS = ("LATIN", "GREEK", "CYRILLIC")
_TWINS = {chr(k) for k in CONFUSABLE} | {v for v in CONFUSABLE.values() if isinstance(v, str)}


def skeleton(text: str) -> str:
    """What a text looks like: its :func:`fold` with every confusable letter made the
    Latin letter it is drawn as ("Аnn" with a Cyrillic А and "ann" have one skeleton)."""
    if text.isascii():
        return fold(text)
    import unicodedata

    return fold(unicodedata.normalize("NFKC", text).translate(CONFUSABLE))


def look_alike(a: str, b: str) -> bool:
    """Two different texts (by :func:`fold`) that are drawn the same."""
    return fold(a) != fold(b) and skeleton(a) == skeleton(b)


def _script(ch: str) -> str | None:
    import unicodedata

    name = unicodedata.name(ch, "")
    first = name.split(" ", 1)[0]
    return first if first in _SCRIPTS else None


def mixed_script(text: str) -> tuple[str, ...]:
    """The scripts a word of ``text`` mixes, when it mixes Latin, Greek or Cyrillic
    letters and one of them is drawn as a letter of another ("Аnn": Cyrillic, Latin);
    empty for any other text ("Ann Ли" mixes no word)."""
    if text.isascii():
        return ()
    import unicodedata

    for word in unicodedata.normalize("NFKC", text).split():
        scripts = {s for s in map(_script, word) if s}
        if len(scripts) > 1 and any(ch in _TWINS for ch in word):
            return tuple(s.capitalize() for s in _SCRIPTS if s in scripts)
    return ()


def odd_letters(text: str) -> list[str]:
    """The letters of ``text`` that are drawn as a Latin letter but are not one, by
    code point and name ("U+0410 CYRILLIC CAPITAL LETTER A"), to tell look-alikes apart."""
    if text.isascii():
        return []
    import unicodedata

    seen: list[str] = []
    for ch in unicodedata.normalize("NFKC", text):
        if ord(ch) in CONFUSABLE:
            label = f"U+{ord(ch):04X} {unicodedata.name(ch, '')}".rstrip()
            if label not in seen:
                seen.append(label)
    return seen


# --------------------------------------------------------------------------
# Escaping what is shown
# --------------------------------------------------------------------------


def _escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def shown(text: str, *, lines: bool = False) -> str:
    """``text`` with every character a terminal must not get raw written ``\\uXXXX``;
    ``lines``: line ends and tabs are kept (a text of several lines, a whole output)."""
    if text.isprintable():
        return text  # no control is printable
    if text.isascii():
        return _pattern(_UNSAFE_ASCII_LINES if lines else _UNSAFE_ASCII).sub(_escape, text)
    return _pattern(_UNSAFE_LINES if lines else _UNSAFE).sub(_escape, text)


def json_text(data: object, indent: int | None = 2) -> str:
    """``data`` as JSON that keeps its letters (ensure_ascii off) yet holds no
    character a terminal must not get raw: json.dumps leaves U+0080-U+009F, lone
    surrogates and the bidirectional controls as they are, which only ever stand
    inside strings, where ``\\uXXXX`` means the same."""
    import json  # only the commands that print JSON need it

    return shown(json.dumps(data, ensure_ascii=False, indent=indent), lines=True)


def shown_path(path: object) -> str:
    """A file's name for a message: :func:`shown`, a newline in it escaped too (a name
    found in a folder may hold anything, and cannot be cleaned: it names the file)."""
    return shown(str(path))
