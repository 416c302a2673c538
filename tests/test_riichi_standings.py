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

from hypothesis import given, settings
from hypothesis import strategies as st

from mjtui.core.ruleset import load_ruleset
from mjtui.core.systems.riichi.standings import places, share
from mjtui.core.systems.riichi.system import SYSTEM, final_standings

REPO = Path(__file__).resolve().parents[1]
TENHOU, MLEAGUE, WRC = (
    load_ruleset(REPO / "rulesets" / f"riichi-{n}.toml").rules for n in ("tenhou", "mleague", "wrc")
)


def table(rules, totals, penalties=(0, 0, 0, 0)):
    return replace(SYSTEM.start(rules), totals=totals, penalties=penalties)


def rows(rules, totals, penalties=(0, 0, 0, 0)):
    """(rank, seat, uma, oka, score) from first to last."""
    return [(s.rank, s.seat, s.uma, s.oka, s.score)
            for s in final_standings(rules, table(rules, totals, penalties))]


def test_no_ties() -> None:
    # Tenhou, totals 41200 / 31200 / 18800 / 8800 (seats 2, 0, 3, 1):
    # 1st: 11.2 + 20 + 20 = 51.2; 2nd: 1.2 + 10 = 11.2; 3rd: -11.2 - 10 = -21.2;
    # 4th: -21.2 - 20 = -41.2. Sum 0.
    result = final_standings(TENHOU, table(TENHOU, (31200, 8800, 41200, 18800)))
    assert [(s.rank, s.seat, s.points) for s in result] == [
        (1, 2, 41200), (2, 0, 31200), (3, 3, 18800), (4, 1, 8800)]
    first = result[0]
    assert (first.base, first.uma, first.oka, first.penalty) == (11.2, 20.0, 20.0, 0.0)
    assert [round(s.score, 1) for s in result] == [51.2, 11.2, -21.2, -41.2]


def test_tie_by_seat_order() -> None:
    # Tenhou: seats 1 and 2 tie at 25000; seat 1 (nearer the first dealer) is 2nd.
    # 1st 35000: 5 + 20 + 20 = 45; seat 1: -5 + 10 = 5; seat 2: -5 - 10 = -15;
    # 4th 15000: -15 - 20 = -35.
    assert rows(TENHOU, (35000, 25000, 25000, 15000)) == [
        (1, 0, 20.0, 20.0, 45.0), (2, 1, 10.0, 0.0, 5.0),
        (3, 2, -10.0, 0.0, -15.0), (4, 3, -20.0, 0.0, -35.0)]


def test_tie_split_in_the_middle() -> None:
    # M-League, the same totals: seats 1 and 2 share 2nd, uma (10 - 10) / 2 = 0:
    # -5 each; 1st: 5 + 30 + 20 = 55; 4th: -15 - 30 = -45.
    assert rows(MLEAGUE, (35000, 25000, 25000, 15000)) == [
        (1, 0, 30.0, 20.0, 55.0), (2, 1, 0.0, 0.0, -5.0),
        (2, 2, 0.0, 0.0, -5.0), (4, 3, -30.0, 0.0, -45.0)]


def test_tie_split_for_first_shares_the_oka() -> None:
    # M-League 30000, 30000, 20000, 20000: first two share uma (30 + 10) / 2 = 20
    # and oka 20 / 2 = 10: 0 + 20 + 10 = 30; last two share (-10 - 30) / 2 = -20:
    # -10 - 20 = -30.
    assert rows(MLEAGUE, (20000, 30000, 20000, 30000)) == [
        (1, 1, 20.0, 10.0, 30.0), (1, 3, 20.0, 10.0, 30.0),
        (3, 0, -20.0, 0.0, -30.0), (3, 2, -20.0, 0.0, -30.0)]


def test_three_way_and_four_way_ties() -> None:
    # WRC 35000 x 3 and 15000: uma (15 + 5 - 5) / 3 = 5: 5 + 5 = 10 each;
    # the last -15 - 15 = -30.
    assert rows(WRC, (35000, 35000, 15000, 35000)) == [
        (1, 0, 5.0, 0.0, 10.0), (1, 1, 5.0, 0.0, 10.0), (1, 3, 5.0, 0.0, 10.0),
        (4, 2, -15.0, 0.0, -30.0)]
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
        0, 1, -20.0, 5.0)


def test_places_and_share() -> None:
    assert places((100, 200, 200, 50), "seat") == [[1], [2], [0], [3]]
    assert places((100, 200, 200, 50), "split") == [[1, 2], [0], [3]]
    assert share(3000, [1, 2], 100) == {1: 1500, 2: 1500}
    assert share(1000, [0, 1, 3], 100) == {0: 400, 1: 300, 3: 300}


@settings(max_examples=200, database=None, deadline=None)
@given(st.tuples(*[st.integers(-200, 800).map(lambda n: n * 100)] * 4),
       st.sampled_from([TENHOU, MLEAGUE, WRC]), st.sampled_from(["seat", "split"]))
def test_final_scores_sum_to_the_points_given_out(totals, rules, ties) -> None:
    # With oka = (target - start) x 4 and uma summing to zero, the final scores
    # add up to (sum of totals - 4 x start) / 1000, whatever the ties.
    rules = replace(rules, final=replace(rules.final, ties=ties))
    result = final_standings(rules, table(rules, totals))
    expected = (sum(totals) - 4 * rules.table.start_points) / 1000
    assert abs(sum(s.score for s in result) - expected) < 1e-9
    assert sorted(s.seat for s in result) == [0, 1, 2, 3]
    assert [s.points for s in result] == sorted(totals, reverse=True)
