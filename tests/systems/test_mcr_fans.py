"""The MCR calculator on published worked examples and on the combination principles."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from mjtui.core.errors import HandError
from mjtui.core.rulesets.schema import read_struct
from mjtui.systems.mcr.calculator import Situation, score_text
from mjtui.systems.mcr.fans import BY_KEY, FANS, apply_exclusions
from mjtui.systems.mcr.rules import PRESET, Rules

REPO = Path(__file__).resolve().parents[2]
RULES = read_struct(Rules, tomllib.loads((PRESET).read_text()))


def fans(tiles: str, rules: Rules = RULES, **situation: object) -> dict[str, int]:
    return dict(score_text(rules, tiles, Situation(**situation)).fans)  # type: ignore[arg-type]


def test_the_table_has_81_fans_and_every_value_is_a_key() -> None:
    assert len(FANS) == 81
    values = tomllib.loads((PRESET).read_text())["fans"]
    assert set(values) == set(BY_KEY)
    assert sum(values[f.key] for f in FANS) == 1727  # 7x88 + 6x64 + ... + 13x1


# Published examples (docs/mcr.md cites them).


def test_mahjongjoy_short_straight_example() -> None:
    """mahjongjoy.com, Chinese Official hands, "3. Short Straight": the second Short
    Straight (345m 678m) is not counted, its chows having been used."""
    assert fans("678m345s678s55p [345m]") == {
        "all_chows": 1,
        "all_simples": 1,
        "short_straight": 1,
        "mixed_double_chow": 2,
        "single_wait": 1,
    }


def test_mahjongjoy_two_terminal_chows_example() -> None:
    """mahjongjoy.com, "4. Two Terminal Chows": the second pair of terminal chows is
    not counted; the hand is worth 7 fan, under the minimum."""
    score = score_text(RULES, "789m123s789s55s [123m]", Situation())
    assert dict(score.fans) == {
        "all_chows": 1,
        "two_terminal_chows": 1,
        "mixed_double_chow": 2,
        "one_voided_suit": 1,
        "single_wait": 1,
    }
    assert score.fan == 7 and not score.minimum_met
    assert "under the minimum of 8" in (score.reason or "")


def test_mahjongtime_pure_straight_example() -> None:
    """mahjongtime.com, Chinese Official scoring, Pure Straight, example 23: Short
    Straight (123s 456s) is not counted, 123s having made Pure Double Chow."""
    score = score_text(RULES, "123456789s11z [123s]", Situation(seat_wind=1, round_wind=2))
    assert dict(score.fans) == {
        "pure_straight": 1,
        "half_flush": 1,
        "pure_double_chow": 1,
        "single_wait": 1,
    }
    assert score.fan == 24


# The combination principles as the rules state them.


def test_account_once_234567_in_two_suits() -> None:
    """234567s 234567p: two Mixed Double Chows and one Short Straight, not two of each."""
    found = fans("234567s234567p11z", self_draw=True)
    assert found["mixed_double_chow"] + found["short_straight"] == 3


def test_non_identical_principle() -> None:
    """234s 223344p 567p: Pure Double Chow, Mixed Double Chow, Short Straight, not
    two Mixed Double Chows."""
    found = fans("234s223344567p11z")
    assert found["pure_double_chow"] == 1 and found["mixed_double_chow"] == 1
    assert found["short_straight"] == 1


def test_exclusions_apply_from_the_highest_fan_down() -> None:
    # Four Concealed Pungs leaves out Concealed Hand and Fully Concealed Hand: a
    # self-draw keeps only Self-Drawn.
    found = apply_exclusions(
        {"four_concealed_pungs": 1, "fully_concealed_hand": 1, "all_pungs": 1, "self_drawn": 1}
    )
    assert found == {"four_concealed_pungs": 1, "self_drawn": 1}


@pytest.mark.parametrize(
    "tiles, expected",
    [
        ("19m19p19s12345677z", "thirteen_orphans"),
        ("147m258p369s12345z", "lesser_honors_and_knitted_tiles"),
        ("147m25p36s1234567z", "greater_honors_and_knitted_tiles"),
        ("22334455667788p", "seven_shifted_pairs"),
        ("11335577m2244p11z", "seven_pairs"),
        ("11123456789999m", "nine_gates"),
        ("147m258p369s11122z", "knitted_straight"),
    ],
)
def test_special_forms(tiles: str, expected: str) -> None:
    assert expected in fans(tiles)


def test_a_concealed_and_a_melded_kong_follow_the_edition_key() -> None:
    hand = "123m456s11z [5555p] (7777z)"
    assert fans(hand)["concealed_kong_and_melded_kong"] == 1
    table = tomllib.loads((PRESET).read_text())
    table["fans"]["concealed_kong_and_melded_kong"] = 0  # the 1998 rules and the Green Book
    table["fans"]["two_concealed_kongs"] = 8
    old = read_struct(Rules, table)
    found = fans(hand, old)
    assert "concealed_kong_and_melded_kong" not in found
    assert found["concealed_kong"] == 1 and found["melded_kong"] == 1


def test_a_fan_of_0_is_not_counted() -> None:
    table = tomllib.loads((PRESET).read_text())
    table["fans"]["half_flush"] = 0
    assert "half_flush" not in fans("123456789s11z [123s]", read_struct(Rules, table))


def test_flowers_add_fan_but_not_toward_the_minimum() -> None:
    score = score_text(RULES, "789m123s789s55s [123m]", Situation(flowers=3))
    assert score.fan == 10 and score.hand_fan == 7 and not score.minimum_met
    assert "flowers do not count" in (score.reason or "")


@pytest.mark.parametrize(
    "tiles, situation, words",
    [
        ("123m456p789s11z [555z]", {"kong": True, "self_draw": True}, "needs a kong"),
        ("123m456p789s11z [555z]", {"kong": True}, "fourth of its kind"),
        ("123m456p789s11z [555z]", {"fourth_tile": True}, "holds another"),
        ("12m456p789s11z [555z]4m", {}, "not a winning hand"),
        ("23m456p789s11z [5555z]1m", {"kong": True, "last_tile": True}, "never robbed"),
        ("123m406p789s11z [555z]", {}, "no red fives"),
    ],
)
def test_situations_the_tiles_contradict(
    tiles: str, situation: dict[str, bool], words: str
) -> None:
    with pytest.raises(HandError, match=words):
        fans(tiles, **situation)


def test_the_wait_counts_only_when_it_was_the_only_one() -> None:
    assert "closed_wait" in fans("123m789s11z46p5p [456p]")
    two_sided = fans("456m789s11z23p4p [567p]")
    assert not {"edge_wait", "closed_wait", "single_wait"} & set(two_sided)


def test_three_of_the_winning_tile_in_the_melds_make_it_the_last_of_its_kind() -> None:
    """Three melded chows that hold the winning 5p: it is the fourth, Last Tile without
    the flag (found by the differential run, seed 4)."""
    found = fans("67p22z5p [567p] [567p] [567p]", self_draw=True)
    assert found["last_tile"] == 1
