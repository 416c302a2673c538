"""Fan from tiles (mjtui/systems/pocket/patterns.py): every pattern of the
pocket ruleset with a hand that has it and a near miss that does not, the
exclusions, the limit hands and the best reading."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from mjtui.core.errors import HandError
from mjtui.core.rulesets.ruleset import load_ruleset
from mjtui.core.tiles import parse_hand
from mjtui.systems.pocket.patterns import Context, score_hand

REPO = Path(__file__).resolve().parents[2]
RULES = load_ruleset(REPO / "rulesets" / "pocket.toml").rules


def score(text: str, rules=RULES, win: str | None = None, **ctx):
    return score_hand(rules, parse_hand(text, win), Context(**ctx))


def keys(text: str, rules=RULES, win: str | None = None, **ctx) -> list[str]:
    return [f.key for f in score(text, rules, win, **ctx).patterns]


# (pattern key, a hand that has it, a near miss that does not; context for both)
CASES = [
    ("self_draw", "123m456p789s234m55p", "123m456p789s234m55p", {"self_draw": True}, {}),
    ("concealed", "123m456p789s234m55p", "123m456p234m55p [789s]", {}, {}),
    ("concealed", "123m456p789s(8888p)55p", "123m456p789s[8888p]55p", {}, {}),
    ("pure_hand", "123m456m789m234m55m", "123m456m789m234m55p", {}, {}),
    ("semi_pure_hand", "123m456m789m111z55m", "123m456m789m111z55p", {}, {}),
    (
        "round_wind",
        "123m456p789s[222z]55p",
        "123m456p789s234m22z",
        {"round_wind": 1},
        {"round_wind": 1},
    ),
    ("round_wind", "123m456p789s[222z]55p", "123m456p789s[222z]55p", {"round_wind": 1}, {}),
    (
        "seat_wind",
        "123m456p789s[444z]55p",
        "123m456p789s[444z]55p",
        {"seat_wind": 3},
        {"seat_wind": 2},
    ),
    ("all_sequences", "123m456p789s234m55p", "123m456p789s222m55p", {}, {}),
    ("all_triplets", "[111m][222p]333s444m55m", "[111m][222p]333s456m55m", {}, {}),
    ("dragon_triplet", "123m456p789s[555z]55p", "123m456p789s234m55z", {}, {}),
    ("small_dragons", "123m456p[555z][666z]77z", "123m456p[555z][666z]77p", {}, {}),
    ("big_dragons", "123m[555z][666z]777z55p", "123m456p[555z][666z]77z", {}, {}),
    ("robbing_kong", "123m456p789s234m55p", "123m456p789s234m55p", {"robbing_kong": True}, {}),
    (
        "kong_replacement",
        "123m456p789s(8888p)55p",
        "123m456p789s(8888p)55p",
        {"self_draw": True, "kong_replacement": True},
        {"self_draw": True},
    ),
    ("last_tile", "123m456p789s234m55p", "123m456p789s234m55p", {"last_tile": True}, {}),
    ("big_four_winds", "[111z][222z][333z]444z55m", "[111z][222z][333z]44z123m", {}, {}),
    ("small_four_winds", "[111z][222z][333z]44z123m", "[111z][222z][333z]55z123m", {}, {}),
    ("all_honors", "[111z][222z]555z666z77z", "[111z][222z]555z666z11m", {}, {}),
    ("all_terminals", "111m999m111p[999p]11s", "111m999m111p[999p]11z", {}, {}),
    ("nine_gates", "1112345678999m5m", "[123m]11456789999m", {}, {}),
    ("four_kongs", "[1111m][2222p](3333s)[4444z]55m", "[1111m][2222p](3333s)444z55m", {}, {}),
    (
        "four_concealed_triplets",
        "111m222p333s444z55m",
        "111m222p333s55m444z",
        {"self_draw": True},
        {},
    ),
    ("thirteen_orphans", "19m19p19s1234567z1m", "19m19p19s1234567z1m", {}, None),
    (
        "heavenly_hand",
        "123m456p789s234m55p",
        "123m456p789s234m55p",
        {"heavenly": True, "self_draw": True},
        {"self_draw": True},
    ),
    (
        "earthly_hand",
        "123m456p789s234m55p",
        "123m456p789s234m55p",
        {"earthly": True, "seat_wind": 2},
        {"seat_wind": 2},
    ),
]


@pytest.mark.parametrize(
    "key,has,near,ctx,near_ctx", CASES, ids=[f"{c[0]}-{n}" for n, c in enumerate(CASES)]
)
def test_each_pattern_and_a_near_miss(key, has, near, ctx, near_ctx) -> None:
    assert key in keys(has, **ctx)
    if near_ctx is None:
        return
    assert key not in keys(near, **near_ctx)


def test_thirteen_orphans_near_miss_is_no_winning_hand() -> None:
    with pytest.raises(HandError, match="not a winning hand"):
        score("19m19p19s1234566z1m")


def test_every_pattern_key_has_a_case() -> None:
    from test_pocket_hk import HK_CASES  # the keys played by hk-common only

    assert {c[0] for c in CASES + HK_CASES} == {k for k, _ in RULES.patterns.items()}


def test_fan_adds_up_with_names_from_the_ruleset() -> None:
    result = score("123m456m789m111z55m", self_draw=True)
    assert [(f.name, f.fan) for f in result.patterns] == [
        ("Chi Mo (self-draw)", 1),
        ("Clean Door (concealed)", 1),
        ("Semi-Pure Hand", 3),
        ("Round Wind (East)", 1),
        ("Seat Wind (East)", 1),
    ]
    assert result.fan == result.total == 7 and not result.limit_hand


def test_round_and_seat_wind_stack_to_two() -> None:
    # The seed: round wind South and seat wind South, a South triplet gives 2 fan.
    result = score("111s234s234s[222z]99p", round_wind=1, seat_wind=1)
    assert [f.key for f in result.patterns if f.fan == 1][-2:] == ["round_wind", "seat_wind"]
    only_round = score("111s234s234s[222z]99p", round_wind=1, seat_wind=3)
    assert result.total == only_round.total + 1


def test_dragon_triplets_count_each() -> None:
    result = score("123m456p[555z][777z]99s")
    assert [f.name for f in result.patterns] == ["Dragon Triplet (White)", "Dragon Triplet (Red)"]
    assert result.total == 2


def test_exclusions() -> None:
    # Pure hand replaces semi-pure; small dragons replace the dragon triplets;
    # big dragons replace both.
    assert keys("123m456m789m234m55m") == ["concealed", "pure_hand", "all_sequences"]
    assert "dragon_triplet" not in keys("123m456p[555z][666z]77z")
    big = keys("123m[555z][666z]777z55p")
    assert "big_dragons" in big and "small_dragons" not in big and "dragon_triplet" not in big
    # Without the exclusion in the table both count.
    table = replace(RULES.patterns, pure_hand=replace(RULES.patterns.pure_hand, excludes=()))
    both = replace(RULES, patterns=table)
    assert score("123m456m789m234m55m", both).total == 1 + 6 + 3 + 1


def test_a_pattern_of_zero_fan_is_not_played() -> None:
    table = replace(RULES.patterns, all_sequences=replace(RULES.patterns.all_sequences, fan=0))
    assert "all_sequences" not in keys("123m456p789s234m55p", replace(RULES, patterns=table))


def test_fan_above_the_limit_is_paid_as_the_limit() -> None:
    result = score("111m[555z][666z]777z99m")  # semi-pure 3, big dragons 6, all triplets 3
    assert result.total == 12 and result.fan == RULES.fan.limit == 10


def test_limit_hands_are_paid_the_limit_and_show_only_limit_patterns() -> None:
    result = score("[111z][222z]555z666z77z", self_draw=True)
    assert result.limit_hand and result.fan == result.total == 10
    assert [f.fan for f in result.patterns] == ["limit"]
    assert [f.key for f in result.patterns] == ["all_honors"]


def test_four_concealed_triplets_and_the_discard() -> None:
    # Won on a discard with a pair wait: the four triplets stay concealed.
    assert "four_concealed_triplets" in keys("111m222p333s444z55m", win="5m")
    # Won on a discard that completes a triplet: only three are concealed.
    assert "four_concealed_triplets" not in keys("111m222p333s444z55m", win="4z")
    assert "all_triplets" in keys("111m222p333s444z55m", win="4z")


def test_the_best_reading_is_chosen() -> None:
    # 111222333m reads as three triplets or as three 123m chows; the chows give
    # all sequences.
    result = score("111222333m456p55s")
    assert "all_sequences" in [f.key for f in result.patterns]
    assert result.reading == "123m 123m 123m 456p 55s"


@pytest.mark.parametrize(
    "text,ctx,words",
    [
        ("123m456p789s234m55p", {"robbing_kong": True, "self_draw": True}, "not a self-draw"),
        ("123m456p789s234m55p", {"kong_replacement": True, "self_draw": True}, "needs a kong"),
        ("123m456p789s(8888p)55p", {"kong_replacement": True}, "is a self-draw"),
        ("123m456p789s234m55p", {"heavenly": True, "self_draw": True, "seat_wind": 1}, "starter"),
        ("123m456p789s234m55p", {"earthly": True}, "other than the starter"),
        ("123m456p789s234m56p", {}, "not a winning hand"),
    ],
)
def test_impossible_situations_are_refused(text, ctx, words) -> None:
    with pytest.raises(HandError, match=words):
        score(text, **ctx)
