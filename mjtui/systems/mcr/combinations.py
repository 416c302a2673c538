"""The fans sets make together: chows with chows, pungs with pungs.

The rules' combination principles decide which pairs and triples of sets
score (docs/mcr.md):

* *non-repeat*: once three sets make a three-set fan (Pure Straight, Mixed
  Triple Chow...), no two of them score a two-set fan of their own;
* *account once* (套算一次): a set not yet combined may combine once with a
  set already combined; four chows make at most three two-chow fans, three
  chows at most two, and one fan is dropped for each chow that combines with
  no other;
* *non-identical*: a set that made a fan with one set does not make the same
  fan again with another, which is how the surplus is cut: the fans that
  repeat go first, the lowest first (Two Terminal Chows, Short Straight, Mixed
  Double Chow, Pure Double Chow).

A chow is known by its first tile (0..26), a pung or kong by its tile. The
functions add what they find to ``found`` (fan key: count); the chows come
sorted.
"""

from __future__ import annotations

from itertools import permutations

_WINDS = (27, 28, 29, 30)
_DRAGONS = (31, 32, 33)


def _mixed(a: int, b: int, c: int) -> bool:
    """Three tiles of three different suits."""
    sa, sb, sc = a // 9, b // 9, c // 9
    return sa != sb and sa != sc and sb != sc


def _shifted_by_one(r0: int, r1: int, r2: int) -> bool:
    """Three numbers that are consecutive in some order."""
    return any(x + 1 == y and y + 1 == z for x, y, z in permutations((r0, r1, r2)))


def four_chows_fan(t0: int, t1: int, t2: int, t3: int) -> str | None:
    """The four-chow fan of four sorted chows, or None."""
    if t0 + 2 == t1 and t1 + 2 == t2 and t2 + 2 == t3 and t0 // 9 == t3 // 9:
        return "four_pure_shifted_chows"
    if t0 + 1 == t1 and t1 + 1 == t2 and t2 + 1 == t3 and t0 // 9 == t3 // 9:
        return "four_pure_shifted_chows"
    if t0 == t1 == t2 == t3:
        return "quadruple_chow"
    return None


def three_chows_fan(t0: int, t1: int, t2: int) -> str | None:
    """The three-chow fan of three chows (sorted), or None."""
    if _mixed(t0, t1, t2):
        r0, r1, r2 = t0 % 9, t1 % 9, t2 % 9
        if _shifted_by_one(r0, r1, r2):
            return "mixed_shifted_chows"
        if r0 == r1 == r2:
            return "mixed_triple_chow"
        if sorted((r0, r1, r2)) == [0, 3, 6]:
            return "mixed_straight"
        return None
    if t0 // 9 == t1 // 9 == t2 // 9:
        if t0 + 3 == t1 and t1 + 3 == t2 and t0 % 9 == 0:
            return "pure_straight"
        if (t0 + 2 == t1 and t1 + 2 == t2) or (t0 + 1 == t1 and t1 + 1 == t2):
            return "pure_shifted_chows"
        if t0 == t1 == t2:
            return "pure_triple_chow"
    return None


def two_chows_fan(a: int, b: int) -> str | None:
    """The two-chow fan of two chows, or None."""
    if a // 9 != b // 9:
        return "mixed_double_chow" if a % 9 == b % 9 else None
    if a + 3 == b or b + 3 == a:
        return "short_straight"
    if {a % 9, b % 9} == {0, 6}:
        return "two_terminal_chows"
    if a == b:
        return "pure_double_chow"
    return None


# The two-chow fans, highest first: the order a surplus is cut from (lowest first).
_TWO_CHOW_FANS = ("pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows")
# The one extra two-chow fan a fourth chow may make beside a three-chow fan, by preference.
_EXTRA_PREFERENCE = _TWO_CHOW_FANS


def _cut(fans: list[str | None], most: int, found: dict[str, int]) -> None:
    """Count ``fans`` (two-chow fans, None for a pair that makes none) keeping at most
    ``most``: repeats are cut first, down to one, then down to none, the lowest fan
    first in each pass."""
    counts = {f: 0 for f in _TWO_CHOW_FANS}
    total = 0
    for f in fans:
        if f is not None:
            counts[f] += 1
            total += 1
    for keep in (1, 0):
        for f in reversed(_TWO_CHOW_FANS):
            while counts[f] > keep and total > most:
                counts[f] -= 1
                total -= 1
    for f, n in counts.items():
        if n:
            found[f] = found.get(f, 0) + n


def chows(tiles: list[int], found: dict[str, int]) -> None:
    """The fans of two, three or four chows (``tiles`` sorted); one chow makes none."""
    n = len(tiles)
    if n == 4:
        _four_chows(tiles, found)
    elif n == 3:
        fan = three_chows_fan(tiles[0], tiles[1], tiles[2])
        if fan is not None:
            found[fan] = 1
            return
        _cut(
            [
                two_chows_fan(tiles[0], tiles[1]),
                two_chows_fan(tiles[0], tiles[2]),
                two_chows_fan(tiles[1], tiles[2]),
            ],
            2,
            found,
        )
    elif n == 2:
        fan = two_chows_fan(tiles[0], tiles[1])
        if fan is not None:
            found[fan] = found.get(fan, 0) + 1


_THREE_OF_FOUR = ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0))
_PAIRS_OF_FOUR: tuple[tuple[int, int], ...] = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))


def _four_chows(t: list[int], found: dict[str, int]) -> None:
    fan = four_chows_fan(t[0], t[1], t[2], t[3])
    if fan is not None:
        found[fan] = 1
        return
    for i, j, k, extra in _THREE_OF_FOUR:
        fan = three_chows_fan(t[i], t[j], t[k])
        if fan is None:
            continue
        found[fan] = 1
        # The fourth chow combines once, with whichever of the three makes the
        # highest two-chow fan.
        made = {two_chows_fan(t[x], t[extra]) for x in (i, j, k)}
        for two in _EXTRA_PREFERENCE:
            if two in made:
                found[two] = found.get(two, 0) + 1
                break
        return
    fans = [two_chows_fan(t[a], t[b]) for a, b in _PAIRS_OF_FOUR]
    most = 3
    for chow in range(4):  # a chow that combines with none of the others
        if all(fans[p] is None for p, pair in enumerate(_PAIRS_OF_FOUR) if chow in pair):
            most -= 1
    if most > 0:
        _cut(fans, most, found)


def _numbered(t: int) -> bool:
    return t < 27


def four_pungs_fan(t0: int, t1: int, t2: int, t3: int) -> str | None:
    """The four-pung fan of four sorted pungs, or None."""
    if t3 < 27 and t0 + 1 == t1 and t1 + 1 == t2 and t2 + 1 == t3 and t0 // 9 == t3 // 9:
        return "four_pure_shifted_pungs"
    if (t0, t1, t2, t3) == _WINDS:
        return "big_four_winds"
    return None


def three_pungs_fan(t0: int, t1: int, t2: int) -> str | None:
    """The three-pung fan of three sorted pungs, or None."""
    if t2 < 27:
        if _mixed(t0, t1, t2):
            r0, r1, r2 = t0 % 9, t1 % 9, t2 % 9
            if _shifted_by_one(r0, r1, r2):
                return "mixed_shifted_pungs"
            if r0 == r1 == r2:
                return "triple_pung"
        elif t0 // 9 == t2 // 9 and t0 + 1 == t1 and t1 + 1 == t2:
            return "pure_shifted_pungs"
        return None
    if t0 >= 27 and t2 <= 30:
        return "big_three_winds"
    if (t0, t1, t2) == _DRAGONS:
        return "big_three_dragons"
    return None


def two_pungs_fan(a: int, b: int) -> str | None:
    """The two-pung fan of two pungs, or None."""
    if a < 27 and b < 27:
        return "double_pung" if a % 9 == b % 9 else None
    if a >= 31 and b >= 31:
        return "two_dragon_pungs"
    return None


def pungs(tiles: list[int], found: dict[str, int]) -> None:
    """The fans of two, three or four pungs or kongs (``tiles`` sorted)."""
    n = len(tiles)
    pairs: tuple[tuple[int, int], ...]
    if n == 4:
        fan = four_pungs_fan(tiles[0], tiles[1], tiles[2], tiles[3])
        if fan is not None:
            found[fan] = 1
            return
        for i, j, k, extra in _THREE_OF_FOUR:
            fan = three_pungs_fan(tiles[i], tiles[j], tiles[k])
            if fan is None:
                continue
            found[fan] = 1
            for x in (i, j, k):  # the fourth pung combines once
                two = two_pungs_fan(tiles[x], tiles[extra])
                if two is not None:
                    found[two] = found.get(two, 0) + 1
                    break
            return
        pairs = _PAIRS_OF_FOUR
    elif n == 3:
        fan = three_pungs_fan(tiles[0], tiles[1], tiles[2])
        if fan is not None:
            found[fan] = 1
            return
        pairs = ((0, 1), (0, 2), (1, 2))
    elif n == 2:
        pairs = ((0, 1),)
    else:
        return
    for a, b in pairs:
        two = two_pungs_fan(tiles[a], tiles[b])
        if two is not None:
            found[two] = found.get(two, 0) + 1


__all__ = [
    "chows",
    "four_chows_fan",
    "four_pungs_fan",
    "pungs",
    "three_chows_fan",
    "three_pungs_fan",
    "two_chows_fan",
    "two_pungs_fan",
]
