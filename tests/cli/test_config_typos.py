"""A typo in the config warns and the app goes on; a broken default ruleset is named."""

from __future__ import annotations

from pathlib import Path

import pytest

from mjtui import paths
from mjtui.cli import entry
from mjtui.config import read_config
from mjtui.core.errors import RulesetError


def _config(folders: dict[str, Path], text: str) -> Path:
    folders["config"].mkdir(parents=True, exist_ok=True)
    path = paths.config_file()
    path.write_text(text, encoding="utf-8")
    return path


def test_a_misspelt_key_is_said_and_the_rest_kept(folders: dict[str, Path]) -> None:
    path = _config(folders, 'time_limt = 90\ntable = "T2"\ntime_warning = 500\n')
    config, warnings = read_config(path)
    assert config.table == "T2" and config.time_limit == 0 and config.time_warning == 10
    assert len(warnings) == 2
    assert "time_limt" in warnings[0] and "unknown key" in warnings[0] and "ignored" in warnings[0]
    assert "time_warning" in warnings[1] and "default used" in warnings[1]
    assert all(str(path) in w for w in warnings)


def test_a_config_that_is_not_toml_gives_the_defaults(folders: dict[str, Path]) -> None:
    path = _config(folders, "time_limit = \n")
    config, warnings = read_config(path)
    assert config == type(config)()
    assert "not valid TOML" in warnings[0] and "defaults are used" in warnings[0]


def test_the_app_opens_with_the_warning(folders: dict[str, Path]) -> None:
    _config(folders, "time_limt = 90\n")
    app = entry.new_series(entry.build_parser().parse_args([]))
    assert any("time_limt" in w for w in app.warnings)


def test_a_broken_default_ruleset_warns_and_opens_the_form_on_another(
    folders: dict[str, Path],
) -> None:
    folders["rulesets"].mkdir(parents=True, exist_ok=True)
    (folders["rulesets"] / "house.toml").write_text("name = \n", encoding="utf-8")
    _config(folders, 'default_ruleset = "house"\n')
    app = entry.new_series(entry.build_parser().parse_args([]))
    (warning,) = [w for w in app.warnings if "default_ruleset" in w]
    assert "'house'" in warning and "house.toml" in warning and "hp11c" in warning
    assert app.ruleset.id == "hp11c"


def test_a_broken_ruleset_asked_for_names_the_option(folders: dict[str, Path]) -> None:
    folders["rulesets"].mkdir(parents=True, exist_ok=True)
    (folders["rulesets"] / "house.toml").write_text("name = \n", encoding="utf-8")
    with pytest.raises(RulesetError, match=r"--ruleset house: .*house\.toml"):
        entry.new_series(entry.build_parser().parse_args(["--ruleset", "house"]))


def test_the_app_without_a_terminal_says_so_and_draws_nothing(folders: dict[str, Path]) -> None:
    import subprocess
    import sys

    from mjtui.core.model.session import Session
    from mjtui.core.rulesets.ruleset import RulesetLibrary
    from mjtui.core.sessions.session_file import save_session

    sessions = paths.sessions_dir()
    sessions.mkdir(parents=True)
    ruleset = RulesetLibrary(paths.ruleset_folders()).get("hp11c")
    from datetime import datetime

    save_session(Session(ruleset, ("A", "B", "C", "D"), datetime(2026, 12, 1)), sessions / "s.toml")
    result = subprocess.run(
        [sys.executable, "-m", "mjtui", "resume"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2
    assert "draws its screens in a terminal" in result.stderr
    assert "\x1b" not in result.stdout  # no screen drawn
    assert not list(sessions.glob("*.lock"))  # and the session let go
