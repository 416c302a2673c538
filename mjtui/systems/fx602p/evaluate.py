"""The hand evaluator: nine tiles to melds, yaku, han, triplets and points.

Tiles are the numbers 1-9 (one kind, unlimited copies). A win is nine tiles
that make three melds, each a triplet (``555``) or a sequence (``345``); there
is no pair. The rules of seed 001 that shape the reading:

* a shape that reads as three triplets or as three sequences (``111222333``)
  is always read as triplets (toitoi and sanrenko, and the higher base);
  generally the reading with the most triplets counts, then the one that
  scores most;
* dora counts once however many dora tiles the hand holds;
* a yakuman (chinroto, isshoku) replaces every other yaku: the others are
  reported in ``shown`` but not counted, and two yakuman count once;
* tenho is a flag, since only the play tells it.

The han of every yaku and the points formula come from the ruleset
(:class:`~.rules.Rules`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from mjtui.core.errors import HandError
from mjtui.systems.fx602p.rules import Rules
from mjtui.systems.fx602p.terms import say

Meld = tuple[int, int, int]
TILES = range(1, 10)

# The yaku in the order of the seed's list; the names are those shown and recorded.
YAKU = ("Pinfu", "Tanyao", "Iipeiko", "Dora", "Ittsu", "Chanta", "Toitoi", "Sanrenko", "Tenho")
YAKUMAN = ("Chinroto", "Isshoku")
ALL_YAKU = YAKU + YAKUMAN


@dataclass(frozen=True)
class Score:
    """What a hand is worth: the yaku counted, their han, the triplets and the points."""

    yaku: tuple[str, ...]  # counted, in the seed's order
    han: int
    triplets: int
    points: int
    shown: tuple[str, ...] = ()  # yaku present but not counted (beside a yakuman)
    melds: tuple[Meld, ...] = ()  # the reading that counts (empty for an entered hand)

    @property
    def yakuman(self) -> bool:
        return any(name in YAKUMAN for name in self.yaku)


def yaku_han(rules: Rules, name: str) -> int:
    # The name's key of [yakuman] or [yaku], a number of han.
    han: int = getattr(rules.yakuman if name in YAKUMAN else rules.yaku, name.lower())
    return han


def points(rules: Rules, han: int, triplets: int) -> int:
    """multiplier x (base + per_triplet x triplets) x coefficient(han)."""
    p = rules.points
    coefficient = p.coefficients[min(han, len(p.coefficients) - 1)]
    return p.multiplier * (p.base + p.per_triplet * triplets) * coefficient


def parse_tiles(text: str) -> tuple[int, ...]:
    """``"223335678"`` (spaces allowed) -> the tiles, sorted; refuses anything else."""
    digits = text.replace(" ", "")
    if not digits.isdigit() or "0" in digits or not digits.isascii():
        raise HandError(say("tiles are the digits 1-9, got {text}").format(text=repr(text)))
    return tuple(sorted(int(c) for c in digits))


def counts_of(tiles: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """How many of each tile 1-9 (index 0 is tile 1)."""
    c = [0] * 9
    for t in tiles:
        c[t - 1] += 1
    return tuple(c)


@lru_cache(maxsize=4096)
def _readings(counts: tuple[int, ...]) -> tuple[tuple[Meld, ...], ...]:
    total = sum(counts)
    if total == 0:
        return ((),)
    if total % 3:
        return ()
    first = next(i for i, c in enumerate(counts) if c)
    found: list[tuple[Meld, ...]] = []
    tile = first + 1
    if counts[first] >= 3:
        rest = list(counts)
        rest[first] -= 3
        found += [((tile, tile, tile), *r) for r in _readings(tuple(rest))]
    if first <= 6 and counts[first + 1] and counts[first + 2]:
        rest = list(counts)
        for i in (first, first + 1, first + 2):
            rest[i] -= 1
        found += [((tile, tile + 1, tile + 2), *r) for r in _readings(tuple(rest))]
    return tuple(sorted(set(tuple(sorted(r)) for r in found)))


def readings(tiles: tuple[int, ...] | list[int]) -> tuple[tuple[Meld, ...], ...]:
    """Every way to split the tiles into melds (each reading sorted); none if they do not."""
    return _readings(counts_of(tiles))


def is_complete(tiles: tuple[int, ...] | list[int]) -> bool:
    return len(tiles) == 9 and bool(readings(tiles))


def is_triplet(meld: Meld) -> bool:
    return meld[0] == meld[2]


def _two_sided(meld: Meld, win: int) -> bool:
    return (meld[0] == win and meld[2] != 9) or (meld[2] == win and meld[0] != 1)


def yaku_of(
    melds: tuple[Meld, ...], tiles: tuple[int, ...], win: int, dora: int | None, tenho: bool
) -> list[str]:
    """The yaku present in one reading, yakuman included, in the seed's order."""
    triplets = sum(is_triplet(m) for m in melds)
    found = []
    if triplets == 0 and any(win in m and _two_sided(m, win) for m in melds):
        found.append("Pinfu")
    if 1 not in tiles and 9 not in tiles:
        found.append("Tanyao")
    if len(set(melds)) < len(melds):
        found.append("Iipeiko")
    if dora is not None and dora in tiles:
        found.append("Dora")
    if sorted(melds) == [(1, 2, 3), (4, 5, 6), (7, 8, 9)]:
        found.append("Ittsu")
    if all(1 in m or 9 in m for m in melds):
        found.append("Chanta")
    if triplets == len(melds):
        found.append("Toitoi")
        starts = sorted(m[0] for m in melds)
        if starts == list(range(starts[0], starts[0] + len(melds))):
            found.append("Sanrenko")
    if tenho:
        found.append("Tenho")
    if set(tiles) <= {1, 9}:
        found.append("Chinroto")
    if len(set(tiles)) == 1:
        found.append("Isshoku")
    return found


def score_yaku(
    rules: Rules, names: tuple[str, ...] | list[str], triplets: int, melds: tuple[Meld, ...] = ()
) -> Score:
    """The score of a hand given by its yaku and triplets (a yakuman replaces the rest)."""
    names = [n for n in ALL_YAKU if n in names]  # the seed's order, each once
    yakuman = [n for n in names if n in YAKUMAN]
    if yakuman:
        han = max(yaku_han(rules, n) for n in yakuman)
        counted = tuple(yakuman)
        shown = tuple(n for n in names if n not in YAKUMAN)
    else:
        han = sum(yaku_han(rules, n) for n in names)
        counted, shown = tuple(names), ()
    return Score(counted, han, triplets, points(rules, han, triplets), shown, melds)


def evaluate(
    rules: Rules,
    tiles: tuple[int, ...] | list[int],
    win: int | None = None,
    dora: int | None = None,
    tenho: bool = False,
) -> Score:
    """Score nine winning tiles; ``win`` is the tile won on (default: the last one given).

    Raises HandError when the tiles are not nine tiles 1-9 making three melds.
    """
    tiles = tuple(tiles)
    if len(tiles) != 9 or not all(isinstance(t, int) and 1 <= t <= 9 for t in tiles):
        raise HandError(
            say("a winning hand is nine tiles 1-9, got {n}: {names}").format(
                n=len(tiles), names="".join(map(str, tiles))
            )
        )
    if win is None:
        win = tiles[-1]
    if win not in tiles:
        raise HandError(
            say("the winning tile {win} is not in the hand {text}").format(
                win=win, text=_text(tiles)
            )
        )
    if dora is not None and not 1 <= dora <= 9:
        raise HandError(say("the dora is a tile 1-9, got {dora}").format(dora=dora))
    ordered = tuple(sorted(tiles))
    options = readings(ordered)
    if not options:
        raise HandError(
            say("{text} is not three melds (triplets or sequences)").format(text=_text(ordered))
        )
    best: tuple[tuple[int, int], Score] | None = None
    for melds in options:
        triplets = sum(is_triplet(m) for m in melds)
        score = score_yaku(rules, yaku_of(melds, ordered, win, dora, tenho), triplets, melds)
        key = (triplets, score.points)
        if best is None or key > best[0]:
            best = (key, score)
    assert best is not None
    return best[1]


def _text(tiles: tuple[int, ...]) -> str:
    return "".join(map(str, sorted(tiles)))


__all__ = [
    "ALL_YAKU",
    "YAKU",
    "YAKUMAN",
    "Meld",
    "Score",
    "counts_of",
    "evaluate",
    "is_complete",
    "parse_tiles",
    "points",
    "readings",
    "score_yaku",
    "yaku_han",
    "yaku_of",
]
