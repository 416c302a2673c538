"""The riichi tile analyzer: yaku, fu, the best reading, ruleset options, context checks."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest

from mjtui.core.errors import HandError, RulesetError
from mjtui.core.rulesets.ruleset import load_ruleset
from mjtui.systems.riichi.hand import WinContext, analyze, analyze_text
from mjtui.systems.riichi.hand.fu_count import calculator_fu, quick_fu, standard_fu
from mjtui.systems.riichi.hand.shapes import Standard
from mjtui.systems.riichi.hand.yaku import YAKU, YAKU_KEYS, YAKUMAN, YAKUMAN_KEYS, han_table
from mjtui.systems.riichi.rules import Yaku

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests"))

from riichi_hand_gen import cases  # noqa: E402


def preset(name: str):
    return load_ruleset(REPO / "rulesets" / f"riichi-{name}.toml").rules


TENHOU, MLEAGUE, WRC = preset("tenhou"), preset("mleague"), preset("wrc")
SOUTH = {"seat_wind": 1}  # a non-dealer


def score(text: str, rules=TENHOU, **ctx):
    return analyze_text(rules, text, WinContext(**ctx))


@pytest.mark.parametrize(
    "text, ctx, yaku, han, fu, total",
    [
        # pinfu: four sequences, a two-sided wait (23s on 4s), a plain pair
        ("123m456p789s2355s4s", SOUTH, ["pinfu"], 1, 30, 1000),
        ("123m456p789s2355s4s", {**SOUTH, "riichi": True}, ["riichi", "pinfu"], 2, 30, 2000),
        # pinfu tsumo: 20 fu, 400/700
        ("123m456p789s2355s4s", {**SOUTH, "tsumo": True}, ["menzen tsumo", "pinfu"], 2, 20, 1500),
        # ittsu with pinfu: 3 han 30 fu, 3840 -> 3900
        ("123456789m2355p1p", SOUTH, ["pinfu", "ittsu"], 3, 30, 3900),
        # sanshoku on an edge wait (12s waiting on 3s): 20 + 10 + 2 -> 40 fu
        ("123m789m123p55p123s", SOUTH, ["sanshoku doujun"], 2, 40, 2600),
        # chanta, tanki on a guest wind: 20 + 10 + 2 + 8 (999s) = 40
        ("123m789p999s789s11z", {"seat_wind": 1, "round_wind": 1}, ["chanta"], 2, 40, 2600),
        ("123m789p999s789s11s", SOUTH, ["junchan"], 3, 40, 5200),
        # open: toitoi and three concealed triplets; 20 + 2 + 2 + 8 + 4 + 8 = 44 -> 50, mangan
        ("[222s]111m555p999s44z", SOUTH, ["toitoi", "sanankou"], 4, 50, 8000),
        # shanpon won by ron: 999s counts open (4 fu); 34 -> 40
        ("123m456p789p55s99s9s", {**SOUTH, "riichi": True}, ["riichi"], 1, 40, 1300),
        ("1133m2255p6688s11z", {**SOUTH, "riichi": True}, ["riichi", "chiitoitsu"], 3, 25, 3200),
        # open tanyao: 20 + 0 (ryanmen) + 2 (open 888s) -> 30
        ("234m567p22s678s[888s]", SOUTH, ["tanyao"], 1, 30, 1000),
        # yakuhai: dragons, seat and round winds (East in East: two yaku)
        ("123m456p78s55p777z9s", SOUTH, ["chun (red dragon)"], 1, 40, 1300),
        ("123m456p789s55p111z", {}, ["seat wind East", "round wind East"], 2, 40, 3900),
        # shousangen: 20 + 10 + 2 (tanki) + 2 (pair of dragons) + 8 + 8 = 50
        (
            "123m456p555z777z66z",
            SOUTH,
            ["haku (white dragon)", "chun (red dragon)", "shousangen"],
            4,
            50,
            8000,
        ),
        # honitsu + iipeikou + riichi: 1 + 1 + 3
        (
            "112233m456m11z99m9m",
            {**SOUTH, "riichi": True},
            ["riichi", "iipeikou", "honitsu"],
            5,
            None,
            8000,
        ),
        # situational yaku
        (
            "123m456p789s2355s4s",
            {**SOUTH, "tsumo": True, "haitei": True},
            ["menzen tsumo", "pinfu", "haitei raoyue"],
            3,
            20,
            2700,
        ),
        ("[123m]456p789s2355s4s", {**SOUTH, "houtei": True}, ["houtei raoyui"], 1, 30, 1000),
        (
            "(1111m)456p789s2355s4s",
            {**SOUTH, "tsumo": True, "rinshan": True},
            ["menzen tsumo", "rinshan kaihou"],
            2,
            60,
            4000,
        ),
        ("123m456p789s2355s4s", {**SOUTH, "chankan": True}, ["pinfu", "chankan"], 2, 30, 2000),
        (
            "123m456p789s2355s4s",
            {**SOUTH, "double_riichi": True, "ippatsu": True},
            ["double riichi", "ippatsu", "pinfu"],
            4,
            30,
            7700,
        ),
        # toitoi + honroutou; 222z won by ron on a shanpon counts open:
        # 20 + 4 (222z) + 4 (111m) + 8 + 8 + 2 (pair of the round wind) = 46 -> 50
        ("[111m]999p11z22z999s2z", {"seat_wind": 2}, ["toitoi", "honroutou"], 4, 50, 8000),
        # open sanshoku, tsumo on a tanki: 20 + 2 + 2 + 32 (closed kan of 9m) = 56 -> 60
        (
            "[123m][123p](9999m)[123s]77p",
            {**SOUTH, "tsumo": True},
            ["sanshoku doujun"],
            1,
            60,
            2000,
        ),
    ],
)
def test_yaku_han_fu_and_payment(text, ctx, yaku, han, fu, total) -> None:
    a = score(text, **ctx)
    assert list(a.yaku_names) == yaku
    assert a.han == han
    if fu is not None:
        assert a.fu == fu
    assert a.payment.total == total


def test_every_yaku_has_its_han_and_the_yakuman_a_name() -> None:
    table = han_table(TENHOU.yaku)
    assert (table.closed["chinitsu"], table.opened["chinitsu"]) == (6, 5)
    assert (table.closed["riichi"], table.opened["riichi"]) == (1, 0)
    assert len(YAKU) == 36 and len(YAKUMAN) == 15
    # Every name has a key of the ruleset's [yaku] table, and every han key a name.
    keys = {f.name for f in dataclasses.fields(Yaku)}
    assert set(YAKU_KEYS.values()) | set(YAKUMAN_KEYS.values()) == keys - {
        "open_tanyao",
        "red_fives",
        "double_yakuman",
    }
    # The defaults (a ruleset without the keys) are the presets' values.
    for rules in (TENHOU, MLEAGUE, WRC):
        assert dataclasses.replace(rules.yaku, double_yakuman=False) == Yaku(
            open_tanyao=rules.yaku.open_tanyao, red_fives=rules.yaku.red_fives
        )


def ruleset_text(old: str, new: str) -> str:
    text = (REPO / "rulesets" / "riichi-tenhou.toml").read_text(encoding="utf-8")
    assert f"\n{old}\n" in text
    return text.replace(f"\n{old}\n", f"\n{new}\n", 1)


def test_the_han_of_each_yaku_come_from_the_ruleset(tmp_path: Path) -> None:
    path = tmp_path / "club.toml"
    hand = "234m567p22s678s[888s]"  # open tanyao, 30 fu
    assert (score(hand, **SOUTH).han, score(hand, **SOUTH).payment.total) == (1, 1000)
    path.write_text(ruleset_text("tanyao = [1, 1]", "tanyao = [2, 2]"), encoding="utf-8")
    club = load_ruleset(path).rules
    assert (score(hand, club, **SOUTH).han, score(hand, club, **SOUTH).payment.total) == (2, 2000)
    path.write_text(ruleset_text("tanyao = [1, 1]", "tanyao = [1, 0]"), encoding="utf-8")
    with pytest.raises(HandError, match="no yaku"):
        score(hand, load_ruleset(path).rules, **SOUTH)
    # chinitsu 7 / 6 instead of 6 / 5: a closed chinitsu riichi is a baiman.
    path.write_text(ruleset_text("chinitsu = [6, 5]", "chinitsu = [7, 6]"), encoding="utf-8")
    club = load_ruleset(path).rules
    flush = "123456789234m55m"
    a, b = score(flush, **SOUTH), score(flush, club, **SOUTH)
    assert b.han == a.han + 1 and ("chinitsu", 7) in b.yaku
    # A yakuman's count, and pinfu (a closed-only yaku: one integer).
    path.write_text(ruleset_text("daisangen = 1", "daisangen = 2"), encoding="utf-8")
    assert score("123m4p555666777z4p", load_ruleset(path).rules, **SOUTH).payment.total == 64000
    path.write_text(ruleset_text("pinfu = 1", "pinfu = 2"), encoding="utf-8")
    assert score("123m456p789s2355s4s", load_ruleset(path).rules, **SOUTH).yaku == (("pinfu", 2),)


def test_a_ruleset_without_the_han_keys_has_the_standard_han(tmp_path: Path) -> None:
    text = (REPO / "rulesets" / "riichi-tenhou.toml").read_text(encoding="utf-8")
    head, rest = text.split("\n[yaku]\n")
    path = tmp_path / "old.toml"
    path.write_text(head + "\n" + rest[rest.index("\n[") :], encoding="utf-8")
    old = load_ruleset(path).rules
    assert old.yaku == Yaku() and old.yaku.chinitsu == (6, 5)
    assert score("234m567p22s678s[888s]", old, **SOUTH).payment.total == 1000


@pytest.mark.parametrize(
    "old, new, key, words",
    [
        (
            "chanta = [2, 1]",
            "chanta = [2, 3]",
            "yaku.chanta",
            "expected [closed han, open han]: two integers, the closed han 1 or more, the open "
            "han from 0 (closed hands only) to the closed han, got [2, 3]",
        ),
        ("chanta = [2, 1]", "chanta = [2]", "yaku.chanta", "got [2]"),
        ("chanta = [2, 1]", "chanta = [0, 0]", "yaku.chanta", "the closed han 1 or more"),
        (
            "chanta = [2, 1]",
            "chanta = 2",
            "yaku.chanta",
            "expected an array of integers >= 0, got 2 (integer)",
        ),
        (
            "chanta = [2, 1]",
            "chanta = [2, -1]",
            "yaku.chanta[1]",
            "expected an integer >= 0, got -1",
        ),
        ("riichi = 1", "riichi = [1, 0]", "yaku.riichi", "expected an integer >= 1"),
        ("daisangen = 1", "daisangen = 0", "yaku.daisangen", "expected an integer from 1 to 6"),
        (
            "chanta = [2, 1]",
            "chanta = [2, 1]\nchantaa = [2, 1]",
            "yaku.chantaa",
            "unknown key (known here: ",
        ),
    ],
)
def test_a_bad_han_names_the_file_and_key(tmp_path: Path, old, new, key, words) -> None:
    path = tmp_path / "club.toml"
    path.write_text(ruleset_text(old, new), encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: key '{key}': ") and words in message, message


@pytest.mark.parametrize(
    "text, ctx, yakuman, names",
    [
        ("19m19p19s12345677z", {}, 1, ["kokushi musou, thirteen-sided wait"]),
        ("19m19p19s12345667z", {}, 1, ["kokushi musou"]),
        ("123m4p555666777z4p", SOUTH, 1, ["daisangen"]),
        ("111m555p999s222s77z", {**SOUTH, "tsumo": True}, 1, ["suuankou tanki"]),
        ("111m555p999s77z222s", {**SOUTH, "tsumo": True}, 1, ["suuankou"]),
        ("[111z]222333444z55m", SOUTH, 1, ["daisuushii"]),
        ("11123456789999m", SOUTH, 1, ["junsei chuuren poutou"]),
        ("11123455678999m", {**SOUTH, "tsumo": True}, 1, ["chuuren poutou"]),
        ("223344666888s66z", SOUTH, 1, ["ryuuiisou"]),
        ("[111m]999m111p999p1s1s", SOUTH, 1, ["chinroutou"]),
        ("123m456p789s2355s4s", {"tsumo": True, "tenhou": True}, 1, ["tenhou"]),
        ("123m456p789s2355s4s", {**SOUTH, "tsumo": True, "chiihou": True}, 1, ["chiihou"]),
        ("(1111m)(2222p)(3333s)[4444s]55z", SOUTH, 1, ["suukantsu"]),
    ],
)
def test_yakuman(text, ctx, yakuman, names) -> None:
    a = score(text, **ctx)
    assert (a.han, a.fu, a.yakuman) == (0, None, yakuman)
    assert [n for n, _ in a.yaku] == names


def test_composite_and_double_yakuman_follow_the_ruleset() -> None:
    # tsuuiisou and daisuushii: two yakuman where several may be paid (Tenhou),
    # one under WRC; daisuushii counts two only with yaku.double_yakuman.
    hand = "[111z]222333444z55z"
    assert score(hand, **SOUTH).yakuman == 2
    assert score(hand, **SOUTH).payment.total == 64000
    assert score(hand, WRC, **SOUTH).payment.total == 32000
    doubles = dataclasses.replace(
        TENHOU, yaku=dataclasses.replace(TENHOU.yaku, double_yakuman=True)
    )
    assert score(hand, doubles, **SOUTH).yakuman == 3
    assert score("19m19p19s12345677z", doubles).payment.total == 96000
    assert score("19m19p19s12345667z", doubles).payment.total == 48000


def test_open_tanyao_and_red_fives_are_ruleset_options() -> None:
    no_kuitan = dataclasses.replace(
        TENHOU, yaku=dataclasses.replace(TENHOU.yaku, open_tanyao=False)
    )
    with pytest.raises(HandError, match="no yaku"):
        score("234m567p22s678s[888s]", no_kuitan, **SOUTH)
    red = score("234m406p678s[888s]22s", **SOUTH)
    assert (red.han, red.dora.red, red.payment.total) == (2, 1, 2000)
    plain = score("234m406p678s[888s]22s", WRC, **SOUTH)
    assert (plain.han, plain.dora.red, plain.payment.total) == (1, 0, 1000)


def test_double_wind_pair_kiriage_and_kazoe_follow_the_ruleset() -> None:
    # A pair of East for the dealer in the East round: 4 fu (Tenhou), 2 (M-League).
    tenhou = score("123m456p222s79s11z8s", tsumo=True)
    mleague = score("123m456p222s79s11z8s", MLEAGUE, tsumo=True)
    assert ("pair of the wind that is seat and round wind", 4) in tenhou.fu_items
    assert ("pair of the wind that is seat and round wind", 2) in mleague.fu_items
    assert (tenhou.fu, tenhou.payment.total) == (40, 2100)
    assert (mleague.fu, mleague.payment.total) == (30, 1500)
    # 4 han 30 fu: 7700, or a mangan with kiriage
    hand = "223344m567p33s67s8s"
    assert score(hand, **SOUTH, riichi=True).payment.total == 7700
    assert score(hand, MLEAGUE, **SOUTH, riichi=True).payment.total == 8000
    # 13 han: a kazoe yakuman (Tenhou) or a sanbaiman (M-League)
    big = "22334455667788p"
    assert score(big, **SOUTH, tsumo=True, riichi=True).han == 13
    assert score(big, **SOUTH, tsumo=True, riichi=True).payment.total == 32000
    assert score(big, MLEAGUE, **SOUTH, tsumo=True, riichi=True).payment.total == 24000


def test_dora_ura_and_kans() -> None:
    a = score("(1111m)456p789s2355s4s", **SOUTH, riichi=True, dora=(8,), ura=(27,))
    assert (a.dora.dora, a.dora.ura) == (4, 0)  # 9m shows 1m: four in the kan
    b = score("123m456p789s2355s4s", **SOUTH, riichi=True, dora=(21, 17), ura=(21,))
    assert (b.dora.dora, b.dora.ura) == (2, 2)  # 4s shows 5s (two of them); 9p shows 1p
    assert b.han == 2 + 4
    with pytest.raises(HandError, match="ura dora count only with riichi"):
        score("123m456p789s2355s4s", **SOUTH, ura=(1,))


def test_the_best_reading_counts() -> None:
    # 22334455667788p: ryanpeikou + chinitsu beats seven pairs
    a = score("22334455667788p", **SOUTH, tsumo=True)
    assert "ryanpeikou" in a.yaku_names and "chiitoitsu" not in a.yaku_names
    assert a.han == 12 and a.reading.endswith("(wait: ryanmen)")
    # 111222333m: three concealed triplets (sanankou, 40 fu) beat three
    # sequences (iipeikou, no pinfu on a tanki)
    b = score("111222333m789p55s", **SOUTH, tsumo=True)
    assert list(b.yaku_names) == ["menzen tsumo", "sanankou"]
    assert (b.han, b.fu) == (3, 40)


def test_fu_items_are_the_fu_calculators() -> None:
    for case in cases(1500, seed=21):
        try:
            a = analyze(TENHOU, case.hand, case.ctx)
        except HandError:
            continue
        if not isinstance(a.shape, Standard) or a.yakuman:
            continue
        args = (
            TENHOU.fu,
            a.shape,
            not case.ctx.tsumo,
            case.hand.closed,
            case.ctx.seat_wind,
            case.ctx.round_wind,
        )
        ours, theirs = standard_fu(*args), calculator_fu(*args)
        assert (ours.lines, ours.total, ours.fu, ours.rounding) == (
            theirs.lines,
            theirs.total,
            theirs.fu,
            theirs.rounding,
        )
        assert quick_fu(*args) == ours.fu == a.fu
        assert a.fu_result == ours and a.fu_items == ours.lines  # built when asked for


@pytest.mark.parametrize(
    "text, ctx, words",
    [
        ("123m456p789s11222z", {}, "no yaku"),
        ("123m456p789s12345z", {}, "not a winning hand"),
        ("[123m]456p789s2355s4s", {"riichi": True}, "riichi needs a closed hand"),
        ("123m456p789s2355s4s", {"ippatsu": True}, "ippatsu needs riichi"),
        ("123m456p789s2355s4s", {"riichi": True, "double_riichi": True}, "not both"),
        ("123m456p789s2355s4s", {"haitei": True}, "haitei is a win by tsumo"),
        ("123m456p789s2355s4s", {"houtei": True, "tsumo": True}, "houtei is a win by ron"),
        ("123m456p789s2355s4s", {"rinshan": True, "tsumo": True}, "needs a kan"),
        ("123m456p789s2355s4s", {"chankan": True, "tsumo": True}, "chankan is a win by ron"),
        ("123m456p789s2355s4s", {"tenhou": True, "tsumo": True, "seat_wind": 2}, "dealer's win"),
        ("123m456p789s2355s4s", {"chiihou": True, "tsumo": True}, "non-dealer's win"),
        ("123m456p789s2355s4s", {"tenhou": True}, "wins by tsumo"),
        ("123m456p789s2355s4s", {"seat_wind": 4}, "0-3"),
        ("123m456p789s2355s4s", {"honba": -1}, "honba"),
        ("123m456p789s2355s4s", {"ura": (3,)}, "ura dora count only with riichi"),
        ("123m456p789s2355s4s", {"rinshan": True}, "rinshan kaihou is a win by tsumo"),
        (
            "(1111m)456p789s2355s4s",
            {"rinshan": True, "haitei": True, "tsumo": True},
            "rinshan or haitei, not both",
        ),
        ("123m456p789s2355s4s", {"chankan": True, "houtei": True}, "chankan or houtei"),
        (
            "123m456p789s2355s4s",
            {"tenhou": True, "chiihou": True, "tsumo": True},
            r"tenhou \(dealer\) or chiihou",
        ),
        ("(1111m)456p789s2355s4s", {"tenhou": True, "tsumo": True}, "before any kan or call"),
    ],
)
def test_impossible_wins_are_refused(text, ctx, words) -> None:
    with pytest.raises(HandError, match=words):
        score(text, **ctx)


def test_honba_and_the_dealer() -> None:
    a = score("123m456p789s2355s4s", tsumo=True, honba=2)
    assert a.payment.shares() == {"non_dealer": 700 + 200}
    b = score("123m456p789s2355s4s", **SOUTH, honba=1)
    assert b.payment.shares() == {"discarder": 1000 + 300}
