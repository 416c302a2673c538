"""The riichi table flow: settlements, honba, deposits, the dealer, the end.

Seats are 0-based here (seat 0 deals first). Amounts are worked by hand in
the comments from rules.md §3 and the published tables.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from mjtui.core.errors import HandError
from mjtui.core.rulesets.ruleset import load_ruleset
from mjtui.core.systems.base import ScoringSystem
from mjtui.systems.riichi.system import (
    SYSTEM,
    AbortiveDraw,
    Chombo,
    ExhaustiveDraw,
    Rules,
    State,
    Win,
    Winner,
    check,
    check_in_play,
    describe,
    noten_payments,
    score_problem,
    settle,
    winners,
    with_riichi,
)

REPO = Path(__file__).resolve().parents[2]

FAST = settings(
    max_examples=200, database=None, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def rules(name: str = "tenhou", **changes) -> Rules:
    """A shipped ruleset with ``section__key=value`` changes."""
    r = load_ruleset(REPO / "rulesets" / f"riichi-{name}.toml").rules
    for dotted, value in changes.items():
        section, key = dotted.split("__")
        r = replace(r, **{section: replace(getattr(r, section), **{key: value})})
    return r


TENHOU, MLEAGUE, WRC = rules("tenhou"), rules("mleague"), rules("wrc")
SANMA = rules("sanma")


def at(r: Rules, **fields) -> State:
    """The table at some point of a game, e.g. at(r, round_wind=1, hand_number=4, east=3)."""
    return replace(SYSTEM.start(r), **fields)


def fold(r: Rules, *hands, state: State | None = None) -> list[State]:
    states = [state or SYSTEM.start(r)]
    for hand in hands:
        check(r, hand)
        states.append(SYSTEM.apply(r, states[-1], hand))
    return states


def ron(winner: int, discarder: int, han: int, fu: int | None = None, riichi=()) -> Win:
    return Win((Winner(winner, han, fu),), discarder=discarder, riichi=tuple(riichi))


def tsumo(winner: int, han: int, fu: int | None = None, riichi=()) -> Win:
    return Win((Winner(winner, han, fu),), riichi=tuple(riichi))


# --------------------------------------------------------------------------
# Settlements
# --------------------------------------------------------------------------


def test_ron_with_a_riichi_deposit() -> None:
    # E1, seat 0 deals. Seat 1 declares riichi (1000 to the table); seat 2 wins
    # 3 han 40 fu off seat 0: 40 x 32 = 1280 x 4 = 5120 -> 5200, plus the 1000 deposit.
    _, after = fold(TENHOU, ron(2, 0, 3, 40, riichi=[1]))
    assert after.last_change == (-5200, -1000, 6200, 0)
    assert after.totals == (19800, 24000, 31200, 25000)
    assert after.deposits == 0
    # A non-dealer won: the next seat deals E2, honba stay 0.
    assert (after.round, after.east, after.honba) == ("E2", 1, 0)


def test_dealer_tsumo_with_honba() -> None:
    # Seat 0 deals with 2 honba; 1 han 30 fu tsumo: 500 + 200 from each: +2100.
    _, after = fold(TENHOU, tsumo(0, 1, 30), state=at(TENHOU, honba=2))
    assert after.last_change == (2100, -700, -700, -700)
    assert (after.round, after.east, after.honba) == ("E1", 0, 3)


def test_non_dealer_tsumo_pays_the_dealer_double() -> None:
    # Seat 2 deals; seat 1 wins 2 han 60 fu by tsumo: b = 60 x 16 = 960: each
    # non-dealer pays 960 -> 1000, the dealer 1920 -> 2000.
    _, after = fold(TENHOU, tsumo(1, 2, 60), state=at(TENHOU, east=2, hand_number=3))
    assert after.last_change == (-1000, 4000, -2000, -1000)


@pytest.mark.parametrize(
    "tenpai,change",
    [
        ((), (0, 0, 0, 0)),
        ((2,), (-1000, -1000, 3000, -1000)),
        ((0, 3), (1500, -1500, -1500, 1500)),
        ((0, 1, 3), (1000, 1000, -3000, 1000)),
        ((0, 1, 2, 3), (0, 0, 0, 0)),
    ],
)
def test_noten_payments(tenpai, change) -> None:
    # 3000 in all: 1 tenpai gets 1000 from each; 2 get 1500 each; 3 get 1000 each.
    assert noten_payments(TENHOU, tenpai) == change
    _, after = fold(TENHOU, ExhaustiveDraw(tenpai=tenpai))
    assert after.last_change == change
    assert after.honba == 1


def test_chombo_pays_a_mangan_tsumo_or_a_final_penalty() -> None:
    # Tenhou: a non-dealer offender pays 4000 to the dealer and 2000 to each other.
    _, after = fold(TENHOU, Chombo(2, riichi=(1,)))
    assert after.last_change == (4000, 2000, -8000, 2000)  # the riichi is given back
    assert (after.round, after.east, after.honba, after.deposits) == ("E1", 0, 0, 0)
    # The dealer pays 4000 to each.
    _, after = fold(TENHOU, Chombo(0))
    assert after.last_change == (-12000, 4000, 4000, 4000)
    # M-League: nothing at the table, 20.0 off the final score.
    _, after = fold(MLEAGUE, Chombo(3))
    assert after.last_change == (0, 0, 0, 0)
    assert after.penalties == (0, 0, 0, 20000)
    # All four tie at 25000 and split uma (0) and oka (5 each): -5 + 5 - 20.
    assert [s.score for s in SYSTEM.standings(MLEAGUE, after) if s.seat == 3] == [-20.0]


# --------------------------------------------------------------------------
# Honba, the dealer and the deposits through a game
# --------------------------------------------------------------------------


def test_honba_after_dealer_wins_and_draws() -> None:
    states = fold(
        TENHOU,
        tsumo(0, 2, 30),  # the dealer wins: stays, honba 1
        ExhaustiveDraw(tenpai=(0,)),  # the dealer tenpai: stays, honba 2
        ExhaustiveDraw(tenpai=(1,)),  # the dealer noten: seat 1 deals, honba 3
        AbortiveDraw(),  # the dealer stays, honba 4
        ron(3, 0, 1, 30),  # another player wins: seat 2 deals, honba 0
        Chombo(1),  # the same hand again
    )
    positions = [(s.round, s.east, s.honba) for s in states]
    assert positions == [
        ("E1", 0, 0),
        ("E1", 0, 1),
        ("E1", 0, 2),
        ("E2", 1, 3),
        ("E2", 1, 4),
        ("E3", 2, 0),
        ("E3", 2, 0),
    ]
    # The ron carried 4 honba: 1000 + 4 x 300.
    assert states[5].last_change == (-2200, 0, 0, 2200)


def test_deposits_carry_over_draws_to_the_next_winner() -> None:
    states = fold(
        TENHOU,
        ExhaustiveDraw(tenpai=(1,), riichi=(1,)),  # seat 1's riichi: 1000 on the table
        AbortiveDraw(riichi=(2,)),  # another 1000
        ron(3, 0, 1, 30, riichi=(3,)),  # seat 3 declares and wins: takes 3000
    )
    assert [s.deposits for s in states] == [0, 1000, 2000, 0]
    # The draw: seat 1 gets 3000 in noten payments and puts 1000 down.
    assert states[1].last_change == (-1000, 2000, -1000, -1000)
    # Honba 2 after the draws: the ron pays 1000 + 600; seat 3 nets +1600 + 3000 - 1000.
    assert states[3].last_change == (-1600, 0, 0, 3600)
    assert sum(states[3].totals) == 100000


def test_riichi_preview_takes_the_deposit_at_once() -> None:
    state = with_riichi(TENHOU, SYSTEM.start(TENHOU), [1, 3])
    assert state.totals == (25000, 24000, 25000, 24000)
    assert state.deposits == 2000


# --------------------------------------------------------------------------
# Multiple ron
# --------------------------------------------------------------------------


def test_double_ron_honba_and_deposits_go_to_the_first_in_turn() -> None:
    # Seat 2 deals, 1 honba, 1000 on the table. Seat 1 discards; seats 0 and 3
    # win. Turn order after seat 1: 2, 3, 0, so seat 3 is first: it gets its
    # 1 han 30 fu (1000) + 300 honba + the 1000 deposit; seat 0 only its 2 han
    # 30 fu (2000).
    hand = Win((Winner(0, 2, 30), Winner(3, 1, 30)), discarder=1)
    state = at(
        TENHOU, east=2, hand_number=3, honba=1, deposits=1000, totals=(25000, 25000, 24000, 25000)
    )
    _, after = fold(TENHOU, hand, state=state)
    assert after.last_change == (2000, -3300, 0, 2300)
    # Neither winner dealt: seat 3 deals E4, honba back to 0.
    assert (after.round, after.east, after.honba) == ("E4", 3, 0)


def test_double_ron_honba_to_each_by_rule() -> None:
    each = rules("tenhou", payments__multiple_ron_honba="each")
    hand = Win((Winner(0, 2, 30), Winner(3, 1, 30)), discarder=1)
    _, after = fold(each, hand, state=at(each, east=2, hand_number=3, honba=1))
    assert after.last_change == (2300, -3600, 0, 1300)


def test_double_ron_with_the_dealer_keeps_the_deal() -> None:
    hand = Win((Winner(0, 1, 30), Winner(2, 1, 30)), discarder=1)  # seat 0 deals
    _, after = fold(TENHOU, hand)
    assert after.last_change == (1500, -2500, 1000, 0)
    assert (after.round, after.east, after.honba) == ("E1", 0, 1)


def test_triple_ron_where_allowed() -> None:
    triple = rules("tenhou", payments__multiple_ron="triple")
    hand = Win((Winner(1, 1, 30), Winner(2, 1, 30), Winner(3, 1, 30)), discarder=0)
    _, after = fold(triple, hand)
    assert after.last_change == (-3000, 1000, 1000, 1000)
    with pytest.raises(HandError, match="abortive draw"):
        check(TENHOU, hand)  # "double": three winners is an abortive draw


def test_head_bump_refuses_two_winners_and_names_the_one() -> None:
    # Seat 2 discards; seats 0 and 3 call ron. After seat 2 comes seat 3.
    hand = Win((Winner(0, 1, 30), Winner(3, 1, 30)), discarder=2)
    with pytest.raises(HandError) as caught:
        check(WRC, hand)
    assert "head bump: only seat 4" in str(caught.value)


# --------------------------------------------------------------------------
# The end of the game
# --------------------------------------------------------------------------

SOUTH_4 = {"round_wind": 1, "hand_number": 4, "east": 3}


def test_a_hanchan_ends_after_south_4() -> None:
    state = at(MLEAGUE, **SOUTH_4, totals=(31000, 25000, 24000, 20000))
    _, after = fold(MLEAGUE, ron(1, 2, 1, 30), state=state)
    assert after.finished and after.end == "length"
    assert after.end_text == "South 4 was the last hand"


def test_east_4_is_the_last_hand_of_an_east_only_game() -> None:
    east_only = rules("mleague", length__rounds=1)
    state = at(east_only, hand_number=4, east=3)
    _, after = fold(east_only, ExhaustiveDraw(tenpai=(0,)), state=state)
    assert after.end == "length" and after.end_text == "East 4 was the last hand"
    # Before East 4 the game goes on.
    _, after = fold(east_only, ron(1, 2, 1, 30), state=at(east_only, hand_number=3, east=2))
    assert not after.finished and after.round == "E4"


def test_the_dealer_plays_on_in_south_4_without_agari_yame() -> None:
    state = at(MLEAGUE, **SOUTH_4, totals=(25000, 25000, 20000, 30000))
    _, after = fold(MLEAGUE, tsumo(3, 3, 30), state=state)
    assert not after.finished
    assert (after.round, after.east, after.honba) == ("S4", 3, 1)


def test_agari_yame() -> None:
    # Tenhou: the South 4 dealer wins and is first, with 30000 or more: the end.
    state = at(TENHOU, **SOUTH_4, totals=(28000, 20000, 20000, 32000))
    _, after = fold(TENHOU, ron(3, 1, 1, 30), state=state)
    assert after.end == "agari-yame" and after.end_seat == 3
    # Not first: play on.
    state = at(TENHOU, **SOUTH_4, totals=(38000, 20000, 20000, 22000))
    _, after = fold(TENHOU, ron(3, 1, 1, 30), state=state)
    assert not after.finished
    # First, but nobody has 30000 yet (the West round would come): play on.
    state = at(TENHOU, **SOUTH_4, totals=(25000, 25000, 25000, 25000))
    _, after = fold(TENHOU, ron(3, 1, 1, 30), state=state)
    assert not after.finished and after.totals[3] == 26500


def test_tenpai_yame() -> None:
    state = at(TENHOU, **SOUTH_4, totals=(28000, 20000, 20000, 32000))
    _, after = fold(TENHOU, ExhaustiveDraw(tenpai=(3,)), state=state)
    assert after.end == "tenpai-yame"
    no_yame = rules("tenhou", length__tenpai_yame=False)
    _, after = fold(no_yame, ExhaustiveDraw(tenpai=(3,)), state=state)
    assert not after.finished and after.honba == 1


def test_bust_ends_the_game_where_tobi_is_played() -> None:
    # Seat 1 has 1000 and deals in 2000 (2 han 30 fu, seat 2 wins): -1000, below zero.
    totals = (40000, 1000, 30000, 29000)
    _, after = fold(TENHOU, ron(2, 1, 2, 30), state=at(TENHOU, totals=totals))
    assert after.end == "bust" and after.end_seat == 1
    assert after.end_text == "seat 2 went below zero"
    # Exactly zero plays on (1 han 30 fu: 1000).
    _, after = fold(TENHOU, ron(2, 1, 1, 30), state=at(TENHOU, totals=totals))
    assert after.totals[1] == 0 and not after.finished
    # WRC: no tobi, the game goes on below zero.
    _, after = fold(WRC, ron(2, 1, 2, 30), state=at(WRC, totals=totals))
    assert after.totals[1] == -1000 and not after.finished


def test_west_round_until_someone_has_30000() -> None:
    # Tenhou: after South 4 nobody has 30000: West 1, seat 0 deals.
    state = at(TENHOU, **SOUTH_4, totals=(28000, 26000, 24000, 22000))
    _, west = fold(TENHOU, ron(1, 2, 1, 30), state=state)
    assert not west.finished and (west.round, west.east) == ("W1", 0)
    # Seat 0 deals West 1 and wins 2 han 30 fu by ron (dealer: 2900): 28000 -> 30900.
    _, after = fold(TENHOU, ron(0, 2, 2, 30), state=west)
    assert after.totals[0] == 30900
    assert after.end == "target" and after.end_text == "seat 1 has 30000 or more in West 1"
    # West 4 ends it whatever the totals.
    state = at(TENHOU, round_wind=2, hand_number=4, east=3, totals=(25000, 25000, 25000, 25000))
    _, after = fold(TENHOU, ron(1, 2, 1, 30), state=state)
    assert after.end == "length" and after.end_text == "West 4 was the last hand"


def test_a_chombo_in_the_last_hand_does_not_end_the_game() -> None:
    state = at(MLEAGUE, **SOUTH_4)
    _, after = fold(MLEAGUE, Chombo(1), state=state)
    assert not after.finished and after.round == "S4"


def test_left_over_deposits_go_to_first_place_or_are_lost() -> None:
    # The last hand is drawn with 2000 on the table; the dealer is noten: the end.
    totals = (30000, 26000, 22000, 20000)
    hand = ExhaustiveDraw(tenpai=(0,))
    state = at(TENHOU, **SOUTH_4, totals=totals, deposits=2000)
    _, after = fold(TENHOU, hand, state=state)
    # Noten payments: seat 0 +3000; then the 2000 left over go to first place, seat 0.
    assert after.end == "length"
    assert after.totals == (35000, 25000, 21000, 19000)
    assert after.last_change == (5000, -1000, -1000, -1000)
    assert after.deposits == 0
    state = at(WRC, **SOUTH_4, totals=tuple(t + 5000 for t in totals), deposits=2000)
    _, after = fold(WRC, hand, state=state)
    assert after.totals == (38000, 30000, 26000, 24000)
    assert (after.deposits, after.forfeited) == (0, 2000)


def test_left_over_deposits_with_a_tie_for_first() -> None:
    # The last hand is drawn, nobody tenpai, with deposits on the table; seats 0
    # and 1 tie for first. By seat order seat 0 takes them; split, each takes half.
    totals = (27000, 27000, 22000, 22000)
    hand = ExhaustiveDraw()
    by_seat = rules("mleague", final__ties="seat")
    seat_rule = at(by_seat, **SOUTH_4, totals=totals, deposits=2000)
    assert fold(by_seat, hand, state=seat_rule)[1].totals[:2] == (29000, 27000)
    split = at(MLEAGUE, **SOUTH_4, totals=totals, deposits=3000)
    assert fold(MLEAGUE, hand, state=split)[1].totals[:2] == (28500, 28500)


def test_hands_after_the_end_are_refused_when_entered() -> None:
    state = at(MLEAGUE, **SOUTH_4)
    _, over = fold(MLEAGUE, ron(1, 2, 1, 30), state=state)
    with pytest.raises(HandError, match="the game is over: South 4 was the last hand"):
        check_in_play(MLEAGUE, over, ron(1, 2, 1, 30))
    # Folded anyway (a hand-written file), the game stays over with its reason.
    after = SYSTEM.apply(MLEAGUE, over, ron(1, 2, 1, 30))
    assert after.end == "length" and after.hands == over.hands + 1


def test_riichi_needs_the_deposit_where_the_rules_say() -> None:
    state = at(TENHOU, totals=(40000, 900, 30000, 29100))
    with pytest.raises(HandError, match="seat 2 has 900 points, less than the 1000"):
        check_in_play(TENHOU, state, ExhaustiveDraw(tenpai=(1,), riichi=(1,)))
    check_in_play(MLEAGUE, state, ExhaustiveDraw(tenpai=(1,), riichi=(1,)))


# --------------------------------------------------------------------------
# Wrong combinations
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand,words",
    [
        (ron(1, 1, 1, 30), "seat 2 cannot win on a tile they discarded"),
        (Win((Winner(0, 1, 30), Winner(1, 1, 30))), "a tsumo has one winner"),
        (ron(1, 0, 1, 20), "20 fu cannot be won by ron"),
        (tsumo(1, 1, 20), "at least 2 han"),
        (ron(1, 0, 2, 45), "45 fu cannot exist"),
        (ron(4, 0, 1, 30), "the winners must be a seat from 1 to 4, got 5"),
        (ron(1, 7, 1, 30), "the discarder must be a seat from 1 to 4"),
        (Win((), discarder=0), "a win needs a winner"),
        (Win((Winner(1, 1, 30), Winner(1, 2, 30)), discarder=0), "names a seat twice"),
        (ron(1, 0, 1, 30, riichi=(2, 2)), "riichi names a seat twice"),
        (ExhaustiveDraw(tenpai=(1,), riichi=(2,)), "seat 3 declared riichi, so is tenpai"),
        (Chombo(4), "the offender must be a seat"),
        (Win((Winner(1, 3, 30, yakuman=1),)), "without han and fu"),
    ],
)
def test_wrong_combinations_are_refused(hand, words) -> None:
    with pytest.raises(HandError) as caught:
        check(TENHOU, hand)
    assert words in str(caught.value)


def test_abortive_draws_only_where_played() -> None:
    check(TENHOU, AbortiveDraw())
    with pytest.raises(HandError, match="no abortive draws"):
        check(WRC, AbortiveDraw())


# --------------------------------------------------------------------------
# What the screens read
# --------------------------------------------------------------------------


def test_state_fields_for_the_screens() -> None:
    state = SYSTEM.start(TENHOU)
    assert state.totals == (25000,) * 4 and state.last_change is None
    assert (state.east, state.hands, state.round, state.round_name) == (0, 0, "E1", "East 1")
    assert [state.wind(s) for s in range(4)] == ["East", "South", "West", "North"]
    _, after = fold(TENHOU, ron(2, 0, 1, 30))
    assert [after.wind(s) for s in range(4)] == ["North", "East", "South", "West"]
    assert SYSTEM.replay_fields(after) == {
        "totals": [24000, 25000, 26000, 25000],
        "east": 2,
        "honba": 0,
        "deposits": 0,
        "round": "E2",
        "dealer": 2,
    }


def test_hands_in_words_for_the_history() -> None:
    names = ("Ann", "Bob", "Chen", "Dora")
    assert describe(ron(2, 0, 3, 40, riichi=(1,)), names) == (
        "Chen ron off Ann, 3 han 40 fu; riichi: Bob"
    )
    double = Win((Winner(3, 5), Winner(1, 0, None, 2)), discarder=0)
    assert describe(double, names) == "ron off Ann: Dora 5 han; Bob 2x yakuman"
    assert winners(double) == (3, 1)
    assert describe(tsumo(1, 2, 20), names) == "Bob tsumo, 2 han 20 fu"
    assert describe(ExhaustiveDraw(tenpai=(3, 0)), names) == "draw (Ann, Dora tenpai)"
    assert describe(ExhaustiveDraw(), names) == "draw (all noten)"
    assert describe(AbortiveDraw(riichi=(2,)), names) == "abortive draw; riichi: Chen"
    assert describe(Chombo(3), names) == "chombo by Dora"
    assert winners(Chombo(3)) == ()


def test_the_scoring_system_protocol_is_complete() -> None:
    protocol = {name for name in vars(ScoringSystem) if not name.startswith("_")}
    assert protocol - set(dir(SYSTEM)) == set()
    names = ("Ann", "Bob", "Chen", "Dora")
    assert SYSTEM.describe_hand(ron(2, 0, 1, 30), names) == "Chen ron off Ann, 1 han 30 fu"
    assert SYSTEM.hand_scores(ron(2, 0, 1, 30)) is None
    state = at(TENHOU, east=1, hand_number=2, honba=1, deposits=2000)
    assert SYSTEM.describe_state(state, names) == (
        "East 2 · dealer Bob · 1 honba · 2000 on the table"
    )
    totals = (40000, 1000, 30000, 29000)
    _, over = fold(TENHOU, ron(2, 1, 2, 30), state=at(TENHOU, totals=totals))
    assert SYSTEM.describe_state(over, names) == "Game over: Bob went below zero"


def test_settle_lists_every_transfer() -> None:
    state = at(TENHOU, honba=1, deposits=1000, totals=(25000, 25000, 24000, 25000))
    settled = settle(TENHOU, state, ron(2, 0, 1, 30, riichi=(1,)))
    assert [(t.payer, t.receiver, t.amount, t.what) for t in settled.transfers] == [
        (1, None, 1000, "riichi deposit"),
        (0, 2, 1300, "ron"),
        (None, 2, 2000, "deposits"),
    ]
    assert settled.payments[0][1].honba == 300
    # A tsumo: what the form previews (seat 1's 2 han 30 fu with 1 honba: 600/1100).
    settled = settle(TENHOU, state, tsumo(1, 2, 30))
    assert [(seat, pay.short(), pay.total) for seat, pay in settled.payments] == [
        (1, "600/1100", 2300)
    ]
    assert settled.change == (-1100, 2300 + 1000, -600, -600)


def test_start_points_change_keeps_the_oka_balanced() -> None:
    other = SYSTEM.with_start_points(TENHOU, 27000)
    assert other.table.start_points == 27000 and other.final.oka == 12000
    assert SYSTEM.with_start_points(WRC, 25000).final.oka == 20000


# --------------------------------------------------------------------------
# Every settlement sums to zero with the deposits
# --------------------------------------------------------------------------

FU = [20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110, 140, None]


@st.composite
def scores(draw, tsumo: bool, r: Rules) -> Winner:
    if draw(st.integers(0, 9)) == 0:
        return Winner(0, 0, None, draw(st.integers(1, 3)))
    han, fu = draw(st.integers(1, 14)), draw(st.sampled_from(FU))
    assume(score_problem(r, han, fu, tsumo=tsumo) is None)
    return Winner(0, han, fu)


@st.composite
def hands(draw, r: Rules):
    kinds = ["ron", "ron", "tsumo", "draw", "chombo"] + (["abortive"] if r.draws.abortive else [])
    kind = draw(st.sampled_from(kinds))
    n = r.players
    seat = st.integers(0, n - 1)
    riichi = tuple(draw(st.lists(seat, unique=True, max_size=n)))
    if r.draws.abortive and n == 4 and kind in ("ron", "tsumo", "draw"):
        riichi = riichi[:3]  # a fourth riichi stops the hand as an abortive draw
    if kind == "ron":
        discarder = draw(seat)
        most = {"head-bump": 1, "double": 2, "triple": 3}[r.payments.multiple_ron]
        seats = draw(
            st.lists(
                st.sampled_from([s for s in range(n) if s != discarder]),
                min_size=1,
                max_size=most,
                unique=True,
            )
        )
        winners = tuple(replace(draw(scores(False, r)), seat=s) for s in seats)
        return Win(
            winners, discarder=discarder, riichi=riichi, pao=_pao(draw, r, winners, range(n))
        )
    if kind == "tsumo":
        winners = (replace(draw(scores(True, r)), seat=draw(seat)),)
        return Win(winners, riichi=riichi, pao=_pao(draw, r, winners, range(n)))
    if kind == "draw":
        tenpai = tuple(draw(st.lists(seat, unique=True, max_size=n)))
        nagashi = (
            tuple(draw(st.lists(seat, unique=True, max_size=2))) if r.draws.nagashi_mangan else ()
        )
        return ExhaustiveDraw(
            tenpai=tenpai, riichi=tuple(s for s in riichi if s in tenpai), nagashi=nagashi
        )
    if kind == "abortive":
        return AbortiveDraw(riichi=riichi)
    return Chombo(draw(seat), riichi=riichi)


def _pao(draw, r: Rules, winners, seats) -> int | None:
    """A liable seat for a lone yakuman winner, sometimes."""
    if len(winners) != 1 or not winners[0].yakuman or not r.payments.pao:
        return None
    return draw(st.sampled_from([None, *(s for s in seats if s != winners[0].seat)]))


@st.composite
def games(draw):
    r = draw(st.sampled_from([TENHOU, MLEAGUE, WRC, SANMA]))
    r = replace(
        r,
        payments=replace(
            r.payments,
            multiple_ron=draw(st.sampled_from(["head-bump", "double", "triple"])),
            multiple_ron_honba=draw(st.sampled_from(["first", "each"])),
            multiple_ron_deposits=draw(st.sampled_from(["first", "split"])),
            tsumo_loss=draw(st.booleans()),
        ),
        draws=replace(
            r.draws,
            nagashi_mangan=draw(st.booleans()),
            nagashi_honba=draw(st.booleans()),
            nagashi_noten=draw(st.booleans()),
            nagashi_flow=draw(st.sampled_from(["draw", "win"])),
        ),
        length=replace(
            r.length, rounds=draw(st.integers(1, 2)), extra_rounds=draw(st.integers(0, 1))
        ),
        end=replace(
            r.end,
            tobi=draw(st.booleans()),
            left_over_deposits=draw(st.sampled_from(["first", "lost"])),
        ),
        final=replace(r.final, ties=draw(st.sampled_from(["seat", "split"]))),
    )
    return r, draw(st.lists(hands(r), max_size=40))


@FAST
@given(games())
def test_totals_and_deposits_are_constant(game) -> None:
    r, events = game
    state = SYSTEM.start(r)
    n = r.players
    whole = n * r.table.start_points
    for hand in events:
        check(r, hand)
        before = state
        state = SYSTEM.apply(r, state, hand)
        # Nothing is made or lost: the change of the totals is what went to the
        # table (deposits) or out of the game (left-over deposits at the end).
        assert sum(state.totals) + state.deposits + state.forfeited == whole
        moved = (state.deposits - before.deposits) + (state.forfeited - before.forfeited)
        assert sum(state.last_change) == -moved
        assert state.deposits % r.payments.riichi_deposit == 0
        assert state.honba >= 0
        assert state.east == (state.round_wind * n + state.hand_number - 1) % n
        assert 1 <= state.hand_number <= n and len(state.totals) == n
        if before.finished:
            assert (state.end, state.end_text) == (before.end, before.end_text)
        if state.finished and not before.finished:
            assert state.deposits == 0


# --------------------------------------------------------------------------
# Nagashi mangan, pao, the deposits of a multiple ron
# --------------------------------------------------------------------------


def test_nagashi_mangan_is_a_mangan_tsumo_in_place_of_the_noten_payments() -> None:
    # A mangan tsumo: a non-dealer gets 4000 from the dealer and 2000 from each other
    # player (riichi.wiki, "Nagashi mangan"); Tenhou pays no honba with it and no
    # noten payments, and the hand stays a draw: a honba, the deposits stay.
    start = at(TENHOU, honba=1, deposits=1000)
    _, after = fold(TENHOU, ExhaustiveDraw(tenpai=(1,), nagashi=(2,)), state=start)
    assert after.last_change == (-4000, -2000, 8000, -2000)
    assert (after.east, after.honba, after.deposits) == (1, 2, 1000)
    # The dealer's: 4000 all; tenpai, so the dealer repeats.
    _, after = fold(TENHOU, ExhaustiveDraw(tenpai=(0,), nagashi=(0,)))
    assert after.last_change == (12000, -4000, -4000, -4000)
    assert (after.east, after.honba) == (0, 1)


def test_two_nagashi_are_paid_one_after_the_other() -> None:
    _, after = fold(TENHOU, ExhaustiveDraw(nagashi=(0, 3)))
    # Seat 0 deals: +12000 from everyone (seat 3 pays 4000); seat 3: 4000 from the
    # dealer, 2000 from each other.
    assert after.last_change == (12000 - 4000, -4000 - 2000, -4000 - 2000, -4000 + 8000)


def test_nagashi_keys_honba_noten_and_flow() -> None:
    r = rules(draws__nagashi_honba=True, draws__nagashi_noten=True, draws__nagashi_flow="win")
    # Seat 2 makes it, seat 1 is tenpai, 2 honba: mangan 4000/2000 + 200 each, and
    # seat 1 takes 1000 from each noten player.
    _, after = fold(r, ExhaustiveDraw(tenpai=(1,), nagashi=(2,)), state=at(r, honba=2))
    assert after.last_change == (-4200 - 1000, -2200 + 3000, 8600 - 1000, -2200 - 1000)
    # As a win by a non-dealer: the deal passes, the honba go back to 0.
    assert (after.east, after.honba) == (1, 0)
    _, after = fold(r, ExhaustiveDraw(nagashi=(0,)))
    assert (after.east, after.honba) == (0, 1)


def test_nagashi_is_refused_where_not_played() -> None:
    with pytest.raises(HandError, match="no nagashi mangan"):
        check(WRC, ExhaustiveDraw(nagashi=(1,)))
    with pytest.raises(HandError, match="nagashi"):
        check(TENHOU, ExhaustiveDraw(nagashi=(4,)))


def yakuman_win(winner: int, discarder: int | None, pao: int | None, yaku=()) -> Win:
    return Win((Winner(winner, 0, None, 1, yaku=tuple(yaku)),), discarder=discarder, pao=pao)


def test_pao_tsumo_the_liable_seat_pays_it_all() -> None:
    # A non-dealer's yakuman by tsumo is 32000 (8000/16000); seat 3 was liable and pays
    # it all, with the honba (riichi.wiki "Sekinin barai": full on tsumo, half on ron).
    _, after = fold(TENHOU, yakuman_win(1, None, 3), state=at(TENHOU, honba=1))
    assert after.last_change == (0, 32300, 0, -32300)


def test_pao_ron_is_split_with_the_discarder() -> None:
    # The dealer's yakuman by ron: 48000, 24000 each; the honba from the discarder.
    _, after = fold(TENHOU, yakuman_win(0, 2, 1), state=at(TENHOU, honba=2))
    assert after.last_change == (48600, -24000, -24600, 0)
    # The liable seat discarded: it pays it all, as any ron.
    _, after = fold(TENHOU, yakuman_win(0, 2, 2))
    assert after.last_change == (48000, 0, -48000, 0)


@pytest.mark.parametrize(
    "hand,words",
    [
        (yakuman_win(0, 2, 0), "another player"),
        (Win((Winner(0, 3, 30),), discarder=2, pao=1), "no yakuman"),
        (yakuman_win(0, None, 1, ["tsuuiisou"]), "none of them"),
        (Win((Winner(0, 0, None, 1), Winner(1, 2, 30)), discarder=2, pao=3), "double ron"),
    ],
)
def test_pao_wrong_combinations(hand, words) -> None:
    with pytest.raises(HandError, match=words):
        check(TENHOU, hand)


def test_pao_for_the_ruleset_s_yakuman_only() -> None:
    check(TENHOU, yakuman_win(0, None, 1, ["daisangen"]))
    with pytest.raises(HandError, match="suukantsu"):
        check(rules(payments__pao=("suukantsu",)), yakuman_win(0, None, 1, ["daisangen"]))
    with pytest.raises(HandError, match="no pao"):
        check(rules(payments__pao=()), yakuman_win(0, None, 1))


def test_double_ron_deposits_head_bump_or_split() -> None:
    double = Win((Winner(1, 1, 30), Winner(3, 1, 30)), discarder=2, riichi=(0,))
    start = at(TENHOU, deposits=2000)
    # 3000 on the table: all to seat 3, first in turn after the discarder (seat 2).
    _, after = fold(TENHOU, double, state=start)
    assert after.last_change == (-1000, 1000, -2000, 1000 + 3000)
    r = rules(payments__multiple_ron_deposits="split")
    _, after = fold(r, double, state=at(r, deposits=2000))
    assert after.last_change == (-1000, 1000 + 1500, -2000, 1000 + 1500)
    # 1000: 500 each; 3000 in 1000s would not split, the unit is the rounding (100).
    _, after = fold(r, replace(double, riichi=()), state=at(r, deposits=1000))
    assert after.last_change == (0, 1000 + 500, -2000, 1000 + 500)


def test_nagashi_and_pao_in_words_and_in_the_file() -> None:
    names = ("Ann", "Bob", "Chen", "Dora")
    assert describe(ExhaustiveDraw(tenpai=(1,), nagashi=(2,)), names) == (
        "draw (Bob tenpai); nagashi mangan: Chen"
    )
    assert describe(yakuman_win(0, None, 3), names) == "Ann tsumo, yakuman; pao: Dora"
    for hand in (ExhaustiveDraw(tenpai=(1,), nagashi=(2, 3)), yakuman_win(0, 2, 1)):
        record = SYSTEM.hand_to_record(hand)
        assert SYSTEM.hand_from_record(TENHOU, record) == hand
    assert SYSTEM.hand_to_record(yakuman_win(0, 2, 1))["pao"] == 2
