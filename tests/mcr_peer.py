"""PyMahjongGB as the differential peer: its fan list in our keys.

PyMahjongGB (MIT, Botzone's reference calculator, a C++ extension built at
install) is a test dependency; :data:`PEER` is None where it is missing, and
the tests that need it skip.
"""

from __future__ import annotations

from typing import Any

try:
    import MahjongGB as _gb
except ImportError:  # the test extras are not installed
    _gb = None

PEER: Any = _gb
# The peer's English names where they are not ours (verbose=True gives them).
_RENAMED = {"Two Dragons Pungs": "two_dragon_pungs", "All Five": "all_fives"}


def key_of(name_en: str) -> str:
    return _RENAMED.get(name_en) or name_en.lower().replace(" ", "_").replace("-", "_")


def peer_fans(args: dict[str, Any]) -> tuple[dict[str, int], int] | None:
    """The peer's fans (key: count, flowers apart) and total, or None if it calls the
    hand no win."""
    try:
        result = PEER.MahjongFanCalculator(**args, verbose=True)
    except TypeError as e:
        if "NOT_WIN" in str(e):
            return None
        raise
    fans: dict[str, int] = {}
    total = 0
    for value, count, _zh, en in result:
        total += value * count
        key = key_of(en)
        if key != "flower_tiles":
            fans[key] = count
    return fans, total


__all__ = ["PEER", "key_of", "peer_fans"]
