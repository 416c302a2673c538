"""Final standings: raw points, uma, oka, chombo penalties, and ties.

Final score = (points - target) / 1000 + uma + oka (to first place) - penalty.
Worked by hand with the shipped rulesets:

* Tenhou 25000 / 30000, uma 20/10/-10/-20, oka 20, ties by seat order;
* M-League 25000 / 30000, uma 30/10/-10/-30, oka 20, ties split;
* WRC 30000 / 30000, uma 15/5/-5/-15, no oka, ties split.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjtui.core.rulesets.ruleset import load_ruleset
from mjtui.systems.riichi.standings import places, share
from mjtui.systems.riichi.system import SYSTEM, final_standings

REPO = Path(__file__).resolve().parents[2]
TENHOU, MLEAGUE, WRC = (
    load_ruleset(REPO / "rulesets" / f"riichi-{n}.toml").rules for n in ("tenhou", "mleague", "wrc")
)


def table(rules, totals, penalties=(0, 0, 0, 0)):
    return replace(SYSTEM.start(rules), totals=totals, penalties=penalties)


def rows(rules, totals, penalties=(0, 0, 0, 0)):
    """(rank, seat, uma, oka, score) from first to last."""
    return [
        (s.rank, s.seat, s.uma, s.oka, s.score)
        for s in final_standings(rules, table(rules, totals, penalties))
    ]


def test_no_ties() -> None:
    # Tenhou, totals 41200 / 31200 / 18800 / 8800 (seats 2, 0, 3, 1):
    # 1st: 11.2 + 20 + 20 = 51.2; 2nd: 1.2 + 10 = 11.2; 3rd: -11.2 - 10 = -21.2;
    # 4th: -21.2 - 20 = -41.2. Sum 0.
    result = final_standings(TENHOU, table(TENHOU, (31200, 8800, 41200, 18800)))
    assert [(s.rank, s.seat, s.points) for s in result] == [
        (1, 2, 41200),
        (2, 0, 31200),
        (3, 3, 18800),
        (4, 1, 8800),
    ]
    first = result[0]
    assert (first.base, first.uma, first.oka, first.penalty) == (11.2, 20.0, 20.0, 0.0)
    assert [round(s.score, 1) for s in result] == [51.2, 11.2, -21.2, -41.2]


def test_tie_by_seat_order() -> None:
    # Tenhou: seats 1 and 2 tie at 25000; seat 1 (nearer the first dealer) is 2nd.
    # 1st 35000: 5 + 20 + 20 = 45; seat 1: -5 + 10 = 5; seat 2: -5 - 10 = -15;
    # 4th 15000: -15 - 20 = -35.
    assert rows(TENHOU, (35000, 25000, 25000, 15000)) == [
        (1, 0, 20.0, 20.0, 45.0),
        (2, 1, 10.0, 0.0, 5.0),
        (3, 2, -10.0, 0.0, -15.0),
        (4, 3, -20.0, 0.0, -35.0),
    ]


def test_tie_split_in_the_middle() -> None:
    # M-League, the same totals: seats 1 and 2 share 2nd, uma (10 - 10) / 2 = 0:
    # -5 each; 1st: 5 + 30 + 20 = 55; 4th: -15 - 30 = -45.
    assert rows(MLEAGUE, (35000, 25000, 25000, 15000)) == [
        (1, 0, 30.0, 20.0, 55.0),
        (2, 1, 0.0, 0.0, -5.0),
        (2, 2, 0.0, 0.0, -5.0),
        (4, 3, -30.0, 0.0, -45.0),
    ]


def test_tie_split_for_first_shares_the_oka() -> None:
    # M-League 30000, 30000, 20000, 20000: first two share uma (30 + 10) / 2 = 20
    # and oka 20 / 2 = 10: 0 + 20 + 10 = 30; last two share (-10 - 30) / 2 = -20:
    # -10 - 20 = -30.
    assert rows(MLEAGUE, (20000, 30000, 20000, 30000)) == [
        (1, 1, 20.0, 10.0, 30.0),
        (1, 3, 20.0, 10.0, 30.0),
        (3, 0, -20.0, 0.0, -30.0),
        (3, 2, -20.0, 0.0, -30.0),
    ]


def test_three_way_and_four_way_ties() -> None:
    # WRC 35000 x 3 and 15000: uma (15 + 5 - 5) / 3 = 5: 5 + 5 = 10 each;
    # the last -15 - 15 = -30.
    assert rows(WRC, (35000, 35000, 15000, 35000)) == [
        (1, 0, 5.0, 0.0, 10.0),
        (1, 1, 5.0, 0.0, 10.0),
        (1, 3, 5.0, 0.0, 10.0),
        (4, 2, -15.0, 0.0, -30.0),
    ]
    # Everyone at 25000 in the M-League: uma 0, oka 5 each, -5 + 5 = 0.
    assert [r[4] for r in rows(MLEAGUE, (25000,) * 4)] == [0.0] * 4


def test_split_can_give_thirds() -> None:
    # M-League, three tie for first: uma (30 + 10 - 10) / 3 = 10, oka 20 / 3.
    result = final_standings(MLEAGUE, table(MLEAGUE, (30000, 30000, 30000, 10000)))
    assert result[0].uma == 10.0
    assert abs(result[0].oka - 20 / 3) < 1e-9
    assert abs(sum(s.score for s in result)) < 1e-9


def test_chombo_penalty_comes_off_the_final_score_not_the_rank() -> None:
    # WRC: seat 0 first with 40000 despite a 20000 penalty: 10 + 15 - 20 = 5.
    result = final_standings(WRC, table(WRC, (40000, 35000, 25000, 20000), (20000, 0, 0, 0)))
    assert (result[0].seat, result[0].rank, result[0].penalty, result[0].score) == (
        0,
        1,
        -20.0,
        5.0,
    )


def test_places_and_share() -> None:
    assert places((100, 200, 200, 50), "seat") == [[1], [2], [0], [3]]
    assert places((100, 200, 200, 50), "split") == [[1, 2], [0], [3]]
    assert share(3000, [1, 2], 100) == {1: 1500, 2: 1500}
    assert share(1000, [0, 1, 3], 100) == {0: 400, 1: 300, 3: 300}


def rounded(rules, rounding):
    return replace(rules, final=replace(rules.final, rounding=rounding))


def test_tenhou_until_2022_rounded_all_but_first_place() -> None:
    # A real Tenhou game of 2019-12-31 (tests/data/tenhou6/2019123123gm-00a9-0000-f4386d0e
    # .json): 38800, 18600, 27600, 15000; its own standings are 48, -21, 8, -35.
    totals = (38800, 18600, 27600, 15000)
    assert [round(s.score, 1) for s in final_standings(TENHOU, table(TENHOU, totals))] == [
        48.8,
        7.6,
        -21.4,
        -35.0,
    ]
    result = final_standings(rounded(TENHOU, "4-down-5-up"), table(TENHOU, totals))
    assert [(s.seat, s.base, s.score) for s in result] == [
        (0, 8.0, 48.0),
        (2, -2.0, 8.0),
        (1, -11.0, -21.0),
        (3, -15.0, -35.0),
    ]


@pytest.mark.parametrize(
    ("rounding", "scores"),
    [
        # WRC (30000, uma 15/5/-5/-15): 31500 is +1.5, 28500 -1.5, 19400 -10.6.
        ("exact", [25.6, 6.5, -6.5, -25.6]),
        # 500 goes up: +2 and -1; -10.6 is -11; first place 10.6 - 0.6 (moved) = 10.
        ("4-down-5-up", [25.0, 7.0, -6.0, -26.0]),
        # 500 goes down: +1 and -2; -11; first place 10.6 + 1.4 = 12.
        ("5-down-6-up", [27.0, 6.0, -7.0, -26.0]),
    ],
)
def test_a_remainder_of_500_is_what_the_two_roundings_differ_on(rounding, scores) -> None:
    result = final_standings(rounded(WRC, rounding), table(WRC, (40600, 31500, 28500, 19400)))
    assert [round(s.score, 1) for s in result] == scores
    assert abs(sum(s.score for s in result)) < 1e-9


def test_a_total_below_zero_is_rounded_from_the_thousand_below() -> None:
    # -1500 is 31500 below the 30000 returned: the multiple below is -32000, the
    # remainder 500: -31000 with 4-down-5-up, -32000 with 5-down-6-up.
    # 29500 is -500: 0 or -1000. First place takes the difference.
    totals = (62000, 30000, 29500, -1500)
    up = final_standings(rounded(WRC, "4-down-5-up"), table(WRC, totals))
    down = final_standings(rounded(WRC, "5-down-6-up"), table(WRC, totals))
    assert [s.base for s in up] == [31.0, 0.0, 0.0, -31.0]
    assert [s.base for s in down] == [33.0, 0.0, -1.0, -32.0]


def test_players_tied_for_first_share_what_the_rounding_moves() -> None:
    # M-League, split: 35000 and 35000 share first place.
    result = final_standings(
        rounded(MLEAGUE, "4-down-5-up"), table(MLEAGUE, (35000, 35000, 18700, 11300))
    )
    # 18700 -> 19000 (+300), 11300 -> 11000 (-300): nothing to share.
    assert [s.base for s in result] == [5.0, 5.0, -11.0, -19.0]
    result = final_standings(
        rounded(MLEAGUE, "4-down-5-up"), table(MLEAGUE, (35000, 35000, 18700, 11400))
    )
    # 18700 -> 19000 (+300), 11400 -> 11000 (-400): the two first places take +50 each.
    assert [s.base for s in result] == [5.05, 5.05, -11.0, -19.0]
    assert abs(sum(s.score for s in result) - (100100 - 100000) / 1000) < 1e-9


@settings(max_examples=200, database=None, deadline=None)
@given(
    st.tuples(*[st.integers(-200, 800).map(lambda n: n * 100)] * 4),
    st.sampled_from([TENHOU, MLEAGUE, WRC]),
    st.sampled_from(["seat", "split"]),
    st.sampled_from(["exact", "4-down-5-up", "5-down-6-up"]),
)
def test_final_scores_sum_to_the_points_given_out(totals, rules, ties, rounding) -> None:
    # With oka = (target - start) x 4 and uma summing to zero, the final scores
    # add up to (sum of totals - 4 x start) / 1000, whatever the ties and the rounding;
    # rounded, every score but first place's is a whole number plus the uma.
    rules = replace(rules, final=replace(rules.final, ties=ties, rounding=rounding))
    result = final_standings(rules, table(rules, totals))
    expected = (sum(totals) - 4 * rules.table.start_points) / 1000
    assert abs(sum(s.score for s in result) - expected) < 1e-9
    assert sorted(s.seat for s in result) == [0, 1, 2, 3]
    assert [s.points for s in result] == sorted(totals, reverse=True)
    if rounding != "exact":
        first = [s for s in result if s.rank == 1]
        assert all(float(s.base).is_integer() for s in result if s not in first)
