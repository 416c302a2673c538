"""The fu calculator: every item of seed 002 (A-F) with a worked example.

Each example adds the items by hand in its comment, with the values of the
Tenhou ruleset (base 20, closed ron 10, tsumo 2, wait 2, value pair 2,
double-wind pair 4; triplets 2/4 simples, 4/8 terminals and honors, kans
8/16 and 16/32; seven pairs 25; open pinfu shape 30; pinfu tsumo 20).
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mjtui.core.errors import HandError
from mjtui.core.rulesets.ruleset import load_ruleset
from mjtui.systems.riichi.fu import MELD_KINDS, PAIRS, WAITS
from mjtui.systems.riichi.han_fu import largest_fu
from mjtui.systems.riichi.system import FuHand, Meld, calculate, score_problem

REPO = Path(__file__).resolve().parents[2]
TENHOU = load_ruleset(REPO / "rulesets" / "riichi-tenhou.toml").rules
MLEAGUE = load_ruleset(REPO / "rulesets" / "riichi-mleague.toml").rules

SEQ = Meld("sequence")
OPEN_SEQ = Meld("sequence", open=True)

FAST = settings(
    max_examples=300, database=None, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def hand(
    win: str = "ron",
    *melds: Meld,
    closed: bool = True,
    wait: str = "ryanmen",
    pair: str = "number",
    shape: str = "standard",
) -> FuHand:
    melds = melds + (SEQ,) * (4 - len(melds)) if shape == "standard" else melds
    return FuHand(win=win, closed=closed, wait=wait, pair=pair, melds=melds, shape=shape)


def fu(h: FuHand, rules=TENHOU) -> int:
    return calculate(rules, h).fu


def items(h: FuHand, rules=TENHOU) -> dict[str, int]:
    return dict(calculate(rules, h).lines)


# --------------------------------------------------------------------------
# A and B: base fu, closed ron, tsumo
# --------------------------------------------------------------------------


def test_a_base_and_b_closed_ron() -> None:
    # Closed ron, kanchan, sequences, number pair: 20 + 10 + 2 = 32 -> 40.
    result = calculate(TENHOU, hand("ron", wait="kanchan"))
    assert result.lines[:3] == (
        ("base", 20),
        ("closed hand won by ron", 10),
        ("kanchan wait (middle)", 2),
    )
    assert result.total == 32 and result.fu == 40
    assert result.rounding == "32 fu rounds up to 40"


def test_b_tsumo_adds_2() -> None:
    # Closed tsumo, penchan: 20 + 2 (tsumo) + 2 (penchan) = 24 -> 30.
    result = calculate(TENHOU, hand("tsumo", wait="penchan"))
    assert items(hand("tsumo", wait="penchan"))["tsumo"] == 2
    assert (result.total, result.fu) == (24, 30)


def test_b_an_open_hand_gets_no_ron_fu() -> None:
    # Open ron, open terminal triplet, kanchan: 20 + 4 + 2 = 26 -> 30 (no +10).
    h = hand("ron", Meld("triplet", open=True, terminals=True), closed=False, wait="kanchan")
    result = calculate(TENHOU, h)
    assert "closed hand won by ron" not in dict(result.lines)
    assert (result.total, result.fu) == (26, 30)


# --------------------------------------------------------------------------
# C: the wait
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "wait,value",
    [
        ("tanki", 2),
        ("kanchan", 2),
        ("penchan", 2),
        ("ryanmen", 0),
        ("shanpon", 0),
    ],
)
def test_c_waits(wait: str, value: int) -> None:
    # Closed ron with a closed triplet of simples: 20 + 10 + 4 = 34, + the wait.
    # tanki/kanchan/penchan: 36 -> 40; ryanmen: 34 -> 40; shanpon: the triplet is
    # the one completed by ron, so it counts open: 20 + 10 + 2 = 32 -> 40.
    h = hand("ron", Meld("triplet"), wait=wait)
    lines = calculate(TENHOU, h).lines
    assert lines[2][1] == value and lines[2][0].startswith(wait)
    expected_total = 32 if wait == "shanpon" else 34 + value
    assert calculate(TENHOU, h).total == expected_total
    assert fu(h) == 40


# --------------------------------------------------------------------------
# D: the pair
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "pair,value",
    [
        ("number", 0),
        ("guest-wind", 0),
        ("dragon", 2),
        ("seat-wind", 2),
        ("round-wind", 2),
        ("double-wind", 4),
    ],
)
def test_d_pairs(pair: str, value: int) -> None:
    # Closed tsumo, tanki wait: 20 + 2 + 2 = 24, + the pair. Double wind: 28 -> 30.
    h = hand("tsumo", wait="tanki", pair=pair)
    result = calculate(TENHOU, h)
    assert result.lines[3][1] == value
    assert result.total == 24 + value


def test_d_double_wind_pair_is_2_by_rule() -> None:
    # M-League: 20 + 10 (closed ron) + 2 (tanki) + 2 (double wind) = 34 -> 40;
    # Tenhou: 20 + 10 + 2 + 4 = 36 -> 40.
    h = hand("ron", wait="tanki", pair="double-wind")
    assert calculate(MLEAGUE, h).total == 34
    assert calculate(TENHOU, h).total == 36
    assert any("2 fu with this ruleset" in n for n in calculate(MLEAGUE, h).notes)
    # Where it decides the rounding: tsumo, tanki, closed triplet of simples,
    # double-wind pair: 20 + 2 + 2 + 4 + 4 = 32 -> 40 (Tenhou);
    # 20 + 2 + 2 + 2 + 4 = 30 (M-League).
    h = hand("tsumo", Meld("triplet"), wait="tanki", pair="double-wind")
    assert fu(h, TENHOU) == 40 and fu(h, MLEAGUE) == 30


# --------------------------------------------------------------------------
# E: melds
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "kind,open_,terminals,value",
    [
        ("sequence", False, False, 0),
        ("sequence", True, False, 0),
        ("triplet", True, False, 2),
        ("triplet", False, False, 4),
        ("triplet", True, True, 4),
        ("triplet", False, True, 8),
        ("kan", True, False, 8),
        ("kan", False, False, 16),
        ("kan", True, True, 16),
        ("kan", False, True, 32),
    ],
)
def test_e_melds(kind: str, open_: bool, terminals: bool, value: int) -> None:
    # Tsumo, kanchan (on a closed sequence), the meld, three sequences:
    # 20 + 2 + 2 + value.
    meld = Meld(kind, open=open_, terminals=terminals)
    h = hand("tsumo", meld, closed=not open_, wait="kanchan")
    result = calculate(TENHOU, h)
    assert result.lines[4][1] == value
    assert result.total == 24 + value


def test_e_several_triplets_add_up() -> None:
    # An open hand won by ron, ryanmen, number pair: 20 + closed terminal kan 32
    # + open simple triplet 2 + closed terminal triplet 8 + sequence 0 = 62 -> 70.
    h = hand(
        "ron",
        Meld("kan", terminals=True),
        Meld("triplet", open=True),
        Meld("triplet", terminals=True),
        closed=False,
    )
    result = calculate(TENHOU, h)
    assert [v for _, v in result.lines] == [20, 0, 0, 32, 2, 8, 0]
    assert (result.total, result.fu) == (62, 70)


def test_e_shanpon_won_by_ron_counts_the_triplet_open() -> None:
    # Closed ron on a shanpon of 99 and 55, won on 9: the 999 triplet counts open (4),
    # the 555 triplet stays closed (4): 20 + 10 + 0 + 4 + 4 = 38 -> 40.
    nines = Meld("triplet", terminals=True, winning=True)
    fives = Meld("triplet")
    result = calculate(TENHOU, hand("ron", nines, fives, wait="shanpon"))
    assert result.lines[4] == (
        "meld 1: closed triplet of terminals/honors, completed by ron (counts as open)",
        4,
    )
    assert result.lines[5] == ("meld 2: closed triplet of simples", 4)
    assert result.total == 38
    # Won on 5 instead: 999 closed (8), 555 open (2): 40.
    result = calculate(
        TENHOU,
        hand("ron", replace(nines, winning=False), replace(fives, winning=True), wait="shanpon"),
    )
    assert result.total == 40
    # By tsumo both stay closed: 20 + 2 + 8 + 4 = 34 -> 40.
    assert calculate(TENHOU, hand("tsumo", nines, fives, wait="shanpon")).total == 34


def test_e_shanpon_needs_the_completed_triplet_when_it_matters() -> None:
    two_kinds = hand("ron", Meld("triplet", terminals=True), Meld("triplet"), wait="shanpon")
    with pytest.raises(HandError, match="which triplet did the winning tile complete"):
        calculate(TENHOU, two_kinds)
    # Two triplets of the same kind: either reading gives the same fu.
    same = hand("ron", Meld("triplet"), Meld("triplet"), wait="shanpon")
    assert calculate(TENHOU, same).total == 20 + 10 + 2 + 4


# --------------------------------------------------------------------------
# F: special cases
# --------------------------------------------------------------------------


@pytest.mark.parametrize("win", ["ron", "tsumo"])
def test_f1_seven_pairs_fixed_25(win: str) -> None:
    result = calculate(TENHOU, FuHand(win=win, shape="seven-pairs"))
    assert result.lines == (("seven pairs (a fixed value)", 25),)
    assert (result.total, result.fu) == (25, 25)
    assert "not rounded" in result.rounding


def test_f2_pinfu_tsumo_is_20_and_pinfu_ron_30() -> None:
    # Closed, four sequences, ryanmen, number pair: tsumo 20 (no tsumo fu), not rounded.
    result = calculate(TENHOU, FuHand(win="tsumo", shape="pinfu"))
    assert dict(result.lines)["tsumo (pinfu: not counted)"] == 0
    assert (result.total, result.fu) == (20, 20)
    assert "not rounded" in result.rounding
    # The same hand entered meld by meld is recognised.
    assert fu(hand("tsumo")) == 20
    # By ron: 20 + 10 = 30.
    assert fu(FuHand(win="ron", shape="pinfu")) == 30


def test_f2_pinfu_tsumo_30_by_rule() -> None:
    # "A few rules": tsumo fu kept, 22 -> 30, and pinfu does not count.
    thirty = replace(TENHOU, fu=replace(TENHOU.fu, pinfu_tsumo=30))
    result = calculate(thirty, FuHand(win="tsumo", shape="pinfu"))
    assert (result.total, result.fu) == (22, 30)
    assert any("does not score pinfu" in n for n in result.notes)


def test_f3_open_pinfu_shape() -> None:
    # Open, sequences only, ryanmen, number pair, ron: 20 -> counts 30 (+10 line).
    h = hand("ron", OPEN_SEQ, closed=False)
    result = calculate(TENHOU, h)
    assert result.lines[-1] == ("open hand with no fu: counts 30", 10)
    assert (result.total, result.fu) == (30, 30)
    assert fu(FuHand(win="ron", closed=False, shape="pinfu")) == 30
    # Some rules leave it at 20.
    twenty = replace(TENHOU, fu=replace(TENHOU.fu, open_pinfu=20))
    assert fu(h, twenty) == 20
    # By tsumo it is an ordinary 20 + 2 = 22 -> 30.
    assert calculate(TENHOU, hand("tsumo", OPEN_SEQ, closed=False)).total == 22


def test_rounding_examples_of_the_seed() -> None:
    # 32 -> 40 (above); 64 -> 70: closed ron 20 + 10, closed terminal kan 32, tanki 2.
    result = calculate(TENHOU, hand("ron", Meld("kan", terminals=True), wait="tanki"))
    assert (result.total, result.fu) == (64, 70)
    # 30 stays 30: pinfu by ron, 20 + 10.
    result = calculate(TENHOU, FuHand(win="ron", shape="pinfu"))
    assert result.rounding == "30 fu: a multiple of 10 already"


def test_text_has_a_line_per_item() -> None:
    text = calculate(TENHOU, hand("ron", wait="kanchan", pair="dragon")).text()
    lines = text.splitlines()
    assert lines[0].split() == ["base", "20"]
    assert lines[3].split()[-1] == "2" and "dragons" in lines[3]
    assert len([ln for ln in lines if ln.startswith("meld")]) == 4
    assert lines[-2].split() == ["total", "34"]
    assert lines[-1] == "34 fu rounds up to 40"


# --------------------------------------------------------------------------
# Descriptions that cannot be a hand
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "h,words",
    [
        (FuHand("ron", melds=(SEQ,) * 3), "4 melds and a pair; got 3"),
        (hand("ron", OPEN_SEQ), "meld 1 is open"),
        (hand("ron", closed=False), "at least one called"),
        (FuHand("ron", closed=False, shape="seven-pairs"), "seven pairs is always a closed"),
        (
            hand(
                "ron",
                Meld("triplet"),
                Meld("triplet"),
                Meld("triplet"),
                Meld("triplet"),
                wait="kanchan",
            ),
            "kanchan wait completes a sequence",
        ),
        (hand("ron", wait="shanpon"), "shanpon wait completes a triplet"),
        (
            hand("ron", Meld("triplet", open=True), closed=False, wait="shanpon"),
            "shanpon wait completes a triplet",
        ),
        (
            hand("ron", Meld("sequence", winning=True), Meld("sequence", winning=True)),
            "melds 1, 2 are marked",
        ),
        (hand("ron", Meld("triplet", winning=True)), "ryanmen wait completes a sequence"),
        (hand("ron", Meld("triplet", winning=True), wait="tanki"), "completes the pair"),
        (FuHand("ron", wait="sideways", melds=(SEQ,) * 4), "the wait must be one of"),
        (FuHand("ron", melds=(Meld("quad"),) + (SEQ,) * 3), "meld 1 must be a"),
    ],
)
def test_impossible_descriptions_are_refused(h: FuHand, words: str) -> None:
    with pytest.raises(HandError) as caught:
        calculate(TENHOU, h)
    assert words in str(caught.value)


def test_yakuman_shapes_are_noted() -> None:
    kans = hand("tsumo", *(Meld("kan"),) * 4, wait="tanki")
    assert any("suukantsu" in n for n in calculate(TENHOU, kans).notes)
    four = hand("tsumo", *(Meld("triplet"),) * 4, wait="shanpon")
    assert any("suuankou" in n for n in calculate(TENHOU, four).notes)
    # Won by ron on the shanpon, one triplet counts open: three concealed, no yakuman.
    four_ron = hand("ron", *(Meld("triplet"),) * 4, wait="shanpon")
    assert not any("suuankou" in n for n in calculate(TENHOU, four_ron).notes)


# --------------------------------------------------------------------------
# Every hand the calculator can describe is accepted at hand entry
# --------------------------------------------------------------------------

melds = st.builds(
    Meld, kind=st.sampled_from(MELD_KINDS), open=st.booleans(), terminals=st.booleans()
)


@st.composite
def fu_hands(draw) -> FuHand:
    four = tuple(draw(st.lists(melds, min_size=4, max_size=4)))
    return FuHand(
        win=draw(st.sampled_from(["ron", "tsumo"])),
        closed=not any(m.open for m in four),
        wait=draw(st.sampled_from(WAITS)),
        pair=draw(st.sampled_from(PAIRS)),
        melds=four,
        shape=draw(st.sampled_from(["standard"] * 4 + ["pinfu", "seven-pairs"])),
    )


@FAST
@given(h=fu_hands(), rules=st.sampled_from([TENHOU, MLEAGUE]))
def test_every_calculated_fu_can_be_entered(h: FuHand, rules) -> None:
    try:
        result = calculate(rules, h)
    except HandError:
        return  # a description that is not a hand
    if any("yakuman" in n for n in result.notes):
        return  # fu do not count
    assert result.fu <= largest_fu(rules.fu)
    assert result.fu % 10 == 0 or result.fu == rules.fu.seven_pairs
    tsumo = h.win == "tsumo"
    assert score_problem(rules, 3, result.fu, tsumo=tsumo) is None, (h, result)


def test_largest_fu_is_reached() -> None:
    # Closed ron on a shanpon: three closed terminal kans (96), the completed
    # terminal triplet counts open (4), double-wind pair (4): 20 + 10 + 104 = 134 -> 140.
    h = hand(
        "ron",
        *(Meld("kan", terminals=True),) * 3,
        Meld("triplet", terminals=True),
        wait="shanpon",
        pair="double-wind",
    )
    assert calculate(TENHOU, h).total == 134
    assert calculate(TENHOU, h).fu == largest_fu(TENHOU.fu) == 140
    assert calculate(TENHOU, h).notes == (
        "a pair of the seat and round wind counts 4 fu with this ruleset",
    )
