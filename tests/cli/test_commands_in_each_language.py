"""The headless commands in the language spoken: `mjtui hand`, `waits`, `points`, `rules`,
`export --format md` and their errors say their words in Japanese or Chinese, aligned by
cells; the JSON is the same in every language but for the localized names (``name``; a
problem's ``why`` is a sentence in the language spoken, its code ``problem`` is not)."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

from mjtui.cli.entry import main
from mjtui.core.cells import cells

SAID = ("name", "why")


def run(capsys: pytest.CaptureFixture[str], language: str, *argv: str) -> tuple[int, str, str]:
    code = main(["--language", language, *argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _unsaid(value: Any) -> Any:
    """The JSON without what the language says: every ``name`` and ``why``."""
    if isinstance(value, dict):
        return {k: _unsaid(v) for k, v in value.items() if k not in SAID}
    if isinstance(value, list):
        return [_unsaid(v) for v in value]
    return value


def _same_json(capsys: pytest.CaptureFixture[str], language: str, *argv: str) -> Any:
    """The command's JSON in English and in ``language``: equal but for the names."""
    _code, english, _ = run(capsys, "en", *argv, "--json")
    _code, spoken, _ = run(capsys, language, *argv, "--json")
    assert _unsaid(json.loads(spoken)) == _unsaid(json.loads(english))
    return json.loads(spoken)


def test_mjtui_hand_fx602p_in_japanese_names_the_yaku_as_the_1986_program(capsys) -> None:
    code, out, _ = run(capsys, "ja", "hand", "fx602p", "123456789", "--tsumo", "--dora", "5")
    assert code == 0
    assert out.splitlines() == [
        "123 456 789、9でツモ、ドラ 5: ピンフ 1 + ドラ 1 + イッツウ 2 = 4翻、刻子0",
        "  16 × (50 + 10 × 0) × 11 = 8800点",
    ]
    found = _same_json(capsys, "ja", "hand", "fx602p", "123456789", "--tsumo")
    assert found["yaku"] == ["Pinfu", "Ittsu"]  # the record's names, not the words shown


def test_mjtui_waits_for_hong_kong_in_traditional_chinese(capsys) -> None:
    argv = ("waits", "hk-common", "123456789m1112p", "--seat", "S")
    code, out, _ = run(capsys, "zh_Hant", *argv)
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "123456789m1112p: 聽牌，2 種聽，未見 7 張"
    assert lines[1] == "  2p  剩 3 張"
    assert lines[2] == "      食出銃 不夠起糊番 (2 番)"
    assert lines[3] == "      自摸   不夠起糊番 (3 番)"
    assert cells(lines[2].split(" 不")[0]) == cells(lines[3].split(" 不")[0])  # aligned
    assert "平糊 1" in out
    found = _same_json(capsys, "zh_Hant", *argv)
    assert found["waits"][0]["ron"]["problem"] == "under the minimum"  # the code stays


def test_mjtui_waits_for_mcr_in_simplified_chinese(capsys) -> None:
    argv = ("waits", "mcr", "123456789m1112z")
    code, out, _ = run(capsys, "zh_Hans", *argv)
    assert code == 0
    assert out.splitlines()[:3] == [
        "123456789m1112z: 听牌，1 种听，未见 3 张",
        "  2z  剩 3 张",
        "      点和 29 番，53 (清龙 16、混一色 6、圈风刻 2、门风刻 2、门前清 2、单钓将 1)",
    ]
    _same_json(capsys, "zh_Hans", *argv)


def test_a_hand_under_the_minimum_says_why_in_chinese(capsys) -> None:
    code, _out, err = run(
        capsys, "zh_Hant", "hand", "hk-common", "123m456p789s22z111s", "--seat", "S"
    )
    assert code == 2
    assert err.startswith("mjtui: ")
    assert "不夠起糊的 3 番" in err and "(找到：門前清 1, 無花 1)".replace(", ", "、") in err


def test_mjtui_points_and_its_refusal_in_japanese(capsys) -> None:
    code, out, _ = run(capsys, "ja", "points", "riichi-tenhou", "--han", "4", "--fu", "30", "--ron")
    assert code == 0 and "4翻30符" in out and "放銃者が 7700 点" in out
    code, _out, err = run(
        capsys, "ja", "points", "riichi-tenhou", "--han", "1", "--fu", "20", "--ron"
    )
    assert code == 2 and "20符のロンはありません" in err
    code, _out, err = run(capsys, "zh_Hant", "points", "hk-common", "--fan", "3")
    assert code == 2 and "沒有 `mjtui points`" in err


@pytest.mark.parametrize(
    ("language", "ruleset", "words"),
    [
        ("ja", "riichi-tenhou", ("基本点", "門前加符", "切り上げ満貫なし", "ウマ (1位から順に)")),
        ("ja", "hp11c", ("東家倍付け", "計算例: 南の和了。", "収支: 東 -36")),
        ("ja", "fx602p", ("役係数", "ピンフ          1  すべて順子で、両面待ち", "二人麻雀です。")),
        (
            "zh_Hans",
            "fx602p",
            (
                "系数",
                "平和        1  全是顺子，两面听牌",
            ),
        ),
        ("zh_Hant", "hp11c", ("東家加倍", "得失：東 -36")),
        ("zh_Hant", "hk-common", ("起糊要 3 番", "食出銃時出銃者付 1 份", "詐糊")),
        (
            "zh_Hans",
            "mcr",
            ("和牌需要 8 番起和", "一场比赛 16 局，4 圈", "东圈  玩家 1", "不重复原则"),
        ),
        ("zh_Hant", "mcr", ("和牌需要 8 番起和", "一場比賽 16 局，4 圈", "東圈  玩家 1")),
    ],
)
def test_mjtui_rules_says_its_prose_in_the_language(
    capsys, language: str, ruleset: str, words: tuple[str, ...]
) -> None:
    code, out, _ = run(capsys, language, "rules", ruleset)
    assert code == 0
    for said in words:
        assert said in out
    assert all(cells(line) <= 76 for line in out.splitlines())
    assert not any(line.startswith(("、", "。", "，", "；")) for line in out.splitlines())


@pytest.mark.parametrize("language", ["zh_Hans", "zh_Hant"])
def test_mcr_rules_give_every_fan_its_line_in_chinese(capsys, language: str) -> None:
    """The fans' part of `mjtui rules mcr` has no English word left: each fan's line is
    the catalog's, by its key; English keeps its English name and line."""
    import re

    from mjtui.core import language as spoken
    from mjtui.systems.mcr.fans import ALL_FANS
    from mjtui.systems.mcr.terms import description

    code, out, _ = run(capsys, language, "rules", "mcr")
    assert code == 0
    fans = out[re.search("不重[复複]原[则則]", out).start() :]  # type: ignore[union-attr]
    assert re.findall(r"[A-Za-z]{3,}", fans) == []
    spoken.install(language)
    lines = [description(f.key) for f in ALL_FANS]
    assert not {f.description for f in ALL_FANS} & set(lines)
    assert [line for line in lines if f"  {line}\n" not in fans] == []
    _code, english, _ = run(capsys, "en", "rules", "mcr")
    assert "大四喜      Big Four Winds: pungs or kongs of all four winds" in english


def test_the_tiles_errors_and_a_missing_ruleset_are_said_in_the_language(capsys) -> None:
    code, _out, err = run(capsys, "ja", "hand", "riichi-tenhou", "123m456p78s")
    assert code == 2
    assert err.splitlines() == [
        "mjtui: 和了形は14枚、カン1つにつき1枚追加です。この手は8枚です",
        "  123m456p78s",
        "             ^",
    ]
    code, _out, err = run(capsys, "zh_Hans", "hand", "nosuch", "123m")
    assert code == 2 and "没有名为 'nosuch' 的规则" in err
    code, _out, err = run(capsys, "zh_Hant", "hand", "hp11c", "123m")
    assert code == 2 and "不能從牌計分；`mjtui hand` 計分 " in err
    code, _out, err = run(
        capsys, "ja", "hand", "riichi-tenhou", "123m456p789s2355s4s", "--seat", "Q"
    )
    assert code == 2 and "引数 --seat: 風は E, S, W, N" in err  # argparse's words too


def test_a_session_exported_as_markdown_in_japanese(folders, capsys, tmp_path: Path) -> None:
    from mjtui import paths
    from mjtui.core.model.session import Session
    from mjtui.core.rulesets.ruleset import RulesetLibrary
    from mjtui.core.sessions.session_file import save_session
    from mjtui.systems.riichi import system as riichi

    ruleset = RulesetLibrary(paths.ruleset_folders()).get("riichi-tenhou")
    session = Session(ruleset, ("山田", "Bob", "Cy", "Di"), datetime(2026, 12, 1, 19, 0))
    session.add(riichi.Win((riichi.Winner(1, 3, 30, 0),), 0, ()))
    path = tmp_path / "s.toml"
    save_session(session, path)
    code, out, _ = run(capsys, "ja", "export", str(path), "--format", "md")
    assert code == 0
    for said in ("# 2026-12-01 19:00 の対局", "- ルール: リーチ麻雀（天鳳） (riichi-tenhou)",
                 "## 最終順位", "## 各局", "- 局数: 1", "| 1 | 東1局 | "):  # fmt: skip
        assert said in out
    assert "East" not in out  # the round of each hand too, not the records' English
    code, english, _ = run(capsys, "en", "export", str(path), "--format", "csv")
    code, spoken, _ = run(capsys, "ja", "export", str(path), "--format", "csv")
    assert spoken.splitlines()[0] == english.splitlines()[0]  # the CSV header never changes


@pytest.mark.parametrize(
    ("language", "argv"),
    [
        ("ja", ("hand", "riichi-tenhou", "123m456p789s2355s4s", "--seat", "S", "--riichi")),
        ("ja", ("waits", "riichi-tenhou", "123m456p789s2355s", "--riichi")),
        ("ja", ("points", "riichi-tenhou", "--han", "4", "--fu", "30", "--ron")),
        ("zh_Hant", ("hand", "hk-common", "123m456m789m111z22z", "--self-draw")),
        ("zh_Hans", ("hand", "hk-common", "123m456m789m111z22z", "--self-draw")),
        ("zh_Hans", ("hand", "mcr", "123m456m789m111z22z", "--self-draw")),
        ("zh_Hant", ("hand", "mcr", "123m456m789m111z22z", "--self-draw")),
        ("zh_Hant", ("hand", "fx602p", "111999555", "--tsumo")),
    ],
)
def test_the_json_is_the_same_in_every_language_but_for_the_names(
    capsys, language: str, argv: tuple[str, ...]
) -> None:
    _same_json(capsys, language, *argv)
