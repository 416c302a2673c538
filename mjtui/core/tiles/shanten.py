"""How far a hand is from winning: its shanten, and the tiles that would complete it.

A hand one tile short of complete (a :class:`~.notation.WaitingHand`) is
*tenpai* when some tile completes it; :func:`completing_tiles` finds those
tiles by shape (four sets and a pair with the declared melds; seven pairs and
thirteen orphans where the system scores them), and a system says which of
them count (a riichi ruleset's rule on a wait for tiles the hand holds all
four of, say). :func:`shanten` is the number of tiles to exchange before the
hand is tenpai: 0 tenpai, 1 one tile away from it, and so on.

The standard shanten is 8 - 2 sets - partial sets - the pair, with at most
four sets and partial sets together (a partial set: two tiles of a set, a pair
or two of a run); each suit's best choices are worked out once per count
vector and kept, as :mod:`.decompose` keeps its readings.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

from mjtui.core.tiles.decompose import completions, readings, seven_pairs, thirteen_orphans
from mjtui.core.tiles.notation import TILE_KINDS, WaitingHand

TERMINALS_AND_HONORS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
SUITS = ((0, 9, True), (9, 9, True), (18, 9, True), (27, 7, False))  # first tile, size, runs
SETS = 4

Choice = tuple[int, int, int]  # (sets, partial sets, pairs kept as the pair: 0 or 1)


@cache
def _choices(counts: tuple[int, ...], runs: bool) -> frozenset[Choice]:
    """Every (sets, partials, pair) one suit's ``counts`` can be read as, the tiles not
    read left over; only the choices no other beats in all three are kept."""
    i = 0
    while i < len(counts) and counts[i] == 0:
        i += 1
    if i == len(counts):
        return frozenset({(0, 0, 0)})
    found: set[Choice] = set()

    def take(used: dict[int, int], sets: int, partials: int, pair: int) -> None:
        rest = list(counts)
        for t, n in used.items():
            rest[t] -= n
        for m, p, h in _choices(tuple(rest), runs):
            if h + pair <= 1:
                found.add((m + sets, p + partials, h + pair))

    c = counts[i]
    take({i: 1}, 0, 0, 0)  # the tile left over
    if c >= 3:
        take({i: 3}, 1, 0, 0)
    if c >= 2:
        take({i: 2}, 0, 1, 0)
        take({i: 2}, 0, 0, 1)
    if runs and i + 1 < len(counts) and counts[i + 1]:
        if i + 2 < len(counts) and counts[i + 2]:
            take({i: 1, i + 1: 1, i + 2: 1}, 1, 0, 0)
        take({i: 1, i + 1: 1}, 0, 1, 0)
    if runs and i + 2 < len(counts) and counts[i + 2]:
        take({i: 1, i + 2: 1}, 0, 1, 0)
    return frozenset(
        a
        for a in found
        if not any(b != a and b[0] >= a[0] and b[1] >= a[1] and b[2] >= a[2] for b in found)
    )


def standard_shanten(concealed_counts: Sequence[int], melds: int = 0) -> int:
    """The shanten of four sets and a pair, ``melds`` of the sets declared."""
    best: set[tuple[int, int, int]] = {(melds, 0, 0)}
    for first, size, runs in SUITS:
        suit = _choices(tuple(concealed_counts[first : first + size]), runs)
        best = {
            (m + sm, min(p + sp, SETS), h + sh)
            for m, p, h in best
            for sm, sp, sh in suit
            if h + sh <= 1
        }
    return min(8 - 2 * m - min(p, SETS - m) - h for m, p, h in best)


def seven_pairs_shanten(concealed_counts: Sequence[int]) -> int:
    """Seven different pairs: 6 - pairs, and one more for each kind of tile short of seven."""
    pairs = sum(c >= 2 for c in concealed_counts)
    kinds = sum(c >= 1 for c in concealed_counts)
    return 6 - pairs + max(0, 7 - kinds)


def thirteen_orphans_shanten(concealed_counts: Sequence[int]) -> int:
    have = sum(concealed_counts[t] >= 1 for t in TERMINALS_AND_HONORS)
    pair = any(concealed_counts[t] >= 2 for t in TERMINALS_AND_HONORS)
    return 13 - have - pair


def shanten(hand: WaitingHand, *, pairs: bool = True, orphans: bool = True) -> int:
    """The fewest tiles to exchange before ``hand`` is tenpai by shape (0: tenpai);
    seven pairs and thirteen orphans count where ``pairs`` and ``orphans`` say."""
    counts = hand.concealed_counts()
    found = standard_shanten(counts, len(hand.melds))
    if not hand.melds:
        if pairs:
            found = min(found, seven_pairs_shanten(counts))
        if orphans:
            found = min(found, thirteen_orphans_shanten(counts))
    return found


def completes(
    concealed_counts: Sequence[int], melds: int, *, pairs: bool = True, orphans: bool = True
) -> bool:
    """Whether the concealed counts (a tile more than a waiting hand's) make a winning
    shape: four sets and a pair with ``melds`` declared sets, or (no meld) seven
    different pairs and thirteen orphans where asked. A count of five (a wait on a
    tile the hand holds all four of) is read as a set and a pair."""
    if max(concealed_counts) <= 4:
        if readings(concealed_counts):
            return True
    elif _complete_with_fifth(concealed_counts):
        return True
    if melds:
        return False
    return (pairs and seven_pairs(concealed_counts) is not None) or (
        orphans and thirteen_orphans(concealed_counts) is not None
    )


def _complete_with_fifth(counts: Sequence[int]) -> bool:
    """Sets and a pair in ``counts``, however many of a tile (the suit tables stop at
    four): each tile that can be the pair taken out, then each suit read from its
    lowest tile, whose copies past a multiple of three must start runs (three runs
    from a tile are the same tiles as three triplets)."""
    if sum(counts) % 3 != 2:
        return False
    for pair in range(TILE_KINDS):
        if counts[pair] >= 2:
            rest = list(counts)
            rest[pair] -= 2
            if all(_sets_only(rest[first : first + size], runs) for first, size, runs in SUITS):
                return True
    return False


def _sets_only(counts: list[int], runs: bool) -> bool:
    for i, c in enumerate(counts):
        starting = c % 3
        if not starting:
            continue
        if not runs or i + 2 >= len(counts):
            return False
        if counts[i + 1] < starting or counts[i + 2] < starting:
            return False
        counts[i + 1] -= starting
        counts[i + 2] -= starting
    return True


def completing_tiles(
    hand: WaitingHand,
    *,
    pairs: bool = True,
    orphans: bool = True,
    tiles: Iterable[int] = range(TILE_KINDS),
) -> list[int]:
    """The tiles among ``tiles`` that complete ``hand`` by shape, in tile order, each
    whatever the hand holds of it (a system decides about tiles it holds all four of)."""
    counts = hand.concealed_counts()
    melds = len(hand.melds)
    tiles = tuple(tiles)
    if max(counts) > 4:  # not a hand the notation reads: each tile tried in full
        found = []
        for t in tiles:
            counts[t] += 1
            if completes(counts, melds, pairs=pairs, orphans=orphans):
                found.append(t)
            counts[t] -= 1
        return found
    # What completes() says of each tile, with the sets and a pair read for all the
    # tiles at once (decompose.completions); seven pairs and thirteen orphans are
    # asked only of a tile that can make them: the tile a second copy (every count of
    # seven pairs is 0 or 2), a terminal or honor (thirteen orphans holds no other).
    standard = completions(counts, tiles)
    found = []
    for t in tiles:
        counts[t] += 1
        done = t in standard if counts[t] <= 4 else _complete_with_fifth(counts)
        if not done and not melds:
            done = (pairs and counts[t] == 2 and seven_pairs(counts) is not None) or (
                orphans and t in _ORPHANS and thirteen_orphans(counts) is not None
            )
        if done:
            found.append(t)
        counts[t] -= 1
    return found


_ORPHANS = frozenset(TERMINALS_AND_HONORS)


__all__ = [
    "completes",
    "completing_tiles",
    "seven_pairs_shanten",
    "shanten",
    "standard_shanten",
    "thirteen_orphans_shanten",
]
