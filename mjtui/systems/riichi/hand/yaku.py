"""The yaku and yakuman of riichi, and which a hand has.

The han of each yaku and the yakuman of each yakuman are ruleset keys
(``[yaku]``, docs/rulesets.md), read through :func:`han_table`, as are the
table options (open tanyao, double yakuman); this module knows the names.

The checks are split by what they need, so a hand's common part is worked
out once and not again for each of its readings:

* :func:`tile_yaku`: the tiles alone (all simples, flushes, terminals, honors
  and their triplets, since an honor with three or more tiles is a triplet in
  every reading);
* :func:`reading_yaku`: the sets of one reading (sequences, triplets, kans);
* :func:`wait_yaku`: the wait (pinfu, concealed triplets);
* :func:`situation_yaku`: how the hand was won (riichi, tsumo, last tile...).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from mjtui.systems.riichi.hand.context import WinContext
from mjtui.systems.riichi.hand.shapes import Group
from mjtui.systems.riichi.rules import Yaku as YakuRules

# The yaku in the order score sheets list them, each with its ruleset key
# ([yaku] in the riichi rules, where its han are: docs/rulesets.md).
YAKU_KEYS: dict[str, str] = {
    "riichi": "riichi",
    "double riichi": "double_riichi",
    "ippatsu": "ippatsu",
    "menzen tsumo": "menzen_tsumo",
    "pinfu": "pinfu",
    "iipeikou": "iipeikou",
    "tanyao": "tanyao",
    "haku (white dragon)": "haku",
    "hatsu (green dragon)": "hatsu",
    "chun (red dragon)": "chun",
    **{f"seat wind {w}": "seat_wind" for w in ("East", "South", "West", "North")},
    **{f"round wind {w}": "round_wind" for w in ("East", "South", "West", "North")},
    "haitei raoyue": "haitei_raoyue",
    "houtei raoyui": "houtei_raoyui",
    "rinshan kaihou": "rinshan_kaihou",
    "chankan": "chankan",
    "chiitoitsu": "chiitoitsu",
    "sanshoku doujun": "sanshoku_doujun",
    "ittsu": "ittsu",
    "chanta": "chanta",
    "toitoi": "toitoi",
    "sanankou": "sanankou",
    "sanshoku doukou": "sanshoku_doukou",
    "sankantsu": "sankantsu",
    "shousangen": "shousangen",
    "honroutou": "honroutou",
    "ryanpeikou": "ryanpeikou",
    "junchan": "junchan",
    "honitsu": "honitsu",
    "chinitsu": "chinitsu",
}
YAKU = tuple(YAKU_KEYS)

# The yakuman that may count double (ruleset key yaku.double_yakuman).
DOUBLE_YAKUMAN = (
    "kokushi musou, thirteen-sided wait",
    "suuankou tanki",
    "junsei chuuren poutou",
    "daisuushii",
)
YAKUMAN = (
    "kokushi musou",
    "suuankou",
    "daisangen",
    "shousuushii",
    "tsuuiisou",
    "chinroutou",
    "ryuuiisou",
    "chuuren poutou",
    "suukantsu",
    "tenhou",
    "chiihou",
    *DOUBLE_YAKUMAN,
)
YAKUMAN_KEYS: dict[str, str] = {
    name: name.replace(", thirteen-sided wait", " 13 sided").replace(" ", "_") for name in YAKUMAN
}


class HanTable(NamedTuple):
    """The han of every yaku and the yakuman of every yakuman, by name, as a
    ruleset's ``[yaku]`` table gives them."""

    closed: dict[str, int]
    opened: dict[str, int]  # 0: closed hands only
    yakuman: dict[str, int]


_TABLES: dict[int, tuple[YakuRules, HanTable]] = {}


def han_table(rules: YakuRules) -> HanTable:
    """The ruleset's han by yaku name, built once per ``[yaku]`` table (kept beside
    it, so an id reused by another table is a miss)."""
    found = _TABLES.get(id(rules))
    if found is None or found[0] is not rules:
        closed, opened = {}, {}
        for name, key in YAKU_KEYS.items():
            value = getattr(rules, key)
            closed[name], opened[name] = (value, 0) if isinstance(value, int) else value
        yakuman = {name: getattr(rules, key) for name, key in YAKUMAN_KEYS.items()}
        if not rules.double_yakuman:
            yakuman.update(dict.fromkeys(DOUBLE_YAKUMAN, 1))
        if len(_TABLES) > 64:
            _TABLES.clear()
        found = _TABLES[id(rules)] = (rules, HanTable(closed, opened, yakuman))
    return found[1]


WIND_NAMES = ("East", "South", "West", "North")
DRAGON_YAKU = ("haku (white dragon)", "hatsu (green dragon)", "chun (red dragon)")
SEAT_YAKU = tuple(f"seat wind {w}" for w in WIND_NAMES)
ROUND_YAKU = tuple(f"round wind {w}" for w in WIND_NAMES)

OUTSIDE = frozenset((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))
# All green: 2 3 4 6 8 of bamboo and the green dragon; these bamboo are not green.
NOT_GREEN_SOU = (18, 22, 24, 26)
# Nine gates: 1112345678999 of one suit, and one more tile of that suit.
NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def tile_yaku(
    counts: Sequence[int],
    closed: bool,
    open_tanyao: bool,
    seat: int,
    round_wind: int,
    standard: bool,
) -> tuple[list[str], list[str]]:
    """The yaku and yakuman that the 34 counts decide (``standard``: four sets and a
    pair; seven pairs have no triplets)."""
    yaku: list[str] = []
    yakuman: list[str] = []
    man, pin, sou = sum(counts[0:9]), sum(counts[9:18]), sum(counts[18:27])
    honors = sum(counts[27:34])
    outside = honors + counts[0] + counts[8] + counts[9] + counts[17] + counts[18] + counts[26]
    used = (man > 0) + (pin > 0) + (sou > 0)
    if outside == 0:
        if closed or open_tanyao:
            yaku.append("tanyao")
    elif used == 0:
        yakuman.append("tsuuiisou")
    elif outside == man + pin + sou + honors:
        if honors:
            yaku.append("honroutou")
        else:
            yakuman.append("chinroutou")
    if used == 1:
        yaku.append("honitsu" if honors else "chinitsu")
    if man == pin == 0 and honors == counts[32] and not any(counts[t] for t in NOT_GREEN_SOU):
        yakuman.append("ryuuiisou")
    if standard and honors >= 3:
        _honor_sets(counts, seat, round_wind, yaku, yakuman)
    return yaku, yakuman


def _honor_sets(
    counts: Sequence[int], seat: int, round_wind: int, yaku: list[str], yakuman: list[str]
) -> None:
    dragons = counts[31:34]
    winds = counts[27:31]
    dragon_sets = (dragons[0] >= 3) + (dragons[1] >= 3) + (dragons[2] >= 3)
    wind_sets = (winds[0] >= 3) + (winds[1] >= 3) + (winds[2] >= 3) + (winds[3] >= 3)
    if dragon_sets == 3:
        yakuman.append("daisangen")
    elif dragon_sets == 2 and 2 in dragons:
        yaku.append("shousangen")
    if wind_sets == 4:
        yakuman.append("daisuushii")
    elif wind_sets == 3 and 2 in winds:
        yakuman.append("shousuushii")
    if dragon_sets:
        yaku += [DRAGON_YAKU[i] for i, c in enumerate(dragons) if c >= 3]
    if winds[seat] >= 3:
        yaku.append(SEAT_YAKU[seat])
    if winds[round_wind] >= 3:
        yaku.append(ROUND_YAKU[round_wind])


def nine_gates(counts: Sequence[int], win: int) -> str | None:
    """'chuuren poutou' or 'junsei chuuren poutou' (the winning tile was the extra
    one: a nine-sided wait) for a closed hand of counts, or None."""
    suit = next((s for s in (0, 9, 18) if counts[s]), None)
    if suit is None or sum(counts[suit : suit + 9]) != 14:
        return None
    extra = None
    for i, need in enumerate(NINE_GATES):
        over = counts[suit + i] - need
        if over < 0 or over > 1 or (over and extra is not None):
            return None
        if over:
            extra = suit + i
    return "junsei chuuren poutou" if extra == win else "chuuren poutou"


def reading_yaku(groups: Sequence[Group], pair: int, closed: bool) -> tuple[list[str], list[str]]:
    """The yaku and yakuman that the sets of one reading decide."""
    yaku: list[str] = []
    chis: list[int] = []
    pons: list[int] = []
    kans = 0
    for kind, first, _, _ in groups:
        if kind == "chi":
            chis.append(first)
        else:
            pons.append(first)
            if kind == "kan":
                kans += 1
    if not chis:
        yaku.append("toitoi")
    elif len(chis) >= 2:
        chis.sort()
        if closed:
            twice = _identical_pairs(chis)
            if twice >= 2:
                yaku.append("ryanpeikou")
            elif twice == 1:
                yaku.append("iipeikou")
        if len(chis) >= 3:
            found = set(chis)
            if any(n in found and n + 9 in found and n + 18 in found for n in chis if n < 7):
                yaku.append("sanshoku doujun")
            if any(s in found and s + 3 in found and s + 6 in found for s in (0, 9, 18)):
                yaku.append("ittsu")
    if len(pons) >= 3:
        found = set(pons)
        if any(n in found and n + 9 in found and n + 18 in found for n in pons if n < 9):
            yaku.append("sanshoku doukou")
    if (
        chis
        and pair in OUTSIDE
        and all(c % 9 in (0, 6) for c in chis)
        and all(p in OUTSIDE for p in pons)
    ):
        honor = pair >= 27 or any(p >= 27 for p in pons)
        yaku.append("chanta" if honor else "junchan")
    if kans == 3:
        yaku.append("sankantsu")
    return yaku, ["suukantsu"] if kans == 4 else []


def _identical_pairs(sorted_chis: list[int]) -> int:
    """How many pairs of identical sequences (two for ryanpeikou)."""
    pairs, i = 0, 0
    while i < len(sorted_chis) - 1:
        if sorted_chis[i] == sorted_chis[i + 1]:
            pairs += 1
            i += 2
        else:
            i += 1
    return pairs


def concealed_triplets(groups: Sequence[Group], win_group: int, ron: bool) -> int:
    """Triplets and kans not called; one completed by ron counts as called."""
    n = 0
    for kind, _, opened, _ in groups:
        if kind != "chi" and not opened:
            n += 1
    if ron and win_group >= 0 and groups[win_group].kind != "chi":
        n -= 1  # the set the winning tile completed is a concealed one
    return n


# The yaku (or yakuman) each situation a player states gives, by its WinContext flag
# (context.STATED): situation_yaku and situation_yakuman name them from here, and the
# tiles form opened on a recorded hand reads its situations back from the names kept.
STATED_YAKU: dict[str, str] = {
    "riichi": "riichi",
    "double_riichi": "double riichi",
    "ippatsu": "ippatsu",
    "haitei": "haitei raoyue",
    "houtei": "houtei raoyui",
    "rinshan": "rinshan kaihou",
    "chankan": "chankan",
    "tenhou": "tenhou",
    "chiihou": "chiihou",
}
_LAST_TILES = ("haitei", "houtei", "rinshan", "chankan")  # in the order sheets list them


def situation_yaku(ctx: WinContext, closed: bool) -> list[str]:
    """The yaku of how the hand was won."""
    yaku = []
    if ctx.double_riichi:
        yaku.append(STATED_YAKU["double_riichi"])
    elif ctx.riichi:
        yaku.append(STATED_YAKU["riichi"])
    if ctx.ippatsu:
        yaku.append(STATED_YAKU["ippatsu"])
    if ctx.tsumo and closed:
        yaku.append("menzen tsumo")
    if not (ctx.haitei or ctx.houtei or ctx.rinshan or ctx.chankan):
        return yaku  # most wins
    yaku += [STATED_YAKU[flag] for flag in _LAST_TILES if getattr(ctx, flag)]
    return yaku


def situation_yakuman(ctx: WinContext) -> list[str]:
    if ctx.tenhou:
        return [STATED_YAKU["tenhou"]]
    if ctx.chiihou:
        return [STATED_YAKU["chiihou"]]
    return []


def yakuman_count(names: Sequence[str], table: HanTable) -> int:
    """How many yakuman ``names`` make under the ruleset's ``table``."""
    return sum(map(table.yakuman.__getitem__, names))
