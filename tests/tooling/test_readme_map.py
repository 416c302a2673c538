"""The README's package map names every package of the tree, and only packages that are."""

from __future__ import annotations

import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def the_map() -> str:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    return readme.split("## For developers\n\n```\n", 1)[1].split("```", 1)[0]


def packages() -> set[str]:
    """mjtui's packages two levels down (mjtui/core/sessions), as the map names them."""
    found = set()
    for init in (REPO / "mjtui").rglob("__init__.py"):
        parts = init.parent.relative_to(REPO / "mjtui").parts
        if 1 <= len(parts) <= 2 and parts[0] in ("core", "systems", "ui", "cli", "calc"):
            found.add("/".join(parts))
    return found


def test_the_map_names_every_package_and_no_other() -> None:
    shown = the_map()
    for package in packages():
        name = package.rsplit("/", 1)[-1]
        if package.startswith(("ui/", "calc/", "cli/")):
            continue  # the map names the UI's, the calculators' and the CLI's in words
        assert re.search(rf"\b{re.escape(name)}/", shown), f"the README's map lacks {package}/"
    named_core = re.findall(r"^    ([a-z_]+)/", shown, re.M)
    for name in named_core:
        assert f"core/{name}" in packages(), f"the README's map names core/{name}/, not a package"
    systems = shown.split("\n  systems/", 1)[1].split("\n  calc/", 1)[0]
    for name in re.findall(r"\b([a-z_]+)/(?=[, ])", systems):
        assert f"systems/{name}" in packages(), f"the map names systems/{name}/, not a package"
