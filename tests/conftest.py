"""Every test runs with its own config and data folders, never the user's."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    config, data = tmp_path / "config", tmp_path / "data"
    monkeypatch.setenv("MJTUI_CONFIG_DIR", str(config))
    monkeypatch.setenv("MJTUI_DATA_DIR", str(data))
    return {"config": config, "data": data, "rulesets": config / "rulesets"}
