"""Where mjtui keeps things: the MJTUI_* folders when set, else the platform's."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest


def test_without_overrides_the_platform_folders_are_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("MJTUI_CONFIG_DIR")
    monkeypatch.delenv("MJTUI_DATA_DIR")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xc"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xd"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xk"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    out = subprocess.run(
        [sys.executable, "-m", "mjtui", "folders"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    if sys.platform.startswith("linux"):  # platformdirs follows XDG there
        assert f"your rulesets     {tmp_path / 'xc' / 'mjtui' / 'rulesets'}" in out
        assert f"sessions          {tmp_path / 'xd' / 'mjtui' / 'sessions'}" in out
        assert f"cache             {tmp_path / 'xk' / 'mjtui'}" in out
    assert "MJTUI" not in out


def test_the_overrides_win(folders: dict[str, Path]) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "mjtui", "folders"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    assert f"your rulesets     {folders['rulesets']}" in out
    assert f"sessions          {folders['data'] / 'sessions'}" in out
    assert f"cache             {folders['data'] / 'cache'}" in out  # a portable install's
