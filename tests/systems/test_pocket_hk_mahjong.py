"""The hk-common ruleset against the npm package hk-mahjong 3.2.0: a stored sample
of random winning hands (tests/data/hk_mahjong_sample.json, made by
scripts/hk_mahjong_hands.py and scripts/hk_mahjong_sample.js) with the fan
hk-mahjong gives them. Every hand gets the same fan from hk-common, except the
classes docs/pocket.md names where hk-mahjong departs from the common table."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from mjtui.core.rulesets.ruleset import load_ruleset
from mjtui.core.tiles import TileHand, parse_hand
from mjtui.systems.pocket.patterns import Context, Score, score_hand

REPO = Path(__file__).resolve().parents[2]
HK = load_ruleset(REPO / "rulesets" / "hk-common.toml").rules
SAMPLE = json.loads((REPO / "tests" / "data" / "hk_mahjong_sample.json").read_text("utf-8"))
FLAGS = {
    "rk": "robbing_kong",
    "kr": "kong_replacement",
    "lt": "last_tile",
    "hv": "heavenly",
    "ea": "earthly",
}


def context(opts: str) -> Context:
    """The Context of a line's options (scripts/hk_mahjong_hands.py)."""
    seat, round_wind, *flags = opts.split()
    given: dict = {
        "seat_wind": "ESWN".index(seat),
        "round_wind": "ESWN".index(round_wind),
        "self_draw": "t" in flags,
    }
    for flag in flags:
        if flag in FLAGS:
            given[FLAGS[flag]] = True
        elif flag[0] in "fs" and flag[1:].isdigit():
            given["flowers" if flag[0] == "f" else "seasons"] = tuple(map(int, flag[1:]))
    return Context(**given)


def known_difference(hand: TileHand, ctx: Context, ours: Score, theirs: int | str) -> str | None:
    """The documented class of a difference (docs/pocket.md), or None."""
    concealed_triplets = [f.key for f in ours.patterns] == ["four_concealed_triplets"]
    if concealed_triplets and theirs != "limit":
        if any(m.kind == "kan" and not m.opened for m in hand.melds):
            return "concealed kong in four concealed triplets"  # hk-mahjong: no kong at all
        if not ctx.self_draw:
            return "four concealed triplets won on a discard"  # hk-mahjong: self-draw only
    if theirs == "limit" and not ours.limit_hand and any(m.opened for m in hand.melds):
        counts = hand.counts()
        suit = next(t // 9 for t, c in enumerate(counts) if c)
        run = counts[suit * 9 : suit * 9 + 9]
        if sum(run) >= 14 and run[0] >= 3 and run[8] >= 3 and min(run) >= 1:
            return "nine gates with an open meld"  # hk-mahjong reads the open meld as hidden
    return None


def test_hk_common_gives_hk_mahjongs_fan() -> None:
    assert SAMPLE["package"] == "hk-mahjong@3.2.0"
    hands = SAMPLE["hands"]
    assert len(hands) >= 3000
    agree, classes, unexplained = 0, Counter(), []
    for line, theirs in hands:
        tiles, opts = line.split("|")
        hand, ctx = parse_hand(tiles), context(opts)
        ours = score_hand(HK, hand, ctx)
        fan = "limit" if ours.limit_hand else ours.total
        if fan == theirs:
            agree += 1
            continue
        known = known_difference(hand, ctx, ours, theirs)
        if known is None:
            unexplained.append((line, theirs, fan))
        classes[known] += 1
    assert unexplained == []
    assert agree + sum(classes.values()) == len(hands)
    # The sample as stored: 3,330 of 3,500 agree (docs/pocket.md).
    assert (agree, len(hands)) == (3330, 3500)
    assert classes == {
        "concealed kong in four concealed triplets": 135,
        "four concealed triplets won on a discard": 34,
        "nine gates with an open meld": 1,
    }
