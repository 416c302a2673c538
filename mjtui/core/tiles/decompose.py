"""Every reading of concealed tiles as sets (chi, pon) and one pair.

A hand's suits cannot share a set, so each suit is read on its own and the
readings of the hand are the products of its suits' readings. A suit is
known by its counts (9 for a number suit, 7 for honors). Each suit's readings
are kept in a table keyed by the count vector, filled as vectors are met: a
vector is read the first time a hand has it (microseconds), so a process
that scores one hand (`mjtui hand`) reads four vectors, and one that scores
thousands ends up with four look-ups a hand. (Building the whole tables up
front, about 22,000 readable vectors per number suit, cost 150 ms in every
process; :func:`build_tables` still does it, for a benchmark that wants none
of the reading in its timings.)

Seven pairs and thirteen orphans are not sets and a pair; :func:`seven_pairs`
and :func:`thirteen_orphans` check those shapes.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from itertools import combinations_with_replacement, product
from typing import Literal, NamedTuple

SetKind = Literal["chi", "pon"]
Set = tuple[SetKind, int]  # the kind and the first tile's id
SUITS = ((0, 9), (9, 9), (18, 9), (27, 7))  # (first tile, kinds of tile)
MAX_SETS = 4
TERMINALS_AND_HONORS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)

# A suit's readings: (pair tile, sets), the pair tile -1 when the suit has no
# pair (its tile count is a multiple of 3); the sets sorted by first tile.
SuitReading = tuple[int, tuple[Set, ...]]
NO_PAIR = -1
SuitEntry = tuple[bool, tuple[SuitReading, ...]]  # (has the pair, its readings)


class Reading(NamedTuple):
    """One way to read concealed tiles: the pair's tile and the sets, sorted."""

    pair: int
    sets: tuple[Set, ...]


@cache
def suit_table(start: int, size: int) -> dict[tuple[int, ...], SuitEntry]:
    """Every readable count vector of the suit starting at tile ``start``: whether its
    readings have the pair, and the readings (the same as :func:`suit_readings`).

    Built from the other side: every choice of up to four sets (and maybe a
    pair) that keeps within four of a tile, filed under the counts it makes.
    """
    choices: list[Set] = [("pon", start + i) for i in range(size)]
    if size == 9:
        choices += [("chi", start + i) for i in range(7)]
    table: dict[tuple[int, ...], list[SuitReading]] = {}
    for n in range(MAX_SETS + 1):
        for sets in combinations_with_replacement(choices, n):
            counts = [0] * size
            for kind, first in sets:
                if kind == "pon":
                    counts[first - start] += 3
                else:
                    for i in range(3):
                        counts[first - start + i] += 1
            if max(counts, default=0) > 4:
                continue
            ordered = tuple(sorted(sets, key=_set_order))
            table.setdefault(tuple(counts), []).append((NO_PAIR, ordered))
            for i in range(size):
                if counts[i] <= 2:
                    counts[i] += 2
                    table.setdefault(tuple(counts), []).append((start + i, ordered))
                    counts[i] -= 2
    return {key: (sum(key) % 3 == 2, tuple(found)) for key, found in table.items()}


def suit_readings(counts: tuple[int, ...], start: int, size: int) -> SuitEntry | None:
    """The readings of one suit's ``counts`` (the suit starts at tile ``start``) as at
    most four sets and at most one pair, in :func:`suit_table`'s order; None if none.

    The order is the table's: by the sets' places in its list of choices (each
    tile's pon, then each chi), then by the pair's tile.
    """
    total = sum(counts)
    if (
        total % 3 == 1
        or total > 3 * MAX_SETS + 2
        or max(counts, default=0) > 4
        or min(counts, default=0) < 0
    ):
        return None
    pairs = [i for i in range(size) if counts[i] >= 2] if total % 3 == 2 else [NO_PAIR]
    found: list[tuple[tuple[int, ...], int]] = []  # (choice places, pair place)
    for pair in pairs:
        rest = list(counts)
        if pair != NO_PAIR:
            rest[pair] -= 2
        found += [(tuple(sorted(places)), pair) for places in _sets_of(rest, 0, size)]
    if not found:
        return None
    found.sort()
    return total % 3 == 2, tuple(
        (
            NO_PAIR if pair == NO_PAIR else start + pair,
            tuple(sorted((_choice(place, start, size) for place in places), key=_set_order)),
        )
        for places, pair in found
    )


def _sets_of(counts: list[int], i: int, size: int) -> Iterator[list[int]]:
    """Every way to read ``counts[i:]`` as sets, each once: the places of their choices
    (a pon of the suit's tile t is t, a chi from t is size + t). ``counts`` is restored."""
    while i < size and counts[i] == 0:
        i += 1
    if i == size:
        yield []
        return
    c = counts[i]
    for pons in (0, 1) if c >= 3 else (0,):
        chis = c - 3 * pons  # the tile's other copies start chis: none can come before it
        if chis and (size != 9 or i > 6 or counts[i + 1] < chis or counts[i + 2] < chis):
            continue
        counts[i] = 0
        if chis:
            counts[i + 1] -= chis
            counts[i + 2] -= chis
        for rest in _sets_of(counts, i + 1, size):
            yield [i] * pons + [size + i] * chis + rest
        counts[i] = c
        if chis:
            counts[i + 1] += chis
            counts[i + 2] += chis


def _choice(place: int, start: int, size: int) -> Set:
    return ("pon", start + place) if place < size else ("chi", start + place - size)


class SuitTable(dict[tuple[int, ...], "SuitEntry | None"]):
    """One suit's readings by count vector (None: it cannot be read), each vector read
    the first time it is asked for."""

    def __init__(self, start: int, size: int) -> None:
        super().__init__()
        self.start, self.size = start, size

    def __missing__(self, counts: tuple[int, ...]) -> SuitEntry | None:
        entry = self[counts] = suit_readings(counts, self.start, self.size)
        return entry


_TABLES = [SuitTable(first, size) for first, size in SUITS]  # the four suits, in order


def build_tables() -> list[SuitTable]:
    """Fill the four suits' tables with every readable vector at once, afresh."""
    suit_table.cache_clear()
    for table in _TABLES:
        table.clear()
        table.update(suit_table(table.start, table.size))
    return _TABLES


def _set_order(s: Set) -> tuple[int, str]:
    return s[1], s[0]


def readings(concealed_counts: Sequence[int]) -> list[Reading]:
    """Every reading of the 34 counts as n sets and one pair; empty when there is none.

    Declared melds are not in the counts: a hand with two melds passes its 8
    concealed tiles and gets readings of two sets and a pair.
    """
    c = tuple(concealed_counts)
    man_table, pin_table, sou_table, honor_table = _TABLES
    man = man_table[c[0:9]]
    if man is None:
        return []
    pin = pin_table[c[9:18]]
    if pin is None:
        return []
    sou = sou_table[c[18:27]]
    if sou is None:
        return []
    honors = honor_table[c[27:34]]
    if honors is None or man[0] + pin[0] + sou[0] + honors[0] != 1:
        return []  # exactly one suit holds the pair
    m, p, s, h = man[1], pin[1], sou[1], honors[1]
    # Suits in tile order keep the sets sorted; the one pair is the largest tile
    # of the four (the others are NO_PAIR).
    # Each Reading made as tuple.__new__ makes it: the NamedTuple's own __new__ is a
    # Python function, one call more a hand.
    new = tuple.__new__
    if len(m) == len(p) == len(s) == len(h) == 1:  # most hands: one reading
        (p0, s0), (p1, s1), (p2, s2), (p3, s3) = m[0], p[0], s[0], h[0]
        return [new(Reading, (max(p0, p1, p2, p3), s0 + s1 + s2 + s3))]
    return [
        new(Reading, (max(p0, p1, p2, p3), s0 + s1 + s2 + s3))
        for (p0, s0), (p1, s1), (p2, s2), (p3, s3) in product(m, p, s, h)
    ]


_SUIT_OF_TILE = tuple(min(t // 9, 3) for t in range(34))  # the index in SUITS of a tile


def completions(counts: Sequence[int], tiles: Iterable[int]) -> set[int]:
    """The tiles among ``tiles`` that, added to ``counts`` (the 34 counts of a hand a
    tile short, none above four), make counts :func:`readings` reads: each suit is
    looked up once as it is and once more for each tile of it tried, not every suit
    for every tile (a waits query tries all 34). A tile the hand holds four of is not
    among them (a fifth copy is not in the tables)."""
    c = list(counts)
    entries = [
        table[tuple(c[first : first + size])]
        for table, (first, size) in zip(_TABLES, SUITS, strict=True)
    ]
    # For each suit: whether the three others read, and how many pairs they hold.
    others: list[tuple[bool, int]] = []
    for s in range(4):
        rest = [e for i, e in enumerate(entries) if i != s]
        ok = all(e is not None for e in rest)
        others.append((ok, sum(e[0] for e in rest if e is not None) if ok else 0))
    found: set[int] = set()
    for t in tiles:
        if c[t] >= 4:
            continue
        s = _SUIT_OF_TILE[t]
        ok, pairs = others[s]
        if not ok:
            continue
        first, size = SUITS[s]
        c[t] += 1
        entry = _TABLES[s][tuple(c[first : first + size])]
        c[t] -= 1
        if entry is not None and entry[0] + pairs == 1:
            found.add(t)
    return found


def seven_pairs(counts: Sequence[int], four_alike: bool = False) -> tuple[int, ...] | None:
    """The tiles of the seven pairs in ``counts``, or None.

    Riichi wants seven different pairs; ``four_alike`` lets four alike count as two.
    """
    if 1 in counts or 3 in counts or (4 in counts and not four_alike):
        return None  # the quick refusal of most hands
    pairs: list[int] = []
    for t, c in enumerate(counts):
        if c == 2 or (four_alike and c == 4):
            pairs += [t] * (c // 2)
        elif c:
            return None
    return tuple(pairs) if len(pairs) == 7 else None


def thirteen_orphans(counts: Sequence[int]) -> int | None:
    """The doubled tile of a thirteen-orphans hand in ``counts``, or None."""
    if sum(counts) != 14 or 3 in counts or 4 in counts:
        return None
    pair = None
    for t in TERMINALS_AND_HONORS:
        c = counts[t]
        if c == 2 and pair is None:
            pair = t
        elif c != 1:
            return None
    return pair
