"""`mjtui waits` for Chinese Official hands: the tool's JSON and words, through its parser."""

from __future__ import annotations

import io
import json
import tomllib
from typing import Any

import pytest

from mjtui.cli.tools import parser, run_batch
from mjtui.core.errors import HandError
from mjtui.core.rulesets.schema import read_struct
from mjtui.systems.mcr.rules import PRESET, Rules
from mjtui.systems.mcr.waits_tool import WAITS

RULES = read_struct(Rules, tomllib.loads(PRESET.read_text()))


def waits(*argv: str) -> dict[str, Any]:
    return WAITS.run(RULES, parser("mjtui waits mcr", WAITS).parse_args(list(argv)))


def words(*argv: str) -> str:
    args = parser("mjtui waits mcr", WAITS).parse_args(list(argv))
    return WAITS.describe(RULES, WAITS.run(RULES, args), args)


def test_a_wait_under_eight_fan_is_said_with_its_fan() -> None:
    r = waits("12m345p67899s [555z]")
    assert r["tenpai"] and [w["tile"] for w in r["waits"]] == ["3m"]
    ron = r["waits"][0]["ron"]
    assert ron["wins"] is False and ron["problem"] == "under the minimum"
    assert "under the minimum of 8 fan" in ron["why"]
    assert "discard   under the minimum (" in words("12m345p67899s [555z]")


def test_each_wait_scores_its_own_fans_and_payment() -> None:
    r = waits("123m456p23789s55z", "--seat", "S")
    by_tile = {w["tile"]: w for w in r["waits"]}
    assert set(by_tile) == {"1s", "4s"}
    one = by_tile["1s"]["tsumo"]
    assert one["wins"] and {f["key"] for f in one["fans"]} >= {
        "mixed_straight",
        "mixed_double_chow",
    }
    assert one["points"] == {"total": 3 * (8 + one["fan"]), "each": 8 + one["fan"]}
    assert by_tile["4s"]["ron"]["points"]["discarder"] == 8 + by_tile["4s"]["ron"]["fan"]


def test_knitted_forms_wait_and_the_other_three_in_sight_make_the_last_tile() -> None:
    r = waits("147m258p369s1234z", "--seen", "555z")
    assert [w["tile"] for w in r["waits"]] == ["5z", "6z", "7z"]
    five = r["waits"][0]
    assert five["unseen"] == 1 and five["last_of_its_kind"]
    assert "last_tile" in {f["key"] for f in five["ron"]["fans"]}
    assert not r["waits"][1]["last_of_its_kind"]


def test_four_held_is_no_wait_and_a_hand_off_gives_its_shanten() -> None:
    r = waits("1111m456p789s123s")
    assert (r["tenpai"], r["waits"], r["not_waits"]) == (False, [], ["1m"])
    assert words("13579m2468p1357s") == "13579m2468p1357s: not ready, 4 shanten"


def test_bad_hands_are_refused_with_what_is_wrong() -> None:
    with pytest.raises(HandError, match="no red fives"):
        waits("0m34m567p789s1122z")
    with pytest.raises(HandError, match="more 1z than there are"):
        waits("123m456p789s111z2z", "--seen", "11z")


def test_batch_reads_json_lines() -> None:
    out = io.StringIO()
    line = json.dumps({"tiles": "123m456p23789s55z", "seat": "W", "flowers": 2})
    assert run_batch(RULES, WAITS, io.StringIO(line + "\nnot a hand\n"), out) == 2
    first, second = (json.loads(x) for x in out.getvalue().splitlines())
    assert (
        first["waits"][0]["ron"]["fan"] == waits("123m456p23789s55z")["waits"][0]["ron"]["fan"] + 2
    )
    assert second["line"] == 2 and "error" in second


def test_the_registered_system_offers_the_waits_tool() -> None:
    from mjtui.core.systems import SYSTEMS

    if "mcr" not in SYSTEMS:
        pytest.skip("MCR is not a registered system on this branch (its registration is mcr2's)")
    assert SYSTEMS["mcr"].waits_tool() is WAITS  # Mcr.waits_tool, beside hand_tool


def test_the_tiles_completing_a_hand_are_those_each_tried_in_full_finds() -> None:
    import random

    from mjtui.core.tiles.notation import Meld, WaitingHand
    from mjtui.systems.mcr.calculator import KNITTED
    from mjtui.systems.mcr.waits import completing_tiles, mcr_completes

    rng = random.Random(9)
    honors = list(range(27, 34))
    waited = knitted = 0
    for n in range(2000):
        melds = rng.choice((0, 0, 1, 2))
        knit = list(rng.choice(KNITTED))
        if n % 3 == 0:  # a knitted straight (or honors and knitted tiles) short of a tile
            held = knit + rng.sample(honors, 4) if melds == 0 and n % 2 else knit
            held.remove(rng.choice(held))
        else:
            held = []
        kinds = rng.sample(range(34), rng.randrange(4, 9))
        while len(held) < 13 - 3 * melds:
            t = rng.choice(kinds)
            if held.count(t) < 4:
                held.append(t)
        held = held[: 13 - 3 * melds]
        hand = WaitingHand(
            tuple(sorted(held)), tuple(Meld("pon", (33, 33, 33), True, 0) for _ in range(melds)), 0
        )
        counts = hand.concealed_counts()
        tried = []
        for t in range(34):
            counts[t] += 1
            if mcr_completes(counts, melds):
                tried.append(t)
            counts[t] -= 1
        assert completing_tiles(hand) == tried, hand
        waited += bool(tried)
        knitted += bool(tried) and n % 3 == 0
    assert waited > 300 and knitted > 50  # hands that wait, knitted ones among them
