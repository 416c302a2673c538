"""How a hand's fans read on a screen: each with its English and Chinese name and value,
laid out in terminal cells (a Chinese character takes two).

Every screen and command that lists fans says them the same way,
"Pure Straight 清龙 16" (and "Pure Double Chow 一般高 1×2" for a fan counted
twice); :func:`pack` puts such items on lines no wider than a screen allows,
an item never split, and :func:`cells` and :func:`pad` measure and align text
that holds Chinese names, which ``len`` and ``str.ljust`` count as one cell a
character.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from mjtui.core import language
from mjtui.core.language import ENGLISH
from mjtui.systems.mcr.fans import BY_KEY
from mjtui.systems.mcr.terms import fan_name

SEPARATOR = " · "


def cells(text: str) -> int:
    """The terminal cells ``text`` takes: two for a wide (East Asian) character."""
    if text.isascii():
        return len(text)
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def pad(text: str, width: int) -> str:
    """``text`` padded with spaces to ``width`` cells (left-aligned)."""
    return text + " " * max(0, width - cells(text))


def fan_item(key: str, value: int, count: int = 1) -> str:
    """One fan as a screen lists it: "Pure Straight 清龙 16", "... 1×2" when counted twice."""
    fan = BY_KEY[key]
    times = f"×{count}" if count > 1 else ""
    if language.current() == ENGLISH:
        return f"{fan.name} {fan.name_zh} {value}{times}"
    return f"{fan_name(key)} {value}{times}"  # the language's name alone: 清龙 16


def pack(items: Iterable[str], width: int) -> list[str]:
    """``items`` joined by " · " on lines of at most ``width`` cells, each item whole
    (an item longer than a line has a line of its own)."""
    lines: list[str] = []
    line = ""
    for item in items:
        if not line:
            line = item
        elif cells(line) + cells(SEPARATOR) + cells(item) <= width:
            line += SEPARATOR + item
        else:
            lines.append(line)
            line = item
    if line:
        lines.append(line)
    return lines


def pack_dense(items: list[str], width: int) -> list[str]:
    """``items`` on as few lines as first-fit by decreasing length finds (a hand of very
    many fans, whose lines in order would not fit the form): each line keeps its items
    in their order, and the lines are in the order of their first items."""
    lines: list[list[int]] = []
    used: list[int] = []
    for n in sorted(range(len(items)), key=lambda n: (-cells(items[n]), n)):
        size = cells(items[n])
        for k, line in enumerate(lines):
            if used[k] + cells(SEPARATOR) + size <= width:
                line.append(n)
                used[k] += cells(SEPARATOR) + size
                break
        else:
            lines.append([n])
            used.append(size)
    ordered = sorted((sorted(line) for line in lines), key=lambda line: line[0])
    return [SEPARATOR.join(items[n] for n in line) for line in ordered]


__all__ = ["SEPARATOR", "cells", "fan_item", "pack", "pack_dense", "pad"]
