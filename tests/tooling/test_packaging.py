"""A plain `pip install .` must carry the shipped rulesets inside the package."""

from __future__ import annotations

from pathlib import Path

import pytest

import mjtui
from mjtui import paths

REPO = Path(__file__).resolve().parents[2]


def test_installed_package_carries_the_rulesets() -> None:
    package = Path(mjtui.__file__).resolve().parent
    if package == REPO / "mjtui":
        pytest.skip("mjtui is imported from the source tree, not from an installed wheel")
    assert (package / "rulesets" / "hp11c.toml").is_file()
    assert paths.shipped_rulesets_dir() == package / "rulesets"


def test_shipped_rulesets_are_found() -> None:
    assert (paths.shipped_rulesets_dir() / "hp11c.toml").is_file()


def test_the_package_says_it_is_typed() -> None:
    # PEP 561: a plugin's own mypy run reads mjtui's types (ScoringSystem[R, S, H]...)
    # only where the installed package carries this marker.
    assert (Path(mjtui.__file__).resolve().parent / "py.typed").is_file()
