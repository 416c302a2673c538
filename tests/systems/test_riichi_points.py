"""Riichi points from han and fu (rules.md §3), and `mjtui points`.

The expected amounts are the published score tables (the same in every
riichi rulebook), worked by hand here from the formula:

    base b = fu x 2^(2 + han), at most 2000 (mangan);
    ron: 4b (dealer 6b); tsumo: b from each non-dealer, 2b from the dealer
    (2b from each for a dealer); every payment rounded up to 100 on its own.

e.g. 1 han 30 fu: b = 30 x 8 = 240; ron 960 -> 1000; tsumo 240 -> 300 and
480 -> 500. 4 han 30 fu: b = 1920; ron 7680 -> 7700, dealer 11520 -> 11600.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path

import pytest

from mjtui.cli import entry
from mjtui.cli.points import add_points_command, points_command
from mjtui.core.errors import HandError, MjtuiError, RulesetError
from mjtui.core.rulesets.ruleset import load_ruleset
from mjtui.systems.riichi.system import Rules, base_points, payment, score_problem

REPO = Path(__file__).resolve().parents[2]


def rules(name: str = "tenhou") -> Rules:
    return load_ruleset(REPO / "rulesets" / f"riichi-{name}.toml").rules


TENHOU = rules("tenhou")  # no kiriage, kazoe yakuman
WRC = rules("wrc")  # kiriage, no kazoe, no multiple yakuman


def ron(r: Rules, han: int, fu: int | None, dealer: bool = False, honba: int = 0) -> int:
    return payment(r, han, fu, dealer=dealer, tsumo=False, honba=honba).discarder


def tsumo(r: Rules, han: int, fu: int | None, dealer: bool = False, honba: int = 0) -> str:
    return payment(r, han, fu, dealer=dealer, tsumo=True, honba=honba).short()


# --------------------------------------------------------------------------
# The published tables (no kiriage)
# --------------------------------------------------------------------------

# (han, fu): non-dealer ron, dealer ron, non-dealer tsumo (others/dealer), dealer tsumo
PUBLISHED = {
    (1, 30): (1000, 1500, "300/500", "500 all"),
    (1, 40): (1300, 2000, "400/700", "700 all"),
    (1, 50): (1600, 2400, "400/800", "800 all"),
    (1, 60): (2000, 2900, "500/1000", "1000 all"),
    (1, 70): (2300, 3400, "600/1200", "1200 all"),
    (1, 80): (2600, 3900, "700/1300", "1300 all"),
    (1, 90): (2900, 4400, "800/1500", "1500 all"),
    (1, 100): (3200, 4800, "800/1600", "1600 all"),
    (1, 110): (3600, 5300, "900/1800", "1800 all"),
    (2, 25): (1600, 2400, "400/800", "800 all"),
    (2, 30): (2000, 2900, "500/1000", "1000 all"),
    (2, 40): (2600, 3900, "700/1300", "1300 all"),
    (2, 50): (3200, 4800, "800/1600", "1600 all"),
    (2, 60): (3900, 5800, "1000/2000", "2000 all"),
    (2, 70): (4500, 6800, "1200/2300", "2300 all"),
    (2, 80): (5200, 7700, "1300/2600", "2600 all"),
    (2, 90): (5800, 8700, "1500/2900", "2900 all"),
    (2, 100): (6400, 9600, "1600/3200", "3200 all"),
    (2, 110): (7100, 10600, "1800/3600", "3600 all"),
    (3, 25): (3200, 4800, "800/1600", "1600 all"),
    (3, 30): (3900, 5800, "1000/2000", "2000 all"),
    (3, 40): (5200, 7700, "1300/2600", "2600 all"),
    (3, 50): (6400, 9600, "1600/3200", "3200 all"),
    (3, 60): (7700, 11600, "2000/3900", "3900 all"),
    (3, 70): (8000, 12000, "2000/4000", "4000 all"),
    (4, 25): (6400, 9600, "1600/3200", "3200 all"),
    (4, 30): (7700, 11600, "2000/3900", "3900 all"),
    (4, 40): (8000, 12000, "2000/4000", "4000 all"),
}


@pytest.mark.parametrize("han,fu", list(PUBLISHED), ids=[f"{h}h{f}" for h, f in PUBLISHED])
def test_published_table(han: int, fu: int) -> None:
    ron_nd, ron_d, tsumo_nd, tsumo_d = PUBLISHED[(han, fu)]
    assert ron(TENHOU, han, fu) == ron_nd
    assert ron(TENHOU, han, fu, dealer=True) == ron_d
    assert tsumo(TENHOU, han, fu) == tsumo_nd
    assert tsumo(TENHOU, han, fu, dealer=True) == tsumo_d


def test_20_fu_tsumo_from_the_table() -> None:
    # Pinfu tsumo: 2 han 20 fu: b = 20 x 16 = 320: 320 -> 400, 640 -> 700.
    assert tsumo(TENHOU, 2, 20) == "400/700"
    assert tsumo(TENHOU, 2, 20, dealer=True) == "700 all"
    # 3 han 20 fu: b = 640 -> 700 and 1280 -> 1300; 4 han 20 fu: b = 1280.
    assert tsumo(TENHOU, 3, 20) == "700/1300"
    assert tsumo(TENHOU, 4, 20) == "1300/2600"


def test_the_brief_checks() -> None:
    assert ron(TENHOU, 1, 30) == 1000 and tsumo(TENHOU, 1, 30) == "300/500"
    assert ron(TENHOU, 4, 30) == 7700 and ron(TENHOU, 4, 30, dealer=True) == 11600
    assert ron(WRC, 4, 30) == 8000 and ron(WRC, 4, 30, dealer=True) == 12000  # kiriage


def test_kiriage_rounds_up_exactly_4h30_and_3h60() -> None:
    # Both have b = 1920; with kiriage they pay a mangan, in every payment.
    for han, fu in ((4, 30), (3, 60)):
        assert base_points(WRC.limits, han, fu).points == 2000
        assert base_points(WRC.limits, han, fu).name == "mangan"
        assert base_points(TENHOU.limits, han, fu).points == 1920
        assert tsumo(WRC, han, fu) == "2000/4000"
        assert tsumo(WRC, han, fu, dealer=True) == "4000 all"
    # 3 han 50 fu (b = 1600) and 4 han 25 fu (1600) are not rounded up.
    assert ron(WRC, 3, 50) == 6400
    assert ron(WRC, 4, 25) == 6400


def test_each_payment_is_rounded_separately() -> None:
    # 1 han 40 fu tsumo: b = 320: each non-dealer 320 -> 400, the dealer 640 -> 700,
    # total 1500; rounding the total b x 4 = 1280 once would give 1300.
    pay = payment(TENHOU, 1, 40, dealer=False, tsumo=True)
    assert (pay.dealer, pay.non_dealer, pay.total) == (700, 400, 1500)
    # 2 han 70 fu dealer tsumo: b = 70 x 16 = 1120, 2b = 2240 -> 2300 from each: 6900;
    # 6b = 6720 rounded once would be 6800.
    assert payment(TENHOU, 2, 70, dealer=True, tsumo=True).total == 6900


# --------------------------------------------------------------------------
# Limits
# --------------------------------------------------------------------------

LIMITS = [
    # han, name, non-dealer ron, dealer ron, non-dealer tsumo, dealer tsumo
    (5, "mangan", 8000, 12000, "2000/4000", "4000 all"),
    (6, "haneman", 12000, 18000, "3000/6000", "6000 all"),
    (7, "haneman", 12000, 18000, "3000/6000", "6000 all"),
    (8, "baiman", 16000, 24000, "4000/8000", "8000 all"),
    (10, "baiman", 16000, 24000, "4000/8000", "8000 all"),
    (11, "sanbaiman", 24000, 36000, "6000/12000", "12000 all"),
    (12, "sanbaiman", 24000, 36000, "6000/12000", "12000 all"),
    (13, "kazoe yakuman", 32000, 48000, "8000/16000", "16000 all"),
    (20, "kazoe yakuman", 32000, 48000, "8000/16000", "16000 all"),
]


@pytest.mark.parametrize("han,name,ron_nd,ron_d,tsumo_nd,tsumo_d", LIMITS)
def test_every_limit(han, name, ron_nd, ron_d, tsumo_nd, tsumo_d) -> None:
    for fu in (None, 30, 110):  # the fu do not matter from 5 han on
        assert base_points(TENHOU.limits, han, fu).name == name
        assert ron(TENHOU, han, fu) == ron_nd
        assert ron(TENHOU, han, fu, dealer=True) == ron_d
        assert tsumo(TENHOU, han, fu) == tsumo_nd
        assert tsumo(TENHOU, han, fu, dealer=True) == tsumo_d


def test_fu_reach_the_mangan_before_5_han() -> None:
    # 3 han 70 fu: 70 x 32 = 2240 > 2000; 4 han 40 fu: 2560; 1 han 110 fu stays 880.
    assert base_points(TENHOU.limits, 3, 70).points == 2000
    assert base_points(TENHOU.limits, 4, 40).name == "mangan"
    assert base_points(TENHOU.limits, 1, 110).points == 880


def test_kazoe_cap_and_yakuman() -> None:
    # WRC: no kazoe yakuman, 13 han or more is a sanbaiman.
    assert base_points(WRC.limits, 13, None).points == 6000
    assert base_points(WRC.limits, 13, None).name == "sanbaiman"
    assert ron(WRC, 26, None) == 24000
    # A yakuman: b = 8000: 32000 / 48000, 8000/16000, 16000 all.
    yakuman = payment(TENHOU, 0, None, dealer=False, tsumo=False, yakuman=1)
    assert yakuman.discarder == 32000 and yakuman.base.name == "yakuman"
    assert payment(TENHOU, 0, None, dealer=True, tsumo=False, yakuman=1).discarder == 48000
    assert payment(TENHOU, 0, None, dealer=False, tsumo=True, yakuman=1).short() == "8000/16000"
    # A double yakuman pays twice where multiple yakuman are played, once at the WRC.
    double = payment(TENHOU, 0, None, dealer=False, tsumo=False, yakuman=2)
    assert double.discarder == 64000 and double.base.name == "2x yakuman"
    assert payment(WRC, 0, None, dealer=False, tsumo=False, yakuman=2).discarder == 32000


# --------------------------------------------------------------------------
# Honba
# --------------------------------------------------------------------------


def test_honba_add_300_to_a_ron_and_100_to_each_tsumo_payment() -> None:
    # 1 han 30 fu with 2 honba: ron 1000 + 600; tsumo 300 + 200 / 500 + 200.
    assert ron(TENHOU, 1, 30, honba=2) == 1600
    assert tsumo(TENHOU, 1, 30, honba=2) == "500/700"
    assert tsumo(TENHOU, 1, 30, dealer=True, honba=2) == "700 all"
    pay = payment(TENHOU, 5, None, dealer=False, tsumo=True, honba=3)
    assert (pay.dealer, pay.non_dealer, pay.total, pay.honba) == (4300, 2300, 8900, 900)


def test_honba_values_come_from_the_ruleset() -> None:
    cheap = replace(TENHOU, payments=replace(TENHOU.payments, honba_ron=150, honba_tsumo=50))
    assert ron(cheap, 1, 30, honba=2) == 1300
    assert tsumo(cheap, 1, 30, honba=2) == "400/600"


# --------------------------------------------------------------------------
# Hands that cannot be scored
# --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "han,fu,is_tsumo,words",
    [
        (1, 20, False, "20 fu cannot be won by ron"),
        (3, 20, False, "20 fu cannot be won by ron"),
        (1, 20, True, "pinfu tsumo: at least 2 han"),
        (1, 25, False, "seven pairs, at least 2 han"),
        (2, 25, True, "at least 3 han by tsumo"),
        (2, 35, False, "35 fu cannot exist"),
        (2, 15, False, "15 fu cannot exist"),
        (2, 150, False, "from 30 to 140"),
        (0, 30, False, "han must be a whole number from 1"),
        (4, None, False, "4 han needs its fu"),
    ],
)
def test_impossible_scores_are_refused(han, fu, is_tsumo, words) -> None:
    problem = score_problem(TENHOU, han, fu, tsumo=is_tsumo)
    assert problem is not None and words in problem


def test_possible_edge_scores_are_accepted() -> None:
    assert score_problem(TENHOU, 2, 20, tsumo=True) is None  # pinfu tsumo
    assert score_problem(TENHOU, 3, 25, tsumo=True) is None  # seven pairs tsumo
    assert score_problem(TENHOU, 2, 25, tsumo=False) is None
    assert score_problem(TENHOU, 1, 140, tsumo=False) is None
    assert score_problem(TENHOU, 5, None, tsumo=False) is None
    # Where an open hand with no fu counts 20, 1 han 20 fu by ron exists.
    twenty = replace(TENHOU, fu=replace(TENHOU.fu, open_pinfu=20))
    assert score_problem(twenty, 1, 20, tsumo=False) is None
    # Where a pinfu tsumo counts 30, 20 fu tsumo does not.
    thirty = replace(TENHOU, fu=replace(TENHOU.fu, pinfu_tsumo=30))
    assert "does not exist" in score_problem(thirty, 2, 20, tsumo=True)


# --------------------------------------------------------------------------
# mjtui points
# --------------------------------------------------------------------------


def run_points(capsys, *argv: str) -> str:
    parser = argparse.ArgumentParser(prog="mjtui")
    add_points_command(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["points", *argv])
    assert points_command(args) == 0
    return capsys.readouterr().out


def points_json(capsys, *argv: str) -> dict:
    return json.loads(run_points(capsys, *argv, "--json"))


def test_points_json_ron(capsys) -> None:
    assert points_json(capsys, "riichi-tenhou", "--han", "4", "--fu", "30", "--ron") == {
        "total": 7700,
        "payments": {"discarder": 7700},
    }
    assert points_json(capsys, "riichi-wrc", "--han", "4", "--fu", "30", "--ron", "--dealer") == {
        "total": 12000,
        "payments": {"discarder": 12000},
    }


def test_points_json_tsumo(capsys) -> None:
    assert points_json(capsys, "riichi-tenhou", "--han", "1", "--fu", "30", "--tsumo") == {
        "total": 1100,
        "payments": {"dealer": 500, "non_dealer": 300},
    }
    assert points_json(
        capsys, "riichi-tenhou", "--han", "1", "--fu", "30", "--tsumo", "--dealer"
    ) == {"total": 1500, "payments": {"non_dealer": 500}}


def test_points_json_honba_and_limits(capsys) -> None:
    assert points_json(
        capsys, "riichi-tenhou", "--han", "3", "--fu", "60", "--ron", "--honba", "2"
    ) == {"total": 8300, "payments": {"discarder": 8300}}
    assert points_json(capsys, "riichi-tenhou", "--han", "6", "--tsumo", "--honba", "1") == {
        "total": 12300,
        "payments": {"dealer": 6100, "non_dealer": 3100},
    }
    assert points_json(capsys, "riichi-tenhou", "--yakuman", "1", "--ron", "--dealer") == {
        "total": 48000,
        "payments": {"discarder": 48000},
    }


def test_points_text(capsys) -> None:
    out = run_points(capsys, "riichi-tenhou", "--han", "1", "--fu", "30", "--tsumo")
    assert out.splitlines() == [
        "Riichi (Tenhou): 1 han 30 fu, non-dealer tsumo: 300/500",
        "  the dealer pays 500",
        "  each other non-dealer pays 300",
        "  total 1100",
    ]
    out = run_points(capsys, "riichi-wrc", "--han", "3", "--fu", "60", "--ron", "--honba", "1")
    assert out.splitlines()[0] == "Riichi (WRC): 3 han 60 fu (mangan), non-dealer ron: 8300"
    assert out.splitlines()[-1] == "  total 8300 (with 1 honba: +300)"


def test_points_of_the_three_player_ruleset(capsys) -> None:
    # Tsumo loss: a non-dealer's mangan 2000/4000 (6000); north split: 3000/5000.
    assert points_json(capsys, "riichi-sanma", "--han", "5", "--tsumo") == {
        "total": 6000,
        "payments": {"dealer": 4000, "non_dealer": 2000},
    }
    out = run_points(capsys, "riichi-sanma", "--han", "5", "--tsumo", "--dealer")
    assert out.splitlines()[1:] == ["  each of the two others pays 4000", "  total 8000"]
    out = run_points(capsys, "riichi-sanma", "--han", "1", "--fu", "30", "--tsumo")
    assert "  the other non-dealer pays 300" in out.splitlines()


@pytest.mark.parametrize(
    "argv,words",
    [
        (["riichi-tenhou", "--han", "1", "--fu", "20", "--ron"], "20 fu cannot be won by ron"),
        (["riichi-tenhou", "--han", "2", "--fu", "35", "--ron"], "35 fu cannot exist"),
        (["riichi-tenhou", "--fu", "30", "--ron"], "give --han"),
        (["riichi-tenhou", "--han", "2", "--fu", "30", "--ron", "--honba", "-1"], "--honba"),
        (["riichi-tenhou", "--yakuman", "1", "--han", "3", "--ron"], "--yakuman alone"),
        (["hp11c", "--han", "1", "--fu", "30", "--ron"], "has no `mjtui points`"),
        (["nosuch", "--han", "1", "--fu", "30", "--ron"], "no ruleset named 'nosuch'"),
    ],
)
def test_points_refuses_with_a_message(capsys, argv, words) -> None:
    parser = argparse.ArgumentParser(prog="mjtui")
    add_points_command(parser.add_subparsers(dest="command"))
    with pytest.raises(MjtuiError) as caught:
        points_command(parser.parse_args(["points", *argv]))
    assert words in str(caught.value)
    assert isinstance(caught.value, (HandError, RulesetError))


def test_points_needs_ron_or_tsumo(capsys) -> None:
    # The system's options are read once the ruleset is known: a mistake is a message.
    assert entry.main(["points", "riichi-tenhou", "--han", "1", "--fu", "30"]) == 2
    assert "one of the arguments --ron --tsumo is required" in capsys.readouterr().err
