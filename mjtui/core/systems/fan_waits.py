"""The words of `mjtui waits` for a system that counts fan (Hong Kong, MCR): ready or
not, then for each wait what a discard and a self-draw would win.

The systems' JSON objects have one shape (``tenpai``, ``shanten``, ``waits`` with
``tile``, ``unseen`` and a ``ron`` and ``tsumo`` way each), so their lines are laid
out here once; what differs is passed in: the system's own catalog (``say``, so each
system keeps its words), what a winning way is worth, and a note a wait may carry.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mjtui.core.cells import cells, ljust

Say = Callable[[str], str]


def fan_waits_lines(
    r: dict[str, Any],
    say: Say,
    won: Callable[[dict[str, Any]], str],
    note: Callable[[dict[str, Any]], str] = lambda _wait: "",
) -> list[str]:
    """The lines of ``r``: the tiles and whether they are ready (or their shanten), and
    under each wait its count left (and ``note``) and a line a way: ``won(way)`` for a
    win, or why it is none (with its fan where it falls short)."""
    if not r["tenpai"]:
        return [f"{r['tiles']}: " + say("not ready, {n} shanten").format(n=r["shanten"])]
    count = len(r["waits"])
    left = sum(w["unseen"] for w in r["waits"])
    ready = (
        say("ready, {count} waits, {left} tiles unseen")
        if count > 1
        else say("ready, {count} wait, {left} tiles unseen")
    )
    lines = [f"{r['tiles']}: " + ready.format(count=count, left=left)]
    ways = (("ron", say("discard")), ("tsumo", say("self-draw")))
    width = max(cells(words) for _key, words in ways)
    for w in r["waits"]:
        lines.append(f"  {w['tile']:<3} " + say("{n} left").format(n=w["unseen"]) + note(w))
        for key, words in ways:
            way = w[key]
            if way["wins"]:
                text = won(way)
            else:
                text = say(str(way["problem"]))
                if "fan" in way:
                    text += say(" ({fan} fan)").format(fan=way["fan"])
            lines.append(f"      {ljust(words, width)} {text}")
    return lines
