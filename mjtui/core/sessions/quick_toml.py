"""A quick reader for the plain TOML that mjtui writes for hands.

A session is a short head (format, players, [rules]) and then one
``[[hands]]`` table per hand holding only bare keys with whole numbers,
booleans, plain strings and arrays of these. tomllib and the limit checks of
core/files/reading.py take some 300 ms over 10,000 such hands; this reader takes a
tenth of that, which is what lets a long series resume as fast as a new one
opens.

It is exact or it declines: :func:`loads_hands` returns what tomllib would
return for the text, or None as soon as a line is anything but the plain
forms above (a comment, an escape in a string, a float, a sub-table, a
table after the hands, a key twice in a hand, a number past 18 digits...),
and the caller then reads the file the thorough way. The head is always
read by the thorough reader.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

_HANDS = "[[hands]]"
_HANDS_LINE = re.compile(r"^\[\[hands\]\]$", re.MULTILINE)
_SCALAR = r'-?(?:0|[1-9][0-9]{0,17})|true|false|"[^"\\\x00-\x1f\x7f]*"'
_ONE_LINE_ARRAY = rf"\[(?:(?:{_SCALAR}), )*(?:{_SCALAR})?\]"
_KEY_VALUE = re.compile(rf"([A-Za-z0-9_-]{{1,256}}) = ({_SCALAR}|{_ONE_LINE_ARRAY}|\[)")
_ITEM = re.compile(rf"    ({_SCALAR}),")
_NUMBER_ITEM = re.compile(r"    (-?(?:0|[1-9][0-9]{0,17})),")  # the most items: a quicker way
_ONE_LINE_ITEMS = re.compile(rf"{_SCALAR}")


class _Beyond(Exception):
    """A number past the caller's limit: the thorough reader names it."""


def _scalar(text: str, limit: int | None) -> Any:
    if text[0] == '"':
        return text[1:-1]
    if text == "true":
        return True
    if text == "false":
        return False
    number = int(text)
    if limit is not None and not -limit <= number <= limit:
        raise _Beyond
    return number


def loads_hands(
    text: str, read_head: Callable[[str], dict[str, Any]], limit: int | None = None
) -> dict[str, Any] | None:
    """The document ``text`` holds, its head read by ``read_head``; None when the
    hands are not all in the plain form (read the whole text thoroughly then).

    With ``limit``, it declines too when a hand holds a number beyond it either
    way: hands it returns need no number check.
    """
    first = _HANDS_LINE.search(text)
    if first is None:
        return None  # no hands: nothing to gain
    try:
        hands = _read_hands(text[first.start() :], limit)
    except _Beyond:
        return None
    if hands is None:
        return None
    head = read_head(text[: first.start()])
    if "hands" in head:
        return None  # hands written twice over: let the thorough reader say so
    head["hands"] = hands
    return head


def _read_hands(body: str, limit: int | None) -> list[dict[str, Any]] | None:
    hands: list[dict[str, Any]] = []
    hand: dict[str, Any] = {}
    open_key: str | None = None  # the key of a multi-line array being read
    items: list[Any] = []
    number_item, item, key_value = _NUMBER_ITEM.fullmatch, _ITEM.fullmatch, _KEY_VALUE.fullmatch
    top = 10**18 if limit is None else limit
    for line in body.split("\n"):
        if open_key is not None:
            m = number_item(line)
            if m is not None:
                number = int(m.group(1))
                if not -top <= number <= top:
                    raise _Beyond
                items.append(number)
                continue
            m = item(line)
            if m is not None:
                items.append(_scalar(m.group(1), limit))
            elif line == "]":
                hand[open_key], open_key = items, None
            else:
                return None
        elif line == _HANDS:
            hand = {}
            hands.append(hand)
        elif line:
            m = key_value(line)
            if m is None or m.group(1) in hand:
                return None
            key, value = m.groups()
            if value == "[":
                open_key, items = key, []
            elif value[0] == "[":
                hand[key] = [_scalar(v, limit) for v in _ONE_LINE_ITEMS.findall(value)]
            else:
                hand[key] = _scalar(value, limit)
    return hands if open_key is None else None
