"""The colours mjtui draws with, each legible with and without colour.

Under ``NO_COLOR`` Textual turns every colour into the grey of its
luminance, and a terminal's named colours ("red", "green") have none it can
read: they all come out black, and a negative number vanished into the
background. These are given as RGB, bright enough that their greys stand out
on the dark background (a red at grey 138, a green at 181); a signed number
also carries its sign, so colour is never all that tells a loss from a gain.
"""

from __future__ import annotations

GAIN = "#5fd75f"
LOSS = "#ff6b6b"
WARN = "#e5c07b"  # a damaged file, a quirk: something to look at
EAST = "bold #e5c07b"  # the dealer's mark
SERIES = ("#56b6c2", "#c678dd", "#e5c07b", "#98c379")  # one per player, in the chart


def signed(n: float | None, zero: str = "") -> str:
    """The style of a signed number: gain, loss, or ``zero`` for nought and none."""
    if not n:
        return zero
    return GAIN if n > 0 else LOSS
