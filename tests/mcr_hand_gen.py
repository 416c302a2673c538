"""Random winning MCR hands for the differential test and the benchmark.

Each :class:`Case` is a hand in mpsz notation (exercising the parser) with
its winning tile and a Situation, and converts to PyMahjongGB's arguments.
The hands lean towards what makes fans (one or two suits, honors, terminals,
green or reversible tiles, even, middle, upper and lower tiles, shifted and
repeated chows and pungs, every special form, kongs melded and concealed,
every situation flag) so that a few thousand reach every one of the 81.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from mjtui.core.tiles.notation import format_tiles, tile_name
from mjtui.systems.mcr.calculator import KNITTED, ORPHANS, Situation

TERMINALS = (0, 8, 9, 17, 18, 26)
HONORS = tuple(range(27, 34))
GREEN = (19, 20, 21, 23, 25, 32)
REVERSIBLE = (9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31)
EVEN = tuple(t for t in range(27) if t % 9 in (1, 3, 5, 7))


def _suit(suit: int, ranks: range | tuple[int, ...] = range(9)) -> list[int]:
    return [9 * suit + r for r in ranks]


POOLS: tuple[tuple[float, Any], ...] = (  # (weight, the tiles sets are drawn from)
    (30, lambda r: list(range(34))),
    (10, lambda r: _suit(r.randrange(3)) + list(HONORS)),
    (8, lambda r: _suit(r.randrange(3))),
    (5, lambda r: list(TERMINALS + HONORS)),
    (3, lambda r: list(TERMINALS)),
    (3, lambda r: list(HONORS)),
    (4, lambda r: [t for t in range(27) if t % 9 not in (0, 8)]),
    (3, lambda r: list(GREEN)),
    (3, lambda r: list(REVERSIBLE)),
    (3, lambda r: list(EVEN)),
    (3, lambda r: [t for t in range(27) if t % 9 in (3, 4, 5)]),
    (3, lambda r: [t for t in range(27) if t % 9 >= r.choice((5, 6))]),
    (3, lambda r: [t for t in range(27) if t % 9 <= r.choice((2, 3))]),
    (3, lambda r: [t for t in range(27) if t % 9 in (0, 1, 2, 6, 7, 8)] + list(HONORS)),
    (3, lambda r: [t for t in range(27) if t % 9 in (2, 3, 4, 5, 6)]),
    (4, lambda r: _suit(r.randrange(3)) + _suit(r.randrange(3)) + list(range(27, 31))),
    (3, lambda r: list(range(27, 31)) + _suit(r.randrange(3))),
    (3, lambda r: list(range(31, 34)) + _suit(r.randrange(3))),
)
POOL_WEIGHTS = [w for w, _ in POOLS]


@dataclass(frozen=True)
class Case:
    text: str  # the hand in mpsz notation
    win: int  # the winning tile's id
    situation: Situation
    melds: tuple[tuple[str, int, bool], ...]  # ("chow"/"pung"/"kong", first tile, opened)
    concealed: tuple[int, ...]  # the concealed tiles, the winning tile in

    def peer_args(self) -> dict[str, Any]:
        """The keyword arguments of MahjongGB.MahjongFanCalculator."""
        packs = []
        for kind, tile, opened in self.melds:
            if kind == "chow":
                packs.append(("CHI", peer_tile(tile + 1), 1))
            elif kind == "pung":
                packs.append(("PENG", peer_tile(tile), 1))
            else:
                packs.append(("GANG", peer_tile(tile), 1 if opened else 0))
        hand = list(self.concealed)
        hand.remove(self.win)
        s = self.situation
        return dict(
            pack=tuple(packs),
            hand=tuple(peer_tile(t) for t in hand),
            winTile=peer_tile(self.win),
            flowerCount=s.flowers,
            isSelfDrawn=s.self_draw,
            is4thTile=s.fourth_tile,
            isAboutKong=s.kong,
            isWallLast=s.last_tile,
            seatWind=s.seat_wind,
            prevalentWind=s.round_wind,
        )


def peer_tile(t: int) -> str:
    """PyMahjongGB's name of a tile: W characters, B dots, T bamboo, F winds, J1 Red,
    J2 Green, J3 White."""
    if t < 27:
        return "WBT"[t // 9] + str(t % 9 + 1)
    if t < 31:
        return f"F{t - 26}"
    return f"J{34 - t}"


class _Deck:
    def __init__(self) -> None:
        self.left = [4] * 34

    def take(self, tiles: list[int]) -> bool:
        need: dict[int, int] = {}
        for t in tiles:
            need[t] = need.get(t, 0) + 1
        if any(self.left[t] < n for t, n in need.items()):
            return False
        for t, n in need.items():
            self.left[t] -= n
        return True


def _regular(r: random.Random) -> tuple[list[tuple[str, int, bool]], list[int]] | None:
    pool = r.choices(POOLS, POOL_WEIGHTS)[0][1](r)
    deck = _Deck()
    melds: list[tuple[str, int, bool]] = []
    concealed: list[int] = []
    chow_bias = r.random()
    kong_rate = r.choice((0.05, 0.12, 0.12, 0.5, 0.9))
    shape = r.random()
    base = r.choice(pool)
    for i in range(4):
        for _ in range(30):
            # Shifted, repeated and mirrored sets now and then: the chow and pung fans.
            if shape < 0.35 and i:
                step = r.choice((0, 1, 2, 3, 9, 10, 11, 12, 18, 19, 20, 6))
                t = base + step * i if r.random() < 0.7 else r.choice(pool)
            else:
                t = r.choice(pool)
            chow = t < 27 and t % 9 <= 6 and r.random() < chow_bias
            tiles = [t, t + 1, t + 2] if chow else [t] * 3
            if chow and any(x not in pool for x in tiles) and r.random() < 0.8:
                continue
            kong = not chow and r.random() < kong_rate
            if kong:
                tiles = [t] * 4
            if t > 33 or (chow and t // 9 != (t + 2) // 9) or not deck.take(tiles):
                continue
            how = r.random()
            if kong:
                melds.append(("kong", t, how < 0.5))
            elif how < 0.25:
                melds.append(("chow" if chow else "pung", t, True))
            else:
                concealed += tiles
            break
        else:
            return None
    for _ in range(30):
        t = r.choice(pool)
        if deck.take([t, t]):
            concealed += [t, t]
            return melds, concealed
    return None


def _terminal_chows(r: random.Random) -> tuple[list[tuple[str, int, bool]], list[int]]:
    """123 and 789 twice over, in one suit or two, and a pair of 5s."""
    suits = r.sample(range(3), 3)
    chows = [9 * s + x for s in (suits[:2] if r.random() < 0.6 else suits[:1] * 2) for x in (0, 6)]
    melds = []
    concealed = [9 * suits[2 if len(set(c // 9 for c in chows)) == 2 else 0] + 4] * 2
    for t in chows:
        if r.random() < 0.2:
            melds.append(("chow", t, True))
        else:
            concealed += [t, t + 1, t + 2]
    return melds, concealed


def _four_chows(r: random.Random) -> tuple[list[tuple[str, int, bool]], list[int]]:
    """Four chows of one suit, repeated or shifted by one or two, and a pair."""
    step = r.choice((0, 1, 2))
    start = 9 * r.randrange(3) + r.randrange(7 - 3 * step)
    melds: list[tuple[str, int, bool]] = []
    concealed: list[int] = []
    for i in range(4):
        t = start + step * i
        if r.random() < 0.2:
            melds.append(("chow", t, True))
        else:
            concealed += [t, t + 1, t + 2]
    counts = [
        concealed.count(t) + sum(1 for _, c, _ in melds if c <= t <= c + 2) for t in range(34)
    ]
    pair = r.choice([t for t in range(34) if counts[t] <= 2])
    return melds, [*concealed, pair, pair]


def _chicken(r: random.Random) -> tuple[list[tuple[str, int, bool]], list[int]]:
    """A chow in each suit (one melded), a pung of a simple and a wind pair: a hand
    with few fans, often none."""
    suits = r.sample(range(3), 3)
    chows = [9 * s + r.randrange(7) for s in suits]
    pung = 9 * suits[0] + r.randrange(1, 8)
    concealed = [t + i for t in chows[1:] for i in range(3)] + [pung] * 3
    if concealed.count(pung) + sum(1 for i in range(3) if chows[0] + i == pung) > 4:
        pung = 9 * suits[1] + 8
        concealed = [t + i for t in chows[1:] for i in range(3)] + [pung] * 3
    wind = r.choice((27, 28, 29, 30))
    return [("chow", chows[0], True)], [*concealed, wind, wind]


def _mixed_straight(r: random.Random) -> tuple[list[tuple[str, int, bool]], list[int]]:
    """123, 456 and 789 in three suits, one more set and a pair."""
    suits = r.sample(range(3), 3)
    concealed = [9 * s + 3 * i + j for i, s in enumerate(suits) for j in range(3)]
    t = r.randrange(27)
    extra = [t, t + 1, t + 2] if t % 9 <= 6 and r.random() < 0.5 else [t] * 3
    pair = r.choice((27, 28, 29, 30, 31, 32, 33))
    melds: list[tuple[str, int, bool]] = []
    if r.random() < 0.5:
        melds.append(("chow" if extra[0] != extra[1] else "pung", t, True))
    else:
        concealed += extra
    if concealed.count(t) + (3 if melds and melds[0][0] == "pung" else 0) > 4:
        return _mixed_straight(r)
    return melds, [*concealed, pair, pair]


def _seven_pairs(r: random.Random) -> list[int]:
    if r.random() < 0.25:  # shifted
        suit = r.randrange(3)
        start = r.randrange(3)
        return [9 * suit + start + i for i in range(7) for _ in (0, 1)]
    pool = r.choices(POOLS, POOL_WEIGHTS)[0][1](r)
    tiles: list[int] = []
    deck = _Deck()
    while len(tiles) < 14:
        t = r.choice(pool if r.random() < 0.9 else range(34))
        if (r.random() < 0.1 or t not in tiles) and deck.take([t, t]):
            tiles += [t, t]
    return tiles


def _knitted(r: random.Random) -> list[int]:
    knit = list(r.choice(KNITTED))
    honors = list(HONORS)
    numbered = r.choice((7, 8, 9)) if r.random() < 0.7 else 7
    r.shuffle(knit)
    return sorted(knit[:numbered] + r.sample(honors, 14 - numbered))


def _knitted_straight(r: random.Random) -> tuple[list[tuple[str, int, bool]], list[int]]:
    knit = list(r.choice(KNITTED))
    deck = _Deck()
    deck.take(knit)
    while True:
        t = r.randrange(34)
        chow = t < 27 and t % 9 <= 6 and r.random() < 0.5
        tiles = [t, t + 1, t + 2] if chow else [t] * 3
        p = r.randrange(34)
        if deck.take(tiles):
            if deck.take([p, p]):
                break
            for x in tiles:
                deck.left[x] += 1
    if r.random() < 0.3:
        if not chow and r.random() < 0.4 and deck.take([t]):
            return [("kong", t, r.random() < 0.5)], [*knit, p, p]
        return [("chow" if chow else "pung", t, True)], [*knit, p, p]
    return [], knit + tiles + [p, p]


def _nine_gates(r: random.Random) -> list[int]:
    suit = 9 * r.randrange(3)
    return [suit + x for x in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)] + [suit + r.randrange(9)]


def _orphans(r: random.Random) -> list[int]:
    return [*list(ORPHANS), r.choice(ORPHANS)]


FORMS = (
    (0.72, "regular"),
    (0.02, "terminal chows"),
    (0.02, "four chows"),
    (0.03, "chicken"),
    (0.01, "mixed straight"),
    (0.09, "seven pairs"),
    (0.04, "knitted"),
    (0.04, "knitted straight"),
    (0.03, "thirteen orphans"),
    (0.02, "nine gates"),
)


def random_case(r: random.Random) -> Case:
    """One random winning hand, its winning tile and a situation that fits it."""
    while True:
        form = r.choices([f for _, f in FORMS], [w for w, _ in FORMS])[0]
        melds: list[tuple[str, int, bool]] = []
        if form == "regular":
            got = _regular(r)
            if got is None:
                continue
            melds, concealed = got
        elif form == "terminal chows":
            melds, concealed = _terminal_chows(r)
        elif form == "four chows":
            melds, concealed = _four_chows(r)
        elif form == "mixed straight":
            melds, concealed = _mixed_straight(r)
        elif form == "chicken":
            melds, concealed = _chicken(r)
        elif form == "seven pairs":
            concealed = _seven_pairs(r)
        elif form == "knitted":
            concealed = _knitted(r)
        elif form == "knitted straight":
            melds, concealed = _knitted_straight(r)
        elif form == "thirteen orphans":
            concealed = _orphans(r)
        else:
            concealed = _nine_gates(r)
        win = r.choice(concealed)
        return Case(
            _text(melds, concealed, win),
            win,
            _situation(r, melds, concealed, win),
            tuple(melds),
            tuple(sorted(concealed)),
        )


def _situation(
    r: random.Random, melds: list[tuple[str, int, bool]], concealed: list[int], win: int
) -> Situation:
    self_draw = r.random() < 0.4
    in_melds = sum(
        4 if k == "kong" else 3 if k == "pung" else 1
        for k, t, _ in melds
        if t == win or (k == "chow" and t <= win <= t + 2 and win < 27 and t // 9 == win // 9)
    )
    own = concealed.count(win)
    fourth = own == 1 and r.random() < 0.15
    kong = False
    if r.random() < 0.15:
        kong = any(k == "kong" for k, _, _ in melds) if self_draw else own == 1 and in_melds == 0
    last = r.random() < 0.1 and not (kong and not self_draw)
    return Situation(
        self_draw=self_draw,
        seat_wind=r.randrange(4),
        round_wind=r.randrange(4),
        fourth_tile=fourth,
        kong=kong,
        last_tile=last,
        flowers=r.choice((0, 0, 0, 1, 2, 3, 8)),
    )


def _text(melds: list[tuple[str, int, bool]], concealed: list[int], win: int) -> str:
    rest = sorted(concealed)
    rest.remove(win)
    parts = [format_tiles(rest) + tile_name(win)]
    for kind, t, opened in melds:
        tiles = [t, t + 1, t + 2] if kind == "chow" else [t] * (4 if kind == "kong" else 3)
        body = format_tiles(tiles)
        parts.append(f"[{body}]" if opened else f"({body})")
    return " ".join(parts)


def cases(n: int, seed: int) -> list[Case]:
    r = random.Random(seed)
    return [random_case(r) for _ in range(n)]


__all__ = ["Case", "cases", "peer_tile", "random_case"]
