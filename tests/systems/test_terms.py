"""Every term a system shows has a name in each language its tables speak: a yaku, a
limit or a fu item of riichi in Japanese; a Hong Kong pattern and an MCR fan in
simplified and traditional Chinese; the winds in all three. A key without a name fails."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from mjtui.core import language
from mjtui.core.language import read_catalog
from mjtui.core.systems.winds import WINDS, wind_name
from mjtui.systems.mcr.fans import ALL_FANS
from mjtui.systems.mcr.terms import fan_name
from mjtui.systems.pocket.rules import Patterns
from mjtui.systems.pocket.terms import pattern_name
from mjtui.systems.riichi import fu
from mjtui.systems.riichi.hand.yaku import YAKU, YAKUMAN
from mjtui.systems.riichi.points import LIMIT_NAMES
from mjtui.systems.riichi.rules import Yaku
from mjtui.systems.riichi.terms import fu_item, key_name, limit_name, yaku_name

CHINESE = ("zh_Hans", "zh_Hant")


@pytest.fixture
def speak() -> Iterator[object]:
    yield language.install
    language.install(language.ENGLISH)


def _untranslated(names: dict[str, str]) -> list[str]:
    """The keys whose name is still English (Latin letters)."""
    return [k for k, v in names.items() if any("a" <= c.lower() <= "z" for c in v)]


def test_every_riichi_yaku_limit_and_fu_item_has_a_japanese_name(speak) -> None:
    speak("ja")
    assert not _untranslated({n: yaku_name(n) for n in (*YAKU, *YAKUMAN)})
    keys = [f.name for f in dataclasses.fields(Yaku)]
    assert not _untranslated({k: key_name(k) for k in keys})
    assert not _untranslated({n: limit_name(n) for n in LIMIT_NAMES.values()})
    labels = [*fu.WAIT_NAMES.values(), *fu.PAIR_NAMES.values(), "base", "closed hand won by ron"]
    assert not _untranslated({label: fu_item(label) for label in labels})
    assert yaku_name("sanankou") == "三暗刻"
    assert yaku_name("seat wind South") == "自風牌 南"
    assert fu_item("meld 2: closed triplet of simples") == "面子 2: 暗刻 中張牌"


@pytest.mark.parametrize("spoken", CHINESE)
def test_every_hong_kong_pattern_has_a_chinese_name(speak, spoken: str) -> None:
    speak(spoken)
    keys = [f.name for f in dataclasses.fields(Patterns)]
    assert not _untranslated({k: pattern_name(k, k) for k in keys})
    assert pattern_name("all_triplets", "All Pongs") == (
        "对对胡" if spoken == "zh_Hans" else "對對糊"
    )


@pytest.mark.parametrize("spoken", CHINESE)
def test_every_mcr_fan_has_a_chinese_name(speak, spoken: str) -> None:
    speak(spoken)
    assert not _untranslated({f.key: fan_name(f.key) for f in ALL_FANS})
    assert fan_name("pure_straight") == ("清龙" if spoken == "zh_Hans" else "清龍")


def test_mcr_simplified_names_are_the_2006_rules_own_not_a_copy() -> None:
    """zh_Hans fans come from fans.py's name_zh: the catalog holds none of them."""
    catalog = read_catalog("mjtui.systems.mcr", "zh_Hans", "terms")
    assert all(catalog.gettext(f.key) == f.key for f in ALL_FANS)


@pytest.mark.parametrize(("spoken", "east"), [("ja", "東"), ("zh_Hans", "东"), ("zh_Hant", "東")])
def test_the_winds_in_each_language(speak, spoken: str, east: str) -> None:
    speak(spoken)
    assert wind_name(0) == east
    assert not _untranslated({w: wind_name(i) for i, w in enumerate(WINDS)})


def test_english_names_are_the_records_own() -> None:
    assert yaku_name("haku (white dragon)") == "haku (white dragon)"
    assert pattern_name("pure_hand", "Pure Hand") == "Pure Hand"
    assert fan_name("pure_straight") == "Pure Straight"
    assert wind_name(3) == "North"


def test_why_a_riichi_game_ended_is_said_in_the_language_spoken(speak) -> None:
    from datetime import datetime

    from mjtui import paths
    from mjtui.core.model.session import Session
    from mjtui.core.rulesets.ruleset import RulesetLibrary
    from mjtui.systems.riichi import system as riichi
    from mjtui.systems.riichi.table import state_text

    ruleset = RulesetLibrary(paths.ruleset_folders()).get("riichi-tenhou")
    names = ("Ann", "Bob", "Cy", "Di")
    session = Session(ruleset, names, datetime(2026, 12, 1))
    session.add(riichi.Win((riichi.Winner(1, 0, None, 1),), 0, ()))  # a yakuman off Ann: below zero
    assert state_text(session.state, names) == "Game over: Ann went below zero"
    speak("ja")
    assert state_text(session.state, names) == "終局: Annのトビ"
