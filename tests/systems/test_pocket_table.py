"""Pocket Mahjong payments and the table: portions by curve, responsibility on a
discard, self-draw, guarantee, false win, zero sum, and the starter's rotation
through the round winds."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mjtui.core.errors import HandError
from mjtui.core.rulesets.ruleset import load_ruleset
from mjtui.systems.pocket.system import (
    SYSTEM,
    Draw,
    FalseWin,
    Win,
    change,
    check,
    check_in_play,
    multiplier,
    state_text,
)

REPO = Path(__file__).resolve().parents[2]
POCKET = load_ruleset(REPO / "rulesets" / "pocket.toml").rules
THREE_FAN = load_ruleset(REPO / "rulesets" / "pocket-3fan.toml").rules
NAMES = ("Ann", "Bob", "Cy", "Di")


def paying(rules=POCKET, **payments):
    return replace(rules, payments=replace(rules.payments, **payments))


def test_the_curves() -> None:
    # rules.md §4: half-spicy 1,2,4,8,16,24,32,48,64,96,128,192,256,384; spicy 2^fan.
    half = [1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384]
    assert [multiplier(POCKET, f) for f in range(14)] == half
    spicy = paying(curve="spicy")
    assert [multiplier(spicy, f) for f in range(14)] == [2**f for f in range(14)]
    # The other published table: 3 -> 1, 4-6 -> 2, 7-9 -> 4, 10+ -> 8.
    assert [multiplier(THREE_FAN, f) for f in range(3, 13)] == [1, 2, 2, 2, 4, 4, 4, 8, 8, 8]


def test_self_draw_each_of_the_three_pays_a_portion() -> None:
    # 5 fan half-spicy: 24 each; spicy: 32 each.
    assert change(POCKET, Win(2, 5)) == (-24, -24, 72, -24)
    assert change(paying(curve="spicy"), Win(2, 5)) == (-32, -32, 96, -32)
    assert change(paying(self_draw_each=2), Win(2, 5)) == (-48, -48, 144, -48)


@pytest.mark.parametrize("curve,portion", [("half-spicy", 24), ("spicy", 32)])
def test_discard_under_each_responsibility(curve, portion) -> None:
    win = Win(2, 5, discarder=0)
    half = paying(curve=curve, discard="half")
    assert change(half, win) == (-portion, -portion // 2, 2 * portion, -portion // 2)
    full = paying(curve=curve, discard="full")
    assert change(full, win) == (-2 * portion, 0, 2 * portion, 0)
    everything = paying(curve=curve, discard="all")
    assert change(everything, win) == (-3 * portion, 0, 3 * portion, 0)


def test_a_half_portion_of_an_odd_amount_is_rounded_up() -> None:
    rules = paying(THREE_FAN, discard="half")
    assert change(rules, Win(1, 3, discarder=3)) == (-1, 3, -1, -1)


def test_the_3_fan_table_discarder_pays_all() -> None:
    assert change(THREE_FAN, Win(0, 7, discarder=1)) == (12, -12, 0, 0)
    assert change(THREE_FAN, Win(0, 13, discarder=1)) == (24, -24, 0, 0)  # the limit, 8


def test_fan_above_the_limit_is_paid_as_the_limit() -> None:
    assert change(POCKET, Win(0, 13)) == change(POCKET, Win(0, 10)) == (384, -128, -128, -128)


def test_guarantor_pays_for_all_three() -> None:
    assert change(POCKET, Win(1, 4, guarantor=3)) == (0, 48, 0, -48)
    with pytest.raises(HandError, match="no guarantee"):
        check(paying(guarantee=False), Win(1, 4, guarantor=3))
    with pytest.raises(HandError, match="self-draw only"):
        check(POCKET, Win(1, 4, discarder=2, guarantor=3))


def test_false_win_pays_the_limit_to_each() -> None:
    assert change(POCKET, FalseWin(2)) == (128, 128, -384, 128)
    assert change(THREE_FAN, FalseWin(0)) == (-24, 8, 8, 8)
    assert change(POCKET, Draw()) == (0, 0, 0, 0)


@pytest.mark.parametrize(
    "hand,words",
    [
        (Win(0, 2), "under the minimum of 3 fan"),
        (Win(0, 3, discarder=0), "cannot win on his own discard"),
        (Win(4, 3), "seat from 1 to 4, got 5"),
        (Win(0, 3, guarantor=0), "cannot guarantee his own"),
        (FalseWin(-1), "the offender must be a seat"),
        (Win(0, 3, context=("doubled",)), "unknown context"),
    ],
)
def test_check_refuses_with_the_reason(hand, words) -> None:
    with pytest.raises(HandError, match=words):
        check(POCKET, hand)


HANDS = st.one_of(
    st.builds(
        Win,
        st.integers(0, 3),
        st.integers(0, 20),
        st.none(),
        st.one_of(st.none(), st.integers(0, 3)),
    ),
    st.builds(Win, st.integers(0, 3), st.integers(0, 20), st.integers(0, 3)),
    st.builds(FalseWin, st.integers(0, 3)),
    st.just(Draw()),
)


@given(
    hand=HANDS,
    curve=st.sampled_from(["half-spicy", "spicy", "table"]),
    discard=st.sampled_from(["half", "full", "all"]),
    base=st.integers(1, 50),
    each=st.integers(1, 3),
    table=st.lists(st.integers(0, 100), min_size=1, max_size=14),
)
def test_every_payment_is_zero_sum(hand, curve, discard, base, each, table) -> None:
    rules = paying(
        POCKET,
        curve=curve,
        discard=discard,
        base=base,
        self_draw_each=each,
        multipliers=tuple(table) if curve == "table" else (),
    )
    rules = replace(rules, fan=replace(rules.fan, minimum=0))
    try:
        check(rules, hand)
    except HandError:
        return
    delta = change(rules, hand)
    assert sum(delta) == 0
    if isinstance(hand, Win):
        assert min(delta[s] for s in range(4) if s != hand.winner) <= 0 <= delta[hand.winner]


def fold(rules, hands):
    state = SYSTEM.start(rules)
    states = [state]
    for hand in hands:
        check_in_play(rules, state, hand)
        state = SYSTEM.apply(rules, state, hand)
        states.append(state)
    return states


def test_a_whole_round_of_rotation_into_south_with_repeats() -> None:
    hands = [
        Win(0, 3),  # Ann (starter) wins: she stays
        Draw(),  # a draw: she stays
        Win(2, 4, discarder=1),  # Cy wins: the role passes to Bob
        Win(1, 3, discarder=3),  # Bob, the starter, wins: he stays
        FalseWin(3),  # a false win: the starter stays (false_win.starter)
        Win(3, 3),  # Di wins: the role passes to Cy
        Win(0, 3, discarder=2),  # Ann wins: passes to Di
        Draw(),  # Di stays
        Win(1, 5),  # Bob wins: back to Ann, and the South round begins
    ]
    states = fold(POCKET, hands)
    assert [s.east for s in states] == [0, 0, 0, 1, 1, 1, 2, 3, 3, 0]
    assert [s.round_wind for s in states] == [0] * 9 + [1]
    after = states[-1]
    assert [after.wind(s) for s in range(4)] == ["East", "South", "West", "North"]
    assert [states[3].wind(s) for s in range(4)] == ["North", "East", "South", "West"]
    assert state_text(after, NAMES) == "South round · starter Ann"
    assert state_text(states[1], NAMES) == "East round · starter Ann (hand 2 as starter)"
    assert SYSTEM.replay_fields(after) == {
        "totals": list(after.totals),
        "east": 1,
        "round": "South",
        "starter": 1,
        "finished": False,
    }
    assert all(sum(s.totals) == 4 * POCKET.table.start_points for s in states)
    assert states[-1].last_change == (-24, 72, -24, -24)  # 5 fan: 24 each


def test_the_series_ends_after_its_rounds() -> None:
    rules = replace(POCKET, table=replace(POCKET.table, rounds=1))
    states = fold(rules, [Win(1, 3), Win(2, 3), Win(3, 3)])
    assert not states[-1].finished and states[-1].round_wind == 0
    last = SYSTEM.apply(rules, states[-1], Win(0, 3))
    assert last.finished and state_text(last, NAMES).startswith("Series over")
    assert SYSTEM.replay_fields(last)["finished"] is True
    with pytest.raises(HandError, match="series is over"):
        check_in_play(rules, last, Win(0, 3))
    # A passing starter after the end changes nothing.
    assert SYSTEM.apply(rules, last, Win(2, 3)).passes == last.passes


def test_false_win_can_pass_the_starter() -> None:
    rules = replace(POCKET, false_win=replace(POCKET.false_win, starter="next"))
    assert fold(rules, [FalseWin(3)])[-1].east == 1
