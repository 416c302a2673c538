"""A quick reader for the plain TOML that mjtui writes for hands.

A session is a short head (format, players, [rules]) and then one
``[[hands]]`` table per hand holding only bare keys with whole numbers,
booleans, plain strings and arrays of these. tomllib and the limit checks of
core/files/reading.py take some 300 ms over 10,000 such hands; this reader takes a
tenth of that, which is what lets a long series resume as fast as a new one
opens: a hand is one match of a pattern made for its shape once a hand of that
shape was read line by line (:class:`_Shapes`).

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
    """Each hand's table: by a pattern of its shape (:class:`_Shapes`) when an earlier
    hand had that shape, else line by line (:func:`_read_lines`)."""
    hands: list[dict[str, Any]] = []
    shapes = _Shapes()
    at, end = 0, len(body)
    while at < end:
        found = shapes.read(body, at, limit)
        if found is not None:
            read_by_shape, at = found
            hands.extend(read_by_shape)
            continue
        following = _HANDS_LINE.search(body, at + 1)
        block_end = end if following is None else following.start()
        block = body[at:block_end]
        read = _read_lines(block, limit)
        if read is None:
            return None
        hands.extend(read)
        if len(read) == 1:
            shapes.learn(read[0], block)
        at = block_end
    return hands


_SHAPES = 8
"""The most hand shapes a file's patterns are made for: a file whose hands have more
is read line by line past them."""
_SHAPE_VALUES = 64
"""The most values (scalars and items) a hand may hold to have a pattern made for its
shape: a pattern's groups are its values, and a hand of more is rare and read by lines."""
_SCALAR_GROUP = rf"({_SCALAR})"
_NUMBER_GROUP = r"(-?(?:0|[1-9][0-9]{0,17}))"


class _Shapes:
    """Patterns of whole hands, one per shape: its keys in order, each with a scalar or an
    array over lines of so many items, as mjtui writes them.

    A hand that matches one is what the line reader makes of it (the pattern takes
    exactly its lines, a blank line or more after them, up to the next ``[[hands]]``
    line), in one match: a series' hands have a few shapes, and one match a hand
    in place of one a line made the reading of 10,000 hands twice as quick
    (benchmarks/startup.py). Where the first hand of a shape had whole numbers
    the pattern takes only numbers, read as such; the hands of a shape of numbers
    alone (every East-doubling hand) that follow one another are read in one run,
    their numbers converted and checked against the limit together.
    """

    def __init__(self) -> None:
        # Each shape: its pattern, per key (key, items or None for a scalar, numbers), and
        # whether its values are all whole numbers.
        self._found: list[tuple[re.Pattern[str], list[tuple[str, int | None, bool]], bool]] = []
        self._tried = 0

    def read(
        self, body: str, at: int, limit: int | None
    ) -> tuple[list[dict[str, Any]], int] | None:
        """The hands from ``at`` on that a learned shape's pattern takes, one after the
        other: those of a shape of whole numbers all at once (:func:`_numbers_hands`), a
        hand of another shape alone; None when no pattern takes the hand at ``at``."""
        for pattern, keys, numbers_only in self._found:
            m = pattern.match(body, at)
            if m is None:
                continue
            if numbers_only:
                values, count, match = list(m.groups()), 1, pattern.match
                at = m.end()
                while (m := match(body, at)) is not None:  # the run of hands of this shape
                    values += m.groups()
                    count += 1
                    at = m.end()
                return _numbers_hands(keys, values, count, limit), at
            return [_hand(keys, m.groups(), limit)], m.end()
        return None

    def learn(self, hand: dict[str, Any], block: str) -> None:
        """Make the pattern of ``hand``'s shape, which ``block`` (its text) must match."""
        values = sum(len(v) if isinstance(v, list) else 1 for v in hand.values())
        if self._tried >= _SHAPES or values > _SHAPE_VALUES:
            return
        self._tried += 1
        parts = [re.escape(_HANDS) + r"\n"]
        keys: list[tuple[str, int | None, bool]] = []
        for key, value in hand.items():
            if isinstance(value, list):
                numbers = bool(value) and all(type(v) is int for v in value)
                item = _NUMBER_GROUP if numbers else _SCALAR_GROUP
                parts.append(rf"{re.escape(key)} = \[\n" + rf"    {item},\n" * len(value))
                parts.append(r"\]\n")
                keys.append((key, len(value), numbers))
            else:
                number = type(value) is int
                group = _NUMBER_GROUP if number else _SCALAR_GROUP
                parts.append(rf"{re.escape(key)} = {group}\n")
                keys.append((key, None, number))
        parts.append(r"\n*(?=\[\[hands\]\](?:\n|\Z)|\Z)")
        pattern = re.compile("".join(parts))
        m = pattern.match(block)
        if m is not None and m.end() == len(block):
            numbers_only = bool(keys) and all(numbers for _, _, numbers in keys)
            self._found.append((pattern, keys, numbers_only))


def _hand(
    keys: list[tuple[str, int | None, bool]], values: tuple[str, ...], limit: int | None
) -> dict[str, Any]:
    """A hand of a learned shape: each key's value read from the pattern's groups."""
    hand: dict[str, Any] = {}
    i = 0
    for key, items, numbers in keys:
        if items is None:
            hand[key] = int(values[i]) if numbers else _scalar(values[i], limit)
            if numbers and limit is not None and not -limit <= hand[key] <= limit:
                raise _Beyond
            i += 1
        elif numbers:
            hand[key] = found = [int(v) for v in values[i : i + items]]
            if limit is not None and not -limit <= min(found) <= max(found) <= limit:
                raise _Beyond
            i += items
        else:
            hand[key] = [_scalar(v, limit) for v in values[i : i + items]]
            i += items
    return hand


def _numbers_hands(
    keys: list[tuple[str, int | None, bool]], values: list[str], count: int, limit: int | None
) -> list[dict[str, Any]]:
    """``count`` hands of one shape of whole numbers alone (every East-doubling hand: the
    winner and the points), from their values one hand after the other: read and
    checked against the limit all at once, then shared out hand by hand."""
    numbers = list(map(int, values))
    if limit is not None and not -limit <= min(numbers) <= max(numbers) <= limit:
        raise _Beyond
    size = len(numbers) // count  # the values of one hand
    if len(keys) == 2 and keys[0][1] is None and keys[1][1] is not None:  # the usual shape
        scalar, array = keys[0][0], keys[1][0]
        return [
            {scalar: numbers[at], array: numbers[at + 1 : at + size]}
            for at in range(0, len(numbers), size)
        ]
    hands = []
    for start in range(0, len(numbers), size):
        hand: dict[str, Any] = {}
        i = start
        for key, items, _ in keys:
            if items is None:
                hand[key] = numbers[i]
                i += 1
            else:
                hand[key] = numbers[i : i + items]
                i += items
        hands.append(hand)
    return hands


def _read_lines(body: str, limit: int | None) -> list[dict[str, Any]] | None:
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
