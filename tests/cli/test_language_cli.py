"""`--language`, the config's `language` and the locale choose what mjtui speaks."""

from __future__ import annotations

from pathlib import Path

import pytest

from mjtui.cli.entry import main, speak
from mjtui.core import language


def test_the_option_is_spoken(folders: dict[str, Path]) -> None:
    assert speak("ja_JP", {"LANG": "zh_CN"}) == "ja"
    assert language.current() == "ja"


def test_the_config_comes_before_the_locale(folders: dict[str, Path]) -> None:
    folders["config"].mkdir(parents=True)
    (folders["config"] / "config.toml").write_text('language = "zh_Hant"\n')
    assert speak(None, {"LANG": "ja_JP.UTF-8"}) == "zh_Hant"


def test_the_locale_then_english(folders: dict[str, Path]) -> None:
    assert speak(None, {"LC_ALL": "zh_CN.UTF-8"}) == "zh_Hans"
    assert speak(None, {}) == "en"


def test_a_config_language_not_spoken_is_said_and_the_locale_followed(
    folders: dict[str, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    folders["config"].mkdir(parents=True)
    (folders["config"] / "config.toml").write_text('language = "fr"\n')
    assert speak(None, {"LANG": "ja_JP"}) == "ja"
    err = capsys.readouterr().err
    assert "config.toml: language 'fr': mjtui speaks en (English), ja (日本語)" in err
    assert "the locale's is spoken" in err


def test_an_option_not_spoken_stops_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--language", "fr", "rulesets"]) == 2
    assert "mjtui: --language 'fr': mjtui speaks en (English)" in capsys.readouterr().err
