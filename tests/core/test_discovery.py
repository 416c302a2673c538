"""The installed plugins' entry points (core/systems/discovery.py): both groups read in one
pass over the distributions, read again once a distribution comes or goes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mjtui.core.systems import discovery
from mjtui.core.systems.discovery import GROUP, RULESETS, Declared, declared


def distribution(site: Path, name: str, entry_points: str) -> None:
    info = site / f"{name}-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "entry_points.txt").write_text(entry_points, encoding="utf-8")


def test_both_groups_come_from_one_reading_of_the_distributions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = tmp_path / "site"
    distribution(
        site,
        "mjtui_both",
        "[console_scripts]\nboth = mjtui_both:main\n"
        "[mjtui.systems]\nboth = mjtui_both:PLUGIN\n"
        "[mjtui.rulesets]\nboth = mjtui_both:rulesets\n",
    )
    distribution(site, "mjtui", "[mjtui.systems]\nshipped = mjtui.systems.x:PLUGIN\n")
    opened: list[str] = []
    real = os.scandir

    def counted(folder: str) -> object:
        opened.append(folder)
        return real(folder)

    monkeypatch.setattr(discovery.os, "scandir", counted)
    path = [str(site)]
    assert declared(GROUP, path) == [  # in the folder's order: mjtui-0.1 before mjtui_both
        Declared("shipped", "mjtui.systems.x:PLUGIN", "mjtui"),
        Declared("both", "mjtui_both:PLUGIN", "mjtui-both"),
    ]
    assert declared(RULESETS, path) == [Declared("both", "mjtui_both:rulesets", "mjtui-both")]
    assert declared("console_scripts", path)[0].value == "mjtui_both:main"
    assert opened == [str(site)]  # the folder was read once for the three

    distribution(site, "mjtui_later", "[mjtui.systems]\nlater = mjtui_later:PLUGIN\n")
    os.utime(site, ns=(0, 0))  # installed within the same tick: the folder's time moves
    names = [entry.name for entry in declared(GROUP, path)]
    assert names == ["shipped", "both", "later"] and opened == [str(site)] * 2
