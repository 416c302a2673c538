"""mypy, run as pyproject.toml's [tool.mypy] configures it, finds nothing in mjtui/.

The configuration is strict on the whole package (the plugin API's types checked
where they are used: in the systems, the command line and the screens); the tiny
plugin of docs/adding-a-system.md is checked against those types as its author's
own run would check it; the second test keeps the configuration strict. The run
is skipped only where mypy is not installed (it is in the test extras); it uses
mypy's cache in the checkout, so only a first run pays for the whole tree (about
10 s).
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
STRICT_PACKAGES = ("mjtui",)  # the core and calc above all, but every layer as well


def mypy_config() -> dict[str, Any]:
    config: dict[str, Any] = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))
    return config["tool"]["mypy"]


def mypy(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mypy", *args],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_mypy_finds_nothing_in_mjtui_nor_in_the_docs_plugin() -> None:
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("mypy is not installed (pip install -e '.[test]')")
    result = mypy()
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success: no issues found" in result.stdout
    # The plugin docs/adding-a-system.md walks through, checked against mjtui's types
    # as a plugin author's own run would (after mjtui's, from its cache: a second).
    result = mypy("--strict", "tests/plugins/tiny/mjtui_tiny")
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_config_is_strict_on_the_whole_package() -> None:
    config = mypy_config()
    assert config["files"] == ["mjtui"]
    assert config["strict"] is True
    assert config["warn_unused_ignores"] is True
    assert "ignore-without-code" in config["enable_error_code"]
    for override in config.get("overrides", []):
        modules = override["module"]
        modules = [modules] if isinstance(modules, str) else modules
        loosened = {k: v for k, v in override.items() if k != "module"}
        ours = [m for m in modules if any(m == p or m.startswith(f"{p}.") for p in STRICT_PACKAGES)]
        assert not ours, f"{ours} loosened by {loosened}"
