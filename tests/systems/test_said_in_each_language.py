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
