"""The core's messages a table reads, in the language spoken: a damaged session's
problems (which hand, which line, that it was left out), a ruleset that does not
follow its schema (the file and the key as written, the sentence translated)."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

import pytest

from mjtui import paths
from mjtui.core import language
from mjtui.core.errors import RulesetError
from mjtui.core.model.session import Session
from mjtui.core.rulesets.ruleset import RulesetLibrary, load_ruleset
from mjtui.core.sessions.session_file import load_session, save_session
from mjtui.systems.east_doubling.system import Hand


def _find(name: str):
    return RulesetLibrary(paths.ruleset_folders()).get(name)


def _damaged(tmp_path: Path) -> Path:
    session = Session(_find("hp11c"), ("Ann", "Bob", "Cy", "Di"), datetime(2026, 12, 1, 20))
    for hand in (Hand(2, (10, 4, 50, 6)), Hand(0, (40, 10, 20, 8))):
        session.add(hand)
    path = tmp_path / "s.toml"
    save_session(session, path)
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("winner = 1\n", 'winner = "x"\n'), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("spoken", "where", "tail"),
    [
        ("en", ": hand 2 (line {line}): ", "; this hand was left out"),
        ("ja", ": 第2局 ({line}行目): ", "。この局は読み込みませんでした"),
        ("zh_Hans", ": 第 2 局 (第 {line} 行): ", "；这一局未被读入"),
        ("zh_Hant", ": 第 2 局 (第 {line} 行): ", "；這一局未被讀入"),
    ],
)
def test_a_damaged_session_says_which_hand_was_left_out(
    folders: object, tmp_path: Path, spoken: str, where: str, tail: str
) -> None:
    path = _damaged(tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines()
    line = lines.index('winner = "x"')  # the line before it, 1-based: its [[hands]]
    language.install(spoken)
    loaded = load_session(path, _find)
    assert len(loaded.session.hands) == 1
    (problem,) = loaded.problems
    assert where.format(line=line) in problem
    assert problem.endswith(tail)


def test_a_ruleset_error_keeps_its_key_and_says_the_rest_in_japanese(tmp_path: Path) -> None:
    source = Path(paths.ruleset_folders()[0]) / "riichi-tenhou.toml"
    bad = tmp_path / "bad.toml"
    bad.write_text(
        source.read_text(encoding="utf-8").replace("[payments]", "[payments]\nriichi_depost = 1"),
        encoding="utf-8",
    )
    with pytest.raises(RulesetError) as english:
        load_ruleset(bad)
    assert "key 'payments.riichi_depost': unknown key (known here: " in str(english.value)
    language.install("ja")
    with pytest.raises(RulesetError) as japanese:
        load_ruleset(bad)
    said = str(japanese.value)
    assert said.startswith(str(bad))
    assert "キー 'payments.riichi_depost': 知らないキーです (ここで使えるキー: " in said
    assert "riichi_deposit" in said  # the keys are named as the file spells them


def test_a_value_of_the_wrong_kind_is_said_in_chinese(tmp_path: Path) -> None:
    source = Path(paths.ruleset_folders()[0]) / "hp11c.toml"
    text = source.read_text(encoding="utf-8")
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace("east_multiplier = 2", 'east_multiplier = "two"'), "utf-8")
    language.install("zh_Hant")
    with pytest.raises(RulesetError, match=r"鍵 'payments\.east_multiplier'：應為") as e:
        load_ruleset(bad)
    assert "實為 'two' (字串)" in str(e.value)


def test_no_ruleset_of_the_name_is_said_and_known_by_its_class() -> None:
    from mjtui.core.errors import NoSuchRuleset

    language.install("zh_Hans")
    with pytest.raises(NoSuchRuleset, match="没有名为 'nosuch' 的规则"):
        _find("nosuch")


def test_japanese_prose_flows_on_and_no_line_starts_with_a_closing_mark() -> None:
    from mjtui.core.cells import cells, wrap

    text = "East 各局で全員が点数を数えます。各プレイヤーは他の全員にその人の点数を払います"
    lines = wrap(text, 20)
    assert lines[0].startswith("East 各局で")  # the run fills the line it starts on
    assert all(cells(line) <= 20 for line in lines)
    assert "".join(lines) == text
    assert not any(line[0] in "、。ー" for line in lines)
    # 20 cells end before 。: it goes down with the character before it
    assert wrap("あいうえおかきくけこ。さしすせそ", 20) == ["あいうえおかきくけ", "こ。さしすせそ"]


def test_a_system_s_own_ruleset_check_says_its_sentence_in_japanese(tmp_path: Path) -> None:
    import re

    source = Path(paths.ruleset_folders()[0]) / "riichi-tenhou.toml"
    bad = tmp_path / "bad.toml"
    text = re.sub(r"uma = \[[^\]]*\]", "uma = [1, 2]", source.read_text(encoding="utf-8"), count=1)
    bad.write_text(text, encoding="utf-8")
    language.install("ja")
    with pytest.raises(RulesetError) as e:
        load_ruleset(bad)
    said = "キー 'final.uma': 4個の値 (1位から4位まで) が必要ですが、2個です"
    assert str(e.value) == f"{bad}: {said}"


@pytest.mark.parametrize(
    ("spoken", "added", "edited"),
    [
        ("en", "Hand 3", "The edit of hand 3"),
        ("ja", "第3局", "第3局の修正"),
        ("zh_Hans", "第3局", "第3局的修改"),
        ("zh_Hant", "第3局", "第3局的修改"),
    ],
)
def test_what_undo_takes_back_is_named_in_the_language_spoken(
    spoken: str, added: str, edited: str
) -> None:
    from mjtui.core.sessions.scorebook import Change

    language.install(spoken)
    try:
        assert str(Change(2, object())) == added
        assert str(Change(2, object(), old=object())) == edited
    finally:
        language.install("en")
