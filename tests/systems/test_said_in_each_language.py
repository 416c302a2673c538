"""What the core and the systems say to a table, in the language it speaks: why a game
ended, why a hand is refused, the time limit's notices. English stays the records' own
words; each other language says the same thing with the same numbers and names."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

import pytest

from mjtui import paths
from mjtui.core import language
from mjtui.core.errors import HandError
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import Ruleset, RulesetLibrary
from mjtui.core.table.clock import GameClock

NAMES = ("Ann", "Bob", "Cy", "Di")


def _ruleset(rid: str) -> Ruleset:
    return RulesetLibrary(paths.ruleset_folders()).get(rid)


def _riichi_after_south_4() -> tuple[Session, object]:
    from mjtui.systems.riichi import system as riichi

    session = Session(_riichi := _ruleset("riichi-ema"), NAMES, datetime(2026, 12, 1))
    for _hand in range(8):  # eight draws, nobody tenpai: the dealer passes each time
        session.add(riichi.ExhaustiveDraw((), (), ()))
    return session, _riichi


def test_a_riichi_game_that_ran_its_length_says_so_in_japanese() -> None:
    from mjtui.systems.riichi.table import state_text

    session, _ = _riichi_after_south_4()
    assert state_text(session.state, NAMES) == "Game over: South 4 was the last hand"
    language.install("ja")
    assert state_text(session.state, NAMES) == "終局: 南4局が最終局"


@pytest.mark.parametrize(
    ("end", "english", "japanese"),
    [
        ("target", "Game over: Bob has 30000 or more in West 1", "終局: 西1局でBobが30000点以上"),
        (
            "agari-yame",
            "Game over: the dealer (Bob) won West 1 in first place (agari-yame)",
            "終局: 親のBobが西1局をトップで和了 (アガリやめ)",
        ),
        (
            "tenpai-yame",
            "Game over: the dealer (Bob) was tenpai in West 1 in first place (tenpai-yame)",
            "終局: 親のBobが西1局をトップで聴牌 (テンパイやめ)",
        ),
        (
            "chombo",
            "Game over: Bob's chombo in West 1, the last hand, ended the game",
            "終局: 最終局の西1局でBobがチョンボ",
        ),
    ],
)
def test_each_riichi_end_is_said_from_its_code(end: str, english: str, japanese: str) -> None:
    from mjtui.systems.riichi.table import state_text

    session, _ = _riichi_after_south_4()
    over = replace(session.state, end=end, end_seat=1, end_round=(2, 1), end_target=30000)
    assert state_text(over, NAMES) == english
    language.install("ja")
    assert state_text(over, NAMES) == japanese


def test_a_hand_after_the_end_is_refused_in_the_language_spoken() -> None:
    from mjtui.systems.riichi import system as riichi
    from mjtui.systems.riichi.table import check_in_play

    session, ruleset = _riichi_after_south_4()
    draw = riichi.ExhaustiveDraw((), (), ())
    with pytest.raises(HandError, match=r"^the game is over: South 4 was the last hand$"):
        check_in_play(ruleset.rules, session.state, draw)
    language.install("ja")
    with pytest.raises(HandError, match=r"^終局しています: 南4局が最終局$"):
        check_in_play(ruleset.rules, session.state, draw)


def test_a_riichi_form_says_what_is_missing_in_japanese() -> None:
    from mjtui.systems.riichi.entry import read_entry
    from mjtui.systems.riichi.table import start

    ruleset = _ruleset("riichi-tenhou")
    before = start(ruleset.rules)
    language.install("ja")
    errors = read_entry(ruleset.rules, before, {"outcome": "r"}).errors
    assert errors == (
        "和了者: 和了した人の席 (1-4) を入力",
        "放銃者: 和了牌を捨てた人の席 (1-4) を入力",
    )
    typed = {"outcome": "r", "seat-0": "1", "han-0": "1", "fu-0": "20", "from": "2"}
    refused = read_entry(ruleset.rules, before, typed).errors
    assert refused == ("20符のロンはありません: 門前ロンは30符以上、符のない副露手は30符です",)


@pytest.mark.parametrize(
    ("spoken", "warning", "last", "over"),
    [
        ("en", "10 minutes left in this game", "LAST HAND (time is up)", "time is up"),
        ("ja", "この対局は残り10分です", "最終局 (時間切れ)", "時間切れ"),
        ("zh_Hans", "本局还剩 10 分钟", "最后一局 (时间到)", "时间到"),
        ("zh_Hant", "本局還剩 10 分鐘", "最後一局 (時間到)", "時間到"),
    ],
)
def test_the_time_limit_is_said_in_each_language(
    spoken: str, warning: str, last: str, over: str
) -> None:
    language.install(spoken)
    start = datetime(2026, 12, 1, 18, 0)
    now = [start + timedelta(minutes=55)]
    clock = GameClock(60, start, now=lambda: now[0])
    assert clock.notice(3) == warning
    now[0] = start + timedelta(minutes=61)
    assert clock.status(3).short() == last
    assert clock.status(4).short() == over


def _played_out(rid: str) -> tuple[Session, Ruleset]:
    """A session of ``rid`` played to its end with draws (Hong Kong: the starter keeps
    the deal on a draw, so a win by the player after him passes it)."""
    ruleset = _ruleset(rid)
    system = ruleset.system
    session = Session(ruleset, NAMES, datetime(2026, 12, 1))
    for _hand in range(100):
        if session.state.finished:
            break
        state = session.state
        if rid == "mcr":
            from mjtui.systems.mcr.events import Draw

            session.add(Draw())
        else:
            from mjtui.systems.pocket.events import Win

            winner = (state.east + 1) % 4
            session.add(Win(winner, ruleset.rules.fan.minimum, discarder=state.east))
    assert session.state.finished, system
    return session, ruleset


@pytest.mark.parametrize(
    ("rid", "spoken", "state", "refusal"),
    [
        ("hk-common", "zh_Hant", "Series over: the North round was the last", ""),
        ("hk-common", "zh_Hant", "", "本局已完：北圈是最後一圈"),
        ("hk-common", "zh_Hans", "", "本局已结束：北圈是最后一圈"),
        ("mcr", "zh_Hans", "", "比赛已结束：共 16 局"),
        ("mcr", "zh_Hant", "", "比賽已結束：共 16 局"),
    ],
)
def test_a_hand_after_a_chinese_game_s_end_is_refused_in_its_language(
    rid: str, spoken: str, state: str, refusal: str
) -> None:
    session, ruleset = _played_out(rid)
    system = ruleset.system
    if state:  # English: the state says why, and so does the refusal
        assert system.describe_state(session.state, NAMES) == state
    language.install(spoken)
    hand = session.hands[-1]
    with pytest.raises(HandError) as refused:
        system.check_in_play(ruleset.rules, session.state, hand)
    if refusal:
        assert str(refused.value) == refusal


@pytest.mark.parametrize(
    ("spoken", "title", "draw", "won", "winner"),
    [
        (
            "ja",
            "第1局 · 東家: Ann",
            "流局",
            "Bobの和了",
            "和了者: 1-4 (または a-d) を入力、流局は 0",
        ),
        (
            "zh_Hans",
            "第 1 局 · 东家：Ann",
            "流局",
            "Bob胡",
            "胡牌者：输入 1-4 (或 a-d)，流局输入 0",
        ),
        (
            "zh_Hant",
            "第 1 局 · 東家：Ann",
            "流局",
            "Bob胡",
            "胡牌者：輸入 1-4 (或 a-d)，流局輸入 0",
        ),
    ],
)
def test_the_hp11c_table_speaks_each_language(
    spoken: str, title: str, draw: str, won: str, winner: str
) -> None:
    from mjtui.systems.east_doubling.form import read_entry
    from mjtui.systems.east_doubling.system import Hand

    ruleset = _ruleset("hp11c")
    system, rules = ruleset.system, ruleset.rules
    language.install(spoken)
    state = system.start(rules)
    assert system.hand_title(state, NAMES) == title
    assert system.describe_hand(Hand(None, (0, 0, 0, 0)), NAMES) == draw
    assert system.describe_hand(Hand(1, (0, 8, 0, 0)), NAMES) == won
    assert read_entry(rules, state, {"winner": "9"}, NAMES).errors == (winner,)


def test_the_fx602p_history_and_status_in_japanese() -> None:
    from mjtui.systems.fx602p.events import Win

    ruleset = _ruleset("fx602p")
    system = ruleset.system
    language.install("ja")
    session = Session(ruleset, ("Ann", "FX"), datetime(2026, 12, 1))
    hand = Win(winner=0, tiles=(1, 2, 3, 4, 5, 6, 7, 8, 9), win_tile=9, tsumo=True)
    session.add(hand)
    assert system.describe_hand(hand, ("Ann", "FX")) == "Annのツモ和了: ピンフ、イッツウ (刻子0)"
    assert system.describe_state(session.state, ("Ann", "FX")) == (
        "次は第2局 · 親: Ann · Ann 1局で +5,600、Ave +5,600"
    )


@pytest.mark.parametrize(
    ("spoken", "winner", "fan"),
    [
        ("zh_Hans", "和牌：输入和牌者的座位，1-4", "番：输入番数（含花），或在下方输入和牌者的牌"),
        ("zh_Hant", "和牌：輸入和牌者的座位，1-4", "番：輸入番數（含花），或在下方輸入和牌者的牌"),
    ],
)
def test_the_mcr_form_asks_for_each_field_in_chinese(spoken: str, winner: str, fan: str) -> None:
    from mjtui.systems.mcr.entry import read_entry

    ruleset = _ruleset("mcr")
    before = Session(ruleset, NAMES, datetime(2026, 12, 1)).state
    language.install(spoken)
    try:
        assert read_entry(ruleset.rules, before, {"outcome": "r"}).errors == (winner,)
        assert read_entry(ruleset.rules, before, {"outcome": "r", "winner": "1"}).errors == (fan,)
    finally:
        language.install("en")


@pytest.mark.parametrize(
    ("rid", "spoken", "discarder", "guarantor"),
    [
        ("mcr", "zh_Hans", "点和：输入打出和牌张的座位（1-4）", None),
        ("mcr", "zh_Hant", "點和：輸入打出和牌張的座位（1-4）", None),
        (
            "pocket",
            "zh_Hans",
            "点炮：输入打出和牌张的玩家座位（1-4）",
            "包牌：输入替三家全付的玩家座位（1-4），或留空",
        ),
        (
            "pocket",
            "zh_Hant",
            "出銃：輸入打出食糊牌的玩家座位（1-4）",
            "包牌：輸入替三家全付的玩家座位（1-4），或留空",
        ),
    ],
)
def test_the_fan_forms_ask_for_the_discarder_and_the_guarantor_in_chinese(
    rid: str, spoken: str, discarder: str, guarantor: str | None
) -> None:
    """The seats a win on a discard still needs: said in the table's language, as the
    fields before them are (they were English f-strings under a translated form)."""
    from importlib import import_module

    read_entry = import_module(f"mjtui.systems.{rid}.entry").read_entry
    ruleset = _ruleset(rid)
    before = Session(ruleset, NAMES, datetime(2026, 12, 1)).state
    language.install(spoken)
    typed = {"outcome": "r", "winner": "2", "fan": "8"}
    assert read_entry(ruleset.rules, before, typed).errors == (discarder,)
    if guarantor is not None:
        self_draw = {"outcome": "t", "winner": "2", "fan": "8", "guarantor": "x"}
        assert read_entry(ruleset.rules, before, self_draw).errors == (guarantor,)


def test_the_fu_calculator_names_a_wait_and_a_meld_in_japanese() -> None:
    """A refusal of the fu calculator puts the wait and the meld's kind into its sentence:
    in Japanese they are the rule books' words, not the records' (kanchan, triplet)."""
    from mjtui.systems.riichi.fu import FuHand, Meld, calculate

    rules = _ruleset("riichi-tenhou").rules
    melds = (Meld("triplet", winning=True), Meld(), Meld(), Meld())
    hand = FuHand(win="ron", wait="kanchan", melds=melds)
    language.install("ja")
    with pytest.raises(HandError) as refused:
        calculate(rules, hand)
    assert str(refused.value) == "嵌張 待ちは順子を完成させますが、面子1は 刻子 です"
