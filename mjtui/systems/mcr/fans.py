"""The 81 fans of the Chinese Official rules (MCR), and the fans each one excludes.

Each :class:`Fan` has its ruleset key (the preset ``mcr.toml`` gives its value;
0 turns it off), its English name as the English edition (the "Green Book")
writes it, its Chinese name as the 2006 Chinese rules write it, a one-line
description for the reference, and ``excludes``: the fans that are not
counted beside it (the rules' "不计" lists, the *exclusion principle*).

The order is the rules' order, from 88 fan down to the flower tiles; it is
also the order in which exclusions are applied (:func:`apply_exclusions`): a
fan that a higher one has excluded excludes nothing itself, so every list
names all that its fan leaves out.

:data:`EXTRA` holds the one fan of the 2006 Chinese edition that is not among
the 81 (Concealed Kong and Melded Kong, 明暗杠); docs/mcr.md has the editions.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Fan:
    key: str  # the ruleset key and the JSON key
    name: str  # English
    name_zh: str  # Chinese
    description: str  # one line, for the reference
    excludes: tuple[str, ...] = ()  # the keys of the fans not counted beside it


def _fan(key: str, name: str, name_zh: str, description: str, *excludes: str) -> Fan:
    return Fan(key, name, name_zh, description, excludes)


_CONCEALED = ("concealed_hand", "fully_concealed_hand")  # implied by every concealed form

FANS: tuple[Fan, ...] = (
    # 88
    _fan(
        "big_four_winds",
        "Big Four Winds",
        "大四喜",
        "pungs or kongs of all four winds",
        "little_four_winds",
        "big_three_winds",
        "all_pungs",
        "prevalent_wind",
        "seat_wind",
        "pung_of_terminals_or_honors",
    ),
    _fan(
        "big_three_dragons",
        "Big Three Dragons",
        "大三元",
        "pungs or kongs of all three dragons",
        "little_three_dragons",
        "two_dragon_pungs",
        "dragon_pung",
    ),
    _fan(
        "all_green",
        "All Green",
        "绿一色",
        "only 2, 3, 4, 6 and 8 of bamboo and Green",
        "half_flush",
        "one_voided_suit",
    ),
    _fan(
        "nine_gates",
        "Nine Gates",
        "九莲宝灯",
        "1112345678999 of one suit held concealed, won on any tile of that suit",
        "full_flush",
        *_CONCEALED,
        "no_honors",
        "one_voided_suit",
    ),
    _fan(
        "four_kongs",
        "Four Kongs",
        "四杠",
        "four kongs, melded or concealed",
        "three_kongs",
        "two_melded_kongs",
        "two_concealed_kongs",
        "melded_kong",
        "concealed_kong",
        "concealed_kong_and_melded_kong",
        "all_pungs",
        "single_wait",
    ),
    _fan(
        "seven_shifted_pairs",
        "Seven Shifted Pairs",
        "连七对",
        "seven consecutive pairs of one suit",
        "seven_pairs",
        "full_flush",
        *_CONCEALED,
        "single_wait",
        "no_honors",
        "one_voided_suit",
    ),
    _fan(
        "thirteen_orphans",
        "Thirteen Orphans",
        "十三幺",
        "one of each terminal and honor, and a second of one of them",
        "all_types",
        *_CONCEALED,
        "single_wait",
    ),
    # 64
    _fan(
        "all_terminals",
        "All Terminals",
        "清幺九",
        "only 1s and 9s",
        "all_terminals_and_honors",
        "all_pungs",
        "outside_hand",
        "pung_of_terminals_or_honors",
        "no_honors",
        "double_pung",
    ),
    _fan(
        "little_four_winds",
        "Little Four Winds",
        "小四喜",
        "pungs or kongs of three winds and a pair of the fourth",
        "big_three_winds",
        "pung_of_terminals_or_honors",
    ),
    _fan(
        "little_three_dragons",
        "Little Three Dragons",
        "小三元",
        "pungs or kongs of two dragons and a pair of the third",
        "two_dragon_pungs",
        "dragon_pung",
    ),
    _fan(
        "all_honors",
        "All Honors",
        "字一色",
        "only winds and dragons",
        "all_terminals_and_honors",
        "all_pungs",
        "outside_hand",
        "pung_of_terminals_or_honors",
        "one_voided_suit",
    ),
    _fan(
        "four_concealed_pungs",
        "Four Concealed Pungs",
        "四暗刻",
        "four pungs or kongs made without a discard",
        "three_concealed_pungs",
        "two_concealed_pungs",
        "all_pungs",
        *_CONCEALED,
    ),
    _fan(
        "pure_terminal_chows",
        "Pure Terminal Chows",
        "一色双龙会",
        "123 and 789 twice each in one suit, and a pair of 5 of that suit",
        "seven_pairs",
        "full_flush",
        "all_chows",
        "pure_double_chow",
        "two_terminal_chows",
        "no_honors",
        "one_voided_suit",
    ),
    # 48
    _fan(
        "quadruple_chow",
        "Quadruple Chow",
        "一色四同顺",
        "four identical chows",
        "pure_triple_chow",
        "pure_double_chow",
        "tile_hog",
    ),
    _fan(
        "four_pure_shifted_pungs",
        "Four Pure Shifted Pungs",
        "一色四节高",
        "four pungs of one suit, each one higher than the last",
        "pure_shifted_pungs",
        "all_pungs",
    ),
    # 32
    _fan(
        "four_pure_shifted_chows",
        "Four Pure Shifted Chows",
        "一色四步高",
        "four chows of one suit, each one or each two higher than the last",
        "pure_shifted_chows",
        "short_straight",
        "two_terminal_chows",
    ),
    _fan(
        "three_kongs",
        "Three Kongs",
        "三杠",
        "three kongs, melded or concealed",
        "two_melded_kongs",
        "two_concealed_kongs",
        "melded_kong",
        "concealed_kong",
        "concealed_kong_and_melded_kong",
    ),
    _fan(
        "all_terminals_and_honors",
        "All Terminals and Honors",
        "混幺九",
        "only 1s, 9s and honors",
        "all_pungs",
        "outside_hand",
        "pung_of_terminals_or_honors",
    ),
    # 24
    _fan(
        "seven_pairs",
        "Seven Pairs",
        "七对",
        "seven pairs (four alike count as two)",
        *_CONCEALED,
        "single_wait",
    ),
    _fan(
        "greater_honors_and_knitted_tiles",
        "Greater Honors and Knitted Tiles",
        "七星不靠",
        "all seven honors and seven tiles of a knitted straight, all single",
        "lesser_honors_and_knitted_tiles",
        "all_types",
        *_CONCEALED,
        "single_wait",
    ),
    _fan(
        "all_even_pungs",
        "All Even Pungs",
        "全双刻",
        "pungs and a pair of even tiles only (2, 4, 6, 8)",
        "all_pungs",
        "all_simples",
        "no_honors",
    ),
    _fan(
        "full_flush",
        "Full Flush",
        "清一色",
        "one suit only, no honors",
        "no_honors",
        "one_voided_suit",
    ),
    _fan(
        "pure_triple_chow",
        "Pure Triple Chow",
        "一色三同顺",
        "three identical chows",
        "pure_double_chow",
    ),
    _fan(
        "pure_shifted_pungs",
        "Pure Shifted Pungs",
        "一色三节高",
        "three pungs of one suit, each one higher than the last",
    ),
    _fan("upper_tiles", "Upper Tiles", "全大", "only 7, 8 and 9", "upper_four", "no_honors"),
    _fan("middle_tiles", "Middle Tiles", "全中", "only 4, 5 and 6", "all_simples", "no_honors"),
    _fan("lower_tiles", "Lower Tiles", "全小", "only 1, 2 and 3", "lower_four", "no_honors"),
    # 16
    _fan(
        "pure_straight",
        "Pure Straight",
        "清龙",
        "123, 456 and 789 of one suit",
        "short_straight",
        "two_terminal_chows",
    ),
    _fan(
        "three_suited_terminal_chows",
        "Three-Suited Terminal Chows",
        "三色双龙会",
        "123 and 789 of one suit, 123 and 789 of another, a pair of 5 of the third",
        "all_chows",
        "mixed_double_chow",
        "two_terminal_chows",
        "no_honors",
    ),
    _fan(
        "pure_shifted_chows",
        "Pure Shifted Chows",
        "一色三步高",
        "three chows of one suit, each one or each two higher than the last",
    ),
    _fan(
        "all_fives",
        "All Fives",
        "全带五",
        "a 5 in every set and in the pair",
        "all_simples",
        "no_honors",
    ),
    _fan(
        "triple_pung",
        "Triple Pung",
        "三同刻",
        "pungs of one number in all three suits",
        "double_pung",
    ),
    _fan(
        "three_concealed_pungs",
        "Three Concealed Pungs",
        "三暗刻",
        "three pungs or kongs made without a discard",
        "two_concealed_pungs",
    ),
    # 12
    _fan(
        "lesser_honors_and_knitted_tiles",
        "Lesser Honors and Knitted Tiles",
        "全不靠",
        "fourteen single tiles: honors and tiles of a knitted straight",
        "all_types",
        *_CONCEALED,
        "single_wait",
    ),
    _fan(
        "knitted_straight", "Knitted Straight", "组合龙", "147, 258 and 369, each in another suit"
    ),
    _fan("upper_four", "Upper Four", "大于五", "only 6, 7, 8 and 9", "no_honors"),
    _fan("lower_four", "Lower Four", "小于五", "only 1, 2, 3 and 4", "no_honors"),
    _fan("big_three_winds", "Big Three Winds", "三风刻", "pungs or kongs of three winds"),
    # 8
    _fan("mixed_straight", "Mixed Straight", "花龙", "123, 456 and 789, each in another suit"),
    _fan(
        "reversible_tiles",
        "Reversible Tiles",
        "推不倒",
        "only 1234589 of dots, 245689 of bamboo and White",
        "one_voided_suit",
    ),
    _fan(
        "mixed_triple_chow",
        "Mixed Triple Chow",
        "三色三同顺",
        "one chow in all three suits",
        "mixed_double_chow",
    ),
    _fan(
        "mixed_shifted_pungs",
        "Mixed Shifted Pungs",
        "三色三节高",
        "three pungs, one in each suit, each one higher than the last",
    ),
    _fan(
        "chicken_hand", "Chicken Hand", "无番和", "a winning hand with no other fan (flowers aside)"
    ),
    _fan(
        "last_tile_draw",
        "Last Tile Draw",
        "妙手回春",
        "won on the last tile of the wall, self-drawn",
        "self_drawn",
    ),
    _fan(
        "last_tile_claim",
        "Last Tile Claim",
        "海底捞月",
        "won on the discard of the last tile of the wall",
    ),
    _fan(
        "out_with_replacement_tile",
        "Out with Replacement Tile",
        "杠上开花",
        "won on the replacement tile drawn for a kong",
        "self_drawn",
    ),
    _fan(
        "robbing_the_kong",
        "Robbing the Kong",
        "抢杠和",
        "won on the tile another player adds to his pung to make a kong",
        "last_tile",
    ),
    # 6
    _fan("all_pungs", "All Pungs", "碰碰和", "four pungs or kongs and a pair"),
    _fan("half_flush", "Half Flush", "混一色", "one suit and honors", "one_voided_suit"),
    _fan(
        "mixed_shifted_chows",
        "Mixed Shifted Chows",
        "三色三步高",
        "three chows, one in each suit, each one higher than the last",
    ),
    _fan("all_types", "All Types", "五门齐", "all three suits, winds and dragons"),
    _fan(
        "melded_hand",
        "Melded Hand",
        "全求人",
        "four melded sets, won on a discard by a single wait on the pair",
        "single_wait",
    ),
    _fan(
        "two_concealed_kongs",
        "Two Concealed Kongs",
        "双暗杠",
        "two concealed kongs",
        "concealed_kong",
        "two_concealed_pungs",
    ),
    _fan(
        "two_dragon_pungs",
        "Two Dragon Pungs",
        "双箭刻",
        "pungs or kongs of two dragons",
        "dragon_pung",
    ),
    # 4
    _fan(
        "outside_hand",
        "Outside Hand",
        "全带幺",
        "a terminal or an honor in every set and in the pair",
    ),
    _fan(
        "fully_concealed_hand",
        "Fully Concealed Hand",
        "不求人",
        "nothing melded (concealed kongs aside), won by self-draw",
        "concealed_hand",
        "self_drawn",
    ),
    _fan("two_melded_kongs", "Two Melded Kongs", "双明杠", "two melded kongs", "melded_kong"),
    _fan(
        "last_tile",
        "Last Tile",
        "和绝张",
        "won on the fourth tile of its kind, the other three in sight",
    ),
    # 2
    _fan("dragon_pung", "Dragon Pung", "箭刻", "a pung or kong of a dragon, counted for each"),
    _fan("prevalent_wind", "Prevalent Wind", "圈风刻", "a pung or kong of the round's wind"),
    _fan("seat_wind", "Seat Wind", "门风刻", "a pung or kong of the winner's seat wind"),
    _fan(
        "concealed_hand",
        "Concealed Hand",
        "门前清",
        "nothing melded (concealed kongs aside), won on a discard",
    ),
    _fan("all_chows", "All Chows", "平和", "four chows and a pair of a suit", "no_honors"),
    _fan(
        "tile_hog",
        "Tile Hog",
        "四归一",
        "all four of a tile in the hand, not as a kong; counted for each",
    ),
    _fan("double_pung", "Double Pung", "双同刻", "pungs of one number in two suits"),
    _fan(
        "two_concealed_pungs",
        "Two Concealed Pungs",
        "双暗刻",
        "two pungs or kongs made without a discard",
    ),
    _fan("concealed_kong", "Concealed Kong", "暗杠", "a concealed kong"),
    _fan("all_simples", "All Simples", "断幺", "no terminals and no honors", "no_honors"),
    # 1
    _fan("pure_double_chow", "Pure Double Chow", "一般高", "two identical chows"),
    _fan("mixed_double_chow", "Mixed Double Chow", "喜相逢", "one chow in two suits"),
    _fan("short_straight", "Short Straight", "连六", "two chows of one suit making six in a row"),
    _fan("two_terminal_chows", "Two Terminal Chows", "老少副", "123 and 789 of one suit"),
    _fan(
        "pung_of_terminals_or_honors",
        "Pung of Terminals or Honors",
        "幺九刻",
        "a pung or kong of 1s, 9s or a wind that scores no wind fan; counted for each",
    ),
    _fan("melded_kong", "Melded Kong", "明杠", "a melded kong"),
    _fan("one_voided_suit", "One Voided Suit", "缺一门", "one of the three suits missing"),
    _fan("no_honors", "No Honors", "无字", "no winds and no dragons"),
    _fan("edge_wait", "Edge Wait", "边张", "the only winning tile was the 3 of 12 or the 7 of 89"),
    _fan("closed_wait", "Closed Wait", "坎张", "the only winning tile was the middle of a chow"),
    _fan(
        "single_wait", "Single Wait", "单钓将", "the only winning tile was the pair's second tile"
    ),
    _fan("self_drawn", "Self-Drawn", "自摸", "won on a tile the winner drew"),
    _fan(
        "flower_tiles",
        "Flower Tiles",
        "花牌",
        "each flower or season; not counted toward the minimum",
    ),
)

EXTRA: tuple[Fan, ...] = (
    _fan(
        "concealed_kong_and_melded_kong",
        "Concealed Kong and Melded Kong",
        "明暗杠",
        "one concealed and one melded kong (2006 Chinese edition)",
        "concealed_kong",
        "melded_kong",
    ),
)

ALL_FANS = FANS + EXTRA
BY_KEY: dict[str, Fan] = {f.key: f for f in ALL_FANS}
KEYS: tuple[str, ...] = tuple(f.key for f in ALL_FANS)
# Where each fan stands in the order exclusions are applied: the 2006 fan sits
# with the kong fans of the 6-fan group, above Two Melded Kongs.
RANK: dict[str, int] = {
    k: i
    for i, k in enumerate(
        [f.key for f in FANS[: FANS.index(BY_KEY["two_dragon_pungs"])]]
        + ["concealed_kong_and_melded_kong"]
        + [f.key for f in FANS[FANS.index(BY_KEY["two_dragon_pungs"]) :]]
    )
}
ORDER: tuple[str, ...] = tuple(sorted(KEYS, key=RANK.__getitem__))
_EXCLUDED_BY: dict[str, tuple[str, ...]] = {k: BY_KEY[k].excludes for k in KEYS}


def apply_exclusions(found: dict[str, int]) -> dict[str, int]:
    """``found`` (fan key: count) without the fans that others found exclude, in place.

    A fan excluded by a higher one is gone before its own turn, so it excludes
    nothing: the rules' lists name everything each fan leaves out."""
    for key in sorted(found, key=RANK.__getitem__):
        if key in found:
            for other in _EXCLUDED_BY[key]:
                found.pop(other, None)
    return found


def _check_table() -> None:
    """The table refers only to its own keys, never downward-unknown ones (run at import:
    a typo in a list would otherwise silently exclude nothing)."""
    assert len(FANS) == 81, len(FANS)
    for fan in ALL_FANS:
        for other in fan.excludes:
            assert other in BY_KEY and other != fan.key, (fan.key, other)
            assert RANK[other] > RANK[fan.key], (fan.key, other)


_check_table()

__all__ = [
    "ALL_FANS",
    "BY_KEY",
    "EXTRA",
    "FANS",
    "KEYS",
    "ORDER",
    "RANK",
    "Fan",
    "apply_exclusions",
]
