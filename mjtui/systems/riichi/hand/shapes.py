"""The readings of a riichi hand: four sets and a pair, seven pairs, thirteen orphans.

A standard reading is the concealed tiles read as sets and a pair
(:func:`mjtui.core.tiles.readings`) plus the declared melds, and the wait:
which concealed set or the pair the winning tile completed. One set of
tiles can often be read several ways; each is scored and the best counts.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Literal, NamedTuple

from mjtui.core.tiles.decompose import readings, seven_pairs, thirteen_orphans
from mjtui.core.tiles.notation import TileHand, format_tiles
from mjtui.systems.riichi.fu import Wait

GroupKind = Literal["chi", "pon", "kan"]


class Group(NamedTuple):
    """A set of the hand: its kind, first tile, and whether it was called."""

    kind: GroupKind
    first: int
    opened: bool
    declared: bool  # a meld laid down (open or a closed kan), not read from the hand

    def tiles(self) -> tuple[int, ...]:
        if self.kind == "chi":
            return (self.first, self.first + 1, self.first + 2)
        return (self.first,) * (4 if self.kind == "kan" else 3)


class Standard(NamedTuple):
    """Four sets and a pair, with the wait the winning tile completed."""

    groups: tuple[Group, ...]  # the concealed sets first, then the declared melds
    pair: int
    wait: Wait
    win_group: int  # index in ``groups`` of the set the winning tile completed; -1: the pair


class SevenPairs(NamedTuple):
    pairs: tuple[int, ...]


class ThirteenOrphans(NamedTuple):
    pair: int  # the doubled tile


Shape = Standard | SevenPairs | ThirteenOrphans


# Every set that can be read from concealed tiles, made once.
_READ: tuple[tuple[GroupKind, Iterable[int]], ...] = (
    ("chi", [t for t in range(27) if t % 9 <= 6]),
    ("pon", range(34)),
)
_CONCEALED = {
    (kind, first): Group(kind, first, False, False) for kind, firsts in _READ for first in firsts
}


def _meld_groups(hand: TileHand) -> tuple[Group, ...]:
    return tuple(Group(m.kind, m.tiles[0], m.opened, True) for m in hand.melds)


def _chi_wait(first: int, win: int) -> Wait:
    place = win - first
    if place == 1:
        return "kanchan"
    # An edge wait: 1-2 waiting on 3, or 8-9 waiting on 7.
    if (place == 2 and first % 9 == 0) or (place == 0 and first % 9 == 6):
        return "penchan"
    return "ryanmen"


# For each winning tile: the wait of each concealed set it can have completed.
_WAITS: tuple[dict[tuple[str, int], Wait], ...] = tuple(
    {
        **{
            ("chi", first): _chi_wait(first, win)
            for first in range(win - 2, win + 1)
            if win < 27 and first >= 0 and first % 9 <= 6 and first // 9 == win // 9
        },
        ("pon", win): "shanpon",
    }
    for win in range(34)
)


# A reading made as tuple.__new__ makes it, without the NamedTuple's own __new__ (a
# Python function, a call a reading more).
_new = tuple.__new__


def standard_shapes(hand: TileHand, concealed_counts: list[int]) -> list[Standard]:
    """Every standard reading with every wait the winning tile can have completed."""
    found: list[Standard] = []
    found_readings = readings(concealed_counts)
    if not found_readings:
        return found
    melds = _meld_groups(hand) if hand.melds else ()
    win = hand.win
    waits = _WAITS[win]
    for pair, sets in found_readings:
        groups = tuple(map(_CONCEALED.__getitem__, sets)) + melds
        if pair == win:
            found.append(_new(Standard, (groups, pair, "tanki", -1)))
        previous = None
        for i, s in enumerate(sets):
            wait = waits.get(s)
            if wait is not None and s != previous:
                # a set read twice gives the same waits (the sets are sorted)
                found.append(_new(Standard, (groups, pair, wait, i)))
            previous = s
    return found


def special_shapes(hand: TileHand, concealed_counts: list[int]) -> list[Shape]:
    """Seven pairs and thirteen orphans, when the hand has no declared meld."""
    if hand.melds:
        return []
    found: list[Shape] = []
    pairs = seven_pairs(concealed_counts)
    if pairs is not None:
        found.append(SevenPairs(pairs))
    orphan = thirteen_orphans(concealed_counts)
    if orphan is not None:
        found.append(ThirteenOrphans(orphan))
    return found


def describe_shape(shape: Shape) -> str:
    """The reading in mpsz groups: '123m 456p [789s] 555z 11z (wait: kanchan)'."""
    if isinstance(shape, SevenPairs):
        return " ".join(format_tiles((t, t)) for t in shape.pairs) + " (seven pairs)"
    if isinstance(shape, ThirteenOrphans):
        return "thirteen orphans, pair " + format_tiles((shape.pair, shape.pair))
    return f"{' '.join(map(_group_text, shape.groups))} {_PAIRS[shape.pair]} (wait: {shape.wait})"


_PAIRS = tuple(format_tiles((t, t)) for t in range(34))


@cache
def _group_text(g: Group) -> str:
    text = format_tiles(g.tiles())
    return f"[{text}]" if g.opened else f"({text})" if g.declared else text
