"""Random winning Hong Kong hands with their situations and bonus tiles, one a line.

    python scripts/hk_mahjong_hands.py [COUNT] [SEED] > hands.txt

Each line is ``TILES|SEAT ROUND [flags]``: TILES in mpsz notation (``[...]`` an
open meld, ``(...)`` a closed kong; the last tile written outside the melds is
the winning tile), SEAT and ROUND a wind letter E S W N, then any of ``t`` (a
self-draw), ``f13`` / ``s2`` (the flowers and seasons by number) and the
situations ``rk`` robbing a kong, ``kr`` a kong's replacement tile, ``lt`` the
last tile, ``hv`` heavenly, ``ea`` earthly. Only hands that can happen are made
(the situations as :mod:`mjtui.systems.pocket.events` allows them).
``scripts/hk_mahjong_sample.js`` scores the lines with the npm package
hk-mahjong; tests/systems/test_pocket_hk_mahjong.py compares them with hk-common.
"""

from __future__ import annotations

import random
import sys

SUITS = "mps"
WINDS = "ESWN"
TERMINALS = [(n, s) for s in SUITS for n in (1, 9)]
HONORS = [(n, "z") for n in range(1, 8)]
SITUATION_FLAGS = {
    "rk": "robbing-kong",
    "kr": "kong-replacement",
    "lt": "last-tile",
    "hv": "heavenly",
    "ea": "earthly",
}


def _tiles(theme: str, suit: str) -> tuple[list[tuple[int, str]], bool]:
    """The tiles a theme draws from, and whether it takes chows."""
    if theme == "one-suit":
        return [(n, suit) for n in range(1, 10)], True
    if theme == "suit-and-honors":
        return [(n, suit) for n in range(1, 10)] + HONORS, True
    if theme == "orphans":
        return TERMINALS + HONORS, False
    if theme == "honors":
        return HONORS + [(n, s) for s in SUITS for n in range(1, 10)], False
    return [(n, s) for s in SUITS for n in range(1, 10)] + HONORS, True


def _hand(rng: random.Random) -> tuple[list[tuple[str, list[tuple[int, str]], str]], tuple]:
    theme = rng.choices(
        ["any", "one-suit", "suit-and-honors", "orphans", "honors", "triplets"],
        [40, 12, 16, 10, 10, 12],
    )[0]
    pool, chows = _tiles(theme, rng.choice(SUITS))
    if theme == "honors":  # winds and dragons first
        pool = HONORS * 4 + pool
    counts: dict[tuple[int, str], int] = {}
    sets = []
    while len(sets) < 4:
        n, s = rng.choice(pool)
        chow = chows and theme != "triplets" and s != "z" and n <= 7 and rng.random() < 0.55
        kind = "chi" if chow else ("kan" if rng.random() < 0.12 else "pon")
        tiles = [(n + i, s) for i in range(3)] if chow else [(n, s)] * (4 if kind == "kan" else 3)
        if any(counts.get(t, 0) + tiles.count(t) > 4 for t in tiles):
            continue
        for t in tiles:
            counts[t] = counts.get(t, 0) + 1
        sets.append([kind, tiles])
    while True:
        pair = rng.choice(pool)
        if counts.get(pair, 0) <= 2:
            break
    closed_hand = rng.random() < 0.3
    out = []
    for kind, tiles in sets:
        opened = not closed_hand and rng.random() < 0.4
        if kind == "kan":
            out.append(("open" if opened else "closed", tiles, kind))
        else:
            out.append(("open" if opened else "hidden", tiles, kind))
    out.append(("hidden", [pair, pair], "pair"))
    return out, (theme,)


def _mpsz(tiles: list[tuple[int, str]]) -> str:
    text, suit = "", None
    for n, s in tiles:
        if suit is not None and s != suit:
            text += suit
        text += str(n)
        suit = s
    return text + (suit or "")


def hand_line(rng: random.Random) -> str:
    groups, _ = _hand(rng)
    hidden = [g for g in groups if g[0] == "hidden"]
    win_group = rng.choice(hidden)
    win = rng.choice(win_group[1])
    concealed = sorted((t for g in hidden for t in g[1]), key=lambda t: ("mpsz".index(t[1]), t[0]))
    concealed.remove(win)
    melds = " ".join(
        ("[" if g[0] == "open" else "(") + _mpsz(g[1]) + ("]" if g[0] == "open" else ")")
        for g in groups
        if g[0] != "hidden"
    )
    tiles = " ".join(p for p in (_mpsz(concealed) + _mpsz([win]), melds) if p)
    seat, rnd = rng.randrange(4), rng.randrange(4)
    self_draw = rng.random() < 0.5
    has_kong = any(g[2] == "kan" for g in groups)
    no_meld = all(g[0] == "hidden" for g in groups)
    flags = []
    roll = rng.random()
    if self_draw and has_kong and roll < 0.35:
        flags.append("kr")
    elif not self_draw and roll < 0.06:
        flags.append("rk")
    if "rk" not in flags and rng.random() < 0.06:
        flags.append("lt")
    if no_meld and not flags and rng.random() < 0.08:
        if seat == 0 and self_draw:
            flags.append("hv")
        elif seat != 0 and not self_draw:
            flags.append("ea")
    opts = [WINDS[seat], WINDS[rnd]] + (["t"] if self_draw else [])
    if rng.random() < 0.03:
        flowers, seasons = [1, 2, 3, 4], [1, 2, 3, 4]
    else:
        full = rng.random() < 0.08
        flowers = [n for n in range(1, 5) if full or rng.random() < 0.25]
        seasons = [n for n in range(1, 5) if rng.random() < 0.25]
    opts += [f"f{''.join(map(str, flowers))}"] if flowers else []
    opts += [f"s{''.join(map(str, seasons))}"] if seasons else []
    return f"{tiles}|{' '.join(opts + flags)}"


def main(argv: list[str]) -> None:
    count = int(argv[1]) if len(argv) > 1 else 3500
    rng = random.Random(int(argv[2]) if len(argv) > 2 else 17)
    seen: set[str] = set()
    while len(seen) < count:
        line = hand_line(rng)
        if line not in seen:
            seen.add(line)
            print(line)


if __name__ == "__main__":
    main(sys.argv)
